"""tzcompat.pytz zones keep their exposed transition lists (read by pandas for every
datetime it converts) as plain class attributes after the first read; a refresh() that
gives the zone new data must expose the new lists. Expected: a zone freshly built from the
new bytes."""

from __future__ import annotations

import io

import tzcompat

from .. import _needs
from ._data import zone_new, zone_old

ours_pytz = _needs.module("tzcompat.pytz")

KEY = "Test/Zone"


def test_lists_read_before_refresh_are_replaced(live):
    tz = ours_pytz.timezone(KEY)
    old = ours_pytz.build_tzinfo(KEY, io.BytesIO(zone_old()))
    assert tz._utc_transition_times == old._utc_transition_times
    assert tz._transition_info == old._transition_info
    # The first read made them plain attributes of the zone's class.
    assert "_utc_transition_times" in type(tz).__dict__
    live.install("2030b")
    tzcompat.refresh()
    assert ours_pytz.timezone(KEY) is tz
    fresh = ours_pytz.build_tzinfo(KEY, io.BytesIO(zone_new()))
    assert fresh._transition_info != old._transition_info  # the data did change
    assert tz._utc_transition_times == fresh._utc_transition_times
    assert tz._transition_info == fresh._transition_info
    assert tz.localize(fresh._utc_transition_times[-1]).tzinfo._transition_info == (
        fresh._transition_info)
