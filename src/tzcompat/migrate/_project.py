"""The project index: what rewriting one module needs to know about the others.

Migrating the module that *creates* pytz zones changes what every module it hands them to
receives: ``zone.localize(...)`` three imports away stops working. So the codemod first reads the
whole tree (with ``ast``: cheap, no LibCST) and records which names hold pytz zones, which
functions return them and which modules raise pytz's time errors. The index is plain data, so it
pickles into worker processes.
"""

from __future__ import annotations

import argparse
import ast
import functools
import os
import tokenize
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

# pytz callables and values that make a zone, and the kind the codemod gives it.
_CREATORS = {"pytz.timezone": "zone", "pytz.FixedOffset": "fixed"}
_VALUES = {"pytz.utc": "utc", "pytz.UTC": "utc"}
_ERROR_NAMES = ("AmbiguousTimeError", "NonExistentTimeError", "InvalidTimeError")
_ERRORS = {f"pytz.{n}" for n in _ERROR_NAMES} | {f"pytz.exceptions.{n}" for n in _ERROR_NAMES}


@dataclass(frozen=True)
class ModuleFacts:
    """What one module contributes to the index (before cross-module resolution)."""

    name: str
    is_package: bool = False
    imports_pytz: bool = False
    raises_time_errors: bool = False
    #: top-level name -> "kind:<kind>" | "ref:<qualified>" | "call:<qualified>"
    bindings: dict[str, str] = field(default_factory=dict)
    #: top-level function name -> the same forms, for what it returns
    returns: dict[str, str] = field(default_factory=dict)
    #: (module, name) of each ``from module import name``
    imported: tuple[tuple[str, str], ...] = ()
    #: calls ``pytz.timezone()`` with a run-time name (which may be "UTC": then it is pytz.utc)
    dynamic_timezone: bool = False
    #: functions and methods (``f``, ``Class.m``) that may return an aware datetime in a zone
    #: handed to them (``dt.astimezone(self.tz)``, ``tz.localize(dt)``): pytz arithmetic on it
    #: was absolute time, ZoneInfo's is wall time
    aware_returns: frozenset[str] = frozenset()
    #: some expression makes a datetime aware in a zone that may be pytz's (see aware_returns)
    makes_aware: bool = False
    #: top-level names bound to a UTC object of any library (pytz.utc, ZoneInfo("UTC"),
    #: timezone.utc): arithmetic on datetimes aware in them is the same in pytz and zoneinfo
    utc_bindings: frozenset[str] = frozenset()


@dataclass
class ProjectIndex:
    """Facts about every module of the tree, with zone-holding names resolved across modules."""

    modules: dict[str, ModuleFacts] = field(default_factory=dict)
    #: qualified top-level name -> zone kind ("zone", "utc", "fixed")
    zones: dict[str, str] = field(default_factory=dict)
    #: qualified function name -> kind of the zone it may return
    zone_functions: dict[str, str] = field(default_factory=dict)
    #: module -> names other modules import from it (``from module import name``)
    imported_from: dict[str, set[str]] = field(default_factory=dict)
    #: qualified top-level names bound to a UTC object (directly or re-exported)
    utc_names: set[str] = field(default_factory=set)

    @property
    def has_pytz(self) -> bool:
        """True when some module of the tree imports pytz (its zones flow elsewhere)."""
        return any(m.imports_pytz for m in self.modules.values())

    @property
    def dynamic_timezone(self) -> bool:
        """True when some module calls ``pytz.timezone()`` with a run-time (or "UTC") name."""
        return any(m.dynamic_timezone for m in self.modules.values())

    def aware_function(self, qualified: str) -> bool:
        """True when the function or method ``module.f`` / ``module.Class.m`` may return a
        datetime aware in a zone it was handed."""
        module, _, name = qualified.rpartition(".")
        for _ in range(2):  # module.f, then module.Class.m
            facts = self.modules.get(module)
            if facts is not None and name in facts.aware_returns:
                return True
            module, _, outer = module.rpartition(".")
            name = f"{outer}.{name}"
        return False

    @property
    def raisers(self) -> list[str]:
        """Modules that raise pytz's time errors (``localize(..., is_dst=None)`` and kin)."""
        return sorted(n for n, m in self.modules.items() if m.raises_time_errors)

    def is_package(self, module: str | None) -> bool:
        facts = self.modules.get(module or "")
        return bool(facts and facts.is_package)

    def add(self, facts: ModuleFacts) -> None:
        self.modules[facts.name] = facts
        self._resolve()

    def _resolve(self) -> None:
        self.zones.clear()
        self.zone_functions.clear()
        self.imported_from.clear()
        for facts in self.modules.values():
            for module, name in facts.imported:
                self.imported_from.setdefault(module, set()).add(name)
        self.utc_names.clear()
        for facts in self.modules.values():
            self.utc_names.update(f"{facts.name}.{n}" for n in facts.utc_bindings)
        for _ in range(8):  # chains of re-exports are short; stop at a fixed point
            before = (dict(self.zones), dict(self.zone_functions))
            for facts in self.modules.values():
                for name, raw in facts.bindings.items():
                    if raw.startswith("ref:") and raw[4:] in self.utc_names:
                        self.utc_names.add(f"{facts.name}.{name}")
            for facts in self.modules.values():
                for name, raw in facts.bindings.items():
                    kind = self._kind(raw)
                    if kind:
                        self.zones[f"{facts.name}.{name}"] = kind
                for name, raw in facts.returns.items():
                    kind = self._kind(raw)
                    if kind:
                        self.zone_functions[f"{facts.name}.{name}"] = kind
            if (self.zones, self.zone_functions) == before:
                break

    def _kind(self, raw: str) -> str | None:
        if "|" in raw:
            # several return paths: one kind if they all agree, else some zone of unknown
            # kind (the receivers then go through the helpers, which accept any zone)
            kinds = {self._kind(part) for part in raw.split("|")}
            known = kinds - {None}
            if not known:
                return None
            return known.pop() if len(kinds) == 1 else "zone"
        form, _, value = raw.partition(":")
        if form == "kind":
            return value
        if form == "ref":
            return self.zones.get(value)
        return self.zone_functions.get(value)


