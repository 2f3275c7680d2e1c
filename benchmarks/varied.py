"""Varied instants for the adapter benchmarks (issue 19): every call sees a different
datetime, so per-instant caches cannot hit the way they do when one datetime is asked
again and again.

``instants(lo, hi)`` draws ``N`` UTC instants uniformly over ``[lo, hi)`` years with a fixed
seed (the same list for every implementation), ``per_op_ns`` times a loop over such a list
for several implementations in turns and gives the best time per element, and
``zone_memory`` measures with ``tracemalloc`` what a zone keeps after answering them.
"""

from __future__ import annotations

import gc
import os
import random
import sys
import tracemalloc
from collections.abc import Callable
from datetime import datetime, timedelta, timezone

HERE = os.path.dirname(os.path.abspath(__file__))
if HERE not in sys.path:
    sys.path.insert(0, HERE)

from run import interleaved_ns  # noqa: E402

N = 20_000
RANGES = ((2000, 2050), (1900, 2100))
_EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)


def instants(lo: int, hi: int, n: int = N, seed: int = 19) -> list[datetime]:
    """``n`` aware UTC datetimes, uniform over years ``[lo, hi)``, to the microsecond."""
    rnd = random.Random(seed * 10_000 + lo * 3 + hi)
    start = int((datetime(lo, 1, 1, tzinfo=timezone.utc) - _EPOCH).total_seconds())
    end = int((datetime(hi, 1, 1, tzinfo=timezone.utc) - _EPOCH).total_seconds())
    return [
        _EPOCH + timedelta(seconds=rnd.randrange(start, end), microseconds=rnd.randrange(10**6))
        for _ in range(n)
    ]


def walls(lo: int, hi: int, n: int = N) -> list[datetime]:
    """``n`` naive wall times spread over years ``[lo, hi)`` (the instants' UTC fields)."""
    return [d.replace(tzinfo=None) for d in instants(lo, hi, n, seed=20)]


def per_op_ns(funcs: list[Callable[[], object] | None], n: int = N,
              rounds: int = 5) -> list[float | None]:
    """Best ns per element of each loop over ``n`` elements, measured in turns."""
    values = interleaved_ns(funcs, rounds=rounds, budget=0.02)
    return [None if v is None else v / n for v in values]


def zone_memory(make: Callable[[], object], use: Callable[[object], object]) -> float:
    """Bytes traced after ``make()`` a zone and ``use(zone)`` (its answers dropped), over
    the bytes after ``make()`` alone: what the zone's caches keep."""
    gc.collect()
    tracemalloc.start()
    try:
        zone = make()
        gc.collect()
        base = tracemalloc.get_traced_memory()[0]
        use(zone)
        gc.collect()
        grown = tracemalloc.get_traced_memory()[0] - base
    finally:
        tracemalloc.stop()
    del zone
    return float(grown)
