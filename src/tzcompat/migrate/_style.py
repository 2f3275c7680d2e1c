"""Make the codemod's output follow the project's own import order and line length.

The codemod builds the new text; this module post-processes only what it changed: the imports
it added or extended are put where isort/ruff's ``I`` rules would put them (sections, order,
``known-first-party``, ``force-sort-within-sections``, ``force-single-line``), and changed lines
longer than the project's limit are wrapped inside their brackets (comments: onto new comment
lines). Untouched lines are never moved or rewrapped. Settings are read from the nearest
``pyproject.toml`` (``[tool.ruff]``, ``[tool.black]``, ``[tool.isort]``), ``ruff.toml``,
``setup.cfg``, ``tox.ini``, ``.flake8`` and ``.isort.cfg``. Standard library only.
"""

from __future__ import annotations

import ast
import configparser
import dataclasses
import difflib
import functools
import io
import shutil
import subprocess
import sys
import tokenize
from dataclasses import dataclass, field
from pathlib import Path

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping
    from typing import Any

_ROOT_MARKERS = ("pyproject.toml", "setup.py", "setup.cfg", ".git", "ruff.toml", ".ruff.toml")
# Pragma comments stay where they are: they apply to their line.
_PRAGMAS = ("# noqa", "# type:", "# fmt:", "# pragma", "# pylint:", "# isort:", "# nosec")
_MARKER = "# tzcompat-migrate"
# Marker comments are wrapped like any comment: the codemod finds them again by their
# "# tzcompat-migrate[<code>]" start, which stays on the first line.
_WRAP_MARKERS = True


@dataclass(frozen=True)
class Style:
    """The settings that decide how changed lines must look."""

    line_length: int = 88
    import_line_length: int = 88
    known_first_party: frozenset[str] = frozenset()
    known_third_party: frozenset[str] = frozenset()
    force_sort_within_sections: bool = False
    force_single_line: bool = False
    combine_as: bool = False
    order_by_type: bool = True
    case_sensitive: bool = False
    formatter: str | None = None  # "ruff" or "black"
    root: Path | None = None
    src_paths: tuple[Path, ...] = ()
    #: the top-level package of the files this style is for: ruff's detect-same-package
    package: str | None = None
    sources: tuple[str, ...] = field(default=(), compare=False)


class FormatError(Exception):
    """The project's formatter is not configured, not installed, or failed."""


# ---------------------------------------------------------------------------------- settings
def _load_toml(path: Path) -> dict[str, object]:
    try:
        import tomllib  # type: ignore[import-not-found, unused-ignore]  # 3.11+
    except ImportError:  # Python 3.10
        try:
            import tomli as tomllib  # type: ignore[no-redef, import-not-found, unused-ignore]
        except ImportError:
            return {}
    try:
        with open(path, "rb") as f:
            return tomllib.load(f)  # type: ignore[no-any-return]
    except (OSError, ValueError):
        return {}


def _load_ini(path: Path) -> configparser.RawConfigParser:
    parser = configparser.RawConfigParser()
    try:
        parser.read(path, encoding="utf-8")
    except (configparser.Error, UnicodeDecodeError):
        pass
    return parser


def _names(value: object) -> frozenset[str]:
    if isinstance(value, str):
        value = value.replace("\n", ",").split(",")
    if isinstance(value, list | tuple):
        return frozenset(str(v).strip() for v in value if str(v).strip())
    return frozenset()


def _flag(value: object) -> bool:
    if isinstance(value, str):
        return value.strip().lower() in ("1", "true", "yes", "on")
    return bool(value)


def _int(value: object) -> int | None:
    try:
        return int(str(value).strip())
    except ValueError:
        return None


def _isort_from(section: Mapping[str, object]) -> dict[str, object]:
    """isort's or ruff's isort settings, keyed the isort way (underscores)."""
    return {str(k).replace("-", "_"): v for k, v in section.items()}


