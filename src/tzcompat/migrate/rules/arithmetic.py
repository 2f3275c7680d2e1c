"""``+``/``-`` and comparisons on datetimes aware in a pytz zone: absolute time in pytz, wall
time with ZoneInfo.

pytz attached one fixed-offset tzinfo per period, so ``dt + delta`` kept the old offset (an
absolute shift until ``normalize()``), and two datetimes of one zone usually carried different
tzinfo objects (EST, EDT), so ``a - b`` and ``a < b`` worked in UTC. With ZoneInfo both share the
zone: ``+`` moves the wall clock, ``a - b`` is the wall-clock difference (24 h across the fall
change where pytz gave 25 h) and comparisons ignore ``fold``.
"""

from __future__ import annotations

import libcst as cst

from .. import _analysis as ana
from .. import _helpers
from .._rule import Context, Rule
from .._spec import CodeInfo, Example
from . import _build as mk

CODES = (
    CodeInfo(
        "TZM102",
        "aware-arithmetic",
        "marker",
        "unsafe",
        message=(
            "+/- on a datetime aware in a pytz zone was absolute (UTC) time that kept the old "
            "offset until normalize(); on ZoneInfo it is wall-clock time, so results differ "
            "across DST changes: write (dt.astimezone(timezone.utc) + delta).astimezone(tz) for "
            "absolute time"
        ),
        comment="pytz +/- was absolute time; ZoneInfo's is wall time",
        fix_note=(
            "rewritten to _tz_replace(dt) + delta (d += x to d = _tz_replace(d) + x): the "
            "shift at dt's own fixed offset and abbreviation, as pytz did (the result's "
            "tzinfo keeps that offset and the zone's key, but is not the zone; naive "
            "datetimes are unchanged; wall-time arithmetic on a ZoneInfo that did not come "
            "from pytz becomes absolute)"
        ),
    ),
    CodeInfo(
        "TZM128",
        "aware-difference",
        "marker",
        "unsafe",
        message=(
            "a - b of two datetimes aware in one pytz zone was elapsed (UTC) time: pytz gave "
            "them different tzinfo objects; ZoneInfo gives both the zone, so the difference is "
            "wall-clock time (24 h, not 25 h, across the fall change)"
        ),
        comment="pytz a - b was elapsed time; ZoneInfo's is wall time",
        fix_note=(
            "rewritten to a.astimezone(timezone.utc) - b.astimezone(timezone.utc): elapsed "
            "time as pytz gave it"
        ),
    ),
    CodeInfo(
        "TZM129",
        "aware-comparison",
        "marker",
        "unsafe",
        message=(
            "comparing two datetimes aware in one pytz zone compared instants (different "
            "tzinfo objects); with one ZoneInfo both compare wall times and ignore fold, so "
            "the repeated hour orders differently and its two folds compare equal"
        ),
        comment="pytz compared instants; one ZoneInfo compares wall times",
        fix_note=(
            "rewritten to compare a.astimezone(timezone.utc) with b.astimezone(timezone.utc): "
            "instants, as pytz did (where b's type is unknown, _tz_replace(a) < b: a at its "
            "own fixed offset is compared as an instant whatever b is; == and != with a value "
            "of unknown type have no exact fix and stay marked)"
        ),
    ),
    CodeInfo(
        "TZM132",
        "inter-zone-equality",
        "marker",
        "unsafe",
        message=(
            "== or != of a datetime aware in a pytz zone with one aware in UTC or a fixed "
            "offset compared instants; the first becomes a ZoneInfo datetime, and in the "
            "zone's repeated or skipped hour (where its offset depends on fold) it is unequal "
            "to every datetime of another tzinfo, the same instant included (PEP 495)"
        ),
        comment=(
            "pytz compared instants; in a repeated or skipped hour a ZoneInfo datetime "
            "equals nothing of another tzinfo"
        ),
        fix_note=(
            "rewritten to _tz_replace(a) == b: a at its own fixed offset, so neither side's "
            "offset depends on fold and == compares the instants, as pytz did"
        ),
    ),
)


