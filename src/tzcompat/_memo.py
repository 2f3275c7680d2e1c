"""Bounded memo tables shared by every layer, and the one timedelta cache.

Zones share a few hundred distinct offsets, and the core, pytz's period tables and
dateutil's year tables all ask for the same ``timedelta`` objects: one table here serves
them all. Plain dicts, not ``functools``: that would be one more module to import at start-up.

A table is emptied when it reaches its limit. The values are cheap to rebuild, and an LRU
would cost more on every hit than a rebuild costs on a rare miss.

Without the GIL (free-threaded builds) this stays correct: each step is one dict operation,
the value returned is the one read or the one just made, and a concurrent ``clear()`` can
only lose entries, never hand out a wrong one.
"""

from __future__ import annotations

from datetime import timedelta

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Hashable
    from typing import TypeVar

    K = TypeVar("K", bound=Hashable)
    V = TypeVar("V")

__all__ = ["memo", "timedelta_of", "timedelta_table"]


def memo(table: dict[K, V], limit: int, key: K, make: Callable[[K], V]) -> V:
    """``table[key]``, computed by ``make(key)`` on a miss; the table is emptied at ``limit``."""
    value = table.get(key)
    if value is None:
        if len(table) >= limit:
            table.clear()
        value = table[key] = make(key)
    return value


# Public for pytz.tzinfo, which shows it as its own ``_timedelta_cache``.
timedelta_table: dict[int, timedelta] = {}


def timedelta_of(seconds: int) -> timedelta:
    """One shared ``timedelta(seconds=seconds)`` per value (offsets, DST amounts)."""
    value = timedelta_table.get(seconds)
    if value is None:
        if len(timedelta_table) >= 4096:
            timedelta_table.clear()
        value = timedelta_table[seconds] = timedelta(seconds=seconds)
    return value