@functools.lru_cache(maxsize=256)
def _style_for_dir(directory: Path) -> Style:
    ruff: dict[str, object] | None = None
    black: dict[str, object] | None = None
    isort: dict[str, object] | None = None
    flake8: int | None | bool = False  # False: no flake8/pycodestyle section found
    precommit = ""
    root: Path | None = None
    sources: list[str] = []
    for folder in (directory, *directory.parents):
        pyproject = folder / "pyproject.toml"
        tool: Any = {}
        if pyproject.is_file():
            tool = _load_toml(pyproject).get("tool", {})
            tool = tool if isinstance(tool, dict) else {}
        for name in ("ruff.toml", ".ruff.toml"):
            if ruff is None and (folder / name).is_file():
                ruff, _ = _load_toml(folder / name), sources.append(str(folder / name))  # type: ignore[func-returns-value]
        if ruff is None and isinstance(tool.get("ruff"), dict):
            ruff, _ = tool["ruff"], sources.append(f"{pyproject} [tool.ruff]")  # type: ignore[func-returns-value]
        if black is None and isinstance(tool.get("black"), dict):
            black, _ = tool["black"], sources.append(f"{pyproject} [tool.black]")  # type: ignore[func-returns-value]
        if isort is None and isinstance(tool.get("isort"), dict):
            isort, _ = _isort_from(tool["isort"]), sources.append(f"{pyproject} [tool.isort]")  # type: ignore[func-returns-value]
        for name, sections in (
            (".isort.cfg", ("settings", "isort")),
            ("setup.cfg", ("isort", "tool:isort", "flake8", "pycodestyle")),
            ("tox.ini", ("isort", "tool:isort", "flake8", "pycodestyle")),
            (".flake8", ("flake8",)),
        ):
            if not (folder / name).is_file():
                continue
            ini = _load_ini(folder / name)
            for section in sections:
                if not ini.has_section(section):
                    continue
                values = dict(ini.items(section))
                if section in ("flake8", "pycodestyle"):
                    if flake8 is False:
                        raw = values.get("max-line-length", values.get("max_line_length"))
                        flake8 = _int(raw) if raw is not None else None
                        sources.append(f"{folder / name} [{section}]")
                elif isort is None:
                    isort = _isort_from(values)
                    sources.append(f"{folder / name} [{section}]")
        if not precommit and (folder / ".pre-commit-config.yaml").is_file():
            try:
                precommit = (folder / ".pre-commit-config.yaml").read_text("utf-8")
            except (OSError, UnicodeDecodeError):
                pass
        if root is None and any((folder / m).exists() for m in _ROOT_MARKERS):
            root = folder
        if (folder / ".git").exists():
            break  # settings above the repository do not apply to it
    style = _combine(ruff, black, isort, flake8, precommit, root, tuple(sources))
    return dataclasses.replace(style, package=_top_package(directory))


def _top_package(directory: Path) -> str | None:
    """The outermost package holding ``directory`` (``__init__.py`` files up the tree)."""
    top = None
    while (directory / "__init__.py").is_file() and directory.parent != directory:
        top, directory = directory.name, directory.parent
    return top


def _combine(
    ruff: dict[str, object] | None,
    black: dict[str, object] | None,
    isort: dict[str, object] | None,
    flake8: int | None | bool,
    precommit: str,
    root: Path | None,
    sources: tuple[str, ...],
) -> Style:
    limits = []
    if ruff is not None:
        limits.append(_int(ruff.get("line-length", 88)) or 88)
    if black is not None:
        limits.append(_int(black.get("line-length", black.get("line_length", 88))) or 88)
    if flake8 is not False:
        limits.append(flake8 if isinstance(flake8, int) else 79)
    line_length = min(limits) if limits else 88
    # isort options: ruff's [lint.isort] (or legacy [isort]) first, then isort's own
    options: dict[str, object] = {}
    if isort is not None:
        profile = str(isort.get("profile", "")).strip().strip("\"'")
        default = 88 if profile in ("black", "django") else 79
        if profile == "django":
            default = 79
        import_length = _int(isort.get("line_length", default)) or default
        if profile in ("google", "force_sort_within_sections"):
            options["force_sort_within_sections"] = True
        if profile == "google":
            options["force_single_line"] = True
        options.update(isort)
    else:
        import_length = line_length
    if ruff is not None:
        lint = ruff.get("lint", {})
        ruff_isort = (lint.get("isort") if isinstance(lint, dict) else None) or ruff.get("isort")
        if isinstance(ruff_isort, dict):
            options.update(_isort_from(ruff_isort))
    src = options.get("src_paths") or (ruff or {}).get("src")
    base = root or Path.cwd()
    src_paths = tuple(base / str(p) for p in src) if isinstance(src, list) else ()
    formatter = None
    if ruff is not None and isinstance(ruff.get("format"), dict):
        formatter = "ruff"
    elif black is not None:
        formatter = "black"
    elif "id: ruff-format" in precommit:
        formatter = "ruff"
    elif "id: black" in precommit:
        formatter = "black"
    return Style(
        line_length=line_length,
        import_line_length=import_length,
        known_first_party=_names(options.get("known_first_party", ())),
        known_third_party=_names(options.get("known_third_party", ())),
        force_sort_within_sections=_flag(options.get("force_sort_within_sections", False)),
        force_single_line=_flag(options.get("force_single_line", False)),
        combine_as=_flag(options.get("combine_as_imports", False)),
        order_by_type=_flag(options.get("order_by_type", True)),
        case_sensitive=_flag(options.get("case_sensitive", False)),
        formatter=formatter,
        root=root,
        src_paths=src_paths or (base, base / "src"),
        sources=sources,
    )


