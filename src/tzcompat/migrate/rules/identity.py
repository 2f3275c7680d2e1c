"""Comparisons of tzinfo objects: pytz attached one tzinfo per offset, ZoneInfo the zone."""

from __future__ import annotations

import functools

import libcst as cst

from .. import _analysis as ana
from .. import _facts, _helpers
from .._rule import Context, Rule
from .._spec import CodeInfo, Example

CODES = (
    CodeInfo(
        "TZM103",
        "tzinfo-identity",
        "marker",
        "unsafe",
        message=(
            "pytz attached one tzinfo object per offset (EST, EDT), never the zone itself; "
            "ZoneInfo attaches the zone, so comparing tzinfo objects gives other answers"
        ),
        comment="pytz tzinfo was per offset; ZoneInfo's is the zone",
        fix_note=(
            "a.tzinfo == b.tzinfo (or is) of two datetimes rewritten to (str(a.tzinfo), "
            "a.utcoffset(), a.dst(), a.tzname()) == (the same of b) (is -> ==, is not -> !=): "
            "pytz's per-period objects were one object for the same zone and period, so EST "
            "and EDT of one zone stay unequal; a tzinfo compared with a zone becomes "
            "str(a.tzinfo) == str(zone); no fix for datetimes of unknown origin (plain "
            "ZoneInfo code compared zones) or made by a call"
        ),
    ),
    CodeInfo(
        "TZM141",
        "tzinfo-lookup",
        "marker",
        "none",
        message=(
            "a dict or set of zones looked up by a datetime's tzinfo (d[dt.tzinfo], "
            ".get(dt.tzinfo), dt.tzinfo in zones): pytz's localized datetimes carried a "
            "per-period tzinfo that is not the zone object, so the lookup missed (or found "
            "only that period); with ZoneInfo the tzinfo is the zone itself and the lookup "
            "finds it: key the mapping by str(zone) and look up str(dt.tzinfo) to be explicit"
        ),
        comment=(
            "lookup by dt.tzinfo: pytz's was a per-period object, not the zone; ZoneInfo's is "
            "the zone, so the lookup now finds it"
        ),
    ),
)


def leave_Comparison(
    m: Context, original: cst.Comparison, updated: cst.Comparison
) -> cst.BaseExpression | None:
    if not m.pytz_world:
        return None
    operands = [original.left, *(t.comparator for t in original.comparisons)]
    for target, left, right in zip(original.comparisons, operands, operands[1:], strict=False):
        if isinstance(target.operator, cst.In | cst.NotIn) and _tzinfo_lookup(m, left, right):
            m.report(original, "tzinfo-lookup", detail="tzinfo in ...")
            break
    if not ana.identity_test(original) or _probe_guard(m, original):
        return None
    for left, right in zip(operands, operands[1:], strict=False):
        if m.tzinfo_pair(left, right):
            pytz_aware = _both_pytz(m, left, right)
            exact = len(original.comparisons) == 1 and _keyed(left, right, pytz_aware)
            fix = functools.partial(_by_key, updated, pytz_aware) if exact else None
            return m.mark_or_fix(original, "tzinfo-identity", fix)
    return None


def _probe_guard(m: Context, node: cst.Comparison) -> bool:
    """The ``dt.tzinfo is tz`` of ``(dt if dt.tzinfo is tz else _tz_localize(dt, tz, ...))``,
    the zone-probe fix of an earlier run: pytz's own test of a datetime already in the zone."""
    parent = m.parent(node)
    if not isinstance(parent, cst.IfExp) or parent.test is not node:
        return False
    call = parent.orelse
    if not isinstance(call, cst.Call):
        return False
    func = call.func.attr if isinstance(call.func, cst.Attribute) else call.func
    return isinstance(func, cst.Name) and func.value == _helpers.LOCALIZE_NAME


def _str(node: cst.BaseExpression) -> cst.Call:
    return cst.Call(func=cst.Name("str"), args=[cst.Arg(node)])


_KEY_OPERATORS = {cst.Is: cst.Equal, cst.IsNot: cst.NotEqual}


