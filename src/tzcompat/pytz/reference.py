"""The example tzinfo classes from the Python ``datetime`` docs, as ``pytz.reference`` has.

They follow the US rules of 1987-2006 only and exist for tests that compare against them.
Do not use them in real code.
"""

from __future__ import annotations

import time as _time
from datetime import datetime, timedelta, tzinfo

from . import HOUR, UTC, ZERO

__all__ = [
    "FixedOffset",
    "LocalTimezone",
    "USTimeZone",
    "Eastern",
    "Central",
    "Mountain",
    "Pacific",
    "UTC",
]


class FixedOffset(tzinfo):
    """A fixed offset of ``offset`` minutes east of UTC, called ``name``."""

    def __init__(self, offset: int, name: str) -> None:
        self.__offset = timedelta(minutes=offset)
        self.__name = name

    def utcoffset(self, dt: datetime | None) -> timedelta:
        return self.__offset

    def tzname(self, dt: datetime | None) -> str:
        return self.__name

    def dst(self, dt: datetime | None) -> timedelta:
        return ZERO


# The platform's local time, as the time module sees it at import.
STDOFFSET = timedelta(seconds=-_time.timezone)
DSTOFFSET = timedelta(seconds=-_time.altzone) if _time.daylight else STDOFFSET
DSTDIFF = DSTOFFSET - STDOFFSET


class LocalTimezone(tzinfo):
    """The platform's local time zone, through ``time.mktime``/``time.localtime``."""

    def utcoffset(self, dt: datetime) -> timedelta:  # type: ignore[override]  # as pytz's
        return DSTOFFSET if self._isdst(dt) else STDOFFSET

    def dst(self, dt: datetime) -> timedelta:  # type: ignore[override]  # pytz's signature
        return DSTDIFF if self._isdst(dt) else ZERO

    def tzname(self, dt: datetime) -> str:  # type: ignore[override]  # pytz's signature
        return _time.tzname[self._isdst(dt)]

    def _isdst(self, dt: datetime) -> bool:
        fields = (dt.year, dt.month, dt.day, dt.hour, dt.minute, dt.second, dt.weekday(), 0, -1)
        return _time.localtime(_time.mktime(fields)).tm_isdst > 0


Local = LocalTimezone()


def first_sunday_on_or_after(dt: datetime) -> datetime:
    """The first Sunday at or after ``dt`` (same time of day)."""
    return dt + timedelta(days=(6 - dt.weekday()) % 7)


# 1987-2006 US rule: DST from 2:00 standard time on the first Sunday of April to 2:00 DST
# (1:00 standard) on the last Sunday of October, i.e. the first Sunday on or after Oct 25.
DSTSTART = datetime(1, 4, 1, 2)
DSTEND = datetime(1, 10, 25, 1)


class USTimeZone(tzinfo):
    """A US zone with ``hours`` standard offset under the 1987-2006 DST rule."""

    def __init__(self, hours: int, reprname: str, stdname: str, dstname: str) -> None:
        self.stdoffset = timedelta(hours=hours)
        self.reprname = reprname
        self.stdname = stdname
        self.dstname = dstname

    def __repr__(self) -> str:
        return self.reprname

    def tzname(self, dt: datetime | None) -> str:
        return self.dstname if self.dst(dt) else self.stdname

    def utcoffset(self, dt: datetime | None) -> timedelta:
        return self.stdoffset + self.dst(dt)

    def dst(self, dt: datetime | None) -> timedelta:
        if dt is None or dt.tzinfo is None:
            # fromutc() passes dt with dt.tzinfo is self; naive or missing dt has no DST.
            return ZERO
        assert dt.tzinfo is self
        start = first_sunday_on_or_after(DSTSTART.replace(year=dt.year))
        end = first_sunday_on_or_after(DSTEND.replace(year=dt.year))
        return HOUR if start <= dt.replace(tzinfo=None) < end else ZERO


Eastern = USTimeZone(-5, "Eastern", "EST", "EDT")
Central = USTimeZone(-6, "Central", "CST", "CDT")
Mountain = USTimeZone(-7, "Mountain", "MST", "MDT")
Pacific = USTimeZone(-8, "Pacific", "PST", "PDT")
