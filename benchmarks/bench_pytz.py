"""Benchmark: tzcompat.pytz beside real pytz, pytz_deprecation_shim and the stdlib C zoneinfo.

    python benchmarks/bench_pytz.py [--quick]     # alone
    python benchmarks/bench_pytz.py --varied      # only the varied-instant tables
    python benchmarks/bench_pytz.py --hot         # only the one-datetime table
    python benchmarks/run.py pytz                 # as a section of the main run

Prints ns/op and the ratio of every column to tzcompat.pytz. Targets (issue 3): ``localize``
>= 10x faster than pytz and <= 2x the stdlib C path (``dt.replace(tzinfo=ZoneInfo(key))``
plus ``utcoffset()``); everything else at least as fast as pytz; import no slower.

The varied tables (issue 19) loop over 20,000 different instants or wall times (random over
2000-2050 and 1900-2100), tzcompat.pytz reading the SAME file as pytz (pytz's bundled fat
file), then tzcompat.pytz on the tzdata package's slim file (pytz reads only the 32-bit
block, which slim files leave empty, so its column stays on its bundled file); the stdlib's
C ``zoneinfo`` and tzcompat's core ``ZoneInfo`` on the same file as tzcompat.pytz are
reference columns. Target: tzcompat.pytz at least 2x pytz on every row. They end with what
each zone keeps afterwards (tracemalloc).
"""

from __future__ import annotations

import os
import sys
from datetime import datetime, timedelta, timezone, tzinfo
from typing import Any

HERE = os.path.dirname(os.path.abspath(__file__))
if HERE not in sys.path:
    sys.path.insert(0, HERE)

from run import import_ns, interleaved_ns, print_table  # noqa: E402

KEY = "America/New_York"
NAIVE = datetime(2021, 7, 15, 12, 30)
DELTA = timedelta(hours=24)
UTC_DT = datetime(2021, 7, 15, 16, 30, tzinfo=timezone.utc)
YEAR = [datetime(2021, 1, 1) + timedelta(minutes=52 * i + 17) for i in range(10_000)]  # 361 days
COLD_KEYS = ["Europe/Paris", "Asia/Tokyo", "America/Sao_Paulo", "Australia/Sydney", "Africa/Cairo"]


def _impls() -> list[tuple[str, Any]]:
    import tzcompat.pytz as ours

    impls: list[tuple[str, Any]] = [("tzcompat.pytz", ours)]
    try:
        import pytz

        impls.append(("pytz", pytz))
    except ImportError:
        pass
    try:
        import pytz_deprecation_shim as pds

        impls.append(("pds", pds))
    except ImportError:
        pass
    return impls


def _quiet_shim() -> None:
    import warnings

    try:
        from pytz_deprecation_shim import PytzUsageWarning

        warnings.simplefilter("ignore", PytzUsageWarning)
    except ImportError:
        pass


def _clear(name: str, mod: Any) -> None:
    """Drop every cache a first ``timezone()`` would miss in a fresh process."""
    import zoneinfo

    import tzcompat

    if name == "tzcompat.pytz":
        mod._tzinfo_cache.clear()
        tzcompat.ZoneInfo.clear_cache()
    elif name == "pytz":
        mod._tzinfo_cache.clear()
    else:
        zoneinfo.ZoneInfo.clear_cache()
        cache = getattr(getattr(mod, "_impl", None), "_TIMEZONE_CACHE", None)
        if cache is not None:
            cache.clear()


