"""The interop scenarios: what each consumer does with a zone, as comparable strings.

``run_all(tz_for, consumers)`` calls pandas, pyarrow, polars, croniter, whenever,
icalendar and Django with the zones ``tz_for(key)`` returns and gives ``{case id:
outcome}``, where an outcome is a string (or a list of them): a value written out with its
offset, tzname and dst, or ``"!"`` and the exception's kind as the consumer sees it. The
same function runs on the original library's zones and on tzcompat's, in this process or in
a child process (``_child.py``), so the two dicts must be equal.

The inputs (wall times and UTC instants around each transition) are found with the
standard library's ``zoneinfo`` only, never with tzcompat. This module imports neither
pytest nor tzcompat, so that a child process can load it after ``tzcompat.install()``.

Case ids are ``consumer|case|key|year|extra``; the year lets the pytz configurations tell
the instants pytz freezes (after 2037) from the rest.
"""

from __future__ import annotations

import io
import os
import sys
import zoneinfo
from collections.abc import Callable, Iterable
from datetime import date, datetime, timedelta, timezone

UTC = timezone.utc
ZONES = (
    "America/New_York",
    "Europe/London",
    "Australia/Lord_Howe",  # 30-minute DST
    "Europe/Dublin",  # negative DST in the TZif data
    "America/St_Johns",  # -03:30
    "Asia/Kolkata",  # no transitions in these years
    "Pacific/Apia",  # skipped 2011-12-30
    "UTC",
)
POST_2037 = (2050, 2100)
CONSUMERS = ("pandas", "pyarrow", "polars", "croniter", "whenever", "icalendar", "django")
SEC = timedelta(seconds=1)


def years_for(key: str) -> tuple[int, ...]:
    return (2011, 2020, 2050) if key == "Pacific/Apia" else (2020, *POST_2037)


