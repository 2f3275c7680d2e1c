"""RFC 9557 (Internet Extended Date/Time Format) for standard-library datetimes.

``format_rfc9557(dt)`` writes ``2031-07-01T14:00:00+02:00[Europe/Berlin]``: the RFC 3339
date-time (wall time and the offset in force) and the zone's key in brackets. It writes the
reading the zone gives for the datetime's instant: a wall time the clocks skip (which a
``datetime`` can hold, with the offset PEP 495's ``fold`` picks) is written as the wall time
the clocks showed at that instant, as Temporal's ``ZonedDateTime`` always holds; so every
string it writes parses back, with the same data, to the same instant.

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

A stored offset matches a zone's offset when they are equal, or, as Temporal matches a
string's offset written without seconds, when the stored one is whole minutes and the zone's
(a local mean time such as ``-04:56:02``) rounds to it: one rule for every form a stored
time takes (``offset_matches``). The syntax is ``_ixdtf``'s; zone names and loaders are
``_zonenames``'s.
"""

from __future__ import annotations

import sys
from datetime import datetime, timedelta, timezone, tzinfo

from ._engine import _ZoneRules
from ._ixdtf import (
    NANOSECONDS,
    Parsed,
    check_tags,
    check_zone_name,
    fail,
    offset_text,
    offset_zone_seconds,
    parse_fields,
    quick_fields,
)
from ._zonenames import fixed_zone, load_zone

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

__all__ = ["format_rfc9557", "parse_rfc9557"]

_UTC = timezone.utc
OFFSET_POLICIES = ("reject", "use", "ignore", "prefer")
DISAMBIGUATIONS = ("compatible", "earlier", "later", "reject")
# The quick reader (``_ixdtf.quick_fields``) and the quick resolution below; the
# differential test turns them off to compare with the careful path alone.
QUICK = [True]
_iso = datetime.isoformat  # the C method, also for subclasses that override it (pandas)


# --- formatting ---------------------------------------------------------------------

# tzinfo type -> (the attribute naming its zone, kind). The kind is _ENGINE for tzcompat's
# zones (their day blocks tell an ordinary wall time in one probe), _PEP495 for other
# subclasses of the standard library's ZoneInfo (fold picks the reading), _OTHER for the
# rest (pytz's, dateutil's, ...). Names are checked against RFC 9557's grammar once.
_kinds: dict[type, tuple[str, int]] = {}
_checked_names: set[str] = set()
_OTHER, _PEP495, _ENGINE = 0, 1, 2


def _zone_entry(tz: tzinfo) -> tuple[str, int]:
    """(the zone's key, its kind) for a named zone; ValueError for one without a key."""
    kind = type(tz)
    known = _kinds.get(kind)
    for attr in (known[0],) if known else ("key", "zone"):
        name = getattr(tz, attr, None)
        if isinstance(name, str) and name:
            if name not in _checked_names:
                check_zone_name(name, name, 0)
                if len(_checked_names) < 4096:
                    _checked_names.add(name)
            if known is None:
                zoneinfo = sys.modules.get("zoneinfo")
                sort = _OTHER
                if isinstance(tz, _ZoneRules):
                    sort = _ENGINE
                elif zoneinfo is not None and isinstance(tz, zoneinfo.ZoneInfo):
                    sort = _PEP495
                known = _kinds[kind] = (attr, sort)
            return name, known[1]
    raise ValueError(
        f"cannot name the time zone of {tz!r} in RFC 9557 (it has no IANA key); "
        "use tzcompat.ZoneInfo or zoneinfo.ZoneInfo")


