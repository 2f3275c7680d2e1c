"""``watch()``: a daemon thread that applies new zone data once it has settled.

Each poll stats every file of the data sources (no reads: a few milliseconds for a
whole zoneinfo tree). Package upgrades write their files one by one (``pip`` moves the
old files away, then writes the new ones), so a change is applied only once two polls
in a row saw the same files: then :func:`tzcompat.refresh` runs and ``on_change`` gets
its report. ``threading`` is imported by ``watch()`` itself, not by ``import tzcompat``.
"""

from __future__ import annotations

import os
import warnings
from _thread import allocate_lock

from . import _dataversion, _registry, _tzpath
from ._refresh import RefreshReport, refresh

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

__all__ = ["Watcher", "watch", "watched_roots"]


def watched_roots() -> list[str]:
    """The zoneinfo directories the loaded zones can come from, in search order:
    tzcompat's TZPATH, the tzdata package, then those the registered adapters read
    (the standard library's TZPATH for ``tzcompat.dateutil``, ``PYTZ_TZDATADIR`` for
    ``tzcompat.pytz``, when they are imported)."""
    roots = [*_tzpath.search_path()]
    tzdata = _tzpath.tzdata_root()
    if tzdata is not None:
        roots.append(tzdata)
    roots.extend(_registry.extra_roots())
    out: list[str] = []
    for root in roots:
        if root not in out and os.path.isdir(root):
            out.append(root)
    return out


def data_signature() -> tuple[Any, ...]:
    """The stat signature of every file under :func:`watched_roots` (never reads a file)."""
    return tuple((root, _dataversion.tree_signature(root)) for root in watched_roots())


class Watcher:
    """A running :func:`watch`: ``stop()`` ends it; ``poll()`` runs one check now.

    ``last_report`` is the report of the last refresh applied (None before any) and
    ``last_error`` the last exception a poll or ``on_change`` raised (the thread goes on).
    Also a context manager that stops on exit.
    """

    def __init__(self, interval: float = 300,
                 on_change: Callable[[RefreshReport], object] | None = None) -> None:
        if isinstance(interval, bool) or not isinstance(interval, (int, float)):
            raise TypeError(f"interval must be a number of seconds, not {type(interval).__name__}")
        if not 0 < interval < float("inf"):
            raise ValueError(f"interval must be a positive, finite number, got {interval!r}")
        if on_change is not None and not callable(on_change):
            raise TypeError(f"on_change must be callable or None, not {type(on_change).__name__}")
        self.interval = float(interval)
        self.on_change = on_change
        self.last_report: RefreshReport | None = None
        self.last_error: BaseException | None = None
        self._lock = allocate_lock()
        self._seen = self._applied = data_signature()
        self._retry = False
        self._thread: Any = None
        self._stopped: Any = None

    def _start(self) -> None:
        import threading  # import cost: loaded when a watch starts, not with the core

        self._stopped = threading.Event()
        self._thread = threading.Thread(target=self._run, name="tzcompat.watch", daemon=True)
        self._thread.start()

    @property
    def running(self) -> bool:
        """Whether the polling thread is alive."""
        return self._thread is not None and self._thread.is_alive()

    def poll(self) -> RefreshReport | None:
        """One check: the refresh report when a settled change was applied (or a failed
        key retried), else None. ``on_change`` is called for each new settled change and
        whenever a retry changed something."""
        with self._lock:
            now = data_signature()
            if now != self._seen:
                self._seen = now  # changed since the last poll: wait until it settles
                return None
            new = now != self._applied
            if not (new or self._retry):
                return None
            report = refresh()
            self._applied = now
            self._retry = bool(report.failed)
            self.last_report = report
        if self.on_change is not None and (new or report.changed or any(report.adapters.values())):
            self.on_change(report)
        return report

    def _run(self) -> None:
        while not self._stopped.wait(self.interval):
            try:
                self.poll()
            except Exception as exc:  # a bad callback must not end the watch
                self.last_error = exc
                warnings.warn(f"tzcompat.watch: {type(exc).__name__}: {exc}", RuntimeWarning,
                              stacklevel=1)

    def stop(self, timeout: float | None = None) -> None:
        """End the thread (waits for a poll in progress, at most ``timeout`` seconds)."""
        if self._stopped is not None:
            self._stopped.set()
        thread = self._thread
        if thread is not None and thread.is_alive():
            import threading  # import cost, as in _start

            if thread is not threading.current_thread():
                thread.join(timeout)

    def __enter__(self) -> Watcher:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def __repr__(self) -> str:
        state = "running" if self.running else "stopped"
        return f"<tzcompat.Watcher every {self.interval:g}s, {state}>"


def watch(interval: float = 300,
          on_change: Callable[[RefreshReport], object] | None = None) -> Watcher:
    """Start a daemon thread that keeps the cached zones on the data on disk.

    Every ``interval`` seconds it stats the zone files of the data sources (tzcompat's
    TZPATH, the tzdata package; see ``watched_roots()``). A change is applied once two
    polls in a row saw the same files (upgrades write files one at a time): then
    :func:`tzcompat.refresh` updates the cached zones in place and ``on_change(report)``
    is called from the thread. Returns the :class:`Watcher`; ``stop()`` ends it.

    There is one watcher per process: calling ``watch()`` again stops the running one
    (after a poll in progress) and starts the new one with the new settings, so a
    library and its application, or a function called in a loop, never pile up threads.
    """
    global _running
    watcher = Watcher(interval, on_change)
    with _one:
        old = _running
        if old is not None:
            old.stop()
        watcher._start()
        _running = watcher
    return watcher


# The process's one running watcher (see watch()).
_running: Watcher | None = None
_one = allocate_lock()
