"""``dateutil.tz`` on the tzcompat core: ``from tzcompat import dateutil as tz``.

The same names, results, exceptions, reprs, equality, identity and pickling as
python-dateutil 4's ``dateutil.tz``, with every zone read by tzcompat's core from
the core's ``TZPATH`` or the ``tzdata`` package. The README's "tzcompat.dateutil"
section lists the few intentional differences.
"""

from __future__ import annotations

from .. import _registry
from . import _common, _factories, _tzfile, _tzpath, tz
from ._base import ZERO, enfold, tzrangebase
from ._fixed import UTC, tzoffset, tzutc
from ._gettz import TZFILES, available_iana_timezones, gettz
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
    from ._refresh import refresh_zones

    return refresh_zones(keys)


def _watched_roots() -> list[str]:
    # gettz also searches the standard library's TZPATH (as dateutil 4 does).
    import sys

    zoneinfo = sys.modules.get("zoneinfo")
    return list(zoneinfo.TZPATH) if zoneinfo is not None else []


def _loaded_zones() -> dict[str, str | None]:
    with gettz._cache_lock:
        items = list(gettz._instances.items())
    items.sort(key=lambda item: str(item[0]))
    return {str(name): zone.data_fingerprint for name, zone in items
            if isinstance(zone, tzfile) and "_data" in zone.__dict__}


# tzcompat.refresh(), watch() and data_report() reach this adapter through the core's registry.
_registry.register_refresher(__name__, _refresh, roots=_watched_roots, zones=_loaded_zones)
