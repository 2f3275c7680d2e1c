"""Shared machinery for the before/after equivalence tests.

The *before* source runs on the real pytz and dateutil, the *after* source on the standard
library. Both read the same TZif files: the stdlib ``zoneinfo`` (and dateutil 4, which delegates
its search path to it) is pointed at pytz's bundled ``zoneinfo`` directory, so a difference in
data versions can neither fake nor hide a bug.
"""

from __future__ import annotations

import ast
import inspect
import os
import re
import sys
import types
import zoneinfo
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytz

from tzcompat.migrate._traversal import MARKER_PREFIX

from .._gettz_cache import kept_gettz_cache

FIXTURES = Path(__file__).parent / "fixtures"
#: what the rewritten code must run without
LEGACY = ("pytz", "dateutil")
PYTZ_ZONEINFO = os.path.join(os.path.dirname(pytz.__file__), "zoneinfo")

# pytz reads only the 32-bit block: before 1901-12-13 it uses the first standard entry and after
# 2037 it freezes the last one (notes: pytz-reference §2.10), so comparisons stay inside.
FIRST_YEAR, LAST_YEAR = 1902, 2037


@contextmanager
def pytz_data() -> Iterator[None]:
    """Make zoneinfo and dateutil.tz read pytz's own TZif files for the duration.

    Re-entrant: the search path in force before is restored (a test that enters it inside the
    module's fixture must not leave the rest of the module on the system's data)."""
    previous = zoneinfo.TZPATH
    with kept_gettz_cache():
        zoneinfo.reset_tzpath(to=[PYTZ_ZONEINFO])
        zoneinfo.ZoneInfo.clear_cache()
        try:
            yield
        finally:
            zoneinfo.reset_tzpath(to=previous)
            zoneinfo.ZoneInfo.clear_cache()


def load(source: str, name: str, *, without: tuple[str, ...] = ()) -> types.ModuleType:
    """Execute ``source`` as a module; the packages in ``without`` cannot be imported by it
    (the *after* side runs as if pytz and dateutil were uninstalled)."""
    module = types.ModuleType(name)
    saved = {m: sys.modules.get(m) for m in without}
    try:
        for blocked in without:
            sys.modules[blocked] = None  # type: ignore[assignment]  # import raises ImportError
        sys.modules[name] = module  # dataclasses look their module up while the class is made
        exec(compile(source, f"<{name}>", "exec"), module.__dict__)
    finally:
        sys.modules.pop(name, None)
        for blocked, previous in saved.items():
            if previous is None:
                sys.modules.pop(blocked, None)
            else:
                sys.modules[blocked] = previous
    return module


def legacy_imports(source: str) -> list[str]:
    """pytz/dateutil imports of ``source``, except optional ones (``except ImportError``)."""
    found: list[str] = []

    def walk(node: ast.AST) -> None:
        if isinstance(node, ast.Try) and any(
            isinstance(h.type, ast.Name) and h.type.id in ("ImportError", "ModuleNotFoundError")
            for h in node.handlers
        ):
            for child in [*node.handlers, *node.orelse, *node.finalbody]:
                walk(child)
            return
        names = [a.name for a in node.names] if isinstance(node, ast.Import) else []
        if isinstance(node, ast.ImportFrom):
            names = [node.module or ""]
        found.extend(n for n in names if n.split(".")[0] in ("pytz", "dateutil"))
        for child in ast.iter_child_nodes(node):
            walk(child)

    walk(ast.parse(source))
    return found


def cases(module: types.ModuleType) -> dict[str, types.FunctionType]:
    return {
        n: f for n, f in vars(module).items() if n.startswith("case_") and inspect.isfunction(f)
    }