def find_style(path: Path) -> Style:
    """The style in force for ``path``: the nearest configuration of each tool, up to the
    repository root."""
    return _style_for_dir(path.resolve().parent)


# ---------------------------------------------------------------------------------- imports
_FUTURE, _STDLIB, _THIRD, _FIRST, _LOCAL = range(5)


@functools.lru_cache(maxsize=4096)
def _is_first_party(top: str, src_paths: tuple[Path, ...]) -> bool:
    return any((p / top).is_dir() or (p / f"{top}.py").is_file() for p in src_paths)


def _section(stmt: ast.Import | ast.ImportFrom, style: Style) -> int:
    if isinstance(stmt, ast.ImportFrom):
        if stmt.level:
            return _LOCAL
        module = stmt.module or ""
        if module == "__future__":
            return _FUTURE
    else:
        module = stmt.names[0].name
    top = module.split(".")[0]
    if top in style.known_first_party:
        return _FIRST
    if top in style.known_third_party:
        return _THIRD
    if top in sys.stdlib_module_names:
        return _STDLIB
    if top == style.package:
        return _FIRST
    return _FIRST if _is_first_party(top, style.src_paths) else _THIRD


def _module_name(stmt: ast.Import | ast.ImportFrom) -> str:
    if isinstance(stmt, ast.ImportFrom):
        return "." * stmt.level + (stmt.module or "")
    return stmt.names[0].name


def _stmt_key(stmt: ast.Import | ast.ImportFrom, style: Style) -> tuple[object, ...]:
    name = _module_name(stmt)
    lowered = name if style.case_sensitive else name.lower()
    is_from = isinstance(stmt, ast.ImportFrom)
    first = _member_key(stmt.names[0].name, style) if is_from else ()
    if style.force_sort_within_sections:
        return (lowered, name, is_from, first)
    return (is_from, lowered, name, first)


def _member_key(name: str, style: Style) -> tuple[object, ...]:
    kind = 2
    if style.order_by_type:
        if name.isupper() and len(name) > 1:
            kind = 0
        elif name[:1].isupper():
            kind = 1
    return (kind, name if style.case_sensitive else name.lower(), name)


def _alias(alias: ast.alias) -> str:
    return f"{alias.name} as {alias.asname}" if alias.asname else alias.name


def _render_from(
    module: str, names: list[str], indent: str, style: Style, vertical: bool
) -> list[str]:
    if style.force_single_line:
        return [f"{indent}from {module} import {name}\n" for name in names]
    line = f"{indent}from {module} import {', '.join(names)}\n"
    if not vertical and len(line) - 1 <= style.import_line_length:
        return [line]
    inner = indent + "    "
    return [f"{indent}from {module} import (\n", *(f"{inner}{n},\n" for n in names), f"{indent})\n"]


@dataclass
class _Item:
    lines: list[str]
    stmt: ast.Import | ast.ImportFrom | None = None
    section: int = 0
    key: tuple[object, ...] = ()


