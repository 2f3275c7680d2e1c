"""Running the codemod on one module: parse, metadata, the traversal, then imports and helpers.

``migrate_source`` is the entry point (the CLI and the tests call it); the traversal and its
rules live in ``_traversal`` and ``rules/``.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field

import libcst as cst
from libcst.codemod import CodemodContext
from libcst.codemod.visitors import (
    AddImportsVisitor,
    GatherExportsVisitor,
    GatherNamesFromStringAnnotationsVisitor,
    GatherUnusedImportsVisitor,
    RemoveImportsVisitor,
)
from libcst.metadata import MetadataWrapper, ParentNodeProvider

from . import _cst, _helpers, _placement
from ._analysis import source as _code
from ._analysis import string_value
from ._codes import Finding
from ._facts import PROJECT_HINT, PYTZ_ATTRS, PYTZ_PRIVATE, PYTZ_TYPES
from ._kinds import is_legacy_name
from ._names import NameChooser
from ._project import ProjectIndex, scan_source, takes_aware
from ._traversal import Migrator, Options
from .rules import escapes

__all__ = ["Finding", "MigrateResult", "migrate_module", "migrate_source"]


@dataclass
class MigrateResult:
    """The rewritten source and what was found in it."""

    code: str
    changed: bool
    findings: list[Finding] = field(default_factory=list)
    #: the shared helper module the code now imports from (it must exist), or None
    helpers_module: str | None = None
    #: modules outside the run that receive this module's zones (zone-escapes): add them to
    #: the run or to --index
    escapes: list[str] = field(default_factory=list)


def _remaining_legacy_bindings(module: cst.Module, names: set[str]) -> set[str]:
    """Names in ``names`` that a pytz/dateutil import in ``module`` still binds."""
    bound: set[str] = set()
    for node in _cst.walk(module):
        if type(node) is not cst.ImportFrom:
            continue
        mod = cst.helpers.get_full_name_for_node(node.module) if node.module else ""
        if not mod or not (is_legacy_name(mod) or mod == "dateutil"):
            continue
        if isinstance(node.names, cst.ImportStar):
            continue
        for alias in node.names:
            name = (
                alias.asname.name.value  # type: ignore[union-attr]
                if alias.asname
                else cst.helpers.get_full_name_for_node(alias.name)
            )
            if name in names:
                bound.add(name)
    return bound


class _ModuleReading:
    """What the set-up reads off the module before the traversal, from its nodes (the keys
    of the parent map, so no visit of its own): whether an import names pytz (the helpers'
    error import aside), the receivers (as source text) of ``hasattr(x, "zone"|"localize"|
    ...)`` tests, the quote most one-line string literals use (double on a tie), and whether
    it has a ``try`` statement."""

    def __init__(self, parent_of: Mapping[cst.CSTNode, cst.CSTNode]) -> None:
        self.imports_pytz = False
        self.duck_typed: set[str] = set()
        self.quotes = {"'": 0, '"': 0}
        self.tries = 0
        for node in parent_of:
            kind = type(node)
            if kind is cst.SimpleString:
                body = node.value.lstrip("rRbBuUfF")  # type: ignore[attr-defined]
                if body[:3] not in ('"""', "'''") and body[:1] in self.quotes:
                    self.quotes[body[:1]] += 1
            elif kind is cst.Call:
                self._call(node)  # type: ignore[arg-type]
            elif kind is cst.Try:
                self.tries += 1
            elif (kind is cst.Import or kind is cst.ImportFrom) and not self.imports_pytz:
                if not _in_helper_block(node, parent_of):
                    self.imports_pytz = _imports_pytz(node)  # type: ignore[arg-type]

    @property
    def quote(self) -> str:
        return "'" if self.quotes["'"] > self.quotes['"'] else '"'

    def _call(self, node: cst.Call) -> None:
        func = node.func
        if isinstance(func, cst.Name) and func.value in ("hasattr", "getattr"):
            if len(node.args) >= 2 and string_value(node.args[1].value) in (
                PYTZ_ATTRS | PYTZ_PRIVATE
            ):
                self.duck_typed.add(_code(node.args[0].value))
        elif isinstance(func, cst.Name) and func.value == "isinstance" and len(node.args) == 2:
            # isinstance(x, pytz.BaseTzInfo): x.zone behind it is pytz's .zone (by its text:
            # the scopes are not read yet; a false match only marks a .zone)
            classes = _code(node.args[1].value)
            if any(name.rpartition(".")[2] in classes for name in PYTZ_TYPES):
                self.duck_typed.add(_code(node.args[0].value))


