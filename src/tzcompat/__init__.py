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
if TYPE_CHECKING:  # what type checkers see of _EXPORTS below (a test holds the two equal)
    from ._cluster import SkewReport as SkewReport
    from ._cluster import check_workers as check_workers
    from ._datapolicy import data_policy as data_policy
    from ._datapolicy import set_data_policy as set_data_policy
    from ._fingerprint import DataSkewError as DataSkewError
    from ._fingerprint import DataSkewWarning as DataSkewWarning
    from ._fingerprint import set_skew_policy as set_skew_policy
    from ._fingerprint import skew_policy as skew_policy
    from ._lookup import data_version as data_version
    from ._lookup import find_data_file as find_data_file
    from ._posix import PosixTZ as PosixTZ
    from ._posix import parse_posix_tz as parse_posix_tz
    from ._preload import preload as preload
    from ._recheck import ChangedTime as ChangedTime
    from ._recheck import recheck as recheck
    from ._refresh import RefreshReport as RefreshReport
    from ._refresh import ZoneChange as ZoneChange
    from ._refresh import refresh as refresh
    from ._report import data_report as data_report
    from ._rfc9557 import format_rfc9557 as format_rfc9557
    from ._rfc9557 import parse_rfc9557 as parse_rfc9557
    from ._transitions import Transition as Transition
    from ._transitions import ZoneState as ZoneState
    from ._tzif import TZifData as TZifData
    from ._tzif import read_tzif as read_tzif
    from ._tzpath import TZPATH as TZPATH
    from ._tzpath import InvalidTZPathWarning as InvalidTZPathWarning
    from ._tzpath import ZoneInfoNotFoundError as ZoneInfoNotFoundError
    from ._tzpath import available_timezones as available_timezones
    from ._tzpath import reset_tzpath as reset_tzpath
    from ._watch import Watcher as Watcher
    from ._watch import watch as watch
    from ._zoneinfo import RawZoneInfo as RawZoneInfo
    from ._zoneinfo import ZoneInfo as ZoneInfo
    from .shims import install as install
    from .shims import uninstall as uninstall

# The public names, by the module each is loaded from on its first access: ``import
# tzcompat.pytz`` (which needs the core only at its first timezone()) then costs less than
# importing pytz. The one table: ``__all__`` and the lookup below are made from it.
_EXPORTS: dict[str, tuple[str, ...]] = {
    "_cluster": ("SkewReport", "check_workers"),
    "_datapolicy": ("data_policy", "set_data_policy"),
    "_fingerprint": ("DataSkewError", "DataSkewWarning", "set_skew_policy", "skew_policy"),
    "_lookup": ("data_version", "find_data_file"),
    "_posix": ("PosixTZ", "parse_posix_tz"),
    "_preload": ("preload",),
    "_recheck": ("ChangedTime", "recheck"),
    "_refresh": ("RefreshReport", "ZoneChange", "refresh"),
    "_report": ("data_report",),
    "_rfc9557": ("format_rfc9557", "parse_rfc9557"),
    "_transitions": ("Transition", "ZoneState"),
    "_tzif": ("TZifData", "read_tzif"),
    "_tzpath": ("TZPATH", "InvalidTZPathWarning", "ZoneInfoNotFoundError",
                "available_timezones", "reset_tzpath"),
    "_watch": ("Watcher", "watch"),
    "_zoneinfo": ("RawZoneInfo", "ZoneInfo"),
    "shims": ("install", "uninstall"),
}
_HOMES = {name: home for home, names in _EXPORTS.items() for name in names}
__all__ = sorted(_HOMES)


def _submodule(home: str) -> object:
    # __import__ rather than importlib: no extra module to load, and -X importtime sees it.
    import sys  # here, not at the top: it would be a name of the facade (dir(tzcompat))

    __import__(f"{__name__}.{home}")
    return sys.modules[f"{__name__}.{home}"]


def __getattr__(name: str) -> object:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(_submodule(home), name)
    if name != "TZPATH":  # looked up live, never kept here: reset_tzpath() rebinds it
        globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