def _period(node: cst.BaseExpression) -> cst.BaseExpression | None:
    """What pytz's per-period tzinfo of ``x.tzinfo`` stood for: the zone and the period's
    offset, DST and abbreviation, ``(str(x.tzinfo), x.utcoffset(), x.dst(), x.tzname())``;
    None unless ``x`` is a plain name or attribute chain (read four times, no side effect)."""
    if not isinstance(node, cst.Attribute) or node.attr.value != "tzinfo":
        return None
    owner = node.value
    root: cst.BaseExpression = owner
    while isinstance(root, cst.Attribute):
        root = root.value
    if not isinstance(root, cst.Name):
        return None
    calls = [
        cst.Call(func=cst.Attribute(value=owner, attr=cst.Name(method)))
        for method in ("utcoffset", "dst", "tzname")
    ]
    return cst.Tuple(
        elements=[cst.Element(v) for v in (_str(node), *calls)],
        lpar=[cst.LeftParen()],
        rpar=[cst.RightParen()],
    )


def _keyed(
    a: cst.BaseExpression, b: cst.BaseExpression, pytz_aware: bool = True
) -> tuple[cst.BaseExpression, cst.BaseExpression] | None:
    """The two sides of the fix: both periods when both are ``x.tzinfo`` of datetimes
    aware in pytz zones (``pytz_aware``: pytz's tzinfo objects of two localized datetimes
    were one object for the same zone and period), else ``str()`` of each (the zone); None
    (no fix) for two ``x.tzinfo`` of unknown origin (plain ZoneInfo code compared zones,
    pytz code periods) or of ``f().tzinfo`` (read four times)."""
    if _tzinfo_of(a) and _tzinfo_of(b):
        pa, pb = _period(a), _period(b)
        if pa is None or pb is None or not pytz_aware:
            return None
        return pa, pb
    return _str(a), _str(b)


def _both_pytz(m: Context, a: cst.BaseExpression, b: cst.BaseExpression) -> bool:
    """Both are ``x.tzinfo`` of datetimes the function itself makes aware in pytz zones
    (not parameters: a caller may hand in datetimes aware in ZoneInfo zones too)."""
    for node in (a, b):
        if not isinstance(node, cst.Attribute) or not m.zone_aware(node.value):
            return False
        owner = node.value
        if isinstance(owner, cst.Name):
            bound = m.assigned_values(owner) or []
            if not bound or any(isinstance(v, cst.Param) for v in bound):
                return False
    return True


def _tzinfo_of(node: cst.BaseExpression) -> bool:
    return isinstance(node, cst.Attribute) and node.attr.value == "tzinfo"


def _by_key(node: cst.Comparison, pytz_aware: bool) -> cst.Comparison:
    (target,) = node.comparisons
    operator = target.operator
    swap = _KEY_OPERATORS.get(type(operator))
    if swap is not None:
        operator = swap(
            whitespace_before=cst.SimpleWhitespace(" "), whitespace_after=cst.SimpleWhitespace(" ")
        )
    sides = _keyed(node.left, target.comparator, pytz_aware)
    assert sides is not None, "the fix is offered only where _keyed has one"
    left, right = sides
    return node.with_changes(
        left=left, comparisons=[target.with_changes(operator=operator, comparator=right)]
    )


def leave_Call(m: Context, original: cst.Call, updated: cst.Call) -> cst.BaseExpression | None:
    """``assertEqual(a.tzinfo, b.tzinfo)`` and the other assertions of (in)equality;
    ``zones.get(dt.tzinfo)`` and the other lookups by a tzinfo."""
    func = original.func
    if not m.pytz_world or not isinstance(func, cst.Attribute) or m.ref(func) is not None:
        return None
    args = original.args
    if func.attr.value in _LOOKUPS and args and args[0].keyword is None:
        if _tzinfo_lookup(m, args[0].value, func.value):
            m.report(original, "tzinfo-lookup", detail=f".{func.attr.value}(...tzinfo)")
        return None
    if (
        func.attr.value in _facts.ASSERT_SAME
        and len(args) >= 2
        and not any(a.keyword for a in args[:2])
    ):
        if m.tzinfo_pair(args[0].value, args[1].value):
            new = updated.args
            pytz_aware = _both_pytz(m, args[0].value, args[1].value)
            if _keyed(args[0].value, args[1].value, pytz_aware) is None:
                return m.mark_or_fix(original, "tzinfo-identity", None)

            def fix() -> cst.Call:
                sides = _keyed(new[0].value, new[1].value, pytz_aware)
                assert sides is not None, "checked on the original arguments"
                keyed = [a.with_changes(value=v) for a, v in zip(new[:2], sides, strict=True)]
                return updated.with_changes(args=[*keyed, *new[2:]])

            return m.mark_or_fix(original, "tzinfo-identity", fix)
    return None


