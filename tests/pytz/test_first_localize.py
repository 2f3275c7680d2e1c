"""A zone's first localizes, before its transition view exists.

Until the view is built (or the localize table, after 16 calls), a wall time three days or
more from any transition is answered straight from the TZif arrays. These tests use fresh
zone objects so that path really runs, and check each answer against real pytz (same files)
and against the view built afterwards: same values, and the very period object.
"""

from __future__ import annotations

import os
import random
from datetime import datetime, timedelta
from importlib.resources import files

import pytest
import pytz as real_pytz

from tzcompat.pytz.tzfile import build_tzinfo

from .. import _needs
from .conftest import ALL_ZONES, PYTZ_ZONEINFO

DST_ZONES = [n for n in ALL_ZONES if hasattr(real_pytz.timezone(n), "_utc_transition_times")]
_CALLS = 16  # after this many, localize builds its table (and the view)


def _wall_times(name: str) -> list[datetime]:
    """Mid-period wall times (the quiet path's domain) plus a few near transitions."""
    r = real_pytz.timezone(name)
    rnd = random.Random(name)
    times = [
        t for t in r._utc_transition_times[1:] if datetime(1902, 1, 1) < t < datetime(2037, 1, 1)
    ]
    points = []
    for t in rnd.sample(times, min(len(times), 10)):
        points.append(
            t + timedelta(days=rnd.choice([-20, -5, 4, 9, 40]), seconds=rnd.randrange(86400))
        )
    for t in rnd.sample(times, min(len(times), 3)):
        points.append(t + timedelta(hours=rnd.choice([-2, 0, 1, 3])))
    points.append(datetime(2030, 6, 15, 12))
    return points[:_CALLS]


def _fresh(path: str, name: str):
    with open(path, "rb") as f:
        return build_tzinfo(name, f)


def _summary(dt: datetime) -> tuple:
    return (dt.replace(tzinfo=None), dt.utcoffset(), dt.dst(), dt.tzname(), repr(dt.tzinfo))


@pytest.mark.parametrize("name", DST_ZONES)
def test_first_localizes_match_pytz_and_the_view(name):
    r = real_pytz.timezone(name)
    o = _fresh(os.path.join(PYTZ_ZONEINFO, *name.split("/")), name)
    points = _wall_times(name)
    first = [o.localize(dt) for dt in points]
    assert [_summary(d) for d in first] == [_summary(r.localize(dt)) for dt in points]
    # Now build the view: every early answer's period is the view's object for it.
    view = o._tzinfos
    for d in first:
        assert view[(d.utcoffset(), d.dst(), d.tzname())] is d.tzinfo, (name, d)
    assert view[o._transition_info[0]] is o


def test_quiet_path_runs_without_building_the_view():
    o = _fresh(os.path.join(PYTZ_ZONEINFO, "Europe", "Paris"), "Europe/Paris")
    summer = o.localize(datetime(2024, 7, 1, 12))
    winter = o.localize(datetime(2024, 1, 15, 8))
    assert not o._zd.states  # answered from the file
    assert (summer.utcoffset(), summer.dst(), summer.tzname()) == (
        timedelta(hours=2),
        timedelta(hours=1),
        "CEST",
    )
    assert (winter.utcoffset(), winter.dst(), winter.tzname()) == (
        timedelta(hours=1),
        timedelta(0),
        "CET",
    )
    gap = datetime(2024, 3, 31, 2, 30)  # in the gap: needs pytz's full algorithm
    near = o.localize(gap)
    assert o._zd.states
    assert _summary(near) == _summary(real_pytz.timezone("Europe/Paris").localize(gap))


@pytest.mark.parametrize("name", DST_ZONES[::7])
def test_first_localizes_on_slim_files_match_the_view(name):
    """Slim files keep no-op transitions pytz's view drops: early answers still agree."""
    root = files("tzdata.zoneinfo")
    try:
        with root.joinpath(*name.split("/")).open("rb") as f:
            early = build_tzinfo(name, f)
        with root.joinpath(*name.split("/")).open("rb") as f:
            late = build_tzinfo(name, f)
    except FileNotFoundError:
        _needs.not_here(f"{name} in this tzdata release")
    points = _wall_times(name)
    got = [early.localize(dt) for dt in points]
    late._utc_transition_times  # noqa: B018 - build the view first on this one
    want = [late.localize(dt) for dt in points]
    assert [_summary(d) for d in got] == [_summary(d) for d in want]
    view = early._tzinfos
    for d in got:
        assert view[(d.utcoffset(), d.dst(), d.tzname())] is d.tzinfo


def test_concurrent_first_localizes_share_period_objects():
    """Threads racing through a fresh zone's first localizes (some answered from the file, some
    building the view) still get one object per period: the view's."""
    import sys
    import threading

    old = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads as often as possible
    try:
        for name in ["Europe/Paris", "America/New_York", "Australia/Sydney", "Europe/London"] * 3:
            o = _fresh(os.path.join(PYTZ_ZONEINFO, *name.split("/")), name)
            points = _wall_times(name)
            barrier = threading.Barrier(6)
            results: list[list[datetime]] = [[] for _ in range(6)]

            def worker(i, o=o, points=points, barrier=barrier, results=results):
                barrier.wait()
                # Half the threads start near transitions, which builds the view.
                for dt in points if i % 2 else points[::-1]:
                    results[i].append(o.localize(dt))

            threads = [threading.Thread(target=worker, args=(i,)) for i in range(6)]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            view = o._tzinfos
            for got in results:
                assert len(got) == len(points)
                for d in got:
                    assert view[(d.utcoffset(), d.dst(), d.tzname())] is d.tzinfo, (name, d)
    finally:
        sys.setswitchinterval(old)