def canonical(value: object) -> object:
    """What both worlds must agree on: wall time, offset and abbreviation, never tzinfo identity.

    ``fold`` is left out on purpose: pytz marks the offset by choosing a tzinfo object, PEP 495
    by ``fold`` (e.g. is_dst=True in a gap needs fold=1), so only the values it selects count.
    """
    if isinstance(value, datetime):
        if value.tzinfo is None:
            return ("naive", value.replace(fold=0))
        return (
            "aware",
            value.replace(tzinfo=None, fold=0),
            value.utcoffset(),
            _name(value.tzname()),
            value.timestamp(),
        )
    if isinstance(value, tuple | list):
        return type(value).__name__, [canonical(v) for v in value]
    if isinstance(value, BaseException):
        return ("raised", type(value).__name__)
    return value


def _name(name: str | None) -> str | None:
    # Fixed offsets: pytz.FixedOffset and tzoffset(None, ...) give tzname None where
    # datetime.timezone gives "UTC+HH:MM" -- the documented difference, tested on its own.
    # No IANA abbreviation has that form, so zone names are still compared.
    if name is None or re.fullmatch(r"UTC[+-]\d\d:\d\d(:\d\d)?", name):
        return None
    return name


def call(function: types.FunctionType, kwargs: dict[str, object]) -> object:
    params = inspect.signature(function).parameters
    try:
        return canonical(function(**{k: v for k, v in kwargs.items() if k in params}))
    except Exception as exc:  # the error class is part of the meaning
        return canonical(exc)


def whole_minute_transitions(key: str) -> list[tuple[datetime, timedelta, timedelta]]:
    """(UTC instant, offset before, offset after) for pytz's transitions inside the range.

    Transitions touching an offset with seconds are skipped: pytz rounds offsets to whole
    minutes (notes: pytz-reference §2.10), which moves such a transition by under a minute.
    """
    zone = pytz.timezone(key)
    times = getattr(zone, "_utc_transition_times", None) or []
    stdlib = zoneinfo.ZoneInfo(key)
    out = []
    for index, moment in enumerate(times[1:], 1):
        if not FIRST_YEAR <= moment.year <= LAST_YEAR:
            continue
        aware = moment.replace(tzinfo=timezone.utc)
        before = (aware - timedelta(seconds=1)).astimezone(stdlib).utcoffset()
        after = aware.astimezone(stdlib).utcoffset()
        if before.seconds % 60 or after.seconds % 60:  # type: ignore[union-attr]
            continue
        out.append((moment, zone._transition_info[index - 1][0], zone._transition_info[index][0]))
    return out


def wall_times_near(moment: datetime, before: timedelta, after: timedelta) -> list[datetime]:
    """Naive wall times around one transition: inside a gap or fold and just outside it."""
    out = []
    for base in (moment + before, moment + after):
        for seconds in (-61, -1, 0, 1, 1799, 1800, 3599):
            out.append(base + timedelta(seconds=seconds))
    return out


# Zones the fixtures name literally, besides the drawn key.
FIXTURE_ZONES = ("America/New_York", "Europe/Paris", "Europe/Berlin", "Australia/Lord_Howe")


def whole_minutes_near(naive: datetime, keys: tuple[str, ...]) -> bool:
    """False when any zone has an offset with seconds within two days of ``naive``.

    pytz rounds such offsets to whole minutes (notes: pytz-reference §2.10, its issue #116);
    that is a data difference between the libraries, not a meaning of the rewritten code.
    """
    for key in keys:
        zone = zoneinfo.ZoneInfo(key)
        for shift in (-2, 0, 2):
            try:
                probe = naive + timedelta(days=shift)
            except OverflowError:
                continue
            for fold in (0, 1):
                offset = probe.replace(tzinfo=zone, fold=fold).utcoffset()
                if offset is not None and offset.seconds % 60:
                    return False
    return True


def marker_starts(source: str) -> set[int]:
    """The first line below each codemod marker comment (past the comment's continuation
    lines): where the statement or ``except`` clause it marks begins."""
    lines = source.splitlines()
    starts: set[int] = set()
    for number, text in enumerate(lines, 1):
        if text.lstrip().startswith(MARKER_PREFIX):
            after = number + 1
            while after <= len(lines) and lines[after - 1].lstrip().startswith("#"):
                after += 1
            starts.add(after)
    return starts
