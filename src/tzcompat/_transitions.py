"""Records describing a zone's periods and the changes between them."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from typing import NamedTuple

__all__ = ["Transition", "ZoneState"]

_EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)


class ZoneState(NamedTuple):
    """The values in force during one period of a zone."""

    utcoffset: timedelta
    #: The DST offset as ``dst()`` reports it (inferred, since TZif stores only a flag).
    dst: timedelta
    tzname: str
    #: The TZif ``isdst`` flag.
    is_dst: bool


class Transition(NamedTuple):
    """A change of a zone's state at one instant."""

    #: POSIX seconds (UTC) of the change.
    timestamp: int
    before: ZoneState
    after: ZoneState

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
