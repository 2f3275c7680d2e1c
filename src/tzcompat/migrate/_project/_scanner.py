"""The scanner: one module's ``ModuleFacts`` from its source, with ``ast`` (cheap, no LibCST):
which names hold pytz zones, which functions return them or zone-aware datetimes, whether the
module raises pytz's time errors, and the evidence ``may_change`` reads."""

from __future__ import annotations

import ast
import functools
from collections.abc import Callable, Collection, Iterable

from .. import _facts, _kinds
from ._model import _BUILTINS, ModuleFacts, ProjectIndex
from ._naming import resolve_relative


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
        errors_only = all(a.name in _facts.ERROR_NAMES for a in node.names)
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
            self.dynamic |= not literal or key.value.upper() == "UTC"  # type: ignore[attr-defined]
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
        self.raises |= exc is not None and _kinds.canon(self.qual(exc) or "") in _facts.TIME_ERRORS
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
            kind = _kinds.pytz_kind(_kinds.made_by(q))
            if kind is not None:
                return f"kind:{kind}"
            return f"call:{q}" if q else None
        if local and isinstance(node, ast.Name) and node.id in local:
            return self.classify(local.pop(node.id), local)
        q = self.qual(node)
        kind = _kinds.pytz_kind(_kinds.value_kind(q))
        if kind is not None:
            return f"kind:{kind}"
        return f"ref:{q}" if q else None


def _is_none(node: ast.AST) -> bool:
    return isinstance(node, ast.Constant) and node.value is None


def _mark_called(nodes: Iterable[ast.AST]) -> None:
    for node in nodes:
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            node.func._called = True  # type: ignore[attr-defined]


class _Walks:
    """``ast.walk`` of each function, computed once (the scans below walk them repeatedly)."""

    def __init__(self) -> None:
        self._seen: dict[int, list[ast.AST]] = {}

    def __call__(self, node: ast.AST) -> list[ast.AST]:
        found = self._seen.get(id(node))
        if found is None:
            found = self._seen[id(node)] = list(ast.walk(node))
        return found


def scan_source(code: str, module: str, is_package: bool = False) -> ModuleFacts:
    """The facts of one module's source (a module that does not parse contributes nothing)."""
    try:
        tree = ast.parse(code)
    except (SyntaxError, ValueError):
        return ModuleFacts(module, is_package, parsed=False)
    nodes = list(ast.walk(tree))
    walks = _Walks()
    _mark_called(nodes)
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
            for target in targets:  # type: ignore[assignment]
                if raw and isinstance(target, ast.Name):
                    bindings[target.id] = raw
                if utc and isinstance(target, ast.Name):
                    utc_bindings.add(target.id)
        elif isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef):
            raw = _returned(scan, stmt, walks)
            if raw:
                returns[stmt.name] = raw
    utc_like = functools.partial(_utc_like, scan)
    top = module.split(".")[0]
    external = {  # names imported from outside the project: not its functions
        local for local, target in scan.imports.items() if target.split(".")[0] != top
    } | (_BUILTINS - scan.top)
    project = {  # names imported from the project: their functions' facts are the index's
        local: target for local, target in scan.imports.items() if target.split(".")[0] == top
    }
    aware_returns, aware_args, imported_args = _aware_returns(
        tree, utc_like, walks, _foreign(scan, module), frozenset(external), project
    )
    deltas = {
        local for local, target in scan.imports.items()
        if target.rpartition(".")[2] in ("timedelta", "relativedelta")
    }  # fmt: skip
    gate, names, arith_calls = _evidence(tree, nodes, deltas, scan.imports.keys())
    top = module.split(".")[0]
    imported_names = {*scan.imports.values()} | {
        alias.name for node in nodes if isinstance(node, ast.Import) for alias in node.names
    }
    project_imports = frozenset(
        target for target in imported_names if target.split(".")[0] == top and "." in module
    )
    localize_imports = set()
    for node in nodes:
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in ("localize", "normalize")
        ):
            root = node.func.value
            while isinstance(root, ast.Attribute | ast.Call | ast.Subscript):
                root = root.func if isinstance(root, ast.Call) else root.value
            if isinstance(root, ast.Name) and root.id in scan.imports:
                localize_imports.add(scan.imports[root.id])
    legacy = frozenset(
        local for local, target in scan.imports.items()
        if target.split(".")[0] in ("pytz", "dateutil")
    )  # fmt: skip
    return ModuleFacts(
        module,
        is_package,
        imports_pytz=scan.imports_pytz,
        raises_time_errors=scan.raises,
        bindings=bindings,
        returns=returns,
        imported=tuple(scan.imported),
        dynamic_timezone=scan.dynamic,
        aware_returns=aware_returns,
        aware_args=aware_args,
        imported_args=imported_args,
        functions=frozenset(
            n.name for n in nodes if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)
        ),
        makes_aware=any(
            zone_aware_call(node, utc_like) for node in nodes if isinstance(node, ast.Call)
        ),
        utc_bindings=frozenset(utc_bindings),
        legacy_names=legacy,
        gate=gate,
        names=names,
        arith_calls=arith_calls,
        project_imports=project_imports,
        localize_imports=frozenset(localize_imports),
    )


