"""Run corpus projects' own test suites before and after a whole-package migration.

    python tests/migrate/corpus/suites.py [PROJECT ...] [--work DIR]

Not part of the test suite (it installs each project's dependencies from PyPI into a scratch
venv). For each project: copy the release twice, migrate one copy (package and tests) with
``python -m tzcompat migrate --write``, run pytest on both copies in the same venv, and print
pass/fail counts, the tests that fail only after the migration, and for each of those whether
a frame of its traceback is a statement the codemod marked (``# tzcompat-migrate[...]``).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import venv
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import _corpus  # noqa: E402

MARK = "tzcompat-migrate["


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
}


@dataclass
class Outcome:
    counts: dict[str, int] = field(default_factory=dict)
    failed: dict[str, str] = field(default_factory=dict)  # test id -> failure text


def _venv(work: Path, suite: Suite) -> Path:
    python = work / "venv" / "bin" / "python"
    if not python.exists():
        venv.EnvBuilder(with_pip=True).create(work / "venv")
        subprocess.run(
            [str(python), "-m", "pip", "install", "-q", *suite.deps], check=True, timeout=900
        )
    return python


def _pytest(python: Path, base: Path, suite: Suite, report: Path) -> Outcome:
    env = {**os.environ, "PYTHONPATH": str(base / suite.pythonpath), "PYTHONDONTWRITEBYTECODE": "1"}
    env.pop("PYTEST_ADDOPTS", None)
    argv = [str(python), "-m", "pytest", "-q", "-p", "no:cacheprovider", f"--junitxml={report}"]
    argv += ["-o", "addopts=", *suite.tests]
    subprocess.run(argv, cwd=base, env=env, capture_output=True, text=True, timeout=1800)
    outcome = Outcome({"passed": 0, "failed": 0, "error": 0, "skipped": 0})
    for case in ET.parse(report).getroot().iter("testcase"):
        test = f"{case.get('classname')}::{case.get('name')}"
        bad = case.find("failure")
        if bad is None:
            bad = case.find("error")
        if bad is not None:
            outcome.counts["failed" if bad.tag == "failure" else "error"] += 1
            outcome.failed[test] = (bad.get("message") or "") + "\n" + (bad.text or "")
        elif case.find("skipped") is not None:
            outcome.counts["skipped"] += 1
        else:
            outcome.counts["passed"] += 1
    return outcome


def _marked(path: Path, row: int) -> bool:
    """Whether the statement at ``row`` (1-based) has a marker comment above it or on it."""
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
            found.append((path, int(match.group(2))))
    for match in re.finditer(r'File "([^"]+\.py)", line (\d+)', text):
        path = Path(match.group(1))
        if base in path.resolve().parents:
            found.append((path, int(match.group(2))))
    return found


def run_project(name: str, work_root: Path) -> str:
    project = next(p for p in _corpus.read_manifest() if p.name == name)
    suite = SUITES[name]
    source = _corpus.fetch(project)
    work = work_root / project.slug
    work.mkdir(parents=True, exist_ok=True)
    python = _venv(work, suite)
    before, after = work / "before", work / "after"
    for copy in (before, after):
        if copy.exists():
            shutil.rmtree(copy)
        shutil.copytree(source, copy)
        (copy / ".git").mkdir(exist_ok=True)
    done = subprocess.run(
        [sys.executable, "-m", "tzcompat", "migrate", "--write", "--no-progress", "-q"]
        + [str(after / p) for p in suite.migrate],
        capture_output=True,
        text=True,
        timeout=1800,
    )
    summary = done.stderr.strip().splitlines()[-1] if done.stderr.strip() else ""
    old = _pytest(python, before, suite, work / "before.xml")
    new = _pytest(python, after, suite, work / "after.xml")
    lines = [f"## {project.slug}", f"migration: {summary}", f"before: {old.counts}"]
    lines.append(f"after:  {new.counts}")
    for test in sorted(set(new.failed) - set(old.failed)):
        frames = _frames(new.failed[test], after.resolve())
        marked = [f"{p.relative_to(after.resolve())}:{r}" for p, r in frames if _marked(p, r)]
        where = f"marked at {', '.join(marked)}" if marked else "NOT at a marked site"
        first = new.failed[test].strip().splitlines()[0][:160] if new.failed[test].strip() else ""
        lines.append(f"  new failure {test}: {where}\n      {first}")
    for test in sorted(set(old.failed) - set(new.failed)):
        lines.append(f"  fixed by the migration: {test}")
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("projects", nargs="*", default=sorted(SUITES))
    parser.add_argument("--work", default="/tmp/tzcompat-suites", type=Path)
    args = parser.parse_args(argv)
    for name in args.projects:
        print(run_project(name, args.work), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
