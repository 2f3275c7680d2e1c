"""RFC 9557 (Internet Extended Date/Time Format) for standard-library datetimes.

``format_rfc9557(dt)`` writes ``2031-07-01T14:00:00+02:00[Europe/Berlin]``: the RFC 3339
date-time (wall time and the offset in force) and the zone's key in brackets.
``parse_rfc9557(s)`` reads it back. When the zone's rules changed since the string was
written (a release abolished DST), the stored offset no longer matches the zone at that
wall time; ``offset=`` says what wins, with Temporal's four policies (``ZonedDateTime.from``):

- ``"reject"`` (the default, as Temporal's and jiff's): raise, so nothing changes meaning
  silently;
- ``"use"``: keep the stored instant (the wall time moves);
- ``"ignore"``: keep the wall time (the instant moves), resolved with ``disambiguation``;
- ``"prefer"``: keep the offset where the zone still allows it at that wall time (it picks
  one reading of a repeated hour), otherwise as ``"ignore"``.

``disambiguation`` resolves a wall time the clocks skip (a gap) or repeat (a fold) when the
offset does not: ``"compatible"`` (the default: the earlier reading of a repeated time, the
later of a skipped one, as RFC 5545), ``"earlier"``, ``"later"``, ``"reject"``.

Suffixes follow RFC 9557 section 3: unknown elective tags (``[knort=blargel]``) are
ignored, a critical one (``[!knort=blargel]``) is an error, experimental keys (``_x``)
are always refused; ``u-ca`` is understood for ``gregory`` and ``iso8601`` (the calendar a
datetime is in) and ignored for other calendars unless critical. ``Z`` and ``-00:00`` give
the instant only, so they never conflict with the zone. Every malformed string raises one
``ValueError`` that names the position (a 0-based index into the string).
"""

from __future__ import annotations

from datetime import datetime, timedelta, timezone, tzinfo

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

__all__ = ["format_rfc9557", "parse_rfc9557"]

_UTC = timezone.utc
OFFSET_POLICIES = ("reject", "use", "ignore", "prefer")
DISAMBIGUATIONS = ("compatible", "earlier", "later", "reject")
# Calendars a datetime's fields already are (proleptic Gregorian, ISO 8601).
_OUR_CALENDARS = ("gregory", "iso8601")
_DIGITS = "0123456789"
_ALPHA = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
_ZONE_INITIAL = _ALPHA + "._"
_ZONE_CHAR = _ZONE_INITIAL + _DIGITS + "-+"
_KEY_INITIAL = "abcdefghijklmnopqrstuvwxyz_"
_KEY_CHAR = _KEY_INITIAL + _DIGITS + "-"
_ALNUM = _ALPHA + _DIGITS
# A suffix longer than this is refused before it is scanned (no real string comes near).
_MAX_LENGTH = 4096


def _fail(text: str, pos: int, what: str) -> ValueError:
    """The one error for a malformed string: it names the position (0-based)."""
    shown = text if len(text) <= 120 else text[:117] + "..."
    return ValueError(f"invalid RFC 9557 string {shown!r}: {what} at position {pos}")


# --- formatting ---------------------------------------------------------------------


def _zone_name(tz: tzinfo | None) -> str | None:
    """The IANA key a tzinfo answers for (ZoneInfo's ``key``, pytz's ``zone``), or None
    for a fixed offset."""
    if tz is None or isinstance(tz, timezone):
        return None
    for attr in ("key", "zone"):
        name = getattr(tz, attr, None)
        if isinstance(name, str) and name:
            return name
    raise ValueError(
        f"cannot name the time zone of {tz!r} in RFC 9557 (it has no IANA key); "
        "use tzcompat.ZoneInfo or zoneinfo.ZoneInfo")


def _offset_text(seconds: int) -> str:
    sign = "-" if seconds < 0 else "+"
    seconds = abs(seconds)
    text = f"{sign}{seconds // 3600:02d}:{seconds // 60 % 60:02d}"
    # RFC 3339 offsets have minutes only; the seconds of a local mean time offset are
    # written (as Temporal and Java read them) rather than rounded away, so the stored
    # instant is exact.
    return text + f":{seconds % 60:02d}" if seconds % 60 else text


