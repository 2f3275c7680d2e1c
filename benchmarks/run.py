"""Time tzcompat beside its peers in one run and print ns/op and ratios.

    python benchmarks/run.py            # core, pytz, dateutil, consumers, stored times
    python benchmarks/run.py core       # just one section (core | pytz | dateutil | consumers)
    python benchmarks/run.py core-varied  # the core on varied instants alone (bench_core.py)
    python benchmarks/run.py --quick    # fewer repetitions
    python benchmarks/run.py migrate    # tzcompat migrate at scale (bench_migrate.py; minutes)
    python benchmarks/run.py lookup     # first lookups and preload of every zone (bench_lookup.py)
    python benchmarks/run.py rfc9557    # stored times: parse, recheck, format (bench_rfc9557.py)

The machine is noisy: compare the ratios within one run, never absolute numbers
across runs. Each figure is the best of several repeats.
"""

from __future__ import annotations

import importlib
import json
import os
import subprocess
import sys
import timeit
from collections.abc import Callable
from datetime import datetime, timedelta, timezone
from types import ModuleType

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
REPEATS = 3 if "--quick" in sys.argv else 9
KEY = "America/New_York"


def best_ns(func: Callable[[], object], repeats: int = REPEATS, budget: float = 0.05) -> float:
    """Best-of-``repeats`` time per call in ns, each repeat lasting about ``budget`` s."""
    number = 1
    while True:
        elapsed = timeit.timeit(func, number=number)
        if elapsed >= budget / 5 or number >= 1 << 22:
            break
        number *= 4
    number = max(1, int(number * budget / max(elapsed, 1e-9)))
    return min(timeit.repeat(func, number=number, repeat=repeats)) / number * 1e9


def interleaved_ns(funcs: list[Callable[[], object] | None], rounds: int = REPEATS,
                   budget: float = 0.05) -> list[float | None]:
    """Best ns/op of each function, measured in turns over ``rounds`` rounds, so that a burst
    of load on this noisy machine hits every column alike rather than one of them."""
    best: list[float | None] = [None if f is None else float("inf") for f in funcs]
    for _ in range(rounds):
        for i, func in enumerate(funcs):
            if func is not None:
                best[i] = min(best[i], best_ns(func, repeats=1, budget=budget))  # type: ignore[type-var]
    return best


def print_table(title: str, columns: list[str], rows: list[tuple[str, list[float | None]]],
                base: int = 0, note: str = "", unit: str = "ns") -> None:
    """Rows of ns/op per column, with each column's ratio to column ``base``."""
    print(f"\n## {title}")
    if note:
        print(note)
    head = f"{'operation':38}" + "".join(f"{c:>16}" for c in columns)
    print(head + "   ratios vs " + columns[base])
    print("-" * (len(head) + 30))
    for name, values in rows:
        cells = "".join(f"{v:>13.0f} {unit:2}" if v is not None else f"{'n/a':>16}" for v in values)
        ref = values[base]
        ratios = "  ".join(
            f"{c}={v / ref:.2f}x"
            for c, v in zip(columns, values)
            if v is not None and ref and c != columns[base]
        )
        print(f"{name:38}{cells}   {ratios}")


def pure_stdlib_zoneinfo() -> ModuleType:
    """The stdlib's pure-Python zoneinfo, imported with the C accelerator blocked."""
    saved = {k: v for k, v in sys.modules.items() if k == "zoneinfo" or k.startswith("zoneinfo.")}
    saved_c = sys.modules.get("_zoneinfo", None)
    for k in saved:
        del sys.modules[k]
    sys.modules["_zoneinfo"] = None  # type: ignore[assignment]
    try:
        module = importlib.import_module("zoneinfo")
    finally:
        for k in [k for k in sys.modules if k == "zoneinfo" or k.startswith("zoneinfo.")]:
            del sys.modules[k]
        sys.modules.update(saved)
        if saved_c is None:
            del sys.modules["_zoneinfo"]
        else:
            sys.modules["_zoneinfo"] = saved_c
    return module


def core_impls() -> list[tuple[str, ModuleType]]:
    import zoneinfo

    import tzcompat

    return [("stdlib-C", zoneinfo), ("stdlib-py", pure_stdlib_zoneinfo()), ("tzcompat", tzcompat)]