# --------------------------------------------------------------------------------------
# Inputs, from the stdlib only
# --------------------------------------------------------------------------------------
def changes(zone, start: datetime, end: datetime) -> list[tuple[datetime, timedelta, timedelta]]:
    """(UTC instant, offset before, offset after) of each offset change of a stdlib zone
    in ``[start, end)`` (found day by day, then to the second)."""
    out = []
    t = start
    off = t.astimezone(zone).utcoffset()
    while t < end:
        nxt = t + timedelta(days=1)
        noff = nxt.astimezone(zone).utcoffset()
        if noff != off:
            lo, hi = t, nxt  # offset(lo) == off, offset(hi) != off
            while hi - lo > SEC:
                mid = (lo + (hi - lo) // 2).replace(microsecond=0)
                if mid.astimezone(zone).utcoffset() == off:
                    lo = mid
                else:
                    hi = mid
            out.append((hi, off, noff))
            off = noff
        t = nxt
    return out


def transitions(key: str, year: int) -> list[tuple[datetime, timedelta, timedelta]]:
    """The offset changes of ``year`` in the stdlib's zone ``key``."""
    return changes(zoneinfo.ZoneInfo(key), datetime(year, 1, 1, tzinfo=UTC),
                   datetime(year + 1, 1, 1, tzinfo=UTC))


def extended_pytz(key: str, until: int = 2110):
    """Real pytz's zone ``key`` with its transition lists continued past 2037 by the rules.

    pytz reads only the 32-bit part of its files and stops in 2037. This builds a real
    ``pytz.tzinfo.DstTzInfo`` class (as icalendar's pytz provider does) whose lists are
    pytz's own up to 2037, then one entry per later change of the stdlib zone reading the
    same file, each reusing pytz's own period tuple for that offset and abbreviation: what
    pytz would answer if it kept following the rules (tzcompat.pytz's documented intent).
    """
    import pytz
    from pytz.tzinfo import DstTzInfo

    real = pytz.timezone(key)
    times = list(getattr(real, "_utc_transition_times", ()))
    if not times:
        return real
    infos = list(real._transition_info)
    with open(os.path.join(os.path.dirname(pytz.__file__), "zoneinfo", *key.split("/")),
              "rb") as f:  # fmt: skip
        std = zoneinfo.ZoneInfo.from_file(f, key=key)
    periods = {(info[0], info[2]): info for info in infos}
    start = times[-1].replace(tzinfo=UTC) + SEC
    for t, _, after in changes(std, start, datetime(until, 1, 1, tzinfo=UTC)):
        times.append(t.replace(tzinfo=None))
        infos.append(periods[(after, t.astimezone(std).tzname())])
    attrs = {"zone": key, "_utc_transition_times": times, "_transition_info": infos}
    return type(key, (DstTzInfo,), attrs)()


def walls(key: str, year: int) -> list[datetime]:
    """Naive wall times at the edges of every gap and fold of ``year``, plus two probes."""
    found = {datetime(year, 1, 15, 12), datetime(year, 7, 15, 12)}
    for t, before, after in transitions(key, year):
        lo, hi = min(before, after), max(before, after)
        base = t.replace(tzinfo=None)
        mid = base + (lo + hi) / 2
        found |= {base + lo - SEC, base + lo, mid.replace(second=0), base + hi - SEC, base + hi}
    return sorted(found)


def instants(key: str, year: int) -> list[datetime]:
    """Aware UTC instants: each transition and one second either side, plus two probes."""
    found = {datetime(year, 1, 15, 12, tzinfo=UTC), datetime(year, 7, 15, 12, tzinfo=UTC)}
    for t, _, _ in transitions(key, year):
        found |= {t - SEC, t, t + SEC}
    return sorted(found)


def infer_walls(key: str, year: int) -> list[datetime]:
    """Monotonic local wall times every 30 minutes across each fold (for ambiguous='infer')."""
    zone = zoneinfo.ZoneInfo(key)
    out: list[datetime] = []
    for t, before, after in transitions(key, year):
        if after < before:
            out += [(t + timedelta(minutes=30 * i)).astimezone(zone).replace(tzinfo=None)
                    for i in range(-6, 7)]  # fmt: skip
    return out


# --------------------------------------------------------------------------------------
# Outcomes
# --------------------------------------------------------------------------------------
_BUILTIN_KINDS = (ValueError, TypeError, KeyError, AttributeError, IndexError, AssertionError,
                  OverflowError, LookupError, RuntimeError)  # fmt: skip
_PYTZ_KINDS = ("InvalidTimeError", "AmbiguousTimeError", "NonExistentTimeError",
               "UnknownTimeZoneError")  # fmt: skip


def kind(exc: BaseException) -> str:
    """The exception's name and the classes a consumer's ``except`` could catch it by."""
    caught = [c.__name__ for c in _BUILTIN_KINDS if isinstance(exc, c)]
    pytz = sys.modules.get("pytz")  # whatever ``import pytz`` gives in this process
    if pytz is not None:
        caught += ["pytz." + n for n in _PYTZ_KINDS if isinstance(exc, getattr(pytz, n))]
    return "!" + type(exc).__name__ + "(" + ",".join(caught) + ")"


def show(v: object) -> object:
    """A value as comparable text: datetimes with offset, tzname and dst; NaT; lists."""
    if v is None:
        return "None"
    if isinstance(v, (list, tuple)):
        return [show(x) for x in v]
    if isinstance(v, datetime):
        if str(v) == "NaT":
            return "NaT"
        if v.tzinfo is None:
            return v.isoformat()
        return f"{v.isoformat()}|{v.tzname()}|dst={v.dst()}"
    if type(v).__name__ == "NaTType":
        return "NaT"
    return str(v)


def attempt(fn: Callable[[], object]) -> object:
    try:
        return show(fn())
    except Exception as exc:  # the kind is the outcome
        return kind(exc)


def is_pytz_zone(tz: object) -> str:
    """Whether ``tz`` is a zone of the ``pytz`` this process imports, as consumers test it."""
    pytz = sys.modules.get("pytz")
    return "n/a" if pytz is None else str(isinstance(tz, pytz.tzinfo.BaseTzInfo))


def typename(obj: object) -> str:
    t = type(obj)
    return f"{t.__module__}.{t.__qualname__}"


class Recorder:
    def __init__(self, consumer: str) -> None:
        self.consumer = consumer
        self.results: dict[str, object] = {}

    def __call__(self, case: str, key: str, year: int, extra: object, fn) -> None:
        self.results[f"{self.consumer}|{case}|{key}|{year}|{extra}"] = attempt(fn)


def aware(tz, year: int, key: str) -> list[datetime]:
    """Instants of ``year`` in ``tz`` through ``astimezone`` (fromutc works for every library)."""
    return [t.astimezone(tz) for t in instants(key, year)]


def converted(key: str, year: int, tz):
    """A pandas Series of ``year``'s instants converted to ``tz``."""
    import pandas as pd

    utc = pd.Series(pd.to_datetime([t.replace(tzinfo=None) for t in instants(key, year)]))
    return utc.dt.tz_localize("UTC").dt.tz_convert(tz)


# --------------------------------------------------------------------------------------
# pandas
# --------------------------------------------------------------------------------------
def pandas_cases(tz_for, keys: Iterable[str]) -> dict[str, object]:
    import numpy as np
    import pandas as pd
    from pandas._libs.tslibs import timezones as pd_tz

    # pandas caches transition arrays by zone name: a pytz-like zone of either library
    # must not be answered from the other's entry (in-process runs).
    getattr(pd_tz, "dst_cache", {}).clear()
    rec = Recorder("pandas")

    def ser(values):
        return pd.Series(values)

    def vals(s):
        return list(s) if not isinstance(s, (pd.Series, pd.Index)) else s.tolist()

    for key in keys:
        tz = tz_for(key)
        for year in years_for(key):
            ws = walls(key, year)
            naive = ser(pd.to_datetime(ws))
            for w in ws:
                rec("Timestamp(str,tz)", key, year, w,
                    lambda w=w, tz=tz: pd.Timestamp(str(w), tz=tz))
                rec("Timestamp(naive,tz)", key, year, w, lambda w=w, tz=tz: pd.Timestamp(w, tz=tz))
            # Each ambiguous= option with gaps set to NaT, each nonexistent= option with folds
            # set to NaT, and both raising.
            combos = [(a, "NaT") for a in ("raise", "NaT", "bool", "infer")]
            combos += [("NaT", n) for n in ("raise", "shift_forward", "shift_backward", "td30m")]
            for a, n in [*combos, ("raise", "raise")]:
                av = np.array([i % 2 == 0 for i in range(len(ws))]) if a == "bool" else a
                nv = timedelta(minutes=30) if n == "td30m" else n

                def localize(av=av, nv=nv, naive=naive, tz=tz):
                    s = naive.dt.tz_localize(tz, ambiguous=av, nonexistent=nv)
                    return [str(s.dtype), *vals(s)]

                rec("tz_localize", key, year, f"{a}/{n}", localize)
            iw = infer_walls(key, year)
            if iw:
                rec("tz_localize", key, year, "infer/fold", lambda iw=iw, tz=tz: vals(
                    ser(pd.to_datetime(iw)).dt.tz_localize(tz, ambiguous="infer")))
            conv = lambda key=key, year=year, tz=tz: converted(key, year, tz)  # noqa: E731
            rec("tz_convert", key, year, "", lambda c=conv: [str(c().dtype), *vals(c())])
            rec("tz_convert.strftime", key, year, "",
                lambda c=conv: vals(c().dt.strftime("%Y-%m-%d %H:%M:%S %Z %z")))
            rec("tz_convert.back", key, year, "", lambda c=conv: vals(c().dt.tz_convert("UTC")))
            rec("tz_convert.fields", key, year, "",
                lambda c=conv: [vals(c().dt.hour), vals(c().dt.day), vals(c().dt.minute)])
            rec("tz_convert.normalize", key, year, "", lambda c=conv: vals(c().dt.normalize()))
            rec("tz_convert.floor_h", key, year, "",
                lambda c=conv: vals(c().dt.floor("h", ambiguous="NaT", nonexistent="NaT")))
            for t, before, _ in transitions(key, year):
                day = (t + before).replace(tzinfo=None).date()
                start, end = day - timedelta(days=1), day + timedelta(days=2)
                for freq in ("h", "30min", "D"):
                    rec("date_range", key, year, f"{day}/{freq}",
                        lambda s=start, e=end, f=freq, tz=tz: vals(
                            pd.date_range(start=str(s), end=str(e), freq=f, tz=tz)))
                rec("date_range.periods", key, year, f"{day}",
                    lambda t=t, tz=tz: vals(pd.date_range(
                        start=pd.Timestamp(t).tz_convert(tz) - pd.Timedelta(hours=3),
                        periods=13, freq="30min")))
            rec("date_range.D", key, year, "Jan-Dec",
                lambda year=year, tz=tz: vals(pd.date_range(f"{year}-01-01", f"{year}-12-31",
                                                            freq="7D", tz=tz)))
            aw = aware(tz, year, key)
            idx_fn = lambda aw=aw: pd.DatetimeIndex(aw)  # noqa: E731
            rec("DatetimeIndex", key, year, "", lambda f=idx_fn: [str(f().dtype), *vals(f())])
            rec("DatetimeIndex.roundtrip", key, year, "",
                lambda f=idx_fn: vals(f().tz_convert("UTC").tz_convert(f().tz)))
            rec("DatetimeIndex.relocalize", key, year, "",
                lambda f=idx_fn: vals(f().tz_localize(None).tz_localize(
                    f().tz, ambiguous="NaT", nonexistent="NaT")))
            rec("DatetimeIndex.to_pydatetime", key, year, "",
                lambda f=idx_fn: list(f().to_pydatetime()))
            rec("DatetimeIndex.asi8", key, year, "", lambda f=idx_fn: [str(x) for x in f().asi8])
            rec("to_datetime(aware)", key, year, "",
                lambda aw=aw: [str(pd.to_datetime(aw).dtype), *vals(pd.to_datetime(aw))])
            rec("to_datetime(aware,utc)", key, year, "",
                lambda aw=aw: vals(pd.to_datetime(aw, utc=True)))
            rec("Series(aware)", key, year, "",
                lambda aw=aw: [str(ser(aw).dtype), *vals(ser(aw))])
            rec("Timestamp.repr", key, year, "", lambda aw=aw: [repr(pd.Timestamp(a)) for a in aw])
            for i, a in enumerate(aw):
                rec("Timestamp(aware)", key, year, i, lambda a=a: pd.Timestamp(a))
                rec("Timestamp.tz_convert", key, year, i,
                    lambda a=a, tz=tz: pd.Timestamp(a).tz_convert("UTC").tz_convert(tz))

            def parquet(conv=conv):
                buf = io.BytesIO()
                pd.DataFrame({"t": conv()}).to_parquet(buf)
                buf.seek(0)
                back = pd.read_parquet(buf)["t"]
                return [str(back.dtype), typename(back.dt.tz), *vals(back)]

            rec("parquet", key, year, "", parquet)
    return rec.results


def pandas_zone_classes(tz_for, keys: Iterable[str]) -> dict[str, object]:
    """The class of the zone pandas keeps in a dtype (a process-wide swap changes it)."""
    import pandas as pd

    rec = Recorder("pandas")
    for key in keys:
        tz = tz_for(key)
        rec("dtype.tz type", key, 0, "", lambda tz=tz: typename(
            pd.Series([pd.Timestamp("2020-01-01", tz=tz)]).dt.tz))
    return rec.results


# --------------------------------------------------------------------------------------
# pyarrow
# --------------------------------------------------------------------------------------
def pyarrow_cases(tz_for, keys: Iterable[str]) -> dict[str, object]:
    import pandas as pd
    import pyarrow as pa
    import pyarrow.parquet as pq

    rec = Recorder("pyarrow")
    for key in keys:
        tz = tz_for(key)
        for year in years_for(key):
            aw = aware(tz, year, key)

            def arr(aw=aw):
                a = pa.array(aw)
                return [str(a.type), a.cast(pa.int64()).to_pylist(), a.to_pylist()]

            rec("array(aware)", key, year, "", arr)
            rec("array(aware,type)", key, year, "", lambda aw=aw, key=key: [
                str(x) for x in pa.array(aw, type=pa.timestamp("us", tz=key)).to_pylist()])
            conv = lambda key=key, year=year, tz=tz: converted(key, year, tz)  # noqa: E731

            def from_pandas(conv=conv):
                a = pa.array(conv())
                return [str(a.type), a.cast(pa.int64()).to_pylist(), a.to_pylist()]

            rec("array(pandas)", key, year, "", from_pandas)

            def table(conv=conv):
                t = pa.Table.from_pandas(pd.DataFrame({"t": conv()}))
                meta = t.schema.pandas_metadata["columns"][0]
                return [str(t.schema.field("t").type), str(meta.get("metadata")),
                        str(meta.get("pandas_type")), str(meta.get("numpy_type"))]

            rec("Table.from_pandas", key, year, "", table)

            def roundtrip(conv=conv):
                buf = io.BytesIO()
                pq.write_table(pa.Table.from_pandas(pd.DataFrame({"t": conv()})), buf)
                buf.seek(0)
                back = pq.read_table(buf)
                col = back.column("t")
                as_pd = back.to_pandas()["t"]
                return [str(col.type), col.to_pylist(), str(as_pd.dtype), typename(as_pd.dt.tz),
                        as_pd.tolist()]

            rec("parquet", key, year, "", roundtrip)
    return rec.results


# --------------------------------------------------------------------------------------
# polars
# --------------------------------------------------------------------------------------
def polars_cases(tz_for, keys: Iterable[str]) -> dict[str, object]:
    import polars as pl

    rec = Recorder("polars")
    for key in keys:
        tz = tz_for(key)
        for year in years_for(key):
            conv = lambda key=key, year=year, tz=tz: converted(key, year, tz)  # noqa: E731
            aw = aware(tz, year, key)
            rec("from_pandas", key, year, "",
                lambda conv=conv: [str(pl.from_pandas(conv()).dtype),
                                   pl.from_pandas(conv()).to_list()])
            rec("Series(aware)", key, year, "",
                lambda aw=aw: [str(pl.Series(aw).dtype), pl.Series(aw).to_list()])
            # lit() keeps the zone's name only for what it takes for a pytz (or zoneinfo) zone.
            rec("lit(aware)", key, year, "", lambda aw=aw: [
                [str(s.dtype), *s.to_list()] for s in (pl.select(pl.lit(a)).to_series()
                                                       for a in aw)])
            rec("convert_time_zone", key, year, "", lambda conv=conv: pl.from_pandas(conv())
                .dt.convert_time_zone("UTC").dt.convert_time_zone(
                    pl.from_pandas(conv()).dtype.time_zone).to_list())
            naive = pl.Series(walls(key, year))
            for amb in ("raise", "earliest", "latest", "null"):
                for ne in ("raise", "null"):
                    rec("replace_time_zone", key, year, f"{amb}/{ne}",
                        lambda conv=conv, a=amb, n=ne, naive=naive: naive.dt.replace_time_zone(
                            pl.from_pandas(conv()).dtype.time_zone, ambiguous=a,
                            non_existent=n).to_list())
    return rec.results


# --------------------------------------------------------------------------------------
# croniter
# --------------------------------------------------------------------------------------
# expression -> (hours before/after the transition to start at, number of steps): each
# iteration runs through the gap or fold, forwards and backwards.
CRON_EXPRS = {
    "30 * * * *": (4, 8),
    "0,30 1-3 * * *": (30, 14),
    "30 2 * * *": (30, 3),
}


def croniter_cases(tz_for, keys: Iterable[str]) -> dict[str, object]:
    from croniter import croniter

    rec = Recorder("croniter")
    for key in keys:
        tz = tz_for(key)
        for year in years_for(key):
            for t, _, _ in transitions(key, year):
                for expr, (hours, steps) in CRON_EXPRS.items():
                    start = (t - timedelta(hours=hours)).astimezone(tz)
                    stop = (t + timedelta(hours=hours)).astimezone(tz)

                    def nexts(expr=expr, start=start, steps=steps):
                        it = croniter(expr, start)
                        return [it.get_next(datetime) for _ in range(steps)]

                    def prevs(expr=expr, stop=stop, steps=steps):
                        it = croniter(expr, stop)
                        return [it.get_prev(datetime) for _ in range(steps)]

                    rec("get_next", key, year, f"{t:%m-%d}/{expr}", nexts)
                    rec("get_prev", key, year, f"{t:%m-%d}/{expr}", prevs)
            if hasattr(tz, "localize"):
                # croniter's pytz path: localize(is_dst=None), catching pytz's exceptions by
                # the classes of the ``pytz`` it imports; kind() lists which ones match.
                for w in walls(key, year):
                    rec("localize(is_dst=None)", key, year, w,
                        lambda w=w, tz=tz: tz.localize(w, is_dst=None))
    return rec.results


# --------------------------------------------------------------------------------------
# whenever
# --------------------------------------------------------------------------------------
def whenever_cases(tz_for, keys: Iterable[str]) -> dict[str, object]:
    import whenever

    rec = Recorder("whenever")

    def zdt(d):
        z = whenever.ZonedDateTime(d)
        back = z.to_stdlib()
        return [str(z), z.tz_id, str(z.offset), show(back), typename(back.tzinfo)]

    for key in keys:
        tz = tz_for(key)
        for year in years_for(key):
            for i, a in enumerate(aware(tz, year, key)):
                rec("ZonedDateTime(aware)", key, year, i, lambda a=a: zdt(a))
            for w in walls(key, year):
                for fold in (0, 1):
                    rec("ZonedDateTime(wall)", key, year, f"{w}/{fold}",
                        lambda w=w, f=fold, tz=tz: zdt(w.replace(tzinfo=tz, fold=f)))
    return rec.results


# --------------------------------------------------------------------------------------
# icalendar
# --------------------------------------------------------------------------------------
def _ical_dt(d) -> object:
    return show(d) if isinstance(d, datetime) else str(d)


def icalendar_cases(tz_for, keys: Iterable[str]) -> dict[str, object]:
    import icalendar
    from icalendar.timezone.tzid import tzid_from_tzinfo

    rec = Recorder("icalendar")
    for key in keys:
        tz = tz_for(key)
        year = 2020 if key != "Pacific/Apia" else 2011
        aw = aware(tz, year, key)
        rec("tzid_from_tzinfo", key, year, "", lambda tz=tz: tzid_from_tzinfo(tz))

        def vtimezone(tz=tz, year=year):
            vtz = icalendar.Timezone.from_tzinfo(tz, first_date=date(year - 1, 6, 1),
                                                 last_date=date(year + 1, 6, 1))
            return vtz.to_ical().decode().splitlines()

        rec("Timezone.from_tzinfo", key, year, "", vtimezone)

        def event_roundtrip(aw=aw, year=year):
            cal = icalendar.Calendar()
            for i, a in enumerate(aw):
                ev = icalendar.Event()
                ev.add("uid", f"{i}@tzcompat")
                ev.add("dtstart", a)
                cal.add_component(ev)
            cal.add_missing_timezones(first_date=date(year - 1, 6, 1),
                                      last_date=date(year + 1, 6, 1))
            text = cal.to_ical()
            back = icalendar.Calendar.from_ical(text)
            starts = [_ical_dt(ev.decoded("dtstart")) for ev in back.walk("VEVENT")]
            utc = [_ical_dt(ev.decoded("dtstart").astimezone(UTC)) for ev in back.walk("VEVENT")]
            return [text.decode().splitlines(), starts, utc]

        rec("event roundtrip", key, year, "", event_roundtrip)
    return rec.results


def icalendar_provider_cases(provider: str, keys: Iterable[str]) -> dict[str, object]:
    """icalendar's own provider (``use_pytz()`` or ``use_zoneinfo()``, whose VTIMEZONE path
    is dateutil's ``tzical``) building zones from VTIMEZONE text and converting events.

    The VTIMEZONE text comes from the stdlib zone, so it is the same for every run.
    """
    import icalendar
    from icalendar.timezone import tzp

    rec = Recorder("icalendar")
    saved = tzp.name
    tzp.use(provider)
    try:
        for key in keys:
            year = 2020 if key != "Pacific/Apia" else 2011
            vtz = icalendar.Timezone.from_tzinfo(
                zoneinfo.ZoneInfo(key), tzid="Custom/" + key,
                first_date=date(year - 1, 6, 1), last_date=date(year + 1, 6, 1))
            events = []
            for i, w in enumerate(walls(key, year)):
                for tzid in ("Custom/" + key, key):
                    events.append(f"BEGIN:VEVENT\r\nUID:{i}-{tzid}@tzcompat\r\n"
                                  f"DTSTART;TZID={tzid}:{w:%Y%m%dT%H%M%S}\r\nEND:VEVENT\r\n")
            text = ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//tzcompat//interop//EN\r\n"
                    + vtz.to_ical().decode() + "".join(events) + "END:VCALENDAR\r\n")

            def parse(text=text):
                cal = icalendar.Calendar.from_ical(text)
                out = []
                for ev in cal.walk("VEVENT"):
                    d = ev.decoded("dtstart")
                    out.append([str(ev["uid"]), _ical_dt(d), _ical_dt(d.astimezone(UTC)),
                                type(d.tzinfo).__qualname__, is_pytz_zone(d.tzinfo)])
                return out

            rec(f"provider {provider}", key, year, "", parse)
    finally:
        tzp.use(saved)
    return rec.results


