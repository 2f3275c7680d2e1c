"""The repr of a pytz zone, or of a datetime aware in one, turned into text.

pytz's zones print as ``<DstTzInfo 'Europe/Paris' CET+1:00:00 STD>`` (the period's offset and
abbreviation in it), and an aware datetime's repr embeds its tzinfo's; a ZoneInfo prints as
``zoneinfo.ZoneInfo(key='Europe/Paris')``. ``str()``, ``isoformat()`` and ``strftime()`` give
the same text in both worlds; ``repr()``, ``%r``, ``!r``, ``{!r}`` and ``pprint`` do not, and
neither does ``str()`` of a list, tuple, set or dict holding such values (its items' reprs). Text
that becomes a value (returned, stored, compared) is marked; text that only goes to a log or
to standard output (a logging call, ``print``, ``pprint.pprint``) gets a note.
"""

from __future__ import annotations

import libcst as cst

from .. import _analysis as ana
from .._rule import Context, Rule
from .._spec import CodeInfo, Example

CODES = (
    CodeInfo(
        "TZM142",
        "zone-repr",
        "marker",
        "none",
        message=(
            "repr() (or %r, !r, {!r}, pprint.pformat) of a pytz zone or of a datetime aware in "
            "one, or str() (%s, {}) of a list, tuple, set or dict holding one (a container "
            "shows its items' reprs): pytz wrote <DstTzInfo 'Europe/Paris' CET+1:00:00 STD> "
            "(and datetime reprs embed it), a ZoneInfo writes "
            "zoneinfo.ZoneInfo(key='Europe/Paris'): code or tests "
            "that store, compare or parse the text see another string; str(zone) or "
            "dt.isoformat() is the same in both"
        ),
        comment="repr of a pytz zone or pytz-aware datetime: the text differs with ZoneInfo",
    ),
    CodeInfo(
        "TZM211",
        "zone-repr-logged",
        "note",
        "none",
        message=(
            "a log or print line shows the repr of a pytz zone or of a datetime aware in one "
            "(%r, !r, repr(), or a container of them with %s): it now reads "
            "zoneinfo.ZoneInfo(key='...') where pytz wrote <DstTzInfo '...' ...>; log parsers "
            "and golden log files see other text"
        ),
    ),
)

_LOG_METHODS = frozenset(
    {"debug", "info", "warning", "warn", "error", "exception", "critical", "fatal", "log"}
)


def pytz_valued(m: Context, node: cst.BaseExpression) -> bool:
    """A pytz zone (its UTC and fixed offsets included), a datetime aware in one, or the
    tzinfo of such a datetime: values whose repr changes."""
    if isinstance(node, cst.Attribute) and node.attr.value == "tzinfo":
        node = node.value
    if m.zone_kind(node) is not None or m.zone_aware(node):
        return True
    if isinstance(node, cst.Call):
        found = m.attached_tz(node)
        return found is not None and m.zone_kind(found[0]) is not None
    return False


def _logged(m: Context, node: cst.CSTNode) -> bool:
    """True when ``node``'s text goes only to a log or to the output: it is an argument
    (through %-formatting, ``.format`` and f-strings) of a logging call, ``print``,
    ``pprint.pprint``, ``warnings.warn`` or ``sys.stdout/stderr.write``."""
    current: cst.CSTNode | None = node
    for _ in range(6):
        parent = m.parent(current) if current is not None else None
        if isinstance(parent, cst.Arg):
            call = m.parent(parent)
            if not isinstance(call, cst.Call):
                return False
            func = call.func
            if isinstance(func, cst.Name):
                return func.value in ("print", "pprint") and m.ref(func) is None
            if isinstance(func, cst.Attribute):
                name = func.attr.value
                if name == "format" and isinstance(func.value, cst.SimpleString):
                    current = call
                    continue
                root = ana.source(func.value).lower()
                if name in _LOG_METHODS and ("log" in root or root == "self"):
                    return True
                qnames = m.qnames(func)
                return bool(
                    qnames & {"pprint.pprint", "warnings.warn", "sys.stdout.write"}
                    or qnames & {"sys.stderr.write"}
                )
            return False
        if isinstance(
            parent,
            cst.BinaryOperation
            | cst.FormattedStringExpression
            | cst.FormattedString
            | cst.Tuple
            | cst.Element,
        ):
            current = parent
            continue
        return False
    return False


def _report(m: Context, node: cst.CSTNode, detail: str) -> None:
    if _logged(m, node):
        m.report(node, "zone-repr-logged", detail=detail)
    else:
        m.report(node, "zone-repr", detail=detail)


def holds_pytz(m: Context, node: cst.BaseExpression) -> bool:
    """A list, tuple, set or dict holding such values: its ``str()`` is the repr of each
    item, so even ``%s``, ``{}`` and ``print`` show pytz's reprs."""
    if isinstance(node, cst.List | cst.Tuple | cst.Set):
        return any(pytz_valued(m, e.value) for e in node.elements)
    if isinstance(node, cst.Dict):
        return any(
            pytz_valued(m, e.key) or pytz_valued(m, e.value)
            for e in node.elements
            if isinstance(e, cst.DictElement)
        )
    if isinstance(node, cst.Name) and _container(m, m.single_value(node)):
        keys, values = m.mapping_parts(node)
        return m.items_aware(node) or any(pytz_valued(m, v) for v in (*keys, *values))
    return False


_LITERALS = (cst.List, cst.Tuple, cst.Set, cst.Dict, cst.ListComp, cst.SetComp, cst.DictComp)


