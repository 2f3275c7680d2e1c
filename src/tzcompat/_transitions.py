"""Records describing a zone's periods and the changes between them."""

from __future__ import annotations

from collections import namedtuple
from datetime import datetime, timedelta, timezone

__all__ = ["Transition", "ZoneState"]

_EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)


TYPE_CHECKING = False
if TYPE_CHECKING:
    # What the run-time namedtuples hold, for type checkers only.
    from typing import NamedTuple

    class _ZoneStateFields(NamedTuple):
        utcoffset: timedelta
        dst: timedelta
        tzname: str
        is_dst: bool

    class _TransitionFields(NamedTuple):
        timestamp: int
        before: ZoneState
        after: ZoneState
else:
    # collections.namedtuple rather than typing.NamedTuple: importing typing would
    # double the package's import time.
    _ZoneStateFields = namedtuple("ZoneState", "utcoffset dst tzname is_dst")
    _TransitionFields = namedtuple("Transition", "timestamp before after")


class ZoneState(_ZoneStateFields):
    """The values in force during one period of a zone.

    ``utcoffset`` and ``dst`` are timedeltas (``dst`` as ``dst()`` reports it,
    inferred since TZif stores only a flag), ``tzname`` the abbreviation and
    ``is_dst`` the TZif ``isdst`` flag.
    """

    __slots__ = ()


class Transition(_TransitionFields):
    """A change of a zone's state at one instant: ``timestamp`` (POSIX
    seconds, UTC) and the ``before``/``after`` :class:`ZoneState`."""

    __slots__ = ()

    @property
    def utc(self) -> datetime | None:
        """The instant as an aware UTC datetime (None outside datetime's range)."""
        try:
            return _EPOCH + timedelta(seconds=self.timestamp)
        except OverflowError:
            return None

    @property
    def local_before(self) -> datetime | None:
        """Wall time just reached when the change happens, on the old offset (naive)."""
        return _wall(self.timestamp, self.before.utcoffset)

    @property
    def local_after(self) -> datetime | None:
        """Wall time the clock shows right after the change (naive)."""
        return _wall(self.timestamp, self.after.utcoffset)


def _wall(ts: int, offset: timedelta) -> datetime | None:
    try:
        return (_EPOCH + timedelta(seconds=ts) + offset).replace(tzinfo=None)
    except OverflowError:
        return None
