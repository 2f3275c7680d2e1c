"""First lookups and preload (issue 29), beside the standard library's C zoneinfo.

    python benchmarks/bench_lookup.py            # the table of docs/performance.md
    python benchmarks/run.py lookup              # the same, as a section of run.py
    python benchmarks/bench_lookup.py --quick    # fewer rounds

Rows:

- ``no_cache(key)``: a zone built from its file, for every key of the data (600 keys);
- ``ZoneInfo(key)``, first lookup without preload: both caches emptied at the start of each
  round (untimed), so each key's lookup is a miss;
- ``ZoneInfo(key)`` after ``preload()``: a cache hit (the C class: its own cache, warm);
- ``preload()`` of every zone (``available_timezones()``, then each zone), cold (a new
  process, modules imported, nothing loaded; the OS's file cache is warm, dropping it is not
  in our power) and warm (a second call); for the C class the same: ``available_timezones()``
  and ``ZoneInfo(key)`` for every key, kept in a list.

Per-key figures are the best over several rounds of each key, the implementations taken
in turns key by key, so a burst of load on the shared machine hits both alike; whole-set
figures are the best of several runs, each in a fresh process. Compare ratios of one run.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time

QUICK = "--quick" in sys.argv
ROUNDS = 3 if QUICK else 7

_WHOLE = r"""
import json, sys, time
t0 = time.perf_counter()
if sys.argv[1] == "tzcompat":
    import tzcompat
    tzcompat.ZoneInfo, tzcompat.preload  # imported before timing, as zoneinfo for the C class
    t1 = time.perf_counter()
    tzcompat.preload()
    t2 = time.perf_counter()
    tzcompat.preload()
    t3 = time.perf_counter()
else:
    import zoneinfo
    t1 = time.perf_counter()
    held = [zoneinfo.ZoneInfo(k) for k in sorted(zoneinfo.available_timezones() - {"localtime"})]
    t2 = time.perf_counter()
    held = [zoneinfo.ZoneInfo(k) for k in sorted(zoneinfo.available_timezones() - {"localtime"})]
    t3 = time.perf_counter()
print(json.dumps({"cold": t2 - t1, "warm": t3 - t2}))
"""


def whole(impl: str) -> dict[str, float]:
    best: dict[str, float] = {}
    for _ in range(ROUNDS):
        out = subprocess.run([sys.executable, "-c", _WHOLE, impl], capture_output=True,
                             text=True, check=True).stdout
        for name, value in json.loads(out).items():
            best[name] = min(best.get(name, value), value)
    return best


def per_key() -> dict[str, float]:
    import zoneinfo

    import tzcompat

    keys = sorted(tzcompat.available_timezones())
    clock = time.perf_counter_ns
    cases = {
        "no_cache C": zoneinfo.ZoneInfo.no_cache,
        "no_cache tzcompat": tzcompat.ZoneInfo.no_cache,
    }

    cases["first lookup C"] = zoneinfo.ZoneInfo
    cases["first lookup tzcompat"] = tzcompat.ZoneInfo
    best = {name: [float("inf")] * len(keys) for name in cases}
    for _ in range(ROUNDS):
        # Both caches emptied once per round (untimed): each ZoneInfo(key) below is a miss;
        # every result is kept, so no zone is freed inside a timed call.
        zoneinfo.ZoneInfo.clear_cache()
        tzcompat.ZoneInfo.clear_cache()
        kept = []
        for i, key in enumerate(keys):
            for name, func in cases.items():
                t = clock()
                zone = func(key)
                best[name][i] = min(best[name][i], clock() - t)
                kept.append(zone)
        del kept
    # Hits: after preload (tzcompat) / with every zone held (C).
    held = [zoneinfo.ZoneInfo(k) for k in keys]
    tzcompat.preload()
    hits = {"hit C": zoneinfo.ZoneInfo, "hit tzcompat after preload": tzcompat.ZoneInfo}
    for name in hits:
        best[name] = [float("inf")] * len(keys)
    for _ in range(ROUNDS):
        for i, key in enumerate(keys):
            for name, func in hits.items():
                t = clock()
                for _ in range(20):
                    func(key)
                best[name][i] = min(best[name][i], (clock() - t) / 20)
    del held
    return {name: sum(v) / len(v) / 1000 for name, v in best.items()}


def main() -> None:
    import os

    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    keys = per_key()
    print(f"per key (mean over every key of its best time, us); load average {load:.1f}")
    for a, b in (("no_cache C", "no_cache tzcompat"), ("first lookup C", "first lookup tzcompat"),
                 ("hit C", "hit tzcompat after preload")):
        print(f"  {b:30} {keys[b]:8.2f}   {a:16} {keys[a]:8.2f}   ratio {keys[b] / keys[a]:.2f}")
    ours, theirs = whole("tzcompat"), whole("C")
    print("every zone (best of fresh processes, ms)")
    for name in ("cold", "warm"):
        print(f"  preload() {name:5} {ours[name] * 1e3:8.1f}   C loop {theirs[name] * 1e3:8.1f}"
              f"   ratio {ours[name] / theirs[name]:.2f}")


run = main  # benchmarks/run.py runs a section's run()

if __name__ == "__main__":
    main()