def format_rfc9557(dt: datetime, *, critical: bool = False) -> str:
    """``dt`` as an RFC 9557 string: ``2031-07-01T14:00:00+02:00[Europe/Berlin]``.

    The zone is written by its key (a ``ZoneInfo``'s ``key``, a pytz zone's ``zone``); a
    datetime with a fixed offset (``datetime.timezone``) gets no bracket, and UTC is
    written ``Z``. ``critical=True`` marks the zone critical (``[!Europe/Berlin]``): a
    reader must then act on a conflict between offset and zone. Microseconds are
    written when not zero.
    """
    if not isinstance(dt, datetime):
        raise TypeError(f"format_rfc9557() needs a datetime, not {type(dt).__name__}")
    offset = dt.utcoffset()
    if offset is None:
        raise ValueError(f"format_rfc9557() needs an aware datetime, got naive {dt!r}")
    name = _zone_name(dt.tzinfo)
    seconds = offset.days * 86400 + offset.seconds
    if offset.microseconds:
        raise ValueError(f"UTC offset {offset} has fractions of a second: not representable")
    text = (f"{dt.year:04d}-{dt.month:02d}-{dt.day:02d}T"
            f"{dt.hour:02d}:{dt.minute:02d}:{dt.second:02d}")
    if dt.microsecond:
        text += f".{dt.microsecond:06d}".rstrip("0")
    if name is None:
        return text + ("Z" if dt.tzinfo is _UTC else _offset_text(seconds))
    _check_zone_name(name, name, 0)
    return f"{text}{_offset_text(seconds)}[{'!' if critical else ''}{name}]"


def _check_zone_name(text: str, name: str, start: int) -> None:
    """RFC 9557's time-zone-name: parts of [A-Za-z._][A-Za-z0-9._+-]*, never . or .."""
    pos = start
    for part in name.split("/"):
        if not part:
            raise _fail(text, pos, "empty time zone name part")
        if part in (".", ".."):
            raise _fail(text, pos, f"time zone name part {part!r} is not allowed")
        if part[0] not in _ZONE_INITIAL:
            raise _fail(text, pos, f"time zone name part cannot start with {part[0]!r}")
        for i, c in enumerate(part):
            if c not in _ZONE_CHAR:
                raise _fail(text, pos + i, f"character {c!r} is not allowed in a time zone name")
        pos += len(part) + 1


# --- parsing --------------------------------------------------------------------------


class Parsed:
    """The fields of an RFC 9557 string (no zone looked up yet)."""

    __slots__ = ("text", "wall", "offset", "offset_seconds_given", "exact", "zone",
                 "zone_critical", "zone_pos", "tags")

    def __init__(self, text: str) -> None:
        self.text = text
        self.wall = datetime.min
        self.offset: int | None = None  # seconds east of UTC; None: not given
        self.offset_seconds_given = False  # written with seconds (+HH:MM:SS)
        self.exact = False  # Z or -00:00: the instant, no local offset
        self.zone: str | None = None
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
            raise _fail(self.text, self.pos + bad, f"expected {n} digits for the {what}")
        self.pos += n
        return int(chunk)

    def expect(self, chars: str, what: str) -> str:
        if self.pos < len(self.text) and self.text[self.pos] in chars:
            self.pos += 1
            return self.text[self.pos - 1]
        found = repr(self.text[self.pos]) if self.pos < len(self.text) else "the end"
        raise _fail(self.text, self.pos, f"expected {what}, found {found}")

    def peek(self) -> str:
        return self.text[self.pos] if self.pos < len(self.text) else ""


def _range(text: str, pos: int, value: int, lo: int, hi: int, what: str) -> None:
    if not lo <= value <= hi:
        raise _fail(text, pos, f"{what} {value} is out of range ({lo}-{hi})")