#: methods that look a key up in a mapping or set
_LOOKUPS = frozenset({"get", "pop", "setdefault", "__contains__", "__getitem__", "index"})


def _tzinfo_lookup(m: Context, key: cst.BaseExpression, container: cst.BaseExpression) -> bool:
    """``key`` is ``x.tzinfo`` where ``x`` may be aware in a pytz zone with DST, or where
    ``container`` holds pytz zones (a dict keyed by them, a set or list of them)."""
    if not isinstance(key, cst.Attribute) or key.attr.value != "tzinfo":
        return False
    if m.zone_aware(key.value) or _holds_zones(m, container):
        return True
    # a container the analysis cannot see (imported from the settings module, an
    # attribute): in a project with pytz zones, keyed by them unless it provably is not
    return not _holds_no_zones(m, container)


def _holds_zones(m: Context, container: cst.BaseExpression) -> bool:
    def zone(node: cst.BaseExpression) -> bool:
        return m.zone_kind(node) == "zone" or (
            m.zone_kind(node) is None and m.has_pytz and m.tz_like(node) and not m.utc_like(node)
        )

    if isinstance(container, cst.Name):
        value = m.single_value(container)
        if isinstance(value, cst.Set | cst.List | cst.Tuple):
            return any(zone(e.value) for e in value.elements)
        if isinstance(value, cst.SetComp | cst.ListComp):
            return zone(value.elt)
    elif isinstance(container, cst.Set | cst.List | cst.Tuple):
        return any(zone(e.value) for e in container.elements)
    return any(zone(k) for k in m.mapping_parts(container)[0])


def _holds_no_zones(m: Context, container: cst.BaseExpression) -> bool:
    """The container is built here, and its keys (items) are literals or zones known not
    to be pytz's (``ZoneInfo(...)``, ``timezone.utc``)."""
    items: list[cst.BaseExpression] = []
    if isinstance(container, cst.Name):
        value = m.single_value(container)
        if value is None and not m.mapping_parts(container)[0]:
            return False
        if isinstance(value, cst.Set | cst.List | cst.Tuple):
            items = [e.value for e in value.elements]
        else:
            items = m.mapping_parts(container)[0]
    elif isinstance(container, cst.Set | cst.List | cst.Tuple | cst.Dict):
        items = [
            e.key if isinstance(e, cst.DictElement) else e.value
            for e in container.elements
            if isinstance(e, cst.DictElement | cst.Element)
        ]
    else:
        return False
    return bool(items) and all(
        isinstance(i, cst.SimpleString | cst.Integer | cst.ConcatenatedString)
        or (isinstance(i, cst.Name) and i.value == "None")
        or m.other_zone(i)
        or m.utc_like(i)
        for i in items
    )


def leave_Subscript(
    m: Context, original: cst.Subscript, updated: cst.Subscript
) -> cst.BaseExpression | None:
    """``labels[dt.tzinfo]`` read (a store by a tzinfo is the ordering rule's aware-hashing)."""
    if not m.pytz_world or len(original.slice) != 1:
        return None
    index = original.slice[0].slice
    if isinstance(index, cst.Index) and not isinstance(m.parent(original), cst.AssignTarget):
        if _tzinfo_lookup(m, index.value, original.value):
            m.report(original, "tzinfo-lookup", detail="[...tzinfo]")
    return None


