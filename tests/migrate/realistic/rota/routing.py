"""Routing pages to the on-call desk whose zone a timestamp was taken in."""

from __future__ import annotations

from datetime import datetime, tzinfo
from operator import methodcaller

import pytz

from rota import settings
from rota.regions import Region

DESKS = {
    pytz.timezone("America/New_York"): "desk-nyc",
    pytz.timezone("Europe/London"): "desk-lon",
    pytz.timezone("Asia/Kolkata"): "desk-blr",
}
key_of = methodcaller("__str__")
#: the names the pager's plugin configuration gives for its zone factory and its UTC
ZONE_FACTORY, UTC_NAME = "timezone", "utc"


def desk_for(when: datetime) -> str:
    if when.tzinfo in DESKS:
        return DESKS[when.tzinfo]
    return desk_named(str(when.tzinfo))


def desk_named(name: str) -> str:
    for zone, desk in DESKS.items():
        if zone.zone == name:
            return desk
    return "desk-default"


def desk_strict(when: datetime) -> str:
    return DESKS[when.tzinfo]


def stamp_all(naives: list[datetime], zone: tzinfo) -> list[datetime]:
    return list(map(lambda n: methodcaller("localize", n)(zone), naives))


def stamp_with(zone: tzinfo, naive: datetime) -> datetime:
    localize = methodcaller("localize", naive, is_dst=False)
    return localize(zone)


def named_utc() -> tzinfo:
    return getattr(pytz, UTC_NAME)


def zone_factory(name: str) -> tzinfo:
    return getattr(pytz, ZONE_FACTORY)(name)


def region_desk(region: Region) -> str:
    return desk_named(region.value.zone)


# entry points for the differential runner


def case_desk(key: str, naive: datetime) -> str:
    return desk_for(pytz.timezone(key).localize(naive))


def case_desk_strict(key: str, naive: datetime) -> str:
    return desk_strict(settings.local(naive, settings.site_for_key(key)))


def case_desk_after_convert(key: str, naive: datetime) -> str:
    return desk_for(pytz.utc.localize(naive).astimezone(pytz.timezone(key)))


def case_stamp_all(key: str, naives: list[datetime]) -> list[str]:
    return [d.isoformat() for d in stamp_all(naives, zone_factory(key))]


def case_stamp_with(key: str, naive: datetime) -> str:
    return stamp_with(zone_factory(key), naive).isoformat()


def case_named_utc(naive: datetime) -> str:
    return named_utc().localize(naive).isoformat()


def case_region_desk(key: str) -> str:
    from rota.regions import region_for

    return region_desk(region_for(key))


def case_key_of(key: str) -> str:
    return key_of(zone_factory(key))
