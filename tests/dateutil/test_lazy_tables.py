"""tzfile's per-entry tables (built on first use) against its full dateutil tables,
and its caches against real dateutil where the two could part: unsorted local
transitions, pickling and equality after partial use."""

from __future__ import annotations

import bisect
import io
import pickle
import struct
from datetime import datetime, timedelta

import pytest

from ._compare import ours, real, utc_checks, wall_checks, zone_files

FILES = zone_files()


def _values(tti):
    return (tti.utcoff, tti.dstoff, tti.tzname) if tti is not None else None


@pytest.mark.parametrize("path", FILES)
def test_entries_match_full_tables(path):
    lazy, full = ours.tzfile(path), ours.tzfile(path)
    n = len(full._trans_utc)
    # Entry by entry, before anything builds the whole tables.
    entries = [_values(lazy._tti_at(k)) for k in range(n)]
    local = [[lazy._local_at(fold, k) for k in range(n)] for fold in (0, 1)]
    # (Zones with one local time type build them at load, to know they are fixed.)
    assert ("_ttinfos" in vars(lazy)) == lazy._fixed_offset
    assert entries == [_values(t) for t in full._ttinfos]
    assert local == full._trans_local
    assert _values(lazy._tti_before) == _values(full._tti_before)
    for fold in (0, 1):
        for ts in full._trans_local[fold][-40:]:
            for probe in (ts - 1, ts, ts + 1):
                year = (datetime(1970, 1, 1) + timedelta(seconds=probe)).year
                expected = bisect.bisect_right(full._trans_local[fold], probe)
                assert lazy._wall_index(probe, year, fold) == expected


def _tzif(trans, idxs, types, footer):
    """A version 2 TZif file: ``types`` are (utcoff, isdst, abbr)."""
    chars = b""
    entries = b""
    for off, dst, abbr in types:
        entries += struct.pack(">lBB", off, dst, len(chars))
        chars += abbr.encode() + b"\0"
    head = b"TZif2" + b"\0" * 15
    v1 = head + struct.pack(">6l", 0, 0, 0, 0, 1, 4) + struct.pack(">lBB", 0, 0, 0) + b"UTC\0"
    v2 = head + struct.pack(">6l", 0, 0, 0, len(trans), len(types), len(chars))
    v2 += b"".join(struct.pack(">q", t) for t in trans) + bytes(idxs) + entries + chars
    return v1 + v2 + b"\n" + footer + b"\n"


def _pair(blob):
    return real.tzfile(io.BytesIO(blob)), ours.tzfile(io.BytesIO(blob))


# 2024-06-01: +3h, then 0 half an hour later: fold 0's local times go backwards.
_T = int((datetime(2024, 6, 1) - datetime(1970, 1, 1)).total_seconds())
_UNSORTED = _tzif(
    [_T - 86400 * 30, _T, _T + 1800, _T + 86400 * 40],
    [1, 0, 2, 0],
    [(0, 0, "ZST"), (10800, 0, "THR"), (0, 1, "ZDT")],
    b"ZST0",
)


@pytest.mark.parametrize("blob", [_UNSORTED], ids=["unsorted-local"])
def test_unsorted_local_transitions(blob):
    zr, zo = _pair(blob)
    start = datetime(2024, 5, 31, 18)
    for minutes in range(0, 14 * 60, 10):
        wall = start + timedelta(minutes=minutes)
        wall_checks(zr, zo, wall)
        utc_checks(zr, zo, wall)
    for day in range(-40, 60, 3):
        wall = datetime(2024, 6, 1, 12) + timedelta(days=day)
        wall_checks(zr, zo, wall)
        utc_checks(zr, zo, wall)


