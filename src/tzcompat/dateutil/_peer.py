"""The real python-dateutil's ``dateutil.tz``, when it is installed and is not this package.

pandas, pyarrow and other consumers recognise dateutil zones with ``isinstance(tz,
dateutil.tz.tzfile)`` (``tzutc``, ``tzlocal``, ...). So that the adapter's zones pass those
checks, each adapter class also derives from its real counterpart, placed after every
adapter class in the MRO: every method and attribute still resolves to the adapter's code,
and the few names only the real classes define are hidden (``hide_real_only``).

The real package is imported only if it is installed and ``dateutil.tz`` is not taken: when
``tzcompat.shims.install()`` puts the adapter in its place it reserves the name first (a
``None`` entry in ``sys.modules``, Python's own "not importable" mark), so the adapter it then
imports derives from nothing; ``dateutil.tz`` *is* this package and needs no peer.
"""

from __future__ import annotations

import sys

TYPE_CHECKING = False
if TYPE_CHECKING:
    from types import ModuleType
    from typing import Any

__all__ = ["bases", "hide_real_only", "real_class", "real_module"]


def _load() -> ModuleType | None:
    if "dateutil.tz" in sys.modules:
        # The entry is this package itself under install(), or None while install() imports
        # it (the name is reserved for the adapter then, see tzcompat.shims): no peer.
        loaded = sys.modules["dateutil.tz"]
        return loaded if getattr(loaded, "__name__", None) == "dateutil.tz" else None
    try:
        import dateutil.tz as real  # python-dateutil, optional: only when installed
    except Exception:  # not installed, blocked (sys.modules entry None) or broken
        return None
    return real if getattr(real, "__name__", None) == "dateutil.tz" else None


#: The real ``dateutil.tz`` module the adapter's classes derive from, or None.
real_module = _load()


def real_class(name: str, submodule: str = "") -> type | None:
    """The real class ``dateutil.tz[.submodule].name``, or None."""
    if real_module is None:
        return None
    where: ModuleType | None = real_module
    if submodule:
        where = sys.modules.get(f"dateutil.tz.{submodule}")
    found = getattr(where, name, None) if where is not None else None
    return found if isinstance(found, type) else None


def bases(ours: tuple[type, ...], name: str, submodule: str = "") -> tuple[type, ...]:
    """``ours`` plus the real class ``name`` last; bases of the real class are dropped
    from ``ours`` (they follow it in the MRO anyway, and would make it inconsistent)."""
    real = real_class(name, submodule)
    if real is None:
        return ours
    return (*(b for b in ours if not issubclass(real, b)), real)


class _Hidden:
    """A name only the real class defines: absent on the adapter's class, as it was before."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, obj: Any, objtype: Any = None) -> Any:
        raise AttributeError(self.name)


def hide_real_only(cls: type) -> type:
    """Class decorator: hide the methods and constants inherited only from real classes."""
    real_start = next(
        (i for i, k in enumerate(cls.__mro__) if k.__module__.startswith("dateutil.")), None
    )
    if real_start is None:
        return cls
    ours = cls.__mro__[:real_start]
    for klass in cls.__mro__[real_start:]:
        if not klass.__module__.startswith("dateutil."):
            continue
        for name, value in vars(klass).items():
            if name.startswith("__") or "__" in name[1:]:  # dunders; name-mangled caches
                continue
            if type(value).__name__ == "member_descriptor":
                continue  # a slot: storage the adapter's class uses as its own
            if any(name in vars(k) for k in ours):
                continue
            hidden = _Hidden()
            hidden.__set_name__(cls, name)
            setattr(cls, name, hidden)
    return cls
