"""pandas keeps transition tables of its own per zone: after a refresh, drop them.

pandas caches a zone's transitions in ``pandas._libs.tslibs.timezones.dst_cache`` (a
private dict) under a key it derives from the zone: ``"zoneinfo/<key>"`` for a
``zoneinfo.ZoneInfo`` (ours are), the zone name for a pytz zone, ``"dateutil<path>"`` for
a dateutil ``tzfile``. For a ``zoneinfo.ZoneInfo`` it builds those tables from a pure-Python
"twin" (``zoneinfo._zoneinfo.ZoneInfo(key)``) that it keeps for good, so the twin itself
is reloaded. Nothing here imports pandas: when pandas is not loaded there is nothing to do,
and a pandas that keeps its cache elsewhere is left alone.
"""

from __future__ import annotations

import sys

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable
    from typing import Any

__all__ = ["cache_key", "forget_cache", "register"]

_TIMEZONES = "pandas._libs.tslibs.timezones"


def register() -> None:
    """The ``tzcompat.integrations`` entry point: hook this module into refresh."""
    from .._registry import register_cache_hook

    register_cache_hook("pandas", on_refresh)


def cache_key(zone: Any) -> str | None:
    """The key under which pandas caches ``zone``'s transitions (None: not cached by key)."""
    key = getattr(zone, "_z_key", None)
    if key is not None:
        return f"zoneinfo/{key}"
    filename = getattr(zone, "_filename", None)
    if filename is not None and "_data" in getattr(zone, "__dict__", {}):
        return f"dateutil{filename}"
    name = getattr(zone, "zone", None)
    return name if isinstance(name, str) else None


def forget_cache(cache_keys: Iterable[str]) -> int:
    """Drop pandas' cached transitions for ``cache_keys``; how many entries were dropped."""
    cache = getattr(sys.modules.get(_TIMEZONES), "dst_cache", None)
    if not isinstance(cache, dict):
        return 0
    dropped = 0
    for key in cache_keys:
        if cache.pop(key, None) is not None:
            dropped += 1
    return dropped


def on_refresh(zones: list[Any]) -> None:
    """Forget pandas' tables for ``zones`` and reload the pure-Python twins of core zones."""
    if _TIMEZONES not in sys.modules:
        return
    keys = [k for k in map(cache_key, zones) if k is not None]
    forget_cache(keys)
    _reload_pure_twins([k[len("zoneinfo/"):] for k in keys if k.startswith("zoneinfo/")])


def _reload_pure_twins(keys: list[str]) -> None:
    """Reload in place the standard library's pure-Python zones cached for ``keys`` (their
    fields are replaced in one ``__dict__`` update)."""
    pure = sys.modules.get("zoneinfo._zoneinfo")
    cls = getattr(pure, "ZoneInfo", None)
    cache = getattr(cls, "_weak_cache", None)
    if cache is None:
        return
    for key in keys:
        twin = cache.get(key)
        if twin is None:
            continue
        try:
            fresh = cls.no_cache(key)  # type: ignore[union-attr]
        except Exception:  # the stdlib finds no valid data for it: leave the twin
            continue
        fields = dict(vars(fresh))
        fields.pop("_from_cache", None)
        vars(twin).update(fields)