def module_name_for(path: Path) -> tuple[str, bool]:
    """(dotted module name, is a package ``__init__``), from the ``__init__.py`` files above."""
    path = Path(os.path.abspath(path))
    is_package = path.stem == "__init__"
    parts = [] if is_package else [path.stem]
    folder = path.parent
    while (folder / "__init__.py").exists() and folder.parent != folder:
        parts.insert(0, folder.name)
        folder = folder.parent
    return ".".join(parts) or path.stem, is_package


def top_package_dir(path: Path) -> Path | None:
    """The directory of the outermost package holding ``path``, or None for a loose script."""
    folder = Path(os.path.abspath(path)).parent
    if not (folder / "__init__.py").exists():
        return None
    while (folder.parent / "__init__.py").exists() and folder.parent != folder:
        folder = folder.parent
    return folder


def resolve_relative(name: str, module: str | None, is_package: bool) -> str:
    """``.conf.TZ`` seen in ``module`` -> ``pkg.conf.TZ``; absolute names unchanged."""
    if not name.startswith(".") or not module:
        return name
    level = len(name) - len(name.lstrip("."))
    parts = module.split(".")
    if not is_package:
        parts = parts[:-1]
    if level > 1:
        parts = parts[: len(parts) - (level - 1)]
    rest = name[level:]
    return ".".join([*parts, rest] if rest else parts)


