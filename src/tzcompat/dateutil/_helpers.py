"""``datetime_exists``, ``datetime_ambiguous`` and ``resolve_imaginary``.

These accept any tzinfo, as dateutil's do, with dateutil's algorithms (a round trip
through UTC; comparing the two folds). For this package's ``tzfile`` the round trip
is made by calling the zone directly instead of through two ``astimezone`` calls,
which gives the same answer faster.
"""

from __future__ import annotations

from bisect import bisect_right as _bisect_right
from datetime import datetime, timedelta, tzinfo

from ._fixed import UTC
from ._tzfile import tzfile

__all__ = ["datetime_ambiguous", "datetime_exists", "resolve_imaginary"]

_DAY = timedelta(hours=24)


def datetime_exists(dt: datetime, tz: tzinfo | None = None) -> bool:
    """Whether the wall time of ``dt`` exists in ``tz`` (default: ``dt.tzinfo``)."""
    if tz is None:
        if dt.tzinfo is None:
            raise ValueError("Datetime is naive and no time zone provided.")
        tz = dt.tzinfo
    if isinstance(tz, tzfile):
        return tz._datetime_exists(dt)
    naive = dt.replace(tzinfo=None)
    # A wall time exists exactly when it survives a round trip through UTC.
    back = naive.replace(tzinfo=tz).astimezone(UTC).astimezone(tz)
    return naive == back.replace(tzinfo=None)


def datetime_ambiguous(dt: datetime, tz: tzinfo | None = None) -> bool:
    """Whether the wall time of ``dt`` occurs twice in ``tz`` (default: ``dt.tzinfo``)."""
    if tz is None:
        if dt.tzinfo is None:
            raise ValueError("Datetime is naive and no time zone provided.")
        tz = dt.tzinfo
    if type(tz) is tzfile:
        if type(dt) is datetime and not tz._fixed_offset:
            # tzfile.is_ambiguous's table lookup, inline: this is a one-dict-lookup
            # question, and a method call would double its cost.
            entry = tz._wy.get(dt.year)
            if entry is not None:
                zone = dt.tzinfo
                if zone is tz:
                    status = entry[4][_bisect_right(entry[0], dt)]
                elif zone is None:
                    status = entry[4][_bisect_right(entry[3], dt)]
                else:
                    status = entry[4][_bisect_right(entry[3], dt.replace(tzinfo=None))]
                if status is not None:
                    return status == 1  # type: ignore[no-any-return]  # dateutil's method, untyped
        try:
            return tz._is_ambiguous_or_imaginary(dt) == 1
        except Exception:
            pass
    is_ambiguous = getattr(tz, "is_ambiguous", None)
    if is_ambiguous is not None:
        # As in dateutil, a failing is_ambiguous falls back to the generic test.
        try:
            return is_ambiguous(dt)  # type: ignore[no-any-return]  # dateutil's method, untyped
        except Exception:
            pass
    dt = dt.replace(tzinfo=tz)
    first = dt.replace(fold=0)
    second = dt.replace(fold=1)
    return not (first.utcoffset() == second.utcoffset() and first.dst() == second.dst())


def resolve_imaginary(dt: datetime) -> datetime:
    """Move a wall time skipped by a gap forward by the size of the gap.

    Existing (or naive) datetimes are returned unchanged, as the same object.
    """
    if dt.tzinfo is not None and not datetime_exists(dt):
        # Aware: offsets not None.
        dt += (dt + _DAY).utcoffset() - (dt - _DAY).utcoffset()  # type: ignore[operator]
    return dt
