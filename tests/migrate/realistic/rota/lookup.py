"""Resolving the zone names users type into their profile."""

from __future__ import annotations

from datetime import datetime, tzinfo

import pytz

from rota import settings

ALIASES = {"eastern": "US/Eastern", "uk": "Europe/London", "india": "Asia/Kolkata"}


def user_zone(name: str) -> tzinfo:
    """The user's zone, or the company's for a name we cannot resolve."""
    name = ALIASES.get(name.strip().lower(), name.strip())
    try:
        return pytz.timezone(name)
    except KeyError:
        return settings.HOME_ZONE


def validate(name: str) -> str:
    try:
        pytz.timezone(name)
    except pytz.UnknownTimeZoneError:
        return "unknown"
    except Exception as exc:
        return type(exc).__name__
    return "ok"


def canonical_name(name: str) -> str | None:
    try:
        return pytz.timezone(name).zone
    except (KeyError, ValueError):
        return None


def lookup_or_raise(name: str) -> tzinfo:
    return pytz.timezone(name)


def factory_is_placeholder() -> bool:
    """Servers without a configured zone report 'Factory'; we treat it as unset."""
    try:
        return pytz.timezone("Factory").localize(datetime(2020, 1, 1)).tzname() == "-00"
    except pytz.UnknownTimeZoneError:
        return False


def known(name: str) -> bool:
    return name in pytz.all_timezones_set


# entry points for the differential runner


def case_user_zone(name: str, naive: datetime) -> str:
    return user_zone(name).localize(naive).isoformat()


def case_user_zone_name(name: str) -> str:
    return str(user_zone(name))


def case_validate(name: str) -> str:
    return validate(name)


def case_canonical(name: str) -> str | None:
    return canonical_name(name)


def case_lookup_or_raise(name: str) -> str:
    return str(lookup_or_raise(name))


def case_factory() -> bool:
    return factory_is_placeholder()


def case_known(name: str) -> bool:
    return known(name)
