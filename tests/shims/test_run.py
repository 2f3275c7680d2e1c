"""``python -m tzcompat run``: unchanged pytz/dateutil programs give the real libraries' output.

The real and the shimmed runs read the same TZif files (pytz's own ``zoneinfo`` directory, via
``PYTHONTZPATH``), so any difference is the adapters', not the data's.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
import textwrap
from pathlib import Path

from .. import _needs

SRC = str(Path(__file__).resolve().parents[2] / "src")

# A program that uses pytz the way applications do (dates up to 2037: pytz's horizon).
PYTZ_PROGRAM = textwrap.dedent(
    '''
    import pickle
    from datetime import datetime, timedelta

    import pytz
    import pytz.reference
    from pytz import timezone, utc
    from pytz.exceptions import AmbiguousTimeError, NonExistentTimeError, UnknownTimeZoneError
    from pytz.lazy import LazyList
    from pytz.tzinfo import BaseTzInfo, DstTzInfo, StaticTzInfo

    KEYS = ("America/New_York", "Europe/Paris", "Europe/Dublin", "Australia/Lord_Howe",
            "Asia/Kolkata", "America/Sao_Paulo", "Pacific/Apia", "Etc/GMT+5", "UTC",
            "US/Eastern", "Africa/Casablanca")
    for key in KEYS:
        tz = timezone(key)
        print(key, repr(tz), str(tz), isinstance(tz, BaseTzInfo), isinstance(tz, DstTzInfo),
              isinstance(tz, StaticTzInfo), pickle.dumps(tz, 0))
        print("  tzinfo=", datetime(2020, 7, 1, tzinfo=tz).isoformat())
        for year in (1890, 1950, 2000, 2020, 2037):
            for month in (1, 7):
                dt = tz.localize(datetime(year, month, 15, 12, 30))
                u = dt.astimezone(utc)
                later = tz.normalize(dt + timedelta(days=100, hours=5))
                back = pickle.loads(pickle.dumps(dt, 2))
                print(" ", dt.isoformat(), dt.tzname(), dt.dst(), repr(dt.tzinfo), u.isoformat(),
                      later.isoformat(), later.tzname(), back == dt, back.tzinfo is dt.tzinfo)
        times = getattr(tz, "_utc_transition_times", None) or []
        edges = [t for t in times if 2005 <= t.year <= 2012 or t.year >= 2035][:12]
        for t in edges:
            local = utc.localize(t).astimezone(tz).replace(tzinfo=None)
            for delta in (-90, -30, 0, 30, 90):
                wall = local + timedelta(minutes=delta)
                row = []
                for is_dst in (False, True, None):
                    try:
                        got = tz.localize(wall, is_dst=is_dst)
                        row.append(f"{got.isoformat()} {got.tzname()}")
                    except (AmbiguousTimeError, NonExistentTimeError) as exc:
                        row.append(type(exc).__name__)
                print("  edge", wall, *row, tz.utcoffset(wall, is_dst=True),
                      tz.tzname(wall, is_dst=False))

    print(timezone("us/eastern") is timezone("US/Eastern"), timezone("UTC") is utc)
    print(pytz.FixedOffset(-330), pytz.FixedOffset(0) is utc, pickle.dumps(pytz.FixedOffset(90), 0))
    print(pickle.dumps(utc, 0), pickle.loads(pickle.dumps(utc)) is utc)
    print(pytz.country_timezones["nz"], pytz.country_names["gb"], len(pytz.all_timezones),
          isinstance(pytz.all_timezones, LazyList), "US/Eastern" in pytz.common_timezones_set)
    try:
        timezone("No/Such_Zone")
    except UnknownTimeZoneError as exc:
        print("unknown", repr(exc), isinstance(exc, KeyError))
    ref = pytz.reference.Eastern
    print(ref.utcoffset(datetime(2002, 7, 1)), ref.tzname(datetime(2002, 1, 1)),
          pytz.reference.UTC is utc)
    import sys
    sys.stderr.write(f"implementation: {pytz.__name__}\\n")
    '''
)

DATEUTIL_PROGRAM = textwrap.dedent(
    '''
    from datetime import datetime, timedelta

    from dateutil import parser, rrule, tz
    from dateutil.relativedelta import relativedelta

    for key in ("America/New_York", "Europe/London", "Australia/Lord_Howe", "Asia/Kolkata"):
        zone = tz.gettz(key)
        for month in (1, 3, 7, 11):
            dt = datetime(2021, month, 14, 1, 30, tzinfo=zone)
            print(key, dt.isoformat(), dt.tzname(), dt.dst(), tz.datetime_ambiguous(dt),
                  tz.datetime_exists(dt), (dt + relativedelta(months=+1)).isoformat())
    print(parser.parse("2020-06-01T12:00:00+02:00"),
          repr(parser.parse("2020-06-01 12:00 UTC").tzinfo))
    ny = tz.gettz("America/New_York")
    print(parser.parse("2020-11-01 01:30 EST", tzinfos={"EST": ny}).isoformat())
    rule = rrule.rrulestr(
        "DTSTART;TZID=America/New_York:20201031T013000\\nRRULE:FREQ=DAILY;COUNT=3")
    print([d.isoformat() for d in rule])
    print(tz.resolve_imaginary(datetime(2021, 3, 14, 2, 30, tzinfo=ny)).isoformat(),
          tz.enfold(datetime(2021, 11, 7, 1, 30, tzinfo=ny), fold=1).isoformat())
    print(repr(tz.tzoffset("X", 3600)), repr(tz.UTC),
          tz.tzstr("EST5EDT").utcoffset(datetime(2020, 7, 1)))
    print(datetime(2021, 11, 7, 5, 30, tzinfo=tz.UTC).astimezone(ny).isoformat(),
          datetime(2021, 11, 7, 6, 30, tzinfo=tz.UTC).astimezone(ny).isoformat())
    import sys
    # The module object behind the class's module name: installed, the adapter's classes
    # report dateutil's module names, which then name the adapter's modules.
    sys.stderr.write(f"implementation: {sys.modules[type(ny).__module__].__name__}\\n")
    '''
)


def pytz_zoneinfo_dir() -> str:
    """pytz's own TZif directory (read without importing pytz into the test process)."""
    spec = importlib.util.find_spec("pytz")
    if spec is None or spec.origin is None:
        _needs.need("the real pytz")
    path = os.path.join(os.path.dirname(spec.origin), "zoneinfo")
    if not os.path.isdir(path):
        _needs.need("the real pytz distribution (pytz here has no zoneinfo directory)")
    return path