def leave_BinaryOperation(
    m: Context, original_node: cst.BinaryOperation, updated_node: cst.BinaryOperation
) -> cst.BaseExpression | None:
    if (
        m.pytz_world
        and isinstance(original_node.operator, ana.ARITH)
        # normalize(dt + delta) is rewritten there
        and not m.argument_of(original_node, "normalize", _helpers.NORMALIZE_NAME, False)
    ):
        left, right = original_node.left, original_node.right
        subtract = isinstance(original_node.operator, cst.Subtract)
        if subtract and (
            (m.zone_aware(left) and m.utc_aware(right))
            or (m.utc_aware(left) and m.zone_aware(right))
        ):
            return None  # two tzinfo objects: elapsed time with pytz and ZoneInfo alike
        if subtract and m.zone_aware(left) and m.zone_aware(right):
            return m.mark_or_fix(
                original_node,
                "aware-difference",
                lambda: updated_node.with_changes(
                    left=_in_utc(m, updated_node.left), right=_in_utc(m, updated_node.right)
                ),
            )
        pin_left, pin_right = m.zone_aware(left), m.zone_aware(right)
        if (pin_left and not m.is_number(right)) or (pin_right and not m.is_number(left)):
            return m.mark_or_fix(
                original_node,
                "aware-arithmetic",
                lambda: updated_node.with_changes(
                    left=_pinned(m, updated_node.left) if pin_left else updated_node.left,
                    right=_pinned(m, updated_node.right) if pin_right else updated_node.right,
                ),
            )
        if m.maybe_aware_shift(left, right) and not m.argument_of(
            original_node, "localize", _helpers.LOCALIZE_NAME, True
        ):  # localize() refused aware datetimes: its argument is naive
            return m.mark_or_fix(
                original_node,
                "aware-arithmetic",
                lambda: updated_node.with_changes(left=_pinned(m, updated_node.left)),
                detail="if aware in a pytz zone",
            )
        if m.options.unsafe_fixes and _feeds_normalize(m, original_node):
            # tz.normalize(name) below gets its fix (normalize-arithmetic), which is pytz's
            # value only if the arithmetic making the name is pinned too
            return m.mark_or_fix(
                original_node,
                "aware-arithmetic",
                lambda: updated_node.with_changes(
                    left=_pinned(m, updated_node.left),
                    right=_pinned(m, updated_node.right) if not subtract else updated_node.right,
                ),
                detail="normalized later",
            )
    return None


def _feeds_normalize(m: Context, node: cst.BinaryOperation) -> bool:
    """``name = a + b`` where ``x.normalize(name)`` is called in the same function."""
    parent = m.parent(node)
    if not isinstance(parent, cst.Assign) or len(parent.targets) != 1:
        return False
    target = parent.targets[0].target
    if not isinstance(target, cst.Name):
        return False
    scope = m.enclosing(parent, cst.FunctionDef | cst.Module)
    if scope is None:
        return False
    cache = m.state.normalized_names
    if id(scope) not in cache:
        names: set[str] = set()

        class _Normalized(cst.CSTVisitor):
            def visit_Call(self, call: cst.Call) -> None:
                func = call.func
                if (
                    isinstance(func, cst.Attribute)
                    and func.attr.value == "normalize"
                    and len(call.args) == 1
                    and isinstance(call.args[0].value, cst.Name)
                ):
                    names.add(call.args[0].value.value)

        scope.visit(_Normalized())
        cache[id(scope)] = names
    return target.value in cache[id(scope)]


def _pinned(m: Context, node: cst.BaseExpression) -> cst.BaseExpression:
    """``_tz_replace(node)``: the datetime at its own fixed offset, where pytz's ``+``/``-``
    worked (an operand already pinned by an inner fix is kept)."""
    operands = (node.left, node.right) if isinstance(node, cst.BinaryOperation) else (node,)
    if any(
        isinstance(o, cst.Call) and _helpers.REPLACE_NAME in ana.source(o.func) for o in operands
    ):
        return node
    return cst.Call(func=m.helper(_helpers.REPLACE_NAME), args=[cst.Arg(node)])


def _in_utc(m: Context, node: cst.BaseExpression) -> cst.BaseExpression:
    return mk.method(node, "astimezone", [cst.Arg(m.utc())])


_ORDERING = (
    cst.LessThan,
    cst.LessThanEqual,
    cst.GreaterThan,
    cst.GreaterThanEqual,
    cst.Equal,
    cst.NotEqual,
)


