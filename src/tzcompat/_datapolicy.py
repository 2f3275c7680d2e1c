"""The data policy: which zone data wins when the system's and the tzdata package's differ.

``"stdlib"`` (the default) is zoneinfo's order: the first TZPATH directory that has the key,
then the tzdata package. ``"newest"`` takes the tzdata package first whenever its IANA
release is newer than the system data's. ``TZCOMPAT_DATA_POLICY`` sets it when this module
is first imported (by the first lookup, or the first use of ``tzcompat.data_policy``).
"""

from __future__ import annotations

import os

from . import _dataversion, _tzpath

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

__all__ = ["data_policy", "set_data_policy"]

POLICIES = ("stdlib", "newest")

# None for the stdlib's order, else a function telling whether the tzdata package wins now.
_package_first: Callable[[], bool] | None = None


def tzdata_is_newer() -> bool:
    """Whether the tzdata package holds a newer IANA release than the system data
    (False when either is missing or its version is unknown)."""
    root = _tzpath.system_root()
    system = _dataversion.version_key(_dataversion.root_version(root)) if root else None
    package = _dataversion.version_key(_dataversion.tzdata_version())
    return system is not None and package is not None and package > system


def package_wins() -> bool:
    """Whether the policy puts the tzdata package before TZPATH now."""
    first = _package_first  # read once: set_data_policy() may swap it meanwhile
    return first is not None and first()


def package_first(key: str) -> bool:
    """Whether the lookup of ``key`` takes the tzdata package's file before TZPATH's now."""
    return package_wins() and _tzpath.tzdata_has(key)


def set_data_policy(policy: str) -> None:
    """Choose which zone data wins: ``"stdlib"`` (the default: the first TZPATH directory
    that has the key, then the tzdata package, as ``zoneinfo``) or ``"newest"`` (the
    tzdata package first whenever its IANA version is newer than the system data's).

    The environment variable ``TZCOMPAT_DATA_POLICY`` sets it at import. Zones already
    loaded keep their data until ``refresh()``; ``ZoneInfo.clear_cache()`` makes new
    lookups read from the source the policy now picks.
    """
    if policy not in POLICIES:
        raise ValueError(f"data policy must be one of {', '.join(map(repr, POLICIES))}, "
                         f"not {policy!r}")
    global _package_first
    _package_first = tzdata_is_newer if policy == "newest" else None


def data_policy() -> str:
    """The data policy in force: ``"stdlib"`` or ``"newest"``."""
    return "stdlib" if _package_first is None else "newest"


if os.environ.get("TZCOMPAT_DATA_POLICY"):
    try:
        set_data_policy(os.environ["TZCOMPAT_DATA_POLICY"])
    except ValueError as exc:
        import warnings  # only for this warning: not at every import

        warnings.warn(f"TZCOMPAT_DATA_POLICY ignored: {exc}", RuntimeWarning, stacklevel=2)
