"""The POSIX TZ string in a TZif footer, as dateutil 4's ``tzfile`` reads it.

This is RFC 9636's grammar (``<...>`` names, ``Jn``/``n``/``Mm.w.d`` rules, rule
times from -167 to 167 hours) with dateutil's limits and messages (offset hours at
most 24), and dateutil's answers for local times: within ten days of a new year,
where the neighbouring years' rules can matter, a local time is resolved in UTC;
elsewhere by the year's own two transitions.
"""

from __future__ import annotations

from datetime import MAXYEAR, MINYEAR, datetime, timedelta

from .._calendar import days_before_month, days_before_year, is_leap
from .._memo import timedelta_of
from . import _peer

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = ["_TZStr", "_parse_tz_str", "_ttinfo"]

_EPOCH = datetime(1970, 1, 1)

# A rule may name a time up to 167 hours past its day, and local time is within a
# day of UTC, so only times this close to a new year can see the neighbouring
# years' rules.
_NEW_YEAR_MARGIN = 10 * 86400


class _LazyPattern:
    """A regular expression compiled on first use: importing ``re`` costs milliseconds,
    and a process may never parse a TZ string. A method, once looked up, is kept as an
    instance attribute, so later calls cost what the compiled pattern's do."""

    def __init__(self, source: str) -> None:
        self._source = source

    def __getattr__(self, name: str) -> Any:  # the compiled pattern's methods
        if name.startswith("__"):
            raise AttributeError(name)
        import re

        value = getattr(re.compile(self._source), name)
        setattr(self, name, value)
        return value


_REAL_TTINFO = _peer.real_class("_ttinfo", "_tzfile")


@_peer.hide_real_only
class _ttinfo(*_peer.bases((object,), "_ttinfo", "_tzfile")):  # type: ignore[misc]
    """One local time type: UTC offset, DST offset and abbreviation.

    With real dateutil installed it also derives from its ``_ttinfo`` (whose slots it then
    uses), so that real dateutil's ``tzfile.__eq__`` accepts the adapter's tables.
    """

    __slots__ = () if _REAL_TTINFO is not None else ("dstoff", "tzname", "utcoff")

    def __init__(self, utcoff: timedelta | None, dstoff: timedelta | None, tzname: str | None):
        self.utcoff = utcoff
        self.dstoff = dstoff
        self.tzname = tzname

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, _ttinfo):
            return NotImplemented
        return (
            self.utcoff == other.utcoff
            and self.dstoff == other.dstoff
            and self.tzname == other.tzname
        )

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:  # pragma: no cover - debugging aid
        return f"_ttinfo({self.utcoff}, {self.dstoff}, {self.tzname})"


_NO_TTINFO = _ttinfo(None, None, None)


class _DayOffset:
    """``n`` (0-based, counting February 29) or ``Jn`` (1-based, never counting it)."""

    __slots__ = ("d", "hour", "julian", "minute", "second")

    def __init__(self, d: int, julian: bool, hour: int = 2, minute: int = 0, second: int = 0):
        low = int(julian)
        if not low <= d <= 365:
            raise ValueError(f"d must be in [{low}, 365], not: {d}")
        self.d = d
        self.julian = julian
        self.hour = hour
        self.minute = minute
        self.second = second

    def year_to_epoch(self, year: int) -> int:
        day = self.d
        if self.julian:
            day -= 1
            if day >= 59 and is_leap(year):
                day += 1  # Jn skips February 29, so from March on it is a day later
        return (days_before_year(year) + day) * 86400 + (
            self.hour * 3600 + self.minute * 60 + self.second
        )


class _CalendarOffset:
    """``Mm.w.d``: weekday ``d`` (0 = Sunday) of week ``w`` (5 = last) of month ``m``."""

    __slots__ = ("d", "hour", "m", "minute", "second", "w")

    def __init__(self, m: int, w: int, d: int, hour: int = 2, minute: int = 0, second: int = 0):
        if not 1 <= m <= 12:
            raise ValueError("m must be in [1, 12]")
        if not 1 <= w <= 5:
            raise ValueError("w must be in [1, 5]")
        if not 0 <= d <= 6:
            raise ValueError("d must be in [0, 6]")
        self.m = m
        self.w = w
        self.d = d
        self.hour = hour
        self.minute = minute
        self.second = second

    def year_to_epoch(self, year: int) -> int:
        # Ordinals, not datetime.date: years 0 and 10000 matter at the range ends.
        first = days_before_month(year, self.m)
        nxt = days_before_month(year + 1, 1) if self.m == 12 else days_before_month(
            year, self.m + 1
        )
        # 1970-01-01 was a Thursday (POSIX weekday 4).
        first_weekday = (first + 4) % 7
        mday = (self.d - first_weekday) % 7 + 1 + (self.w - 1) * 7
        if mday > nxt - first:
            mday -= 7  # week 5 means the last such weekday
        return (first + mday - 1) * 86400 + self.hour * 3600 + self.minute * 60 + self.second


