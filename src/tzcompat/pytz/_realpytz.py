"""The real pytz, when it is installed alongside: tzcompat.pytz's classes also derive from its.

With real pytz importable, the adapter's tzinfo and exception classes get its classes as
extra bases, so ``isinstance(tz, pytz.tzinfo.BaseTzInfo)`` (pandas), ``except
pytz.NonExistentTimeError`` (croniter) and the like accept tzcompat's objects. Every method
and attribute stays the adapter's own: its classes come first in the method resolution order.

Real pytz is never imported when it is absent, when ``pytz`` is tzcompat itself (the drop-in
package, or ``tzcompat.shims.install()``, which reserves the name with a ``None`` entry in
``sys.modules`` before it imports the adapter to put it in pytz's place), or when
``TZCOMPAT_PYTZ_BASES=0``. ``nothing_else`` tells the adapter whether ``pytz`` would be
anything but tzcompat in this process (see ``tzcompat.pytz._stand_in``).
"""

from __future__ import annotations

import os
import sys

from .._env import env_flag

TYPE_CHECKING = False
if TYPE_CHECKING:
    from types import ModuleType
    from typing import Any

# A file the drop-in distribution (compat/pytz) ships in its package directory.
DROPIN_MARKER = "_tzcompat_dropin.py"


def _is_ours(origin: str | None) -> bool:
    if not origin:
        return True
    return os.path.exists(os.path.join(os.path.dirname(origin), DROPIN_MARKER))


def _find_spec(name: str) -> Any:
    """``importlib.util.find_spec`` for a top-level name, without importing importlib.util
    (which loads collections and functools: tzcompat.pytz must import cheaper than pytz)."""
    for finder in sys.meta_path:
        find = getattr(finder, "find_spec", None)
        spec = find(name, None) if find is not None else None
        if spec is not None:
            return spec
    return None


def import_pytz(submodule: str = "") -> Any:
    """Import whatever ``pytz`` is in this process (and ``pytz.<submodule>``); returns ``pytz``.

    That is the third-party pytz, or tzcompat's own drop-in: which one is only known at run
    time, from ``sys.path``. Named by string on purpose: the drop-in (``compat/pytz``) is a
    separate distribution that depends on this package, not a module this one is built on,
    and a static ``import pytz`` here reads to tools as an arrow back up into it.
    """
    __import__(f"pytz.{submodule}" if submodule else "pytz")
    return sys.modules["pytz"]


def _find() -> ModuleType | None:
    global nothing_else
    if "pytz" not in sys.modules:
        try:
            spec = _find_spec("pytz")
        except Exception:  # a finder that fails: as if pytz were not there, but unsure
            return None
        if spec is None or _is_ours(spec.origin):
            nothing_else = "absent" if spec is None else "drop-in"
            return None
    if not env_flag("TZCOMPAT_PYTZ_BASES", default=True):
        return None
    if "pytz" in sys.modules:
        mod = sys.modules["pytz"]
        if mod is None or mod.__name__ != "pytz":  # blocked, or tzcompat.pytz aliased
            return None
        spec = getattr(mod, "__spec__", None)
        if _is_ours(getattr(spec, "origin", None) or getattr(mod, "__file__", None)):
            return None
        if "pytz.tzinfo" not in sys.modules or "pytz.exceptions" not in sys.modules:
            return None  # real pytz in the middle of its own import
    try:
        pytz: ModuleType = import_pytz("tzinfo")
        import_pytz("exceptions")
    except Exception:  # a broken install is as good as none
        return None
    if not hasattr(pytz.tzinfo, "DstTzInfo") or not hasattr(pytz.exceptions, "Error"):
        return None
    return pytz


# "absent": no pytz is installed; "drop-in": ``import pytz`` would give tzcompat's drop-in;
# None: pytz is imported already, or a real one is installed (or the search failed).
nothing_else: str | None = None
real_pytz: ModuleType | None = _find()


def real(path: str) -> tuple[type, ...]:
    """``(cls,)`` for the real pytz class at ``path`` (e.g. ``"tzinfo.DstTzInfo"``), else ``()``."""
    obj = real_pytz
    if obj is None:
        return ()
    for part in path.split("."):
        obj = getattr(obj, part, None)
        if obj is None:
            return ()
    return (obj,) if isinstance(obj, type) else ()
