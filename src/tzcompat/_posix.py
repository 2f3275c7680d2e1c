"""POSIX TZ strings (RFC 8536 §3.3, with the TZif version 3 extensions).

A TZif footer such as ``EST5EDT,M3.2.0,M11.1.0`` says what happens after the
last explicit transition. :func:`parse_posix_tz` turns it into a
:class:`PosixTZ`, which answers per-year questions fast: the year's two
boundaries are computed once and kept in a small per-year cache.
"""

from __future__ import annotations

from ._calendar import DAYS_BEFORE_MONTH, days_before_year, is_leap
from ._memo import memo, timedelta_of
from ._transitions import ZoneState

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = ["PosixTZ", "parse_posix_tz"]



_PARSED: dict[str, PosixTZ | ZoneState] = {}


class _Rule:
    """When in a year a change happens: a day rule plus a local time of day."""

    __slots__ = ("kind", "a", "b", "c", "seconds")

    def __init__(self, kind: str, a: int, b: int = 0, c: int = 0, seconds: int = 7200) -> None:
        self.kind, self.a, self.b, self.c, self.seconds = kind, a, b, c, seconds

    def local_seconds(self, year: int) -> int:
        """Wall-clock seconds since 1970-01-01 (in the time in force) of the change."""
        kind = self.kind
        if kind == "M":
            month, week, weekday = self.a, self.b, self.c
            leap = month > 2 and is_leap(year)
            first = days_before_year(year) + DAYS_BEFORE_MONTH[month - 1] + leap
            # 1970-01-01 was a Thursday (POSIX weekday 4).
            day = (weekday - (first + 4)) % 7
            day += 7 * (week - 1)
            length = DAYS_BEFORE_MONTH[month] - DAYS_BEFORE_MONTH[month - 1]
            length += month == 2 and is_leap(year)
            if day >= length:
                day -= 7
            days = first + day
        elif kind == "J":
            # Counted exactly as the stdlib counts it (so that every zone agrees
            # with zoneinfo): day n of a leap year from n = 59 on is shifted by
            # one. RFC 8536 permanent-DST strings such as "EST5EDT,0/0,J365/25"
            # rely on the J365/25 end meeting the next year's 0/0 start.
            n = self.a
            days = days_before_year(year) - 1 + n + (n >= 59 and is_leap(year))
        else:
            # The zero-based form, also on the stdlib's day count.
            days = days_before_year(year) - 1 + self.a
        return days * 86400 + self.seconds

    def __repr__(self) -> str:
        return f"_Rule({self.kind!r}, {self.a}, {self.b}, {self.c}, {self.seconds})"


