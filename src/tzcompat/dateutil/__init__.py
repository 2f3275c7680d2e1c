"""``dateutil.tz`` on the tzcompat core: ``from tzcompat import dateutil as tz``.

The same names, results, exceptions, reprs, equality, identity and pickling as
python-dateutil 4's ``dateutil.tz``, with every zone read by tzcompat's core from
the core's ``TZPATH`` or the ``tzdata`` package. The README's "tzcompat.dateutil"
section lists the few intentional differences.
"""

from __future__ import annotations

import sys

from .. import _registry
from . import _common, _factories, _tzfile, _tzpath, tz
from ._base import ZERO, enfold, tzrangebase
from ._fixed import UTC, tzoffset, tzutc
from ._gettz import TZFILES, GettzFunc, available_iana_timezones, gettz
from ._helpers import datetime_ambiguous, datetime_exists, resolve_imaginary
from ._ical import tzical
from ._local import tzlocal
from ._range import tzrange
from ._tzfile import tzfile
from ._tzstr import tzstr
from ._warnings import DeprecatedTzFormatWarning, DeprecatedTzKeyWarning
from .tz import EPOCH, tzwin, tzwinlocal

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = [
    "tzutc",
    "tzoffset",
    "tzlocal",
    "tzfile",
    "tzrange",
    "tzstr",
    "tzical",
    "tzwin",
    "tzwinlocal",
    "gettz",
    "enfold",
    "datetime_ambiguous",
    "datetime_exists",
    "resolve_imaginary",
    "available_iana_timezones",
    "UTC",
    "TZPATH",
    "reset_tzpath",
    "DeprecatedTzFormatWarning",
    "DeprecatedTzKeyWarning",
]

# Also reachable in dateutil.tz (not in its __all__): submodules and these names.
_SUBMODULES = (_common, _factories, _tzfile, _tzpath, tz)
_EXTRA = (EPOCH, TZFILES, ZERO, tzrangebase)


def __getattr__(name: str) -> Any:
    # zoneinfo's (as in dateutil 4), imported on first use; TZPATH is looked up live so
    # that reset_tzpath() is seen.
    if name in ("TZPATH", "reset_tzpath"):
        return getattr(_tzpath, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | {"TZPATH", "reset_tzpath"})


def _refresh(keys: set[str] | None) -> Any:
    # Import cost: _refresh loads the core's lookup, which import tzcompat.dateutil does not.
    from ._refresh import refresh_zones

    return refresh_zones(keys)


def _watched_roots() -> list[str]:
    # gettz also searches the standard library's TZPATH (as dateutil 4 does).
    zoneinfo = sys.modules.get("zoneinfo")
    return list(zoneinfo.TZPATH) if zoneinfo is not None else []


def _loaded_zones() -> dict[str, str | None]:
    with gettz._cache_lock:
        items = list(gettz._instances.items())
    items.sort(key=lambda item: str(item[0]))
    return {str(name): zone.data_fingerprint for name, zone in items
            if isinstance(zone, tzfile) and "_data" in zone.__dict__}


# What importing this module changes in the process (docs/architecture.md, "What importing
# changes"; _peer has already imported the real dateutil.tz where it is installed):
# tzcompat.refresh(), watch() and data_report() reach this adapter through the core's registry.
_registry.register_refresher(__name__, _refresh, roots=_watched_roots, zones=_loaded_zones)


# Where dateutil 4 defines each name; tzcompat.shims.install() gives the adapter's objects
# these ``__module__`` values, so that module-name checks and pickles see dateutil's modules.
_HOMES = {
    "dateutil.tz": ("DeprecatedTzFormatWarning",),
    "dateutil.tz.tz": (
        "DeprecatedTzKeyWarning", "_escapes_tzpath", "_tzicalvtz", "_tzicalvtzcomp",
        "_warn_tzpath_escape", "available_iana_timezones", "datetime_ambiguous",
        "datetime_exists", "resolve_imaginary", "tzical", "tzlocal", "tzoffset", "tzrange",
        "tzstr", "tzutc",
    ),
    "dateutil.tz._common": ("_tzinfo", "_validate_fromutc_inputs", "enfold", "tzrangebase"),
    "dateutil.tz._factories": ("_TzFactory", "_TzOffsetFactory", "_TzSingleton", "_TzStrFactory"),
    "dateutil.tz._tzfile": (
        "_TZStr", "_parse_tz_str", "_ttinfo", "_unpickle", "load_data", "tzfile",
    ),
}


def _real_homes() -> list[tuple[Any, str]]:
    """``(adapter object, dateutil module name)`` for every name dateutil 4 defines in
    ``dateutil.tz`` or its submodules that the adapter's matching module also has."""
    modules = {"dateutil.tz": sys.modules[__name__], "dateutil.tz.tz": tz,
               "dateutil.tz._common": _common, "dateutil.tz._factories": _factories,
               "dateutil.tz._tzfile": _tzfile}
    homes: list[tuple[Any, str]] = []
    for home, names in _HOMES.items():
        ours = modules[home]
        for name in names:
            obj = getattr(ours, name)
            # Pickling by reference needs the name to be the object's own.
            if getattr(obj, "__qualname__", None) == name:
                homes.append((obj, home))
    homes.append((GettzFunc, "dateutil.tz.tz"))
    return homes