def env(**extra: str) -> dict[str, str]:
    base = {k: v for k, v in os.environ.items() if not k.startswith("TZCOMPAT_")}
    base["PYTHONPATH"] = SRC + os.pathsep + base.get("PYTHONPATH", "")
    base.update(extra)
    return base


def py(*args: str, cwd: Path, **extra: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, *args], cwd=cwd, env=env(**extra), capture_output=True, text=True,
        timeout=120,
    )


def run_cmd(*args: str, cwd: Path, **extra: str) -> subprocess.CompletedProcess[str]:
    return py("-m", "tzcompat", "run", *args, cwd=cwd, **extra)


def real_and_shim(program: str, flag: str, tmp_path: Path):
    """Run ``program`` on the real library, then under ``tzcompat run FLAG``, both on pytz's
    zone files; both must succeed and print the same lines. Returns both results."""
    data = pytz_zoneinfo_dir()
    prog = tmp_path / "app.py"
    prog.write_text(program)
    real = py(str(prog), cwd=tmp_path, PYTHONTZPATH=data)
    assert real.returncode == 0, real.stderr
    # The programs print pickles, compared byte for byte: pytz's pickle format (the default
    # names tzcompat, an intended difference; tests/distributed/test_pickles.py).
    shim = run_cmd(flag, str(prog), cwd=tmp_path, PYTHONTZPATH=data,
                   TZCOMPAT_PICKLE_AS_PYTZ="1")
    assert shim.returncode == 0, shim.stderr
    assert shim.stdout.splitlines() == real.stdout.splitlines()
    return real, shim


def test_pytz_program_matches_real_pytz(tmp_path: Path) -> None:
    real, shim = real_and_shim(PYTZ_PROGRAM, "--pytz", tmp_path)
    assert "edge" in real.stdout and "NonExistentTimeError" in real.stdout
    assert len(real.stdout.splitlines()) > 500
    assert "implementation: pytz\n" in real.stderr
    assert "implementation: tzcompat.pytz\n" in shim.stderr


def test_dateutil_program_matches_real_dateutil(tmp_path: Path) -> None:
    real, shim = real_and_shim(DATEUTIL_PROGRAM, "--dateutil", tmp_path)
    assert "implementation: dateutil.tz" in real.stderr
    assert "implementation: tzcompat.dateutil" in shim.stderr