def leave_Comparison(
    m: Context, original: cst.Comparison, updated: cst.Comparison
) -> cst.BaseExpression | None:
    if not m.pytz_world:
        return None
    operands = [original.left, *(t.comparator for t in original.comparisons)]
    # the operands to pin when the other side's type is unknown: every link of a chain
    # (``start <= when < end``), so no link is left comparing wall times
    pins: list[int] = []
    equality = False  # an == or != with a value of unknown type: no exact fix
    across: list[int] = []  # zone-aware operands of an == or != with a UTC/fixed-offset one
    for index, target in enumerate(original.comparisons):
        if not isinstance(target.operator, _ORDERING):
            continue
        left, right = operands[index], operands[index + 1]
        aware_left, aware_right = m.zone_aware(left), m.zone_aware(right)
        if aware_left and aware_right:
            return m.mark_or_fix(original, "aware-comparison", lambda: _compare_in_utc(m, updated))
        same = isinstance(target.operator, cst.Equal | cst.NotEqual)
        if same and aware_left and m.utc_aware(right):
            across.append(index)
            continue
        if same and aware_right and m.utc_aware(left):
            across.append(index + 1)
            continue
        unknown = (aware_left and _maybe_same_zone(m, right)) or (
            aware_right and _maybe_same_zone(m, left)
        )
        if not unknown:
            continue
        if same:
            equality = True
        elif (where := index if aware_left else index + 1) not in pins:
            pins.append(where)
    if across:
        # pinned, both sides have fixed offsets: == compares the instants, as pytz did; a
        # chain that also compares with a value of unknown type keeps both markers, unfixed
        mixed = equality or bool(pins)
        fix = None if mixed else (lambda: _pin_operands(m, updated, across))
        result = m.mark_or_fix(original, "inter-zone-equality", fix)
        if not mixed:
            return result
    if not pins and not equality:
        return None
    # Pinning one side is exact for orderings only: an == between different tzinfo objects is
    # False whenever either side's offset depends on fold (PEP 495), so _tz_replace(a) == b
    # would find a ZoneInfo-aware b in the repeated hour unequal to the same instant
    fix = None if equality or across or not pins else (lambda: _pin_operands(m, updated, pins))
    return m.mark_or_fix(
        original,
        "aware-comparison",
        fix,
        detail="if the other side is aware in the same zone",
    )


def _maybe_same_zone(m: Context, node: cst.BaseExpression) -> bool:
    """True when ``node``, compared with a datetime aware in a pytz zone, is of unknown type:
    it may be aware in the same zone (an attribute, a parameter, a call's result), where
    ZoneInfo compares wall times. Not None, literals, naive datetimes, UTC or fixed-offset
    ones, numbers, timedeltas, dates, or a value already pinned by ``_tz_replace``."""
    if isinstance(node, cst.Name) and node.value in ("None", "True", "False"):
        return False
    if isinstance(
        node,
        cst.BaseString
        | cst.BaseNumber
        | cst.List
        | cst.Tuple
        | cst.Dict
        | cst.Set
        | cst.ListComp
        | cst.SetComp
        | cst.DictComp,
    ):
        return False
    if isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute):
        if node.func.attr.value in ("date", "time", "today", "timetz"):
            return False
    return not (
        m.pinned(node)
        or m.is_naive(node)
        or m.utc_aware(node)
        or m.is_number(node)
        or m.is_delta(node)
    )


def _pin_operand(m: Context, node: cst.Comparison, index: int) -> cst.Comparison:
    """``node`` with its ``index``-th operand pinned by ``_tz_replace``: its own fixed-offset
    tzinfo differs from any other side's, so the comparison is of instants, as in pytz."""
    if index == 0:
        return node.with_changes(left=_pinned(m, node.left))
    comparisons = list(node.comparisons)
    target = comparisons[index - 1]
    comparisons[index - 1] = target.with_changes(comparator=_pinned(m, target.comparator))
    return node.with_changes(comparisons=comparisons)


def _pin_operands(m: Context, node: cst.Comparison, indexes: list[int]) -> cst.Comparison:
    for index in indexes:
        node = _pin_operand(m, node, index)
    return node


def _compare_in_utc(m: Context, node: cst.Comparison) -> cst.Comparison:
    return node.with_changes(
        left=_in_utc(m, node.left),
        comparisons=[t.with_changes(comparator=_in_utc(m, t.comparator)) for t in node.comparisons],
    )


