"""POSIX TZ rules stated independently of tzcompat, for the tests (nothing here imports it).

Written from POSIX.1-2017 XBD 8.3 and RFC 9636 section 3.3.1 with ``datetime.date`` and
``calendar``: ``Jn`` (1..365) never counts 29 February, ``n`` (0..365) is zero-based and counts
it, ``Mm.w.d`` is weekday ``d`` of week ``w`` (5 = last) of month ``m``, the time defaults to
02:00 and may range over -167..167 hours.

Two readings of a rule, which differ only where a change falls near (or in) a neighbouring
year, or where the two changes swap order from one year to the next:

* ``"rfc"``: the state at an instant is the one set by the latest change of any year, so
  RFC 9636's ``EST5EDT,0/0,J365/25`` is DST all year. This is tzcompat's reading.
* ``"one_year"``: only the two changes of the instant's own year count (its UTC year for an
  instant, its local year for a wall time), as the stdlib's ``_TZStr`` reads rules; a start
  and an end at the same instant give DST all year there.
* ``"glibc"``: the same for instants as glibc's ``__tz_compute`` reads them; a start and an
  end at the same instant give standard time all year there (as POSIX and tzcompat: a DST
  period of no length).

Day conventions: ``"posix"`` (tzcompat, glibc), or the stdlib's (``stdlib_days(version)``):
every version so far takes ``n`` one day early (day 0 is 31 December of the year before),
and before 3.14 ``J59`` is 29 February in a leap year (3.14 fixed it, gh-127571).

:func:`stdlib_difference` is the one predicate the differential tests use to leave out of a
comparison with the stdlib exactly the cases docs/differences.md lists (and to check those
against this module's POSIX answer instead).
"""

from __future__ import annotations

import bisect
import calendar
import functools
import re
import sys
from dataclasses import dataclass
from datetime import date, datetime, timedelta

EPOCH_ORDINAL = date(1970, 1, 1).toordinal()

_NAME = r"(?:[A-Za-z]+|<[A-Za-z0-9+-]+>)"
_HMS = r"[+-]?\d{1,3}(?::\d{2}(?::\d{2})?)?"
_TZ = re.compile(
    rf"(?P<std>{_NAME})(?P<stdoff>{_HMS})(?:(?P<dst>{_NAME})(?P<dstoff>{_HMS})?"
    r",(?P<start>[^,]+),(?P<end>[^,]+))?",
    re.ASCII,
)
_RULE = re.compile(
    r"(?:M(?P<m>\d{1,2})\.(?P<w>\d)\.(?P<d>\d)|J(?P<j>\d{1,3})|(?P<n>\d{1,3}))"
    rf"(?:/(?P<time>{_HMS}))?",
    re.ASCII,
)


def _seconds(text: str) -> int:
    sign = -1 if text.startswith("-") else 1
    parts = [int(p) for p in text.lstrip("+-").split(":")] + [0, 0]
    return sign * (parts[0] * 3600 + parts[1] * 60 + parts[2])


@dataclass(frozen=True)
class Rule:
    kind: str  # "M", "J" or "n"
    m: int = 0
    w: int = 0
    d: int = 0
    n: int = 0
    time: int = 7200

    def day(self, year: int, days: str) -> int:
        """The rule's day in ``year`` as days since 1970-01-01 (``days``: a convention)."""
        jan1 = _month_start(year, 1)
        leap = calendar.isleap(year)
        if self.kind == "J":
            if days == "stdlib<3.14":
                return jan1 + self.n - 1 + (self.n >= 59 and leap)
            return jan1 + self.n - 1 + (self.n >= 60 and leap)
        if self.kind == "n":
            return jan1 + self.n - (days != "posix")
        first = _month_start(year, self.m)
        length = _month_start(year + (self.m == 12), self.m % 12 + 1) - first
        mday = (self.d - (first + 4)) % 7 + 7 * (self.w - 1)  # 1970-01-01 was a Thursday
        while mday >= length:
            mday -= 7
        return first + mday


