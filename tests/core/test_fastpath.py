"""Differential tests aimed at the engine's per-year fast paths (issue 19).

The hot paths answer from per-year tables (a byte per day, then a second level for
days with a change), built on a year's first use and bounded in number. These tests
draw varied instants (any year 1..9999, both folds, naive, aware in the zone and aware
in another zone, the edges of gaps and folds, footer years far ahead) and compare
each answer, asked twice (the first ask builds the year, the second takes the fast
path), with the stdlib's zoneinfo reading the same bytes: fat system files, slim
tzdata files and crafted files (int64-limit transitions, footer-only rules, rules
with transition times past 24:00).
"""

from __future__ import annotations

import io
import zoneinfo
from datetime import datetime, timedelta, timezone
from zoneinfo import _zoneinfo as py_zoneinfo

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tzcompat
from tzcompat import _engine
from tzcompat._engine import ZoneEngine

from ._helpers import (
    MAX_TS,
    MIN_TS,
    compare_utc_instant,
    compare_wall,
    raw_read,
    stdlib_changes,
    utc_dt,
    year_start_ts,
    zone_bytes,
)
from .test_robustness import NEAR_LIMITS, TYPES
from .tzif_builder import TTInfo, build_tzif, tzstr_file

UTC = timezone.utc
OTHER = timezone(timedelta(hours=5, minutes=45))
EXAMPLES = max(10, settings.default.max_examples // 3)

KEYS = ["America/New_York", "Europe/Berlin", "Australia/Sydney", "Asia/Tokyo",
        "Australia/Lord_Howe", "Europe/Dublin", "Africa/Casablanca", "Pacific/Apia",
        "America/Sao_Paulo", "Antarctica/Troll", "UTC",
        # 1867/1844: the clock jumps a whole day back (a 24-hour fold) or forward.
        "America/Juneau", "America/Sitka", "Asia/Manila"]

CRAFTED = {
    # Past-24:00 transition times (the rule's change falls on another day than named).
    "late-rule": tzstr_file("AAA4BBB,J60/167,J300/-2"),
    "dst-all-year": tzstr_file("EST5EDT,0/0,J365/25"),
    "southern": tzstr_file("<+1030>-10:30<+11>-11,M10.1.0,M4.1.0"),
    # A fold of 23 hours: a whole wall day repeats.
    "long-fold": build_tzif([(10**8, 1), (2 * 10**8, 0)],
                            [TTInfo(-41400, False, "WWW"), TTInfo(41400, False, "EEE")],
                            "WWW11:30EEE-11:30,M3.2.0,M11.1.0", 3),
    # A fold of 28 hours: a whole wall day (1975-06-24) repeats, no change inside it.
    "fold-28h": build_tzif([(10**8, 1), (2000 * 86400 + 36000, 0)],
                           [TTInfo(50400, False, "EEE"), TTInfo(-50400, False, "WWW")], "", 3),
    # The last explicit type differs from the footer's state where it takes over.
    "takeover": build_tzif([(10**9, 1)], [TTInfo(0, False, "AAA"), TTInfo(3600, True, "BBB")],
                           "ZZZ3", 3),
    "takeover-rule": build_tzif([(10**9, 1)], [TTInfo(0, False, "AAA"),
                                               TTInfo(5400, True, "BBB")],
                                "ZZZ3YYY,M3.2.0,M11.1.0", 3),
    **{f"int64-{name}": build_tzif(trans, TYPES, "CCC1DDD,M3.2.0,M11.1.0", 3)
       for name, trans in NEAR_LIMITS.items()},
}


def _reference(name: str, data: bytes):
    # With a transition near int64's top the C stdlib overflows (see test_robustness):
    # the pure one is the reference there.
    impl = py_zoneinfo if name.startswith(("int64-max", "int64-both")) else zoneinfo
    return impl.ZoneInfo.from_file(io.BytesIO(data))


def _pairs():
    for source in ("system", "tzdata"):
        for key in KEYS:
            data = zone_bytes(source, key)
            if data is not None:
                yield pytest.param(f"{source}:{key}", data, id=f"{source}:{key}")
    for name, data in CRAFTED.items():
        yield pytest.param(name, data, id=name)


PAIRS = list(_pairs())

YEARS = st.one_of(
    st.integers(1900, 2100),
    st.integers(2000, 2050),
    st.integers(1, 9999),
    st.sampled_from([1, 2, 1969, 1970, 2037, 2038, 9998, 9999]),
    st.integers(2100, 9999),  # footer years far ahead
)


NEAR = st.one_of(st.integers(-2, 2), st.integers(-3 * 3600, 3 * 3600),
                 st.integers(-86400, 86400))


@st.composite
def _walls(draw, explicit, rule_changes):
    """A wall time anywhere in a drawn year, or within seconds, hours or a day of an
    explicit transition or of a footer-rule change, seen with one of several offsets."""
    year = draw(YEARS)
    kind = draw(st.sampled_from(["any", "explicit", "rule"]))
    pool = explicit if kind == "explicit" else rule_changes(year) if kind == "rule" else []
    if not pool:
        month = draw(st.integers(1, 12))
        day = draw(st.integers(1, 28 if month == 2 else 30))
        return datetime(year, month, day, draw(st.integers(0, 23)), draw(st.integers(0, 59)),
                        draw(st.integers(0, 59)), draw(st.sampled_from([0, 1, 999999])))
    ts = min(max(draw(st.sampled_from(pool)) + draw(NEAR), MIN_TS), MAX_TS)
    off = draw(st.sampled_from([-86399, -50400, -18000, 0, 3600, 5400, 36000, 50400]))
    try:
        return utc_dt(ts).replace(tzinfo=None) + timedelta(seconds=off)
    except OverflowError:
        return datetime(year, 1, 1)


def _rule_changes(ref):
    """The footer rule's changes in a year, found by scanning the stdlib zone."""
    memo: dict[int, list[int]] = {}

    def changes(year: int) -> list[int]:
        if year not in memo:
            lo = year_start_ts(year) - 86400 if year > 1 else MIN_TS + 86400
            hi = year_start_ts(year + 1) if year < 9999 else MAX_TS - 86400
            try:
                memo[year] = stdlib_changes(ref, lo, hi, step=86400 // 2)
            except OverflowError:  # a zone ahead of UTC at datetime's end
                memo[year] = []
        return memo[year]

    return changes


@pytest.mark.parametrize(("name", "data"), PAIRS)
def test_fast_paths_match_the_stdlib(name, data):
    ref = _reference(name, data)
    explicit = sorted(t for t in raw_read(data).times if MIN_TS <= t <= MAX_TS)
    # A fresh zone per run of the test, shared by its examples: years are built by one
    # example and answered from the tables by later ones.
    zones = [tzcompat.ZoneInfo.from_file(io.BytesIO(data)), ZoneEngine.from_file(io.BytesIO(data))]

    @settings(max_examples=EXAMPLES, database=None)
    @given(wall=_walls(explicit, _rule_changes(ref)), fold=st.sampled_from([0, 1]))
    def check(wall, fold):
        w = wall.replace(fold=fold)
        expected = (ref.utcoffset(w), ref.dst(w), ref.tzname(w))
        for ours in zones:
            for _ in range(2):  # building the year, then the fast path
                for probe in (w, w.replace(tzinfo=ours), w.replace(tzinfo=OTHER)):
                    got = (ours.utcoffset(probe), ours.dst(probe), ours.tzname(probe))
                    assert got == expected, (name, probe, got, expected)
            compare_wall(ours, ref, wall, name, check_amb=False)
            # The same wall seconds as a UTC instant: fromutc and astimezone.
            ts = int((w.replace(tzinfo=UTC, fold=0) - utc_dt(0)).total_seconds())
            for _ in range(2):
                compare_utc_instant(ours, ref, ts, name)

    check()


@pytest.mark.parametrize("make", [tzcompat.ZoneInfo.no_cache, ZoneEngine.load])
def test_year_tables_stay_bounded_and_right_after_eviction(make):
    key = "America/New_York"
    ours, ref = make(key), zoneinfo.ZoneInfo(key)
    rules = ours._z_rules
    years = list(range(1, 10000, 7)) + list(range(1900, 2101))  # > _YEAR_CACHE_SIZE years
    for year in years:
        for wall in (datetime(year, 3, 20, 12), datetime(year, 11, 2, 1, 30, fold=1)):
            assert ours.utcoffset(wall) == ref.utcoffset(wall), wall
            u = wall.replace(tzinfo=UTC)
            a, b = u.astimezone(ours), u.astimezone(ref)
            assert (a.replace(tzinfo=None), a.fold) == (b.replace(tzinfo=None), b.fold), u
        assert len(rules.walls) <= _engine._YEAR_CACHE_SIZE
        assert len(rules.utcs) <= _engine._YEAR_CACHE_SIZE
        assert len(rules.wb) <= _engine._BLOCK_CACHE_SIZE
        assert len(rules.ub) <= _engine._BLOCK_CACHE_SIZE


def _raised(call, *args):
    try:
        call(*args)
    except Exception as exc:  # noqa: BLE001 - compared below
        return type(exc), str(exc)
    return None


@pytest.mark.parametrize("make", [tzcompat.ZoneInfo, ZoneEngine.load])
def test_bad_input_keeps_the_stdlib_exceptions(make):
    ours = make("America/New_York")
    ref = zoneinfo.ZoneInfo("America/New_York")
    bad_inputs = ["2020-01-01", 5, datetime(2020, 1, 1).date(), datetime(2020, 1, 1).time()]
    for _ in range(2):  # also once the year tables exist
        ours.utcoffset(datetime(2020, 1, 1))
        datetime(2020, 1, 1, tzinfo=UTC).astimezone(ours)
        for bad in bad_inputs:
            for method in ("utcoffset", "dst", "tzname"):
                got = _raised(getattr(ours, method), bad)
                assert got is not None and got == _raised(getattr(ref, method), bad), (
                    method, bad, got)
            # fromutc: the same exception class (the messages are each library's own).
            assert _raised(ours.fromutc, bad)[0] is _raised(ref.fromutc, bad)[0] is TypeError
        for wrong in (datetime(2020, 1, 1, tzinfo=UTC), datetime(2020, 1, 1)):
            assert _raised(ours.fromutc, wrong)[0] is _raised(ref.fromutc, wrong)[0], wrong
        assert ours.utcoffset(None) is ref.utcoffset(None) is None


def test_answer_of_a_day_offset_footer_still_raises_on_the_fast_path():
    # A state whose offset datetime cannot hold answers through find(), which raises.
    data = tzstr_file("XXX-24")
    ours = tzcompat.ZoneInfo.from_file(io.BytesIO(data))
    for _ in range(2):
        with pytest.raises(ValueError, match="24 hours"):
            ours.utcoffset(datetime(2020, 7, 1))
        with pytest.raises(ValueError, match="24 hours"):
            datetime(2020, 7, 1, tzinfo=UTC).astimezone(ours)
