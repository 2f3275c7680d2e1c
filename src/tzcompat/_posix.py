"""POSIX TZ strings: the one grammar, POSIX's day rules, and the rule engine.

A TZif footer such as ``EST5EDT,M3.2.0,M11.1.0`` says what happens after the last
explicit transition. The grammar is RFC 9636 section 3.3 (POSIX.1-2017 XBD 8.3 with the
TZif version 3 extensions: ``<...>`` names, rule times from -167 to 167 hours):

* :func:`scan_posix_tz` (and its pieces :func:`scan_zone`, :func:`scan_rule`,
  :func:`scan_hms`) read the syntax into a :class:`PosixSpec`, with the numbers as written
  and not range-checked. This is the one parser of TZ strings in tzcompat: the dateutil
  adapter composes the same pieces with its own limits and messages.
* :func:`parse_posix_spec` adds POSIX's ranges; :func:`parse_posix_tz` turns the result into
  a :class:`PosixTZ` (or a fixed ``ZoneState``), which answers per-year questions fast.

Days follow POSIX: ``Jn`` (1..365) never counts 29 February, so ``J60`` is 1 March in every
year; ``n`` (0..365) is zero-based and counts it, so day 59 is 1 March in a common year and
29 February in a leap year. A change can fall in a neighbouring year (``J365/25`` is 1 January
of the next year): the state at any instant is the one set by the latest change of any year,
so RFC 9636's ``EST5EDT,0/0,J365/25`` is DST all year.
"""

from __future__ import annotations

from bisect import bisect_right

from ._calendar import DAYS_BEFORE_MONTH, days_before_year, is_leap
from ._memo import memo, timedelta_of
from ._transitions import ZoneState

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = ["PosixSpec", "PosixTZ", "RuleSpec", "hms_seconds", "parse_posix_spec",
           "parse_posix_tz", "scan_hms", "scan_posix_tz", "scan_rule", "scan_zone"]

#: ``(sign, hours, minutes, seconds)`` as written: sign is -1 or 1, the rest unsigned.
Hms = tuple[int, int, int, int]

_PARSED: dict[str, PosixTZ | ZoneState] = {}


# --------------------------------------------------------------------------------------
# The grammar (syntax only)
# --------------------------------------------------------------------------------------
# A hand-written scanner rather than regular expressions: importing ``re`` would cost more
# than the rest of the core's import together. ASCII only, as RFC 9636 says: ``str.isdigit``
# would accept other scripts' digits.
_DIGITS = frozenset("0123456789")
_LETTERS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
_QUOTED = _LETTERS | _DIGITS | frozenset("+-")


class RuleSpec:
    """One ``start`` or ``end`` field as written: ``kind`` is ``"M"`` (``Mm.w.d``:
    ``month``, ``week``, ``weekday``), ``"J"`` or ``"n"`` (``day``); ``time`` is the
    ``/time`` part or None (the default, 02:00)."""

    __slots__ = ("day", "kind", "month", "time", "week", "weekday")

    def __init__(self, kind: str, month: int = 0, week: int = 0, weekday: int = 0,
                 day: int = 0, time: Hms | None = None) -> None:
        self.kind, self.month, self.week, self.weekday = kind, month, week, weekday
        self.day, self.time = day, time

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, RuleSpec):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def _key(self) -> tuple[Any, ...]:
        return (self.kind, self.month, self.week, self.weekday, self.day, self.time)

    def __repr__(self) -> str:
        return "RuleSpec({!r}, {}, {}, {}, {}, {!r})".format(*self._key())

    @property
    def seconds(self) -> int:
        """The time of day of the change (``/time``; 02:00 when not given), in seconds."""
        return 7200 if self.time is None else hms_seconds(self.time)

    def day_number(self, year: int) -> int:
        """The day of the change in ``year``, in days since 1970-01-01, by POSIX's rules."""
        kind = self.kind
        if kind == "M":
            first = days_before_year(year) + DAYS_BEFORE_MONTH[self.month - 1]
            first += self.month > 2 and is_leap(year)
            # 1970-01-01 was a Thursday (POSIX weekday 4).
            day = (self.weekday - (first + 4)) % 7 + 7 * (self.week - 1)
            length = DAYS_BEFORE_MONTH[self.month] - DAYS_BEFORE_MONTH[self.month - 1]
            length += self.month == 2 and is_leap(year)
            if day >= length:
                day -= 7  # week 5 means the last such weekday
            return first + day
        n = self.day
        if kind == "J":
            # 1-based, 29 February never counted: from J60 (1 March) on, a leap year's
            # date is one day further from 1 January than the number says.
            return days_before_year(year) + n - 1 + (n >= 60 and is_leap(year))
        return days_before_year(year) + n  # zero-based, 29 February counted

    def day_range(self) -> tuple[int, int]:
        """The earliest and latest day of the year (0 = 1 January) the rule can name."""
        if self.kind == "J":
            return self.day - 1, self.day - 1 + (self.day >= 60)
        if self.kind == "n":
            return self.day, self.day
        lo = DAYS_BEFORE_MONTH[self.month - 1]
        if self.week < 5:
            lo += 7 * (self.week - 1)
        else:
            lo += 21
        return lo, DAYS_BEFORE_MONTH[self.month] - 1 + (self.month >= 2)