class PosixTZ:
    """A parsed POSIX TZ string with DST rules.

    ``std`` and ``dst`` are the two :class:`ZoneState` values; offsets are in
    seconds east of UTC (the string's sign is already inverted).
    """

    __slots__ = ("string", "std", "dst", "std_offset", "dst_offset", "dst_diff",
                 "start", "end", "_years")

    def __init__(self, string: str, std_abbr: str, std_offset: int, dst_abbr: str,
                 dst_offset: int, start: _Rule, end: _Rule) -> None:
        self.string = string
        self.std_offset = std_offset
        self.dst_offset = dst_offset
        self.dst_diff = dst_offset - std_offset
        self.std = ZoneState(timedelta_of(std_offset), timedelta_of(0), std_abbr, False)
        self.dst = ZoneState(timedelta_of(dst_offset), timedelta_of(self.dst_diff), dst_abbr, True)
        self.start = start
        self.end = end
        self._years: dict[int, tuple[int, ...]] = {}

    def __repr__(self) -> str:
        return f"PosixTZ({self.string!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (parse_posix_tz, (self.string,))

    def _year(self, year: int) -> tuple[int, ...]:
        years = self._years
        if len(years) > 400:
            # Bounded: a sweep over many centuries must not grow memory per zone.
            years.clear()
        start = self.start.local_seconds(year)
        end = self.end.local_seconds(year)
        diff = self.dst_diff
        # Local DST windows for fold=0 and fold=1. In the gap the fold=0 side keeps
        # the earlier offset and fold=1 takes the later one; in the fold fold=0 is
        # the first occurrence. Which boundary moves depends on the sign of diff.
        if diff >= 0:
            w0 = (start + diff, end)
            w1 = (start, end - diff)
        else:
            w0 = (start, end - diff)
            w1 = (start + diff, end)
        ustart = start - self.std_offset
        uend = end - self.dst_offset
        amb = (uend, uend + diff) if diff > 0 else (ustart, ustart - diff)
        info = (*w0, *w1, ustart, uend, *amb)
        years[year] = info
        return info

    def year_info(self, year: int) -> tuple[int, ...]:
        """Per-year boundaries: fold-0 DST window, fold-1 window (local), DST
        start and end (UTC), and the UTC window whose wall times repeat."""
        return self._years.get(year) or self._year(year)

    def find_local(self, ts: int, year: int, fold: int) -> ZoneState:
        """The state for wall time ``ts`` (local seconds since 1970) in ``year``."""
        info = self._years.get(year) or self._year(year)
        if fold:
            start, end = info[2], info[3]
        else:
            start, end = info[0], info[1]
        if start < end:
            return self.dst if start <= ts < end else self.std
        return self.std if end <= ts < start else self.dst

    def find_utc(self, ts: int, year: int) -> tuple[ZoneState, bool]:
        """The state at UTC instant ``ts`` in (UTC) ``year``, and whether the
        resulting wall time is the second of two (``fold=1``)."""
        info = self._years.get(year) or self._year(year)
        start, end = info[4], info[5]
        if start < end:
            state = self.dst if start <= ts < end else self.std
        else:
            state = self.std if end <= ts < start else self.dst
        return state, info[6] <= ts < info[7]

    def year_changes(self, year: int) -> list[int]:
        """The UTC instants of this year's two rule boundaries, sorted."""
        info = self._years.get(year) or self._year(year)
        return sorted((info[4], info[5]))


# A hand-written scanner rather than regular expressions: importing ``re`` would cost more
# than the rest of the core's import together.
_DIGITS = frozenset("0123456789")
_LETTERS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
_QUOTED = _LETTERS | _DIGITS | frozenset("+-")


def _digits(text: str, i: int) -> int:
    """The end of the run of ASCII digits starting at ``i``."""
    n = len(text)
    while i < n and text[i] in _DIGITS:
        i += 1
    return i


def _name_end(text: str, i: int) -> int:
    """The end of an abbreviation (``EST`` or ``<+0330>``) at ``i``, or ``i`` if there is none."""
    n = len(text)
    if i < n and text[i] == "<":
        j = i + 1
        while j < n and text[j] in _QUOTED:
            j += 1
        return j + 1 if j > i + 1 and j < n and text[j] == ">" else i
    j = i
    while j < n and text[j] in _LETTERS:
        j += 1
    return j


def _offset_end(text: str, i: int) -> int:
    """The end of ``[+-]h[h[h]][:mm[:ss]]`` at ``i``, or ``i`` if there is no valid one."""
    j = i + 1 if i < len(text) and text[i] in "+-" else i
    k = _digits(text, j)
    if not 1 <= k - j <= 3:
        return i
    for _ in range(2):
        if k < len(text) and text[k] == ":":
            if _digits(text, k + 1) != k + 3:
                return i
            k += 3
    return k


def _hms(text: str, max_hours: int, what: str, tz: str) -> int:
    # ``text`` has passed _offset_end, so it is well formed.
    sign = text[0] if text[0] in "+-" else ""
    fields = [int(f) for f in text[len(sign):].split(":")] + [0, 0]
    hours, minutes, seconds = fields[:3]
    if hours > max_hours or minutes > 59 or seconds > 59:
        raise ValueError(
            f"Invalid {what} {text!r} in TZ string {tz!r}: hours must be at most "
            f"{max_hours}, minutes and seconds at most 59"
        )
    total = hours * 3600 + minutes * 60 + seconds
    return -total if sign == "-" else total