def format_rfc9557(dt: datetime, *, critical: bool = False) -> str:
    """``dt`` as an RFC 9557 string: ``2031-07-01T14:00:00+02:00[Europe/Berlin]``.

    The zone is written by its key (a ``ZoneInfo``'s ``key``, a pytz zone's ``zone``); a
    datetime with a fixed offset (``datetime.timezone``) gets no bracket, and UTC is
    written ``Z``. ``critical=True`` marks the zone critical (``[!Europe/Berlin]``): a
    reader must then act on a conflict between offset and zone. Microseconds are
    written when not zero. A wall time the zone skips is written as the zone's reading of
    the datetime's instant (``02:30`` on a spring-forward night with ``fold=0`` is the
    instant ``03:30`` shows), so that the string parses back to that instant.
    """
    if not isinstance(dt, datetime):
        raise TypeError(f"format_rfc9557() needs a datetime, not {type(dt).__name__}")
    tz = dt.tzinfo
    if tz is None:
        raise ValueError(f"format_rfc9557() needs an aware datetime, got naive {dt!r}")
    if tz is _UTC:
        return _trim(_iso(dt)[:-6]) + "Z"
    if type(tz) is timezone:
        return _trim(_iso(dt))
    known = _kinds.get(type(tz))
    name = getattr(tz, known[0], None) if known is not None else None
    if known is not None and name is not None and name in _checked_names:
        kind = known[1]
    else:
        name, kind = _zone_entry(tz)
    if kind == _ENGINE:
        offset = tz.plain_offset(dt)  # type: ignore[attr-defined]  # an engine zone has it
        if offset is not None:  # an ordinary wall time: written as it is
            text = _iso(dt.replace(tzinfo=None))
            if dt.microsecond:
                text = text.rstrip("0")
            off = _offset_texts.get(offset) or _offset_text_of(offset)
            return f"{text}{off}[!{name}]" if critical else f"{text}{off}[{name}]"
    offset = dt.utcoffset()
    if offset is None:
        raise ValueError(f"format_rfc9557() needs an aware datetime, got naive {dt!r}")
    if kind == _OTHER or dt.replace(fold=not dt.fold).utcoffset() != offset:
        # Near a transition (or a zone that ignores fold): write the real reading.
        dt = _real_reading(dt, tz, offset)
    text = _iso(dt)
    if dt.microsecond or offset.microseconds:
        text = _trim(text)
    return f"{text}[!{name}]" if critical else f"{text}[{name}]"


_offset_texts: dict[timedelta, str] = {}


def _offset_text_of(offset: timedelta) -> str:
    text = offset_text(offset.days * 86400 + offset.seconds)
    if len(_offset_texts) < 1024:
        _offset_texts[offset] = text
    return text


def _trim(text: str) -> str:
    """``isoformat()``'s text with the fraction's trailing zeros dropped, and refused when
    the offset has fractions of a second (RFC 9557 offsets cannot)."""
    head, dot, rest = text.partition(".")
    if not dot:
        return text
    digits = rest[:6]
    tail = rest[6:]
    if "." in tail or len(head) != 19:  # the wall time is always 19 characters
        raise ValueError(f"the UTC offset of {text!r} has fractions of a second: "
                         "not representable")
    return f"{head}.{digits.rstrip('0')}{tail}" if digits.strip("0") else head + tail


def _real_reading(dt: datetime, tz: tzinfo, offset: timedelta) -> datetime:
    """The datetime the zone gives for ``dt``'s instant (``dt`` itself when it is that)."""
    try:
        real = tz.fromutc((dt.replace(tzinfo=None) - offset).replace(tzinfo=tz))
    except (OverflowError, ValueError):
        return dt  # outside datetime's range: no other reading to write
    if real.utcoffset() == offset and real.replace(tzinfo=None) == dt.replace(tzinfo=None):
        return dt
    return real


# --- parsing --------------------------------------------------------------------------


def check_options(offset: str, disambiguation: str, nanoseconds: str = "truncate") -> None:
    """The one check of the policy arguments, for ``parse_rfc9557`` and ``recheck``."""
    for name, value, allowed in (("offset", offset, OFFSET_POLICIES),
                                 ("disambiguation", disambiguation, DISAMBIGUATIONS),
                                 ("nanoseconds", nanoseconds, NANOSECONDS)):
        if value not in allowed or type(value) is not str:
            raise ValueError(f"{name} must be one of {', '.join(map(repr, allowed))}, "
                             f"not {value!r}")


