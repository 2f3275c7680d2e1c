"""pytz's tzinfo classes (``BaseTzInfo``, ``StaticTzInfo``, ``DstTzInfo``), built on the core.

A ``DstTzInfo`` zone is a family of tzinfo objects, one per distinct
``(utcoffset, dst, tzname)`` period, exactly as in pytz: ``localize``/``fromutc`` attach the
object of the period, so a localized datetime carries a fixed offset until ``normalize``.
The zone object itself is the family's first period (usually LMT), which is why
``datetime(..., tzinfo=zone)`` gives the LMT offset, as pytz does.

The period list is pytz's view of the data: the transitions the core reports up to 2**31
seconds (pytz reads only the 32-bit block of fat TZif files), offsets rounded to whole
minutes and ``dst`` inferred with pytz's heuristic. After that horizon pytz freezes the last
period; tzcompat instead keeps applying the zone's POSIX rule (the documented difference).
"""

from __future__ import annotations

import sys
from _thread import RLock
from bisect import bisect_right
from datetime import datetime, timedelta, tzinfo

from .._env import env_flag
from .._memo import timedelta_of, timedelta_table
from ._realpytz import import_pytz, real
from .exceptions import AmbiguousTimeError, NonExistentTimeError  # noqa: F401 - as pytz.tzinfo

TYPE_CHECKING = False  # typing costs import time; annotations are strings
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

__all__: list[str] = []

# pytz's names for the core's one timedelta cache.
memorized_timedelta = timedelta_of
_timedelta_cache = timedelta_table


_epoch = datetime(1970, 1, 1)
_datetime_cache: dict[int, datetime] = {0: _epoch}


def memorized_datetime(seconds: int) -> datetime:
    """Return one shared naive UTC ``datetime`` per POSIX timestamp."""
    try:
        return _datetime_cache[seconds]
    except KeyError:
        # Adding to the epoch works for negative values on every platform.
        return _datetime_cache.setdefault(seconds, _epoch + timedelta(seconds=seconds))


_ttinfo_cache: dict[tuple[Any, ...], tuple[timedelta, timedelta, str]] = {}


def memorized_ttinfo(*args: Any) -> tuple[timedelta, timedelta, str]:
    """Return one shared ``(utcoffset, dst, tzname)`` tuple per ``(seconds, seconds, name)``."""
    try:
        return _ttinfo_cache[args]
    except KeyError:
        info = (memorized_timedelta(args[0]), memorized_timedelta(args[1]), args[2])
        return _ttinfo_cache.setdefault(args, info)


_notime = memorized_timedelta(0)


def _to_seconds(td: timedelta) -> int:
    """Whole seconds of a timedelta (days included)."""
    return td.seconds + td.days * 86400


_combine = datetime.combine
_DAY = timedelta(days=1)
_TWO_DAYS = timedelta(days=2)
_SIX_HOURS = timedelta(hours=6)
_MIN_SAFE = datetime.min + _TWO_DAYS  # below/above these the ±1 day probes can overflow
_MAX_SAFE = datetime.max - _TWO_DAYS
_V1_LOW = -(2**31)  # pytz reads the 32-bit TZif block: its data covers [-2**31, 2**31)
_V1_END = 2**31
_MAX_TS = int((datetime.max - _epoch).total_seconds())
# The exposed transition lists go on past pytz's 2037 end with the zone's rule up to here
# (pandas' nanosecond limit is 2262-04-11), so what pandas computes from them and what
# localize/fromutc give agree; later instants follow the rule, and pandas the last period.
HORIZON = datetime(2262, 1, 1)