# What the codemod's rules look at in a module that neither imports pytz/dateutil nor names
# them, in a project where pytz zones exist (they may be handed in): a module without any of
# these sites cannot change, so it is not parsed by LibCST. The names are _facts'.
_IDENTITY = (ast.Is, ast.IsNot, ast.Eq, ast.NotEq)


def _label(node: ast.AST) -> str | None:
    """The name a receiver goes by: ``tz``, ``self.timezone``, ``conf["default_timezone"]``."""
    if isinstance(node, ast.Call):
        node = node.func
    if isinstance(node, ast.Attribute):
        return node.attr
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant):
        return node.slice.value if isinstance(node.slice.value, str) else None
    return None


def _tz_like(node: ast.AST) -> bool:
    """The codemod's test for a receiver named like a time zone (``_kinds.named_like_zone``)."""
    return _kinds.named_like_zone(_label(node))


def _attached(node: ast.Call) -> ast.AST | None:
    """The zone ``x.method(...)`` attaches (``_kinds.zone_argument``), if any."""
    func = node.func
    if not isinstance(func, ast.Attribute):
        return None
    keywords = {k.arg: k.value for k in node.keywords if k.arg}
    return _kinds.zone_argument(func.attr, func.value, node.args, keywords)


def _tzinfo_attr(node: ast.AST) -> bool:
    return isinstance(node, ast.Attribute) and node.attr == "tzinfo"


def _pair(a: ast.AST, b: ast.AST, gate: set[str]) -> None:
    """An identity/equality test between ``a`` and ``b`` (a tzinfo comparison)."""
    if (_tzinfo_attr(a) and _tz_like(b)) or (_tzinfo_attr(b) and _tz_like(a)):
        gate.add("tz")
    elif _tzinfo_attr(a) or _tzinfo_attr(b):
        gate.add("zone-dst")  # the other side matters only if it may be a zone with DST


def _shape_aware(call: ast.Call) -> str | None:
    """For the calls that attach a zone handed to them: "tz" when that zone is named like one
    (``tz``, ``self.timezone``: taken for a pytz zone), "zone" when it is another expression
    (a pytz zone only if a name holding one is used), else None."""
    tz = _attached(call)
    if tz is None or isinstance(tz, ast.Constant):
        return None
    return "tz" if _tz_like(tz) else "zone"


def _evidence(
    tree: ast.Module, nodes: list[ast.AST], deltas: set[str], imported: Collection[str]
) -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
    """(gate, names, arith_calls) of a module: see ModuleFacts. ``deltas``: the local names
    of timedelta/relativedelta (``from datetime import timedelta as td``)."""
    gate: set[str] = set()
    names: set[str] = set()
    for node in nodes:
        if isinstance(node, ast.Name):
            names.add(node.id)
        elif isinstance(node, ast.Attribute):
            attr = node.attr
            names.add(attr)
            if attr in _facts.PYTZ_PRIVATE:
                gate.add("tz")
            elif attr in _facts.PYTZ_ATTRS or attr in _facts.PYTZ_PRIVATE_WEAK:
                # X.value.zone: an Enum member holding a zone (rules/pytz_attributes.py)
                member = isinstance(node.value, ast.Attribute) and node.value.attr == "value"
                gate.add("tz" if _tz_like(node.value) or member else "zone")
        elif isinstance(node, ast.alias):
            names.add((node.asname or node.name).split(".")[0])
            names.add(node.name.rpartition(".")[2])
        elif isinstance(node, ast.Compare):
            if any(isinstance(op, _IDENTITY) for op in node.ops):
                operands = [node.left, *node.comparators]
                for a, b in zip(operands, operands[1:], strict=False):
                    _pair(a, b, gate)
        elif isinstance(node, ast.Call):
            _call_evidence(node, gate)
            if isinstance(node.func, ast.Name) and node.func.id == "repr":
                gate.add("repr")  # the repr of a value a caller may hand in (rules/reprs.py)
        elif isinstance(node, ast.FormattedValue) and node.conversion in (ord("r"), ord("a")):
            gate.add("repr")
        elif (
            isinstance(node, ast.BinOp)
            and isinstance(node.op, ast.Mod)
            and isinstance(node.left, ast.Constant)
            and isinstance(node.left.value, str)
            and "%r" in node.left.value
        ):
            gate.add("repr")
    arith_calls = _arith_evidence(nodes, gate, imported)
    called = {c.removeprefix("own.") for c in arith_calls}
    if called & ({"timedelta", "relativedelta"} | deltas):
        gate.add("arith-delta")
    return frozenset(gate), frozenset(names), arith_calls


