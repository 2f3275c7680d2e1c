"""The codemod on real projects (MANIFEST): no crash, output parses, no new ruff findings,
idempotent, and every remaining pytz-only use marked; after the plain migration and after one
with ``--unsafe-fixes``.

Always on the three small projects of ``DEFAULT`` (the test fetches them with pip into the corpus
cache, sha256-checked, on first use), and on every other MANIFEST project already in the cache
(``python tests/migrate/corpus/fetch.py`` fetches them all). ``TZCOMPAT_CORPUS_PROJECTS=a,b``
runs exactly the named projects (fetching them), and ``TZCOMPAT_CORPUS_TABLE=FILE`` appends one
JSON line per project and mode (counts, each check's outcome) for the table in docs/codemod.md.
"""

from __future__ import annotations

import ast
import io
import json
import os
import re
import shutil
import subprocess
import time
from collections import Counter
from pathlib import Path

import pytest

from tzcompat.migrate._style import Style, find_style

from ... import _fetch, _needs
from . import _corpus

_needs.module("libcst")

# Small enough (about a minute for the three) to run in every test run.
DEFAULT = frozenset({"tzlocal", "delorean", "croniter"})
_ONLY = {n.strip().lower() for n in os.environ.get("TZCOMPAT_CORPUS_PROJECTS", "").split(",")}
_ONLY.discard("")
PROJECTS = [
    p for p in _corpus.read_manifest()
    if p.name.lower() in _ONLY
    or not _ONLY and (p.name.lower() in DEFAULT or _corpus.is_fetched(p))
]
CONFIGS = ("setup.cfg", "tox.ini", "pyproject.toml", ".flake8", "ruff.toml", ".ruff.toml")
# Attributes that only a pytz zone has: left on a rewritten zone, they fail at run time.
PYTZ_ONLY = frozenset(
    {"localize", "normalize", "zone", "_utcoffset", "_tzname", "_dst", "_tzinfos",
     "_utc_transition_times", "_transition_info"}
)  # fmt: skip
TZINFO_METHODS = frozenset({"utcoffset", "dst", "tzname"})
MARK = "tzcompat-migrate["
HELPERS = frozenset({"_tz_localize", "_tz_normalize"})  # the codemod's own helpers
GUARDS = frozenset({"pytz-type-check", "duck-typing"})  # markers of pytz-only tests
MODES = ("", "--unsafe-fixes")  # the plain migration, and with its opt-in fixes


def _cli(*argv: str) -> tuple[int, str]:
    from tzcompat.migrate._cli import run

    out, err = io.StringIO(), io.StringIO()
    status = run(list(argv), stdout=out, stderr=err)
    return status, err.getvalue()


def _cli_out(*argv: str) -> tuple[int, str]:
    from tzcompat.migrate._cli import run

    out, err = io.StringIO(), io.StringIO()
    return run(list(argv), stdout=out, stderr=err), out.getvalue()


