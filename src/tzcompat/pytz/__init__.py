"""A drop-in ``pytz`` whose zone data and rules come from the tzcompat core.

``import tzcompat.pytz as pytz`` gives pytz's API, results, exceptions, reprs and pickles,
reading the zone data the core uses (the system TZPATH, then the ``tzdata`` package).
The one intended difference: after 2037, where pytz freezes each zone's last period,
tzcompat keeps applying the zone's rule (see the README's "tzcompat.pytz" section).
"""

from __future__ import annotations

import datetime
import os
import sys

from .. import _env, _registry
from . import _realpytz, _zones, exceptions, lazy, tzfile, tzinfo
from ._realpytz import real
from .exceptions import (
    AmbiguousTimeError,
    InvalidTimeError,
    NonExistentTimeError,
    UnknownTimeZoneError,
)
from .lazy import LazyDict, LazyList, LazySet
from .tzfile import build_tzinfo  # noqa: F401 - pytz re-exports build_tzinfo
from .tzinfo import BaseTzInfo, DstTzInfo, StaticTzInfo, _pickle_func, unpickler
from .tzinfo import pickle_format as pickle_format  # tzcompat's own, not pytz's
from .tzinfo import set_pickle_format as set_pickle_format

TYPE_CHECKING = False  # typing costs import time; annotations are strings
if TYPE_CHECKING:
    from typing import IO, Any

__all__ = [
    "timezone",
    "utc",
    "country_timezones",
    "country_names",
    "AmbiguousTimeError",
    "InvalidTimeError",
    "NonExistentTimeError",
    "UnknownTimeZoneError",
    "all_timezones",
    "all_timezones_set",
    "common_timezones",
    "common_timezones_set",
    "BaseTzInfo",
    "FixedOffset",
]

unicode = str

ZERO = datetime.timedelta(0)
HOUR = datetime.timedelta(hours=1)


def ascii(s: str | bytes) -> str:
    r"""Return ``s`` as a str, checking that it is ASCII (bytes are decoded).

    >>> ascii('Hello')
    'Hello'
    """
    if type(s) is bytes:
        return s.decode("ASCII")
    s.encode("ASCII")  # type: ignore[union-attr]  # raises UnicodeEncodeError
    return s  # type: ignore[return-value]  # a str: bytes were handled, others raised


# --------------------------------------------------------------------------------------------
# Data files, as pytz opens them. Where the data comes from (the core's lookup, or
# PYTZ_TZDATADIR) is _zones'.


def _check_name(name: str) -> list[str]:
    parts = name.lstrip("/").split("/")
    for part in parts:
        if part == os.path.pardir or os.sep in part:
            raise ValueError(f"Bad path segment: {part!r}")
    return parts


def open_resource(name: str) -> IO[bytes]:
    """Open a zone file or a data file (``zone.tab``, ``iso3166.tab``, ...) for reading."""
    parts = _check_name(name)
    root = _zones.tzdata_dir()
    if root is not None:
        return open(os.path.join(root, *parts), "rb")
    from .. import _lookup, _zoneinfo  # import cost: the core loads at the first file opened

    rel = "/".join(parts)
    fobj = _lookup.find_data_file(rel)
    if fobj is not None:
        return fobj
    try:
        zi = _zoneinfo.ZoneInfo(rel)
    except Exception:
        raise FileNotFoundError(2, "No such file or directory", rel) from None
    source = zi.source
    if isinstance(source, str) and source.startswith("tzdata:"):
        from importlib.resources import files  # import cost: only for tzdata's files

        key = source[len("tzdata:") :]
        return files("tzdata.zoneinfo").joinpath(*key.split("/")).open("rb")
    if source is None:
        raise FileNotFoundError(2, "No such file or directory", rel)
    return open(source, "rb")


def resource_exists(name: str) -> bool:
    """Whether ``open_resource(name)`` would succeed."""
    try:
        if os.environ.get("PYTZ_SKIPEXISTSCHECK", ""):
            return True
        open_resource(name).close()
        return True
    except OSError:
        return False


