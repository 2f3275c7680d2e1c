"""``tzcompat.ZoneInfo``: a subclass of the standard library's ``zoneinfo.ZoneInfo``
whose every answer is tzcompat's own.

Code that checks ``isinstance(tz, zoneinfo.ZoneInfo)`` (pandas, pyarrow, polars,
whenever, Django) accepts it, while lookup, caching, reading and the answers
(``_engine._ZoneRules``, first in the MRO) stay tzcompat's. The stdlib part (the C
class, or the pure-Python one where ``_zoneinfo`` is missing) is built with the
stdlib's ``from_file`` on TZif bytes tzcompat's strict reader validated first (the
file's own bytes, or re-serialised from the parse when they need rewriting), so the
stdlib never reads a file itself and holds the same rules: calling
``zoneinfo.ZoneInfo.utcoffset(zone, dt)`` directly gives the same answer.
"""

from __future__ import annotations

import io
import sys
from _thread import RLock
from array import array
from datetime import date
from weakref import WeakValueDictionary

from . import _lookup, _tzpath
from ._calendar import EPOCH_ORDINAL as _EPOCH_ORDINAL
from ._engine import SLOTS, ZoneEngine, _day_offset, _footer_rule, _ZoneRules
from ._posix import PosixTZ
from ._tzif import TZifData, read_tzif
from ._tzifwrite import _FAR, _reads_past_end, write_tzif

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import IO, Any, Self

__all__ = ["RawZoneInfo", "ZoneInfo"]

if TYPE_CHECKING:
    from zoneinfo import ZoneInfo as _StdZoneInfo
else:
    _StdZoneInfo = _tzpath.stdlib_zoneinfo().ZoneInfo
# The stdlib's from_file, bound to our class when called: it allocates an instance of
# the subclass and fills the stdlib's own fields (C struct, or instance dict).
_std_from_file = _StdZoneInfo.__dict__["from_file"]
# The pure-Python class's is a classmethod object; the C class's a builtin descriptor.
_PURE = isinstance(_std_from_file, classmethod)
# Past the last instant a datetime can show, in any zone.
_PAST_DATETIME = (date.max.toordinal() - _EPOCH_ORDINAL + 3) * 86400
_BEFORE_DATETIME = (date.min.toordinal() - _EPOCH_ORDINAL - 3) * 86400


def _std_part(cls: type, data: TZifData, key: str | None, raw: bytes | None = None) -> Any:
    """A new ``cls`` instance whose stdlib fields hold ``data``'s rules (``raw``: the
    bytes ``data`` was read from, handed over as they are when nothing in them needs
    rewriting for the stdlib, which saves serialising them again)."""
    # The footer is checked before the stdlib sees anything (memoised: _setup's parse is free).
    rule = _footer_rule(data.footer) if data.footer else None
    build = _std_from_file.__get__(None, cls)
    if isinstance(rule, PosixTZ) and not _stdlib_reads_alike(rule):
        # The stdlib would answer this rule otherwise than POSIX: give it the rule's
        # transitions as explicit ones instead (as for a footer it refuses, below).
        data = _expanded(data)
        raw = None
    if raw is None or not _plain(data):
        raw = write_tzif(data, for_stdlib=True)
    try:
        obj = build(io.BytesIO(raw), key)
    except (ValueError, IndexError, OverflowError) as exc:
        if rule is None:
            raise ValueError(
                f"Invalid TZif file: the standard library cannot hold this zone ({exc})"
            ) from None
        if _day_offset(rule):
            # An offset of a day or more is outside what datetime holds: refuse the file
            # as the stdlib did, rather than expand a rule no datetime can carry.
            raise ValueError(
                f"Invalid TZif file: footer {data.footer!r} has a UTC offset of 24 hours "
                f"or more ({exc})"
            ) from None
        # The stdlib's POSIX parser rejects a footer tzcompat accepts: give it the
        # rule's transitions as explicit ones through datetime's last year instead,
        # which answers the same for every datetime.
        obj = build(io.BytesIO(write_tzif(_expanded(data), for_stdlib=True)), key)
    if _PURE:
        # The pure-Python from_file binds an instance-level __reduce__ that refuses to
        # pickle; pickling is decided by our class (by key, or by_value()).
        obj.__dict__.pop("__reduce__", None)
    return obj


