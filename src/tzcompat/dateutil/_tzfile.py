"""``tzfile``: a TZif zone with dateutil 4's results, on data read by the core.

The file is parsed by ``tzcompat.read_tzif``. From it this class keeps dateutil's
own tables (same names, so code and tests that read ``_trans_utc``, ``_tz_after``,
``_filename``... keep working), dateutil's per-transition ``dst()`` inference and
its rules after the last transition. Lookups bisect tuples of aware datetimes that
carry this zone as tzinfo: datetimes sharing a tzinfo compare field by field in C,
which is much cheaper than turning each datetime into a timestamp. Anything the
tables cannot answer directly (the footer rule, the data edges) goes through the
exact timestamp-based algorithm.
"""

from __future__ import annotations

import bisect
from datetime import datetime, timedelta
from typing import IO, Any

from .. import read_tzif
from ._base import _tzinfo
from ._dstinfer import infer_dst_offsets
from ._footer import _NO_TTINFO, _parse_tz_str, _td, _ttinfo, _TZStr

__all__ = ["_TZStr", "_ttinfo", "_unpickle", "load_data", "tzfile"]

_EPOCH_ORDINAL = datetime(1970, 1, 1).toordinal()
_MIN_TS = (datetime.min.toordinal() - _EPOCH_ORDINAL) * 86400
_MAX_TS = (datetime.max.toordinal() - _EPOCH_ORDINAL) * 86400 + 86399
_bisect_right = bisect.bisect_right

_TABLE_ATTRS = (
    "_wall_bounds", "_wall_off", "_wall_tti", "_utc_bounds", "_utc_tab", "_tables_ready",
)
# Attributes rebuilt from the data when unpickling, or caches: not pickled as state.
_DATA_ATTRS = frozenset(
    [
        "_filename", "_fixed_offset", "_isdst", "_key", "_trans_idx", "_trans_local",
        "_trans_utc", "_tti_before", "_ttinfo_list", "_ttinfos", "_tz_after", "_tz_str",
        *_TABLE_ATTRS,
    ]
)

Data = tuple[Any, Any, Any, Any, Any, Any]


def load_data(fobj: IO[bytes]) -> Data:
    """Read TZif data as dateutil's tuple ``(trans_idx, trans_utc, utcoff, isdst,
    abbr, tz_str)``; ValueError for anything that is not a valid TZif file."""
    data = read_tzif(fobj)
    footer = data.footer
    return (
        tuple(data.trans_idx),
        tuple(data.trans_utc),
        tuple(data.utcoff),
        tuple(int(flag) for flag in data.isdst),
        tuple(data.abbr),
        footer.encode("ascii") if footer is not None else None,
    )


def _unpickle(cls: type, key: str | None, filename: str, data: Data) -> tzfile:
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
    fold0 = list(trans_utc)
    fold1 = list(trans_utc)
    # dateutil takes local time type 0 as the offset before the first transition.
    prev = utcoff[0]
    for i, idx in enumerate(trans_idx):
        new = utcoff[idx]
        big, small = (prev, new) if prev >= new else (new, prev)
        fold0[i] += big
        fold1[i] += small
        prev = new
    return [fold0, fold1]


