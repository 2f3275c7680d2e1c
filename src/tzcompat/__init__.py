"""tzcompat: a pure-Python PEP 615 time zone core.

``tzcompat.ZoneInfo`` is a subclass of the standard library's ``zoneinfo.ZoneInfo``
(so ``isinstance`` checks in pandas, pyarrow, Django... accept it) whose lookup, cache,
reader and answers are tzcompat's own; it adds transition introspection, by-value
pickling and data provenance.
The pytz and dateutil.tz emulations live in ``tzcompat.pytz`` and
``tzcompat.dateutil``.
"""

from __future__ import annotations

from ._version import __version__ as __version__

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ._cluster import SkewReport, check_workers
    from ._fingerprint import DataSkewError, DataSkewWarning, set_skew_policy, skew_policy
    from ._posix import PosixTZ, parse_posix_tz
    from ._preload import preload
    from ._recheck import ChangedTime, recheck
    from ._refresh import RefreshReport, ZoneChange, refresh
    from ._report import data_report
    from ._rfc9557 import format_rfc9557, parse_rfc9557
    from ._transitions import Transition, ZoneState
    from ._tzif import TZifData, read_tzif
    from ._tzpath import (
        TZPATH,
        InvalidTZPathWarning,
        ZoneInfoNotFoundError,
        available_timezones,
        data_policy,
        data_version,
        find_data_file,
        reset_tzpath,
        set_data_policy,
    )
    from ._watch import Watcher, watch
    from ._zoneinfo import RawZoneInfo, ZoneInfo
    from .shims import install, uninstall

__all__ = [
    "TZPATH",
    "ChangedTime",
    "DataSkewError",
    "DataSkewWarning",
    "InvalidTZPathWarning",
    "PosixTZ",
    "RawZoneInfo",
    "RefreshReport",
    "SkewReport",
    "TZifData",
    "Transition",
    "Watcher",
    "ZoneChange",
    "ZoneInfo",
    "ZoneInfoNotFoundError",
    "ZoneState",
    "available_timezones",
    "check_workers",
    "data_policy",
    "data_report",
    "data_version",
    "find_data_file",
    "format_rfc9557",
    "install",
    "parse_posix_tz",
    "parse_rfc9557",
    "preload",
    "read_tzif",
    "recheck",
    "refresh",
    "reset_tzpath",
    "set_data_policy",
    "set_skew_policy",
    "skew_policy",
    "uninstall",
    "watch",
]

# Every public name is loaded on first access: ``import tzcompat.pytz`` (which needs the core
# only at its first timezone()) then costs less than importing pytz.
_HOMES = {
    "DataSkewWarning": "_fingerprint",
    "DataSkewError": "_fingerprint",
    "set_skew_policy": "_fingerprint",
    "skew_policy": "_fingerprint",
    "SkewReport": "_cluster",
    "check_workers": "_cluster",
    "data_report": "_report",
    "PosixTZ": "_posix",
    "parse_posix_tz": "_posix",
    "RefreshReport": "_refresh",
    "ZoneChange": "_refresh",
    "refresh": "_refresh",
    "format_rfc9557": "_rfc9557",
    "parse_rfc9557": "_rfc9557",
    "ChangedTime": "_recheck",
    "recheck": "_recheck",
    "preload": "_preload",
    "set_data_policy": "_tzpath",
    "data_policy": "_tzpath",
    "Watcher": "_watch",
    "watch": "_watch",
    "Transition": "_transitions",
    "ZoneState": "_transitions",
    "TZifData": "_tzif",
    "read_tzif": "_tzif",
    "InvalidTZPathWarning": "_tzpath",
    "ZoneInfoNotFoundError": "_tzpath",
    "available_timezones": "_tzpath",
    "data_version": "_tzpath",
    "find_data_file": "_tzpath",
    "reset_tzpath": "_tzpath",
    "RawZoneInfo": "_zoneinfo",
    "ZoneInfo": "_zoneinfo",
    "install": "shims",
    "uninstall": "shims",
}


def _submodule(home: str) -> object:
    # __import__ rather than importlib: no extra module to load, and -X importtime sees it.
    import sys

    __import__(f"{__name__}.{home}")
    return sys.modules[f"{__name__}.{home}"]


def __getattr__(name: str) -> object:
    if name == "TZPATH":
        # Looked up live, never cached here, so that reset_tzpath() is reflected.
        return _submodule("_tzpath").TZPATH  # type: ignore[attr-defined]
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(_submodule(home), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