# --------------------------------------------------------------------------------------
# Django (4.2: the last release that recognises pytz zones, by class)
# --------------------------------------------------------------------------------------
DJANGO_FORMAT = "e O T Z I"  # zone name, offset, abbreviation, offset in seconds, DST


def django_setup() -> None:
    """Settings once per process: aware datetimes, default zone UTC, no apps."""
    import django
    from django.conf import settings

    if not settings.configured:
        settings.configure(USE_TZ=True, TIME_ZONE="UTC")
        django.setup()


def django_cases(tz_for, keys: Iterable[str]) -> dict[str, object]:
    """``django.utils.timezone`` and what builds on it. For a zone of the ``pytz`` this process
    imports, ``make_aware`` calls ``localize(is_dst=)`` (so gaps and folds raise with
    ``is_dst=None``); for any other zone it attaches it with ``replace()``."""
    import warnings

    django_setup()
    from django.core.exceptions import ValidationError
    from django.core.serializers.json import DjangoJSONEncoder
    from django.forms.utils import from_current_timezone
    from django.templatetags.tz import do_timezone
    from django.utils import dateformat, timezone
    from django.utils.deprecation import RemovedInDjango50Warning

    rec = Recorder("django")
    encode = DjangoJSONEncoder().default

    def described(d, tz):
        return [show(d), show(d.astimezone(UTC)), dateformat.format(d, DJANGO_FORMAT),
                show(timezone.make_naive(d, tz)), str(timezone.is_aware(d))]

    def make_aware(w, tz, is_dst):
        with warnings.catch_warnings():
            # is_dst= is deprecated in 4.2 (it has no effect on zoneinfo zones).
            warnings.simplefilter("ignore", RemovedInDjango50Warning)
            if is_dst == "-":
                return described(timezone.make_aware(w, tz), tz)
            return described(timezone.make_aware(w, tz, is_dst=is_dst), tz)

    def form_input(w, tz):
        # A form's DateTimeField: the naive input in the current zone, or a validation error.
        with timezone.override(tz):
            try:
                return show(from_current_timezone(w))
            except ValidationError as exc:
                return ["ValidationError", *exc.messages]

    def current(tz):
        with timezone.override(tz):
            return [timezone.get_current_timezone_name(), str(timezone.get_current_timezone())]

    for key in keys:
        tz = tz_for(key)
        rec("current timezone", key, 0, "", lambda tz=tz: current(tz))
        rec("make_aware(aware)", key, 0, "",
            lambda tz=tz: timezone.make_aware(datetime(2020, 1, 1, tzinfo=UTC), tz))
        rec("make_naive(naive)", key, 0, "",
            lambda tz=tz: timezone.make_naive(datetime(2020, 1, 1), tz))
        for year in years_for(key):
            for w in walls(key, year):
                for is_dst in ("-", None, True, False):
                    rec("make_aware", key, year, f"{w}/{is_dst}",
                        lambda w=w, tz=tz, d=is_dst: make_aware(w, tz, d))
                rec("from_current_timezone", key, year, w, lambda w=w, tz=tz: form_input(w, tz))
            for i, t in enumerate(instants(key, year)):
                rec("localtime", key, year, i,
                    lambda t=t, tz=tz: described(timezone.localtime(t, tz), tz))
                rec("localdate", key, year, i, lambda t=t, tz=tz: timezone.localdate(t, tz))
                rec("make_naive", key, year, i, lambda t=t, tz=tz: timezone.make_naive(t, tz))
                rec("template", key, year, i, lambda t=t, tz=tz: [
                    show(do_timezone(t, tz)), encode(timezone.localtime(t, tz))])
    return rec.results