class tzfile(_tzinfo):
    """A zone read from a TZif file: a path (``str``) or a binary file object.

    ``filename`` names the source in the repr when ``fileobj`` is a stream (default:
    its ``name``, else ``key``, else its repr). ``key`` is the IANA key, kept as
    given. Equality compares the data; objects are unhashable and pickle by value.
    """

    # Until the lookup tables are built, every lookup takes the exact path.
    _wall_bounds: tuple[tuple[datetime, ...], tuple[datetime, ...]] = ((), ())
    _wall_off: tuple[timedelta | None, ...] = (None,)
    _wall_tti: tuple[_ttinfo | None, ...] = (None,)
    _utc_bounds: tuple[datetime, ...] = ()
    _utc_tab: tuple[tuple[timedelta, datetime | None] | None, ...] = (None,)
    _tables_ready = False

    def __init__(
        self, fileobj: str | IO[bytes] | None, filename: str | None = None, key: str | None = None
    ) -> None:
        super().__init__()
        if isinstance(fileobj, str):
            self._filename = fileobj
            with open(fileobj, "rb") as stream:
                self._load_file(stream)
        else:
            if filename is not None:
                self._filename = filename
            elif hasattr(fileobj, "name"):
                self._filename = fileobj.name  # type: ignore[union-attr]
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

    # -- loading ---------------------------------------------------------------

    def _load_file(self, fobj: IO[bytes]) -> None:
        self._load_from_data(load_data(fobj))

    def _load_from_data(self, data: Data) -> None:
        trans_idx, trans_utc, utcoff, isdst, abbr, tz_str = data
        for name in _TABLE_ATTRS:
            self.__dict__.pop(name, None)  # back to the class defaults until rebuilt
        trans_dst = infer_dst_offsets(trans_idx, trans_utc, utcoff, isdst)
        # Per type: a DST type's amount is the last one inferred for a transition to it.
        type_dst = [3600 if flag else 0 for flag in isdst]
        for idx, amount in zip(trans_idx, trans_dst):
            type_dst[idx] = amount
        ttinfo_list = [
            _ttinfo(_td(off), _td(dst), name) for off, dst, name in zip(utcoff, type_dst, abbr)
        ]
        self._ttinfo_list = ttinfo_list
        self._trans_idx = trans_idx
        self._isdst = isdst
        self._trans_utc = trans_utc
        self._trans_local = _local_transitions(trans_idx, trans_utc, utcoff)

        # A transition whose inferred amount differs from its type's gets its own
        # ttinfo, shared between transitions with the same type and amount.
        variants: dict[tuple[int, int], _ttinfo] = {}
        ttinfos = []
        for idx, amount in zip(trans_idx, trans_dst):
            tti = ttinfo_list[idx]
            if tti.dstoff.total_seconds() != amount:  # type: ignore[union-attr]
                tti = variants.setdefault(
                    (idx, amount), _ttinfo(tti.utcoff, _td(amount), tti.tzname)
                )
            ttinfos.append(tti)
        self._ttinfos = ttinfos

        # Before the first transition: the first standard type.
        self._tti_before = next(
            (tti for tti, flag in zip(ttinfo_list, isdst) if not flag),
            ttinfos[0] if ttinfos else None,
        )

        self._tz_str = tz_str
        tz_after: _TZStr | _ttinfo
        if tz_str:
            tz_after = _parse_tz_str(tz_str.decode())
        else:
            if not ttinfos and not ttinfo_list:
                raise ValueError("No time zone information found.")
            # RFC 9636 §3.2: with no transitions and no footer, type 0 applies.
            tz_after = ttinfos[-1] if ttinfos else ttinfo_list[0]
        self._tz_after = tz_after

        # "Fixed offset" decides what utcoffset(None) gives (for datetime.time).
        if len(ttinfo_list) > 1 or not isinstance(tz_after, _ttinfo):
            self._fixed_offset = False
        elif not ttinfo_list:
            self._fixed_offset = True
        else:
            self._fixed_offset = ttinfo_list[0] == tz_after

    def _build_tables(self) -> None:
        """The aware-datetime bisect tables behind the fast lookups."""
        n = len(self._trans_utc)
        ttinfos = self._ttinfos
        tz_after = self._tz_after
        after_static = isinstance(tz_after, _ttinfo)

        # Wall time. Bisecting a wall time gives k = the number of transitions at
        # or before it; k = 0 is before the first, k = n at or after the last.
        wall_tti: list[_ttinfo | None] = [self._tti_before] + ttinfos
        if n == 0:
            wall_tti = [tz_after if after_static else None]
        elif not (after_static and tz_after == ttinfos[-1]):
            # From one second after the last transition, the footer decides.
            wall_tti[n] = None
        wall_bounds = []
        for fold in (0, 1):
            bounds = []
            for ts in self._trans_local[fold]:
                dt = self._aware(ts)
                if dt is None:
                    break
                bounds.append(dt)
            wall_bounds.append(tuple(bounds))
        # A bound past datetime.max cannot be represented: beyond the last
        # representable one, take the exact path.
        short = min(len(b) for b in wall_bounds)
        if short < n:
            wall_tti = wall_tti[: short + 1]
            wall_tti[short] = None
            wall_bounds = [b[:short] for b in wall_bounds]

        # UTC (for fromutc): entry k is (offset, end of the fold it opens or None).
        utc_bounds = []
        for ts in self._trans_utc:
            dt = self._aware(ts)
            if dt is None:
                break
            utc_bounds.append(dt)
        utc_tab: list[tuple[timedelta, datetime | None] | None] = [None] * (n + 1)
        if n:
            utc_tab[0] = (self._tti_before.utcoff, None)  # type: ignore[union-attr]
        for k in range(1, n + 1):
            if n == 1 or (k == n and not after_static):
                continue  # single-transition and footer cases: exact path
            prev = ttinfos[k - 2] if k >= 2 else self._tti_before
            tti = ttinfos[k - 1]
            shift = int((prev.utcoff - tti.utcoff).total_seconds())  # type: ignore[union-attr, operator]
            until = self._aware(self._trans_utc[k - 1] + shift) if shift > 0 else None
            if shift > 0 and until is None:
                continue
            utc_tab[k] = (tti.utcoff, until)  # type: ignore[assignment]
        if len(utc_bounds) < n:
            utc_tab = utc_tab[: len(utc_bounds) + 1]
            utc_tab[len(utc_bounds)] = None

        self._wall_bounds = (wall_bounds[0], wall_bounds[1])
        self._wall_tti = tuple(wall_tti)
        self._wall_off = tuple(t.utcoff if t is not None else None for t in wall_tti)
        self._utc_bounds = tuple(utc_bounds)
        self._utc_tab = tuple(utc_tab)
        self._tables_ready = True

    def _aware(self, ts: int) -> datetime | None:
        """``ts`` seconds after 1970 as a datetime carrying this zone; clamped to
        datetime.min below the range, None above it."""
        if ts < _MIN_TS:
            return datetime.min.replace(tzinfo=self)
        if ts > _MAX_TS:
            return None
        days, secs = divmod(ts, 86400)
        return datetime.fromordinal(days + _EPOCH_ORDINAL).replace(tzinfo=self) + _td(secs)

    # -- tzinfo API --------------------------------------------------------------

    def utcoffset(self, dt: datetime | None) -> timedelta | None:
        try:
            if dt.tzinfo is self:  # type: ignore[union-attr]
                fold = dt.fold  # type: ignore[union-attr]
                off = self._wall_off[_bisect_right(self._wall_bounds[fold], dt)]
                if off is not None:
                    return off
        except AttributeError:
            pass  # None or not a datetime: the exact path gives dateutil's answer
        return self._find_trans(dt).utcoff

    def dst(self, dt: datetime | None) -> timedelta | None:
        try:
            if dt.tzinfo is self:  # type: ignore[union-attr]
                tti = self._wall_tti[_bisect_right(self._wall_bounds[dt.fold], dt)]  # type: ignore[union-attr]
                if tti is not None:
                    return tti.dstoff
        except AttributeError:
            pass
        return self._find_trans(dt).dstoff

    def tzname(self, dt: datetime | None) -> str | None:
        try:
            if dt.tzinfo is self:  # type: ignore[union-attr]
                tti = self._wall_tti[_bisect_right(self._wall_bounds[dt.fold], dt)]  # type: ignore[union-attr]
                if tti is not None:
                    return tti.tzname
        except AttributeError:
            pass
        return self._find_trans(dt).tzname

    def is_ambiguous(self, dt: datetime) -> bool:
        """Whether the wall time of ``dt`` (naive or aware) occurs twice in this zone."""
        return self._is_ambiguous_or_imaginary(dt) == 1

    def _is_ambiguous_or_imaginary(self, dt: datetime | None) -> int:
        """1 if ambiguous, -1 if imaginary, 0 otherwise."""
        if dt is None or self._fixed_offset:
            return 0
        off0 = off1 = None
        if isinstance(dt, datetime):
            wall = dt if dt.tzinfo is self else dt.replace(tzinfo=self)
            offs = self._wall_off
            bounds = self._wall_bounds
            off0 = offs[_bisect_right(bounds[0], wall)]
            off1 = offs[_bisect_right(bounds[1], wall)]
        if off0 is None or off1 is None:
            ts = self._get_local_timestamp(dt)
            off0 = self._find_trans(dt, fold=0, timestamp=ts).utcoff
            off1 = self._find_trans(dt, fold=1, timestamp=ts).utcoff
        return int(off0 > off1) - int(off1 > off0)  # type: ignore[operator]

    def _datetime_exists(self, naive: datetime) -> bool:
        """``datetime_exists`` for this zone: the same round trip through UTC, done
        without the two ``astimezone`` calls."""
        wall = naive.replace(tzinfo=self)
        return self.fromutc(wall - self.utcoffset(wall)) == wall  # type: ignore[operator]

    def fromutc(self, dt: datetime) -> datetime:
        """Convert a UTC time carrying this zone to wall time, with ``fold`` set."""
        if not isinstance(dt, datetime):
            raise TypeError("fromutc() requires a datetime argument")
        if dt.tzinfo is not self:
            raise ValueError("dt.tzinfo is not self")
        entry = self._utc_tab[_bisect_right(self._utc_bounds, dt)]
        if entry is not None:
            off, until = entry
            if until is not None and dt < until:
                return (dt + off).replace(fold=1)
            return dt + off
        return self._fromutc_exact(dt)

    # -- the exact (timestamp-based) algorithms ---------------------------------

    def _fromutc_exact(self, dt: datetime) -> datetime:
        if not self._tables_ready:
            self._build_tables()
        ts = self._get_local_timestamp(dt)
        trans = self._trans_utc
        n = len(trans)
        tz_after = self._tz_after
        if n and ts < trans[0]:
            tti = self._tti_before
            fold = False
        elif (n == 0 or ts > trans[-1]) and not isinstance(tz_after, _ttinfo):
            tti, fold = tz_after.get_trans_info_fromutc(ts, dt.year)
            if n and not fold:
                # The rule knows nothing of the last explicit transition, which may
                # have opened a fold of its own.
                prev = self._ttinfos[-2] if n > 1 else self._tti_before
                shift = prev.utcoff - tti.utcoff  # type: ignore[union-attr, operator]
                fold = shift.total_seconds() > ts - trans[-1]
        elif n == 0:
            tti = tz_after
            fold = False
        else:
            idx = _bisect_right(trans, ts)
            if n > 1 and ts >= trans[1]:
                prev, tti = self._ttinfos[idx - 2 : idx]
            elif ts > trans[-1]:
                # Only with exactly one transition.
                prev, tti = self._tti_before, tz_after
            else:
                prev, tti = self._tti_before, self._ttinfos[0]
            shift = prev.utcoff - tti.utcoff  # type: ignore[union-attr, operator]
            fold = shift.total_seconds() > ts - trans[idx - 1]
        dt += tti.utcoff  # type: ignore[union-attr, operator]
        return dt.replace(fold=1) if fold else dt

    def _find_trans(
        self, dt: datetime | None, fold: int | None = None, timestamp: int | None = None
    ) -> _ttinfo:
        if not self._tables_ready:
            self._build_tables()
        if dt is None:
            return self._tz_after if self._fixed_offset else _NO_TTINFO  # type: ignore[return-value]
        ts = self._get_local_timestamp(dt) if timestamp is None else timestamp
        if fold is None:
            fold = dt.fold
        local = self._trans_local[fold]
        n = len(local)
        if n and ts < local[0]:
            return self._tti_before  # type: ignore[return-value]
        if not n or ts > local[-1]:
            tz_after = self._tz_after
            if not isinstance(tz_after, _TZStr):
                return tz_after
            tti = tz_after.get_trans_info(ts, dt.year, fold)
            # The rule only describes times after the last transition: if its
            # answer would put this local time before that transition, the last
            # transition's type still applies.
            last = self._ttinfos[-1] if n else None
            if (
                last is not None
                and tti.utcoff != last.utcoff
                and ts - tti.utcoff.total_seconds() < self._trans_utc[-1]  # type: ignore[union-attr]
            ):
                return last
            return tti
        return self._ttinfos[_bisect_right(local, ts) - 1]

    @staticmethod
    def _get_local_timestamp(dt: datetime) -> int:
        return (
            (dt.toordinal() - _EPOCH_ORDINAL) * 86400 + dt.hour * 3600 + dt.minute * 60 + dt.second
        )

    # -- equality, pickling, repr -----------------------------------------------

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, tzfile):
            return NotImplemented
        return (
            self._trans_utc == other._trans_utc
            and self._trans_local == other._trans_local
            and self._ttinfos == other._ttinfos
            and self._tti_before == other._tti_before
            and self._fallback_key() == other._fallback_key()
        )

    def _fallback_key(self) -> Any:
        # A footer rule is compared by its text; a fixed ttinfo by value.
        if isinstance(self._tz_after, _ttinfo):
            return self._tz_after
        return self._tz_str

    __hash__ = None  # type: ignore[assignment]

    def __reduce__(self) -> tuple[Any, ...]:
        return self.__reduce_ex__(None)  # type: ignore[arg-type]

    def __reduce_ex__(self, protocol: Any) -> tuple[Any, ...]:
        data = (
            self._trans_idx,
            self._trans_utc,
            [int(t.utcoff.total_seconds()) for t in self._ttinfo_list],  # type: ignore[union-attr]
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
