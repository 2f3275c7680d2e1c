"""Interop with the core: ``.zoneinfo`` and ``to_zoneinfo`` (core and stdlib targets)."""

from __future__ import annotations

import zoneinfo
from datetime import datetime, timedelta, timezone

import pytest
from hypothesis import given
from hypothesis import strategies as st

import tzcompat
import tzcompat.pytz as ours

ZONES = ["America/New_York", "Europe/Dublin", "Australia/Lord_Howe", "Europe/London",
         "Asia/Kolkata", "America/Sao_Paulo", "Pacific/Apia"]  # fmt: skip


def test_zone_exposes_core_zoneinfo():
    ny = ours.timezone("America/New_York")
    assert isinstance(ny.zoneinfo, tzcompat.ZoneInfo) and ny.zoneinfo.key == "America/New_York"
    assert ny.localize(datetime(2020, 7, 1)).tzinfo.zoneinfo is ny.zoneinfo
    assert ours.timezone("Etc/GMT+5").zoneinfo.key == "Etc/GMT+5"
    assert ours.utc.zoneinfo.key == "UTC"
    assert ours.FixedOffset(60).zoneinfo is None


@pytest.mark.parametrize("stdlib", [False, True])
@given(name=st.sampled_from(ZONES),
       wall=st.datetimes(min_value=datetime(1970, 1, 1), max_value=datetime(2037, 12, 1)),
       is_dst=st.booleans())  # fmt: skip
def test_to_zoneinfo_keeps_wall_time_and_instant(stdlib, name, wall, is_dst):
    tz = ours.timezone(name)
    loc = tz.localize(wall, is_dst=is_dst)
    conv = ours.to_zoneinfo(loc, stdlib=stdlib)
    assert isinstance(conv.tzinfo, zoneinfo.ZoneInfo if stdlib else tzcompat.ZoneInfo)
    assert conv.tzinfo.key == name
    assert conv.replace(tzinfo=None) == loc.replace(tzinfo=None)
    # Same offset up to pytz's minute rounding, hence the same instant.
    assert abs(conv.utcoffset() - loc.utcoffset()) <= timedelta(seconds=30)


def test_to_zoneinfo_folds_and_special_zones():
    ny = ours.timezone("America/New_York")
    first = ny.localize(datetime(2020, 11, 1, 1, 30), is_dst=True)
    second = ny.localize(datetime(2020, 11, 1, 1, 30), is_dst=False)
    assert ours.to_zoneinfo(first).fold == 0 and ours.to_zoneinfo(second).fold == 1
    lmt = datetime(2020, 7, 1, tzinfo=ny)  # the LMT trap: the instant is kept instead
    conv = ours.to_zoneinfo(lmt, stdlib=True)
    assert conv == lmt and conv.utcoffset() == timedelta(hours=-4)
    assert ours.to_zoneinfo(datetime(2020, 1, 1, tzinfo=ours.utc)).tzinfo.key == "UTC"
    fixed = ours.to_zoneinfo(datetime(2020, 1, 1, tzinfo=ours.FixedOffset(90)))
    assert fixed.tzinfo == timezone(timedelta(minutes=90))
    with pytest.raises(ValueError):
        ours.to_zoneinfo(datetime(2020, 1, 1))