def leave_AugAssign(
    m: Context, original_node: cst.AugAssign, updated_node: cst.AugAssign
) -> cst.AugAssign | cst.Assign | None:
    if not m.pytz_world or not isinstance(
        original_node.operator, cst.AddAssign | cst.SubtractAssign
    ):
        return None
    target, value = original_node.target, original_node.value
    detail = None
    if not m.is_number(value) and m.zone_aware(target):
        detail = ""
    elif m.maybe_aware_shift(target, value):
        detail = "if aware in a pytz zone"
    if detail is None:
        return None
    fix = None
    if _simple(target):

        def fix() -> cst.Assign:
            add = isinstance(updated_node.operator, cst.AddAssign)
            operator = cst.Add if add else cst.Subtract
            return cst.Assign(
                targets=[cst.AssignTarget(updated_node.target)],
                value=cst.BinaryOperation(
                    left=_pinned(m, updated_node.target),
                    operator=operator(),
                    right=_operand(updated_node.value),
                ),
                semicolon=updated_node.semicolon,
            )

    return m.mark_or_fix(original_node, "aware-arithmetic", fix, detail=detail)


def _simple(node: cst.BaseExpression) -> bool:
    """A name or attribute chain: read twice when ``x += d`` becomes ``x = ... + d``."""
    while isinstance(node, cst.Attribute):
        node = node.value
    return isinstance(node, cst.Name)


def _operand(node: cst.BaseExpression) -> cst.BaseExpression:
    """``node`` as the right operand of ``+``/``-`` (``d -= a - b`` is ``d - (a - b)``)."""
    if node.lpar or isinstance(
        node,
        cst.Name | cst.Attribute | cst.Call | cst.Subscript | cst.BaseNumber | cst.BaseString,
    ):
        return node
    return node.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])


_ENDS = (
    "import pytz\n"
    "tz = pytz.timezone('Europe/Paris')\n"
    "\n"
    "\n"
    "def ends(naive, length, deadline):\n"
    "    end = tz.localize(naive) + length\n"
    "    return end > deadline, end == deadline\n"
)
_SENT = (
    "import pytz\n"
    "from datetime import datetime\n"
    "tz = pytz.timezone('Europe/Paris')\n"
    "local = tz.localize(naive)\n"
    "sent = local == datetime.fromtimestamp(stamp, pytz.utc)\n"
    "late = local > datetime.fromtimestamp(stamp, pytz.utc)\n"
)
_SENT_CODES = (
    "timezone-to-zoneinfo",
    "localize-to-helper",
    "utc-to-timezone-utc",
    "utc-dst",
    "inter-zone-equality",
)

