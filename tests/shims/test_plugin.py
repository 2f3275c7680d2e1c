"""The pytest plugin: a project's own suite runs on the shims, unchanged, with ``--tzcompat``."""

from __future__ import annotations

import importlib.metadata
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

SRC = str(Path(__file__).resolve().parents[2] / "src")

CONFTEST = textwrap.dedent(
    """\
    import pytz  # imported before any test, as real projects do
    from dateutil import tz

    CONF_UTC = pytz.utc
    """
)
TESTS = textwrap.dedent(
    """\
    from datetime import datetime

    import pytz
    from dateutil import tz

    import conftest


    def test_impl():
        print("IMPL", pytz.__name__, tz.__name__, type(conftest.CONF_UTC).localize.__module__)


    def test_values():
        ny = pytz.timezone("America/New_York")
        for _ in range(2):
            d = ny.localize(datetime(2020, 11, 1, 1, 30), is_dst=False)
        assert d.isoformat() == "2020-11-01T01:30:00-05:00"
        assert tz.gettz("Europe/Paris").utcoffset(datetime(2020, 7, 1)).total_seconds() == 7200
    """
)


def plugin_registered() -> bool:
    return any(
        ep.name == "tzcompat" and ep.value == "tzcompat.shims.pytest_plugin"
        for ep in importlib.metadata.entry_points(group="pytest11")
    )


def pytest_run(project: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("TZCOMPAT_", "PYTEST_"))}
    env["PYTHONPATH"] = SRC + os.pathsep + env.get("PYTHONPATH", "")
    # With the package installed the entry point loads the plugin; otherwise load it by name.
    load = [] if plugin_registered() else ["-p", "tzcompat.shims.pytest_plugin"]
    return subprocess.run(
        [sys.executable, "-m", "pytest", *load, "-p", "no:cacheprovider", "-s", "-q",
         "--rootdir", str(project), *args],
        cwd=project, env=env, capture_output=True, text=True, timeout=120,
    )


@pytest.fixture
def project(tmp_path: Path) -> Path:
    (tmp_path / "conftest.py").write_text(CONFTEST)
    (tmp_path / "test_app.py").write_text(TESTS)
    return tmp_path


def impl(out: str) -> list[str]:
    words = next(line.split() for line in out.splitlines() if "IMPL" in line)
    return words[words.index("IMPL") + 1:][:3]


def test_entry_point_is_declared() -> None:
    text = (Path(__file__).resolve().parents[2] / "pyproject.toml").read_text()
    assert '[project.entry-points.pytest11]\ntzcompat = "tzcompat.shims.pytest_plugin"' in text


def test_without_option_nothing_changes(project: Path) -> None:
    res = pytest_run(project)
    assert res.returncode == 0, res.stdout + res.stderr
    assert impl(res.stdout) == ["pytz", "dateutil.tz", "pytz"]
    assert "tzcompat" not in res.stdout


def test_option_swaps_before_conftest(project: Path) -> None:
    res = pytest_run(project, "--tzcompat=pytz,dateutil", "-v")
    assert res.returncode == 0, res.stdout + res.stderr
    assert impl(res.stdout) == ["tzcompat.pytz", "tzcompat.dateutil", "tzcompat.pytz"]
    assert "tzcompat shims: dateutil, pytz" in res.stdout
    res = pytest_run(project, "--tzcompat", "pytz")
    assert impl(res.stdout) == ["tzcompat.pytz", "dateutil.tz", "tzcompat.pytz"]


def test_ini_option(project: Path) -> None:
    (project / "pytest.ini").write_text("[pytest]\ntzcompat = all\n")
    res = pytest_run(project)
    assert res.returncode == 0, res.stdout + res.stderr
    assert impl(res.stdout) == ["tzcompat.pytz", "tzcompat.dateutil", "tzcompat.pytz"]


def test_audit_and_warnings(project: Path) -> None:
    res = pytest_run(project, "--tzcompat=pytz,dateutil,audit,warn", "-W", "default")
    assert res.returncode == 0, res.stdout + res.stderr
    out = res.stdout
    assert "tzcompat audit" in out
    rows = [line.split() for line in out.split("tzcompat audit:", 1)[1].splitlines()
            if line.strip().endswith("test_app.py:16")]
    assert rows and rows[0][0] == "2" and "localize(is_dst=)" in " ".join(rows[0])
    assert "PytzUsageWarning" in out and "test_app.py:16" in out
    assert "tzcompat audit" not in res.stderr  # reported once, in the summary


def test_unknown_value_is_a_usage_error(project: Path) -> None:
    res = pytest_run(project, "--tzcompat=pytz,bogus")
    assert res.returncode == 4
    assert "unknown bogus" in res.stderr
