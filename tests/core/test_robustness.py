"""Corner cases of crafted files: transitions near the int64 limits, very long tables,
footer rules that never change state, and footer offsets datetime cannot hold.

Expected values come from the standard library reading the same bytes.
"""

from __future__ import annotations

import io
import itertools
import pickle
import zoneinfo
from datetime import datetime, timedelta, timezone
from zoneinfo import _zoneinfo as py_zoneinfo

import pytest

import tzcompat
from tzcompat import _engine as core

from ._helpers import compare_everywhere, compare_wall, raw_read, utc_dt, year_start_ts
from .tzif_builder import TTInfo, build_tzif, tzstr_file

UTC = timezone.utc
I64_MAX = 2**63 - 1
I64_MIN = -(2**63)
TYPES = [TTInfo(0, False, "AAA"), TTInfo(3600, True, "BBB"), TTInfo(-3600, False, "CCC")]


# --------------------------------------------------------------------------------------
# Transitions within a day of the int64 limits (issue 12, item 10)
# --------------------------------------------------------------------------------------
NEAR_LIMITS = {
    # The last transition in datetime's range is to CCC, the footer's standard time.
    "max": [(0, 2), (I64_MAX, 1)],
    "max-1h": [(0, 2), (I64_MAX - 3600, 1)],
    "max-day": [(-86400, 1), (0, 2), (I64_MAX - 86399, 1)],
    "min": [(I64_MIN, 1), (0, 2)],
    "min+1h": [(I64_MIN + 3600, 1), (0, 2)],
    "both": [(I64_MIN, 1), (0, 2), (I64_MAX, 1)],
}


@pytest.mark.parametrize("name", sorted(NEAR_LIMITS))
@pytest.mark.parametrize("footer", ["CCC1", "CCC1DDD,M3.2.0,M11.1.0"])
def test_transitions_at_int64_limits_answer_like_the_stdlib(name, footer):
    # With a transition near int64's top the pure-Python stdlib is the reference: the C
    # one adds the offset to the transition time in int64 and overflows (it answers
    # +01:00 in 2020 for "max"). Near the bottom C is: the pure one misplaces the fold
    # right after the last transition whenever that is followed by a footer (any file).
    data = build_tzif(NEAR_LIMITS[name], TYPES, footer, 3)
    ours = tzcompat.ZoneInfo.from_file(io.BytesIO(data))
    impl = zoneinfo if name.startswith("min") else py_zoneinfo
    ref = impl.ZoneInfo.from_file(io.BytesIO(data))
    compare_everywhere(ours, ref, raw_read(data), where=name, years=(2020,))
    # The by-value pickle carries the same table and answers the same.
    back = pickle.loads(pickle.dumps(ours.by_value()))
    for year in (1, 1969, 1970, 2020, 9999):
        compare_wall(back, ref, datetime(year, 7, 1), where=(name, "by_value"))
    times = [t for t, _ in NEAR_LIMITS[name]]
    got = [t.timestamp for t in itertools.islice(ours.transitions(), len(times))]
    assert got == times


