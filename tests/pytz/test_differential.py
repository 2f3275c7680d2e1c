"""Differential tests: tzcompat.pytz against the real pytz, both reading pytz's TZif files.

Every zone pytz ships is compared (transition lists, period objects, repr, class), then a
deterministic sweep localizes wall times at the critical points of a sample of each zone's
transitions, and hypothesis explores 1850-2037 with a bias to within hours of transitions.
"""

from __future__ import annotations

import pickle
import random
from datetime import datetime, timedelta

import pytest
import pytz as real_pytz
from hypothesis import given
from hypothesis import strategies as st

import tzcompat.pytz as ours

from .conftest import ALL_ZONES, ours_from_pytz_file, pytz_pickles

LOW = datetime(1850, 1, 1)
HIGH = datetime(2037, 12, 31)  # pytz stops applying rules after 2037 (see test_after_2037)
IS_DST = [False, True, None, 0, 1, "x"]


def real_tz(name: str):
    return real_pytz.timezone(name)


def outcome(func):
    """A comparable summary of a call: the value and its tzinfo, or the exception class."""
    try:
        value = func()
    except Exception as exc:  # noqa: BLE001 - the class is what we compare
        return ("raises", type(exc).__name__, str(exc))
    if isinstance(value, datetime):
        tz = value.tzinfo
        return (
            "ok",
            value.replace(tzinfo=None),
            value.fold,
            value.utcoffset(),
            value.dst(),
            value.tzname(),
            repr(tz),
            str(tz),
        )
    return ("ok", value)


# ---------------------------------------------------------------------------------------------
# Structure of every zone


@pytest.mark.parametrize("name", ALL_ZONES)
def test_zone_structure(name):
    r, o = real_tz(name), ours_from_pytz_file(name)
    assert repr(o) == repr(r)
    assert str(o) == str(r)
    assert o.zone == r.zone
    kinds = ("DstTzInfo", "StaticTzInfo", "UTC")
    kind = next(c.__name__ for c in type(r).__mro__ if c.__name__ in kinds)
    assert isinstance(o, getattr(ours.tzinfo, kind, type(ours.utc)))
    assert o._utcoffset == r._utcoffset and o._tzname == r._tzname
    if kind == "DstTzInfo":
        assert type(o).__name__ == type(r).__name__ == name
        assert o._utc_transition_times == r._utc_transition_times
        assert o._transition_info == r._transition_info
        assert o._dst == r._dst
        assert sorted(o._tzinfos, key=repr) == sorted(r._tzinfos, key=repr)
        assert o._tzinfos[o._transition_info[0]] is o
        assert sorted(map(repr, o._tzinfos.values())) == sorted(map(repr, r._tzinfos.values()))
    else:
        assert not hasattr(o, "_dst") or kind == "UTC"


def _critical_points(tz) -> list[datetime]:
    """Wall times where pytz's answer can change around each transition (sampled)."""
    times = tz._utc_transition_times
    infos = tz._transition_info
    idx = list(range(1, len(times)))
    rnd = random.Random(tz.zone)
    if len(idx) > 25:
        idx = sorted({1, len(times) - 1, *rnd.sample(idx, 23)})
    points = []
    for i in idx:
        t = times[i]
        if t > HIGH:
            continue
        before, after = infos[i - 1][0], infos[i][0]
        for base in {t + before, t + after}:
            for d in (-1, 0, 1):
                points.append(base + timedelta(seconds=d))
        points.append(t + (before + after) / 2)
        for edge in (timedelta(days=1), -timedelta(days=1)):
            points.append(t + edge)
            points.append(t + edge - timedelta(seconds=1))
    return points


