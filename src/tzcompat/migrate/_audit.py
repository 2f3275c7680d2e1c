"""Audit mode: count pytz/dateutil-specific call sites while a program runs, report at exit.

``enable()`` (``python -m tzcompat run --audit``, the pytest plugin's ``audit``, or
``TZCOMPAT_AUDIT=1`` with ``install()``/``run``/the drop-in ``pytz``) attaches a listener to
the probes of ``_warnings``: every pytz-only call, every pytz/dateutil.tz entry point used,
keyed by kind and the caller's file and line. At exit the table goes to stderr, most-used
sites first, with the replacement for each kind, so a team can plan the migration.
"""

from __future__ import annotations

import atexit
import os
import sys
import threading
import types
from collections import Counter
from collections.abc import Callable
from typing import TextIO

from . import _warnings

__all__ = [
    "disable",
    "enable",
    "enabled",
    "env_requested",
    "format_report",
    "report",
    "reset",
    "sites",
]

_counts: Counter[tuple[str, str, int]] = Counter()
_lock = threading.Lock()
_at_exit = False


def _record(
    kind: str, frame: types.FrameType, _message: Callable[..., str], _args: tuple[object, ...]
) -> None:
    key = (kind, frame.f_code.co_filename, frame.f_lineno)
    with _lock:
        _counts[key] += 1


def env_requested(environ: dict[str, str] | None = None) -> bool:
    """Whether ``TZCOMPAT_AUDIT`` asks for the audit (``1``, ``true``, ``yes``, ``on``)."""
    value = (os.environ if environ is None else environ).get("TZCOMPAT_AUDIT", "")
    return value.strip().lower() in ("1", "true", "yes", "on")


def enable(*, at_exit: bool = True) -> None:
    """Start counting; with ``at_exit`` the report is printed to stderr when Python exits."""
    global _at_exit
    _warnings.add_listener(_record)
    if at_exit and not _at_exit:
        atexit.register(_report_at_exit)
        _at_exit = True


def disable(*, at_exit: bool = False) -> None:
    """Stop counting (the counts are kept); ``at_exit=False`` also cancels the exit report."""
    global _at_exit
    _warnings.remove_listener(_record)
    if not at_exit and _at_exit:
        atexit.unregister(_report_at_exit)
        _at_exit = False


def enabled() -> bool:
    """Whether sites are being counted."""
    return _record in _warnings._listeners


def reset() -> None:
    """Forget the counts."""
    with _lock:
        _counts.clear()


def sites() -> list[tuple[int, str, str, int]]:
    """``(count, kind, filename, lineno)`` per site, most used first."""
    with _lock:
        items = list(_counts.items())
    rows = [(n, kind, fn, line) for (kind, fn, line), n in items]
    rows.sort(key=lambda r: (-r[0], r[2], r[3], r[1]))
    return rows


def _where(filename: str, lineno: int) -> str:
    path = filename
    if not filename.startswith("<"):
        try:
            rel = os.path.relpath(filename)
        except ValueError:  # another drive (Windows)
            rel = filename
        if not rel.startswith(os.pardir + os.sep):
            path = rel
    return f"{path}:{lineno}"


def format_report() -> str:
    """The audit table as text."""
    rows = sites()
    calls = sum(r[0] for r in rows)
    lines = [
        f"tzcompat audit: {len(rows)} pytz/dateutil-specific call site"
        f"{'' if len(rows) == 1 else 's'}, {calls} call{'' if calls == 1 else 's'}"
    ]
    if not rows:
        return lines[0] + "\n"
    kinds_w = max(len("kind"), *(len(r[1]) for r in rows))
    count_w = max(len("calls"), len(str(rows[0][0])))
    lines.append(f"  {'calls':>{count_w}}  {'kind':<{kinds_w}}  site")
    for n, kind, fn, line in rows:
        lines.append(f"  {n:>{count_w}}  {kind:<{kinds_w}}  {_where(fn, line)}")
    per_kind: Counter[str] = Counter()
    for n, kind, _fn, _line in rows:
        per_kind[kind] += n
    lines.append("replacements (kind: sites, calls -> use instead):")
    for kind, n in sorted(per_kind.items(), key=lambda kv: (-kv[1], kv[0])):
        nsites = sum(1 for r in rows if r[1] == kind)
        hint = _warnings.KINDS.get(kind, (False, "-"))[1]
        lines.append(f"  {kind}: {nsites}, {n} -> {hint}")
    return "\n".join(lines) + "\n"


def report(file: TextIO | None = None) -> None:
    """Print the audit table (to stderr by default)."""
    out = sys.stderr if file is None else file
    out.write(format_report())
    out.flush()


def _report_at_exit() -> None:
    try:
        report()
    except (OSError, ValueError):
        pass  # stderr closed at exit: nothing to report to
