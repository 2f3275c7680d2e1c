"""What a refresh with nothing new costs, per layer loaded (issue 28).

    python benchmarks/bench_refresh.py          # 50 zones held by each layer

Each case runs in its own process holding 50 zones in the core, and in
``tzcompat.pytz`` and/or ``tzcompat.dateutil``; the figure is the median time of one
``tzcompat.refresh()`` that finds nothing new (every file only stat'ed). Ratios are to the
core alone in the same run. The machine is noisy: compare the ratios, not the numbers.
"""

from __future__ import annotations

import subprocess
import sys

CASE = r"""
import statistics, sys, time
from datetime import datetime
import tzcompat
layers = sys.argv[1].split("+")
keys = sorted(k for k in tzcompat.available_timezones()
              if "/" in k and not k.startswith(("Etc", "SystemV")))[:50]
hold = [tzcompat.ZoneInfo(k) for k in keys]
if "pytz" in layers:
    import tzcompat.pytz as tp
    hold += [tp.timezone(k).localize(datetime(2020, 1, 1)) for k in keys]
if "dateutil" in layers:
    import tzcompat.dateutil as td
    hold += [td.gettz(k) for k in keys]
tzcompat.refresh()
runs = []
for _ in range(9):
    t = time.perf_counter()
    for _ in range(10):
        assert not tzcompat.refresh()
    runs.append((time.perf_counter() - t) / 10)
print(statistics.median(runs))
"""

CASES = ["core", "core+pytz", "core+dateutil", "core+pytz+dateutil"]


def main() -> None:
    times = {}
    for case in CASES:
        out = subprocess.run([sys.executable, "-c", CASE, case], capture_output=True,
                             text=True, check=True)
        times[case] = float(out.stdout)
    print("## No-op tzcompat.refresh(), 50 zones per layer")
    print(f"{'layers':22} {'ms':>8} {'vs core':>8}")
    for case in CASES:
        print(f"{case:22} {times[case] * 1e3:8.2f} {times[case] / times['core']:8.2f}x")


if __name__ == "__main__":
    main()