def _arith_evidence(
    nodes: list[ast.AST], gate: set[str], imported: Collection[str]
) -> frozenset[str]:
    """The functions the module calls that could return a zone-aware datetime to it.

    The rules that ask whether a value is aware in a pytz zone (+/-, comparisons, replace()
    of wall fields, zones handed out of the run) follow local names, instance attributes
    set anywhere in the class, and dataclass fields filled anywhere in the module, so the
    evidence is the module's as a whole: ``"arith"`` for such a site, ``"arith-aware"`` for a
    call attaching a zone by its shape (``astimezone(tz)``...), and the names returned.
    """
    calls: set[str] = set()
    for node in nodes:
        if isinstance(node, ast.BinOp | ast.AugAssign):
            if isinstance(node.op, ast.Add | ast.Sub):
                gate.add("arith")
        elif isinstance(node, ast.Compare | ast.Set | ast.SetComp | ast.Dict | ast.DictComp):
            gate.add("arith")  # compared, or hashed as keys (the ordering rule)
        elif isinstance(node, ast.Call):
            func = node.func
            if isinstance(func, ast.Name) and func.id in _facts.ORDERING_CALLS:
                gate.add("arith")  # sorted()/min()/max()/set(): compared or hashed
            elif isinstance(func, ast.Attribute) and func.attr in _facts.ORDERING_METHODS:
                gate.add("arith")  # .sort(), bisect.insort(), heapq.heappush()...
            if isinstance(func, ast.Name):
                # f() is followed to this module's own f, or through its import
                calls.add(f"own.{func.id}")
                if func.id in imported:
                    calls.add(func.id)
                if func.id.startswith("_tz_"):
                    gate.add("arith-aware")
            elif isinstance(func, ast.Attribute):
                root = func.value
                while isinstance(root, ast.Attribute):
                    root = root.value
                # x.m() is followed for self.m/cls.m and through imported names only
                if isinstance(func.value, ast.Name) and func.value.id in ("self", "cls"):
                    calls.add(f"self.{func.attr}")  # this module's class
                elif isinstance(root, ast.Name) and root.id in imported:
                    calls.add(func.attr)
                shape = _shape_aware(node)
                if shape is not None:
                    gate.add("arith-aware" if shape == "tz" else "arith-zone")
                if func.attr == "replace" and (node.args or node.keywords):
                    gate.add("arith")  # dt.replace(hour=...) keeps a stale pytz offset
                elif func.attr == "timetz":
                    gate.add("arith")  # a pytz-aware datetime's timetz() kept its offset
    return frozenset(calls)