@pytest.mark.parametrize("key", ["America/New_York", "Europe/Dublin", "Australia/Lord_Howe"])
def test_partial_use_then_equality_and_pickle(key):
    paths = [p for p in FILES if p.endswith("/" + key)]
    for path in paths:
        zr = real.tzfile(path)
        used = ours.tzfile(path)
        walls = [datetime(2024, 3, 10, 2, 30), datetime(2024, 11, 3, 1, 30), datetime(1950, 6, 1)]
        for wall in walls:
            wall_checks(zr, used, wall)
        assert "_ttinfos" not in vars(used)
        assert used == ours.tzfile(path)
        for proto in range(pickle.HIGHEST_PROTOCOL + 1):
            back = pickle.loads(pickle.dumps(used, proto))
            assert back == used
            for wall in walls:
                wall_checks(zr, back, wall)
                utc_checks(zr, back, wall)
        # Results after the full tables exist are the same as before.
        for wall in walls:
            wall_checks(zr, used, wall)


class _Sub(datetime):
    pass


@pytest.mark.parametrize(
    "key", ["America/New_York", "Europe/Dublin", "Australia/Lord_Howe", "Asia/Kolkata"]
)
def test_fromutc_day_cache_through_folds(key):
    # Minute by minute (with microseconds) over the days around each 2024 change:
    # the per-day and per-hour shortcuts, the fold built from pickle state, and
    # datetime subclasses must all give dateutil's wall time, fold and offsets.
    zr, zo = real.gettz(key), ours.gettz(key)
    changes = [t for t in zr._trans_utc if 1704067200 <= t < 1735689600]
    assert changes or key == "Asia/Kolkata"
    for ts in changes or [1719835200]:
        start = datetime(1970, 1, 1) + timedelta(seconds=ts - 3 * 3600)
        for minutes in range(0, 6 * 60, 7):
            for cls in (datetime, _Sub):
                u = cls.fromordinal(start.toordinal()) + (
                    start - datetime.fromordinal(start.toordinal())
                ) + timedelta(minutes=minutes, microseconds=minutes)
                a = zr.fromutc(u.replace(tzinfo=zr))
                b = zo.fromutc(u.replace(tzinfo=zo))
                assert type(a) is type(b)
                assert (a.replace(tzinfo=None), a.fold) == (b.replace(tzinfo=None), b.fold)
                assert (a.utcoffset(), a.dst(), a.tzname()) == (
                    b.utcoffset(), b.dst(), b.tzname())
    for name in ("utcoffset", "dst", "tzname"):
        assert getattr(zo, name)(None) == getattr(zr, name)(None)


def test_factory_cache_hits():
    for mod in (ours,):
        assert mod.tzstr("EST5EDT") is mod.tzstr("EST5EDT")
        assert mod.tzoffset("X", 3600) is mod.tzoffset("X", timedelta(hours=1))
    # Unhashable arguments fail as in dateutil.
    for mod in (real, ours):
        with pytest.raises(TypeError):
            mod.tzoffset([], 3600)


@pytest.mark.parametrize(
    "s", ["EST5EDT,M3.2.0,M11.1.0", "EST5EDT", "AEST-10AEDT-11,M10.1.0/2,M4.1.0/3"]
)
def test_tzstr_fromutc_year_cache(s):
    # fromutc's per-year UTC bounds: every half hour of two years, then the same
    # after a pickle round trip (the cache is not state) and for a subclass input.
    zr, zo = real.tzstr(s), ours.tzstr(s)
    back = pickle.loads(pickle.dumps(zo))
    assert "_ucache" in vars(back) and not back._ucache
    start = datetime(2023, 12, 31)
    for half_hours in range(0, 2 * 366 * 48, 5):
        u = start + timedelta(minutes=30 * half_hours)
        for zone in (zo, back):
            utc_checks(zr, zone, u)
        a = zr.fromutc(_Sub(*u.timetuple()[:6], tzinfo=zr))
        b = zo.fromutc(_Sub(*u.timetuple()[:6], tzinfo=zo))
        assert (type(a), a.replace(tzinfo=None), a.fold) == (
            type(b), b.replace(tzinfo=None), b.fold)
