"""With the real pytz installed, tzcompat.pytz's classes also derive from its classes.

So code written for pytz (``isinstance(tz, pytz.tzinfo.BaseTzInfo)``, ``except
pytz.NonExistentTimeError``), pandas and croniter among it, accepts tzcompat's objects and
computes with them what it computes with real pytz zones read from the same files. The
behaviour stays tzcompat's: every name the real classes define resolves to ours first.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from datetime import datetime, timedelta, timezone

import pytest
import pytz as real_pytz

import tzcompat.pytz as ours

from .. import _needs
from .conftest import ours_from_pytz_file

SRC = os.path.join(os.path.dirname(__file__), os.pardir, os.pardir, "src")

PAIRS = [
    (ours.tzinfo.BaseTzInfo, real_pytz.tzinfo.BaseTzInfo),
    (ours.tzinfo.StaticTzInfo, real_pytz.tzinfo.StaticTzInfo),
    (ours.tzinfo.DstTzInfo, real_pytz.tzinfo.DstTzInfo),
    (type(ours.utc), type(real_pytz.utc)),
    (ours._FixedOffset, real_pytz._FixedOffset),
    (ours.exceptions.Error, real_pytz.exceptions.Error),
    (ours.UnknownTimeZoneError, real_pytz.UnknownTimeZoneError),
    (ours.InvalidTimeError, real_pytz.InvalidTimeError),
    (ours.AmbiguousTimeError, real_pytz.AmbiguousTimeError),
    (ours.NonExistentTimeError, real_pytz.NonExistentTimeError),
]


@pytest.mark.parametrize(("mine", "theirs"), PAIRS, ids=lambda c: c.__name__)
def test_classes_derive_from_real_pytz_but_resolve_to_ours(mine, theirs):
    assert issubclass(mine, theirs)
    for klass in theirs.__mro__:
        if klass.__module__.split(".")[0] != "pytz":
            continue
        for name in vars(klass):
            # Class-body metadata, not behaviour (3.13 drops __firstlineno__ when
            # __module__ is assigned, as install() does to report pytz's names).
            if name in ("__module__", "__dict__", "__weakref__", "__doc__",
                        "__firstlineno__", "__static_attributes__"):
                continue
            owner = next(k for k in mine.__mro__ if name in vars(k))
            assert owner.__module__.startswith("tzcompat."), (mine, name, owner)


def test_instances_pass_pytz_isinstance_checks():
    ny = ours.timezone("America/New_York")
    edt = ny.localize(datetime(2020, 7, 1)).tzinfo
    for tz in (ny, edt):
        assert isinstance(tz, real_pytz.tzinfo.DstTzInfo)
        assert isinstance(tz, real_pytz.BaseTzInfo)
    assert isinstance(ours.timezone("Etc/GMT+5"), real_pytz.tzinfo.StaticTzInfo)
    assert isinstance(ours.utc, type(real_pytz.utc))
    assert isinstance(ours.FixedOffset(90), real_pytz._FixedOffset)
    # Not the other way round: real pytz objects are not tzcompat's.
    assert not isinstance(real_pytz.timezone("America/New_York"), ours.tzinfo.DstTzInfo)


def test_pytz_except_clauses_catch_ours():
    ny = ours.timezone("America/New_York")
    with pytest.raises(real_pytz.NonExistentTimeError):
        ny.localize(datetime(2020, 3, 8, 2, 30), is_dst=None)
    with pytest.raises(real_pytz.AmbiguousTimeError):
        ny.localize(datetime(2020, 11, 1, 1, 30), is_dst=None)
    with pytest.raises(real_pytz.exceptions.InvalidTimeError):
        ny.localize(datetime(2020, 11, 1, 1, 30), is_dst=None)
    with pytest.raises(real_pytz.UnknownTimeZoneError):
        ours.timezone("No/Such_Zone")
    with pytest.raises(KeyError):
        ours.timezone("No/Such_Zone")
    exc = ours.UnknownTimeZoneError("x")
    assert str(exc) == str(real_pytz.UnknownTimeZoneError("x"))


def test_croniter_handles_our_gaps_and_folds():
    croniter = _needs.module("croniter").croniter
    for name in ("America/New_York", "Europe/London", "Australia/Lord_Howe"):
        theirs = real_pytz.timezone(name)
        mine = ours_from_pytz_file(name)
        # A day before each 2020 transition, half-hourly across it (gaps and folds).
        starts = [t + theirs._transition_info[i][0] - timedelta(days=1)
                  for i, t in enumerate(theirs._utc_transition_times) if t.year == 2020]
        assert len(starts) == 2
        for start in starts:
            seq = []
            for tz in (theirs, mine):
                it = croniter("*/30 * * * *", tz.localize(start))
                got = [it.get_next(datetime) for _ in range(24 * 2 * 2)]
                seq.append([(d.isoformat(), d.tzname()) for d in got])
            assert seq[0] == seq[1], name


ZONES = ["America/New_York", "Europe/London", "Australia/Sydney", "Europe/Dublin",
         "Asia/Kolkata", "America/Sao_Paulo", "Pacific/Apia", "Australia/Lord_Howe",
         "America/St_Johns", "Etc/GMT+5", "Africa/Casablanca"]  # fmt: skip


def _pandas_run(tz, pd, timezones):
    """Everything pandas computes with ``tz``, after emptying pandas' per-zone cache (keyed by
    zone name, which both sides share)."""
    timezones.dst_cache.clear()
    out = []
    walls = pd.date_range("1890-01-01", "2037-12-01", freq="97h")
    for ts in walls[::50]:
        out.append(str(pd.Timestamp(ts, tz=tz)))
    idx = walls.tz_localize(tz, ambiguous="NaT", nonexistent="NaT")
    out.append(list(idx.asi8))
    out.append([str(x) for x in idx[:: 97]])
    utc = pd.date_range("1901-12-14", "2037-12-01", freq="61h", tz="UTC")
    conv = utc.tz_convert(tz)
    out.append(list(conv.tz_localize(None).asi8))
    out.append([str(x) for x in conv[::89]])
    return out


@pytest.mark.parametrize("name", ZONES)
def test_pandas_computes_the_same_with_our_zones(name):
    pd = _needs.module("pandas")
    from pandas._libs.tslibs import timezones

    theirs = real_pytz.timezone(name)
    mine = ours_from_pytz_file(name)
    try:
        assert _pandas_run(mine, pd, timezones) == _pandas_run(theirs, pd, timezones)
    finally:
        timezones.dst_cache.clear()


def test_pandas_scalar_gap_edge_regression():
    """Issue 10: a Timestamp in our zone used to come out in LMT (-04:56)."""
    pd = _needs.module("pandas")
    ny = ours.timezone("America/New_York")
    ts = pd.Timestamp("2021-03-14 01:59:59", tz=ny)
    assert ts.utcoffset() == timedelta(hours=-5) and ts.tzname() == "EST"
    assert ts.tzinfo is ny.localize(datetime(2021, 3, 14, 1, 59, 59)).tzinfo


def run_python(code: str, **env: str) -> subprocess.CompletedProcess[str]:
    full = {k: v for k, v in os.environ.items() if not k.startswith("TZCOMPAT_")}
    full["PYTHONPATH"] = SRC + os.pathsep + full.get("PYTHONPATH", "")
    full.update(env)
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code)], env=full,
                          capture_output=True, text=True, timeout=120)  # fmt: skip


def test_without_real_pytz_nothing_is_imported():
    """Absent (here: blocked) pytz is never imported, and the classes have no extra bases."""
    res = run_python(
        """
        import sys
        sys.modules["pytz"] = None  # as if pytz were not installed
        import tzcompat.pytz as p
        from datetime import datetime
        assert not [m for m in sys.modules if m.startswith("pytz.")]
        for cls in (p.tzinfo.DstTzInfo, p.tzinfo.StaticTzInfo, p.tzinfo.BaseTzInfo,
                    type(p.utc), p._FixedOffset, p.UnknownTimeZoneError, p.exceptions.Error):
            assert all(k.__module__.split(".")[0] != "pytz" for k in cls.__mro__), cls
        assert [k.__name__ for k in p.UnknownTimeZoneError.__mro__[:5]] == [
            "UnknownTimeZoneError", "KeyError", "LookupError", "Error", "Exception"]
        assert p.timezone("us/eastern").localize(datetime(2020, 7, 1)).tzname() == "EDT"
        print("ok")
        """
    )
    assert res.returncode == 0 and res.stdout.strip() == "ok", res.stderr


@pytest.mark.parametrize("how", ["env", "installed"])
def test_real_pytz_is_imported_only_when_it_is_used_as_a_base(how):
    code = """
        import sys
        import tzcompat.pytz as p
        real = sys.modules.get("pytz")
        print(real is not None, issubclass(p.tzinfo.DstTzInfo, real.tzinfo.DstTzInfo)
              if real is not None else None)
        """
    res = run_python(code, TZCOMPAT_PYTZ_BASES="0") if how == "env" else run_python(code)
    assert res.returncode == 0, res.stderr
    assert res.stdout.split() == (["False", "None"] if how == "env" else ["True", "True"])


def test_real_pytz_zone_and_ours_mix_in_arithmetic():
    ny_r = real_pytz.timezone("America/New_York")
    ny_o = ours_from_pytz_file("America/New_York")
    a = ny_r.localize(datetime(2020, 11, 1, 1, 30), is_dst=True)
    b = ny_o.localize(datetime(2020, 11, 1, 1, 30), is_dst=False)
    assert b - a == timedelta(hours=1)
    assert a.astimezone(ny_o).isoformat() == a.isoformat()
    assert b.astimezone(timezone.utc) == a.astimezone(timezone.utc) + timedelta(hours=1)