def _in_helper_block(node: cst.CSTNode, parent_of: Mapping[cst.CSTNode, cst.CSTNode]) -> bool:
    """True inside the helpers' ``try:`` import of pytz's error classes."""
    up = parent_of.get(node)
    while up is not None:
        if type(up) is cst.Try and _placement.is_helper_block(up):
            return True
        up = parent_of.get(up)
    return False


def _imports_pytz(node: cst.Import | cst.ImportFrom) -> bool:
    if isinstance(node, cst.Import):
        return any(
            (cst.helpers.get_full_name_for_node(alias.name) or "").split(".")[0] == "pytz"
            for alias in node.names
        )
    name = cst.helpers.get_full_name_for_node(node.module) if node.module else ""
    return not node.relative and (name or "").split(".")[0] == "pytz"


_LEGACY_HINT = re.compile(r"pytz|dateutil")
def _needs_parse(code: str, index: ProjectIndex | None, module_name: str | None) -> bool:
    if _LEGACY_HINT.search(code):
        return True
    if index is None or not index.has_pytz:
        return False
    if PROJECT_HINT.search(code):  # what a module may do with a pytz zone handed to it
        return True
    facts = index.modules.get(module_name or "")
    return facts is not None and takes_aware(facts, index)


class _AddImports(_cst.QuickHooks, AddImportsVisitor):
    pass


class _GatherExports(_cst.QuickHooks, GatherExportsVisitor):
    pass


class _GatherStringNames(_cst.QuickHooks, GatherNamesFromStringAnnotationsVisitor):
    pass


# where LibCST 1.x keeps the state its import removal sets up in visit_Module
_GATHER_STATE = ("_typing_functions", "_exported_names", "_string_annotation_names")


class _GatherUnused(_cst.QuickHooks, GatherUnusedImportsVisitor):
    def visit_Module(self, node: cst.Module) -> bool:
        # LibCST's own set-up (names in __all__ and in string annotations count as uses),
        # with the quick gatherers: two more visits of the whole module
        if not all(hasattr(self, n) for n in _GATHER_STATE):  # another LibCST: its own
            return super().visit_Module(node)
        exports = _GatherExports(self.context)
        node.visit(exports)
        strings = _GatherStringNames(self.context, typing_functions=self._typing_functions)
        node.visit(strings)
        self._exported_names = exports.explicit_exported_objects
        self._string_annotation_names = strings.names
        return True


class _RemoveImports(_cst.QuickHooks, RemoveImportsVisitor):
    def visit_Module(self, node: cst.Module) -> None:
        if not hasattr(self, "_unused_imports"):  # another LibCST: its own
            return super().visit_Module(node)
        gather = _GatherUnused(self.context)
        node.visit(gather)
        self._unused_imports = dict(gather.unused_imports)
        return None


class _Rename(_cst.QuickHooks, cst.CSTTransformer):
    def __init__(self, mapping: dict[str, str]) -> None:
        super().__init__()
        self.mapping = mapping

    def leave_Name(self, original_node: cst.Name, updated_node: cst.Name) -> cst.Name:
        new = self.mapping.get(updated_node.value)
        return updated_node.with_changes(value=new) if new else updated_node


def _inline_names(names: NameChooser, ours: dict[str, str]) -> dict[str, str]:
    """The name each inline helper gets: its own, unless the module binds that to another
    object (``from .errors import AmbiguousTimeError``), then a ``Tz``-prefixed one."""
    chosen: dict[str, str] = {}
    for helper in _helpers.HELPER_NAMES:
        existing = [bound for bound, h in ours.items() if h == helper]
        if existing:
            chosen[helper] = existing[0]
            continue
        name = helper
        while not (names.free(name, allow_legacy=True) or ours.get(name) == helper):
            name = "Tz" + name if name[0].isupper() else name + "_"
        chosen[helper] = name
    return chosen


def _placeholder(helper: str) -> str:
    return f"__tzcompat_inline_{helper}__"