EXAMPLES = (
    Example(
        before=("import pytz\n\ndef same(a, b):\n    return a.tzinfo == b.tzinfo\n"),
        after=(
            "\n"
            "def same(a, b):\n"
            "    # tzcompat-migrate[tzinfo-identity]: pytz tzinfo was per offset; "
            "ZoneInfo's is the zone\n"
            "    return a.tzinfo == b.tzinfo\n"
        ),
        codes=("tzinfo-identity",),
    ),
    # two datetimes aware in pytz zones: the zone and the period, as pytz's objects were
    Example(
        before=(
            "import pytz\n"
            "\n"
            "PARIS = pytz.timezone('Europe/Paris')\n"
            "\n"
            "def same(x, y):\n"
            "    a = x.astimezone(PARIS)\n"
            "    b = y.astimezone(PARIS)\n"
            "    return a.tzinfo is b.tzinfo\n"
        ),
        after=(
            "from zoneinfo import ZoneInfo\n"
            "\n"
            "PARIS = ZoneInfo('Europe/Paris')\n"
            "\n"
            "def same(x, y):\n"
            "    a = x.astimezone(PARIS)\n"
            "    b = y.astimezone(PARIS)\n"
            "    return (str(a.tzinfo), a.utcoffset(), a.dst(), a.tzname()) == "
            "(str(b.tzinfo), b.utcoffset(), b.dst(), b.tzname())\n"
        ),
        codes=("timezone-to-zoneinfo", "tzinfo-identity"),
        options=(("unsafe_fixes", True),),
    ),
    # datetimes of unknown origin: plain ZoneInfo code compared zones, pytz code periods
    Example(
        before=("import pytz\n\ndef same(a, b):\n    return a.tzinfo is b.tzinfo\n"),
        after=(
            "\n"
            "def same(a, b):\n"
            "    # tzcompat-migrate[tzinfo-identity]: pytz tzinfo was per offset; "
            "ZoneInfo's is the zone\n"
            "    return a.tzinfo is b.tzinfo\n"
        ),
        codes=("tzinfo-identity",),
        options=(("unsafe_fixes", True),),
    ),
    # pytz's per-period tzinfo of a datetime made by a call: read four times, so no fix
    Example(
        before=("import pytz\n\ndef same(a, later):\n    return a.tzinfo == later(a).tzinfo\n"),
        after=(
            "\n"
            "def same(a, later):\n"
            "    # tzcompat-migrate[tzinfo-identity]: pytz tzinfo was per offset; "
            "ZoneInfo's is the zone\n"
            "    return a.tzinfo == later(a).tzinfo\n"
        ),
        codes=("tzinfo-identity",),
        options=(("unsafe_fixes", True),),
    ),
    Example(
        before=(
            "import pytz\n"
            "\n"
            "PARIS = pytz.timezone('Europe/Paris')\n"
            "LABELS = {PARIS: 'Paris'}\n"
            "\n"
            "def label(dt):\n"
            "    return LABELS.get(dt.tzinfo, '?')\n"
        ),
        after=(
            "from zoneinfo import ZoneInfo\n"
            "\n"
            "PARIS = ZoneInfo('Europe/Paris')\n"
            "LABELS = {PARIS: 'Paris'}\n"
            "\n"
            "def label(dt):\n"
            "    # tzcompat-migrate[tzinfo-lookup]: .get(...tzinfo): lookup by dt.tzinfo: "
            "pytz's was a per-period object, not the zone; ZoneInfo's is the zone, so the "
            "lookup now finds it\n"
            "    return LABELS.get(dt.tzinfo, '?')\n"
        ),
        codes=("timezone-to-zoneinfo", "tzinfo-lookup"),
    ),
    # valid: left alone, nothing reported
    Example(
        before=(
            "import pytz\n"
            "from .settings import ZONE_LABELS\n"
            "\n"
            "def label(dt):\n"
            "    return dt.tzinfo in ZONE_LABELS\n"
        ),
        after=(
            "from .settings import ZONE_LABELS\n"
            "\n"
            "def label(dt):\n"
            "    # tzcompat-migrate[tzinfo-lookup]: tzinfo in ...: lookup by dt.tzinfo: "
            "pytz's was a per-period object, not the zone; ZoneInfo's is the zone, so the "
            "lookup now finds it\n"
            "    return dt.tzinfo in ZONE_LABELS\n"
        ),
        codes=("tzinfo-lookup",),
    ),
    Example(
        before=(
            "import pytz\n"
            "\n"
            "LABELS = {'Europe/Paris': 'Paris'}\n"
            "\n"
            "def label(dt):\n"
            "    return LABELS.get(str(dt.tzinfo), '?')\n"
        )
    ),
    Example(before="def same(a, b):\n    return a.tzinfo == b.tzinfo\n"),
)


RULE = Rule(
    name="identity",
    doc=__doc__,
    codes=CODES,
    examples=EXAMPLES,
    leave={
        cst.Comparison: leave_Comparison,
        cst.Call: leave_Call,
        cst.Subscript: leave_Subscript,
    },
)