EXAMPLES = (
    Example(
        before=(
            "import pytz\ntz = pytz.timezone('Europe/Paris')\nlater = tz.localize(naive) + delta\n"
        ),
        after=(
            "from _tzmigrate import _tz_localize\n"
            "from zoneinfo import ZoneInfo\n"
            "\n"
            "tz = ZoneInfo('Europe/Paris')\n"
            "# tzcompat-migrate[aware-arithmetic]: pytz +/- was absolute time; ZoneInfo's "
            "is wall time\n"
            "later = _tz_localize(naive, tz) + delta\n"
        ),
        codes=("timezone-to-zoneinfo", "localize-to-helper", "aware-arithmetic"),
    ),
    Example(
        before=(
            "import pytz\n"
            "tz = pytz.timezone('Europe/Paris')\n"
            "took = tz.localize(end) - tz.localize(start)\n"
            "first = tz.localize(end) < tz.localize(start)\n"
        ),
        after=(
            "from _tzmigrate import _tz_localize\n"
            "from zoneinfo import ZoneInfo\n"
            "\n"
            "tz = ZoneInfo('Europe/Paris')\n"
            "# tzcompat-migrate[aware-difference]: pytz a - b was elapsed time; ZoneInfo's "
            "is wall time\n"
            "took = _tz_localize(end, tz) - _tz_localize(start, tz)\n"
            "# tzcompat-migrate[aware-comparison]: pytz compared instants; one ZoneInfo "
            "compares wall times\n"
            "first = _tz_localize(end, tz) < _tz_localize(start, tz)\n"
        ),
        codes=(
            "timezone-to-zoneinfo",
            "localize-to-helper",
            "aware-difference",
            "aware-comparison",
        ),
    ),
    Example(
        before=(
            "import pytz\n"
            "tz = pytz.timezone('Europe/Paris')\n"
            "took = tz.localize(end) - tz.localize(start)\n"
            "first = tz.localize(end) < tz.localize(start)\n"
        ),
        after=(
            "from _tzmigrate import _tz_localize\n"
            "from datetime import timezone\n"
            "from zoneinfo import ZoneInfo\n"
            "\n"
            "tz = ZoneInfo('Europe/Paris')\n"
            "took = _tz_localize(end, tz).astimezone(timezone.utc) - _tz_localize(start, "
            "tz).astimezone(timezone.utc)\n"
            "first = _tz_localize(end, tz).astimezone(timezone.utc) < _tz_localize(start, "
            "tz).astimezone(timezone.utc)\n"
        ),
        codes=(
            "timezone-to-zoneinfo",
            "localize-to-helper",
            "aware-difference",
            "aware-comparison",
        ),
        options=(("unsafe_fixes", True),),
    ),
    Example(
        before=(
            "import pytz\n"
            "\n"
            "class Stamp:\n"
            "    def __init__(self, naive):\n"
            "        self._dt = pytz.timezone('Europe/Paris').localize(naive)\n"
            "\n"
            "    def __sub__(self, other):\n"
            "        return self._dt - other._dt\n"
        ),
        after=(
            "from _tzmigrate import _tz_localize\n"
            "from zoneinfo import ZoneInfo\n"
            "\n"
            "class Stamp:\n"
            "    def __init__(self, naive):\n"
            "        self._dt = _tz_localize(naive, ZoneInfo('Europe/Paris'))\n"
            "\n"
            "    def __sub__(self, other):\n"
            "        # tzcompat-migrate[aware-difference]: pytz a - b was elapsed time; "
            "ZoneInfo's is wall time\n"
            "        return self._dt - other._dt\n"
        ),
        codes=("timezone-to-zoneinfo", "localize-to-helper", "aware-difference"),
    ),
    Example(
        before=(
            "import pytz\n"
            "from datetime import timedelta\n"
            "tz = pytz.timezone('Europe/Paris')\n"
            "later = tz.localize(naive) + delta\n"
            "\n"
            "def next_run(d):\n"
            "    d += timedelta(hours=1)\n"
            "    return d\n"
        ),
        after=(
            "from datetime import timedelta\n"
            "from _tzmigrate import _tz_localize, _tz_replace\n"
            "from zoneinfo import ZoneInfo\n"
            "\n"
            "tz = ZoneInfo('Europe/Paris')\n"
            "later = _tz_replace(_tz_localize(naive, tz)) + delta\n"
            "\n"
            "def next_run(d):\n"
            "    d = _tz_replace(d) + timedelta(hours=1)\n"
            "    return d\n"
        ),
        codes=("timezone-to-zoneinfo", "localize-to-helper", "aware-arithmetic"),
        options=(("unsafe_fixes", True),),
    ),
    # an operand of unknown type (a parameter): it may be a timedelta, or a datetime aware in
    # the same zone; the unsafe fix pins the aware side of the ordering, exact whatever the other
    # one is; the == keeps its marker (no exact fix)
    Example(
        before=_ENDS,
        after=(
            "from _tzmigrate import _tz_localize\n"
            "from zoneinfo import ZoneInfo\n"
            "\n"
            "tz = ZoneInfo('Europe/Paris')\n"
            "\n"
            "\n"
            "def ends(naive, length, deadline):\n"
            "    # tzcompat-migrate[aware-arithmetic]: pytz +/- was absolute time; ZoneInfo's "
            "is wall time\n"
            "    end = _tz_localize(naive, tz) + length\n"
            "    # tzcompat-migrate[aware-comparison]: if the other side is aware in the same "
            "zone: pytz compared instants; one ZoneInfo compares wall times\n"
            "    return end > deadline, end == deadline\n"
        ),
        codes=(
            "timezone-to-zoneinfo",
            "localize-to-helper",
            "aware-arithmetic",
            "aware-comparison",
        ),
    ),
    Example(
        before=_ENDS,
        after=(
            "from _tzmigrate import _tz_localize, _tz_replace\n"
            "from zoneinfo import ZoneInfo\n"
            "\n"
            "tz = ZoneInfo('Europe/Paris')\n"
            "\n"
            "\n"
            "def ends(naive, length, deadline):\n"
            "    end = _tz_replace(_tz_localize(naive, tz)) + length\n"
            "    # tzcompat-migrate[aware-comparison]: if the other side is aware in the same "
            "zone: pytz compared instants; one ZoneInfo compares wall times\n"
            "    return _tz_replace(end) > deadline, end == deadline\n"
        ),
        codes=(
            "timezone-to-zoneinfo",
            "localize-to-helper",
            "aware-arithmetic",
            "aware-comparison",
        ),
        options=(("unsafe_fixes", True),),
    ),
    # == with a value of unknown type has no exact fix (an == between different tzinfo objects
    # is False when either offset depends on fold): the marker stays under unsafe_fixes; an
    # == with None or a string is not a comparison of datetimes and is not marked
    Example(
        before=(
            "import pytz\n"
            "tz = pytz.timezone('Europe/Paris')\n"
            "\n"
            "\n"
            "def due(naive, deadline):\n"
            "    end = tz.localize(naive)\n"
            "    if end == deadline:\n"
            "        return 'now'\n"
            "    return end != None and end != ''\n"
        ),
        after=(
            "from _tzmigrate import _tz_localize\n"
            "from zoneinfo import ZoneInfo\n"
            "\n"
            "tz = ZoneInfo('Europe/Paris')\n"
            "\n"
            "\n"
            "def due(naive, deadline):\n"
            "    end = _tz_localize(naive, tz)\n"
            "    # tzcompat-migrate[aware-comparison]: if the other side is aware in the same "
            "zone: pytz compared instants; one ZoneInfo compares wall times\n"
            "    if end == deadline:\n"
            "        return 'now'\n"
            "    return end != None and end != ''\n"
        ),
        codes=("timezone-to-zoneinfo", "localize-to-helper", "aware-comparison"),
        options=(("unsafe_fixes", True),),
    ),
    # == with a datetime aware in UTC: pytz compared instants, and so does an ordering after
    # the migration; the == does not in the repeated or skipped hour, where the ZoneInfo side's
    # offset depends on fold. Pinned, neither side's offset does: the fix is exact
    Example(
        before=_SENT,
        after=(
            "from datetime import timezone, datetime\n"
            "from _tzmigrate import _tz_localize\n"
            "from zoneinfo import ZoneInfo\n"
            "\n"
            "tz = ZoneInfo('Europe/Paris')\n"
            "local = _tz_localize(naive, tz)\n"
            "# tzcompat-migrate[inter-zone-equality]: pytz compared instants; in a repeated or "
            "skipped hour a ZoneInfo datetime equals nothing of another tzinfo\n"
            "sent = local == datetime.fromtimestamp(stamp, timezone.utc)\n"
            "late = local > datetime.fromtimestamp(stamp, timezone.utc)\n"
        ),
        codes=_SENT_CODES,
    ),
    Example(
        before=_SENT,
        after=(
            "from datetime import timezone, datetime\n"
            "from _tzmigrate import _tz_localize, _tz_replace\n"
            "from zoneinfo import ZoneInfo\n"
            "\n"
            "tz = ZoneInfo('Europe/Paris')\n"
            "local = _tz_localize(naive, tz)\n"
            "sent = _tz_replace(local) == datetime.fromtimestamp(stamp, timezone.utc)\n"
            "late = local > datetime.fromtimestamp(stamp, timezone.utc)\n"
        ),
        codes=_SENT_CODES,
        options=(("unsafe_fixes", True),),
    ),
    # valid: left alone, nothing reported
    Example(
        before=(
            "from datetime import datetime, timedelta, timezone\n"
            "\n"
            "later = datetime.now(timezone.utc) + timedelta(hours=2)\n"
        )
    ),
)


RULE = Rule(
    name="arithmetic",
    doc=__doc__,
    codes=CODES,
    examples=EXAMPLES,
    leave={
        cst.BinaryOperation: leave_BinaryOperation,
        cst.AugAssign: leave_AugAssign,
        cst.Comparison: leave_Comparison,
    },
)
