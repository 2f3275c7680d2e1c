"""The idioms real pytz code uses beyond localize(), before and after the migration.

Each ``case_*`` function of ``fixtures/idioms/*.py`` runs on real pytz/dateutil as written and
on the standard library after the codemod (default mode and ``--unsafe-fixes``), both reading
pytz's TZif files, on wall times drawn around the gaps and folds of four zones. Whenever the
two answers differ, the migrated run must have executed a statement the codemod marked: a
value never changes silently. With ``--unsafe-fixes`` the statements the codemod fixed carry
no marker, so a difference there fails too: the fixes keep pytz's answers.
"""

from __future__ import annotations

import ast
import random
import sys
import types
from collections.abc import Iterator
from datetime import datetime, timedelta
from pathlib import Path

import pytest
import pytz

from tzcompat.migrate._driver import migrate_source
from tzcompat.migrate._project import index_sources
from tzcompat.migrate._traversal import MARKER_PREFIX

from .._origin import is_real
from . import _migrate_equivalence as eq

IDIOMS = Path(__file__).parent / "fixtures" / "idioms"
ZONES = ("America/New_York", "Europe/London", "Australia/Lord_Howe", "Asia/Kolkata")
#: inputs per zone: wall times drawn around its transitions, and a few anywhere
NEAR, ANYWHERE = 40, 8


@pytest.fixture(scope="module", autouse=True)
def _pytz_files() -> Iterator[None]:
    assert is_real(pytz, "pytz"), "the 'before' side must be the real pytz"
    with eq.pytz_data():
        yield


def _inputs() -> list[dict[str, object]]:
    """Seeded draws (the same every run): (key, naive wall time) pairs through gaps/folds."""
    draw = random.Random(25)
    out: list[dict[str, object]] = []
    for key in ZONES:
        near = [
            wall
            for moment, before, after in eq.whole_minute_transitions(key)
            for wall in eq.wall_times_near(moment, before, after)
        ]
        picks = draw.sample(near, min(NEAR, len(near)))
        for _ in range(ANYWHERE):
            seconds = draw.randrange(
                int((datetime(2037, 12, 1) - datetime(1902, 1, 2)).total_seconds())
            )
            picks.append(datetime(1902, 1, 2) + timedelta(seconds=seconds))
        out.extend({"key": key, "naive": wall} for wall in picks)
    return out


def _marked_lines(source: str) -> set[int]:
    """The lines of the statements that have a marker comment above them."""
    starts = eq.marker_starts(source)
    marked: set[int] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.stmt) and node.lineno in starts:
            body = getattr(node, "body", None)
            end = body[0].lineno - 1 if isinstance(body, list) and body else node.end_lineno
            marked.update(range(node.lineno, (end or node.lineno) + 1))
    return marked


def _traced(function: types.FunctionType, kwargs: dict[str, object]) -> tuple[object, set[int]]:
    """(the canonical result, the lines of the function's module that ran)."""
    filename = function.__code__.co_filename
    ran: set[int] = set()

    def tracer(frame: types.FrameType, event: str, arg: object):  # type: ignore[no-untyped-def]
        if frame.f_code.co_filename != filename:
            return None
        if event in ("call", "line"):
            ran.add(frame.f_lineno)
        return tracer

    previous = sys.gettrace()
    sys.settrace(tracer)
    try:
        result = eq.call(function, kwargs)
    finally:
        sys.settrace(previous)
    return result, ran


def _load(source: str, name: str) -> types.ModuleType:
    # the migrated module runs without pytz unless a marked site kept its import
    keeps_pytz = any(m.split(".")[0] == "pytz" for m in eq.legacy_imports(source))
    return eq.load(source, name, without=() if keeps_pytz else ("pytz",))


def _cases() -> Iterator[object]:
    for path in sorted(IDIOMS.glob("*.py")):
        module = eq.load(path.read_text(encoding="utf-8"), f"idiom_{path.stem}_names")
        for case in eq.cases(module):
            for unsafe in (False, True):
                mode = "unsafe" if unsafe else "default"
                yield pytest.param(path.stem, case, unsafe, id=f"{path.stem}-{case}-{mode}")