class PosixSpec:
    """A TZ string's fields as written: names without their ``<>``, offsets and rules as
    :data:`Hms` / :class:`RuleSpec` (None where absent)."""

    __slots__ = ("dst", "dst_offset", "end", "start", "std", "std_offset", "text")

    def __init__(self, text: str, std: str, std_offset: Hms | None, dst: str | None,
                 dst_offset: Hms | None, start: RuleSpec | None, end: RuleSpec | None) -> None:
        self.text, self.std, self.std_offset, self.dst = text, std, std_offset, dst
        self.dst_offset, self.start, self.end = dst_offset, start, end

    def __repr__(self) -> str:
        return f"PosixSpec({self.text!r})"


def hms_seconds(hms: Hms) -> int:
    """The signed number of seconds ``hms`` stands for."""
    sign, hours, minutes, seconds = hms
    return sign * (hours * 3600 + minutes * 60 + seconds)


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


def _hms_end(text: str, i: int) -> int:
    """The end of ``[+-]h[h[h]][:mm[:ss]]`` at ``i``, or ``i`` if there is none."""
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


def scan_hms(text: str) -> Hms | None:
    """``[+-]h[h[h]][:mm[:ss]]`` (an offset or a rule time) as written, or None."""
    if not text or _hms_end(text, 0) != len(text):
        return None
    sign = -1 if text[0] == "-" else 1
    fields = [int(f) for f in text.lstrip("+-").split(":")] + [0, 0]
    return sign, fields[0], fields[1], fields[2]


def scan_zone(text: str) -> tuple[str, str | None, str | None, str | None] | None:
    """``std [offset [dst [offset]]]`` (the part before the rules) split into its four
    fields as written (names with their ``<>``), or None. POSIX requires the standard
    offset; that is for the caller to check (dateutil words the error its own way)."""
    fields: list[str | None] = []
    i = 0
    for _ in range(2):
        j = _name_end(text, i)
        if j == i:
            if fields and i == len(text):
                break
            return None
        k = _hms_end(text, j)
        fields += [text[i:j], text[j:k] or None]
        i = k
        if k == j:
            break  # no offset: nothing may follow
    if i != len(text):
        return None
    fields += [None] * (4 - len(fields))
    # Padded to four above.
    return fields[0], fields[1], fields[2], fields[3]  # type: ignore[return-value]


def scan_rule(text: str) -> RuleSpec | None:
    """``Mm.w.d[/time]``, ``Jn[/time]`` or ``n[/time]`` as written, or None."""
    date, slash, time_text = text.partition("/")
    time = scan_hms(time_text) if slash else None
    if not date or slash and time is None:
        return None
    if date[0] == "M":
        parts = date[1:].split(".")
        if (
            len(parts) == 3
            and 1 <= len(parts[0]) <= 2
            and len(parts[1]) == len(parts[2]) == 1
            and all(_digits(f, 0) == len(f) for f in parts)
        ):
            return RuleSpec("M", int(parts[0]), int(parts[1]), int(parts[2]), time=time)
        return None
    kind, number = ("J", date[1:]) if date[0] == "J" else ("n", date)
    if 1 <= len(number) <= 3 and _digits(number, 0) == len(number):
        return RuleSpec(kind, day=int(number), time=time)
    return None


