"""The new scheduling API, written against the standard library from the start."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo


def office_zone(key: str) -> ZoneInfo:
    return ZoneInfo(key)


def offset_hours(key: str, naive: datetime) -> float:
    zone = ZoneInfo(key)
    offset = zone.utcoffset(naive)
    return offset.total_seconds() / 3600 if offset is not None else 0.0


def is_summer(key: str, naive: datetime) -> bool:
    zone = office_zone(key)
    return bool(zone.dst(naive))


def abbreviation(key: str, naive: datetime) -> str | None:
    return ZoneInfo(key).tzname(naive)


def next_day_same_wall(key: str, naive: datetime) -> datetime:
    aware = naive.replace(tzinfo=ZoneInfo(key))
    return aware + timedelta(days=1)


def elapsed(key: str, start: datetime, end: datetime) -> timedelta:
    zone = ZoneInfo(key)
    return end.replace(tzinfo=zone) - start.replace(tzinfo=zone)


def within(key: str, start: datetime, when: datetime, end: datetime) -> bool:
    zone = ZoneInfo(key)
    return start.replace(tzinfo=zone) <= when.replace(tzinfo=zone) < end.replace(tzinfo=zone)


def ordered_walls(key: str, naives: list[datetime]) -> list[datetime]:
    zone = ZoneInfo(key)
    return sorted(n.replace(tzinfo=zone, fold=1) for n in naives)


def zone_of(aware: datetime) -> str:
    return str(aware.tzinfo)


def same_zone(a: datetime, b: datetime) -> bool:
    return a.tzinfo is b.tzinfo


# entry points for the differential runner


def case_offset_hours(key: str, naive: datetime) -> float:
    return offset_hours(key, naive)


def case_is_summer(key: str, naive: datetime) -> bool:
    return is_summer(key, naive)


def case_abbreviation(key: str, naive: datetime) -> str | None:
    return abbreviation(key, naive)


def case_next_day(key: str, naive: datetime) -> str:
    return next_day_same_wall(key, naive).isoformat()


def case_elapsed(key: str, naive: datetime) -> float:
    return elapsed(key, naive - timedelta(hours=3), naive).total_seconds()


def case_within(key: str, naive: datetime) -> bool:
    return within(key, naive - timedelta(minutes=30), naive, naive + timedelta(minutes=30))


def case_ordered(key: str, naives: list[datetime]) -> list[str]:
    return [d.isoformat() for d in ordered_walls(key, naives)]


def case_zone_of(key: str, naive: datetime) -> tuple[str, bool]:
    a = naive.replace(tzinfo=ZoneInfo(key))
    b = (a + timedelta(hours=5)).astimezone(timezone.utc).astimezone(ZoneInfo(key))
    return zone_of(a), same_zone(a, b)
