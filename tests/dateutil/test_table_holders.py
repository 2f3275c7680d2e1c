"""tzfile's per-year tables hold datetimes that carry the zone, and datetimes are
invisible to the cycle collector: only a bounded number of zones may hold tables, or
every zone ever used (``tzfile(path)``, ``gettz.nocache``, unpickled copies) would stay
in memory for good. A zone that gave its tables up must answer as before."""

from __future__ import annotations

import gc
import random
import weakref
from datetime import datetime, timedelta, timezone

from tzcompat.dateutil import _tzfile

from ._compare import ours, real, zone_files

FILES = zone_files()
_UTC = timezone.utc


def _instants(n: int, seed: int) -> list[datetime]:
    rng = random.Random(seed)
    start = datetime(1990, 1, 1, tzinfo=_UTC)
    return [start + timedelta(seconds=rng.randrange(60 * 366 * 86400)) for _ in range(n)]


def _use(zone) -> list[tuple]:
    out = []
    for d in _instants(60, 7):
        local = d.astimezone(zone)
        out.append((local.replace(tzinfo=None), local.fold, local.utcoffset(), local.tzname(),
                    local.dst(), local.astimezone(_UTC)))
    return out


def test_used_zones_are_freed_once_past_the_bound():
    path = FILES[0]
    refs = []
    for _ in range(_tzfile._TABLE_HOLDERS + 8):
        zone = ours.tzfile(path)
        _use(zone)
        refs.append(weakref.ref(zone))
        del zone
    gc.collect()
    alive = sum(ref() is not None for ref in refs)
    assert alive <= _tzfile._TABLE_HOLDERS
    # The first zones gave their tables up and are gone.
    assert all(ref() is None for ref in refs[:8])


def test_answers_after_giving_tables_up_match_dateutil():
    files = FILES[: _tzfile._TABLE_HOLDERS + 20]
    zones = [ours.tzfile(p) for p in files]
    peers = [real.tzfile(p) for p in files]
    # Two rounds over more zones than may hold tables: every zone loses its tables in
    # between and must rebuild them.
    for _ in range(2):
        for zone, peer in zip(zones, peers):
            assert _use(zone) == _use(peer), zone
