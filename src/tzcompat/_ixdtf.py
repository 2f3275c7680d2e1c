"""The syntax of RFC 9557 strings (Internet Extended Date/Time Format): fields, no zone data.

Two readers give the same fields. ``quick_fields`` is one regular expression for the form
almost every stored string has (``2031-07-01T14:00:00.25+02:00[Europe/Berlin]``, the
variants Java and Temporal write included); anything it does not match, or matches with a
value out of range, goes to ``parse_fields``, the careful scanner that accepts every form
listed in docs/storing-times.md and raises one ``ValueError`` naming the position of the
first problem. ``tests/core/test_rfc9557_fast.py`` checks that the two agree.

Beyond RFC 3339 (as Temporal reads them): ``t`` or a space for ``T``, a time without
seconds, 1-9 fractional digits after ``.`` or ``,`` (a datetime holds microseconds: the
rest is truncated, or refused with ``nanoseconds="reject"``), offsets ``+HH``, ``+HHMM``,
``+HHMMSS`` and ``+HH:MM:SS`` besides ``+HH:MM``, and Java's ``[UTC+01:00]`` zone names.
"""

from __future__ import annotations

import re
from datetime import datetime

__all__ = ["NANOSECONDS", "Parsed", "check_tags", "check_zone_name", "fail", "offset_seconds",
           "offset_text", "offset_zone_seconds", "parse_fields", "quick_fields"]

NANOSECONDS = ("truncate", "reject")
# Calendars a datetime's fields already are (proleptic Gregorian, ISO 8601).
OUR_CALENDARS = ("gregory", "iso8601")
_DIGITS = "0123456789"
_ALPHA = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
_ZONE_INITIAL = _ALPHA + "._"
_ZONE_CHAR = _ZONE_INITIAL + _DIGITS + "-+"
_KEY_INITIAL = "abcdefghijklmnopqrstuvwxyz_"
_KEY_CHAR = _KEY_INITIAL + _DIGITS + "-"
_ALNUM = _ALPHA + _DIGITS
# A suffix longer than this is refused before it is scanned (no real string comes near).
MAX_LENGTH = 4096
# Java writes a fixed-offset ZoneId as its prefix and offset: [UTC+01:00], [GMT-05:30].
_JAVA_OFFSET_ID = re.compile(r"(?:UTC|GMT|UT)([+-][0-9]{2}:[0-9]{2}(?::[0-9]{2})?)\Z", re.ASCII)

# The usual string: date, time (seconds and fraction optional), Z or +HH:MM[:SS] or nothing,
# and at most one bracket holding a zone name without dots. Hours, minutes and seconds are
# range-checked here; the day of the month by datetime.fromisoformat.
_QUICK = re.compile(
    r"([0-9]{4}-[0-9]{2}-[0-9]{2}[Tt ](?:[01][0-9]|2[0-3]):[0-5][0-9](?::[0-5][0-9])?)"
    r"(?:(?<=[0-9]{2}:[0-9]{2}:[0-9]{2})[.,]([0-9]{1,9}))?"
    r"(?:([Zz])|([+-][0-9]{2}:[0-9]{2}(?::[0-9]{2})?))?"
    r"(?:\[(!?)([A-Za-z_][A-Za-z0-9_+-]*(?:/[A-Za-z_][A-Za-z0-9_+-]*)*)\])?\Z",
    re.ASCII,
).match
_fromisoformat = datetime.fromisoformat
# "+02:00" -> 7200 for the offsets seen (None: out of range, for the careful reader).
_offsets: dict[str, int | None] = {}


def fail(text: str, pos: int, what: str) -> ValueError:
    """The one error for a malformed string: it names the position (0-based)."""
    shown = text if len(text) <= 120 else text[:117] + "..."
    return ValueError(f"invalid RFC 9557 string {shown!r}: {what} at position {pos}")


def offset_text(seconds: int) -> str:
    """``+HH:MM``, or ``+HH:MM:SS`` when the offset has seconds (local mean time)."""
    sign = "-" if seconds < 0 else "+"
    seconds = abs(seconds)
    text = f"{sign}{seconds // 3600:02d}:{seconds // 60 % 60:02d}"
    return text + f":{seconds % 60:02d}" if seconds % 60 else text


Quick = tuple[datetime, "int | None", bool, "str | None", bool]