# --------------------------------------------------------------------------------------------
# Pickles. By default a zone pickles naming tzcompat (``tzcompat.pytz.tzinfo._restore``), with
# the sender's rules fingerprint: loaded in another process it is tzcompat's zone there too,
# whether or not the real pytz is installed, and a difference in the rules is reported
# (tzcompat.DataSkewWarning). pytz's own format (``cpytz\n_p\n...``, loadable by the real
# pytz where tzcompat is absent) is one call away: set_pickle_format("pytz"), or the
# environment variable TZCOMPAT_PICKLE_AS_PYTZ=1 (docs/distributed.md says why tzcompat's is
# the default). In pytz's format, pickle insists that the global it writes resolves to the
# very object being reduced, so we hand it whatever ``pytz.<name>`` is; without any ``pytz``
# module we fall back to tzcompat's own (equivalent) function.

_PICKLE_FORMATS = ("tzcompat", "pytz")
_pickle_format = ["pytz" if env_flag("TZCOMPAT_PICKLE_AS_PYTZ") else "tzcompat"]


def set_pickle_format(fmt: str) -> str:
    """Choose how tzcompat.pytz zones pickle from now on: ``"tzcompat"`` (the default: they
    load as tzcompat's zones, with a check of the rules) or ``"pytz"`` (pytz's bytes,
    loadable by the real pytz). Returns the format in force before."""
    if fmt not in _PICKLE_FORMATS:
        raise ValueError(f"pickle format must be one of {_PICKLE_FORMATS}, not {fmt!r}")
    old = _pickle_format[0]
    _pickle_format[0] = fmt
    return old


def pickle_format() -> str:
    """The format tzcompat.pytz zones pickle in now (see :func:`set_pickle_format`)."""
    return _pickle_format[0]


_pytz_missing = False


def _pickle_func(name: str, fallback: Any) -> Any:
    """``pytz.<name>`` in pytz's pickle format, else tzcompat's ``fallback``."""
    if _pickle_format[0] != "pytz":
        return fallback
    return _pytz_func(name, fallback)


def _pytz_func(name: str, fallback: Any) -> Any:
    global _pytz_missing
    mod = sys.modules.get("pytz")
    if mod is None and not _pytz_missing:
        try:
            mod = import_pytz()
        except ImportError:
            _pytz_missing = True
            mod = None
    func = getattr(mod, name, None) if mod is not None else None
    return func if func is not None else fallback


# With real pytz installed, each class also derives from its namesake there (see _realpytz);
# ours come first in the MRO, and define every name the real ones do.


if TYPE_CHECKING:
    _BaseTzInfoBase = tzinfo
else:
    (_BaseTzInfoBase,) = real("tzinfo.BaseTzInfo") or (tzinfo,)


class BaseTzInfo(_BaseTzInfoBase):
    """Base class of every pytz tzinfo (``isinstance`` checks in the wild use it)."""

    # Overridden in subclasses and instances: every zone and period sets these (None here,
    # as in pytz's base class, is never read), so they are typed as what readers get.
    _utcoffset: timedelta = None  # type: ignore[assignment]
    _tzname: str = None  # type: ignore[assignment]  # see above
    zone: str | None = None

    def __str__(self) -> str:
        return self.zone  # type: ignore[return-value]  # pytz's: None on the base class

    # Zones are singletons: copies are the object itself (pytz gets there through pickling).
    def __copy__(self) -> BaseTzInfo:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> BaseTzInfo:
        return self

    if TYPE_CHECKING:
        # Every zone has these (as in pytz's type stubs); the subclasses define them.
        def localize(self, dt: datetime, is_dst: bool | None = False) -> datetime: ...
        def normalize(self, dt: datetime) -> datetime: ...


