"""Tests of 'is this a pytz zone': ``hasattr(tz, 'localize')``, ``isinstance(tz, BaseTzInfo)``,
Django's ``make_aware(..., is_dst=)``. Their answer flips once zones are ZoneInfo."""

from __future__ import annotations

import libcst as cst

from .. import _analysis as ana
from .._codes import CodeInfo
from . import Example

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .._traversal import Migrator

CODES = (
    CodeInfo(
        "TZM110",
        "duck-typing",
        "marker",
        "none",
        message=(
            "hasattr/getattr test for a pytz-only attribute: the answer flips once the zones are "
            "ZoneInfo, so the other branch runs"
        ),
        comment="pytz-only attribute test: flips once zones are ZoneInfo",
    ),
    CodeInfo(
        "TZM111",
        "pytz-type-check",
        "marker",
        "none",
        message=(
            "test for 'is this a pytz zone' (isinstance BaseTzInfo, _is_pytz_zone): flips once "
            "the zones are ZoneInfo, so the other branch runs"
        ),
        comment="pytz-zone test: flips once zones are ZoneInfo",
    ),
    CodeInfo(
        "TZM108",
        "is-dst-ignored",
        "marker",
        "none",
        message=(
            "make_aware(..., is_dst=...) honours is_dst only for pytz zones (Django 4); ZoneInfo "
            "zones take fold"
        ),
        comment="is_dst is ignored for ZoneInfo zones",
    ),
)
#: the rewrite this rule's hooks make (reported when a hook returns a new node)
REWRITE = None
NODES = ("Call",)


def leave_Call(m: Migrator, original: cst.Call, updated: cst.Call) -> cst.BaseExpression | None:
    """Mark code that asks whether a zone is pytz's: the answer flips after migration."""
    func = original.func
    if not m.pytz_world or m.ref(func) is not None:
        return None
    name = (
        func.value
        if isinstance(func, cst.Name)
        else (func.attr.value if isinstance(func, cst.Attribute) else "")
    )
    args = original.args
    if name in ("hasattr", "getattr") and len(args) >= 2:
        attr = ana.string_value(args[1].value)
        if attr in ana.PYTZ_ATTRS or attr in ana.PYTZ_PRIVATE:
            m.report(original, "duck-typing", detail=f"{name}(..., {attr!r})")
    elif "pytz" in name.lower() and name.lower().lstrip("_").startswith(("is_", "treat_")):
        m.report(original, "pytz-type-check", detail=f"{name}()")
    elif name == "make_aware" and any(a.keyword and a.keyword.value == "is_dst" for a in args):
        m.report(original, "is-dst-ignored")
    return None


def reference(
    m: Migrator, original: cst.Name | cst.Attribute, updated: cst.BaseExpression, q: str
) -> cst.BaseExpression:
    """``pytz.BaseTzInfo`` and friends (``isinstance`` tests): kept, marked."""
    m.report(original, "pytz-type-check")
    return updated


REFERENCES = {name: reference for name in ana.PYTZ_TYPES}


EXAMPLES = (
    Example(
        before=("import pytz\nok = hasattr(tz, 'localize')\n"),
        after=(
            "# tzcompat-migrate[duck-typing]: hasattr(..., 'localize'): pytz-only "
            "attribute test: flips once zones are ZoneInfo\n"
            "ok = hasattr(tz, 'localize')\n"
        ),
        codes=("duck-typing",),
    ),
)