class _Scanner(ast.NodeVisitor):
    def __init__(self, module: str, is_package: bool) -> None:
        self.module = module
        self.is_package = is_package
        self.imports: dict[str, str] = {}
        self.top: set[str] = set()
        self.imports_pytz = False
        self.raises = False
        self.dynamic = False
        self.imported: list[tuple[str, str]] = []

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            if alias.name.split(".")[0] == "pytz":
                self.imports_pytz = True
            if alias.asname:
                self.imports[alias.asname] = alias.name
            else:
                root = alias.name.split(".")[0]
                self.imports[root] = root

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        base = "." * node.level + (node.module or "")
        base = resolve_relative(base, self.module, self.is_package) if node.level else base
        errors_only = all(a.name in _ERROR_NAMES for a in node.names)
        if not node.level and base.split(".")[0] == "pytz" and not errors_only:
            self.imports_pytz = True  # the helpers' try-import of the error classes is not
        for alias in node.names:
            if alias.name != "*":
                self.imports[alias.asname or alias.name] = f"{base}.{alias.name}"
                self.imported.append((base, alias.name))

    def visit_Call(self, node: ast.Call) -> None:
        func = node.func
        if self.qual(func) == "pytz.timezone" and node.args:
            key = node.args[0]
            literal = isinstance(key, ast.Constant) and isinstance(key.value, str)
            self.dynamic |= not literal or key.value.upper() == "UTC"  # type: ignore[union-attr]
        if isinstance(func, ast.Attribute) and func.attr == "localize":
            self.raises |= len(node.args) >= 2 and _is_none(node.args[1])
            self.raises |= any(k.arg == "is_dst" and _is_none(k.value) for k in node.keywords)
        elif isinstance(func, ast.Name) and func.id == "_tz_localize":  # already migrated
            self.raises |= len(node.args) >= 3 and _is_none(node.args[2])
            self.raises |= any(k.arg == "is_dst" and _is_none(k.value) for k in node.keywords)
        self.generic_visit(node)

    def visit_Attribute(self, node: ast.Attribute) -> None:
        # a bound method (``_localize = tz.localize``) may be called with is_dst=None later
        self.raises |= node.attr == "localize" and not getattr(node, "_called", False)
        # pytz.timezone handed around as a callable gets run-time names
        self.dynamic |= not getattr(node, "_called", False) and self.qual(node) == "pytz.timezone"
        self.generic_visit(node)

    def visit_Raise(self, node: ast.Raise) -> None:
        exc = node.exc.func if isinstance(node.exc, ast.Call) else node.exc
        self.raises |= exc is not None and self.qual(exc) in _ERRORS
        self.generic_visit(node)

    def qual(self, node: ast.AST) -> str | None:
        if isinstance(node, ast.Name):
            if node.id in self.imports:
                return self.imports[node.id]
            return f"{self.module}.{node.id}" if node.id in self.top else None
        if isinstance(node, ast.Attribute):
            base = self.qual(node.value)
            return f"{base}.{node.attr}" if base else None
        return None

    def classify(self, node: ast.AST | None, local: dict[str, ast.AST] | None = None) -> str | None:
        if node is None:
            return None
        if isinstance(node, ast.Call):
            q = self.qual(node.func)
            if q in _CREATORS:
                return f"kind:{_CREATORS[q]}"
            return f"call:{q}" if q else None
        if local and isinstance(node, ast.Name) and node.id in local:
            return self.classify(local.pop(node.id), local)
        q = self.qual(node)
        if q in _VALUES:
            return f"kind:{_VALUES[q]}"
        return f"ref:{q}" if q else None


def _is_none(node: ast.AST) -> bool:
    return isinstance(node, ast.Constant) and node.value is None


def _mark_called(tree: ast.AST) -> None:
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            node.func._called = True  # type: ignore[attr-defined]


def scan_source(code: str, module: str, is_package: bool = False) -> ModuleFacts:
    """The facts of one module's source (a module that does not parse contributes nothing)."""
    try:
        tree = ast.parse(code)
    except (SyntaxError, ValueError):
        return ModuleFacts(module, is_package)
    _mark_called(tree)
    scan = _Scanner(module, is_package)
    for stmt in tree.body:
        for target in _targets(stmt):
            scan.top.add(target)
        if isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            scan.top.add(stmt.name)
    scan.visit(tree)
    bindings: dict[str, str] = {}
    returns: dict[str, str] = {}
    utc_bindings: set[str] = set()
    for stmt in tree.body:
        if isinstance(stmt, ast.Assign | ast.AnnAssign) and stmt.value is not None:
            targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
            raw = scan.classify(stmt.value)
            utc = _utc_like(scan, stmt.value)
            for target in targets:
                if raw and isinstance(target, ast.Name):
                    bindings[target.id] = raw
                if utc and isinstance(target, ast.Name):
                    utc_bindings.add(target.id)
        elif isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef):
            raw = _returned(scan, stmt)
            if raw:
                returns[stmt.name] = raw
    utc_like = functools.partial(_utc_like, scan)
    return ModuleFacts(
        module,
        is_package,
        imports_pytz=scan.imports_pytz,
        raises_time_errors=scan.raises,
        bindings=bindings,
        returns=returns,
        imported=tuple(scan.imported),
        dynamic_timezone=scan.dynamic,
        aware_returns=_aware_returns(tree, utc_like),
        makes_aware=any(
            zone_aware_call(node, utc_like) for node in ast.walk(tree) if isinstance(node, ast.Call)
        ),
        utc_bindings=frozenset(utc_bindings),
    )


