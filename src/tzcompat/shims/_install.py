"""Run unchanged code on the adapters: ``install()`` puts them in ``sys.modules``.

``install(pytz=True)`` makes ``import pytz`` (and ``pytz.tzinfo``, ``pytz.exceptions``,
``pytz.lazy``, ``pytz.tzfile``, ``pytz.reference``) give ``tzcompat.pytz``;
``install(dateutil=True)`` does the same for ``dateutil.tz`` and its submodules only, so
``dateutil.parser``, ``rrule`` and ``relativedelta`` stay python-dateutil's and see the
adapter when they use ``tz``. The module objects themselves are aliased (not copied), so
``pytz`` *is* ``tzcompat.pytz``: pickles name ``pytz._p`` and monkeypatching reaches the code.

It works after other imports too. Modules already loaded that hold the real library's module
or objects in their globals (``import pytz``, ``from pytz import utc, timezone``,
``from .. import tz`` in ``dateutil.parser``) are re-pointed at the adapter's equivalents, and
real pytz zones kept in module globals become the adapter's zone for the same period.
Objects stored anywhere else (containers, instances, closures) stay the real library's; they
keep working, as every tzinfo does. ``uninstall()`` restores exactly what install changed.
"""

from __future__ import annotations

import importlib
import sys
import threading
import types
from typing import Any

from .._env import env_flag
from . import _datanote, _warnings
from . import audit as _audit

__all__ = ["install", "installed", "uninstall"]

_DATEUTIL_SUBMODULES = ("_common", "_factories", "_tzfile", "_tzpath", "tz")
_MISSING: Any = object()
_lock = threading.RLock()

# What install() changed, in order, to undo in reverse.
_modules: list[tuple[str, Any]] = []  # sys.modules[name] was this (or _MISSING)
_rebound: list[tuple[dict[str, Any], str, Any, Any]] = []  # module dict, name, old value, new value
_attrs: list[tuple[Any, str, Any, Any]] = []  # object, attribute, old value (or _MISSING), new
_installed: set[str] = set()
_enabled_here: list[str] = []  # "warnings" / "audit" switched on by install()


def installed() -> frozenset[str]:
    """Which shims are in place: a subset of ``{"pytz", "dateutil"}``."""
    return frozenset(_installed)


def install(
    pytz: bool = True,
    dateutil: bool = True,
    *,
    warn: bool | None = None,
    audit: bool | None = None,
) -> None:
    """Swap the adapters in for ``pytz`` and/or ``dateutil.tz``; call again to add one.

    ``warn`` turns on ``PytzUsageWarning`` and ``audit`` the exit report; ``None`` reads
    ``TZCOMPAT_WARNINGS`` and ``TZCOMPAT_AUDIT`` from the environment.
    """
    with _lock:
        if pytz and "pytz" not in _installed:
            _install_pytz()
            _installed.add("pytz")
        if dateutil and "dateutil" not in _installed:
            _install_dateutil()
            _installed.add("dateutil")
        # Once per process: other zone data than the replaced library's.
        for library in sorted(_installed):
            _datanote.check(library, stacklevel=3)
        if warn is None:
            warn = env_flag("TZCOMPAT_WARNINGS")
        if audit is None:
            audit = env_flag("TZCOMPAT_AUDIT")
        if warn and "warnings" not in _enabled_here:
            if not _warnings.warnings_enabled():
                _warnings.enable_warnings()
                _enabled_here.append("warnings")
        if audit and "audit" not in _enabled_here:
            if not _audit.enabled():
                _audit.enable()
                _enabled_here.append("audit")


def uninstall() -> None:
    """Put back what ``install()`` replaced: ``sys.modules`` entries, attributes, globals.

    Modules imported while the shims were in place keep the adapter objects they hold. An
    audit that install() started stops counting but still reports at exit.
    """
    with _lock:
        for what in reversed(_enabled_here):
            if what == "warnings":
                _warnings.disable_warnings()
            else:
                _audit.disable(at_exit=True)
        _enabled_here.clear()
        for namespace, name, old, new in reversed(_rebound):
            if namespace.get(name) is new:
                namespace[name] = old
        _rebound.clear()
        for obj, name, old, new in reversed(_attrs):
            if getattr(obj, name, _MISSING) is new:
                if old is _MISSING:
                    delattr(obj, name)
                else:
                    setattr(obj, name, old)
        _attrs.clear()
        for name, old in reversed(_modules):
            if old is _MISSING:
                sys.modules.pop(name, None)
            else:
                sys.modules[name] = old
        _modules.clear()
        _installed.clear()


# --------------------------------------------------------------------------------------------


def _set_module(name: str, shim: types.ModuleType | None) -> Any:
    old = sys.modules.get(name, _MISSING)
    if old is not shim:
        _modules.append((name, old))
        # None is Python's "not importable" mark (typeshed types the mapping without it).
        sys.modules[name] = shim  # type: ignore[assignment]
    return old


def _set_attr(obj: Any, name: str, value: Any) -> None:
    old = vars(obj).get(name, _MISSING) if hasattr(obj, "__dict__") else _MISSING
    if old is value:
        return
    _attrs.append((obj, name, old, value))
    setattr(obj, name, value)


def _owned(value: Any, prefix: str) -> bool:
    """Whether ``value`` is one of the real library's own modules, classes, functions, objects."""
    if isinstance(value, types.ModuleType):
        name = value.__name__
    elif isinstance(value, (type, types.FunctionType, types.BuiltinFunctionType)):
        name = getattr(value, "__module__", None) or ""
    elif isinstance(value, (int, float, str, bytes, tuple, frozenset, bool, type(None))):
        # Immutable constants may be shared (interned) with unrelated modules: never touch.
        return False
    else:
        name = getattr(type(value), "__module__", None) or ""
    return name == prefix or name.startswith(prefix + ".")