def _copy(project: _corpus.Project, files: list[Path], dest: Path) -> None:
    src = _corpus.root(project)
    for rel in files:
        (dest / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(src / rel, dest / rel)
    for name in CONFIGS:
        if (src / name).is_file():
            shutil.copyfile(src / name, dest / name)
    (dest / ".git").mkdir()  # the project's settings end here, as in its own checkout


def ruff_options(style: Style, select: str) -> list[str]:
    """The project's own settings (flake8's max-line-length, isort's options) as ruff options,
    for a project that does not configure ruff itself. ruff has one line length for both
    isort's wrapping and E501, so E501 (``select == "E501"``) is checked in a run of its own
    with the code's limit, F and I with the imports' limit (isort's line_length)."""
    if any("[tool.ruff]" in s or "ruff.toml" in s for s in style.sources):
        return []
    if select == "E501":
        return [f"--line-length={style.line_length}"]
    options = {
        "lint.isort.combine-as-imports": str(style.combine_as).lower(),
        "lint.isort.force-single-line": str(style.force_single_line).lower(),
        "lint.isort.force-sort-within-sections": str(style.force_sort_within_sections).lower(),
        "lint.isort.known-first-party": json.dumps(sorted(style.known_first_party)),
    }
    out = [f"--line-length={style.import_line_length}"]
    for key, value in options.items():
        out += ["--config", f"{key} = {value}"]
    return out


def ruff_findings(base: Path, files: list[Path], style: Style) -> Counter[tuple[str, ...]]:
    """(file, code, line text) for F and I findings, and E501 on comment lines (the codemod
    wraps the comments it writes; code lines are the formatter's); I001 counted per file."""
    ruff = shutil.which("ruff")
    assert ruff, "ruff is in the test extra"
    found: Counter[tuple[str, ...]] = Counter()
    lines: dict[str, list[str]] = {}
    for select in ("F,I", "E501"):
        argv = [ruff, "check", "--no-cache", "--select", select, "--output-format", "json"]
        argv += [*ruff_options(style, select), *map(str, files)]
        done = subprocess.run(argv, capture_output=True, text=True, cwd=base, timeout=300)
        assert done.returncode in (0, 1), done.stderr
        for f in json.loads(done.stdout):
            name = f["filename"]
            if name not in lines:
                lines[name] = Path(name).read_text("utf-8", errors="replace").splitlines()
            row = f["location"]["row"]
            text = "" if f["code"] == "I001" else lines[name][row - 1].strip()
            if f["code"] == "E501" and not text.startswith("#"):
                continue  # a long code line is the project's formatter's to wrap (--format)
            found[(str(Path(name).relative_to(base.resolve())), str(f["code"]), text)] += 1
    return found


def unmarked_pytz_uses(code: str) -> list[str]:
    """``x.localize``/``.normalize``/``.zone``/pytz internals, ``utcoffset/dst/tzname(...,
    is_dst=...)`` and ``tzname(None)`` whose statement has no marker (the codemod's own helpers,
    functions of imported modules and a class's own methods excepted)."""
    tree = ast.parse(code)
    lines = code.splitlines()
    out: list[str] = []

    def codes(stmt: ast.stmt) -> set[str]:
        """The marker names on the statement's first line and the comments directly above."""
        row = stmt.lineno - 1
        found = set(re.findall(r"tzcompat-migrate\[([^\]]+)\]", lines[row]))
        row -= 1
        while row >= 0 and lines[row].lstrip().startswith("#"):
            found.update(re.findall(r"tzcompat-migrate\[([^\]]+)\]", lines[row]))
            row -= 1
        return found

    def marked(stmt: ast.stmt) -> bool:
        return bool(codes(stmt))

    # `import delorean` ... delorean.localize(...): a module's own function, not a zone's
    modules = {
        (a.asname or a.name).split(".")[0]
        for n in ast.walk(tree)
        if isinstance(n, ast.Import)
        for a in n.names
    }
    own = modules | {"self", "cls"}  # receivers whose methods are not a zone's

    def visit(node: ast.AST, stmt: ast.stmt | None, guarded: bool = False) -> None:
        if isinstance(node, ast.FunctionDef) and node.name in HELPERS:
            return
        if isinstance(node, ast.stmt):
            stmt = node
        # the body of an `if` marked as a pytz-only test (`if is_pytz(tz): return tz.zone`)
        # runs only for pytz zones: the marker on the test covers the uses in it
        if isinstance(node, ast.If) and codes(node) & GUARDS:
            visit(node.test, node, guarded)
            for child in node.body:
                visit(child, child, True)
            for child in node.orelse:
                visit(child, child, guarded)
            return
        # a module's function, or a class's own attribute (Babel's FixedOffsetTimezone.zone)
        on_module = isinstance(node, ast.Attribute) and (
            isinstance(node.value, ast.Name) and node.value.id in own
        )
        if (
            isinstance(node, ast.Attribute)
            and node.attr in PYTZ_ONLY
            and stmt is not None
            and not on_module
        ):
            if not guarded and not marked(stmt):
                out.append(f"{node.lineno}: {lines[node.lineno - 1].strip()}")
        # pytz-only calls of the tzinfo methods: is_dst= (a TypeError on any other tzinfo) and
        # tzname(None) (pytz's zone name, None from a ZoneInfo)
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in TZINFO_METHODS
            and stmt is not None
            and not (isinstance(node.func.value, ast.Name) and node.func.value.id in own)
            and (
                any(k.arg == "is_dst" for k in node.keywords)
                or node.func.attr == "tzname"
                and len(node.args) == 1
                and isinstance(node.args[0], ast.Constant)
                and node.args[0].value is None
            )
        ):
            if not guarded and not marked(stmt):
                out.append(f"{node.lineno}: {lines[node.lineno - 1].strip()}")
        for child in ast.iter_child_nodes(node):
            visit(child, stmt, guarded)

    visit(tree, None)
    return out


