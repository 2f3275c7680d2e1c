"""``python -m tzcompat migrate PATH... [--diff | --write | --check]``.

This module imports nothing outside the standard library at import time: LibCST is an optional
extra, so ``main`` imports the codemod lazily and prints an install hint when it is missing.
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import dataclasses
import difflib
import fnmatch
import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
import time
import tokenize
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from . import _cache, _plan, _project, _report, _style

INSTALL_HINT = (
    "tzcompat migrate needs LibCST: pip install libcst "
    "(or, in a tzcompat checkout: pip install -e '.[migrate]')"
)

# Directories that never hold code to migrate (tooling, caches, installed packages).
_SKIP_DIRS = {
    ".git", ".hg", ".svn", ".tox", ".nox", ".venv", "venv", "__pycache__", "node_modules",
    "site-packages", ".mypy_cache", ".pytest_cache", ".ruff_cache", "build", "dist",
    _cache.DEFAULT_DIR,
}  # fmt: skip


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        # One line (argparse would print the whole usage first), as the tzcompat command does.
        message = "".join(c if c.isprintable() else repr(c)[1:-1] for c in message)
        self.exit(2, f"{self.prog}: error: {message} (see --help)\n")


def _parser(prog: str = "python -m tzcompat migrate") -> argparse.ArgumentParser:
    parser = _Parser(
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
        help="do not place the added imports or wrap the codemod's comments to the "
        "project's settings",
    )  # fmt: skip
    _plan.add_arguments(parser)  # --helpers, --inline-helpers, --index
    parser.add_argument(
        "--select", action="append", metavar="CODES",
        help="report (and mark) only these codes: comma-separated, prefixes allowed "
        "(TZM1 = every marker); repeatable",
    )  # fmt: skip
    parser.add_argument(
        "--ignore", action="append", metavar="CODES",
        help="do not report (or mark) these codes (prefixes allowed); rewrites are always made",
    )  # fmt: skip
    parser.add_argument(
        "--unsafe-fixes", action="store_true",
        help="at marked sites with a documented replacement, write it (reported as 'fix')",
    )  # fmt: skip
    parser.add_argument(
        "--output-format", choices=_report.FORMATS, default="text",
        help="the report's format: text (stderr), or json, sarif, github (stdout; no diff)",
    )  # fmt: skip
    parser.add_argument(
        "--cache-dir", default=os.environ.get("TZCOMPAT_CACHE_DIR", _cache.DEFAULT_DIR),
        metavar="DIR",
        help=f"where results are cached between runs (default: {_cache.DEFAULT_DIR})",
    )  # fmt: skip
    parser.add_argument("--no-cache", action="store_true", help="read and analyse every file again")
    parser.add_argument(  # the benchmark's reference run: no file skipped by the first pass
        "--no-prefilter", action="store_true", help=argparse.SUPPRESS
    )
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
    records: list[_report.Record] = field(default_factory=list)
    escapes: set[str] = field(default_factory=set)
    problems: list[_report.Problem] = field(default_factory=list)
    #: the shared helper modules the run creates or updates (also in ``changed``), with
    #: "create" or "update"
    helpers: list[tuple[Path, str]] = field(default_factory=list)
    markers: int = 0
    notes: int = 0
    rewrites: int = 0
    seconds: float = 0.0

    def error(self, path: str, message: str) -> None:
        self.errors.append(f"{path}: {message}" if path else message)
        self.problems.append(_report.Problem(path, message))


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
    except ValueError as err:  # null bytes (a SyntaxError from 3.12 on)
        return f"1:1: cannot parse: {err}"
    line = getattr(exc, "editor_line", 0)
    column = getattr(exc, "editor_column", 0)
    message = getattr(exc, "message", str(exc))
    return f"{line}:{column}: cannot parse: {message}"


@dataclass(frozen=True)
class _Options:
    """What each worker needs; picklable, sent with every batch of files."""

    mode: str
    style: bool = True
    format: bool = False
    plan: _plan.Plan | None = None
    select: tuple[str, ...] | None = None
    ignore: tuple[str, ...] = ()
    unsafe_fixes: bool = False

    def fingerprint(self) -> str:
        """What, besides a file's bytes, its result depends on (for the cache key)."""
        plan = self.plan
        parts = [
            repr((self.style, self.format, self.select, self.ignore, self.unsafe_fixes)),
            repr((plan.helpers_file, plan.inline, plan.index.partial) if plan else None),
        ]
        if plan is not None:
            index = plan.index
            parts.extend(sorted(f"{m}:{index.stamps.get(m, '')}" for m in index.modules))
        return hashlib.blake2b("\n".join(parts).encode(), digest_size=16).hexdigest()


