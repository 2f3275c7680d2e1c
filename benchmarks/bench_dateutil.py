"""Benchmark: tzcompat.dateutil beside the real python-dateutil ``dateutil.tz``.

    python benchmarks/bench_dateutil.py [--quick]    # alone
    python benchmarks/bench_dateutil.py --varied     # only the varied-instant tables
    python benchmarks/bench_dateutil.py --hot        # only the one-datetime table
    python benchmarks/run.py dateutil                # as a section of the main run

Both sides read the same files (the first TZPATH copy, or the same tzdata file).
Each row alternates the two implementations over several rounds and keeps the best
time of each, so that a noisy machine hurts both alike. The ratio column is
dateutil's time over ours: the target (issues 4 and 19) is at least 2x for every row.

The first table asks about one datetime again and again; the varied tables (issue 19)
loop over 20,000 different instants (random over 2000-2050 and 1900-2100), on the fat
system file and on the tzdata package's slim file, with the stdlib's C ``zoneinfo`` and
tzcompat's core ``ZoneInfo`` reading the same file as reference columns. They end with
what each zone's caches keep afterwards (tracemalloc).
"""

from __future__ import annotations

import os
import sys
from datetime import datetime, timezone
from functools import partial
from typing import Any

HERE = os.path.dirname(os.path.abspath(__file__))
if HERE not in sys.path:
    sys.path.insert(0, HERE)

from run import interleaved_ns, print_table  # noqa: E402

KEY = "America/New_York"
STRINGS = {
    "EST5EDT,M3.2.0,M11.1.0": "POSIX rules",
    "EST5EDT": "default rules",
    "AEST-10AEDT-11,M10.1.0/2,M4.1.0/3": "southern, times",
}


def _pair(f_real: Any, f_ours: Any, budget: float = 0.05) -> tuple[float, float]:
    """Best ns/op of each, measured alternately."""
    real_ns, ours_ns = interleaved_ns([f_real, f_ours], budget=budget)
    return real_ns, ours_ns  # type: ignore[return-value]


