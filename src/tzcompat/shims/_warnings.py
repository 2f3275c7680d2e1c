"""Find pytz-only calls at run time: ``PytzUsageWarning`` and the probes the audit shares.

Nothing here costs anything until it is switched on. ``enable_warnings()`` (or the audit, see
``_audit``) installs *probes*: wrappers around the methods, module functions and attribute
lookups of the adapters ``tzcompat.pytz`` and ``tzcompat.dateutil``. When the last user
switches off, the originals go back, so the adapters run at full speed again. A probe that user
code kept a reference to meanwhile (``loc = tz.localize``) just calls through.

A probe reports a *site*: a kind (``"pytz .localize()"``) and the first caller frame outside
the libraries (tzcompat itself and python-dateutil's own modules, whose internal use of
``dateutil.tz`` is not the program's). Warnings are issued with that frame's file and line.
"""

from __future__ import annotations

import functools
import os
import sys
import threading
import types
import warnings
from collections.abc import Callable
from datetime import datetime
from typing import Any

__all__ = [
    "KINDS",
    "PytzUsageWarning",
    "disable_warnings",
    "enable_warnings",
    "warnings_enabled",
]


class PytzUsageWarning(DeprecationWarning):
    """A call that only pytz supports; the message names the zoneinfo replacement."""


# kind -> (issues a PytzUsageWarning, replacement for the audit's legend)
KINDS: dict[str, tuple[bool, str]] = {
    "pytz .localize()": (
        True,
        "dt.replace(tzinfo=ZoneInfo(key)); fold=1 is pytz's default in a repeated hour",
    ),
    "pytz .localize(is_dst=)": (True, "dt.replace(tzinfo=ZoneInfo(key), fold=...)"),
    "pytz .normalize()": (
        True,
        "nothing (wall-clock arithmetic), or elapsed time: "
        "(dt.astimezone(timezone.utc) + delta).astimezone(tz)",
    ),
    "pytz .utcoffset(is_dst=)": (True, "dt.replace(tzinfo=ZoneInfo(key), fold=...).utcoffset()"),
    "pytz .dst(is_dst=)": (True, "dt.replace(tzinfo=ZoneInfo(key), fold=...).dst()"),
    "pytz .tzname(is_dst=)": (True, "dt.replace(tzinfo=ZoneInfo(key), fold=...).tzname()"),
    "pytz tzinfo=zone (LMT)": (True, "datetime(..., tzinfo=ZoneInfo(key)): pytz gives LMT here"),
    "pytz ._utcoffset": (True, "dt.utcoffset()"),
    "pytz ._dst": (True, "dt.dst()"),
    "pytz ._tzname": (True, "dt.tzname()"),
    "pytz ._tzinfos": (True, "tzcompat.ZoneInfo(key).transitions()"),
    "pytz ._utc_transition_times": (True, "tzcompat.ZoneInfo(key).transitions()"),
    "pytz ._transition_info": (True, "tzcompat.ZoneInfo(key).transitions()"),
    "pytz .zone": (True, "ZoneInfo.key, or str(tz)"),
    "pytz.timezone()": (False, "zoneinfo.ZoneInfo(key)"),
    "pytz.FixedOffset()": (False, "datetime.timezone(timedelta(minutes=m))"),
    "pytz.utc": (False, "datetime.timezone.utc"),
    "pytz.UTC": (False, "datetime.timezone.utc"),
    "pytz.UnknownTimeZoneError": (False, "zoneinfo.ZoneInfoNotFoundError"),
    "pytz.AmbiguousTimeError": (False, "none: test tzcompat.ZoneInfo.is_ambiguous()"),
    "pytz.NonExistentTimeError": (False, "none: test tzcompat.ZoneInfo.is_imaginary()"),
    "pytz.InvalidTimeError": (False, "none: test is_ambiguous()/is_imaginary()"),
    "pytz.all_timezones": (False, "zoneinfo.available_timezones()"),
    "pytz.all_timezones_set": (False, "zoneinfo.available_timezones()"),
    "pytz.common_timezones": (False, "none in the stdlib (tzdata's zone1970.tab)"),
    "pytz.common_timezones_set": (False, "none in the stdlib (tzdata's zone1970.tab)"),
    "pytz.country_timezones": (False, "none in the stdlib (tzdata's zone.tab)"),
    "pytz.country_names": (False, "none in the stdlib (tzdata's iso3166.tab)"),
    "pytz.BaseTzInfo": (False, "isinstance(tz, zoneinfo.ZoneInfo)"),
    "dateutil.tz.gettz()": (False, "zoneinfo.ZoneInfo(key) (raises instead of returning None)"),
    "dateutil.tz.tzutc": (False, "datetime.timezone.utc"),
    "dateutil.tz.UTC": (False, "datetime.timezone.utc"),
    "dateutil.tz.tzoffset": (False, "datetime.timezone(timedelta(seconds=s), name)"),
    "dateutil.tz.tzlocal": (False, "ZoneInfo('localtime'), or tzlocal.get_localzone()"),
    "dateutil.tz.tzfile": (False, "ZoneInfo.from_file(fobj, key=...)"),
    "dateutil.tz.tzstr": (False, "none in the stdlib"),
    "dateutil.tz.tzrange": (False, "none in the stdlib"),
    "dateutil.tz.tzical": (False, "none in the stdlib"),
    "dateutil.tz.enfold()": (False, "dt.replace(fold=...)"),
    "dateutil.tz.datetime_exists()": (False, "not tzcompat.ZoneInfo.is_imaginary(dt)"),
    "dateutil.tz.datetime_ambiguous()": (False, "tzcompat.ZoneInfo.is_ambiguous(dt)"),
    "dateutil.tz.resolve_imaginary()": (False, "dt.astimezone(timezone.utc).astimezone(tz)"),
    "dateutil.tz.available_iana_timezones()": (False, "zoneinfo.available_timezones()"),
    "dateutil.tz.reset_tzpath()": (False, "zoneinfo.reset_tzpath()"),
    "dateutil.tz.TZPATH": (False, "zoneinfo.TZPATH"),
}

