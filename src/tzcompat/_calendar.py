"""Proleptic Gregorian calendar arithmetic in days since 1970-01-01, for the rule engines.

The core's POSIX day rules (``_posix``, which the dateutil adapter's footers use too), the zone
engine and the adapter's ``tzfile``/``tzrange`` share these helpers rather than carry copies
(``calendar`` is not used: it imports ``locale`` at import time).
"""

from __future__ import annotations

__all__ = ["DAYS_BEFORE_MONTH", "EPOCH_ORDINAL", "days_before_year", "is_leap"]

EPOCH_ORDINAL = 719163  # date(1970, 1, 1).toordinal()

#: Days before the first of month ``m`` (1-12) in a common year, at index ``m - 1``; the last
#: entry is the length of the year.
DAYS_BEFORE_MONTH = (0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334, 365)


def is_leap(year: int) -> bool:
    return year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)


def days_before_year(year: int) -> int:
    """Days from 1970-01-01 to January 1 of ``year`` (any integer year)."""
    y = year - 1
    return y * 365 + y // 4 - y // 100 + y // 400 + 1 - EPOCH_ORDINAL

