"""preload(): every zone read once, later lookups do no file I/O (seen through audit hooks);
the opt-in data policy that prefers a newer tzdata package."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import time
import zoneinfo
from datetime import datetime, timezone

import pytest

import tzcompat
from tzcompat import _dataversion, _lookup, _preload, _tzpath

# Audit events that mean the file system was touched (open covers io.open, os.open and
# open(); the others are listings and stats that lookups could do).
_IO_EVENTS = {"open", "os.listdir", "os.scandir", "os.stat", "os.lstat", "os.walk"}
_seen: list[tuple[str, tuple]] = []
_watching = [False]


def _hook(event: str, args: tuple) -> None:
    if _watching[0] and event in _IO_EVENTS:
        _seen.append((event, args))


sys.addaudithook(_hook)


class _NoIO:
    def __enter__(self):
        _seen.clear()
        _watching[0] = True
        return _seen

    def __exit__(self, *exc):
        _watching[0] = False


@pytest.fixture
def fresh():
    tzcompat.ZoneInfo.clear_cache()
    _preload._held.clear()
    yield
    _preload._held.clear()
    tzcompat.ZoneInfo.clear_cache()


def test_instrumentation_sees_a_first_lookup(fresh):
    with _NoIO() as seen:
        tzcompat.ZoneInfo("Europe/Berlin")
    assert any(event == "open" for event, _ in seen)


def test_lookups_after_preload_do_no_file_io(fresh):
    zones = tzcompat.preload()
    keys = sorted(tzcompat.available_timezones())
    assert set(keys) == set(zones) and len(zones) > 500
    answers = []
    with _NoIO() as seen:
        for key in keys:
            zone = tzcompat.ZoneInfo(key)
            assert zone is zones[key]
            answers.append(datetime(2026, 7, 1, tzinfo=timezone.utc).astimezone(zone))
    assert seen == []
    for key, now in zip(keys, answers):  # the standard library reads its own files
        assert now.utcoffset() == now.replace(tzinfo=zoneinfo.ZoneInfo(key)).utcoffset()
    # The strong LRU holds 8 zones; preloaded ones survive any number of other lookups.
    del zones
    import gc

    gc.collect()
    with _NoIO() as seen:
        for key in keys:
            tzcompat.ZoneInfo(key)
    assert seen == []


def test_preload_from_threads(fresh):
    """Threads preloading and looking up at once (switching often) all get the one cached
    zone per key."""
    import threading

    keys = sorted(tzcompat.available_timezones())[:120]
    seen: list[dict] = []
    old = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        def work():
            seen.append(tzcompat.preload(keys))
            seen.append({k: tzcompat.ZoneInfo(k) for k in reversed(keys)})

        threads = [threading.Thread(target=work) for _ in range(6)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        sys.setswitchinterval(old)
    assert len(seen) == 12
    for key in keys:
        assert len({id(found[key]) for found in seen}) == 1
        assert _preload._held[key] is seen[0][key]


def test_preload_some_keys_and_errors(fresh):
    zones = tzcompat.preload(["Europe/Paris", "Asia/Tokyo"])
    assert sorted(zones) == ["Asia/Tokyo", "Europe/Paris"]
    with _NoIO() as seen:
        assert tzcompat.ZoneInfo("Asia/Tokyo") is zones["Asia/Tokyo"]
    assert seen == []
    with pytest.raises(zoneinfo.ZoneInfoNotFoundError):
        tzcompat.preload(["Mars/Olympus_Mons"])
    with pytest.raises(TypeError):
        tzcompat.preload("Europe/Paris")


def test_asyncio_loop_never_touches_the_disk(fresh):
    """The documented pattern: preload in an executor at start-up, then zone lookups in
    coroutines do no file I/O."""

    async def main():
        loop = asyncio.get_running_loop()
        await loop.run_in_executor(None, tzcompat.preload)
        with _NoIO() as seen:
            for key in ("America/New_York", "Europe/Berlin", "Australia/Lord_Howe"):
                datetime.now(timezone.utc).astimezone(tzcompat.ZoneInfo(key))
                await asyncio.sleep(0)
        return list(seen)

    assert asyncio.run(main()) == []


def test_preloaded_zones_still_refresh(fresh, tmp_path):
    import shutil

    root = str(tmp_path)
    for key in ("Europe/Berlin", "America/New_York"):
        os.makedirs(os.path.join(root, os.path.dirname(key)), exist_ok=True)
        shutil.copy(_lookup.zone_path(key), os.path.join(root, key))
    old = tuple(tzcompat.TZPATH)
    tzcompat.reset_tzpath([root])
    try:
        zones = tzcompat.preload()
        # The tzdata package's zones come too (the lookup falls back to it).
        assert {"America/New_York", "Europe/Berlin"} <= set(zones)
        assert zones["Europe/Berlin"].source == os.path.join(root, "Europe/Berlin")
        shutil.copy(_lookup.zone_path("America/New_York"), os.path.join(root, "Europe/Berlin"))
        # Only these keys: subclasses other tests made keep zones of other data in their caches.
        report = tzcompat.refresh(["Europe/Berlin", "America/New_York"])
        assert list(report.changed) == ["Europe/Berlin"]
        july = datetime(2030, 7, 1, 12, tzinfo=zones["Europe/Berlin"])
        assert july.tzname() == "EDT"
    finally:
        tzcompat.reset_tzpath(list(old))


# --- which data wins -----------------------------------------------------------------------


def _fake_tzdata_root(tmp_path, version: str) -> str:
    """A zoneinfo directory with the version ``version`` and New York's rules under the
    name Europe/Berlin (so the source a lookup used shows in its answers)."""
    import shutil

    root = str(tmp_path / f"sys-{version}")
    os.makedirs(os.path.join(root, "Europe"))
    shutil.copy(_lookup.zone_path("UTC"), os.path.join(root, "UTC"))
    shutil.copy(_lookup.zone_path("America/New_York"), os.path.join(root, "Europe/Berlin"))
    os.makedirs(os.path.join(root, "Local"))
    shutil.copy(_lookup.zone_path("Asia/Tokyo"), os.path.join(root, "Local/Only"))
    with open(os.path.join(root, "tzdata.zi"), "w") as f:
        f.write(f"# version {version}\n")
    return root


@pytest.fixture
def policy():
    yield
    tzcompat.set_data_policy("stdlib")
    tzcompat.ZoneInfo.clear_cache()


@pytest.mark.parametrize(("system_version", "newest_source"), [
    ("1999a", "tzdata"),  # the package is newer: it wins under "newest"
    ("9999z", "system"),  # the system data is newer: it stays
])
def test_newest_policy(tmp_path, policy, system_version, newest_source):
    root = _fake_tzdata_root(tmp_path, system_version)
    old = tuple(tzcompat.TZPATH)
    tzcompat.reset_tzpath([root])
    try:
        assert tzcompat.data_policy() == "stdlib"
        stdlib_zone = tzcompat.ZoneInfo.no_cache("Europe/Berlin")
        assert stdlib_zone.source == os.path.join(root, "Europe/Berlin")
        assert tzcompat.data_version() == system_version
        tzcompat.set_data_policy("newest")
        assert tzcompat.data_policy() == "newest"
        zone = tzcompat.ZoneInfo.no_cache("Europe/Berlin")
        summer = datetime(2030, 7, 1, 12, tzinfo=zone)
        if newest_source == "tzdata":
            assert zone.source == "tzdata:Europe/Berlin"
            assert zone.data_version == _dataversion.tzdata_version()
            assert tzcompat.data_version() == _dataversion.tzdata_version()
            assert summer.tzname() == "CEST"
        else:
            assert zone.source == os.path.join(root, "Europe/Berlin")
            assert tzcompat.data_version() == system_version
            assert summer.tzname() == "EDT"
        # A key only the system has is still found there.
        only = tzcompat.ZoneInfo.no_cache("Local/Only")
        assert only.source == os.path.join(root, "Local/Only")
        assert datetime(2030, 7, 1, tzinfo=only).utcoffset().total_seconds() == 9 * 3600
        tzcompat.set_data_policy("stdlib")
        assert tzcompat.ZoneInfo.no_cache("Europe/Berlin").source == stdlib_zone.source
    finally:
        tzcompat.reset_tzpath(list(old))


def test_policy_errors_and_environment(tmp_path, policy):
    with pytest.raises(ValueError, match="data policy must be one of"):
        tzcompat.set_data_policy("latest")
    root = _fake_tzdata_root(tmp_path, "1999a")
    code = ("import tzcompat; z = tzcompat.ZoneInfo('Europe/Berlin'); "
            "print(tzcompat.data_policy(), z.source, tzcompat.data_version())")
    env = {**os.environ, "PYTHONTZPATH": root, "TZCOMPAT_DATA_POLICY": "newest"}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                         text=True, check=True).stdout.split()
    assert out == ["newest", "tzdata:Europe/Berlin", _dataversion.tzdata_version()]
    env["TZCOMPAT_DATA_POLICY"] = "bogus"
    proc = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                          text=True, check=True)
    assert proc.stdout.split()[:2] == ["stdlib", os.path.join(root, "Europe/Berlin")]
    assert "TZCOMPAT_DATA_POLICY ignored" in proc.stderr


def test_cli_notes_a_newer_tzdata_package(tmp_path):
    root = _fake_tzdata_root(tmp_path, "1999a")
    env = {**os.environ, "PYTHONTZPATH": root}
    env.pop("TZCOMPAT_DATA_POLICY", None)
    done = subprocess.run([sys.executable, "-m", "tzcompat"], env=env, capture_output=True,
                          text=True, check=True)
    # one note, on stderr, in the data command's words (it once came twice: stdout and stderr)
    assert "note:" not in done.stdout
    note = [line for line in done.stderr.splitlines() if "note:" in line]
    assert len(note) == 1
    assert f"the data in use ({root}, 1999a) is older than tzdata" in note[0]
    assert f"({_dataversion.tzdata_version()})" in note[0]
    assert "TZCOMPAT_DATA_POLICY=newest" in note[0]
    env["TZCOMPAT_DATA_POLICY"] = "newest"
    done = subprocess.run([sys.executable, "-m", "tzcompat"], env=env, capture_output=True,
                          text=True, check=True)
    assert "note:" not in done.stdout + done.stderr


def test_data_command_follows_the_policy(tmp_path):
    root = _fake_tzdata_root(tmp_path, "1999a")
    env = {**os.environ, "PYTHONTZPATH": root, "TZCOMPAT_DATA_POLICY": "newest"}
    proc = subprocess.run([sys.executable, "-m", "tzcompat", "data", "--json"], env=env,
                          capture_output=True, text=True, check=True)
    import json

    report = json.loads(proc.stdout)
    assert report["in_use"] == _tzpath.tzdata_root()
    assert not any("is older than tzdata" in w for w in report["warnings"])
    env.pop("TZCOMPAT_DATA_POLICY")
    proc = subprocess.run([sys.executable, "-m", "tzcompat", "data", "--json"], env=env,
                          capture_output=True, text=True, check=True)
    report = json.loads(proc.stdout)
    assert report["in_use"] == root
    assert any("TZCOMPAT_DATA_POLICY=newest" in w for w in report["warnings"])


def test_first_lookup_reads_only_regular_files(tmp_path):
    """The one-read path opens before it checks: a FIFO, a directory or a dangling link
    under TZPATH is no zone (and a FIFO never blocks the open), as with the stdlib."""
    root = str(tmp_path)
    os.mkfifo(os.path.join(root, "Fifo"))
    os.mkdir(os.path.join(root, "Dir"))
    os.symlink(os.path.join(root, "nowhere"), os.path.join(root, "Dangling"))
    code = ("import tzcompat, zoneinfo\n"
            f"tzcompat.reset_tzpath([{root!r}])\n"
            "for key in ('Fifo', 'Dir', 'Dangling'):\n"
            "    try:\n"
            "        tzcompat.ZoneInfo.no_cache(key)\n"
            "    except zoneinfo.ZoneInfoNotFoundError:\n"
            "        print(key, 'not found')\n")
    env = {**os.environ, "PYTHONTZPATH": ""}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=60, check=True, env=env).stdout.split("\n")
    assert out[:3] == ["Fifo not found", "Dir not found", "Dangling not found"]


def test_policy_switched_while_threads_look_up(tmp_path, policy):
    """Lookups racing set_data_policy() each read one source whole: New York's rules from
    the system copy, or Berlin's from the tzdata package; never an error or a mix."""
    import threading

    root = _fake_tzdata_root(tmp_path, "1999a")
    old = tuple(tzcompat.TZPATH)
    tzcompat.reset_tzpath([root])
    summer = datetime(2030, 7, 1, 12)
    results: list[tuple[str, str]] = []
    errors: list[BaseException] = []
    stop = threading.Event()

    def look():
        try:
            while not stop.is_set():
                zone = tzcompat.ZoneInfo.no_cache("Europe/Berlin")
                results.append((zone.source, summer.replace(tzinfo=zone).tzname()))
        except BaseException as exc:  # noqa: BLE001 - reported below
            errors.append(exc)

    switch = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        threads = [threading.Thread(target=look) for _ in range(3)]
        for t in threads:
            t.start()
        for i in range(300):
            tzcompat.set_data_policy("newest" if i % 2 else "stdlib")
            # Lookups run between switches however loaded the machine is: the count of
            # observations below does not depend on timing.
            target = len(results) + 1
            deadline = time.monotonic() + 120  # a guard against a hang only
            while len(results) < target and not errors:
                assert time.monotonic() < deadline, "the lookups made no progress"
                time.sleep(0.0002)
        stop.set()
        for t in threads:
            t.join()
    finally:
        stop.set()
        sys.setswitchinterval(switch)
        tzcompat.reset_tzpath(list(old))
    assert not errors
    system = os.path.join(root, "Europe/Berlin")
    assert set(results) <= {(system, "EDT"), ("tzdata:Europe/Berlin", "CEST")}
    assert len(results) >= 300
