"""POSIX TZ rules against glibc, which reads the same strings by POSIX's rules with no
Python involved: ``TZ=<rule>``, ``tzset()``, ``localtime(t)`` (in a worker process of its
own, since ``tzset`` is process-wide) against ``tzcompat.ZoneInfo`` on a TZif file with no
transitions whose footer is the rule, so that every instant is answered by the rule.

Covered: ``Jn``, zero-based ``n`` and ``Mm.w.d`` days, default (02:00), negative and past-24 h
transition times (RFC 9636: -167..167 h), negative DST, in leap, common and century years,
hourly over whole years and by the second around each change; fixed strings plus rule strings
drawn by hypothesis.

glibc reads one thing otherwise than POSIX and RFC 9636: it looks only at the two changes of
the instant's own UTC year (``__tz_compute``), so near 1 January a change that falls in the
neighbouring year is not seen, and RFC 9636's ``EST5EDT,0/0,J365/25`` is EST for five hours
every New Year (docs/differences.md). Where posix_reference says that reading differs from
RFC 9636's, glibc is checked against the one-year reading and tzcompat against the RFC one;
everywhere else tzcompat and glibc must agree. Zero mismatches either way.
"""

from __future__ import annotations

import bisect
import io
import json
import os
import platform
import subprocess
import sys
from datetime import datetime

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import tzcompat
from tzcompat._engine import ZoneEngine

from .. import _needs
from ._helpers import utc_dt, year_start_ts
from .posix_reference import Reference
from .tzif_builder import tzstr_file

_EPOCH = datetime(1970, 1, 1)
YEARS = (1999, 2000, 2001, 2004, 2023, 2024, 2037, 2038, 2096, 2100, 2104)

_WORKER = r"""
import ctypes, json, os, sys, time
names = (ctypes.c_char_p * 2).in_dll(ctypes.CDLL(None), "tzname")  # glibc's own parse
for line in sys.stdin:
    request = json.loads(line)
    os.environ["TZ"] = request["tz"]
    time.tzset()
    table, states = {}, []
    for t in request["instants"]:
        lt = time.localtime(t)
        states.append(table.setdefault((lt.tm_gmtoff, lt.tm_isdst, lt.tm_zone), len(table)))
    print(json.dumps({"tzname": [n.decode() for n in names], "table": list(table),
                      "states": states}), flush=True)
"""


class _Glibc:
    """A worker process that answers ``localtime`` for a TZ string and a list of instants."""

    def __init__(self) -> None:
        env = {k: v for k, v in os.environ.items() if k != "TZ"}
        self.proc = subprocess.Popen(
            [sys.executable, "-c", _WORKER], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            text=True, env=env)

    def localtime(self, tz: str, instants: list[int]) -> tuple[list[str], list[tuple]]:
        """glibc's ``tzname`` after ``tzset()``, and (tm_gmtoff, tm_isdst, tm_zone) at each
        instant."""
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(json.dumps({"tz": tz, "instants": instants}) + "\n")
        self.proc.stdin.flush()
        answer = json.loads(self.proc.stdout.readline())
        table = [tuple(s) for s in answer["table"]]
        return answer["tzname"], [table[i] for i in answer["states"]]

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait(timeout=30)


@pytest.fixture(scope="module")
def glibc():
    if platform.system() != "Linux" or platform.libc_ver()[0] != "glibc":
        _needs.not_here("glibc's localtime() (a GNU/Linux system) is the oracle here")
    worker = _Glibc()
    yield worker
    worker.close()


def _instants(ref: Reference, years, hourly: bool, days: int = 3, seconds: int = 90
              ) -> list[int]:
    """Hourly over ``years`` (or only within ``days`` of each change and of 1 January), and
    by the second within ``seconds`` of each change and of the end of the fold it opens."""
    out: set[int] = set()
    for year in years:
        start, stop = year_start_ts(year), year_start_ts(year + 1)
        changes = [t for t, _, _ in ref.changes_between(start - 86400, stop + 86400)]
        if hourly:
            out.update(range(start, stop, 3600))
        else:
            for t in (*changes, start):
                out.update(range(t - t % 3600 - days * 86400, t + days * 86400, 3600))
        shift = abs(ref.dst.offset - ref.std.offset)
        for t in changes:
            for edge in (t, t + shift):
                out.update(range(edge - seconds, edge + seconds + 1))
    return sorted(out)