def _month_start(year: int, month: int) -> int:
    """Days from 1970-01-01 to the first of ``month`` in any (proleptic Gregorian) year;
    ``date`` stops at years 1 and 9999, so others are moved by 400-year cycles of 146097
    days."""
    cycles = 0
    if year < 1:
        cycles = (1 - year) // 400 + 1
    elif year > 9999:
        cycles = -((year - 9999) // 400 + 1)
    return date(year + 400 * cycles, month, 1).toordinal() - EPOCH_ORDINAL - 146097 * cycles


def _rule(text: str) -> Rule:
    m = _RULE.fullmatch(text)
    assert m is not None, text
    time = 7200 if m["time"] is None else _seconds(m["time"])
    if m["m"]:
        return Rule("M", int(m["m"]), int(m["w"]), int(m["d"]), time=time)
    if m["j"]:
        return Rule("J", n=int(m["j"]), time=time)
    return Rule("n", n=int(m["n"]), time=time)


@dataclass(frozen=True)
class State:
    offset: int  # seconds east of UTC
    dst: int  # what dst() gives: the DST amount in DST, 0 in standard time
    name: str
    isdst: bool


class Reference:
    """The answers of a POSIX TZ string with rules, under a reading and a day convention."""

    def __init__(self, tzstr: str, reading: str = "rfc", days: str = "posix") -> None:
        m = _TZ.fullmatch(tzstr)
        assert m is not None and m["start"], tzstr
        std_off = -_seconds(m["stdoff"])
        dst_off = std_off + 3600 if m["dstoff"] is None else -_seconds(m["dstoff"])
        self.std = State(std_off, 0, m["std"].strip("<>"), False)
        self.dst = State(dst_off, dst_off - std_off, m["dst"].strip("<>"), True)
        self.start, self.end = _rule(m["start"]), _rule(m["end"])
        self.reading, self.days = reading, days
        self._cache: dict[int, tuple[list[int], list[State]]] = {}
        self._changes: dict[int, tuple[int, int]] = {}

    def changes(self, year: int) -> tuple[int, int]:
        """UTC instants of ``year``'s DST start and end."""
        hit = self._changes.get(year)
        if hit is not None:
            return hit
        s = self.start.day(year, self.days) * 86400 + self.start.time - self.std.offset
        e = self.end.day(year, self.days) * 86400 + self.end.time - self.dst.offset
        hit = self._changes[year] = (s, e)
        return hit

    # --- instants ---------------------------------------------------------------------
    def _rfc_year(self, year: int) -> tuple[list[int], list[State]]:
        """The changes from the start of ``year - 1`` to the end of ``year + 1``:
        (instants, states), ``states[i]`` in force from ``instants[i - 1]`` on."""
        hit = self._cache.get(year)
        if hit is None:
            marks = []
            for y in range(year - 3, year + 4):
                s, e = self.changes(y)
                # A DST period is [start, end) of its year: empty when the two coincide; at
                # one instant the end of one year's period and the start of the next year's
                # join up (RFC 9636's "DST all year").
                marks += [(s, y, 0, True), (e, y, 1, False)]
            marks.sort()
            instants: list[int] = []
            states = [self.std if marks[0][3] else self.dst]
            for i, (t, _, _, kind) in enumerate(marks):
                new = self.dst if kind else self.std
                if (i + 1 == len(marks) or marks[i + 1][0] != t) and new != states[-1]:
                    instants.append(t)
                    states.append(new)
            lo = bisect.bisect_right(instants, _month_start(year - 1, 1) * 86400)
            hi = bisect.bisect_right(instants, _month_start(year + 2, 1) * 86400)
            hit = self._cache[year] = (instants[lo:hi], states[lo:hi + 1])
        return hit

    def at(self, ts: int) -> tuple[State, bool]:
        """The state at UTC instant ``ts`` and whether its wall time is the second of two."""
        year = _year_of(ts)
        if self.reading == "glibc":
            s, e = self.changes(year)
            isdst = s <= ts < e if s <= e else not e <= ts < s
            return (self.dst if isdst else self.std), False
        if self.reading == "one_year":
            s, e = self.changes(year)
            isdst = s <= ts < e if s < e else not e <= ts < s
            diff = self.dst.offset - self.std.offset
            fold = e <= ts < e + diff if diff > 0 else s <= ts < s - diff
            return (self.dst if isdst else self.std), fold
        instants, states = self._rfc_year(year)
        i = bisect.bisect_right(instants, ts)
        if not i:
            return states[0], False
        shift = states[i - 1].offset - states[i].offset
        return states[i], 0 < shift and ts - instants[i - 1] < shift

    def changes_between(self, lo: int, hi: int) -> list[tuple[int, State, State]]:
        """(instant, before, after) of every change of state with ``lo <= instant < hi``."""
        out = []
        for year in range(_year_of(lo), _year_of(hi) + 1):
            instants, states = self._rfc_year(year)
            start, stop = _month_start(year, 1) * 86400, _month_start(year + 1, 1) * 86400
            for i, t in enumerate(instants):
                if start <= t < stop and lo <= t < hi:
                    out.append((t, states[i], states[i + 1]))
        return out

    # --- wall times --------------------------------------------------------------------
    def wall(self, naive: datetime, fold: int) -> State:
        """The state a wall time gets for ``fold`` (PEP 495: in a repeated hour fold=0 is
        the first, in a skipped one fold=0 keeps the offset from before the gap)."""
        local = _local_seconds(naive)
        if self.reading == "one_year":
            s, e = self.changes(naive.year)
            s, e = s + self.std.offset, e + self.dst.offset
            diff = self.dst.offset - self.std.offset
            if fold == (diff >= 0):
                e -= diff
            else:
                s += diff
            isdst = s <= local < e if s < e else not e <= local < s
            return self.dst if isdst else self.std
        ok = [st for st in (self.std, self.dst) if self.at(local - st.offset)[0] == st]
        if len(ok) == 1:
            return ok[0]
        smaller, larger = sorted((self.std, self.dst), key=lambda st: st.offset)
        if ok:  # repeated
            return larger if fold == 0 else smaller
        return smaller if fold == 0 else larger  # skipped


_FIRST_YEAR = -1000
_YEAR_STARTS = [_month_start(y, 1) for y in range(_FIRST_YEAR, 11001)]


def _year_of(ts: int) -> int:
    """The (UTC) year of an instant, for years -1000..11000 (past datetime's range too)."""
    i = bisect.bisect_right(_YEAR_STARTS, ts // 86400) - 1
    assert 0 <= i < len(_YEAR_STARTS) - 1, ts
    return _FIRST_YEAR + i


def stdlib_days(version: tuple[int, int] | None = None) -> str:
    """The running (or given) Python's stdlib day convention."""
    return "stdlib<3.14" if (version or sys.version_info[:2]) < (3, 14) else "stdlib"


def has_rules(footer: str | None) -> bool:
    return bool(footer) and "," in footer  # type: ignore[operator]


class StdlibDifference:
    """Where the stdlib's answers for a footer rule differ from POSIX's (the cases
    docs/differences.md lists): ``n`` rules (every version), ``J59`` in leap years (before
    3.14), changes that fall near or in a neighbouring year, or swap order, where the
    stdlib reads one year's changes only, and a DST period of no length (a start and an end
    at one instant), which the stdlib reads as DST all year. ``after``: the instant from
    which the rule governs (the file's last transition)."""

    def __init__(self, footer: str, after: int | None = None,
                 version: tuple[int, int] | None = None) -> None:
        self.posix = Reference(footer)
        self.stdlib = Reference(footer, "one_year", stdlib_days(version))
        self.after = after

    def _governs(self, ts: int) -> bool:
        return self.after is None or ts > self.after + 3 * 86400

    def _utc_only(self, ts: int) -> bool:
        return _key(*self.posix.at(ts)) != _key(*self.stdlib.at(ts))

    def _wall_only(self, naive: datetime) -> bool:
        return any(self.posix.wall(naive, fold) != self.stdlib.wall(naive, fold)
                   for fold in (0, 1))

    def utc(self, ts: int) -> bool:
        """Whether the stdlib answers the UTC instant ``ts`` (or the wall time it converts
        to) otherwise than POSIX."""
        if not self._governs(ts):
            return False
        if self._utc_only(ts):
            return True
        wall = _naive(ts + self.posix.at(ts)[0].offset)
        return wall is not None and self._wall_only(wall)

    def wall(self, naive: datetime) -> bool:
        """Whether the stdlib answers the wall time (either fold), or the instants it
        converts to, otherwise than POSIX."""
        local = _local_seconds(naive)
        if not self._governs(local - 2 * 86400):
            return False
        if self._wall_only(naive):
            return True
        return any(self._utc_only(local - self.posix.wall(naive, fold).offset)
                   for fold in (0, 1))


def _key(state: State, fold: bool) -> tuple[int, int, str, bool]:
    return state.offset, state.dst, state.name, fold


def _local_seconds(naive: datetime) -> int:
    return ((naive.toordinal() - EPOCH_ORDINAL) * 86400 + naive.hour * 3600
            + naive.minute * 60 + naive.second)


def _naive(local: int) -> datetime | None:
    try:
        return datetime(1970, 1, 1) + timedelta(seconds=local)
    except OverflowError:
        return None


@functools.lru_cache(maxsize=1024)
def stdlib_difference(footer: str | None, after: int | None = None) -> StdlibDifference | None:
    """The predicate for a zone whose footer is ``footer`` (None when the footer has no
    rules, or one the stdlib reads as POSIX does in every year: most zones)."""
    if not has_rules(footer):
        return None
    diff = StdlibDifference(footer, after)  # type: ignore[arg-type]
    return diff if _may_differ(diff) else None


def _may_differ(diff: StdlibDifference) -> bool:
    """False when the two readings agree on every instant and wall time: the same changes
    in every year of a 400-year cycle (after which the calendar repeats), each at least
    three days inside its year, in the same order every year."""
    order = None
    for year in range(2000, 2401):
        changes = diff.posix.changes(year)
        if changes != diff.stdlib.changes(year) or changes[0] == changes[1]:
            return True  # other days, or a DST period of no length (DST all year there)
        lo, hi = _month_start(year, 1) * 86400, _month_start(year + 1, 1) * 86400
        if not all(lo + 3 * 86400 <= c < hi - 3 * 86400 for c in changes):
            return True
        if order is not None and order != (changes[0] < changes[1]):
            return True
        order = changes[0] < changes[1]
    return False


def offset_seconds(td: timedelta | None) -> int | None:
    return None if td is None else td.days * 86400 + td.seconds
