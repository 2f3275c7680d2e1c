"""Marker density of the codemod on the fetched corpus: markers per 1,000 changed lines.

    python tests/migrate/corpus/density.py [--unsafe-fixes] [--json] [PROJECT ...]

Each fetched MANIFEST project (or the named ones) is copied to a scratch folder and migrated
as one tree with ``--write``. A *changed line* is a line of code the migration added or
rewrote in the project's own files: the ``+`` lines of a unified diff of each file, minus the
marker comments (a ``# tzcompat-migrate[...]`` line and its wrapped continuation lines). The
shared helper module the run creates (``_tzmigrate.py``) is not counted. A *marker* is one
``tzcompat-migrate[`` comment in the output. Projects not in the cache are skipped
(``fetch.py`` fetches them).
"""

from __future__ import annotations

import argparse
import difflib
import io
import json
import shutil
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import _corpus  # noqa: E402

MARK = "# tzcompat-migrate["


def changed_lines(before: str, after: str) -> tuple[int, int]:
    """(changed code lines, markers) between one file's text before and after."""
    added = [
        line[1:]
        for line in difflib.unified_diff(before.splitlines(), after.splitlines(), lineterm="", n=0)
        if line.startswith("+") and not line.startswith("+++")
    ]
    code = markers = 0
    in_marker = ""
    for line in added:
        stripped = line.lstrip()
        if stripped.startswith(MARK):
            markers += 1
            in_marker = line[: len(line) - len(stripped)] + "#  "  # a wrapped marker's lines
            continue
        if in_marker and line.startswith(in_marker):
            continue
        in_marker = ""
        if stripped:
            code += 1
    return code, markers


def measure(project: _corpus.Project, unsafe: bool) -> dict[str, object]:
    from tzcompat.migrate._cli import run

    files = _corpus.python_files(project, _corpus.root(project))
    with tempfile.TemporaryDirectory(prefix="tzcompat-density-") as scratch:
        base = Path(scratch)
        for rel in files:
            (base / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(_corpus.root(project) / rel, base / rel)
        (base / ".git").mkdir()
        argv = ["--write", "--jobs", "2", "--no-progress", "-q", str(base)]
        if unsafe:
            argv.insert(1, "--unsafe-fixes")
        run(argv, stdout=io.StringIO(), stderr=io.StringIO())
        code = markers = rewritten = 0
        by_code: dict[str, int] = {}
        for rel in files:
            old = (_corpus.root(project) / rel).read_text("utf-8", errors="replace")
            new = (base / rel).read_text("utf-8", errors="replace")
            if old == new:
                continue
            rewritten += 1
            lines, marks = changed_lines(old, new)
            code += lines
            markers += marks
            for line in new.splitlines():
                start = line.find(MARK)
                if start >= 0:
                    name = line[start + len(MARK) :].split("]", 1)[0]
                    by_code[name] = by_code.get(name, 0) + 1
    return {
        "project": project.slug,
        "files": rewritten,
        "changed": code,
        "markers": markers,
        "by_code": dict(sorted(by_code.items())),
    }


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("projects", nargs="*", help="project names (default: all fetched)")
    parser.add_argument("--unsafe-fixes", action="store_true", help="migrate with --unsafe-fixes")
    parser.add_argument("--json", action="store_true", help="one JSON line per project")
    args = parser.parse_args(argv)
    wanted = {p.lower() for p in args.projects}
    total_code = total_markers = 0
    totals: dict[str, int] = {}
    for project in _corpus.read_manifest():
        if wanted and project.name.lower() not in wanted:
            continue
        if not _corpus.is_fetched(project):
            print(f"{project.slug}: not fetched, skipped", file=sys.stderr)
            continue
        row = measure(project, args.unsafe_fixes)
        total_code += int(row["changed"])  # type: ignore[call-overload]
        total_markers += int(row["markers"])  # type: ignore[call-overload]
        for name, count in row["by_code"].items():  # type: ignore[attr-defined]
            totals[name] = totals.get(name, 0) + count
        if args.json:
            print(json.dumps(row))
        else:
            print(f"{row['project']:32} {row['changed']:6} changed {row['markers']:5} markers")
    density = 1000 * total_markers / total_code if total_code else 0.0
    mode = "--unsafe-fixes" if args.unsafe_fixes else "default"
    print(
        f"total ({mode}): {total_markers} markers / {total_code} changed lines = "
        f"{density:.1f} per 1,000"
    )
    print("by marker: " + ", ".join(f"{k} {v}" for k, v in sorted(totals.items())))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