def _tzcompat_states(tz: str, instants: list[int], cls: type = tzcompat.ZoneInfo,
                     ) -> list[tuple[int, int, str]]:
    """tzcompat's (UTC offset, is_dst, abbreviation) at each instant, from the transitions it
    reports; the offset fromutc applies must be the same."""
    zone = cls.from_file(io.BytesIO(tzstr_file(tz)))
    transitions = list(zone.transitions(instants[0] - 86400, instants[-1] + 1))
    stamps = [tr.timestamp for tr in transitions]
    after = zone.next_transition(instants[0] - 86400)
    out = []
    for t in instants:
        local = datetime.fromtimestamp(t, zone)
        i = bisect.bisect_right(stamps, t)
        if i or after is not None:
            state = transitions[i - 1].after if i else after.before
            offset = int(state.utcoffset.total_seconds())
            is_dst, name = int(state.is_dst), state.tzname
        else:  # a rule whose state never changes (DST all year): no transition to read
            offset = int(local.utcoffset().total_seconds())
            is_dst, name = int(bool(local.dst())), local.tzname()
        wall = local.replace(tzinfo=None)
        assert (wall - _EPOCH).total_seconds() - t == offset, (tz, t, "fromutc")
        out.append((offset, is_dst, name))
    return out


def _check(glibc: _Glibc, tz: str, instants: list[int], cls: type = tzcompat.ZoneInfo,
           ) -> tuple[int, int]:
    """Compare; return (instants compared with glibc, instants where glibc's documented
    one-year reading differs from RFC 9636's)."""
    ref, one_year = Reference(tz), Reference(tz, "glibc")
    tzname, theirs = glibc.localtime(tz, instants)
    # glibc accepted the string (on a string it refuses it falls back to UTC or drops DST).
    assert tzname == [ref.std.name, ref.dst.name], (tz, "glibc refused it", tzname)
    ours = _tzcompat_states(tz, instants, cls)
    mismatches, deviations = [], 0
    for t, o, g in zip(instants, ours, theirs):
        rfc = ref.at(t)[0]
        glibc_reading = one_year.at(t)[0]
        if rfc == glibc_reading:
            if o != g:
                mismatches.append((t, utc_dt(t), "tzcompat", o, "glibc", g))
        else:
            deviations += 1
            expected_ours = (rfc.offset, int(rfc.isdst), rfc.name)
            expected_glibc = (glibc_reading.offset, int(glibc_reading.isdst), glibc_reading.name)
            if o != expected_ours or g != expected_glibc:
                mismatches.append((t, utc_dt(t), "tzcompat", o, "RFC", expected_ours,
                                   "glibc", g, "one-year", expected_glibc))
    assert not mismatches, (tz, len(mismatches), mismatches[:5])
    return len(instants) - deviations, deviations


FIXED = [
    # n: zero-based, 29 February counted (day 59 is 1 March in a common year).
    "AAA0BBB,59/2,300/2",
    "AAA0BBB,58/2,60/2",
    "AAA3BBB,0/0,365/0",
    "AAA-1BBB,300/2,59/2",
    # Jn: 1-based, 29 February never counted (J59 is 28 February, J60 is 1 March).
    "AAA0BBB,J59/2,J300/2",
    "AAA0BBB,J58/12,J59/12",
    "AAA0BBB,J59/12,J60/12",
    "AAA3BBB,J1/0,J365/23",
    "AAA4BBB,J60,J300",
    # Mm.w.d, default and explicit times, week 5, southern, negative DST.
    "EST5EDT,M3.2.0,M11.1.0",
    "CET-1CEST,M3.5.0,M10.5.0/3",
    "AEST-10AEDT,M10.1.0,M4.1.0/3",
    "IST-1GMT0,M10.5.0,M3.5.0/1",
    "AAA5BBB,M2.5.0,M12.5.6",
    "AAA3BBB3,M3.2.0,M11.1.0",
    # Negative and past-24 h times (RFC 9636: -167..167 h), quoted names, seconds.
    "AAA3BBB,M3.2.0/30,M11.1.0/-3",
    "AAA3BBB,M3.2.0/167,M11.1.0/-167",
    "<-03>3<-02>,M3.5.0/-2,M10.5.0/-1",
    "IST-2IDT,M3.4.4/26,M10.5.0",
    "<+0330>-3:30<+0430>,J79/24,J263/24",
    "LMT0:25:21IST-0:34:39,M3.5.0/1,M10.5.0/2",
    "<+13>-13<+14>,M9.5.0/3,M4.1.0/4",
    "AAA3BBB,J60/-167:59:59,J300/167:59:59",
    # RFC 9636's DST all year (glibc: not for five hours each 1 January); DST periods of
    # no length (standard time all year).
    "EST5EDT,0/0,J365/25",
    "AAA0BBB,J100/0,J100/1",
    "AAA0BBB0,J1,J1",
]