# pytz attributes that only pytz has, read through BaseTzInfo.__getattribute__.
_PRIVATE = frozenset(
    (
        "_utcoffset",
        "_dst",
        "_tzname",
        "_tzinfos",
        "_utc_transition_times",
        "_transition_info",
        "zone",
    )
)
_PRIVATE_HINT = {
    "_utcoffset": "dt.utcoffset()",
    "_dst": "dt.dst()",
    "_tzname": "dt.tzname()",
    "zone": "ZoneInfo.key (or str(tz), which works for both)",
}
# pytz module names counted where they are looked up (calls are counted by wrappers).
_PYTZ_NAMES = frozenset(k[len("pytz.") :] for k in KINDS if k.startswith("pytz.")) - {
    "timezone()",
    "FixedOffset()",
}
_PYTZ_CALLS = ("timezone", "FixedOffset")
_DATEUTIL_CALLS = (
    "gettz",
    "enfold",
    "datetime_exists",
    "datetime_ambiguous",
    "resolve_imaginary",
    "available_iana_timezones",
    "reset_tzpath",
)
_DATEUTIL_NAMES = frozenset(
    k[len("dateutil.tz.") :] for k in KINDS if k.startswith("dateutil.tz.") and "(" not in k
)

Listener = Callable[[str, types.FrameType, Callable[..., str], tuple[Any, ...]], None]
_listeners: list[Listener] = []
_undo: list[Callable[[], None]] = []
_internal: tuple[str, ...] = ()
_local = threading.local()
_lock = threading.RLock()


# --------------------------------------------------------------------------------------------
# Sites


def _library_dirs() -> tuple[str, ...]:
    """Filename prefixes whose calls are the libraries' own, not the program's."""
    import importlib.util  # import cost: only once the warnings or the audit are on

    package = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    dirs = [package + os.sep, "<frozen importlib"]
    try:
        spec = importlib.util.find_spec("dateutil")
    except (ImportError, ValueError):
        spec = None
    for loc in (spec.submodule_search_locations or []) if spec is not None else []:
        dirs.append(os.path.abspath(loc) + os.sep)
    # Frames keep the filename they were compiled with, which may be relative or unresolved.
    for d in list(dirs[:1] + dirs[2:]):
        real = os.path.realpath(d.rstrip(os.sep)) + os.sep
        if real not in dirs:
            dirs.append(real)
    return tuple(dirs)


