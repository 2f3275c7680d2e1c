"""Zones leaving the run: a migrated module hands a zone (or a datetime aware in one) to code
that is not migrated with it and that no ``--index`` covers.

Migrating part of a project turns the zones a module makes into ZoneInfo while the modules
outside the run may still read ``.zone`` or call ``.localize()`` on what they receive. The rule
marks the site and names the module to add to the run or to the index
(``MigrateResult.escapes``):

- a call into a module of the same package (a relative import, or one under this module's
  top-level package) that the index does not hold, with a zone or aware datetime as argument;
- an assignment of one to an attribute of an object imported from such a module;
- with ``index.partial`` (the run leaves out modules of the project: ``--exclude``), the return
  of one from a public function, whose callers outside the run are unknown.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

import libcst as cst
from libcst.metadata import QualifiedNameProvider, QualifiedNameSource

from .. import _helpers
from .._project import resolve_relative
from .._rule import Context, Reported, Rule
from .._spec import CodeInfo, Example

CODES = (
    CodeInfo(
        "TZM130",
        "zone-escapes",
        "marker",
        "none",
        message=(
            "a zone (or a datetime aware in one) goes to code outside this run: it is a "
            "ZoneInfo now, and that code may still read .zone or call .localize() on it; "
            "add that module to the run or to --index"
        ),
        comment="zone handed to code outside the run: migrate or index it too",
    ),
)


def _zoneish(m: Context, node: cst.BaseExpression) -> bool:
    return m.zone_kind(node) is not None or m.zone_aware(node)


def _outside(m: Context, node: cst.BaseExpression) -> str | None:
    """The module of the project (outside the run and the index) that ``node`` is imported
    from, or None."""
    root = node
    while isinstance(root, cst.Attribute | cst.Call | cst.Subscript):
        root = root.func if isinstance(root, cst.Call) else root.value
    for q in m.get_metadata(QualifiedNameProvider, node, set()):
        if q.source is not QualifiedNameSource.IMPORT:
            continue
        name = q.name
        relative = name.startswith(".")
        if relative:
            name = resolve_relative(name, m.module_name, m.is_package)
        elif not m.module_name or "." not in m.module_name:
            continue
        elif name.split(".")[0] != m.module_name.split(".")[0]:
            continue  # another distribution: not the project's code
        if name.split(".")[0] in ("pytz", "dateutil"):
            continue
        parts = name.split(".")
        if parts[-1] in _helpers.HELPER_NAMES:
            continue  # the codemod's own helpers take ZoneInfo and pytz zones alike
        if m.index is not None and _covered(m.index.modules, parts):
            continue  # the index knows what that module does with it
        return ".".join(parts[:-1]) or name
    return None


def _covered(modules: Collection[str], parts: list[str]) -> bool:
    """True when ``pkg.mod.func`` (or ``pkg.mod.Class.method``) lives in an indexed module;
    ``pkg`` alone being indexed does not cover ``pkg.mod``."""
    if ".".join(parts[:-1]) in modules:
        return True
    return len(parts) > 2 and parts[-2][:1].isupper() and ".".join(parts[:-2]) in modules


def leave_Call(m: Context, original: cst.Call, updated: cst.Call) -> cst.BaseExpression | None:
    if not original.args or m.ref(original.func) is not None:
        return None
    # where the call goes first: a name lookup, where the arguments may take a flow analysis
    target = _outside(m, original.func)
    if target is not None and any(_zoneish(m, a.value) for a in original.args):
        m.report(original, "zone-escapes", detail=f"passed to {target}")
    return None


def leave_Assign(
    m: Context, original: cst.Assign, updated: cst.Assign
) -> cst.BaseExpression | None:
    for target in original.targets:
        if isinstance(target.target, cst.Attribute):
            module = _outside(m, target.target.value)
            if module is not None and _zoneish(m, original.value):
                m.report(original, "zone-escapes", detail=f"stored in {module}")
                break
    return None


def leave_Return(
    m: Context, original: cst.Return, updated: cst.Return
) -> cst.BaseExpression | None:
    if not getattr(m.index, "partial", False) or original.value is None or not m.module_name:
        return None
    function = m.enclosing(original, cst.FunctionDef)
    if function is None or function.name.value.startswith("_"):  # type: ignore[attr-defined]
        return None
    if _zoneish(m, original.value):
        m.report(original, "zone-escapes", detail=f"returned to importers of {m.module_name}")
    return None


def targets(findings: Sequence[Reported]) -> list[str]:
    """The modules the ``zone-escapes`` findings name, to add to the run or the index."""
    found = {
        f.message.split(":", 1)[0].rsplit(" ", 1)[-1]
        for f in findings
        if f.code == "zone-escapes" and f.kind == "marker"
    }
    return sorted(found)


EXAMPLES = (
    Example(
        before=(
            "import pytz\n"
            "from .report import render\n"
            "\n"
            "def show(naive):\n"
            "    render(pytz.timezone('Europe/Paris'))\n"
        ),
        after=(
            "from .report import render\n"
            "from zoneinfo import ZoneInfo\n"
            "\n"
            "def show(naive):\n"
            "    # tzcompat-migrate[zone-escapes]: passed to .report: zone handed to code "
            "outside the run: migrate or index it too\n"
            "    render(ZoneInfo('Europe/Paris'))\n"
        ),
        codes=("timezone-to-zoneinfo", "zone-escapes"),
    ),
    # valid: left alone, nothing reported
    Example(
        before=(
            "from zoneinfo import ZoneInfo\n"
            "\n"
            "from .report import render\n"
            "\n"
            "\n"
            "def show():\n"
            "    render(ZoneInfo('Europe/Paris'))\n"
        )
    ),
)


RULE = Rule(
    name="escapes",
    doc=__doc__,
    codes=CODES,
    examples=EXAMPLES,
    leave={cst.Call: leave_Call, cst.Assign: leave_Assign, cst.Return: leave_Return},
)