# Bases picked at import (the real library's, when installed)
class StaticTzInfo(BaseTzInfo, *real("tzinfo.StaticTzInfo")):  # type: ignore[misc]
    """A zone with one fixed offset for all time (e.g. ``Etc/GMT+5``); no ``_dst`` attribute."""

    _engine: Any = None  # the core zone the answers come from
    _public: Any = None  # makes the tzcompat.ZoneInfo for .zoneinfo

    def fromutc(self, dt: datetime) -> datetime:
        """See ``datetime.tzinfo.fromutc``; naive input is accepted, as in pytz."""
        if dt.tzinfo is not None and dt.tzinfo is not self:
            raise ValueError("fromutc: dt.tzinfo is not self")
        return (dt + self._utcoffset).replace(tzinfo=self)

    def utcoffset(self, dt: datetime | None, is_dst: bool | None = None) -> timedelta:
        """The fixed offset; ``is_dst`` is accepted and ignored."""
        return self._utcoffset

    def dst(self, dt: datetime | None, is_dst: bool | None = None) -> timedelta:
        """Always zero; ``is_dst`` is accepted and ignored."""
        return _notime

    def tzname(self, dt: datetime | None, is_dst: bool | None = None) -> str:
        """The fixed abbreviation; ``is_dst`` is accepted and ignored."""
        return self._tzname

    def localize(self, dt: datetime, is_dst: bool | None = False) -> datetime:
        """Attach this zone to a naive datetime."""
        if dt.tzinfo is not None:
            raise ValueError("Not naive datetime (tzinfo is already set)")
        return dt.replace(tzinfo=self)

    def normalize(self, dt: datetime, is_dst: bool | None = False) -> datetime:
        """Return ``dt`` if it is in this zone already, else convert it here.

        >>> from tzcompat.pytz import timezone
        >>> gmt = timezone('GMT')
        >>> d = datetime(2011, 5, 8, 1, 2, 3, tzinfo=gmt)
        >>> gmt.normalize(d) is d
        True
        """
        if dt.tzinfo is self:
            return dt
        if dt.tzinfo is None:
            raise ValueError("Naive time - no tzinfo set")
        return dt.astimezone(self)

    @property
    def zoneinfo(self) -> Any:
        """The core ``tzcompat.ZoneInfo`` of this zone (made on first use)."""
        public = self._public
        return public() if public is not None else None

    def __repr__(self) -> str:
        return f"<StaticTzInfo {self.zone!r}>"

    def __reduce__(self) -> tuple[Any, ...]:
        if _pickle_format[0] == "pytz" or self._engine is None:
            # pytz's bytes (also for a subclass with its own offset: nothing to check)
            return _pytz_func("_p", unpickler), (self.zone,)
        return _restore, (_fingerprint(self._engine), self.zone)

    @property
    def data_fingerprint(self) -> str | None:
        """The fingerprint of the core rules this zone answers from (see
        ``tzcompat.data_report``)."""
        return _fingerprint(self._engine)


class _LazyClassData:
    """Descriptor computing a zone's ``_utc_transition_times``/``_transition_info`` on demand."""

    def __init__(self, attr: str) -> None:
        self.attr = attr

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, obj: Any, owner: type | None = None) -> Any:
        zd = getattr(owner, "_zd", None)
        if zd is None:  # DstTzInfo itself, as in pytz: None
            return None
        zd.ensure_exposed()
        value = getattr(zd, self.attr)
        if owner is zd.cls and owner.__dict__.get("_zd") is zd:
            # pandas reads both lists (hasattr) for every datetime it converts: from now on
            # a plain class attribute answers, as in pytz. A refresh swaps ``_zd`` and then
            # drops these attributes; a reader that passed the check above just before the
            # swap may set the old list after that drop, so it looks again and takes its
            # list back: the class can never keep a list of data it no longer uses.
            setattr(owner, self.name, value)
            if owner.__dict__.get("_zd") is not zd and owner.__dict__.get(self.name) is value:
                try:
                    delattr(owner, self.name)
                except AttributeError:  # another reader took it back first
                    pass
        return value


def forget_class_lists(cls: type) -> None:
    """Drop the exposed lists a zone class cached (after a refresh swapped its data)."""
    for name in ("_utc_transition_times", "_transition_info"):
        if name in cls.__dict__:
            try:
                delattr(cls, name)
            except AttributeError:  # a reader took it back meanwhile
                pass


