"""``recheck()``: which stored local times a zone data release changed the meaning of.

A stored future time is a wall time, the UTC offset it had when stored, and a zone key
(an RFC 9557 string holds all three). Under the data in use now the zone may no longer
have that offset at that wall time (a release abolished DST, moved a zone): then the
stored time has two readings, the stored instant and the stored wall time, and the
application has to choose. ``recheck`` finds those values and gives both readings.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import datetime, timedelta, timezone, tzinfo

from ._rfc9557 import _check_tags, _matches, _offset_text, candidates, from_wall, parse_fields

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

__all__ = ["ChangedTime", "recheck"]

_UTC = timezone.utc


class ChangedTime:
    """A stored time whose meaning differs under the zone data in use.

    - ``index``: its position in the values given to :func:`recheck`; ``value``: the value;
    - ``key``, ``wall`` (naive), ``stored_offset`` (timedelta): what was stored;
    - ``reason``: ``"offset"`` (the zone no longer has that offset at that wall time),
      ``"gap"`` (the wall time no longer exists: the clocks skip it) or ``"missing"``
      (the zone is not in the data in use; both readings are then None);
    - ``same_instant``: the stored instant, in the zone (its wall time moved);
    - ``same_wall``: the stored wall time in the zone now (its instant moved), a gap or
      fold resolved by ``disambiguation``.
    """

    __slots__ = ("index", "value", "key", "wall", "stored_offset", "reason",
                 "same_instant", "same_wall")

    def __init__(self, index: int, value: object, key: str, wall: datetime,
                 stored_offset: timedelta, reason: str, same_instant: datetime | None,
                 same_wall: datetime | None) -> None:
        self.index, self.value, self.key, self.wall = index, value, key, wall
        self.stored_offset, self.reason = stored_offset, reason
        self.same_instant, self.same_wall = same_instant, same_wall

    def __repr__(self) -> str:
        stored = f"{self.wall.isoformat()}{_offset_text(_seconds(self.stored_offset))}[{self.key}]"
        if self.reason == "missing":
            return f"ChangedTime({self.index}, {stored}: zone not in the data in use)"
        return (f"ChangedTime({self.index}, {stored}: same instant "
                f"{_text(self.same_instant)}, same wall time {_text(self.same_wall)})")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ChangedTime):
            return NotImplemented
        return all(getattr(self, n) == getattr(other, n) for n in self.__slots__)

    __hash__ = None  # type: ignore[assignment]


def _text(dt: datetime | None) -> str:
    if dt is None:
        return "None"
    return dt.replace(tzinfo=None).isoformat() + _offset_text(_seconds(dt.utcoffset()))


def _seconds(td: timedelta | None) -> int:
    return 0 if td is None else td.days * 86400 + td.seconds


def _default_load(key: str) -> tzinfo:
    from ._zoneinfo import ZoneInfo

    return ZoneInfo(key)


def recheck(values: Iterable[Any], *, disambiguation: str = "compatible",
            zones: Callable[[str], tzinfo] | None = None) -> list[ChangedTime]:
    """The stored times among ``values`` whose stored offset is no longer valid at their
    wall time under the zone data in use, each with both readings (a :class:`ChangedTime`).

    A value is an RFC 9557 string (``"2031-07-01T14:00:00+02:00[Europe/Berlin]"``), or a
    record ``(wall, offset, key)`` (a tuple, or a mapping with those keys): ``wall`` a
    naive datetime or ISO string, ``offset`` a timedelta, seconds, or ``"+02:00"``.
    Strings without an offset, without a zone, or with ``Z`` fix nothing a release can
    change and are never listed. ``zones`` looks a key up (default ``tzcompat.ZoneInfo``:
    the data in use). A malformed value raises ValueError naming its index.
    """
    if isinstance(values, (str, bytes)):
        raise TypeError("recheck() takes an iterable of stored values, not one string")
    load = zones or _default_load
    loaded: dict[str, tzinfo | None] = {}
    out = []
    for index, value in enumerate(values):
        try:
            fields = _fields(value)
        except (ValueError, TypeError) as exc:
            raise type(exc)(f"values[{index}]: {exc}") from None
        if fields is None:
            continue
        wall, stored, key, minutes_only = fields
        if key not in loaded:
            try:
                loaded[key] = load(key)
            except (KeyError, ValueError, OSError):
                loaded[key] = None
        tz = loaded[key]
        stored_td = timedelta(seconds=stored)
        if tz is None:
            out.append(ChangedTime(index, value, key, wall, stored_td, "missing", None, None))
            continue
        try:
            cands = candidates(wall, tz)
            if any(_matches(c.utcoffset(), stored, not minutes_only)  # type: ignore[arg-type]
                   for c in cands):
                continue
            same_instant = (wall - stored_td).replace(tzinfo=_UTC).astimezone(tz)
            same_wall = from_wall(wall, tz, disambiguation)
        except OverflowError:
            raise ValueError(f"values[{index}]: outside datetime's range") from None
        out.append(ChangedTime(index, value, key, wall, stored_td,
                               "offset" if cands else "gap", same_instant, same_wall))
    return out


def _fields(value: Any) -> tuple[datetime, int, str, bool] | None:
    """(wall, stored offset in seconds, key, offset written without seconds), or None for
    a value no release can change."""
    if isinstance(value, str):
        p = parse_fields(value)
        _check_tags(p)
        if p.offset is None or p.zone is None or p.zone[0] in "+-":
            return None
        return p.wall, p.offset, p.zone, not p.offset_seconds_given
    if isinstance(value, Mapping):
        try:
            wall, offset, key = value["wall"], value["offset"], value["key"]
        except KeyError as exc:
            raise ValueError(
                f"a stored record needs 'wall', 'offset' and 'key', missing {exc}") from None
    elif isinstance(value, (tuple, list)) and len(value) == 3:
        wall, offset, key = value
    else:
        raise TypeError("a stored value is an RFC 9557 string or a (wall, offset, key) "
                        f"record, not {type(value).__name__}")
    if isinstance(wall, str):
        wall = datetime.fromisoformat(wall)
    if not isinstance(wall, datetime) or wall.tzinfo is not None:
        raise ValueError(f"the wall time must be a naive datetime or ISO string, not {wall!r}")
    if not isinstance(key, str):
        raise TypeError(f"the key must be str, not {type(key).__name__}")
    return wall, _offset_seconds(offset), key, False


def _offset_seconds(offset: Any) -> int:
    if isinstance(offset, timedelta):
        seconds = offset.total_seconds()
    elif isinstance(offset, (int, float)) and not isinstance(offset, bool):
        seconds = offset
    elif isinstance(offset, str):
        sign = {"+": 1, "-": -1}.get(offset[:1])
        parts = offset[1:].split(":")
        if sign is None or not 2 <= len(parts) <= 3 or not all(
                len(x) == 2 and x.isdigit() for x in parts):
            raise ValueError(f"offset {offset!r} is not +HH:MM or +HH:MM:SS")
        h, m, s = (int(x) for x in [*parts, "0"][:3])
        seconds = sign * (h * 3600 + m * 60 + s)
    else:
        raise TypeError(f"the offset must be a timedelta, seconds or '+HH:MM', not {offset!r}")
    if seconds != int(seconds) or not -86400 < seconds < 86400:
        raise ValueError(f"offset {offset!r} must be whole seconds under 24 hours")
    return int(seconds)
