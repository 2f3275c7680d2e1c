"""Put the imports the codemod adds where the project's isort or ruff ``I`` rules want them.

LibCST appends a new import after the last one, and a formatter cannot place it without also
re-sorting the imports the user wrote (which the codemod never moves): so this module places
the added imports, and only them, with the project's settings that decide it. It also wraps the
comments the codemod writes (its markers) to the project's line limit, as no formatter wraps
comments. Code lines are left as written: wrapping them is the project's formatter's job
(``--format`` runs it). Standard library only.
"""

from __future__ import annotations

import ast
import configparser
import contextlib
import dataclasses
import functools
import sys
from dataclasses import dataclass, field
from pathlib import Path

from .._env import flag_value
from ._project import top_package_dir

# Where a project's settings end: above its root, they are another project's (or none).
_ROOT_MARKERS = ("pyproject.toml", "setup.py", "setup.cfg", ".git", "ruff.toml", ".ruff.toml")
# The codemod's marker comments start so; a wrapped one keeps that start on its first line,
# which is how the next run recognises it (and adds no second marker).
_MARKER = "# tzcompat-migrate"


@dataclass(frozen=True)
class Style:
    """The project settings that decide where added imports go and how long a line may be."""

    line_length: int = 88  # E501's: the codemod's comments wrap to it
    import_line_length: int = 88  # isort's: a longer from-import is wrapped
    known_first_party: frozenset[str] = frozenset()
    known_third_party: frozenset[str] = frozenset()
    force_sort_within_sections: bool = False
    force_single_line: bool = False
    combine_as: bool = False
    order_by_type: bool = True
    case_sensitive: bool = False
    formatter: str | None = None  # "ruff" or "black": what --format runs
    root: Path | None = None
    src_paths: tuple[Path, ...] = ()
    package: str | None = None  # the files' top-level package: ruff's detect-same-package
    sources: tuple[str, ...] = field(default=(), compare=False)  # the settings read


# ---------------------------------------------------------------------------------- settings
# Where isort and flake8 read INI settings, and the sections they use there (pycodestyle's
# counts as flake8's: both judge E501).
_INI = (
    (".isort.cfg", ("settings", "isort")),
    ("setup.cfg", ("isort", "tool:isort", "flake8", "pycodestyle")),
    ("tox.ini", ("isort", "tool:isort", "flake8", "pycodestyle")),
    (".flake8", ("flake8",)),
)


def _load_toml(path: Path) -> dict[str, object]:
    # Only when a project's formatter settings are read: tomllib costs start-up time.
    import tomllib

    try:
        with open(path, "rb") as f:
            return tomllib.load(f)
    except (OSError, ValueError):
        return {}


def _table(value: object) -> dict[str, object] | None:
    """A settings table with its keys spelled one way (ruff writes ``line-length``, isort and
    the INI files ``line_length``), or None when ``value`` is not a table."""
    if not isinstance(value, dict):
        return None
    return {str(k).replace("-", "_"): v for k, v in value.items()}


def _tools_in(folder: Path) -> list[tuple[str, str, dict[str, object]]]:
    """(tool, where, settings) of each tool configured in ``folder``, in the order the tools
    themselves look (the caller keeps the first of each tool). A missing file reads empty."""
    found = [
        ("ruff", str(folder / name), _table(_load_toml(folder / name)) or {})
        for name in ("ruff.toml", ".ruff.toml")
        if (folder / name).is_file()
    ]
    tables = _load_toml(folder / "pyproject.toml").get("tool")
    tables = tables if isinstance(tables, dict) else {}
    for tool in ("ruff", "black", "isort"):
        if (table := _table(tables.get(tool))) is not None:
            found.append((tool, f"{folder / 'pyproject.toml'} [tool.{tool}]", table))
    for name, sections in _INI:
        ini = configparser.RawConfigParser()
        with contextlib.suppress(configparser.Error, UnicodeDecodeError):
            ini.read(folder / name, encoding="utf-8")
        for section in (s for s in sections if ini.has_section(s)):
            tool = "flake8" if section in ("flake8", "pycodestyle") else "isort"
            values = _table(dict(ini.items(section))) or {}
            found.append((tool, f"{folder / name} [{section}]", values))
    return found


