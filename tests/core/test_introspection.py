"""Introspection: transitions(), next/previous_transition, initial_state, is_ambiguous,
is_imaginary -- all verified against the stdlib and the raw TZif data, never against
our own output.

* The explicit transitions we report must be exactly the file's (read by the test's own
  reader), each with before/after states equal to the stdlib's at t-1 and t.
* Past the last explicit transition, each reported transition must be a change of the
  stdlib's (utcoffset, dst, tzname) and a scan of the stdlib between them must find no
  other change.
* is_ambiguous == "the stdlib gives different offsets for fold 0/1 and both round-trip";
  is_imaginary == "neither fold round-trips".
"""

from __future__ import annotations

import io
import itertools
import zoneinfo
from datetime import datetime, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tzcompat

from .. import _needs
from ._helpers import (
    ALL_KEYS,
    MAX_TS,
    MIN_TS,
    UTC,
    footer_difference,
    footer_has_rule,
    keys_for,
    raw_read,
    raw_zone,
    state_at,
    stdlib_changes,
    utc_dt,
    walls_at_transition,
    year_start_ts,
    zone_pair,
)
from .test_posix import VALID_TZSTRS, _stdlib_reference
from .tzif_builder import TTInfo, build_tzif

SOURCES_KEYS = [
    pytest.param(s, k, id=f"{s}:{k}") for s in ("system", "tzdata") for k in keys_for(s)
]

# Zones scanned in full with the stdlib (a day step from 1800 to 2100).
SCAN_KEYS = [
    "America/New_York",
    "Europe/Dublin",
    "Europe/London",
    "Europe/Moscow",
    "Australia/Lord_Howe",
    "Africa/Casablanca",
    "America/Sao_Paulo",
    "Asia/Tehran",
    "Pacific/Apia",
    "America/Nuuk",
    "Antarctica/Troll",
    "Asia/Kolkata",
    "UTC",
]


def _st(state):
    return (state.utcoffset, state.dst, state.tzname)


def _in_range(t):
    return MIN_TS + 1 <= t <= MAX_TS


def _last_explicit(raw):
    return raw.times[-1] if raw.times else None


# --------------------------------------------------------------------------------------
# Explicit transitions: every zone, both sources
# --------------------------------------------------------------------------------------
@pytest.mark.parametrize(("source", "key"), SOURCES_KEYS)
def test_explicit_transitions_are_the_files(source, key):
    ours, ref = zone_pair(source, key)
    raw = raw_zone(source, key)
    last = _last_explicit(raw)
    got = list(ours.transitions(end=last + 1)) if last is not None else []
    assert [t.timestamp for t in got] == list(raw.times)
    prev_isdst = None
    for i, tr in enumerate(got):
        assert tr.after.is_dst == bool(raw.isdsts[raw.idxs[i]]), (key, tr)
        if i:
            assert tr.before == prev_isdst, (key, tr)
        prev_isdst = tr.after
        if _in_range(tr.timestamp - 1) and _in_range(tr.timestamp):
            assert _st(tr.after) == state_at(ref, tr.timestamp), (key, tr)
            assert _st(tr.before) == state_at(ref, tr.timestamp - 1), (key, tr)
            assert tr.utc == utc_dt(tr.timestamp)
        elif not _in_range(tr.timestamp):
            assert tr.utc is None
    if got and _in_range(got[0].timestamp - 1):
        assert _st(ours.initial_state) == state_at(ref, got[0].timestamp - 1)
        assert got[0].before == ours.initial_state


@pytest.mark.parametrize(("source", "key"), SOURCES_KEYS)
def test_rule_transitions_are_stdlib_changes(source, key):
    """Footer transitions for the 3 years after the last explicit one and in 2300."""
    ours, ref = zone_pair(source, key)
    raw = raw_zone(source, key)
    last = _last_explicit(raw)
    if not footer_has_rule(raw.footer):
        if last is not None:
            assert list(itertools.islice(ours.transitions(start=last + 1), 3)) == []
        return
    start_year = utc_dt(last).year + 1 if last is not None and _in_range(last) else 1971
    for y0, y1 in ((start_year, start_year + 3), (2300, 2301)):
        lo, hi = year_start_ts(y0), year_start_ts(y1)
        if last is not None:
            lo = max(lo, last + 1)
        got = list(ours.transitions(start=lo, end=hi))
        expected = stdlib_changes(ref, lo - 1, hi - 1, step=86400)
        changes = [t.timestamp for t in got if _st(t.before) != _st(t.after)]
        assert changes == expected, (key, y0)
        for tr in got:
            assert _st(tr.after) == state_at(ref, tr.timestamp), (key, tr)
            assert _st(tr.before) == state_at(ref, tr.timestamp - 1), (key, tr)