def parse_fields(text: str) -> Parsed:
    """Check the syntax of an RFC 9557 string and return its fields."""
    if not isinstance(text, str):
        raise TypeError(f"an RFC 9557 string must be str, not {type(text).__name__}")
    if len(text) > _MAX_LENGTH:
        raise _fail(text, _MAX_LENGTH, f"longer than {_MAX_LENGTH} characters")
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
            raise _fail(text, second_pos, "a leap second (60) cannot be held by a datetime")
        _range(text, second_pos, second, 0, 59, "second")
        if s.peek() == ".":
            s.pos += 1
            start = s.pos
            while s.peek() and s.peek() in _DIGITS:
                s.pos += 1
            frac = text[start:s.pos]
            if not frac:
                raise _fail(text, start, "expected digits after '.'")
            if len(frac) > 9:
                raise _fail(text, start + 9, "more than 9 fractional digits")
            if frac[6:].strip("0"):
                raise _fail(text, start + 6, "a datetime holds microseconds, not nanoseconds")
            micro = int(frac[:6].ljust(6, "0"))
    try:
        out.wall = datetime(year, month, day, hour, minute, second, micro)
    except ValueError:
        raise _fail(text, day_pos,
                    f"day {day} is out of range for {year:04d}-{month:02d}") from None
    c = s.peek()
    offset_pos = s.pos
    if c in ("Z", "z"):
        s.pos += 1
        out.exact = True
    elif c in ("+", "-"):
        s.pos += 1
        oh_pos = s.pos
        oh = s.digits(2, "offset hours")
        _range(text, oh_pos, oh, 0, 23, "offset hours")
        s.expect(":", "':' in the offset")
        om_pos = s.pos
        om = s.digits(2, "offset minutes")
        _range(text, om_pos, om, 0, 59, "offset minutes")
        osec = 0
        if s.peek() == ":":
            s.pos += 1
            os_pos = s.pos
            osec = s.digits(2, "offset seconds")
            _range(text, os_pos, osec, 0, 59, "offset seconds")
            out.offset_seconds_given = True
        seconds = oh * 3600 + om * 60 + osec
        if c == "-" and seconds == 0:
            out.exact = True  # -00:00: UTC known, local offset unknown (as Z)
        else:
            out.offset = -seconds if c == "-" else seconds
    elif c != "[":
        found = repr(c) if c else "the end"
        raise _fail(text, offset_pos, f"expected 'Z', '+' or '-' (the UTC offset), found {found}")
    _suffix(s, out)
    if out.offset is None and not out.exact and out.zone is None:
        raise _fail(text, offset_pos, "no UTC offset and no time zone: not an instant")
    return out


def _suffix(s: _Scanner, out: Parsed) -> None:
    text = s.text
    first = True
    while s.pos < len(text):
        if text[s.pos] != "[":
            raise _fail(text, s.pos, f"unexpected {text[s.pos]!r} after the date-time")
        start = s.pos
        end = text.find("]", start)
        if end == -1:
            raise _fail(text, start, "'[' is never closed")
        critical = text[start + 1:start + 2] == "!"
        body_pos = start + 1 + critical
        body = text[body_pos:end]
        if not body:
            raise _fail(text, body_pos, "empty annotation")
        if "=" in body:
            key, _, value = body.partition("=")
            if not key:
                raise _fail(text, body_pos, "empty annotation key")
            if key[0] not in _KEY_INITIAL:
                raise _fail(text, body_pos, f"annotation key cannot start with {key[0]!r}")
            for i, ch in enumerate(key):
                if ch not in _KEY_CHAR:
                    raise _fail(text, body_pos + i, f"character {ch!r} is not allowed in a key")
            vpos = body_pos + len(key) + 1
            for item in value.split("-"):
                if not item:
                    raise _fail(text, vpos, "empty annotation value")
                for j, ch in enumerate(item):
                    if ch not in _ALNUM:
                        raise _fail(text, vpos + j, f"character {ch!r} is not allowed in a value")
                vpos += len(item) + 1
            out.tags.append((key, value, critical, start))
        else:
            if not first:
                raise _fail(text, start, "the time zone must be the first annotation")
            if body[0] in "+-":
                _check_offset_zone(text, body, body_pos)
            else:
                _check_zone_name(text, body, body_pos)
            out.zone, out.zone_critical, out.zone_pos = body, critical, start
        first = False
        s.pos = end + 1


