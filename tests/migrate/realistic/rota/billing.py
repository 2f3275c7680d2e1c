"""Billing periods: usage is billed per local day and per local month of the customer's site."""

from __future__ import annotations

from collections import Counter, defaultdict
from datetime import datetime, timedelta, tzinfo

from dateutil.rrule import MONTHLY, rrule

from rota import settings
from rota.clock import start_of_day


class BillingPeriod:
    def __init__(self, zone: tzinfo, year: int, month: int) -> None:
        self.zone = zone
        self.start = zone.localize(datetime(year, month, 1))
        next_month = datetime(year + month // 12, month % 12 + 1, 1)
        self.end = zone.localize(next_month)

    def __contains__(self, when: datetime) -> bool:
        return self.start <= when < self.end

    @property
    def length(self) -> timedelta:
        return self.end - self.start

    def label(self) -> str:
        return f"{self.start:%Y-%m} ({self.zone.zone})"


def period_of(when: datetime, zone: tzinfo) -> BillingPeriod:
    local = zone.normalize(when.astimezone(zone))
    return BillingPeriod(zone, local.year, local.month)


def usage_by_day(events: list[datetime], zone: tzinfo) -> dict[datetime, int]:
    counts: Counter[datetime] = Counter()
    for when in events:
        counts.update([start_of_day(when, zone)])
    return dict(counts)


def open_days(events: list[datetime], zone: tzinfo) -> dict[datetime, bool]:
    return dict.fromkeys((start_of_day(e, zone) for e in events), True)


def minutes_by_day(
    sessions: list[tuple[datetime, datetime]], zone: tzinfo
) -> dict[datetime, float]:
    totals: defaultdict[datetime, float] = defaultdict(float)
    for begin, end in sessions:
        totals[start_of_day(begin, zone)] += (end - begin).total_seconds() / 60
    return totals


def invoice_dates(first: datetime, count: int = 3) -> list[datetime]:
    """Invoices go out on the same local day and time each month as the first one."""
    return list(rrule(MONTHLY, dtstart=first, count=count))


def billed_window(events: list[datetime]) -> float:
    return (max(events) - min(events)).total_seconds() / 3600


def _events(key: str, naives: list[datetime]) -> tuple[tzinfo, list[datetime]]:
    zone = settings.site_zone(settings.site_for_key(key))
    return zone, [zone.localize(n) for n in naives]


# entry points for the differential runner


def case_period_length(key: str, naive: datetime) -> float:
    zone = settings.site_zone(settings.site_for_key(key))
    return BillingPeriod(zone, naive.year, naive.month).length.total_seconds()


def case_period_label(key: str, naive: datetime) -> str:
    zone = settings.site_zone(settings.site_for_key(key))
    return period_of(settings.UTC.localize(naive), zone).label()


def case_in_period(key: str, naive: datetime) -> bool:
    zone, (when,) = _events(key, [naive])
    return when in BillingPeriod(zone, naive.year, naive.month)


def case_usage_days(key: str, naives: list[datetime]) -> int:
    zone, events = _events(key, naives)
    return len(usage_by_day(events, zone))


def case_open_days(key: str, naives: list[datetime]) -> list[str]:
    zone, events = _events(key, naives)
    return sorted(d.isoformat() for d in open_days(events, zone))


def case_minutes(key: str, naives: list[datetime]) -> list[float]:
    zone, events = _events(key, naives)
    sessions = [(e, zone.normalize(e + timedelta(minutes=90))) for e in events]
    return sorted(minutes_by_day(sessions, zone).values())


def case_invoice_dates(key: str, naive: datetime) -> list[str]:
    zone, (first,) = _events(key, [naive.replace(day=min(naive.day, 28))])
    return [d.isoformat() for d in invoice_dates(first)]


def case_billed_window(key: str, naives: list[datetime]) -> float:
    return billed_window(_events(key, naives)[1])
