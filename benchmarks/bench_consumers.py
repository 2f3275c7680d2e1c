"""Benchmark: consumers (pandas, pyarrow, polars, Python loops) given tzcompat's zones
against the same calls given the original library's zones reading the same data (issue 19).

    python benchmarks/bench_consumers.py [--quick]   # alone
    python benchmarks/run.py consumers               # as a section of the main run

Three pairs, one table each: tzcompat's core ``ZoneInfo`` against the stdlib's C
``zoneinfo.ZoneInfo`` (both on the default TZPATH file), ``tzcompat.pytz`` against pytz
(tzcompat.pytz reading pytz's bundled file), ``tzcompat.dateutil`` against dateutil (both
``gettz`` on the default TZPATH file). Each row times the original and tzcompat in turns
and keeps the best of several rounds; the ratio is tzcompat's time over the original's.
Target: no row above 1.05.
"""

from __future__ import annotations

import os
import sys
from datetime import datetime, timezone
from typing import Any

HERE = os.path.dirname(os.path.abspath(__file__))
if HERE not in sys.path:
    sys.path.insert(0, HERE)

from run import interleaved_ns, print_table  # noqa: E402

KEY = "America/New_York"
BIG = 1_000_000  # timestamps for the vectorised pandas paths
OBJECTS = 100_000  # aware datetime objects handed to pyarrow / polars / pandas
LOOP = 20_000  # Python-level loops
TIMESTAMPS = 5_000  # pandas Timestamp constructions


def floor_zone() -> Any:
    """A ``zoneinfo.ZoneInfo`` subclass whose answers are Python methods returning a
    constant: the least any pure-Python zone can cost a consumer that calls it per
    datetime (its answers are wrong for the zone; only its time is of use)."""
    import zoneinfo
    from datetime import timedelta

    off, zero = timedelta(hours=-5), timedelta(0)

    class Floor(zoneinfo.ZoneInfo):
        def utcoffset(self, dt: Any) -> timedelta:
            return off

        def dst(self, dt: Any) -> timedelta:
            return zero

        def tzname(self, dt: Any) -> str:
            return "EST"

        def fromutc(self, dt: Any) -> Any:
            return dt + off

    return Floor.no_cache(KEY)


def _pairs() -> list[tuple[str, Any, Any]]:
    """(kind, original zone, tzcompat zone) reading the same data."""
    import zoneinfo

    import tzcompat

    pairs: list[tuple[str, Any, Any]] = [
        ("core ZoneInfo vs stdlib zoneinfo", zoneinfo.ZoneInfo(KEY), tzcompat.ZoneInfo(KEY)),
    ]
    try:
        import pytz

        from tzcompat.pytz.tzfile import build_tzinfo

        path = os.path.join(os.path.dirname(pytz.__file__), "zoneinfo", *KEY.split("/"))
        with open(path, "rb") as f:
            pairs.append(("tzcompat.pytz vs pytz", pytz.timezone(KEY), build_tzinfo(KEY, f)))
    except ImportError:
        pass
    try:
        import dateutil.tz

        from tzcompat import dateutil as ours

        pairs.append(("tzcompat.dateutil vs dateutil", dateutil.tz.gettz(KEY), ours.gettz(KEY)))
    except ImportError:
        pass
    return pairs


def _attach(zone: Any, wall: datetime) -> datetime:
    """A wall time in ``zone`` the way its library is meant to be used."""
    localize = getattr(zone, "localize", None)
    return localize(wall) if localize is not None else wall.replace(tzinfo=zone)


def _data() -> dict[str, Any]:
    from varied import instants, walls

    return {"utc": instants(2000, 2050, LOOP), "walls": walls(2000, 2050, LOOP),
            "obj_utc": instants(2000, 2050, OBJECTS)}