# Hourly over every year of YEARS for these; the others hourly within three days of each
# change and of each 1 January (the state changes only at changes), by the second near both.
HOURLY = {"AAA0BBB,59/2,300/2", "AAA0BBB,J59/12,J60/12", "EST5EDT,0/0,J365/25",
          "AAA3BBB,M3.2.0/167,M11.1.0/-167"}


@pytest.mark.parametrize("tz", FIXED)
def test_fixed_rules_hourly_and_by_the_second(glibc, tz):
    instants = _instants(Reference(tz), YEARS, hourly=tz in HOURLY)
    compared, deviations = _check(glibc, tz, instants)
    assert compared + deviations == len(instants) > 11 * (8760 if tz in HOURLY else 100)


def test_glibc_deviates_only_where_documented(glibc):
    """The one-year reading is not a blanket excuse: for RFC 9636's example it covers five
    hours a year, and for the strings whose changes stay well inside their year, none."""
    tz = "EST5EDT,0/0,J365/25"
    ref, one_year = Reference(tz), Reference(tz, "glibc")
    instants = _instants(ref, YEARS, hourly=True)
    differing = [t for t in instants if ref.at(t)[0] != one_year.at(t)[0]]
    assert len(differing) == 5 * len(YEARS)  # 00:00-04:00 UTC on each 1 January
    assert all(utc_dt(t).month == 1 and utc_dt(t).day == 1 and utc_dt(t).hour < 5
               for t in differing)
    for tz in ("AAA0BBB,59/2,300/2", "EST5EDT,M3.2.0,M11.1.0", "AAA3BBB,M3.2.0/167,M11.1.0/-167"):
        ref, one_year = Reference(tz), Reference(tz, "glibc")
        assert all(ref.at(t)[0] == one_year.at(t)[0] for t in _instants(ref, YEARS, True)), tz


# --- drawn rule strings ---------------------------------------------------------------
# At least three characters: POSIX leaves shorter names unspecified and glibc refuses them.
_NAMES = st.sampled_from(["AAA", "XYZ", "<+0330>", "<-03>", "<A1B>"])
_DST_NAMES = st.sampled_from(["BBB", "QQQ", "<+0430>", "<-02>", "<B2C>"])


def _clock(max_hours: int, signed: bool) -> st.SearchStrategy[str]:
    return st.builds(
        lambda sign, h, m, s, form: sign + [f"{h}", f"{h}:{m:02}", f"{h}:{m:02}:{s:02}"][form],
        st.sampled_from(["", "-", "+"] if signed else ["", "+"]),
        st.integers(0, max_hours), st.integers(0, 59), st.integers(0, 59), st.integers(0, 2))


_OFFSET = st.builds(lambda sign, h: f"{sign}{h}", st.sampled_from(["", "-", "+"]),
                    st.one_of(st.integers(0, 14).map(str), _clock(22, False).map(
                        lambda c: c.lstrip("+"))))
_DAY = st.one_of(
    st.builds("M{}.{}.{}".format, st.integers(1, 12), st.integers(1, 5), st.integers(0, 6)),
    st.builds("J{}".format, st.integers(1, 365)),
    st.integers(0, 365).map(str),
    st.sampled_from(["J59", "J60", "58", "59", "60", "0", "365", "J1", "J365"]),
)
_RULE = st.builds(lambda day, time: day + time, _DAY,
                  st.one_of(st.just(""), _clock(167, True).map("/{}".format)))
_RULE_STRINGS = st.builds(
    lambda std, off, dst, dstoff, start, end: f"{std}{off}{dst}{dstoff},{start},{end}",
    _NAMES, _OFFSET, _DST_NAMES, st.one_of(st.just(""), _OFFSET), _RULE, _RULE)


@settings(max_examples=max(10, settings.default.max_examples // 3))
@given(tz=_RULE_STRINGS, years=st.lists(st.sampled_from(YEARS), min_size=1, max_size=2,
                                         unique=True))
@example(tz="AAA0BBB,59/2,300/2", years=[2023, 2024])
@example(tz="AAA0BBB,J365/-167,J1/167", years=[2100, 2104])
@example(tz="<+0330>-3:30<-03>3:00:01,M3.5.0/-167,J88/+4:05:06", years=[2096])
def test_drawn_rules_against_glibc(glibc, tz, years):
    # The adapters' engine: the same answers as ZoneInfo (one class gives both), without
    # building a stdlib part, which for a rule the stdlib reads otherwise than POSIX takes
    # the rule's transitions through year 9999 (the fixed strings above cover ZoneInfo).
    _check(glibc, tz, _instants(Reference(tz), years, hourly=False, days=2, seconds=30),
           ZoneEngine)