def core_rows(impls: list[tuple[str, ModuleType]]) -> list[tuple[str, list[float | None]]]:
    per_impl: list[dict[str, tuple[Callable[[], object], float, int]]] = []
    keep = []
    for _, mod in impls:
        zi = mod.ZoneInfo
        zone = zi(KEY)
        keep += [zi(k) for k in ("UTC", "Europe/Paris", "Asia/Tokyo")]  # a realistic cache
        aware = datetime(2024, 7, 1, 12, 30, tzinfo=zone)
        aware_future = datetime(2100, 7, 1, 12, 30, tzinfo=zone)
        utc_dt = datetime(2024, 7, 1, 16, 30, tzinfo=timezone.utc)
        days = [datetime(2024, 1, 1, 9) + timedelta(hours=7 * i) for i in range(1000)]
        aware_days = [d.replace(tzinfo=zone) for d in days]

        def first_load(zi=zi) -> None:
            zi.clear_cache(only_keys=[KEY])
            zi(KEY)

        # label -> (function, time budget per measurement, operations per call)
        per_impl.append({
            "ZoneInfo(key), cached": (lambda zi=zi: zi(KEY), 0.05, 1),
            "aware.utcoffset()": (aware.utcoffset, 0.05, 1),
            "aware.utcoffset() in 2100 (rule)": (aware_future.utcoffset, 0.05, 1),
            "utcoffset() of 1000 datetimes / 1000":
                (lambda a=aware_days: [d.utcoffset() for d in a], 0.05, 1000),
            "UTC -> local (astimezone)": (lambda z=zone, u=utc_dt: u.astimezone(z), 0.05, 1),
            "local -> UTC (astimezone)": (lambda a=aware: a.astimezone(timezone.utc), 0.05, 1),
            "datetime(..., tzinfo=zone)":
                (lambda z=zone: datetime(2024, 7, 1, 12, 30, tzinfo=z), 0.05, 1),
            "first load (cache cleared)": (first_load, 0.1, 1),
        })
    rows = []
    for label in per_impl[0]:
        _, budget, ops = per_impl[0][label]
        values = interleaved_ns([p[label][0] for p in per_impl], budget=budget)
        rows.append((label, [None if v is None else v / ops for v in values]))
    return rows


def long_table_rows(impls: list[tuple[str, ModuleType]]) -> list[tuple[str, list[float | None]]]:
    """Microseconds to load a 2**20-transition file and to answer its first utcoffset()."""
    import io
    import struct
    from array import array

    n = 1 << 20
    times = array("q", range(-n * 1000, 0, 1000))
    if sys.byteorder == "little":
        times.byteswap()
    types = struct.pack(">lBBlBB", 0, 0, 0, 3600, 1, 4)
    block = (struct.pack(">4sc15x6l", b"TZif", b"2", 0, 0, 0, n, 2, 8) + times.tobytes()
             + bytes(i % 2 for i in range(n)) + types + b"AAA\x00BBB\x00")
    data = (struct.pack(">4sc15x6l", b"TZif", b"2", 0, 0, 0, 0, 1, 1)
            + struct.pack(">lBB", 0, 0, 0) + b"\x00" + block + b"\nAAA0BBB,M3.2.0,M11.1.0\n")
    wall = datetime(1969, 12, 31, 12)
    loads, firsts = [], []
    for _, mod in impls:
        best_load = best_first = float("inf")
        for _ in range(3):
            t0 = timeit.default_timer()
            zone = mod.ZoneInfo.from_file(io.BytesIO(data))
            t1 = timeit.default_timer()
            zone.utcoffset(wall)
            t2 = timeit.default_timer()
            best_load, best_first = min(best_load, t1 - t0), min(best_first, t2 - t1)
        loads.append(best_load * 1e6)
        firsts.append(best_first * 1e6)
    return [("from_file (2**20 transitions)", loads), ("then the first utcoffset()", firsts)]


def import_ns(module: str, repeats: int, code: str | None = None) -> float | None:
    """Best import time of ``module`` (or of running ``code``) in a fresh interpreter, in ns:
    the cumulative ``-X importtime`` figures of every top-level import in its package."""
    package = module.split(".")[0]

    def once(code: str) -> float:
        cmd = [sys.executable, "-X", f"pycache_prefix={cache}", "-X", "importtime", "-c", code]
        out = subprocess.run(cmd, capture_output=True, text=True, check=False, env=env)
        if out.returncode:
            raise ImportError(out.stderr.strip().splitlines()[-1])
        # "import time: self | cumulative | name", nested names indented: sum the top level
        # (a lazily loaded submodule is a top-level entry of its own).
        total = 0
        for line in out.stderr.splitlines():
            parts = line.split("|")
            if len(parts) == 3 and not parts[2].startswith("  "):
                name = parts[2].strip()
                if name == package or name.startswith(package + "."):
                    total += int(parts[1])
        return total * 1000.0

    # Every module gets compiled bytecode (PYTHONDONTWRITEBYTECODE would leave tzcompat,
    # an editable install, recompiling on every import while the peers have their .pyc files).
    import tempfile

    cache = os.path.join(tempfile.gettempdir(), "tzcompat-bench-pycache")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    stmt = code or f"import {module}"
    try:
        once(stmt)  # warm the bytecode cache
        return min(once(stmt) for _ in range(repeats))
    except ImportError:
        return None