def _rows(original: Any, ours: Any, data: dict[str, Any], rounds: int,
          floor: Any = None) -> list[tuple[str, list[float | None]]]:
    """Rows of (original, tzcompat) times, and the floor zone's third when given."""
    import pandas as pd

    naive_index = pd.date_range("2000-01-01", periods=BIG, freq="17min")  # 2000-2032
    utc_index = naive_index.tz_localize("UTC")
    ints = [int(v) for v in utc_index.asi8[:: BIG // TIMESTAMPS][:TIMESTAMPS]]
    # Instants converted into the zone: every one exists (polars rejects gap times).
    zones = (original, ours) if floor is None else (original, ours, floor)
    # The floor's datetimes carry the original's wall times (its own answers are constant).
    objs = [[u.astimezone(original).replace(tzinfo=z) for u in data["obj_utc"]]
            if z is floor else [u.astimezone(z) for u in data["obj_utc"]] for z in zones]
    utc, wall = data["utc"], data["walls"]
    rows: list[tuple[str, list[float | None]]] = []

    def row(label: str, make: Any, ops: int = 1) -> None:
        values = interleaved_ns([make(i) for i in range(len(zones))], rounds=rounds,
                                budget=0.02)
        rows.append((label, [None if v is None else v / ops for v in values]))

    # pandas, vectorised: the consumer reads the zone's transitions (pytz, dateutil) or
    # calls it per value (zoneinfo).
    row(f"pandas tz_localize, {BIG:,} values", lambda i: lambda z=zones[i]: (
        naive_index.tz_localize(z, ambiguous="NaT", nonexistent="NaT")), BIG)
    # Rows marked "per call" do O(1) work (a new dtype or type): ns per call.
    row(f"pandas tz_convert, {BIG:,} values (per call)",
        lambda i: lambda z=zones[i]: utc_index.tz_convert(z))
    row("pandas tz_convert then .hour",
        lambda i: lambda z=zones[i]: utc_index.tz_convert(z).hour, BIG)
    row(f"pandas Timestamp(ns, tz=zone) x {TIMESTAMPS:,}",
        lambda i: lambda z=zones[i]: [pd.Timestamp(v, tz=z) for v in ints], TIMESTAMPS)
    row(f"pandas DatetimeIndex({OBJECTS:,} aware datetimes)",
        lambda i: lambda o=objs[i]: pd.DatetimeIndex(o), OBJECTS)
    try:
        import pyarrow as pa

        arrays = [pa.array(o) for o in objs]
        row(f"pyarrow pa.array({OBJECTS:,} aware datetimes)",
            lambda i: lambda o=objs[i]: pa.array(o), OBJECTS)
        row("pyarrow pa.array(..., type=timestamp(us, tz))", lambda i: lambda o=objs[i]: (
            pa.array(o, type=pa.timestamp("us", tz=KEY))), OBJECTS)
        row("pyarrow array.cast(timestamp(us, tz)) (per call)", lambda i: lambda a=arrays[i]: (
            a.cast(pa.timestamp("us", tz="Europe/Paris"))))
        row("pyarrow array.to_pandas()",
            lambda i: lambda a=arrays[i]: a.to_pandas(), OBJECTS)
    except ImportError:
        pass
    try:
        import polars as pl

        series = [pl.Series(o) for o in objs]
        row(f"polars Series({OBJECTS:,} aware datetimes)",
            lambda i: lambda o=objs[i]: pl.Series(o), OBJECTS)
        row("polars convert_time_zone (per call)",
            lambda i: lambda s=series[i]: s.dt.convert_time_zone("Europe/Paris"))
        row("polars replace_time_zone",
            lambda i: lambda s=series[i]: s.dt.replace_time_zone("Europe/Paris",
                                                                 ambiguous="null",
                                                                 non_existent="null"), OBJECTS)
    except ImportError:
        pass
    # Python loops over different instants.
    row(f"loop: utc.astimezone(zone) x {LOOP:,}",
        lambda i: lambda z=zones[i]: [u.astimezone(z) for u in utc], LOOP)
    row(f"loop: attach (localize / replace) x {LOOP:,}",
        lambda i: lambda z=zones[i]: [_attach(z, w) for w in wall], LOOP)
    aware = [[_attach(z, w) for w in wall] for z in zones]
    row(f"loop: aware.utcoffset() x {LOOP:,}",
        lambda i: lambda a=aware[i]: [d.utcoffset() for d in a], LOOP)
    row(f"loop: aware.astimezone(timezone.utc) x {LOOP:,}",
        lambda i: lambda a=aware[i], u=timezone.utc: [d.astimezone(u) for d in a], LOOP)
    return rows


def run() -> None:
    """Print one table per zone kind; ratio = tzcompat's time / the original's."""
    try:
        import pandas  # noqa: F401
    except ImportError as exc:
        print(f"\n## consumers: skipped ({exc})")
        return
    rounds = 3 if "--quick" in sys.argv else 5
    data = _data()
    slow = []
    for n, (kind, original, ours) in enumerate(_pairs()):
        # For the core: a zone answering in Python as cheaply as possible (see floor_zone).
        floor = floor_zone() if n == 0 else None
        table = _rows(original, ours, data, rounds, floor)
        print_table(f"consumers: {kind} ({KEY})",
                    ["original", "tzcompat", "floor"][:3 if floor else 2], table,
                    note="ns per value (per call for loops); ratio = tzcompat / original "
                         "(target: every row <= 1.05); floor = a ZoneInfo subclass whose "
                         "Python methods return a constant")
        slow += [f"{name} ({kind}): {b / a:.2f}" for name, (a, b, *_) in table
                 if a and b is not None and b / a > 1.05]
    print("rows over 1.05: " + (", ".join(slow) if slow else "none"))


if __name__ == "__main__":
    run()
