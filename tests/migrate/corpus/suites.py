"""Run corpus projects' own test suites before and after a whole-package migration.

    python tests/migrate/corpus/suites.py [PROJECT ...] [--work DIR] [--fixes | --unsafe-fixes]

Not part of the test suite (it installs each project's dependencies from PyPI into a scratch
venv). For each project: copy the release twice, migrate one copy (package and tests) with
``python -m tzcompat migrate --write``, run pytest on both copies in the same venv, and print
pass/fail counts and the tests that fail only after the migration, each attributed to the
statements the codemod marked (``# tzcompat-migrate[<code>]: ...`` comment lines directly above
a statement, or on its first line):

- every ``.py`` file of the migrated copy is parsed with ``ast``, and each marked statement is
  recorded with its codes and its "header" lines: all of a simple statement, only the part
  before the body of a compound one (an ``if``'s test, a ``with``'s items, a ``def``'s
  decorators and signature), so that running the body of a marked ``if`` does not count;
- ``marked at <file:line> (traceback)``: a frame of the failure's traceback is a marked header;
- ``ran marked <file:line [code]>, ...``: else, the new failures are rerun (one pytest run per
  project, node ids built from the junit classname and name) under a line tracer limited to the
  migrated copy, which records per test which lines ran; the marked statements whose header ran
  during the test (setup, call and teardown) are listed, at most five, library code before test
  code before the ``_tzmigrate.py`` helper, and the most recently run first. This catches a
  marked statement that changed behaviour earlier than the failing line (a marked
  ``if hasattr(tz, 'zone'):`` in library code that took the other branch, and the test's
  ``assertEqual`` on the output that failed later);
- ``NOT at a marked site``: neither.

A summary line per project counts the new failures in each of the three groups.

With ``--fixes``, the claim "the suites pass after the migration except at marked sites" is
checked too: the migrated copy ``after/`` is copied to ``fixed/``, the human fixes recorded for
the project in ``fixes.py`` (what a reader following each marker's advice writes) are applied,
the suite is run on ``fixed/``, and the tests that still fail there but not before the migration
are listed with the same attribution (``remaining``), then counted. A fix is a plain text
replacement in one file (every occurrence, at least one), and it must stay at a marked site:
each occurrence must lie inside the header lines of a marked statement of the ``after`` file
(found as above, before any replacement); only a fix flagged ``helper=True`` may change text
elsewhere, and only by adding new function or class definitions, on lines of their own, next to
an unchanged anchor, under names the file does not use yet. A fix that does not match, or breaks
these rules, or leaves a file that no longer parses, is reported (``FIXES FAILED``) and the exit
status is 1. The goal is that every remaining failure is ``marked at ... (traceback)``: it fails
on a marked line itself.

With ``--unsafe-fixes`` the copy is migrated with ``tzcompat migrate --unsafe-fixes`` into
``unsafe/`` and run with no human fix; the goal there is that what still fails only asserts a
pytz-only repr or attribute. Failures are attributed to the marker comments left in
``unsafe/``, as above.
"""

from __future__ import annotations

import argparse
import ast
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import textwrap
import tokenize
import venv
import warnings
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

sys.path.insert(0, str(Path(__file__).resolve().parent))

import _corpus  # noqa: E402
import fixes  # noqa: E402

MARK = "tzcompat-migrate["
CODES = re.compile(r"tzcompat-migrate\[([^\]]*)\]")
SHOWN = 5  # marked statements listed per failure


@dataclass(frozen=True)
class Suite:
    deps: tuple[str, ...]
    tests: tuple[str, ...]  # pytest arguments, relative to the project root
    pythonpath: str = "."
    migrate: tuple[str, ...] = ()  # what is migrated (package and tests)


