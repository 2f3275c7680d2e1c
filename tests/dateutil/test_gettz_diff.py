"""gettz (every input form, caching, TZ variable, data sources) and tzlocal,
against the real dateutil.tz."""

from __future__ import annotations

import gc
import os
import sys
import time
import warnings
import zoneinfo
from datetime import datetime

import pytest

from .._gettz_cache import kept_gettz_cache
from ._compare import ours, outcome, real, same, utc_checks, wall_checks

NAMES = [
    "America/New_York", ":America/New_York", "US/Eastern", "America/New York", "Europe/Berlin",
    "UTC", "GMT", "Etc/UTC", "Etc/GMT+3", "Etc/GMT-14", "EST5EDT", "EST", "CET", "Zulu",
    "EST5EDT,M3.2.0,M11.1.0", "UTC+3", "UTC-3", "GMT+3", "GMT-3", "JST-9", "XYZ+3", "UTC3",
    "EST 5 EDT", "bad string", "utc", "Z", "XYZ", "nonexistent", "Nonexistent/Zone",
    "america/new_york", "America/", "America", "zone.tab", "tzdata.zi", "iso3166.tab",
    "posixrules", "localtime", "right/UTC", "posix/America/New_York",
    "America/../America/New_York", "./UTC", "a\x00b", "\U0001f43c", ":", "::UTC", " UTC",
    "/usr/share/zoneinfo/Europe/Berlin", "/usr/share/zoneinfo/zone.tab", "/nonexistent/x",
    "/etc/hostname", "/usr/share/zoneinfo", "Pacific/Kiritimati", "Asia/Kolkata",
]


@pytest.fixture
def fresh_caches():
    with kept_gettz_cache():
        ours.gettz.cache_clear()
        yield
        ours.gettz.cache_clear()


@pytest.fixture
def tz_env(monkeypatch):
    """Set TZ (or unset it with None) for the test, then restore it and tzset()."""

    def set_tz(value):
        if value is None:
            monkeypatch.delenv("TZ", raising=False)
        else:
            monkeypatch.setenv("TZ", value)
        time.tzset()

    yield set_tz
    monkeypatch.undo()
    time.tzset()


def _describe(zone):
    return type(zone).__name__, repr(zone), getattr(zone, "key", "no key")


def _gettz_outcome(fn, *args):
    result = outcome(fn, *args)
    if result[0] == "ok":
        return result[0], _describe(fn(*args))
    return result


@pytest.mark.parametrize("name", NAMES)
def test_gettz_names(name, fresh_caches, tz_env):
    tz_env(None)
    assert _gettz_outcome(real.gettz.nocache, name) == _gettz_outcome(ours.gettz.nocache, name)
    a, b = _gettz_outcome(real.gettz, name), _gettz_outcome(ours.gettz, name)
    assert a == b
    if a[0] == "ok":
        zr, zo = real.gettz(name), ours.gettz(name)
        facts = [
            (mod.gettz(name) is z, mod.gettz.nocache(name) is z, mod.gettz.nocache(name) == z)
            for mod, z in ((real, zr), (ours, zo))
        ]
        assert facts[0] == facts[1]
        if zr is not None:
            for naive in (datetime(2011, 3, 13, 2, 30), datetime(2011, 11, 6, 1, 30),
                          datetime(2030, 7, 1), datetime(1900, 1, 1)):
                wall_checks(zr, zo, naive)
                utc_checks(zr, zo, naive)


@pytest.mark.parametrize("value", [b"UTC", 5, 0, [], 1.5, ("UTC",)])
def test_gettz_bad_arguments(value, fresh_caches, tz_env):
    tz_env(None)
    same(real.gettz, ours.gettz, value)
    same(real.gettz.nocache, ours.gettz.nocache, value)


