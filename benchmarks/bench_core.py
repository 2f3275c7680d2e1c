"""Core benchmarks on varied instants (issue 19), beside the stdlib's C and pure-Python
zoneinfo and tzcompat's engine, all reading the same files.

    python benchmarks/run.py core-varied          # this part alone
    python benchmarks/run.py core                 # with the rest of the core section

Every operation converts many different instants (random over 1900-2100 and over
2000-2050), so a cache that remembers instants or days cannot make it fast; tzcompat's
tables (per year, and per block of 32 days) are built on an untimed first pass of each
operation over the instants and then reused (at most 256 years per zone).
Timings are the best per-operation time over many short batches taken in turns across
the implementations: on a loaded machine a short batch is rarely interrupted, and a
load burst hits every column alike. Compare the ratios of one run.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import timeit
from collections.abc import Callable
from datetime import datetime, timezone
from types import ModuleType
from typing import Any

HERE = os.path.dirname(os.path.abspath(__file__))
QUICK = "--quick" in sys.argv
UTC = timezone.utc
ZONES = ["America/New_York", "Europe/Berlin", "Australia/Sydney", "Asia/Tokyo"]
SPANS = [(1900, 2100), (2000, 2050)]
N_INSTANTS = 20_000
FAT_ROOT = "/usr/share/zoneinfo"
IMPLS = ["stdlib-C", "stdlib-py", "tzcompat", "engine"]


def instants(span: tuple[int, int], n: int = N_INSTANTS, seed: int = 19) -> list[datetime]:
    """``n`` aware UTC datetimes spread at random over the years of ``span``."""
    rng = random.Random(seed)
    lo = datetime(span[0], 1, 1, tzinfo=UTC).timestamp()
    hi = datetime(span[1] + 1, 1, 1, tzinfo=UTC).timestamp()
    return [datetime.fromtimestamp(rng.uniform(lo, hi), UTC) for _ in range(n)]


def best_per_op(cases: list[tuple[Callable[[list[Any]], object], list[Any]]],
                rounds: int, batch: int = 500, step: int = 3) -> list[float]:
    """Best ns per item of each ``func(batch of its data)``, batches taken in turns. The
    order turns by ``step`` cases each round: a batch runs slower right after one that
    filled the CPU caches with its own data (the stdlib's pure-Python class does), so
    each implementation gets its turn after each other one."""
    best = [float("inf")] * len(cases)
    for r in range(rounds):
        shift = r * step % len(cases)
        for i in [*range(shift, len(cases)), *range(shift)]:
            func, data = cases[i]
            start = (r * batch) % max(1, len(data) - batch)
            part = data[start:start + batch]
            t = timeit.timeit(lambda f=func, p=part: f(p), number=1)
            best[i] = min(best[i], t / len(part) * 1e9)
    return best


def zones_for(key: str, tzpath: list[str], pure: ModuleType) -> dict[str, Any]:
    """The zone ``key`` from ``tzpath`` ([] = the tzdata package) in every implementation."""
    import zoneinfo

    import tzcompat
    from tzcompat._engine import ZoneEngine

    for mod in (zoneinfo, pure, tzcompat):
        mod.reset_tzpath(tzpath)
    try:
        return {"stdlib-C": zoneinfo.ZoneInfo.no_cache(key),
                "stdlib-py": pure.ZoneInfo.no_cache(key),
                "tzcompat": tzcompat.ZoneInfo.no_cache(key),
                "engine": ZoneEngine.load(key)}
    finally:
        for mod in (zoneinfo, pure, tzcompat):
            mod.reset_tzpath()


def varied_rows(tzpath: list[str], span: tuple[int, int], pure: ModuleType,
                rounds: int) -> list[tuple[str, list[float | None]]]:
    """Rows per zone and operation; columns IMPLS, then "floor": a ZoneInfo subclass whose
    Python methods return a constant (the least a pure-Python zone can cost here)."""
    from bench_consumers import floor_zone

    rows: list[tuple[str, list[float | None]]] = []
    utc_instants = instants(span)
    for key in ZONES:
        zones = zones_for(key, tzpath, pure)
        zones["floor"] = floor_zone()
        cases: list[tuple[Callable[[list[Any]], object], list[Any]]] = []
        for name in [*IMPLS, "floor"]:
            z = zones[name]
            # The first pass of each operation (untimed): it builds tzcompat's tables,
            # as a program's first pass over its data would.
            local = [d.astimezone(z) for d in utc_instants]
            [d.utcoffset() for d in local]
            [d.astimezone(UTC) for d in local]
            cases += [
                (lambda p: [d.utcoffset() for d in p], local),
                (lambda p, z=z: [d.astimezone(z) for d in p], utc_instants),
                (lambda p: [d.astimezone(UTC) for d in p], local),
            ]
        times = best_per_op(cases, rounds)
        for k, op in enumerate(("utcoffset()", "UTC -> local (astimezone)",
                                "local -> UTC (astimezone)")):
            rows.append((f"{key.split('/')[1]}: {op}", times[k::3]))
    return rows


def cached_lookup_ratios(rounds: int) -> tuple[float, float, str]:
    """ZoneInfo(key) again for a cached key, tzcompat / stdlib C, over every zone:
    (worst, median, worst key)."""
    import zoneinfo

    import tzcompat

    keys = sorted(zoneinfo.available_timezones() - {"localtime"})
    ratios = []
    reps = list(range(200))
    for key in keys:
        zoneinfo.ZoneInfo(key), tzcompat.ZoneInfo(key)
        c, t = best_per_op([(lambda p, k=key: [zoneinfo.ZoneInfo(k) for _ in p], reps),
                            (lambda p, k=key: [tzcompat.ZoneInfo(k) for _ in p], reps)],
                           rounds, batch=200)
        ratios.append((t / c, key))
    ratios.sort()
    return ratios[-1][0], ratios[len(ratios) // 2][0], ratios[-1][1]


def first_lookup_rows(pure: ModuleType, rounds: int) -> list[tuple[str, list[float | None]]]:
    """``ZoneInfo.no_cache(key)`` (open, read, build) per implementation, default TZPATH."""
    import zoneinfo

    import tzcompat
    from tzcompat._engine import ZoneEngine

    rows: list[tuple[str, list[float | None]]] = []
    for key in ZONES:
        cases: list[tuple[Callable[[list[Any]], object], list[Any]]] = [
            (lambda p, k=key: [zoneinfo.ZoneInfo.no_cache(k) for _ in p], [0] * 20),
            (lambda p, k=key: [pure.ZoneInfo.no_cache(k) for _ in p], [0] * 20),
            (lambda p, k=key: [tzcompat.ZoneInfo.no_cache(k) for _ in p], [0] * 20),
            (lambda p, k=key: [ZoneEngine.load(k) for _ in p], [0] * 20),
        ]
        rows.append((f"{key.split('/')[1]}: no_cache(key)",
                     best_per_op(cases, max(3, rounds // 4), batch=20)))  # type: ignore[arg-type]
    return rows


_MEMORY_CHILD = r"""
import gc, json, sys, tracemalloc
sys.path.insert(0, {here!r})
from bench_core import instants, zones_for, UTC
from run import pure_stdlib_zoneinfo
pure = pure_stdlib_zoneinfo()
key, tzpath, impl, years = {key!r}, {tzpath!r}, {impl!r}, {years!r}
import tzcompat, zoneinfo
tzcompat.ZoneInfo, tzcompat.TZPATH
zone = zones_for(key, tzpath, pure)[impl]
batches = [instants((y0, y1), 20000, seed=y0) for y0, y1 in years]
gc.collect()
tracemalloc.start()
base = tracemalloc.get_traced_memory()[0]
for batch in batches:
    local = [d.astimezone(zone) for d in batch]
    [d.utcoffset() for d in local]
    [d.astimezone(UTC) for d in local]
    del local
gc.collect()
print(json.dumps(tracemalloc.get_traced_memory()[0] - base))
"""


def memory_rows(tzpath: list[str]) -> list[tuple[str, list[float | None]]]:
    """Bytes a zone keeps after converting many varied instants (fresh process each):
    over 1900-2100, and over years 2-9998 (bounded: at most 256 years of each kind are kept)."""
    rows: list[tuple[str, list[float | None]]] = []
    spans = {"1900-2100": [(1900, 2100)],
             "years 2-9998": [(y, min(y + 499, 9998)) for y in range(2, 9999, 500)]}
    for label, years in spans.items():
        values: list[float | None] = []
        for impl in IMPLS:
            code = _MEMORY_CHILD.format(here=HERE, key=ZONES[0], tzpath=tzpath, impl=impl,
                                        years=years)
            out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                                 check=True)
            values.append(float(json.loads(out.stdout)))
        rows.append((f"kept after converting {label}", values))
    return rows


def run(print_table: Callable[..., None]) -> None:
    from run import pure_stdlib_zoneinfo

    pure = pure_stdlib_zoneinfo()
    rounds = 12 if QUICK else 30
    sources = [("slim tzdata files", [])]
    if os.path.isfile(os.path.join(FAT_ROOT, "America/New_York")):
        sources.insert(0, ("fat system files", [FAT_ROOT]))
    for label, tzpath in sources:
        for span in SPANS:
            print_table(f"core, varied instants: {label}, {span[0]}-{span[1]}",
                        [*IMPLS, "floor"], varied_rows(tzpath, span, pure, rounds),
                        note=f"{N_INSTANTS} random UTC instants; ns per conversion, best "
                             "over batches of 500 taken in turns; floor = a ZoneInfo "
                             "subclass whose Python methods return a constant")
    worst, median, key = cached_lookup_ratios(max(3, rounds // 6))
    print(f"\n## core: ZoneInfo(key), cached, every zone (tzcompat / stdlib C)\n"
          f"worst {worst:.2f}x ({key}), median {median:.2f}x")
    print_table("core: first lookup, ZoneInfo.no_cache(key), default TZPATH", IMPLS,
                first_lookup_rows(pure, rounds), unit="ns")
    print_table(f"core: memory a zone keeps ({ZONES[0]}, tracemalloc, fresh process)", IMPLS,
                memory_rows(sources[0][1]), unit="B")
