"""Zone names read from stored strings: the data's spelling of a name, and the zone a loader
gives for it (the one check of a ``zones=`` loader, for ``parse_rfc9557`` and ``recheck``).

Time zone names are matched without regard to ASCII case, as Temporal and whenever do
(``america/new_york`` names ``America/New_York``), and the result carries the spelling the
data uses. A lookup by file name cannot be trusted for that: on a case-insensitive file
system ``ZoneInfo("america/new_york")`` loads, under that key. So each spelling is resolved
once against the names in the zone data (the entries of the TZPATH directories, else the
tzdata package's list), and remembered.
"""

from __future__ import annotations

import os
from datetime import timedelta, timezone, tzinfo

from . import _dataversion, _tzpath

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

__all__ = ["canonical_key", "fixed_zone", "load_zone"]

# spelling -> the data's spelling (or the spelling itself, when the data has no such zone);
# valid for the search path it was filled under.
_spellings: dict[str, str] = {}
_filled_for: list[object] = [None]
_MAX_SPELLINGS = 4096


def canonical_key(name: str) -> str:
    """The zone data's spelling of the zone name ``name`` (ASCII case ignored), or ``name``
    when the data has no zone of that name in any case."""
    path = _tzpath.TZPATH
    if _filled_for[0] is not path:
        _spellings.clear()
        _filled_for[0] = path
    key = _spellings.get(name)
    if key is None:
        key = _resolve(name, path) or name
        if len(_spellings) >= _MAX_SPELLINGS:
            _spellings.clear()
        _spellings[name] = key
    return key


def _resolve(name: str, roots: tuple[str, ...]) -> str | None:
    try:
        _tzpath.validate_key(name)
    except (TypeError, ValueError):
        return None
    parts = name.split("/")
    package = _tzpath.tzdata_root()
    for root in (*roots, *([package] if package else [])):
        found = _walk(root, parts)
        if found is not None:
            return found
    if package is None and _dataversion.tzdata_version() is not None:
        # The tzdata package, not as plain files: its list of names.
        wanted = name.casefold()
        matches = [k for k in _tzpath.available_timezones() if k.casefold() == wanted]
        if len(matches) == 1:
            return matches[0]
    return None


def _walk(root: str, parts: list[str]) -> str | None:
    """The path of ``parts`` under ``root`` spelled as the directory entries are: each
    part matched exactly, else by ASCII case alone when exactly one entry matches so."""
    folder = root
    spelled = []
    for i, part in enumerate(parts):
        try:
            entries = os.listdir(folder)
        except (OSError, ValueError):
            return None
        if part in entries:
            entry = part
        else:
            wanted = part.casefold()
            matches = [e for e in entries if e.isascii() and e.casefold() == wanted]
            if len(matches) != 1:
                return None
            entry = matches[0]
        folder = os.path.join(folder, entry)
        spelled.append(entry)
        last = i == len(parts) - 1
        if last and not os.path.isfile(folder):
            return None
    return "/".join(spelled)


_fixed: dict[int, timezone] = {}


def fixed_zone(seconds: int) -> timezone:
    """The ``datetime.timezone`` for an offset in seconds (one object per offset)."""
    tz = _fixed.get(seconds)
    if tz is None:
        tz = timezone.utc if seconds == 0 else timezone(timedelta(seconds=seconds))
        if len(_fixed) < 512:
            _fixed[seconds] = tz
    return tz


_lookup: list[Any] = []  # [tzcompat.ZoneInfo, its weak cache's dict], on first use


def _default_load(key: str) -> tzinfo | None:
    """``tzcompat.ZoneInfo(key)``, None when unknown. A key in the cache is read from it
    directly: ``ZoneInfo(key)`` would also move it to the front of its 8 strong references,
    which costs more than the rest of a parse when the keys vary (a table of stored times
    over many zones); the object is the same."""
    if not _lookup:
        from ._zoneinfo import ZoneInfo  # import cost: an adapter's zones need no stdlib zoneinfo

        _lookup[:] = [ZoneInfo, getattr(ZoneInfo.__dict__.get("_weak_cache"), "data", {})]
    ref = _lookup[1].get(key)
    zone = ref() if ref is not None else None
    if zone is not None:
        return zone  # type: ignore[no-any-return]  # weak references give Any
    try:
        return _lookup[0](key)  # type: ignore[no-any-return]  # the loader is any callable
    except (KeyError, ValueError, OSError):
        return None


def load_zone(name: str, zones: Callable[[str], object] | None) -> tzinfo | None:
    """The zone ``zones`` (default ``tzcompat.ZoneInfo``) gives for the data's spelling of
    ``name``; None when the zone is unknown (the loader raised KeyError, ValueError or
    OSError, or returned None). A loader that returns something a datetime cannot carry
    (a pytz-style zone, which must be localized; not a tzinfo) is a TypeError."""
    key = _spellings.get(name) if _filled_for[0] is _tzpath.TZPATH else None
    if key is None:
        key = canonical_key(name)
    if zones is None:
        if _lookup:  # inlined _default_load for a zone in the cache
            ref = _lookup[1].get(key)
            zone = ref() if ref is not None else None
            if zone is not None:
                return zone  # type: ignore[no-any-return]  # weak references give Any
        return _default_load(key)
    try:
        tz = zones(key)
    except (KeyError, ValueError, OSError):
        return None
    if tz is None:
        return None
    kind = type(tz)
    if kind not in _good_types:
        if not isinstance(tz, tzinfo) or hasattr(tz, "localize"):
            raise TypeError(_bad_loader_message(key, tz))
        _good_types.add(kind)
    return tz  # type: ignore[return-value]  # checked a tzinfo above


# tzinfo types a loader gave that a datetime can carry (checked once per type).
_good_types: set[type] = set()


def _bad_loader_message(key: str, tz: object) -> str:
    if hasattr(tz, "localize"):
        return (f"zones= gave a pytz-style zone for {key!r} ({tz!r}): it must be localized, "
                "not attached to a datetime, so it cannot hold a stored time; give a tzinfo "
                "instead: zones=tzcompat.ZoneInfo, or with tzcompat.pytz, "
                "zones=lambda key: tzcompat.pytz.timezone(key).zoneinfo")
    return (f"zones= must give a tzinfo for a key (or None for an unknown zone), not "
            f"{type(tz).__name__} for {key!r}")
