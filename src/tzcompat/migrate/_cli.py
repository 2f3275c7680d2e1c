"""``python -m tzcompat migrate PATH... [--diff | --write | --check]``.

This module imports nothing outside the standard library at import time: LibCST is an optional
extra, so ``main`` imports the codemod lazily and prints an install hint when it is missing.
"""

from __future__ import annotations

import argparse
import ast
import difflib
import fnmatch
import os
import sys
import tokenize
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO

INSTALL_HINT = "tzcompat migrate needs LibCST: pip install 'tzcompat[migrate]'"

# Directories that never hold code to migrate (tooling, caches, installed packages).
_SKIP_DIRS = {
    ".git", ".hg", ".svn", ".tox", ".nox", ".venv", "venv", "__pycache__", "node_modules",
    "site-packages", ".mypy_cache", ".pytest_cache", ".ruff_cache", "build", "dist",
}  # fmt: skip


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m tzcompat migrate",
        description="Rewrite pytz and dateutil.tz usage to zoneinfo/datetime (standard library). "
        "Sites whose meaning cannot be kept are left as they are, with a "
        "'# tzcompat-migrate[...]' comment and a line in the report.",
    )
    parser.add_argument("paths", nargs="+", metavar="PATH", help="files or directories")
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument(
        "--diff", action="store_const", const="diff", dest="mode",
        help="print a unified diff of the changes (the default)",
    )  # fmt: skip
    mode.add_argument(
        "--write", action="store_const", const="write", dest="mode",
        help="rewrite the files in place",
    )  # fmt: skip
    mode.add_argument(
        "--check", action="store_const", const="check", dest="mode",
        help="change nothing; exit 1 if any file would change (for CI)",
    )  # fmt: skip
    parser.add_argument(
        "--exclude", action="append", default=[], metavar="GLOB",
        help="skip paths matching GLOB (repeatable; matched against the path and each part)",
    )  # fmt: skip
    progress = parser.add_mutually_exclusive_group()
    progress.add_argument(
        "--progress", action="store_true", default=None,
        help="always show the progress bar on stderr",
    )  # fmt: skip
    progress.add_argument(
        "--no-progress", action="store_false", dest="progress", help="never show it"
    )
    parser.add_argument(
        "-v", "--verbose", action="store_true", help="also list every plain rewrite"
    )
    parser.add_argument(
        "-q", "--quiet", action="store_true", help="print only errors and the summary"
    )
    return parser


def _excluded(path: Path, patterns: Sequence[str]) -> bool:
    text = path.as_posix()
    return any(
        fnmatch.fnmatch(text, pat) or any(fnmatch.fnmatch(part, pat) for part in path.parts)
        for pat in patterns
    )


def iter_python_files(paths: Sequence[str], exclude: Sequence[str] = ()) -> Iterator[Path]:
    """The ``.py`` files under ``paths``, in a stable order, without duplicates."""
    seen: set[Path] = set()
    for raw in paths:
        root = Path(raw)
        if root.is_dir():
            found: list[Path] = []
            for dirpath, dirnames, filenames in os.walk(root):
                base = Path(dirpath)
                dirnames[:] = sorted(
                    d
                    for d in dirnames
                    if d not in _SKIP_DIRS
                    and not d.endswith(".egg-info")
                    and not _excluded(base / d, exclude)
                )
                found.extend(
                    base / f
                    for f in sorted(filenames)
                    if f.endswith((".py", ".pyi")) and not _excluded(base / f, exclude)
                )
            candidates: list[Path] = found
        else:
            candidates = [root]  # an explicit file is taken whatever its suffix
        for path in candidates:
            key = path.resolve()
            if key not in seen:
                seen.add(key)
                yield path


class _Progress:
    """A one-line bar on stderr, redrawn at most every 1% so it costs nothing on big trees."""

    def __init__(self, total: int, stream: TextIO, enabled: bool) -> None:
        self.total, self.stream, self.enabled = total, stream, enabled and total > 0
        self._last = -1

    def update(self, done: int) -> None:
        if not self.enabled:
            return
        percent = done * 100 // self.total
        if percent == self._last and done != self.total:
            return
        self._last = percent
        width = 30
        filled = width * done // self.total
        bar = "#" * filled + "-" * (width - filled)
        self.stream.write(f"\r[{bar}] {done}/{self.total} files")
        self.stream.flush()

    def close(self) -> None:
        if self.enabled:
            self.stream.write("\n")
            self.stream.flush()


@dataclass
class _Summary:
    files: int = 0
    changed: list[Path] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    report: list[str] = field(default_factory=list)
    markers: int = 0
    notes: int = 0
    rewrites: int = 0


