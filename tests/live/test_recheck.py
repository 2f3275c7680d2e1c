"""recheck() and ZoneChange.ranges across two zic-compiled releases of a made-up zone (and
the same made with the repository's TZif writer, so the test runs where zic is missing).

Thousands of stored values are written under release A (wall time, offset, key, as RFC 9557
strings and as records); release B (DST dates moved in 2031, permanent +02 from 2036) is
installed. The oracle is brute force through the standard library's C zoneinfo reading B's
file: a stored value keeps its meaning exactly when B's offset at the stored instant
(wall - stored offset) is the stored offset. It shares no code with recheck()."""

from __future__ import annotations

import io
import os
import random
import shutil
import subprocess
import zoneinfo
from datetime import datetime, timedelta, timezone

import pytest

import tzcompat
from tzcompat import format_rfc9557, parse_rfc9557, recheck

UTC = timezone.utc
KEY = "Example/Madeup"
EPOCH = datetime(1970, 1, 1, tzinfo=UTC)

RELEASE_A = """\
Rule Mad 1977 max - Mar lastSun 1:00u 1:00 S
Rule Mad 1977 max - Oct lastSun 1:00u 0 -
Zone Example/Madeup 0:53:28 - LMT 1893 Apr
\t1:00 Mad CE%sT
"""
# 2031-2035: DST from the first Sunday in April to the first Sunday in October; from 2036 on
# permanent +02 (the 2035 summer time kept).
RELEASE_B = """\
Rule Mad 1977 2030 - Mar lastSun 1:00u 1:00 S
Rule Mad 1977 2030 - Oct lastSun 1:00u 0 -
Rule Mad 2031 2035 - Apr Sun>=1 1:00u 1:00 S
Rule Mad 2031 2035 - Oct Sun>=1 1:00u 0 -
Zone Example/Madeup 0:53:28 - LMT 1893 Apr
\t1:00 Mad CE%sT 2035 Oct  7 1:00u
\t2:00 - +02
"""


def compile_release(root: str, source: str, version: str) -> bytes:
    zic = shutil.which("zic") or "/usr/sbin/zic"
    src = os.path.join(root, f"src-{version}")
    with open(src, "w") as f:
        f.write(source)
    out = os.path.join(root, f"out-{version}")
    subprocess.run([zic, "-d", out, src], check=True, capture_output=True)
    with open(os.path.join(out, *KEY.split("/")), "rb") as f:
        return f.read()


def written_releases() -> tuple[bytes, bytes]:
    """The two releases built with the repository's TZif writer instead of zic (for machines
    without zic; the test runs on both): release A keeps CET/CEST by its rule from 1893, B
    moves the DST dates in 2031-2035 and is +02 from 2035-10-07 01:00 UTC. The explicit
    transitions of A's rule that B keeps are listed with tzcompat's engine: test data only,
    the oracle stays the C zoneinfo."""
    from array import array

    from tzcompat._engine import ZoneEngine
    from tzcompat._tzif import TZifData
    from tzcompat._tzifwrite import write_tzif

    def stamp(*args):
        return int(datetime(*args, tzinfo=UTC).timestamp())

    def first_sunday(year, month):
        day = datetime(year, month, 1)
        return 1 + (6 - day.weekday()) % 7

    lmt_end = stamp(1893, 3, 31, 23, 6, 32)  # 1893-04-01 00:00 local mean time
    a = TZifData(2, array("q", [lmt_end]), bytes([1]), (3208, 3600, 7200),
                 (False, False, True), ("LMT", "CET", "CEST"), "CET-1CEST,M3.5.0,M10.5.0/3")
    kept = list(ZoneEngine.from_tzif(a).transitions(None, stamp(2031, 1, 1)))
    times = [t.timestamp for t in kept]
    idx = [{"LMT": 0, "CET": 1, "CEST": 2}[t.after.tzname] for t in kept]
    for year in range(2031, 2036):
        times.append(stamp(year, 4, first_sunday(year, 4), 1))
        idx.append(2)
        times.append(stamp(year, 10, first_sunday(year, 10), 1))
        idx.append(1 if year < 2035 else 3)
    b = TZifData(2, array("q", times), bytes(idx), (3208, 3600, 7200, 7200),
                 (False, False, True, False), ("LMT", "CET", "CEST", "+02"), "<+02>-2")
    return write_tzif(a), write_tzif(b)


def install(root: str, data: bytes, version: str) -> None:
    path = os.path.join(root, *KEY.split("/"))
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path + ".new", "wb") as f:
        f.write(data)
    os.replace(path + ".new", path)
    with open(os.path.join(root, "tzdata.zi"), "w") as f:
        f.write(f"# version {version}\n")


