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

from .. import _filecheck
from .._registry import Refreshed
from . import _zones
from .tzfile import _Once, from_zoneinfo
from .tzinfo import (
    DstTzInfo,
    StaticTzInfo,
    _ZoneData,
    forget_class_lists,
    memorized_timedelta,
    zone_head,
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable
    from typing import Any


__all__ = ["refresh_zones"]

# The file each cached zone's rules were last checked against.
_checked = _filecheck.FileChecks()


def refresh_zones(keys: Iterable[str] | None = None) -> Refreshed:
    """Re-read the data of every zone in ``timezone()``'s cache (or those named in
    ``keys``) and give the changed ones their new rules."""
    out = Refreshed()
    wanted = None if keys is None else set(keys)
    root = _zones.tzdata_dir()
    with _zones.lock:
        for name, tz in sorted(_zones.cache.items()):
            if wanted is not None and name not in wanted:
                continue
            old = _engine_of(tz)
            if old is None:
                continue  # built from its own transition lists: nothing on disk
            now = _stamp(name, root)
            if _checked.unchanged(name, now, old._z_rules):
                continue  # the file these very rules were checked against, unchanged
            try:
                engine, public = _zones.load(name)
                if engine.tzif == old.tzif:
                    if (engine.source, engine.data_version) != (old.source, old.data_version):
                        old._z_rules = engine._z_rules  # same rules, new provenance
                    _checked.remember(name, now, old._z_rules)
                    continue
                note = _update(name, tz, engine, public)
            except Exception as exc:  # bad new data: the zone keeps its rules
                _checked.forget(name)
                out.failed[name] = f"{type(exc).__name__}: {exc}"
                continue
            new = _engine_of(_zones.cache[name])
            if new is not None:
                _checked.remember(name, now, new._z_rules)
            out.updated.append(name)
            out.zones.append(tz)
            if note:
                out.not_updated.append(note)
    return out


def _stamp(name: str, root: str | None) -> tuple[object, ...] | None:
    """What a load of ``name`` would read now (``PYTZ_TZDATADIR``'s file, or the core's)."""
    if root is None:
        return _filecheck.lookup_stamp(name)
    return _filecheck.file_stamp(os.path.join(root, *name.split("/")))


def _engine_of(tz: Any) -> Any:
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
    _zones.cache[name] = from_zoneinfo(name, engine, public)
    was, now = ("changing", "fixed") if is_dst is False else ("fixed", "changing")
    return (f"tzcompat.pytz zone {name!r} went from a {was} to a {now} offset: timezone({name!r}) "
            "now returns a new object; the old object and the datetimes carrying it keep the "
            "old rules")
