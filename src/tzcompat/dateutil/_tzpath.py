"""Alias of ``dateutil.tz._tzpath``: as in dateutil 4, the standard library's ``zoneinfo``
search path.

``TZPATH``, ``reset_tzpath`` and ``InvalidTZPathWarning`` are ``zoneinfo``'s own objects,
so resetting either resets both, and ``gettz`` searches what ``zoneinfo.ZoneInfo`` does.
``zoneinfo`` is imported on first use (it costs a few milliseconds, mostly ``sysconfig``).
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = ["TZPATH", "InvalidTZPathWarning", "reset_tzpath"]  # noqa: F822 - from zoneinfo

_SHARED = frozenset(__all__)


def tzpath() -> tuple[str, ...]:
    """The current ``zoneinfo.TZPATH``."""
    import zoneinfo  # import cost: zoneinfo imports sysconfig (test_import_cost)

    return zoneinfo.TZPATH


def __getattr__(name: str) -> Any:
    # TZPATH is looked up live, so that a reset through either module is seen.
    if name in _SHARED:
        import zoneinfo  # import cost, as above

        return getattr(zoneinfo, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
