"""``tz.localize(dt, is_dst)`` -> the ``_tz_localize`` helper (or ``dt.replace(tzinfo=tz)`` for
UTC and fixed offsets)."""

from __future__ import annotations

import libcst as cst

from .. import _helpers
from .._rule import Context, Rule
from .._spec import CodeInfo, Example
from . import _build as mk
from . import type_checks, unsupported

CODES = (
    CodeInfo(
        "TZM006",
        "localize-to-helper",
        "rewrite",
        "safe",
        message=(
            "tz.localize(dt) rewritten to _tz_localize(dt, tz) (or dt.replace(tzinfo=tz) for "
            "UTC/fixed offsets)"
        ),
    ),
    CodeInfo(
        "TZM160",
        "own-zone-method",
        "marker",
        "none",
        message=(
            "a class of this module defines this method too, and the receiver is not known to "
            "be a zone: left as it is; if it is a pytz zone, rewrite it with the helper by hand"
        ),
        comment="a class here defines this method too: left as it is; if a pytz zone, migrate",
    ),
    CodeInfo(
        "TZM203",
        "localize-receiver",
        "note",
        "none",
        message=(
            "receiver taken for a time zone (the module imports pytz, or its name says so); the "
            "helper defers to a pytz zone's own method, so pytz and ZoneInfo zones both work"
        ),
    ),
)


def leave_Call(m: Context, original: cst.Call, updated: cst.Call) -> cst.BaseExpression | None:
    func = original.func
    if not isinstance(func, cst.Attribute) or func.attr.value != "localize":
        return None
    if m.ref(func) is not None:
        return None
    result = call_localize(m, original, updated)
    if result is not None:
        type_checks.duck_typed_by_exception(m, original)
    return result


def zone_method_call(
    m: Context, original: cst.Call
) -> tuple[str | None, tuple[list[cst.Arg], dict[str, cst.Arg]] | None] | None:
    """For ``receiver.localize(...)``/``.normalize(...)``: the receiver's zone kind and the
    call's plain arguments when the receiver is taken for a pytz zone, else None (marking a
    project object the codemod cannot trace)."""
    func = original.func
    assert isinstance(func, cst.Attribute)
    if own_method_receiver(m, func):
        return None
    ok, kind = m.pytz_receiver(func.value)
    if not ok:
        if m.pytz_world and m.from_project(func.value):
            # a project object the codemod cannot trace: may be a pytz zone today
            unsupported.pytz_method(m, original, func.attr.value)
        return None
    return kind, mk.plain_args(original)


def own_method_receiver(m: Context, func: cst.Attribute) -> bool:
    """True (marked unless it is ``self``) when a class of this module defines the method
    ``func`` names and its receiver is neither a known zone nor named like one: it may be an
    instance of that class, whose own method (a wrapper, say) the helper cannot call."""
    method = func.attr.value
    if method not in _own_methods(m, func):
        return False
    receiver = func.value
    if isinstance(receiver, cst.Name) and receiver.value in ("self", "cls"):
        return True  # the class's own method, called on itself
    if isinstance(receiver, cst.Attribute):
        root = _root(receiver)
        if isinstance(root, cst.Name) and root.value in ("self", "cls"):
            return False  # self.zone.localize(): a zone the instance holds
    if m.zone_kind(receiver) is not None or m.tz_like(receiver):
        return False
    if f"{_annotated_class(m, receiver)}.{method}" not in _own_methods(m, func):
        m.report(func, "own-zone-method")  # else a parameter annotated with that class
    return True


def _annotated_class(m: Context, receiver: cst.BaseExpression) -> str | None:
    """``C`` for a receiver bound only as a parameter annotated ``C`` (``region: Region``)."""
    if not isinstance(receiver, cst.Name):
        return None
    bound = m.assigned_values(receiver)
    if not bound or len(bound) != 1 or not isinstance(bound[0], cst.Param):
        return None
    annotation = bound[0].annotation
    if annotation is None or not isinstance(annotation.annotation, cst.Name):
        return None
    return annotation.annotation.value


def _root(node: cst.BaseExpression) -> cst.BaseExpression:
    """``a`` of ``a.b.c``, ``a.b().c``, ``a[0].b``."""
    while isinstance(node, cst.Attribute | cst.Call | cst.Subscript):
        node = node.func if isinstance(node, cst.Call) else node.value
    return node


def _own_methods(m: Context, node: cst.CSTNode) -> frozenset[str]:
    """The names among localize/normalize that a class of this module defines, alone and as
    ``Class.name``."""
    found = m.state.own_methods
    if found is None:
        module = m.enclosing(node, cst.Module)
        names: set[str] = set()
        if isinstance(module, cst.Module):
            for stmt in module.body:
                if isinstance(stmt, cst.ClassDef):
                    for item in stmt.body.body:
                        if isinstance(item, cst.FunctionDef) and item.name.value in (
                            "localize",
                            "normalize",
                        ):
                            names.add(item.name.value)
                            names.add(f"{stmt.name.value}.{item.name.value}")
        found = m.state.own_methods = frozenset(names)
    return found