def _call_evidence(node: ast.Call, gate: set[str]) -> None:
    func = node.func
    name = func.id if isinstance(func, ast.Name) else (
        func.attr if isinstance(func, ast.Attribute) else ""
    )  # fmt: skip
    keywords = {k.arg for k in node.keywords}
    args = node.args
    if "tzinfo" in keywords:
        gate.add("zone-dst")  # tzinfo= of a zone made elsewhere (the LMT trap)
    if name in _facts.ZONE_METHODS and "is_dst" in keywords:
        gate.add("tz")
    elif (name in _facts.ZONE_METHODS or name == "fromutc") and len(args) == 1:
        # tz.utcoffset(naive) / tz.fromutc(naive): pytz's answers differ (zone_methods)
        gate.add("tz" if _tz_like(func.value) else "zone")  # type: ignore[attr-defined]
    elif name == "tzname" and len(args) == 1 and _is_none(args[0]):
        gate.add("tz")
    elif name in ("hasattr", "getattr") and len(args) >= 2:
        attr = args[1]
        if isinstance(attr, ast.Constant) and attr.value in _facts.DUCK_ATTRS:
            gate.add("tz")
    elif "pytz" in name.lower() or (name == "make_aware" and "is_dst" in keywords):
        gate.add("tz")
    elif name in _facts.ASSERT_SAME and len(args) >= 2:
        _pair(args[0], args[1], gate)
    elif name in ("methodcaller", "attrgetter") and args:
        # operator.methodcaller("localize", ...), attrgetter("zone") (rules/indirect.py)
        first = args[0]
        if isinstance(first, ast.Constant) and isinstance(first.value, str):
            if set(first.value.split(".")) & {"localize", "normalize", "zone"}:
                gate.add("tz")
    elif name in ("Timestamp", "DatetimeIndex") and "tz" in keywords:
        # pandas localizing through a zone (rules/consumers.py)
        zone = next(k.value for k in node.keywords if k.arg == "tz")
        gate.add("tz" if _tz_like(zone) else "zone")


def _targets(stmt: ast.stmt) -> list[str]:
    if isinstance(stmt, ast.Assign):
        return [t.id for t in stmt.targets if isinstance(t, ast.Name)]
    if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name):
        return [stmt.target.id]
    return []


def _returned(
    scan: _Scanner, func: ast.FunctionDef | ast.AsyncFunctionDef, walks: _Walks
) -> str | None:
    """What the function may return: each ``return`` value's form, ``|``-joined.

    A value the scanner cannot classify is ``?``; ``return``/``return None`` add nothing.
    """
    local: dict[str, ast.AST] = {}
    for node in walks(func):
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target = node.targets[0]
            if isinstance(target, ast.Name):
                local[target.id] = node.value
    forms: list[str] = []
    for node in walks(func):
        if isinstance(node, ast.Return) and node.value is not None and not _is_none(node.value):
            raw = scan.classify(node.value, dict(local)) or "?"
            if raw not in forms:
                forms.append(raw)
    return "|".join(forms) if any(f != "?" for f in forms) else None


def _utc_like(scan: _Scanner, node: ast.AST) -> bool:
    if isinstance(node, ast.Call):
        func = scan.qual(node.func)
        if func in ("zoneinfo.ZoneInfo", "pytz.timezone") and len(node.args) == 1:
            key = node.args[0]
            return isinstance(key, ast.Constant) and _kinds.utc_key(str(key.value))
        return func == "dateutil.tz.tzutc"
    if isinstance(node, ast.Attribute) and node.attr == "utc":
        return True  # timezone.utc, pytz.utc, dt_timezone.utc, ...
    return _kinds.value_kind(scan.qual(node)) is not None


def zone_aware_call(node: ast.Call, utc_like: Callable[[ast.AST], bool]) -> bool:
    """True when the call makes an aware datetime in a zone other than UTC (``utc_like(node)``
    says whether a tzinfo expression is UTC), judged from its shape alone."""
    func = node.func
    if isinstance(func, ast.Name):
        if func.id in ("_tz_localize", "_tz_normalize") and len(node.args) >= 2:
            return not utc_like(node.args[1])
        return False
    tz = _attached(node)
    if isinstance(func, ast.Attribute) and func.attr == "replace" and isinstance(tz, ast.Constant):
        return False
    return tz is not None and not utc_like(tz)


def _foreign(scan: _Scanner, module: str) -> Callable[[ast.Call], bool]:
    """A test for ``x.localize()``/``x.normalize()`` calls on an imported object that is not a
    zone (``unicodedata.normalize(...)``): the root name is imported from outside pytz, and
    not a zone-named object of the project (the analysis' ``pytz_receiver``)."""
    top = module.split(".")[0]

    def foreign(call: ast.Call) -> bool:
        func = call.func
        if not isinstance(func, ast.Attribute) or func.attr not in ("localize", "normalize"):
            return False
        root = func.value
        while isinstance(root, ast.Attribute | ast.Call | ast.Subscript):
            root = root.func if isinstance(root, ast.Call) else root.value
        target = scan.imports.get(root.id) if isinstance(root, ast.Name) else None
        if target is None or target.split(".")[0] == "pytz":
            return False
        return not (target.split(".")[0] == top and _tz_like(func.value))

    return foreign


