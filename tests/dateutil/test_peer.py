"""The adapter's classes also derive from the real ``dateutil.tz`` classes (when installed).

pandas and pyarrow recognise dateutil zones by ``isinstance`` and then read tzfile
internals (``_trans_utc``, ``_ttinfos``, ``_filename``, ``key``...). With the adapter's
zones they must compute exactly what they compute with real dateutil's zones reading the
same files, while every method that runs is the adapter's.
"""

from __future__ import annotations

import copy
import os
import pickle
import subprocess
import sys
from datetime import datetime, timedelta

import dateutil.tz as real
import pytest

import tzcompat.dateutil as ours

from .. import _needs

PAIRS = ["tzfile", "tzutc", "tzoffset", "tzlocal", "tzstr", "tzrange", "tzrangebase"]
SRC = os.path.dirname(os.path.dirname(ours.__file__))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _ours_then_real(cls: type) -> tuple[list[type], list[type]]:
    mro = list(cls.__mro__)
    start = next(i for i, k in enumerate(mro) if k.__module__.startswith("dateutil."))
    return mro[:start], mro[start:]


@pytest.mark.parametrize("name", PAIRS)
def test_subclass_of_the_real_class_with_our_code_first(name):
    cls, real_cls = getattr(ours, name), getattr(real, name)
    assert issubclass(cls, real_cls)
    ours_part, real_part = _ours_then_real(cls)
    # Every adapter class comes before every real one ...
    assert all(k.__module__.startswith("tzcompat.dateutil") for k in ours_part)
    assert all(not k.__module__.startswith("tzcompat") for k in real_part)
    # ... and no name defined by a real class is reached through it: either the adapter
    # defines it, or it is hidden (absent, as on the adapter without the peer).
    for klass in real_part:
        if not klass.__module__.startswith("dateutil."):
            continue
        for attr in vars(klass):
            if attr.startswith("__") and attr not in ("__init__", "__eq__", "__repr__",
                                                      "__reduce__", "__reduce_ex__"):
                continue
            if "__" in attr[1:] and not attr.startswith("__"):
                continue  # name-mangled metaclass caches
            defined = [k for k in ours_part if attr in vars(k)]
            if defined:
                continue
            assert not hasattr(cls, attr), (name, attr)


def test_metaclasses_are_ours_and_identity_rules_hold():
    from dateutil.tz import _factories as real_factories

    for meta, real_meta in ((type(ours.tzutc), real_factories._TzSingleton),
                            (type(ours.tzoffset), real_factories._TzOffsetFactory),
                            (type(ours.tzstr), real_factories._TzStrFactory)):
        assert issubclass(meta, real_meta)
        assert meta.__mro__[0].__module__.startswith("tzcompat.")
        assert meta.__call__ is vars(meta)["__call__"]
    assert ours.tzutc() is ours.UTC and ours.UTC is not real.UTC
    assert ours.tzoffset("X", 3600) is ours.tzoffset("X", timedelta(hours=1))
    assert ours.tzoffset.instance("X", 3600) is not ours.tzoffset("X", 3600)
    assert ours.tzstr("EST5EDT") is ours.tzstr("EST5EDT")
    assert type(ours.tzoffset("X", 3600)) is ours.tzoffset


def test_isinstance_acceptance():
    zones = {
        "tzfile": ours.gettz("America/New_York"),
        "tzutc": ours.UTC,
        "tzoffset": ours.tzoffset("EST", -18000),
        "tzlocal": ours.tzlocal(),
        "tzstr": ours.tzstr("EST5EDT"),
        "tzrange": ours.tzrange("EST", -18000, "EDT"),
    }
    for name, zone in zones.items():
        assert isinstance(zone, getattr(real, name)), name
        assert isinstance(zone, getattr(ours, name)), name
    assert isinstance(zones["tzstr"], real.tzrangebase)
    # The adapter's __eq__ answers NotImplemented for real dateutil's objects (the real
    # class then decides: it accepts the adapter's objects as its own kind), except
    # tzfile's, which answers real tzfiles itself with dateutil's structural result
    # (test_tzfile_equality_with_real_tzfiles).
    assert ours.UTC.__eq__(real.UTC) is NotImplemented
    assert (ours.UTC == real.UTC) == (real.UTC == ours.UTC)