def _check_offset_zone(text: str, body: str, pos: int) -> None:
    if (len(body) != 6 or body[3] != ":" or not body[1:3].isdigit() or not body[4:].isdigit()
            or not body.isascii()):
        raise _fail(text, pos, f"offset time zone {body!r} must be +HH:MM or -HH:MM")
    _range(text, pos + 1, int(body[1:3]), 0, 23, "offset hours")
    _range(text, pos + 4, int(body[4:]), 0, 59, "offset minutes")


def _offset_zone(body: str) -> timezone:
    seconds = int(body[1:3]) * 3600 + int(body[4:]) * 60
    return timezone(timedelta(seconds=-seconds if body[0] == "-" else seconds))


def _check_tags(p: Parsed) -> None:
    """RFC 9557 section 3: experimental keys refused, critical tags honoured or refused,
    duplicates: the first elective one wins, a critical one that disagrees is an error."""
    seen: dict[str, tuple[str, bool]] = {}
    for key, value, critical, pos in p.tags:
        if key.startswith("_"):
            raise _fail(p.text, pos, f"experimental annotation key {key!r} is not accepted")
        if key in seen:
            first_value, first_critical = seen[key]
            if (critical or first_critical) and value != first_value:
                raise _fail(p.text, pos, f"annotation {key!r} is repeated with another "
                            "value and one of them is critical")
            continue
        seen[key] = (value, critical)
        if key == "u-ca":
            if critical and value not in _OUR_CALENDARS:
                raise _fail(p.text, pos, f"critical calendar {value!r}: a datetime is in "
                            "the ISO 8601 (Gregorian) calendar only")
        elif critical:
            raise _fail(p.text, pos, f"unknown critical annotation {key!r}")


def _zone(p: Parsed, load: Callable[[str], tzinfo]) -> tzinfo | None:
    if p.zone is None:
        return None
    if p.zone[0] in "+-":
        return _offset_zone(p.zone)
    try:
        return load(p.zone)
    except (KeyError, ValueError, OSError) as exc:
        # Unknown to the data in use: refused, critical or not (as Temporal does): a
        # datetime without its zone would lose the meaning the string was stored for.
        raise _fail(p.text, p.zone_pos + 1 + p.zone_critical,
                    f"time zone {p.zone!r} is not in the zone data in use") from exc


def _default_load(key: str) -> tzinfo:
    from ._zoneinfo import ZoneInfo

    return ZoneInfo(key)


def _check_options(offset: str, disambiguation: str) -> None:
    if offset not in OFFSET_POLICIES:
        raise ValueError(f"offset must be one of {', '.join(map(repr, OFFSET_POLICIES))}, "
                         f"not {offset!r}")
    if disambiguation not in DISAMBIGUATIONS:
        raise ValueError("disambiguation must be one of "
                         f"{', '.join(map(repr, DISAMBIGUATIONS))}, not {disambiguation!r}")


def parse_rfc9557(text: str, *, offset: str = "reject", disambiguation: str = "compatible",
                  zones: Callable[[str], tzinfo] | None = None) -> datetime:
    """The aware datetime an RFC 9557 string stands for.

    ``2031-07-01T14:00:00+02:00[Europe/Berlin]`` gives 14:00 in ``tzcompat.ZoneInfo(
    "Europe/Berlin")`` when the zone still has +02:00 then. When it does not, ``offset``
    decides: ``"reject"`` (default) raises ValueError; ``"use"`` keeps the instant;
    ``"ignore"`` keeps the wall time; ``"prefer"`` keeps the offset where the zone allows
    it, else the wall time. ``disambiguation`` (``"compatible"``, ``"earlier"``,
    ``"later"``, ``"reject"``) resolves a skipped or repeated wall time that the offset
    does not settle. Without a zone the result has a fixed offset (``datetime.timezone``;
    ``Z`` gives UTC); ``[+01:00]`` is a fixed-offset zone. ``zones`` looks a key up
    (default ``tzcompat.ZoneInfo``).
    """
    _check_options(offset, disambiguation)
    p = parse_fields(text)
    _check_tags(p)
    tz = _zone(p, zones or _default_load)
    return resolve(p, tz, offset, disambiguation)