def _aware_returns(
    tree: ast.Module,
    utc_like: Callable[[ast.AST], bool],
    walks: _Walks,
    foreign: Callable[[ast.Call], bool] = lambda call: False,
    external: frozenset[str] = frozenset(),
    project: dict[str, str] | None = None,
) -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
    """Functions and methods whose return value may be zone-aware, and the parameters calls
    hand such a value to (``aware_returns``, ``aware_args`` of ModuleFacts), and those handed
    the result of an imported project function (``imported_args``, resolved by the index);
    ``foreign`` tells the ``normalize()`` calls of imported non-zones, ``external`` the
    called names that are not the project's (builtins, ``date`` from datetime), ``project``
    the names imported from the project (local name -> qualified name)."""
    project = project or {}
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
                return not foreign(node)
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

    # each function's local assignments, read once for the rounds below and the calls after
    locals_of = {name: _local_values(func, walks) for name, func in functions.items()}
    for _ in range(4):  # methods calling methods: a few rounds reach a fixed point
        before = len(found)
        for name, func in functions.items():
            if name in found:
                continue
            local = locals_of[name]
            cls = name.rpartition(".")[0]
            for node in walks(func):
                if isinstance(node, ast.Return) and aware(node.value, local, cls, 0):
                    found.add(name)
                    break
        if len(found) == before:
            break

    def imported(node: ast.AST) -> str | None:
        """The qualified name of the project function ``node`` calls (``settings.local(...)``,
        ``local(...)`` imported from a project module)."""
        if not isinstance(node, ast.Call):
            return None
        func = node.func
        if isinstance(func, ast.Name):
            return project.get(func.id)
        if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
            module = project.get(func.value.id)
            return f"{module}.{func.attr}" if module else None
        return None

    args: set[str] = set()
    later: set[str] = set()
    for name, func in functions.items():
        local = locals_of[name]
        cls = name.rpartition(".")[0]
        for node in walks(func):
            if not isinstance(node, ast.Call):
                continue
            callee = _callee(node)
            if callee is None or (isinstance(node.func, ast.Name) and callee in external):
                continue
            for position, arg in enumerate(node.args):
                if isinstance(arg, ast.Starred):
                    break
                if aware(arg, local, cls, 0):
                    args.add(f"{callee}:{position}")
                elif (target := imported(arg)) is not None:
                    later.add(f"{callee}:{position}={target}")
            for keyword in node.keywords:
                if keyword.arg is not None and aware(keyword.value, local, cls, 0):
                    args.add(f"{callee}:{keyword.arg}")
                elif keyword.arg is not None and (target := imported(keyword.value)):
                    later.add(f"{callee}:{keyword.arg}={target}")
    return frozenset(found), frozenset(args), frozenset(later)


def _local_values(
    func: ast.FunctionDef | ast.AsyncFunctionDef, walks: _Walks
) -> dict[str, list[ast.AST]]:
    """Local name -> the values the function assigns to it."""
    local: dict[str, list[ast.AST]] = {}
    for node in walks(func):
        if isinstance(node, ast.Assign):
            for target in node.targets:
                for leaf in ast.walk(target):
                    if isinstance(leaf, ast.Name):
                        local.setdefault(leaf.id, []).append(node.value)
    return local


def _callee(call: ast.Call) -> str | None:
    """The name of the function ``f(...)`` or of the method ``self.m(...)``, ``cls.m(...)``,
    ``super().m(...)`` that ``call`` calls (the receivers whose method is the project's own
    class's, or a base class's), else None."""
    func = call.func
    if isinstance(func, ast.Name):
        return func.id
    if not isinstance(func, ast.Attribute):
        return None
    receiver = func.value
    if isinstance(receiver, ast.Name) and receiver.id in ("self", "cls"):
        return func.attr
    if (
        isinstance(receiver, ast.Call)
        and isinstance(receiver.func, ast.Name)
        and receiver.func.id == "super"
    ):
        return func.attr
    return None


def index_sources(sources: dict[str, str], packages: Iterable[str] = ()) -> ProjectIndex:
    """Index in-memory modules: ``{"pkg.mod": source}``; ``packages`` names the ``__init__``s."""
    index = ProjectIndex()
    packages = set(packages)
    for name, code in sources.items():
        index.modules[name] = scan_source(code, name, name in packages)
    index._resolve()
    return index