def quick_fields(text: str, nanoseconds: str = "truncate") -> Quick | None:
    """``(wall, offset seconds or None, exact, zone or None, zone critical)`` for a string in
    the usual form, or None: then ``parse_fields`` decides (and names any error)."""
    m = _QUICK(text)
    if m is None:
        return None
    head, frac, zulu, sign, bang, zone = m.groups()
    if frac is not None:
        if len(frac) > 6:
            if nanoseconds != "truncate" and frac[6:].strip("0"):
                return None
            frac = frac[:6]
        # The form datetime.fromisoformat reads on every supported Python: 6 digits.
        head = f"{head}.{frac:0<6}"
    try:
        wall = _fromisoformat(head)
    except ValueError:
        return None
    offset = None
    exact = zulu is not None
    if sign is not None:
        try:
            offset = _offsets[sign]
        except KeyError:
            offset = _offset_of(sign)
        if offset is None:
            return None
        if offset == 0 and sign[0] == "-":
            offset, exact = None, True  # -00:00: UTC known, the local offset not
    elif not exact and zone is None:
        return None  # not an instant: the careful reader says so
    return wall, offset, exact, zone, bang == "!"


def _offset_of(text: str) -> int | None:
    """The seconds of ``+HH:MM`` or ``+HH:MM:SS`` (None when out of range), remembered."""
    h, m, s = int(text[1:3]), int(text[4:6]), int(text[7:9] or 0)
    seconds = None if h > 23 or m > 59 or s > 59 else h * 3600 + m * 60 + s
    if seconds is not None and text[0] == "-":
        seconds = -seconds
    if len(_offsets) < 4096:
        _offsets[text] = seconds
    return seconds


class Parsed:
    """The fields of an RFC 9557 string (no zone looked up yet)."""

    __slots__ = ("text", "wall", "offset", "exact", "zone", "zone_critical", "zone_pos",
                 "tags")

    def __init__(self, text: str) -> None:
        self.text = text
        self.wall = datetime.min
        self.offset: int | None = None  # seconds east of UTC; None: not given
        self.exact = False  # Z or -00:00: the instant, no local offset
        self.zone: str | None = None  # a name, or an offset zone as +HH:MM[:SS]
        self.zone_critical = False
        self.zone_pos = 0
        self.tags: list[tuple[str, str, bool, int]] = []  # key, value, critical, position


class _Scanner:
    __slots__ = ("text", "pos")

    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0

    def digits(self, n: int, what: str) -> int:
        chunk = self.text[self.pos:self.pos + n]
        if len(chunk) != n or not all(c in _DIGITS for c in chunk):
            bad = next((i for i, c in enumerate(chunk) if c not in _DIGITS), len(chunk))
            raise fail(self.text, self.pos + bad, f"expected {n} digits for the {what}")
        self.pos += n
        return int(chunk)

    def expect(self, chars: str, what: str) -> str:
        if self.pos < len(self.text) and self.text[self.pos] in chars:
            self.pos += 1
            return self.text[self.pos - 1]
        found = repr(self.text[self.pos]) if self.pos < len(self.text) else "the end"
        raise fail(self.text, self.pos, f"expected {what}, found {found}")

    def peek(self) -> str:
        return self.text[self.pos] if self.pos < len(self.text) else ""

    def two_digits(self) -> bool:
        """Whether two ASCII digits follow."""
        chunk = self.text[self.pos:self.pos + 2]
        return len(chunk) == 2 and chunk[0] in _DIGITS and chunk[1] in _DIGITS


def _range(text: str, pos: int, value: int, lo: int, hi: int, what: str) -> None:
    if not lo <= value <= hi:
        raise fail(text, pos, f"{what} {value} is out of range ({lo}-{hi})")