class _LazyTzinfos:
    """Descriptor for ``_tzinfos``: the dict of the family's period objects, built on demand.

    A non-data descriptor, so an instance may still carry its own dict (pytz's constructor
    signature allows passing one in).
    """

    def __get__(self, obj: Any, owner: type | None = None) -> Any:
        if obj is None:
            return None
        zd = obj._zd
        if zd is None:
            return None
        zd.ensure_states()
        # pandas reads it for every Timestamp: from now on the instance's own attribute
        # answers, as in pytz (a refresh keeps the family's dict object).
        obj.__dict__["_tzinfos"] = tzinfos = zd.tzinfos
        return tzinfos


# Bases picked at import (the real library's, when installed)
class DstTzInfo(BaseTzInfo, *real("tzinfo.DstTzInfo")):  # type: ignore[misc]
    """A zone whose offset changes; each instance is one period of the zone."""

    _utc_transition_times = _LazyClassData("times_all")
    _transition_info = _LazyClassData("infos_all")
    _tzinfos = _LazyTzinfos()
    _dst: timedelta | None = None
    # None only on DstTzInfo itself and on a subclass built from its own lists before its
    # first instance; every period object the methods below run on has one.
    _zd: _ZoneData = None  # type: ignore[assignment]
    zone = None

    def __init__(self, _inf: tuple[Any, ...] | None = None,
                 _tzinfos: dict[Any, Any] | None = None) -> None:
        if _inf:
            self._utcoffset, self._dst, self._tzname = _inf
            zd = self._zd
            if zd is None and _tzinfos:
                # A period of a family built from a subclass's own lists (below).
                zd = getattr(next(iter(_tzinfos.values())), "_zd", None)
                if zd is not None and zd.tzinfos is _tzinfos:
                    self.__dict__["_zd"] = zd
            if _tzinfos is not None and (zd is None or _tzinfos is not zd.tzinfos):
                self.__dict__["_tzinfos"] = _tzinfos
        elif self._zd is None:
            # pytz's documented subclassing pattern: a subclass carrying its own
            # ``_utc_transition_times`` and ``_transition_info``. Each construction is a new
            # family, as in pytz.
            zd = _ZoneData.from_lists(self.zone, self._utc_transition_times, self._transition_info)
            self.__dict__["_zd"] = zd
            self._utcoffset, self._dst, self._tzname = zd.first_info
            zd.zone_obj = self
            zd.tzinfos[zd.first_info] = self
            cls = type(self)
            zd.cls = lambda inf: cls(inf, zd.tzinfos)
        else:
            zd = self._zd
            self._utcoffset, self._dst, self._tzname = zd.first_info
            if zd.zone_obj is None:
                zd.zone_obj = self

    # -- conversions -----------------------------------------------------------------------

    # The fast paths build results with datetime.combine(): on CPython 3.11 it is several
    # times faster than dt.replace(tzinfo=...). Subclasses of datetime keep pytz's replace()
    # so they come back as their own type.

    def fromutc(self, dt: datetime) -> datetime:
        """See ``datetime.tzinfo.fromutc``; naive input is accepted, as in pytz."""
        tz = dt.tzinfo
        zd = self._zd
        if tz is zd.zone_obj and type(dt) is datetime:
            # astimezone() into the zone object: compare against transition times carrying
            # the same tzinfo, which datetime compares field by field (no stripping).
            i = bisect_right(zd.times_aware, dt) - 1
            if i < zd.n_aware:
                x = dt + zd.offsets[i]
                return _combine(x, x.time(), zd.states[i])
            if zd.n_aware < 0 and zd.states:
                zd.build_aware()
        elif tz is not None and tz is not self and getattr(tz, "_zd", None) is not zd:
            raise ValueError("fromutc: dt.tzinfo is not self")
        if tz is None:
            return zd.from_naive_utc(dt)
        if type(dt) is datetime:
            return zd.from_naive_utc(_combine(dt, dt.time()))
        return zd.from_naive_utc(dt.replace(tzinfo=None))

    def normalize(self, dt: datetime) -> datetime:
        """Fix the period of ``dt`` after arithmetic (or convert it into this zone).

        pytz arithmetic is absolute: the sum keeps its old fixed offset and ``normalize``
        re-derives the period from the UTC instant.
        """
        tz = dt.tzinfo
        if tz is None:
            raise ValueError("Naive time - no tzinfo set")
        utc = dt - tz._utcoffset  # type: ignore[attr-defined]  # a pytz zone
        if type(utc) is datetime:
            return self._zd.from_naive_utc(_combine(utc, utc.time()))
        return self._zd.from_naive_utc(utc.replace(tzinfo=None))

    def localize(self, dt: datetime, is_dst: bool | None = False) -> datetime:
        """Attach the right period of this zone to a naive wall time.

        In a fold ``is_dst`` picks the side (``None`` raises ``AmbiguousTimeError``); in a gap
        ``True`` gives the offset after the gap and ``False`` the one before, with the wall
        time unchanged (``None`` raises ``NonExistentTimeError``).
        """
        if dt.tzinfo is not None:
            raise ValueError("Not naive datetime (tzinfo is already set)")
        zd = self._zd
        state = zd.lresults[bisect_right(zd.lbounds, dt)]
        if state is not None:
            if type(dt) is datetime and not dt.fold:
                return _combine(dt, dt.time(), state)
            return dt.replace(tzinfo=state, fold=0)
        return zd.localize_slow(self, dt, is_dst)

    # -- tzinfo API with pytz's is_dst extension -------------------------------------------

    def utcoffset(self, dt: datetime | None, is_dst: bool | None = None) -> timedelta | None:
        """The offset of ``dt``: this period's if ``dt`` carries it, else by localizing."""
        # try/except: one test on the hot path (``dt.utcoffset()``); None is the rare case.
        try:
            if dt.tzinfo is self:  # type: ignore[union-attr]  # None: caught below
                return self._utcoffset
        except AttributeError:
            if dt is None:
                return None
            raise
        # Localize gives this zone.
        return self.localize(dt, is_dst).tzinfo._utcoffset  # type: ignore[union-attr, no-any-return, arg-type]

    def dst(self, dt: datetime | None, is_dst: bool | None = None) -> timedelta | None:
        """The DST part of the offset (pytz's inference), like ``utcoffset``."""
        if dt is not None and dt.tzinfo is self:
            return self._dst
        if dt is None:
            return None
        # Localize gives this zone.
        return self.localize(dt, is_dst).tzinfo._dst  # type: ignore[union-attr, no-any-return]

    def tzname(self, dt: datetime | None, is_dst: bool | None = None) -> str | None:
        """The abbreviation, like ``utcoffset``; ``tzname(None)`` is the zone name."""
        if dt is not None and dt.tzinfo is self:
            return self._tzname
        if dt is None:
            return self.zone
        # Localize gives this zone.
        return self.localize(dt, is_dst).tzinfo._tzname  # type: ignore[union-attr, no-any-return]

    @property
    def zoneinfo(self) -> Any:
        """The core ``tzcompat.ZoneInfo`` of this zone (made on first use; None for a zone
        built from its own transition lists)."""
        public = self._zd.public
        return public() if public is not None else None

    def __repr__(self) -> str:
        dst = "DST" if self._dst else "STD"
        sign = "+" if self._utcoffset > _notime else ""
        return f"<DstTzInfo {self.zone!r} {self._tzname}{sign}{self._utcoffset} {dst}>"

    def __reduce__(self) -> tuple[Any, ...]:
        args = (
            self.zone,
            _to_seconds(self._utcoffset),
            _to_seconds(self._dst),  # type: ignore[arg-type]  # set on a period
            self._tzname,
        )
        zd = self._zd
        if _pickle_format[0] == "pytz" or zd.zoneinfo is None:
            # pytz's bytes (also for a zone built from its own lists: nothing to check)
            return _pytz_func("_p", unpickler), args
        return _restore, (_fingerprint(zd.zoneinfo), *args)

    @property
    def data_fingerprint(self) -> str | None:
        """The fingerprint of the core rules this zone answers from (see
        ``tzcompat.data_report``); None for a zone built from its own transition lists."""
        zi = self._zd.zoneinfo
        return _fingerprint(zi) if zi is not None else None


