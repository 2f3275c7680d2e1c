"""The public surface of tzcompat.pytz against the real pytz: names, lookups, errors, reprs,
UTC/FixedOffset/StaticTzInfo specifics, lists and country tables, lazy containers, copies."""

from __future__ import annotations

import copy
import inspect
import json
import os
import pickle
from datetime import date, datetime, timedelta, timezone

import pytest
import pytz as real_pytz

import tzcompat.pytz as ours

from .conftest import pytz_pickles


def outcome(func):
    try:
        value = func()
    except Exception as exc:  # noqa: BLE001
        return ("raises", type(exc).__name__, exc.args)
    if isinstance(value, datetime):
        return ("ok", value.replace(tzinfo=None), value.utcoffset(), repr(value.tzinfo))
    return ("ok", repr(value) if not isinstance(value, (str, int, bool)) else value)


def both(expr):
    """Evaluate ``expr(module)`` on real pytz and on tzcompat.pytz."""
    return outcome(lambda: expr(real_pytz)), outcome(lambda: expr(ours))


def test_all_and_public_names():
    assert ours.__all__ == real_pytz.__all__
    public = {n for n in dir(real_pytz) if not n.startswith("__")}
    # pytz's generated data lists and import-time helpers we do not need to expose.
    missing = public - set(dir(ours)) - {"OLSON_VERSION", "OLSEN_VERSION", "VERSION"}
    assert not missing
    for name in ("OLSON_VERSION", "OLSEN_VERSION", "VERSION", "__version__"):
        assert isinstance(getattr(ours, name), str)
    for sub in ("exceptions", "tzinfo", "tzfile", "lazy"):
        mine = getattr(ours, sub)
        theirs = getattr(real_pytz, sub)
        for name in (n for n in dir(theirs) if not n.startswith("__")):
            obj = getattr(theirs, name)
            if inspect.ismodule(obj) or (
                callable(obj) and getattr(obj, "__module__", None) != theirs.__name__
            ):
                continue  # imported helpers (struct.unpack, bisect_right, RLock, ...)
            assert hasattr(mine, name), (sub, name)


def test_exception_hierarchy():
    for name in ("UnknownTimeZoneError", "InvalidTimeError", "AmbiguousTimeError",
                 "NonExistentTimeError"):  # fmt: skip
        mine, theirs = getattr(ours, name), getattr(real_pytz, name)
        own = [k for k in mine.__mro__ if not k.__module__.startswith("pytz")]
        assert {k.__name__ for k in own} == {k.__name__ for k in theirs.__mro__}
        # With real pytz installed, ours also derive from its classes (pytz's except clauses).
        assert all(issubclass(mine, k) for k in theirs.__mro__)
        assert getattr(ours.exceptions, name) is mine
    assert issubclass(ours.UnknownTimeZoneError, KeyError)
    assert not issubclass(ours.AmbiguousTimeError, ValueError)


@pytest.mark.parametrize(
    "arg",
    ["UTC", "utc", b"UTC", "Etc/UTC", "us/eastern", "US/EASTERN", b"Europe/Paris", "GMT",
     "America/Port_minus_au_minus_Prince", "Etc/GMT_plus_10", "Factory", "localtime",
     "posixrules", "right/UTC", "zone.tab", "iso3166.tab", "Europe", "", " Europe/Paris",
     "/Europe/Paris", "../Europe/Paris", "Europe/../Europe/Paris", "Asia/Shangri-La",
     "\u2122", None, 1, 1.5, False, ["UTC"], "Etc/GMT+5", "EST", "CET", "Europe/Paris\0"],
)  # fmt: skip
def test_timezone_lookup(arg, pytz_data):
    r, o = both(lambda m: m.timezone(arg))
    assert r == o
    if r[0] == "ok":
        assert ours.timezone(arg).zone == real_pytz.timezone(arg).zone
        assert ours.timezone(arg) is ours.timezone(arg)


def test_timezone_identity_and_cache(pytz_data):
    ny = ours.timezone("America/New_York")
    assert ours.timezone("america/new_york") is ny
    assert ours.timezone("UTC") is ours.utc is ours.UTC
    assert ours.timezone("Etc/UTC") is not ours.utc
    ours._tzinfo_cache.clear()
    ny2 = ours.timezone("America/New_York")
    assert ny2 is not ny and ny2 != ny
    a = ny.localize(datetime(2020, 7, 1))
    assert a == ny2.localize(datetime(2020, 7, 1))
    with pytest.raises(ValueError):
        ny2.fromutc(a)  # another family
    with pytest.raises(ours.UnknownTimeZoneError) as info:
        ours.timezone("No/Such")
    assert info.value.args == ("No/Such",) and str(info.value) == "'No/Such'"