def parse_fields(text: str, nanoseconds: str = "truncate") -> Parsed:
    """Check the syntax of an RFC 9557 string and return its fields."""
    if not isinstance(text, str):
        raise TypeError(f"an RFC 9557 string must be str, not {type(text).__name__}")
    if len(text) > MAX_LENGTH:
        raise fail(text, MAX_LENGTH, f"longer than {MAX_LENGTH} characters")
    s = _Scanner(text)
    out = Parsed(text)
    year = s.digits(4, "year")
    _range(text, 0, year, 1, 9999, "year")
    s.expect("-", "'-'")
    month_pos = s.pos
    month = s.digits(2, "month")
    _range(text, month_pos, month, 1, 12, "month")
    s.expect("-", "'-'")
    day_pos = s.pos
    day = s.digits(2, "day")
    s.expect("Tt ", "'T' between date and time")
    hour_pos = s.pos
    hour = s.digits(2, "hour")
    _range(text, hour_pos, hour, 0, 23, "hour")
    s.expect(":", "':'")
    minute_pos = s.pos
    minute = s.digits(2, "minute")
    _range(text, minute_pos, minute, 0, 59, "minute")
    second = micro = 0
    if s.peek() == ":":  # seconds are required by RFC 3339; Java leaves out ":00"
        s.pos += 1
        second_pos = s.pos
        second = s.digits(2, "second")
        if second == 60:
            raise fail(text, second_pos, "a leap second (60) cannot be held by a datetime")
        _range(text, second_pos, second, 0, 59, "second")
        if s.peek() in (".", ","):
            micro = _fraction(s, nanoseconds)
    try:
        out.wall = datetime(year, month, day, hour, minute, second, micro)
    except ValueError:
        raise fail(text, day_pos,
                   f"day {day} is out of range for {year:04d}-{month:02d}") from None
    c = s.peek()
    offset_pos = s.pos
    if c in ("Z", "z"):
        s.pos += 1
        out.exact = True
    elif c in ("+", "-"):
        s.pos += 1
        seconds = _offset(s)
        if c == "-" and seconds == 0:
            out.exact = True  # -00:00: UTC known, local offset unknown (as Z)
        else:
            out.offset = -seconds if c == "-" else seconds
    elif c != "[":
        found = repr(c) if c else "the end"
        raise fail(text, offset_pos, f"expected 'Z', '+' or '-' (the UTC offset), found {found}")
    _suffix(s, out)
    if out.offset is None and not out.exact and out.zone is None:
        raise fail(text, offset_pos, "no UTC offset and no time zone: not an instant")
    return out


def _fraction(s: _Scanner, nanoseconds: str) -> int:
    """The microseconds of ``.digits`` or ``,digits`` (the scanner is on the separator)."""
    text = s.text
    s.pos += 1
    start = s.pos
    while s.peek() and s.peek() in _DIGITS:
        s.pos += 1
    frac = text[start:s.pos]
    if not frac:
        raise fail(text, start, f"expected digits after {text[start - 1]!r}")
    if len(frac) > 9:
        raise fail(text, start + 9, "more than 9 fractional digits")
    if nanoseconds != "truncate" and frac[6:].strip("0"):
        raise fail(text, start + 6, "a datetime holds microseconds, not nanoseconds "
                   "(nanoseconds='reject'; the default truncates)")
    return int(frac[:6].ljust(6, "0"))


def _offset(s: _Scanner) -> int:
    """The seconds of an offset after its sign: HH, HHMM, HHMMSS, HH:MM or HH:MM:SS."""
    text = s.text
    oh_pos = s.pos
    oh = s.digits(2, "offset hours")
    _range(text, oh_pos, oh, 0, 23, "offset hours")
    om = osec = 0
    extended = s.peek() == ":"
    if extended or s.two_digits():
        s.pos += extended
        om_pos = s.pos
        om = s.digits(2, "offset minutes")
        _range(text, om_pos, om, 0, 59, "offset minutes")
        if (s.peek() == ":") if extended else s.two_digits():
            s.pos += extended
            os_pos = s.pos
            osec = s.digits(2, "offset seconds")
            _range(text, os_pos, osec, 0, 59, "offset seconds")
    if s.peek() in (".", ","):
        raise fail(text, s.pos, "a UTC offset with fractions of a second is not supported")
    return oh * 3600 + om * 60 + osec


