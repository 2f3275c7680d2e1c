"""Conversions every other module leans on: local wall time to UTC and back."""

from __future__ import annotations

from datetime import datetime, timedelta, tzinfo

import pytz

from rota.settings import HOME_ZONE, UTC


def stamp(naive: datetime, key: str) -> datetime:
    """Attach the zone ``key`` to a wall time read from a form."""
    return pytz.timezone(key).localize(naive)


def stamp_strict(naive: datetime, key: str) -> datetime:
    """Like :func:`stamp`, but refuse a wall time that is skipped or repeated."""
    return pytz.timezone(key).localize(naive, is_dst=None)


def stamp_summer(naive: datetime, key: str) -> datetime:
    return pytz.timezone(key).localize(naive, is_dst=True)


def to_utc(aware: datetime) -> datetime:
    return aware.astimezone(pytz.utc)


def from_utc(naive_utc: datetime, zone: tzinfo) -> datetime:
    return pytz.utc.localize(naive_utc).astimezone(zone)


def home(aware: datetime) -> datetime:
    return HOME_ZONE.normalize(aware.astimezone(HOME_ZONE))


def later(aware: datetime, hours: float, zone: tzinfo) -> datetime:
    """``hours`` of elapsed time after ``aware``, shown in ``zone``."""
    return zone.normalize(aware + timedelta(hours=hours))


def wall_label(aware: datetime) -> str:
    return aware.strftime("%Y-%m-%d %H:%M %Z%z")


def utc_label(naive_utc: datetime) -> str:
    return UTC.localize(naive_utc).isoformat()


def start_of_day(aware: datetime, zone: tzinfo) -> datetime:
    local = aware.astimezone(zone)
    return zone.localize(datetime(local.year, local.month, local.day))


# entry points for the differential runner


def case_stamp(key: str, naive: datetime) -> str:
    return wall_label(stamp(naive, key))


def case_stamp_strict(key: str, naive: datetime) -> str:
    try:
        return stamp_strict(naive, key).isoformat()
    except pytz.NonExistentTimeError:
        return "skipped"
    except pytz.AmbiguousTimeError:
        return "repeated"


def case_stamp_summer(key: str, naive: datetime) -> str:
    return stamp_summer(naive, key).isoformat()


def case_roundtrip(key: str, naive: datetime) -> str:
    aware = stamp(naive, key)
    back = from_utc(to_utc(aware).replace(tzinfo=None), pytz.timezone(key))
    return wall_label(back)


def case_home(key: str, naive: datetime) -> str:
    return wall_label(home(stamp(naive, key)))


def case_later(key: str, naive: datetime) -> list[str]:
    zone = pytz.timezone(key)
    start = zone.localize(naive)
    return [wall_label(later(start, h, zone)) for h in (0.5, 1, 2, 25)]


def case_start_of_day(key: str, naive: datetime) -> str:
    zone = pytz.timezone(key)
    return start_of_day(UTC.localize(naive), zone).isoformat()


def case_utc_label(naive: datetime) -> str:
    return utc_label(naive)
