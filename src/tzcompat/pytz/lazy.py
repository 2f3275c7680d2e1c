"""Containers that compute their contents on first use, as ``pytz.lazy`` provides.

``LazyList`` and ``LazySet`` are real ``list``/``set`` instances (so ``isinstance`` checks and
JSON encoding work); each instance gets a private subclass whose methods first pour the pending
iterable in and then remove themselves, so after the first use the object costs nothing extra.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from threading import RLock

TYPE_CHECKING = False  # typing costs import time; annotations are strings
if TYPE_CHECKING:
    from typing import Any

__all__ = ["LazyDict", "LazyList", "LazySet"]

# One lock for every container: filling is rare and short, and a shared RLock lets a fill
# function touch another lazy container without deadlocking.
_fill_lock = RLock()


class LazyDict(Mapping):
    """A read-only mapping whose ``data`` dict is built by ``_fill()`` on first use.

    As in pytz, ``d[key]`` upper-cases the key (country codes) while ``key in d`` does not.
    """

    data: dict | None = None

    def _fill(self) -> None:  # pragma: no cover - subclasses provide it
        raise NotImplementedError

    def _ensure(self) -> dict:
        data = self.data
        if data is None:
            with _fill_lock:
                if self.data is None:
                    self._fill()
                data = self.data
        return data

    def __getitem__(self, key: str) -> Any:
        return self._ensure()[key.upper()]

    def __contains__(self, key: object) -> bool:
        return key in self._ensure()

    def __iter__(self) -> Iterator:
        return iter(self._ensure())

    def __len__(self) -> int:
        return len(self._ensure())

    def keys(self):  # type: ignore[override]
        return self._ensure().keys()


def _lazy_subclass(base: type, names: list[str], pending: list, fill) -> type:
    """Make a fresh ``base`` subclass whose listed methods fill the instance first."""
    sub = type(base.__name__, (base,), {})

    def wrap(name: str):
        real = getattr(base, name)

        def method(self, *args, **kwargs):
            with _fill_lock:
                if pending:
                    fill(self, pending.pop())
                    for n in names:
                        if n in sub.__dict__:
                            delattr(sub, n)
            return real(self, *args, **kwargs)

        method.__name__ = name
        return method

    for name in names:
        setattr(sub, name, wrap(name))
    return sub


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


def _fill_list(obj: list, items: Iterable) -> None:
    list.extend(obj, items)


def _fill_set(obj: set, items: Iterable) -> None:
    set.update(obj, items)


class LazyList(list):
    """A list whose items come from ``fill_iter`` when it is first used."""

    def __new__(cls, fill_iter: Iterable | None = None):
        if fill_iter is None:
            return list()
        pending = [fill_iter]
        return _lazy_subclass(list, _LIST_METHODS, pending, _fill_list)()


class LazySet(set):
    """A set whose items come from ``fill_iter`` when it is first used."""

    def __new__(cls, fill_iter: Iterable | None = None):
        if fill_iter is None:
            return set()
        pending = [fill_iter]
        return _lazy_subclass(set, _SET_METHODS, pending, _fill_set)()
