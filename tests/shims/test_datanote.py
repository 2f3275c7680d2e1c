"""The shims warn once per process when they answer from another IANA release than the library
they replace would read (``DataVersionWarning``; ``TZCOMPAT_DATA_WARNING=0`` silences it).

Two generated data sets of different versions (tests/live/_data.py's releases 2030a and
2030b, and the same files labelled with real pytz's own version) stand for the system's data;
the replaced library's side is read from the real libraries: the real pytz's
``OLSON_VERSION``, and python-dateutil 2.9's own search list (from its sdist) with the version
of the directory it finds. Each case runs in a fresh interpreter (the warning is once per
process).
"""

from __future__ import annotations

import ast
import json
import os
import shutil
import subprocess
import sys
import tarfile
import textwrap
from pathlib import Path

import pytest
import pytz as real_pytz

from .. import _fetch
from .._origin import is_real
from ..live._data import RELEASES, write_release

ROOT = Path(__file__).resolve().parents[2]
SRC = str(ROOT / "src")
SWITCH = "TZCOMPAT_DATA_WARNING"

# In the child: what install() (or importing the drop-in) warns, as JSON.
CHILD = """
import json, sys, warnings
warnings.simplefilter("always")
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    {action}
from tzcompat.shims import DataVersionWarning
print(json.dumps([str(w.message) for w in caught if w.category is DataVersionWarning]))
"""


def _child(action: str, *, path: list[str] | None = None, **env: str) -> list[str]:
    full = {k: v for k, v in os.environ.items()
            if not k.startswith(("TZCOMPAT_", "PYTHONTZPATH", "PYTZ_TZDATADIR"))}
    full["PYTHONPATH"] = os.pathsep.join([*(path or []), SRC])
    full.update(env)
    code = CHILD.format(action=textwrap.indent(textwrap.dedent(action), "    ").strip())
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env=full, timeout=120)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.splitlines()[-1])  # type: ignore[no-any-return]


def _release(tmp_path: Path, version: str, files: str = "2030a") -> str:
    root = tmp_path / f"data-{version}"
    write_release(str(root), version, RELEASES[files])
    return str(root)


def test_the_real_pytz_is_the_reference() -> None:
    assert is_real(real_pytz, "pytz")
    assert real_pytz.OLSON_VERSION[:4].isdigit()


def test_install_warns_once_with_both_versions_and_the_choices(tmp_path: Path) -> None:
    root = _release(tmp_path, "2030a")
    got = _child("""
        import tzcompat
        tzcompat.install(pytz=True, dateutil=False)
        tzcompat.uninstall()
        tzcompat.install(pytz=True, dateutil=False)
        import pytz
        pytz.timezone("Test/Zone")
        """, PYTHONTZPATH=root)
    (message,) = got  # once per process, not once per install()
    assert message.startswith("tzcompat.pytz answers from IANA zone data 2030a"), message
    assert f"the real pytz it replaces reads {real_pytz.OLSON_VERSION}" in message
    bundle = os.path.join(os.path.dirname(real_pytz.__file__), "zoneinfo")
    assert bundle in message
    for choice in ("TZCOMPAT_DATA_POLICY=newest", "PYTHONTZPATH", "PYTZ_TZDATADIR",
                   f"{SWITCH}=0"):
        assert choice in message, choice


def test_another_release_warns_with_its_own_version(tmp_path: Path) -> None:
    root = _release(tmp_path, "2030b", files="2030b")
    (message,) = _child("import tzcompat; tzcompat.install(dateutil=False)", PYTHONTZPATH=root)
    assert "IANA zone data 2030b" in message and real_pytz.OLSON_VERSION in message


def test_same_release_as_pytz_says_nothing(tmp_path: Path) -> None:
    # other files, but labelled with the release pytz bundles: the same IANA version
    root = _release(tmp_path, real_pytz.OLSON_VERSION)
    assert _child("import tzcompat; tzcompat.install()", PYTHONTZPATH=root) == []
    # pytz's own files, through pytz's own variable: both read that directory
    bundle = os.path.join(os.path.dirname(real_pytz.__file__), "zoneinfo")
    other = _release(tmp_path, "2030a")
    assert _child("import tzcompat; tzcompat.install(dateutil=False)", PYTHONTZPATH=other,
                  PYTZ_TZDATADIR=bundle) == []


@pytest.mark.parametrize("value", ["0", "off", "no"])
def test_the_switch_silences_it(tmp_path: Path, value: str) -> None:
    root = _release(tmp_path, "2030a")
    assert _child("import tzcompat; tzcompat.install()", PYTHONTZPATH=root,
                  **{SWITCH: value}) == []