def test_reprs(pytz_data):
    for name in ("America/New_York", "Europe/Paris", "Asia/Kolkata", "GMT", "Etc/GMT-14", "CET"):
        assert repr(ours.timezone(name)) == repr(real_pytz.timezone(name))
        assert str(ours.timezone(name)) == str(real_pytz.timezone(name)) == name
    assert repr(ours.utc) == "<UTC>" and str(ours.utc) == "UTC"
    for m in (-330, 90, 90.5, 1439, -1439):
        assert repr(ours.FixedOffset(m)) == repr(real_pytz.FixedOffset(m))
        assert str(ours.FixedOffset(m)) == str(real_pytz.FixedOffset(m))
        assert ours.FixedOffset(m).utcoffset(None) == real_pytz.FixedOffset(m).utcoffset(None)


@pytest.mark.parametrize("m", [0, -0.0, 1440, -1440, 1439.9, 60, 60.0, "60", timedelta(hours=1)])
def test_fixed_offset(m):
    r, o = both(lambda mod: mod.FixedOffset(m))
    assert r == o


def test_fixed_offset_behaviour():
    one = ours.FixedOffset(-330)
    assert ours.FixedOffset(-330) is one and ours.FixedOffset(-330.0) is one
    assert ours.FixedOffset(0) is ours.utc
    assert one.zone is None and one.tzname(None) is None and one._utcoffset == one.utcoffset(None)
    dt = datetime(2020, 1, 1, 12)
    for expr in (
        lambda m: m.FixedOffset(60).localize(dt),
        lambda m: m.FixedOffset(60).localize(dt.replace(tzinfo=timezone.utc)),
        lambda m: m.FixedOffset(60).normalize(dt),
        lambda m: m.FixedOffset(60).normalize(dt.replace(tzinfo=timezone.utc)),
        lambda m: m.FixedOffset(60).fromutc(dt),
        lambda m: m.FixedOffset(60).utcoffset(dt, is_dst=True),
        lambda m: m.FixedOffset(60).localize(dt.replace(fold=1)).fold,
        lambda m: dt.replace(tzinfo=m.FixedOffset(60)).strftime("%Z|%z"),
        lambda m: m.timezone("America/New_York").normalize(dt.replace(tzinfo=m.FixedOffset(60))),
    ):
        r, o = both(expr)
        assert r == o


def test_utc_behaviour():
    dt = datetime(2020, 1, 1, 12)
    for expr in (
        lambda m: m.utc.localize(dt),
        lambda m: m.utc.localize(dt, is_dst=None),
        lambda m: m.utc.localize(dt.replace(tzinfo=m.utc)),
        lambda m: m.utc.normalize(dt),
        lambda m: m.utc.normalize(dt.replace(tzinfo=timezone(timedelta(hours=2)))),
        lambda m: m.utc.fromutc(dt),
        lambda m: m.utc.fromutc(dt.replace(tzinfo=m.utc)),
        lambda m: m.utc.fromutc(dt.replace(tzinfo=timezone.utc)),
        lambda m: m.utc.utcoffset(dt, True),
        lambda m: (m.utc.utcoffset(None), m.utc.dst(None), m.utc.tzname(None)),
        lambda m: (m.utc.zone, m.utc._utcoffset, m.utc._dst, m.utc._tzname),
        lambda m: type(m.utc).__name__,
        lambda m: isinstance(m.utc, m.BaseTzInfo),
        lambda m: isinstance(m.utc, m.tzinfo.StaticTzInfo),
        lambda m: m.utc.localize(date(2020, 1, 1)),
    ):
        r, o = both(expr)
        assert r == o


def test_pickle_bytes_utc_fixed():
    # In pytz's pickle format (set_pickle_format("pytz")), the bytes are pytz's.
    with pytz_pickles():
        for proto in range(6):
            assert pickle.dumps(ours.utc, proto) == pickle.dumps(real_pytz.utc, proto)
            assert pickle.dumps(ours.FixedOffset(-330), proto) == pickle.dumps(
                real_pytz.FixedOffset(-330), proto
            )
        dt = datetime(2005, 3, 1, 14, 13, 21, tzinfo=ours.utc)
        assert len(pickle.dumps(dt, 1)) - len(pickle.dumps(dt.replace(tzinfo=None), 1)) == 17


