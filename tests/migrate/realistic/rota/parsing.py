"""Parsing the payment provider's timestamps."""

from __future__ import annotations

from datetime import datetime, timedelta

from dateutil import parser, tz

from rota import settings

IST = tz.tzoffset(None, 19800)
UTC_Z = tz.tzutc()
KNOWN_OFFSETS = [(IST, "provider"), (UTC_Z, "utc")]


def parse_provider(text: str) -> datetime:
    return parser.isoparse(text)


def from_provider(text: str) -> bool:
    """Whether a timestamp was written by the provider's own servers (offset +05:30)."""
    return parse_provider(text).tzinfo == settings.PROVIDER_OFFSET


def source_of(text: str) -> str:
    found = parse_provider(text).tzinfo
    return next((label for offset, label in KNOWN_OFFSETS if offset == found), "other")


def is_utc(text: str) -> bool:
    return parser.parse(text).tzinfo == tz.UTC


def to_provider_time(when: datetime) -> str:
    return when.astimezone(IST).isoformat()


def offset_seconds(text: str) -> float:
    offset = parse_provider(text).utcoffset()
    return offset.total_seconds() if offset is not None else 0.0


# entry points for the differential runner


def case_from_provider(naive: datetime) -> list[bool]:
    texts = [naive.isoformat() + suffix for suffix in ("+05:30", "+0530", "Z", "+01:00")]
    return [from_provider(t) for t in texts]


def case_source(naive: datetime) -> list[str]:
    return [source_of(naive.isoformat() + s) for s in ("+05:30", "Z", "+00:00", "-03:00")]


def case_is_utc(naive: datetime) -> list[bool]:
    return [is_utc(naive.isoformat() + s) for s in ("Z", "+00:00", " UTC", "+05:30")]


def case_to_provider(key: str, naive: datetime) -> str:
    return to_provider_time(settings.local(naive, settings.site_for_key(key)))


def case_offset_label(naive: datetime) -> str:
    aware = naive.replace(tzinfo=IST)
    return f"{aware.tzname()}|{aware.utcoffset()}|{(aware + timedelta(hours=1)).isoformat()}"


def case_offset_seconds(naive: datetime) -> float:
    return offset_seconds(naive.isoformat() + "+05:30")