@pytest.mark.parametrize("name", [z for z in ALL_ZONES if z != "UTC"])
def test_localize_sweep(name):
    r, o = real_tz(name), ours_from_pytz_file(name)
    if not hasattr(r, "_utc_transition_times"):
        points = [datetime(1900, 1, 1), datetime(2020, 6, 1, 12)]
    else:
        points = _critical_points(r)
    for dt in points:
        for is_dst in (False, True, None):
            a = outcome(lambda: r.localize(dt, is_dst=is_dst))  # noqa: B023
            b = outcome(lambda: o.localize(dt, is_dst=is_dst))  # noqa: B023
            assert a == b, (name, dt, is_dst)
        u = dt.replace(tzinfo=real_pytz.utc)
        assert outcome(lambda: u.astimezone(r)) == outcome(  # noqa: B023
            lambda: dt.replace(tzinfo=ours.utc).astimezone(o)  # noqa: B023
        ), (name, dt)


# ---------------------------------------------------------------------------------------------
# Hypothesis: random zones, instants biased to transitions


@st.composite
def zone_and_walltimes(draw, count: int = 8):
    name = draw(st.sampled_from(ALL_ZONES))
    r = real_tz(name)
    times = getattr(r, "_utc_transition_times", None)
    infos = getattr(r, "_transition_info", None)
    usable = [i for i in range(1, len(times)) if times[i] <= HIGH] if times else []
    out = []
    for _ in range(count):
        if usable and draw(st.integers(0, 9)) < 8:
            i = draw(st.sampled_from(usable))
            base = times[i] + infos[draw(st.sampled_from([i - 1, i]))][0]
            spread = draw(st.sampled_from([60, 3600, 4 * 3600, 26 * 3600]))
            seconds = draw(st.integers(-spread, spread))
            micro = draw(st.sampled_from([0, 0, 0, 1, 999_999]))
            dt = base + timedelta(seconds=seconds, microseconds=micro)
            dt = min(max(dt, LOW), HIGH)
        else:
            dt = draw(st.datetimes(min_value=LOW, max_value=HIGH))
        out.append(dt)
    return name, out


@given(zone_and_walltimes(), st.sampled_from(IS_DST))
def test_localize(case, is_dst):
    name, dts = case
    r, o = real_tz(name), ours_from_pytz_file(name)
    for dt in dts:
        assert outcome(lambda: r.localize(dt, is_dst=is_dst)) == outcome(  # noqa: B023
            lambda: o.localize(dt, is_dst=is_dst)  # noqa: B023
        ), (name, dt, is_dst)


@given(zone_and_walltimes(count=4), st.sampled_from(IS_DST))
def test_localize_fold_input_is_dropped(case, is_dst):
    name, dts = case
    r, o = real_tz(name), ours_from_pytz_file(name)
    for dt in dts:
        dt = dt.replace(fold=1)
        assert outcome(lambda: r.localize(dt, is_dst=is_dst)) == outcome(  # noqa: B023
            lambda: o.localize(dt, is_dst=is_dst)  # noqa: B023
        )


deltas = st.one_of(
    st.timedeltas(min_value=timedelta(hours=-50), max_value=timedelta(hours=50)),
    st.timedeltas(min_value=timedelta(days=-800), max_value=timedelta(days=800)),
    st.sampled_from([timedelta(hours=24), timedelta(hours=-24), timedelta(hours=1),
                     timedelta(minutes=-10), timedelta(days=180)]),
)  # fmt: skip


@given(zone_and_walltimes(count=4), st.sampled_from(ALL_ZONES), st.lists(deltas, min_size=4,
       max_size=4), st.booleans())  # fmt: skip
def test_normalize_after_arithmetic(case, other, ds, is_dst):
    name, dts = case
    r, o = real_tz(name), ours_from_pytz_file(name)
    r2, o2 = real_tz(other), ours_from_pytz_file(other)
    for dt, d in zip(dts, ds):
        a = r.localize(dt, is_dst=is_dst)
        b = o.localize(dt, is_dst=is_dst)
        assert outcome(lambda: a + d) == outcome(lambda: b + d)  # noqa: B023
        # Past 2037 the adapter follows the zone's rule where pytz freezes (test_after_2037).
        if LOW <= dt + d <= HIGH:
            assert outcome(lambda: r.normalize(a + d)) == outcome(lambda: o.normalize(b + d))  # noqa: B023
        if LOW <= dt - d <= HIGH:
            assert outcome(lambda: r.normalize(a - d)) == outcome(lambda: o.normalize(b - d))  # noqa: B023
        # normalize converts between zones as well
        assert outcome(lambda: r2.normalize(a)) == outcome(lambda: o2.normalize(b))  # noqa: B023