# Before 3.14 the stdlib puts J59 on 29 February in leap years (CPython gh-127571).
_J59_LATE = sys.version_info < (3, 14)


def _stdlib_reads_alike(rule: PosixTZ) -> bool:
    """Whether the stdlib answers ``rule`` as POSIX does (docs/differences.md): it reads one
    year's two changes at a time (right when they stay well inside the year, in the same
    order: ``simple``), takes a zero-based day ``n`` one day early (every version so far),
    and before 3.14 a ``J59`` a day late in leap years."""
    return rule.simple and all(
        r.kind != "n" and not (_J59_LATE and r.kind == "J" and r.day == 59)
        for r in (rule.start, rule.end))


def _plain(data: TZifData) -> bool:
    """Whether the stdlib reads ``data``'s own file exactly as write_tzif(for_stdlib=True)
    would serialise it: a version 2+ file (the stdlib then reads the same 64-bit block and
    footer tzcompat's strict reader checked), no instant beyond _FAR, and not the pattern
    _for_stdlib rewrites."""
    times = data.trans_utc
    return (data.version >= 2 and (not times or (-_FAR <= times[0] and times[-1] <= _FAR))
            and not _reads_past_end(data.trans_idx, data.utcoff, data.isdst))


def _expanded(data: TZifData) -> TZifData:
    """``data`` with the footer's transitions (to past datetime.max) made explicit."""
    engine = ZoneEngine.from_tzif(data)
    utc = list(data.trans_utc)
    idx = list(data.trans_idx)
    types = list(zip(data.utcoff, data.isdst, data.abbr))
    # The rule's states get types of their own: the stdlib infers a DST type's dst()
    # from the type before its first use, which is then the rule's standard time. Only
    # a takeover straight into DST after an explicit standard type is inferred from
    # that type, so that one period gets a type of its own.
    where: dict[tuple[int, bool, str], int] = {}

    def add(typ: tuple[int, bool, str], shared: bool = True) -> int:
        if shared and typ in where:
            return where[typ]
        if len(types) >= 256:
            raise ValueError("Invalid TZif file: too many local time types to expand")
        types.append(typ)
        if shared:
            where[typ] = len(types) - 1
        return len(types) - 1

    def typ_of(state: Any) -> tuple[int, bool, str]:
        return (int(state.utcoffset.total_seconds()), bool(state.is_dst), state.tzname)

    if utc:
        start = utc[-1] + 1
    else:
        # Rule only: the stdlib would use its first standard type before the first
        # transition; start with the rule's state before any datetime instead.
        start = _BEFORE_DATETIME
        utc.append(_BEFORE_DATETIME - 1)
        idx.append(add(typ_of(engine._z_rules.state_at(_BEFORE_DATETIME))))
    first = True
    for tr in engine.transitions(start, _PAST_DATETIME):
        typ = typ_of(tr.after)
        alone = first and typ[1] and not types[idx[-1]][1] if idx else False
        utc.append(tr.timestamp)
        idx.append(add(typ, shared=not alone))
        first = False
    return data._replace(
        version=2, trans_utc=array("q", utc), trans_idx=bytes(idx),
        utcoff=tuple(t[0] for t in types), isdst=tuple(t[1] for t in types),
        abbr=tuple(t[2] for t in types), footer="")