def _mapping(pairs: list[tuple[Any, types.ModuleType]], prefix: str) -> dict[int, tuple[Any, ...]]:
    """``id(real object) -> (real object, adapter object)`` for the replaced modules' names."""
    mapping: dict[int, tuple[Any, ...]] = {}
    for real, shim in pairs:
        if not isinstance(real, types.ModuleType) or real is shim:
            continue
        mapping[id(real)] = (real, shim)
        for name, value in list(vars(real).items()):
            if name.startswith("__") or not _owned(value, prefix):
                continue
            new = getattr(shim, name, _MISSING)
            if new is not _MISSING and new is not value:
                mapping[id(value)] = (value, new)
    return mapping


def _rebind(
    mapping: dict[int, tuple[Any, ...]],
    skip: set[int],
    convert: Any = None,
    convert_type: Any = None,
) -> None:
    """Re-point module globals that hold real objects at the adapter's equivalents."""
    if not mapping and convert_type is None:
        return
    for modname, module in list(sys.modules.items()):
        if (
            not isinstance(module, types.ModuleType)
            or id(module) in skip
            or modname == "tzcompat"
            or modname.startswith("tzcompat.")
        ):
            continue
        namespace = module.__dict__
        for name, value in list(namespace.items()):
            hit = mapping.get(id(value))
            if hit is not None and hit[0] is value:
                new = hit[1]
            elif convert_type is not None and isinstance(value, convert_type):
                new = convert(value)
                if new is None:
                    continue
            else:
                continue
            namespace[name] = new
            _rebound.append((namespace, name, value, new))


def _convert_pytz(zone: Any) -> Any:
    """The adapter's object for a real pytz tzinfo, through its pickle recipe, or None."""
    from .. import pytz as shim  # loaded by _install_pytz already; importing it changes the process

    if isinstance(zone, shim.BaseTzInfo):  # ours already (its classes may derive from pytz's)
        return None
    try:
        func, args = zone.__reduce__()[:2]
        target = {"_p": shim._p, "_UTC": shim._UTC, "FixedOffset": shim.FixedOffset}.get(
            getattr(func, "__name__", "")
        )
        # A callable when set.
        return None if target is None else target(*args)  # type: ignore[operator]
    except Exception:  # a zone the adapter cannot rebuild stays the real one
        return None


def _import_reserving(adapter: str, name: str) -> tuple[types.ModuleType, Any]:
    """Import the ``adapter`` that will take the module ``name``; returns it and what
    ``sys.modules[name]`` held before (or ``_MISSING``).

    While a first import runs, ``name`` is marked not importable (a ``None`` entry, Python's
    own mark): the adapter then sees that the real library is not this process's and does not
    import it to derive its classes from (``tzcompat.pytz._realpytz``,
    ``tzcompat.dateutil._peer``). The caller replaces the mark with the adapter.
    """
    before = sys.modules.get(name, _MISSING)
    if adapter not in sys.modules:
        _set_module(name, None)
    try:
        module = importlib.import_module(adapter)
    except BaseException:
        if sys.modules.get(name, _MISSING) is None and before is not None:
            _modules.pop()
            if before is _MISSING:
                sys.modules.pop(name, None)
            else:
                sys.modules[name] = before
        raise
    return module, before


def _install_pytz() -> None:
    shim, before = _import_reserving("tzcompat.pytz", "pytz")
    modules = shim._as_pytz()
    olds = {name: _set_module(name, mod) for name, mod in modules.items()}
    olds["pytz"] = before
    pairs = [(olds[name], mod) for name, mod in modules.items()]
    # Real pytz zones in globals are converted: find their base class, if pytz was loaded.
    real_tzinfo = olds["pytz.tzinfo"]
    real_base = getattr(real_tzinfo, "BaseTzInfo", None) if real_tzinfo is not _MISSING else None
    skip = {id(real) for real, _ in pairs if real is not _MISSING}
    _rebind(_mapping(pairs, "pytz"), skip, _convert_pytz, real_base)
    # The adapter's classes report pytz's module names; uninstall() puts theirs back.
    _attrs.extend(shim._set_pytz_names())
    # Libraries that found no pytz when they were imported (pandas) are pointed at it.
    _rebound.extend(shim._now_pytz())


def _install_dateutil() -> None:
    shim, before = _import_reserving("tzcompat.dateutil", "dateutil.tz")
    _set_module("dateutil.tz", shim)
    pairs = [(before, shim)]
    for sub in _DATEUTIL_SUBMODULES:
        mod = importlib.import_module(f"tzcompat.dateutil.{sub}")
        pairs.append((_set_module(f"dateutil.tz.{sub}", mod), mod))
    parent = sys.modules.get("dateutil")
    if parent is None:
        try:
            parent = importlib.import_module("dateutil")
        except ImportError:
            # No python-dateutil at all: a bare package so that ``from dateutil import tz``
            # and ``import dateutil.tz`` work.
            parent = types.ModuleType("dateutil", "Stand-in package holding tzcompat's tz.")
            parent.__path__ = []
            _set_module("dateutil", parent)
    _set_attr(parent, "tz", shim)
    skip = {id(real) for real, _ in pairs if real is not _MISSING}
    _rebind(_mapping(pairs, "dateutil.tz"), skip)
    # The adapter's classes and functions report dateutil's module names (dateutil.tz.tz,
    # dateutil.tz._common, ...), as the originals do; uninstall() puts theirs back.
    for obj, home in shim._real_homes():
        old = obj.__module__
        if old != home:
            obj.__module__ = home
            _attrs.append((obj, "__module__", old, home))