RUNNERS = {
    "pandas": pandas_cases,
    "pyarrow": pyarrow_cases,
    "polars": polars_cases,
    "croniter": croniter_cases,
    "whenever": whenever_cases,
    "icalendar": icalendar_cases,
    "django": django_cases,
}


def consumer_run(tz_for, consumer: str, keys: Iterable[str] = ZONES,
                 installed: str | None = None) -> dict[str, object]:
    """Every case of one consumer on ``tz_for``'s zones, plus ``installed_extras`` when
    ``installed`` is given. A consumer that fails to import gives one ``!ImportError``
    entry (the caller decides whether that is a skip)."""
    keys = tuple(keys)
    try:
        __import__(consumer)
    except ImportError as exc:
        return {f"{consumer}|import|||": kind(exc)}
    results = RUNNERS[consumer](tz_for, keys)
    if installed is not None:
        results.update(installed_extras(tz_for, consumer, keys, installed))
    return results


def installed_extras(tz_for, consumer: str, keys: Iterable[str],
                     installed: str) -> dict[str, object]:
    """What only a process-wide swap (``"pytz"`` or ``"dateutil"``) can show: the zone
    classes consumers keep, and icalendar's own provider (``use_pytz()``, or
    ``use_zoneinfo()`` whose VTIMEZONE path is dateutil's ``tzical``). With
    ``"pytz-absent"`` (tzcompat.pytz standing in as pytz): ``use_pytz()`` only, as the
    classes keep tzcompat's names there."""
    keys = tuple(keys)
    if installed == "pytz-absent":
        return icalendar_provider_cases("pytz", keys) if consumer == "icalendar" else {}
    if consumer == "pandas":
        return pandas_zone_classes(tz_for, keys)
    if consumer == "icalendar":
        return icalendar_provider_cases("pytz" if installed == "pytz" else "zoneinfo", keys)
    return {}


def run_all(tz_for, consumers: Iterable[str] = CONSUMERS, keys: Iterable[str] = ZONES,
            installed: str | None = None) -> dict[str, object]:
    results: dict[str, object] = {}
    for consumer in consumers:
        results.update(consumer_run(tz_for, consumer, keys, installed))
    return results