# The pytz release whose API tzcompat.pytz follows (also the drop-in distribution's version).
# It does not depend on the data: libraries compare it against minimum pytz versions.
__version__ = VERSION = "2026.6"

_LAZY_VERSION_NAMES = ("OLSON_VERSION", "OLSEN_VERSION")


def __getattr__(name: str) -> Any:
    # OLSON_VERSION names the data in use, which costs a file read: do it on demand.
    if name in _LAZY_VERSION_NAMES:
        olson = _zones.data_version()
        g = globals()
        g["OLSON_VERSION"] = g["OLSEN_VERSION"] = olson if olson is not None else "unknown"
        return g[name]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# --------------------------------------------------------------------------------------------
# Zone lookup

# pytz's name for the cache of zones timezone() returns (code and tests clear it).
_tzinfo_cache = _zones.cache


def timezone(zone: str) -> BaseTzInfo:
    r"""Return the zone called ``zone`` (case-insensitive), one object per zone.

    >>> timezone('us/eastern') is timezone('US/Eastern')
    True
    >>> timezone('US/Eastern').zone
    'US/Eastern'

    Unknown names, and anything that is not a string, raise ``UnknownTimeZoneError``.
    """
    if zone.__class__ is str:
        tz = _tzinfo_cache.get(zone)
        if tz is not None:
            return tz
    return _timezone_slow(zone)


def _timezone_slow(zone: Any) -> BaseTzInfo:
    if not isinstance(zone, (str, bytes)):
        raise UnknownTimeZoneError(zone)
    if zone.upper() == "UTC":
        return utc
    try:
        zone = ascii(zone)
    except UnicodeEncodeError:
        raise UnknownTimeZoneError(zone) from None
    zone = _case_insensitive_zone_lookup(_unmunge_zone(zone))
    tz = _tzinfo_cache.get(zone)
    if tz is not None:
        return tz
    if zone not in all_timezones_set:
        raise UnknownTimeZoneError(zone)
    return _zones.build(zone)


def _unmunge_zone(zone: str) -> str:
    """Undo the name munging of old pytz releases (``_plus_`` -> ``+``, ``_minus_`` -> ``-``)."""
    return zone.replace("_plus_", "+").replace("_minus_", "-")


_all_timezones_lower_to_standard: dict[str, str] | None = None


def _case_insensitive_zone_lookup(zone: str) -> str:
    """The canonical spelling of ``zone`` if it names a zone in any case, else ``zone``."""
    global _all_timezones_lower_to_standard
    table = _all_timezones_lower_to_standard
    if table is None:
        table = {name.lower(): name for name in _all_timezones_unchecked}
        _all_timezones_lower_to_standard = table
    return table.get(zone.lower()) or zone


# --------------------------------------------------------------------------------------------
# UTC and fixed offsets


# Bases picked at import (the real library's, when installed)
class UTC(BaseTzInfo, *real("UTC.__class__")):  # type: ignore[misc]
    """UTC; the single instance ``utc`` (also called ``UTC``) is what unpickling returns."""

    zone = "UTC"
    _utcoffset = ZERO
    _dst = ZERO
    _tzname = zone

    def fromutc(self, dt: datetime.datetime) -> datetime.datetime:
        if type(dt) is datetime.datetime and dt.tzinfo is self:
            # astimezone(utc): the UTC time is the answer (tzinfo.fromutc would ask
            # utcoffset() and dst() for the zero it adds).
            return dt
        if dt.tzinfo is None:
            return self.localize(dt)
        return super().fromutc(dt)

    def utcoffset(self, dt: datetime.datetime | None) -> datetime.timedelta:
        return ZERO

    def tzname(self, dt: datetime.datetime | None) -> str:
        return "UTC"

    def dst(self, dt: datetime.datetime | None) -> datetime.timedelta:
        return ZERO

    def localize(self, dt: datetime.datetime, is_dst: bool | None = False) -> datetime.datetime:
        """Attach UTC to a naive datetime."""
        if dt.tzinfo is not None:
            raise ValueError("Not naive datetime (tzinfo is already set)")
        return dt.replace(tzinfo=self)

    def normalize(self, dt: datetime.datetime, is_dst: bool | None = False) -> datetime.datetime:
        """Return ``dt`` if it is in UTC already, else convert it."""
        if dt.tzinfo is self:
            return dt
        if dt.tzinfo is None:
            raise ValueError("Naive time - no tzinfo set")
        return dt.astimezone(self)

    @property
    def zoneinfo(self) -> Any:
        """The core ``ZoneInfo('UTC')``."""
        from .. import _zoneinfo  # import cost: the core loads at first use

        return _zoneinfo.ZoneInfo("UTC")

    def __reduce__(self) -> tuple[Any, ...]:
        return _pickle_func("_UTC", _unpickle_utc), ()

    def __repr__(self) -> str:
        return "<UTC>"

    def __str__(self) -> str:
        return "UTC"