@functools.lru_cache(maxsize=256)
def _style_for_dir(directory: Path) -> Style:
    tools: dict[str, dict[str, object]] = {}
    sources: list[str] = []
    precommit = ""
    root: Path | None = None
    for folder in (directory, *directory.parents):
        for tool, where, values in _tools_in(folder):
            if tool not in tools:  # the nearest configuration of each tool applies
                tools[tool] = values
                sources.append(where)
        hooks = folder / ".pre-commit-config.yaml"
        if not precommit and hooks.is_file():
            with contextlib.suppress(OSError, UnicodeDecodeError):
                precommit = hooks.read_text("utf-8")
        if root is None and any((folder / m).exists() for m in _ROOT_MARKERS):
            root = folder
        if (folder / ".git").exists():
            break  # settings above the repository do not apply to it
    return _combine(tools, precommit, root, directory, tuple(sources))


def _int(value: object, default: int) -> int:
    try:
        return int(str(value).strip())
    except ValueError:
        return default


def _flag(value: object) -> bool:
    if isinstance(value, str):  # INI values are strings
        return flag_value(value)
    return bool(value)


def _names(value: object) -> frozenset[str]:
    if isinstance(value, str):  # INI: comma- or line-separated
        value = value.replace("\n", ",").split(",")
    if isinstance(value, list | tuple):
        return frozenset(str(v).strip() for v in value if str(v).strip())
    return frozenset()


def _combine(
    tools: dict[str, dict[str, object]],
    precommit: str,
    root: Path | None,
    directory: Path,
    sources: tuple[str, ...],
) -> Style:
    """The settings in force for the files in ``directory``."""
    ruff, black, isort = tools.get("ruff"), tools.get("black"), tools.get("isort")
    # E501's limit: the strictest of the tools that check or set it
    limits = [_int(t.get("line_length"), 88) for t in (ruff, black) if t is not None]
    if "flake8" in tools:
        limits.append(_int(tools["flake8"].get("max_line_length"), 79))
    line_length = min(limits, default=88)
    # isort's options over its profile's, then ruff's [lint.isort] (or legacy [isort]) over
    # both: ruff is the one that would report I001
    options: dict[str, object] = {}
    import_length = line_length
    if isort is not None:
        profile = str(isort.get("profile", "")).strip("\"' ")
        import_length = _int(isort.get("line_length"), 88 if profile == "black" else 79)
        if profile == "google":
            options.update(force_sort_within_sections=True, force_single_line=True)
        options.update(isort)
    if ruff is not None:
        lint = _table(ruff.get("lint")) or {}
        options.update(_table(lint.get("isort")) or _table(ruff.get("isort")) or {})
    # ruff's src starts at the project root; with no root at all, at the working directory
    # (where ruff then takes it from too)
    base = root or Path.cwd()
    src = options.get("src_paths") or (ruff or {}).get("src")
    src_paths = tuple(base / str(p) for p in src) if isinstance(src, list) else ()
    # ruff's detect-same-package: the file's own top-level package (the helpers' too) is
    # first-party wherever it is
    package = top_package_dir(directory / "__init__.py")
    if not _flag(options.get("detect_same_package", True)):
        package = None
    # what --format runs: a tool's own table first, then a pre-commit hook
    formatter = (
        "ruff" if ruff is not None and isinstance(ruff.get("format"), dict)
        else "black" if black is not None
        else "ruff" if "id: ruff-format" in precommit
        else "black" if "id: black" in precommit
        else None
    )  # fmt: skip
    return Style(
        line_length=line_length,
        import_line_length=import_length,
        known_first_party=_names(options.get("known_first_party")),
        known_third_party=_names(options.get("known_third_party")),
        force_sort_within_sections=_flag(options.get("force_sort_within_sections", False)),
        force_single_line=_flag(options.get("force_single_line", False)),
        combine_as=_flag(options.get("combine_as_imports", False)),
        order_by_type=_flag(options.get("order_by_type", True)),
        case_sensitive=_flag(options.get("case_sensitive", False)),
        formatter=formatter,
        root=root,
        src_paths=src_paths or (base, base / "src"),
        package=package.name if package else None,
        sources=sources,
    )


def find_style(path: Path) -> Style:
    """The style in force for ``path``: the nearest configuration of each tool, up to the
    repository root."""
    return _style_for_dir(path.resolve().parent)