@dataclass
class _FileResult:
    """One file's outcome, built in a worker and reported by the parent in input order."""

    path: Path
    code: str | None = None
    encoding: str = "utf-8"
    changed: bool = False
    diff: str = ""
    #: (line, column, kind, name, message, fix) of each finding
    findings: list[tuple[int, int, str, str, str, str | None]] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    uses_helpers: bool = False  # imports the shared helper module
    #: modules outside the run that receive this module's zones
    escapes: list[str] = field(default_factory=list)

    def to_cache(self) -> dict[str, object]:
        return {
            "code": self.code, "encoding": self.encoding, "changed": self.changed,
            "findings": self.findings, "errors": self.errors, "helpers": self.uses_helpers,
            "escapes": self.escapes,
        }  # fmt: skip

    @classmethod
    def from_cache(cls, path: Path, data: dict[str, object]) -> _FileResult:
        return cls(
            path,
            code=data["code"],  # type: ignore[arg-type]
            encoding=data["encoding"],  # type: ignore[arg-type]
            changed=bool(data["changed"]),
            findings=[tuple(f) for f in data["findings"]],  # type: ignore[attr-defined]
            errors=list(data["errors"]),  # type: ignore[call-overload]
            uses_helpers=bool(data["helpers"]),
            escapes=list(data.get("escapes", ())),  # type: ignore[call-overload]
        )


def _process(path: Path, options: _Options) -> _FileResult:
    """Migrate, restyle and (optionally) format one file; never raises."""
    import libcst

    from ._driver import migrate_source

    out = _FileResult(path)
    text = ""
    try:
        text, out.encoding, _ = _read(path)
        kwargs: dict[str, object] = {}
        if options.plan is not None:  # per-file: module name, helper module
            kwargs.update(options.plan.kwargs_for(path))
        result = migrate_source(
            text,
            select=options.select,
            ignore=options.ignore,
            unsafe_fixes=options.unsafe_fixes,
            **kwargs,  # type: ignore[arg-type]
        )
    except libcst.ParserSyntaxError as exc:
        out.errors.append(f"{path}:{_syntax_error(text, path, exc)}")
        return out
    except (OSError, UnicodeDecodeError, SyntaxError, LookupError) as exc:
        out.errors.append(f"{path}: cannot read: {exc}")
        return out
    except Exception as exc:  # noqa: BLE001 - one bad file must not stop a tree
        out.errors.append(f"{path}: internal error, file left unchanged: {exc!r}")
        return out
    out.findings = [
        (f.line, f.column, f.kind, f.code, f.message, getattr(f, "fix", None))
        for f in result.findings
    ]
    out.uses_helpers = result.helpers_module is not None
    out.escapes = list(getattr(result, "escapes", ()))
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
                code = _format(code, path, style)
            except _FormatError as exc:
                out.errors.append(f"{path}: --format: {exc}")
    try:
        ast.parse(code)
    except (SyntaxError, ValueError) as exc:  # never write code that does not parse
        out.errors.append(f"{path}: internal error, rewrite does not parse, left unchanged: {exc}")
        out.findings = []
        return out
    out.code, out.changed = code, code != text
    return out


class _FormatError(Exception):
    """The project's formatter is not configured, not installed, or failed."""