# --------------------------------------------------------------------------------------
# Very long tables: first use must not build per-transition Python tables (item 12)
# --------------------------------------------------------------------------------------
def test_long_table_first_use_is_lazy_and_right():
    n = 1 << 16  # past the eager threshold
    assert n > core._EAGER_LOCALS
    trans = [(k * 7200 - 10**8, 1 + k % 2) for k in range(n)]
    data = build_tzif(trans, TYPES, "AAA0CCC,M3.2.0,M11.1.0", 2)
    ours = tzcompat.ZoneInfo.from_file(io.BytesIO(data))
    ref = zoneinfo.ZoneInfo.from_file(io.BytesIO(data))
    probe = utc_dt(trans[n // 2][0]).replace(tzinfo=None)
    assert ours.utcoffset(probe) == ref.utcoffset(probe)
    # The wall-clock tables are views computed per access, not 2 x n ints.
    assert all(isinstance(t, core._Walls) for t in ours._z_rules.local)
    for k in (0, 1, 2, n // 3, n // 2, n - 2, n - 1):
        t = trans[k][0]
        for d in (-3601, -1, 0, 1, 3599):
            wall = utc_dt(t + d).replace(tzinfo=None)
            compare_wall(ours, ref, wall, where=("long", k, d))
            compare_wall(ours, ref, wall - timedelta(hours=1), where=("long", k, d, "-1h"))
    compare_wall(ours, ref, datetime(2050, 3, 13, 2, 30), where="rule")


def test_short_table_views_agree_with_arrays():
    data = build_tzif([(k * 86400 * 50, 1 + k % 2) for k in range(40)], TYPES, "CCC1", 2)
    z = tzcompat.ZoneInfo.from_file(io.BytesIO(data))
    eager = z._z_rules.locals()
    views = (core._Walls(z.tzif, True), core._Walls(z.tzif, False))
    for a, v in zip(eager, views):
        assert list(a) == [v[i] for i in range(len(v))] == [v[i - len(v)] for i in range(len(v))]
        with pytest.raises(IndexError):
            v[len(v)]


# --------------------------------------------------------------------------------------
# Footer rules whose state never changes (item 11)
# --------------------------------------------------------------------------------------
STATIC_RULES = ["EST5EDT,0/0,J365/25", "AAA0BBB,J100/0,J100/1", "<-03>3<-02>,0/0,J365/25"]


class _CountingRule(core.PosixTZ):
    """A PosixTZ that counts its state lookups."""

    __slots__ = ("calls",)

    def find_utc(self, ts, year):
        self.calls += 1
        return super().find_utc(ts, year)


def _counting(rule):
    new = object.__new__(_CountingRule)
    for name in core.PosixTZ.__slots__:
        setattr(new, name, getattr(rule, name))
    new.calls = 0
    return new


@pytest.mark.parametrize("rule", STATIC_RULES)
@pytest.mark.parametrize("explicit", [False, True])
def test_static_rule_transitions_are_bounded_and_match_stdlib(rule, explicit):
    if explicit:
        data = build_tzif([(0, 1)], [TTInfo(0, False, "QQQ"), TTInfo(7200, False, "RRR")],
                          rule, 3)
    else:
        data = tzstr_file(rule)
    ours = tzcompat.ZoneInfo.from_file(io.BytesIO(data))
    ref = zoneinfo.ZoneInfo.from_file(io.BytesIO(data))
    # The stdlib sees one offset from the end of 1970 on: there is no change to report.
    offsets = {ref.fromutc(utc_dt(year_start_ts(y) + 40000).replace(tzinfo=ref)).utcoffset()
               for y in range(1971, 2400, 7)}
    assert len(offsets) == 1
    assert core._is_static(ours._z_rules.after)
    ts = year_start_ts(2200)
    after_1971 = list(ours.transitions(year_start_ts(1971)))
    assert after_1971 == [] or all(
        t.timestamp == year_start_ts(1971) for t in after_1971)
    assert ours.next_transition(ts) is None
    prev = ours.previous_transition(ts)
    assert prev == (list(ours.transitions(end=ts))[-1] if explicit or prev else None)
    # Bounded work: each query looks at a couple of years, not 400 per candidate year.
    counting = _counting(ours._z_rules.after)
    ours._z_rules.after = counting
    ours.previous_transition(ts)
    ours.next_transition(ts)
    list(ours.transitions(ts))
    assert counting.calls < 50, counting.calls


def test_changing_rule_is_not_static():
    for rule in ("AAA0BBB,M3.2.0,M11.1.0", "AAA0BBB,J100/0,J101/0", "AAA0BBB,0/0,J365/0"):
        assert not core._is_static(tzcompat.parse_posix_tz(rule)), rule


# --------------------------------------------------------------------------------------
# Footer offsets of 24 hours or more (item 13)
# --------------------------------------------------------------------------------------
DAY_OFFSETS = ["XXX-24", "XXX24", "XXX-24:00:00", "XXX-23YYY,M3.2.0,M11.1.0",
               "XXX-23:59:59YYY,M3.2.0,M11.1.0", "XXX0YYY-24,M3.2.0,M11.1.0",
               "XXX0YYY24,M3.2.0,M11.1.0", "XXX+23YYY+24,M3.2.0,M11.1.0"]


@pytest.mark.parametrize("footer", DAY_OFFSETS)
def test_footer_offset_of_a_day_fails_on_use_naming_the_footer(footer):
    # The stdlib (both implementations) loads such a file, as CPython's own suite
    # requires (test_extreme_tzstr), and fails inside datetime whenever such an offset
    # is used. Ours loads, answers where the stdlib answers, and raises a ValueError
    # that names the footer where it fails.
    data = tzstr_file(footer)
    refs = [impl.ZoneInfo.from_file(io.BytesIO(data)) for impl in (zoneinfo, py_zoneinfo)]
    ours = tzcompat.ZoneInfo.from_file(io.BytesIO(data))
    failed = 0
    for ref in refs:
        for month in (1, 7):
            wall = datetime(2020, month, 1, 12)
            for make in (lambda z, w=wall: w.replace(tzinfo=z).utcoffset(),
                         lambda z, w=wall: w.replace(tzinfo=z).astimezone(UTC),
                         lambda z, w=wall: w.replace(tzinfo=UTC).astimezone(z).utcoffset()):
                try:
                    expected = make(ref)
                except ValueError as exc:
                    assert "strictly between" in str(exc)
                    failed += 1
                    with pytest.raises(ValueError) as info:
                        make(ours)
                    assert repr(footer) in str(info.value), info.value
                    assert "24 hours" in str(info.value)
                else:
                    got = make(ours)
                    assert got == expected and str(got) == str(expected)
    assert failed


@pytest.mark.parametrize("footer", ["XXX-23:59:59", "XXX23:59:59", "XXX23YYY,M3.2.0,M11.1.0",
                                    "XXX-22:59:59YYY,M3.2.0,M11.1.0"])
def test_footer_offsets_just_under_a_day_still_load(footer):
    data = tzstr_file(footer)
    ours = tzcompat.ZoneInfo.from_file(io.BytesIO(data))
    ref = zoneinfo.ZoneInfo.from_file(io.BytesIO(data))
    for month in (1, 7):
        compare_wall(ours, ref, datetime(2020, month, 1, 12), where=footer)
