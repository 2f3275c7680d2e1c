"""Containers that compute their contents on first use, as ``pytz.lazy`` provides.

``LazyList`` and ``LazySet`` are real ``list``/``set`` instances (so ``isinstance`` checks and
JSON encoding work). A pending instance's class has methods that first pour the pending
iterable in and then switch the instance to a plain subclass, so after the first use the
object costs nothing extra. Filling holds a lock, and a fill that raises leaves the instance
pending (and empty), so the next use tries again.
"""

from __future__ import annotations

# collections.abc is _collections_abc re-exported, but importing it loads the whole collections
# package (about a millisecond); the ABCs are the same objects.
from _collections_abc import Mapping
from _thread import RLock

TYPE_CHECKING = False  # typing costs import time; annotations are strings
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Iterator, KeysView
    from typing import Any

    _MappingBase = Mapping[str, Any]
    _ListBase = list[Any]
    _SetBase = set[Any]
else:  # pytz's bare subclasses
    _MappingBase = Mapping
    _ListBase = list
    _SetBase = set

__all__ = ["LazyDict", "LazyList", "LazySet"]

# One lock for every container: filling is rare and short, and a shared RLock lets a fill
# function touch another lazy container without deadlocking.
_fill_lock = RLock()


class LazyDict(_MappingBase):
    """A read-only mapping whose ``data`` dict is built by ``_fill()`` on first use.

    As in pytz, ``d[key]`` upper-cases the key (country codes) while ``key in d`` does not.
    """

    data: dict[str, Any] | None = None

    def _fill(self) -> None:  # pragma: no cover - subclasses provide it
        raise NotImplementedError

    def _ensure(self) -> dict[str, Any]:
        data = self.data
        if data is None:
            with _fill_lock:
                if self.data is None:
                    self._fill()
                data = self.data
        return data  # type: ignore[return-value]  # _fill() sets it

    def __getitem__(self, key: str) -> Any:
        return self._ensure()[key.upper()]

    def __contains__(self, key: object) -> bool:
        return key in self._ensure()

    def __iter__(self) -> Iterator[str]:
        return iter(self._ensure())

    def __len__(self) -> int:
        return len(self._ensure())

    def keys(self) -> KeysView[str]:
        return self._ensure().keys()


def _lazy_classes(
    cls: type, base: type, names: list[str], fill: Callable[[Any, Any], None]
) -> tuple[type, type]:
    """A ``base`` subclass whose listed methods fill the instance first, and the plain
    subclass (same layout) that a filled instance switches to.

    Made once per kind, not per instance as pytz does (building a class costs tens of
    microseconds, and pytz.lazy's containers are built at import)."""
    # Plain ``base`` subclasses under the public name, as pytz's are (not subclasses of
    # ``cls``, whose ``__new__`` made them: Python would then call ``__init__`` on them).
    filled = type(cls.__name__, (base,), {"__module__": __name__})
    pending = type(cls.__name__, (base,), {"__module__": __name__})

    clear = base.clear  # type: ignore[attr-defined]  # base is list or set

    def wrap(name: str) -> Callable[..., Any]:
        real = getattr(base, name)

        def method(self: Any, *args: Any, **kwargs: Any) -> Any:
            if type(self) is pending:
                with _fill_lock:
                    if type(self) is pending:
                        # Fill first, switch class last: other threads reach the plain
                        # methods only once the contents are complete. A failed fill is
                        # undone and retried on the next use.
                        try:
                            fill(self, self.__dict__["_pending_items"])
                        except BaseException:
                            clear(self)
                            raise
                        del self.__dict__["_pending_items"]
                        self.__class__ = filled
            return real(self, *args, **kwargs)

        method.__name__ = name
        return method

    for name in names:
        setattr(pending, name, wrap(name))
    return pending, filled


_LIST_METHODS = [
    "__str__",
    "__repr__",
    "__hash__",
    "__sizeof__",
    "__lt__",
    "__le__",
    "__eq__",
    "__ne__",
    "__gt__",
    "__ge__",
    "append",
    "count",
    "index",
    "extend",
    "insert",
    "pop",
    "remove",
    "reverse",
    "sort",
    "copy",
    "clear",
    "__add__",
    "__radd__",
    "__iadd__",
    "__mul__",
    "__rmul__",
    "__imul__",
    "__contains__",
    "__len__",
    "__getitem__",
    "__setitem__",
    "__delitem__",
    "__iter__",
    "__reversed__",
]
_LIST_METHODS = [n for n in _LIST_METHODS if getattr(list, n, None) is not None]

_SET_METHODS = [
    "__str__",
    "__repr__",
    "__hash__",
    "__sizeof__",
    "__lt__",
    "__le__",
    "__eq__",
    "__ne__",
    "__gt__",
    "__ge__",
    "__contains__",
    "__len__",
    "__iter__",
    "__sub__",
    "__and__",
    "__xor__",
    "__or__",
    "__rsub__",
    "__rand__",
    "__rxor__",
    "__ror__",
    "__isub__",
    "__iand__",
    "__ixor__",
    "__ior__",
    "add",
    "clear",
    "copy",
    "difference",
    "difference_update",
    "discard",
    "intersection",
    "intersection_update",
    "isdisjoint",
    "issubset",
    "issuperset",
    "pop",
    "remove",
    "symmetric_difference",
    "symmetric_difference_update",
    "union",
    "update",
]
_SET_METHODS = [n for n in _SET_METHODS if getattr(set, n, None) is not None]


def _fill_list(obj: list[Any], items: Iterable[Any]) -> None:
    list.extend(obj, items)


def _fill_set(obj: set[Any], items: Iterable[Any]) -> None:
    set.update(obj, items)


class LazyList(_ListBase):
    """A list whose items come from ``fill_iter`` when it is first used."""

    def __new__(cls, fill_iter: Iterable[Any] | None = None) -> LazyList:
        if fill_iter is None:
            return list()  # type: ignore[return-value]  # pytz's plain list for no items
        obj: Any = list.__new__(_PendingList)
        obj._pending_items = fill_iter
        return obj  # type: ignore[no-any-return]  # made as the pending class


class LazySet(_SetBase):
    """A set whose items come from ``fill_iter`` when it is first used."""

    def __new__(cls, fill_iter: Iterable[Any] | None = None) -> LazySet:
        if fill_iter is None:
            return set()  # type: ignore[return-value]  # pytz's plain set for no items
        obj: Any = set.__new__(_PendingSet)
        obj._pending_items = fill_iter
        return obj  # type: ignore[no-any-return]  # made as the pending class


_PendingList, _FilledList = _lazy_classes(LazyList, list, _LIST_METHODS, _fill_list)
_PendingSet, _FilledSet = _lazy_classes(LazySet, set, _SET_METHODS, _fill_set)
