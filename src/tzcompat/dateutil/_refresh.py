"""The dateutil adapter's part of ``tzcompat.refresh()``: new ``gettz`` cache entries.

A ``tzfile`` keeps dateutil's tables in many attributes that readers use together, so
it cannot take new rules in place safely while other threads read it (dateutil's own
``tzfile`` cannot either). As ``gettz.cache_clear()`` does in dateutil, the cache entry
of a name whose file changed is replaced by a new ``tzfile`` with the new data; the old
object, and the datetimes attached to it, keep the old rules, and the report names it.
"""

from __future__ import annotations

from .._refresh import AdapterRefresh

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable


__all__ = ["refresh_zones"]


def refresh_zones(keys: Iterable[str] | None = None) -> AdapterRefresh:
    """Re-read every ``tzfile`` in ``gettz``'s cache (or those whose name or key is in
    ``keys``); replace the entries whose data changed."""
    from ._gettz import _CachedUTC, gettz
    from ._tzfile import tzfile

    out = AdapterRefresh()
    wanted = None if keys is None else set(keys)
    with gettz._cache_lock:
        items = list(gettz._instances.items())
    for name, zone in sorted(items, key=lambda item: str(item[0])):
        if not isinstance(zone, tzfile) or "_data" not in zone.__dict__:
            continue
        if wanted is not None and name not in wanted and zone._key not in wanted:
            continue
        try:
            new = gettz.nocache(name)
        except Exception as exc:  # bad new data: the entry stays
            out.failed[str(name)] = f"{type(exc).__name__}: {exc}"
            continue
        if not isinstance(new, tzfile):
            out.failed[str(name)] = "no time zone file found for it any more"
            continue
        if new._data == zone._data:
            continue
        if type(zone) is not tzfile and _CachedUTC is not None and type(zone) is _CachedUTC:
            new.__class__ = _CachedUTC
        with gettz._cache_lock:
            if gettz._instances.get(name) is zone:
                gettz._instances[name] = new
            if gettz._strong_cache.get(name) is zone:
                gettz._strong_cache[name] = new
        out.updated.append(str(name))
        out.pandas_keys.append("dateutil" + str(zone._filename))  # type: ignore[union-attr]
        out.not_updated.append(
            f"tzcompat.dateutil tzfile {name!r}: gettz({name!r}) now returns a new object "
            "with the new data; the old object and the datetimes attached to it keep the "
            "old rules")
    return out
