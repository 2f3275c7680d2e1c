"""Deterministic exhaustive sweep: every zone, every explicit transition (+-1 s, +-1 h,
both folds, the gap/fold wall times), the footer rule's transitions in a set of years,
and the extremes of datetime's range.

The zones are loaded *by key* on both sides, with both modules pointed at the same
TZPATH (the system directory, or ``[]`` so that both fall back to tzdata).  Set
``TZCOMPAT_HYPOTHESIS_PROFILE=deep`` to sweep many more rule years.
"""

from __future__ import annotations

import os
import zoneinfo
from datetime import datetime, timedelta

import pytest

import tzcompat

from ._helpers import (
    MAX_TS,
    MIN_TS,
    SOURCES,
    SYSTEM_ROOT,
    both_tzpath,
    compare_around_instant,
    compare_wall,
    footer_difference,
    footer_has_rule,
    keys_for,
    raw_zone,
    stdlib_changes,
    utc_dt,
    walls_at_transition,
    year_start_ts,
)

DEEP = os.environ.get("TZCOMPAT_HYPOTHESIS_PROFILE") == "deep"

ZONE_PARAMS = [
    pytest.param(source, key, id=f"{source}:{key}")
    for source in SOURCES
    for key in keys_for(source)
    if not (source == "tzdata" and key == "localtime")
]

# UTC instants around each transition; wall times around it on both offsets.
EXPLICIT_DELTAS = (-3600, -1, 0, 1, 3600)
GAP_DELTAS = (-1, 0, 1)


def _tzpath_for(source):
    return [SYSTEM_ROOT] if source == "system" else []


def load_both(source, key):
    with both_tzpath(_tzpath_for(source)):
        return tzcompat.ZoneInfo.no_cache(key), zoneinfo.ZoneInfo.no_cache(key)


def _rule_years(last_year):
    if DEEP:
        years = set(range(max(last_year, 1), min(last_year + 200, 9999) + 1))
        years.update(range(2000, 10000, 37))
    else:
        years = set(range(max(last_year, 1), min(last_year + 6, 9999) + 1))
        years.update({2037, 2038, 2100, 2400, 5000, 9998})
    years.add(9999)
    return sorted(y for y in years if y >= last_year)


@pytest.mark.parametrize(("source", "key"), ZONE_PARAMS)
def test_sweep_zone(source, key):
    ours, ref = load_both(source, key)
    raw = raw_zone(source, key)
    where = f"{source}:{key}"
    # Where the stdlib reads the footer otherwise than POSIX (docs/differences.md; no zone
    # of the IANA data so far), ours is checked against posix_reference there.
    diff = footer_difference(raw)

    # 1. Every explicit transition of the file.
    for t in raw.times:
        if not MIN_TS + 7200 <= t <= MAX_TS - 7200:
            continue
        walls = walls_at_transition(ref, t, GAP_DELTAS)
        compare_around_instant(ours, ref, t, EXPLICIT_DELTAS, where, walls, diff)

    # 2. The footer rule's transitions (found by scanning the stdlib) in chosen years.
    if footer_has_rule(raw.footer):
        in_range = [t for t in raw.times if t <= MAX_TS]
        last_year = utc_dt(in_range[-1]).year if in_range else 1
        for year in _rule_years(last_year):
            lo = max(year_start_ts(year), MIN_TS + 2 * 86400)
            hi = year_start_ts(year + 1) if year < 9999 else MAX_TS - 2 * 86400
            changes = stdlib_changes(ref, lo, hi, step=86400)
            for t in changes:
                walls = walls_at_transition(ref, t, GAP_DELTAS)
                compare_around_instant(ours, ref, t, EXPLICIT_DELTAS, where, walls, diff)

    # 3. The extremes of datetime's range.
    compare_around_instant(ours, ref, MIN_TS, (0, 1, 86399, 86400, 2 * 86400), where,
                           diff=diff)
    compare_around_instant(ours, ref, MAX_TS, (0, -1, -86399, -86400, -2 * 86400), where,
                           diff=diff)
    for w in (
        datetime.min,
        datetime.min + timedelta(hours=13),
        datetime.min + timedelta(days=2),
        datetime.max,
        datetime.max - timedelta(hours=13),
        datetime.max - timedelta(days=2),
    ):
        compare_wall(ours, ref, w, where, diff=diff)

    # 4. utcoffset(None) and friends (what datetime.time passes).
    assert ours.utcoffset(None) == ref.utcoffset(None), where
    assert ours.dst(None) == ref.dst(None), where
    assert ours.tzname(None) == ref.tzname(None), where
