"""Base classes shared by the dateutil-style tzinfo classes.

``_tzinfo`` gives the generic PEP 495 helpers (``is_ambiguous``, ``fromutc``) that
dateutil's ``tzlocal`` and ``tzical`` zones inherit; ``tzrangebase`` is the abstract
"one DST period a year" zone behind ``tzrange`` and ``tzstr``.
"""

from __future__ import annotations

import sys
from datetime import datetime, timedelta, tzinfo

from . import _peer

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    _FromUTC = Callable[[Any, datetime], datetime]

__all__ = ["ZERO", "enfold", "tzrangebase"]

ZERO = timedelta(0)
_CONSTRUCT = sys.version_info < (3, 13)


def enfold(dt: datetime, fold: int = 1) -> datetime:
    """Return ``dt`` with its ``fold`` attribute set to ``fold`` (default 1)."""
    if _CONSTRUCT and type(dt) is datetime and type(fold) is int and 0 <= fold <= 1:
        # Before 3.13 the constructor parses its arguments 1.2-1.6x as fast as replace()
        # does; from 3.13 on replace() parses its keywords about four times as fast as
        # the constructor (Argument Clinic), so it is used there.
        return datetime(
            dt.year, dt.month, dt.day, dt.hour, dt.minute, dt.second, dt.microsecond,
            dt.tzinfo, fold=fold,
        )
    return dt.replace(fold=fold)


def _check_fromutc_arg(zone: tzinfo, dt: object) -> None:
    """Raise the errors CPython's own ``fromutc`` raises for a bad argument."""
    if not isinstance(dt, datetime):
        raise TypeError("fromutc() requires a datetime argument")
    if dt.tzinfo is not zone:
        raise ValueError("dt.tzinfo is not self")


@_peer.hide_real_only
# Bases picked at import (the real library's, when installed)
class _tzinfo(*_peer.bases((tzinfo,), "_tzinfo", "_common")):  # type: ignore[misc]
    """Generic fold-aware helpers built only on ``utcoffset``/``dst``."""

    def is_ambiguous(self, dt: datetime) -> bool:
        """Whether the wall time of ``dt`` (naive or aware) occurs twice in this zone."""
        dt = dt.replace(tzinfo=self)
        first = dt.replace(fold=0)
        second = dt.replace(fold=1)
        return first.utcoffset() != second.utcoffset()

    def _fold_status(self, dt_utc: datetime, dt_wall: datetime) -> int:
        # The wall time is the second occurrence exactly when it sits at the
        # standard offset from the UTC instant.
        if not self.is_ambiguous(dt_wall):
            return 0
        # Aware: offsets not None.
        return int(dt_wall - dt_utc == dt_utc.utcoffset() - dt_utc.dst())  # type: ignore[operator]

    def _fromutc(self, dt: datetime) -> datetime:
        # The algorithm of the datetime module's reference fromutc, except that
        # the DST correction is read at fold=1 (PEP 495 flips the old default).
        off = dt.utcoffset()
        if off is None:
            raise ValueError("fromutc() requires a non-None utcoffset() result")
        dst = dt.dst()
        if dst is None:
            raise ValueError("fromutc() requires a non-None dst() result")
        dt += off - dst
        dst = dt.replace(fold=1).dst()
        if dst is None:
            raise ValueError("fromutc(): dt.dst gave inconsistent results; cannot convert")
        return dt + dst

    def fromutc(self, dt: datetime) -> datetime:
        """Convert a UTC time (with this zone attached) to wall time, setting ``fold``."""
        _check_fromutc_arg(self, dt)
        wall = self._fromutc(dt)
        return wall.replace(fold=self._fold_status(dt, wall))