def test_tzfile_equality_with_real_tzfiles():
    # pandas compares a zone with real gettz()'s zone for the same file on every
    # Timestamp; the adapter's tzfile answers it (fast), as real dateutil's __eq__ would,
    # in both directions, for == and !=, twice (the answer for the last zone is kept).
    import tzdata

    keys = ["America/New_York", "Europe/London", "UTC", "Asia/Kolkata", "Etc/GMT+5"]
    slim_root = os.path.join(os.path.dirname(tzdata.__file__), "zoneinfo")
    paths = [os.path.join(root, *k.split("/")) for k in keys
             for root in ("/usr/share/zoneinfo", slim_root)]
    paths = [p for p in paths if os.path.exists(p)]
    reals = [real.tzfile(p) for p in paths]
    adapted = [ours.tzfile(p) for p in paths]
    for i, j in [(i, j) for i in range(len(paths)) for j in range(len(paths))]:
        expected = real.tzfile.__eq__(reals[i], reals[j])
        for a, b in ((adapted[i], reals[j]), (reals[i], adapted[j]), (adapted[i], adapted[j])):
            for _ in range(2):
                assert (a == b) is expected, (paths[i], paths[j], type(a), type(b))
                assert (a != b) is (not expected), (paths[i], paths[j])
    zone = adapted[0]
    assert zone.__eq__(reals[0]) is real.tzfile.__eq__(reals[0], zone) is True
    assert zone.__eq__(5) is NotImplemented and zone != 5