def _header(tree: ast.Module) -> list[ast.Import | ast.ImportFrom]:
    body = tree.body
    start = 0
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        start = 1
    found: list[ast.Import | ast.ImportFrom] = []
    for stmt in body[start:]:
        if not isinstance(stmt, ast.Import | ast.ImportFrom):
            break
        found.append(stmt)
    return found


def _one_name_per_import(header: list[ast.Import | ast.ImportFrom]) -> bool:
    """Whether the file writes one name per from-import, repeating the module (as isort's
    force_single_line does): every from-import has one name and some module comes twice."""
    froms = [s for s in header if isinstance(s, ast.ImportFrom) and not s.level]
    modules = [s.module for s in froms]
    return all(len(s.names) == 1 for s in froms) and len(set(modules)) < len(modules)


def _signature(stmt: ast.Import | ast.ImportFrom) -> tuple[object, ...]:
    if isinstance(stmt, ast.ImportFrom):
        return ("from", stmt.level, stmt.module)
    return ("import", tuple(_alias(a) for a in stmt.names))


def _fix_imports(original: str, new: str, style: Style) -> str:
    try:
        old_tree, new_tree = ast.parse(original), ast.parse(new)
    except SyntaxError:
        return new
    old_header, header = _header(old_tree), _header(new_tree)
    if not header:
        return new
    if not style.force_single_line and _one_name_per_import(old_header):
        style = dataclasses.replace(style, force_single_line=True)  # the file's own convention
    old_by_sig = {_signature(s): s for s in old_header}
    old_names: dict[tuple[object, ...], set[str]] = {}
    for s in old_header:
        old_names.setdefault(_signature(s), set()).update(_alias(a) for a in s.names)
    old_lines = original.splitlines(keepends=True)
    lines = new.splitlines(keepends=True)
    rows = [row for s in header for row in range(s.lineno, (s.end_lineno or s.lineno) + 1)]
    if len(rows) != len(set(rows)) or any(s.col_offset for s in header):
        return new  # two statements on one line: leave it alone

    def text(stmt: ast.stmt, source: list[str]) -> str:
        return "".join(source[stmt.lineno - 1 : stmt.end_lineno])

    old_texts = {text(s, old_lines) for s in old_header}
    # pairs of imports that were already adjacent: never separated, even across sections
    kept_pairs = {
        (text(a, old_lines), text(b, old_lines))
        for a, b in zip(old_header, old_header[1:], strict=False)
        if b.lineno == (a.end_lineno or a.lineno) + 1
    }
    added: list[_Item] = []
    items: list[_Item] = []
    cursor = header[0].lineno - 1
    while cursor > 0 and lines[cursor - 1].lstrip().startswith("#"):
        cursor -= 1  # comments right above the first import belong to it
    first = cursor
    for stmt in header:
        start = stmt.lineno - 1
        attached = start
        while attached > cursor and lines[attached - 1].lstrip().startswith("#"):
            attached -= 1
        items.extend(_Item([line]) for line in lines[cursor:attached])
        body = lines[stmt.lineno - 1 : stmt.end_lineno]
        item = _Item(lines[attached:start] + body, stmt, _section(stmt, style), ())
        item.key = _stmt_key(stmt, style)
        own = "".join(body)
        old = old_by_sig.get(_signature(stmt))
        if own not in old_texts and "#" not in own:
            if isinstance(stmt, ast.ImportFrom) and (old is not None or stmt.level == 0):
                kept = old_names.get(_signature(stmt), set())
                module = "." * stmt.level + (stmt.module or "")
                together: list[str] = []
                for alias in stmt.names:
                    name = _alias(alias)
                    if name in kept:
                        together.append(name)
                    elif style.force_single_line or (alias.asname and not style.combine_as):
                        single = ast.ImportFrom(stmt.module, [alias], stmt.level)
                        one = _Item([f"from {module} import {name}\n"], single, item.section)
                        one.key = _stmt_key(single, style)
                        added.append(one)  # an import of its own, as isort writes it
                    else:
                        together.append(name)
                if old is None:
                    if together:
                        together.sort(key=lambda n: _member_key(n, style))
                        item.lines = _render_from(module, together, "", style, False)
                        first_alias = next(a for a in stmt.names if _alias(a) == together[0])
                        item.key = _stmt_key(
                            ast.ImportFrom(stmt.module, [first_alias], stmt.level), style
                        )
                        added.append(item)
                    cursor = stmt.end_lineno or stmt.lineno
                    continue
                if style.force_single_line:
                    rendered = _render_from(module, together, "", style, False)
                else:
                    rendered = _extend_from(stmt, old, kept | set(together), style)  # type: ignore[arg-type]
                if not together and not rendered:
                    cursor = stmt.end_lineno or stmt.lineno
                    continue
                item.lines = lines[attached:start] + rendered
            elif old is None and isinstance(stmt, ast.Import) and len(stmt.names) == 1:
                added.append(item)
                cursor = stmt.end_lineno or stmt.lineno
                continue
        items.append(item)
        cursor = stmt.end_lineno or stmt.lineno
    last = cursor
    if not any(i.stmt is not None for i in items):
        # the codemod's imports are the only ones (it removed ``import pytz``): sorted and
        # sectioned among themselves, unless a comment is among them (whose, and where to?)
        if not added or any(line.lstrip().startswith("#") for line in lines[first:last]):
            return new
        items = []
    if added:
        _drop_extra_blanks(items)
    for item in sorted(added, key=lambda i: (i.section, i.key)):
        _insert(items, item)
    _separate_sections(items, kept_pairs)
    region = [line for item in items for line in item.lines]
    return "".join(lines[:first] + region + lines[last:])


