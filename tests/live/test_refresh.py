"""refresh(): cached zones get new data in place; snapshots and bad files keep the old rules.

Expected answers come from the standard library's zoneinfo reading the same generated
bytes (``zoneinfo.ZoneInfo.from_file``), and the expected first differing instant from the
generator's own datetime arithmetic."""

from __future__ import annotations

import io
import os
import pickle
import zoneinfo
from datetime import datetime, timedelta, timezone

import pytest

import tzcompat
from tzcompat import RefreshReport, ZoneChange

from ._data import CHANGE, EPOCH, fixed, lmt_changed, zone_new, zone_old

UTC = timezone.utc
KEY = "Test/Zone"
# Wall times in the years where the releases agree and where they differ.
WALLS = [datetime(y, m, d, h) for y in (2024, 2026, 2027, 2031) for m, d in ((1, 15), (7, 4))
         for h in (0, 12)] + [datetime(2026, 11, 1, 1, 30), datetime(2027, 3, 14, 2, 30)]
INSTANTS = [datetime(2026, 11, 1, 5, 59, tzinfo=UTC) + timedelta(hours=h)
            for h in range(0, 9000, 97)]


def std(data: bytes) -> zoneinfo.ZoneInfo:
    return zoneinfo.ZoneInfo.from_file(io.BytesIO(data), key=KEY)


def answers(zone, ref) -> list:
    """(ours, the stdlib's) offset, dst, abbreviation for WALLS (both folds) and fromutc."""
    ours, theirs = [], []
    for wall in WALLS:
        for fold in (0, 1):
            a, b = wall.replace(tzinfo=zone, fold=fold), wall.replace(tzinfo=ref, fold=fold)
            ours.append((a.utcoffset(), a.dst(), a.tzname()))
            theirs.append((b.utcoffset(), b.dst(), b.tzname()))
    for instant in INSTANTS:
        a, b = instant.astimezone(zone), instant.astimezone(ref)
        ours.append((a.replace(tzinfo=None), a.fold, a.utcoffset()))
        theirs.append((b.replace(tzinfo=None), b.fold, b.utcoffset()))
    return [ours, theirs]


def assert_rules(zone, data: bytes) -> None:
    ours, theirs = answers(zone, std(data))
    assert ours == theirs


def test_changed_zone_updates_in_place(live):
    zone = tzcompat.ZoneInfo(KEY)
    other = tzcompat.ZoneInfo("Test/Other")
    still = tzcompat.ZoneInfo("Test/Fixed")
    attached = datetime(2027, 1, 15, 12, tzinfo=zone)
    assert attached.utcoffset() == timedelta(hours=-5)
    assert_rules(zone, zone_old())
    live.install("2030b")

    report = tzcompat.refresh()

    assert isinstance(report, RefreshReport) and report
    assert sorted(report.changed) == ["Test/Other", KEY]
    assert report.unchanged == ("Test/Fixed",)
    assert report.failed == {}
    change = report.changed[KEY]
    assert isinstance(change, ZoneChange)
    assert (change.old_version, change.new_version) == ("2030a", "2030b")
    assert change.first_difference == EPOCH + timedelta(seconds=CHANGE)
    assert change.new_source == live.path(KEY)
    assert tzcompat.ZoneInfo(KEY) is zone and tzcompat.ZoneInfo("Test/Other") is other
    assert tzcompat.ZoneInfo("Test/Fixed") is still
    assert zone.data_version == "2030b" and still.data_version == "2030b"
    # Calendaring semantics: the attached datetime keeps its wall time, gets the new rules.
    assert attached.replace(tzinfo=None) == datetime(2027, 1, 15, 12)
    assert (attached.utcoffset(), attached.tzname()) == (timedelta(hours=-4), "EPT")
    assert_rules(zone, zone_new())
    assert_rules(other, zone_new())
    assert report.as_dict()["changed"][KEY]["first_difference"] == "2026-11-01T06:00:00+00:00"


def test_identical_reinstall_changes_nothing(live):
    zone = tzcompat.ZoneInfo(KEY)
    rules = zone._z_rules
    assert not tzcompat.refresh()
    live.install("2030a")  # every file rewritten with the same bytes and version
    report = tzcompat.refresh()
    assert not report and report.changed == {} and report.failed == {}
    assert sorted(report.unchanged) == [KEY]
    assert zone._z_rules is rules


def test_new_version_same_zone_updates_only_the_label(live):
    zone = tzcompat.ZoneInfo("Test/Fixed")
    live.install("2030b")
    report = tzcompat.refresh()
    assert report.unchanged == ("Test/Fixed",) and not report.changed
    assert zone.data_version == "2030b"