def scan_posix_tz(text: str) -> PosixSpec | None:
    """``std offset [dst [offset] [,start[/time],end[/time]]]`` by RFC 9636's syntax (the
    standard offset may be missing here; numbers are not range-checked), or None."""
    head, *rules = text.split(",")
    zone = scan_zone(head)
    if zone is None or len(rules) not in (0, 2):
        return None
    start = end = None
    if rules:
        start, end = scan_rule(rules[0]), scan_rule(rules[1])
        if start is None or end is None:
            return None
    std, stdoff, dst, dstoff = zone
    return PosixSpec(
        text, std.strip("<>"), scan_hms(stdoff) if stdoff else None,
        dst.strip("<>") if dst else None, scan_hms(dstoff) if dstoff else None, start, end,
    )


# --------------------------------------------------------------------------------------
# POSIX's ranges
# --------------------------------------------------------------------------------------
def _check_hms(hms: Hms, max_hours: int, what: str, tz: str) -> int:
    _, hours, minutes, seconds = hms
    if hours > max_hours or minutes > 59 or seconds > 59:
        raise ValueError(
            f"Invalid {what} in TZ string {tz!r}: hours must be at most {max_hours}, "
            "minutes and seconds at most 59"
        )
    return hms_seconds(hms)


def _check_rule(rule: RuleSpec, tz: str) -> None:
    if rule.kind == "M":
        if not (1 <= rule.month <= 12 and 1 <= rule.week <= 5 and 0 <= rule.weekday <= 6):
            raise ValueError(
                f"Invalid rule M{rule.month}.{rule.week}.{rule.weekday} in TZ string {tz!r}: "
                "Mm.w.d needs m in 1..12, w in 1..5 and d in 0..6"
            )
    elif rule.kind == "J":
        if not 1 <= rule.day <= 365:
            raise ValueError(f"Invalid rule J{rule.day} in TZ string {tz!r}: Jn needs n in 1..365")
    elif not 0 <= rule.day <= 365:
        raise ValueError(f"Invalid rule {rule.day} in TZ string {tz!r}: n must be in 0..365")
    if rule.time is not None:
        _check_hms(rule.time, 167, "transition time", tz)


def parse_posix_spec(tz: str) -> PosixSpec:
    """The fields of a POSIX TZ string, checked against POSIX's ranges (offset hours 0..24,
    rule times -167..167 hours, minutes and seconds 0..59, ``Jn`` 1..365, ``n`` 0..365,
    ``Mm.w.d``), DST with rules and rules with DST. Raises ``ValueError`` naming ``tz``."""
    if not isinstance(tz, str):
        raise TypeError(f"TZ string must be str, not {type(tz).__name__}")
    spec = scan_posix_tz(tz)
    if spec is None or spec.std_offset is None:
        raise ValueError(f"Invalid TZ string {tz!r}")
    _check_hms(spec.std_offset, 24, "UTC offset", tz)
    if spec.dst_offset is not None:
        _check_hms(spec.dst_offset, 24, "DST offset", tz)
    if spec.dst is None and spec.start is not None:
        raise ValueError(f"Invalid TZ string {tz!r}: transition rules without a DST name")
    if spec.dst is not None and spec.start is None:
        raise ValueError(f"Invalid TZ string {tz!r}: DST without transition rules")
    for rule in (spec.start, spec.end):
        if rule is not None:
            _check_rule(rule, tz)
    return spec


# --------------------------------------------------------------------------------------
# The rule engine
# --------------------------------------------------------------------------------------
# A year whose changes lie at least this far inside it (and whose two changes keep their
# order in every year) is answered from its own two changes alone; local time is within
# 25 hours of UTC and a DST amount within 50 hours of standard time.
_MARGIN = 4 * 86400
_YEAR = 365 * 86400


