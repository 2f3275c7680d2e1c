"""``gettz``: dateutil's name resolution and caching, with data from the core.

Resolution order (dateutil 4): no name or ``""``/``":"`` reads ``$TZ``, else the
local zone files in ``TZFILES``, else ``tzlocal()``; an absolute path is read as a
TZif file; a relative key is looked up on ``zoneinfo.TZPATH`` (shared with the
standard library, as in dateutil 4; retrying with spaces as underscores), then in the
``tzdata`` package; then, if the name has a
digit, as a ``tzstr``; else ``"UTC"``/``"GMT"`` give ``UTC`` and a name in
``time.tzname`` gives ``tzlocal()``; else None.

Results are cached by the exact argument (``":X"`` and ``"X"`` are separate
entries): weakly, plus a strong LRU of the 8 most recent names. ``None``, failed
lookups and ``tzlocal`` results are never cached.
"""

from __future__ import annotations

import os
import time
import warnings
import weakref
from _collections import OrderedDict
from _thread import allocate_lock
from datetime import tzinfo

from .. import _tzpath as _core_tzpath
from . import _peer
from ._fixed import UTC
from ._local import tzlocal
from ._tzfile import tzfile
from ._tzpath import tzpath
from ._tzstr import tzstr
from ._warnings import DeprecatedTzKeyWarning

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator
    from typing import Any

__all__ = ["TZFILES", "available_iana_timezones", "gettz"]

#: Files tried, in order, for the local zone; relative names are looked up on TZPATH.
TZFILES = ["/etc/localtime", "localtime"]

_STRONG_CACHE_SIZE = 8
_DIGITS = "0123456789"


def available_iana_timezones() -> set[str]:
    """Every IANA key ``gettz`` can load from TZPATH or tzdata (a new set each call)."""
    return _core_tzpath.keys_under(tzpath())


def _escapes_tzpath(name: str) -> bool:
    # Lexical, as in dateutil: a relative key that, normalized, starts by going up.
    return os.path.normpath(name).split(os.sep, 1)[0] == os.pardir


def _warn_tzpath_escape(name: str) -> None:
    # Appended at call time so that any filter the caller installed wins.
    warnings.filterwarnings("error", category=DeprecatedTzKeyWarning, append=True)
    warnings.warn(
        f"gettz({name!r}) refers to a file outside of TZPATH; such keys are deprecated "
        "and will stop working. Pass an absolute path instead.",
        DeprecatedTzKeyWarning,
        stacklevel=_core_tzpath.outside_stacklevel(),
    )


def _local_file_zone() -> tzinfo:
    for filepath in TZFILES:
        if not os.path.isabs(filepath):
            for root in tzpath():
                candidate = os.path.join(root, filepath)
                if os.path.isfile(candidate):
                    filepath = candidate
                    break
            else:
                continue
        if os.path.isfile(filepath):
            try:
                return tzfile(filepath)
            except (OSError, ValueError):
                pass
    return tzlocal()


def tzpath_files(name: str) -> Iterator[str]:
    """The files ``gettz(name)`` tries on TZPATH, in order: per root, the joined path, or
    (as dateutil does) that path with every space replaced by an underscore."""
    for root in tzpath():
        filepath = os.path.join(root, name)
        if not os.path.isfile(filepath):
            filepath = filepath.replace(" ", "_")
            if not os.path.isfile(filepath):
                continue
        yield filepath


def _from_tzdata(name: str) -> tzfile | None:
    # Empty, "." and ".." components never name a zone (and must not escape the
    # package directory).
    candidates = [name]
    if " " in name:
        candidates.append(name.replace(" ", "_"))
    for candidate in candidates:
        if any(part in ("", ".", "..") for part in candidate.split("/")):
            continue
        try:
            fobj = _core_tzpath.open_tzdata(candidate)
        except (OSError, UnicodeEncodeError, ValueError):
            fobj = None
        if fobj is None:
            continue
        try:
            with fobj:
                return tzfile(fobj, key=name)
        except ValueError:
            pass  # a side file such as zone.tab: skipped, as on TZPATH
    return None