def _split_rule(text: str) -> tuple[str, str, str, str, str | None] | None:
    """Split ``Mm.w.d[/time]``, ``Jn[/time]`` or ``n[/time]`` into its fields, or None."""
    date, slash, time = text.partition("/")
    if not date or slash and (not time or _offset_end(time, 0) != len(time)):
        return None
    time_or_none = time if slash else None
    if date[0] == "M":
        parts = date[1:].split(".")
        if (
            len(parts) == 3
            and 1 <= len(parts[0]) <= 2
            and len(parts[1]) == len(parts[2]) == 1
            and all(_digits(f, 0) == len(f) for f in parts)
        ):
            return "M", parts[0], parts[1], parts[2], time_or_none
        return None
    kind, number = ("J", date[1:]) if date[0] == "J" else ("n", date)
    if 1 <= len(number) <= 3 and _digits(number, 0) == len(number):
        return kind, number, "", "", time_or_none
    return None


def _rule(text: str, tz: str) -> _Rule:
    fields = _split_rule(text)
    if fields is None:
        raise ValueError(f"Invalid transition rule {text!r} in TZ string {tz!r}")
    kind, first, second, third, time = fields
    seconds = 7200 if time is None else _hms(time, 167, "transition time", tz)
    if kind == "M":
        month, week, day = int(first), int(second), int(third)
        if not (1 <= month <= 12 and 1 <= week <= 5 and 0 <= day <= 6):
            raise ValueError(
                f"Invalid rule {text!r} in TZ string {tz!r}: Mm.w.d needs m in 1..12, "
                "w in 1..5 and d in 0..6"
            )
        return _Rule("M", month, week, day, seconds)
    n = int(first)
    if kind == "J":
        if not 1 <= n <= 365:
            raise ValueError(f"Invalid rule {text!r} in TZ string {tz!r}: Jn needs n in 1..365")
        return _Rule("J", n, seconds=seconds)
    if not 0 <= n <= 365:
        raise ValueError(f"Invalid rule {text!r} in TZ string {tz!r}: n must be in 0..365")
    return _Rule("n", n, seconds=seconds)


def _scan(tz: str) -> tuple[str, str, str | None, str | None, str | None, str | None] | None:
    """Split ``std offset [dst [offset]] [,start,end]`` into its six fields, or None."""
    head, *rules = tz.split(",")
    if len(rules) not in (0, 2):
        return None
    fields: list[str | None] = []
    i = 0
    for optional in (False, True):
        j = _name_end(head, i)
        if j == i:
            if optional and i == len(head):
                fields += [None, None]
                break
            return None
        k = _offset_end(head, j)
        if k == j and not optional:
            return None
        fields += [head[i:j], head[j:k] or None]
        i = k
    if i != len(head):
        return None
    start, end = rules or (None, None)
    std, stdoff, dst, dstoff = fields
    return std, stdoff, dst, dstoff, start, end  # type: ignore[return-value]


def _parse(tz: str) -> PosixTZ | ZoneState:
    fields = _scan(tz)
    if fields is None:
        raise ValueError(f"Invalid TZ string {tz!r}")
    std, stdoff, dst, dstoff, start, end = fields
    std_abbr = std.strip("<>")
    std_offset = -_hms(stdoff, 24, "UTC offset", tz)
    if dst is None:
        if start is not None:
            raise ValueError(f"Invalid TZ string {tz!r}: transition rules without a DST name")
        return ZoneState(timedelta_of(std_offset), timedelta_of(0), std_abbr, False)
    dst_abbr = dst.strip("<>")
    if dstoff is None:
        dst_offset = std_offset + 3600
    else:
        dst_offset = -_hms(dstoff, 24, "DST offset", tz)
    if start is None or end is None:
        raise ValueError(f"Invalid TZ string {tz!r}: DST without transition rules")
    return PosixTZ(tz, std_abbr, std_offset, dst_abbr, dst_offset,
                   _rule(start, tz), _rule(end, tz))


def parse_posix_tz(tz: str) -> PosixTZ | ZoneState:
    """Parse a POSIX TZ string.

    Returns a :class:`PosixTZ` for strings with DST rules, or a fixed
    :class:`ZoneState` for strings without DST (``"JST-9"``). Raises
    ``ValueError`` naming the string for anything malformed.
    """
    if not isinstance(tz, str):
        raise TypeError(f"TZ string must be str, not {type(tz).__name__}")
    # One shared instance per string: its per-year cache is pure and can serve every
    # zone with the same footer (most European zones share one, for example).
    return memo(_PARSED, 256, tz, _parse)
