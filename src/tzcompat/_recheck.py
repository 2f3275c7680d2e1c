"""``recheck()``: which stored local times a zone data release changed the meaning of.

A stored future time is a wall time, the UTC offset it had when stored, and a zone key
(an RFC 9557 string holds all three). Under the data in use now the zone may no longer
have that offset at that wall time (a release abolished DST, moved a zone): then the
stored time has two readings, the stored instant and the stored wall time, and the
application has to choose. ``recheck`` finds those values and gives both readings.

Every value gets its own verdict, whatever happens to the others: a malformed one is
listed (``"invalid"``), as is one whose zone is gone (``"missing"``), and the scan goes on.
Strings and records are judged by the same rule (``_rfc9557.offset_matches``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import datetime, timedelta, timezone, tzinfo

from ._ixdtf import check_tags, offset_seconds, offset_text, parse_fields, quick_fields
from ._rfc9557 import QUICK, candidates, check_options, delta, from_wall, matching, reading
from ._zonenames import canonical_key, load_zone

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

__all__ = ["ChangedTime", "recheck"]

_UTC = timezone.utc


class ChangedTime:
    """A stored time whose meaning differs under the zone data in use, or that cannot be
    read.

    - ``index``: its position in the values given to :func:`recheck`; ``value``: the value;
    - ``key``, ``wall`` (naive), ``stored_offset`` (timedelta): what was stored (the key in
      the data's spelling; all three None for an invalid value);
    - ``reason``: ``"offset"`` (the zone no longer has that offset at that wall time),
      ``"gap"`` (the wall time no longer exists: the clocks skip it), ``"missing"``
      (the zone is not in the data in use; both readings are then None) or ``"invalid"``
      (the value is malformed: ``error`` says how);
    - ``same_instant``: the stored instant, in the zone (its wall time moved);
    - ``same_wall``: the stored wall time in the zone now (its instant moved), a gap or
      fold resolved by ``disambiguation`` (None under ``"reject"`` when the wall time is
      skipped or repeated);
    - ``error``: for ``"invalid"``, the message of the error reading the value raised.
    """

    __slots__ = ("index", "value", "key", "wall", "stored_offset", "reason",
                 "same_instant", "same_wall", "error")

    def __init__(self, index: int, value: object, key: str | None, wall: datetime | None,
                 stored_offset: timedelta | None, reason: str, same_instant: datetime | None,
                 same_wall: datetime | None, error: str | None = None) -> None:
        self.index, self.value, self.key, self.wall = index, value, key, wall
        self.stored_offset, self.reason = stored_offset, reason
        self.same_instant, self.same_wall = same_instant, same_wall
        self.error = error

    def __repr__(self) -> str:
        if self.reason == "invalid":
            return f"ChangedTime({self.index}, invalid: {self.error})"
        wall = self.wall.isoformat() if self.wall is not None else "?"
        stored = f"{wall}{offset_text(_seconds(self.stored_offset))}[{self.key}]"
        if self.reason == "missing":
            return f"ChangedTime({self.index}, {stored}: zone not in the data in use)"
        return (f"ChangedTime({self.index}, {stored}: same instant "
                f"{_text(self.same_instant)}, same wall time {_text(self.same_wall)})")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ChangedTime):
            return NotImplemented
        return all(getattr(self, n) == getattr(other, n) for n in self.__slots__)

    __hash__ = None  # type: ignore[assignment]  # unhashable, as the original


def _text(dt: datetime | None) -> str:
    if dt is None:
        return "None"
    return dt.replace(tzinfo=None).isoformat() + offset_text(_seconds(dt.utcoffset()))


def _seconds(td: timedelta | None) -> int:
    return 0 if td is None else td.days * 86400 + td.seconds


def recheck(values: Iterable[Any], *, disambiguation: str = "compatible",
            zones: Callable[[str], tzinfo | None] | None = None) -> list[ChangedTime]:
    """The stored times among ``values`` whose stored offset is no longer valid at their
    wall time under the zone data in use, each with both readings (a :class:`ChangedTime`),
    and the values that cannot be read.

    A value is an RFC 9557 string (``"2031-07-01T14:00:00+02:00[Europe/Berlin]"``), or a
    record ``(wall, offset, key)`` (a tuple, or a mapping with those keys): ``wall`` a
    naive datetime or ISO string, ``offset`` a timedelta, seconds, or ``"+02:00"``.
    Strings without an offset, without a zone, or with ``Z`` fix nothing a release can
    change and are never listed. ``zones`` looks a key up (default ``tzcompat.ZoneInfo``:
    the data in use; a loader that returns None does not know the zone). Each value gets
    one verdict and the scan goes on: a malformed value is listed with reason
    ``"invalid"``, a zone the data lacks with ``"missing"``. ``disambiguation`` is
    checked as ``parse_rfc9557`` checks it.
    """
    if isinstance(values, (str, bytes)):
        raise TypeError("recheck() takes an iterable of stored values, not one string")
    check_options("reject", disambiguation)
    loaded: dict[str, tuple[str, tzinfo | None]] = {}
    out = []
    for index, value in enumerate(values):
        try:
            fields = _fields(value)
        except (ValueError, TypeError) as exc:
            out.append(ChangedTime(index, value, None, None, None, "invalid", None, None,
                                   str(exc)))
            continue
        if fields is None:
            continue
        wall, stored, name = fields
        entry = loaded.get(name)
        if entry is None:
            entry = loaded[name] = (canonical_key(name), load_zone(name, zones))
        key, tz = entry
        stored_td = delta(stored)
        if tz is None:
            out.append(ChangedTime(index, value, key, wall, stored_td, "missing", None, None))
            continue
        try:
            if reading(wall, tz, stored_td) is not None:
                continue  # the stored offset is the zone's at that wall time
            same_instant = (wall - stored_td).replace(tzinfo=_UTC).astimezone(tz)
            cands = candidates(wall, tz)
            if matching(cands, stored) is not None:
                continue
            try:
                same_wall: datetime | None = from_wall(wall, tz, disambiguation)
            except ValueError:  # disambiguation="reject": skipped or repeated
                same_wall = None
        except OverflowError:
            out.append(ChangedTime(index, value, None, None, None, "invalid", None, None,
                                   "the instant is outside datetime's range"))
            continue
        out.append(ChangedTime(index, value, key, wall, stored_td,
                               "offset" if cands else "gap", same_instant, same_wall))
    return out


def _fields(value: Any) -> tuple[datetime, int, str] | None:
    """(wall, stored offset in seconds, zone name), or None for a value no release can
    change."""
    if isinstance(value, str):
        q = quick_fields(value) if QUICK[0] else None
        if q is not None:
            wall, offset, _exact, zone, _critical = q
        else:
            p = parse_fields(value)
            check_tags(p)
            wall, offset, zone = p.wall, p.offset, p.zone
        if offset is None or zone is None or zone[0] in "+-":
            return None
        return wall, offset, zone
    if isinstance(value, (tuple, list)) and len(value) == 3:
        wall, offset, key = value
    elif isinstance(value, Mapping):
        try:
            wall, offset, key = value["wall"], value["offset"], value["key"]
        except KeyError as exc:
            raise ValueError(
                f"a stored record needs 'wall', 'offset' and 'key', missing {exc}") from None
    else:
        raise TypeError("a stored value is an RFC 9557 string or a (wall, offset, key) "
                        f"record, not {type(value).__name__}")
    if isinstance(wall, str):
        wall = datetime.fromisoformat(wall)
    if not isinstance(wall, datetime) or wall.tzinfo is not None:
        raise ValueError(f"the wall time must be a naive datetime or ISO string, not {wall!r}")
    if not isinstance(key, str):
        raise TypeError(f"the key must be str, not {type(key).__name__}")
    return wall, _offset_seconds(offset), key


def _offset_seconds(offset: Any) -> int:
    if isinstance(offset, timedelta):
        seconds = offset.total_seconds()
    elif isinstance(offset, (int, float)) and not isinstance(offset, bool):
        seconds = offset
    elif isinstance(offset, str):
        seconds = offset_seconds(offset)
    else:
        raise TypeError(f"the offset must be a timedelta, seconds or '+HH:MM', not {offset!r}")
    if seconds != int(seconds) or not -86400 < seconds < 86400:
        raise ValueError(f"offset {offset!r} must be whole seconds under 24 hours")
    return int(seconds)
