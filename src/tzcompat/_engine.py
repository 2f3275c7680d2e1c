"""The zone engine: every answer a tzcompat zone gives (offsets, fold, transitions).

``_ZoneRules`` holds the tzinfo interface and no state of its own (``__slots__ = ()``),
so it can sit in front of two bases: the standard library's ``zoneinfo.ZoneInfo`` (the public
``tzcompat.ZoneInfo``, in ``_zoneinfo``) and plain ``tzinfo`` (``ZoneEngine``, what the
adapters build on: no stdlib part to build, and no ``zoneinfo`` import). Its state
lives in slots named ``_z_*``, which neither stdlib implementation uses; every rule-bearing
field is in one ``_Rules`` object (``_z_rules``, made by ``build_rules``), swapped whole.
"""

from __future__ import annotations

from array import array
from bisect import bisect_left, bisect_right
from collections.abc import Iterator, Sequence
from datetime import datetime, timedelta, tzinfo
from types import FunctionType

from . import _lookup
from ._calendar import EPOCH_ORDINAL as _EPOCH_ORDINAL
from ._calendar import days_before_year as _days_before_year
from ._memo import memo, timedelta_of
from ._posix import PosixTZ, parse_posix_tz
from ._transitions import Transition, ZoneState
from ._tzif import TZifData, read_tzif

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import IO, Any, Literal, Protocol, overload

    class _Times(Protocol):
        """Transition times, in order: an ``array("q")`` or a ``_Walls`` view."""

        def __len__(self) -> int: ...
        def __getitem__(self, i: int, /) -> int: ...

    # A year's wall-clock table (see _Rules.wall_year): change keys and states for fold 0,
    # then for fold 1; its UTC table (utc_year): change keys and (offset, fold) values.
    _WallTable = tuple[tuple[int, ...], tuple[ZoneState, ...], tuple[int, ...],
                       tuple[ZoneState, ...]]
    _UtcTable = tuple[tuple[int, ...], tuple[tuple[timedelta, bool], ...]]
    # A day's block entry: its (utcoffset, dst, tzname) on the wall side, its offset on the
    # UTC side; None for a day with a change in it.
    _WallDay = tuple[timedelta, timedelta, str] | None

__all__ = ["SLOTS", "ZoneEngine", "build_rules"]

_MIN_TS = (datetime.min.toordinal() - _EPOCH_ORDINAL) * 86400
_NO_STATE = (None, None, None, None)
# Year tables (see _Rules): at most this many years per kind are kept (the oldest
# goes first), so memory per zone stays bounded whatever instants are seen.
_YEAR_CACHE_SIZE = 256
# Day blocks (see _Rules): _BLOCK days each, at most _BLOCK_CACHE_SIZE per kind (about
# as many days as _YEAR_CACHE_SIZE years hold).
_BLOCK_SHIFT = 5
_BLOCK = 1 << _BLOCK_SHIFT
_BLOCK_CACHE_SIZE = 3072
# The hot paths (utcoffset, dst, tzname, fromutc) spell _BLOCK_SHIFT and _BLOCK - 1 as the
# literals 5 and 31: a constant costs less than a global lookup on every call.
# tests/core/test_engine_constants.py checks that every such literal agrees with these.
# An ordinal no date reaches: "no day from which the answer is constant".
_NO_ORDINAL = 4_000_000
# A year with more changes than this (only crafted files) gets no table: its answers
# bisect the whole transition list instead.
_MAX_YEAR_CHANGES = 64
# Lookup keys are ``dt.toordinal() * 86400 + seconds of the day``: local (or UTC)
# seconds since 1970 plus this.
_SHIFT = _EPOCH_ORDINAL * 86400
# The rule repeats every 400 Gregorian years: a search that finds nothing in one
# cycle never will.
_RULE_CYCLE = 401
# Above this many transitions the wall-clock tables are computed per access, not built.
_EAGER_LOCALS = 4096


class _Walls:
    """The wall-clock times of a zone's transitions for one fold, as a read-only
    sequence whose entries are computed on access (Python ints: no overflow)."""

    __slots__ = ("_utc", "_idx", "_utcoff", "_later")

    def __init__(self, data: TZifData, later: bool) -> None:
        self._utc, self._idx, self._utcoff, self._later = (
            data.trans_utc, data.trans_idx, data.utcoff, later)

    def __len__(self) -> int:
        return len(self._utc)

    def __getitem__(self, i: int) -> int:
        n = len(self._utc)
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError("transition index out of range")
        utcoff = self._utcoff
        off = utcoff[self._idx[i]]
        prev = utcoff[self._idx[i - 1]] if i else utcoff[0]
        return self._utc[i] + (max(off, prev) if self._later else min(off, prev))


def _dst_offsets(trans_idx: bytes, utcoff: tuple[int, ...], isdst: tuple[bool, ...]) -> list[int]:
    """Infer each type's DST offset (``dst()``), which TZif does not store.

    A DST type's offset is its distance from the standard type next to it in
    the transition sequence (the one before, else the one after); types never
    resolved that way get one hour. This is the inference the standard
    library uses, so ``dst()`` agrees with it for every zone. Each type is
    settled by its first occurrence (from the second transition on) that
    resolves it, so only the occurrences of DST types are visited: a zone
    whose DST types are never resolved no longer walks every transition.
    """
    ntypes = len(isdst)
    out = [0] * ntypes
    last = len(trans_idx) - 1
    for idx in range(ntypes):
        if not isdst[idx]:
            continue
        i = trans_idx.find(idx, 1)
        while i >= 0:
            prev = trans_idx[i - 1]
            diff = 0 if isdst[prev] else utcoff[idx] - utcoff[prev]
            if not diff and idx < ntypes - 1 and i < last:
                nxt = trans_idx[i + 1]
                if not isdst[nxt]:
                    diff = utcoff[idx] - utcoff[nxt]
            if diff:
                out[idx] = diff
                break
            i = trans_idx.find(idx, i + 1)
        else:
            out[idx] = 3600
    return out


