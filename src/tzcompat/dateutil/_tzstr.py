"""``tzstr``: dateutil's own reading of TZ-variable strings.

This is not strict POSIX. POSIX strings that dateutil's grammar reads as POSIX does are read
with the core's grammar (``tzcompat._posix``); dateutil's conventions are then applied: its
sign rule (``UTC+3``/``GMT+3`` mean three hours *ahead* unless ``posix_offset=True``), its
day rules (``Jn`` and ``n`` through relativedelta's ``nlyearday``/``yearday``), its default
rules (the US rules before 2007 when a DST name has none) and its ``tzrange`` arithmetic.
The rest goes through dateutil's token grammar, which is lenient: abbreviations are any
run of tokens without digits or ``:,-+`` (so ``'EST 5 EDT'`` has the names ``'EST '`` and
``' EDT'``), offsets may be ``h``, ``hh``, ``hhmm`` or ``h:mm``, and rules may also be
dateutil's deprecated "GNU" list of nine or ten numbers; it refuses quoted names, rule times
with a sign or of three digits. Strings the grammar rejects raise
``ValueError("unknown string format")``.
"""

from __future__ import annotations

import warnings

from .._posix import hms_seconds, scan_hms, scan_rule, scan_zone
from . import _peer
from ._factories import _TzStrFactory
from ._range import _Weekday, _YearRule, tzrange
from ._warnings import DeprecatedTzFormatWarning

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = ["tzstr"]


class _LazyPattern:
    """A regular expression compiled on first use: importing ``re`` costs milliseconds,
    and a process may never parse a TZ string this way. A method, once looked up, is kept
    as an instance attribute, so later calls cost what the compiled pattern's do."""

    def __init__(self, source: str) -> None:
        self._source = source

    def __getattr__(self, name: str) -> Any:  # the compiled pattern's methods
        if name.startswith("__"):
            raise AttributeError(name)
        import re  # import cost: re, only for a TZ string (test_import_cost)

        value = getattr(re.compile(self._source), name)
        setattr(self, name, value)
        return value

_TOKEN_RE = _LazyPattern(r"([,:.]|[a-zA-Z]+|[0-9]+)")
_DIGITS = "0123456789"
_STOP_CHARS = "0123456789:,-+"  # a token with any of these cannot be part of a name
_GNU_CHARS = "0123456789+-"
_POSIX_RULE_TOKENS = (",", "/", "J", "M", ".", "-", ":")


class _Reject(Exception):
    """The string does not follow the grammar."""


class _RuleSpec:
    __slots__ = ("day", "jyday", "month", "time", "week", "weekday", "yday")

    def __init__(self) -> None:
        self.month: int | None = None
        self.week: int | None = None
        self.weekday: int | None = None
        self.yday: int | None = None
        self.jyday: int | None = None
        self.day: int | None = None
        self.time: int | None = None


class _Spec:
    __slots__ = ("dstabbr", "dstoffset", "end", "start", "stdabbr", "stdoffset", "unused")

    def __init__(self) -> None:
        self.stdabbr: str | None = None
        self.stdoffset: int | None = None
        self.dstabbr: str | None = None
        self.dstoffset: int | None = None
        self.start = _RuleSpec()
        self.end = _RuleSpec()
        self.unused = False


class _Cursor:
    """Token list, position, and the set of positions consumed."""

    __slots__ = ("i", "n", "toks", "used")

    def __init__(self, toks: list[str]) -> None:
        self.toks = toks
        self.n = len(toks)
        self.i = 0
        self.used: set[int] = set()

    def take(self) -> str:
        """Mark the current token used and return it (IndexError past the end)."""
        tok = self.toks[self.i]
        self.used.add(self.i)
        return tok


def _clock(cur: _Cursor) -> int:
    """``hhmm``, ``h[h]:mm`` or ``h[h]`` at the cursor, in seconds; leaves the cursor on
    the last token read."""
    toks, i = cur.toks, cur.i
    tok = toks[i]
    if len(tok) == 4:
        return int(tok[:2]) * 3600 + int(tok[2:]) * 60
    if i + 1 < cur.n and toks[i + 1] == ":":
        value = int(tok) * 3600 + int(toks[i + 2]) * 60
        cur.used.add(i)
        cur.i = i + 2
        return value
    if len(tok) <= 2:
        return int(tok[:2]) * 3600
    raise _Reject


def _names_and_offsets(cur: _Cursor, spec: _Spec) -> None:
    toks = cur.toks
    while cur.i < cur.n:
        j = cur.i
        while j < cur.n and not any(ch in _STOP_CHARS for ch in toks[j]):
            j += 1
        if j == cur.i:
            return
        name = "".join(toks[cur.i : j])
        is_std = not spec.stdabbr
        if is_std:
            spec.stdabbr = name
        else:
            spec.dstabbr = name
        cur.used.update(range(j))
        cur.i = j
        if j < cur.n and (toks[j] in ("+", "-") or toks[j][0] in _DIGITS):
            if toks[j] in ("+", "-"):
                # POSIX: "+" means west of Greenwich, a negative UTC offset.
                sign = -1 if toks[j] == "+" else 1
                cur.used.add(j)
                cur.i += 1
            else:
                sign = -1
            seconds = _clock(cur) * sign
            if is_std:
                spec.stdoffset = seconds
            else:
                spec.dstoffset = seconds
            cur.used.add(cur.i)
            cur.i += 1
        if spec.dstabbr:
            return


