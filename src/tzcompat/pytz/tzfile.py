"""Build pytz zones from TZif data through the core (``build_tzinfo`` as in pytz)."""

from __future__ import annotations

import io
import struct
from _weakrefset import WeakSet

from .tzinfo import BaseTzInfo, DstTzInfo, StaticTzInfo, _ZoneData, memorized_timedelta, zone_head

TYPE_CHECKING = False  # typing costs import time; annotations are strings
if TYPE_CHECKING:
    from typing import IO, Any

__all__: list[str] = []


def _byte_string(s: str) -> bytes:
    """Encode a string as ASCII bytes."""
    return s.encode("ASCII")


_NULL = _byte_string("\0")


def _std_string(s: bytes) -> str:
    """Decode ASCII bytes to a string."""
    return str(s.decode("ASCII"))


def build_tzinfo(zone: str, fp: IO[bytes]) -> BaseTzInfo:
    """Build a zone named ``zone`` from the TZif file object ``fp`` (read by the core).

    Errors are pytz's: ``AssertionError`` for a file that is not TZif, ``struct.error`` for
    one the reader cannot parse.
    """
    from tzcompat import ZoneInfo

    data = fp.read()
    if data[:4] != b"TZif":
        raise AssertionError(f"Got magic {data[:4]!r}")
    try:
        zi = ZoneInfo.from_file(io.BytesIO(data), key=zone)
    except ValueError as exc:
        raise struct.error(str(exc)) from exc
    return from_zoneinfo(zone, zi)


class _ZoneModule:
    """The module name per-zone classes report: ``pytz.tzfile`` (as pytz's do) while
    tzcompat.pytz is installed as ``pytz``, so checks such as
    ``type(tz).__module__.startswith("pytz")`` hold. Setting ``value`` renames the classes
    made so far too (``uninstall()`` sets it back)."""

    def __init__(self) -> None:
        object.__setattr__(self, "value", __name__)

    def __setattr__(self, name: str, value: str) -> None:
        if name != "value":
            raise AttributeError(name)
        old = self.value
        object.__setattr__(self, "value", value)
        for cls in list(_zone_classes):
            if cls.__module__ == old:
                cls.__module__ = value


_zone_classes: WeakSet = WeakSet()
_ZONE_MODULE = _ZoneModule()


def from_zoneinfo(zone: str, zi: Any) -> BaseTzInfo:
    """Make the pytz zone object (a fresh class and family) for the core zone ``zi``."""
    is_dst_zone, first = zone_head(zi)
    if not is_dst_zone:
        cls = type(
            zone,
            (StaticTzInfo,),
            {
                "zone": zone,
                # pytz keeps a static zone's offset unrounded.
                "_utcoffset": memorized_timedelta(first[0]),
                "_tzname": first[2],
                "_zoneinfo": zi,
                "__module__": _ZONE_MODULE.value,
            },
        )
        _zone_classes.add(cls)
        return cls()
    zd = _ZoneData(zone, zi, first)
    cls = type(zone, (DstTzInfo,), {"zone": zone, "_zd": zd, "__module__": _ZONE_MODULE.value})
    _zone_classes.add(cls)
    zd.cls = cls
    return cls()