def _extend_from(
    stmt: ast.ImportFrom, old: ast.ImportFrom, allowed: set[str], style: Style
) -> list[str]:
    """A from-import the codemod added names to: the new names go where isort puts them."""
    before = {_alias(a) for a in old.names}
    names = [n for n in (_alias(a) for a in stmt.names) if n in before]
    for name in (_alias(a) for a in stmt.names):
        if name in names or name not in allowed:
            continue
        key = _member_key(name, style)
        index = next(
            (i for i, other in enumerate(names) if _member_key(other, style) > key), len(names)
        )
        names.insert(index, name)
    vertical = (old.end_lineno or old.lineno) > old.lineno
    module = "." * stmt.level + (stmt.module or "")
    return _render_from(module, names, "", style, vertical)


def _drop_extra_blanks(items: list[_Item]) -> None:
    """Runs of blank lines between imports collapse to one (a removed import can leave two)."""
    index = 1
    while index < len(items):
        if not items[index].lines[0].strip() and not items[index - 1].lines[0].strip():
            if items[index].stmt is None and items[index - 1].stmt is None:
                del items[index]
                continue
        index += 1
    while items and items[-1].stmt is None and not items[-1].lines[0].strip():
        items.pop()


def _insert(items: list[_Item], new: _Item) -> None:
    stmts = [(i, item) for i, item in enumerate(items) if item.stmt is not None]
    same = [(i, item) for i, item in stmts if item.section == new.section]
    if same:
        later = [i for i, item in same if item.key > new.key]
        index = later[0] if later else same[-1][0] + 1
    else:
        after = [i for i, item in stmts if item.section > new.section]
        index = after[0] if after else (stmts[-1][0] + 1 if stmts else len(items))
    items.insert(index, new)


def _separate_sections(items: list[_Item], kept: set[tuple[str, str]]) -> None:
    """A blank line between two adjacent imports of different sections (as isort writes),
    unless the file already had those two together."""
    index = 1
    while index < len(items):
        prev, item = items[index - 1], items[index]
        if prev.stmt is not None and item.stmt is not None and prev.section != item.section:
            if ("".join(prev.lines), "".join(item.lines)) not in kept:
                items.insert(index, _Item(["\n"]))
        index += 1


# ---------------------------------------------------------------------------------- wrapping
@dataclass
class _Tok:
    type: int
    string: str
    start: int
    end: int


def _changed_rows(original: str, new: str) -> set[int]:
    """0-based rows of ``new`` that the codemod wrote (not present at that place before)."""
    matcher = difflib.SequenceMatcher(None, original.splitlines(), new.splitlines(), autojunk=False)
    rows: set[int] = set()
    for tag, _, _, j1, j2 in matcher.get_opcodes():
        if tag in ("replace", "insert"):
            rows.update(range(j1, j2))
    return rows