def _container(m: Context, value: cst.BaseExpression | None) -> bool:
    """``value`` (a name's one binding) provably is a list, tuple, set or dict: a literal, a
    comprehension or a builtin that makes one (an object filled with ``.append()``, such as
    an XML element, is not taken for one)."""
    if isinstance(value, _LITERALS):
        return True
    if isinstance(value, cst.Call) and isinstance(value.func, cst.Name):
        return value.func.value in _MAKERS and m.ref(value.func) is None
    return False


_MAKERS = frozenset({"list", "tuple", "set", "frozenset", "dict", "sorted"})


def _shown(m: Context, node: cst.BaseExpression, as_repr: bool) -> bool:
    return holds_pytz(m, node) or (as_repr and pytz_valued(m, node))


def leave_Call(m: Context, original: cst.Call, updated: cst.Call) -> cst.BaseExpression | None:
    if not m.pytz_world or not original.args:
        return None
    func = original.func
    args = [a.value for a in original.args if not a.star]
    builtin = func.value if isinstance(func, cst.Name) and m.ref(func) is None else None
    if builtin in ("repr", "str", "ascii"):
        if args and _shown(m, args[0], builtin != "str"):
            _report(m, original, f"{builtin}()")
    elif builtin == "print":
        if any(holds_pytz(m, a) for a in args):
            m.report(original, "zone-repr-logged", detail="print() of a container")
    elif m.qnames(func) & {"pprint.pformat", "pprint.pprint", "pprint.pp"}:
        if args and _shown(m, args[0], True):
            name = func.attr.value if isinstance(func, cst.Attribute) else ana.source(func)
            if name == "pformat":
                m.report(original, "zone-repr", detail="pprint.pformat()")
            else:
                m.report(original, "zone-repr-logged", detail=f"{name}()")
    elif isinstance(func, cst.Attribute) and isinstance(func.value, cst.SimpleString):
        template = ana.string_value(func.value) or ""
        if func.attr.value == "format" and any(
            _shown(m, a, "!r" in template) for a in args
        ):
            _report(m, original, "{!r}" if "!r" in template else "{} of a container")
    elif isinstance(func, cst.Attribute) and func.attr.value in _LOG_METHODS and len(args) > 1:
        message = args[1] if func.attr.value == "log" else args[0]
        text = ana.string_value(message)
        if text is not None and any(_shown(m, a, "%r" in text) for a in args[1:]):
            m.report(original, "zone-repr-logged", detail="%r" if "%r" in text else "%s")
    return None


def leave_FormattedStringExpression(
    m: Context, original: cst.FormattedStringExpression, updated: cst.FormattedStringExpression
) -> cst.BaseExpression | None:
    if m.pytz_world and original.conversion in (None, "r", "a", "s"):
        if _shown(m, original.expression, original.conversion in ("r", "a")):
            _report(m, original, f"!{original.conversion}" if original.conversion else "{}")
    return None


def leave_BinaryOperation(
    m: Context, original: cst.BinaryOperation, updated: cst.BinaryOperation
) -> cst.BaseExpression | None:
    if not m.pytz_world or not isinstance(original.operator, cst.Modulo):
        return None
    text = ana.string_value(original.left)
    if text is None or ("%r" not in text and "%s" not in text):
        return None
    right = original.right
    values = [e.value for e in right.elements] if isinstance(right, cst.Tuple) else [right]
    if any(_shown(m, v, "%r" in text) for v in values):
        _report(m, original, "%r" if "%r" in text else "%s of a container")
    return None


EXAMPLES = (
    Example(
        before=(
            "import pytz\n"
            "\n"
            "def describe(key):\n"
            "    return repr(pytz.timezone(key))\n"
        ),
        after=(
            "from zoneinfo import ZoneInfo\n"
            "\n"
            "def describe(key):\n"
            "    # tzcompat-migrate[zone-repr]: repr(): repr of a pytz zone or pytz-aware "
            "datetime: the text differs with ZoneInfo\n"
            "    return repr(ZoneInfo(key))\n"
        ),
        codes=("timezone-dynamic", "timezone-to-zoneinfo", "zone-repr"),
    ),
    Example(
        before=(
            "import logging\n"
            "import pytz\n"
            "\n"
            "log = logging.getLogger(__name__)\n"
            "PARIS = pytz.timezone('Europe/Paris')\n"
            "\n"
            "def show(naive):\n"
            "    log.info('local time %r', PARIS.localize(naive))\n"
            "    return f'{PARIS!r}'\n"
        ),
        after=(
            "import logging\n"
            "from _tzmigrate import _tz_localize\n"
            "from zoneinfo import ZoneInfo\n"
            "\n"
            "log = logging.getLogger(__name__)\n"
            "PARIS = ZoneInfo('Europe/Paris')\n"
            "\n"
            "def show(naive):\n"
            "    log.info('local time %r', _tz_localize(naive, PARIS))\n"
            "    # tzcompat-migrate[zone-repr]: !r: repr of a pytz zone or pytz-aware "
            "datetime: the text differs with ZoneInfo\n"
            "    return f'{PARIS!r}'\n"
        ),
        codes=("timezone-to-zoneinfo", "localize-to-helper", "zone-repr-logged", "zone-repr"),
    ),
    # valid: str() and isoformat() read the same; a ZoneInfo's repr is not pytz's
    Example(
        before=(
            "import pytz\n"
            "from zoneinfo import ZoneInfo\n"
            "\n"
            "def describe(key, aware):\n"
            "    return str(aware.tzinfo), aware.isoformat(), repr(ZoneInfo(key))\n"
        ),
    ),
)

RULE = Rule(
    name="reprs",
    doc=__doc__,
    codes=CODES,
    examples=EXAMPLES,
    leave={
        cst.Call: leave_Call,
        cst.FormattedStringExpression: leave_FormattedStringExpression,
        cst.BinaryOperation: leave_BinaryOperation,
    },
)