def rows(repeats: int) -> tuple[list[str], list[tuple[str, list[float | None]]]]:
    import zoneinfo

    _quiet_shim()
    impls = _impls()
    names = [n for n, _ in impls] + ["stdlib C"]
    zi = zoneinfo.ZoneInfo(KEY)
    out: list[tuple[str, list[float | None]]] = []

    def row(label: str, make, stdlib=None) -> None:
        funcs = [make(name, mod) for name, mod in impls] + [stdlib]
        out.append((label, interleaved_ns(funcs, repeats)))

    row(
        "timezone(key), cached",
        lambda n, m: lambda: m.timezone(KEY),
        lambda: zoneinfo.ZoneInfo(KEY),
    )

    def localize(n: str, m: Any):
        tz = m.timezone(KEY)
        return lambda: tz.localize(NAIVE)

    def normalize(n: str, m: Any):
        tz = m.timezone(KEY)
        loc = tz.localize(NAIVE)
        return lambda: tz.normalize(loc + DELTA)

    def astimezone(n: str, m: Any):
        tz = m.timezone(KEY)
        return lambda: UTC_DT.astimezone(tz)

    def utcoffset(n: str, m: Any):
        loc = m.timezone(KEY).localize(NAIVE)
        return loc.utcoffset

    std_loc = NAIVE.replace(tzinfo=zi)
    row(
        "localize(naive)",
        localize,
        lambda: NAIVE.replace(tzinfo=zoneinfo.ZoneInfo(KEY)).utcoffset(),
    )
    row(
        "normalize(localized + 24h)",
        normalize,
        lambda: (std_loc.astimezone(timezone.utc) + DELTA).astimezone(zi),
    )
    row("utc_dt.astimezone(zone)", astimezone, lambda: UTC_DT.astimezone(zi))
    row("localized.utcoffset()", utcoffset, std_loc.utcoffset)

    def year_loop(n: str, m: Any):
        tz = m.timezone(KEY)
        loc = tz.localize

        def go() -> None:
            for d in YEAR:
                loc(d)

        return go

    def year_stdlib() -> None:
        for d in YEAR:
            d.replace(tzinfo=zoneinfo.ZoneInfo(KEY)).utcoffset()

    row("localize 10,000 datetimes over a year", year_loop, year_stdlib)

    def cold(n: str, m: Any):
        def go() -> None:
            for key in COLD_KEYS:
                _clear(n, m)
                m.timezone(key)

        return go

    def cold_localize(n: str, m: Any):
        def go() -> None:
            for key in COLD_KEYS:
                _clear(n, m)
                m.timezone(key).localize(NAIVE)

        return go

    def cold_stdlib() -> None:
        for key in COLD_KEYS:
            zoneinfo.ZoneInfo.clear_cache()
            zoneinfo.ZoneInfo(key)

    out.append(("first timezone() of a zone", []))
    for label, maker in (("first timezone() of a zone", cold),
                         ("first timezone() + localize", cold_localize)):  # fmt: skip
        values = interleaved_ns([maker(n, m) for n, m in impls] + [cold_stdlib], repeats)
        out.append((label, [v / len(COLD_KEYS) for v in values]))  # type: ignore[operator]
    out.remove(("first timezone() of a zone", []))

    # With the real pytz installed, importing tzcompat.pytz imports it too (its classes derive
    # from pytz's); the second row hides pytz, at the cost of the search an absent one costs.
    imports = {"tzcompat.pytz": "tzcompat.pytz", "pytz": "pytz", "pds": "pytz_deprecation_shim"}
    n_imp = max(3, repeats)
    values = [import_ns(imports[n], n_imp) for n, _ in impls]
    std_import = import_ns("zoneinfo", n_imp)
    out.append(("import, with pytz installed (cumulative)", [*values, std_import]))
    hidden = [import_ns("tzcompat.pytz", n_imp, HIDE_PYTZ + "import tzcompat.pytz")]
    hidden += values[1:]
    out.append(("import, pytz not installed (cumulative)", [*hidden, std_import]))
    return names, out


HIDE_PYTZ = """\
import sys
from importlib.machinery import PathFinder
class _Hide:
    def find_spec(self, name, path=None, target=None):
        if name == "pytz":
            PathFinder.find_spec(name, path)  # the search for an absent pytz
            raise ModuleNotFoundError(name)
sys.meta_path.insert(0, _Hide())
"""


VARIED_COLUMNS = ["tzcompat", "pytz", "stdlib C", "core", "floor"]


