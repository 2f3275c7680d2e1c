"""``refresh()``: new zone data for cached zones, applied in place.

A cached ``tzcompat.ZoneInfo`` keeps every rule-bearing field in one rules object
(``zone._z_rules``, see ``_engine.build_rules``) that every answer reads once; a refresh
builds the new object beside the old one and replaces it in one assignment, so readers
in other threads get the old answer or the new one, never a mix. Zones that are not in
the cache (``no_cache()``, ``from_file()``, ``by_value()``) are snapshots and never change.
"""

from __future__ import annotations

import sys
import weakref
from _thread import allocate_lock
from datetime import datetime, timedelta, timezone, tzinfo
from heapq import merge
from itertools import chain, groupby

from . import _filecheck, _lookup, _registry, _tzpath
from ._engine import ZoneEngine, build_rules
from ._tzif import read_tzif

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable, Iterator
    from typing import Any

    from ._engine import _Rules

__all__ = ["RefreshReport", "ZoneChange", "refresh"]

_UTC = timezone.utc
_EPOCH = datetime(1970, 1, 1, tzinfo=_UTC)
# datetime's first and last instants, as POSIX seconds.
_FIRST = (datetime.min.toordinal() - _EPOCH.toordinal()) * 86400
_LAST = (datetime.max.toordinal() - _EPOCH.toordinal() + 1) * 86400 - 1
# Every POSIX rule repeats after 400 Gregorian years.
_CYCLE = 401 * 366 * 86400
_TWO_YEARS = 2 * 366 * 86400

_lock = allocate_lock()
# key -> weak references to cached zones whose key left the data: dropped from the lookup
# cache (a lookup fails, as in a new process) but still refreshed, and put back in the
# cache when the key returns (a file can be missing for a moment during an upgrade).
_orphans: dict[str, list[weakref.ref[Any]]] = {}
# The file each key's rules were last checked against: an unchanged file is not read again.
_checked = _filecheck.FileChecks()


class ZoneChange:
    """One zone key whose rules a refresh replaced.

    ``first_difference`` is the first instant (an aware UTC datetime) at which the old
    and the new rules answer differently (offset, DST or abbreviation);
    ``datetime.min`` in UTC when they differ from the start, None when only data that
    no answer depends on changed. ``ranges`` is every span ``(start, end)`` of instants
    (aware UTC datetimes, ``end`` excluded; the last may end at ``datetime.max``) in which
    they answer differently, computed on first access.
    """

    __slots__ = ("key", "old_version", "new_version", "old_source", "new_source",
                 "first_difference", "_rules", "_ranges")
    _PUBLIC = ("key", "old_version", "new_version", "old_source", "new_source",
               "first_difference")

    def __init__(self, key: str, old_version: str | None, new_version: str | None,
                 old_source: str | None, new_source: str | None,
                 first_difference: datetime | None, rules: tuple[Any, Any] | None = None,
                 ) -> None:
        self.key = key
        self.old_version = old_version
        self.new_version = new_version
        self.old_source = old_source
        self.new_source = new_source
        self.first_difference = first_difference
        # The parsed data of (old, new), for ranges: not the rules objects, whose caches
        # can be large and would stay alive as long as the report.
        self._rules = None if rules is None else (rules[0].tzif, rules[1].tzif)
        self._ranges: tuple[tuple[datetime, datetime], ...] | None = None

    @property
    def ranges(self) -> tuple[tuple[datetime, datetime], ...]:
        """Every span of instants whose answer (offset, DST, abbreviation) changed."""
        if self._ranges is None:
            if self._rules is None or self.first_difference is None:
                self._ranges = ()
            else:
                spans: list[list[int]] = []
                old, new = (_view(build_rules(data)) for data in self._rules)
                for a, b, _x, _y in differences(old, new, _FIRST, _LAST + 1):
                    if spans and spans[-1][1] == a:  # still different, differently: one span
                        spans[-1][1] = b
                    else:
                        spans.append([a, b])
                # Instants of set bounds are ints.
                self._ranges = tuple((_instant(a), _instant(b))  # type: ignore[misc]
                                     for a, b in spans)
        return self._ranges

    def __repr__(self) -> str:
        when = self.first_difference.isoformat() if self.first_difference else None
        return (f"ZoneChange({self.key!r}, {self.old_version!r} -> {self.new_version!r}, "
                f"first difference {when})")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ZoneChange):
            return NotImplemented
        return all(getattr(self, n) == getattr(other, n) for n in self._PUBLIC)

    __hash__ = None  # type: ignore[assignment]  # unhashable, as the original

    def as_dict(self) -> dict[str, Any]:
        """The change as JSON-ready values (instants in ISO 8601; ``ranges`` as pairs)."""
        out = {n: getattr(self, n) for n in self._PUBLIC}
        if self.first_difference is not None:
            out["first_difference"] = self.first_difference.isoformat()
        out["ranges"] = [[a.isoformat(), b.isoformat()] for a, b in self.ranges]
        return out


