"""Stress: all three layers read while the data file goes through every state an upgrade
can leave it in (issue 28). Reader threads with the switch interval lowered call the core,
tzcompat.pytz and tzcompat.dateutil; a writer cycles the file through atomic replacement,
chunked writes (read half-written), truncation, corruption, emptiness and deletion, with a
refresh() after each. Every answer must be release A's or release B's for that input (one
call, one data set), never anything else; bad states must be reported and keep the rules.
Expected answers come from the standard library, the real pytz and the real dateutil
reading the same bytes. Bounded: a fixed number of writes (a few seconds)."""

from __future__ import annotations

import io
import os
import zoneinfo
from datetime import datetime, timedelta, timezone

import dateutil.tz as dateutil_tz
import pytest
import pytz

import tzcompat
import tzcompat.dateutil as ours_dateutil
import tzcompat.pytz as ours_pytz

from ._data import RELEASES, write_file, zone_new, zone_old
from ._race import race

UTC = timezone.utc
WALLS = [datetime(2026, 11, 1, 1, 30), datetime(2026, 12, 15, 12), datetime(2027, 3, 14, 2, 30),
         datetime(2027, 7, 4, 12), datetime(2031, 1, 1, 9), datetime(1850, 6, 1, 12)]
INSTANTS = [datetime(2026, 10, 31, 23, tzinfo=UTC) + timedelta(hours=h)
            for h in range(0, 9000, 211)]
BAD_STATES = ("truncated", "corrupt", "empty", "deleted", "chunked")


def expected(key: str, data: bytes) -> dict[str, list[object]]:
    std = zoneinfo.ZoneInfo.from_file(io.BytesIO(data), key=key)
    real = pytz.tzfile.build_tzinfo(key, io.BytesIO(data))
    du = dateutil_tz.tzfile(io.BytesIO(data))
    return {
        "core_wall": [w.replace(tzinfo=std).utcoffset() for w in WALLS],
        "core_utc": [i.astimezone(std).replace(tzinfo=None) for i in INSTANTS],
        "pytz_localize": [real.localize(w).utcoffset() for w in WALLS],
        "pytz_utc": [real.normalize(i.astimezone(real)).replace(tzinfo=None) for i in INSTANTS],
        "du_wall": [w.replace(tzinfo=du).utcoffset() for w in WALLS],
        "du_utc": [i.astimezone(du).replace(tzinfo=None) for i in INSTANTS],
    }


# America/New_York is also in the tzdata package, where dateutil's lookup goes when the
# file on TZPATH cannot be parsed: a refresh must not take that (a third data set). Its
# "deleted" state is left out: with the file gone the lookup rightly finds the package's.
@pytest.mark.parametrize("KEY", ["Test/Zone", "America/New_York"])
def test_every_layer_gives_one_data_sets_answers_under_refresh(live, KEY):  # noqa: N803
    live.install("2030a", {**RELEASES["2030a"], KEY: zone_old()})
    states = ("atomic", *(s for s in BAD_STATES if KEY == "Test/Zone" or s != "deleted"))
    want = [expected(KEY, zone_old()), expected(KEY, zone_new())]
    core = tzcompat.ZoneInfo(KEY)
    tz = ours_pytz.timezone(KEY)
    ours_dateutil.gettz(KEY)
    checked = [0]

    def answers() -> dict[str, list[object]]:
        du = ours_dateutil.gettz(KEY)  # a refresh replaces the cached object
        return {
            "core_wall": [w.replace(tzinfo=core).utcoffset() for w in WALLS],
            "core_utc": [i.astimezone(core).replace(tzinfo=None) for i in INSTANTS],
            "pytz_localize": [tz.localize(w).utcoffset() for w in WALLS],
            "pytz_utc": [tz.normalize(i.astimezone(tz)).replace(tzinfo=None) for i in INSTANTS],
            "du_wall": [w.replace(tzinfo=du).utcoffset() for w in WALLS],
            "du_utc": [i.astimezone(du).replace(tzinfo=None) for i in INSTANTS],
        }

    def read() -> list[str]:
        problems = []
        for name, got in answers().items():
            for i, value in enumerate(got):
                checked[0] += 1
                if value != want[0][name][i] and value != want[1][name][i]:
                    problems.append(f"{name}[{i}]: {value!r}")
        return problems

    path = live.path(KEY)
    good = [zone_old(), zone_new()]
    reports: list[tuple[str, object]] = []

    def write(i: int) -> None:
        state = states[i % len(states)]
        data = good[(i // len(states)) % 2 ^ 1]
        if state == "atomic":
            write_file(live.root, KEY, data)
        elif state == "chunked":
            # A plain (non-atomic) write, refreshed while half of it is on disk.
            with open(path, "wb") as f:
                f.write(data[: len(data) // 2])
                f.flush()
                reports.append((state, tzcompat.refresh()))
                f.write(data[len(data) // 2:])
            reports.append(("atomic", tzcompat.refresh()))
            return
        elif state == "truncated":
            with open(path, "wb") as f:
                f.write(data[:301])
        elif state == "corrupt":
            with open(path, "wb") as f:
                f.write(data[:44] + b"\xff" * (len(data) - 44))
        elif state == "empty":
            open(path, "wb").close()
        elif state == "deleted":
            os.remove(path)
        reports.append((state, tzcompat.refresh()))
        if state != "atomic":
            write_file(live.root, KEY, data)  # repaired before the next state
            reports.append(("atomic", tzcompat.refresh()))

    problems, rounds = race(read, write, readers=3, writes=10 * len(states))
    assert not problems, problems[:10]
    assert rounds >= 10 * len(states) and checked[0] > 1000, (rounds, checked[0])
    # Every bad state was reported by all three layers, and no layer reported it as new data.
    for state, report in reports:
        if state in BAD_STATES:
            assert {KEY, "tzcompat.pytz:" + KEY, "tzcompat.dateutil:" + KEY} <= set(
                report.failed), (state, report)
            assert KEY not in report.adapters.get("tzcompat.dateutil", ()), (state, report)
    # Settled on the last good data: every layer answers from it.
    final = good.index(open(path, "rb").read())
    assert answers() == want[final]
