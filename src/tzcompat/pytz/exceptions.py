"""The exception classes of pytz, with the same hierarchy.

None of them derives from ``ValueError``: code written for pytz catches them by name, or
``UnknownTimeZoneError`` as a ``KeyError``.
"""

__all__ = [
    "UnknownTimeZoneError",
    "InvalidTimeError",
    "AmbiguousTimeError",
    "NonExistentTimeError",
]


class Error(Exception):
    """Base class of every exception this package raises on purpose."""


class UnknownTimeZoneError(KeyError, Error):
    """The zone name is not in the zone database (also raised for non-string names).

    >>> isinstance(UnknownTimeZoneError('x'), KeyError)
    True
    """


class InvalidTimeError(Error):
    """Base class for wall times that cannot be mapped to exactly one instant."""


class AmbiguousTimeError(InvalidTimeError):
    """The wall time occurs twice (a fold, e.g. when DST ends) and ``is_dst=None`` was given."""


class NonExistentTimeError(InvalidTimeError):
    """The wall time is skipped (a gap, e.g. when DST starts) and ``is_dst=None`` was given."""
