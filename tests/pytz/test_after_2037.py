"""The intentional difference: after 2037 tzcompat keeps applying each zone's rule.

pytz reads only the 32-bit part of its TZif files, so a zone's last period before 2038 is
frozen forever (New York stays EST, Sydney AEDT). tzcompat.pytz answers like PEP 615
zoneinfo there. These tests compare with the stdlib ``zoneinfo`` reading the same files, and
check that pytz itself is what differs.
"""

from __future__ import annotations

import os
import zoneinfo
from datetime import datetime, timedelta, timezone

import pytest
import pytz as real_pytz
from hypothesis import given
from hypothesis import strategies as st

import tzcompat.pytz as ours

from .conftest import PYTZ_ZONEINFO, ours_from_pytz_file

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
    # The pytz-visible transition list stays pytz's (pandas reads it).
    assert ny_o._utc_transition_times == ny_r._utc_transition_times
    assert ny_o._utc_transition_times[-1].year == 2037


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