def _targets(stmt: ast.stmt) -> list[str]:
    if isinstance(stmt, ast.Assign):
        return [t.id for t in stmt.targets if isinstance(t, ast.Name)]
    if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name):
        return [stmt.target.id]
    return []


def _returned(scan: _Scanner, func: ast.FunctionDef | ast.AsyncFunctionDef) -> str | None:
    """What the function may return: each ``return`` value's form, ``|``-joined.

    A value the scanner cannot classify is ``?``; ``return``/``return None`` add nothing.
    """
    local: dict[str, ast.AST] = {}
    for node in ast.walk(func):
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target = node.targets[0]
            if isinstance(target, ast.Name):
                local[target.id] = node.value
    forms: list[str] = []
    for node in ast.walk(func):
        if isinstance(node, ast.Return) and node.value is not None and not _is_none(node.value):
            raw = scan.classify(node.value, dict(local)) or "?"
            if raw not in forms:
                forms.append(raw)
    return "|".join(forms) if any(f != "?" for f in forms) else None


_UTC_NAMES = frozenset(
    {"pytz.utc", "pytz.UTC", "datetime.timezone.utc", "datetime.UTC", "dateutil.tz.UTC"}
)
_UTC_KEYS = frozenset({"UTC", "ETC/UTC", "UCT", "ETC/UCT", "ZULU", "ETC/ZULU", "UNIVERSAL"})


def _utc_like(scan: _Scanner, node: ast.AST) -> bool:
    if isinstance(node, ast.Call):
        func = scan.qual(node.func)
        if func in ("zoneinfo.ZoneInfo", "pytz.timezone") and len(node.args) == 1:
            key = node.args[0]
            return isinstance(key, ast.Constant) and str(key.value).upper() in _UTC_KEYS
        return func == "dateutil.tz.tzutc"
    if isinstance(node, ast.Attribute) and node.attr == "utc":
        return True  # timezone.utc, pytz.utc, dt_timezone.utc, ...
    return scan.qual(node) in _UTC_NAMES


def zone_aware_call(node: ast.Call, utc_like: Callable[[ast.AST], bool]) -> bool:
    """True when the call makes an aware datetime in a zone other than UTC (``utc_like(node)``
    says whether a tzinfo expression is UTC), judged from its shape alone."""
    func = node.func
    if isinstance(func, ast.Name):
        if func.id in ("_tz_localize", "_tz_normalize") and len(node.args) >= 2:
            return not utc_like(node.args[1])
        return False
    if not isinstance(func, ast.Attribute):
        return False
    tz: ast.AST | None = None
    if func.attr in ("localize", "normalize"):
        return not utc_like(func.value)
    kwargs = {k.arg: k.value for k in node.keywords}
    if func.attr == "astimezone" and node.args:
        tz = node.args[0]
    elif func.attr in ("now", "fromtimestamp"):
        where = 0 if func.attr == "now" else 1
        tz = kwargs.get("tz") or (node.args[where] if len(node.args) > where else None)
    elif func.attr == "replace":
        tz = kwargs.get("tzinfo")
        if isinstance(tz, ast.Constant):
            return False
    return tz is not None and not utc_like(tz)


def _aware_returns(tree: ast.Module, utc_like: Callable[[ast.AST], bool]) -> frozenset[str]:
    """Functions and methods whose return value may be zone-aware (see ModuleFacts)."""
    functions: dict[str, ast.FunctionDef | ast.AsyncFunctionDef] = {}
    for stmt in tree.body:
        if isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef):
            functions[stmt.name] = stmt
        elif isinstance(stmt, ast.ClassDef):
            for inner in stmt.body:
                if isinstance(inner, ast.FunctionDef | ast.AsyncFunctionDef):
                    functions[f"{stmt.name}.{inner.name}"] = inner
    found: set[str] = set()

    def aware(node: ast.AST | None, local: dict[str, list[ast.AST]], cls: str, depth: int) -> bool:
        if node is None or depth > 6:
            return False
        if isinstance(node, ast.Call):
            if zone_aware_call(node, utc_like):
                return True
            func = node.func
            if (
                isinstance(func, ast.Attribute)
                and isinstance(func.value, ast.Name)
                and func.value.id in ("self", "cls")
            ):
                return f"{cls}.{func.attr}" in found
            return isinstance(func, ast.Name) and func.id in found
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add | ast.Sub):
            return aware(node.left, local, cls, depth + 1)
        if isinstance(node, ast.Name):
            return any(aware(v, local, cls, depth + 1) for v in local.get(node.id, ()))
        return False

    for _ in range(4):  # methods calling methods: a few rounds reach a fixed point
        before = len(found)
        for name, func in functions.items():
            if name in found:
                continue
            local: dict[str, list[ast.AST]] = {}
            for node in ast.walk(func):
                if isinstance(node, ast.Assign):
                    for target in node.targets:
                        for leaf in ast.walk(target):
                            if isinstance(leaf, ast.Name):
                                local.setdefault(leaf.id, []).append(node.value)
            cls = name.rpartition(".")[0]
            for node in ast.walk(func):
                if isinstance(node, ast.Return) and aware(node.value, local, cls, 0):
                    found.add(name)
                    break
        if len(found) == before:
            break
    return frozenset(found)