def test_tzcompat_run_warns_once_on_stderr(tmp_path: Path) -> None:
    root = _release(tmp_path, "2030a")
    (tmp_path / "app.py").write_text("import pytz\nprint(pytz.timezone('Test/Zone'))\n")
    env = {k: v for k, v in os.environ.items() if not k.startswith("TZCOMPAT_")}
    env.update(PYTHONPATH=SRC, PYTHONTZPATH=root)
    done = subprocess.run([sys.executable, "-m", "tzcompat", "run", "app.py"], cwd=tmp_path,
                          capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0 and done.stdout.strip() == "Test/Zone", done.stderr
    assert done.stderr.count("DataVersionWarning") == 1, done.stderr
    assert done.stderr.startswith("python -m tzcompat run:0: DataVersionWarning: "), done.stderr
    assert "IANA zone data 2030a" in done.stderr and real_pytz.OLSON_VERSION in done.stderr


def test_the_drop_in_compares_with_the_pytz_release_it_stands_for(tmp_path: Path) -> None:
    import tzcompat.pytz
    from tzcompat.shims._datanote import release_iana

    # pytz's versions name their data: YYYY.N bundles IANA YYYY + the N-th letter (checked on
    # the real pytz installed here)
    assert release_iana(real_pytz.__version__) == real_pytz.OLSON_VERSION
    expected = release_iana(tzcompat.pytz.__version__)
    site = tmp_path / "site"
    shutil.copytree(ROOT / "compat" / "pytz" / "pytz", site / "pytz")
    root = _release(tmp_path, "2030a")
    (message,) = _child("import pytz", path=[str(site)], PYTHONTZPATH=root)
    assert message.startswith("tzcompat.pytz answers from IANA zone data 2030a"), message
    assert f"pytz {tzcompat.pytz.__version__}, which the drop-in replaces, bundles {expected}" \
        in message
    same = _release(tmp_path, str(expected))
    assert _child("import pytz", path=[str(site)], PYTHONTZPATH=same) == []


def test_dateutil_3_and_later_read_what_the_adapter_reads(tmp_path: Path) -> None:
    import dateutil

    assert int(dateutil.__version__.split(".")[0]) >= 3
    root = _release(tmp_path, "2030a")
    # python-dateutil itself searches the same PYTHONTZPATH: the same data, nothing to say
    assert _child("import tzcompat; tzcompat.install(pytz=False)", PYTHONTZPATH=root) == []


@pytest.fixture(scope="module")
def dateutil_2(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """python-dateutil 2.9's package, unpacked from its pinned sdist (not installed)."""
    archive = _fetch.sdist("python-dateutil", "2.9.0.post0")
    out = tmp_path_factory.mktemp("dateutil-2.9")
    with tarfile.open(archive) as tf:
        members = [m for m in tf.getmembers() if "/src/dateutil/" in m.name and m.isfile()]
        for m in members:
            m.name = m.name.split("/src/", 1)[1]
        tf.extractall(out, members=members, filter="data")
    return out


def _tzpaths(package: Path) -> list[str]:
    """python-dateutil 2.9's ``TZPATHS`` (off Windows), read from its source."""
    tree = ast.parse((package / "dateutil" / "tz" / "tz.py").read_text("utf-8"))
    found = [ast.literal_eval(node.value) for node in ast.walk(tree)
             if isinstance(node, ast.Assign) and isinstance(node.value, ast.List)
             and any(getattr(t, "id", None) == "TZPATHS" for t in node.targets)]
    return next(p for p in found if p)


def _dateutil_2_reads(package: Path) -> tuple[str, str | None]:
    """The directory python-dateutil 2.9 reads (the first of its own ``TZPATHS`` that holds
    zones, from its source) and that directory's IANA version (from its tzdata.zi)."""
    paths = _tzpaths(package)
    root = next(p for p in paths if os.path.isfile(os.path.join(p, "UTC")))
    version = None
    zi = os.path.join(root, "tzdata.zi")
    if os.path.isfile(zi):
        with open(zi, encoding="utf-8") as f:
            first = f.readline()
        version = first.split("version", 1)[1].strip() if first.startswith("# version") \
            else None
    return root, version


def test_dateutil_2_reads_its_own_directories(tmp_path: Path, dateutil_2: Path) -> None:
    from tzcompat.shims._datanote import DATEUTIL2_TZPATHS

    root, version = _dateutil_2_reads(dateutil_2)
    if version is None:
        from .. import _needs

        _needs.not_here(f"a version label in {root}/tzdata.zi", "apt-get install tzdata")
    ours = _release(tmp_path, "2030a")
    (message,) = _child("import tzcompat; tzcompat.install(pytz=False)", path=[str(dateutil_2)],
                        PYTHONTZPATH=ours)
    assert message.startswith("tzcompat.dateutil answers from IANA zone data 2030a"), message
    assert f"python-dateutil 2 reads {version} (from {root})" in message
    # the shims' copy of 2.9's list is 2.9's own
    assert tuple(_tzpaths(dateutil_2)) == DATEUTIL2_TZPATHS
    # the same release on both sides: nothing to say
    same = _release(tmp_path, version)
    assert _child("import tzcompat; tzcompat.install(pytz=False)", path=[str(dateutil_2)],
                  PYTHONTZPATH=same) == []