def std(data: bytes) -> zoneinfo.ZoneInfo:
    return zoneinfo.ZoneInfo.from_file(io.BytesIO(data), key=KEY)


def stored_values(zone_a, rng, ref_a):
    """(value, wall, offset seconds) written under release A: drawn instants 1850-2100,
    and wall times next to A's transitions, both folds (so gaps and folds are in). A string
    holds the zone's reading of the datetime's instant (a skipped wall time is written as
    the wall time the clocks showed), computed here with ``ref_a``, the standard library
    reading A."""
    out = []
    for _ in range(3000):
        ts = rng.randrange(-3786825600, 4102444800)
        dt = (EPOCH + timedelta(seconds=ts)).astimezone(zone_a)
        out.append(dt)
    lo, hi = datetime(2025, 1, 1, tzinfo=UTC), datetime(2045, 1, 1, tzinfo=UTC)
    for tr in zone_a.transitions(lo, hi):
        wall = (EPOCH + timedelta(seconds=tr.timestamp) + tr.before.utcoffset).replace(tzinfo=None)
        for minutes in (-61, -30, -1, 0, 1, 30, 59, 60, 61, 90):
            for fold in (0, 1):
                out.append((wall + timedelta(minutes=minutes)).replace(tzinfo=zone_a, fold=fold))
    values = []
    for i, dt in enumerate(out):
        off = int(dt.utcoffset().total_seconds())
        wall = dt.replace(tzinfo=None)
        if i % 3 == 0:
            value = (wall, off, KEY)
        elif i % 3 == 1:
            value = {"wall": wall.isoformat(), "offset": dt.utcoffset(), "key": KEY}
        else:
            value = format_rfc9557(dt)
            real = (wall - timedelta(seconds=off)).replace(tzinfo=UTC).astimezone(ref_a)
            wall, off = real.replace(tzinfo=None), int(real.utcoffset().total_seconds())
        values.append((value, wall, off))
    return values


def oracle(values, ref) -> set[int]:
    """Indexes whose stored offset is not the offset of the stored instant under ``ref``."""
    changed = set()
    for i, (_, wall, off) in enumerate(values):
        instant = (wall - timedelta(seconds=off)).replace(tzinfo=UTC)
        if int(instant.astimezone(ref).utcoffset().total_seconds()) != off:
            changed.add(i)
    return changed


@pytest.fixture(params=["zic", "writer"])
def releases(request, tmp_path):
    """zic's output where zic is installed (else the writer's), and the writer's."""
    work = str(tmp_path)
    if request.param == "zic" and (shutil.which("zic") or os.path.exists("/usr/sbin/zic")):
        a = compile_release(work, RELEASE_A, "2030a")
        b = compile_release(work, RELEASE_B, "2030b")
    else:
        a, b = written_releases()
    root = os.path.join(work, "zoneinfo")
    install(root, a, "2030a")
    old = tuple(tzcompat.TZPATH)
    tzcompat.reset_tzpath([root])
    tzcompat.ZoneInfo.clear_cache()
    try:
        yield root, a, b
    finally:
        tzcompat.reset_tzpath(list(old))
        tzcompat.ZoneInfo.clear_cache()


def test_recheck_finds_exactly_the_changed_values(releases):
    root, a, b = releases
    zone = tzcompat.ZoneInfo(KEY)
    values = stored_values(zone, random.Random(29), std(a))
    assert len(values) > 3000
    plain = [v for v, _, _ in values]
    # Under the data they were written with, only the records written for wall times the
    # clocks skipped (a gap: no offset is valid there) are listed; never a string.
    under_a = recheck(plain)
    assert {c.index for c in under_a} == oracle(values, std(a))
    assert all(c.reason == "gap" for c in under_a) and len(under_a) > 20
    assert not any(isinstance(c.value, str) for c in under_a)

    install(root, b, "2030b")
    report = tzcompat.refresh()
    assert report.changed[KEY].new_version == "2030b"
    found = recheck(plain)
    want = oracle(values, std(b))
    assert {c.index for c in found} == want
    assert 300 < len(want) < len(values) - 1000  # both kinds are well represented
    ref_b = std(b)
    for c in found:
        value, wall, off = values[c.index]
        assert c.value is value and c.key == KEY and c.wall == wall
        assert c.stored_offset == timedelta(seconds=off)
        # Both readings: the stored instant, and the stored wall time now.
        instant = (wall - timedelta(seconds=off)).replace(tzinfo=UTC)
        assert c.same_instant == instant and c.same_instant.tzinfo is zone
        assert c.same_instant.utcoffset() == instant.astimezone(ref_b).utcoffset()
        if c.reason == "offset":
            assert c.same_wall.replace(tzinfo=None) == wall
        else:
            assert c.reason == "gap" and c.same_wall.replace(tzinfo=None) != wall
        # What parse_rfc9557 gives under each policy is what recheck reported.
        if isinstance(value, str):
            with pytest.raises(ValueError, match="not valid"):
                parse_rfc9557(value)
            assert parse_rfc9557(value, offset="use") == c.same_instant
            kept = parse_rfc9557(value, offset="ignore")
            assert kept.timestamp() == c.same_wall.timestamp()
    # Values recheck does not list parse with the default policy to the stored instant.
    listed = {c.index for c in found}
    for i, (value, wall, off) in enumerate(values):
        if i not in listed and isinstance(value, str):
            assert parse_rfc9557(value).timestamp() == \
                (wall - timedelta(seconds=off)).replace(tzinfo=UTC).timestamp()

    # An explicit zone source gives the same answer without touching the cache.
    from_b = recheck(plain, zones=lambda key: tzcompat.ZoneInfo.from_file(io.BytesIO(b), key))
    assert [c.index for c in from_b] == [c.index for c in found]


