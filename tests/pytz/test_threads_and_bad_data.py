"""First use from many threads at once, and zone lists read from broken data files.

The concurrent tests run in fresh interpreters (the first use of the lazy containers only
happens once per process), with every thread released by one barrier. Expected values come
from real pytz reading the same data directory.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap
import threading
import time

import pytest
import pytz as real_pytz

import tzcompat.pytz as ours

from .conftest import PYTZ_ZONEINFO, pytz_datadir

SRC = os.path.join(os.path.dirname(__file__), os.pardir, os.pardir, "src")

THREADED = """
import json, sys, threading, time
import tzcompat.pytz as pytz
from tzcompat.pytz import _zones

sys.setswitchinterval(1e-6)  # switch threads often, so that half-done fills would show
_read = _zones.read_data_file


def slow_read(name):
    # Reading a data file yields to other threads (as slow I/O would) mid-fill.
    time.sleep(0.005)
    return _read(name)


_zones.read_data_file = slow_read

ops = {
    "lower": lambda: pytz.timezone("us/eastern").zone,
    "upper": lambda: pytz.timezone("EUROPE/PARIS").zone,
    "exact": lambda: pytz.timezone("Asia/Tokyo").zone,
    "munged": lambda: pytz.timezone("Etc/GMT_plus_10").zone,
    "all": lambda: len(pytz.all_timezones),
    "all_set": lambda: "America/New_York" in pytz.all_timezones_set,
    "common": lambda: len(pytz.common_timezones),
    "common_set": lambda: len(pytz.common_timezones_set),
    "country": lambda: pytz.country_timezones["nz"],
    "country_call": lambda: pytz.country_timezones("gb"),
    "names": lambda: pytz.country_names["nz"],
    "names_len": lambda: len(pytz.country_names),
}
order = sys.argv[1].split(",")
n = 48
barrier = threading.Barrier(n)
results = [None] * n

def work(i):
    name = order[i % len(order)]
    barrier.wait()
    try:
        results[i] = [name, ops[name]()]
    except Exception as exc:
        results[i] = [name, "raised " + repr(exc)]

threads = [threading.Thread(target=work, args=(i,)) for i in range(n)]
for t in threads:
    t.start()
for t in threads:
    t.join()
print(json.dumps(results))
"""


def expected() -> dict:
    p = real_pytz
    return {
        "lower": "US/Eastern", "upper": "Europe/Paris", "exact": "Asia/Tokyo",
        "munged": "Etc/GMT+10", "all": len(p.all_timezones), "all_set": True,
        "common": len(p.common_timezones), "common_set": len(p.common_timezones_set),
        "country": p.country_timezones["nz"], "country_call": p.country_timezones("gb"),
        "names": p.country_names["nz"], "names_len": len(p.country_names),
    }  # fmt: skip


@pytest.mark.parametrize(
    "order",
    [
        "lower,all",
        "lower,upper,exact,munged",
        "all,all_set,common,common_set,country,country_call,names,names_len",
        "country,lower,common_set,names,all_set,exact,all,upper,country_call,munged",
    ],
)
def test_concurrent_first_use(order):
    env = {k: v for k, v in os.environ.items() if not k.startswith("TZCOMPAT_")}
    env["PYTHONPATH"] = SRC + os.pathsep + env.get("PYTHONPATH", "")
    env["PYTZ_TZDATADIR"] = PYTZ_ZONEINFO
    want = expected()
    for _ in range(3):
        res = subprocess.run([sys.executable, "-c", THREADED, order], env=env,
                             capture_output=True, text=True, timeout=120)  # fmt: skip
        assert res.returncode == 0, res.stderr
        for name, got in json.loads(res.stdout):
            assert got == want[name], (name, got)


def test_lazy_list_fills_once_and_completely_under_threads():
    calls = []

    def slow():
        calls.append(1)
        for i in range(2000):
            if i % 200 == 0:
                time.sleep(0.001)  # let other threads run mid-fill
            yield i

    class Source:
        def __iter__(self):
            return slow()

    lst = ours.LazyList(Source())
    st = ours.LazySet(lst)
    n = 24
    barrier = threading.Barrier(n)
    seen = []

    def work(i):
        barrier.wait()
        seen.append(len(lst) if i % 2 else len(st))

    threads = [threading.Thread(target=work, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert seen == [2000] * n and calls == [1]


# ------------------------------------------------------------------------------------------
# Broken data files: a clear ValueError naming the file, and a retry on the next use.


@pytest.fixture
def data_dir(tmp_path):
    """A writable copy of pytz's zoneinfo directory, used through PYTZ_TZDATADIR."""
    root = tmp_path / "zoneinfo"
    shutil.copytree(PYTZ_ZONEINFO, root)
    with pytz_datadir(str(root)):
        yield root