class _Floor(tzinfo):
    """The least a Python-level ``tzinfo`` answer can cost (constant answers, the
    parameters pytz's methods take): what the rows that only ask a localized datetime
    for its period's values are bounded by."""

    def utcoffset(self, dt: Any, is_dst: Any = None) -> timedelta:
        return _FLOOR_OFFSET

    def dst(self, dt: Any, is_dst: Any = None) -> timedelta:
        return _FLOOR_ZERO

    def tzname(self, dt: Any, is_dst: Any = None) -> str:
        return "EST"


_FLOOR_OFFSET, _FLOOR_ZERO = timedelta(hours=-5), timedelta(0)


def _files() -> dict[str, tuple[str, str]]:
    """(file for tzcompat.pytz and the references, file for pytz) per data kind."""
    import pytz
    import tzdata

    bundled = os.path.join(os.path.dirname(pytz.__file__), "zoneinfo", *KEY.split("/"))
    slim = os.path.join(os.path.dirname(tzdata.__file__), "zoneinfo", *KEY.split("/"))
    return {"pytz's bundled fat file": (bundled, bundled),
            "slim tzdata file (pytz: its bundled file)": (slim, bundled)}


def _zones(ours_path: str, pytz_path: str) -> list[Any]:
    import io
    import zoneinfo

    from pytz.tzfile import build_tzinfo as real_build

    import tzcompat
    from tzcompat.pytz.tzfile import build_tzinfo

    with open(ours_path, "rb") as f:
        data = f.read()
    with open(pytz_path, "rb") as f:
        real = real_build(KEY, f)  # a new zone, as pytz.timezone() builds it
    return [build_tzinfo(KEY, io.BytesIO(data)), real,
            zoneinfo.ZoneInfo.from_file(io.BytesIO(data), key=KEY),
            tzcompat.ZoneInfo.from_file(io.BytesIO(data), key=KEY)]


def varied_rows(files: tuple[str, str], lo: int, hi: int,
                rounds: int) -> list[tuple[str, list[float | None]]]:
    import pytz
    from varied import instants, per_op_ns, walls

    import tzcompat.pytz as ours_pytz

    zones = [*_zones(*files), _Floor()]
    utcs = [ours_pytz.utc, pytz.utc, timezone.utc, timezone.utc, timezone.utc]
    kinds = [True, True, False, False, False]  # pytz-style zones (localize/normalize)
    utc = instants(lo, hi)
    wall = walls(lo, hi)
    real = zones[1]

    def exists_once(w: datetime) -> bool:
        # pytz freezes after 2037 where tzcompat.pytz keeps the rule: ask both.
        try:
            real.localize(w, is_dst=None)
            zones[0].localize(w, is_dst=None)
        except (pytz.AmbiguousTimeError, pytz.NonExistentTimeError,
                ours_pytz.AmbiguousTimeError, ours_pytz.NonExistentTimeError):
            return False
        return True

    plain = [w for w in wall if exists_once(w)]  # is_dst=None raises on the others
    local = [[z.localize(w) if k else w.replace(tzinfo=z) for w in wall]
             for z, k in zip(zones, kinds)]
    shifted = [[d + timedelta(hours=7) for d in loc] for loc in local]
    rows: list[tuple[str, list[float | None]]] = []

    def row(label: str, make: Any, refs: Any = None, n: int = len(wall),
            floor: bool = False) -> None:
        funcs = [make(i) if kinds[i] else (refs(i) if refs else None) for i in range(4)]
        funcs.append(make(4) if floor else None)
        rows.append((label, per_op_ns(funcs, n=n, rounds=rounds)))

    def attach(i: int) -> Any:  # the zoneinfo way: attach, then ask
        return lambda z=zones[i]: [w.replace(tzinfo=z).utcoffset() for w in wall]

    row("localize(wall)", lambda i: lambda f=zones[i].localize: [f(w) for w in wall], attach)
    row("localize(wall, is_dst=True)",
        lambda i: lambda f=zones[i].localize: [f(w, True) for w in wall])
    row("localize(wall, is_dst=None)",
        lambda i: lambda f=zones[i].localize: [f(w, None) for w in plain], n=len(plain))
    row("normalize(localized + 7h)",
        lambda i: lambda f=zones[i].normalize, s=shifted[i]: [f(d) for d in s],
        lambda i: lambda z=zones[i], s=shifted[i], u=timezone.utc: [
            d.astimezone(u).astimezone(z) for d in s])
    both = lambda make: (make, make)  # noqa: E731 - the same loop for every column
    row("UTC -> zone (astimezone)",
        *both(lambda i: lambda z=zones[i]: [u.astimezone(z) for u in utc]))
    row("localized.utcoffset()",
        *both(lambda i: lambda a=local[i]: [d.utcoffset() for d in a]), floor=True)
    row("localized.dst()", *both(lambda i: lambda a=local[i]: [d.dst() for d in a]),
        floor=True)
    row("localized.tzname()", *both(lambda i: lambda a=local[i]: [d.tzname() for d in a]),
        floor=True)
    row("localized -> UTC (astimezone(timezone.utc))",
        *both(lambda i: lambda a=local[i], u=timezone.utc: [d.astimezone(u) for d in a]),
        floor=True)
    row("localized -> UTC (astimezone(pytz.utc))",
        *both(lambda i: lambda a=local[i], u=utcs[i]: [d.astimezone(u) for d in a]))
    return rows