SUITES = {
    "croniter": Suite(
        ("pytz", "python-dateutil", "natsort", "pytest", "tzlocal<3"),
        ("src/croniter/tests",),
        "src",
        ("src",),
    ),
    "Delorean": Suite(
        ("babel", "humanize", "python-dateutil", "pytz", "tzlocal<3", "pytest", "mock"),
        ("tests/delorean_tests.py",),
        ".",
        ("delorean", "tests"),
    ),
    "tzlocal": Suite(("pytz", "mock", "pytest"), ("tests/tests.py",), ".", ("tzlocal", "tests")),
    "icalendar": Suite(
        ("pytz", "python-dateutil", "pytest", "hypothesis"),
        ("src/icalendar/tests",),
        "src",
        ("src",),
    ),
    # test_executors_py35 (asyncio/tornado) needs plugins of its time, and the conftest's
    # pytest_ignore_collect overrides --ignore: the other files are named. The SQLAlchemy job
    # store runs on an in-memory SQLite, the other stores' servers are absent (before and after)
    "APScheduler": Suite(
        ("pytz", "tzlocal<3", "six", "setuptools<70", "pytest<8", "sqlalchemy<1.4"),
        tuple(
            f"tests/test_{name}.py"
            for name in ("executors", "expressions", "job", "jobstores", "schedulers")
            + ("triggers", "util", "util_py35")
        ),
        ".",
        ("apscheduler", "tests"),
    ),
    "Babel": Suite(("pytz", "pytest<8", "freezegun<1.3"), ("tests",), ".", ("babel", "tests")),
    "schedule": Suite(
        ("pytz", "mock", "pytest"), ("test_schedule.py",), ".", ("schedule", "test_schedule.py")
    ),
    "DateTime": Suite(
        ("pytz", "zope.interface", "pytest"), ("src/DateTime/tests",), "src", ("src",)
    ),
    "vobject": Suite(
        ("python-dateutil<2.9", "pytz", "six", "pytest"),
        ("tests.py",),
        ".",
        ("vobject", "tests.py"),
    ),
    "arrow": Suite(
        ("python-dateutil<2.9", "pytz", "simplejson", "dateparser<1", "pytest<8", "pytest-mock"),
        ("tests",),
        ".",
        ("arrow", "tests"),
    ),
}


@dataclass
class Outcome:
    counts: dict[str, int] = field(default_factory=dict)
    failed: dict[str, str] = field(default_factory=dict)  # test id -> failure text
    nodes: dict[str, tuple[str, str]] = field(default_factory=dict)  # test id -> classname, name


@dataclass(frozen=True)
class Marked:
    """A statement of the migrated copy with a marker comment."""

    file: str  # relative to the copy, with /
    line: int  # the statement's line (a decorated def's ``def`` line)
    codes: tuple[str, ...]
    header: frozenset[int]  # the lines that run the statement itself, not its body

    def __str__(self) -> str:
        return f"{self.file}:{self.line} [{', '.join(self.codes)}]"

    @property
    def rank(self) -> int:
        """0 for library code, 1 for test code, 2 for the migration's helper module."""
        path = PurePosixPath(self.file)
        if path.name == "_tzmigrate.py":
            return 2
        if {"tests", "test"} & set(path.parts[:-1]) or path.name.startswith("test_"):
            return 1
        return 1 if path.name.endswith(("_test.py", "_tests.py")) else 0


Index = dict[Path, list[Marked]]  # resolved file -> its marked statements


def _venv(work: Path, suite: Suite) -> Path:
    """The project's venv with its dependencies (a stamp records an install that finished)."""
    python, stamp = work / "venv" / "bin" / "python", work / "venv" / "deps.json"
    wanted = json.dumps(suite.deps)
    if stamp.is_file() and stamp.read_text("utf-8") == wanted and python.exists():
        return python
    if not python.exists():
        venv.EnvBuilder(with_pip=True).create(work / "venv")
    subprocess.run(
        [str(python), "-m", "pip", "install", "-q", *suite.deps], check=True, timeout=900
    )
    stamp.write_text(wanted, "utf-8")
    return python


def _env(base: Path, suite: Suite) -> dict[str, str]:
    env = {**os.environ, "PYTHONPATH": str(base / suite.pythonpath), "PYTHONDONTWRITEBYTECODE": "1"}
    env.pop("PYTEST_ADDOPTS", None)
    return env


PYTEST_OPTIONS = ("-q", "-p", "no:cacheprovider", "-o", "addopts=")


