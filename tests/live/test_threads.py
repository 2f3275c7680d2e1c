"""refresh() under load: threads ask a cached zone for offsets, conversions and transitions
while the main thread installs and refreshes release A and B back and forth. Every answer
must be release A's or release B's (as the standard library reads the same bytes, and as
the generated transition lists say), never an exception; after the last refresh, B's."""

from __future__ import annotations

import io
import zoneinfo
from datetime import datetime, timedelta, timezone

import tzcompat

from ._data import EPOCH, RELEASES
from ._race import race

UTC = timezone.utc
KEY = "Test/Zone"
WALLS = [datetime(y, m, 1 + d, h) for y in (2025, 2026, 2027, 2030) for m in (1, 3, 11)
         for d in (0, 7, 14) for h in (1, 2, 6)]
INSTANTS = [datetime(2025, 1, 1, tzinfo=UTC) + timedelta(hours=h) for h in range(0, 60000, 331)]
WINDOW = (int((datetime(2025, 6, 1, tzinfo=UTC) - EPOCH).total_seconds()),
          int((datetime(2029, 6, 1, tzinfo=UTC) - EPOCH).total_seconds()))


def expected(version: str) -> tuple[list, list, list, list]:
    ref = zoneinfo.ZoneInfo.from_file(io.BytesIO(RELEASES[version][KEY]))
    offsets = [w.replace(tzinfo=ref).utcoffset() for w in WALLS]
    names = [w.replace(tzinfo=ref).tzname() for w in WALLS]
    locals_ = [i.astimezone(ref).replace(tzinfo=None) for i in INSTANTS]
    # The transitions in WINDOW: where the stdlib's answer changes, found hour by hour and
    # narrowed down to the second.
    changes = []
    lo, hi = WINDOW
    prev = None
    ts = lo
    while ts < hi:
        state = _state(ref, ts)
        if prev is not None and state != prev:
            # Narrow the change down to the second.
            a, b = ts - 3600, ts
            while b - a > 1:
                mid = (a + b) // 2
                if _state(ref, mid) == prev:
                    a = mid
                else:
                    b = mid
            changes.append((b, state))
        prev = state
        ts += 3600
    return offsets, names, locals_, changes


def _state(ref, ts: int) -> tuple:
    dt = (EPOCH + timedelta(seconds=ts)).astimezone(ref)
    return (dt.utcoffset(), dt.dst(), dt.tzname())


def observe(zone) -> tuple[list, list, list, list]:
    """Each item is one call's answer: utcoffset, tzname, a conversion, one transitions()."""
    offsets = [w.replace(tzinfo=zone).utcoffset() for w in WALLS]
    names = [w.replace(tzinfo=zone).tzname() for w in WALLS]
    locals_ = [i.astimezone(zone).replace(tzinfo=None) for i in INSTANTS]
    changes = [(t.timestamp, (t.after.utcoffset, t.after.dst, t.after.tzname))
               for t in zone.transitions(*WINDOW)]
    return offsets, names, locals_, changes


def test_answers_are_old_or_new_while_refreshing(live):
    zone = tzcompat.ZoneInfo(KEY)
    want = {v: expected(v) for v in RELEASES}
    assert want["2030a"] != want["2030b"]
    for part in range(4):
        assert want["2030a"][part] != want["2030b"][part]
    seen: set[int] = set()  # which releases' transition lists the readers saw

    def read() -> list[str]:
        problems = []
        got = observe(zone)
        # Each answer, item by item, is one release's (a call may see either).
        for part in range(4):
            options = [want[v][part] for v in RELEASES]
            if part < 3:
                for i, item in enumerate(got[part]):
                    if item not in (options[0][i], options[1][i]):
                        problems.append(f"part {part} item {i}: {item}")
            elif got[part] not in options:
                problems.append(f"transitions: {got[part][:3]}...")
            else:
                seen.add(options.index(got[part]))
        return problems

    def write(i: int) -> None:
        live.install("2030b" if i % 2 == 0 else "2030a")
        report = tzcompat.refresh()
        assert KEY in report.changed, report

    problems, rounds = race(read, write, readers=3, writes=41)  # ends on 2030b
    assert not problems, problems[:5]
    assert rounds >= 41 and seen == {0, 1}  # the readers did run across refreshes
    assert observe(zone) == want["2030b"]
    assert tzcompat.ZoneInfo(KEY) is zone
