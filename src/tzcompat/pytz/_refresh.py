"""The pytz adapter's part of ``tzcompat.refresh()``: new data for the zones in its cache.

A ``DstTzInfo`` zone is a class whose period objects all read the family's transition
view from the class attribute ``_zd``; a refresh builds a complete new ``_ZoneData`` from
the new data (same class, same period dict, same zone object) and swaps ``cls._zd`` in one
assignment. Datetimes keep the period object (a fixed offset, as in pytz) they carry
until ``normalize()``; new ``localize``/``fromutc``/``normalize`` calls use the new
transitions. A ``StaticTzInfo`` gets its new offset and abbreviation. A zone that turned
from fixed to changing (or back) cannot change class in place: ``timezone(name)`` then
gives a new object, and the report says so.
"""

from __future__ import annotations

from .._refresh import AdapterRefresh

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable
    from typing import Any


__all__ = ["refresh_zones"]


def refresh_zones(keys: Iterable[str] | None = None) -> AdapterRefresh:
    """Re-read the data of every zone in ``timezone()``'s cache (or those named in
    ``keys``) and give the changed ones their new rules."""
    from . import _build_lock, _load_core_zone, _tzinfo_cache

    out = AdapterRefresh()
    wanted = None if keys is None else set(keys)
    with _build_lock:
        for name, tz in sorted(_tzinfo_cache.items()):
            if wanted is not None and name not in wanted:
                continue
            old = _engine_of(tz)
            if old is None:
                continue  # built from its own transition lists: nothing on disk
            try:
                engine, public = _load_core_zone(name)
                if engine.tzif == old.tzif:
                    if (engine.source, engine.data_version) != (old.source, old.data_version):
                        old._z_rules = engine._z_rules  # same rules, new provenance
                    continue
                note = _update(name, tz, engine, public)
            except Exception as exc:  # bad new data: the zone keeps its rules
                out.failed[name] = f"{type(exc).__name__}: {exc}"
                continue
            out.updated.append(name)
            out.pandas_keys.append(name)
            if note:
                out.not_updated.append(note)
        if out.updated or _version_moved():
            _reread_lists()
    return out


def _version_moved() -> bool:
    """Whether the data's IANA version differs from the ``OLSON_VERSION`` already read."""
    from .. import pytz as package

    seen = vars(package).get("OLSON_VERSION")
    return seen is not None and seen != (package._data_version() or "unknown")


def _reread_lists() -> None:
    """Have the zone lists, country tables and ``OLSON_VERSION`` read afresh on next use,
    keeping every zone object in ``timezone()``'s cache (new releases add and remove names).
    Lists imported by name elsewhere (``from pytz import all_timezones``) stay as they were."""
    from . import _build_lock, _reset_data, _tzinfo_cache

    with _build_lock:
        zones = dict(_tzinfo_cache)
        _reset_data()
        _tzinfo_cache.update(zones)


def _engine_of(tz: Any) -> Any:
    from .tzinfo import DstTzInfo, StaticTzInfo

    cls = type(tz)
    if isinstance(tz, DstTzInfo):
        zd = cls.__dict__.get("_zd")
        return zd.zoneinfo if zd is not None else None
    if isinstance(tz, StaticTzInfo):
        return cls.__dict__.get("_engine")
    return None


def _update(name: str, tz: Any, engine: Any, public: Any) -> str | None:
    """Give ``tz`` (the cached zone object) the rules of ``engine``; a sentence when the old
    object cannot take them."""
    from . import _tzinfo_cache
    from .tzfile import _Once, from_zoneinfo
    from .tzinfo import DstTzInfo, _ZoneData, memorized_timedelta, zone_head

    cls = type(tz)
    is_dst, first = zone_head(engine)
    if isinstance(tz, DstTzInfo) and is_dst:
        old = cls._zd
        zd = _ZoneData(name, engine, first)
        zd.public = _Once(public)
        zd.cls = cls
        zd.zone_obj = zone_obj = old.zone_obj
        zd.tzinfos = tzinfos = old.tzinfos
        if zd.first_info != old.first_info:
            # The zone object is its family's first period (pytz's LMT): it takes the new
            # values; a period object keeps the old ones for datetimes and pickles.
            tzinfos[old.first_info] = cls(old.first_info)
            tzinfos[zd.first_info] = zone_obj
            zone_obj._utcoffset, zone_obj._dst, zone_obj._tzname = zd.first_info
        zd.ensure_states()  # build now: bad data fails here, before anything is swapped
        cls._zd = zd
        return None
    if not isinstance(tz, DstTzInfo) and not is_dst:
        # Two class attributes: a reader between them may pair the new offset with the
        # old abbreviation (a fixed zone's data almost never changes).
        cls._engine = engine
        cls._public = _Once(public)
        cls._utcoffset = memorized_timedelta(first[0])
        cls._tzname = first[2]
        return None
    _tzinfo_cache[name] = from_zoneinfo(name, engine, public)
    was, now = ("changing", "fixed") if is_dst is False else ("fixed", "changing")
    return (f"tzcompat.pytz zone {name!r} went from a {was} to a {now} offset: timezone({name!r}) "
            "now returns a new object; the old object and the datetimes carrying it keep the "
            "old rules")
