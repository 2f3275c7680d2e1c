"""Differential property tests: tzcompat.ZoneInfo against the stdlib zoneinfo.

Every key of ``zoneinfo.available_timezones()`` is tested, from the system TZPATH and
from the tzdata package; both sides always read the same bytes (``from_file`` on the
same file content).  Instants span years 1..9999 and are biased to within seconds,
hours or days of a transition of the zone.  Explicit transition instants come from an
independent reader of the TZif file; the instants of rule-generated transitions (past
the last explicit one) are found by scanning the *stdlib* zone.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ._helpers import (
    MAX_TS,
    MIN_TS,
    SOURCES,
    compare_around_instant,
    compare_wall,
    footer_difference,
    footer_has_rule,
    keys_for,
    raw_zone,
    stdlib_rule_changes,
    utc_dt,
    year_start_ts,
    zone_pair,
)

# Per-zone example budget: a tenth of the profile's (ci: 15, deep: 500, dev: 3).
PER_ZONE = max(3, settings.default.max_examples // 10)

ZONE_PARAMS = [
    pytest.param(source, key, id=f"{source}:{key}")
    for source in SOURCES
    for key in keys_for(source)
]

NEAR = st.one_of(
    st.integers(-3, 3),
    st.integers(-3 * 3600, 3 * 3600),
    st.integers(-2 * 86400, 2 * 86400),
)

EXTREMES = st.sampled_from(
    [
        MIN_TS,
        MIN_TS + 1,
        MIN_TS + 86399,
        MIN_TS + 86400 * 2,
        MAX_TS,
        MAX_TS - 1,
        MAX_TS - 86399,
        MAX_TS - 86400 * 2,
        -(2**31),
        2**31 - 1,
        2**31,
        0,
    ]
)


def _clamp(ts: int) -> int:
    return min(max(ts, MIN_TS), MAX_TS)


@st.composite
def _near_rule_change(draw, source, key, first_year):
    year = draw(st.integers(first_year, 9999))
    changes = stdlib_rule_changes(source, key, year)
    if not changes:
        hi = year_start_ts(year + 1) - 1 if year < 9999 else MAX_TS
        return draw(st.integers(max(year_start_ts(year), MIN_TS), hi))
    return _clamp(draw(st.sampled_from(changes)) + draw(NEAR))


def instant_strategy(source: str, key: str):
    raw = raw_zone(source, key)
    times = sorted({t for t in raw.times if MIN_TS <= t <= MAX_TS})
    biased = []
    if times:
        biased.append(st.builds(lambda t, d: _clamp(t + d), st.sampled_from(times), NEAR))
    if footer_has_rule(raw.footer):
        first_year = max(utc_dt(times[-1]).year if times else 1, 1)
        biased.append(_near_rule_change(source, key, first_year))
    if not biased:
        biased.append(st.integers(-(2**31), 2**31))
    # Most examples near a transition; the rest extremes or anywhere in 1..9999.
    return st.one_of(*biased * 3, EXTREMES, st.integers(MIN_TS, MAX_TS))


@pytest.mark.parametrize(("source", "key"), ZONE_PARAMS)
def test_differential_zone(source, key):
    ours, ref = zone_pair(source, key)
    raw = raw_zone(source, key)
    offsets = sorted(set(raw.utoffs)) or [0]
    diff = footer_difference(raw)  # docs/differences.md: where the stdlib is not POSIX

    @settings(max_examples=PER_ZONE, database=None)
    @given(ts=instant_strategy(source, key), shift=st.sampled_from(offsets))
    def check(ts, shift):
        where = f"{source}:{key}"
        compare_around_instant(ours, ref, ts, deltas=(0,), where=where, diff=diff)
        # Wall times built with each of the zone's offsets reach the gaps as well
        # (fromutc never produces a skipped wall time).
        try:
            wall = utc_dt(ts).replace(tzinfo=None) + timedelta(seconds=shift)
        except OverflowError:
            return
        compare_wall(ours, ref, wall, where, diff=diff)

    check()


def test_every_stdlib_zone_is_covered():
    """The parametrization above really covers every key, from at least one source."""
    from ._helpers import ALL_KEYS

    covered = {p.values[1] for p in ZONE_PARAMS}
    assert covered == set(ALL_KEYS)
    assert len(ALL_KEYS) > 300
