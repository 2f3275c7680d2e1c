"""pytz's subclassing pattern: a class carrying its own transition lists (icalendar does this).

``type(name, (DstTzInfo,), {"zone": ..., "_utc_transition_times": ..., "_transition_info":
...})()`` (and the ``StaticTzInfo`` form with ``_utcoffset``/``_tzname``) is built here with
the very same class dict on real pytz and on tzcompat.pytz, and every answer compared.
"""

from __future__ import annotations

import pickle
from datetime import datetime, timedelta

import pytest
import pytz as real_pytz
from hypothesis import given
from hypothesis import strategies as st

import tzcompat.pytz as ours

from .test_api import outcome

SOURCES = ["America/New_York", "Europe/Dublin", "Australia/Lord_Howe", "Pacific/Apia",
           "Europe/Warsaw", "Asia/Kolkata", "America/Sao_Paulo"]  # fmt: skip


def make_pair(source: str, cut: int = 0, name: str = "Custom/Zone"):
    """The same subclass dict on both sides (from real pytz's lists, optionally cut)."""
    real = real_pytz.timezone(source)
    body = {
        "zone": name,
        "_utc_transition_times": real._utc_transition_times[cut:],
        "_transition_info": real._transition_info[cut:],
    }
    theirs = type(name, (real_pytz.tzinfo.DstTzInfo,), dict(body))()
    mine = type(name, (ours.tzinfo.DstTzInfo,), dict(body))()
    return theirs, mine


def describe(x):
    if isinstance(x, datetime):
        return (x.isoformat(), x.tzname(), x.dst(), repr(x.tzinfo))
    return x


def near_transitions(tz, step=timedelta(minutes=30)):
    out = []
    for t in tz._utc_transition_times[1:]:
        if t.year < 1900 or t.year > 2037:
            continue
        for k in range(-6, 7):
            out.append(t + k * step)
    return out[:600]


@pytest.mark.parametrize("source", SOURCES)
@pytest.mark.parametrize("cut", [0, 5])
def test_family_matches_real_pytz(source, cut):
    theirs, mine = make_pair(source, cut)
    assert repr(mine) == repr(theirs) and str(mine) == str(theirs)
    assert type(mine).__name__ == type(theirs).__name__ == "Custom/Zone"
    assert mine._tzinfos.keys() == theirs._tzinfos.keys()
    assert {k: repr(v) for k, v in mine._tzinfos.items()} == {
        k: repr(v) for k, v in theirs._tzinfos.items()
    }
    assert mine._tzinfos[mine._transition_info[0]] is mine
    walls = near_transitions(theirs) + [datetime(1850, 1, 1), datetime(2050, 7, 1)]
    def call(tz, meth, wall, is_dst):
        return outcome(lambda: describe(getattr(tz, meth)(wall, is_dst=is_dst)))

    for wall in walls:
        for is_dst in (True, False, None):
            for meth in ("localize", "utcoffset", "dst", "tzname"):
                r = call(theirs, meth, wall, is_dst)
                assert call(mine, meth, wall, is_dst) == r, (meth, wall, is_dst)
        u = theirs.fromutc(wall)
        v = mine.fromutc(wall)
        assert describe(v) == describe(u)
        assert describe(mine.normalize(v + timedelta(hours=5))) == describe(
            theirs.normalize(u + timedelta(hours=5))
        )
        assert v.tzinfo.__reduce__()[1] == u.tzinfo.__reduce__()[1]
    for meth in ("utcoffset", "dst", "tzname"):
        assert getattr(mine, meth)(None) == getattr(theirs, meth)(None)


@given(wall=st.datetimes(min_value=datetime(1890, 1, 1), max_value=datetime(2040, 1, 1)),
       is_dst=st.sampled_from([True, False, None]), source=st.sampled_from(SOURCES))  # fmt: skip
def test_localize_random(wall, is_dst, source):
    theirs, mine = PAIRS[source]
    r = outcome(lambda: describe(theirs.localize(wall, is_dst=is_dst)))
    o = outcome(lambda: describe(mine.localize(wall, is_dst=is_dst)))
    assert o == r


PAIRS = {s: make_pair(s, 3) for s in SOURCES}


def test_each_construction_is_a_new_family_and_pickles_by_zone():
    cls_body = {
        "zone": "America/New_York",
        "_utc_transition_times": real_pytz.timezone("America/New_York")._utc_transition_times,
        "_transition_info": real_pytz.timezone("America/New_York")._transition_info,
    }
    for base in (real_pytz.tzinfo.DstTzInfo, ours.tzinfo.DstTzInfo):
        cls = type("America/New_York", (base,), dict(cls_body))
        a, b = cls(), cls()
        assert a is not b and a._tzinfos is not b._tzinfos
        edt = a.localize(datetime(2020, 7, 1)).tzinfo
        assert edt._tzinfos is a._tzinfos and edt in a._tzinfos.values()
        # Pickles name the zone (``pytz._p``): they load as the database's zone of that name
        # in whatever ``pytz`` is (the real one in this process).
        back = pickle.loads(pickle.dumps(edt))
        assert back is real_pytz.timezone("America/New_York").localize(datetime(2020, 7, 1)).tzinfo
        # fromutc rejects a datetime of another family, as pytz does.
        other = b.localize(datetime(2020, 7, 1))
        with pytest.raises(ValueError):
            a.fromutc(other)


def test_static_subclass():
    body = {"zone": "Custom/Plus3", "_utcoffset": timedelta(hours=3), "_tzname": "+03"}
    theirs = type("Custom/Plus3", (real_pytz.tzinfo.StaticTzInfo,), dict(body))()
    mine = type("Custom/Plus3", (ours.tzinfo.StaticTzInfo,), dict(body))()
    wall = datetime(2020, 1, 1, 12)
    assert repr(mine) == repr(theirs) and str(mine) == str(theirs)
    assert describe(mine.localize(wall)) == describe(theirs.localize(wall))
    assert describe(mine.fromutc(wall)) == describe(theirs.fromutc(wall))
    assert mine.__reduce__()[1] == theirs.__reduce__()[1] == ("Custom/Plus3",)
    for meth in ("utcoffset", "dst", "tzname"):
        assert getattr(mine, meth)(wall, is_dst=None) == getattr(theirs, meth)(wall, is_dst=None)
    u = datetime(2020, 1, 1, 12, tzinfo=ours.utc)
    assert describe(u.astimezone(mine)) == describe(u.astimezone(theirs))


def test_missing_lists_fail_as_in_pytz():
    for base in (real_pytz.tzinfo.DstTzInfo, ours.tzinfo.DstTzInfo):
        with pytest.raises(TypeError):
            type("Bare", (base,), {"zone": "Bare"})()