def _wrap_comment(line: str, limit: int) -> list[str]:
    stripped = line.rstrip("\r\n")
    ending = line[len(stripped) :]
    indent = stripped[: len(stripped) - len(stripped.lstrip())]
    words = stripped.strip()[1:].split()
    marker = stripped.strip().startswith(_MARKER)
    out: list[str] = []
    current = f"{indent}#"
    for word in words:
        candidate = f"{current} {word}"
        if len(candidate) > limit and current.strip() not in ("#", "#  "):
            out.append(current)
            current = f"{indent}#{'  ' if marker else ''} {word}"
        else:
            current = candidate
    out.append(current)
    return [o + (ending or "\n") for o in out]


def _tokens(line: str, part: bool = False) -> list[_Tok] | None:
    """The tokens of one physical line; ``part``: a line inside brackets opened above, whose
    own brackets may stay open (tokenize then stops at the end, which is fine here)."""
    raw: list[tokenize.TokenInfo] = []
    try:
        for tok in tokenize.generate_tokens(io.StringIO(line).readline):
            raw.append(tok)
    except tokenize.TokenError:
        if not part:
            return None
    except (SyntaxError, IndentationError):
        return None
    skip = {tokenize.NEWLINE, tokenize.NL, tokenize.INDENT, tokenize.DEDENT, tokenize.ENDMARKER}
    toks: list[_Tok] = []
    fstring_start = getattr(tokenize, "FSTRING_START", None)
    fstring_end = getattr(tokenize, "FSTRING_END", None)
    depth, begin = 0, 0
    for tok in raw:
        if tok.type in skip:
            continue
        if tok.start[0] != 1 or tok.end[0] != 1:
            return None  # one physical line only
        if tok.type == fstring_start:
            depth += 1
            if depth == 1:
                begin = tok.start[1]
            continue
        if depth:
            if tok.type == fstring_end:
                depth -= 1
                if not depth:  # the whole f-string is one opaque token
                    toks.append(_Tok(tokenize.STRING, line[begin : tok.end[1]], begin, tok.end[1]))
            continue
        toks.append(_Tok(tok.type, tok.string, tok.start[1], tok.end[1]))
    return toks


_OPEN = {"(": ")", "[": "]", "{": "}"}