def _nocache(name: Any = None) -> tzinfo | None:
    """A non-cached version of gettz."""
    if not name:
        name = os.environ.get("TZ", name)
    if name is None or name in ("", ":"):
        return _local_file_zone()
    try:
        if name.startswith(":"):
            name = name[1:]
    except TypeError as exc:
        if isinstance(name, bytes):
            raise TypeError("gettz argument should be str, not bytes") from exc
        raise
    # A NUL can never be part of a key or path (os functions would raise ValueError).
    if "\x00" in name:
        return None
    if os.path.isabs(name):
        return tzfile(name) if os.path.isfile(name) else None
    if _escapes_tzpath(name):
        _warn_tzpath_escape(name)
    for filepath in tzpath_files(name):
        try:
            return tzfile(filepath, key=name)
        except (OSError, ValueError):
            pass  # unreadable or not TZif: try the next root, then tzdata
    zone = _from_tzdata(name)
    if zone is not None:
        return zone
    if any(c in _DIGITS for c in name):
        try:
            return tzstr(name)
        except ValueError:
            return None
    if name in ("GMT", "UTC"):
        return UTC
    if name in time.tzname:
        return tzlocal()
    return None


def _cached_utc_class() -> type | None:
    """With real dateutil installed: the class of the cached ``gettz("UTC")`` zone.

    pandas treats real dateutil's cached ``gettz("UTC")`` object as UTC (by identity,
    an object the adapter cannot be) and every real ``tzutc`` (by ``isinstance``). This
    subclass of ``tzfile`` that also derives from the real ``tzutc`` makes pandas treat
    the adapter's cached ``gettz("UTC")`` the same way. Everything else about the object
    is the ``tzfile``'s: its methods, repr, equality, and pickles and copies, which give
    plain ``tzfile`` objects (as a copy of dateutil's is a different object).
    """
    real_tzutc = _peer.real_class("tzutc")
    if real_tzutc is None:
        return None

    @_peer.hide_real_only
    # The real tzutc, known only at run time.
    class tzfile_utc(tzfile, real_tzutc):  # type: ignore[misc, valid-type]
        __slots__ = ()

        def __reduce_ex__(self, protocol: Any) -> tuple[Any, ...]:
            func, args, *state = tzfile.__reduce_ex__(self, protocol)
            return (func, (tzfile, *args[1:]), *state)

    tzfile_utc.__name__ = tzfile_utc.__qualname__ = "tzfile"
    return tzfile_utc


_CachedUTC = _cached_utc_class()


class GettzFunc:
    """The ``gettz`` callable: ``gettz(name=None)``, ``gettz.nocache(name=None)``,
    ``gettz.cache_clear()`` and ``gettz.set_cache_size(size)``."""

    def __init__(self) -> None:
        self._instances: weakref.WeakValueDictionary[Any, tzinfo] = weakref.WeakValueDictionary()
        self._strong_cache: OrderedDict[Any, tzinfo] = OrderedDict()
        self._strong_cache_size = _STRONG_CACHE_SIZE
        self._cache_lock = allocate_lock()

    def __call__(self, name: str | None = None) -> tzinfo | None:
        """A zone for ``name`` (see the module docs); the same object for the same name."""
        strong = self._strong_cache
        try:
            zone = strong[name]
        except (KeyError, TypeError):
            return self._lookup(name)
        try:
            strong.move_to_end(name)
        except KeyError:
            pass  # evicted meanwhile by another thread; the zone is still valid
        return zone  # type: ignore[no-any-return]  # the cache holds Any

    def _lookup(self, name: Any) -> tzinfo | None:
        with self._cache_lock:
            zone = self._instances.get(name)
        if zone is None:
            # Unlike dateutil, file I/O happens outside the lock, so a slow lookup
            # does not block cache hits for other names.
            zone = self.nocache(name=name)
            if name is None or zone is None or isinstance(zone, tzlocal):
                # tzlocal depends on the environment at construction; None cannot
                # be weakly referenced.
                return zone
            if name == "UTC" and type(zone) is tzfile and _CachedUTC is not None:
                zone.__class__ = _CachedUTC
            with self._cache_lock:
                zone = self._instances.setdefault(name, zone)
                self._remember(name, zone)
            return zone
        with self._cache_lock:
            self._remember(name, zone)
        return zone

    def _remember(self, name: Any, zone: tzinfo) -> None:
        strong = self._strong_cache
        strong[name] = zone
        strong.move_to_end(name)
        while len(strong) > self._strong_cache_size:
            strong.popitem(last=False)

    def set_cache_size(self, size: int) -> None:
        """Keep at most ``size`` recently used zones alive (default 8)."""
        with self._cache_lock:
            self._strong_cache_size = size
            while len(self._strong_cache) > size:
                self._strong_cache.popitem(last=False)

    def cache_clear(self) -> None:
        """Forget every cached zone."""
        with self._cache_lock:
            self._instances = weakref.WeakValueDictionary()
            self._strong_cache.clear()

    nocache = staticmethod(_nocache)  # gettz.nocache(name): a fresh, uncached lookup


gettz = GettzFunc()