def call_localize(m: Context, original: cst.Call, updated: cst.Call) -> cst.BaseExpression | None:
    found = zone_method_call(m, original)
    if found is None:
        return None
    kind, shape = found
    if shape is None or not _localize_shape(*shape):
        unsupported.call_shape(m, original)
        return None
    receiver = updated.func.value  # type: ignore[attr-defined]
    dt = updated.args[0].value
    space = cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))
    if kind in ("utc", "fixed"):
        # StaticTzInfo/UTC/FixedOffset.localize is replace(tzinfo=...) after refusing an
        # aware datetime (ValueError); is_dst is ignored
        if m.is_naive(original.args[0].value):
            return mk.method(dt, "replace", [mk.kwarg("tzinfo", receiver)])
        return cst.Call(
            func=m.helper(_helpers.LOCALIZE_NAME),
            args=[cst.Arg(dt, comma=space), cst.Arg(receiver)],
        )
    if kind is None:
        m.report(original, "localize-receiver")
    first = updated.args[0]
    if not isinstance(first.comma, cst.Comma):
        first = first.with_changes(comma=space)
    if len(updated.args) == 2:
        last = updated.args[1]
        args = [
            first,
            cst.Arg(receiver, comma=space),
            last.with_changes(
                keyword=cst.Name("is_dst"), equal=mk.kwarg("is_dst", last.value).equal
            ),
        ]
    else:
        trailing = updated.args[0].comma  # keep a trailing comma (and its comment) last
        args = [first, cst.Arg(receiver, comma=trailing)]
    return updated.with_changes(func=m.helper(_helpers.LOCALIZE_NAME), args=args)


def _localize_shape(pos: list[cst.Arg], kws: dict[str, cst.Arg]) -> bool:
    return 1 <= len(pos) <= 2 and not set(kws) - {"is_dst"} and len(pos) + len(kws) <= 2


EXAMPLES = (
    Example(
        before=("import pytz\ntz = pytz.timezone('Europe/Paris')\naware = tz.localize(naive)\n"),
        after=(
            "from _tzmigrate import _tz_localize\n"
            "from zoneinfo import ZoneInfo\n"
            "\n"
            "tz = ZoneInfo('Europe/Paris')\n"
            "aware = _tz_localize(naive, tz)\n"
        ),
        codes=("timezone-to-zoneinfo", "localize-to-helper"),
    ),
    Example(
        before=(
            "import pytz\n"
            "from datetime import datetime\n"
            "aware = pytz.utc.localize(datetime(2020, 1, 1))\n"
        ),
        after=(
            "from datetime import timezone, datetime\n"
            "aware = datetime(2020, 1, 1).replace(tzinfo=timezone.utc)\n"
        ),
        codes=("localize-to-helper", "utc-to-timezone-utc", "utc-dst"),
    ),
    # a class of the module has its own localize(): its instances keep their method
    Example(
        before=(
            "import pytz\n"
            "tz = pytz.timezone('Europe/Paris')\n"
            "\n"
            "\n"
            "class Shop:\n"
            "    def localize(self, naive):\n"
            "        return naive\n"
            "\n"
            "    def opening(self, naive):\n"
            "        return self.localize(naive)\n"
            "\n"
            "\n"
            "def opening(shop, naive):\n"
            "    return shop.localize(naive), tz.localize(naive)\n"
            "\n"
            "\n"
            "def closing(shop: Shop, naive):\n"
            "    return shop.localize(naive)\n"
        ),
        after=(
            "from _tzmigrate import _tz_localize\n"
            "from zoneinfo import ZoneInfo\n"
            "\n"
            "tz = ZoneInfo('Europe/Paris')\n"
            "\n"
            "\n"
            "class Shop:\n"
            "    def localize(self, naive):\n"
            "        return naive\n"
            "\n"
            "    def opening(self, naive):\n"
            "        return self.localize(naive)\n"
            "\n"
            "\n"
            "def opening(shop, naive):\n"
            "    # tzcompat-migrate[own-zone-method]: a class here defines this method too: left "
            "as it is; if a pytz zone, migrate\n"
            "    return shop.localize(naive), _tz_localize(naive, tz)\n"
            "\n"
            "\n"
            "def closing(shop: Shop, naive):\n"
            "    return shop.localize(naive)\n"
        ),
        codes=("timezone-to-zoneinfo", "own-zone-method", "localize-to-helper"),
    ),
    # valid: left alone, nothing reported
    Example(
        before=(
            "import gettext\n"
            "\n"
            "translations = gettext.translation('app')\n"
            "text = translations.localize(raw)\n"
        )
    ),
)


RULE = Rule(
    name="localize",
    doc=__doc__,
    codes=CODES,
    examples=EXAMPLES,
    rewrite="localize-to-helper",
    leave={cst.Call: leave_Call},
)
