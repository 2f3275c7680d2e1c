"""Where adapters and integrations plug into the core's refresh and watch.

The core names none of them: ``tzcompat.pytz`` and ``tzcompat.dateutil`` register a
refresher when they are imported (a module never imported has nothing to update), and
integrations with other libraries' caches (pandas keeps zone transitions of its own) are
found through the ``tzcompat.integrations`` entry-point group, loaded once at the first
refresh. Registering costs a dict assignment: no module is imported until a refresh runs.

An adapter that makes itself a library's module in this process (``tzcompat.pytz``'s
stand-in, where no pytz is installed) calls :func:`stood_in`, so that integrations can
re-point what other libraries looked up before (pandas keeps "no pytz" in a module global).
"""

from __future__ import annotations

from _thread import allocate_lock

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable
    from typing import Any

    # (namespace, name, old value, new value): one module global a stand-in hook rebound.
    Change = tuple[dict[str, Any], str, Any, Any]

__all__ = ["Refreshed", "register_cache_hook", "register_refresher", "register_stand_in_hook",
           "stood_in"]


class Refreshed:
    """What one adapter's refresher did.

    ``updated``: names whose zones got new rules; ``failed``: name -> reason (bad new data,
    old rules kept); ``not_updated``: one sentence per object left on the old rules;
    ``zones``: the zone objects whose rules changed or were replaced, for integrations
    that cache per zone (they derive their own keys from them).
    """

    __slots__ = ("updated", "failed", "not_updated", "zones")

    def __init__(self) -> None:
        self.updated: list[str] = []
        self.failed: dict[str, str] = {}
        self.not_updated: list[str] = []
        self.zones: list[Any] = []


# name -> (refresher, roots): refresher(keys or None) -> Refreshed; roots() -> the extra
# zoneinfo directories the adapter reads, which watch() stats as well.
_refreshers: dict[str, tuple[Callable[[set[str] | None], Refreshed],
                             Callable[[], Iterable[str]] | None]] = {}
# name -> zones(): {zone name: fingerprint} of the zones the adapter has loaded.
_reporters: dict[str, Callable[[], dict[str, str | None]]] = {}
# name -> hook(zones): drop other libraries' cached data about ``zones`` after a refresh.
_cache_hooks: dict[str, Callable[[list[Any]], object]] = {}
# name -> hook(library, module) -> changes: ``module`` now stands in for ``library``.
_stand_in_hooks: dict[str, Callable[[str, Any], Iterable[Change]]] = {}
_plugins_loaded = False
_lock = allocate_lock()


def register_refresher(name: str, refresher: Callable[[set[str] | None], Refreshed], *,
                       roots: Callable[[], Iterable[str]] | None = None,
                       zones: Callable[[], dict[str, str | None]] | None = None) -> None:
    """Have :func:`tzcompat.refresh` call ``refresher(keys)`` (``keys`` a set of names, or
    None for all) after the core's zones; its result is reported under ``name``.
    ``roots()``, when given, lists extra zoneinfo directories for :func:`tzcompat.watch`;
    ``zones()`` the adapter's loaded zones and their fingerprints for
    :func:`tzcompat.data_report`. Registering the same name again replaces the entry."""
    _refreshers[name] = (refresher, roots)
    if zones is not None:
        _reporters[name] = zones


def loaded_zones() -> dict[str, dict[str, str | None]]:
    """Adapter name -> {zone name: fingerprint} for every registered adapter."""
    return {name: zones() for name, zones in list(_reporters.items())}


def register_cache_hook(name: str, hook: Callable[[list[Any]], object]) -> None:
    """Have every refresh that changed zones call ``hook(zones)`` with the zone objects
    (core, pytz or dateutil) whose rules changed, so a library's own cache can drop them."""
    _cache_hooks[name] = hook


def register_stand_in_hook(name: str, hook: Callable[[str, Any], Iterable[Change]]) -> None:
    """Have :func:`stood_in` call ``hook(library, module)``; it returns the module globals
    it rebound, as ``(namespace, name, old, new)``."""
    _stand_in_hooks[name] = hook


def stood_in(library: str, module: Any) -> list[Change]:
    """Tell the registered integrations that ``import library`` now gives ``module`` (an
    adapter), so that libraries which looked for ``library`` before are pointed at it.
    Returns what they rebound (``tzcompat.uninstall()`` puts it back)."""
    changes: list[Change] = []
    for hook in list(_stand_in_hooks.values()):
        try:
            changes.extend(hook(library, module))
        except Exception:  # another library's internals moved: nothing of ours breaks
            pass
    return changes


def refreshers() -> list[tuple[str, Callable[[set[str] | None], Refreshed]]]:
    """The registered refreshers, in registration order."""
    return [(name, entry[0]) for name, entry in list(_refreshers.items())]


def extra_roots() -> list[str]:
    """The zoneinfo directories the registered adapters read besides the core's."""
    out: list[str] = []
    for _refresher, roots in list(_refreshers.values()):
        if roots is not None:
            out.extend(roots())
    return out


def cache_hooks() -> list[Callable[[list[Any]], object]]:
    """The registered cache hooks, after loading the ``tzcompat.integrations`` entry points
    once (each entry point names a callable that registers what it needs)."""
    global _plugins_loaded
    if not _plugins_loaded:
        with _lock:
            if not _plugins_loaded:
                _load_plugins()
                _plugins_loaded = True
    return list(_cache_hooks.values())


def _load_plugins() -> None:
    # Import cost: importlib.metadata (and warnings), only when plugins load.
    import warnings
    from importlib.metadata import entry_points

    for ep in entry_points(group="tzcompat.integrations"):
        try:
            ep.load()()
        except Exception as exc:  # a broken plugin must not break refresh
            warnings.warn(f"tzcompat: integration {ep.name!r} failed to load: "
                          f"{type(exc).__name__}: {exc}", RuntimeWarning, stacklevel=2)
