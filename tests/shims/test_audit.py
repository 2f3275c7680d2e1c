"""Audit mode: the exit table of pytz/dateutil call sites, with exact counts, most used first."""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
import textwrap
from datetime import datetime
from pathlib import Path

import pytest

from tzcompat.shims import audit as _audit

SRC = str(Path(__file__).resolve().parents[2] / "src")

PROGRAM = textwrap.dedent(
    """\
    from datetime import datetime, timedelta
    import pytz
    from dateutil import tz

    ny = pytz.timezone("America/New_York")
    for i in range(7):
        d = ny.localize(datetime(2020, 1, 1 + i))
    for i in range(3):
        ny.normalize(d + timedelta(hours=i))
    for i in range(4):
        tz.gettz("Europe/Paris")
    print(datetime(2020, 7, 1, tzinfo=ny).isoformat())
    zone = d.tzinfo.zone
    u = pytz.utc
    """
)
# (count, kind, line) the table must show for PROGRAM, in this order.
EXPECTED = [
    (7, "pytz .localize()", 7),
    (4, "dateutil.tz.gettz()", 11),
    (3, "pytz .normalize()", 9),
    (1, "pytz.timezone()", 5),
    (1, "pytz tzinfo=zone (LMT)", 12),
    (1, "pytz .zone", 13),
    (1, "pytz.utc", 14),
]
ROW = re.compile(r"^\s+(\d+)\s+(.+?)\s+(\S+):(\d+)$")


def run(args: list[str], cwd: Path, **extra: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("TZCOMPAT_")}
    env["PYTHONPATH"] = SRC + os.pathsep + env.get("PYTHONPATH", "")
    env.update(extra)
    return subprocess.run([sys.executable, *args], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=120)


def table(stderr: str) -> list[tuple[int, str, str, int]]:
    rows = []
    for line in stderr.split("tzcompat audit:", 1)[1].split("replacements", 1)[0].splitlines():
        m = ROW.match(line)
        if m:
            rows.append((int(m[1]), m[2], m[3], int(m[4])))
    return rows


def check_report(stderr: str) -> None:
    assert "tzcompat audit: 7 pytz/dateutil-specific call sites, 18 calls" in stderr
    rows = table(stderr)
    assert [(n, kind, line) for n, kind, _f, line in rows] == EXPECTED
    assert {f for _n, _k, f, _l in rows} == {"app.py"}  # relative to the working directory
    legend = stderr.split("replacements", 1)[1]
    assert "pytz .localize(): 1, 7 -> dt.replace(tzinfo=ZoneInfo(key))" in legend
    assert "dateutil.tz.gettz(): 1, 4 -> zoneinfo.ZoneInfo(key)" in legend


def test_run_audit_table(tmp_path: Path) -> None:
    (tmp_path / "app.py").write_text(PROGRAM)
    res = run(["-m", "tzcompat", "run", "--audit", "app.py"], tmp_path)
    assert res.returncode == 0, res.stderr
    assert res.stdout == "2020-07-01T00:00:00-04:56\n"
    check_report(res.stderr)
    assert "PytzUsageWarning" not in res.stderr  # the audit alone does not warn


def test_audit_from_environment(tmp_path: Path) -> None:
    (tmp_path / "app.py").write_text(PROGRAM)
    res = run(["-m", "tzcompat", "run", "app.py"], tmp_path, TZCOMPAT_AUDIT="1")
    assert res.returncode == 0, res.stderr
    check_report(res.stderr)
    res = run(["-m", "tzcompat", "run", "app.py"], tmp_path, TZCOMPAT_AUDIT="0")
    assert "tzcompat audit" not in res.stderr


def test_audit_with_warnings(tmp_path: Path) -> None:
    (tmp_path / "app.py").write_text(PROGRAM)
    res = run(["-m", "tzcompat", "run", "--audit", "--warn", "app.py"], tmp_path)
    check_report(res.stderr)
    # "default" action: one warning per site, however often it runs.
    assert res.stderr.count("app.py:7: PytzUsageWarning: localize()") == 1
    assert "app.py:12: PytzUsageWarning: this datetime carries" in res.stderr


@pytest.fixture
def audit():
    _audit.reset()
    _audit.enable(at_exit=False)
    try:
        yield _audit
    finally:
        _audit.disable()
        _audit.reset()


def test_api_counts_and_report(audit) -> None:
    from tzcompat import dateutil, pytz

    zone = pytz.timezone("Europe/Paris")
    first = sys._getframe().f_lineno + 2
    for _ in range(3):
        zone.localize(datetime(2020, 1, 1))
    dateutil.gettz("Europe/Paris")
    rows = audit.sites()
    assert rows[0] == (3, "pytz .localize()", __file__, first)
    assert {r[1] for r in rows} == {"pytz.timezone()", "pytz .localize()", "dateutil.tz.gettz()"}
    out = io.StringIO()
    audit.report(out)
    assert out.getvalue().startswith("tzcompat audit: 3 pytz/dateutil-specific call sites, 5 calls")
    audit.disable()
    zone.localize(datetime(2020, 1, 1))
    assert audit.sites() == rows  # counting stopped, counts kept


def test_empty_report() -> None:
    _audit.reset()
    empty = "tzcompat audit: 0 pytz/dateutil-specific call sites, 0 calls\n"
    assert _audit.format_report() == empty


def test_env_requested() -> None:
    assert _audit.env_requested({"TZCOMPAT_AUDIT": "1"})
    assert _audit.env_requested({"TZCOMPAT_AUDIT": "Yes"})
    assert not _audit.env_requested({"TZCOMPAT_AUDIT": "0"})
    assert not _audit.env_requested({})
