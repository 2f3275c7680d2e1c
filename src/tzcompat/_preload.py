"""``preload()``: every zone read once, so later lookups never touch the file system.

An asyncio application calls ``preload()`` once at start-up (in an executor): afterwards
``tzcompat.ZoneInfo(key)`` for those keys is a cache hit (no open, no stat, no read), so
zone access inside the event loop never blocks on the disk. The zones are held here, so
the cache cannot drop them; ``refresh()`` still updates them in place when the data on disk
changes, and ``ZoneInfo.clear_cache()`` lets them go.
"""

from __future__ import annotations

from _thread import allocate_lock

from . import _tzpath
from ._zoneinfo import ZoneInfo

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable

    from ._zoneinfo import ZoneInfo

__all__ = ["preload"]

_lock = allocate_lock()
# key -> zone: the strong references that keep preloaded zones in the weak cache.
_held: dict[str, ZoneInfo] = {}


def preload(keys: Iterable[str] | None = None) -> dict[str, ZoneInfo]:
    """Load ``keys`` (default: every available zone) into ``tzcompat.ZoneInfo``'s cache and
    keep them there; returns key -> zone.

    Later ``ZoneInfo(key)`` calls for these keys do no file I/O. With ``keys=None`` a
    file that is not valid zone data is left out; a key given explicitly that cannot be
    loaded raises as ``ZoneInfo(key)`` would.
    """
    if isinstance(keys, (str, bytes)):
        raise TypeError(f"keys must be an iterable of keys, not a single {type(keys).__name__}")
    explicit = keys is not None
    wanted = sorted(_tzpath.available_timezones()) if keys is None else list(keys)
    loaded: dict[str, ZoneInfo] = {}
    for key in wanted:
        try:
            loaded[key] = ZoneInfo(key)
        except (KeyError, ValueError, OSError):
            if explicit:
                raise
    with _lock:
        _held.update(loaded)
    return loaded
