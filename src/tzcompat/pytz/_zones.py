"""tzcompat.pytz's zones: where their data comes from, the loader, the cache and its lock.

``timezone()`` builds each zone once (:func:`build`, under :data:`lock`) into :data:`cache`,
which ``tzcompat.pytz`` also shows as pytz's ``_tzinfo_cache``; the adapter's refresh
(``_refresh``) gives the cached zones new data under the same lock. By default the data is
the core's (TZPATH, then the tzdata package); ``PYTZ_TZDATADIR``, pytz's own override, points
at a zoneinfo directory instead. The core reads and interprets the files either way.

The core is imported by the functions that read data, not here: ``import tzcompat.pytz``
loads no module of the core's lookup (it must import cheaper than pytz; see CONTRIBUTING).
"""

from __future__ import annotations

import os
from _thread import RLock

from .exceptions import UnknownTimeZoneError
from .tzfile import from_zoneinfo

TYPE_CHECKING = False  # typing costs import time; annotations are strings
if TYPE_CHECKING:
    from typing import Any

    from .tzinfo import BaseTzInfo

__all__ = ["build", "cache", "data_lines", "data_version", "fingerprints", "load", "lock",
           "read_data_file", "tzdata_dir", "zone_names"]

#: canonical zone name -> the zone ``timezone()`` returns for it.
cache: dict[str, BaseTzInfo] = {}
#: Held while a zone is built or refreshed, and while the lists are reset.
lock = RLock()


def tzdata_dir() -> str | None:
    """``PYTZ_TZDATADIR``: the zoneinfo directory read instead of the core's lookup."""
    return os.environ.get("PYTZ_TZDATADIR")


def load(name: str) -> tuple[Any, Any]:
    """The core zone for a canonical zone name, and a maker of its ``tzcompat.ZoneInfo``.

    The adapter computes from the core's ``ZoneEngine`` (tzcompat's answers without the
    standard-library part ``tzcompat.ZoneInfo`` also builds, so about half the cost); the
    ``ZoneInfo`` that ``tz.zoneinfo`` returns is made when first asked for.
    """
    from .._engine import ZoneEngine  # import cost: the core loads at the first zone

    root = tzdata_dir()
    if root is not None:
        path = os.path.join(root, *name.split("/"))
        with open(path, "rb") as f:
            engine = ZoneEngine.from_file(f, key=name)

        def public() -> Any:
            # Only when asked for: _zoneinfo imports the standard library's zoneinfo.
            from .. import _zoneinfo

            with open(path, "rb") as f:
                return _zoneinfo.ZoneInfo.from_file(f, key=name)

        return engine, public

    def from_lookup() -> Any:
        from .. import _zoneinfo  # only when asked for, as above

        return _zoneinfo.ZoneInfo(name)

    return ZoneEngine.load(name), from_lookup


def build(name: str) -> BaseTzInfo:
    """The zone for the canonical ``name``: the cached one, else built now (under the lock)
    and cached. ``UnknownTimeZoneError`` when its data cannot be read."""
    with lock:
        tz = cache.get(name)
        if tz is None:
            try:
                zi, public = load(name)
            except (OSError, ValueError, LookupError):
                raise UnknownTimeZoneError(name) from None
            tz = cache[name] = from_zoneinfo(name, zi, public)
    return tz


def fingerprints() -> dict[str, str | None]:
    """Zone name -> rules fingerprint, for every zone in the cache (``data_report()``)."""
    return {name: getattr(tz, "data_fingerprint", None) for name, tz in sorted(cache.items())}


# --------------------------------------------------------------------------------------------
# Data files: the zone list, the country tables and the version.


def read_data_file(name: str) -> tuple[bytes, str] | None:
    """``(contents, where)`` of a data file, or None when there is none.

    A file that exists but cannot be read raises ``ValueError`` naming it: the callers
    fill lazy containers, which must not be left empty by a passing I/O problem.
    """
    root = tzdata_dir()
    where = name
    try:
        if root is not None:
            where = os.path.join(root, name)
            try:
                f: Any = open(where, "rb")
            except FileNotFoundError:
                return None
        else:
            from .. import _lookup  # import cost: the core loads at the first data file

            f = _lookup.find_data_file(name)
            if f is None:
                return None
            where = str(getattr(f, "name", name))
        with f:
            return f.read(), where
    except OSError as exc:
        raise ValueError(f"tzcompat.pytz: cannot read {where}: {exc}") from exc


def data_lines(name: str) -> tuple[list[str], str] | None:
    """The non-comment lines of a text data file, and where it is; ValueError if not text."""
    found = read_data_file(name)
    if found is None:
        return None
    data, where = found
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ValueError(f"tzcompat.pytz: {where} is not UTF-8 text ({exc})") from None
    return [ln for ln in text.splitlines() if ln.strip() and not ln.startswith("#")], where


def bad_line(where: str, line: str) -> ValueError:
    """The error for a line of the data file ``where`` that cannot be read."""
    return ValueError(f"tzcompat.pytz: {where} is corrupt: unexpected line {line[:80]!r}")


def zone_names() -> list[str]:
    """Every zone and link name of the data in use (pytz's list: all but ``Factory``)."""
    from .. import _tzpath  # import cost: the core loads at the first list

    found = data_lines("tzdata.zi")
    names: set[str] = set()
    if found is not None:
        lines, where = found
        for line in lines:
            kind = line[:2]
            if kind in ("Z ", "L "):
                fields = line.split()
                if len(fields) < 3:
                    raise bad_line(where, line)
                names.add(fields[1] if kind == "Z " else fields[2])
        if not names and not _version_only(where):
            raise ValueError(f"tzcompat.pytz: {where} names no zones")
    root = tzdata_dir()
    if not names and root is not None:
        # No tzdata.zi, or one that holds only its version line (a hand-made root, as in
        # the live-data docs, where it is just the version file): the zone files
        # themselves are the list.
        names.update(_tzpath.tzif_keys(root))
    elif not names:
        names.update(_tzpath.available_timezones())
    names.discard("Factory")
    names.discard("localtime")
    return sorted(names)


def _version_only(where: str) -> bool:
    """Whether the data file at ``where`` holds a ``# version`` line and nothing else."""
    try:
        with open(where, "rb") as f:
            lines = [ln for ln in f.read().splitlines() if ln.strip()]
    except OSError:
        return False
    return len(lines) == 1 and lines[0].startswith(b"# version ")


def data_version() -> str | None:
    """The IANA version of the data in use (``OLSON_VERSION``), None when unknown."""
    root = tzdata_dir()
    if root is None:
        from .. import _lookup  # import cost: the core loads at the first version asked

        return _lookup.data_version()
    try:
        found = read_data_file("tzdata.zi")
    except ValueError:
        return None
    if found is not None:
        first = found[0].split(b"\n", 1)[0].decode("ascii", "replace")
        if first.startswith("# version "):
            version = first[len("# version ") :].strip()
            # pytz's own build writes "unknown" here.
            return None if version in ("", "unknown") else version
    return None