def test_gettz_key_escaping_tzpath(fresh_caches):
    # DeprecatedTzKeyWarning is an error unless the caller filtered it.
    with warnings.catch_warnings():
        warnings.resetwarnings()
        for mod in (real, ours):
            with pytest.raises(mod.DeprecatedTzKeyWarning):
                mod.gettz("../zoneinfo/UTC")
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", category=real.DeprecatedTzKeyWarning)
        warnings.filterwarnings("ignore", category=ours.DeprecatedTzKeyWarning)
        for name in ("../zoneinfo/UTC", "../../etc/localtime", "a/../../x"):
            assert _gettz_outcome(real.gettz.nocache, name) == _gettz_outcome(
                ours.gettz.nocache, name)
    assert issubclass(ours.DeprecatedTzKeyWarning, FutureWarning)


def test_gettz_cache_rules(fresh_caches, tz_env):
    tz_env(None)
    facts = []
    for mod in (real, ours):
        g = mod.gettz
        ny = g("America/New_York")
        row = [
            g() is g(), g("") is g(""), g(None) is g(None), ny is g("America/New_York"),
            ny is g(":America/New_York"), ny == g(":America/New_York"), g("US/Eastern") is ny,
            g("UTC+3") is mod.tzstr("UTC+3"), g.nocache("America/New_York") is ny,
        ]
        g.cache_clear()
        row += [g("America/New_York") is ny, g("America/New_York") == ny]
        # The strong LRU keeps 8 names alive without outside references.
        ident = id(g("Europe/Paris"))
        for key in ("Asia/Tokyo", "Asia/Kolkata", "Europe/Rome", "Europe/Oslo", "Africa/Cairo",
                    "America/Lima", "Australia/Perth"):
            g(key)
        gc.collect()
        row.append(id(g("Europe/Paris")) == ident)
        g.set_cache_size(0)
        zone = g("Europe/Madrid")
        row.append(g("Europe/Madrid") is zone)  # weakly cached while referenced
        ref_id = id(zone)
        del zone
        gc.collect()
        row.append(g("Asia/Dubai") is g("Asia/Dubai"))
        g.set_cache_size(8)
        facts.append(row)
        del ref_id
    assert facts[0] == facts[1]
    assert isinstance(ours.gettz.__class__.__dict__["nocache"], staticmethod)


TZ_VALUES = [
    None, "", ":", "UTC", "America/Chicago", ":Europe/Paris", "/usr/share/zoneinfo/Asia/Tokyo",
    "EST5EDT", "EST5EDT,M3.2.0,M11.1.0", "ABC3", "Nonexistent/Zone", "UTC+3", "JST-9",
    "Europe/London", "Australia/Lord_Howe", "America/Sao_Paulo",
]
LOCAL_PROBES = [
    datetime(2011, 3, 13, 2, 30), datetime(2011, 11, 6, 1, 30), datetime(2020, 3, 29, 1, 30),
    datetime(2020, 10, 25, 1, 30), datetime(2024, 1, 15, 12), datetime(2024, 7, 15, 12),
    datetime(1990, 10, 14, 0, 30),
]


@pytest.mark.parametrize("value", TZ_VALUES)
def test_tz_variable_and_tzlocal(value, fresh_caches, tz_env):
    tz_env(value)
    for args in ((), ("",), (None,), (":",)):
        assert _gettz_outcome(real.gettz.nocache, *args) == _gettz_outcome(
            ours.gettz.nocache, *args), args
        assert _gettz_outcome(real.gettz, *args) == _gettz_outcome(ours.gettz, *args), args
    for name in ("EDT", "EST", "CDT", "BST", "JST", time.tzname[0], time.tzname[1]):
        assert _gettz_outcome(real.gettz.nocache, name) == _gettz_outcome(
            ours.gettz.nocache, name), name
    lr, lo = real.tzlocal(), ours.tzlocal()
    assert repr(lr) == repr(lo)
    for naive in LOCAL_PROBES:
        wall_checks(lr, lo, naive)
        utc_checks(lr, lo, naive)
    for attr in ("utcoffset", "dst", "tzname"):
        assert outcome(getattr(lr, attr), None) == outcome(getattr(lo, attr), None), attr
    facts = [
        (l_ == mod.tzlocal(), l_ == mod.UTC, mod.UTC == l_,
         l_ == mod.tzoffset(time.tzname[0], -time.timezone), l_ == mod.tzoffset("X", 0),
         l_ == mod.gettz(), l_ != mod.tzlocal())
        for mod, l_ in ((real, lr), (ours, lo))
    ]
    assert facts[0] == facts[1]
    with pytest.raises(TypeError):
        hash(lo)


