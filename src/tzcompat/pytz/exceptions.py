"""The exception classes of pytz, with the same hierarchy.

None of them derives from ``ValueError``: code written for pytz catches them by name, or
``UnknownTimeZoneError`` as a ``KeyError``. When the real pytz is installed too, each class
also derives from its namesake there, so ``except pytz.NonExistentTimeError`` catches ours.
"""

from ._realpytz import real

__all__ = [
    "UnknownTimeZoneError",
    "InvalidTimeError",
    "AmbiguousTimeError",
    "NonExistentTimeError",
]


TYPE_CHECKING = False
if TYPE_CHECKING:
    _ErrorBase = Exception
else:
    (_ErrorBase,) = real("exceptions.Error") or (Exception,)


class Error(_ErrorBase):
    """Base class of every exception this package raises on purpose."""


# Real pytz's UnknownTimeZoneError brings KeyError in (C3 allows no KeyError before it).
_REAL_UNKNOWN = real("exceptions.UnknownTimeZoneError")
_UNKNOWN_BASES = (Error, *_REAL_UNKNOWN) if _REAL_UNKNOWN else (KeyError, Error)


class UnknownTimeZoneError(*_UNKNOWN_BASES):  # type: ignore[misc]  # KeyError and Error
    """The zone name is not in the zone database (also raised for non-string names).

    >>> isinstance(UnknownTimeZoneError('x'), KeyError)
    True
    """


# Bases picked at import (the real library's, when installed)
class InvalidTimeError(Error, *real("exceptions.InvalidTimeError")):  # type: ignore[misc]
    """Base class for wall times that cannot be mapped to exactly one instant."""


# Bases picked at import (the real library's, when installed)
class AmbiguousTimeError(InvalidTimeError, *real("exceptions.AmbiguousTimeError")):  # type: ignore[misc]
    """The wall time occurs twice (a fold, e.g. when DST ends) and ``is_dst=None`` was given."""


# Bases picked at import (the real library's, when installed)
class NonExistentTimeError(InvalidTimeError, *real("exceptions.NonExistentTimeError")):  # type: ignore[misc]
    """The wall time is skipped (a gap, e.g. when DST starts) and ``is_dst=None`` was given."""
