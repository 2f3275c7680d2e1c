"""tzcompat: a pure-Python PEP 615 time zone core.

``tzcompat.ZoneInfo`` behaves like the standard library's ``zoneinfo.ZoneInfo``
and adds transition introspection, by-value pickling and data provenance.
The pytz and dateutil.tz emulations live in ``tzcompat.pytz`` and
``tzcompat.dateutil``.
"""

from __future__ import annotations

from . import _tzpath
from ._posix import PosixTZ, parse_posix_tz
from ._transitions import Transition, ZoneState
from ._tzif import TZifData, read_tzif
from ._tzpath import (
    InvalidTZPathWarning,
    ZoneInfoNotFoundError,
    available_timezones,
    data_version,
    find_data_file,
    reset_tzpath,
)
from ._zoneinfo import RawZoneInfo, ZoneInfo

__version__ = "0.1.0"

__all__ = [
    "TZPATH",
    "InvalidTZPathWarning",
    "PosixTZ",
    "RawZoneInfo",
    "TZifData",
    "Transition",
    "ZoneInfo",
    "ZoneInfoNotFoundError",
    "ZoneState",
    "available_timezones",
    "data_version",
    "find_data_file",
    "install",
    "parse_posix_tz",
    "read_tzif",
    "reset_tzpath",
    "uninstall",
]


_LAZY = {"install", "uninstall"}


def __getattr__(name: str) -> object:
    # TZPATH is looked up live so that reset_tzpath() is reflected here.
    if name == "TZPATH":
        return _tzpath.TZPATH
    # The shims pull in both adapters: load them only when asked for.
    if name in _LAZY:
        from .migrate import _install

        return getattr(_install, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | {"TZPATH"} | _LAZY)