def _pytest(python: Path, base: Path, suite: Suite, report: Path) -> Outcome:
    argv = [str(python), "-m", "pytest", *PYTEST_OPTIONS, f"--junitxml={report}", *suite.tests]
    subprocess.run(
        argv, cwd=base, env=_env(base, suite), capture_output=True, text=True, timeout=1800
    )
    outcome = Outcome({"passed": 0, "failed": 0, "error": 0, "skipped": 0})
    for case in ET.parse(report).getroot().iter("testcase"):
        test = f"{case.get('classname')}::{case.get('name')}"
        bad = case.find("failure")
        if bad is None:
            bad = case.find("error")
        if bad is not None:
            outcome.counts["failed" if bad.tag == "failure" else "error"] += 1
            outcome.failed[test] = (bad.get("message") or "") + "\n" + (bad.text or "")
            outcome.nodes[test] = (case.get("classname") or "", case.get("name") or "")
        elif case.find("skipped") is not None:
            outcome.counts["skipped"] += 1
        else:
            outcome.counts["passed"] += 1
    return outcome


# -- the marked statements of the migrated copy


def _first_line(node: ast.stmt) -> int:
    return min([node.lineno] + [d.lineno for d in getattr(node, "decorator_list", ())])


def _header(node: ast.stmt) -> frozenset[int]:
    """A simple statement's lines; a compound statement's lines before its body."""
    body = getattr(node, "body", None)
    if isinstance(body, list) and body:
        end = _first_line(body[0]) - 1
    elif getattr(node, "cases", None):  # match
        end = node.cases[0].pattern.lineno - 1  # type: ignore[attr-defined]
    else:
        end = node.end_lineno or node.lineno
    return frozenset(range(_first_line(node), max(end, node.lineno) + 1))


def _marked_statements(path: Path, rel: str) -> list[Marked] | None:
    """The marked statements of one file, or None when it does not parse."""
    try:
        with tokenize.open(path) as handle:
            text = handle.read()
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            tree = ast.parse(text, str(path))
        comments: dict[int, str] = {}
        for token in tokenize.generate_tokens(io.StringIO(text).readline):
            if token.type == tokenize.COMMENT:
                comments[token.start[0]] = comments.get(token.start[0], "") + token.string
    except (OSError, SyntaxError, UnicodeDecodeError, ValueError, tokenize.TokenError):
        return None
    if MARK not in text:
        return []
    lines = text.splitlines()

    def block(row: int) -> list[str]:
        """The comment on line ``row`` and the comment-only lines directly above it."""
        found = [comments.get(row, "")]
        row -= 1
        while row >= 1 and lines[row - 1].lstrip().startswith("#"):
            found.append(comments.get(row, ""))
            row -= 1
        return found

    marked = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.stmt):
            continue
        rows = {_first_line(node), node.lineno}  # and between a def's decorators and the def
        found = [comment for row in sorted(rows) for comment in block(row) if MARK in comment]
        if found:
            codes = [code for comment in found for code in CODES.findall(comment)]
            marked.append(
                Marked(rel, node.lineno, tuple(dict.fromkeys(codes)) or ("?",), _header(node))
            )
    return sorted(marked, key=lambda m: m.line)


def _index(copy: Path) -> Index:
    """Every marked statement under ``copy``; files that do not parse are left out."""
    copy = copy.resolve()
    index: Index = {}
    for path in sorted(copy.rglob("*.py")):
        found = _marked_statements(path, path.relative_to(copy).as_posix())
        if found is not None:
            index[path.resolve()] = found
    return index