def _fingerprint(engine: Any) -> str | None:
    return engine.data_fingerprint if engine is not None else None


def _restore(fingerprint: str | None, zone: str, *period: Any) -> BaseTzInfo:
    """Load a zone or period pickled in tzcompat's format: as ``unpickler``, then warn
    (``tzcompat.DataSkewWarning``) when the rules here differ from the sender's (under
    ``tzcompat.set_skew_policy("error")``, a stand-in whose first use raises)."""
    from .._fingerprint import check_skew  # import cost: hashlib, at the first such pickle

    tz = unpickler(zone, *period)
    # Or the skew stand-in.
    return check_skew(tz, fingerprint, f"tzcompat.pytz zone {zone!r}",  # type: ignore[no-any-return]
                      (_restore, (fingerprint, zone, *period)))


# Pickle's marker on a function.
_restore.__safe_for_unpickling__ = True  # type: ignore[attr-defined]


def unpickler(
    zone: str,
    utcoffset: int | None = None,
    dstoffset: int | None = None,
    tzname: str | None = None,
) -> BaseTzInfo:
    """Rebuild a pickled zone or period (the target of ``pytz._p``).

    A period is matched on ``(offset, dst, abbreviation)``, then on ``(offset, dst)`` alone
    (abbreviations get corrected in new data), and is otherwise recreated so that datetimes
    keep the values they were pickled with.
    """
    from . import timezone  # the package imports this module: at the top it would be a circle

    tz = timezone(zone)
    if utcoffset is None:
        return tz
    # A DstTzInfo when pickled with an offset (another zone fails below, as in pytz).
    periodic: Any = tz
    off = memorized_timedelta(utcoffset)
    dst = memorized_timedelta(dstoffset)  # type: ignore[arg-type]  # pickled with the offset
    tzinfos: dict[Any, DstTzInfo] = periodic._tzinfos
    found = tzinfos.get((off, dst, tzname))
    if found is not None:
        return found
    for state in tzinfos.values():
        if state._utcoffset == off and state._dst == dst:
            return state
    inf = (off, dst, tzname)
    return tzinfos.setdefault(inf, periodic.__class__(inf, tzinfos))


