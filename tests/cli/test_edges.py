"""The command line's rough edges, each as a newcomer met it: a region given as a zone, a data
file given as a zone, a directory without zones, a bad migrate option, a relative PYTHONTZPATH,
no zone data at all, and newer data installed than the data in use."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zoneinfo
from pathlib import Path

import tzcompat

from .conftest import cli
from .test_install import SRC, _shadow, clean_env


def _run(*argv: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tzcompat", *argv], capture_output=True,
                          text=True, timeout=120, env=clean_env(PYTHONPATH=str(SRC), **env))


def test_a_region_points_to_list() -> None:
    status, out, err = cli("show", "America")
    assert (status, out) == (2, "") and err.count("\n") == 1
    assert "'America' is a region, not a time zone" in err and "tzcompat list America" in err
    assert "did you mean" not in err
    # ... and that command lists the region's zones, as the stdlib knows them
    status, out, _ = cli("list", "America")
    expected = sorted(k for k in zoneinfo.available_timezones() if k.startswith("America"))
    assert status == 0 and out.split() == expected


def test_a_data_file_is_not_a_zone() -> None:
    for name in ("zone.tab", "iso3166.tab"):
        status, out, err = cli("show", name)
        assert (status, out) == (2, "") and err.count("\n") == 1
        assert f"'{name}' is not a time zone" in err and "magic" not in err
        assert "tzcompat list" in err


def test_diff_with_a_directory_without_zones(tmp_path: Path) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    for argv, side in ((["system", str(empty)], "B"), ([str(empty), "system"], "A")):
        status, out, err = cli("diff", *argv)
        assert (status, out) == (2, "") and err.count("\n") == 1
        assert f"{side} ({empty}) holds no time zone files" in err


def test_migrate_usage_error_is_one_line(tmp_path: Path) -> None:
    status, out, err = cli("migrate", "--output-format", "nope", str(tmp_path))
    assert (status, out) == (2, "")
    assert err.count("\n") == 1 and "usage:" not in err
    assert err.startswith("tzcompat migrate: error: argument --output-format: invalid choice")


def test_relative_pythontzpath_is_one_line_of_ours() -> None:
    done = _run("show", "UTC", "--at", "2020-01-01", PYTHONTZPATH=os.pathsep.join(
        ["relative/dir", *tzcompat.TZPATH]))
    assert done.returncode == 0, done.stderr
    assert "sys:1" not in done.stderr and "InvalidTZPathWarning" not in done.stderr
    (line,) = done.stderr.splitlines()
    assert line.startswith("python -m tzcompat: warning: ") and "'relative/dir'" in line
    # the stdlib warns about the same value (tzcompat does what zoneinfo does)
    probe = subprocess.run([sys.executable, "-c", "import zoneinfo; zoneinfo.TZPATH"],
                           capture_output=True, text=True, env=clean_env(
                               PYTHONTZPATH="relative/dir"))
    assert "InvalidTZPathWarning" in probe.stderr


def test_data_without_any_data_exits_1(tmp_path: Path) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    env = {"PYTHONTZPATH": str(empty),
           "PYTHONPATH": os.pathsep.join([str(_shadow(tmp_path, "tzdata")), str(SRC)])}
    for argv in (["data"], ["data", "--json"]):
        done = subprocess.run([sys.executable, "-m", "tzcompat", *argv], capture_output=True,
                              text=True, timeout=120, env=clean_env(**env))
        assert done.returncode == 1, done.stdout + done.stderr
    assert "no zone data in use: pip install tzdata" in _run_text(env)


def _run_text(env: dict[str, str]) -> str:
    return subprocess.run([sys.executable, "-m", "tzcompat", "data"], capture_output=True,
                          text=True, timeout=120, env=clean_env(**env)).stdout


def test_demo_says_when_tzdata_is_newer_than_the_data_in_use(tmp_path: Path) -> None:
    import tzdata

    # An older copy of the tzdata package's own files, labelled with an older version.
    old = tmp_path / "old"
    shutil.copytree(Path(tzdata.__file__).parent / "zoneinfo", old)
    (old / "tzdata.zi").write_text("# version 1999a\n")
    done = _run(PYTHONTZPATH=str(old))
    assert done.returncode == 0, done.stderr
    (note,) = [ln for ln in done.stderr.splitlines() if "note:" in ln]
    assert f"the data in use ({old}, 1999a) is older than tzdata" in note
    assert tzdata.IANA_VERSION in note and "data lists the sources" in note
    # said once: not again on stdout, in other words
    assert "note" not in done.stdout and "newer" not in done.stdout, done.stdout
    assert done.stdout.startswith(f"tzcompat on {old}"), done.stdout
    # with the tzdata package's own data in use, nothing to say
    done = _run(PYTHONTZPATH="")
    assert done.returncode == 0 and "note:" not in done.stderr, done.stderr
    # under the data policy 'newest' the tzdata package answers, and the header names it
    done = _run(PYTHONTZPATH=str(old), TZCOMPAT_DATA_POLICY="newest")
    assert done.returncode == 0 and "note:" not in done.stderr + done.stdout, done.stderr
    root = Path(tzdata.__file__).parent / "zoneinfo"
    header = done.stdout.splitlines()[0]
    assert header.startswith(f"tzcompat on the tzdata package ({root})"), header
    assert f"data version {tzdata.IANA_VERSION};" in header and str(old) not in header, header