@pytest.mark.parametrize("key", SCAN_KEYS)
@pytest.mark.parametrize("source", ["system", "tzdata"])
def test_full_scan_finds_no_other_change(source, key):
    if zone_pair(source, key) is None:
        _needs.not_here(f"{key} in the {source} data")
    ours, ref = zone_pair(source, key)
    lo, hi = year_start_ts(1800), year_start_ts(2100)
    got = list(ours.transitions(start=lo + 1, end=hi + 1))
    reported = [t.timestamp for t in got]
    assert reported == sorted(set(reported))
    scanned = stdlib_changes(ref, lo, hi, step=86400 // 2)
    # Every stdlib change is reported; anything else reported is a no-op transition
    # that the file records.
    assert set(scanned) <= set(reported), sorted(set(scanned) - set(reported))[:5]
    raw_times = set(raw_zone(source, key).times)
    for tr in got:
        if tr.timestamp not in scanned:
            assert tr.timestamp in raw_times, tr
            assert state_at(ref, tr.timestamp - 1) == state_at(ref, tr.timestamp)


# --------------------------------------------------------------------------------------
# transitions(): arguments
# --------------------------------------------------------------------------------------
def test_transitions_start_end_forms_agree():
    z = tzcompat.ZoneInfo("America/New_York")
    a_aware = (datetime(1990, 1, 1, tzinfo=UTC), datetime(2030, 1, 1, tzinfo=UTC))
    a_naive = (datetime(1990, 1, 1), datetime(2030, 1, 1))
    a_int = (
        int(a_aware[0].timestamp()),
        int(a_aware[1].timestamp()),
    )
    a_other = tuple(d.astimezone(zoneinfo.ZoneInfo("Asia/Tokyo")) for d in a_aware)
    results = [list(z.transitions(s, e)) for s, e in (a_aware, a_naive, a_int, a_other)]
    assert results[0] and all(r == results[0] for r in results)
    assert all(a_int[0] <= t.timestamp < a_int[1] for t in results[0])


def test_transitions_bounds_are_half_open():
    z = tzcompat.ZoneInfo("Europe/London")
    t = z.next_transition(datetime(2021, 1, 1, tzinfo=UTC))
    assert next(iter(z.transitions(start=t.timestamp))).timestamp == t.timestamp
    assert all(x.timestamp < t.timestamp for x in z.transitions(t.timestamp - 10**8, t.timestamp))
    assert list(z.transitions(t.timestamp, t.timestamp)) == []


def test_transitions_forever_when_end_is_none():
    z = tzcompat.ZoneInfo("America/New_York")
    ref = zoneinfo.ZoneInfo("America/New_York")
    first = list(itertools.islice(z.transitions(start=datetime(2030, 1, 1)), 200))
    assert len(first) == 200
    ts = [t.timestamp for t in first]
    assert ts == sorted(ts) and len(set(ts)) == 200
    assert utc_dt(ts[-1]).year > 2120
    for t in first[::17]:
        assert _st(t.after) == state_at(ref, t.timestamp)
        assert _st(t.before) == state_at(ref, t.timestamp - 1)


def test_transitions_beyond_datetime_range():
    z = tzcompat.ZoneInfo("America/New_York")
    late = list(itertools.islice(z.transitions(start=MAX_TS - 86400 * 400), 6))
    assert len(late) == 6  # the rule goes on past year 9999
    assert [t.utc is None for t in late] == [t.timestamp > MAX_TS for t in late]


def test_fixed_zone_has_no_transitions():
    for key in ("UTC", "Etc/GMT+5"):
        z = tzcompat.ZoneInfo(key)
        assert list(itertools.islice(z.transitions(), 5)) == []
        assert z.next_transition(datetime(2000, 1, 1)) is None
        assert z.previous_transition(datetime(2000, 1, 1)) is None
        ref = zoneinfo.ZoneInfo(key)
        assert _st(z.initial_state) == state_at(ref, 0)


@pytest.mark.parametrize("footer", ["XYZ-3", "EST5EDT,M3.2.0,M11.1.0", "AAA-10BBB,M10.1.0,M4.1.0/3",
                                    ""])
def test_initial_state_of_a_file_without_transitions(footer):
    """With no transition, the earliest instants get the footer's state (the last type's
    without a footer), as the stdlib answers them; not the file's first standard type."""
    data = build_tzif(transitions=[], ttinfos=[TTInfo(1800, False, "LMT"),
                                               TTInfo(7200, True, "LDT")],
                      footer=footer, version=2)
    ours = tzcompat.ZoneInfo.from_file(io.BytesIO(data))
    ref = zoneinfo.ZoneInfo.from_file(io.BytesIO(data))
    assert _st(ours.initial_state) == state_at(ref, MIN_TS + 2 * 86400)
    assert _st(ours.initial_state) != (timedelta(seconds=1800), timedelta(0), "LMT")
    first = ours.next_transition(MIN_TS)
    if first is not None:  # a rule: its first change starts from the same state
        assert first.before == ours.initial_state


# --------------------------------------------------------------------------------------
# next_transition / previous_transition
# --------------------------------------------------------------------------------------
def _no_stdlib_change(ref, raw_times, a, b):
    """True if the stdlib's state never changes in (a, b].  Short spans are scanned
    (12 h step, then bisection); a long span must hold no transition of the file and
    the stdlib's state must be the same at 64 points across it."""
    if b - a <= 3 * 366 * 86400:
        return stdlib_changes(ref, a, b, step=86400 // 2) == []
    if any(a < t <= b for t in raw_times):
        return False
    first = state_at(ref, a)
    step = (b - a) // 64
    return all(state_at(ref, a + k * step) == first for k in range(1, 65)) and (
        state_at(ref, b) == first
    )


def _check_next_prev(ours, ref, ts, where):
    nxt = ours.next_transition(ts)
    prv = ours.previous_transition(ts)
    raw_times = set(ours.tzif.trans_utc)
    if nxt is not None:
        assert nxt.timestamp > ts, where
        if _in_range(nxt.timestamp) and _in_range(ts):
            # No stdlib change strictly between ts and the next transition ...
            assert _no_stdlib_change(ref, raw_times, ts, nxt.timestamp - 1), where
            # ... and the next transition is a real change (or one the file records).
            changed = state_at(ref, nxt.timestamp - 1) != state_at(ref, nxt.timestamp)
            assert changed or nxt.timestamp in raw_times, where
            assert _st(nxt.after) == state_at(ref, nxt.timestamp), where
    elif _in_range(ts):
        assert _no_stdlib_change(ref, raw_times, ts, min(MAX_TS, ts + 50 * 366 * 86400)), where
    if prv is not None:
        assert prv.timestamp <= ts, where
        if _in_range(prv.timestamp - 1) and _in_range(ts):
            assert _no_stdlib_change(ref, raw_times, prv.timestamp, ts), where
            changed = state_at(ref, prv.timestamp - 1) != state_at(ref, prv.timestamp)
            assert changed or prv.timestamp in raw_times, where
            assert _st(prv.after) == state_at(ref, ts), where
    if nxt is not None and prv is not None:
        assert ours.next_transition(prv.timestamp) is not None
        assert ours.next_transition(prv.timestamp).timestamp <= nxt.timestamp
    return nxt, prv


@pytest.mark.parametrize("source", ["system", "tzdata"])
@pytest.mark.parametrize(
    "key", ["America/New_York", "Europe/Dublin", "Australia/Lord_Howe", "America/Santiago"]
)
def test_previous_transition_past_last_explicit_uses_rule(source, key):
    ours, ref = zone_pair(source, key)
    for year in (2030, 2100, 2500, 9000):
        ts = int(datetime(year, 6, 1, tzinfo=UTC).timestamp())
        nxt, prv = _check_next_prev(ours, ref, ts, f"{source}:{key}:{year}")
        assert prv is not None and nxt is not None
        assert utc_dt(prv.timestamp).year in (year, year - 1)
        if ts > ours.tzif.trans_utc[-1] + 2 * 366 * 86400:
            # Past the file's data: found through the footer rule.
            assert prv.timestamp > ours.tzif.trans_utc[-1]


def test_previous_transition_at_a_transition_is_that_transition():
    ours, ref = zone_pair("tzdata", "America/New_York")
    for t in itertools.islice(ours.transitions(start=datetime(1990, 1, 1)), 60):
        assert ours.previous_transition(t.timestamp).timestamp == t.timestamp
        assert ours.previous_transition(t.timestamp - 1).timestamp < t.timestamp
        assert ours.next_transition(t.timestamp).timestamp > t.timestamp
        assert ours.next_transition(t.timestamp - 1).timestamp == t.timestamp


def test_next_previous_accept_datetimes_and_timestamps():
    z = tzcompat.ZoneInfo("Europe/Paris")
    aware = datetime(2021, 5, 5, 12, tzinfo=UTC)
    forms = [aware, aware.replace(tzinfo=None), int(aware.timestamp()), aware.astimezone(z)]
    nexts = [z.next_transition(f) for f in forms]
    prevs = [z.previous_transition(f) for f in forms]
    assert all(n == nexts[0] for n in nexts) and nexts[0] is not None
    assert all(p == prevs[0] for p in prevs) and prevs[0] is not None


def test_before_first_transition():
    ours, ref = zone_pair("system", "America/New_York")
    first = ours.tzif.trans_utc[0]
    assert ours.previous_transition(first - 1) is None
    assert ours.next_transition(first - 1).timestamp == first
    assert ours.next_transition(datetime.min.replace(tzinfo=UTC)).timestamp == first


@settings(database=None)
@given(key=st.sampled_from(ALL_KEYS), ts=st.integers(year_start_ts(1800), year_start_ts(2400)))
def test_next_previous_property(key, ts):
    pair = zone_pair("system", key) or zone_pair("tzdata", key)
    _check_next_prev(*pair, ts, f"{key}@{ts}")


# --------------------------------------------------------------------------------------
# is_ambiguous / is_imaginary
# --------------------------------------------------------------------------------------
def _round_trips(ref, wall, fold):
    x = wall.replace(tzinfo=ref, fold=fold)
    try:
        back = x.astimezone(UTC).astimezone(ref)
    except OverflowError:
        return None
    return back.replace(tzinfo=None) == wall


def _stdlib_ambiguous(ref, wall):
    rt = (_round_trips(ref, wall, 0), _round_trips(ref, wall, 1))
    if None in rt:
        return None
    return ref.utcoffset(wall.replace(fold=0)) != ref.utcoffset(wall.replace(fold=1)) and all(rt)


def _stdlib_imaginary(ref, wall):
    rt = (_round_trips(ref, wall, 0), _round_trips(ref, wall, 1))
    if None in rt:
        return None
    return not any(rt)


def _check_amb_imag(ours, ref, walls, where):
    for w in walls:
        amb = _stdlib_ambiguous(ref, w)
        imag = _stdlib_imaginary(ref, w)
        if amb is None or imag is None:
            continue
        for fold in (0, 1):
            for tz in (None, UTC):
                d = w.replace(fold=fold, tzinfo=tz)
                assert ours.is_ambiguous(d) == amb, (where, d, amb)
                assert ours.is_imaginary(d) == imag, (where, d, imag)


# The exhaustive check (every zone, both sources, the wall times around every explicit
# transition and the rule's transitions in the swept years) is part of test_sweep.py's
# compare_wall; here: selected zones with the argument forms (fold, aware input), a guard
# and a property test.
AMB_KEYS = [
    "America/New_York",
    "Europe/Dublin",
    "Australia/Lord_Howe",
    "America/Nuuk",
    "Africa/Casablanca",
    "Pacific/Apia",
    "Antarctica/Troll",
    "America/Santiago",
]


@pytest.mark.parametrize("source", ["system", "tzdata"])
@pytest.mark.parametrize("key", AMB_KEYS)
def test_ambiguous_imaginary_selected_zones(source, key):
    ours, ref = zone_pair(source, key)
    raw = raw_zone(source, key)
    walls = set()
    for t in raw.times:
        if MIN_TS + 3 * 86400 < t < MAX_TS - 3 * 86400:
            walls |= walls_at_transition(ref, t, (-3601, -1, 0, 1, 1799, 3599, 3600))
    if footer_has_rule(raw.footer):
        for year in (2040, 2041, 2500):
            for t in stdlib_changes(ref, year_start_ts(year), year_start_ts(year + 1), 86400):
                walls |= walls_at_transition(ref, t, (-3601, -1, 0, 1, 1799, 3599, 3600))
    _check_amb_imag(ours, ref, sorted(walls), f"{source}:{key}")


def test_ambiguous_imaginary_cover_both_outcomes():
    """Guard: the definitions used above do say True somewhere."""
    ours, ref = zone_pair("tzdata", "America/New_York")
    gap, fold = datetime(2020, 3, 8, 2, 30), datetime(2020, 11, 1, 1, 30)
    assert _stdlib_imaginary(ref, gap) and not _stdlib_ambiguous(ref, gap)
    assert _stdlib_ambiguous(ref, fold) and not _stdlib_imaginary(ref, fold)
    assert ours.is_imaginary(gap) and ours.is_ambiguous(fold)
    assert not ours.is_ambiguous(gap) and not ours.is_imaginary(fold)


@settings(database=None)
@given(
    key=st.sampled_from(ALL_KEYS),
    wall=st.datetimes(min_value=datetime(1, 1, 3), max_value=datetime(9999, 12, 29)),
)
def test_ambiguous_imaginary_property(key, wall):
    pair = zone_pair("system", key) or zone_pair("tzdata", key)
    _check_amb_imag(*pair, [wall.replace(microsecond=0)], key)


# --------------------------------------------------------------------------------------
# Rule-only zones: every POSIX rule form, including boundaries that cross a UTC new year
# --------------------------------------------------------------------------------------
def _state(state):
    return (timedelta(seconds=state.offset), timedelta(seconds=state.dst), state.name)


def _applied(zone, ts: int):
    """The offset ``zone.fromutc`` adds to the UTC instant ``ts``."""
    u = utc_dt(ts)
    return zone.fromutc(u.replace(tzinfo=zone)).replace(tzinfo=None) - u.replace(tzinfo=None)


@pytest.mark.parametrize("name", sorted(VALID_TZSTRS))
@pytest.mark.parametrize("years", [(1999, 2002), (2100, 2102)])
def test_rule_only_transitions_are_stdlib_changes(name, years):
    """The changes reported for a rule-only zone are where the stdlib's ``fromutc`` changes
    the offset it applies, with the states on either side.

    For rules whose DST window crosses the UTC new year (``J1/0,J365/23`` in UTC-3) the
    stdlib's ``fromutc`` reads each UTC year's own boundaries, so the offset it applies
    changes at 00:00 UTC on January 1 (and the wall time it returns then reads back with the
    other offset); ``transitions()`` reports what ``fromutc`` applies, as the core matches.
    """
    data, ref_cls = _stdlib_reference(VALID_TZSTRS[name])
    ours = tzcompat.ZoneInfo.from_file(io.BytesIO(data), key="rule")
    ref = ref_cls.from_file(io.BytesIO(data), key="rule")
    lo, hi = year_start_ts(years[0]), year_start_ts(years[1])
    got = list(ours.transitions(start=lo, end=hi))
    moved = [t.timestamp for t in got if t.before.utcoffset != t.after.utcoffset]
    diff = footer_difference(raw_read(data))
    if diff is not None:
        # The stdlib reads this rule otherwise than POSIX (docs/differences.md): the
        # changes are POSIX's, from the independent statement of the rules.
        expected = [(t, _state(a), _state(b)) for t, a, b in diff.posix.changes_between(lo, hi)]
        assert [(t.timestamp, t.before[:3], t.after[:3]) for t in got] == expected, name
        return
    assert moved == stdlib_changes(ref, lo - 1, hi - 1, step=3600, state=_applied), name
    for tr in got:
        assert tr.after.utcoffset == _applied(ref, tr.timestamp), (name, tr)
        assert tr.before.utcoffset == _applied(ref, tr.timestamp - 1), (name, tr)
        assert tr.before != tr.after
