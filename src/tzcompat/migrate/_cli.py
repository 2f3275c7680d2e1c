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
import time
import tokenize
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO

from . import _project

INSTALL_HINT = (
    "tzcompat migrate needs LibCST: pip install libcst "
    "(or, in a tzcompat checkout: pip install '.[migrate]')"
)

# Directories that never hold code to migrate (tooling, caches, installed packages).
_SKIP_DIRS = {
    ".git", ".hg", ".svn", ".tox", ".nox", ".venv", "venv", "__pycache__", "node_modules",
    "site-packages", ".mypy_cache", ".pytest_cache", ".ruff_cache", "build", "dist",
}  # fmt: skip


def _parser(prog: str = "python -m tzcompat migrate") -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=prog,
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
        "-j", "--jobs", type=_jobs, default=os.cpu_count() or 1, metavar="N",
        help="files processed in parallel by N processes (default: the number of CPUs); "
        "the output order does not depend on it",
    )  # fmt: skip
    parser.add_argument(
        "--format", action="store_true",
        help="also run the project's own formatter (ruff format or black, whichever its "
        "configuration names) on the changed files",
    )  # fmt: skip
    parser.add_argument(
        "--no-style", action="store_false", dest="style",
        help="do not sort the added imports or wrap changed lines to the project's settings",
    )  # fmt: skip
    _project.add_arguments(parser)  # --helpers, --inline-helpers, --index
    parser.add_argument(
        "-v", "--verbose", action="store_true", help="also list every plain rewrite"
    )
    parser.add_argument(
        "-q", "--quiet", action="store_true", help="print only errors and the summary"
    )
    return parser