def _marked(path: Path, row: int) -> bool:
    """Whether the statement at ``row`` (1-based) has a marker comment above it or on it.

    By the text alone: for the files ``ast`` cannot parse (they are not in the index).
    """
    try:
        lines = path.read_text("utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        return False
    index = row - 1
    if index >= len(lines):
        return False
    # walk up to the start of a statement that spans lines (a continuation ends with , ( or \)
    while index > 0 and lines[index - 1].rstrip().endswith(("(", ",", "\\", "[", "{")):
        index -= 1
    if MARK in lines[index]:
        return True
    index -= 1
    while index >= 0 and lines[index].lstrip().startswith("#"):
        if MARK in lines[index]:
            return True
        index -= 1
    return False


def _frames(text: str, base: Path) -> list[tuple[Path, int]]:
    found = []
    for match in re.finditer(r"^(\S+\.py):(\d+): ", text, re.MULTILINE):
        path = Path(match.group(1))
        path = path if path.is_absolute() else base / path
        if base in path.resolve().parents:
            found.append((path.resolve(), int(match.group(2))))
    for match in re.finditer(r'File "([^"]+\.py)", line (\d+)', text):
        path = Path(match.group(1))
        if base in path.resolve().parents:
            found.append((path.resolve(), int(match.group(2))))
    return list(dict.fromkeys(found))


def _traceback_marks(text: str, copy: Path, index: Index) -> list[str]:
    """The traceback frames of a failure that are marked statements, as ``file:line``."""
    found = []
    for path, row in _frames(text, copy):
        where = f"{path.relative_to(copy)}:{row}"
        if path in index:
            codes = [c for m in index[path] if row in m.header for c in m.codes]
            if codes:
                found.append(f"{where} [{', '.join(dict.fromkeys(codes))}]")
        elif _marked(path, row):
            found.append(where)
    return found


# -- which marked statements ran during a test

# Run by the venv's python in the migrated copy: pytest on the given node ids, with a line
# tracer on the frames whose file is under the copy, and per test (setup to teardown) the lines
# that ran, each with the tick of its last run. argv: config JSON (root, node ids), output JSON.
RUNNER = r"""
import itertools, json, os, sys, threading

import pytest

with open(sys.argv[1]) as handle:
    config = json.load(handle)
root = os.path.realpath(config["root"])
sys.path[0] = os.getcwd()  # as under python -m pytest
tick = itertools.count()
hits = {}
tracers = {}


def tracer_for(rel):
    def local(frame, event, arg):
        if event == "line":
            hits[rel, frame.f_lineno] = next(tick)
        return local

    return local


def trace(frame, event, arg):
    name = frame.f_code.co_filename
    local = tracers.get(name)
    if local is None:
        path = os.path.realpath(name)
        inside = path.startswith(root + os.sep)
        local = tracers[name] = tracer_for(os.path.relpath(path, root)) if inside else False
    return local or None


class Record:
    def __init__(self):
        self.tests = {}
        self.keys = {}

    def key(self, item):
        path = os.path.relpath(str(getattr(item, "path", None) or item.fspath), os.getcwd())
        rest = item.nodeid.split("::", 1)[1:]
        return "::".join([path.replace(os.sep, "/"), *rest])

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_protocol(self, item, nextitem):
        key = self.keys[item.nodeid] = self.key(item)
        self.tests[key] = {"failed": False, "lines": {}}
        hits.clear()
        threading.settrace(trace)
        sys.settrace(trace)
        yield
        sys.settrace(None)
        threading.settrace(None)
        lines = self.tests[key]["lines"]
        for (rel, row), last in hits.items():
            lines.setdefault(rel.replace(os.sep, "/"), {})[row] = last

    def pytest_runtest_logreport(self, report):
        if report.failed and report.nodeid in self.keys:
            self.tests[self.keys[report.nodeid]]["failed"] = True


record = Record()
args = ["-q", "-p", "no:cacheprovider", "-o", "addopts=", *config["nodes"]]
code = pytest.main(args, plugins=[record])
with open(sys.argv[2], "w") as handle:
    json.dump({"exit": int(code), "tests": record.tests}, handle)
"""


def _nodeid(classname: str, name: str, copy: Path, suite: Suite) -> str | None:
    """The pytest node id (file relative to ``copy``) of a junit classname and name."""
    roots = [copy]  # the rootdir, or the test arguments' folders when there is no ini file
    for arg in suite.tests:
        folder = copy / arg
        folder = folder if folder.is_dir() else folder.parent
        while folder != copy and copy in folder.parents:
            roots.append(folder)
            folder = folder.parent
    parts = classname.split(".")
    for root in dict.fromkeys(roots):
        for split in range(len(parts), 0, -1):
            path = root.joinpath(*parts[: split - 1], parts[split - 1] + ".py")
            if path.is_file():
                return "::".join([path.relative_to(copy).as_posix(), *parts[split:], name])
    return None


def _trace(python: Path, copy: Path, suite: Suite, nodes: list[str], work: Path) -> dict:
    """Rerun ``nodes`` in ``copy`` under the line tracer: node id -> failed, lines."""
    if not nodes:
        return {}
    with tempfile.TemporaryDirectory(prefix="trace-", dir=work) as temp:
        runner, config, out = Path(temp, "runner.py"), Path(temp, "config.json"), Path(temp, "out")
        runner.write_text(RUNNER, "utf-8")
        config.write_text(json.dumps({"root": str(copy), "nodes": nodes}), "utf-8")
        done = subprocess.run(
            [str(python), str(runner), str(config), str(out)],
            cwd=copy,
            env=_env(copy, suite),
            capture_output=True,
            text=True,
            timeout=1800,
        )
        if not out.exists():
            tail = (done.stderr or done.stdout).strip().splitlines()[-3:]
            print(f"  (the traced rerun failed: {' | '.join(tail)})", file=sys.stderr)
            return {}
        return json.loads(out.read_text("utf-8"))["tests"]


def _ran_marks(lines: dict[str, dict[str, int]], copy: Path, index: Index) -> list[Marked]:
    """The marked statements whose header ran, the most relevant first."""
    ran = []
    for rel, rows in lines.items():
        for marked in index.get((copy / rel).resolve(), ()):
            ticks = [rows[str(row)] for row in marked.header if str(row) in rows]
            if ticks:
                ran.append((marked.rank, -max(ticks), marked))
    return [marked for *_, marked in sorted(ran, key=lambda r: r[:2])]


def _attribute(
    python: Path, copy: Path, suite: Suite, old: Outcome, new: Outcome, work: Path, label: str
) -> tuple[list[str], dict[str, int]]:
    """A line per test that fails in ``new`` but not in ``old``, with its attribution; tally."""
    copy = copy.resolve()
    index = _index(copy)
    fresh = sorted(set(new.failed) - set(old.failed))
    nodes = {test: _nodeid(*new.nodes[test], copy, suite) for test in fresh}
    to_trace = [t for t in fresh if not _traceback_marks(new.failed[t], copy, index)]
    traced = _trace(python, copy, suite, [n for t in to_trace if (n := nodes[t])], work)
    tally = {"traceback": 0, "ran": 0, "none": 0}
    lines = []
    for test in fresh:
        text = new.failed[test]
        at = _traceback_marks(text, copy, index)
        run = traced.get(nodes[test] or "")
        ran = _ran_marks(run["lines"], copy, index) if run else []
        if at:
            kind, where = "traceback", f"marked at {', '.join(at)} (traceback)"
        elif ran:
            more = f", and {len(ran) - SHOWN} more" if len(ran) > SHOWN else ""
            kind, where = "ran", f"ran marked {', '.join(map(str, ran[:SHOWN]))}{more}"
        else:
            kind, where = "none", "NOT at a marked site"
        if not at and run is None:
            where += f" (not traced: {'no node id' if nodes[test] is None else 'not run'})"
        elif run is not None and not run["failed"]:
            where += " (passed when rerun traced)"
        tally[kind] += 1
        first = text.strip().splitlines()[0][:160] if text.strip() else ""
        lines.append(f"  {label} {test}: {where}\n      {first}")
    return lines, tally


# -- the recorded human fixes (fixes.py), applied to a copy of the migrated copy


class FixError(Exception):
    """A recorded fix that does not match, or that would change code outside a marked site."""


def _read(path: Path) -> tuple[str, str]:
    """A file's text, line endings kept, and its encoding."""
    with path.open("rb") as handle:
        encoding = tokenize.detect_encoding(handle.readline)[0]
    with path.open(encoding=encoding, newline="") as handle:
        return handle.read(), encoding


def _occurrences(text: str, old: str) -> list[tuple[int, int]]:
    """The spans that ``str.replace`` replaces."""
    spans, start = [], text.find(old) if old else -1
    while start >= 0:
        spans.append((start, start + len(old)))
        start = text.find(old, start + len(old))
    return spans


def _check_helper(text: str, span: tuple[int, int], fix: fixes.Fix) -> str:
    """Why a ``helper=True`` fix is not a pure addition of new definitions ("" when it is)."""
    start, end = span
    if fix.new.endswith(fix.old) and fix.new != fix.old:
        added = fix.new[: len(fix.new) - len(fix.old)]
        whole = added.endswith("\n") and (start == 0 or text[start - 1] == "\n")
    elif fix.new.startswith(fix.old) and fix.new != fix.old:
        added = fix.new[len(fix.old) :]
        whole = added.startswith(("\n", "\r\n")) and text[end : end + 1] in ("", "\r", "\n")
    else:
        return "new is not old with the helper added before or after it"
    if not whole:
        return "the helper is not on lines of its own"
    try:
        tree = ast.parse(textwrap.dedent(added))
    except SyntaxError as error:
        return f"the helper does not parse ({error.msg})"
    kinds = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)
    if not tree.body or not all(isinstance(node, kinds) for node in tree.body):
        return "the helper is not only function and class definitions"
    used = {
        token.string
        for token in tokenize.generate_tokens(io.StringIO(text).readline)
        if token.type == tokenize.NAME
    }
    taken = sorted({node.name for node in tree.body} & used)  # type: ignore[attr-defined]
    return f"the helper defines {', '.join(taken)}, already used in the file" if taken else ""