# ---------------------------------------------------------------------------------- imports
# isort's sections, in the order it writes them
_FUTURE, _STDLIB, _THIRD, _FIRST, _LOCAL = range(5)


@functools.lru_cache(maxsize=4096)
def _in_src(top: str, src_paths: tuple[Path, ...]) -> bool:
    return any((p / top).is_dir() or (p / f"{top}.py").is_file() for p in src_paths)


def _section(stmt: ast.Import | ast.ImportFrom, style: Style) -> int:
    """The section of ``stmt`` (the user's too: ours go between them), decided in ruff's
    order: relative, the known-* lists, the standard library, the file's own top-level
    package (detect-same-package), a module found in ``src``."""
    if isinstance(stmt, ast.ImportFrom):
        if stmt.level:
            return _LOCAL
        module = stmt.module or ""
    else:
        module = stmt.names[0].name
    top = module.split(".")[0]
    if module == "__future__":
        return _FUTURE
    if top in style.known_first_party:
        return _FIRST
    if top in style.known_third_party:
        return _THIRD
    if top in sys.stdlib_module_names:
        return _STDLIB
    if top == style.package or _in_src(top, style.src_paths):
        return _FIRST
    return _THIRD


def _member_key(name: str, style: Style) -> tuple[object, ...]:
    """A name's place in a from-import: with order-by-type CONSTANTS, then Classes, then the
    rest; case-insensitive unless case-sensitive (the exact name breaks ties)."""
    kind = 2
    if style.order_by_type:
        if name.isupper() and len(name) > 1:
            kind = 0
        elif name[:1].isupper():
            kind = 1
    return (kind, name if style.case_sensitive else name.lower(), name)


def _stmt_key(stmt: ast.Import | ast.ImportFrom, style: Style) -> tuple[object, ...]:
    """A statement's place in its section: ``import x`` lines before ``from x import`` lines
    by module, or both kinds mixed by module with force-sort-within-sections."""
    name = _module(stmt)
    lowered = name if style.case_sensitive else name.lower()
    is_from = isinstance(stmt, ast.ImportFrom)
    first = _member_key(stmt.names[0].name, style) if is_from else ()
    if style.force_sort_within_sections:
        return (lowered, name, is_from, first)
    return (is_from, lowered, name, first)


def _module(stmt: ast.Import | ast.ImportFrom) -> str:
    if isinstance(stmt, ast.ImportFrom):
        return "." * stmt.level + (stmt.module or "")
    return stmt.names[0].name


def _alias(alias: ast.alias) -> str:
    return f"{alias.name} as {alias.asname}" if alias.asname else alias.name


def _render_from(module: str, names: list[str], style: Style, vertical: bool) -> list[str]:
    """``from module import names`` as isort writes it: one line per name with
    force-single-line, else one line, or one name per line in brackets when that is too long
    (or was so written: ``vertical``)."""
    if style.force_single_line:
        return [f"from {module} import {name}\n" for name in names]
    line = f"from {module} import {', '.join(names)}\n"
    if not vertical and len(line) - 1 <= style.import_line_length:
        return [line]
    return [f"from {module} import (\n", *(f"    {n},\n" for n in names), ")\n"]


@dataclass
class _Item:
    """A piece of the import block: one statement with the comment lines just above it, or a
    line between statements (blank, or a comment of its own: ``stmt`` None)."""

    lines: list[str]
    stmt: ast.Import | ast.ImportFrom | None = None
    section: int = 0
    key: tuple[object, ...] = ()


def _item(lines: list[str], stmt: ast.Import | ast.ImportFrom, style: Style) -> _Item:
    return _Item(lines, stmt, _section(stmt, style), _stmt_key(stmt, style))


def _header(tree: ast.Module) -> list[ast.Import | ast.ImportFrom]:
    """The imports at the top of the module (after its docstring): the block isort sorts."""
    found: list[ast.Import | ast.ImportFrom] = []
    for stmt in tree.body[1 if ast.get_docstring(tree, clean=False) is not None else 0 :]:
        if not isinstance(stmt, ast.Import | ast.ImportFrom):
            break
        found.append(stmt)
    return found