def _format(code: str, path: Path, style: _style.Style) -> str:
    """``code`` run through the project's own formatter (``ruff format`` or ``black``), as
    ``--format`` asks."""
    if style.formatter is None:
        raise _FormatError("the project configures no formatter ([tool.ruff.format] or black)")
    tool = style.formatter
    exe = shutil.which(tool)
    base = [exe] if exe else [sys.executable, "-m", tool]
    if tool == "ruff":
        argv = [*base, "format", "--stdin-filename", str(path), "-"]
    else:
        argv = [*base, "-q", "--stdin-filename", str(path), "-"]
    try:
        done = subprocess.run(
            argv, input=code, capture_output=True, text=True, cwd=style.root, timeout=120
        )
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise _FormatError(f"cannot run {tool}: {exc}") from None
    if done.returncode != 0:
        why = (done.stderr.strip().splitlines() or [f"exit status {done.returncode}"])[-1]
        raise _FormatError(f"{tool} failed: {why}")
    return done.stdout


def _diff(path: Path, text: str, code: str) -> str:
    shown = path.as_posix().lstrip("/")
    lines = difflib.unified_diff(
        text.splitlines(keepends=True),
        code.splitlines(keepends=True),
        fromfile=f"a/{shown}",
        tofile=f"b/{shown}",
    )
    return "".join(line if line.endswith("\n") else line + "\n" for line in lines)


def _scan_batch(batch: list[tuple[str, str, bool]], everything: bool) -> list[_project.FileScan]:
    return [
        _project.scan_file(path, module, package, everything=everything)
        for path, module, package in batch
    ]


def _process_batch(paths: list[Path], options: _Options) -> list[_FileResult]:
    return [_process(path, options) for path in paths]


