"""Plain-text reports sent to site managers."""

from __future__ import annotations

from datetime import datetime
from operator import attrgetter

from rota import settings
from rota.regions import Region, region_for

zone_name = attrgetter("zone")


def header(site: str) -> str:
    zone = settings.site_zone(site)
    return f"Rota for {site.upper()} ({zone_name(zone)})"


def debug_line(when: datetime) -> str:
    return f"when={when!r} tz={when.tzinfo!r}"


def zone_summary(site: str) -> str:
    return "zone %r, default %r" % (settings.site_zone(site), settings.HOME_ZONE)


def region_banner(region: Region) -> str:
    return "%s runs on %s" % (region.name, region.value.zone)


def stamped_line(when: datetime) -> str:
    return "%s [%s]" % (when.strftime("%H:%M"), repr(when.tzinfo))


def row(label: str, when: datetime) -> str:
    return f"{label:<12}{when:%Y-%m-%d %H:%M %Z}"


def all_zones() -> list[str]:
    return sorted(zone_name(z) for z in settings.SITE_ZONES.values())


# entry points for the differential runner


def case_header(key: str) -> str:
    return header(settings.site_for_key(key))


def case_debug_line(key: str, naive: datetime) -> str:
    return debug_line(settings.local(naive, settings.site_for_key(key)))


def case_zone_summary(key: str) -> str:
    return zone_summary(settings.site_for_key(key))


def case_region_banner(key: str) -> str:
    return region_banner(region_for(key))


def case_stamped_line(key: str, naive: datetime) -> str:
    return stamped_line(region_for(key).localize(naive))


def case_row(key: str, naive: datetime) -> str:
    return row("start", settings.local(naive, settings.site_for_key(key)))


def case_all_zones() -> list[str]:
    return all_zones()