def _jobs(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError("must be 1 or more")
    return value


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
    seconds: float = 0.0


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


@dataclass(frozen=True)
class _Options:
    """What each worker needs; picklable, sent once to every worker process."""

    mode: str
    style: bool = True
    format: bool = False
    # keyword arguments for migrate_source (project index, helper placement, ...)
    migrate_kwargs: dict[str, object] = field(default_factory=dict)


@dataclass
class _FileResult:
    """One file's outcome, built in a worker and reported by the parent in input order."""

    path: Path
    code: str | None = None
    encoding: str = "utf-8"
    changed: bool = False
    diff: str = ""
    findings: list[tuple[int, int, str, str, str]] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    uses_helpers: bool = False  # imports the shared helper module


_WORKER_OPTIONS: _Options | None = None


def _init_worker(options: _Options) -> None:
    global _WORKER_OPTIONS
    _WORKER_OPTIONS = options


def _work(path: Path) -> _FileResult:
    assert _WORKER_OPTIONS is not None
    return _process(path, _WORKER_OPTIONS)


def _process(path: Path, options: _Options) -> _FileResult:
    """Migrate, restyle and (optionally) format one file; never raises."""
    import libcst

    from . import _style
    from ._codemod import migrate_source

    out = _FileResult(path)
    text = ""
    try:
        text, out.encoding, _ = _read(path)
        kwargs = dict(options.migrate_kwargs)
        plan = kwargs.pop("plan", None)
        if isinstance(plan, _project.Plan):  # per-file: module name, helper module
            kwargs.update(plan.kwargs_for(path))
        result = migrate_source(text, **kwargs)  # type: ignore[arg-type]
    except libcst.ParserSyntaxError as exc:
        out.errors.append(f"{path}:{_syntax_error(text, path, exc)}")
        return out
    except (OSError, UnicodeDecodeError, SyntaxError) as exc:
        out.errors.append(f"{path}: cannot read: {exc}")
        return out
    except Exception as exc:  # noqa: BLE001 - one bad file must not stop a tree
        out.errors.append(f"{path}: internal error, file left unchanged: {exc!r}")
        return out
    out.findings = [(f.line, f.column, f.kind, f.code, f.message) for f in result.findings]
    out.uses_helpers = result.helpers_module is not None
    if not result.changed:
        return out
    code = result.code
    if options.style or options.format:
        style = _style.find_style(path)
        if options.style:
            try:
                code = _style.restyle(text, code, style)
            except Exception as exc:  # noqa: BLE001 - keep the unstyled rewrite
                out.errors.append(f"{path}: internal error in restyling: {exc!r}")
        if options.format:
            try:
                code = _style.format_source(code, path, style)
            except _style.FormatError as exc:
                out.errors.append(f"{path}: --format: {exc}")
    out.code, out.changed = code, code != text
    if out.changed and options.mode == "diff":
        shown = path.as_posix().lstrip("/")
        lines = difflib.unified_diff(
            text.splitlines(keepends=True),
            code.splitlines(keepends=True),
            fromfile=f"a/{shown}",
            tofile=f"b/{shown}",
        )
        out.diff = "".join(line if line.endswith("\n") else line + "\n" for line in lines)
    return out


def _results(files: list[Path], options: _Options, jobs: int) -> Iterator[_FileResult]:
    """The per-file results in the order of ``files``, computed by ``jobs`` processes."""
    # a worker costs an interpreter start and a LibCST import: not worth it for a few files
    if jobs <= 1 or len(files) < 2 * jobs:
        for path in files:
            yield _process(path, options)
        return
    from concurrent.futures import ProcessPoolExecutor

    chunk = max(1, min(8, len(files) // (jobs * 8)))
    with ProcessPoolExecutor(jobs, initializer=_init_worker, initargs=(options,)) as pool:
        yield from pool.map(_work, files, chunksize=chunk)


def run(
    argv: Sequence[str],
    stdout: TextIO | None = None,
    stderr: TextIO | None = None,
    prog: str = "python -m tzcompat migrate",
) -> int:
    """The command itself; ``main`` adds the LibCST check. Returns the exit status."""
    stdout = stdout or sys.stdout
    stderr = stderr or sys.stderr
    args = _parser(prog).parse_args(list(argv))
    mode = args.mode or "diff"
    started = time.perf_counter()

    files = list(iter_python_files(args.paths, args.exclude))
    for raw in args.paths:
        if not Path(raw).exists():
            files = [f for f in files if f != Path(raw)]
    summary = _Summary()
    for raw in args.paths:
        if not Path(raw).exists():
            summary.errors.append(f"{raw}: no such file or directory")
    more = list(iter_python_files(args.index, args.exclude)) if args.index else []
    plan = _project.plan_from_args(args, files, more)
    options = _Options(
        mode=mode, style=args.style, format=args.format, migrate_kwargs={"plan": plan}
    )
    helper_files: set[Path] = set()
    show = args.progress if args.progress is not None else stderr.isatty() and len(files) >= 20
    progress = _Progress(len(files), stderr, bool(show))
    for done, result in enumerate(_results(files, options, args.jobs), 1):
        summary.files += 1
        summary.errors.extend(result.errors)
        for line, column, kind, code, message in result.findings:
            if kind == "marker":
                summary.markers += 1
            elif kind == "note":
                summary.notes += 1
            else:
                summary.rewrites += 1
            if kind != "rewrite" or args.verbose:
                summary.report.append(f"{result.path}:{line}:{column}: {kind} [{code}] {message}")
        if result.uses_helpers:
            helper_files.add(plan.helper_file_for(result.path))  # type: ignore[arg-type]
        if result.changed and result.code is not None:
            summary.changed.append(result.path)
            if mode == "diff":
                stdout.write(result.diff)
            elif mode == "write":
                with open(result.path, "w", encoding=result.encoding, newline="") as f:
                    f.write(result.code)
        progress.update(done)
    progress.close()
    _write_helpers(sorted(helper_files), mode, summary, stdout)
    summary.seconds = time.perf_counter() - started
    return _finish(summary, mode, args.quiet, stderr)


def _write_helpers(paths: list[Path], mode: str, summary: _Summary, stdout: TextIO) -> None:
    """Create (or bring up to date) the shared helper modules the rewritten files import.

    A file at that path that this command did not write is the user's: it is kept."""
    from ._helpers import MODULE_HEADER, module_source

    text = module_source()
    for path in paths:
        old = path.read_text(encoding="utf-8") if path.exists() else None
        if old == text or (old is not None and not old.startswith(MODULE_HEADER[:60])):
            continue
        summary.changed.append(path)
        verb = "created" if old is None else "updated"
        summary.report.append(f"{path}: {verb}: the helpers the rewritten modules import")
        if mode == "diff":
            shown = path.as_posix().lstrip("/")
            lines = difflib.unified_diff(
                (old or "").splitlines(keepends=True),
                text.splitlines(keepends=True),
                fromfile=f"a/{shown}" if old is not None else "/dev/null",
                tofile=f"b/{shown}",
            )
            stdout.write("".join(lines))
        elif mode == "write":
            path.parent.mkdir(parents=True, exist_ok=True)
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)


def _rate(files: int, seconds: float) -> str:
    rate = files / max(seconds, 1e-6)
    return f"{rate:.1f}" if rate < 10 else f"{rate:.0f}"


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
        + (f", {len(summary.errors)} error{'s' * (len(summary.errors) != 1)}"
           if summary.errors else "")
        + f" ({_rate(summary.files, summary.seconds)} files/s)\n"
    )
    if summary.errors:
        return 1
    if mode == "check" and summary.changed:
        return 1
    return 0


def main(argv: Sequence[str] | None = None, prog: str = "python -m tzcompat migrate") -> int:
    """Entry point for ``python -m tzcompat migrate`` and ``python -m tzcompat.migrate``."""
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        import libcst  # noqa: F401
    except ImportError:
        # Help and usage errors need no LibCST; only running the codemod does.
        _parser(prog).parse_args(argv)
        print(INSTALL_HINT, file=sys.stderr)
        return 2
    return run(argv, prog=prog)
