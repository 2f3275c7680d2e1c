"""Stored times (issue 36): ``parse_rfc9557``, ``recheck`` and ``format_rfc9557`` beside the
standard library and whenever, in one run.

    python benchmarks/bench_rfc9557.py          # or: python benchmarks/run.py rfc9557
    python benchmarks/bench_rfc9557.py --quick  # fewer rounds

The inputs are realistic: 20,000 different strings, one per instant drawn over 2000-2050 in
every zone of the data in turn (a third with microseconds), written by ``format_rfc9557``;
no string is asked about twice in a row. Columns, per value:

- ``tzcompat``: ``parse_rfc9557(s)``; ``recheck(values)`` divided by the values;
  ``format_rfc9557(dt)``;
- ``stdlib``: what a hand-written reader does with the standard library: split at ``[``,
  ``datetime.fromisoformat`` the head, look the key up in a dict of cached C
  ``zoneinfo.ZoneInfo`` objects and ``astimezone`` to it (it checks nothing: a stale offset
  silently gives another wall time); for recheck the same plus comparing the offsets; for
  format ``f"{dt.isoformat()}[{dt.tzinfo.key}]"``;
- ``whenever``: ``ZonedDateTime.parse_iso(s)`` (it refuses a stale offset, as the default
  policy does), for recheck the same catching that error, ``zdt.format_iso()``.

Each figure is the best time per value over rounds taken in turns (a burst of load hits
every column alike); the load average is printed before and after. Compare the ratios.
"""

from __future__ import annotations

import os
import random
import sys
import zoneinfo
from collections.abc import Callable
from datetime import datetime, timedelta, timezone

HERE = os.path.dirname(os.path.abspath(__file__))
if HERE not in sys.path:
    sys.path.insert(0, HERE)

from run import interleaved_ns, print_table  # noqa: E402

N = 20_000
ROUNDS = 3 if "--quick" in sys.argv else 7
_EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)


def inputs(n: int = N) -> tuple[list[str], list[datetime], list[datetime]]:
    """(strings, tzcompat datetimes, stdlib C zoneinfo datetimes) for ``n`` instants."""
    import tzcompat

    keys = sorted(k for k in zoneinfo.available_timezones()
                  if "/" in k and not k.startswith(("Etc/", "SystemV/", "posix", "right")))
    rnd = random.Random(36)
    lo = int((datetime(2000, 1, 1, tzinfo=timezone.utc) - _EPOCH).total_seconds())
    hi = int((datetime(2050, 1, 1, tzinfo=timezone.utc) - _EPOCH).total_seconds())
    ours, theirs = [], []
    for i in range(n):
        key = keys[i % len(keys)]
        micro = rnd.randrange(10**6) if i % 3 == 0 else 0
        instant = _EPOCH + timedelta(seconds=rnd.randrange(lo, hi), microseconds=micro)
        ours.append(instant.astimezone(tzcompat.ZoneInfo(key)))
        theirs.append(instant.astimezone(zoneinfo.ZoneInfo(key)))
    order = list(range(n))
    rnd.shuffle(order)
    ours = [ours[i] for i in order]
    theirs = [theirs[i] for i in order]
    texts = [tzcompat.format_rfc9557(dt) for dt in ours]
    return texts, ours, theirs


def _stdlib_parse(texts: list[str]) -> Callable[[], object]:
    cache: dict[str, zoneinfo.ZoneInfo] = {}
    fromiso = datetime.fromisoformat

    def zone(key: str) -> zoneinfo.ZoneInfo:
        tz = cache.get(key)
        if tz is None:
            tz = cache[key] = zoneinfo.ZoneInfo(key)
        return tz

    def parse() -> object:
        out = []
        for text in texts:
            head, _, rest = text.partition("[")
            out.append(fromiso(head).astimezone(zone(rest[:-1])))
        return out

    def check() -> object:
        changed = []
        for i, text in enumerate(texts):
            head, _, rest = text.partition("[")
            dt = fromiso(head)
            if dt.astimezone(zone(rest[:-1])).utcoffset() != dt.utcoffset():
                changed.append(i)
        return changed

    parse()  # fill the cache: a cached lookup, as the row says
    return parse, check  # type: ignore[return-value]


def rows(quick: bool) -> list[tuple[str, list[float | None]]]:
    import tzcompat

    texts, ours, theirs = inputs()
    n = len(texts)
    try:
        from whenever import ZonedDateTime
    except ImportError:  # pragma: no cover - whenever is in the interop extra
        ZonedDateTime = None  # type: ignore[assignment,misc]  # noqa: N806
    parse_std, check_std = _stdlib_parse(texts)  # type: ignore[misc]
    parse = tzcompat.parse_rfc9557
    fmt = tzcompat.format_rfc9557
    records = [(dt.replace(tzinfo=None), dt.utcoffset(), dt.tzinfo.key) for dt in ours]  # type: ignore[union-attr]
    funcs: dict[str, list[Callable[[], object] | None]] = {
        "parse a string": [lambda: [parse(t) for t in texts], parse_std, None],
        "recheck, strings (per value)": [lambda: tzcompat.recheck(texts), check_std, None],
        "recheck, records (per value)": [lambda: tzcompat.recheck(records), None, None],
        "format a datetime": [lambda: [fmt(d) for d in ours],
                              lambda: [f"{d.isoformat()}[{d.tzinfo.key}]" for d in theirs],  # type: ignore[union-attr]
                              None],
    }
    if ZonedDateTime is not None:
        zoned = [ZonedDateTime.parse_iso(t) for t in texts]
        whenever_parse = ZonedDateTime.parse_iso

        def whenever_check() -> object:
            changed = []
            for i, t in enumerate(texts):
                try:
                    whenever_parse(t)
                except ValueError:
                    changed.append(i)
            return changed

        funcs["parse a string"][2] = lambda: [whenever_parse(t) for t in texts]
        funcs["recheck, strings (per value)"][2] = whenever_check
        funcs["format a datetime"][2] = lambda: [z.format_iso() for z in zoned]
    # The answers agree before anything is timed.
    assert [parse(t) for t in texts[:200]] == parse_std()[:200]  # type: ignore[index]
    assert tzcompat.recheck(texts) == [] and check_std() == []
    out = []
    for label, calls in funcs.items():
        for call in calls:
            if call is not None:
                call()  # warm: zones loaded, tables built
        values = interleaved_ns(calls, rounds=ROUNDS if not quick else 3, budget=0.02)
        out.append((label, [None if v is None else v / n for v in values]))
    return out


def run() -> None:
    before = os.getloadavg()
    table = rows("--quick" in sys.argv)
    after = os.getloadavg()
    note = (f"{N} different strings over {len(zoneinfo.available_timezones())} zones, "
            f"best of {ROUNDS} interleaved rounds; load average {before[0]:.1f} before, "
            f"{after[0]:.1f} after (2 cores)")
    print_table("stored times: RFC 9557 (per value)", ["tzcompat", "stdlib", "whenever"],
                table, base=1, note=note)


if __name__ == "__main__":
    run()