def test_zone_change_ranges_are_every_span_that_changed(releases):
    root, a, b = releases
    tzcompat.ZoneInfo(KEY)
    install(root, b, "2030b")
    change = tzcompat.refresh().changed[KEY]
    ranges = change.ranges
    assert ranges[0][0] == change.first_difference
    # Two spans a year 2031-2034 (DST starts and ends on other days), then one to the end
    # of datetime: A keeps DST, B is +02 all year (not even A's summer has B's abbreviation).
    assert len(ranges) >= 8
    assert ranges[-1][1] == datetime.max.replace(tzinfo=UTC)
    assert all(s < e for s, e in ranges) and all(e1 <= s2 for (_, e1), (s2, _) in
                                                 zip(ranges, ranges[1:]))
    ref_a, ref_b = std(a), std(b)

    def differs(instant):
        x, y = instant.astimezone(ref_a), instant.astimezone(ref_b)
        return (x.utcoffset(), x.dst(), x.tzname()) != (y.utcoffset(), y.dst(), y.tzname())

    one = timedelta(seconds=1)
    for start, end in ranges[:200] + ranges[-50:]:
        last = end - one if end != datetime.max.replace(tzinfo=UTC) else end - timedelta(days=2)
        assert differs(start) and differs(last)
        assert not differs(start - one)
        if end != datetime.max.replace(tzinfo=UTC):
            assert not differs(end)
    # And instants drawn anywhere are inside a range exactly when the releases differ there.
    rng = random.Random(7)
    starts = [s for s, _ in ranges]
    from bisect import bisect_right
    for _ in range(3000):
        instant = EPOCH + timedelta(seconds=rng.randrange(-3786825600, 253402300799 - 86400))
        i = bisect_right(starts, instant) - 1
        inside = i >= 0 and instant < ranges[i][1]
        assert inside == differs(instant), instant
    d = change.as_dict()
    assert d["ranges"][0] == [ranges[0][0].isoformat(), ranges[0][1].isoformat()]


@pytest.mark.parametrize("held", [True, False])
def test_a_removed_zone_is_missing_after_refresh_whatever_holds_it(releases, held):
    """A release that removes a zone: after refresh() the key is unknown to lookups, to
    parse_rfc9557 and to recheck() ("missing"), whether or not an old zone object is still
    held somewhere (issue 36: held, it used to keep answering with the old rules)."""
    root, _a, _b = releases
    zone = tzcompat.ZoneInfo(KEY)
    stored = format_rfc9557(datetime(2031, 7, 1, 14, tzinfo=zone))
    assert recheck([stored]) == []
    if not held:
        del zone
    os.remove(os.path.join(root, *KEY.split("/")))
    report = tzcompat.refresh()
    if held:
        assert KEY in report.failed and any(KEY in s for s in report.not_updated)
    found = recheck([stored])
    assert [(c.index, c.reason, c.key) for c in found] == [(0, "missing", KEY)]
    with pytest.raises(zoneinfo.ZoneInfoNotFoundError):
        tzcompat.ZoneInfo(KEY)
    with pytest.raises(ValueError, match="not in the zone data in use"):
        parse_rfc9557(stored)
    if held:  # the object held keeps the rules it had (a snapshot), as the stdlib's do
        assert zone.utcoffset(datetime(2031, 7, 1, 14)) == timedelta(hours=2)
