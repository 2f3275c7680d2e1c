"""The consumer layer: code that is handed zones and aware times and never imports pytz."""

from __future__ import annotations

from datetime import datetime, timedelta, tzinfo
from operator import attrgetter
from typing import Any

from rota import settings


class SiteClock:
    def __init__(self, site: str) -> None:
        self.site = site
        self.timezone = settings.site_zone(site)

    def at(self, naive: datetime) -> datetime:
        return self.timezone.localize(naive)

    def shifted(self, aware: datetime, minutes: int) -> datetime:
        return self.timezone.normalize(aware + timedelta(minutes=minutes))

    def name(self) -> str:
        return self.timezone.zone

    def offset_at(self, naive: datetime) -> timedelta | None:
        return self.timezone.utcoffset(naive)


def describe_zone(zone: Any) -> str:
    if hasattr(zone, "localize"):
        return "pytz:" + zone.zone
    return "other:" + str(zone)


def to_payload(when: datetime) -> dict[str, Any]:
    return {"local": when.replace(tzinfo=None).isoformat(), "zone": when.tzinfo.zone}


def from_payload(payload: dict[str, Any], zones: dict[str, tzinfo]) -> datetime:
    zone = zones[payload["zone"]]
    return zone.localize(datetime.fromisoformat(payload["local"]))


zone_key = attrgetter("tzinfo.zone")


def same_offset_window(a: datetime, b: datetime) -> bool:
    return a.tzinfo == b.tzinfo


def move_to(aware: datetime, zone: tzinfo) -> datetime:
    return aware.replace(tzinfo=zone)


# entry points for the differential runner


def case_clock_at(key: str, naive: datetime) -> str:
    clock = SiteClock(settings.site_for_key(key))
    return clock.at(naive).isoformat()


def case_clock_shifted(key: str, naive: datetime) -> list[str]:
    clock = SiteClock(settings.site_for_key(key))
    start = clock.at(naive)
    return [clock.shifted(start, m).isoformat() for m in (30, 60, 90)]


def case_clock_name(key: str) -> str:
    return SiteClock(settings.site_for_key(key)).name()


def case_offset_at(key: str, naive: datetime) -> str:
    return str(SiteClock(settings.site_for_key(key)).offset_at(naive))


def case_describe(key: str) -> str:
    return describe_zone(settings.site_zone(settings.site_for_key(key)))


def case_payload_roundtrip(key: str, naive: datetime) -> str:
    when = settings.local(naive, settings.site_for_key(key))
    zones = {z.zone: z for z in settings.SITE_ZONES.values()}
    return from_payload(to_payload(when), zones).isoformat()


def case_zone_key(key: str, naive: datetime) -> str:
    return zone_key(settings.local(naive, settings.site_for_key(key)))


def case_same_window(key: str, naive: datetime) -> bool:
    clock = SiteClock(settings.site_for_key(key))
    a = clock.at(naive)
    return same_offset_window(a, clock.shifted(a, 120))


def case_move_to(key: str, naive: datetime) -> str:
    aware = settings.UTC.localize(naive)
    return move_to(aware, settings.site_zone(settings.site_for_key(key))).isoformat()