@pytest.mark.parametrize("mode", MODES, ids=lambda m: m.lstrip("-") or "default")
@pytest.mark.parametrize("project", PROJECTS, ids=lambda p: p.slug)
def test_corpus_project(project: _corpus.Project, mode: str, tmp_path: Path) -> None:
    """The five checks on the plain migration, and on the one with ``--unsafe-fixes`` (its
    rewrites must parse, be ruff-clean and idempotent too)."""
    options = (mode,) if mode else ()
    with _fetch.locked(_corpus.cache_dir() / f".{project.slug}.lock"):
        try:
            _corpus.fetch(project)
        except (OSError, subprocess.SubprocessError) as exc:
            _needs.need(f"{project.slug} from the package index ({exc})",
                        "network access to the package index (pip fills the corpus cache "
                        f"{_corpus.cache_dir()} once)")
    files = _corpus.python_files(project, _corpus.root(project))
    before, after = tmp_path / "before", tmp_path / "after"
    _copy(project, files, before)
    _copy(project, files, after)

    started = time.perf_counter()
    status, err = _cli("--write", *options, "--jobs", "2", "--no-progress", "-q", str(after))
    seconds = time.perf_counter() - started
    summary = re.search(r"(\d+) notes", err)  # the run's summary line
    problems: dict[str, object] = {}
    crashes = []
    for line in err.splitlines():
        if not line.startswith("error: "):
            continue
        path = line[len("error: ") :].split(":", 1)[0]
        try:  # a file CPython cannot parse either is not the codemod's failure
            ast.parse((before / Path(path).relative_to(after)).read_bytes())
        except (SyntaxError, ValueError):
            continue
        crashes.append(line)
    if crashes:
        problems["errors"] = crashes

    changed = [f for f in files if (after / f).read_bytes() != (before / f).read_bytes()]
    known = set(files)
    created = sorted(  # the shared helper modules (_tzmigrate.py) the run wrote
        p.relative_to(after) for p in after.rglob("*.py") if p.relative_to(after) not in known
    )
    legacy = [f for f in files if re.search(rb"pytz|dateutil", (before / f).read_bytes())]
    assert changed or not legacy, "nothing was rewritten"
    unparsable = []
    for rel in changed + created:
        try:  # every output parses
            ast.parse((after / rel).read_bytes(), str(rel))
        except (SyntaxError, ValueError) as error:
            unparsable.append(f"{rel}: {error}")
    if unparsable:
        problems["output does not parse"] = unparsable

    style = find_style(after / files[0])
    old = ruff_findings(before, changed, style)
    new = ruff_findings(after, changed + created, style)
    if +(new - old):
        problems["new ruff findings"] = sorted(+(new - old))

    # the whole tree again, as the project index then sees the same modules
    status, err = _cli("--check", *options, "--jobs", "2", "--no-progress", "-q", str(after))
    if status:
        _, diff = _cli_out("--diff", *options, "--jobs", "2", "-q", str(after))
        problems["not idempotent"] = diff[:5000]

    unmarked = {
        str(rel): uses
        for rel in changed
        if (uses := unmarked_pytz_uses((after / rel).read_text("utf-8")))
    }
    if unmarked:
        problems["pytz-only uses without a marker"] = unmarked
    if os.environ.get("TZCOMPAT_CORPUS_TABLE"):
        markers = sum((after / rel).read_text("utf-8").count(MARK) for rel in changed)
        counts = {"files": len(files), "rewritten": len(changed), "markers": markers}
        counts["notes"] = int(summary.group(1)) if summary else -1
        _table_row(project, mode, counts, problems, seconds)
    assert problems == {}, json.dumps(problems, indent=1, default=str)


def _table_row(
    project: _corpus.Project,
    mode: str,
    counts: dict[str, int],
    problems: dict[str, object],
    seconds: float,
) -> None:
    """One JSON line per project for the docs' corpus table, appended to $TZCOMPAT_CORPUS_TABLE:
    the counts, each check's outcome (True when it passed) and the migration's wall time."""
    checks = {
        "crash": "errors",
        "parse": "output does not parse",
        "ruff": "new ruff findings",
        "idempotent": "not idempotent",
        "marked": "pytz-only uses without a marker",
    }
    row = {
        "project": project.slug,
        "mode": mode.lstrip("-") or "default",
        "licence": project.licence,
        **counts,
        **{check: key not in problems for check, key in checks.items()},
        "problems": {key: len(value) for key, value in problems.items()},  # type: ignore[arg-type]
        "seconds": round(seconds, 1),
    }
    with open(os.environ["TZCOMPAT_CORPUS_TABLE"], "a", encoding="utf-8") as handle:
        handle.write(json.dumps(row) + "\n")


def test_unmarked_use_detector() -> None:
    code = (
        "import delorean\n\n\n"
        "def _tz_localize(dt, tz):\n    return tz.localize(dt)\n\n\n"
        "a = delorean.localize(x, 'UTC')\n"
        "# tzcompat-migrate[zone-attribute]: .zone is pytz-only\n"
        "b = tz.zone\n"
        "c = tz.normalize(d)\n"
        "if (\n    e.zone\n):\n    pass\n"
        "self.zone = 'x'\n"
        "# tzcompat-migrate[pytz-type-check]: pytz-zone test\n"
        "if is_pytz(f):\n    g = f.zone\nelse:\n    h = f.zone\n"
        "# tzcompat-migrate[utc-identity]: not a pytz-only test\n"
        "if f is utc:\n    k = f.zone\n"
        "m = tz.utcoffset(dt, is_dst=True)\n"
        "# tzcompat-migrate[is-dst-method]: is_dst= is pytz-only\n"
        "n = tz.dst(dt, is_dst=False)\n"
        "o = tz.tzname(None) or str(tz)\n"
        "p = self.tzname(None)\n"
        "q = dt.tzname()\n"
    )
    assert unmarked_pytz_uses(code) == [
        "11: c = tz.normalize(d)",
        "13: e.zone",
        "21: h = f.zone",
        "24: k = f.zone",
        "25: m = tz.utcoffset(dt, is_dst=True)",
        "28: o = tz.tzname(None) or str(tz)",
    ]


def test_manifest_is_complete() -> None:
    for project in _corpus.read_manifest():
        assert len(project.sha256) == 64 and int(project.sha256, 16) >= 0
        assert project.kind in ("sdist", "wheel") and project.paths
        assert project.file.startswith(project.name) or project.file.lower().startswith(
            project.name.lower()
        )
