"""Datetimes aware in a pytz zone compared or hashed out of sight: sorted(), min(), max(),
``list.sort()``, ``bisect``/``heapq``, sets and dict keys (of the datetimes or of their
``tzinfo``).

pytz gave each period of a zone its own tzinfo object, so two of its datetimes compared as
instants and hashed by instant, and ``{dt.tzinfo for dt in ...}`` held one object per period.
With ZoneInfo both share the zone: they compare by wall time ignoring fold (the repeated hour
orders the other way round and its two folds are equal) and their tzinfo is one object. The
``+``/``-``/``<``/``==`` written out are the arithmetic rule's; these are the calls and
containers that compare without an operator in sight.
"""

from __future__ import annotations

import libcst as cst

from .. import _facts
from .._rule import Context, Rule
from .._spec import CodeInfo, Example

CODES = (
    CodeInfo(
        "TZM137",
        "aware-ordering",
        "marker",
        "none",
        message=(
            "sorting or taking min/max/bisect of datetimes aware in a pytz zone ordered them "
            "as instants (each period had its own tzinfo); ZoneInfo datetimes of one zone "
            "order by wall time, so the repeated hour sorts the other way round: pass "
            "key=lambda d: d.astimezone(timezone.utc) for the old order"
        ),
        comment="pytz ordered these as instants; ZoneInfo orders wall times (fold ignored)",
    ),
    CodeInfo(
        "TZM138",
        "aware-hashing",
        "marker",
        "none",
        message=(
            "a set or dict keyed by datetimes aware in a pytz zone (or by their tzinfo) "
            "told the repeated hour's two folds apart and held one tzinfo per period; with "
            "ZoneInfo the folds are equal keys and the tzinfo is one object per zone"
        ),
        comment="keys from pytz-aware datetimes: folds and periods merge with ZoneInfo",
    ),
)

_ORDERING = _facts.ORDERING_CALLS - {"set", "frozenset"}
_ORDERING_CALLS = frozenset(
    f"{module}.{name}"
    for module in ("bisect", "heapq")
    for name in _facts.ORDERING_METHODS - {"sort"}
)
_HASHING = frozenset({"set", "frozenset"})


def leave_Call(m: Context, original: cst.Call, updated: cst.Call) -> cst.BaseExpression | None:
    if not m.pytz_world:
        return None
    func = original.func
    args = [a.value for a in original.args if a.keyword is None and not a.star]
    if any(a.keyword is not None and a.keyword.value == "key" for a in original.args):
        return None  # the key decides the order
    if isinstance(func, cst.Name) and func.value in _ORDERING and m.ref(func) is None:
        if (len(args) == 1 and m.items_aware(args[0])) or (
            len(args) > 1 and any(m.zone_aware(a) for a in args)
        ):
            m.report(original, "aware-ordering", detail=f"{func.value}()")
    elif isinstance(func, cst.Name) and func.value in _HASHING and len(args) == 1:
        if _keys_aware(m, args[0]):
            m.report(original, "aware-hashing", detail=f"{func.value}()")
    elif isinstance(func, cst.Attribute) and func.attr.value == "sort" and not args:
        if m.items_aware(func.value):
            m.report(original, "aware-ordering", detail=".sort()")
    elif args and m.qnames(func) & _ORDERING_CALLS:
        if m.items_aware(args[0]) or any(m.zone_aware(a) for a in args[1:]):
            m.report(original, "aware-ordering", detail=f"{_dotted(func)}()")
    return None


def _dotted(node: cst.BaseExpression) -> str:
    if isinstance(node, cst.Attribute):
        return f"{_dotted(node.value)}.{node.attr.value}"
    return node.value if isinstance(node, cst.Name) else "..."


def _key(m: Context, node: cst.BaseExpression) -> bool:
    """A key that is a pytz-aware datetime or the tzinfo of one."""
    if isinstance(node, cst.Attribute) and node.attr.value == "tzinfo":
        return m.zone_aware(node.value)
    return m.zone_aware(node)