_deltas: dict[int, timedelta] = {}


def delta(seconds: int) -> timedelta:
    """``timedelta(seconds=seconds)``, one object per offset seen."""
    td = _deltas.get(seconds)
    if td is None:
        td = timedelta(seconds=seconds)
        if len(_deltas) < 1024:
            _deltas[seconds] = td
    return td


def parse_rfc9557(text: str, *, offset: str = "reject", disambiguation: str = "compatible",
                  zones: Callable[[str], tzinfo | None] | None = None,
                  nanoseconds: str = "truncate") -> datetime:
    """The aware datetime an RFC 9557 string stands for.

    ``2031-07-01T14:00:00+02:00[Europe/Berlin]`` gives 14:00 in ``tzcompat.ZoneInfo(
    "Europe/Berlin")`` when the zone still has +02:00 then. When it does not, ``offset``
    decides: ``"reject"`` (default) raises ValueError; ``"use"`` keeps the instant;
    ``"ignore"`` keeps the wall time; ``"prefer"`` keeps the offset where the zone allows
    it, else the wall time. ``disambiguation`` (``"compatible"``, ``"earlier"``,
    ``"later"``, ``"reject"``) resolves a skipped or repeated wall time that the offset
    does not settle. Without a zone the result has a fixed offset (``datetime.timezone``;
    ``Z`` gives UTC); ``[+01:00]`` is a fixed-offset zone. Zone names are matched without
    regard to case and the result has the data's spelling. ``zones`` looks a key up
    (default ``tzcompat.ZoneInfo``); a loader that returns None, or raises KeyError,
    ValueError or OSError, does not know the zone. Fractions of a second beyond
    microseconds (Java and Temporal write up to 9 digits) are truncated;
    ``nanoseconds="reject"`` refuses a string whose dropped digits are not all zero.
    """
    if offset != "reject" or disambiguation != "compatible" or nanoseconds != "truncate":
        check_options(offset, disambiguation, nanoseconds)
    q = quick_fields(text, nanoseconds) if type(text) is str and QUICK[0] else None
    if q is None:
        return _careful(text, offset, disambiguation, zones, nanoseconds)
    wall, stored, exact, name, critical = q
    if name is None:
        # Stored is set without a name.
        return wall.replace(tzinfo=_UTC if exact else fixed_zone(stored))  # type: ignore[arg-type]
    tz = load_zone(name, zones)
    if tz is None:
        raise _unknown_zone(text, text.index("[") + 1 + critical, name)
    try:
        if exact:
            return wall.replace(tzinfo=_UTC).astimezone(tz)
        if stored is not None and offset != "ignore":
            local = reading(wall, tz, _deltas.get(stored) or delta(stored))
            if local is not None:
                return local  # the stored offset is the zone's at that wall time
    except OverflowError:
        pass
    p = Parsed(text)
    p.wall, p.offset, p.exact, p.zone = wall, stored, exact, name
    return resolve(p, tz, offset, disambiguation)


def reading(wall: datetime, tz: tzinfo, offset: timedelta) -> datetime | None:
    """``wall`` in ``tz`` when ``offset`` is the zone's offset there (the reading with that
    offset, fold set), else None. tzcompat's zones answer an ordinary day from their day
    blocks; otherwise the instant ``wall - offset`` is converted and compared."""
    local = wall.replace(tzinfo=tz)
    if isinstance(tz, _ZoneRules) and 1 < wall.year < 9999:  # the instant is in range
        plain = tz.plain_offset(local)
        if plain is not None:
            return local if plain == offset else None
    # What astimezone does from UTC, without its UTC offset call.
    local = tz.fromutc((wall - offset).replace(tzinfo=tz))
    return local if local.replace(tzinfo=None) == wall else None