class RefreshReport:
    """What a :func:`refresh` did.

    - ``changed``: key -> :class:`ZoneChange`, for cached ``tzcompat.ZoneInfo`` zones
      whose rules were replaced in place;
    - ``unchanged``: keys of cached zones whose data is the same (sorted);
    - ``failed``: key -> reason, where the new data is missing, truncated or invalid: those
      zones keep their old rules and the next refresh tries again (adapter zones appear as
      ``"tzcompat.pytz:<name>"`` / ``"tzcompat.dateutil:<name>"``);
    - ``adapters``: adapter module -> names whose zones got the new data
      (``tzcompat.pytz`` in place; ``tzcompat.dateutil`` through new ``gettz`` entries);
    - ``not_updated``: one sentence per object that still holds the old rules.

    A report is true when anything changed or failed.
    """

    __slots__ = ("changed", "unchanged", "failed", "adapters", "not_updated")

    def __init__(self, changed: dict[str, ZoneChange] | None = None,
                 unchanged: Iterable[str] = (), failed: dict[str, str] | None = None,
                 adapters: dict[str, tuple[str, ...]] | None = None,
                 not_updated: Iterable[str] = ()) -> None:
        self.changed = dict(changed or {})
        self.unchanged = tuple(sorted(unchanged))
        self.failed = dict(failed or {})
        self.adapters = dict(adapters or {})
        self.not_updated = tuple(not_updated)

    def __bool__(self) -> bool:
        return bool(self.changed or self.failed or any(self.adapters.values())
                    or self.not_updated)

    def __repr__(self) -> str:
        parts = [f"changed={sorted(self.changed)}", f"unchanged={len(self.unchanged)}",
                 f"failed={sorted(self.failed)}"]
        for name, keys in sorted(self.adapters.items()):
            if keys:
                parts.append(f"{name}={list(keys)}")
        if self.not_updated:
            parts.append(f"not_updated={len(self.not_updated)}")
        return f"RefreshReport({', '.join(parts)})"

    def as_dict(self) -> dict[str, Any]:
        """The report as JSON-ready values."""
        return {
            "changed": {k: c.as_dict() for k, c in sorted(self.changed.items())},
            "unchanged": list(self.unchanged),
            "failed": dict(sorted(self.failed.items())),
            "adapters": {k: list(v) for k, v in sorted(self.adapters.items())},
            "not_updated": list(self.not_updated),
        }


def refresh(keys: Iterable[str] | None = None) -> RefreshReport:
    """Give the cached zones whose data changed on disk their new rules, in place.

    Every zone in ``tzcompat.ZoneInfo``'s cache (or only those of ``keys``) is checked
    against the file the lookup would read now (a TZPATH file or the tzdata package):
    a stat tells whether it can have changed; if so it is read, and when its content
    differs the zone's rules are replaced in place. ``ZoneInfo(key) is zone`` stays
    true, and datetimes already attached keep their wall time and get the new rules.
    A reinstall with identical content changes nothing. Missing, truncated or invalid
    files leave the old rules (listed in ``failed``; the next call retries). A key no
    longer in the data at all is also dropped from the cache, so that a lookup fails as
    in a new process; zones already held keep their rules, are still refreshed, and go
    back in the cache when the key returns.

    The standard library's own cache entries for changed keys are cleared. Adapters
    that registered with the core (``tzcompat.pytz`` and ``tzcompat.dateutil`` do when
    imported) are refreshed too, and integrations drop their caches of the changed zones
    (pandas' cached transitions, when pandas is loaded). Safe to call from any thread;
    calls are serialised.
    """
    if isinstance(keys, (str, bytes)):
        raise TypeError(f"keys must be an iterable of keys, not a single {type(keys).__name__}")
    wanted = None if keys is None else set(keys)
    with _lock:
        return _refresh(wanted)