# --------------------------------------------------------------------------------------------
# Per-zone data shared by all the period objects of one zone.


def _seconds(td: timedelta) -> int:
    return td.days * 86400 + td.seconds


def _round_minute(seconds: int) -> int:
    # pytz rounds every offset to the nearest minute (half up), as datetime once required.
    return (seconds + 30) // 60 * 60


def _pytz_dst(raw: list[tuple[int, bool, str]], i: int) -> int:
    """pytz's DST inference for period ``i`` of ``raw`` ((offset, isdst, abbr) in seconds).

    The DST amount is the offset minus the previous standard offset; when that is not in
    (0, 3h] (a zone realignment, or negative DST as in Dublin), look forward for a standard
    period that gives 0 < |dst| <= 3h, keeping the last difference tried.
    """
    off, isdst, _ = raw[i]
    if not isdst:
        return 0
    prev = raw[0]
    for j in range(i - 1, -1, -1):
        prev = raw[j]
        if not prev[1]:
            break
    dst = off - prev[0]
    if dst <= 0 or dst > 10800:
        for j in range(i + 1, len(raw)):
            std = raw[j]
            if not std[1]:
                dst = off - std[0]
                if 0 < abs(dst) <= 10800:
                    break
    return dst


def _raw_state(state: Any) -> tuple[int, bool, str]:
    return (_seconds(state.utcoffset), bool(state.is_dst), state.tzname)


