"""The pytz adapter's part of ``tzcompat.refresh()``: new data for the zones in its cache.

A ``DstTzInfo`` zone is a class whose period objects all read the family's transition
view from the class attribute ``_zd``; a refresh builds a complete new ``_ZoneData`` from
the new data (same class, same period dict, same zone object) and swaps ``cls._zd`` in one
assignment. Datetimes keep the period object (a fixed offset, as in pytz) they carry
until ``normalize()``; new ``localize``/``fromutc``/``normalize`` calls use the new
transitions. The zone object is a period too (pytz's first, usually LMT): it keeps its
values, so a datetime localized in that period keeps its instant, and when the new data
changes the first period, ``localize`` attaches a new period object for it.
Each zone's file is stat'ed first and read only when its signature moved.
A ``StaticTzInfo`` gets its new offset and abbreviation. A zone that turned
from fixed to changing (or back) cannot change class in place: ``timezone(name)`` then
gives a new object, and the report says so.
"""

from __future__ import annotations

import os

from .. import _dataversion
from .._refresh import _current
from .._registry import Refreshed

# name -> (what the lookup would read: path, stat signature[, version]; id of the rules
# checked against it): a zone whose file did not move is not read again.
_checked: dict[str, tuple[tuple[object, ...], int]] = {}

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable
    from typing import Any


__all__ = ["refresh_zones"]


def refresh_zones(keys: Iterable[str] | None = None) -> Refreshed:
    """Re-read the data of every zone in ``timezone()``'s cache (or those named in
    ``keys``) and give the changed ones their new rules."""
    from . import _build_lock, _load_core_zone, _tzdata_dir, _tzinfo_cache

    out = Refreshed()
    wanted = None if keys is None else set(keys)
    root = _tzdata_dir()
    with _build_lock:
        for name, tz in sorted(_tzinfo_cache.items()):
            if wanted is not None and name not in wanted:
                continue
            old = _engine_of(tz)
            if old is None:
                continue  # built from its own transition lists: nothing on disk
            now = _where(name, root)
            memo = _checked.get(name)
            if now is not None and memo == (now, id(old._z_rules)):
                continue  # the file these very rules were checked against, unchanged
            try:
                engine, public = _load_core_zone(name)
                if engine.tzif == old.tzif:
                    if (engine.source, engine.data_version) != (old.source, old.data_version):
                        old._z_rules = engine._z_rules  # same rules, new provenance
                    if now is not None:
                        _checked[name] = (now, id(old._z_rules))
                    continue
                note = _update(name, tz, engine, public)
            except Exception as exc:  # bad new data: the zone keeps its rules
                _checked.pop(name, None)
                out.failed[name] = f"{type(exc).__name__}: {exc}"
                continue
            new = _engine_of(_tzinfo_cache[name])
            if now is not None and new is not None:
                _checked[name] = (now, id(new._z_rules))
            out.updated.append(name)
            out.zones.append(tz)
            if note:
                out.not_updated.append(note)
        if out.updated or _version_moved():
            _reread_lists()
    return out


def _where(name: str, root: str | None) -> tuple[object, ...] | None:
    """What a load of ``name`` would read now (path, stat signature, version), None
    when that cannot be told without reading."""
    if root is None:
        return _current(name)
    path = os.path.join(root, *name.split("/"))
    sig = _dataversion.stat_signature(path)
    return None if sig is None else (path, sig)


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
    from .tzinfo import DstTzInfo, _ZoneData, forget_class_lists, memorized_timedelta, zone_head

    cls = type(tz)
    is_dst, first = zone_head(engine)
    if isinstance(tz, DstTzInfo) and is_dst:
        old = cls._zd
        zd = _ZoneData(name, engine, first)
        zd.public = _Once(public)
        zd.cls = cls
        zd.zone_obj = old.zone_obj
        zd.tzinfos = old.tzinfos
        # The zone object is a period of the old data (pytz's first, usually LMT) and
        # datetimes carry it: it keeps its values, so they keep their instants until
        # normalize(). When the first period changed, build_states() registers a new
        # period object for it, which localize()/fromutc() attach from now on.
        zd.ensure_states()  # build now: bad data fails here, before anything is swapped
        cls._zd = zd
        # After the swap: a reader that cached the old lists on the class before it
        # sees the swap and drops them again (see tzinfo._LazyClassData).
        forget_class_lists(cls)
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