def test_default_pickles_name_tzcompat(pytz_data):
    # The intended difference (docs/differences.md): by default the pickles name tzcompat,
    # so they load as tzcompat's zones wherever tzcompat is installed, real pytz or not.
    ny = ours.timezone("America/New_York")
    edt = ny.localize(datetime(2020, 7, 1))
    for obj in (ours.utc, ours.FixedOffset(-330), ours.timezone("GMT"), ny, edt.tzinfo, edt):
        for proto in range(6):
            blob = pickle.dumps(obj, proto)
            assert b"tzcompat" in blob and b"pytz\n_p" not in blob
            back = pickle.loads(blob)
            if isinstance(obj, datetime):
                assert back == obj and back.tzinfo is obj.tzinfo
            else:
                assert back is obj
    assert ours.pickle_format() == "tzcompat"
    with pytest.raises(ValueError):
        ours.set_pickle_format("json")


def test_copies_are_identity(pytz_data):
    ny = ours.timezone("America/New_York")
    loc = ny.localize(datetime(2020, 7, 1))
    for obj in (ny, loc.tzinfo, ours.utc, ours.FixedOffset(30), ours.timezone("GMT")):
        assert copy.copy(obj) is obj and copy.deepcopy(obj) is obj
    assert copy.deepcopy(loc).tzinfo is loc.tzinfo


@pytest.mark.parametrize(
    "expr",
    [
        lambda m: m.timezone("America/New_York").localize(datetime(2020, 7, 1, tzinfo=m.utc)),
        lambda m: m.timezone("America/New_York").localize(date(2020, 7, 1)),
        lambda m: m.timezone("America/New_York").normalize(datetime(2020, 7, 1)),
        lambda m: m.timezone("America/New_York").normalize(
            datetime(2020, 7, 1, tzinfo=timezone.utc)
        ),
        lambda m: m.timezone("America/New_York").normalize(
            datetime(2020, 7, 1, tzinfo=m.timezone("America/New_York"))
        ),
        lambda m: m.timezone("Europe/Paris").normalize(datetime(2020, 7, 1, tzinfo=m.utc), True),
        lambda m: m.timezone("America/New_York").fromutc(datetime(2020, 7, 1, tzinfo=m.utc)),
        lambda m: m.timezone("America/New_York").fromutc(datetime(2020, 7, 1)),
        lambda m: m.timezone("America/New_York").utcoffset(datetime(2020, 7, 1, tzinfo=m.utc)),
        lambda m: (
            m.timezone("America/New_York").utcoffset(None),
            m.timezone("America/New_York").dst(None),
            m.timezone("America/New_York").tzname(None),
        ),  # fmt: skip
        lambda m: m.timezone("America/New_York").localize(datetime(2020, 3, 8, 2, 30), None),
        lambda m: str(m.timezone("America/New_York").localize(datetime(2020, 11, 1, 1, 30), None)),
        lambda m: m.timezone("US/Pacific").localize(datetime(9999, 12, 31, 23, 59)),
        lambda m: m.timezone("US/Pacific").localize(datetime(9999, 12, 31)),
        lambda m: m.timezone("US/Pacific").localize(datetime(1, 1, 1)),
        lambda m: m.timezone("Asia/Tokyo").localize(datetime.max),
        lambda m: m.timezone("Asia/Tokyo").localize(datetime.min),
        lambda m: m.timezone("GMT").fromutc(datetime(2020, 1, 1)),
        lambda m: m.timezone("GMT").fromutc(datetime(2020, 1, 1, tzinfo=m.utc)),
        lambda m: m.timezone("GMT").normalize(datetime(2020, 1, 1)),
        lambda m: m.timezone("GMT").localize(datetime(2020, 1, 1, fold=1), None).fold,
        lambda m: m.timezone("GMT").utcoffset(None, is_dst=True),
        lambda m: hasattr(m.timezone("GMT"), "_dst"),
        lambda m: datetime(2020, 7, 1, tzinfo=m.timezone("America/New_York")).isoformat(),
        lambda m: datetime(2020, 7, 1, tzinfo=m.timezone("America/New_York")).timetuple(),
        lambda m: m.timezone("America/New_York").localize(datetime(2020, 7, 1)).timetuple(),
        lambda m: datetime.fromtimestamp(1.6e9, m.timezone("Australia/Lord_Howe")),
        lambda m: m.timezone("America/New_York").localize(datetime(2020, 7, 1)).strftime("%Z%z"),
        lambda m: (lambda a, b: (b - a, a < b, a == b))(
            m.timezone("America/New_York").localize(datetime(2020, 11, 1, 1, 30), is_dst=True),
            m.timezone("America/New_York").localize(datetime(2020, 11, 1, 1, 30), is_dst=False),
        ),
        lambda m: (
            m.timezone("America/New_York")
            .localize(datetime(2020, 7, 1))
            .tzinfo.localize(datetime(2020, 1, 1))
        ),
        lambda m: m.unpickler("US/Eastern", -18000, 0, "XXX"),
        lambda m: m.unpickler("US/Eastern", -18000 + 42, 0, "EST"),
        lambda m: m.unpickler("US/Eastern"),
        lambda m: m.unpickler("GMT", 0, 0, "GMT"),
        lambda m: m.unpickler("No/Such", 0, 0, "X"),
        lambda m: m._p("Europe/Paris", 7200, 3600, "CEST"),
        lambda m: m.open_resource("../etc/passwd"),
        lambda m: m.ascii("\u2122"),
        lambda m: m.timezone(b"\xff"),
    ],
)
def test_behaviour_matches(expr, pytz_data):
    try:
        assert outcome(lambda: expr(real_pytz)) == outcome(lambda: expr(ours))
    finally:
        # unpickler() may add periods to a zone: give later tests pristine pytz zones.
        real_pytz._tzinfo_cache.clear()


