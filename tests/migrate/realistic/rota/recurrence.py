"""Recurring rota entries: stand-ups, weekly handovers, monthly reviews."""

from __future__ import annotations

from datetime import datetime, timedelta

from dateutil import rrule

from rota import settings
from rota.regions import region_for


def daily_standup(start: datetime, count: int = 4) -> list[datetime]:
    return list(rrule.rrule(rrule.DAILY, dtstart=start, count=count))


def from_rule_text(text: str, start: datetime) -> list[datetime]:
    return list(rrule.rrulestr(text, dtstart=start))


def weekly_without_holidays(start: datetime, holidays: list[datetime]) -> list[datetime]:
    rules = rrule.rruleset()
    rules.rrule(rrule.rrule(rrule.WEEKLY, dtstart=start, count=4))
    for day in holidays:
        rules.exdate(day)
    return list(rules)


def next_after(start: datetime, when: datetime) -> datetime | None:
    return rrule.rrule(rrule.HOURLY, interval=6, dtstart=start, count=40).after(when)


def _labels(times: list[datetime]) -> list[str]:
    return [t.isoformat() for t in times]


# entry points for the differential runner


def case_standup(key: str, naive: datetime) -> list[str]:
    zone = settings.site_zone(settings.site_for_key(key))
    return _labels(daily_standup(zone.localize(naive)))


def case_rule_text(key: str, naive: datetime) -> list[str]:
    start = region_for(key).localize(naive)
    return _labels(from_rule_text("FREQ=HOURLY;INTERVAL=12;COUNT=4", start))


def case_rule_text_utc(naive: datetime) -> list[str]:
    return _labels(from_rule_text("FREQ=DAILY;COUNT=2", settings.UTC.localize(naive)))


def case_weekly(key: str, naive: datetime) -> list[str]:
    zone = settings.site_zone(settings.site_for_key(key))
    start = zone.localize(naive)
    skipped = zone.normalize(start + timedelta(weeks=1))
    return _labels(weekly_without_holidays(start, [skipped]))


def case_next_after(key: str, naive: datetime) -> str:
    zone = settings.site_zone(settings.site_for_key(key))
    start = zone.localize(naive - timedelta(days=1))
    found = next_after(start, zone.localize(naive))
    return found.isoformat() if found else "none"
