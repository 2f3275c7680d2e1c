"""Fixed-offset zones: the ``tzutc`` singleton and cached ``tzoffset`` objects."""

from __future__ import annotations

from datetime import datetime, timedelta, tzinfo

from . import _peer
from ._base import ZERO, _check_fromutc_arg
from ._factories import _TzOffsetFactory, _TzSingleton

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = ["UTC", "tzoffset", "tzutc"]


@_peer.hide_real_only
# Bases picked at import (the real library's, when installed)
class tzutc(*_peer.bases((tzinfo,), "tzutc"), metaclass=_TzSingleton):  # type: ignore[misc]
    """The UTC zone; ``tzutc()`` always returns the same object, ``UTC``."""

    def utcoffset(self, dt: datetime | None) -> timedelta:
        return ZERO

    def dst(self, dt: datetime | None) -> timedelta:
        return ZERO

    def tzname(self, dt: datetime | None) -> str:
        return "UTC"

    def is_ambiguous(self, dt: datetime) -> bool:
        """Always False: UTC has no repeated wall times."""
        return False

    def fromutc(self, dt: datetime) -> datetime:
        """Return ``dt`` itself (after the standard argument checks)."""
        _check_fromutc_arg(self, dt)
        return dt

    def __eq__(self, other: object) -> bool:
        if isinstance(other, tzutc):
            return True
        if isinstance(other, tzoffset):
            return other._offset == ZERO
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # dateutil's zones are unhashable

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"

    def __reduce__(self) -> tuple[Any, ...]:
        # Unpickling calls the class, which returns the singleton.
        return (type(self), ())


#: The ``tzutc()`` singleton.
UTC = tzutc()


@_peer.hide_real_only
# Bases picked at import (the real library's, when installed)
class tzoffset(*_peer.bases((tzinfo,), "tzoffset"), metaclass=_TzOffsetFactory):  # type: ignore[misc]
    """A fixed offset from UTC with a name.

    ``offset`` is in seconds (int or float) or a ``timedelta``. Equal arguments give
    the same object while it is alive; ``tzoffset.instance(...)`` gives a fresh one.
    """

    def __init__(self, name: str | None, offset: float | timedelta) -> None:
        self._name = name
        try:
            # A timedelta, as dateutil accepts.
            offset = offset.total_seconds()  # type: ignore[union-attr]
        except (TypeError, AttributeError):
            pass
        self._offset = timedelta(seconds=offset)  # type: ignore[arg-type]  # seconds by now

    def utcoffset(self, dt: datetime | None) -> timedelta:
        return self._offset

    def dst(self, dt: datetime | None) -> timedelta:
        return ZERO

    def tzname(self, dt: datetime | None) -> str | None:
        return self._name

    def fromutc(self, dt: datetime) -> datetime:
        """Add the fixed offset to a UTC time that has this zone attached."""
        _check_fromutc_arg(self, dt)
        return dt + self._offset

    def is_ambiguous(self, dt: datetime) -> bool:
        """Always False: a fixed offset has no repeated wall times."""
        return False

    def __eq__(self, other: object) -> bool:
        # The name is deliberately ignored, as in dateutil.
        if isinstance(other, tzoffset):
            return self._offset == other._offset
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # unhashable, as the original

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self._name!r}, {int(self._offset.total_seconds())})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self._name, self._offset))