def _site(depth: int) -> types.FrameType | None:
    """The frame ``depth`` levels above the caller, or None when it is inside the libraries."""
    frame = sys._getframe(depth + 1)
    if frame.f_code.co_filename.startswith(_internal):
        return None
    return frame


def _emit(
    kind: str, frame: types.FrameType, message: Callable[..., str], args: tuple[Any, ...]
) -> None:
    # A listener may run user code (a showwarning hook printing a datetime): no recursion.
    if getattr(_local, "busy", False):
        return
    _local.busy = True
    try:
        for listener in list(_listeners):
            listener(kind, frame, message, args)
    finally:
        _local.busy = False


def add_listener(listener: Listener) -> None:
    """Start reporting sites to ``listener``; the probes go in with the first listener."""
    with _lock:
        if listener in _listeners:
            return
        if not _listeners:
            _install_probes()
        _listeners.append(listener)


def remove_listener(listener: Listener) -> None:
    """Stop reporting to ``listener``; the probes come out with the last one."""
    with _lock:
        if listener not in _listeners:
            return
        _listeners.remove(listener)
        if not _listeners:
            _remove_probes()


# --------------------------------------------------------------------------------------------
# Messages (built only when a warning is issued)


def _replacement(tz: object) -> str:
    from tzcompat import pytz  # an adapter's import changes the process: only when pytz is replaced

    if tz is pytz.utc:
        return "datetime.timezone.utc"
    if isinstance(tz, pytz._FixedOffset):
        return f"datetime.timezone(timedelta(minutes={tz._minutes}))"
    return f"zoneinfo.ZoneInfo({getattr(tz, 'zone', None)!r})"


def _msg_localize(tz: object, is_dst: bool) -> str:
    repl = _replacement(tz)
    if not is_dst:
        return (
            f"localize() is pytz-only: attach the zone directly, "
            f"dt.replace(tzinfo={repl}) (in a repeated hour pytz's default is the later "
            f"time, fold=1)"
        )
    return (
        f"localize(dt, is_dst=...) is pytz-only: use dt.replace(tzinfo={repl}, fold=...): "
        f"in a repeated hour is_dst=True is the earlier time (fold=0) and False the later "
        f"(fold=1); is_dst=None's errors have no zoneinfo equivalent, test "
        f"tzcompat.ZoneInfo.is_ambiguous()/is_imaginary()"
    )


def _msg_normalize(tz: object) -> str:
    repl = _replacement(tz)
    return (
        f"normalize() is pytz-only and not needed with {repl}: aware arithmetic keeps the "
        f"right offset (wall-clock time); for pytz's elapsed-time result write "
        f"(dt.astimezone(timezone.utc) + delta).astimezone(tz), and convert zones with "
        f"dt.astimezone(tz)"
    )


def _msg_is_dst(tz: object, method: str) -> str:
    return (
        f"{method}(dt, is_dst=...) is pytz-only: use "
        f"dt.replace(tzinfo={_replacement(tz)}, fold=...).{method}()"
    )


def _msg_lmt(tz: Any, dt: datetime) -> str:
    """``tz``: a pytz zone, ours or the real library's."""
    off = tz._utcoffset
    return (
        f"this datetime carries the pytz zone {tz.zone!r} itself (datetime(..., tzinfo=tz) "
        f"or .replace(tzinfo=tz)), so it has pytz's first offset {off} "
        f"({tz._tzname}), not the one in force on {dt:%Y-%m-%d}: "
        f"with {_replacement(tz)} tzinfo= is right; on pytz use tz.localize()"
    )


def _msg_private(tz: object, name: str) -> str:
    hint = _PRIVATE_HINT.get(name, "tzcompat.ZoneInfo(key).transitions() (transition data)")
    return f"{name} is a pytz-only attribute (no zoneinfo equivalent); use {hint}"


def _msg_none(*_args: object) -> str:
    return ""


# --------------------------------------------------------------------------------------------
# Probes