def _rows(real: Any, ours: Any) -> list[tuple[str, list[float | None]]]:
    import tzdata

    slim = os.path.join(os.path.dirname(tzdata.__file__), "zoneinfo", *KEY.split("/"))
    zones = {}
    for name, mod in (("real", real), ("ours", ours)):
        zone = mod.gettz(KEY)
        zones[name] = {
            "mod": mod,
            "zone": zone,
            "slim": mod.tzfile(slim),
            "tzstr": mod.tzstr("EST5EDT,M3.2.0,M11.1.0"),
            "keep": [mod.gettz(k) for k in ("UTC", "Europe/Paris", "Asia/Tokyo")],
        }
    rows: list[tuple[str, list[float | None]]] = []

    def row(label: str, make: Any, budget: float = 0.05) -> None:
        a, b = _pair(make(zones["real"]), make(zones["ours"]), budget)
        rows.append((label, [a, b]))

    row("gettz(key), cached", lambda z: lambda g=z["mod"].gettz: g(KEY))
    row("gettz.nocache(key) (file read + parse)",
        lambda z: lambda g=z["mod"].gettz.nocache: g(KEY), budget=0.2)

    def nocache_then_use(z: dict) -> Any:
        g = z["mod"].gettz.nocache
        dt = datetime(2024, 7, 1, 12, 30)
        return lambda: dt.replace(tzinfo=g(KEY)).utcoffset()

    row("gettz.nocache(key) + first utcoffset()", nocache_then_use, budget=0.2)
    row("aware.utcoffset() 2024",
        lambda z: datetime(2024, 7, 1, 12, 30, tzinfo=z["zone"]).utcoffset)
    row("aware.utcoffset() 2024, transition day",
        lambda z: datetime(2024, 3, 10, 12, 30, tzinfo=z["zone"]).utcoffset)
    row("aware.utcoffset() 2100 (footer rule)",
        lambda z: datetime(2100, 7, 1, 12, 30, tzinfo=z["zone"]).utcoffset)
    row("aware.utcoffset() 2024, slim tzdata file",
        lambda z: datetime(2024, 7, 1, 12, 30, tzinfo=z["slim"]).utcoffset)
    row("aware.dst() 2024", lambda z: datetime(2024, 7, 1, 12, 30, tzinfo=z["zone"]).dst)
    row("aware.tzname() 2024", lambda z: datetime(2024, 7, 1, 12, 30, tzinfo=z["zone"]).tzname)
    utc = datetime(2024, 7, 1, 16, 30, tzinfo=timezone.utc)
    row("UTC -> zone (astimezone)", lambda z: lambda u=utc, t=z["zone"]: u.astimezone(t))
    row("UTC -> zone (astimezone), slim file",
        lambda z: lambda u=utc, t=z["slim"]: u.astimezone(t))
    fold_utc = datetime(2024, 11, 3, 6, 30, tzinfo=timezone.utc)
    row("UTC -> zone (astimezone), in the fold",
        lambda z: lambda u=fold_utc, t=z["zone"]: u.astimezone(t))
    row("zone -> UTC (astimezone)",
        lambda z: lambda a=datetime(2024, 7, 1, 12, 30, tzinfo=z["zone"]): a.astimezone(
            timezone.utc))
    amb = datetime(2024, 11, 3, 1, 30)
    plain = datetime(2024, 7, 1, 12, 30)
    row("datetime_ambiguous (ambiguous)",
        lambda z: lambda f=z["mod"].datetime_ambiguous, t=z["zone"]: f(amb, t))
    # The one-argument form on an aware wall time that is ambiguous (issue 12, item 17):
    # 2021-11-07 01:30 in America/New_York.
    amb_2021 = datetime(2021, 11, 7, 1, 30)
    row("datetime_ambiguous(dt), ambiguous, fold=0",
        lambda z: partial(z["mod"].datetime_ambiguous, amb_2021.replace(tzinfo=z["zone"])))
    row("datetime_ambiguous(dt), ambiguous, fold=1",
        lambda z: partial(z["mod"].datetime_ambiguous,
                          amb_2021.replace(tzinfo=z["zone"], fold=1)))
    row("datetime_ambiguous (ordinary)",
        lambda z: lambda f=z["mod"].datetime_ambiguous, t=z["zone"]: f(plain, t))
    gap = datetime(2024, 3, 10, 2, 30)
    row("resolve_imaginary (in the gap)",
        lambda z: partial(z["mod"].resolve_imaginary, gap.replace(tzinfo=z["zone"])))
    row("resolve_imaginary (ordinary)",
        lambda z: partial(z["mod"].resolve_imaginary, plain.replace(tzinfo=z["zone"])))
    row("datetime_exists (ordinary)",
        lambda z: partial(z["mod"].datetime_exists, plain.replace(tzinfo=z["zone"])))
    for s, what in STRINGS.items():
        row(f"tzstr parse: {what}",
            lambda z, s=s: lambda c=z["mod"].tzstr.instance: c(s), budget=0.1)
    row("tzstr(s), cached", lambda z: lambda c=z["mod"].tzstr: c("EST5EDT,M3.2.0,M11.1.0"))
    row("tzstr aware.utcoffset()",
        lambda z: datetime(2024, 7, 1, 12, 30, tzinfo=z["tzstr"]).utcoffset)
    row("UTC -> tzstr (astimezone)", lambda z: lambda u=utc, t=z["tzstr"]: u.astimezone(t))
    row("tzoffset(None, 3600), cached", lambda z: lambda c=z["mod"].tzoffset: c(None, 3600))
    return rows


def _files() -> dict[str, str]:
    """The fat file the default TZPATH gives and the tzdata package's slim one."""
    import tzdata

    import tzcompat

    fat = tzcompat.ZoneInfo.no_cache(KEY).source
    slim = os.path.join(os.path.dirname(tzdata.__file__), "zoneinfo", *KEY.split("/"))
    return {"fat system file": fat, "slim tzdata file": slim}


VARIED_COLUMNS = ["dateutil", "tzcompat", "stdlib C", "core"]


