"""``tzrange``: a zone with one DST period a year, and the yearly rule it uses.

dateutil describes DST start and end as ``relativedelta`` objects added to January 1
of each year. ``_YearRule`` is a small immutable equivalent for the rules this
package builds itself (``tzrange`` defaults, ``tzstr``): it computes the same
datetimes by the same steps (so the same quirks and the same exceptions), caches
them per year, and compares equal to the equivalent ``relativedelta``. User-supplied
``start``/``end`` objects are used as given.
"""

from __future__ import annotations

from datetime import date, datetime, timedelta

from .._calendar import is_leap
from . import _peer
from ._base import ZERO, tzrangebase

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = ["tzrange"]

_WEEKDAY_NAMES = ("MO", "TU", "WE", "TH", "FR", "SA", "SU")
# Cumulative days at the end of each month of a common year, except that the last
# entry is 366 so that year day 366 maps to "December 32" (clamped to the 31st).
_YDAY_MONTH_ENDS = (31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334, 366)


class _Weekday:
    """The n-th occurrence of a weekday (0 = Monday), like dateutil's ``weekday``."""

    __slots__ = ("n", "weekday")

    def __init__(self, weekday: int, n: int | None = None) -> None:
        self.weekday = weekday
        self.n = n

    def __eq__(self, other: object) -> bool:
        theirs: Any = other  # duck-typed: any weekday object
        try:
            return bool(self.weekday == theirs.weekday and self.n == theirs.n)
        except AttributeError:
            return False

    def __hash__(self) -> int:
        return hash((self.weekday, self.n))

    def __reduce__(self) -> tuple[Any, ...]:
        return (_Weekday, (self.weekday, self.n))

    def __repr__(self) -> str:
        name = _WEEKDAY_NAMES[self.weekday]
        return f"{name}({self.n:+d})" if self.n else name


_MONTH_DAYS = (0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)


def _month_days(year: int, month: int) -> int:
    if not 1 <= month <= 12:
        # calendar.monthrange's own exception (IllegalMonthError), as relativedelta raises.
        import calendar

        return calendar.monthrange(year, month)[1]
    return 29 if month == 2 and is_leap(year) else _MONTH_DAYS[month]


def _split_seconds(total: int) -> tuple[int, int, int, int]:
    """(days, hours, minutes, seconds), each carrying the sign, as relativedelta stores them."""
    sign = -1 if total < 0 else 1
    minutes, seconds = divmod(abs(total), 60)
    hours, minutes = divmod(minutes, 60)
    days, hours = divmod(hours, 24)
    return days * sign, hours * sign, minutes * sign, seconds * sign