def _first_standard(zi: Any) -> tuple[int, bool, str]:
    """pytz's first period: the file's first standard type (type 0 if every type is DST),
    even where no transition follows (the core's ``initial_state`` is then the footer's)."""
    data = zi.tzif
    i = next((i for i, dst in enumerate(data.isdst) if not dst), 0)
    return (data.utcoff[i], bool(data.isdst[i]), data.abbr[i])


def zone_head(zi: Any) -> tuple[bool, tuple[int, bool, str]]:
    """``(is_dst_zone, first raw state)`` of pytz's view, reading as few transitions as possible.

    pytz makes a zone static when its 32-bit block has no transitions. Otherwise the first
    period is the first standard type of the file (the zone's initial state, normally LMT).
    """
    initial = _first_standard(zi)
    if next(iter(zi.transitions(end=_V1_END)), None) is None:
        return False, initial
    if not initial[1]:
        return True, initial
    # A DST-flagged initial state is unheard of; take the first standard state instead.
    for tr in zi.transitions(end=_V1_END):
        raw = _raw_state(tr.after)
        if not raw[1]:
            return True, raw
    return True, initial


class _ZoneData:
    """pytz's transition view of one core zone, and the lookup tables built from it.

    Built in stages, each on first need: the head (first period) when the zone is created, the
    transition lists and period objects on first lookup, the localize table on first
    ``localize``.
    """

    def __init__(self, zone: str, zi: Any, first_raw: tuple[int, bool, str]) -> None:
        self.zone = zone
        self.zoneinfo = zi  # the core zone (ZoneEngine or ZoneInfo) the view is read from
        self.public: Any = None  # makes the tzcompat.ZoneInfo for DstTzInfo.zoneinfo
        # None until built (the view, the exposed lists) or registered (the class and zone
        # object); every reader runs after the matching ensure_*() or registration.
        self.cls: Callable[..., DstTzInfo] = None  # type: ignore[assignment]
        self.first_info = memorized_ttinfo(_round_minute(first_raw[0]), 0, first_raw[2])
        self.zone_obj: DstTzInfo = None  # type: ignore[assignment]  # None until built
        self.tzinfos: dict[Any, Any] = {}
        self.times: list[datetime] = None  # type: ignore[assignment]  # None until built
        self.infos: list[tuple[Any, ...]] = None  # type: ignore[assignment]  # None until built
        self.states: list[DstTzInfo] = []
        self.offsets: list[timedelta] = []
        # Until the lists exist the fast paths see index 0 >= n_fast == 0 (fromutc) or a
        # None result (localize) and fall through to the slow paths, which build them.
        self.times_fast: list[datetime] = [datetime.min]
        self.n_fast = 0
        self.times_aware: list[datetime] = []
        self.n_aware = -1
        self.raw: list[tuple[int, bool, str]] = []
        self.lbounds: list[datetime] = []
        self.lresults: list[Any] = [None]
        self.beyond: datetime | None = None  # first transition after pytz's horizon
        # The exposed lists: the view plus the rule's transitions up to HORIZON.
        self.times_all: list[datetime] = None  # type: ignore[assignment]
        self.infos_all: list[tuple[Any, ...]] = None  # type: ignore[assignment]  # None until built
        self.ext_times: list[datetime] = []
        self.ext_states: list[DstTzInfo] = []
        self.slow_calls = 0
        self._years: dict[int, tuple[list[datetime], list[DstTzInfo]]] = {}
        self._lock = RLock()

    @classmethod
    def from_lists(cls, zone: str | None, times: Any, infos: Any) -> _ZoneData:
        """A family's data from pytz-style lists (a subclass's own transition lists)."""
        first = infos[0]  # TypeError/IndexError for missing or empty lists, as in pytz
        zd = cls(zone, None, (0, False, ""))  # type: ignore[arg-type]  # no engine for lists
        zd.first_info = first
        # Instants before the first time take the first period (pytz clamps the index at 0).
        zd.times = [datetime.min, *times[1:]]
        zd.infos = list(infos)
        if len(zd.times) != len(zd.infos):
            raise ValueError(
                f"{zone!r}: {len(times)} transition times but {len(infos)} transition infos"
            )
        return zd

    # -- building --------------------------------------------------------------------------

    def ensure_view(self) -> None:
        if self.times is None:
            with self._lock:
                if self.times is None:
                    self._build_view()

    def _build_view(self) -> None:
        _load_builders()  # replaces this method with _zonebuild's
        self._build_view()

    def ensure_exposed(self) -> None:
        if self.times_all is None:
            with self._lock:
                if self.times_all is None:
                    self._build_ext()

    def _build_ext(self) -> None:
        _load_builders()  # replaces this method with _zonebuild's
        self._build_ext()

    def ensure_states(self) -> None:
        if not self.states:
            with self._lock:
                if not self.states:
                    self._build_states()

    def _build_states(self) -> None:
        _load_builders()  # replaces this method with _zonebuild's
        self._build_states()

    def _build_table(self) -> None:
        _load_builders()  # replaces this method with _zonebuild's
        self._build_table()

    # -- lookups -----------------------------------------------------------------------------

    def build_aware(self) -> None:
        """Transition times carrying the zone object, for ``astimezone`` into the zone."""
        zone_obj = self.zone_obj
        self.times_aware = [_combine(t, t.time(), zone_obj) for t in self.times]
        self.n_aware = self.n_fast

    def from_naive_utc(self, dt: datetime) -> datetime:
        """``fromutc`` of a naive UTC datetime: the wall time with its period attached."""
        i = bisect_right(self.times_fast, dt) - 1
        if i < self.n_fast:
            state = self.states[i]
            x = dt + self.offsets[i]
        else:
            state = self.state_at(dt)
            x = dt + state._utcoffset
        if type(x) is datetime:
            return _combine(x, x.time(), state)
        return x.replace(tzinfo=state)

    def state_at(self, dt: datetime) -> DstTzInfo:
        """The period in force at the naive UTC instant ``dt``."""
        self.ensure_states()
        i = bisect_right(self.times, dt) - 1
        if i == len(self.times) - 1 and self.beyond is not None and dt >= self.beyond:
            return self._state_beyond(dt)
        return self.states[i]

    def _state_beyond(self, dt: datetime) -> DstTzInfo:
        if dt < HORIZON:
            self.ensure_exposed()
            return self.ext_states[bisect_right(self.ext_times, dt) - 1]
        year = dt.year
        window = self._years.get(year)
        if window is None:
            window = self._build_year(year)
        times, states = window
        return states[bisect_right(times, dt) - 1]

    def _build_year(self, year: int) -> tuple[list[datetime], list[DstTzInfo]]:
        _load_builders()  # replaces this method with _zonebuild's
        return self._build_year(year)

    def localize_slow(self, tz: DstTzInfo, dt: datetime, is_dst: Any) -> datetime:
        _load_builders()  # replaces this method with _zonebuild's
        return self.localize_slow(tz, dt, is_dst)


def _ts(dt: datetime) -> int:
    delta = dt - _epoch
    return delta.days * 86400 + delta.seconds


def _load_builders() -> None:
    """Bind the table builders, which live in ``_zonebuild``: they run on a zone's first lookup,
    so ``import tzcompat.pytz`` does not pay for loading them."""
    from . import _zonebuild  # import cost: the builders load on first use

    # Each replaces the stub method of the same name, which has the same signature.
    for method, builder in (("_build_view", _zonebuild.build_view),
                            ("_build_states", _zonebuild.build_states),
                            ("_build_table", _zonebuild.build_table),
                            ("_build_year", _zonebuild.build_year),
                            ("_build_ext", _zonebuild.build_ext),
                            ("localize_slow", _zonebuild.localize_slow)):
        setattr(_ZoneData, method, builder)
