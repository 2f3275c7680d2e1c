"""Benchmark: tzcompat.dateutil beside the real python-dateutil ``dateutil.tz``.

    python benchmarks/bench_dateutil.py [--quick]    # alone
    python benchmarks/run.py dateutil                # as a section of the main run

Both sides read the same files (the first TZPATH copy, or the same tzdata file).
Each row alternates the two implementations over several rounds and keeps the best
time of each, so that a noisy machine hurts both alike. The ratio column is
dateutil's time over ours: the target (issue 4) is at least 2x for every row.
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


def run() -> None:
    try:
        import dateutil.tz as real
    except ImportError as exc:
        print(f"\n## dateutil: skipped ({exc})")
        return
    import dateutil

    from tzcompat import dateutil as ours

    rows = _rows(real, ours)
    print_table(
        f"dateutil.tz: python-dateutil {dateutil.__version__} vs tzcompat.dateutil",
        ["dateutil", "tzcompat"],
        rows,
        base=1,
        note="ratio = dateutil's time / tzcompat's (target: every row >= 2x)",
    )
    slow = [name for name, (a, b) in rows if a is not None and b and a / b < 2]
    print(f"rows under 2x: {', '.join(slow) if slow else 'none'}")


if __name__ == "__main__":
    run()