def test_without_python_dateutil_nothing_is_imported():
    # A process where python-dateutil cannot be imported: no peer, plain classes.
    code = (
        "import sys\n"
        "sys.modules['dateutil'] = None\n"
        "import tzcompat.dateutil as D\n"
        "assert D._peer.real_module is None\n"
        "assert all(not k.__module__.startswith('dateutil') for k in D.tzfile.__mro__)\n"
        "assert type(D.tzutc).__mro__[1] is type\n"
        "print(sorted(m for m in sys.modules if m.startswith('dateutil') and sys.modules[m]))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"


# -- pandas and pyarrow, against real dateutil zones reading the same files ------------------

KEYS = [
    "America/New_York", "Europe/London", "Europe/Dublin", "Australia/Lord_Howe",
    "Pacific/Kiritimati", "America/Sao_Paulo", "Africa/Casablanca", "Asia/Kolkata",
    "Etc/GMT+3", "UTC",
]


@pytest.fixture(scope="module")
def pd():
    return _needs.module("pandas")


def _pair(key: str):
    zr, zo = real.gettz.nocache(key), ours.gettz.nocache(key)
    assert zr is not None and zo is not None
    assert zr._filename == zo._filename  # the same file
    return zr, zo


def _outcome(fn, *args):
    try:
        value = fn(*args)
        if hasattr(value, "tolist"):
            value = value.tolist()
    except Exception as exc:  # compared: the same class and message
        return ("raise", type(exc).__name__, str(exc))
    return ("ok", repr(value) if not isinstance(value, list) else [repr(v) for v in value])


def _transition_walls(zone, years=range(2018, 2024)):
    """Wall times around each change in ``years``: a gap and a fold for DST zones."""
    walls = []
    for t in ours.gettz.nocache(zone)._trans_utc:
        utc = datetime(1970, 1, 1) + timedelta(seconds=t)
        if utc.year in years:
            for minutes in (-90, -30, 0, 30, 90):
                walls.append(utc + timedelta(minutes=minutes) + timedelta(hours=-5))
                walls.append(utc + timedelta(minutes=minutes) + timedelta(hours=1))
    return walls or [datetime(2021, 1, 1, 12), datetime(2021, 7, 1, 12)]


@pytest.mark.parametrize("key", KEYS)
def test_pandas_same_as_with_real_dateutil(pd, key):
    zr, zo = _pair(key)
    walls = _transition_walls(key)
    naive = pd.DatetimeIndex(walls)
    cases = {
        "Timestamp(tz=)": lambda z: [pd.Timestamp(w, tz=z) for w in walls[:12]],
        "localize": lambda z: naive.tz_localize(z),
        "localize amb=True": lambda z: naive.tz_localize(z, ambiguous=True,
                                                         nonexistent="shift_forward"),
        "localize amb=False": lambda z: naive.tz_localize(z, ambiguous=False,
                                                          nonexistent="shift_backward"),
        "localize NaT": lambda z: naive.tz_localize(z, ambiguous="NaT", nonexistent="NaT"),
        "localize delta": lambda z: naive.tz_localize(
            z, ambiguous=[bool(i % 2) for i in range(len(walls))],
            nonexistent=pd.Timedelta(minutes=20)),
        "scalar localize": lambda z: [pd.Timestamp(w).tz_localize(z, ambiguous=True,
                                                                  nonexistent="shift_forward")
                                      for w in walls[:12]],
        "tz_convert": lambda z: pd.date_range("2021-01-01", "2022-01-01", freq="7h",
                                              tz="UTC").tz_convert(z),
        "tz_convert far": lambda z: pd.DatetimeIndex(
            ["1850-06-01", "1900-01-01", "1969-12-31 23:00", "2038-03-01", "2100-07-01"],
            tz="UTC").tz_convert(z),
        "date_range": lambda z: pd.date_range("2021-03-01", "2021-11-30", freq="13h", tz=z),
        "date_range D": lambda z: pd.date_range("2021-03-10", periods=10, freq="D", tz=z),
        "to naive": lambda z: pd.date_range("2021-03-01", periods=50, freq="37min",
                                            tz=z).tz_localize(None),
        "fields": lambda z: pd.Series(pd.date_range("2021-01-01", periods=40, freq="9D",
                                                    tz=z)).dt.hour,
        "dtype": lambda z: pd.Series(pd.date_range("2021-01-01", periods=2, tz=z)).dtype,
        "normalize": lambda z: pd.date_range("2021-03-13", periods=30, freq="3h",
                                             tz=z).normalize(),
    }
    for name, case in cases.items():
        assert _outcome(case, zr) == _outcome(case, zo), (key, name)


def test_pandas_other_classes(pd):
    makers = {
        "tzutc": lambda m: m.tzutc(),
        "tzoffset": lambda m: m.tzoffset("X", 5400),
        "tzlocal": lambda m: m.tzlocal(),
        "tzstr": lambda m: m.tzstr("EST5EDT,M3.2.0,M11.1.0"),
        "tzrange": lambda m: m.tzrange("EST", -18000, "EDT"),
    }
    for name, make in makers.items():
        zr, zo = make(real), make(ours)
        for case in (
            lambda z: pd.Timestamp("2021-07-01 12:00", tz=z),
            lambda z: pd.date_range("2021-03-14", periods=5, freq="h", tz=z),
            lambda z: pd.date_range("2021-01-01", periods=5, freq="h", tz="UTC").tz_convert(z),
            lambda z: pd.DatetimeIndex(["2021-11-07 01:30"]).tz_localize(z, ambiguous=True),
        ):
            assert _outcome(case, zr) == _outcome(case, zo), name


def test_pandas_cached_utc_tzfile_is_pandas_utc(pd):
    # pandas treats real dateutil's cached gettz("UTC") object as UTC (identity with the
    # one it looked up at import) and every tzutc (isinstance). The adapter's cached
    # gettz("UTC") derives from the real tzutc for that; nocache() zones are plain tzfiles,
    # which pandas does not take for UTC with real dateutil either. Checked in a fresh
    # process, as users meet it: here other tests may have cleared real dateutil's cache.
    code = "from tests.dateutil.test_peer import check_pandas_utc; check_pandas_utc()"
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, check=False, timeout=120)
    assert done.returncode == 0, done.stderr[-3000:]


def check_pandas_utc() -> None:
    import pandas as pd

    utc = pd.date_range("2021-01-01", periods=3, freq="h", tz="UTC")
    cases = (
        lambda z: pd.date_range("2021-01-01", periods=3, freq="h", tz=z).union(utc),
        lambda z: repr(pd.Timestamp("2020-01-15 12:00", tz=z)),
        lambda z: pd.concat([pd.Series(utc), pd.Series(utc.tz_convert(z))]).dtype,
        lambda z: utc.tz_convert(z) == utc,
    )
    for get in (lambda m: m.gettz("UTC"), lambda m: m.gettz.nocache("UTC")):
        zr, zo = get(real), get(ours)
        for case in cases:
            assert _outcome(case, zr) == _outcome(case, zo)
    zo = ours.gettz("UTC")
    assert type(zo).__name__ == "tzfile" and repr(zo) == repr(real.gettz("UTC"))
    assert isinstance(zo, ours.tzfile) and isinstance(zo, real.tzutc)
    assert not isinstance(zo, ours.tzutc) and zo != ours.UTC and ours.UTC != zo
    for back in (pickle.loads(pickle.dumps(zo)), copy.copy(zo), copy.deepcopy(zo)):
        assert type(back) is ours.tzfile and back == zo
    assert type(ours.gettz.nocache("UTC")) is ours.tzfile


