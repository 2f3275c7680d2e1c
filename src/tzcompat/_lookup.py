"""The lookup: the file for a key (a zone or a side file), in the order of the data policy.

The first TZPATH directory that has the key, then the tzdata package (the data policy may put
the package first, ``_datapolicy``); each answer also says where the data came from and its
IANA version. The search path itself is ``_tzpath``'s, versions are ``_dataversion``'s.
"""

from __future__ import annotations

import os
import stat

from . import _datapolicy, _dataversion, _tzpath

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import IO

__all__ = ["data_version", "find_data_file"]


def find_tzfile(key: str) -> str | None:
    """The first TZPATH file for a validated key, or None (also when the data policy
    prefers the tzdata package and it has the key)."""
    if _datapolicy.package_first(key):
        return None
    for root in _tzpath.search_path():
        path = os.path.join(root, key)
        if _tzpath.is_file(path):
            return path
    return None


def open_zone(key: str) -> tuple[IO[bytes], str, str | None]:
    """Open the data for ``key``: (binary file, source description, data version)."""
    _tzpath.validate_key(key)
    path = find_tzfile(key)
    if path is not None:
        try:
            return open(path, "rb"), path, _dataversion.root_version(path[: -len(key) - 1])
        except OSError as exc:
            raise _not_found(f"No time zone found with key {key}: {exc}") from None
    fobj = _tzpath.open_tzdata(key)
    if fobj is None:
        raise _not_found(f"No time zone found with key {key}")
    return fobj, f"tzdata:{key}", _dataversion.tzdata_version()


# A zone file larger than this is refused (the largest real one is a few KiB; the TZif
# reader's own bounds allow far more than any real file, this keeps reading bounded).
MAX_ZONE_FILE = 1 << 24
_CHUNK = 1 << 16
_O_FLAGS = os.O_RDONLY | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)


def read_zone(key: str) -> tuple[bytes, str, str | None]:
    """The bytes of ``key``'s data, as open_zone finds it: (data, source, version).

    A file is read with os.read on a bare descriptor, in one read for any real zone file
    (no file object to build); more reads, bounded by MAX_ZONE_FILE, for larger ones."""
    _tzpath.validate_key(key)
    if not _datapolicy.package_first(key):
        for root in _tzpath.search_path():
            path = os.path.join(root, key)
            found = _read_file(path, key)
            if found is not None:
                return found, path, _dataversion.root_version(root)
    fobj, source, version = open_zone(key)  # the tzdata package (or NotFound)
    with fobj:
        return _read_all(fobj.read), source, version


def _read_file(path: str, key: str) -> bytes | None:
    """The bytes of the regular file ``path``; None when there is none (find_tzfile's test:
    missing, a directory, anything but a regular file). Opened first and checked with
    fstat (one path lookup, not two); O_NONBLOCK so that a FIFO cannot block the open."""
    try:
        fd = os.open(path, _O_FLAGS | getattr(os, "O_NONBLOCK", 0))
    except (FileNotFoundError, NotADirectoryError, IsADirectoryError, UnicodeEncodeError,
            ValueError):
        return None
    except OSError as exc:
        if not _tzpath.is_file(path):  # as isfile() would decide (a path component unreadable...)
            return None
        raise _not_found(f"No time zone found with key {key}: {exc}") from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return None
        return _read_all(lambda n: os.read(fd, n))
    finally:
        os.close(fd)


def _read_all(read: Callable[[int], bytes]) -> bytes:
    data = read(_CHUNK)
    if not isinstance(data, bytes):
        raise ValueError(f"Invalid TZif file: expected bytes, read {type(data).__name__}")
    if len(data) < _CHUNK:
        return data
    parts, size = [data], len(data)
    while True:
        chunk = read(_CHUNK)
        if not chunk:
            return b"".join(parts)
        size += len(chunk)
        if size > MAX_ZONE_FILE:
            raise ValueError(f"Invalid TZif file: larger than {MAX_ZONE_FILE} bytes")
        parts.append(chunk)


def zone_path(key: str) -> str | None:
    """The file the default lookup would read for a validated ``key``: the first TZPATH
    file, else the tzdata package's (None when there is none, or tzdata is not plain files)."""
    path = find_tzfile(key)
    if path is not None:
        return path
    base = _tzpath.tzdata_root()
    if base is None:
        return None
    path = os.path.join(base, key)
    return path if _tzpath.is_file(path) else None


def find_data_file(name: str) -> IO[bytes] | None:
    """Open a tz database side file (``zone.tab``, ``iso3166.tab``, ...) from the
    first TZPATH root that has it, else from the tzdata package, else None."""
    _tzpath.validate_key(name)
    path = find_tzfile(name)
    if path is not None:
        try:
            return open(path, "rb")
        except OSError:
            pass
    return _tzpath.open_tzdata(name)


def data_version() -> str | None:
    """The IANA version of the data the default lookup would use."""
    if _datapolicy.package_wins():
        return _dataversion.tzdata_version()
    root = _tzpath.system_root()
    return _dataversion.root_version(root) if root is not None else _dataversion.tzdata_version()


def _not_found(message: str) -> KeyError:
    return _tzpath.exception_classes()[0](message)