def _batches(items: list[Any], jobs: int, most: int) -> list[list[Any]]:
    size = max(1, min(most, len(items) // (jobs * 4) or 1))
    return [items[i : i + size] for i in range(0, len(items), size)]


def _start_method() -> Any:
    """The pool's start method, chosen explicitly: ``fork`` (the fastest: the workers start
    with everything imported) only on Linux in a process with no other thread, where it is
    safe; else ``spawn``, which works everywhere, at the cost of a fresh interpreter per
    worker. Forking a process that runs threads can deadlock the child (Python 3.12 warns)."""
    import multiprocessing

    if sys.platform.startswith("linux") and _thread_count() == 1:
        return multiprocessing.get_context("fork")
    return multiprocessing.get_context("spawn")


def _thread_count() -> int:
    """This process's threads, as the OS counts them (C threads too), where it can tell."""
    try:
        return len(os.listdir("/proc/self/task"))
    except OSError:
        import threading

        return threading.active_count()


class _Runner:
    """Runs work in this process (one job, or too little work) or in a pool of ``jobs``."""

    def __init__(self, jobs: int) -> None:
        self.jobs = jobs
        self._pool: Any = None

    def map(self, func, batches: list[Any], *extra):  # type: ignore[no-untyped-def]
        if self.jobs <= 1 or len(batches) < 2:
            for batch in batches:
                yield from func(batch, *extra)
            return
        if self._pool is None:
            from concurrent.futures import ProcessPoolExecutor

            self._pool = ProcessPoolExecutor(self.jobs, mp_context=_start_method())
        futures = [self._pool.submit(func, batch, *extra) for batch in batches]
        for future in futures:
            yield from future.result()

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown()


def _scan_all(
    paths: list[Path], runner: _Runner, cache: _cache.Cache | None, everything: bool = False
) -> list[_project.FileScan]:
    """The first pass over every file: read, hash, classify, ``ast``-index what can matter."""
    names = _project.ModuleNames()
    scans: list[_project.FileScan | None] = [None] * len(paths)
    todo: list[tuple[int, tuple[str, str, bool]]] = []
    for i, path in enumerate(paths):
        module, package = names(path)
        if cache is not None:
            try:
                with open(path, "rb") as f:
                    data = f.read()
            except OSError:
                data = None
            if data is not None:
                key = cache.scan_key(_project.digest_of(data), module, package)
                found = cache.get_scan(key, str(path))
                if found is not None:
                    scans[i] = found
                    continue
                if runner.jobs <= 1:
                    scans[i] = _project.scan_file(path, module, package, data, everything)
                    cache.put_scan(scans[i])  # type: ignore[arg-type]
                    continue
        todo.append((i, (str(path), module, package)))
    batches = _batches([t for _, t in todo], runner.jobs, 64)
    for (i, _), scan in zip(todo, runner.map(_scan_batch, batches, everything), strict=True):
        scans[i] = scan
        if cache is not None:
            cache.put_scan(scan)
    return scans  # type: ignore[return-value]


def _index(scans: list[_project.FileScan], cache: _cache.Cache | None) -> _project.ProjectIndex:
    """The project index, with the files the text pass skipped brought in when one of them
    may take part in a zone's flow (a name that holds a zone, a re-export, a UTC alias)."""
    index = _project.index_from_scans(scans)
    done: set[str] = set()
    while True:
        # a name the text pass already looks for is in every file that was indexed
        flow = {n for n in index.flow_names - done if not _project.relevant_name(n)}
        done |= index.flow_names
        pattern = _project.words_pattern(flow)
        if pattern is None:
            return index
        added = False
        for i, scan in enumerate(scans):
            if scan.facts is None and scan.error is None and _project.mentions(scan.path, pattern):
                text = _project.decode(Path(scan.path).read_bytes())
                scan.facts = _project.scan_source(text, scan.module, scan.is_package)
                scan.relevant = True
                scans[i] = scan
                if cache is not None:
                    cache.put_scan(scan)
                added = True
        if added:
            index = _project.index_from_scans(scans)


def _codes() -> list[tuple[str, str, str]]:
    from ._codes import CODES

    return [(c.code, c.name, c.kind) for c in CODES.values()]


def _code_of(name: str) -> str:
    from ._codes import BY_NAME

    info = BY_NAME.get(name)
    return info.code if info is not None else name


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
    summary = _Summary()

    files = list(iter_python_files(args.paths, args.exclude))
    for raw in args.paths:
        if not Path(raw).exists():
            files = [f for f in files if f != Path(raw)]
            summary.error(raw, "no such file or directory")
        elif Path(raw).is_dir() and next(iter_python_files([raw], args.exclude), None) is None:
            # a mistyped path must not pass --check as "0 of 0 files" (exit status 2)
            summary.error(raw, "no Python file in this directory")
    more = list(iter_python_files(args.index, args.exclude)) if args.index else []
    migrated = {Path(os.path.abspath(p)) for p in files}
    extra = sorted({Path(os.path.abspath(p)) for p in more} - migrated)
    cache = None
    if not (args.no_cache or args.no_prefilter):
        cache = _cache.Cache.open(args.cache_dir, [*args.paths, *args.index])

    runner = _Runner(args.jobs)
    try:
        scans = _scan_all([*files, *extra], runner, cache, args.no_prefilter)
        index = _index(scans, cache)
        index.stamps = {s.module: s.digest for s in scans if s.facts is not None}
        index.partial = bool(args.exclude)
        plan = _plan.Plan(index, args.helpers, bool(args.inline_helpers))
        options = _Options(
            mode=mode,
            style=args.style,
            format=args.format,
            plan=plan,
            select=_codes_arg(args.select),
            ignore=_codes_arg(args.ignore) or (),
            unsafe_fixes=args.unsafe_fixes,
        )
        results = _migrate(files, scans[: len(files)], options, runner, cache, args.no_prefilter)
        show = args.progress if args.progress is not None else stderr.isatty() and len(files) >= 20
        progress = _Progress(len(files), stderr, bool(show))
        helper_files: dict[Path, Path] = {}  # the file itself -> as shown and written
        for done, result in enumerate(results, 1):
            _record(result, summary, args.verbose, mode, stdout, args.output_format)
            helper = plan.helper_file_for(result.path) if result.uses_helpers else None
            if helper is not None:
                helper_files.setdefault(helper.resolve(), _named_like(helper, result.path))
            progress.update(done)
        progress.close()
    finally:
        runner.close()
    if cache is not None:
        cache.save()
    diff_out = stdout if args.output_format == "text" else None
    _write_helpers(sorted(helper_files.values()), mode, summary, diff_out)
    summary.seconds = time.perf_counter() - started
    return _finish(summary, mode, args, stdout, stderr)


def _named_like(helper: Path, user: Path) -> Path:
    """``helper`` named the way the user named the file that imports it: relative to the
    working directory when that file was, so that the diff's ``b/<path>`` (``git apply`` at the
    same place), the JSON ``changed`` list and the report name it as they name the other files.
    An absolute path stays absolute, as the files given that way are shown."""
    if helper.is_absolute() and not user.is_absolute():
        with contextlib.suppress(ValueError):  # Windows: another drive has no relative path
            return Path(os.path.relpath(helper))
    return helper


def _codes_arg(values: list[str] | None) -> tuple[str, ...] | None:
    if values is None:
        return None
    return tuple(c.strip() for v in values for c in v.split(",") if c.strip())


def _migrate(
    files: list[Path],
    scans: list[_project.FileScan],
    options: _Options,
    runner: _Runner,
    cache: _cache.Cache | None,
    everything: bool = False,
) -> list[_FileResult]:
    """The results of every file in order: LibCST only for the candidates."""
    assert options.plan is not None
    index = options.plan.index
    fingerprint = options.fingerprint() if cache is not None else ""
    results: list[_FileResult | None] = [None] * len(files)
    todo: list[int] = []
    for i, (path, scan) in enumerate(zip(files, scans, strict=True)):
        if scan.error is not None:
            results[i] = _FileResult(path, errors=[f"{path}: {scan.error}"])
        elif not (everything or scan.candidate(index)):
            results[i] = _FileResult(path)
        elif (
            cache is not None
            and (hit := cache.get_result(_result_key(scan, fingerprint, options))) is not None
        ):
            results[i] = _FileResult.from_cache(path, hit)
        else:
            todo.append(i)
    batches = _batches([files[i] for i in todo], runner.jobs, 4)
    for i, result in zip(todo, runner.map(_process_batch, batches, options), strict=True):
        results[i] = result
        # an external formatter's output depends on more than the key says: not cached
        if cache is not None and not (options.format and result.changed):
            cache.put_result(_result_key(scans[i], fingerprint, options), result.to_cache())
    return results  # type: ignore[return-value]


def _result_key(scan: _project.FileScan, fingerprint: str, options: _Options) -> str:
    """The cache key of a file's result: its bytes, the run, and the style settings in force
    for it (a rewrite's added imports and wrapped lines follow them)."""
    style = ""
    if options.style:
        found = _style.find_style(Path(scan.path))
        values: list[object] = []
        for f in dataclasses.fields(found):
            if f.compare:  # frozensets sorted: their order changes from run to run
                value = getattr(found, f.name)
                is_set = isinstance(value, frozenset | tuple)
                values.append(sorted(map(str, value)) if is_set else str(value))
        style = hashlib.blake2b(repr(values).encode(), digest_size=8).hexdigest()
    return f"{scan.digest}|{scan.module}|{fingerprint}|{style}"


def _record(
    result: _FileResult, summary: _Summary, verbose: bool, mode: str, stdout: TextIO, fmt: str
) -> None:
    summary.files += 1
    summary.escapes.update(result.escapes)
    for error in result.errors:
        summary.errors.append(error)
        message = error[len(str(result.path)) :] if error.startswith(str(result.path)) else error
        summary.problems.append(_report.Problem(str(result.path), message.lstrip(":").strip()))
    for line, column, kind, name, message, fix in result.findings:
        if kind == "marker":
            summary.markers += 1
        elif kind == "note":
            summary.notes += 1
        else:
            summary.rewrites += 1
        record = _report.Record(
            str(result.path), line, column, _code_of(name), name, kind, message, fix
        )
        summary.records.append(record)
        if kind != "rewrite" or verbose:
            summary.report.append(record.text())
    if result.changed and result.code is not None:
        summary.changed.append(result.path)
        if mode == "diff" and fmt == "text":
            text, _, _ = _read(result.path)
            stdout.write(_diff(result.path, text, result.code))
        elif mode == "write":
            _write_file(result.path, result.code, result.encoding)


def _write_file(path: Path, code: str, encoding: str) -> None:
    """Replace the file in one step: an interrupted run leaves the old text, never half."""
    folder = path.parent
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding=encoding, newline="") as f:
            f.write(code)
        try:
            os.chmod(tmp, os.stat(path).st_mode & 0o7777)
        except OSError:
            pass
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def _write_helpers(paths: list[Path], mode: str, summary: _Summary, stdout: TextIO | None) -> None:
    """Create (or bring up to date) the shared helper modules the rewritten files import.

    A file at that path that this command did not write is the user's: it is kept."""
    from ._helpers import MODULE_HEADER, module_source

    text = module_source()
    for path in paths:
        old = path.read_text(encoding="utf-8") if path.exists() else None
        if old == text or (old is not None and not old.startswith(MODULE_HEADER[:60])):
            continue
        summary.changed.append(path)
        summary.helpers.append((path, "create" if old is None else "update"))
        verb = "created" if old is None else "updated"
        summary.report.append(f"{path}: {verb}: the helpers the rewritten modules import")
        if mode == "diff" and stdout is not None:
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


def _helpers_made(summary: _Summary, mode: str) -> str:
    """``, created _tzmigrate.py`` (``would create`` without --write; a count for several)."""
    parts = []
    for action in ("create", "update"):
        paths = [p for p, a in summary.helpers if a == action]
        if not paths:
            continue
        verb = f"{action}d" if mode == "write" else f"would {action}"
        what = paths[0].name if len(paths) == 1 else f"{len(paths)} helper modules"
        parts.append(f"{verb} {what}")
    return "".join(f", {part}" for part in parts)


def _rate(files: int, seconds: float) -> str:
    rate = files / max(seconds, 1e-6)
    return f"{rate:.1f}" if rate < 10 else f"{rate:.0f}"


def _finish(
    summary: _Summary, mode: str, args: argparse.Namespace, stdout: TextIO, stderr: TextIO
) -> int:
    fmt = args.output_format
    if fmt != "text":
        from .. import __version__

        report = _report.Report(
            summary.records,
            summary.problems,
            [str(p) for p in summary.changed],
            summary.files,
            str(__version__),
            sorted(summary.escapes),
        )
        if fmt == "json":
            _report.write_json(report, stdout)
        elif fmt == "sarif":
            _report.write_sarif(report, _codes(), stdout)
        else:
            _report.write_github(report, stdout)
    elif not args.quiet:
        for line in summary.report:
            stderr.write(line + "\n")
    for line in summary.errors:
        stderr.write(f"error: {line}\n")
    if summary.escapes:
        stderr.write(
            "zones reach modules outside this run (add them to the run or to --index): "
            + ", ".join(sorted(summary.escapes))
            + "\n"
        )
    verb = {"write": "rewritten", "diff": "would be rewritten", "check": "would be rewritten"}
    rewritten = len(summary.changed) - len(summary.helpers)  # of the files the run was given
    stderr.write(
        f"{rewritten} of {summary.files} files {verb[mode]}{_helpers_made(summary, mode)}; "
        f"{summary.markers} sites marked for review, {summary.notes} notes"
        + (
            f", {len(summary.errors)} error{'s' * (len(summary.errors) != 1)}"
            if summary.errors
            else ""
        )
        + f" ({_rate(summary.files, summary.seconds)} files/s)\n"
    )
    if summary.errors:
        return 2
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