class ZoneInfo(_ZoneRules, _StdZoneInfo):
    """An IANA time zone with the standard library's semantics, and an instance of
    ``zoneinfo.ZoneInfo``."""

    __module__ = "tzcompat"
    # The stdlib class already supports weak references; the C one has no __dict__.
    __slots__ = SLOTS
    # The weak cache is the stdlib's attribute, ``_weak_cache``, which its __init_subclass__
    # sets on every subclass (and on this class): code that replaces or deletes it, as
    # CPython's own tests do, sees the stdlib's behaviour. The strong cache (an LRU of the
    # most recent keys, kept for subclasses too) and the lock are ours.
    _z_strong_size = 8
    _z_strong: dict[str, ZoneInfo] = {}
    _z_lock = RLock()
    _z_newest: list[str | None] = [None]  # the key at the LRU's newest end
    # The stdlib's per-class weak cache, set by its __init_subclass__ (typeshed omits it):
    # user code may replace it with any mapping.
    _weak_cache: Any

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._z_newest = [None]
        cls._z_strong = {}
        cls._z_lock = RLock()

    def __new__(cls, key: str) -> ZoneInfo:
        if cls is ZoneInfo:
            # The usual loop asks again for the newest key: two dict/list reads on
            # module globals (no class attribute lookups, no lock) answer it.
            try:
                instance = _STRONG[key]
                if _NEWEST[0] == key:
                    return instance
            except KeyError:
                pass
        strong = cls._z_strong
        # Every change to the caches happens under the class's lock (see "Without the GIL"
        # in docs/architecture.md): the lookup, the load on a miss and the LRU move are one
        # step, so two threads asking for a new key get one object, and a lookup racing
        # clear_cache() cannot put back a zone the clear dropped.
        lock = cls._z_lock
        lock.acquire()  # not `with`: on 3.11 that costs twice as much here
        try:
            # A zone in the strong LRU is the weak cache's zone for its key (both change
            # together under this lock).
            found = strong.get(key)
            instance = cls._z_weak_lookup(key) if found is None else found
            # Moving the key to the newest end keeps the dict in LRU order.
            strong[key] = strong.pop(key, instance)
            cls._z_newest[0] = key
            while len(strong) > cls._z_strong_size:
                del strong[next(iter(strong))]
        finally:
            lock.release()
        return instance

    @classmethod
    def _z_weak_lookup(cls, key: str) -> ZoneInfo:
        """The weak cache's zone for ``key``, loaded and entered on a miss (under the lock)."""
        # The class's own attribute, as the C stdlib: deleted, it is an AttributeError (a
        # parent's cache is never used for a subclass).
        if "_weak_cache" not in cls.__dict__:
            raise AttributeError(f"type object {cls.__name__!r} has no attribute '_weak_cache'")
        weak = cls._weak_cache
        if type(weak) is WeakValueDictionary:
            # Its own dict of references: a miss is a dict get, not the KeyError
            # WeakValueDictionary.get raises and catches inside.
            ref = weak.data.get(key)  # type: ignore[attr-defined]  # undocumented, stable
            instance = ref() if ref is not None else None
            if instance is None:
                instance = cls._new_instance(key)
                instance._z_from_cache = True
                weak[key] = instance
        else:  # replaced by the user: only the mapping protocol the stdlib uses
            instance = weak.get(key, None)
            if instance is None:
                new = cls._new_instance(key)
                instance = weak.setdefault(key, new)
                if instance is new:
                    new._z_from_cache = True
        if not isinstance(instance, cls):
            what = type(instance)
            name = what.__qualname__ if what.__module__ == "builtins" else (
                f"{what.__module__}.{what.__qualname__}")
            raise RuntimeError(
                f"Unexpected instance of {name} in {cls.__name__} weak cache for key {key!r}")
        return instance

    @classmethod
    def _z_weak_cache(cls) -> Any:
        """The class's own ``_weak_cache`` (AttributeError when it was deleted)."""
        if "_weak_cache" not in cls.__dict__:
            raise AttributeError(f"type object {cls.__name__!r} has no attribute '_weak_cache'")
        return cls._weak_cache

    @classmethod
    def _z_cached(cls) -> list[tuple[str, ZoneInfo]]:
        """A snapshot of the zones in this class's weak cache."""
        weak = cls.__dict__.get("_weak_cache")
        if not isinstance(weak, WeakValueDictionary):
            return []
        with cls._z_lock:
            items = list(weak.items())
        return [(key, zone) for key, zone in items if isinstance(zone, cls)]

    @classmethod
    def no_cache(cls, key: str) -> ZoneInfo:
        """A new instance that bypasses (and does not enter) the cache."""
        obj = cls._new_instance(key)
        obj._z_from_cache = False
        return obj

    @classmethod
    def _new_instance(cls, key: str) -> Self:
        # The whole file in one read, parsed from memory; the same bytes then build the
        # stdlib part when they need no rewriting.
        raw, source, version = _lookup.read_zone(key)
        data = read_tzif(raw)
        obj: Self = _std_part(cls, data, key, raw)
        obj._setup(data, key, source, version)
        obj._z_from_cache = False
        return obj

    @classmethod
    # Any binary stream with read()
    def from_file(cls, fobj: IO[bytes], /, key: str | None = None) -> ZoneInfo:  # type: ignore[override]
        """Build a zone from a binary file object holding TZif data (never cached)."""
        obj = cls._from_tzif(read_tzif(fobj), key)
        obj._z_file_repr = repr(fobj)
        return obj

    @classmethod
    def _from_tzif(cls, data: TZifData, key: str | None, source: str | None = None,
                   version: str | None = None) -> Self:
        obj: Self = _std_part(cls, data, key)
        obj._setup(data, key, source, version)
        obj._z_from_cache = False
        return obj

    @classmethod
    def _from_engine(cls, engine: ZoneEngine) -> ZoneInfo:
        """The public zone for an adapter's engine (same parsed data, not cached)."""
        r = engine._z_rules
        obj = cls._from_tzif(r.tzif, engine._z_key, r.source, r.version)
        obj._z_file_repr = engine._z_file_repr
        return obj

    @classmethod
    def clear_cache(cls, *, only_keys: Any = None) -> None:
        """Drop cached zones (all, or just ``only_keys``); held objects live on."""
        weak = cls._z_weak_cache()
        with cls._z_lock:
            if only_keys is None:
                weak.clear()
                cls._z_strong.clear()
            else:
                for key in only_keys:
                    weak.pop(key, None)
                    cls._z_strong.pop(key, None)

    # --- identity, repr, pickling -----------------------------------------

    @property
    def key(self) -> str | None:  # type: ignore[override]  # None for from_file, as the stdlib's
        """The key this zone was requested with (None for ``from_file`` without one)."""
        return self._z_key

    def __str__(self) -> str:
        return self._z_key if self._z_key is not None else repr(self)

    def __repr__(self) -> str:
        name = f"{type(self).__module__}.{type(self).__qualname__}"
        if self._z_file_repr is not None:
            return f"{name}.from_file({self._z_file_repr})"
        return f"{name}(key={self._z_key!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        if self._z_file_repr is not None or self._z_key is None:
            import pickle  # import cost: pickle imports functools, only to refuse

            raise pickle.PicklingError(
                "Cannot pickle a ZoneInfo file created from a file stream; "
                "use zone.by_value() to pickle its rules"
            )
        # The sender's fingerprint travels along: the receiver warns when its rules for
        # the key differ (DataSkewWarning). Pickles without it (older ones) load as before.
        return (type(self)._unpickle, (self._z_key, self._z_from_cache, self.data_fingerprint))

    @classmethod
    def _unpickle(cls, key: str, from_cache: bool, fingerprint: str | None = None,
                  /) -> ZoneInfo:
        zone = cls(key) if from_cache else cls.no_cache(key)
        if fingerprint is not None:
            from ._fingerprint import check_skew  # import cost: hashlib, at the first such pickle

            # Under the skew policy "error", a stand-in that raises on first use.
            # The ignore: check_skew gives the zone back, or that stand-in (not a ZoneInfo).
            return check_skew(zone, fingerprint, None,  # type: ignore[no-any-return]
                              (cls._unpickle, (key, from_cache, fingerprint)))
        return zone

    def by_value(self) -> RawZoneInfo:
        """A copy of this zone that pickles its full rules, not just its key."""
        r = self._z_rules
        return RawZoneInfo._from_tzif(
            r.tzif, self._z_key, r.source, r.version)


# ZoneInfo's own cache (subclasses get theirs in __init_subclass__; clear_cache
# empties these objects in place, never replaces them).
_STRONG = ZoneInfo._z_strong
_NEWEST = ZoneInfo._z_newest


class RawZoneInfo(ZoneInfo):
    """A ZoneInfo that pickles by value: its pickle carries the whole rule set,
    so it loads with the same offsets where no zone data is installed."""

    __module__ = "tzcompat"
    __slots__ = ()

    def __reduce__(self) -> tuple[Any, ...]:
        r = self._z_rules
        return (_raw_unpickle, (self._z_key, tuple(r.tzif), r.source, r.version))


def _raw_unpickle(key: str | None, fields: tuple[Any, ...], source: str | None,
                  version: str | None) -> RawZoneInfo:
    data = TZifData(*fields)
    return RawZoneInfo._from_tzif(data, key, source, version)