def _footer_rule(footer: str) -> PosixTZ | ZoneState:
    """The parsed footer; states whose offset datetime cannot hold raise on use.

    POSIX allows offsets up to 24 hours (and DST implied one hour ahead), but a
    tzinfo offset must be under 24 hours. The stdlib loads such a file (CPython's
    own suite requires it) and fails inside datetime whenever the offset is
    used; we load it too, and every use of such a state raises a ValueError
    that names the footer.
    """
    rule = parse_posix_tz(footer)
    if isinstance(rule, PosixTZ):
        if _fits(rule.std_offset) and _fits(rule.dst_offset):
            return rule
        # A private copy: the parsed rule is shared by every zone with this footer.
        copy = object.__new__(PosixTZ)
        for name in PosixTZ.__slots__:
            setattr(copy, name, getattr(rule, name))
        copy._years = {}
        copy.std, copy.dst = _guard(copy.std, footer), _guard(copy.dst, footer)
        return copy
    return _guard(rule, footer)


def _fits(seconds: int) -> bool:
    return -86400 < seconds < 86400


class _Unrepresentable(ZoneState):
    """A footer state whose UTC offset is 24 hours or more: reading it raises."""

    __slots__ = ()
    footer = ""

    def __getitem__(self, i: Any) -> Any:  # tuple protocol: every read raises
        seconds = int(self.utcoffset.total_seconds())
        hms = f"{abs(seconds) // 3600}:{abs(seconds) // 60 % 60:02}:{abs(seconds) % 60:02}"
        raise ValueError(
            f"TZif footer {self.footer!r} gives a UTC offset of {'-' if seconds < 0 else '+'}"
            f"{hms}, which datetime cannot represent (it must be under 24 hours)"
        )


def _states_of(rule: PosixTZ | ZoneState) -> tuple[ZoneState, ...]:
    return (rule.std, rule.dst) if isinstance(rule, PosixTZ) else (rule,)


def _day_offset(rule: PosixTZ | ZoneState) -> bool:
    """Whether a footer rule from _footer_rule has an offset of 24 hours or more."""
    states = (rule.std, rule.dst) if isinstance(rule, PosixTZ) else (rule,)
    return any(isinstance(state, _Unrepresentable) for state in states)


def _guard(state: ZoneState, footer: str) -> ZoneState:
    if _fits(int(state.utcoffset.total_seconds())):
        return state
    cls = type("_Unrepresentable", (_Unrepresentable,), {"__slots__": (), "footer": footer})
    guarded: ZoneState = cls(*state)
    return guarded


def _ts(dt: datetime) -> int:
    return (dt.toordinal() - _EPOCH_ORDINAL) * 86400 + dt.hour * 3600 + dt.minute * 60 + dt.second