_NAME = r"(?:[a-zA-Z]+|<[a-zA-Z0-9+-]+>)"
_OFFSET = r"[+-]?\d{1,3}(?::\d{2}(?::\d{2})?)?"
_ZONE_RE = _LazyPattern(
    rf"(?a)(?P<std>{_NAME})(?:(?P<stdoff>{_OFFSET})(?:(?P<dst>{_NAME})(?P<dstoff>{_OFFSET})?)?)?"
)
_HMS_RE = _LazyPattern(r"(?a)([+-])?(\d{1,3})(?::(\d{2})(?::(\d{2}))?)?")
_MONTH_RULE_RE = _LazyPattern(r"(?a)M(\d{1,2})\.(\d)\.(\d)")
_DAY_RULE_RE = _LazyPattern(r"(?a)\d{1,3}")


def _hms(text: str) -> tuple[str | None, int, int, int] | None:
    m = _HMS_RE.fullmatch(text)
    if m is None:
        return None
    sign, h, mi, s = m.groups()
    return sign, int(h), int(mi or 0), int(s or 0)


def _utc_offset(text: str) -> int:
    """A POSIX offset (``+5`` is five hours *west*) as seconds east of UTC."""
    sign, h, mi, s = _hms(text)  # type: ignore[misc]  # the zone regex matched it already
    if h > 24:
        raise ValueError(f"Offset hours must be in [0, 24]: {text}")
    total = h * 3600 + mi * 60 + s
    return total if sign == "-" else -total


def _rule(text: str) -> _DayOffset | _CalendarOffset:
    date, *time = text.split("/", 1)
    rule: _DayOffset | _CalendarOffset
    if date[:1] == "M":
        m = _MONTH_RULE_RE.fullmatch(date)
        if m is None:
            raise ValueError(f"Invalid dst start/end date: {text}")
        rule = _CalendarOffset(*map(int, m.groups()))
    else:
        julian = date[:1] == "J"
        digits = date[1:] if julian else date
        if _DAY_RULE_RE.fullmatch(digits) is None:
            raise ValueError(f"Invalid dst start/end date: {text}")
        rule = _DayOffset(int(digits), julian)
    if time:
        parsed = _hms(time[0])
        if parsed is None:
            raise ValueError(f"Invalid time: {time[0]}")
        sign, h, mi, s = parsed
        if h > 167:
            raise ValueError(f"Hour must be in [0, 167]: {time[0]}")
        if sign == "-":
            h, mi, s = -h, -mi, -s
        rule.hour, rule.minute, rule.second = h, mi, s
    return rule


def _parse_tz_str(tz_str: str) -> _TZStr | _ttinfo:
    """A footer string as a rule (``_TZStr``) or, without DST, a fixed ``_ttinfo``."""
    zone_part, *rules = tz_str.split(",", 1)
    m = _ZONE_RE.fullmatch(zone_part)
    if m is None:
        raise ValueError(f"{tz_str} is not a valid TZ string")
    std_abbr = m.group("std").strip("<>")
    dst_abbr = m.group("dst")
    if not m.group("stdoff"):
        raise ValueError(f"Invalid STD offset in {tz_str}")
    try:
        std_offset = _utc_offset(m.group("stdoff"))
    except ValueError:
        raise ValueError(f"Invalid STD offset in {tz_str}") from None
    if dst_abbr is None:
        if rules:
            raise ValueError(f"Transition rule present without DST: {tz_str}")
        return _ttinfo(timedelta_of(std_offset), timedelta_of(0), std_abbr)
    dst_abbr = dst_abbr.strip("<>")
    if m.group("dstoff"):
        try:
            dst_offset = _utc_offset(m.group("dstoff"))
        except ValueError:
            raise ValueError(f"Invalid DST offset in {tz_str}") from None
    else:
        dst_offset = std_offset + 3600
    if not rules:
        raise ValueError(f"Missing transition rules: {tz_str}")
    parts = rules[0].split(",", 1)
    try:
        if len(parts) != 2:
            raise ValueError
        start, end = _rule(parts[0]), _rule(parts[1])
    except ValueError:
        raise ValueError(f"Invalid TZ string: {tz_str}") from None
    return _TZStr(std_abbr, std_offset, dst_abbr, dst_offset, start, end)


