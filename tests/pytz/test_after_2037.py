"""The intentional difference: after 2037 tzcompat keeps applying each zone's rule.

pytz reads only the 32-bit part of its TZif files, so a zone's last period before 2038 is
frozen forever (New York stays EST, Sydney AEDT). tzcompat.pytz answers like PEP 615
zoneinfo there. These tests compare with the stdlib ``zoneinfo`` reading the same files, and
check that pytz itself is what differs.
"""

from __future__ import annotations

import os
import subprocess
import sys
import zoneinfo
from datetime import datetime, timedelta, timezone

import pytest
import pytz as real_pytz
from hypothesis import given
from hypothesis import strategies as st

import tzcompat.pytz as ours

from .. import _needs
from .conftest import PYTZ_ZONEINFO, ours_from_pytz_file

SRC = os.path.join(os.path.dirname(__file__), os.pardir, os.pardir, "src")

RULE_ZONES = [
    "America/New_York", "Europe/London", "Australia/Sydney", "America/Santiago",
    "Europe/Dublin", "Pacific/Auckland", "America/St_Johns", "Australia/Lord_Howe",
]  # fmt: skip


def stdlib_zone(name: str) -> zoneinfo.ZoneInfo:
    with open(os.path.join(PYTZ_ZONEINFO, *name.split("/")), "rb") as f:
        return zoneinfo.ZoneInfo.from_file(f, key=name)


def test_pytz_freezes_but_tzcompat_follows_the_rule():
    ny_r = real_pytz.timezone("America/New_York")
    ny_o = ours_from_pytz_file("America/New_York")
    july = datetime(2050, 7, 1, 12)
    assert ny_r.localize(july).tzname() == "EST"  # pytz's frozen last period
    assert ny_o.localize(july).tzname() == "EDT"
    assert ny_o.localize(july).utcoffset() == timedelta(hours=-4)
    u = datetime(2050, 7, 1, 16, tzinfo=timezone.utc)
    assert (
        u.astimezone(ny_o).isoformat() == u.astimezone(stdlib_zone("America/New_York")).isoformat()
    )
    # With the real pytz loaded as ``pytz`` (this process), the exposed lists stay pytz's:
    # pandas swaps zones for real pytz's and caches transition data by zone name.
    assert ny_o._utc_transition_times == ny_r._utc_transition_times
    assert ny_o._utc_transition_times[-1].year == 2037


def fresh_zone(name: str):
    with open(os.path.join(PYTZ_ZONEINFO, *name.split("/")), "rb") as f:
        return ours.tzfile.build_tzinfo(name, f)


@pytest.mark.parametrize("name", RULE_ZONES)
def test_exposed_lists_run_to_the_horizon_when_pytz_is_tzcompat(name, monkeypatch):
    """Installed as ``pytz``, the lists go on with the rule to 2262 (pandas' ns limit), and
    every period in them is the one fromutc and localize give."""
    monkeypatch.setitem(sys.modules, "pytz", ours)
    tz = fresh_zone(name)
    real = real_pytz.timezone(name)
    times, infos = tz._utc_transition_times, tz._transition_info
    n = len(real._utc_transition_times)
    assert times[:n] == real._utc_transition_times and infos[:n] == real._transition_info
    assert times[n - 1].year <= 2037 < times[n].year and times[-1].year == 2261
    assert times == sorted(times) and len(times) == len(infos)
    assert set(infos) <= set(tz._tzinfos)
    z = stdlib_zone(name)
    for t, info in zip(times[n:], infos[n:]):
        for probe in (t, t + timedelta(hours=12)):
            got = probe.replace(tzinfo=timezone.utc).astimezone(tz)
            assert (got.utcoffset(), got.dst(), got.tzname()) == info
            assert got.utcoffset() == probe.replace(tzinfo=timezone.utc).astimezone(z).utcoffset()
        wall = t + info[0] + timedelta(hours=12)
        assert tz.localize(wall).tzinfo is tz._tzinfos[info]


