"""pytz reached by name rather than by attribute: ``operator.methodcaller("localize", dt)``,
``operator.attrgetter("zone")``, and the zones held as an ``Enum``'s member values
(``Zones.PARIS.value.zone``). Left as they are, they raise AttributeError once the zones are
ZoneInfo."""

from __future__ import annotations

import libcst as cst

from .. import _analysis as ana
from .. import _helpers
from .._rule import Context, Rule
from .._spec import CodeInfo, Example
from . import _build as mk

CODES = (
    CodeInfo(
        "TZM014",
        "methodcaller-to-helper",
        "rewrite",
        "safe",
        message=(
            "operator.methodcaller('localize'/'normalize', dt, ...) rewritten to "
            "functools.partial(_tz_localize/_tz_normalize, dt, ...): the same call on the zone "
            "it is applied to, arguments evaluated once as before"
        ),
    ),
    CodeInfo(
        "TZM150",
        "indirect-pytz-access",
        "marker",
        "none",
        message=(
            "a pytz-only method or attribute reached by name (operator.methodcaller/attrgetter "
            "of localize, normalize or zone, in a form the codemod does not rewrite): ZoneInfo "
            "has none, so the call raises AttributeError"
        ),
        comment="pytz-only name reached indirectly: ZoneInfo has none",
    ),
)

_METHODS = {"localize": _helpers.LOCALIZE_NAME, "normalize": _helpers.NORMALIZE_NAME}
_ATTRIBUTES = frozenset({"localize", "normalize", "zone"})


def leave_Call(m: Context, original: cst.Call, updated: cst.Call) -> cst.BaseExpression | None:
    if not m.pytz_world or not original.args or _last_name(original.func) not in _GETTERS:
        return None
    qnames = m.qnames(original.func)
    if "operator.methodcaller" in qnames:
        return _methodcaller(m, original, updated)
    if "operator.attrgetter" in qnames:
        for arg in original.args:
            text = ana.string_value(arg.value)
            if text is not None and _ATTRIBUTES & set(text.split(".")):
                m.report(original, "indirect-pytz-access", detail=f"attrgetter({text!r})")
                break
    return None


_GETTERS = frozenset({"methodcaller", "attrgetter"})


def _last_name(func: cst.BaseExpression) -> str | None:
    if isinstance(func, cst.Attribute):
        return func.attr.value
    return func.value if isinstance(func, cst.Name) else None


def _methodcaller(m: Context, original: cst.Call, updated: cst.Call) -> cst.BaseExpression | None:
    name = ana.string_value(original.args[0].value)
    if name not in _METHODS:
        return None
    shape = mk.plain_args(original)
    pos, kws = shape if shape is not None else ([], {})
    rest = pos[1:]
    if name == "localize":
        fits = 1 <= len(rest) <= 2 and not set(kws) - {"is_dst"} and len(rest) + len(kws) <= 2
    else:
        fits = len(rest) == 1 and not kws
    exact = shape is not None and fits and m.has_pytz and original.args[0].keyword is None
    if not exact:
        # the zone it is applied to may be pytz's elsewhere in the project: a human decides
        m.report(original, "indirect-pytz-access", detail=f"methodcaller({name!r})")
        return None
    space = cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))
    args = [cst.Arg(m.helper(_METHODS[name]), comma=space)]
    new_rest = list(updated.args[1:])
    if name == "localize" and len(rest) == 2:
        # methodcaller('localize', dt, flag): the flag was localize's is_dst; the helper's
        # second positional parameter is the zone, so it is passed by keyword
        flag = new_rest[1]
        equal = mk.kwarg("is_dst", flag.value).equal
        new_rest[1] = flag.with_changes(keyword=cst.Name("is_dst"), equal=equal)
    new_rest[-1] = mk.no_comma(new_rest[-1])
    for arg in new_rest[:-1]:
        args.append(arg if isinstance(arg.comma, cst.Comma) else arg.with_changes(comma=space))
    args.append(new_rest[-1])
    return cst.Call(func=m.names.expr("functools", "partial"), args=args)


def enum_zone_kind(m: Context, node: cst.BaseExpression) -> str | None:
    """The pytz zone kind of ``Cls.MEMBER.value`` (or ``member.value`` for ``member`` looping
    over ``Cls``) where ``Cls`` is a class of this module whose body binds its members to pytz
    zones (an ``Enum`` of zones), else None."""
    if not (isinstance(node, cst.Attribute) and node.attr.value == "value"):
        return None
    owner = node.value
    if isinstance(owner, cst.Attribute) and isinstance(owner.value, cst.Name):
        members = _members(m, owner.value)
        return members.get(owner.attr.value) if members else None
    if isinstance(owner, cst.Name):
        kinds: set[str | None] = set()
        for binding in m.assigned_values(owner) or ():
            loop = binding if isinstance(binding, cst.For | cst.CompFor) else None
            over = loop.iter if loop is not None else None
            members = _members(m, over) if isinstance(over, cst.Name) else None
            if not members:
                return None
            kinds.update(members.values())
        if len(kinds) == 1:
            return kinds.pop()
    return None


def _members(m: Context, name: cst.Name) -> dict[str, str | None] | None:
    """Member name -> pytz zone kind for the class ``name`` is bound to in this module."""
    for binding in m.assigned_values(name) or ():
        if not isinstance(binding, cst.ClassDef):
            continue
        out: dict[str, str | None] = {}
        for stmt in binding.body.body:
            line = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) else None
            if (
                isinstance(line, cst.Assign)
                and len(line.targets) == 1
                and isinstance(line.targets[0].target, cst.Name)
            ):
                out[line.targets[0].target.value] = m.zone_kind(line.value)
        return out
    return None


EXAMPLES = (
    Example(
        before=(
            "import operator\n"
            "import pytz\n"
            "\n"
            "def localizer(naive):\n"
            "    return operator.methodcaller('localize', naive, is_dst=None)\n"
        ),
        after=(
            "import operator\n"
            "from _tzmigrate import _tz_localize\n"
            "from functools import partial\n"
            "\n"
            "def localizer(naive):\n"
            "    return partial(_tz_localize, naive, is_dst=None)\n"
        ),
        codes=("methodcaller-to-helper",),
    ),
    Example(
        before=(
            "import operator\n"
            "import pytz\n"
            "\n"
            "def names(zones):\n"
            "    return sorted(map(operator.attrgetter('zone'), zones))\n"
        ),
        after=(
            "import operator\n"
            "\n"
            "def names(zones):\n"
            "    # tzcompat-migrate[indirect-pytz-access]: attrgetter('zone'): pytz-only name "
            "reached indirectly: ZoneInfo has none\n"
            "    return sorted(map(operator.attrgetter('zone'), zones))\n"
        ),
        codes=("indirect-pytz-access",),
    ),
    # valid: other names, and a module where no pytz zone exists, are left alone
    Example(
        before=(
            "import operator\n"
            "\n"
            "def calls(words, naive):\n"
            "    upper = operator.methodcaller('upper')\n"
            "    return list(map(upper, words)), operator.methodcaller('localize', naive)\n"
        ),
    ),
)


RULE = Rule(
    name="indirect",
    doc=__doc__,
    codes=CODES,
    examples=EXAMPLES,
    rewrite="methodcaller-to-helper",
    leave={cst.Call: leave_Call},
)
