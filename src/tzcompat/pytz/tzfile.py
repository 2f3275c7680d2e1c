"""Build pytz zones from TZif data through the core (``build_tzinfo`` as in pytz)."""

from __future__ import annotations

import io
import struct
from _thread import allocate_lock as Lock
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
    from .._engine import ZoneEngine  # import cost: the core loads at the first zone

    data = fp.read()
    if data[:4] != b"TZif":
        raise AssertionError(f"Got magic {data[:4]!r}")
    try:
        engine = ZoneEngine.from_file(io.BytesIO(data), key=zone)
    except ValueError as exc:
        raise struct.error(str(exc)) from exc

    def public() -> Any:
        from .._zoneinfo import ZoneInfo  # import cost: zoneinfo, when first asked for

        return ZoneInfo.from_file(io.BytesIO(data), key=zone)

    return from_zoneinfo(zone, engine, public)


class _ZoneModule:
    """The module name per-zone classes report: ``pytz.tzfile`` (as pytz's do) while
    tzcompat.pytz is installed as ``pytz``, so checks such as
    ``type(tz).__module__.startswith("pytz")`` hold. Setting ``value`` renames the classes
    made so far too (``uninstall()`` sets it back)."""

    value: str

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


_zone_classes: WeakSet[type] = WeakSet()
_ZONE_MODULE = _ZoneModule()


def from_zoneinfo(zone: str, zi: Any, public: Any = None) -> BaseTzInfo:
    """Make the pytz zone object (a fresh class and family) for the core zone ``zi``.

    ``zi`` is a ``tzcompat.ZoneInfo`` or the core's cheaper ``ZoneEngine`` (same answers,
    no standard-library part); ``public()`` then makes the ``tzcompat.ZoneInfo`` that the
    zone's ``.zoneinfo`` returns, on first use.
    """
    if public is None:
        public = _Fixed(zi)
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
                "_engine": zi,
                "_public": _Once(public),
                "__module__": _ZONE_MODULE.value,
            },
        )
        _zone_classes.add(cls)
        static: BaseTzInfo = cls()
        return static
    zd = _ZoneData(zone, zi, first)
    zd.public = _Once(public)
    cls = type(zone, (DstTzInfo,), {"zone": zone, "_zd": zd, "__module__": _ZONE_MODULE.value})
    _zone_classes.add(cls)
    zd.cls = cls
    dst: BaseTzInfo = cls()
    return dst


class _Fixed:
    """``public`` for a zone built on a ``tzcompat.ZoneInfo``: that object."""

    __slots__ = ("zi",)

    def __init__(self, zi: Any) -> None:
        self.zi = zi

    def __call__(self) -> Any:
        return self.zi


class _Once:
    """Calls ``make`` once (under a lock) and keeps the result."""

    __slots__ = ("make", "value", "lock")

    def __init__(self, make: Any) -> None:
        self.make = make
        self.value = None
        self.lock = Lock()

    def __call__(self) -> Any:
        if self.value is None:
            with self.lock:
                if self.value is None:
                    self.value = self.make()
        return self.value