PROBE = textwrap.dedent(
    '''
    import sys
    import pytz
    from dateutil import tz
    print("name", __name__)
    print("argv", sys.argv[1:])
    print("path0", sys.path[0])
    print("pytz", pytz.__name__)
    print("tz", tz.__name__)
    code = int(sys.argv[1]) if len(sys.argv) > 1 and sys.argv[1].isdigit() else 0
    if code:
        sys.exit(code)
    '''
)


def _lines(out: str) -> dict[str, str]:
    return dict(line.split(" ", 1) for line in out.splitlines() if " " in line)


def test_script_sees_python_like_environment(tmp_path: Path) -> None:
    sub = tmp_path / "bin"
    sub.mkdir()
    (sub / "probe.py").write_text(PROBE)
    res = run_cmd("--", str(sub / "probe.py"), "a", "--pytz", cwd=tmp_path)
    assert res.returncode == 0, res.stderr
    got = _lines(res.stdout)
    assert got["name"] == "__main__"
    assert got["argv"] == "['a', '--pytz']"  # options after the script are the program's
    assert os.path.realpath(got["path0"]) == os.path.realpath(sub)
    # No --pytz/--dateutil: both shims.
    assert got["pytz"] == "tzcompat.pytz" and got["tz"] == "tzcompat.dateutil"


def test_only_the_requested_shim(tmp_path: Path) -> None:
    (tmp_path / "probe.py").write_text(PROBE)
    got = _lines(run_cmd("--pytz", "probe.py", cwd=tmp_path).stdout)
    assert got["pytz"] == "tzcompat.pytz" and got["tz"] == "dateutil.tz"
    got = _lines(run_cmd("--dateutil", "probe.py", cwd=tmp_path).stdout)
    assert got["pytz"] == "pytz" and got["tz"] == "tzcompat.dateutil"


def test_module_form_and_exit_status(tmp_path: Path) -> None:
    pkg = tmp_path / "tool"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "__main__.py").write_text(PROBE)
    res = run_cmd("--pytz", "-m", "tool", "7", cwd=tmp_path)
    assert res.returncode == 7
    got = _lines(res.stdout)
    assert got["name"] == "__main__" and got["argv"] == "['7']"
    assert os.path.realpath(got["path0"]) == os.path.realpath(tmp_path)
    assert got["pytz"] == "tzcompat.pytz"
    res = run_cmd("--", "-m", "tool", cwd=tmp_path)
    assert res.returncode == 0 and _lines(res.stdout)["argv"] == "[]"


def test_uncaught_exception_and_string_exit(tmp_path: Path) -> None:
    boom = "import pytz\n\ndef f():\n    raise ValueError('bad')\n\nf()\n"
    (tmp_path / "boom.py").write_text(boom)
    # (TZCOMPAT_DATA_WARNING=0: the stderr is the traceback alone, whatever the data)
    res = run_cmd("boom.py", cwd=tmp_path, TZCOMPAT_DATA_WARNING="0")
    assert res.returncode == 1
    tb = res.stderr.splitlines()
    assert tb[0] == "Traceback (most recent call last):"
    assert "boom.py" in tb[1] and "line 6" in tb[1]  # starts in the program, not the runner
    assert tb[-1] == "ValueError: bad"
    (tmp_path / "msg.py").write_text("import sys\nsys.exit('stopped')\n")
    res = run_cmd("msg.py", cwd=tmp_path, TZCOMPAT_DATA_WARNING="0")
    assert res.returncode == 1 and res.stderr.strip() == "stopped"


def test_usage_errors(tmp_path: Path) -> None:
    for args in ([], ["--pytz"], ["--bogus", "x.py"], ["-m"]):
        res = run_cmd(*args, cwd=tmp_path)
        assert res.returncode == 2, args
        assert res.stderr.startswith("usage: python -m tzcompat run")
    res = run_cmd("missing.py", cwd=tmp_path)
    assert res.returncode == 2 and "can't open file" in res.stderr
    res = run_cmd("--help", cwd=tmp_path)
    assert res.returncode == 0 and "--audit" in res.stdout


def test_main_in_process_restores_argv_and_path(tmp_path: Path, monkeypatch) -> None:
    from tzcompat.shims import _install, _run

    (tmp_path / "p.py").write_text("import sys\nRESULT = sys.argv[:]\n")
    argv, path0 = sys.argv[:], sys.path[0]
    try:
        assert _run.main(["--pytz", str(tmp_path / "p.py"), "x"]) == 0
        assert "pytz" in _install.installed()
    finally:
        _install.uninstall()
    assert sys.argv == argv and sys.path[0] == path0