@dataclass
class _Before:
    """The import block of the original text: what the user wrote is never moved."""

    texts: set[str]
    froms: dict[str, ast.ImportFrom]  # by module: the codemod may add names to one
    names: dict[str, set[str]]  # the names each module's from-imports bind
    #: texts of statements on adjacent lines: never separated, even across sections
    together: set[tuple[str, str]]

    @classmethod
    def read(cls, source: str, header: list[ast.Import | ast.ImportFrom]) -> _Before:
        lines = source.splitlines(keepends=True)
        text = {id(s): "".join(lines[s.lineno - 1 : s.end_lineno]) for s in header}
        froms = {_module(s): s for s in header if isinstance(s, ast.ImportFrom)}
        names: dict[str, set[str]] = {}
        for s in header:
            if isinstance(s, ast.ImportFrom):
                names.setdefault(_module(s), set()).update(_alias(a) for a in s.names)
        together = {
            (text[id(a)], text[id(b)])
            for a, b in zip(header, header[1:], strict=False)
            if b.lineno == (a.end_lineno or a.lineno) + 1
        }
        return cls(set(text.values()), froms, names, together)


def _one_name_per_import(header: list[ast.Import | ast.ImportFrom]) -> bool:
    """Whether the file writes one name per from-import, repeating the module (as isort's
    force_single_line does): every from-import has one name and some module comes twice."""
    froms = [s for s in header if isinstance(s, ast.ImportFrom) and not s.level]
    modules = [s.module for s in froms]
    return all(len(s.names) == 1 for s in froms) and len(set(modules)) < len(modules)


def _split(
    stmt: ast.Import | ast.ImportFrom, above: list[str], body: list[str], old: _Before, style: Style
) -> tuple[_Item | None, list[_Item]]:
    """(``stmt`` as it stays, or None; the imports that move where isort puts them). A new
    statement moves; a name added to the user's from-import takes its sorted place there, or
    a line of its own (force-single-line; an alias without combine-as), as isort writes it."""
    item = _item(above + body, stmt, style)
    own = "".join(body)
    if own in old.texts or "#" in own:  # the user's, or with a comment: whose, and where to?
        return item, []
    if isinstance(stmt, ast.Import):  # the codemod adds one module per plain import
        return (None, [item]) if len(stmt.names) == 1 else (item, [])
    module = _module(stmt)
    before = old.froms.get(module)
    if before is None and stmt.level:
        return item, []
    kept = old.names.get(module, set())
    together: list[str] = []
    alone: list[_Item] = []
    for alias in stmt.names:
        name = _alias(alias)
        own_line = style.force_single_line or (alias.asname and not style.combine_as)
        if name not in kept and own_line:
            single = ast.ImportFrom(stmt.module, [alias], stmt.level)
            alone.append(_item([f"from {module} import {name}\n"], single, style))
        else:
            together.append(name)
    if before is None:  # a new from-import: sorted, and where its first name sorts
        if together:
            together.sort(key=lambda n: _member_key(n, style))
            first = next(a for a in stmt.names if _alias(a) == together[0])
            lead = ast.ImportFrom(stmt.module, [first], stmt.level)
            alone.append(_item(above + _render_from(module, together, style, False), lead, style))
        return None, alone
    if not together:
        return None, alone
    # the user's names keep their order; each added one goes before the first that sorts
    # after it, where isort puts it (and a from-import written one name a line stays so)
    names = [n for n in together if n in kept]
    for name in (n for n in together if n not in kept):
        key = _member_key(name, style)
        later = (i for i, n in enumerate(names) if _member_key(n, style) > key)
        names.insert(next(later, len(names)), name)
    vertical = (before.end_lineno or before.lineno) > before.lineno
    item.lines = above + _render_from(module, names, style, vertical)
    return item, alone


