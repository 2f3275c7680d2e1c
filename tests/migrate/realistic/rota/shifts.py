"""Shifts: who works when, and the queue of shifts that still need staff."""

from __future__ import annotations

import heapq
from collections import namedtuple
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from operator import attrgetter

from rota import clock, settings

Slot = namedtuple("Slot", "start end site")


@dataclass
class Shift:
    worker: str
    start: datetime
    end: datetime
    site: str = "nyc"
    tags: list[str] = field(default_factory=list)

    @property
    def hours(self) -> float:
        return (self.end - self.start).total_seconds() / 3600

    def covers(self, when: datetime) -> bool:
        return self.start <= when < self.end


def make_shift(worker: str, naive_start: datetime, length: float, site: str) -> Shift:
    zone = settings.site_zone(site)
    start = zone.localize(naive_start)
    return Shift(worker, start, zone.normalize(start + timedelta(hours=length)), site)


def slots_for(naive_starts: list[datetime], site: str, length: float = 8) -> list[Slot]:
    zone = settings.site_zone(site)
    out = []
    for naive in naive_starts:
        start = zone.localize(naive)
        out.append(Slot(start, start + timedelta(hours=length), site))
    return out


class OpenShifts:
    """Shifts waiting for a worker, earliest first."""

    def __init__(self) -> None:
        self._heap: list[tuple[datetime, int, Slot]] = []
        self._count = 0

    def push(self, slot: Slot) -> None:
        self._count += 1
        heapq.heappush(self._heap, (slot.start, self._count, slot))

    def pop(self) -> Slot:
        return heapq.heappop(self._heap)[2]

    def __len__(self) -> int:
        return len(self._heap)


def first_open(slots: list[Slot], count: int = 2) -> list[Slot]:
    return heapq.nsmallest(count, slots, key=attrgetter("start"))


def latest_ends(slots: list[Slot], count: int = 2) -> list[Slot]:
    return heapq.nlargest(count, slots, key=lambda s: s.end)


def on_duty(shifts: list[Shift], when: datetime) -> list[str]:
    return [s.worker for s in shifts if s.covers(when)]


def span(shifts: list[Shift]) -> timedelta:
    return max(s.end for s in shifts) - min(s.start for s in shifts)


def _walls(slots: list[Slot]) -> list[str]:
    return [clock.wall_label(s.start) for s in slots]


# entry points for the differential runner


def case_queue_order(key: str, naives: list[datetime]) -> list[str]:
    queue = OpenShifts()
    for slot in slots_for(naives, settings.site_for_key(key)):
        queue.push(slot)
    order = []
    while queue:
        order.append(clock.wall_label(queue.pop().start))
    return order


def case_first_open(key: str, naives: list[datetime]) -> list[str]:
    return _walls(first_open(slots_for(naives, settings.site_for_key(key))))


def case_latest_ends(key: str, naives: list[datetime]) -> list[str]:
    return [
        clock.wall_label(s.end)
        for s in latest_ends(slots_for(naives, settings.site_for_key(key), 1))
    ]


def case_shift_hours(key: str, naive: datetime) -> float:
    return make_shift("ana", naive, 8, settings.site_for_key(key)).hours


def case_on_duty(key: str, naive: datetime) -> list[str]:
    site = settings.site_for_key(key)
    shifts = [
        make_shift("ana", naive - timedelta(hours=1), 1, site),
        make_shift("ben", naive, 2, site),
        make_shift("cy", naive + timedelta(minutes=30), 1, site),
    ]
    probe = settings.site_zone(site).localize(naive + timedelta(minutes=59))
    return on_duty(shifts, probe)


def case_span(key: str, naives: list[datetime]) -> float:
    site = settings.site_for_key(key)
    shifts = [make_shift(f"w{i}", n, 1, site) for i, n in enumerate(naives)]
    return span(shifts).total_seconds()


def case_sorted_by_start(key: str, naives: list[datetime]) -> list[str]:
    site = settings.site_for_key(key)
    shifts = [make_shift(f"w{i}", n, 1, site) for i, n in enumerate(naives)]
    return [s.worker for s in sorted(shifts, key=attrgetter("start"))]
