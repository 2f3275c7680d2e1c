"""``tzlocal``: the local zone as the C library's ``time`` functions see it.

As in dateutil, the standard and DST offsets and the names are read from
``time.timezone``/``altzone``/``daylight``/``tzname`` when the object is built,
while whether a given wall time is DST is asked of ``time.localtime`` on every call.
"""

from __future__ import annotations

import time
from datetime import datetime, timedelta

from . import _peer
from ._base import ZERO, _tzinfo
from ._fixed import tzoffset, tzutc

__all__ = ["tzlocal"]

_EPOCH = datetime(1970, 1, 1)


def _naive_timestamp(dt: datetime) -> float:
    """Seconds from 1970-01-01 to the wall time of ``dt``, ignoring its zone."""
    return (dt.replace(tzinfo=None) - _EPOCH).total_seconds()


@_peer.hide_real_only
# Bases picked at import (the real library's, when installed)
class tzlocal(*_peer.bases((_tzinfo,), "tzlocal")):  # type: ignore[misc]
    """The system's local time zone (a new object on every call, never cached)."""

    def __init__(self) -> None:
        self._std_offset = timedelta(seconds=-time.timezone)
        if time.daylight:
            self._dst_offset = timedelta(seconds=-time.altzone)
        else:
            self._dst_offset = self._std_offset
        self._dst_saved = self._dst_offset - self._std_offset
        self._hasdst = bool(self._dst_saved)
        self._tznames = tuple(time.tzname)

    def utcoffset(self, dt: datetime | None) -> timedelta | None:
        if dt is None and self._hasdst:
            return None
        return self._dst_offset if self._isdst(dt) else self._std_offset

    def dst(self, dt: datetime | None) -> timedelta | None:
        if dt is None and self._hasdst:
            return None
        return self._dst_offset - self._std_offset if self._isdst(dt) else ZERO

    def tzname(self, dt: datetime | None) -> str:
        return self._tznames[self._isdst(dt)]

    def is_ambiguous(self, dt: datetime) -> bool:
        """Whether the wall time of ``dt`` is in the repeated hour at the end of DST."""
        naive_dst = self._naive_is_dst(dt)
        return not naive_dst and naive_dst != self._naive_is_dst(dt - self._dst_saved)

    def _naive_is_dst(self, dt: datetime) -> int:
        # localtime() of the wall time read as if it were standard time: stable
        # around transitions, unlike mktime().
        return time.localtime(_naive_timestamp(dt) + time.timezone).tm_isdst

    def _isdst(self, dt: datetime | None, fold_naive: bool = True) -> int | bool:
        if not self._hasdst:
            return False
        isdst = self._naive_is_dst(dt)  # type: ignore[arg-type]  # None raises, as in dateutil
        if self.is_ambiguous(dt):  # type: ignore[arg-type]  # None raises, as in dateutil
            return not dt.fold  # type: ignore[union-attr]  # None raises, as in dateutil
        return isdst

    def __eq__(self, other: object) -> bool:
        if isinstance(other, tzlocal):
            return self._std_offset == other._std_offset and self._dst_offset == other._dst_offset
        if isinstance(other, tzutc):
            return (
                not self._hasdst and self._tznames[0] in {"UTC", "GMT"} and self._std_offset == ZERO
            )
        if isinstance(other, tzoffset):
            return (
                not self._hasdst
                and self._tznames[0] == other._name
                and self._std_offset == other._offset
            )
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # unhashable, as the original

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"

    __reduce__ = object.__reduce__