def _gnu_rules(cur: _Cursor, spec: _Spec) -> None:
    # month,week,weekday,time for start and end (week 0: weekday is a day of the
    # month), then an optional DST offset in seconds relative to standard time.
    toks = cur.toks
    for rule in (spec.start, spec.end):
        rule.month = int(cur.take())
        cur.i += 2
        if toks[cur.i] == "-":
            cur.used.add(cur.i)
            cur.i += 1
            value = -int(toks[cur.i])
        else:
            value = int(toks[cur.i])
        cur.used.add(cur.i)
        cur.i += 2
        if value:
            rule.week = value
            rule.weekday = (int(toks[cur.i]) - 1) % 7
        else:
            rule.day = int(toks[cur.i])
        cur.used.add(cur.i)
        cur.i += 2
        rule.time = int(cur.take())
        cur.i += 2
    if cur.i < cur.n:
        sign = 1
        if toks[cur.i] in ("-", "+"):
            sign = -1 if toks[cur.i] == "-" else 1
            cur.used.add(cur.i)
            cur.i += 1
        cur.used.add(cur.i)
        # Set when parsed.
        spec.dstoffset = spec.stdoffset + int(toks[cur.i]) * sign  # type: ignore[operator]


def _posix_rules(cur: _Cursor, spec: _Spec) -> None:
    toks = cur.toks
    for rule in (spec.start, spec.end):
        tok = toks[cur.i]
        if tok == "J":
            cur.used.add(cur.i)
            cur.i += 1
            rule.jyday = int(toks[cur.i])
        elif tok == "M":
            cur.used.add(cur.i)
            cur.i += 1
            rule.month = int(cur.take())
            for field in ("week", "weekday"):
                cur.i += 1
                if toks[cur.i] not in ("-", "."):
                    raise _Reject
                cur.used.add(cur.i)
                cur.i += 1
                if field == "week":
                    week = int(cur.take())
                    rule.week = -1 if week == 5 else week
            rule.weekday = (int(toks[cur.i]) - 1) % 7
        else:
            rule.yday = int(tok) + 1
        cur.used.add(cur.i)
        cur.i += 1
        if cur.i < cur.n and toks[cur.i] == "/":
            cur.used.add(cur.i)
            cur.i += 1
            seconds = _clock(cur)
            if cur.i + 1 < cur.n and toks[cur.i + 1] == ":" and toks[cur.i - 1] == ":":
                # h:mm:ss; only reachable after the h:mm form.
                cur.used.add(cur.i)
                cur.i += 2
                seconds += int(toks[cur.i])
            rule.time = seconds
            cur.used.add(cur.i)
            cur.i += 1
        if cur.i != cur.n and toks[cur.i] != ",":
            raise _Reject
        cur.i += 1
    if cur.i < cur.n:
        raise _Reject


# POSIX strings dateutil's token grammar reads exactly as POSIX's grammar does: unquoted
# names, offsets of one or two hour digits with at most minutes, rule times unsigned with one
# or two hour digits. These are read with the core's grammar (tzcompat._posix, the one
# parser of TZ strings) and put in dateutil's terms; everything else (quoted names, longer
# hours, signed rule times, dateutil's own "GNU" list, "hhmm" offsets, spaces in names, ";")
# takes the token grammar below, which is where dateutil departs from POSIX.
def _offset_alike(text: str | None) -> bool:
    if text is None:
        return True
    hours, *rest = text.lstrip("+-").split(":")
    return len(hours) <= 2 and len(rest) <= 1


def _posix_spec(s: str) -> _Spec | None:
    """``s`` read by the core's POSIX grammar, in dateutil's terms; None unless ``s`` is a
    POSIX string the token grammar reads the same way."""
    head, *rules = s.split(",")
    zone = scan_zone(head)
    if zone is None or len(rules) not in (0, 2):
        return None
    std, stdoff, dst, dstoff = zone
    if (stdoff is None or std[0] == "<" or dst is not None and dst[0] == "<"
            or not _offset_alike(stdoff) or not _offset_alike(dstoff)):
        return None
    spec = _Spec()
    spec.stdabbr = std
    spec.stdoffset = -hms_seconds(scan_hms(stdoff))  # type: ignore[arg-type]  # scanned
    if dst is not None:
        spec.dstabbr = dst
        if dstoff is not None:
            # A bad offset raised above.
            spec.dstoffset = -hms_seconds(scan_hms(dstoff))  # type: ignore[arg-type]
    for text, target in zip(rules, (spec.start, spec.end)):
        rule = scan_rule(text)
        time = text.partition("/")[2]
        if rule is None or time and (time[0] in "+-" or len(time.split(":")[0]) > 2):
            return None
        if rule.kind == "M":
            target.month = rule.month
            target.week = -1 if rule.week == 5 else rule.week
            target.weekday = (rule.weekday - 1) % 7  # dateutil's weekdays start on Monday
        elif rule.kind == "J":
            target.jyday = rule.day
        else:
            target.yday = rule.day + 1  # dateutil's year days are 1-based
        if rule.time is not None:
            target.time = hms_seconds(rule.time)
    return spec


