"""The POSIX TZ string in a TZif footer, as dateutil 4's ``tzfile`` reads it.

The grammar is the core's (``tzcompat._posix``: RFC 9636's ``<...>`` names, ``Jn``/``n``/
``Mm.w.d`` rules, rule times from -167 to 167 hours), composed here the way dateutil splits a
footer, with dateutil's limits (offset hours at most 24; minutes and seconds are not checked)
and its messages. Days are POSIX's, as in dateutil 4 (the core's day arithmetic). Local times
are answered as dateutil does: within ten days of a new year, where the neighbouring years'
rules can matter, a local time is resolved in UTC; elsewhere by the year's own two
transitions (so a DST period of no length is DST all year, where POSIX has none).
"""

from __future__ import annotations

from datetime import MAXYEAR, MINYEAR, datetime, timedelta

from .._calendar import days_before_year
from .._memo import timedelta_of
from .._posix import RuleSpec, scan_hms, scan_rule, scan_zone
from . import _peer

__all__ = ["_TZStr", "_parse_tz_str", "_ttinfo"]

_EPOCH = datetime(1970, 1, 1)

# A rule may name a time up to 167 hours past its day, and local time is within a
# day of UTC, so only times this close to a new year can see the neighbouring
# years' rules.
_NEW_YEAR_MARGIN = 10 * 86400


_REAL_TTINFO = _peer.real_class("_ttinfo", "_tzfile")


@_peer.hide_real_only
# Bases picked at import (the real library's, when installed)
class _ttinfo(*_peer.bases((object,), "_ttinfo", "_tzfile")):  # type: ignore[misc]
    """One local time type: UTC offset, DST offset and abbreviation.

    With real dateutil installed it also derives from its ``_ttinfo`` (whose slots it then
    uses), so that real dateutil's ``tzfile.__eq__`` accepts the adapter's tables.
    """

    __slots__ = () if _REAL_TTINFO is not None else ("dstoff", "tzname", "utcoff")

    def __init__(self, utcoff: timedelta, dstoff: timedelta, tzname: str):
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

    __hash__ = None  # type: ignore[assignment]  # unhashable, as the original

    def __repr__(self) -> str:  # pragma: no cover - debugging aid
        return f"_ttinfo({self.utcoff}, {self.dstoff}, {self.tzname})"


class _NoTTInfo:
    """What a zone answers for no datetime (``utcoffset(None)``) unless its offset is fixed."""

    __slots__ = ()
    utcoff = dstoff = tzname = None


_NO_TTINFO = _NoTTInfo()


class _DayOffset:
    """``n`` (0-based, counting February 29) or ``Jn`` (1-based, never counting it)."""

    __slots__ = ("_day", "d", "hour", "julian", "minute", "second")

    def __init__(self, d: int, julian: bool, hour: int = 2, minute: int = 0, second: int = 0):
        low = int(julian)
        if not low <= d <= 365:
            raise ValueError(f"d must be in [{low}, 365], not: {d}")
        self.d = d
        self.julian = julian
        self.hour = hour
        self.minute = minute
        self.second = second
        self._day = RuleSpec("J" if julian else "n", day=d)

    def year_to_epoch(self, year: int) -> int:
        return self._day.day_number(year) * 86400 + (
            self.hour * 3600 + self.minute * 60 + self.second)


class _CalendarOffset:
    """``Mm.w.d``: weekday ``d`` (0 = Sunday) of week ``w`` (5 = last) of month ``m``."""

    __slots__ = ("_day", "d", "hour", "m", "minute", "second", "w")

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
        self._day = RuleSpec("M", m, w, d)

    def year_to_epoch(self, year: int) -> int:
        return self._day.day_number(year) * 86400 + (
            self.hour * 3600 + self.minute * 60 + self.second)


def _utc_offset(text: str) -> int:
    """A POSIX offset (``+5`` is five hours *west*) as seconds east of UTC, with dateutil's
    limit: hours at most 24 (minutes and seconds unchecked)."""
    sign, h, mi, s = scan_hms(text)  # type: ignore[misc]  # the zone scan matched it already
    if h > 24:
        raise ValueError(f"Offset hours must be in [0, 24]: {text}")
    total = h * 3600 + mi * 60 + s
    return total if sign < 0 else -total


def _rule(text: str) -> _DayOffset | _CalendarOffset:
    spec = scan_rule(text)
    if spec is None:
        raise ValueError(f"Invalid dst start/end date: {text}")
    rule: _DayOffset | _CalendarOffset
    if spec.kind == "M":
        rule = _CalendarOffset(spec.month, spec.week, spec.weekday)
    else:
        rule = _DayOffset(spec.day, spec.kind == "J")
    if spec.time is not None:
        sign, h, mi, s = spec.time
        if h > 167:
            raise ValueError(f"Hour must be in [0, 167]: {text}")
        rule.hour, rule.minute, rule.second = sign * h, sign * mi, sign * s
    return rule


def _parse_tz_str(tz_str: str) -> _TZStr | _ttinfo:
    """A footer string as a rule (``_TZStr``) or, without DST, a fixed ``_ttinfo``."""
    # Split as dateutil does: the zone part before the first comma, then two rules.
    zone_part, *rules = tz_str.split(",", 1)
    zone = scan_zone(zone_part)
    if zone is None:
        raise ValueError(f"{tz_str} is not a valid TZ string")
    std, stdoff, dst, dstoff = zone
    std_abbr = std.strip("<>")
    if not stdoff:
        raise ValueError(f"Invalid STD offset in {tz_str}")
    try:
        std_offset = _utc_offset(stdoff)
    except ValueError:
        raise ValueError(f"Invalid STD offset in {tz_str}") from None
    if dst is None:
        if rules:
            raise ValueError(f"Transition rule present without DST: {tz_str}")
        return _ttinfo(timedelta_of(std_offset), timedelta_of(0), std_abbr)
    dst_abbr = dst.strip("<>")
    if dstoff:
        try:
            dst_offset = _utc_offset(dstoff)
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
            utc_ts = ts - tti.utcoff.total_seconds()
            try:
                utc_year = (_EPOCH + timedelta(seconds=utc_ts)).year
            except OverflowError:
                utc_year = MINYEAR if utc_ts < 0 else MAXYEAR
            actual, _ = self._near_new_year_utc(utc_ts, utc_year)
            if actual is tti:
                valid.append(tti)
        if len(valid) == 1:
            return valid[0]
        smaller, larger = sorted((self.std, self.dst), key=lambda t: t.utcoff)
        if valid:
            return larger if fold == 0 else smaller  # repeated: fold 0 is the first
        return smaller if fold == 0 else larger  # skipped: fold 0 keeps the old offset

    def _near_new_year_utc(self, ts: float, year: int) -> tuple[_ttinfo, bool]:
        # Look at the neighbouring years too and take the last change before ts.
        std_off = self.std.utcoff.total_seconds()
        dst_off = self.dst.utcoff.total_seconds()
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
            shift = (prev.utcoff - tti.utcoff).total_seconds()
            fold = shift > ts - last_change
        return tti, fold

    def _get_trans_info_fromutc(self, ts: int, year: int) -> tuple[_ttinfo, bool]:
        """(ttinfo, fold) for UTC time ``ts`` in UTC ``year``."""
        if self._near_new_year(ts, year):
            return self._near_new_year_utc(ts, year)
        local_start, local_end = self.transitions(year)
        start = local_start - self.std.utcoff.total_seconds()
        end = local_end - self.dst.utcoff.total_seconds()
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