class _Splitter:
    def __init__(self, code: str, toks: list[_Tok], limit: int) -> None:
        self.code, self.toks, self.limit = code, toks, limit
        self.match: dict[int, int] = {}
        stack: list[int] = []
        for i, tok in enumerate(toks):
            if tok.type == tokenize.OP and tok.string in _OPEN:
                stack.append(i)
            elif tok.type == tokenize.OP and tok.string in _OPEN.values() and stack:
                self.match[stack.pop()] = i

    def text(self, lo: int, hi: int) -> str:
        return self.code[self.toks[lo].start : self.toks[hi - 1].end]

    def split(self, lo: int, hi: int, indent: str) -> list[str]:
        """Lines for tokens [lo, hi), split at the rightmost bracket whose head fits."""
        whole = indent + self.text(lo, hi)
        if len(whole) <= self.limit:
            return [whole]
        pairs = []
        i = lo
        while i < hi:
            close = self.match.get(i)
            if close is not None and close < hi:
                if close > i + 1:
                    pairs.append((i, close))
                i = close + 1
            else:
                i += 1
        for open_, close in reversed(pairs):
            head = indent + self.code[self.toks[lo].start : self.toks[open_].end]
            if len(head) > self.limit:
                continue
            body = self.body(open_ + 1, close, indent + "    ", self.toks[open_].string)
            return [head, *body, *self.split(close, hi, indent)]
        return [whole]

    def body(self, lo: int, hi: int, indent: str, bracket: str) -> list[str]:
        hug = indent + self.text(lo, hi)
        if len(hug) <= self.limit:
            return [hug]
        parts: list[tuple[int, int]] = []
        start, i = lo, lo
        while i < hi:
            tok = self.toks[i]
            if tok.type == tokenize.OP and tok.string == ",":
                parts.append((start, i))
                start = i + 1
            close = self.match.get(i)
            i = close + 1 if close is not None and close < hi else i + 1
        trailing = start >= hi
        if not trailing:
            parts.append((start, hi))
        if len(parts) == 1 and not trailing:
            # one element: a comma could change its meaning; split before its operators
            return self.operators(lo, hi, indent)
        out: list[str] = []
        for a, b in parts:
            lines = self.split(a, b, indent)
            lines[-1] += ","
            out.extend(lines)
        return out

    def operators(self, lo: int, hi: int, indent: str) -> list[str]:
        """Inside brackets a line may break before any token: break before the depth-0
        ``if``/``else`` of a conditional, else ``or``, else ``and`` (lowest priority first)."""
        for words in (("if", "else"), ("or",), ("and",)):
            cuts = []
            i = lo
            while i < hi:
                tok = self.toks[i]
                if i > lo and tok.type == tokenize.NAME and tok.string in words:
                    cuts.append(i)
                close = self.match.get(i)
                i = close + 1 if close is not None and close < hi else i + 1
            if cuts:
                bounds = [lo, *cuts, hi]
                out: list[str] = []
                for a, b in zip(bounds, bounds[1:], strict=False):
                    out.extend(self.split(a, b, indent))
                return out
        return self.split(lo, hi, indent)

    def delimiters(self, lo: int) -> bool:
        """Whether tokens from ``lo`` hold a depth-0 comma, conditional or boolean operator,
        or two other operators: black then keeps the value's own parentheses."""
        count, i = 0, lo
        while i < len(self.toks):
            tok = self.toks[i]
            if tok.type == tokenize.NAME and tok.string in ("if", "else", "or", "and"):
                return True
            if tok.type == tokenize.OP and tok.string == ",":
                return True
            if tok.type == tokenize.OP and tok.string in _BINARY:
                count += 1
            close = self.match.get(i)
            i = close + 1 if close is not None else i + 1
        return count > 1

    def rhs_start(self) -> int | None:
        """Index of the first token of a ``return`` value or an assignment's right side."""
        toks = self.toks
        if toks and toks[0].type == tokenize.NAME and toks[0].string == "return":
            return 1 if len(toks) > 1 else None
        found = None
        i = 0
        while i < len(toks):
            tok = toks[i]
            if tok.type == tokenize.NAME and tok.string == "lambda":
                return found  # an '=' after this is a default value
            if tok.type == tokenize.OP and tok.string.endswith("=") and tok.string not in (
                "==", "!=", "<=", ">="
            ):  # fmt: skip
                found = i + 1
            close = self.match.get(i)
            i = close + 1 if close is not None else i + 1
        return found if found is not None and found < len(toks) else None


_BINARY = frozenset("+ - * / // % ** @ | & ^ << >> < > == != <= >= not in is".split())


def _wrap_code(line: str, limit: int, part: bool = False) -> list[str] | None:
    stripped = line.rstrip("\r\n")
    ending = line[len(stripped) :] or "\n"
    # a backslash continuation stays at the end of the last wrapped line
    continued = stripped.rstrip().endswith("\\")
    if continued:
        stripped = stripped.rstrip()[:-1].rstrip()
        limit -= 2
    toks = _tokens(stripped + "\n", part)
    if not toks:
        return None
    comment = ""
    if toks[-1].type == tokenize.COMMENT:
        comment = toks.pop().string
        if not toks:
            return None
    indent = stripped[: len(stripped) - len(stripped.lstrip())]
    code = stripped[: toks[-1].end]
    if len(code) <= limit:
        if not comment or comment.startswith(_PRAGMAS):
            return None  # a pragma applies to its own line: it stays there
        above = _wrap_comment(indent + comment, limit)  # only the comment is too long
        return [*(a.rstrip("\r\n") + ending for a in above), code + ending]
    splitter = _Splitter(code, toks, limit)
    lines = splitter.split(0, len(toks), indent)
    rhs = None if part else splitter.rhs_start()
    if rhs is not None and (splitter.delimiters(rhs) or len(lines) > 3):
        # black's choice: the value in parentheses of its own, when that fits better
        head = code[: toks[rhs].start].rstrip()
        inner = indent + "    "
        body = splitter.body(rhs, len(toks), inner, "(")
        candidate = [f"{head} (", *body, f"{indent})"]
        if all(len(ln) <= limit for ln in candidate) or len(candidate) < len(lines):
            lines = candidate
    if len(lines) == 1:
        return None
    if comment:
        lines[-1] += "  " + comment
    if continued:
        lines[-1] += " \\"
    return [ln + ending for ln in lines]