def _parse(s: str) -> _Spec | None:
    """Parse ``s`` by dateutil's grammar; None when it does not fit at all."""
    if isinstance(s, str):
        spec = _posix_spec(s)
        if spec is not None:
            return spec
    return _parse_tokens(s)


def _parse_tokens(s: str) -> _Spec | None:
    """dateutil's token grammar (``dateutil.parser._parsetz``), for what POSIX does not cover."""
    toks = [tok for tok in _TOKEN_RE.split(s) if tok]
    cur = _Cursor(toks)
    spec = _Spec()
    try:
        _names_and_offsets(cur, spec)
        if cur.i < cur.n:
            # ";" may separate the rules instead of ",".
            for k in range(cur.i, cur.n):
                if toks[k] == ";":
                    toks[k] = ","
            if toks[cur.i] != ",":
                raise _Reject
            cur.i += 1
        rest = toks[cur.i :]
        if cur.i >= cur.n:
            pass
        elif 8 <= toks.count(",") <= 9 and all(
            ch in _GNU_CHARS for tok in rest if tok != "," for ch in tok
        ):
            _gnu_rules(cur, spec)
            warnings.warn(
                f"The time zone string {s!r} uses dateutil's own comma-separated rule "
                "format, which is deprecated; use a POSIX/GNU TZ string such as "
                "'EST5EDT,M3.2.0,M11.1.0' instead.",
                DeprecatedTzFormatWarning,
                stacklevel=5,
            )
        elif (
            toks.count(",") == 2
            and rest.count("/") <= 2
            and all(
                ch in _DIGITS for tok in rest if tok not in _POSIX_RULE_TOKENS for ch in tok
            )
        ):
            _posix_rules(cur, spec)
    except (IndexError, ValueError, _Reject):
        return None
    leftover = {toks[k] for k in range(cur.n) if k not in cur.used}
    spec.unused = not leftover <= {",", ":"}
    return spec


def _rule(spec: _RuleSpec, is_end: bool, dst_saving: int) -> _YearRule:
    month = day = yearday = nlyearday = None
    weekday = None
    if spec.month is not None:
        month = spec.month
        if spec.weekday is not None:
            weekday = _Weekday(spec.weekday, spec.week)
            day = 1 if spec.week > 0 else 31  # type: ignore[operator]  # set for this rule form
        elif spec.day:
            day = spec.day
    elif spec.yday is not None:
        yearday = spec.yday
    elif spec.jyday is not None:
        nlyearday = spec.jyday
    has_date = spec.month is not None or spec.yday is not None or spec.jyday is not None
    if not has_date:
        # dateutil's defaults: the first Sunday of April, the last Sunday of October.
        if is_end:
            month, day, weekday = 10, 31, _Weekday(6, -1)
        else:
            month, day, weekday = 4, 1, _Weekday(6, +1)
    seconds = spec.time if spec.time is not None else 7200
    if is_end:
        # The end is given in DST wall time; the rule wants standard time.
        seconds -= dst_saving
    return _YearRule(
        month=month, day=day, weekday=weekday, yearday=yearday, nlyearday=nlyearday,
        seconds=seconds,
    )


@_peer.hide_real_only
# Bases picked at import (the real library's, when installed)
class tzstr(*_peer.bases((tzrange,), "tzstr"), metaclass=_TzStrFactory):  # type: ignore[misc]
    """A zone from a TZ-variable style string, read with dateutil's grammar.

    ``UTC+3`` and ``GMT+3`` are three hours ahead of UTC unless ``posix_offset`` is
    true. Equal arguments give the same object while it is alive;
    ``tzstr.instance(...)`` gives a fresh one.
    """

    def __init__(self, s: str, posix_offset: bool = False) -> None:
        self._s = s
        spec = _parse(s)
        if spec is None or spec.unused:
            raise ValueError("unknown string format")
        if spec.stdabbr in ("GMT", "UTC") and not posix_offset:
            # dateutil's deliberate break with POSIX: GMT+3 is UTC+03:00.
            spec.stdoffset *= -1  # type: ignore[operator]
        tzrange.__init__(
            self, spec.stdabbr, spec.stdoffset, spec.dstabbr, spec.dstoffset,
            start=False, end=False,
        )
        if not spec.dstabbr:
            self._start_delta = None
            self._end_delta = None
        else:
            saving = self._dst_offset - self._std_offset
            saving_s = saving.seconds + saving.days * 86400
            self._start_delta = _rule(spec.start, False, saving_s)
            if self._start_delta:
                self._end_delta = _rule(spec.end, True, saving_s)
        self.hasdst = bool(self._start_delta)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self._s!r})"