def _warm_page_cache() -> None:
    import zoneinfo

    for key in zoneinfo.available_timezones():
        for root in zoneinfo.TZPATH:
            try:
                with open(os.path.join(root, key), "rb") as f:
                    f.read()
            except OSError:
                continue


def load_all_and_memory(impl: str) -> tuple[float, float]:
    """In a fresh process: seconds to load every zone, and traced bytes per zone."""
    code = f"""
import json, sys, time, tracemalloc, gc, importlib
sys.path.insert(0, {HERE!r})
if {impl!r} == "stdlib-py":
    from run import pure_stdlib_zoneinfo as f; mod = f()
elif {impl!r} == "stdlib-C":
    import zoneinfo as mod
else:
    import tzcompat as mod
import zoneinfo
keys = sorted(zoneinfo.available_timezones() - {{"localtime"}})
mod.ZoneInfo, mod.TZPATH  # tzcompat loads its modules and default path on first use
make = mod.ZoneInfo.no_cache
if {impl!r} == "tzcompat-engine":  # what the adapters build on: no stdlib part
    from tzcompat._engine import ZoneEngine
    make = ZoneEngine.load
gc.collect()
t0 = time.perf_counter()
zones = [make(k) for k in keys]
elapsed = time.perf_counter() - t0
del zones
gc.collect()
tracemalloc.start()
base = tracemalloc.get_traced_memory()[0]
zones = [make(k) for k in keys]
gc.collect()
used = tracemalloc.get_traced_memory()[0] - base
print(json.dumps([elapsed, used / len(keys)]))
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return tuple(json.loads(out.stdout))  # type: ignore[return-value]


def section_core() -> None:
    import tzcompat

    for label, tzpath in (("system TZif files (fat)", None), ("tzdata package (slim)", [])):
        impls = core_impls()
        for _, mod in impls:
            mod.reset_tzpath(tzpath)
        try:
            rows = core_rows(impls)
        finally:
            for _, mod in impls:
                mod.reset_tzpath()
        print_table(f"core: ZoneInfo, {label}", [n for n, _ in impls], rows,
                    note=f"data: {tzcompat.ZoneInfo(KEY).source if tzpath is None else 'tzdata'}")
    print_table("core: a file with 2**20 transitions", [n for n, _ in core_impls()],
                long_table_rows(core_impls()), unit="us",
                note="load from bytes, then the first utcoffset() (the first use builds "
                     "no per-transition table: bisection over computed entries)")
    names = [n for n, _ in core_impls()] + ["tzcompat-engine"]
    _warm_page_cache()  # else the first implementation timed pays for reading the disk
    # Fresh processes, in turns, best of three: one process is one sample of a noisy machine.
    runs = [[load_all_and_memory(n) for n in names] for _ in range(3)]
    results = [(min(r[i][0] for r in runs), min(r[i][1] for r in runs)) for i in range(len(names))]
    print_table("core: load every zone (fresh process, default TZPATH)", names,
                [("load all zones (ns per zone)", [r[0] * 1e9 / 598 for r in results])])
    # tzcompat loads its modules on first use: time the import plus that first use.
    imports = {"stdlib-C": ("zoneinfo", "import zoneinfo; zoneinfo.ZoneInfo"),
               "tzcompat": ("tzcompat", "import tzcompat; tzcompat.ZoneInfo")}
    print_table("core: import (fresh process, -X importtime)", names,
                [("import, ready to load a zone", [
                    import_ns(imports[n][0], REPEATS, imports[n][1]) if n in imports else None
                    for n in names])])
    print_table("core: memory", names,
                [("traced memory per loaded zone", [r[1] for r in results])], unit="B")
    import bench_core

    bench_core.run(print_table)


def section(name: str) -> None:
    if name == "core":
        section_core()
        return
    if name == "core-varied":
        import bench_core

        bench_core.run(print_table)
        return
    try:
        module = importlib.import_module(f"bench_{name}")
    except ImportError as exc:
        print(f"\n## {name}: skipped ({exc})")
        return
    module.run()


def main() -> None:
    wanted = [a for a in sys.argv[1:] if not a.startswith("--")] or ["core", "pytz", "dateutil",
                                                                "consumers", "rfc9557"]
    print(f"Python {sys.version.split()[0]}, best of {REPEATS}; ratios are what to read")
    for name in wanted:
        section(name)


if __name__ == "__main__":
    main()