@pytest.mark.parametrize(
    "garbage",
    [b"\xff\xfe\x00 not text", b"Z\nL America/New_York\n", b"# only a comment\n"],
    ids=["not-utf8", "truncated-lines", "no-zones"],
)
def test_corrupt_tzdata_zi(data_dir, garbage):
    good = (data_dir / "tzdata.zi").read_bytes()
    (data_dir / "tzdata.zi").write_bytes(garbage)
    for use in (lambda: ours.timezone("us/eastern"), lambda: len(ours.all_timezones),
                lambda: ours.timezone("America/New_York"), lambda: len(ours.common_timezones),
                lambda: ours.country_timezones["nz"]):  # fmt: skip
        with pytest.raises(ValueError, match="tzdata.zi") as info:
            use()
        assert not isinstance(info.value, (UnicodeError, IndexError))
        assert str(data_dir) in str(info.value)
    # Nothing empty was cached: once the file is good again, everything works.
    (data_dir / "tzdata.zi").write_bytes(good)
    assert ours.timezone("us/eastern").zone == "US/Eastern"
    assert len(ours.all_timezones) == len(real_pytz.all_timezones)
    assert list(ours.common_timezones) == list(real_pytz.common_timezones)
    assert ours.country_timezones["nz"] == real_pytz.country_timezones["nz"]


@pytest.mark.parametrize("name", ["zone.tab", "iso3166.tab"])
def test_corrupt_tables(data_dir, name):
    good = (data_dir / name).read_bytes()
    (data_dir / name).write_bytes(b"NZ\n" if name == "zone.tab" else b"\xff\xfe\xfd")
    table = ours.country_timezones if name == "zone.tab" else ours.country_names
    with pytest.raises(ValueError, match=name.replace(".", r"\.")):
        table["nz"]
    with pytest.raises(ValueError, match=name.replace(".", r"\.")):
        len(table)
    (data_dir / name).write_bytes(good)
    theirs = real_pytz.country_timezones if name == "zone.tab" else real_pytz.country_names
    assert table["nz"] == theirs["nz"] and len(table) == len(theirs)


def test_unreadable_tzdata_zi(data_dir):
    if os.name != "posix" or os.geteuid() == 0:
        # root reads anything: make the path a directory instead (open() fails with EISDIR).
        (data_dir / "tzdata.zi").unlink()
        (data_dir / "tzdata.zi").mkdir()
    else:
        (data_dir / "tzdata.zi").chmod(0)
    with pytest.raises(ValueError, match="cannot read .*tzdata.zi"):
        len(ours.all_timezones)


def test_child_process_sees_the_same_errors(data_dir):
    """The failure and the retry also hold for the very first use in a fresh process."""
    (data_dir / "tzdata.zi").write_bytes(b"\xff")
    code = textwrap.dedent(
        """
        import pathlib, sys
        import tzcompat.pytz as p
        try:
            p.timezone("us/eastern")
        except ValueError as exc:
            print("ValueError", "tzdata.zi" in str(exc))
        pathlib.Path(sys.argv[1]).write_bytes(pathlib.Path(sys.argv[2]).read_bytes())
        print(p.timezone("us/eastern").zone, len(p.all_timezones))
        """
    )
    env = {k: v for k, v in os.environ.items() if not k.startswith("TZCOMPAT_")}
    env["PYTHONPATH"] = SRC + os.pathsep + env.get("PYTHONPATH", "")
    res = subprocess.run(
        [sys.executable, "-c", code, str(data_dir / "tzdata.zi"),
         os.path.join(PYTZ_ZONEINFO, "tzdata.zi")],
        env=env, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert res.returncode == 0, res.stderr
    assert res.stdout.split() == ["ValueError", "True", "US/Eastern",
                                  str(len(real_pytz.all_timezones))]  # fmt: skip