@given(zone_and_walltimes(count=6), st.sampled_from([None, False, True]))
def test_utcoffset_dst_tzname(case, is_dst):
    name, dts = case
    r, o = real_tz(name), ours_from_pytz_file(name)
    for dt in dts:
        for meth in ("utcoffset", "dst", "tzname"):
            a = outcome(lambda: getattr(r, meth)(dt, is_dst=is_dst))  # noqa: B023
            b = outcome(lambda: getattr(o, meth)(dt, is_dst=is_dst))  # noqa: B023
            assert a == b, (name, dt, meth, is_dst)
        # A localized period answers for the whole zone on naive input, and for itself on
        # the datetimes it is attached to.
        a = r.localize(dt)
        b = o.localize(dt)
        for meth in ("utcoffset", "dst", "tzname"):
            assert outcome(lambda: getattr(a, meth)()) == outcome(lambda: getattr(b, meth)())  # noqa: B023
            assert outcome(lambda: getattr(a.tzinfo, meth)(dt, is_dst=is_dst)) == outcome(  # noqa: B023
                lambda: getattr(b.tzinfo, meth)(dt, is_dst=is_dst)  # noqa: B023
            )
        # The LMT trap: attaching the zone directly gives its first period.
        assert outcome(lambda: dt.replace(tzinfo=r)) == outcome(lambda: dt.replace(tzinfo=o))  # noqa: B023


@given(st.sampled_from(ALL_ZONES), st.sampled_from(ALL_ZONES),
       st.lists(st.datetimes(min_value=LOW, max_value=HIGH), min_size=6, max_size=6))  # fmt: skip
def test_astimezone_both_ways(name, other, instants):
    r, o = real_tz(name), ours_from_pytz_file(name)
    r2, o2 = real_tz(other), ours_from_pytz_file(other)
    for u in instants:
        a = u.replace(tzinfo=real_pytz.utc).astimezone(r)
        b = u.replace(tzinfo=ours.utc).astimezone(o)
        assert outcome(lambda: a) == outcome(lambda: b)  # noqa: B023
        assert outcome(lambda: a.astimezone(r2)) == outcome(lambda: b.astimezone(o2))  # noqa: B023
        assert outcome(lambda: a.astimezone(real_pytz.utc)) == outcome(  # noqa: B023
            lambda: b.astimezone(ours.utc)  # noqa: B023
        )
        assert outcome(lambda: r.fromutc(u)) == outcome(lambda: o.fromutc(u))  # noqa: B023
        assert a == b and (a < b) is False


@given(zone_and_walltimes(count=3), st.sampled_from([False, True]), st.integers(0, 5))
def test_repr_str_pickle(case, is_dst, protocol):
    name, dts = case
    r, o = real_tz(name), ours_from_pytz_file(name)
    with pytz_pickles():
        assert pickle.dumps(o, protocol) == pickle.dumps(r, protocol)
    for dt in dts:
        a = r.localize(dt, is_dst=is_dst)
        b = o.localize(dt, is_dst=is_dst)
        assert repr(b) == repr(a) and str(b) == str(a)
        assert repr(b.tzinfo) == repr(a.tzinfo) and str(b.tzinfo) == str(a.tzinfo)
        # In pytz's pickle format, with real pytz imported, our pickles are pytz's bytes
        # (they name pytz._p).
        with pytz_pickles():
            assert pickle.dumps(b, protocol) == pickle.dumps(a, protocol)
            assert pickle.dumps(b.tzinfo, protocol) == pickle.dumps(a.tzinfo, protocol)
