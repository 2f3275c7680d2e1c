"""Alias of ``dateutil.tz._tzpath``: the search path is the core's.

dateutil 4 shares ``TZPATH``/``reset_tzpath`` with the standard library's
``zoneinfo``; here they are ``tzcompat``'s, so the adapter reads the same data as
``tzcompat.ZoneInfo``.
"""

from __future__ import annotations

from .. import _tzpath as _core_tzpath
from .._tzpath import InvalidTZPathWarning, reset_tzpath

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = ["TZPATH", "InvalidTZPathWarning", "reset_tzpath"]  # noqa: F822 - TZPATH is live


def __getattr__(name: str) -> Any:
    # Live, so that reset_tzpath() is seen.
    if name == "TZPATH":
        return _core_tzpath.TZPATH
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
