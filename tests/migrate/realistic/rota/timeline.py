"""The incident timeline: entries from every site, merged into one ordered view."""

from __future__ import annotations

import heapq
from datetime import datetime
from operator import attrgetter, itemgetter
from typing import Any

from rota import settings
from rota.dedup import Event, received


def entries(key: str, naives: list[datetime]) -> list[dict[str, Any]]:
    site = settings.site_for_key(key)
    zone = settings.site_zone(site)
    return [{"n": i, "at": zone.localize(n), "site": site} for i, n in enumerate(naives)]


def first_entry(rows: list[dict[str, Any]]) -> dict[str, Any]:
    return min(rows, key=lambda row: row["at"])


def last_entry(rows: list[dict[str, Any]]) -> dict[str, Any]:
    return max(rows, key=itemgetter("at"))


def ordered(rows: list[dict[str, Any]]) -> list[int]:
    return [row["n"] for row in sorted(rows, key=itemgetter("at"))]


def newest_events(events: list[Event], count: int) -> list[Event]:
    return heapq.nlargest(count, events, key=attrgetter("at"))


def merged(*streams: list[Event]) -> list[Event]:
    return list(heapq.merge(*streams, key=attrgetter("at")))


def gaps(rows: list[dict[str, Any]]) -> list[float]:
    times = sorted(row["at"] for row in rows)
    return [(b - a).total_seconds() for a, b in zip(times, times[1:])]


def latest_per_site(rows: list[dict[str, Any]]) -> dict[str, datetime]:
    out: dict[str, datetime] = {}
    for row in rows:
        out[row["site"]] = max(out.get(row["site"], row["at"]), row["at"])
    return out


# entry points for the differential runner


def case_first(key: str, naives: list[datetime]) -> int:
    return first_entry(entries(key, naives))["n"]


def case_last(key: str, naives: list[datetime]) -> int:
    return last_entry(entries(key, naives))["n"]


def case_ordered(key: str, naives: list[datetime]) -> list[int]:
    return ordered(entries(key, naives))


def case_newest(key: str, naives: list[datetime]) -> list[str]:
    site = settings.site_for_key(key)
    events = [received(f"e{i}", n, site) for i, n in enumerate(naives)]
    return [e.kind for e in newest_events(events, 2)]


def case_merged(key: str, naives: list[datetime]) -> list[str]:
    site = settings.site_for_key(key)
    events = sorted(
        (received(f"e{i}", n, site) for i, n in enumerate(naives)), key=attrgetter("at")
    )
    return [e.kind for e in merged(events[::2], events[1::2])]


def case_gaps(key: str, naives: list[datetime]) -> list[float]:
    return gaps(entries(key, naives))


def case_latest_per_site(key: str, naives: list[datetime]) -> str:
    return latest_per_site(entries(key, naives))[settings.site_for_key(key)].isoformat()
