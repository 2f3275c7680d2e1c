"""Metaclasses giving dateutil's instance identity rules.

``tzutc()`` is a singleton per class; ``tzoffset(name, offset)`` and
``tzstr(s, posix_offset)`` return one shared object per argument tuple while it is
alive, with the last 8 distinct tuples kept alive by a small LRU. ``cls.instance()``
always builds a fresh object.
"""

from __future__ import annotations

import weakref
from _collections import OrderedDict
from _thread import allocate_lock
from datetime import timedelta

from . import _peer

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = ["_TzFactory", "_TzOffsetFactory", "_TzSingleton", "_TzStrFactory"]

_STRONG_CACHE_SIZE = 8


# Bases picked at import (the real library's, when installed)
class _TzSingleton(*_peer.bases((type,), "_TzSingleton", "_factories")):  # type: ignore[misc]
    """Calling the class always returns the one instance of that class."""

    def __init__(cls, *args: Any, **kwargs: Any) -> None:
        cls._singleton = None
        type.__init__(cls, *args, **kwargs)  # not the real metaclass's

    def __call__(cls) -> Any:
        inst = cls._singleton
        if inst is None:
            inst = type.__call__(cls)
            cls._singleton = inst
        return inst


# Bases picked at import (the real library's, when installed)
class _TzFactory(*_peer.bases((type,), "_TzFactory", "_factories")):  # type: ignore[misc]
    def instance(cls, *args: Any, **kwargs: Any) -> Any:
        """Alternate constructor that returns a fresh instance."""
        return type.__call__(cls, *args, **kwargs)


class _CachingFactory(_TzFactory):
    """Weak cache by key, plus a strong LRU of the most recent keys."""

    def __init__(cls, *args: Any, **kwargs: Any) -> None:
        type.__init__(cls, *args, **kwargs)  # not the real metaclass's
        cls._weak_instances: weakref.WeakValueDictionary[Any, Any] = (
            weakref.WeakValueDictionary())
        cls._strong_instances = OrderedDict()
        cls._cache_lock = allocate_lock()

    def _cached(cls, key: Any, *args: Any) -> Any:
        inst = cls._weak_instances.get(key)
        if inst is None:
            # Built outside the lock: construction may warn, and warning hooks
            # are user code.
            inst = cls._weak_instances.setdefault(key, type.__call__(cls, *args))
        with cls._cache_lock:
            strong = cls._strong_instances
            strong[key] = inst
            strong.move_to_end(key)
            if len(strong) > _STRONG_CACHE_SIZE:
                strong.popitem(last=False)
        return inst


class _TzOffsetFactory(
    # Bases picked at import (the real library's, when installed)
    *_peer.bases((_CachingFactory,), "_TzOffsetFactory", "_factories")  # type: ignore[misc]
):
    def __call__(cls, name: str | None, offset: float | timedelta) -> Any:
        # A timedelta and the equivalent number of seconds share one instance.
        key = (name, offset.total_seconds() if isinstance(offset, timedelta) else offset)
        # A hit is the whole cost of the call: no helper call on this path.
        strong = cls._strong_instances
        try:
            inst = strong[key]
        except (KeyError, TypeError):
            return cls._cached(key, name, offset)
        try:
            strong.move_to_end(key)
        except KeyError:
            pass  # evicted meanwhile by another thread; the instance is still right
        return inst


class _TzStrFactory(
    # Bases picked at import (the real library's, when installed)
    *_peer.bases((_CachingFactory,), "_TzStrFactory", "_factories")  # type: ignore[misc]
):
    def __call__(cls, s: str, posix_offset: bool = False) -> Any:
        key = (s, posix_offset)
        strong = cls._strong_instances
        try:
            inst = strong[key]
        except (KeyError, TypeError):
            return cls._cached(key, s, posix_offset)
        try:
            strong.move_to_end(key)
        except KeyError:
            pass
        return inst
