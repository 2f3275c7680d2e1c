"""Benchmark: tzcompat.pytz beside real pytz, pytz_deprecation_shim and the stdlib C zoneinfo.

    python benchmarks/bench_pytz.py [--quick]     # alone
    python benchmarks/run.py pytz                 # as a section of the main run

Prints ns/op and the ratio of every column to tzcompat.pytz. Targets (issue 3): ``localize``
>= 10x faster than pytz and <= 2x the stdlib C path (``dt.replace(tzinfo=ZoneInfo(key))``
plus ``utcoffset()``); everything else at least as fast as pytz; import no slower.
"""

from __future__ import annotations

import os
import sys
from datetime import datetime, timedelta, timezone
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


def run(report: Any = None) -> None:
    """Print the pytz section (``report`` is accepted for the main runner and unused)."""
    repeats = 3 if "--quick" in sys.argv else 5
    names, table = rows(repeats)
    print_table(
        f"pytz adapter ({KEY}; pds = pytz_deprecation_shim)",
        names,
        table,
        note="columns: ns per operation; ratios are each column over tzcompat.pytz",
    )


if __name__ == "__main__":
    run()
