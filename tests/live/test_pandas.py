"""pandas under refresh(): it keeps a zone's transitions in a private cache keyed
"zoneinfo/<key>" and builds them from a pure-Python zoneinfo "twin" it keeps per zone
object; refresh() drops the first and reloads the second, so tz_localize gives the new UTC
instants. Data localized before keeps its UTC instants (pandas stores instants) and shows
the new wall times. Expected values: the standard library reading the same bytes."""

from __future__ import annotations

import io
import zoneinfo
from typing import Any

import pytest

import tzcompat

from .. import _needs
from ._data import zone_new, zone_old

pd: Any = None
timezones: Any = None


@pytest.fixture(autouse=True, scope="module")
def _pandas() -> None:
    # Imported when these tests run, not at collection: importing pandas binds real
    # dateutil's gettz("UTC") object, which tests/dateutil's pandas checks rely on.
    global pd, timezones
    pd = _needs.module("pandas")
    timezones = _needs.module("pandas._libs.tslibs.timezones")

KEY = "Test/Zone"


def utc_seconds(data: bytes, walls) -> list[int]:
    """Each wall time's instant in the zone of ``data`` (fold=0), as POSIX seconds."""
    ref = zoneinfo.ZoneInfo.from_file(io.BytesIO(data))
    return [int(w.to_pydatetime().replace(tzinfo=ref).timestamp()) for w in walls]


def localized(walls, zone) -> tuple[list[int], object]:
    out = walls.tz_localize(zone, ambiguous="NaT", nonexistent="NaT")
    keep = ~out.isna()
    return list(out[keep].as_unit("s").asi8), keep


def test_pandas_sees_new_offsets_after_refresh(live):
    zone = tzcompat.ZoneInfo(KEY)
    walls = pd.date_range("2026-06-01", periods=24 * 400, freq="h")
    before, keep = localized(walls, zone)
    assert f"zoneinfo/{KEY}" in timezones.dst_cache
    assert before == utc_seconds(zone_old(), walls[keep])
    live.install("2030b")
    tzcompat.refresh()
    assert f"zoneinfo/{KEY}" not in timezones.dst_cache
    after, keep = localized(walls, zone)
    assert after == utc_seconds(zone_new(), walls[keep])
    assert after != before


def test_pandas_data_keeps_its_instants(live):
    zone = tzcompat.ZoneInfo(KEY)
    index = pd.DatetimeIndex(["2027-01-15T17:00Z"]).tz_convert(zone)
    assert list(index.hour) == [12]  # EST, UTC-5
    live.install("2030b")
    tzcompat.refresh()
    assert list(index.as_unit("s").asi8) == [1800032400]  # the same instant...
    assert list(index.hour) == [13]  # ...shown on the new clock (EPT, UTC-4)