def _varied_rows(real: Any, ours: Any, path: str, lo: int, hi: int,
                 rounds: int) -> list[tuple[str, list[float | None]]]:
    import io
    import zoneinfo

    from varied import instants, per_op_ns, walls

    import tzcompat

    with open(path, "rb") as f:
        data = f.read()
    zones = [real.tzfile(path), ours.tzfile(path),
             zoneinfo.ZoneInfo.from_file(io.BytesIO(data), key=KEY),
             tzcompat.ZoneInfo.from_file(io.BytesIO(data), key=KEY)]
    mods = [real, ours, None, None]
    utc = instants(lo, hi)
    wall = walls(lo, hi)
    aware = [[w.replace(tzinfo=z) for w in wall] for z in zones]
    rows: list[tuple[str, list[float | None]]] = []

    def row(label: str, make: Any, refs: bool = True) -> None:
        funcs = [make(i) if (refs or mods[i] is not None) else None for i in range(4)]
        rows.append((label, per_op_ns(funcs, rounds=rounds)))

    # Each loop is a list comprehension, as a user would write it: the same for every column.
    row("aware.utcoffset()", lambda i: lambda a=aware[i]: [d.utcoffset() for d in a])
    row("aware.dst()", lambda i: lambda a=aware[i]: [d.dst() for d in a])
    row("aware.tzname()", lambda i: lambda a=aware[i]: [d.tzname() for d in a])
    row("UTC -> zone (astimezone)",
        lambda i: lambda z=zones[i]: [u.astimezone(z) for u in utc])
    row("zone -> UTC (astimezone)",
        lambda i: lambda a=aware[i], u=timezone.utc: [d.astimezone(u) for d in a])
    row("datetime_ambiguous(dt)",
        lambda i: lambda a=aware[i], f=mods[i].datetime_ambiguous: [f(d) for d in a], False)
    row("datetime_exists(dt)",
        lambda i: lambda a=aware[i], f=mods[i].datetime_exists: [f(d) for d in a], False)
    row("resolve_imaginary(dt)",
        lambda i: lambda a=aware[i], f=mods[i].resolve_imaginary: [f(d) for d in a], False)
    row("enfold(dt)",
        lambda i: lambda a=aware[i], f=mods[i].enfold: [f(d) for d in a], False)
    return rows


def _memory_rows(real: Any, ours: Any, path: str) -> list[tuple[str, list[float | None]]]:
    """Bytes a zone keeps after answering varied instants: growth must stop with the
    number of distinct years, whatever the number of instants."""
    from varied import instants, walls, zone_memory

    def use(lo: int, hi: int, n: int) -> Any:
        utc = instants(lo, hi, n)
        wall = walls(lo, hi, n)

        def go(zone: Any) -> None:
            for u in utc:
                u.astimezone(zone)
            for w in wall:
                w.replace(tzinfo=zone).utcoffset()

        return go

    rows: list[tuple[str, list[float | None]]] = []
    for label, lo, hi, n in (("20k instants 2000-2050", 2000, 2050, 20_000),
                             ("20k instants 1900-2100", 1900, 2100, 20_000),
                             ("100k instants 1900-2100", 1900, 2100, 100_000),
                             ("20k instants 1-9999", 1, 9999, 20_000)):
        go = use(lo, hi, n)
        rows.append((f"kept after {label}",
                     [zone_memory(lambda m=m: m.tzfile(path), go) for m in (real, ours)]))
    return rows


def run() -> None:
    try:
        import dateutil.tz as real
    except ImportError as exc:
        print(f"\n## dateutil: skipped ({exc})")
        return
    import dateutil

    from tzcompat import dateutil as ours

    quick = "--quick" in sys.argv
    slow: list[str] = []
    if "--varied" not in sys.argv:
        rows = _rows(real, ours)
        print_table(
            f"dateutil.tz: python-dateutil {dateutil.__version__} vs tzcompat.dateutil",
            ["dateutil", "tzcompat"],
            rows,
            base=1,
            note="ratio = dateutil's time / tzcompat's (target: every row >= 2x)",
        )
        slow += [name for name, (a, b) in rows if a is not None and b and a / b < 2]
    if "--hot" in sys.argv:
        print(f"rows under 2x: {', '.join(slow) if slow else 'none'}")
        return
    for what, path in _files().items():
        for lo, hi in ((2000, 2050), (1900, 2100)):
            rows = _varied_rows(real, ours, path, lo, hi, 3 if quick else 5)
            title = f"dateutil.tz, varied instants {lo}-{hi}, {what} ({KEY})"
            print_table(title, VARIED_COLUMNS, rows, base=1,
                        note="ns per element of a loop over 20,000 different datetimes; "
                             "ratios are each column over tzcompat.dateutil (tzcompat); "
                             "core = tzcompat.ZoneInfo")
            slow += [f"{name} ({what}, {lo}-{hi})" for name, (a, b, *_) in rows
                     if a is not None and b and a / b < 2]
        print_table(f"dateutil.tz: memory a zone keeps ({what})", ["dateutil", "tzcompat"],
                    _memory_rows(real, ours, path), base=1, unit="B",
                    note="tracemalloc: bytes still allocated after the loops, beyond the "
                         "loaded zone (the results dropped)")
    print(f"rows under 2x: {', '.join(slow) if slow else 'none'}")


if __name__ == "__main__":
    run()
