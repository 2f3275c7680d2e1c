"""The dateutil adapter's part of ``tzcompat.refresh()``: new ``gettz`` cache entries.

A ``tzfile`` keeps dateutil's tables in many attributes that readers use together, so
it cannot take new rules in place safely while other threads read it (dateutil's own
``tzfile`` cannot either). As ``gettz.cache_clear()`` does in dateutil, the cache entry
of a name whose file changed is replaced by a new ``tzfile`` with the new data; the old
object, and the datetimes attached to it, keep the old rules, and the report names it.

The new data is read as the core reads it: the file the lookup finds first must be valid.
``gettz`` itself skips a file it cannot parse and takes the next source (the tzdata
package, as dateutil does); a refresh must not, or a half-written upgrade would install
another data set than the core's and report it as an update. A bad file is reported in
``failed`` and the entry keeps its rules; the next refresh tries again. Each file is
stat'ed first and read only when its signature moved.
"""

from __future__ import annotations

import os

from .. import _filecheck
from .. import _tzpath as _core_tzpath
from .._registry import Refreshed
from ._gettz import _CachedUTC, gettz, tzpath_files
from ._tzfile import tzfile

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable
    from typing import Any


__all__ = ["refresh_zones"]

# The file each cached tzfile was last checked against.
_checked = _filecheck.FileChecks()


def _source(name: str) -> tuple[str | None, str | None]:
    """``(path, key)``: the file a lookup of ``name`` finds first (an absolute path, the
    first TZPATH root holding it), or ``(None, key)`` for the tzdata package."""
    if name.startswith(":"):
        name = name[1:]
    if os.path.isabs(name):
        return name, None
    return next(tzpath_files(name), None), name


def _tzdata_path(key: str | None) -> str:
    root = _core_tzpath.tzdata_root()
    return os.path.join(root, key) if root and key else ""


def _read(name: str, path: str | None, key: str | None) -> Any:
    """A new ``tzfile`` from the source, strictly: errors propagate."""
    if path is not None:
        return tzfile(path, key=key) if key is not None else tzfile(path)
    if key is None:
        raise FileNotFoundError(2, "No such file or directory", name)
    fobj = _core_tzpath.open_tzdata(key.replace(" ", "_")) if " " in key else None
    if fobj is None:
        fobj = _core_tzpath.open_tzdata(key)
    if fobj is None:
        raise LookupError(f"no time zone file found for {name!r} any more")
    with fobj:
        return tzfile(fobj, key=key)


def refresh_zones(keys: Iterable[str] | None = None) -> Refreshed:
    """Re-read every ``tzfile`` in ``gettz``'s cache (or those whose name or key is in
    ``keys``) whose file changed; replace the entries whose data changed."""
    out = Refreshed()
    wanted = None if keys is None else set(keys)
    with gettz._cache_lock:
        items = list(gettz._instances.items())
    for name, zone in sorted(items, key=lambda item: str(item[0])):
        if not isinstance(zone, tzfile) or "_data" not in zone.__dict__:
            continue
        if wanted is not None and name not in wanted and zone._key not in wanted:
            continue
        try:
            path, key = _source(str(name))
            stamp = _filecheck.file_stamp(path if path is not None else _tzdata_path(key))
            if _checked.unchanged(name, stamp, zone):
                continue  # the very file this zone was checked against, unchanged
            new = _read(str(name), path, key)
        except Exception as exc:  # bad new data: the entry stays
            _checked.forget(name)
            out.failed[str(name)] = f"{type(exc).__name__}: {exc}"
            continue
        if new._data == zone._data:
            _checked.remember(name, stamp, zone)
            continue
        if type(zone) is not tzfile and _CachedUTC is not None and type(zone) is _CachedUTC:
            new.__class__ = _CachedUTC
        with gettz._cache_lock:
            if gettz._instances.get(name) is zone:
                gettz._instances[name] = new
            if gettz._strong_cache.get(name) is zone:
                gettz._strong_cache[name] = new
        _checked.remember(name, stamp, new)
        out.updated.append(str(name))
        out.zones.append(zone)
        out.not_updated.append(
            f"tzcompat.dateutil tzfile {name!r}: gettz({name!r}) now returns a new object "
            "with the new data; the old object and the datetimes attached to it keep the "
            "old rules")
    return out
