"""Deployment settings: the zones the service works in."""

from __future__ import annotations

import os
from datetime import datetime, tzinfo

import pytz
from dateutil import tz

#: the zone invoices and rotas are kept in unless a site says otherwise
HOME_ZONE = pytz.timezone("America/New_York")
UTC = pytz.utc
#: the payment provider's timestamps carry +05:30 (its servers are in Pune)
PROVIDER_OFFSET = tz.tzoffset(None, 19800)
#: the London office's legacy exports were written with dateutil
LONDON = tz.gettz("Europe/London")

SITE_KEYS = {
    "nyc": "America/New_York",
    "lon": "Europe/London",
    "lhi": "Australia/Lord_Howe",
    "blr": "Asia/Kolkata",
    "gru": "America/Sao_Paulo",
}
SITE_ZONES = {code: pytz.timezone(key) for code, key in SITE_KEYS.items()}
SITE_BY_KEY = {key: code for code, key in SITE_KEYS.items()}
SITE_LABELS = {zone: code.upper() for code, zone in SITE_ZONES.items()}


def site_zone(code: str) -> tzinfo:
    return SITE_ZONES[code]


def site_for_key(key: str) -> str:
    return SITE_BY_KEY.get(key, "nyc")


def site_of_zone(zone: tzinfo) -> str:
    """The site whose zone ``zone`` is (sites that share a zone: the first one)."""
    for code, candidate in SITE_ZONES.items():
        if candidate.zone == zone.zone:
            return code
    return "nyc"


def zone_named(key: str, default: tzinfo = HOME_ZONE) -> tzinfo:
    """The zone ``key`` names, or ``default`` for a name the database lacks."""
    try:
        return pytz.timezone(key)
    except KeyError:
        return default


def zone_from_env() -> tzinfo:
    return pytz.timezone(os.environ.get("ROTA_TZ", "UTC"))


def local(naive: datetime, code: str) -> datetime:
    return SITE_ZONES[code].localize(naive)


# entry points for the differential runner


def case_label_of_local_time(key: str, naive: datetime) -> str:
    stamped = local(naive, site_for_key(key))
    return SITE_LABELS.get(stamped.tzinfo, "??")


def case_label_known(key: str, naive: datetime) -> bool:
    stamped = local(naive, site_for_key(key))
    return stamped.tzinfo in SITE_LABELS


def case_zone_name_roundtrip(name: str) -> str:
    return zone_named(name).zone


def case_site_of_zone(key: str) -> str:
    return site_of_zone(pytz.timezone(key))


def case_env_default(naive: datetime) -> str:
    return zone_from_env().localize(naive).isoformat()


def case_provider_wall(naive: datetime) -> str:
    return naive.replace(tzinfo=PROVIDER_OFFSET).astimezone(UTC).isoformat()


def case_london_legacy(naive: datetime) -> tuple[str, str]:
    aware = naive.replace(tzinfo=LONDON)
    return aware.isoformat(), aware.astimezone(HOME_ZONE).strftime("%Y-%m-%d %H:%M %Z")
