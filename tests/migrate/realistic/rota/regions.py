"""The regions the support rota is split into."""

from __future__ import annotations

import enum
from datetime import datetime

import pytz

from rota import settings


class Region(enum.Enum):
    AMERICAS = pytz.timezone("America/New_York")
    EUROPE = pytz.timezone("Europe/London")
    INDIA = pytz.timezone("Asia/Kolkata")
    OCEANIA = pytz.timezone("Australia/Lord_Howe")
    BRAZIL = pytz.timezone("America/Sao_Paulo")

    @property
    def key(self) -> str:
        return self.value.zone

    def localize(self, naive: datetime) -> datetime:
        return self.value.localize(naive)

    def normalize(self, aware: datetime) -> datetime:
        return self.value.normalize(aware)


REGION_BY_KEY = {region.value.zone: region for region in Region}
REGION_BY_ZONE = {region.value: region for region in Region}
ESCALATION_HOURS = {Region.AMERICAS: 9, Region.EUROPE: 8, Region.INDIA: 10}


def region_for(key: str) -> Region:
    return REGION_BY_KEY.get(key, Region.AMERICAS)


def region_of(when: datetime) -> Region | None:
    """The region an aware time was stamped in, if it was stamped by this module."""
    return REGION_BY_ZONE.get(when.tzinfo)


def escalation_time(region: Region, day: datetime) -> datetime:
    hour = ESCALATION_HOURS.get(region, 9)
    return region.localize(day.replace(hour=hour, minute=0, second=0, microsecond=0))


def handover(region: Region, start: datetime) -> datetime:
    """The end of a 12-hour support block begun at ``start`` (aware, in the region)."""
    from datetime import timedelta

    return region.normalize(start + timedelta(hours=12))


# entry points for the differential runner


def case_region_key(key: str) -> str:
    return region_for(key).key


def case_region_of_stamp(key: str, naive: datetime) -> str:
    region = region_for(key)
    found = region_of(region.localize(naive))
    return found.name if found is not None else "unknown"


def case_region_by_dt_zone(key: str, naive: datetime) -> bool:
    stamped = region_for(key).localize(naive)
    return stamped.tzinfo in REGION_BY_ZONE


def case_escalation(key: str, naive: datetime) -> str:
    return escalation_time(region_for(key), naive).isoformat()


def case_handover(key: str, naive: datetime) -> str:
    region = region_for(key)
    return handover(region, region.localize(naive)).isoformat()


def case_member_zone_names(naive: datetime) -> list[str]:
    return [f"{r.name}:{r.value.zone}:{r.localize(naive).tzname()}" for r in Region]


def case_site_region_agree(key: str, naive: datetime) -> bool:
    code = settings.site_for_key(key)
    return region_for(key).value is settings.site_zone(code) or (
        region_for(key).localize(naive) == settings.local(naive, code)
    )