PANDAS_AFTER_2037 = """
import sys
from datetime import datetime, timedelta, timezone
import tzcompat
tzcompat.install(pytz=True, dateutil=False)
import pandas as pd
import pytz

bad = []
for name in sys.argv[1:]:
    tz = pytz.timezone(name)
    # The issue's case: a localized datetime through pandas keeps its wall time.
    for year in (2038, 2050, 2100, 2200, 2261):
        for month in (1, 4, 7, 10):
            loc = tz.localize(datetime(year, month, 15, 12))
            back = pd.to_datetime([loc])[0]
            if back.to_pydatetime() != loc or back.utcoffset() != loc.utcoffset():
                bad.append(("to_datetime", name, str(loc), str(back)))
            ts = pd.Timestamp(datetime(year, month, 15, 12), tz=tz)
            if ts.utcoffset() != loc.utcoffset() or ts.tzname() != loc.tzname():
                bad.append(("Timestamp", name, str(loc), str(ts)))
    utc = pd.date_range("2037-06-01", "2261-12-01", freq="293h", tz="UTC")
    conv = utc.tz_convert(tz)
    for u, c in zip(utc[::7], conv[::7]):
        want = u.to_pydatetime().astimezone(tz)
        if c.to_pydatetime().replace(tzinfo=None) != want.replace(tzinfo=None) \
                or c.tzname() != want.tzname():
            bad.append(("tz_convert", name, str(want), str(c)))
print(len(bad), bad[:5])
"""


def test_pandas_and_localize_agree_after_2037_when_installed():
    _needs.module("pandas")
    env = {k: v for k, v in os.environ.items() if not k.startswith("TZCOMPAT_")}
    env["PYTHONPATH"] = SRC + os.pathsep + env.get("PYTHONPATH", "")
    res = subprocess.run([sys.executable, "-c", PANDAS_AFTER_2037, *RULE_ZONES], env=env,
                         capture_output=True, text=True, timeout=300)  # fmt: skip
    assert res.returncode == 0, res.stderr
    assert res.stdout.startswith("0 "), res.stdout


@pytest.mark.parametrize("name", RULE_ZONES)
@given(instant=st.datetimes(min_value=datetime(2038, 3, 1), max_value=datetime(9999, 12, 1)))
def test_fromutc_matches_zoneinfo(name, instant):
    o, z = ours_from_pytz_file(name), stdlib_zone(name)
    u = instant.replace(tzinfo=timezone.utc)
    a, b = u.astimezone(o), u.astimezone(z)
    assert a.replace(tzinfo=None) == b.replace(tzinfo=None)
    assert (a.utcoffset(), a.tzname()) == (b.utcoffset(), b.tzname())
    assert bool(a.dst()) == bool(b.dst()) or name == "Europe/Dublin"  # pytz-style dst sign


@pytest.mark.parametrize("name", RULE_ZONES)
@given(wall=st.datetimes(min_value=datetime(2038, 3, 1), max_value=datetime(9999, 12, 1)),
       is_dst=st.sampled_from([False, True, None]))  # fmt: skip
def test_localize_matches_zoneinfo(name, wall, is_dst):
    """Outside gaps and folds the offset is zoneinfo's; inside them pytz's rules apply."""
    o, z = ours_from_pytz_file(name), stdlib_zone(name)
    off0 = wall.replace(tzinfo=z, fold=0).utcoffset()
    off1 = wall.replace(tzinfo=z, fold=1).utcoffset()
    if off0 == off1:
        assert o.localize(wall, is_dst=is_dst).utcoffset() == off0
        return
    ambiguous = (wall.replace(tzinfo=z, fold=0).astimezone(timezone.utc).astimezone(z)
                 .replace(tzinfo=None) == wall)  # fmt: skip
    if is_dst is None:
        err = ours.AmbiguousTimeError if ambiguous else ours.NonExistentTimeError
        with pytest.raises(err):
            o.localize(wall, is_dst=None)
    else:
        got = o.localize(wall, is_dst=is_dst).utcoffset()
        assert got in (off0, off1)


def test_far_future_and_range_ends():
    ny = ours_from_pytz_file("America/New_York")
    assert ny.localize(datetime(9999, 7, 1)).tzname() == "EDT"
    assert ny.localize(datetime(9999, 12, 31)).tzname() == "EST"
    with pytest.raises(OverflowError):  # as pytz: normalize's dt - offset overflows
        ours_from_pytz_file("US/Pacific").localize(datetime(9999, 12, 31, 23, 59))
    with pytest.raises(OverflowError):
        real_pytz.timezone("US/Pacific").localize(datetime(9999, 12, 31, 23, 59))