UTC = utc = UTC()  # type: ignore[misc]  # the name is rebound to the singleton, as in pytz


def _UTC() -> BaseTzInfo:
    """Unpickle ``utc`` (the target of ``pytz._UTC`` pickles): always the module singleton."""
    return utc


def _p(*args: Any) -> BaseTzInfo:
    """Unpickle a zone or period (the target of ``pytz._p`` pickles)."""
    return unpickler(*args)


def _unpickle_utc() -> BaseTzInfo:
    """Fallback unpickling target when no ``pytz`` module exists."""
    return utc


def _unpickle_fixed(offset: float) -> BaseTzInfo:
    """Fallback unpickling target when no ``pytz`` module exists."""
    return FixedOffset(offset)


# Bases picked at import (the real library's, when installed)
class _FixedOffset(BaseTzInfo, *real("_FixedOffset")):  # type: ignore[misc]
    """A fixed offset of ``minutes`` east of UTC, without a name (``tzname()`` is None)."""

    zone = None

    def __init__(self, minutes: float) -> None:
        if abs(minutes) >= 1440:
            raise ValueError("absolute offset is too large", minutes)
        self._minutes = minutes
        self._utcoffset = datetime.timedelta(minutes=minutes)

    def utcoffset(self, dt: datetime.datetime | None) -> datetime.timedelta:
        return self._utcoffset  # set in __init__

    def dst(self, dt: datetime.datetime | None) -> datetime.timedelta:
        return ZERO

    def tzname(self, dt: datetime.datetime | None) -> None:
        return None

    def localize(self, dt: datetime.datetime, is_dst: bool | None = False) -> datetime.datetime:
        """Attach this offset to a naive datetime."""
        if dt.tzinfo is not None:
            raise ValueError("Not naive datetime (tzinfo is already set)")
        return dt.replace(tzinfo=self)

    def normalize(self, dt: datetime.datetime, is_dst: bool | None = False) -> datetime.datetime:
        """Return ``dt`` if it carries this offset already, else convert it."""
        if dt.tzinfo is self:
            return dt
        if dt.tzinfo is None:
            raise ValueError("Naive time - no tzinfo set")
        return dt.astimezone(self)

    zoneinfo = None

    def __reduce__(self) -> tuple[Any, ...]:
        return _pickle_func("FixedOffset", _unpickle_fixed), (self._minutes,)

    def __repr__(self) -> str:
        # %d, not int(): pytz's repr truncates float minutes this way.
        return "pytz.FixedOffset(%d)" % self._minutes  # noqa: UP031

    __str__ = __repr__


def FixedOffset(offset: float, _tzinfos: dict[float, BaseTzInfo] = {}) -> BaseTzInfo:  # noqa: B006
    """The fixed-offset zone ``offset`` minutes east of UTC (``utc`` for 0), one per value.

    >>> FixedOffset(-330)
    pytz.FixedOffset(-330)
    >>> FixedOffset(0) is utc
    True
    """
    if offset == 0:
        return utc
    info = _tzinfos.get(offset)
    if info is None:
        info = _tzinfos.setdefault(offset, _FixedOffset(offset))
    return info