def _apply_fixes(
    recorded: tuple[fixes.Fix, ...], after: Path, fixed: Path, index: Index
) -> list[str]:
    """Apply ``recorded`` to ``fixed``, a copy of ``after``; a line per fix.

    Every fix matches the text of the ``after`` file, and every occurrence must lie inside a
    marked statement of it (``index``), or be a helper's anchor; raises FixError otherwise.
    """
    lines = []
    files = dict.fromkeys(fix.file for fix in recorded)
    for rel in files:
        source = (after / rel).resolve()
        if not source.is_file():
            raise FixError(f"{rel}: no such file in the migrated copy")
        text, encoding = _read(source)
        marks = index.get(source, [])
        spans: list[tuple[int, int, int]] = []  # start, end, fix number
        for number, fix in enumerate(recorded, 1):
            if fix.file != rel:
                continue
            name = f"fix {number} ({rel}: {fix.old!r})"
            found = _occurrences(text, fix.old)
            if not found:
                raise FixError(f"{name} does not match")
            rows, codes = [], []
            for start, end in found:
                first = text.count("\n", 0, start) + 1
                last = text.count("\n", 0, max(end - 1, start)) + 1
                rows.append(first)
                if fix.helper:
                    if len(found) > 1:
                        raise FixError(f"{name}: a helper's anchor must match once")
                    why = _check_helper(text, (start, end), fix)
                    if why:
                        raise FixError(f"{name}: {why}")
                    continue
                inside = [m for m in marks if set(range(first, last + 1)) <= m.header]
                if not inside:
                    raise FixError(f"{name}: {rel}:{first} is not inside a marked statement")
                codes += [c for m in inside for c in m.codes]
                spans.append((start, end, number))
            if fix.helper:
                spans.append((found[0][0], found[0][1], number))
                what = f"{rel}:{rows[0]} [helper]"
            else:
                what = f"{rel}:{','.join(map(str, rows))} [{', '.join(dict.fromkeys(codes))}]"
            shown = fix.old if len(fix.old) <= 60 else fix.old[:57] + "..."
            lines.append(f"  fix {number}: {what}: {shown!r} x{len(found)}")
        spans.sort()
        for (_, end, one), (start, _, two) in zip(spans, spans[1:]):
            if start < end:
                raise FixError(f"fixes {one} and {two} overlap in {rel}")
        pieces, done = [], 0
        for start, end, number in spans:
            pieces += [text[done:start], recorded[number - 1].new]
            done = end
        result = "".join(pieces) + text[done:]
        if source in index:
            try:
                ast.parse(result)
            except SyntaxError as error:
                raise FixError(f"{rel} does not parse after the fixes: {error}") from None
        with (fixed / rel).open("w", encoding=encoding, newline="") as handle:
            handle.write(result)
    return lines