@pytest.mark.parametrize("damage", ["truncated", "missing", "invalid"])
def test_bad_new_file_keeps_old_rules_and_is_retried(live, damage):
    zone = tzcompat.ZoneInfo(KEY)
    path = live.path(KEY)
    if damage == "missing":
        os.remove(path)
    else:
        with open(path, "wb") as f:
            f.write(zone_new()[:150] if damage == "truncated" else b"TZif2" + b"\xff" * 60)
    report = tzcompat.refresh()
    assert list(report.failed) == [KEY] and not report.changed
    assert report.failed[KEY]
    assert_rules(zone, zone_old())
    assert zone.data_version == "2030a"
    # Retried on the next call, which applies the repaired data.
    live.install("2030b")
    report = tzcompat.refresh()
    assert list(report.changed) == [KEY] and not report.failed
    assert_rules(zone, zone_new())


def test_snapshots_never_change(live):
    cached = tzcompat.ZoneInfo(KEY)
    fresh = tzcompat.ZoneInfo.no_cache(KEY)
    with open(live.path(KEY), "rb") as f:
        from_file = tzcompat.ZoneInfo.from_file(f, key=KEY)
    by_value = cached.by_value()
    live.install("2030b")
    tzcompat.refresh()
    assert_rules(cached, zone_new())
    for snapshot in (fresh, from_file, by_value):
        assert_rules(snapshot, zone_old())
        assert snapshot.data_version in ("2030a", None)


def test_pickles_by_key_follow_by_value_do_not(live):
    zone = tzcompat.ZoneInfo(KEY)
    dt = datetime(2027, 1, 15, 12, tzinfo=zone)
    by_key = pickle.dumps(dt)
    by_value = pickle.dumps(dt.replace(tzinfo=zone.by_value()))
    live.install("2030b")
    tzcompat.refresh()
    # The key's rules changed since the pickle was made: loading says so.
    with pytest.warns(tzcompat.DataSkewWarning, match=KEY):
        loaded = pickle.loads(by_key)
    assert loaded.tzinfo is zone and loaded.utcoffset() == timedelta(hours=-4)
    kept = pickle.loads(by_value)
    assert kept.utcoffset() == timedelta(hours=-5) and kept.tzname() == "EST"


def test_keys_limit_the_refresh(live):
    zone, other = tzcompat.ZoneInfo(KEY), tzcompat.ZoneInfo("Test/Other")
    live.install("2030b")
    report = tzcompat.refresh(keys=["Test/Other"])
    assert list(report.changed) == ["Test/Other"] and report.unchanged == ()
    assert_rules(other, zone_new())
    assert_rules(zone, zone_old())
    with pytest.raises(TypeError):
        tzcompat.refresh(KEY)  # a single key, not an iterable of keys


def test_stdlib_cache_entry_is_cleared(live):
    zone = tzcompat.ZoneInfo(KEY)
    plain = zoneinfo.ZoneInfo(KEY)
    live.install("2030b")
    tzcompat.refresh()
    fresh = zoneinfo.ZoneInfo(KEY)
    assert fresh is not plain
    wall = datetime(2027, 1, 15, 12)
    assert wall.replace(tzinfo=fresh).utcoffset() == timedelta(hours=-4)
    assert wall.replace(tzinfo=plain).utcoffset() == timedelta(hours=-5)
    # The documented limit: the base class's own methods keep the rules of the load.
    assert zoneinfo.ZoneInfo.utcoffset(zone, wall) == timedelta(hours=-5)
    assert zone.utcoffset(wall) == timedelta(hours=-4)


def test_first_difference_from_the_start(live):
    zone = tzcompat.ZoneInfo(KEY)
    live.install("2030b", {KEY: lmt_changed(), "Test/Fixed": fixed()})
    change = tzcompat.refresh().changed[KEY]
    assert change.first_difference == datetime.min.replace(tzinfo=UTC)
    assert zone.utcoffset(datetime(1800, 1, 1)) == timedelta(seconds=-17760)


def test_subclass_caches_are_refreshed(live):
    class Mine(tzcompat.ZoneInfo):
        pass

    mine = Mine(KEY)
    live.install("2030b")
    report = tzcompat.refresh()
    assert KEY in report.changed
    assert Mine(KEY) is mine
    assert_rules(mine, zone_new())


def test_zone_moving_to_another_source(live, tmp_path):
    zone = tzcompat.ZoneInfo(KEY)
    first = tmp_path / "first"
    (first / "Test").mkdir(parents=True)
    (first / "Test" / "Zone").write_bytes(zone_new())
    tzcompat.reset_tzpath([str(first), live.root])
    change = tzcompat.refresh().changed[KEY]
    assert change.new_source == str(first / "Test" / "Zone")
    assert change.old_source == live.path(KEY)
    assert_rules(zone, zone_new())