# Pickles name these as ``pytz.<name>``; see tzinfo._pickle_func.
for _f in (_UTC, _p, FixedOffset):
    _f.__module__ = "pytz"
    _f.__safe_for_unpickling__ = True  # type: ignore[union-attr]  # pickle's marker on a function
del _f


# --------------------------------------------------------------------------------------------
# Zone lists and country tables, from the data in use.

# pytz adds these backward-compatible names to zone.tab's zones in common_timezones.
_COMMON_EXTRAS = (
    "Canada/Atlantic", "Canada/Central", "Canada/Eastern", "Canada/Mountain",
    "Canada/Newfoundland", "Canada/Pacific", "GMT", "US/Alaska", "US/Arizona", "US/Central",
    "US/Eastern", "US/Hawaii", "US/Mountain", "US/Pacific", "UTC",
)  # fmt: skip


def _tab_rows(name: str, min_fields: int) -> list[list[str]]:
    """The rows of a tab-separated table (``zone.tab``, ``iso3166.tab``); [] if it is absent."""
    found = _zones.data_lines(name)
    if found is None:
        return []
    lines, where = found
    rows = []
    for line in lines:
        fields = line.split("\t")
        if len(fields) < min_fields:  # hand-made files may use spaces
            fields = line.split(None, min_fields - 1)
        if len(fields) < min_fields or not all(f.strip() for f in fields[:min_fields]):
            raise _zones.bad_line(where, line)
        rows.append([f.strip() for f in fields])
    return rows


def _common_names() -> list[str]:
    names = {row[2] for row in _tab_rows("zone.tab", 3)}
    names.update(_COMMON_EXTRAS)
    return [name for name in sorted(names) if name in all_timezones_set]


class _Deferred:
    """An iterable that calls ``func`` for its items on each iteration (not at creation, as
    a genexp would), so a fill that failed on bad data is retried on the next use."""

    __slots__ = ("func",)

    def __init__(self, func: Any) -> None:
        self.func = func

    def __iter__(self) -> Any:
        return iter(self.func())


_deferred = _Deferred


_all_timezones_unchecked: list[str] = LazyList(_deferred(_zones.zone_names))
all_timezones: list[str] = LazyList(_deferred(lambda: _all_timezones_unchecked))
all_timezones_set: set[str] = LazySet(all_timezones)
common_timezones: list[str] = LazyList(_deferred(_common_names))
common_timezones_set: set[str] = LazySet(common_timezones)


def _reset_data() -> None:
    """Forget every zone, list and table so the next use reads the data source afresh.

    For tests and for processes that change ``PYTZ_TZDATADIR`` or the core's TZPATH at run
    time. Objects handed out before keep working; new lookups give new objects.
    """
    with _zones.lock:
        _tzinfo_cache.clear()
        _reset_lists()


def _reset_lists() -> None:
    """Have the zone lists, country tables and ``OLSON_VERSION`` read afresh on next use
    (``timezone()``'s cache is kept). Lists imported by name elsewhere (``from pytz import
    all_timezones``) stay as they were."""
    global _all_timezones_lower_to_standard, _all_timezones_unchecked, all_timezones
    global all_timezones_set, common_timezones, common_timezones_set
    with _zones.lock:
        _all_timezones_lower_to_standard = None
        _all_timezones_unchecked = LazyList(_deferred(_zones.zone_names))
        all_timezones = LazyList(_deferred(lambda: _all_timezones_unchecked))
        all_timezones_set = LazySet(all_timezones)
        common_timezones = LazyList(_deferred(_common_names))
        common_timezones_set = LazySet(common_timezones)
        country_timezones.data = None
        country_names.data = None
        for name in _LAZY_VERSION_NAMES:
            globals().pop(name, None)