@_peer.hide_real_only
# Bases picked at import (the real library's, when installed)
class tzrangebase(*_peer.bases((_tzinfo,), "tzrangebase")):  # type: ignore[misc]
    """Abstract zone with at most one DST period per year.

    Subclasses provide ``transitions(year)`` (DST start and end as naive standard
    times, or None), ``hasdst`` and ``_std_offset``/``_dst_offset``/``_std_abbr``/
    ``_dst_abbr``. In a gap both folds give the DST side, as in dateutil.
    """

    hasdst: bool
    _std_offset: timedelta
    _dst_offset: timedelta
    _std_abbr: str | None
    _dst_abbr: str | None

    def __init__(self) -> None:
        raise NotImplementedError("tzrangebase is an abstract base class")

    def transitions(self, year: int) -> tuple[datetime, datetime] | None:  # pragma: no cover
        raise NotImplementedError

    def utcoffset(self, dt: datetime | None) -> timedelta | None:
        isdst = self._isdst(dt)
        if isdst is None:
            return None
        return self._dst_offset if isdst else self._std_offset

    def dst(self, dt: datetime | None) -> timedelta | None:
        isdst = self._isdst(dt)
        if isdst is None:
            return None
        return self._dst_base_offset if isdst else ZERO

    def tzname(self, dt: datetime | None) -> str | None:
        return self._dst_abbr if self._isdst(dt) else self._std_abbr

    def fromutc(self, dt: datetime) -> datetime:
        """Convert a UTC time (with this zone attached) to wall time, setting ``fold``."""
        if not isinstance(dt, datetime):
            raise TypeError("fromutc() requires a datetime argument")
        if dt.tzinfo is not self:
            raise ValueError("dt.tzinfo is not self")
        trans = self.transitions(dt.year)
        if trans is None:
            return dt + self.utcoffset(dt)  # type: ignore[operator]  # aware: offset not None
        cache = self.__dict__.get("_ucache") if type(dt) is datetime else None
        if cache is not None:
            # The year's bounds in UTC carrying this zone: an aware comparison
            # with the same tzinfo compares fields, with no replace() per call.
            hit = cache.get(dt.year)
            if hit is None or hit[0] is not trans:
                if len(cache) >= 256:
                    cache.clear()
                hit = cache[dt.year] = (
                    trans,
                    (trans[0] - self._std_offset).replace(tzinfo=self),
                    (trans[1] - self._std_offset).replace(tzinfo=self),
                )
            on, off = hit[1], hit[2]
            isdst = on <= dt < off if on < off else not off <= dt < on
            # datetime + timedelta has fold=0 already.
            if isdst:
                return dt + self._dst_offset
            wall = dt + self._std_offset
            return wall.replace(fold=1) if self.is_ambiguous(wall) else wall
        # The rules give local standard times; shift them to UTC.
        on = trans[0] - self._std_offset
        off = trans[1] - self._std_offset
        isdst = self._naive_isdst(dt.replace(tzinfo=None), (on, off))
        if isdst:
            return (dt + self._dst_offset).replace(fold=0)
        wall = dt + self._std_offset
        return wall.replace(fold=int(self.is_ambiguous(wall)))

    def is_ambiguous(self, dt: datetime) -> bool:
        """Whether the wall time of ``dt`` falls in the hour repeated when DST ends."""
        if not self.hasdst:
            return False
        _start, end = self.transitions(dt.year)  # type: ignore[misc]  # hasdst: not None
        naive = dt.replace(tzinfo=None)
        return end <= naive < end + self._dst_base_offset

    def _isdst(self, dt: datetime | None) -> bool | None:
        if not self.hasdst:
            return False
        if dt is None:
            return None
        trans = self.transitions(dt.year)
        if trans is None:
            return False
        naive = dt.replace(tzinfo=None)
        isdst = self._naive_isdst(naive, trans)
        if not isdst and self.is_ambiguous(naive):
            return not dt.fold
        return isdst

    @staticmethod
    def _naive_isdst(dt: datetime, transitions: tuple[datetime, datetime]) -> bool:
        on, off = transitions
        dt = dt.replace(tzinfo=None)
        if on < off:
            return on <= dt < off
        return not off <= dt < on

    @property
    def _dst_base_offset(self) -> timedelta:
        return self._dst_offset - self._std_offset

    __hash__ = None  # type: ignore[assignment]  # equality is by value, objects are mutable

    def __repr__(self) -> str:
        return f"{type(self).__name__}(...)"

    __reduce__ = object.__reduce__


def _validate_fromutc_inputs(f: _FromUTC) -> _FromUTC:
    """Decorator giving a ``fromutc`` CPython's argument checks (as dateutil's)."""

    def fromutc(self: Any, dt: datetime) -> datetime:
        _check_fromutc_arg(self, dt)
        return f(self, dt)

    # functools.wraps, without importing functools.
    for name in ("__module__", "__name__", "__qualname__", "__doc__"):
        try:
            setattr(fromutc, name, getattr(f, name))
        except AttributeError:
            pass
    fromutc.__dict__.update(getattr(f, "__dict__", {}))
    # The wrapper's marker (functools'), set by hand.
    fromutc.__wrapped__ = f  # type: ignore[attr-defined]
    return fromutc