def _instant(value: datetime | int | float | None) -> int | None:
    """POSIX seconds for an aware datetime, a naive one (UTC) or a number."""
    if value is None:
        return None
    if isinstance(value, datetime):
        off = value.utcoffset()
        base = _ts(value)
        return base - int(off.total_seconds()) if off is not None else base
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return int(value // 1)
    raise TypeError(f"expected a datetime or a POSIX timestamp, not {type(value).__name__}")


# The state every zone object carries. Everything the answers depend on is in
# ``_z_rules``; the rest is identity (key, file repr, cache flag).
SLOTS = ("_z_key", "_z_rules", "_z_file_repr", "_z_from_cache")


class _Rules:
    """Everything a zone's answers depend on, built once by :func:`build_rules`.

    Immutable apart from its own bounded caches (the per-year tables and the
    lazily built wall-clock transition tables), which hold only data derived
    from the fields here. A zone holds one in ``_z_rules`` and every answer reads that
    slot once, so replacing the object (``zone._z_rules = build_rules(...)``)
    is one atomic swap: a reader still working on the old object writes only
    into the old object's caches.
    """

    __slots__ = ("tzif", "source", "version", "utc", "types", "idx", "local", "before",
                 "after", "fixed", "walls", "utcs", "misses", "wb", "ub", "wfix",
                 "wfixed", "ufix", "ufixed", "fingerprint")

    tzif: TZifData
    source: str | None
    version: str | None
    utc: Sequence[int]
    types: tuple[ZoneState, ...]
    idx: bytes
    local: tuple[_Times, _Times] | None
    # With no type in the file (only a footer), the footer's earliest state.
    before: ZoneState
    after: PosixTZ | ZoneState
    fixed: bool
    # Per-year tables, keyed by the (wall or UTC) year: see wall_year / utc_year.
    walls: dict[int, _WallTable | Literal[False]]
    utcs: dict[int, _UtcTable | Literal[False]]
    misses: int  # misses while a table dict is full (see _build)
    fingerprint: str | None  # see _fingerprint.rules_fingerprint
    # Day blocks, keyed by ``ordinal >> _BLOCK_SHIFT``, filled by _blocks from the year tables.
    wb: dict[int, tuple[_WallDay, ...]]
    ub: dict[int, tuple[timedelta | None, ...]]
    # From the day after ordinal ``wfix`` (wall) / ``ufix`` (UTC) on, every answer is
    # ``wfixed`` (utcoffset, dst, tzname) / the offset ``ufixed``: the zone has a
    # fixed footer and no transition after then. _NO_ORDINAL otherwise.
    wfix: int
    wfixed: tuple[timedelta, timedelta, str] | tuple[None, None, None]
    ufix: int
    ufixed: timedelta | None

    def __repr__(self) -> str:
        return f"<rules source={self.source!r} version={self.version!r}>"

    # --- lookups ----------------------------------------------------------

    # The hot paths (inlined in _ZoneRules) answer from day blocks: for each block of
    # _BLOCK days seen, a tuple with each day's answers (a (utcoffset, dst, tzname)
    # tuple for wall days, the offset for UTC days), so most answers are toordinal(),
    # a shift, one dict lookup and two subscripts; once a fixed footer governs
    # (wfix / ufix) not even that. A day on which something changes (or whose two
    # folds differ) holds None and is answered by find / fromutc: a bisection of its
    # year's table (change keys, see _SHIFT), derived from find_local / find_utc (the
    # reference searches below) at every candidate change, so every level answers
    # exactly as those do. Blocks are built from the year tables, on a day's first
    # slow answer. Both kinds are bounded (_YEAR_CACHE_SIZE, _BLOCK_CACHE_SIZE); an
    # instant's answer is never cached by itself.

    if TYPE_CHECKING:  # a datetime always has a state
        @overload
        def find(self, dt: datetime) -> ZoneState: ...
        @overload
        def find(self, dt: datetime | None) -> ZoneState | tuple[None, None, None, None]: ...

    def find(self, dt: datetime | None) -> ZoneState | tuple[None, None, None, None]:
        """The state for the wall time (and fold) of ``dt``; for None, a fixed zone's state."""
        if dt is None:
            after = self.after
            return after if self.fixed and isinstance(after, ZoneState) else _NO_STATE
        day = dt.toordinal()
        key = day * 86400 + dt.hour * 3600 + dt.minute * 60 + dt.second
        year, fold = dt.year, dt.fold
        tab = self.walls.get(year)
        if tab is None:
            tab = self.wall_year(year) if self._build(self.walls) else False
        if (day >> _BLOCK_SHIFT) not in self.wb and day <= self.wfix:
            self._blocks(self.wb, False, year)
        if tab:
            if fold:
                return tab[3][bisect_right(tab[2], key)]
            return tab[1][bisect_right(tab[0], key)]
        return self.find_local(key - _SHIFT, year, fold)

    def fromutc(self, dt: datetime) -> datetime:
        """``dt`` (UTC wall fields) as local time, fold set in a repeated hour."""
        day = dt.toordinal()
        key = day * 86400 + dt.hour * 3600 + dt.minute * 60 + dt.second
        year = dt.year
        tab = self.utcs.get(year)
        if tab is None:
            tab = self.utc_year(year) if self._build(self.utcs) else False
        if (day >> _BLOCK_SHIFT) not in self.ub and day <= self.ufix:
            self._blocks(self.ub, True, year)
        if tab:
            off, fold = tab[1][bisect_right(tab[0], key)]
        else:
            state, fold = self.find_utc(key - _SHIFT, year)
            off = state[0]
        dt = dt + off
        return dt.replace(fold=1) if fold else dt

    def _build(self, years: dict[int, Any], size: int = _YEAR_CACHE_SIZE) -> bool:
        """Whether a year (or block) missing from ``years`` gets its table now: always
        while there is room; once full (more in use than are kept) only every 16th
        miss, the others answered by the reference search, so that instants spread
        over thousands of years cost a search each rather than a table each."""
        if len(years) < size:
            return True
        self.misses += 1
        return not self.misses % 16

    def wall_year(self, year: int) -> _WallTable | Literal[False]:
        """The wall-clock table of ``year``: keys and states for fold 0, the same for
        fold 1: ``states[i]`` holds from ``keys[i - 1]`` on (``states[0]`` from the
        start of the year). False for a year with too many changes."""
        start, stop = _year_start(year), _year_start(year + 1)
        lts = self.locals()
        after = self.after
        rule_cands = after.wall_candidates(year) if after.__class__ is PosixTZ else ()
        find = self.find_local
        out: list[Any] = []
        for fold in (0, 1):
            lt = lts[fold]
            cands = set(rule_cands)
            if lt:
                i, j = bisect_left(lt, start), bisect_left(lt, stop)
                if j - i > _MAX_YEAR_CHANGES:
                    tab: _WallTable | Literal[False] = False
                    break
                cands.update(lt[k] for k in range(i, j))
                cands.add(lt[-1] + 1)  # where the footer takes over
            keys: list[int] = []
            states = [find(start, year, fold)]
            for c in sorted(c for c in cands if start < c < stop):
                state = find(c, year, fold)
                if state != states[-1]:
                    keys.append(c + _SHIFT)
                    states.append(state)
            out += (tuple(keys), _shared(tuple(states)))
        else:
            if out[0] == out[2] and out[1] == out[3]:
                out[2:] = out[:2]  # no fold in this year: share
            tab = (out[0], out[1], out[2], out[3])
        _store(self.walls, year, tab)
        return tab

    def utc_year(self, year: int) -> _UtcTable | Literal[False]:
        """The UTC table of ``year``: keys and (offset, fold) values, ``values[i]``
        holding from ``keys[i - 1]`` on. False for a year with too many changes, or with
        an offset datetime cannot hold (answered, and refused, on use)."""
        start, stop = _year_start(year), _year_start(year + 1)
        utc = self.utc
        cands = set()
        small = True  # few enough changes for a table
        if utc:
            # Offsets lie within a day of UTC, so a fold lasts under two days.
            i, j = bisect_left(utc, start - 2 * 86400), bisect_left(utc, stop)
            if j - i > _MAX_YEAR_CHANGES:
                small = False
            else:
                types, idxs, before = self.types, self.idx, self.before
                for k in range(i, j):
                    prev = types[idxs[k - 1]] if k else before
                    shift = (prev[0] - types[idxs[k]][0]).total_seconds()
                    cands.add(utc[k])
                    if shift > 0:
                        cands.add(utc[k] + int(shift))
                # Where the footer takes over, and where the fold it may start ends.
                last = utc[-1]
                cands.add(last + 1)
                prev = types[idxs[-2]] if len(utc) > 1 else before
                for state in _states_of(self.after):
                    if not isinstance(state, _Unrepresentable):
                        cands.add(last + int((prev[0] - state[0]).total_seconds()))
        after = self.after
        if small and isinstance(after, PosixTZ):
            cands.update(after.utc_candidates(year))
        tab: _UtcTable | Literal[False] = False
        if small:
            find = self.find_utc
            keys: list[int] = []
            values = [find(start, year)]
            for c in sorted(c for c in cands if start < c < stop):
                value = find(c, year)
                if value != values[-1]:
                    keys.append(c + _SHIFT)
                    values.append(value)
            if not any(isinstance(v[0], _Unrepresentable) for v in values):
                tab = (tuple(keys), _shared(tuple((v[0][0], bool(v[1])) for v in values)))
        _store(self.utcs, year, tab)
        return tab

    def year_days(self, year: int, utc: bool) -> list[Any] | None:
        """Each day's block entry in ``year`` (see _Rules): on the wall side its
        (utcoffset, dst, tzname) if they hold all day for both folds, on the UTC side
        its offset if that holds all day with no fold, else None; None when the year's
        table is not built now (the dict full)."""
        tables = self.utcs if utc else self.walls
        tab = tables.get(year)
        if tab is None:
            if not self._build(tables):
                return None
            tab = self.utc_year(year) if utc else self.wall_year(year)
        return _days(year, tab, utc)

    def _blocks(self, blocks: dict[int, Any], utc: bool, year: int) -> None:
        """Store the missing blocks that overlap ``year`` (a year's worth at once: one
        pass over its changes), their days in the next or previous year included."""
        if not self._build(blocks, _BLOCK_CACHE_SIZE):
            return
        days = self.year_days(year, utc)
        if days is None:
            return
        first = _days_before_year(year) + _EPOCH_ORDINAL
        end = first + len(days)
        for block in range(first >> _BLOCK_SHIFT, ((end - 1) >> _BLOCK_SHIFT) + 1):
            if block in blocks:
                continue
            lo, hi = block << _BLOCK_SHIFT, (block + 1) << _BLOCK_SHIFT
            entries = days[max(lo, first) - first:hi - first]
            if lo < first:
                other = self.year_days(year - 1, utc) if year > 1 else None
                entries = (other[len(other) - (first - lo):] if other else
                           [None] * (first - lo)) + entries
            if hi > end:
                other = self.year_days(year + 1, utc) if year < 9999 else None
                entries += other[:hi - end] if other else [None] * (hi - end)
            if entries.count(entries[0]) == _BLOCK:  # most blocks: one answer all along
                value = memo(_CONSTANT_BLOCKS, 4096, entries[0], _constant_block)
            else:
                value = _shared(tuple(entries))
            _store(blocks, block, value, _BLOCK_CACHE_SIZE)

    def locals(self) -> tuple[_Times, _Times]:
        """Wall-clock transition times for each fold, built once on first use.

        At a change, fold=0 sees the later wall time (the larger offset) and
        fold=1 the earlier one; the first transition is measured against type
        0, as the stdlib does. Long tables (and times near the int64 limits,
        where a wall time does not fit an int64) get views that compute each
        entry when a bisection asks for it: first use stays O(log n)."""
        lts = self.local
        if lts is None:
            data = self.tzif
            if len(data.trans_utc) <= _EAGER_LOCALS:
                offs = list(map(data.utcoff.__getitem__, data.trans_idx))
                prevs = [data.utcoff[0], *offs[:-1]] if offs else []
                pairs = list(zip(self.utc, offs, prevs))
                try:
                    lts = (
                        array("q", [u + (a if a > b else b) for u, a, b in pairs]),
                        array("q", [u + (b if a > b else a) for u, a, b in pairs]),
                    )
                except OverflowError:
                    lts = None
            if lts is None:
                lts = (_Walls(data, True), _Walls(data, False))
            self.local = lts
        return lts

    def find_local(self, ts: int, year: int, fold: int) -> ZoneState:
        """State at wall time ``ts`` (local seconds since 1970) for ``fold``."""
        lt = (self.local or self.locals())[fold]
        if lt and ts < lt[0]:
            return self.before
        if not lt or ts > lt[-1]:
            after = self.after
            if isinstance(after, PosixTZ):
                return after.find_local(ts, year, fold)
            return after
        return self.types[self.idx[bisect_right(lt, ts) - 1]]

    def find_utc(self, ts: int, year: int) -> tuple[ZoneState, bool]:
        """State at UTC instant ``ts`` (``year`` is its UTC year) and the fold
        of the resulting wall time."""
        utc = self.utc
        n = len(utc)
        if n and ts < utc[0]:
            return self.before, False
        if not n or ts > utc[-1]:
            after = self.after
            if isinstance(after, PosixTZ):
                state, fold = after.find_utc(ts, year)
            else:
                state, fold = after, False
            if n and not fold:
                # Just after the last explicit transition the wall clock may
                # still be repeating the hour that transition set back.
                prev = self.types[self.idx[n - 2]] if n > 1 else self.before
                diff = (prev[0] - state[0]).total_seconds()
                fold = diff > 0 and ts < utc[-1] + diff
            return state, fold
        idx = bisect_right(utc, ts)
        types, idxs = self.types, self.idx
        if idx >= 2:
            prev, state = types[idxs[idx - 2]], types[idxs[idx - 1]]
        else:
            prev, state = self.before, types[idxs[0]]
        shift = (prev[0] - state[0]).total_seconds()
        return state, shift > ts - utc[idx - 1]

    def state_at(self, ts: int) -> ZoneState:
        """The state at the UTC instant ``ts``."""
        return self.find_utc(ts, _year_of(ts))[0]

    # --- transitions ------------------------------------------------------

    def transitions(self, lo: int | None, hi: int | None) -> Iterator[Transition]:
        utc = self.utc
        types, idxs = self.types, self.idx
        first = 0 if lo is None else bisect_right(utc, lo - 1)
        prev = self.before if first == 0 else types[idxs[first - 1]]
        for i in range(first, len(utc)):
            ts = utc[i]
            if hi is not None and ts >= hi:
                return
            state = types[idxs[i]]
            yield Transition(ts, prev, state)
            prev = state
        after = self.after
        if not isinstance(after, PosixTZ):
            if utc and prev != after:
                # A static footer that differs from the last type: the change
                # takes effect right after the last transition.
                ts = utc[-1] + 1
                if (lo is None or ts >= lo) and (hi is None or ts < hi):
                    yield Transition(ts, prev, after)
            return
        yield from self.rule_transitions(after, lo, hi)

    def rule_transitions(self, rule: PosixTZ, lo: int | None,
                         hi: int | None) -> Iterator[Transition]:
        utc = self.utc
        floor = utc[-1] if utc else _MIN_TS - 1  # the rule governs after this
        if lo is not None and lo > floor + 1:
            floor = lo - 1
        find = rule.find_utc
        # The state is constant between candidates, so each candidate's "before" is the
        # previous one's "now"; only the first needs a lookup.
        if utc and floor <= utc[-1]:
            before = self.types[self.idx[-1]]
        else:
            before = find(floor, _year_of(floor))[0]
        # The rule governs from just after the last explicit transition: a last type
        # that differs from the rule's state there changes at that instant.
        takeover = utc[-1] + 1 if utc else _MIN_TS - 1
        year = _year_of(floor + 1)
        quiet = 0
        # A rule whose state never changes can differ only from the last explicit type,
        # at the first candidate after it: two years hold that candidate.
        limit = 2 if _is_static(rule) else _RULE_CYCLE
        while quiet < limit:
            # The state within a UTC year changes only at that year's two rule boundaries
            # (those inside the year) and at its start, where the year's boundaries apply.
            start = _year_start(year)
            stop = _year_start(year + 1)
            cands = [start, *(b for b in rule.year_changes(year) if start <= b < stop)]
            if start <= takeover < stop:
                cands.append(takeover)
            for ts in sorted(cands):
                if ts <= floor:
                    continue
                if hi is not None and ts >= hi:
                    return
                now = find(ts, year)[0]
                if before != now:
                    quiet = 0
                    yield Transition(ts, before, now)
                    before = now
            floor = stop - 1
            year += 1
            quiet += 1

    def previous_transition(self, ts: int) -> Transition | None:
        utc = self.utc
        after = self.after
        if isinstance(after, PosixTZ) and (not utc or ts > utc[-1]) and _is_static(after):
            # Its only possible change is where the rule takes over.
            first = next(self.rule_transitions(after, None, ts + 1), None)
            if first is not None:
                return first
        elif isinstance(after, PosixTZ) and (not utc or ts > utc[-1]):
            floor = utc[-1] if utc else _MIN_TS - 1
            year = _year_of(ts)
            for _ in range(_RULE_CYCLE):
                lo = max(_year_start(year), floor + 1)
                found = None
                for tr in self.rule_transitions(after, lo, ts + 1):
                    found = tr
                if found is not None:
                    return found
                if lo <= floor + 1 or year <= 1:
                    break
                year -= 1
        idx = bisect_right(utc, ts)
        if idx == 0:
            return None
        types, idxs = self.types, self.idx
        before = self.before if idx == 1 else types[idxs[idx - 2]]
        return Transition(utc[idx - 1], before, types[idxs[idx - 1]])

    def readings(self, dt: datetime) -> list[tuple[timedelta, bool]]:
        """For fold 0 and fold 1: the offset that reading of the wall time gets,
        and whether converting it to UTC and back gives the same wall time."""
        wall = _ts(dt)
        naive = dt.replace(tzinfo=None)
        out = []
        for fold in (0, 1):
            off = self.find(naive.replace(fold=fold))[0]
            ts = wall - int(off.total_seconds())
            state = self.state_at(ts)
            out.append((off, ts + int(state[0].total_seconds()) == wall))
        return out


def build_rules(data: TZifData, source: str | None = None,
                version: str | None = None) -> _Rules:
    """The rules object for parsed TZif ``data`` (ValueError if it has no types).

    ``source`` and ``version`` are what ``zone.source`` / ``zone.data_version``
    report. Assigning the result to a zone's ``_z_rules`` replaces all its rules
    at once (what a live-data refresh does).
    """
    r = object.__new__(_Rules)
    r.tzif = data
    r.source = source
    r.version = version
    r.walls = {}
    r.utcs = {}
    r.misses = 0
    r.wb = {}
    r.ub = {}
    r.fingerprint = None  # computed on first need (see _fingerprint)
    trans_idx, utcoff, isdst = data.trans_idx, data.utcoff, data.isdst
    dstoff = _dst_offsets(trans_idx, utcoff, isdst)
    # One shared state object per distinct (offset, dst, abbreviation, flag): most zones
    # repeat a few, and a first lookup then allocates almost nothing.
    states = _STATES
    types = []
    for spec in zip(utcoff, dstoff, data.abbr, isdst):
        state = states.get(spec)
        if state is None:
            if len(states) >= 4096:
                states.clear()
            state = states[spec] = ZoneState(
                timedelta_of(spec[0]), timedelta_of(spec[1]), spec[2], spec[3])
        types.append(state)
    r.utc = data.trans_utc
    # The state of transition i is types[idx[i]]: one byte per transition (the file's
    # own index bytes) rather than a pointer, which keeps a zone smaller than the C one.
    r.types = tuple(types)
    r.idx = trans_idx
    r.local = None  # built on first need: fromutc never needs it
    footer = data.footer
    if footer:
        after = _footer_rule(footer)
    elif trans_idx:
        after = types[trans_idx[-1]]
    elif types:
        after = types[-1]
    else:
        raise ValueError("No time zone information found.")
    r.after = after
    # Before the first transition: the first standard type (RFC 8536 says type 0, but the
    # stdlib's choice is what we must agree with); with no type at all (a footer alone, so
    # no transition either), the footer's earliest state.
    first = next((t for t in types if not t.is_dst), types[0] if types else None)
    r.before = first if first is not None else r.state_at(_MIN_TS - 1)
    if isinstance(after, PosixTZ) or len(types) > 1:
        r.fixed = False
    elif not types:
        r.fixed = True
    else:
        r.fixed = tuple(types[0])[:3] == tuple(after)[:3]  # tuple(): no __getitem__
    r.wfix = r.ufix = _NO_ORDINAL
    r.wfixed, r.ufixed = (None, None, None), None
    if not isinstance(after, (PosixTZ, _Unrepresentable)):
        # A fixed footer: every answer is the footer's once find_local / find_utc are
        # past every transition: past both wall times of each end of the list (the
        # first one counts against type 0, as in locals()), and past the end of the
        # fold the last one may start. From the next day on, a zone answers from these.
        utc = r.utc
        r.wfix = r.ufix = 0
        if utc:
            wall_end = max(utc[i] + max(utcoff[trans_idx[i]],
                                        utcoff[trans_idx[i - 1]] if i else utcoff[0])
                           for i in {0, len(utc) - 1})
            last = types[trans_idx[-2]] if len(utc) > 1 else r.before
            utc_end = utc[-1] + max(0, int((last[0] - after[0]).total_seconds()))
            r.wfix = max(0, (wall_end + _SHIFT) // 86400)
            r.ufix = max(0, (utc_end + _SHIFT) // 86400)
        r.wfixed, r.ufixed = _shared(tuple(after)[:3]), after[0]
    return r


class _ZoneRules(tzinfo):
    """The answers of a zone built from TZif data (a mixin: the state is in the
    subclass's ``SLOTS``).

    Every answer reads ``self._z_rules`` once and uses only that object, so a
    concurrent swap of the slot gives each answer either the old rules or the
    new ones, never a mix.
    """

    __slots__ = ()
    # Declared for type checkers; the concrete classes provide them as slots.
    _z_key: str | None
    _z_rules: _Rules
    _z_file_repr: str | None
    _z_from_cache: bool

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        # Each class gets its own copy of the hot paths' code: the interpreter
        # specialises a code object for the one class it sees (the slot read of
        # _z_rules sits at a different offset in each), so sharing one between
        # ZoneInfo and ZoneEngine would make both miss when both are in use.
        for name in _HOT_PATHS:
            func = getattr(cls, name)
            if getattr(func, "__qualname__", "").startswith("_ZoneRules."):
                copy = FunctionType(func.__code__.replace(), func.__globals__, name,
                                    func.__defaults__, func.__closure__)
                copy.__qualname__ = f"{cls.__qualname__}.{name}"
                copy.__doc__, copy.__module__ = func.__doc__, func.__module__
                setattr(cls, name, copy)

    def _setup(self, data: TZifData, key: str | None, source: str | None,
               version: str | None) -> None:
        self._z_key = key
        self._z_file_repr = None
        self._z_rules = build_rules(data, source, version)

    # --- tzinfo interface -------------------------------------------------

    # The hot paths, inlined (see _Rules): the fixed footer's answer, else the day's
    # answer in its block. Anything else (None, a date, bad input, a block not built
    # yet, a day with a change in it, whose None entry fails to subscript or add) takes
    # _Rules.find / _Rules.fromutc, which build the tables and blocks, answer from the
    # year's second level, and raise the stdlib's errors on bad input. A state whose
    # offset datetime cannot hold is never in a block: find() raises on it.

    def utcoffset(self, dt: datetime | None) -> timedelta | None:
        r = self._z_rules
        try:
            if type(dt) is not datetime:
                dt.hour  # type: ignore[union-attr]  # None, a date: fail as in stdlib  # noqa: B018
            day = dt.toordinal()  # type: ignore[union-attr]  # None: AttributeError, caught
            if day > r.wfix:
                return r.wfixed[0]
            return r.wb[day >> 5][day & 31][0]  # type: ignore[index]  # None: a change that day
        except (KeyError, AttributeError, TypeError):
            pass
        return r.find(dt)[0]

    def dst(self, dt: datetime | None) -> timedelta | None:
        r = self._z_rules
        try:
            if type(dt) is not datetime:
                dt.hour  # type: ignore[union-attr]  # None, a date: fail as in stdlib  # noqa: B018
            day = dt.toordinal()  # type: ignore[union-attr]  # None: AttributeError, caught
            if day > r.wfix:
                return r.wfixed[1]
            return r.wb[day >> 5][day & 31][1]  # type: ignore[index]  # None: a change that day
        except (KeyError, AttributeError, TypeError):
            pass
        return r.find(dt)[1]

    def tzname(self, dt: datetime | None) -> str | None:
        r = self._z_rules
        try:
            if type(dt) is not datetime:
                dt.hour  # type: ignore[union-attr]  # None, a date: fail as in stdlib  # noqa: B018
            day = dt.toordinal()  # type: ignore[union-attr]  # None: AttributeError, caught
            if day > r.wfix:
                return r.wfixed[2]
            return r.wb[day >> 5][day & 31][2]  # type: ignore[index]  # None: a change that day
        except (KeyError, AttributeError, TypeError):
            pass
        return r.find(dt)[2]

    def fromutc(self, dt: datetime) -> datetime:
        r = self._z_rules
        try:
            if dt.tzinfo is self:
                day = dt.toordinal()
                if day > r.ufix:
                    return dt + r.ufixed  # type: ignore[operator]  # not None past ufix
                return dt + r.ub[day >> 5][day & 31]  # type: ignore[operator]  # None: caught
        except (KeyError, AttributeError, TypeError):
            pass
        if not isinstance(dt, datetime):
            raise TypeError("fromutc: argument must be a datetime")
        if dt.tzinfo is not self:
            raise ValueError("fromutc: dt.tzinfo is not self")
        return r.fromutc(dt)

    def plain_offset(self, dt: datetime) -> timedelta | None:
        """The UTC offset at the wall time of ``dt`` when its whole day reads one way (the
        same answers all day for both folds: no gap and no repeated hour that day, so the
        wall time exists once); None otherwise. One probe of the day blocks (built here on
        the day's first question, as ``utcoffset()`` builds them): a cheap test for
        readers and writers of stored times."""
        r = self._z_rules
        day = dt.toordinal()
        if day > r.wfix:
            return r.wfixed[0]
        block = r.wb.get(day >> 5)
        if block is None:
            r.find(dt)  # builds the day's block, unless the caches are full
            block = r.wb.get(day >> 5)
            if block is None:
                return None
        entry = block[day & 31]
        return None if entry is None else entry[0]

    # --- introspection ----------------------------------------------------

    @property
    def source(self) -> str | None:
        """Where the data came from: a file path, ``"tzdata:<key>"``, or None."""
        return self._z_rules.source

    @property
    def data_version(self) -> str | None:
        """The IANA release of the data (e.g. ``"2026f"``), when known."""
        return self._z_rules.version

    @property
    def tzif(self) -> TZifData:
        """The parsed TZif data this zone was built from."""
        return self._z_rules.tzif

    @property
    def data_fingerprint(self) -> str:
        """A stable hash of the rules this zone answers from (see ``tzcompat.data_report``):
        equal on two machines exactly when the zone gives the same answers there."""
        # import cost: hashlib at the first fingerprint, not the first zone
        from ._fingerprint import rules_fingerprint

        return rules_fingerprint(self._z_rules)

    @property
    def initial_state(self) -> ZoneState:
        """The state in force before the first transition (the stdlib's answer for the
        earliest instants: with no transition in the file, the footer's)."""
        r = self._z_rules
        if r.utc:
            return r.before
        return r.state_at(_MIN_TS - 1)

    def transitions(self, start: datetime | int | None = None,
                    end: datetime | int | None = None) -> Iterator[Transition]:
        """Each change with ``start <= instant < end``, in order.

        Every transition recorded in the file is yielded, then those of the
        footer rule (forever when ``end`` is None and the rule has DST).
        """
        # Not a generator itself: the arguments are checked and the rules read now.
        return self._z_rules.transitions(_instant(start), _instant(end))

    def next_transition(self, dt: datetime | int) -> Transition | None:
        """The first transition strictly after the instant ``dt``."""
        ts = _instant(dt)
        if ts is None:
            raise TypeError("next_transition() needs a datetime or a timestamp")
        return next(self._z_rules.transitions(ts + 1, None), None)

    def previous_transition(self, dt: datetime | int) -> Transition | None:
        """The last transition at or before the instant ``dt``."""
        ts = _instant(dt)
        if ts is None:
            raise TypeError("previous_transition() needs a datetime or a timestamp")
        return self._z_rules.previous_transition(ts)

    def is_ambiguous(self, dt: datetime) -> bool:
        """Whether the wall time of ``dt`` occurs twice in this zone."""
        (off0, real0), (off1, real1) = self._z_rules.readings(dt)
        return real0 and real1 and off0 != off1

    def is_imaginary(self, dt: datetime) -> bool:
        """Whether the wall time of ``dt`` is skipped by a gap in this zone."""
        (_, real0), (_, real1) = self._z_rules.readings(dt)
        return not (real0 or real1)


_HOT_PATHS = ("utcoffset", "dst", "tzname", "fromutc")


def _store(years: dict[int, Any], year: int, table: Any, size: int = _YEAR_CACHE_SIZE) -> None:
    """Keep ``table`` for ``year``, dropping the oldest year kept when full."""
    if len(years) >= size:
        try:
            del years[next(iter(years))]
        except (KeyError, RuntimeError, StopIteration):
            pass  # another thread evicted meanwhile: the bound holds within a few
    years[year] = table


def _days(year: int, tab: _WallTable | _UtcTable | Literal[False], utc: bool) -> list[Any]:
    """The block entries of the days of ``year`` from its table (see wall_year /
    utc_year; False: every day None): the runs between the days that hold a change
    take the answer at their first day's start."""
    first = _days_before_year(year) + _EPOCH_ORDINAL
    end = _days_before_year(year + 1) + _EPOCH_ORDINAL
    days: list[Any] = [None] * (end - first)
    if not tab:
        return days
    table: tuple[Any, ...] = tab  # the wall (four items) or UTC (two) table
    levels = [table] if utc else [table[:2]] if table[0] is table[2] else [table[:2], table[2:]]
    changes = {first, end}
    for keys, _ in levels:
        for k in keys:
            changes.add(k // 86400)
            changes.add(k // 86400 + 1)
    points = sorted(p for p in changes if first <= p <= end)
    for day, following in zip(points, points[1:]):
        lo = day * 86400
        answers = []
        for keys, values in levels:
            i = bisect_right(keys, lo)
            if i < len(keys) and keys[i] < lo + 86400:  # a change within the day
                break
            answers.append(values[i])
        else:
            answer = answers[0]
            if any(a != answer for a in answers):  # the folds differ
                continue
            if utc:
                if answer[1]:  # a fold
                    continue
                value = answer[0]
            elif isinstance(answer, _Unrepresentable):  # find() raises on it
                continue
            else:
                value = _shared(tuple(answer)[:3])
            days[day - first:following - first] = [value] * (following - day)
    return days


def _constant_block(value: Any) -> tuple[Any, ...]:
    return (value,) * _BLOCK


def _same(value: Any) -> Any:
    return value


_SHARED: dict[tuple[Any, ...], tuple[Any, ...]] = {}
# (utcoff, dstoff, abbr, isdst) -> the ZoneState (see build_rules).
_STATES: dict[tuple[int, int, str, bool], ZoneState] = {}
_CONSTANT_BLOCKS: dict[Any, tuple[Any, ...]] = {}


def _shared(value: tuple[Any, ...]) -> tuple[Any, ...]:
    """One object for equal answer tuples: most years (and zones) repeat a few.

    Not for states that raise on use: equal by value, they name different footers."""
    if any(isinstance(v, _Unrepresentable) for v in value):
        return value
    return memo(_SHARED, 4096, value, _same)


def _year_of(ts: int) -> int:
    """The proleptic Gregorian (UTC) year of a POSIX timestamp, for any size."""
    z = ts // 86400 + 719468  # days since 0000-03-01
    era = z // 146097
    doe = z - era * 146097
    yoe = (doe - doe // 1460 + doe // 36524 - doe // 146096) // 365
    doy = doe - (365 * yoe + yoe // 4 - yoe // 100)
    month_index = (5 * doy + 2) // 153  # 0 = March
    return yoe + era * 400 + (month_index >= 10)


def _year_start(year: int) -> int:
    return _days_before_year(year) * 86400


_STATIC: dict[str, bool] = {}


def _is_static(rule: PosixTZ) -> bool:
    """Whether the rule's state never changes (DST all year, as RFC 8536's
    ``EST5EDT,0/0,J365/25``, or a DST period of zero length).

    Decided once per rule string over one 400-year cycle, after which the
    Gregorian calendar (and so every rule) repeats.
    """
    static = _STATIC.get(rule.string)
    if static is None:
        find = rule.find_utc
        state = find(_year_start(2000), 2000)[0]
        static = True
        for year in range(2000, 2000 + _RULE_CYCLE):
            start, stop = _year_start(year), _year_start(year + 1)
            if any(start <= ts < stop and find(ts, year)[0] != state
                   for ts in (start, *rule.year_changes(year))):
                static = False
                break
        if len(_STATIC) >= 256:
            _STATIC.clear()
        _STATIC[rule.string] = static
    return static


class ZoneEngine(_ZoneRules):
    """A zone with tzcompat's answers and no standard-library part: what the pytz
    and dateutil adapters build on (cheaper to build than ``tzcompat.ZoneInfo``,
    and not an instance of ``zoneinfo.ZoneInfo``). Never cached here."""

    __module__ = "tzcompat._engine"
    __slots__ = ("__weakref__", *SLOTS)

    @classmethod
    def load(cls, key: str) -> ZoneEngine:
        """The zone ``key`` from TZPATH or the tzdata package (read on every call)."""
        fobj, source, version = _lookup.open_zone(key)
        with fobj:
            data = read_tzif(fobj)
        return cls.from_tzif(data, key, source, version)

    @classmethod
    def from_file(cls, fobj: IO[bytes], /, key: str | None = None) -> ZoneEngine:
        """The zone in a binary file object holding TZif data."""
        obj = cls.from_tzif(read_tzif(fobj), key)
        obj._z_file_repr = repr(fobj)
        return obj

    @classmethod
    def from_tzif(cls, data: TZifData, key: str | None = None, source: str | None = None,
                  version: str | None = None) -> ZoneEngine:
        """The zone for already-parsed data."""
        obj = super().__new__(cls)
        obj._setup(data, key, source, version)
        obj._z_from_cache = False
        return obj

    @property
    def key(self) -> str | None:
        return self._z_key

    def __str__(self) -> str:
        return self._z_key if self._z_key is not None else repr(self)

    def __repr__(self) -> str:
        return f"{type(self).__qualname__}(key={self._z_key!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        # By value: an engine is not tied to a cache or to the receiver's data.
        r = self._z_rules
        return (_engine_unpickle, (self._z_key, tuple(r.tzif), r.source, r.version))


def _engine_unpickle(key: str | None, fields: tuple[Any, ...], source: str | None,
                     version: str | None) -> ZoneEngine:
    return ZoneEngine.from_tzif(TZifData(*fields), key, source, version)