def run_project(
    name: str, work_root: Path, with_fixes: bool = False, unsafe: bool = False
) -> tuple[str, bool]:
    """The project's report, and whether its recorded fixes applied (True without --fixes).

    ``unsafe`` migrates with ``--unsafe-fixes`` into ``unsafe/`` (no human fix applies there).
    """
    project = next(p for p in _corpus.read_manifest() if p.name == name)
    suite = SUITES[name]
    source = _corpus.fetch(project)
    work = work_root / project.slug
    work.mkdir(parents=True, exist_ok=True)
    python = _venv(work, suite)
    before, fixed = work / "before", work / "fixed"
    after = work / ("unsafe" if unsafe else "after")
    for copy in (before, after, fixed):
        if copy.exists():
            shutil.rmtree(copy)
    for copy in (before, after):
        shutil.copytree(source, copy)
        (copy / ".git").mkdir(exist_ok=True)
    done = subprocess.run(
        [sys.executable, "-m", "tzcompat", "migrate", "--write", "--no-progress", "-q"]
        + (["--unsafe-fixes"] if unsafe else [])
        + [str(after / p) for p in suite.migrate],
        capture_output=True,
        text=True,
        timeout=1800,
    )
    summary = done.stderr.strip().splitlines()[-1] if done.stderr.strip() else ""
    old = _pytest(python, before, suite, work / "before.xml")
    new = _pytest(python, after, suite, work / "after.xml")
    mode = " (--unsafe-fixes)" if unsafe else ""
    lines = [f"## {project.slug}{mode}", f"migration: {summary}", f"before: {old.counts}"]
    if done.returncode:
        lines.append(f"MIGRATION FAILED (exit {done.returncode}): {done.stderr.strip()[-2000:]}")
    lines.append(f"after:  {new.counts}")
    found, tally = _attribute(python, after, suite, old, new, work, "new failure")
    lines += found
    for test in sorted(set(old.failed) - set(new.failed)):
        lines.append(f"  fixed by the migration: {test}")
    lines.append(
        f"new failures: {len(found)}; at a marked site (traceback): {tally['traceback']};"
        f" ran a marked site: {tally['ran']}; not marked: {tally['none']}"
    )
    if not with_fixes:
        return "\n".join(lines), True
    recorded = fixes.FIXES.get(name, ())
    shutil.copytree(after, fixed)
    try:
        lines += _apply_fixes(recorded, after, fixed, _index(after.resolve()))
    except FixError as error:
        lines.append(f"FIXES FAILED: {error}")
        return "\n".join(lines), False
    if not recorded:
        lines.append(f"  (no recorded fixes for {name})")
    out = _pytest(python, fixed, suite, work / "fixed.xml")
    lines.append(f"fixed:  {out.counts}")
    left, tally = _attribute(python, fixed, suite, old, out, work, "remaining")
    lines += left
    repaired = set(new.failed) - set(old.failed) - set(out.failed)
    lines.append(
        f"remaining new failures: {len(left)}; at a marked site (traceback):"
        f" {tally['traceback']}; ran a marked site: {tally['ran']}; not marked:"
        f" {tally['none']} (the fixes repaired {len(repaired)} of {len(found)})"
    )
    return "\n".join(lines), True


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("projects", nargs="*", default=sorted(SUITES))
    parser.add_argument("--work", default="/tmp/tzcompat-suites", type=Path)
    parser.add_argument(
        "--fixes",
        action="store_true",
        help="also run the suite on fixed/: the migrated copy with the fixes of fixes.py",
    )
    parser.add_argument(
        "--unsafe-fixes",
        action="store_true",
        help="migrate with --unsafe-fixes (into unsafe/) and no human fix",
    )
    args = parser.parse_args(argv)
    if args.fixes and args.unsafe_fixes:
        parser.error("--fixes applies to the plain migration; run --unsafe-fixes on its own")
    ok = True
    for name in args.projects:
        text, applied = run_project(name, args.work, args.fixes, args.unsafe_fixes)
        print(text, flush=True)
        ok = ok and applied
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