class _YearRule:
    """An absolute month/day/weekday plus a relative number of seconds.

    Adding it to a datetime gives what adding ``relativedelta(month=..., day=...,
    weekday=..., yearday=..., nlyearday=..., seconds=...)`` gives.
    """

    __slots__ = ("_by_year", "_fields", "day", "leapdays", "month", "seconds", "weekday")

    def __init__(
        self,
        month: int | None = None,
        day: int | None = None,
        weekday: _Weekday | None = None,
        yearday: int | None = None,
        nlyearday: int | None = None,
        seconds: int = 0,
    ) -> None:
        self.month = month
        self.day = day
        self.weekday = weekday
        self.seconds = seconds
        self.leapdays = 0
        yday = 0
        if nlyearday:
            yday = nlyearday
        elif yearday:
            yday = yearday
            # Days after February count as common-year days and step back over
            # February 29 in leap years; 366 is clamped to December 31 instead.
            if 59 < yearday < 366:
                self.leapdays = -1
        if yday:
            for idx, end in enumerate(_YDAY_MONTH_ENDS):
                if yday <= end:
                    self.month = idx + 1
                    self.day = yday if idx == 0 else yday - _YDAY_MONTH_ENDS[idx - 1]
                    break
            else:
                raise ValueError(f"invalid year day ({yday:d})")
        self._fields = (self.month, self.day, self.weekday, self.leapdays, seconds)
        self._by_year: dict[int, datetime] = {}

    def at_year(self, year: int) -> datetime:
        """The rule applied to January 1 of ``year`` (cached)."""
        hit = self._by_year.get(year)
        if hit is None:
            hit = self._apply(datetime(year, 1, 1))
            self._by_year[year] = hit
        return hit

    def _apply(self, other: datetime) -> datetime:
        year = other.year
        month = self.month or other.month
        day = min(_month_days(year, month), self.day or other.day)
        days = 0
        if self.leapdays and month > 2 and is_leap(year):
            days = self.leapdays
        ret = other.replace(year=year, month=month, day=day) + timedelta(
            days=days, seconds=self.seconds
        )
        if self.weekday is not None:
            wd = self.weekday.weekday
            nth = self.weekday.n or 1
            jump = (abs(nth) - 1) * 7
            if nth > 0:
                jump += (7 - ret.weekday() + wd) % 7
            else:
                jump = -(jump + (ret.weekday() - wd) % 7)
            ret += timedelta(days=jump)
        return ret

    def __radd__(self, other: Any) -> Any:
        if isinstance(other, datetime):
            return self._apply(other)
        if isinstance(other, date):
            if self.seconds:
                return self._apply(datetime.fromordinal(other.toordinal()))
            return self._apply(datetime.fromordinal(other.toordinal())).date()
        return NotImplemented

    def __bool__(self) -> bool:
        return bool(
            self.seconds
            or self.leapdays
            or self.month is not None
            or self.day is not None
            or self.weekday is not None
        )

    def __eq__(self, other: object) -> bool:
        if isinstance(other, _YearRule):
            return self._same_as(
                other.weekday, (0, 0, *_split_seconds(other.seconds), 0, other.leapdays),
                (None, other.month, other.day, None, None, None, None),
            )
        rd: Any = other  # duck-typed: dateutil's relativedelta
        try:
            relative = (
                rd.years, rd.months, rd.days, rd.hours, rd.minutes, rd.seconds, rd.microseconds,
                rd.leapdays,
            )
            absolute = (
                rd.year, rd.month, rd.day, rd.hour, rd.minute, rd.second, rd.microsecond,
            )
            weekday = rd.weekday
        except AttributeError:
            return NotImplemented
        return self._same_as(weekday, relative, absolute)

    def _same_as(self, weekday: Any, relative: tuple[Any, ...], absolute: tuple[Any, ...]) -> bool:
        # relativedelta's equality: weekdays match when both n are "first" (None/0/1).
        if self.weekday or weekday:
            if not self.weekday or not weekday:
                return False
            if self.weekday.weekday != weekday.weekday:
                return False
            n1, n2 = self.weekday.n, weekday.n
            if n1 != n2 and not (n1 in (None, 0, 1) and n2 in (None, 0, 1)):
                return False
        mine_rel = (0, 0, *_split_seconds(self.seconds), 0, self.leapdays)
        mine_abs = (None, self.month, self.day, None, None, None, None)
        return mine_rel == relative and mine_abs == absolute

    def __hash__(self) -> int:
        return hash(self._fields)

    def __reduce__(self) -> tuple[Any, ...]:
        # The per-year cache is not state.
        return (_rule_from_fields, self._fields)

    def __repr__(self) -> str:
        parts = []
        for name in ("month", "day", "weekday"):
            value = getattr(self, name)
            if value is not None:
                parts.append(f"{name}={value!r}")
        if self.leapdays:
            parts.append(f"leapdays={self.leapdays:+d}")
        if self.seconds:
            parts.append(f"seconds={self.seconds:+d}")
        return f"_YearRule({', '.join(parts)})"


def _rule_from_fields(
    month: int | None, day: int | None, weekday: _Weekday | None, leapdays: int, seconds: int
) -> _YearRule:
    rule = _YearRule(month=month, day=day, weekday=weekday, seconds=seconds)
    rule.leapdays = leapdays
    rule._fields = (month, day, weekday, leapdays, seconds)
    return rule