def _suffix(s: _Scanner, out: Parsed) -> None:
    text = s.text
    first = True
    while s.pos < len(text):
        if text[s.pos] != "[":
            raise fail(text, s.pos, f"unexpected {text[s.pos]!r} after the date-time")
        start = s.pos
        end = text.find("]", start)
        if end == -1:
            raise fail(text, start, "'[' is never closed")
        critical = text[start + 1:start + 2] == "!"
        body_pos = start + 1 + critical
        body = text[body_pos:end]
        if not body:
            raise fail(text, body_pos, "empty annotation")
        if "=" in body:
            key, _, value = body.partition("=")
            if not key:
                raise fail(text, body_pos, "empty annotation key")
            if key[0] not in _KEY_INITIAL:
                raise fail(text, body_pos, f"annotation key cannot start with {key[0]!r}")
            for i, ch in enumerate(key):
                if ch not in _KEY_CHAR:
                    raise fail(text, body_pos + i, f"character {ch!r} is not allowed in a key")
            vpos = body_pos + len(key) + 1
            for item in value.split("-"):
                if not item:
                    raise fail(text, vpos, "empty annotation value")
                for j, ch in enumerate(item):
                    if ch not in _ALNUM:
                        raise fail(text, vpos + j, f"character {ch!r} is not allowed in a value")
                vpos += len(item) + 1
            out.tags.append((key, value, critical, start))
        else:
            if not first:
                raise fail(text, start, "the time zone must be the first annotation")
            java = _JAVA_OFFSET_ID.match(body)
            if java is not None:
                body = java.group(1)
                _check_offset_zone(text, body, body_pos + len(java.group(0)) - len(body),
                                   seconds=True)
            elif body[0] in "+-":
                _check_offset_zone(text, body, body_pos)
            else:
                check_zone_name(text, body, body_pos)
            out.zone, out.zone_critical, out.zone_pos = body, critical, start
        first = False
        s.pos = end + 1


def _check_offset_zone(text: str, body: str, pos: int, seconds: bool = False) -> None:
    """``[+HH:MM]``, ``[+HHMM]`` or ``[+HH]`` (minute precision, as Temporal); Java's
    ``[UTC+HH:MM:SS]`` may carry seconds."""
    scanner = _Scanner(body)
    scanner.pos = 1
    try:
        _offset(scanner)
        ok = scanner.pos == len(body) and (seconds or len(body.replace(":", "")) <= 5)
    except ValueError:
        ok = False
    if not ok or not body.isascii():
        raise fail(text, pos, f"offset time zone {body!r} must be +HH:MM, +HHMM or +HH")


def offset_seconds(text: str) -> int:
    """The seconds east of UTC of a whole offset string: ``+HH:MM``, ``+HH:MM:SS``, ``+HHMM``,
    ``+HHMMSS`` or ``+HH`` (ValueError for anything else)."""
    scanner = _Scanner(text)
    scanner.pos = 1
    try:
        if text[:1] not in ("+", "-") or not text.isascii():
            raise ValueError
        seconds = _offset(scanner)
        if scanner.pos != len(text):
            raise ValueError
    except ValueError:
        raise ValueError(f"offset {text!r} is not +HH:MM, +HH:MM:SS, +HHMM or +HH") from None
    return -seconds if text[0] == "-" else seconds


def offset_zone_seconds(body: str) -> int:
    """The seconds east of UTC of a checked offset zone (``+05:30``, ``-0800``, ``+01``)."""
    scanner = _Scanner(body)
    scanner.pos = 1
    seconds = _offset(scanner)
    return -seconds if body[0] == "-" else seconds


def check_zone_name(text: str, name: str, start: int) -> None:
    """RFC 9557's time-zone-name: parts of [A-Za-z._][A-Za-z0-9._+-]*, never . or .."""
    pos = start
    for part in name.split("/"):
        if not part:
            raise fail(text, pos, "empty time zone name part")
        if part in (".", ".."):
            raise fail(text, pos, f"time zone name part {part!r} is not allowed")
        if part[0] not in _ZONE_INITIAL:
            raise fail(text, pos, f"time zone name part cannot start with {part[0]!r}")
        for i, c in enumerate(part):
            if c not in _ZONE_CHAR:
                raise fail(text, pos + i, f"character {c!r} is not allowed in a time zone name")
        pos += len(part) + 1


def check_tags(p: Parsed) -> None:
    """RFC 9557 section 3: experimental keys refused, critical tags honoured or refused,
    duplicates: the first elective one wins, a critical one that disagrees is an error."""
    seen: dict[str, tuple[str, bool]] = {}
    for key, value, critical, pos in p.tags:
        if key.startswith("_"):
            raise fail(p.text, pos, f"experimental annotation key {key!r} is not accepted")
        if key in seen:
            first_value, first_critical = seen[key]
            if (critical or first_critical) and value != first_value:
                raise fail(p.text, pos, f"annotation {key!r} is repeated with another "
                           "value and one of them is critical")
            continue
        seen[key] = (value, critical)
        if key == "u-ca":
            if critical and value not in OUR_CALENDARS:
                raise fail(p.text, pos, f"critical calendar {value!r}: a datetime is in "
                           "the ISO 8601 (Gregorian) calendar only")
        elif critical:
            raise fail(p.text, pos, f"unknown critical annotation {key!r}")