class PosixTZ:
    """A parsed POSIX TZ string with DST rules.

    ``std`` and ``dst`` are the two :class:`ZoneState` values; offsets are in
    seconds east of UTC (the string's sign is already inverted).
    """

    __slots__ = ("string", "std", "dst", "std_offset", "dst_offset", "dst_diff",
                 "start", "end", "simple", "_years")

    def __init__(self, string: str, std_abbr: str, std_offset: int, dst_abbr: str,
                 dst_offset: int, start: RuleSpec, end: RuleSpec) -> None:
        self.string = string
        self.std_offset = std_offset
        self.dst_offset = dst_offset
        self.dst_diff = dst_offset - std_offset
        self.std = ZoneState(timedelta_of(std_offset), timedelta_of(0), std_abbr, False)
        self.dst = ZoneState(timedelta_of(dst_offset), timedelta_of(self.dst_diff), dst_abbr, True)
        self.start = start
        self.end = end
        # Whether every year's two changes fall well inside it, in the same order every
        # year: then a year's own two changes decide every instant in it (the fast path).
        s_lo, s_hi = self._span(start, std_offset)
        e_lo, e_hi = self._span(end, dst_offset)
        self.simple = (min(s_lo, e_lo) >= _MARGIN and max(s_hi, e_hi) < _YEAR - _MARGIN
                       and (s_hi < e_lo or e_hi < s_lo))
        self._years: dict[int, tuple[Any, ...]] = {}

    @staticmethod
    def _span(rule: RuleSpec, offset: int) -> tuple[int, int]:
        lo, hi = rule.day_range()
        seconds = rule.seconds - offset
        return lo * 86400 + seconds, hi * 86400 + seconds

    def __repr__(self) -> str:
        return f"PosixTZ({self.string!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (parse_posix_tz, (self.string,))

    def _changes_utc(self, year: int) -> tuple[int, int]:
        """The UTC instants of ``year``'s start and end changes."""
        return (self.start.day_number(year) * 86400 + self.start.seconds - self.std_offset,
                self.end.day_number(year) * 86400 + self.end.seconds - self.dst_offset)

    def _year(self, year: int) -> tuple[Any, ...]:
        years = self._years
        if len(years) > 400:
            # Bounded: a sweep over many centuries must not grow memory per zone.
            years.clear()
        info = self._simple_year(year) if self.simple else self._general_year(year)
        years[year] = info
        return info

    def _simple_year(self, year: int) -> tuple[int, ...]:
        ustart, uend = self._changes_utc(year)
        start, end = ustart + self.std_offset, uend + self.dst_offset
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
        amb = (uend, uend + diff) if diff > 0 else (ustart, ustart - diff)
        return (*w0, *w1, ustart, uend, *amb)

    def _general_year(self, year: int) -> tuple[Any, ...]:
        """The changes from the start of ``year - 1`` to the end of ``year + 1`` (enough
        for any instant within a day of ``year``): (instants, states, offsets), ``states[i]``
        (UTC offset ``offsets[i]``) in force from ``instants[i - 1]`` on."""
        # A year's changes lie within 8 days of it (rule times up to 167 hours, offsets up
        # to 25), so the latest change before any instant of those three years is one of
        # the changes of the seven years around them.
        marks = []
        for y in range(year - 3, year + 4):
            ustart, uend = self._changes_utc(y)
            marks += [(ustart, y, 0, 1), (uend, y, 1, 0)]  # (instant, year, order, is DST)
        # The last mark at an instant decides. A year's end sorts after its own start (a
        # DST period of no length: standard time, as glibc) but before the next year's
        # start (a period that ends where the next begins goes on: RFC 9636's "DST all
        # year", EST5EDT,0/0,J365/25).
        marks.sort()
        state = 1 - marks[0][3]
        instants: list[int] = []
        states = [state]
        for i, (ts, _, _, kind) in enumerate(marks):
            if i + 1 < len(marks) and marks[i + 1][0] == ts:
                continue
            if kind != state:
                state = kind
                instants.append(ts)
                states.append(kind)
        lo = bisect_right(instants, days_before_year(year - 1) * 86400)
        hi = bisect_right(instants, days_before_year(year + 2) * 86400)
        offsets = (self.std_offset, self.dst_offset)
        kept = states[lo:hi + 1]
        return (tuple(instants[lo:hi]), tuple(self.dst if k else self.std for k in kept),
                tuple(offsets[k] for k in kept))

    @staticmethod
    def _general_utc(info: tuple[Any, ...], ts: int) -> tuple[ZoneState, bool]:
        instants, states, offsets = info
        i = bisect_right(instants, ts)
        if not i:
            return states[0], False
        # A change to a smaller offset repeats the wall times just before it.
        shift = offsets[i - 1] - offsets[i]
        return states[i], 0 < shift and ts - instants[i - 1] < shift

    def wall_candidates(self, year: int) -> tuple[int, ...]:
        """Local seconds in or near ``year`` at which the state a wall time gets can
        change (for either fold); a superset is fine."""
        info = self._years.get(year) or self._year(year)
        if self.simple:
            return info[:4]
        return tuple(c + off for c in info[0] for off in (self.std_offset, self.dst_offset))

    def utc_candidates(self, year: int) -> tuple[int, ...]:
        """UTC instants in or near ``year`` at which the state or the fold can change."""
        info = self._years.get(year) or self._year(year)
        if self.simple:
            return info[4:]
        cands = list(info[0])
        diff = abs(self.dst_diff)
        cands += [c + diff for c in info[0]]
        return tuple(cands)

    def find_local(self, ts: int, year: int, fold: int) -> ZoneState:
        """The state for wall time ``ts`` (local seconds since 1970) in ``year``."""
        info = self._years.get(year) or self._year(year)
        if self.simple:
            if fold:
                start, end = info[2], info[3]
            else:
                start, end = info[0], info[1]
            if start < end:
                return self.dst if start <= ts < end else self.std
            return self.std if end <= ts < start else self.dst
        # A wall time belongs to a state whose offset maps it to an instant in that state;
        # both (a repeated time): fold=0 is the first, the larger offset; neither (a
        # skipped time): fold=0 keeps the offset from before the gap, the smaller one.
        std_ok = self._general_utc(info, ts - self.std_offset)[0] is self.std
        dst_ok = self._general_utc(info, ts - self.dst_offset)[0] is self.dst
        if std_ok != dst_ok:
            return self.std if std_ok else self.dst
        smaller, larger = (self.std, self.dst) if self.dst_diff >= 0 else (self.dst, self.std)
        if std_ok:
            return larger if not fold else smaller
        return smaller if not fold else larger

    def find_utc(self, ts: int, year: int) -> tuple[ZoneState, bool]:
        """The state at UTC instant ``ts`` in (UTC) ``year``, and whether the
        resulting wall time is the second of two (``fold=1``)."""
        info = self._years.get(year) or self._year(year)
        if not self.simple:
            return self._general_utc(info, ts)
        start, end = info[4], info[5]
        if start < end:
            state = self.dst if start <= ts < end else self.std
        else:
            state = self.std if end <= ts < start else self.dst
        return state, info[6] <= ts < info[7]

    def year_changes(self, year: int) -> list[int]:
        """The UTC instants at which the state changes in or near ``year``, sorted."""
        info = self._years.get(year) or self._year(year)
        if self.simple:
            return sorted((info[4], info[5]))
        return list(info[0])


def _parse(tz: str) -> PosixTZ | ZoneState:
    spec = parse_posix_spec(tz)
    std_offset = -hms_seconds(spec.std_offset)  # type: ignore[arg-type]  # checked present
    if spec.dst is None:
        return ZoneState(timedelta_of(std_offset), timedelta_of(0), spec.std, False)
    if spec.dst_offset is None:
        dst_offset = std_offset + 3600
    else:
        dst_offset = -hms_seconds(spec.dst_offset)
    return PosixTZ(tz, spec.std, std_offset, spec.dst, dst_offset,
                   spec.start, spec.end)  # type: ignore[arg-type]  # checked present


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
