"""Imports of pytz and dateutil.tz: removed once unused (LibCST's RemoveImportsVisitor), kept
where other modules of the project import the name from here."""

from __future__ import annotations

import libcst as cst
from libcst.codemod.visitors import RemoveImportsVisitor

from .. import _kinds
from .._rule import Context, Rule
from .._spec import CodeInfo, Example

CODES = (
    CodeInfo(
        "TZM122",
        "star-import",
        "marker",
        "none",
        message="star import from pytz/dateutil.tz: names cannot be followed",
        comment="star import: names cannot be followed",
    ),
    CodeInfo(
        "TZM125",
        "re-exported",
        "marker",
        "none",
        message=(
            "other modules of the project import this name from here, so the import stays (their "
            "values are unchanged); change them to the stdlib name, then drop it"
        ),
        comment="imported from here by other modules: kept",
    ),
)


def visit_Import(m: Context, node: cst.Import) -> bool:
    for alias in node.names:
        module = cst.helpers.get_full_name_for_node(alias.name) or ""
        if _kinds.is_legacy_name(module) or module == "dateutil":
            asname = alias.asname.name.value if alias.asname else None  # type: ignore[union-attr]
            _schedule_removal(m, module, None, asname)
    return False


def visit_ImportFrom(m: Context, node: cst.ImportFrom) -> bool:
    if node.relative or node.module is None:
        return False
    module = cst.helpers.get_full_name_for_node(node.module) or ""
    if not (_kinds.is_legacy_name(module) or module == "dateutil"):
        return False
    if isinstance(node.names, cst.ImportStar):
        if _kinds.is_legacy_name(module):
            m.report(node, "star-import")
        return False
    for alias in node.names:
        obj = cst.helpers.get_full_name_for_node(alias.name) or ""
        if module == "dateutil" and obj != "tz":
            continue
        asname = alias.asname.name.value if alias.asname else None  # type: ignore[union-attr]
        if _reexported(m, asname or obj):
            m.report(node, "re-exported", detail=asname or obj)
            continue
        _schedule_removal(m, module, obj, asname)
    return False


def _reexported(m: Context, name: str) -> bool:
    """True when another module of the project imports ``name`` from this one."""
    if m.index is None or not m.module_name:
        return False
    return name in m.index.imported_from.get(m.module_name, ())


def _schedule_removal(m: Context, module: str, obj: str | None, asname: str | None) -> None:
    RemoveImportsVisitor.remove_unused_import(m.context, module, obj, asname)


EXAMPLES = (
    Example(
        before="import pytz\n",
        after=None,
        codes=(),
    ),
    Example(
        before="from pytz import *\n",
        after=(
            "# tzcompat-migrate[star-import]: star import: names cannot be followed\n"
            "from pytz import *\n"
        ),
        codes=("star-import",),
    ),
)


RULE = Rule(
    name="imports",
    doc=__doc__,
    codes=CODES,
    examples=EXAMPLES,
    visit={cst.Import: visit_Import, cst.ImportFrom: visit_ImportFrom},
)