def _read(path: Path) -> str:
    with open(path, "rb") as f:
        encoding, _ = tokenize.detect_encoding(f.readline)
    with open(path, encoding=encoding) as f:
        return f.read()


def build_index(files: Iterable[str | os.PathLike[str]]) -> ProjectIndex:
    """Index the given ``.py`` files (unreadable or unparsable ones contribute nothing)."""
    index = ProjectIndex()
    for raw in files:
        path = Path(raw)
        name, is_package = module_name_for(path)
        try:
            code = _read(path)
        except (OSError, UnicodeDecodeError, SyntaxError):
            continue
        index.modules[name] = scan_source(code, name, is_package)
    index._resolve()
    return index


def index_sources(sources: dict[str, str], packages: Iterable[str] = ()) -> ProjectIndex:
    """Index in-memory modules: ``{"pkg.mod": source}``; ``packages`` names the ``__init__``s."""
    index = ProjectIndex()
    packages = set(packages)
    for name, code in sources.items():
        index.modules[name] = scan_source(code, name, name in packages)
    index._resolve()
    return index


@dataclass(frozen=True)
class Plan:
    """Per-file codemod options for one CLI run: the shared index and where helpers live."""

    index: ProjectIndex
    #: ``--helpers PATH``: the one helper module of the run; None: one per top-level package
    helpers_file: str | None = None
    #: ``--inline-helpers``: paste the helpers into each module instead
    inline: bool = False

    def helper_file_for(self, path: str | os.PathLike[str]) -> Path | None:
        """The helper module file ``path`` imports from, or None when helpers go inline."""
        if self.inline:
            return None
        if self.helpers_file:
            return Path(self.helpers_file)
        top = top_package_dir(Path(path))
        return None if top is None else top / f"{_DEFAULT_MODULE}.py"

    def kwargs_for(self, path: str | os.PathLike[str]) -> dict[str, object]:
        """Keyword arguments of ``migrate_source`` for the file at ``path``."""
        name, _ = module_name_for(Path(path))
        helper = self.helper_file_for(path)
        helpers = module_name_for(helper)[0] if helper is not None else None
        return {"index": self.index, "module_name": name, "helpers": helpers}


_DEFAULT_MODULE = "_tzmigrate"  # the same as _helpers.DEFAULT_MODULE (that one needs no ast)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The CLI options for helper placement and the project index."""
    place = parser.add_mutually_exclusive_group()
    place.add_argument(
        "--helpers", metavar="FILE",
        help="write the shared helpers (_tz_localize, _tz_normalize, the time-error classes) "
        "to FILE, e.g. mypkg/_tzmigrate.py, and import them from there (default: "
        "_tzmigrate.py in the top-level package of each migrated file)",
    )  # fmt: skip
    place.add_argument(
        "--inline-helpers", action="store_true",
        help="paste the helpers into each module that needs them instead",
    )  # fmt: skip
    parser.add_argument(
        "--index", action="append", default=[], metavar="PATH",
        help="also read PATH (repeatable) for the project index: modules that create or "
        "receive pytz zones but are not migrated in this run",
    )  # fmt: skip


def plan_from_args(
    args: argparse.Namespace, files: Iterable[Path], more: Iterable[Path] = ()
) -> Plan:
    """Index ``files`` (and ``more``, from ``--index``) and record the helper placement."""
    seen = {Path(os.path.abspath(p)) for p in files} | {Path(os.path.abspath(p)) for p in more}
    return Plan(build_index(sorted(seen)), args.helpers, bool(args.inline_helpers))