def _place_imports(original: str, new: str, style: Style) -> str:
    """``new`` with the imports the codemod added (or extended) where isort puts them."""
    try:
        old_header, header = _header(ast.parse(original)), _header(ast.parse(new))
    except SyntaxError:
        return new
    if not header:
        return new
    rows = [row for s in header for row in range(s.lineno, (s.end_lineno or s.lineno) + 1)]
    if len(rows) != len(set(rows)) or any(s.col_offset for s in header):
        return new  # two statements on one line: leave it alone
    if not style.force_single_line and _one_name_per_import(old_header):
        style = dataclasses.replace(style, force_single_line=True)  # the file's own convention
    old = _Before.read(original, old_header)
    lines = new.splitlines(keepends=True)
    # comment lines right above a statement belong to it (and to the block's start)
    cursor = header[0].lineno - 1
    while cursor > 0 and lines[cursor - 1].lstrip().startswith("#"):
        cursor -= 1
    first = cursor
    items: list[_Item] = []
    added: list[_Item] = []
    for stmt in header:
        start = attached = stmt.lineno - 1
        while attached > cursor and lines[attached - 1].lstrip().startswith("#"):
            attached -= 1
        items.extend(_Item([line]) for line in lines[cursor:attached])
        body = lines[start : stmt.end_lineno]
        stays, moves = _split(stmt, lines[attached:start], body, old, style)
        items.extend([stays] if stays is not None else [])
        added.extend(moves)
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
    _separate_sections(items, old.together)
    return "".join(lines[:first] + [line for i in items for line in i.lines] + lines[last:])


def _drop_extra_blanks(items: list[_Item]) -> None:
    """Runs of blank lines between imports collapse to one (a removed import can leave two)."""
    index = 1
    while index < len(items):
        pair = items[index - 1 : index + 1]
        if all(i.stmt is None and not i.lines[0].strip() for i in pair):
            del items[index]
        else:
            index += 1
    while items and items[-1].stmt is None and not items[-1].lines[0].strip():
        items.pop()


def _insert(items: list[_Item], new: _Item) -> None:
    """``new`` after the last statement of its section that sorts before it; in a section of
    its own, before the first statement of a later section (or at the end)."""
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


# ---------------------------------------------------------------------------------- comments
# A pragma applies to its own line: split, it would stop working.
_PRAGMAS = ("# noqa", "# type:", "# fmt:", "# pragma", "# pylint:", "# isort:", "# nosec")


def _wrap_comment(line: str, limit: int) -> list[str]:
    """A comment line as several within ``limit``, at spaces; a marker's continuation lines
    are indented two more, so the marker reads as one comment."""
    stripped = line.rstrip("\r\n")
    ending = line[len(stripped) :] or "\n"
    indent = stripped[: len(stripped) - len(stripped.lstrip())]
    marker = stripped.strip().startswith(_MARKER)
    out: list[str] = []
    current = f"{indent}#"
    for word in stripped.strip()[1:].split():
        candidate = f"{current} {word}"
        if len(candidate) > limit and current.strip() not in ("#", "#  "):
            out.append(current)
            current = f"{indent}#{'  ' if marker else ''} {word}"
        else:
            current = candidate
    out.append(current)
    return [o + ending for o in out]


def _wrap_comments(original: str, new: str, limit: int) -> str:
    """``new`` with the too-long comment lines the codemod wrote (lines ``original`` does not
    have) wrapped; no formatter wraps comments, and each marker would otherwise be an E501."""
    lines = new.splitlines(keepends=True)
    old = set(original.splitlines(keepends=True))
    for row in range(len(lines) - 1, -1, -1):
        line = lines[row]
        is_comment = line.lstrip().startswith("#") and not line.lstrip().startswith(_PRAGMAS)
        if is_comment and len(line.rstrip("\r\n")) > limit and line not in old:
            lines[row : row + 1] = _wrap_comment(line, limit)
    wrapped = "".join(lines)
    if wrapped == new:
        return new
    try:  # a "comment" inside a string literal would have changed the string: no wrap then
        same = ast.dump(ast.parse(wrapped)) == ast.dump(ast.parse(new))
    except SyntaxError:
        same = False
    return wrapped if same else new


# ---------------------------------------------------------------------------------- public
def restyle(original: str, new: str, style: Style) -> str:
    """``new`` (the codemod's output for ``original``) with the added imports placed and the
    codemod's long comments wrapped the way ``style`` asks; every other line is kept."""
    if original == new:
        return new
    crlf = "\r\n" in new
    text = new.replace("\r\n", "\n") if crlf else new
    before = original.replace("\r\n", "\n") if crlf else original
    text = _place_imports(before, text, style)
    text = _wrap_comments(before, text, style.line_length)
    return text.replace("\n", "\r\n") if crlf else text