def test_tzlocal_snapshot_across_tz_change(fresh_caches, tz_env):
    tz_env("America/New_York")
    zones = (real.tzlocal(), ours.tzlocal())
    cached = (real.gettz(""), ours.gettz(""))
    tz_env("Asia/Tokyo")
    for naive in LOCAL_PROBES:
        wall_checks(zones[0], zones[1], naive)
    assert (zones[0] == real.tzlocal()) == (zones[1] == ours.tzlocal())
    assert _describe(real.gettz("")) == _describe(ours.gettz(""))  # "" stays cached
    assert real.gettz("") is cached[0] and ours.gettz("") is cached[1]
    assert _describe(real.gettz()) == _describe(ours.gettz())  # None re-reads TZ


@pytest.fixture
def no_tzdata(monkeypatch):
    popped = {k: v for k, v in sys.modules.items() if k == "tzdata" or k.startswith("tzdata.")}
    for k in popped:
        del sys.modules[k]
    monkeypatch.setitem(sys.modules, "tzdata", None)
    yield
    monkeypatch.undo()
    sys.modules.pop("tzdata", None)
    sys.modules.update(popped)


@pytest.fixture
def both_tzpaths():
    old = tuple(ours.TZPATH)
    old_std = tuple(zoneinfo.TZPATH)

    def set_paths(paths):
        ours.reset_tzpath(paths)
        zoneinfo.reset_tzpath(paths)  # real dateutil.tz shares the stdlib's
        real.gettz.cache_clear()
        ours.gettz.cache_clear()

    # Real dateutil's cached objects are given back afterwards: pandas knows its UTC by
    # identity with the gettz("UTC") it saw at import, and later tests in this process
    # (the interop matrix) must see that object, as any process that never cleared it does.
    with kept_gettz_cache():
        yield set_paths
        ours.reset_tzpath(old)
        zoneinfo.reset_tzpath(old_std)
        ours.gettz.cache_clear()


def test_tzdata_only(both_tzpaths, tz_env):
    tz_env(None)
    both_tzpaths([])
    for name in ("America/New_York", "US/Eastern", "UTC", "GMT", "America/New York", "zone.tab",
                 "EST5EDT", "Nonexistent/Zone", "America/../America/New_York", "", None):
        assert _gettz_outcome(real.gettz.nocache, name) == _gettz_outcome(
            ours.gettz.nocache, name), name
    assert real.available_iana_timezones() == ours.available_iana_timezones()


def test_no_data_at_all(both_tzpaths, no_tzdata, tz_env):
    tz_env(None)
    both_tzpaths([])
    for name in ("UTC", "GMT", "EST5EDT", "America/New_York", "Etc/UTC", "EST", "UTC+3"):
        assert _gettz_outcome(real.gettz.nocache, name) == _gettz_outcome(
            ours.gettz.nocache, name), name
    assert real.gettz("UTC") is real.UTC and ours.gettz("UTC") is ours.UTC
    assert ours.available_iana_timezones() == set() == real.available_iana_timezones()


def test_available_iana_timezones(tz_env):
    a, b = real.available_iana_timezones(), ours.available_iana_timezones()
    assert a == b and a is not b and len(b) > 400
    assert ours.available_iana_timezones() is not b


def test_tzpath_is_live():
    old = tuple(ours.TZPATH)
    try:
        ours.reset_tzpath(["/nonexistent/zoneinfo"])
        assert ours.TZPATH == ("/nonexistent/zoneinfo",) == ours._tzpath.TZPATH
        with pytest.raises(ValueError):
            ours.reset_tzpath(["relative"])
        with pytest.raises(TypeError):
            ours.reset_tzpath("/x")
    finally:
        ours.reset_tzpath(old)
    assert ours.TZPATH == old
    assert os.path.isabs(ours.TZPATH[0])