def _read(path: Path) -> tuple[str, str, str]:
    """(text, encoding, newline) with the encoding Python itself would use (PEP 263)."""
    with open(path, "rb") as f:
        encoding, _ = tokenize.detect_encoding(f.readline)
    with open(path, encoding=encoding, newline="") as f:
        text = f.read()
    newline = "\r\n" if "\r\n" in text else "\n"
    return text, encoding, newline


def _syntax_error(text: str, path: Path, exc: Exception) -> str:
    """``line:col: cannot parse: why``, from CPython's own parser when it agrees (its
    positions and wording are the ones users know), else from LibCST's."""
    try:
        compile(text, str(path), "exec", flags=ast.PyCF_ONLY_AST, dont_inherit=True)
    except SyntaxError as err:
        return f"{err.lineno}:{err.offset or 1}: cannot parse: {err.msg}"
    line = getattr(exc, "editor_line", 0)
    column = getattr(exc, "editor_column", 0)
    message = getattr(exc, "message", str(exc))
    return f"{line}:{column}: cannot parse: {message}"


def run(
    argv: Sequence[str],
    stdout: TextIO | None = None,
    stderr: TextIO | None = None,
) -> int:
    """The command itself; ``main`` adds the LibCST check. Returns the exit status."""
    stdout = stdout or sys.stdout
    stderr = stderr or sys.stderr
    args = _parser().parse_args(list(argv))
    mode = args.mode or "diff"

    import libcst

    from ._codemod import migrate_source

    files = list(iter_python_files(args.paths, args.exclude))
    for raw in args.paths:
        if not Path(raw).exists():
            files = [f for f in files if f != Path(raw)]
    summary = _Summary()
    for raw in args.paths:
        if not Path(raw).exists():
            summary.errors.append(f"{raw}: no such file or directory")
    show = args.progress if args.progress is not None else stderr.isatty() and len(files) >= 20
    progress = _Progress(len(files), stderr, bool(show))
    for done, path in enumerate(files, 1):
        summary.files += 1
        try:
            text, encoding, newline = _read(path)
            result = migrate_source(text)
        except libcst.ParserSyntaxError as exc:
            summary.errors.append(f"{path}:{_syntax_error(text, path, exc)}")
            progress.update(done)
            continue
        except (OSError, UnicodeDecodeError, SyntaxError) as exc:
            summary.errors.append(f"{path}: cannot read: {exc}")
            progress.update(done)
            continue
        except Exception as exc:  # noqa: BLE001 - one bad file must not stop a tree
            summary.errors.append(f"{path}: internal error, file left unchanged: {exc!r}")
            progress.update(done)
            continue
        for finding in result.findings:
            if finding.kind == "marker":
                summary.markers += 1
            elif finding.kind == "note":
                summary.notes += 1
            else:
                summary.rewrites += 1
            if finding.kind != "rewrite" or args.verbose:
                summary.report.append(
                    f"{path}:{finding.line}:{finding.column}: {finding.kind} "
                    f"[{finding.code}] {finding.message}"
                )
        if result.changed:
            summary.changed.append(path)
            if mode == "diff":
                diff = difflib.unified_diff(
                    text.splitlines(keepends=True),
                    result.code.splitlines(keepends=True),
                    fromfile=f"a/{path.as_posix().lstrip('/')}",
                    tofile=f"b/{path.as_posix().lstrip('/')}",
                )
                for line in diff:
                    stdout.write(line if line.endswith("\n") else line + "\n")
            elif mode == "write":
                with open(path, "w", encoding=encoding, newline="") as f:
                    f.write(result.code)
        progress.update(done)
    progress.close()
    return _finish(summary, mode, args.quiet, stderr)


def _finish(summary: _Summary, mode: str, quiet: bool, stderr: TextIO) -> int:
    if not quiet:
        for line in summary.report:
            stderr.write(line + "\n")
    for line in summary.errors:
        stderr.write(f"error: {line}\n")
    verb = {"write": "rewritten", "diff": "would be rewritten", "check": "would be rewritten"}
    stderr.write(
        f"{len(summary.changed)} of {summary.files} files {verb[mode]}; "
        f"{summary.markers} sites marked for review, {summary.notes} notes"
        + (f", {len(summary.errors)} errors" if summary.errors else "")
        + "\n"
    )
    if summary.errors:
        return 1
    if mode == "check" and summary.changed:
        return 1
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point for ``python -m tzcompat migrate`` and ``python -m tzcompat.migrate``."""
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        import libcst  # noqa: F401
    except ImportError:
        if any(a in ("-h", "--help") for a in argv):
            _parser().print_help()
        print(INSTALL_HINT, file=sys.stderr)
        return 2
    return run(argv)