def _careful(text: str, offset: str, disambiguation: str,
             zones: Callable[[str], tzinfo | None] | None, nanoseconds: str) -> datetime:
    p = parse_fields(text, nanoseconds)
    check_tags(p)
    return resolve(p, zone_of(p, zones), offset, disambiguation)


def _unknown_zone(text: str, pos: int, name: str) -> ValueError:
    # Unknown to the data in use: refused, critical or not (as Temporal does): a datetime
    # without its zone would lose the meaning the string was stored for.
    return fail(text, pos, f"time zone {name!r} is not in the zone data in use")


def zone_of(p: Parsed, zones: Callable[[str], tzinfo | None] | None) -> tzinfo | None:
    """The zone of parsed fields: None without a bracket, a ``datetime.timezone`` for an
    offset zone, else the loader's; ValueError naming the position for an unknown one."""
    if p.zone is None:
        return None
    if p.zone[0] in "+-":
        return fixed_zone(offset_zone_seconds(p.zone))
    tz = load_zone(p.zone, zones)
    if tz is None:
        raise _unknown_zone(p.text, p.zone_pos + 1 + p.zone_critical, p.zone)
    return tz


def resolve(p: Parsed, tz: tzinfo | None, offset: str, disambiguation: str) -> datetime:
    """The instant of parsed fields in ``tz`` under the two policies."""
    wall = p.wall
    try:
        if p.exact:
            instant = wall.replace(tzinfo=_UTC)
            return instant if tz is None else instant.astimezone(tz)
        if tz is None:
            return wall.replace(tzinfo=fixed_zone(p.offset or 0))
        if p.offset is None or offset == "ignore":
            return from_wall(wall, tz, disambiguation, p.text)
        if offset == "use":
            return (wall - delta(p.offset)).replace(tzinfo=_UTC).astimezone(tz)
        found = matching(candidates(wall, tz), p.offset)
        if found is not None:
            return found
        if offset == "reject":
            readings = ", ".join(offset_text(_secs(c.utcoffset())) for c in candidates(wall, tz))
            raise ValueError(
                f"{p.text!r}: the offset {offset_text(p.offset)} is not valid for "
                f"{wall.isoformat()} in {tz} under the zone data in use (valid: "
                f"{readings or 'none, the clocks skip that time'}); pass offset='use' to "
                "keep the instant, 'ignore' to keep the wall time, 'prefer' for either")
        return from_wall(wall, tz, disambiguation, p.text)
    except OverflowError:
        raise fail(p.text, 0, "the instant is outside datetime's range") from None


def _secs(td: timedelta | None) -> int:
    return 0 if td is None else td.days * 86400 + td.seconds


def offset_matches(actual: int, stored: int) -> bool:
    """Whether a stored offset (seconds) names a zone's offset ``actual``: equal, or the
    stored one is whole minutes and ``actual`` has seconds and rounds to it (half away from
    zero), as Temporal matches offsets written without seconds. The same rule for every
    form of a stored time (string, record), so one value gets one verdict."""
    if actual == stored:
        return True
    if stored % 60 or not actual % 60:
        return False
    sign = -1 if actual < 0 else 1
    return sign * ((abs(actual) + 30) // 60 * 60) == stored


def matching(cands: list[datetime], stored: int) -> datetime | None:
    """The reading whose offset is ``stored`` exactly, else the one it names by rounding."""
    for cand in cands:
        if _secs(cand.utcoffset()) == stored:
            return cand
    for cand in cands:
        if offset_matches(_secs(cand.utcoffset()), stored):
            return cand
    return None


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
    # Aware in tz: offsets not None.
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
    # Both offsets are there: candidates() refused a None one.
    offs = [off for f in (0, 1) if (off := wall.replace(tzinfo=tz, fold=f).utcoffset()) is not None]
    # 'earlier' moves back by the gap (the offset after the change, continued before it);
    # 'later' and 'compatible' forward (the offset before it, continued after).
    off = max(offs) if disambiguation == "earlier" else min(offs)
    return (wall - off).replace(tzinfo=_UTC).astimezone(tz)
