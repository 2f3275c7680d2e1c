"""Maintenance windows: when sites may be taken down."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta, tzinfo

import pytz

from rota import settings


@dataclass(frozen=True)
class Window:
    start: datetime
    end: datetime

    def __contains__(self, when: datetime) -> bool:
        return self.start <= when < self.end

    def overlaps(self, other: Window) -> bool:
        return self.start < other.end and other.start < self.end


def nightly(day: datetime, zone: tzinfo, hours: int = 3) -> Window:
    start = zone.localize(day.replace(hour=1, minute=0, second=0, microsecond=0))
    return Window(start, zone.normalize(start + timedelta(hours=hours)))


def weekly_freeze(naive_start: datetime, key: str) -> Window:
    zone = pytz.timezone(key)
    start = zone.localize(naive_start)
    end = zone.localize(naive_start + timedelta(days=7))
    return Window(start, end)


def allowed(windows: list[Window], when: datetime) -> bool:
    return any(when in w for w in windows)


def minutes_left(window: Window, when: datetime) -> float:
    if window.start <= when <= window.end:
        return (window.end - when).total_seconds() / 60
    return -1.0


def windows_by_start(windows: list[Window]) -> dict[datetime, Window]:
    return {w.start: w for w in windows}


def utc_bounds(window: Window) -> tuple[str, str]:
    return (
        window.start.astimezone(pytz.utc).isoformat(),
        window.end.astimezone(pytz.utc).isoformat(),
    )


# entry points for the differential runner


def case_nightly(key: str, naive: datetime) -> tuple[str, str]:
    return utc_bounds(nightly(naive, pytz.timezone(key)))


def case_in_nightly(key: str, naive: datetime) -> bool:
    zone = pytz.timezone(key)
    return zone.localize(naive) in nightly(naive, zone)


def case_freeze_hours(key: str, naive: datetime) -> float:
    window = weekly_freeze(naive, key)
    return (window.end - window.start).total_seconds() / 3600


def case_minutes_left(key: str, naive: datetime) -> float:
    zone = settings.site_zone(settings.site_for_key(key))
    window = nightly(naive, zone)
    return minutes_left(window, zone.localize(naive))


def case_overlap(key: str, naives: list[datetime]) -> list[bool]:
    zone = pytz.timezone(key)
    wins = [Window(zone.localize(n), zone.localize(n + timedelta(minutes=45))) for n in naives]
    return [a.overlaps(b) for a, b in zip(wins, wins[1:])]


def case_allowed(key: str, naives: list[datetime]) -> bool:
    zone = pytz.timezone(key)
    wins = [nightly(n, zone) for n in naives[1:]]
    return allowed(wins, zone.localize(naives[0]))


def case_windows_by_start(key: str, naives: list[datetime]) -> int:
    zone = pytz.timezone(key)
    return len(windows_by_start([Window(zone.localize(n), zone.localize(n)) for n in naives]))
