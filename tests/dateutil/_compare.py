"""Shared helpers for the differential tests: run the same call on the real
``dateutil.tz`` and on ``tzcompat.dateutil`` and compare what comes out."""

from __future__ import annotations

import os
import warnings
from datetime import date, datetime, time, timedelta, tzinfo
from typing import Any

import dateutil
import dateutil.tz as real

from tzcompat import dateutil as ours

from .._origin import is_real

# The tests compare the two libraries reading the very same files.
assert real.__name__ == "dateutil.tz" and is_real(real, "python-dateutil"), real

UTC_DT = real.UTC  # used only to build inputs

#: The adapter emulates python-dateutil 4 (the test extra pins it).
assert int(dateutil.__version__.split(".")[0]) >= 4, dateutil.__version__


def shape(value: Any) -> Any:
    """A comparable description of a result from either library."""
    if isinstance(value, datetime):
        off = None
        if value.tzinfo is not None:
            try:
                off = value.utcoffset()
            except Exception as exc:  # noqa: BLE001 - e.g. an offset of 24 hours or more
                off = ("raise", exception_name(exc))
        return ("datetime", value.replace(tzinfo=None), value.fold, off, _tz_shape(value.tzinfo))
    if isinstance(value, (date, time, timedelta, str, bool, int, float)) or value is None:
        return value
    if isinstance(value, tzinfo):
        return _tz_shape(value)
    if isinstance(value, (tuple, list)):
        return type(value).__name__, [shape(v) for v in value]
    if isinstance(value, (set, frozenset)):
        return "set", sorted(value)
    return type(value).__name__, repr(value)


def _tz_shape(zone: tzinfo | None) -> Any:
    if zone is None:
        return None
    # Reprs name the class and the source; compare the class by name only.
    return type(zone).__name__, repr(zone)


def outcome(fn: Any, *args: Any, **kwargs: Any) -> Any:
    """("ok", shape of result, warning names) or ("raise", exception class name)."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            result = fn(*args, **kwargs)
        except Exception as exc:  # noqa: BLE001 - the class is what is compared
            return ("raise", exception_name(exc))
    return ("ok", shape(result), sorted({type(w.message).__name__ for w in caught}))


def exception_name(exc: BaseException) -> str:
    # IllegalMonthError etc. are compared by name; builtins by name too.
    return type(exc).__name__


def same(fn_real: Any, fn_ours: Any, *args: Any, **kwargs: Any) -> Any:
    """Assert both calls give the same outcome; return it."""
    a = outcome(fn_real, *args, **kwargs)
    b = outcome(fn_ours, *args, **kwargs)
    assert a == b, (args, kwargs, a, b)
    return a


def wall_checks(zone_real: tzinfo, zone_ours: tzinfo, naive: datetime) -> None:
    """Every wall-time question, both folds, both libraries."""
    for fold in (0, 1):
        wr = naive.replace(tzinfo=zone_real, fold=fold)
        wo = naive.replace(tzinfo=zone_ours, fold=fold)
        for name in ("utcoffset", "dst", "tzname"):
            a = outcome(getattr(wr, name))
            b = outcome(getattr(wo, name))
            assert a == b, (name, naive, fold, a, b)
        a = outcome(zone_real.is_ambiguous, wr)
        b = outcome(zone_ours.is_ambiguous, wo)
        assert a == b, ("is_ambiguous", naive, fold, a, b)
        for fn in ("datetime_ambiguous", "datetime_exists"):
            a = outcome(getattr(real, fn), wr)
            b = outcome(getattr(ours, fn), wo)
            assert a == b, (fn, naive, fold, a, b)
        a = _resolved(real.resolve_imaginary, wr)
        b = _resolved(ours.resolve_imaginary, wo)
        assert a == b, ("resolve_imaginary", naive, fold, a, b)
        # The round trip through UTC that aware arithmetic relies on.
        a = outcome(lambda w=wr: w.astimezone(real.UTC).astimezone(zone_real))
        b = outcome(lambda w=wo: w.astimezone(ours.UTC).astimezone(zone_ours))
        assert _strip_tz(a) == _strip_tz(b), ("round trip", naive, fold, a, b)


def _resolved(fn: Any, dt: datetime) -> Any:
    """resolve_imaginary's result, and whether it returned the very same object."""
    try:
        out = fn(dt)
    except Exception as exc:  # noqa: BLE001
        return ("raise", exception_name(exc))
    return ("ok", shape(out)[:4], out is dt)


def _strip_tz(result: Any) -> Any:
    if result[0] == "ok" and result[1][0] == "datetime":
        return result[1][:4]
    return result


def utc_checks(zone_real: tzinfo, zone_ours: tzinfo, naive_utc: datetime) -> None:
    """fromutc and astimezone from UTC."""
    a = outcome(zone_real.fromutc, naive_utc.replace(tzinfo=zone_real))
    b = outcome(zone_ours.fromutc, naive_utc.replace(tzinfo=zone_ours))
    assert _strip_tz(a) == _strip_tz(b), ("fromutc", naive_utc, a, b)
    a = outcome(naive_utc.replace(tzinfo=real.UTC).astimezone, zone_real)
    b = outcome(naive_utc.replace(tzinfo=ours.UTC).astimezone, zone_ours)
    assert _strip_tz(a) == _strip_tz(b), ("astimezone", naive_utc, a, b)


def zone_files() -> list[str]:
    """Every zone file both libraries can read: the system copy on TZPATH (fat on
    Debian) and the tzdata package's copy (slim), by absolute path."""
    import tzdata

    paths = []
    tzdata_root = os.path.join(os.path.dirname(tzdata.__file__), "zoneinfo")
    for key in sorted(ours.available_iana_timezones()):
        # The first TZPATH copy (what gettz uses), then tzdata's.
        for root in ours.TZPATH:
            path = os.path.join(root, key)
            if os.path.isfile(path):
                paths.append(path)
                break
        path = os.path.join(tzdata_root, key)
        if os.path.isfile(path):
            paths.append(path)
    return paths