class _TZStr:
    """A footer rule with DST: ``std``/``dst`` ttinfos and the yearly transitions."""

    __slots__ = (
        "_by_year", "dst", "dst_diff", "end", "get_trans_info", "get_trans_info_fromutc",
        "start", "std",
    )

    def __init__(
        self,
        std_abbr: str,
        std_offset: int,
        dst_abbr: str,
        dst_offset: int,
        start: _DayOffset | _CalendarOffset,
        end: _DayOffset | _CalendarOffset,
    ) -> None:
        self.dst_diff = dst_offset - std_offset
        self.std = _ttinfo(timedelta_of(std_offset), timedelta_of(0), std_abbr)
        self.dst = _ttinfo(timedelta_of(dst_offset), timedelta_of(self.dst_diff), dst_abbr)
        self.start = start
        self.end = end
        self._by_year: dict[int, tuple[int, int]] = {}
        # Attributes as in dateutil, which some callers use directly.
        self.get_trans_info = self._get_trans_info
        self.get_trans_info_fromutc = self._get_trans_info_fromutc

    def transitions(self, year: int) -> tuple[int, int]:
        """DST start and end of ``year`` as local seconds since 1970 (before the change)."""
        hit = self._by_year.get(year)
        if hit is None:
            hit = (self.start.year_to_epoch(year), self.end.year_to_epoch(year))
            self._by_year[year] = hit
        return hit

    def _near_new_year(self, ts: float, year: int) -> bool:
        return (
            ts < days_before_year(year) * 86400 + _NEW_YEAR_MARGIN
            or ts >= days_before_year(year + 1) * 86400 - _NEW_YEAR_MARGIN
        )

    def _get_trans_info(self, ts: int, year: int, fold: int) -> _ttinfo:
        """The ttinfo for local time ``ts`` (in ``year``) at ``fold``."""
        if self._near_new_year(ts, year):
            return self._near_new_year_local(ts, fold)
        return self.dst if self._local_isdst(ts, year, fold) else self.std

    def _local_window(self, year: int, fold: int) -> tuple[int, int]:
        # In local time the period with the smaller offset starts at the end of
        # the gap and ends at the end of the fold for fold=0, and runs from the
        # start of the gap to the start of the fold for fold=1; with negative DST
        # the roles of the two offsets swap.
        start, end = self.transitions(year)
        if fold == (self.dst_diff >= 0):
            end -= self.dst_diff
        else:
            start += self.dst_diff
        return start, end

    def _local_isdst(self, ts: int, year: int, fold: int) -> bool:
        start, end = self._local_window(year, fold)
        if start < end:
            return start <= ts < end
        return not end <= ts < start

    def _near_new_year_local(self, ts: int, fold: int) -> _ttinfo:
        # A local time is valid for an offset when the rules give that offset at
        # the matching UTC instant (which may fall in another year).
        valid = []
        for tti in (self.std, self.dst):
            utc_ts = ts - tti.utcoff.total_seconds()  # type: ignore[union-attr]
            try:
                utc_year = (_EPOCH + timedelta(seconds=utc_ts)).year
            except OverflowError:
                utc_year = MINYEAR if utc_ts < 0 else MAXYEAR
            actual, _ = self._near_new_year_utc(utc_ts, utc_year)
            if actual is tti:
                valid.append(tti)
        if len(valid) == 1:
            return valid[0]
        smaller, larger = sorted((self.std, self.dst), key=lambda t: t.utcoff)  # type: ignore[arg-type, return-value]
        if valid:
            return larger if fold == 0 else smaller  # repeated: fold 0 is the first
        return smaller if fold == 0 else larger  # skipped: fold 0 keeps the old offset

    def _near_new_year_utc(self, ts: float, year: int) -> tuple[_ttinfo, bool]:
        # Look at the neighbouring years too and take the last change before ts.
        std_off = self.std.utcoff.total_seconds()  # type: ignore[union-attr]
        dst_off = self.dst.utcoff.total_seconds()  # type: ignore[union-attr]
        changes: list[tuple[float, bool]] = []
        for y in (year - 1, year, year + 1):
            start, end = self.transitions(y)
            changes.append((start - std_off, True))
            changes.append((end - dst_off, False))
        # An end and a start at the same instant ("DST all year") sort end first,
        # so the zone stays in DST with no change.
        changes.sort()
        isdst = not changes[0][1]
        last_change = None
        i = 0
        while i < len(changes) and changes[i][0] <= ts:
            at = changes[i][0]
            new_isdst = isdst
            while i < len(changes) and changes[i][0] == at:
                new_isdst = changes[i][1]
                i += 1
            if new_isdst != isdst:
                isdst = new_isdst
                last_change = at
        tti, prev = (self.dst, self.std) if isdst else (self.std, self.dst)
        fold = False
        if last_change is not None:
            shift = (prev.utcoff - tti.utcoff).total_seconds()  # type: ignore[operator]
            fold = shift > ts - last_change
        return tti, fold

    def _get_trans_info_fromutc(self, ts: int, year: int) -> tuple[_ttinfo, bool]:
        """(ttinfo, fold) for UTC time ``ts`` in UTC ``year``."""
        if self._near_new_year(ts, year):
            return self._near_new_year_utc(ts, year)
        start, end = self.transitions(year)
        start -= self.std.utcoff.total_seconds()  # type: ignore[union-attr, assignment]
        end -= self.dst.utcoff.total_seconds()  # type: ignore[union-attr, assignment]
        if start < end:
            isdst = start <= ts < end
        else:
            isdst = not end <= ts < start
        # Positive DST repeats the dst_diff after its end; negative DST, before its start.
        if self.dst_diff > 0:
            fold = end <= ts < end + self.dst_diff
        else:
            fold = start <= ts < start - self.dst_diff
        return (self.dst if isdst else self.std), fold