@pytest.mark.parametrize("key", KEYS)
def test_pyarrow_same_as_with_real_dateutil(key):
    pa = _needs.module("pyarrow")
    zr, zo = _pair(key)
    assert pa.lib.tzinfo_to_string(zo) == pa.lib.tzinfo_to_string(zr)
    walls = _transition_walls(key)
    for fold in (0, 1):
        rows_r = [w.replace(tzinfo=zr, fold=fold) for w in walls]
        rows_o = [w.replace(tzinfo=zo, fold=fold) for w in walls]
        ar, ao = pa.array(rows_r), pa.array(rows_o)
        assert ar.type == ao.type and ar.equals(ao), (key, fold)
    utc = pa.array([datetime(2021, 1, 1) + timedelta(hours=7 * i) for i in range(200)],
                   type=pa.timestamp("us", tz="UTC"))
    # Back to Python objects through each zone object (pyarrow calls fromutc).
    got_r = [d.replace(tzinfo=zr) for d in utc.to_pylist()]
    got_o = [d.replace(tzinfo=zo) for d in utc.to_pylist()]
    assert [d.astimezone(zr).isoformat() for d in got_r] == [
        d.astimezone(zo).isoformat() for d in got_o]
    # pandas -> arrow -> pandas keeps the zone name both ways.
    pd = _needs.module("pandas")
    for z in (zr, zo):
        table = pa.Table.from_pandas(pd.DataFrame(
            {"t": pd.date_range("2021-03-01", periods=20, freq="11h", tz=z)}))
        assert table.schema.field("t").type.tz == pa.lib.tzinfo_to_string(zr)


def test_pyarrow_other_classes():
    pa = _needs.module("pyarrow")
    for make in (lambda m: m.tzutc(), lambda m: m.tzoffset("X", 5400),
                 lambda m: m.tzoffset(None, -3600), lambda m: m.tzstr("EST5EDT"),
                 lambda m: m.tzlocal()):
        zr, zo = make(real), make(ours)
        assert _outcome(pa.lib.tzinfo_to_string, zr) == _outcome(pa.lib.tzinfo_to_string, zo)
        ar = pa.array([datetime(2021, 7, 1, 12, tzinfo=zr)])
        ao = pa.array([datetime(2021, 7, 1, 12, tzinfo=zo)])
        assert ar.type == ao.type and ar.equals(ao)


def test_peer_attributes_match_real_tzfile_tables():
    # What those consumers read: the same values as real dateutil's tables.
    for key in KEYS + ["Europe/Paris", "America/Santiago", "Antarctica/Troll"]:
        zr, zo = _pair(key)
        assert list(zo._trans_utc) == list(zr._trans_utc), key
        assert [(t.utcoff, t.dstoff, t.tzname) for t in zo._ttinfos] == [
            (t.utcoff, t.dstoff, t.tzname) for t in zr._ttinfos], key
        b_r, b_o = zr._tti_before, zo._tti_before
        assert (b_o is None) == (b_r is None), key
        if b_r is not None:
            assert (b_o.utcoff, b_o.dstoff, b_o.tzname) == (b_r.utcoff, b_r.dstoff, b_r.tzname)
        assert [list(x) for x in zo._trans_local] == [list(x) for x in zr._trans_local], key
        assert zo._fixed_offset == zr._fixed_offset and zo.key == zr.key, key
        assert hasattr(zo, "_trans_list") is hasattr(zr, "_trans_list") is False
        assert hasattr(zo._tz_after, "transitions") == hasattr(zr._tz_after, "transitions")
        if hasattr(zr._tz_after, "transitions"):
            for year in (2021, 2050, 2200):
                assert zo._tz_after.transitions(year) == zr._tz_after.transitions(year), key
            assert zo._tz_after.std.utcoff == zr._tz_after.std.utcoff
            assert zo._tz_after.dst.utcoff == zr._tz_after.dst.utcoff