def test_lists_and_countries(pytz_data):
    for name in ("all_timezones", "common_timezones"):
        mine, theirs = getattr(ours, name), getattr(real_pytz, name)
        assert isinstance(mine, list)
        assert list(mine) == list(theirs)
        assert json.loads(json.dumps(list(mine))) == list(theirs)
    for name in ("all_timezones_set", "common_timezones_set"):
        mine, theirs = getattr(ours, name), getattr(real_pytz, name)
        # len() fills pytz's lazy set: before that, set(theirs) copies its empty C storage.
        assert len(mine) == len(theirs) > 400
        assert set(mine) == set(theirs)
    assert isinstance(ours.all_timezones_set, set)
    assert dict(ours.country_timezones) == dict(real_pytz.country_timezones)
    assert dict(ours.country_names) == dict(real_pytz.country_names)
    for expr in (
        lambda m: m.country_timezones["nz"],
        lambda m: m.country_timezones("ch"),
        lambda m: "gb" in m.country_timezones,
        lambda m: "GB" in m.country_timezones,
        lambda m: m.country_timezones["XXX"],
        lambda m: m.country_names["gb"],
        lambda m: len(m.country_names),
        lambda m: sorted(m.country_names.keys())[:5],
    ):
        r, o = both(expr)
        assert r == o


def test_lists_follow_the_data_in_use():
    """Without PYTZ_TZDATADIR the names come from the core's data (tzdata.zi)."""
    assert os.environ.get("PYTZ_TZDATADIR") is None
    import tzcompat

    names = set(ours.all_timezones)
    assert "Factory" not in names and "localtime" not in names
    assert "America/New_York" in names and "UTC" in names
    assert names <= set(tzcompat.available_timezones()) | {"UTC"}
    assert ours.OLSON_VERSION == tzcompat.data_version()


def test_lazy_containers():
    calls = []

    def source():
        calls.append(1)
        yield from [3, 1, 2]

    lst = ours.LazyList(source())
    st = ours.LazySet(iter([1, 2]))
    assert not calls
    assert isinstance(lst, list) and len(lst) == 3 and not isinstance(lst, ours.LazyList)
    assert calls == [1] and sorted(lst) == [1, 2, 3]
    assert isinstance(st, set) and 2 in st
    assert ours.LazyList() == [] and ours.LazySet() == set()
    with pytest.raises((TypeError, pickle.PicklingError, AttributeError)):
        pickle.dumps(ours.LazyList(iter([1])))


def test_version_is_the_followed_release(pytz_data):
    """``__version__`` is the pytz release whose API is followed, whatever the data (pandas
    and others compare it against minimum pytz versions); ``OLSON_VERSION`` names the data."""
    assert ours.__version__ == ours.VERSION == "2026.6"
    assert ours.OLSON_VERSION == ours.OLSEN_VERSION == "unknown"  # pytz's files record none