def _keys_aware(m: Context, node: cst.BaseExpression) -> bool:
    """The items of ``node`` are such keys (a comprehension of ``dt.tzinfo`` included)."""
    if isinstance(node, cst.ListComp | cst.SetComp | cst.GeneratorExp):
        return _key(m, node.elt)
    return m.items_aware(node)


def _hashed(m: Context, node: cst.CSTNode, keys: list[cst.BaseExpression], detail: str) -> None:
    if m.pytz_world and any(_key(m, k) for k in keys):
        m.report(node, "aware-hashing", detail=detail)


def leave_Set(m: Context, original: cst.Set, updated: cst.Set) -> None:
    _hashed(m, original, [e.value for e in original.elements], "set")


def leave_SetComp(m: Context, original: cst.SetComp, updated: cst.SetComp) -> None:
    _hashed(m, original, [original.elt], "set")


def leave_Dict(m: Context, original: cst.Dict, updated: cst.Dict) -> None:
    keys = [e.key for e in original.elements if isinstance(e, cst.DictElement)]
    _hashed(m, original, keys, "dict key")


def leave_DictComp(m: Context, original: cst.DictComp, updated: cst.DictComp) -> None:
    _hashed(m, original, [original.key], "dict key")


def leave_Assign(m: Context, original: cst.Assign, updated: cst.Assign) -> cst.BaseStatement | None:
    """``seen[dt] = ...`` / ``seen[dt.tzinfo] = ...``."""
    if not m.pytz_world:
        return None
    for target in original.targets:
        sub = target.target
        if isinstance(sub, cst.Subscript) and len(sub.slice) == 1:
            index = sub.slice[0].slice
            if isinstance(index, cst.Index) and _key(m, index.value):
                m.report(original, "aware-hashing", detail="dict key")
                break
    return None


EXAMPLES = (
    Example(
        before=(
            "import pytz\n"
            "\n"
            "def first(naive, later):\n"
            "    tz = pytz.timezone('America/New_York')\n"
            "    return min(tz.localize(naive), tz.localize(later))\n"
        ),
        after=(
            "from _tzmigrate import _tz_localize\n"
            "from zoneinfo import ZoneInfo\n"
            "\n"
            "def first(naive, later):\n"
            "    tz = ZoneInfo('America/New_York')\n"
            "    # tzcompat-migrate[aware-ordering]: min(): pytz ordered these as instants; "
            "ZoneInfo orders wall times (fold ignored)\n"
            "    return min(_tz_localize(naive, tz), _tz_localize(later, tz))\n"
        ),
        codes=("timezone-to-zoneinfo", "localize-to-helper", "aware-ordering"),
    ),
    Example(
        before=(
            "import pytz\n"
            "\n"
            "def periods(moments):\n"
            "    tz = pytz.timezone('America/New_York')\n"
            "    return {tz.localize(m).tzinfo for m in moments}\n"
        ),
        after=(
            "from _tzmigrate import _tz_localize\n"
            "from zoneinfo import ZoneInfo\n"
            "\n"
            "def periods(moments):\n"
            "    tz = ZoneInfo('America/New_York')\n"
            "    # tzcompat-migrate[aware-hashing]: set: keys from pytz-aware datetimes: folds "
            "and periods merge with ZoneInfo\n"
            "    return {_tz_localize(m, tz).tzinfo for m in moments}\n"
        ),
        codes=("timezone-to-zoneinfo", "localize-to-helper", "aware-hashing"),
    ),
    # valid: naive or UTC datetimes, and an explicit key
    Example(
        before=(
            "import pytz\n"
            "from datetime import datetime, timezone\n"
            "\n"
            "def order(naive, moments):\n"
            "    stamps = [datetime.now(timezone.utc), datetime.now(timezone.utc)]\n"
            "    return sorted([naive, naive]), max(stamps), sorted(moments, key=str)\n"
        )
    ),
)


RULE = Rule(
    name="ordering",
    doc=__doc__,
    codes=CODES,
    examples=EXAMPLES,
    leave={
        cst.Call: leave_Call,
        cst.Set: leave_Set,
        cst.SetComp: leave_SetComp,
        cst.Dict: leave_Dict,
        cst.DictComp: leave_DictComp,
        cst.Assign: leave_Assign,
    },
)