def _patch(owner: object, name: str, value: object) -> None:
    """Set ``owner.name`` (a class or a module dict entry) and remember how to undo it."""
    if isinstance(owner, dict):
        missing = name not in owner
        old = owner.get(name)

        def undo_dict() -> None:
            if owner.get(name) is value:
                if missing:
                    del owner[name]
                else:
                    owner[name] = old

        owner[name] = value
        _undo.append(undo_dict)
        return
    own = name in vars(owner)
    old = vars(owner).get(name)

    def undo_attr() -> None:
        if own:
            setattr(owner, name, old)
        else:
            delattr(owner, name)

    setattr(owner, name, value)
    _undo.append(undo_attr)


def _wrap_localize(orig: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(orig)
    def localize(self: Any, dt: datetime, *args: Any, **kwargs: Any) -> Any:
        if _listeners:
            frame = _site(1)
            if frame is not None:
                is_dst = bool(args) or "is_dst" in kwargs
                kind = "pytz .localize(is_dst=)" if is_dst else "pytz .localize()"
                _emit(kind, frame, _msg_localize, (self, is_dst))
        return orig(self, dt, *args, **kwargs)

    return localize


def _wrap_normalize(orig: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(orig)
    def normalize(self: Any, *args: Any, **kwargs: Any) -> Any:
        if _listeners:
            frame = _site(1)
            if frame is not None:
                _emit("pytz .normalize()", frame, _msg_normalize, (self,))
        return orig(self, *args, **kwargs)

    return normalize


def _wrap_query(
    orig: Callable[..., Any], method: str, localize: Callable[..., Any] | None
) -> Callable[..., Any]:
    """Wrap utcoffset/dst/tzname: report ``is_dst=`` and, for DstTzInfo, LMT by ``tzinfo=``."""
    kind = f"pytz .{method}(is_dst=)"

    @functools.wraps(orig)
    def query(self: Any, dt: Any, *args: Any, **kwargs: Any) -> Any:
        if _listeners and dt is not None:
            if args or kwargs:
                frame = _site(1)
                if frame is not None:
                    _emit(kind, frame, _msg_is_dst, (self, method))
            elif localize is not None and dt.tzinfo is self:
                zd = self._zd
                # The zone object is also the first period: attached through localize() to
                # a time in that period it is right; otherwise tzinfo= gave pytz's LMT.
                if zd is not None and self is zd.zone_obj:
                    frame = _site(1)
                    if frame is not None:
                        naive = dt.replace(tzinfo=None, fold=0)
                        if localize(self, naive).tzinfo is not self:
                            _emit("pytz tzinfo=zone (LMT)", frame, _msg_lmt, (self, dt))
        return orig(self, dt, *args, **kwargs)

    return query


def _private_getattribute(orig: Callable[..., Any]) -> Callable[..., Any]:
    def __getattribute__(self: Any, name: str) -> Any:  # noqa: N807
        if name in _PRIVATE and _listeners:
            frame = _site(1)
            if frame is not None:
                _emit(f"pytz .{name}", frame, _msg_private, (self, name))
        return orig(self, name)

    return __getattribute__


def _wrap_call(orig: Callable[..., Any], kind: str) -> Callable[..., Any]:
    if isinstance(orig, types.FunctionType):

        @functools.wraps(orig)
        def call(*args: Any, **kwargs: Any) -> Any:
            if _listeners:
                frame = _site(1)
                if frame is not None:
                    _emit(kind, frame, _msg_none, ())
            return orig(*args, **kwargs)

        return call

    # A callable object (dateutil's gettz): keep its methods (nocache, cache_clear, ...).
    def call_obj(*args: Any, **kwargs: Any) -> Any:
        if _listeners:
            frame = _site(1)
            if frame is not None:
                _emit(kind, frame, _msg_none, ())
        return orig(*args, **kwargs)

    for attr in dir(orig):
        if not attr.startswith("__"):
            try:
                setattr(call_obj, attr, getattr(orig, attr))
            except AttributeError:
                pass
    call_obj.__doc__ = getattr(orig, "__doc__", None)
    # The wrapper's marker (functools'), set by hand.
    call_obj.__wrapped__ = orig  # type: ignore[attr-defined]
    return call_obj


def _probe_module(module: types.ModuleType, prefix: str, names: frozenset[str]) -> None:
    """Count lookups of ``names`` on ``module`` (``pytz.utc``, ``from pytz import utc``)."""
    base = type(module)

    class ProbedModule(base):  # type: ignore[misc, valid-type]  # the module's class, at run time
        def __getattribute__(self, name: str) -> Any:
            if name in names and _listeners:
                frame = _site(1)
                if frame is not None:
                    _emit(prefix + name, frame, _msg_none, ())
            return base.__getattribute__(self, name)

    module.__class__ = ProbedModule

    def undo() -> None:
        if type(module) is ProbedModule:
            module.__class__ = base  # type: ignore[assignment]  # a module subclass

    _undo.append(undo)


def _install_probes() -> None:
    global _internal
    _internal = _library_dirs()
    _install_pytz_probes()
    _install_dateutil_probes()


def _install_pytz_probes() -> None:
    # an adapter's import changes the process: only the replaced library's
    from tzcompat import pytz
    from tzcompat.pytz import tzinfo  # as above

    dst_localize = tzinfo.DstTzInfo.localize
    for cls in (tzinfo.DstTzInfo, tzinfo.StaticTzInfo, type(pytz.utc), pytz._FixedOffset):
        _patch(cls, "localize", _wrap_localize(vars(cls)["localize"]))
        _patch(cls, "normalize", _wrap_normalize(vars(cls)["normalize"]))
    for cls, loc in ((tzinfo.DstTzInfo, dst_localize), (tzinfo.StaticTzInfo, None)):
        for method in ("utcoffset", "dst", "tzname"):
            _patch(cls, method, _wrap_query(vars(cls)[method], method, loc))
    _patch(
        tzinfo.BaseTzInfo,
        "__getattribute__",
        _private_getattribute(tzinfo.BaseTzInfo.__getattribute__),
    )
    for name in _PYTZ_CALLS:
        _patch(vars(pytz), name, _wrap_call(vars(pytz)[name], f"pytz.{name}()"))
    _probe_module(pytz, "pytz.", _PYTZ_NAMES)


def _install_dateutil_probes() -> None:
    from tzcompat import dateutil  # as above
    from tzcompat.dateutil import tz  # as above

    for module in (dateutil, tz):
        names = vars(module)
        for name in _DATEUTIL_CALLS:
            if name in names:
                _patch(names, name, _wrap_call(names[name], f"dateutil.tz.{name}()"))
        _probe_module(module, "dateutil.tz.", _DATEUTIL_NAMES)


def _remove_probes() -> None:
    while _undo:
        _undo.pop()()


# --------------------------------------------------------------------------------------------
# Warnings

_show_filter: tuple[Any, ...] | None = None


def _warn(
    kind: str, frame: types.FrameType, message: Callable[..., str], args: tuple[Any, ...]
) -> None:
    if not KINDS.get(kind, (False, ""))[0]:
        return
    g = frame.f_globals
    warnings.warn_explicit(
        message(*args),
        PytzUsageWarning,
        frame.f_code.co_filename,
        frame.f_lineno,
        module=g.get("__name__", "<unknown>"),
        registry=g.setdefault("__warningregistry__", {}),
    )


def enable_warnings(*, show: bool = True) -> None:
    """Issue a ``PytzUsageWarning`` at every pytz-only call made through ``tzcompat.pytz``.

    ``show=True`` also adds a ``default`` filter for the category (once per call site), as
    ``DeprecationWarning`` subclasses are otherwise hidden outside ``__main__``.
    """
    global _show_filter
    add_listener(_warn)
    if show and _show_filter is None:
        warnings.filterwarnings("default", category=PytzUsageWarning)
        _show_filter = warnings.filters[0]


def disable_warnings() -> None:
    """Stop the warnings (and remove the filter ``enable_warnings`` added)."""
    global _show_filter
    remove_listener(_warn)
    if _show_filter is not None:
        try:
            # The stdlib's list, untyped.
            warnings.filters.remove(_show_filter)  # type: ignore[attr-defined]
        except ValueError:
            pass  # a catch_warnings block restored the filters meanwhile
        _show_filter = None


def warnings_enabled() -> bool:
    """Whether ``enable_warnings()`` is in force."""
    return _warn in _listeners
