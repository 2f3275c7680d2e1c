"""tzutc, tzoffset and tzrange against the real dateutil.tz."""

from __future__ import annotations

import copy
import pickle
from datetime import datetime, timedelta, timezone

import pytest
from dateutil.relativedelta import FR, MO, SU, relativedelta
from hypothesis import given
from hypothesis import strategies as st

from ._compare import ours, outcome, real, same, shape, utc_checks, wall_checks

PROBES = [
    datetime(1850, 1, 1),
    datetime(2011, 3, 13, 2, 30),
    datetime(2011, 11, 6, 1, 30),
    datetime(2024, 7, 1, 12),
    datetime(9999, 12, 31, 12),
]


def test_tzutc_singleton_and_api():
    facts = []
    for mod in (real, ours):
        u = mod.tzutc()
        facts.append((
            u is mod.UTC, mod.tzutc() is mod.tzutc(), repr(u), str(datetime(2020, 1, 1, tzinfo=u)),
            pickle.loads(pickle.dumps(u)) is u, copy.copy(u) is u, copy.deepcopy(u) is u,
            u == mod.tzoffset(None, 0), mod.tzoffset("UTC", 0) == u, u == mod.tzoffset(None, 1),
            u == timezone.utc, u.is_ambiguous(datetime(2020, 1, 1)),
            u.utcoffset(None), u.dst(None), u.tzname(None),
        ))
        with pytest.raises(TypeError):
            hash(u)
    assert facts[0] == facts[1]
    u = ours.tzutc()  # 4.x behaviour, whichever release is installed
    assert pickle.loads(pickle.dumps(u)) is u and copy.copy(u) is u and copy.deepcopy(u) is u
    for naive in PROBES:
        wall_checks(real.UTC, ours.UTC, naive)
        utc_checks(real.UTC, ours.UTC, naive)
    same(real.UTC.fromutc, ours.UTC.fromutc, datetime(2020, 1, 1))
    same(real.UTC.fromutc, ours.UTC.fromutc, "2020")


names = st.one_of(st.none(), st.text(max_size=6), st.sampled_from(["EST", "UTC", "", "+03"]))
seconds = st.one_of(
    st.integers(-100000, 100000),
    st.floats(-90000, 90000, allow_nan=False),
    st.integers(-86399, 86399).map(lambda s: timedelta(seconds=s)),
    st.integers(-10**11, 10**11).map(lambda us: timedelta(microseconds=us)),
)


@given(names, seconds, st.sampled_from(PROBES))
def test_tzoffset_like_dateutil(name, offset, naive):
    a = outcome(real.tzoffset.instance, name, offset)
    b = outcome(ours.tzoffset.instance, name, offset)
    assert a == b
    if a[0] != "ok":
        return
    zr, zo = real.tzoffset(name, offset), ours.tzoffset(name, offset)
    assert repr(zr) == repr(zo)
    facts = [
        (
            z is mod.tzoffset(name, offset), z is mod.tzoffset.instance(name, offset),
            z == mod.UTC, mod.UTC == z, z == mod.tzoffset("other", offset),
            z == mod.tzoffset(name, 1),
            pickle.loads(pickle.dumps(z)) is z, copy.deepcopy(z) is z,
        )
        for mod, z in ((real, zr), (ours, zo))
    ]
    assert facts[0] == facts[1]
    wall_checks(zr, zo, naive)
    utc_checks(zr, zo, naive)
    for attr in ("utcoffset", "dst", "tzname"):
        assert outcome(getattr(zr, attr), None) == outcome(getattr(zo, attr), None)


def test_tzoffset_timedelta_and_seconds_share_an_instance():
    for mod in (real, ours):
        assert mod.tzoffset(None, 3600) is mod.tzoffset(None, timedelta(hours=1))
        assert mod.tzoffset("A", 3600) is not mod.tzoffset("B", 3600)
    same(real.tzoffset, ours.tzoffset, [], 3600)  # unhashable name
    same(real.tzoffset, ours.tzoffset, "X", "3600")


weekdays = st.sampled_from([None, SU(+1), SU(-1), MO(+2), FR(-2), SU(+5), SU(0)])
rdeltas = st.one_of(
    st.none(),
    st.builds(
        relativedelta,
        month=st.one_of(st.none(), st.integers(1, 12)),
        day=st.one_of(st.none(), st.integers(1, 31)),
        weekday=weekdays,
        hours=st.integers(-30, 30),
        minutes=st.integers(-90, 90),
    ),
)
offsets = st.one_of(
    st.none(), st.integers(-50000, 50000), st.integers(-20, 20).map(lambda h: timedelta(hours=h))
)


@given(
    st.one_of(st.none(), st.sampled_from(["EST", "UTC", "CET"])),
    offsets,
    st.one_of(st.none(), st.just(""), st.sampled_from(["EDT", "CEST"])),
    offsets,
    rdeltas,
    rdeltas,
    st.integers(1900, 2100),
)
def test_tzrange_like_dateutil(stdabbr, stdoffset, dstabbr, dstoffset, start, end, year):
    args = (stdabbr, stdoffset, dstabbr, dstoffset, start, end)
    a = outcome(real.tzrange, *args)
    b = outcome(ours.tzrange, *args)
    assert a == b
    if a[0] != "ok":
        return
    zr, zo = real.tzrange(*args), ours.tzrange(*args)
    assert (repr(zr), zr.hasdst) == (repr(zo), zo.hasdst)
    assert shape(outcome(zr.transitions, year)) == shape(outcome(zo.transitions, year))
    probes = [datetime(year, 1, 1), datetime(year, 6, 30, 23, 59)]
    trans = outcome(zr.transitions, year)
    if trans[0] == "ok" and trans[1] is not None:
        for _, naive, *_rest in trans[1][1]:
            probes += [naive + timedelta(minutes=m) for m in (-61, -1, 0, 30, 60, 119)]
    for naive in probes:
        wall_checks(zr, zo, naive)
        utc_checks(zr, zo, naive)
    for z in (zr, zo):
        with pytest.raises(TypeError):
            hash(z)
    assert (zr == real.tzrange(*args)) == (zo == ours.tzrange(*args))
    assert (zr == real.tzstr("EST5EDT")) == (zo == ours.tzstr("EST5EDT"))


def test_tzrange_defaults_and_errors():
    for args in [("EST",), ("EST", -18000), ("EST", -18000, "EDT"), ("EST", None, "EDT")]:
        zr, zo = real.tzrange(*args), ours.tzrange(*args)
        assert (zr.hasdst, zr._std_offset, zr._dst_offset) == (
            zo.hasdst, zo._std_offset, zo._dst_offset)
        assert shape(zr.transitions(2011)) == shape(zo.transitions(2011))
        for naive in PROBES:
            wall_checks(zr, zo, naive)
    same(real.tzrange, ours.tzrange)
    with pytest.raises(NotImplementedError):
        ours.tzrangebase()
    z = ours.tzrange("EST", -18000, "EDT")
    back = pickle.loads(pickle.dumps(z))
    assert back == z and back is not z and repr(back) == "tzrange(...)"
    for naive in PROBES:
        wall_checks(real.tzrange("EST", -18000, "EDT"), back, naive)