def _refresh(wanted: set[str] | None) -> RefreshReport:
    # Here, not at the top: _zoneinfo imports the standard library's zoneinfo (and
    # sysconfig), which a process that uses only the adapters never loads otherwise.
    from ._zoneinfo import RawZoneInfo, ZoneInfo

    by_key: dict[str, list[Any]] = {}
    for cls in _cached_classes(ZoneInfo, RawZoneInfo):
        for key, zone in cls._z_cached():
            if wanted is None or key in wanted:
                by_key.setdefault(key, []).append(zone)
    orphans = _held_orphans(wanted, by_key)
    changed: dict[str, ZoneChange] = {}
    unchanged: list[str] = []
    failed: dict[str, str] = {}
    removed: list[str] = []
    for key, zones in sorted(by_key.items()):
        try:
            change = _refresh_key(ZoneInfo, key, zones)
        except Exception as exc:  # any bad data: keep the old rules, retry next time
            _checked.forget(key)
            failed[key] = _reason(exc)
            if isinstance(exc, _tzpath.ZoneInfoNotFoundError):
                removed.append(key)
            continue
        if change is None:
            unchanged.append(key)
        else:
            changed[key] = change
    _orphan(removed, by_key, _cached_classes(ZoneInfo, RawZoneInfo))
    _adopt(orphans, failed)
    # Zones whose rules changed, for the integrations' caches (pandas keeps its own).
    touched: list[Any] = [z for key in changed for z in by_key[key]]
    adapters: dict[str, tuple[str, ...]] = {}
    not_updated: list[str] = []
    for name, refresher in _registry.refreshers():
        result = refresher(wanted)
        adapters[name] = tuple(result.updated)
        for item, reason in result.failed.items():
            failed[f"{name}:{item}"] = reason
        not_updated.extend(result.not_updated)
        touched.extend(result.zones)
    if touched:
        for hook in _registry.cache_hooks():
            hook(touched)
    not_updated.extend(f"tzcompat.ZoneInfo({key!r}): no longer in the data, dropped from the "
                       "cache (a lookup raises ZoneInfoNotFoundError); zones already held keep "
                       "the old rules until it returns" for key in removed)
    if changed or removed:
        _clear_stdlib_cache(list(changed) + removed)
    return RefreshReport(changed, unchanged, failed, adapters, not_updated)


def _held_orphans(wanted: set[str] | None, by_key: dict[str, list[Any]]) -> dict[str, list[Any]]:
    """The orphaned zones still held (for ``wanted`` keys), added to ``by_key``."""
    found: dict[str, list[Any]] = {}
    for key, refs in list(_orphans.items()):
        alive = [z for z in (r() for r in refs) if z is not None]
        if not alive:
            del _orphans[key]
        elif wanted is None or key in wanted:
            found[key] = alive
            known = by_key.setdefault(key, [])
            known.extend(z for z in alive if all(z is not k for k in known))
    return found


def _orphan(keys: list[str], by_key: dict[str, list[Any]], classes: list[Any]) -> None:
    """Drop ``keys`` (gone from the data) from the lookup caches; remember their zones."""
    for key in keys:
        for cls in classes:
            cls.clear_cache(only_keys=[key])
        refs = _orphans.setdefault(key, [])
        refs.extend(weakref.ref(z) for z in by_key[key]
                    if all(r() is not z for r in refs))


def _adopt(orphans: dict[str, list[Any]], failed: dict[str, str]) -> None:
    """Orphans whose key is back in the data (refreshed without failure) go back in their
    class's cache, unless a new zone for the key is there already."""
    for key, zones in orphans.items():
        if key in failed:
            continue
        _orphans.pop(key, None)
        for zone in zones:
            cls = type(zone)
            weak = cls.__dict__.get("_weak_cache")
            with cls._z_lock:  # a check and an insert: one step under the cache's lock
                if weak is not None and weak.get(key) is None:
                    weak[key] = zone


def _cached_classes(base: type, snapshots: type) -> list[Any]:
    """``base`` and its subclasses that keep a cache of their own, but not ``snapshots``
    (``RawZoneInfo``: by-value zones) and its subclasses."""
    out = []
    todo = [base]
    while todo:
        cls = todo.pop()
        if issubclass(cls, snapshots):
            continue
        if "_z_strong" in cls.__dict__:
            out.append(cls)
        todo.extend(cls.__subclasses__())
    return out


def _reason(exc: BaseException) -> str:
    text = str(exc.args[0]) if isinstance(exc, KeyError) and exc.args else str(exc)
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