def resolve(p: Parsed, tz: tzinfo | None, offset: str, disambiguation: str) -> datetime:
    """The instant of parsed fields in ``tz`` under the two policies."""
    wall = p.wall
    try:
        if p.exact:
            instant = wall.replace(tzinfo=_UTC)
            return instant if tz is None else instant.astimezone(tz)
        if tz is None:
            return wall.replace(tzinfo=timezone(timedelta(seconds=p.offset or 0)))
        if p.offset is None or offset == "ignore":
            return from_wall(wall, tz, disambiguation, p.text)
        stored = timedelta(seconds=p.offset)
        if offset == "use":
            return (wall - stored).replace(tzinfo=_UTC).astimezone(tz)
        for cand in candidates(wall, tz):
            if _matches(cand.utcoffset(), p.offset, p.offset_seconds_given):  # type: ignore[arg-type]
                return cand
        if offset == "reject":
            readings = ", ".join(_offset_text(_secs(c.utcoffset())) for c in candidates(wall, tz))
            raise ValueError(
                f"{p.text!r}: the offset {_offset_text(p.offset)} is not valid for "
                f"{wall.isoformat()} in {tz} under the zone data in use (valid: "
                f"{readings or 'none, the clocks skip that time'}); pass offset='use' to "
                "keep the instant, 'ignore' to keep the wall time, 'prefer' for either")
        return from_wall(wall, tz, disambiguation, p.text)
    except OverflowError:
        raise _fail(p.text, 0, "the instant is outside datetime's range") from None


def _secs(td: timedelta | None) -> int:
    return 0 if td is None else td.days * 86400 + td.seconds


def _matches(actual: timedelta, stored: int, with_seconds: bool) -> bool:
    seconds = _secs(actual)
    if seconds == stored:
        return True
    # A writer that rounds offsets to minutes (RFC 3339, Temporal) wrote a local mean
    # time offset such as +00:19:32 as +00:20: that still names this reading.
    if with_seconds or not seconds % 60:
        return False
    sign = -1 if seconds < 0 else 1
    return sign * ((abs(seconds) + 30) // 60 * 60) == stored


def candidates(wall: datetime, tz: tzinfo) -> list[datetime]:
    """Every instant at which the clocks of ``tz`` show ``wall`` (naive), as aware
    datetimes in ``tz`` in time order: none in a gap, two in a fold."""
    out: list[datetime] = []
    for fold in (0, 1):
        off = wall.replace(tzinfo=tz, fold=fold).utcoffset()
        if off is None:
            raise ValueError(f"{tz!r} gives no UTC offset for {wall}")
        local = (wall - off).replace(tzinfo=_UTC).astimezone(tz)
        if local.replace(tzinfo=None, fold=0) == wall and all(
                local.utcoffset() != o.utcoffset() for o in out):
            out.append(local)
    out.sort(key=lambda d: d.utcoffset(), reverse=True)  # type: ignore[arg-type, return-value]
    return out


def from_wall(wall: datetime, tz: tzinfo, disambiguation: str, text: str = "") -> datetime:
    """The instant for a naive wall time in ``tz``, a gap or fold resolved as Temporal's
    ``disambiguation`` does."""
    cands = candidates(wall, tz)
    if len(cands) == 1:
        return cands[0]
    what = repr(text) if text else wall.isoformat()
    if cands:  # a repeated wall time: first (earlier) or second (later) occurrence
        if disambiguation == "reject":
            raise ValueError(f"{what}: {wall.isoformat()} occurs twice in {tz} "
                             "(disambiguation='reject')")
        return cands[-1] if disambiguation == "later" else cands[0]
    if disambiguation == "reject":
        raise ValueError(f"{what}: {wall.isoformat()} does not exist in {tz}: the clocks "
                         "skip it (disambiguation='reject')")
    offs = [wall.replace(tzinfo=tz, fold=f).utcoffset() for f in (0, 1)]
    # 'earlier' moves back by the gap (the offset after the change, continued before it);
    # 'later' and 'compatible' forward (the offset before it, continued after).
    off = max(offs) if disambiguation == "earlier" else min(offs)  # type: ignore[type-var]
    return (wall - off).replace(tzinfo=_UTC).astimezone(tz)  # type: ignore[operator]
