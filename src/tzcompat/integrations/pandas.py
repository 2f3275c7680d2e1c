"""pandas' own views of zones and of pytz, kept in step with tzcompat.

After a refresh: pandas keeps transition tables of its own per zone; drop them.

pandas caches a zone's transitions in ``pandas._libs.tslibs.timezones.dst_cache`` (a
private dict) under a key it derives from the zone: ``"zoneinfo/<key>"`` for a
``zoneinfo.ZoneInfo`` (ours are), the zone name for a pytz zone, ``"dateutil<path>"`` for
a dateutil ``tzfile``. For a ``zoneinfo.ZoneInfo`` it builds those tables from a pure-Python
"twin" (``zoneinfo._zoneinfo.ZoneInfo(key)``) that it keeps for good, so the twin itself
is reloaded. Nothing here imports pandas: when pandas is not loaded there is nothing to do,
and a pandas that keeps its cache elsewhere is left alone.

After ``tzcompat.pytz`` stands in for a missing pytz: pandas 3 looks for pytz once, when it
is imported. Imported before the stand-in, it found none, and would now take the adapter's
zones for plain tzinfo objects: its check that pytz is importable passes (the error it raised
before is gone) and every wall time gets the zone's LMT offset. Its lookup is a module global
(``timezones.pytz``); it is pointed at the adapter.
"""

from __future__ import annotations

import sys

from .. import _registry

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable
    from typing import Any

__all__ = ["cache_key", "forget_cache", "on_refresh", "on_stand_in", "register"]

_TIMEZONES = "pandas._libs.tslibs.timezones"


def register() -> None:
    """The ``tzcompat.integrations`` entry point: hook this module into refresh and the
    pytz stand-in (registering again replaces the hooks)."""
    _registry.register_cache_hook("pandas", on_refresh)
    _registry.register_stand_in_hook("pandas", on_stand_in)


def on_stand_in(library: str, module: Any) -> list[tuple[dict[str, Any], str, Any, Any]]:
    """Point pandas' pytz lookup at ``module`` when it found no pytz at its import; returns
    the change, as ``(namespace, name, old, new)``."""
    timezones = sys.modules.get(_TIMEZONES)
    if library != "pytz" or timezones is None or getattr(timezones, "pytz", False) is not None:
        return []
    namespace = vars(timezones)
    namespace["pytz"] = module
    return [(namespace, "pytz", None, module)]


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
    if cls is None or cache is None:
        return
    for key in keys:
        twin = cache.get(key)
        if twin is None:
            continue
        try:
            fresh = cls.no_cache(key)
        except Exception:  # the stdlib finds no valid data for it: leave the twin
            continue
        fields = dict(vars(fresh))
        fields.pop("_from_cache", None)
        vars(twin).update(fields)