def migrate_module(
    module: cst.Module,
    *,
    index: ProjectIndex | None = None,
    module_name: str | None = None,
    helpers: str | None = None,
    raises: bool = False,
    utc_zone: bool = False,
    makes_aware: bool = False,
    options: Options | None = None,
    copy: bool = True,
) -> tuple[cst.Module, list[Finding], bool]:
    """Rewrite a parsed module: (new module, findings, whether it imports ``helpers``).

    ``copy=False`` is for a module fresh from the parser (every node a distinct object): the
    metadata is then computed on it without LibCST's defensive copy of the tree."""
    context = CodemodContext()
    wrapper = MetadataWrapper(module, unsafe_skip_copy=not copy)
    module = wrapper.module
    _cst.resolve(wrapper)
    names = NameChooser(wrapper, context)
    ours = _placement.helper_names(module)
    inline = _inline_names(names, ours) if helpers is None else {}
    reading = _ModuleReading(_cst.metadata(wrapper, ParentNodeProvider))
    migrator = Migrator(
        context,
        names,
        reading.imports_pytz,
        raises,
        index=index,
        module_name=module_name,
        helpers=helpers,
        # placeholders until the unused pytz imports are gone (they may bind the same names)
        inline_names={h: _placeholder(h) for h in inline},
        utc_zone=utc_zone,
        duck_typed=frozenset(reading.duck_typed),
        makes_aware=makes_aware,
        quote=reading.quote,
        options=options or Options(),
    )
    migrator.own_helpers = frozenset(ours)
    migrator.wrapper = wrapper
    new = module.visit(migrator)
    findings = sorted(migrator.findings, key=lambda f: (f.line, f.column, f.code))
    if not migrator.touched or new.deep_equals(module):
        return module, findings, False
    if RemoveImportsVisitor._get_imports_from_context(context):  # scope analysis again: skip
        removal = MetadataWrapper(new)  # when nothing is to go
        _cst.resolve(removal)
        # RemoveImportsVisitor reads scopes through context.wrapper; the scratch dict is shared
        new = removal.visit(_RemoveImports(dataclasses.replace(context, wrapper=removal)))
    pending = {obj for _, obj in names.pending.values()}
    mapping = names.finalize(_remaining_legacy_bindings(new, pending) if pending else set())
    mapping |= {_placeholder(h): name for h, name in inline.items()}
    if mapping:
        new = new.visit(_Rename(mapping))
    if AddImportsVisitor._get_imports_from_context(context):  # needs no metadata
        new = new.visit(_AddImports(context))
    if migrator.need:
        wanted = [h for h in _helpers.HELPER_NAMES if h in migrator.need and h not in ours.values()]
        errors = any(h in wanted for h in _helpers.ERROR_NAMES)
        source = _helpers.inline_source(
            errors,
            _helpers.LOCALIZE_NAME in wanted,
            _helpers.NORMALIZE_NAME in wanted,
            inline,
            _helpers.REPLACE_NAME in wanted,
        )
        new = _placement.insert_source(new, source)
    if reading.tries:  # without a try block no rewrite can empty one (two visits saved)
        new = _placement.drop_emptied_tries(module, new)
    return new, findings, migrator.used_helpers


def migrate_source(
    code: str,
    *,
    index: ProjectIndex | None = None,
    module_name: str | None = None,
    helpers: str | None = None,
    select: Collection[str] | None = None,
    ignore: Collection[str] = (),
    unsafe_fixes: bool = False,
) -> MigrateResult:
    """Rewrite one module's source text.

    ``index`` (from :func:`tzcompat.migrate._project.build_index`) lets the codemod follow
    zones across modules; ``module_name`` is this module's dotted name in it. ``helpers`` is
    the dotted name of the shared helper module to import ``_tz_localize`` and the time-error
    classes from; None pastes them into the module. Raises ``libcst.ParserSyntaxError`` if
    the code does not parse.

    ``select``/``ignore`` (codes, code prefixes such as ``"TZM1"``, or names) choose the
    markers and notes reported; ``# tzcompat: ignore[CODE,...]`` comments silence one site.
    Rewrites are always made and reported: ignoring a rewrite code has no effect (the code
    would otherwise be half-migrated). ``unsafe_fixes`` writes the documented replacement at
    marked sites that have one, reported with kind "fix".
    """
    if not _needs_parse(code, index, module_name):
        return MigrateResult(code, False, [])
    module = cst.parse_module(code)
    facts = index.modules.get(module_name or "") if index is not None else None
    if facts is None:
        facts = scan_source(code, module_name or "_")
    dynamic = facts.dynamic_timezone or bool(index is not None and index.dynamic_timezone)
    new, findings, used = migrate_module(
        module,
        index=index,
        module_name=module_name,
        helpers=helpers,
        raises=facts.raises_time_errors,
        utc_zone=dynamic,
        makes_aware=facts.makes_aware,
        options=Options.build(code, select, ignore, unsafe_fixes),
        copy=False,
    )
    new_code = new.code
    return MigrateResult(
        new_code, new_code != code, findings, helpers if used else None, escapes.targets(findings)
    )