def _refresh_key(zone_cls: Any, key: str, zones: list[Any]) -> ZoneChange | None:
    """Check one key's cached zones against the data on disk; apply new rules."""
    now = _filecheck.lookup_stamp(key)
    old: _Rules = zones[0]._z_rules
    if _checked.unchanged(key, now, *(z._z_rules for z in zones)):
        return None  # the file is the one these very rules were checked against
    fobj, source, version = _lookup.open_zone(key)
    with fobj:
        data = read_tzif(fobj)
    stale = [z for z in zones if z._z_rules.tzif != data]
    change = None
    if stale:
        old = stale[0]._z_rules
        # Built exactly as a fresh load (this also checks that the standard library
        # can hold the data, as ZoneInfo(key) would): anything it refuses stays out.
        rules = zone_cls._from_tzif(data, key, source, version)._z_rules
        change = ZoneChange(key, old.version, version, old.source, source,
                            _instant(first_difference(old, rules)), (old, rules))
    elif (source, version) != (old.source, old.version):
        # Same rules, new provenance (a release that left this zone alone).
        rules = build_rules(data, source, version)
    else:
        rules = old
    for zone in zones:
        if zone._z_rules is not rules:
            zone._z_rules = rules
    _checked.remember(key, now, rules)
    return change


def _answer(state: Any) -> tuple[Any, Any, Any]:
    return (state[0], state[1], state[2])


def first_difference(old: _Rules, new: _Rules) -> int | None:
    """The first instant (POSIX seconds, within datetime's range) at which two rule
    objects give different answers (offset, DST, abbreviation); None if they never do."""
    ends = [r.tzif.trans_utc[-1] for r in (old, new) if len(r.tzif.trans_utc)]
    last = max(ends, default=_FIRST)
    same_rule = old.tzif.footer == new.tzif.footer
    # Past both explicit tables, one shared rule answers alike; two rules that agree
    # over one full 400-year cycle agree forever.
    horizon = min(last + (_TWO_YEARS if same_rule else _CYCLE), _LAST)
    for start, _end, _a, _b in differences(_view(old), _view(new), _FIRST, horizon):
        return start
    return None


def _view(rules: _Rules) -> Any:
    """A bare zone answering from ``rules`` (through the zone API, nothing else)."""
    view = tzinfo.__new__(ZoneEngine)
    view._z_rules = rules
    return view


def _state(zone: Any, ts: int) -> Any:
    tr = zone.previous_transition(ts)
    return tr.after if tr is not None else zone.initial_state


def differences(a: Any, b: Any, lo: int, hi: int) -> Iterator[tuple[int, int, Any, Any]]:
    """The spans ``[start, end)`` within ``[lo, hi)`` (POSIX seconds) where two zones
    answer differently (offset, DST, abbreviation), as ``(start, end, state_a, state_b)``;
    a span runs on while the pair of answers stays the same."""
    states = [_state(a, lo), _state(b, lo)]
    # Each side's transitions carry its state from then on: walking both lists in time
    # order gives every instant where the pair of answers can change.
    events = merge(((t.timestamp, 0, t.after) for t in a.transitions(lo + 1, hi)),
                   ((t.timestamp, 1, t.after) for t in b.transitions(lo + 1, hi)),
                   key=lambda event: event[0])
    current: tuple[Any, Any] | None = None
    begin = lo
    for ts, group in chain(((lo, ()),), groupby(events, key=lambda event: event[0])):
        for _, side, state in group:
            states[side] = state
        sa, sb = states
        pair = (sa, sb) if _answer(sa) != _answer(sb) else None
        if pair is not None and current is not None and (
                _answer(pair[0]), _answer(pair[1])) == (_answer(current[0]), _answer(current[1])):
            continue
        if current is not None:
            yield (begin, ts, *current)
        current, begin = pair, ts
    if current is not None:
        yield (begin, hi, *current)


def _instant(ts: int | None) -> datetime | None:
    if ts is None:
        return None
    if ts <= _FIRST:
        return datetime.min.replace(tzinfo=_UTC)
    if ts > _LAST:
        return datetime.max.replace(tzinfo=_UTC)
    return _EPOCH + timedelta(seconds=ts)


def _clear_stdlib_cache(keys: list[str]) -> None:
    """Drop the standard library's cached zones for ``keys`` (those of the C class and of
    the pure-Python one, when loaded):
    ``zoneinfo.ZoneInfo(key)`` then reads the new data (pyarrow, for one, builds its zones
    that way). tzcompat's own zones were updated in place."""
    for name in ("zoneinfo", "zoneinfo._zoneinfo"):  # the C class, the pure-Python one
        module = sys.modules.get(name)
        if module is not None:
            module.ZoneInfo.clear_cache(only_keys=keys)