class _CountryTimezoneDict(LazyDict):
    """ISO 3166 country code -> zone names used there, from ``zone.tab``.

    Also callable, as in old pytz releases: ``country_timezones('nz')``.
    """

    def __call__(self, iso3166_code: str) -> list[str]:
        return self[iso3166_code]  # type: ignore[no-any-return]  # a list of names

    def _fill(self) -> None:
        data: dict[str, list[str]] = {}
        for code, _coordinates, zone, *_ in _tab_rows("zone.tab", 3):
            if zone in all_timezones_set:
                data.setdefault(code, []).append(zone)
        self.data = data


country_timezones = _CountryTimezoneDict()


class _CountryNameDict(LazyDict):
    """ISO 3166 country code -> English name, from ``iso3166.tab``."""

    def _fill(self) -> None:
        data = {}
        for code, name, *_ in _tab_rows("iso3166.tab", 2):
            data[code] = name
        self.data = data


country_names = _CountryNameDict()


# --------------------------------------------------------------------------------------------
# Interop with the core and the stdlib


def to_zoneinfo(dt: datetime.datetime, *, stdlib: bool = False) -> datetime.datetime:
    """Re-express a pytz-style aware datetime on a ``ZoneInfo`` of the same zone.

    The wall time is kept and ``fold`` set so the offset stays the one pytz attached (pytz's
    offsets are rounded to the minute, so an offset within 30 s counts as the same). When no
    fold gives that offset (e.g. a datetime built with ``tzinfo=zone``, which carries LMT) the
    instant is kept instead. ``stdlib=True`` targets ``zoneinfo.ZoneInfo``; UTC goes to
    ``ZoneInfo('UTC')`` and ``FixedOffset`` to a ``datetime.timezone``.
    """
    tz = dt.tzinfo
    if tz is None:
        raise ValueError("Naive time - no tzinfo set")
    if isinstance(tz, _FixedOffset):
        return dt.astimezone(datetime.timezone(tz._utcoffset))
    key = tz.zone if isinstance(tz, BaseTzInfo) else None
    if not key:
        raise ValueError(f"not a pytz-style zone: {tz!r}")
    if stdlib:
        import zoneinfo  # import cost: zoneinfo imports sysconfig

        target: Any = zoneinfo.ZoneInfo(key)
    else:
        target = tz.zoneinfo if isinstance(tz, (DstTzInfo, StaticTzInfo)) else utc.zoneinfo
    offset = dt.utcoffset()
    naive = dt.replace(tzinfo=None)
    for fold in (0, 1):
        cand = naive.replace(tzinfo=target, fold=fold)
        got = cand.utcoffset()
        # Checked not None.
        if got is not None and abs(got - offset) <= datetime.timedelta(seconds=30):  # type: ignore[operator]
            return cand
    return dt.astimezone(target)


_INTERNAL_CLASSES = ("_Deferred", "_LazyClassData", "_LazyTzinfos", "_ZoneData")


def _set_pytz_names() -> list[tuple[Any, str, str, str]]:
    """Make the classes report pytz's module names (``pytz.tzinfo``, ``pytz.exceptions``, ...).

    Done when tzcompat.pytz is installed as ``pytz`` (the drop-in, ``install()``): checks
    such as pandas' ``type(tz).__module__.startswith("pytz")`` then see pytz, and pickled
    classes and exceptions name pytz's modules. Zone classes follow
    ``tzfile._ZONE_MODULE``. Returns ``(object, attribute, old, new)`` for each change, which
    ``uninstall()`` reverts.
    """
    from . import reference  # pytz loads it only when asked for: so does tzcompat.pytz

    homes: dict[int, tuple[Any, str]] = {}
    for mod in (sys.modules[__name__], exceptions, lazy, reference, tzfile, tzinfo):
        home = "pytz" + mod.__name__[len(__name__) :]
        for value in list(vars(mod).values()):
            if (
                isinstance(value, type)
                and value.__module__ == mod.__name__
                and value.__name__ not in _INTERNAL_CLASSES
            ):
                homes[id(value)] = (value, home)
    homes[id(type(utc))] = (type(utc), "pytz")
    changes: list[tuple[Any, str, str, str]] = []
    for cls, home in homes.values():
        changes.append((cls, "__module__", cls.__module__, home))
        cls.__module__ = home
    names = tzfile._ZONE_MODULE  # renames the zone classes made so far and from now on
    if names.value != "pytz.tzfile":
        changes.append((names, "value", names.value, "pytz.tzfile"))
        names.value = "pytz.tzfile"
    return changes


