"""Issue 36: strings other systems write. Java's ``ZonedDateTime.toString()`` and Temporal's
``ZonedDateTime.prototype.toString()`` are written here from their documented formats
(Java: ``LocalDateTime.toString()`` then ``ZoneOffset.getId()`` then ``[zone id]`` unless the
zone is the offset itself, the time as short as it can be with 0, 3, 6 or 9 fractional
digits; Temporal: seconds always, fractional digits per ``fractionalSecondDigits``
(``"auto"``: trailing zeros dropped; digits beyond are truncated), the offset rounded to the
minute, ``timeZoneName``/``offset``/``calendarName`` options), for instants drawn over many
zones with nanoseconds; each must read back to its instant (truncated to the microsecond),
checked with the standard library's zoneinfo. Then the ISO 8601 forms the reader accepts,
and zone names in any case."""

from __future__ import annotations

import random
import zoneinfo
from datetime import datetime, timedelta, timezone

import pytest

import tzcompat
from tzcompat import ZoneInfo, parse_rfc9557, recheck

UTC = timezone.utc
EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
KEYS = sorted(zoneinfo.available_timezones())


def _offset_id(seconds: int, *, rounded: bool) -> str:
    """Java's ZoneOffset.getId() ("Z", +HH:MM, +HH:MM:SS); Temporal's offset rounded to the
    minute, half away from zero ("+00:00" for zero)."""
    if rounded:
        seconds = (1 if seconds >= 0 else -1) * ((abs(seconds) + 30) // 60 * 60)
    elif seconds == 0:
        return "Z"
    sign = "-" if seconds < 0 else "+"
    h, rest = divmod(abs(seconds), 3600)
    m, s = divmod(rest, 60)
    return f"{sign}{h:02d}:{m:02d}" + (f":{s:02d}" if s else "")


def java_string(local: datetime, nanos: int, offset: int, zone: str | None) -> str:
    """ZonedDateTime.toString(): the local date-time, the offset id, then the zone id in
    brackets unless the zone is the offset itself (``zone=None``)."""
    text = f"{local:%Y-%m-%dT%H:%M}"
    if local.second or nanos:
        text += f":{local.second:02d}"
        if nanos % 1_000_000 == 0 and nanos:
            text += f".{nanos // 1_000_000:03d}"
        elif nanos % 1000 == 0 and nanos:
            text += f".{nanos // 1000:06d}"
        elif nanos:
            text += f".{nanos:09d}"
    text += _offset_id(offset, rounded=False)
    return text + (f"[{zone}]" if zone is not None else "")


def temporal_string(local: datetime, nanos: int, offset: int, zone: str, *,
                    digits: int | str = "auto", minute: bool = False, show_offset: bool = True,
                    zone_name: str = "auto", calendar: str = "auto") -> str:
    """Temporal.ZonedDateTime.prototype.toString(options)."""
    text = f"{local:%Y-%m-%dT%H:%M}"
    if not minute:
        text += f":{local.second:02d}"
        fraction = f"{nanos:09d}"
        fraction = fraction.rstrip("0") if digits == "auto" else fraction[:digits]  # type: ignore[misc]
        if fraction:
            text += "." + fraction
    if show_offset:
        text += _offset_id(offset, rounded=True)
    if zone_name != "never":
        text += f"[{'!' if zone_name == 'critical' else ''}{zone}]"
    if calendar in ("always", "critical"):
        text += f"[{'!' if calendar == 'critical' else ''}u-ca=iso8601]"
    return text


def _drawn(rng: random.Random, n: int) -> list[tuple[str, datetime, int]]:
    """(zone key, instant, nanoseconds within the second): instants 1850-2100 in random
    zones, a third at whole seconds, a few at whole minutes."""
    out = []
    for i in range(n):
        key = rng.choice(KEYS)
        seconds = rng.randrange(-3786825600, 4102444800)
        if i % 7 == 0:
            seconds -= seconds % 60
        nanos = 0 if i % 3 == 0 else rng.choice([rng.randrange(10**9),
                                                 rng.randrange(1000) * 10**6,
                                                 rng.randrange(10**6) * 1000])
        out.append((key, EPOCH + timedelta(seconds=seconds), nanos))
    return out


def _local(key: str, instant: datetime) -> tuple[datetime, int]:
    ref = instant.astimezone(zoneinfo.ZoneInfo(key))
    return ref.replace(tzinfo=None), int(ref.utcoffset().total_seconds())


def _expect(got: datetime, key: str, instant: datetime, micros: int) -> None:
    want = instant + timedelta(microseconds=micros)
    assert got.astimezone(UTC) == want, (got, want)
    assert got.tzinfo is ZoneInfo(key)
    assert got.utcoffset() == want.astimezone(zoneinfo.ZoneInfo(key)).utcoffset()


def test_java_zoned_date_time_strings_round_trip():
    for key, instant, nanos in _drawn(random.Random(9557), 2000):
        local, offset = _local(key, instant)
        text = java_string(local, nanos, offset, key)
        _expect(parse_rfc9557(text), key, instant, nanos // 1000)
    # A zone that is the offset itself: no bracket; Java's own offset zone ids.
    assert parse_rfc9557(java_string(datetime(2024, 1, 1), 0, 0, None)) == \
        datetime(2024, 1, 1, tzinfo=UTC)
    fixed = parse_rfc9557(java_string(datetime(2024, 1, 1, 9, 30), 0, 19800, "UTC+05:30"))
    assert fixed.utcoffset() == timedelta(hours=5, minutes=30)
    assert fixed.astimezone(UTC) == datetime(2024, 1, 1, 4, tzinfo=UTC)
    assert parse_rfc9557("2024-01-01T00:00-05:00[GMT-05:00]").utcoffset() == timedelta(hours=-5)
    # Java keeps local mean time's seconds: New York before 1883.
    lmt = parse_rfc9557(java_string(datetime(1800, 1, 1), 0, -17762, "America/New_York"))
    assert lmt.utcoffset() == timedelta(hours=-4, minutes=-56, seconds=-2)


@pytest.mark.parametrize("options", [
    {}, {"digits": 9}, {"digits": 3}, {"digits": 0}, {"zone_name": "critical"},
    {"calendar": "always"}, {"calendar": "critical"},
])
def test_temporal_zoned_date_time_strings_round_trip(options):
    digits = options.get("digits", 9)
    for key, instant, nanos in _drawn(random.Random(len(str(options))), 500):
        local, offset = _local(key, instant)
        text = temporal_string(local, nanos, offset, key, **options)
        kept = int(f"{nanos:09d}"[:digits].ljust(9, "0")) if digits else 0
        _expect(parse_rfc9557(text), key, instant, kept // 1000)


def test_temporal_strings_without_offset_or_seconds():
    """offset: "never" gives the wall time alone (read as Temporal reads it: compatible);
    smallestUnit: "minute" drops the seconds."""
    for key, instant, _nanos in _drawn(random.Random(36), 600):
        local, offset = _local(key, instant)
        ref = zoneinfo.ZoneInfo(key)
        got = parse_rfc9557(temporal_string(local, 0, offset, key, show_offset=False))
        # compatible: a repeated wall time is its first occurrence (fold=0, PEP 495)
        assert got.astimezone(UTC) == local.replace(tzinfo=ref, fold=0).astimezone(UTC)
        if not local.second:
            minute = temporal_string(local, 0, offset, key, minute=True)
            _expect(parse_rfc9557(minute), key, instant, 0)


def test_documented_examples():
    """Strings as the Java and Temporal documentation show them."""
    calcutta = parse_rfc9557("2018-12-06T19:21:12.123+05:30[Asia/Calcutta]")
    assert calcutta.astimezone(UTC) == datetime(2018, 12, 6, 13, 51, 12, 123000, tzinfo=UTC)
    assert calcutta.tzinfo is ZoneInfo("Asia/Calcutta")
    paris = parse_rfc9557("1900-01-01T00:00:00+00:09:21[Europe/Paris]")
    assert paris.utcoffset() == timedelta(minutes=9, seconds=21)
    assert parse_rfc9557("1900-01-01T00:00:00+00:09[Europe/Paris]") == paris  # rounded
    assert parse_rfc9557("2021-07-01T12:00:00Z[Asia/Shanghai]").utcoffset() == timedelta(hours=8)
    assert parse_rfc9557("1976-11-18T15:23:00+00:00[UTC]") == \
        datetime(1976, 11, 18, 15, 23, tzinfo=UTC)
    assert parse_rfc9557("1976-11-18T15:23:00[UTC]").tzinfo is ZoneInfo("UTC")
    assert parse_rfc9557("1995-12-07T03:24:30.000003500-08:00[America/Los_Angeles]") \
        .microsecond == 3


def test_nanoseconds_are_truncated_or_refused():
    text = "2024-07-01T12:00:00.123456789-04:00[America/New_York]"
    assert parse_rfc9557(text).microsecond == 123456
    assert parse_rfc9557(text.replace(".123456789", ",999999999")).microsecond == 999999
    with pytest.raises(ValueError, match=r"microseconds, not nanoseconds .* at position 26$"):
        parse_rfc9557(text, nanoseconds="reject")
    # Digits that are zero lose nothing: accepted either way.
    assert parse_rfc9557(text.replace("789", "000"), nanoseconds="reject").microsecond == 123456
    with pytest.raises(ValueError, match="nanoseconds must be one of 'truncate', 'reject'"):
        parse_rfc9557(text, nanoseconds="round")
    with pytest.raises(ValueError, match="more than 9 fractional digits"):
        parse_rfc9557(text.replace("789", "7890"))


@pytest.mark.parametrize(("text", "offset"), [
    ("2024-07-01T12:00:00,5-04:00[America/New_York]", -4 * 3600),
    ("2024-07-01T12:00:00-0400[America/New_York]", -4 * 3600),
    ("2024-07-01T12:00:00-04[America/New_York]", -4 * 3600),
    ("2024-07-01T12:00:00+0530", 19800),
    ("2024-07-01T12:00:00+053000", 19800),
    ("2024-07-01t12:00:00z", 0),
    ("2024-07-01 12:00-04:00[America/New_York]", -4 * 3600),
    ("2024-07-01T12:00:00+05:30[+0530]", 19800),
    ("2024-07-01T12:00:00+05[+05]", 18000),
    ("1900-01-01T00:00:00+001932[Europe/Amsterdam]", 1172),
])
def test_iso_8601_forms(text, offset):
    dt = parse_rfc9557(text)
    assert dt.utcoffset() == timedelta(seconds=offset)
    assert dt.astimezone(UTC).replace(tzinfo=None) == \
        dt.replace(tzinfo=None) - timedelta(seconds=offset)


def test_zone_names_in_any_case_give_the_datas_spelling():
    """As Temporal (and whenever): the name matched without regard to case; the zone, and
    recheck's key, are the data's (before issue 36: refused)."""
    for spelled in ("america/new_york", "AMERICA/NEW_YORK", "America/new_York"):
        dt = parse_rfc9557(f"2024-07-01T12:00:00-04:00[{spelled}]")
        assert dt.tzinfo is ZoneInfo("America/New_York")
        stale = f"2020-01-01T12:00:00-02:00[{spelled.replace('new_york', 'sao_paulo')}]"
        stale = stale.replace("NEW_YORK", "SAO_PAULO").replace("new_York", "sao_Paulo")
        assert [c.key for c in recheck([stale])] == ["America/Sao_Paulo"]
    assert parse_rfc9557("2024-07-01T12:00:00Z[utc]").tzinfo is ZoneInfo("UTC")
    assert parse_rfc9557("2024-07-01T12:00:00Z[etc/gmt+5]").tzinfo is ZoneInfo("Etc/GMT+5")
    with pytest.raises(ValueError, match="'mars/olympus_mons' is not in the zone data"):
        parse_rfc9557("2024-07-01T12:00:00Z[mars/olympus_mons]")


def test_names_follow_the_search_path(tmp_path):
    """The spelling comes from the data in use: another TZPATH, another answer."""
    root = tmp_path / "zi"
    (root / "Test").mkdir(parents=True)
    with open(zoneinfo.TZPATH[0] + "/Europe/Berlin", "rb") as f:
        (root / "Test" / "Berlin_Copy").write_bytes(f.read())
    (root / "UTC").write_bytes((tmp_path / "zi" / "Test" / "Berlin_Copy").read_bytes())
    saved = tzcompat.TZPATH
    tzcompat.reset_tzpath([str(root)])
    try:
        dt = parse_rfc9557("2024-07-01T12:00:00+02:00[test/berlin_copy]")
        assert dt.tzinfo.key == "Test/Berlin_Copy"
    finally:
        tzcompat.reset_tzpath(saved)
    with pytest.raises(ValueError, match="not in the zone data"):
        parse_rfc9557("2024-07-01T12:00:00+02:00[test/berlin_copy]")