def _wrap_changed(original: str, new: str, limit: int) -> str:
    lines = new.splitlines(keepends=True)
    changed = _changed_rows(original, new)
    long_rows = sorted(r for r in changed if len(lines[r].rstrip("\r\n")) > limit)
    if not long_rows:
        return new
    try:
        single = _single_line_statements(new)
    except (tokenize.TokenError, SyntaxError, IndentationError):
        return new
    try:
        baseline = ast.dump(ast.parse(new))
    except SyntaxError:
        return new
    out = list(lines)
    for row in reversed(long_rows):
        line = lines[row]
        kind = single.get(row)
        if kind == "comment":
            if _WRAP_MARKERS or not line.lstrip().startswith(_MARKER):
                out[row : row + 1] = _wrap_comment(line, limit)
        elif kind in ("code", "part"):
            wrapped = _wrap_code(line, limit, kind == "part")
            if not wrapped:
                continue
            candidate = out[:row] + wrapped + out[row + 1 :]
            try:  # wrapping must change whitespace only (and commas the grammar ignores)
                same = ast.dump(ast.parse("".join(candidate))) == baseline
            except SyntaxError:
                same = False
            if same:
                out = candidate
    return "".join(out)


def _single_line_statements(code: str) -> dict[int, str]:
    """0-based rows that hold a whole logical line ("code") or only a comment ("comment")."""
    kinds: dict[int, str] = {}
    line_start: int | None = None
    bad: set[int] = set()
    for tok in tokenize.generate_tokens(io.StringIO(code).readline):
        row = tok.start[0] - 1
        if tok.type == tokenize.COMMENT and line_start is None:
            kinds.setdefault(row, "comment")
        elif tok.type in (tokenize.NL, tokenize.INDENT, tokenize.DEDENT, tokenize.ENDMARKER):
            continue
        elif tok.type == tokenize.NEWLINE:
            if line_start is not None and line_start == row:
                kinds.setdefault(row, "code")
            elif line_start is not None:  # rows of a statement that spans several
                for part in range(line_start, row + 1):
                    kinds.setdefault(part, "part")
            line_start = None
        else:
            if line_start is None:
                line_start = row
            if tok.type == tokenize.STRING and tok.end[0] != tok.start[0]:
                bad.update(range(tok.start[0] - 1, tok.end[0]))
    for row in bad:
        if kinds.get(row) in ("code", "part"):
            del kinds[row]
    return kinds


# ---------------------------------------------------------------------------------- public
def restyle(original: str, new: str, style: Style) -> str:
    """``new`` (the codemod's output for ``original``) with the added imports sorted and the
    changed lines wrapped the way ``style`` asks; lines the codemod did not touch are kept."""
    if original == new:
        return new
    newline = "\r\n" if "\r\n" in new else "\n"
    text = new.replace("\r\n", "\n") if newline == "\r\n" else new
    before = original.replace("\r\n", "\n") if newline == "\r\n" else original
    text = _fix_imports(before, text, style)
    text = _wrap_changed(before, text, style.line_length)
    return text.replace("\n", "\r\n") if newline == "\r\n" else text


def format_source(code: str, path: Path, style: Style) -> str:
    """``code`` run through the project's own formatter (``ruff format`` or ``black``)."""
    if style.formatter is None:
        raise FormatError("the project configures no formatter ([tool.ruff.format] or black)")
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
        raise FormatError(f"cannot run {tool}: {exc}") from None
    if done.returncode != 0:
        why = (done.stderr.strip().splitlines() or [f"exit status {done.returncode}"])[-1]
        raise FormatError(f"{tool} failed: {why}")
    return done.stdout