def memory_rows(files: tuple[str, str]) -> list[tuple[str, list[float | None]]]:
    """Bytes a zone keeps after varied use: bounded whatever the number of instants."""
    from varied import instants, walls, zone_memory

    rows: list[tuple[str, list[float | None]]] = []
    for label, lo, hi, n in (("20k instants 2000-2050", 2000, 2050, 20_000),
                             ("20k instants 1900-2100", 1900, 2100, 20_000),
                             ("100k instants 1900-2100", 1900, 2100, 100_000),
                             ("20k instants 1-9999", 1, 9999, 20_000)):
        utc = instants(lo, hi, n)
        wall = walls(lo, hi, n)

        def go(zone: Any, utc: list[datetime] = utc, wall: list[datetime] = wall) -> None:
            for u in utc:
                u.astimezone(zone)
            for w in wall:
                zone.localize(w)

        values: list[float | None] = []
        for i in range(2):
            values.append(zone_memory(lambda i=i: _zones(*files)[i], go))
        rows.append((f"kept after {label}", values))
    return rows


def run(report: Any = None) -> None:
    """Print the pytz section (``report`` is accepted for the main runner and unused)."""
    repeats = 3 if "--quick" in sys.argv else 5
    if "--varied" not in sys.argv:
        names, table = rows(repeats)
        print_table(
            f"pytz adapter ({KEY}; pds = pytz_deprecation_shim)",
            names,
            table,
            note="columns: ns per operation; ratios are each column over tzcompat.pytz",
        )
    if "--hot" in sys.argv:
        return
    slow = []
    for what, files in _files().items():
        for lo, hi in ((2000, 2050), (1900, 2100)):
            table = varied_rows(files, lo, hi, repeats)
            print_table(f"pytz, varied instants {lo}-{hi}, {what} ({KEY})", VARIED_COLUMNS,
                        table, note="ns per element of a loop over 20,000 different "
                        "datetimes; ratios are each column over tzcompat.pytz (tzcompat); "
                        "core = tzcompat.ZoneInfo; floor = a Python tzinfo whose methods "
                        "return a constant")
            slow += [f"{name} ({what}, {lo}-{hi})" for name, (a, b, *_) in table
                     if a and b is not None and b / a < 2]
        print_table(f"pytz: memory a zone keeps ({what})", VARIED_COLUMNS[:2],
                    memory_rows(files), unit="B",
                    note="tracemalloc: bytes still allocated after the loops, beyond the "
                         "loaded zone (the results dropped)")
    print(f"rows under 2x: {', '.join(slow) if slow else 'none'}")


if __name__ == "__main__":
    run()