_PAIRS: dict[tuple[str, bool], tuple[types.ModuleType, types.ModuleType, str]] = {}


def _pair(idiom: str, unsafe: bool) -> tuple[types.ModuleType, types.ModuleType, str]:
    found = _PAIRS.get((idiom, unsafe))
    if found is None:
        source = (IDIOMS / f"{idiom}.py").read_text(encoding="utf-8")
        # as the command does: the module is indexed first (a project of one module)
        name = f"idioms.{idiom}"
        index = index_sources({name: source})
        after_source = migrate_source(
            source, index=index, module_name=name, unsafe_fixes=unsafe
        ).code
        mode = "unsafe" if unsafe else "default"
        found = _PAIRS[idiom, unsafe] = (
            eq.load(source, f"idiom_{idiom}_before"),
            _load(after_source, f"idiom_{idiom}_after_{mode}"),
            after_source,
        )
    return found


@pytest.mark.parametrize(("idiom", "case", "unsafe"), list(_cases()))
def test_no_silent_change(idiom: str, case: str, unsafe: bool) -> None:
    before, after, after_source = _pair(idiom, unsafe)
    marked = _marked_lines(after_source)
    silent = []
    for kwargs in _inputs():
        expected = eq.call(eq.cases(before)[case], kwargs)
        got, ran = _traced(eq.cases(after)[case], kwargs)
        if got != expected and not ran & marked:
            silent.append((kwargs, expected, got))
    assert not silent, (len(silent), silent[:3], after_source)


def test_inputs_reach_gaps_and_folds() -> None:
    """The draws do hit the cases that differ: pytz raises for some of them."""
    raised = {"NonExistentTimeError": 0, "AmbiguousTimeError": 0}
    for kwargs in _inputs():
        try:
            pytz.timezone(str(kwargs["key"])).localize(kwargs["naive"], is_dst=None)  # type: ignore[arg-type]
        except pytz.NonExistentTimeError:
            raised["NonExistentTimeError"] += 1
        except pytz.AmbiguousTimeError:
            raised["AmbiguousTimeError"] += 1
    assert all(raised.values()), raised


def _safe_cases() -> Iterator[object]:
    for path in sorted(IDIOMS.glob("*.py")):
        module = eq.load(path.read_text(encoding="utf-8"), f"idiom_{path.stem}_safe")
        for case in eq.cases(module):
            if case.startswith("case_safe_"):
                yield pytest.param(path.stem, case, id=f"{path.stem}-{case}")


@pytest.mark.parametrize(("idiom", "case"), list(_safe_cases()))
def test_modelled_flows_are_not_marked(idiom: str, case: str) -> None:
    """Flows the analysis models exactly (``case_safe_*``: str(), isoformat(), strftime(),
    timestamp(), astimezone(utc), keys by name, logging with %s...) keep their answers and
    carry no marker: the markers stay where meaning may change, not everywhere."""
    _, after, after_source = _pair(idiom, unsafe=False)
    function = eq.cases(after)[case]
    first = function.__code__.co_firstlineno
    last = max(line for _, _, line in function.__code__.co_lines() if line is not None)
    lines = after_source.splitlines()[first - 1 : last]
    assert not [line for line in lines if MARKER_PREFIX in line], "\n".join(lines)


@pytest.mark.parametrize("unsafe", [False, True], ids=["default", "unsafe"])
@pytest.mark.parametrize("idiom", sorted(p.stem for p in IDIOMS.glob("*.py")))
def test_second_run_changes_nothing(idiom: str, unsafe: bool) -> None:
    """Both modes are idempotent: the codemod run again over its own output (indexed anew,
    as the command does) leaves every file as it is."""
    name = f"idioms.{idiom}"
    _, _, first = _pair(idiom, unsafe)
    second = migrate_source(
        first, index=index_sources({name: first}), module_name=name, unsafe_fixes=unsafe
    ).code
    assert second == first
