"""``tzfile``: a TZif zone with dateutil 4's results, on data read by the core.

The file is parsed by ``tzcompat.read_tzif``. From it this class keeps dateutil's
own tables (same names, so code and tests that read ``_trans_utc``, ``_tz_after``,
``_filename``... keep working; built on first use), dateutil's per-transition
``dst()`` inference and its rules after the last transition (which differ from
``ZoneInfo``'s in corner cases, so they are not delegated to the core).

Speed comes from per-year tables over dateutil's exact algorithm: the breakpoints
that split a year into stretches with one answer, kept as datetimes carrying the
zone, so that any instant of a seen year is one dict lookup and a short bisect.
The tables are bounded in years (``_YEAR_CACHE_SIZE``), not in instants seen.
"""

from __future__ import annotations

import bisect
import struct
from array import array
from datetime import datetime, timedelta

from .._calendar import EPOCH_ORDINAL as _EPOCH_ORDINAL
from .._calendar import days_before_year, is_leap
from .._memo import timedelta_of
from .._tzif import TZifData, read_tzif
from . import _peer
from ._base import _tzinfo
from ._dstinfer import infer_dst_offset_at, infer_dst_offsets
from ._footer import (
    _NEW_YEAR_MARGIN,
    _NO_TTINFO,
    _NoTTInfo,
    _parse_tz_str,
    _ttinfo,
    _TZStr,
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import IO, Any

__all__ = ["_TZStr", "_ttinfo", "_unpickle", "load_data", "tzfile"]

_NOTHING = object()
_bisect_right = bisect.bisect_right

# dateutil's tables, derived from the data on first use.
_DERIVED_ATTRS = frozenset(["_ttinfo_list", "_ttinfos", "_trans_local", "_tti_before", "_tz_after"])
# Attributes rebuilt from the data when unpickling, or caches: not pickled as state.
_DATA_ATTRS = frozenset(
    [
        "_filename", "_fixed_offset", "_isdst", "_key", "_trans_idx", "_trans_utc", "_tz_str",
        "_data", "_wt", "_ut", "_wy", "_wf", "_uy", "_tti_memo",
        "_windows", "_cold", "_eq_other", "_eq_answer", "_fingerprint",
        *_DERIVED_ATTRS,
    ]
)
# Years of lookup tables kept (a few kilobytes per year in all): enough for instants
# spread over two centuries without rebuilding, and a bound on what a zone keeps.
_YEAR_CACHE_SIZE = 256
# Lookups a zone answers the exact way before it builds per-year tables.
_COLD_LOOKUPS = 8
# The tables' datetimes carry their zone, and datetimes are invisible to the cycle
# collector: a zone holding tables is never freed. So only this many zones hold tables
# at once (insertion order: the oldest gives its tables up, and can then be collected).
_TABLE_HOLDERS = 64
_holders: dict[int, Any] = {}


def _hold(zone: Any) -> None:
    """Register ``zone`` as holding tables; release the oldest holder's past the bound."""
    if id(zone) in _holders:
        return
    _holders[id(zone)] = zone
    while len(_holders) > _TABLE_HOLDERS:
        try:
            oldest = _holders.pop(next(iter(_holders)))
        except (StopIteration, KeyError, RuntimeError):  # another thread got there first
            break
        oldest._drop_tables()


def _max_offset(rule: _TZStr) -> int:
    return int(max(rule.std.utcoff, rule.dst.utcoff).total_seconds())


if TYPE_CHECKING:
    from collections.abc import Sequence

    # dateutil's (trans_idx, trans_utc, utcoff, isdst, abbr, tz_str): tuples when read
    # here, lists in dateutil 4's pickles.
    Data = tuple[Sequence[int], Sequence[int], Sequence[int], Sequence[int], Sequence[str],
                 bytes | None]


_COUNTS = struct.Struct(">6l")


def _read_exactly(fobj: Any, n: int) -> bytes:
    """Up to ``n`` bytes: reads again after a short read (pipes, sockets, raw streams) and
    accepts any bytes-like chunk (bytearray, memoryview); fewer only at end of stream,
    which the core then reports as a truncated file."""
    chunk = fobj.read(max(n, 0))
    if type(chunk) is bytes and len(chunk) == n:
        return chunk
    parts = []
    got = 0
    while True:
        if isinstance(chunk, (bytearray, memoryview)):
            chunk = bytes(chunk)
        elif not isinstance(chunk, bytes) or not chunk:
            break  # end of stream (b"", or None from a non-blocking stream), or not binary
        parts.append(chunk)
        got += len(chunk)
        if got >= n:
            break
        chunk = fobj.read(n - got)
    return b"".join(parts)


def _truncated(what: str) -> ValueError:
    return ValueError(f"Invalid TZif file: truncated {what} (the data ends early)")


def _read_block(fobj: Any, n: int, what: str) -> bytes:
    block = _read_exactly(fobj, n)
    if len(block) < n:
        raise _truncated(what)
    return block


def _tzif_bytes(fobj: Any) -> bytes:
    """Read one TZif file from ``fobj`` and no further (the stream is left at its
    end, as dateutil leaves it); the core validates what was read. A stream that ends
    before the sizes its headers give raises ValueError ("truncated")."""
    head = _read_exactly(fobj, 44)
    if head[:4] != b"TZif"[: len(head)] or not head:
        return head  # not TZif at all: the core says so
    if len(head) < 44:
        raise _truncated("header")
    isut, isstd, leap, time, types, chars = _COUNTS.unpack(head[20:])
    parts = [
        head,
        _read_block(fobj, time * 5 + types * 6 + chars + leap * 8 + isstd + isut,
                    "version 1 data block"),
    ]
    if head[4:5] == b"\x00":
        return b"".join(parts)
    head2 = _read_block(fobj, 44, "second header")
    parts.append(head2)
    if head2[:4] != b"TZif":
        return b"".join(parts)  # the core reports the bad header
    isut, isstd, leap, time, types, chars = _COUNTS.unpack(head2[20:])
    parts.append(
        _read_block(fobj, time * 9 + types * 6 + chars + leap * 12 + isstd + isut,
                    "version 2+ data block")
    )
    newline = _read_block(fobj, 1, "footer")
    parts.append(newline)
    if newline == b"\n":
        # The footer line; one byte at a time for objects without readline().
        readline = getattr(fobj, "readline", None)
        if readline is not None:
            line = readline()
            line = bytes(line) if isinstance(line, (bytes, bytearray, memoryview)) else b""
        else:
            chars_read = []
            while True:
                byte = _read_exactly(fobj, 1)
                chars_read.append(byte)
                if byte in (b"", b"\n"):
                    break
            line = b"".join(chars_read)
        if not line.endswith(b"\n"):
            raise _truncated("footer")
        parts.append(line)
    return b"".join(parts)


def load_data(fobj: IO[bytes]) -> Data:
    """Read TZif data as dateutil's tuple ``(trans_idx, trans_utc, utcoff, isdst,
    abbr, tz_str)``; ValueError for anything that is not a valid TZif file."""
    data = read_tzif(_tzif_bytes(fobj))
    footer = data.footer
    return (
        tuple(data.trans_idx),
        tuple(data.trans_utc),
        tuple(data.utcoff),
        tuple(int(flag) for flag in data.isdst),
        tuple(data.abbr),
        footer.encode("ascii") if footer is not None else None,
    )


def _unpickle(cls: type[tzfile], key: str | None, filename: str, data: Data) -> tzfile:
    """Rebuild a pickled tzfile from its data (pickles made by dateutil 4 load too)."""
    obj = cls.__new__(cls)
    obj._key = key
    obj._filename = filename
    obj._load_from_data(data)
    return obj


def _local_transitions(trans_idx: Any, trans_utc: Any, utcoff: Any) -> list[list[int]]:
    """Each transition in local seconds, for fold 0 (larger offset) and fold 1."""
    if not trans_utc:
        return [[], []]
    fold0: list[int] = []
    fold1: list[int] = []
    # dateutil takes local time type 0 as the offset before the first transition.
    prev = utcoff[0]
    for ts, idx in zip(trans_utc, trans_idx):
        new = utcoff[idx]
        if new > prev:
            fold0.append(ts + new)
            fold1.append(ts + prev)
        else:
            fold0.append(ts + prev)
            fold1.append(ts + new)
        prev = new
    return [fold0, fold1]


class _Derived:
    """A dateutil table computed from the data on first access (then an instance
    attribute): gettz() stays cheap, and most zones are only asked about a few years.
    A plain descriptor rather than ``__getattr__``, which would slow every attribute
    access on the zone."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, obj: Any, objtype: Any = None) -> Any:
        if obj is None:
            return self
        if "_data" not in obj.__dict__:
            raise AttributeError(f"{type(obj).__name__!r} object has no attribute {self.name!r}")
        obj._derive()
        return obj.__dict__[self.name]


@_peer.hide_real_only
# Bases picked at import (the real library's, when installed)
class tzfile(*_peer.bases((_tzinfo,), "tzfile")):  # type: ignore[misc]
    """A zone read from a TZif file: a path (``str``) or a binary file object.

    ``filename`` names the source in the repr when ``fileobj`` is a stream (default:
    its ``name``, else ``key``, else its repr). ``key`` is the IANA key, kept as
    given. Equality compares the data; objects are unhashable and pickle by value.
    """

    # The per-year tables every utcoffset()/fromutc() reads: a slot loads faster than an
    # instance-dict entry (about 60 ns of a ~600 ns astimezone). Other state stays in
    # __dict__, as dateutil's.
    if not TYPE_CHECKING:  # instances keep a __dict__ too (their bases have no slots)
        __slots__ = ("_wt", "_ut", "_wy", "_wf", "_uy")

    _ttinfo_list = _Derived()
    _ttinfos = _Derived()
    _trans_local = _Derived()
    _tti_before = _Derived()
    _tz_after = _Derived()

    def __init__(
        self, fileobj: str | IO[bytes] | None, filename: str | None = None, key: str | None = None
    ) -> None:
        if isinstance(fileobj, str):
            self._filename = fileobj
            with open(fileobj, "rb") as stream:
                self._load_file(stream)
        else:
            if filename is not None:
                self._filename = filename
            elif hasattr(fileobj, "name"):
                self._filename = fileobj.name  # type: ignore[union-attr]  # checked by hasattr
            elif key is not None:
                self._filename = key
            else:
                self._filename = repr(fileobj)
            if fileobj is not None:
                self._load_file(fileobj)
        self._key = key

    @property
    def key(self) -> str | None:
        """The key given when the zone was built (as passed to ``gettz``), or None."""
        return self._key

    @property
    def data_fingerprint(self) -> str:
        """The fingerprint of this zone's rules, as the core computes it (equal to
        ``tzcompat.ZoneInfo(key).data_fingerprint`` on the same data; see
        ``tzcompat.data_report``). tzcompat's own: dateutil has none."""
        memo = self.__dict__.get("_fingerprint")
        if memo is not None and memo[0] is self._data:
            return memo[1]  # type: ignore[no-any-return]  # dateutil's tables hold Any
        # Import cost: the core's engine and fingerprints are not loaded by the adapter's import.
        from .._engine import build_rules
        from .._fingerprint import rules_fingerprint  # as above

        trans_idx, trans_utc, utcoff, isdst, abbr, tz_str = self._data
        data = TZifData(version=2, trans_utc=array("q", trans_utc), trans_idx=bytes(trans_idx),
                        utcoff=tuple(utcoff), isdst=tuple(bool(f) for f in isdst),
                        abbr=tuple(abbr),
                        footer=tz_str.decode("ascii") if tz_str is not None else None)
        fp = rules_fingerprint(build_rules(data))
        self.__dict__["_fingerprint"] = (self._data, fp)
        return fp

    # -- loading ---------------------------------------------------------------

    def _load_file(self, fobj: IO[bytes]) -> None:
        self._load_from_data(load_data(fobj))

    def _load_from_data(self, data: Data) -> None:
        trans_idx, trans_utc, utcoff, isdst, abbr, tz_str = data
        for name in _DERIVED_ATTRS:
            self.__dict__.pop(name, None)
        self._data = data
        self._trans_idx = trans_idx
        self._trans_utc = trans_utc
        self._isdst = isdst
        self._tz_str = tz_str
        self._wy: dict[int, Any] = {}
        self._wf: tuple[dict[int, Any], dict[int, Any]] = ({}, {})
        self._uy: dict[int, Any] = {}
        self._cold = 0
        self._wt: tuple[Any, ...] = ((), (None,), (None,))
        self._ut: tuple[Any, ...] = ((), (None,))
        self._tti_memo: dict[int, _ttinfo] = {}
        self._windows: dict[tuple[int, int], tuple[int, list[int]] | None] = {}
        # Before the first transition: the first standard type (whose DST amount is
        # always 0); else the first transition's.
        before = next(
            (_ttinfo(timedelta_of(off), timedelta_of(0), name)
             for off, flag, name in zip(utcoff, isdst, abbr) if not flag),
            None,
        )
        if before is None and trans_idx:
            before = self._tti_at(0)
        self.__dict__["_tti_before"] = before
        if tz_str:
            self.__dict__["_tz_after"] = _parse_tz_str(tz_str.decode())
        elif not trans_idx and not utcoff:
            raise ValueError("No time zone information found.")
        # "Fixed offset" decides what utcoffset(None) gives (for datetime.time).
        if len(utcoff) > 1 or isinstance(self.__dict__.get("_tz_after"), _TZStr):
            self._fixed_offset = False
        elif not utcoff:
            self._fixed_offset = True
        else:
            self._derive()
            self._fixed_offset = self._ttinfo_list[0] == self._tz_after

    def _derive(self) -> None:
        trans_idx, trans_utc, utcoff, isdst, abbr, _ = self._data
        trans_dst = infer_dst_offsets(trans_idx, trans_utc, utcoff, isdst)
        # Per type: a DST type's amount is the last one inferred for a transition to it.
        type_dst = [3600 if flag else 0 for flag in isdst]
        for idx, amount in zip(trans_idx, trans_dst):
            type_dst[idx] = amount
        ttinfo_list = [
            _ttinfo(timedelta_of(off), timedelta_of(dst), name)
            for off, dst, name in zip(utcoff, type_dst, abbr)
        ]
        # A transition whose inferred amount differs from its type's gets its own
        # ttinfo, shared between transitions with the same type and amount.
        variants: dict[tuple[int, int], _ttinfo] = {}
        ttinfos = []
        for idx, amount in zip(trans_idx, trans_dst):
            if type_dst[idx] == amount:
                ttinfos.append(ttinfo_list[idx])
                continue
            tti = variants.get((idx, amount))
            if tti is None:
                base = ttinfo_list[idx]
                tti = variants[idx, amount] = _ttinfo(
                    base.utcoff, timedelta_of(amount), base.tzname)
            ttinfos.append(tti)
        d = self.__dict__
        d["_ttinfo_list"] = ttinfo_list
        d["_ttinfos"] = ttinfos
        d["_trans_local"] = _local_transitions(trans_idx, trans_utc, utcoff)
        # Before the first transition: the first standard type.
        d["_tti_before"] = next(
            (tti for tti, flag in zip(ttinfo_list, isdst) if not flag),
            ttinfos[0] if ttinfos else None,
        )
        if "_tz_after" not in d:
            # RFC 9636 §3.2: with no transitions and no footer, type 0 applies.
            d["_tz_after"] = ttinfos[-1] if ttinfos else ttinfo_list[0]

    # -- dateutil's tables, one entry at a time -----------------------------------
    #
    # The exact algorithms below read single entries of ``_ttinfos`` and
    # ``_trans_local``; until something needs the whole tables (equality, pickling)
    # they are worked out per entry, so a zone's first use costs a few entries
    # instead of every transition since 1883.

    def _tti_at(self, k: int) -> _ttinfo:
        """``_ttinfos[k]`` (by value; ``k`` may be negative)."""
        full: list[_ttinfo] | None = self.__dict__.get("_ttinfos")
        if full is not None:
            return full[k]
        trans_idx, trans_utc, utcoff, isdst, abbr, _ = self._data
        if k < 0:
            k += len(trans_idx)
        tti = self._tti_memo.get(k)
        if tti is None:
            if not 0 <= k < len(trans_idx):
                raise IndexError("list index out of range")
            idx = trans_idx[k]
            amount = infer_dst_offset_at(k, trans_idx, trans_utc, utcoff, isdst)
            tti = self._tti_memo[k] = _ttinfo(
                timedelta_of(utcoff[idx]), timedelta_of(amount), abbr[idx])
        return tti

    def _local_at(self, fold: int, k: int) -> int:
        """``_trans_local[fold][k]`` for ``0 <= k < n``."""
        trans_idx, trans_utc, utcoff = self._data[:3]
        new = utcoff[trans_idx[k]]
        prev = utcoff[trans_idx[k - 1]] if k else utcoff[0]
        if (new > prev) == (fold == 0):
            return trans_utc[k] + new
        return trans_utc[k] + prev

    def _locals_near(self, year: int, fold: int) -> tuple[int, list[int]]:
        """``(lo, local)``: ``local`` is ``_trans_local[fold][lo:hi]`` for the transitions
        within a day of ``year``, the only ones whose local times can fall inside it."""
        trans = self._trans_utc
        lo = _bisect_right(trans, days_before_year(year) * 86400 - 86400)
        hi = bisect.bisect_left(trans, days_before_year(year + 1) * 86400 + 86400)
        return lo, [self._local_at(fold, k) for k in range(lo, hi)]

    def _window(self, year: int, fold: int) -> tuple[int, list[int]] | None:
        """``(lo, local)``: the slice of ``_trans_local[fold]`` from ``lo`` holding
        every local time that can compare either way with a time in ``year``, or
        None if that slice is not sorted.

        Offsets are under a day, so a transition more than a day before (after)
        the year is below (above) all its times: for those times bisecting the
        whole list gives ``lo`` plus bisecting a sorted slice, whatever the
        order of the rest."""
        key = (year, fold)
        try:
            return self._windows[key]
        except KeyError:
            pass
        lo, local = self._locals_near(year, fold)
        entry = (lo, local) if all(a <= b for a, b in zip(local, local[1:])) else None
        if len(self._windows) >= _YEAR_CACHE_SIZE:
            self._windows.clear()
        self._windows[key] = entry
        return entry

    def _wall_index(self, ts: int, year: int, fold: int) -> int:
        """``bisect_right(_trans_local[fold], ts)`` for a local time ``ts`` in ``year``."""
        entry = self._window(year, fold)
        if entry is None:
            return _bisect_right(self._trans_local[fold], ts)
        return entry[0] + _bisect_right(entry[1], ts)

    # -- per-year lookup segments -----------------------------------------------
    #
    # For each year (of the wall time, or of the UTC time for fromutc) a short list
    # of breakpoints inside the year, as datetimes carrying this zone, splits it into
    # segments on which the exact algorithm's answer is constant; each segment holds
    # that answer, or None where the answer is not constant (next to a new year or
    # the last transition under a footer rule), which sends the lookup down the
    # exact path.

    def _wall_segments(self, year: int, fold: int) -> tuple[Any, Any]:
        ys = days_before_year(year) * 86400
        ye = ys + (366 if is_leap(year) else 365) * 86400
        n = len(self._trans_utc)
        # A scan, not a bisect: local times need not be sorted, and bisect's answer
        # only changes where the time crosses one of them anyway.
        points = {p for p in self._locals_near(year, fold)[1] if ys < p < ye}
        tz_after = self._tz_after
        last_local = self._local_at(fold, n - 1) if n else None
        if last_local is not None:
            points.add(last_local + 1)
        if isinstance(tz_after, _TZStr):
            lo, hi = ys + _NEW_YEAR_MARGIN, ye - _NEW_YEAR_MARGIN
            points.update((lo, hi, *tz_after._local_window(year, fold)))
            last_ok = self._trans_utc[-1] + _max_offset(tz_after) if n else None
            if last_ok is not None:
                points.add(last_ok)
        starts = [ys, *sorted(p for p in points if ys < p < ye)]
        values: list[_ttinfo | None] = []
        for p in starts:
            footer = isinstance(tz_after, _TZStr) and (last_local is None or p > last_local)
            if footer and (
                tz_after._near_new_year(p, year)
                or (last_ok is not None and p < last_ok)
            ):
                values.append(None)
            else:
                values.append(self._wall_exact(p, year, fold))
        return tuple(starts[1:]), tuple(values)

    def _utc_segments(self, year: int) -> tuple[Any, Any]:
        ys = days_before_year(year) * 86400
        ye = ys + (366 if is_leap(year) else 365) * 86400
        trans = self._trans_utc
        n = len(trans)
        tti_at = self._tti_at
        tz_after = self._tz_after
        points = set()
        k0 = bisect.bisect_right(trans, ys)
        for k in range(max(k0 - 1, 0), n):
            t = trans[k]
            if t >= ye:
                break
            points.add(t)
            prev = tti_at(k - 1) if k else self._tti_before
            shift = int((prev.utcoff - tti_at(k).utcoff).total_seconds())
            if shift > 0:
                points.add(t + shift)
        if n:
            points.add(trans[-1] + 1)
        if n == 1 and isinstance(tz_after, _ttinfo):
            # After the only transition, its fold is measured against tz_after.
            shift = int((self._tti_before.utcoff - tz_after.utcoff).total_seconds())
            points.add(trans[0] + shift)
        last_ok = None
        if isinstance(tz_after, _TZStr):
            lo, hi = ys + _NEW_YEAR_MARGIN, ye - _NEW_YEAR_MARGIN
            points.update((lo, hi))
            start, end = tz_after.transitions(year)
            start -= int(tz_after.std.utcoff.total_seconds())
            end -= int(tz_after.dst.utcoff.total_seconds())
            points.update((start, end, end + tz_after.dst_diff, start - tz_after.dst_diff))
            if n:
                prev = tti_at(n - 2) if n > 1 else self._tti_before
                last_ok = trans[-1] + 1 + max(
                    0,
                    *(int((prev.utcoff - t.utcoff).total_seconds())
                      for t in (tz_after.std, tz_after.dst)),
                )
                points.add(last_ok)
        starts = [ys, *sorted(p for p in points if ys < p < ye)]
        values: list[tuple[timedelta, bool, _ttinfo] | None] = []
        for p in starts:
            footer = isinstance(tz_after, _TZStr) and (not n or p > trans[-1])
            if footer and (
                tz_after._near_new_year(p, year)
                or (last_ok is not None and p < last_ok)
            ):
                values.append(None)
            else:
                tti, fold = self._fromutc_exact_ts(p, year)
                values.append((tti.utcoff, bool(fold), tti))
        return tuple(starts[1:]), tuple(values)

    # -- tzinfo API --------------------------------------------------------------
    #
    # The hot paths read one per-year table: for wall times (per fold) and for UTC
    # times, the year's breakpoints as datetimes carrying this zone and the answer
    # of each stretch. A datetime carrying the same zone compares with them field
    # by field (no replace() per call), so any instant of a seen year costs one
    # dict lookup and a short bisect, whether or not it was asked before; a
    # stretch holding None (next to a new year or the last transition under a
    # footer rule) takes the exact path. The tables are bounded by years, never
    # by the number of distinct instants seen.

    # A subscript in a try (no cost in CPython 3.11+ unless it raises) is cheaper
    # than .get(); a miss (None has no tzinfo, an unseen year) takes the full path.

    def utcoffset(self, dt: datetime | None) -> timedelta | None:
        try:
            if dt.tzinfo is self:  # type: ignore[union-attr]  # None: caught below
                table = self._wt
                off = table[1][_bisect_right(table[0], dt)]
                if off is not None:
                    return off  # type: ignore[no-any-return]  # dateutil's tables hold Any
        except (KeyError, AttributeError):
            pass
        return self._wall_lookup(dt).utcoff

    def dst(self, dt: datetime | None) -> timedelta | None:
        try:
            if dt.tzinfo is self:  # type: ignore[union-attr]  # None: caught below
                table = self._wt
                tti = table[2][_bisect_right(table[0], dt)]
                if tti is not None:
                    return tti.dstoff  # type: ignore[no-any-return]  # dateutil's tables hold Any
        except (KeyError, AttributeError):
            pass
        return self._wall_lookup(dt).dstoff

    def tzname(self, dt: datetime | None) -> str | None:
        try:
            if dt.tzinfo is self:  # type: ignore[union-attr]  # None: caught below
                table = self._wt
                tti = table[2][_bisect_right(table[0], dt)]
                if tti is not None:
                    return tti.tzname  # type: ignore[no-any-return]  # dateutil's tables hold Any
        except (KeyError, AttributeError):
            pass
        return self._wall_lookup(dt).tzname

    def _wall_lookup(self, dt: datetime | None) -> _ttinfo | _NoTTInfo:
        """The ttinfo for a wall time (any tzinfo, or naive), past the fast path."""
        if dt is None:
            return self._tz_after if self._fixed_offset else _NO_TTINFO
        return self._wall_ttinfo(dt)

    def _wall_ttinfo(self, dt: datetime) -> _ttinfo:
        """``_wall_lookup`` for a datetime."""
        fold = dt.fold
        year = dt.year
        entry = self._wf[fold].get(year)
        if entry is None:
            if self._cold < _COLD_LOOKUPS:
                # A zone's first answers come from the exact algorithm: a year's
                # tables cost about as much to build as the zone did to load.
                self._cold += 1
                return self._wall_exact(self._get_local_timestamp(dt), year, fold)
            entry = self._both_year(year)[1 + fold]
        zone = dt.tzinfo
        if zone is self:
            tti = entry[2][_bisect_right(entry[0], dt)]
        else:
            naive = dt if zone is None else dt.replace(tzinfo=None)
            tti = entry[2][_bisect_right(entry[1], naive)]
        if tti is not None:
            return tti  # type: ignore[no-any-return]  # dateutil's tables hold Any
        return self._wall_exact(self._get_local_timestamp(dt), year, fold)

    def _drop_tables(self) -> None:
        """Forget the per-year tables (each reader holds the objects it read)."""
        self._wy, self._wf, self._uy = {}, ({}, {}), {}
        self._wt, self._ut = ((), (None,), (None,)), ((), (None,))

    def _both_year(self, year: int) -> tuple[tuple[Any, ...], ...]:
        """The tables of wall times in ``year``: for both folds at once, ``(bounds
        carrying the zone, offsets, ttinfos, naive bounds, statuses, year start, year
        end)``, split wherever either fold changes; then per fold ``(bounds carrying the
        zone, naive bounds, ttinfos)``. A stretch's answer is None where the exact
        algorithm must answer (and in the first table where the folds differ); its
        status is the sign of (fold-0 offset - fold-1 offset): 1 ambiguous, -1
        imaginary, 0 neither, None ask the exact way."""
        p0, v0 = self._wall_segments(year, 0)
        p1, v1 = self._wall_segments(year, 1)
        points = sorted(set(p0) | set(p1))
        offsets: list[timedelta | None] = []
        ttinfos: list[_ttinfo | None] = []
        status: list[int | None] = []
        for i in range(len(points) + 1):
            if i == 0:
                t0, t1 = v0[0], v1[0]
            else:
                t0 = v0[_bisect_right(p0, points[i - 1])]
                t1 = v1[_bisect_right(p1, points[i - 1])]
            if t0 is None or t1 is None:
                status.append(None)
            else:
                status.append(int(t0.utcoff > t1.utcoff) - int(t1.utcoff > t0.utcoff))
            same = t0 if t0 is t1 else None
            ttinfos.append(same)
            offsets.append(same.utcoff if same is not None else None)
        # One datetime object per point, shared by the three tables.
        aware = {p: self._aware(p) for p in points}
        naive = {p: d.replace(tzinfo=None) for p, d in aware.items()}
        both = (
            tuple(aware.values()), tuple(offsets), tuple(ttinfos), tuple(naive.values()),
            tuple(status), *self._year_ends(year),
        )
        per_fold = tuple(
            (tuple(map(aware.__getitem__, pf)), tuple(map(naive.__getitem__, pf)), vf)
            for pf, vf in ((p0, v0), (p1, v1))
        )
        _hold(self)
        wy, wf = self._wy, self._wf
        if len(wy) >= _YEAR_CACHE_SIZE:
            wy.clear()
            wf[0].clear()
            wf[1].clear()
        wf[0][year], wf[1][year] = per_fold
        wy[year] = both
        self._wt = self._flat(wy, (1, 2), 5)
        return (both, *per_fold)

    def is_ambiguous(self, dt: datetime) -> bool:
        """Whether the wall time of ``dt`` (naive or aware) occurs twice in this zone."""
        return self._is_ambiguous_or_imaginary(dt) == 1

    def _is_ambiguous_or_imaginary(self, dt: datetime | None) -> int:
        """1 if ambiguous, -1 if imaginary, 0 otherwise."""
        if dt is None or self._fixed_offset:
            return 0
        if isinstance(dt, datetime):
            year = dt.year
            entry = self._wy.get(year) or self._both_year(year)[0]
            zone = dt.tzinfo
            if zone is self:
                status = entry[4][_bisect_right(entry[0], dt)]
            else:
                naive = dt if zone is None else dt.replace(tzinfo=None)
                status = entry[4][_bisect_right(entry[3], naive)]
            if status is not None:
                return status  # type: ignore[no-any-return]  # dateutil's tables hold Any
        ts = self._get_local_timestamp(dt)
        off0 = self._wall_exact(ts, dt.year, 0).utcoff
        off1 = self._wall_exact(ts, dt.year, 1).utcoff
        return int(off0 > off1) - int(off1 > off0)

    def _datetime_exists(self, dt: datetime) -> bool:
        """``datetime_exists`` for the wall time of ``dt`` (its fields and fold; any
        tzinfo): dateutil's round trip through UTC, without building the datetimes.

        The wall time comes back unchanged exactly when ``fromutc`` finds the same
        offset at ``wall - offset`` that ``utcoffset`` gave for ``wall``."""
        off = self._wall_ttinfo(dt).utcoff
        utc = dt - off
        if not 1 < utc.year < 9999:
            # Near the ends of datetime's range the way back can overflow too.
            wall = dt.replace(tzinfo=self)
            back = self.fromutc((utc).replace(tzinfo=self))
            return back == wall
        return self._utc_value(utc)[0] == off

    def _utc_value(self, dt: datetime) -> tuple[timedelta, bool]:
        """(offset, fold) that fromutc gives for the UTC time in ``dt``'s fields."""
        year = dt.year
        entry = self._uy.get(year)
        if entry is None:
            if self._cold < _COLD_LOOKUPS:
                self._cold += 1
                tti, fold = self._fromutc_exact_ts(self._get_local_timestamp(dt), year)
                return tti.utcoff, fold
            entry = self._utc_year(year)
        zone = dt.tzinfo
        if zone is self:
            value = entry[2][_bisect_right(entry[0], dt)]
        else:
            naive = dt if zone is None else dt.replace(tzinfo=None)
            value = entry[2][_bisect_right(entry[1], naive)]
        if value is None:
            tti, fold = self._fromutc_exact_ts(self._get_local_timestamp(dt), year)
            return tti.utcoff, fold
        return value  # type: ignore[no-any-return]  # dateutil's tables hold Any

    def _utc_year(self, year: int) -> tuple[Any, ...]:
        """``(bounds carrying the zone, naive bounds, (offset, fold) per stretch)`` for
        UTC times in ``year`` (None: ask the exact algorithm)."""
        points, values = self._utc_segments(year)
        aware = tuple(map(self._aware, points))
        entry = (
            aware,
            tuple(d.replace(tzinfo=None) for d in aware),
            tuple((v[0], v[1]) if v is not None else None for v in values),
            *self._year_ends(year),
        )
        _hold(self)
        cache = self._uy
        if len(cache) >= _YEAR_CACHE_SIZE:
            cache.clear()
        cache[year] = entry
        self._ut = self._flat(cache, (2,), 3)
        return entry

    def _year_ends(self, year: int) -> tuple[datetime, datetime | None]:
        """January 1 of ``year`` and of the next year (None past 9999), carrying the zone."""
        end = self._aware(days_before_year(year + 1) * 86400) if year < 9999 else None
        return self._aware(days_before_year(year) * 86400), end

    @staticmethod
    def _flat(years: dict[int, Any], columns: tuple[int, ...], ends: int) -> tuple[Any, ...]:
        """One table over every year in ``years`` (entries: the year's inner bounds,
        carrying the zone, first; value columns; at ``ends`` its start and end):
        ``(bounds, *columns)``, with a None stretch (ask the slow path, which adds the
        year) over each year not in ``years``.

        One bisect over all the years seen is cheaper than finding the year first
        (``dt.year`` and a dict lookup cost about as much as several comparisons)."""
        bounds: list[datetime] = []
        cols: list[list[Any]] = [[None] for _ in columns]
        for year in sorted(years):
            entry = years[year]
            bounds.append(entry[ends])
            bounds.extend(entry[0])
            for col, c in zip(cols, columns):
                col.extend(entry[c])
            end = entry[ends + 1]
            if year + 1 not in years and end is not None:
                bounds.append(end)
                for col in cols:
                    col.append(None)
        return (tuple(bounds), *map(tuple, cols))

    def fromutc(self, dt: datetime) -> datetime:
        """Convert a UTC time carrying this zone to wall time, with ``fold`` set."""
        try:
            if dt.tzinfo is self:
                table = self._ut
                value = table[1][_bisect_right(table[0], dt)]
                if value is not None:
                    dt += value[0]
                    if not value[1]:
                        return dt
                    if type(dt) is datetime:
                        return datetime(
                            dt.year, dt.month, dt.day, dt.hour, dt.minute, dt.second,
                            dt.microsecond, self, fold=1,
                        )
                    return dt.replace(fold=1)
        except (KeyError, AttributeError):
            pass
        if not isinstance(dt, datetime):
            raise TypeError("fromutc() requires a datetime argument")
        if dt.tzinfo is not self:
            raise ValueError("dt.tzinfo is not self")
        off, fold = self._utc_value(dt)
        dt += off
        if not fold:
            return dt
        if type(dt) is datetime:
            return datetime(
                dt.year, dt.month, dt.day, dt.hour, dt.minute, dt.second, dt.microsecond,
                self, fold=1,
            )
        return dt.replace(fold=1)

    def _aware(self, ts: int) -> datetime:
        """``ts`` seconds after 1970 (within datetime's range) carrying this zone."""
        days, secs = divmod(ts, 86400)
        return datetime.fromordinal(days + _EPOCH_ORDINAL).replace(tzinfo=self) + timedelta_of(secs)

    # -- the exact (timestamp-based) algorithms ---------------------------------

    def _fromutc_exact_ts(self, ts: int, year: int) -> tuple[_ttinfo, bool]:
        trans = self._trans_utc
        n = len(trans)
        tz_after = self._tz_after
        if n and ts < trans[0]:
            return self._tti_before, False
        if (n == 0 or ts > trans[-1]) and not isinstance(tz_after, _ttinfo):
            tti, fold = tz_after.get_trans_info_fromutc(ts, year)
            if n and not fold:
                # The rule knows nothing of the last explicit transition, which may
                # have opened a fold of its own.
                prev = self._tti_at(n - 2) if n > 1 else self._tti_before
                shift = prev.utcoff - tti.utcoff
                fold = shift.total_seconds() > ts - trans[-1]
            return tti, fold
        if n == 0:
            return tz_after, False
        idx = _bisect_right(trans, ts)
        if n > 1 and ts >= trans[1]:
            prev, tti = self._tti_at(idx - 2), self._tti_at(idx - 1)
        elif ts > trans[-1]:
            # Only with exactly one transition.
            prev, tti = self._tti_before, tz_after
        else:
            prev, tti = self._tti_before, self._tti_at(0)
        shift = prev.utcoff - tti.utcoff
        return tti, shift.total_seconds() > ts - trans[idx - 1]

    def _find_trans(
        self, dt: datetime | None, fold: int | None = None, timestamp: int | None = None
    ) -> _ttinfo | _NoTTInfo:
        if dt is None:
            return self._tz_after if self._fixed_offset else _NO_TTINFO
        ts = self._get_local_timestamp(dt) if timestamp is None else timestamp
        return self._wall_exact(ts, dt.year, dt.fold if fold is None else fold)

    def _wall_exact(self, ts: int, year: int, fold: int) -> _ttinfo:
        n = len(self._trans_utc)
        if n and ts < self._local_at(fold, 0):
            return self._tti_before  # type: ignore[no-any-return]  # dateutil's tables hold Any
        if not n or ts > self._local_at(fold, n - 1):
            tz_after = self._tz_after
            if not isinstance(tz_after, _TZStr):
                return tz_after  # type: ignore[no-any-return]  # dateutil's tables hold Any
            tti = tz_after.get_trans_info(ts, year, fold)
            # The rule only describes times after the last transition: if its
            # answer would put this local time before that transition, the last
            # transition's type still applies.
            last = self._tti_at(n - 1) if n else None
            if (
                last is not None
                and tti.utcoff != last.utcoff
                and ts - tti.utcoff.total_seconds() < self._trans_utc[-1]
            ):
                return last
            return tti
        return self._tti_at(self._wall_index(ts, year, fold) - 1)

    @staticmethod
    def _get_local_timestamp(dt: datetime) -> int:
        return (
            (dt.toordinal() - _EPOCH_ORDINAL) * 86400 + dt.hour * 3600 + dt.minute * 60 + dt.second
        )

    # -- equality, pickling, repr -----------------------------------------------

    # The zone last compared and the answer (see __eq__); class-level defaults.
    _eq_other: object = _NOTHING
    _eq_answer: bool = False

    def __eq__(self, other: object) -> bool:
        # dateutil's structural equality. With real dateutil installed, ``other`` may be
        # one of its tzfiles too: pandas compares a zone with real ``gettz``'s answer
        # for the same file on every Timestamp, and the full comparison walks every
        # transition's ttinfo in Python. The answer for the last zone compared is
        # kept (the tables do not change once loaded).
        if other is self:
            return True
        if other is self._eq_other:
            return self._eq_answer
        if not isinstance(other, _TZFILE_TYPES):
            return NotImplemented
        theirs: Any = other  # ours or real dateutil's tzfile: the same tables
        equal = (
            self._trans_utc == theirs._trans_utc
            and self._trans_local == theirs._trans_local
            and _same_items(self._ttinfos, theirs._ttinfos)
            and self._tti_before == theirs._tti_before
            and self._fallback_key() == theirs._fallback_key()
        )
        # Kept alive by the memo (one zone at most), so its identity cannot be reused.
        self._eq_other, self._eq_answer = other, equal
        return equal

    def __ne__(self, other: object) -> bool:
        # The memo read inline: pandas asks ``zone != gettz(name)`` on every Timestamp.
        if other is self._eq_other:
            return not self._eq_answer
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    def _fallback_key(self) -> Any:
        # A footer rule is compared by its text; a fixed ttinfo by value.
        if isinstance(self._tz_after, _ttinfo):
            return self._tz_after
        return self._tz_str

    __hash__ = None  # type: ignore[assignment]  # unhashable, as the original

    def __reduce__(self) -> tuple[Any, ...]:
        return self.__reduce_ex__(None)

    def __reduce_ex__(self, protocol: Any) -> tuple[Any, ...]:
        data = (
            self._trans_idx,
            self._trans_utc,
            [int(t.utcoff.total_seconds()) for t in self._ttinfo_list],
            self._isdst,
            [t.tzname for t in self._ttinfo_list],
            self._tz_str,
        )
        args = (type(self), self._key, self._filename, data)
        # Keep extra instance state (e.g. a subclass's), not what the data rebuilds.
        state = {k: v for k, v in vars(self).items() if k not in _DATA_ATTRS}
        if state:
            return (_unpickle, args, state)
        return (_unpickle, args)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self._filename!r})"


# What ``tzfile.__eq__`` compares with: the real dateutil's tzfile (a base of ours) when it
# is installed, so both directions give dateutil's answer through the fast path.
_TZFILE_TYPES = (_peer.real_class("tzfile", "_tzfile") or tzfile,)


def _same_items(a: Any, b: Any) -> bool:
    """``a == b`` for two ttinfo lists, comparing each distinct pair of objects once
    (a zone's list repeats a handful of objects hundreds of times)."""
    if type(a) is not list or type(b) is not list or len(a) != len(b):
        return a == b  # type: ignore[no-any-return]  # dateutil's tables hold Any
    seen = set()
    for x, y in zip(a, b):
        key = (id(x), id(y))
        if key not in seen:
            if not (x is y or x == y):
                return False
            seen.add(key)
    return True
