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
from libcst.codemod.visitors import AddImportsVisitor, RemoveImportsVisitor
from libcst.metadata import BaseMetadataProvider, MetadataWrapper, PositionProvider

from . import _helpers, _placement
from ._analysis import PYTZ_ATTRS, PYTZ_PRIVATE, is_legacy_name, string_value
from ._analysis import source as _code
from ._codes import Finding
from ._names import NameChooser
from ._project import ProjectIndex, scan_source
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

    class _Visitor(cst.CSTVisitor):
        def visit_ImportFrom(self, node: cst.ImportFrom) -> None:
            mod = cst.helpers.get_full_name_for_node(node.module) if node.module else ""
            if not mod or not (is_legacy_name(mod) or mod == "dateutil"):
                return
            if isinstance(node.names, cst.ImportStar):
                return
            for alias in node.names:
                name = (
                    alias.asname.name.value  # type: ignore[union-attr]
                    if alias.asname
                    else cst.helpers.get_full_name_for_node(alias.name)
                )
                if name in names:
                    bound.add(name)

    module.visit(_Visitor())
    return bound


class _ModuleReading(cst.CSTVisitor):
    """What the set-up reads off the module before the traversal, in one visit: whether an
    import names pytz (the helpers' error import aside), the receivers (as source text) of
    ``hasattr(x, "zone"|"localize"|...)`` tests, and the quote most one-line string
    literals use (double on a tie)."""

    def __init__(self) -> None:
        super().__init__()
        self.imports_pytz = False
        self.duck_typed: set[str] = set()
        self.quotes = {"'": 0, '"': 0}
        self._helper_blocks = 0
        self.tries = 0

    @property
    def quote(self) -> str:
        return "'" if self.quotes["'"] > self.quotes['"'] else '"'

    def visit_Try(self, node: cst.Try) -> None:
        self.tries += 1
        self._helper_blocks += _placement.is_helper_block(node)

    def leave_Try(self, original_node: cst.Try) -> None:
        self._helper_blocks -= _placement.is_helper_block(original_node)

    def visit_Import(self, node: cst.Import) -> None:
        if not self._helper_blocks:
            for alias in node.names:
                name = cst.helpers.get_full_name_for_node(alias.name) or ""
                self.imports_pytz |= name.split(".")[0] == "pytz"

    def visit_ImportFrom(self, node: cst.ImportFrom) -> None:
        if not self._helper_blocks:
            name = cst.helpers.get_full_name_for_node(node.module) if node.module else ""
            self.imports_pytz |= not node.relative and (name or "").split(".")[0] == "pytz"

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if isinstance(func, cst.Name) and func.value in ("hasattr", "getattr"):
            if len(node.args) >= 2 and string_value(node.args[1].value) in (
                PYTZ_ATTRS | PYTZ_PRIVATE
            ):
                self.duck_typed.add(_code(node.args[0].value))

    def visit_SimpleString(self, node: cst.SimpleString) -> None:
        body = node.value.lstrip("rRbBuUfF")
        if body[:3] not in ('"""', "'''") and body[:1] in self.quotes:
            self.quotes[body[:1]] += 1


_MISSING = object()


class _LazyPositions(Migrator):
    """The traversal with line/column positions computed on first use: most modules it
    visits report nothing, and positions cost a code generation pass of their own."""

    wrapper: MetadataWrapper | None = None
    _positions: Mapping[cst.CSTNode, object] | None = None

    @classmethod
    def get_inherited_dependencies(cls) -> frozenset[type[BaseMetadataProvider[object]]]:
        return frozenset(
            p for p in super().get_inherited_dependencies() if p is not PositionProvider
        )

    def get_metadata(self, key, node, default=_MISSING):  # type: ignore[no-untyped-def]
        if key is not PositionProvider:
            if default is _MISSING:
                return super().get_metadata(key, node)
            return super().get_metadata(key, node, default)
        if self._positions is None:
            assert self.wrapper is not None
            self._positions = self.wrapper.resolve(PositionProvider)
        if default is _MISSING:
            return self._positions[node]
        return self._positions.get(node, default)


_LEGACY_HINT = re.compile(r"pytz|dateutil")
# what a module that never imports pytz may still do with a pytz zone handed to it
_PROJECT_HINT = re.compile(
    r"localize|normalize|\.zone\b|_utc_transition_times|_transition_info|_tzinfos|_utcoffset"
    r"|tzname\(\s*None|is_dst|TimeError|is_pytz|treat_tz_as_pytz|tzinfo\s*="
    r"|attr\([^)]*[\"']zone[\"']|astimezone"
)


def _needs_parse(code: str, index: ProjectIndex | None) -> bool:
    if _LEGACY_HINT.search(code):
        return True
    return bool(index is not None and index.has_pytz and _PROJECT_HINT.search(code))


class _Rename(cst.CSTTransformer):
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
    names = NameChooser(wrapper, context)
    ours = _placement.helper_names(module)
    inline = _inline_names(names, ours) if helpers is None else {}
    reading = _ModuleReading()
    module.visit(reading)
    migrator = _LazyPositions(
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
    new = wrapper.visit(migrator)
    findings = sorted(migrator.findings, key=lambda f: (f.line, f.column, f.code))
    if new.deep_equals(module):
        return module, findings, False
    if RemoveImportsVisitor._get_imports_from_context(context):  # scope analysis again: skip
        removal = MetadataWrapper(new)  # when nothing is to go
        # RemoveImportsVisitor reads scopes through context.wrapper; the scratch dict is shared
        new = removal.visit(RemoveImportsVisitor(dataclasses.replace(context, wrapper=removal)))
    pending = {obj for _, obj in names.pending.values()}
    mapping = names.finalize(_remaining_legacy_bindings(new, pending))
    mapping |= {_placeholder(h): name for h, name in inline.items()}
    if mapping:
        new = new.visit(_Rename(mapping))
    if AddImportsVisitor._get_imports_from_context(context):  # needs no metadata
        new = new.visit(AddImportsVisitor(context))
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
    if not _needs_parse(code, index):
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