def _test() -> Any:
    import doctest  # only for this self-test

    return doctest.testmod(sys.modules[__name__])


def _as_pytz() -> dict[str, Any]:
    """The ``sys.modules`` entries that make this adapter ``pytz``: its submodules
    (``pytz.tzinfo``, ``pytz.exceptions``, ...), then ``pytz`` itself. The drop-in,
    ``install()`` and the stand-in below all put these in place."""
    from . import reference  # pytz loads it only when asked for: so does tzcompat.pytz

    subs = (exceptions, lazy, reference, tzfile, tzinfo)
    modules: dict[str, Any] = {"pytz" + m.__name__[len(__name__):]: m for m in subs}
    modules["pytz"] = sys.modules[__name__]
    return modules


def _stand_in() -> None:
    """Be ``pytz`` in this process when no other pytz could be (none installed).

    Consumers written for pytz recognise its zones by ``"pytz" in sys.modules`` plus
    ``isinstance`` (Django 3.2 to 4.2's ``make_aware`` and the form fields built on it);
    without this they would attach a zone with ``replace(tzinfo=)`` and silently get its LMT
    offset. ``import pytz`` then gives this module, as the drop-in does (where the drop-in is
    installed it is imported, so the process is the same whichever is imported first).
    ``TZCOMPAT_PYTZ_ALIAS=0`` turns it off.
    """
    if _realpytz.nothing_else is None or not _env.env_flag("TZCOMPAT_PYTZ_ALIAS", True):
        return
    if "pytz" in sys.modules:
        return
    if _realpytz.nothing_else == "drop-in":
        try:
            _realpytz.import_pytz()  # the drop-in makes this module pytz
        except Exception:  # a broken drop-in: leave pytz alone
            pass
        return
    for name, module in _as_pytz().items():
        sys.modules.setdefault(name, module)
    _now_pytz()


def _now_pytz() -> list[tuple[dict[str, Any], str, Any, Any]]:
    """Tell the integrations that ``import pytz`` gives this module now (the stand-in,
    ``install()``, the drop-in): libraries imported before looked for pytz and found none
    (pandas keeps that in a module global). Returns what they rebound, for ``uninstall()``."""
    # Imported here, not at the top: its package registers tzcompat's own integrations, and
    # only a process where this module becomes pytz needs them.
    from .. import integrations  # noqa: F401

    return _registry.stood_in("pytz", sys.modules[__name__])


def _refresh(keys: set[str] | None) -> Any:
    """The adapter's part of ``tzcompat.refresh()``: new data for the cached zones, then the
    lists read afresh when a zone changed or the data's version moved (releases add and
    remove names)."""
    from ._refresh import refresh_zones  # import cost: loaded at the first refresh

    with _zones.lock:
        result = refresh_zones(keys)
        seen = globals().get("OLSON_VERSION")
        if result.updated or (seen is not None and seen != (_zones.data_version() or "unknown")):
            _reset_lists()
    return result


def _watched_roots() -> list[str]:
    root = _zones.tzdata_dir()
    return [root] if root else []


# --------------------------------------------------------------------------------------------
# What importing this module changes in the process (docs/architecture.md, "What importing
# changes"; _realpytz has already imported the real pytz where it is installed):
# tzcompat.refresh(), watch() and data_report() reach this adapter through the core's registry;
_registry.register_refresher(__name__, _refresh, roots=_watched_roots, zones=_zones.fingerprints)
# and where no pytz is installed, this module becomes pytz.
_stand_in()
