"""Event de-duplication: the webhook source retries, so the same event arrives more than once."""

from __future__ import annotations

from collections import Counter, defaultdict
from datetime import datetime, timedelta
from typing import NamedTuple

import pytz

from rota import settings


class Event(NamedTuple):
    kind: str
    at: datetime
    site: str


def received(kind: str, naive: datetime, site: str) -> Event:
    return Event(kind, settings.site_zone(site).localize(naive), site)


class Deduplicator:
    def __init__(self) -> None:
        self.seen: set[datetime] = set()
        self.kept: list[Event] = []

    def offer(self, event: Event) -> bool:
        if event.at in self.seen:
            return False
        self.seen.add(event.at)
        self.kept.append(event)
        return True


def unique_times(events: list[Event]) -> list[datetime]:
    out: list[datetime] = []
    for event in events:
        if event.at not in out:
            out.append(event.at)
    return out


def position_of(events: list[Event], when: datetime) -> int:
    return [e.at for e in events].index(when)


def by_time(events: list[Event]) -> dict[datetime, list[str]]:
    grouped: defaultdict[datetime, list[str]] = defaultdict(list)
    for event in events:
        grouped[event.at].append(event.kind)
    return grouped


def retry_counts(events: list[Event]) -> Counter[tuple[str, datetime]]:
    return Counter((e.kind, e.at) for e in events)


def last_seen(events: list[Event]) -> dict[str, datetime]:
    latest: dict[str, datetime] = {}
    for event in events:
        if event.kind not in latest or event.at > latest[event.kind]:
            latest[event.kind] = event.at
    return latest


def _stream(key: str, naives: list[datetime]) -> list[Event]:
    site = settings.site_for_key(key)
    events = [received("ping", n, site) for n in naives]
    # the provider retries each event once, with the time re-stamped in UTC
    for event in list(events):
        events.append(Event(event.kind, event.at.astimezone(pytz.utc), site))
    return events


# entry points for the differential runner


def case_offer(key: str, naives: list[datetime]) -> int:
    dedup = Deduplicator()
    return sum(dedup.offer(e) for e in _stream(key, naives))


def case_unique_times(key: str, naives: list[datetime]) -> int:
    return len(unique_times(_stream(key, naives)))


def case_position(key: str, naives: list[datetime]) -> int:
    events = _stream(key, naives)
    return position_of(events, events[-1].at)


def case_by_time(key: str, naives: list[datetime]) -> list[int]:
    return sorted(len(v) for v in by_time(_stream(key, naives)).values())


def case_retry_counts(key: str, naives: list[datetime]) -> list[int]:
    return sorted(retry_counts(_stream(key, naives)).values())


def case_last_seen(key: str, naives: list[datetime]) -> str:
    events = [received("ping", n, settings.site_for_key(key)) for n in naives]
    return last_seen(events)["ping"].isoformat()


def case_refire(key: str, naive: datetime) -> bool:
    zone = settings.site_zone(settings.site_for_key(key))
    first = zone.localize(naive)
    again = zone.normalize(first + timedelta(hours=1))
    seen = {first}
    seen.add(again - timedelta(hours=1))
    return len(seen) == 1