#: dateutil's defaults: DST from 02:00 on the first Sunday of April to 01:00
#: standard time on the last Sunday of October (the US rules before 2007).
_DEFAULT_START = _YearRule(month=4, day=1, weekday=_Weekday(6, +1), seconds=7200)
_DEFAULT_END = _YearRule(month=10, day=31, weekday=_Weekday(6, -1), seconds=3600)


def _as_seconds(value: Any) -> Any:
    if value is None or type(value) is int or type(value) is float:
        return value  # the common cases, without the cost of a caught AttributeError
    try:
        return value.total_seconds()
    except (TypeError, AttributeError):
        return value


@_peer.hide_real_only
# Bases picked at import (the real library's, when installed)
class tzrange(*_peer.bases((tzrangebase,), "tzrange")):  # type: ignore[misc]
    """A zone given by offsets, abbreviations and DST start/end rules.

    ``start``/``end`` are ``relativedelta``-like objects added to January 1 of each
    year (``end`` in standard time). With a DST abbreviation and no rules, DST runs
    from the first Sunday of April, 02:00, to the last Sunday of October, 01:00
    standard time; ``dstoffset`` defaults to the standard offset plus one hour.
    """

    def __init__(
        self,
        stdabbr: str | None,
        stdoffset: float | timedelta | None = None,
        dstabbr: str | None = None,
        dstoffset: float | timedelta | None = None,
        start: Any = None,
        end: Any = None,
    ) -> None:
        self._std_abbr = stdabbr
        self._dst_abbr = dstabbr
        # Seconds, or what was given when it is not a number (timedelta() then raises).
        std_seconds = _as_seconds(stdoffset)
        dst_seconds = _as_seconds(dstoffset)
        self._std_offset = timedelta(seconds=std_seconds) if std_seconds is not None else ZERO
        if dst_seconds is not None:
            self._dst_offset = timedelta(seconds=dst_seconds)
        elif dstabbr and std_seconds is not None:
            self._dst_offset = self._std_offset + timedelta(hours=1)
        else:
            self._dst_offset = ZERO
        self._start_delta = _DEFAULT_START if dstabbr and start is None else start
        self._end_delta = _DEFAULT_END if dstabbr and end is None else end
        self._dst_base_offset_ = self._dst_offset - self._std_offset
        self.hasdst = bool(self._start_delta)
        self._tcache: dict[int, tuple[Any, Any, tuple[datetime, datetime]]] = {}
        self._ucache: dict[int, tuple[Any, datetime, datetime]] = {}  # for fromutc

    def transitions(self, year: int) -> tuple[datetime, datetime] | None:
        """DST (start, end) of ``year`` as naive standard times, or None without DST."""
        if not self.hasdst:
            return None
        start, end = self._start_delta, self._end_delta
        hit = self._tcache.get(year)
        if hit is not None and hit[0] is start and hit[1] is end:
            return hit[2]
        if type(start) is _YearRule and type(end) is _YearRule:
            result = (start.at_year(year), end.at_year(year))
            self._tcache[year] = (start, end, result)
            return result
        base = datetime(year, 1, 1)
        return (base + start, base + end)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, tzrange):
            return NotImplemented
        return (
            self._std_abbr == other._std_abbr
            and self._dst_abbr == other._dst_abbr
            and self._std_offset == other._std_offset
            and self._dst_offset == other._dst_offset
            and self._start_delta == other._start_delta
            and self._end_delta == other._end_delta
        )

    __hash__ = None  # type: ignore[assignment]  # unhashable, as the original

    @property
    def _dst_base_offset(self) -> timedelta:
        return self._dst_base_offset_

    def __getstate__(self) -> dict[str, Any]:
        state = dict(self.__dict__)
        state.pop("_tcache", None)
        state.pop("_ucache", None)
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._tcache = {}
        self._ucache = {}
