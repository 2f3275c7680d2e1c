"""``preload()``: every zone read once, so later lookups never touch the file system;
and the data policy (which of the system's data and the tzdata package wins).

An asyncio application calls ``preload()`` once at start-up (in an executor): afterwards
``tzcompat.ZoneInfo(key)`` for those keys is a cache hit (no open, no stat, no read), so
zone access inside the event loop never blocks on the disk. The zones are held here, so
the cache cannot drop them; ``refresh()`` still updates them in place when the data on disk
changes, and ``ZoneInfo.clear_cache()`` lets them go.
"""

from __future__ import annotations

import os
from _thread import allocate_lock

from . import _tzpath

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable

    from ._zoneinfo import ZoneInfo

__all__ = ["data_policy", "fingerprint", "preload", "set_data_policy"]

_lock = allocate_lock()
# key -> zone: the strong references that keep preloaded zones in the weak cache.
_held: dict[str, ZoneInfo] = {}

POLICIES = ("stdlib", "newest")


def preload(keys: Iterable[str] | None = None) -> dict[str, ZoneInfo]:
    """Load ``keys`` (default: every available zone) into ``tzcompat.ZoneInfo``'s cache and
    keep them there; returns key -> zone.

    Later ``ZoneInfo(key)`` calls for these keys do no file I/O. With ``keys=None`` a
    file that is not valid zone data is left out; a key given explicitly that cannot be
    loaded raises as ``ZoneInfo(key)`` would.
    """
    from ._zoneinfo import ZoneInfo

    if isinstance(keys, (str, bytes)):
        raise TypeError(f"keys must be an iterable of keys, not a single {type(keys).__name__}")
    explicit = keys is not None
    wanted = sorted(_tzpath.available_timezones()) if keys is None else list(keys)
    loaded: dict[str, ZoneInfo] = {}
    for key in wanted:
        try:
            loaded[key] = ZoneInfo(key)
        except (KeyError, ValueError, OSError):
            if explicit:
                raise
    with _lock:
        _held.update(loaded)
    return loaded


# --- which data wins ------------------------------------------------------------------


def _version_key(version: str | None) -> tuple[int, int, str] | None:
    if not version or len(version) < 5 or not version[:4].isdigit():
        return None
    suffix = version[4:]
    if not (suffix.isalpha() and suffix.isascii()):
        return None
    return (int(version[:4]), len(suffix), suffix.lower())


def _system_root() -> str | None:
    """The first TZPATH directory with zones: the system data the stdlib order uses."""
    for root in _tzpath._search_path():
        if os.path.isdir(root) and os.path.isfile(os.path.join(root, "UTC")):
            return root
    return None


def tzdata_is_newer() -> bool:
    """Whether the tzdata package holds a newer IANA release than the system data
    (False when either is missing or its version is unknown)."""
    root = _system_root()
    system = _version_key(_tzpath.root_version(root)) if root else None
    package = _version_key(_tzpath.tzdata_version())
    return system is not None and package is not None and package > system


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
    _tzpath.TZDATA_FIRST = tzdata_is_newer if policy == "newest" else None


def data_policy() -> str:
    """The data policy in force: ``"stdlib"`` or ``"newest"``."""
    return "stdlib" if _tzpath.TZDATA_FIRST is None else "newest"


def fingerprint(root: str | None) -> str | None:
    """A short content hash of a zoneinfo directory's ``tzdata.zi`` (the whole release as
    text): two sources with the same fingerprint hold the same data. None without one."""
    if not root:
        return None
    import hashlib  # here: preload() and the data policy need no hashing

    try:
        with open(os.path.join(root, "tzdata.zi"), "rb") as f:
            return hashlib.sha256(f.read()).hexdigest()[:16]
    except OSError:
        return None


def newer_tzdata_note() -> str | None:
    """One sentence when the tzdata package is newer than the system data in use."""
    if data_policy() == "newest" or not tzdata_is_newer():
        return None
    root = _system_root()
    package_root = _tzpath.tzdata_root()
    return (f"the tzdata package ({_tzpath.tzdata_version()}, fingerprint "
            f"{fingerprint(package_root) or 'unknown'}) is newer than the system data in use "
            f"({root}: {_tzpath.root_version(root) if root else None}, fingerprint "
            f"{fingerprint(root) or 'unknown'}); TZCOMPAT_DATA_POLICY=newest or "
            "tzcompat.set_data_policy('newest') uses it")
