"""Calls of tzinfo methods that answer differently on a pytz zone: ``tzname(None)``,
``utcoffset(dt, is_dst=...)``, ``utcoffset(dt)``/``dst(dt)``/``tzname(dt)`` (pytz's default
``is_dst=None`` raised in gaps and folds), ``fromutc(naive)`` (pytz took a naive UTC time)."""

from __future__ import annotations

import libcst as cst

from .. import _analysis as ana
from .. import _facts, _helpers
from .._rule import Context, Rule
from .._spec import CodeInfo, Example
from . import _build as mk

CODES = (
    CodeInfo(
        "TZM106",
        "tzname-none",
        "marker",
        "unsafe",
        message="tzname(None) gave the zone name in pytz; ZoneInfo gives None: use str(tz)",
        comment="tzname(None) was the zone name in pytz; None now",
        fix_note=(
            "rewritten to str(tz): the key of a ZoneInfo, the zone name of a pytz zone; "
            "pytz's zones without transitions (Etc/GMT+5, EST) gave their abbreviation"
        ),
    ),
    CodeInfo(
        "TZM107",
        "is-dst-method",
        "marker",
        "unsafe",
        message=(
            "utcoffset/dst/tzname(dt, is_dst=...) is pytz-only: use _tz_localize(dt, tz, "
            "is_dst).utcoffset() or dt.replace(tzinfo=tz, fold=...)"
        ),
        comment="is_dst= on utcoffset/dst/tzname is pytz-only",
        fix_note=(
            "rewritten to _tz_localize(dt, tz, is_dst=...).utcoffset() (or .dst(), .tzname()): "
            "pytz's answer, including the errors of is_dst=None; dt=None raises instead of "
            "giving None, and pytz.utc (whose methods took no is_dst) answers"
        ),
    ),
    CodeInfo(
        "TZM133",
        "zone-probe",
        "marker",
        "unsafe",
        message=(
            "tz.utcoffset/dst/tzname(dt) on a pytz zone localized dt with is_dst=None: it "
            "raised AmbiguousTimeError/NonExistentTimeError in folds and gaps and ValueError "
            "for an aware dt; ZoneInfo answers (fold=0), so handlers around it stop running"
        ),
        comment="pytz raised for dt in a gap/fold (is_dst=None); ZoneInfo answers",
        fix_note=(
            "rewritten to (dt if dt.tzinfo is tz else _tz_localize(dt, tz, is_dst=None))"
            ".utcoffset() (or .dst(), .tzname()) where dt and tz are plain names: pytz's "
            "answer and its errors (a datetime whose tzinfo is the zone answers from its own "
            "offset, as pytz's did); a datetime aware in the zone whose pytz tzinfo was another "
            "period's, where pytz raised ValueError, answers; dt=None raises. Not applied in a "
            "module without pytz that imports zoneinfo or dateutil to a zone it does not trace "
            "to pytz (it may be ZoneInfo already): the marker stays"
        ),
    ),
    CodeInfo(
        "TZM012",
        "fromutc-naive",
        "rewrite",
        "safe",
        message=(
            "tz.fromutc(naive) rewritten to tz.fromutc(naive.replace(tzinfo=tz)): pytz took a "
            "naive UTC time, ZoneInfo.fromutc wants one attached to the zone"
        ),
    ),
    CodeInfo(
        "TZM134",
        "fromutc-argument",
        "marker",
        "unsafe",
        message=(
            "tz.fromutc(dt): pytz took a naive UTC time (or one in tz), ZoneInfo.fromutc raises "
            "ValueError unless dt.tzinfo is the zone"
        ),
        comment="pytz's fromutc took a naive time; ZoneInfo's raises ValueError",
        fix_note=(
            "rewritten to tz.fromutc(dt.replace(tzinfo=tz)): pytz's answer for a naive dt or "
            "one in tz; a dt aware in another zone, where pytz raised ValueError, is read as "
            "UTC wall time"
        ),
    ),
)


def leave_Call(m: Context, original: cst.Call, updated: cst.Call) -> cst.BaseExpression | None:
    func = original.func
    if not m.pytz_world or not isinstance(func, cst.Attribute) or m.ref(func) is not None:
        return None
    method = func.attr.value
    if method in _facts.ZONE_METHODS:
        if any(a.keyword and a.keyword.value == "is_dst" for a in original.args):
            fix = _probe_fix(m, updated, method)
            return m.mark_or_fix(original, "is-dst-method", fix)
        if method == "tzname":
            found = _tzname_none(m, original, updated)
            if found is not None or _none_argument(original):
                return found
        if _probed(m, original):
            # no fix where the zone may be ZoneInfo already: a module without pytz that
            # makes zones of its own (zoneinfo, dateutil) may hand this call one of them
            receiver = func.value
            fixable = (
                m.has_pytz
                or m.zone_kind(receiver) is not None
                or not _makes_other_zones(m, original)
            )
            fix = _own_or_localized(m, updated, method) if fixable else None
            return m.mark_or_fix(original, "zone-probe", fix)
        return None
    if method == "fromutc":
        return _fromutc(m, original, updated)
    return None


def _none_argument(call: cst.Call) -> bool:
    args = call.args
    return len(args) == 1 and isinstance(args[0].value, cst.Name) and args[0].value.value == "None"


def dst_zone(m: Context, receiver: cst.BaseExpression) -> bool:
    """True when ``receiver`` may be a pytz zone with transitions: made by pytz.timezone()
    here or in the project, or named like a zone where pytz zones exist; never a zone known
    to come from dateutil/zoneinfo, UTC or a fixed offset."""
    kind = m.zone_kind(receiver)
    if kind is not None:
        return kind == "zone"
    if m.other_zone(receiver) or m.utc_like(receiver) or _bound_elsewhere(m, receiver):
        return False
    return m.pytz_world and m.tz_like(receiver)


_OTHER_ZONE_MODULES = ("zoneinfo", "backports.zoneinfo", "dateutil")


def _makes_other_zones(m: Context, node: cst.CSTNode) -> bool:
    """True when the module of ``node`` imports zoneinfo or dateutil anywhere."""
    module: cst.CSTNode | None = node
    while module is not None and not isinstance(module, cst.Module):
        module = m.parent(module)
    if module is None:
        return True
    found: list[bool] = []

    class _Imports(cst.CSTVisitor):
        def visit_Import(self, imp: cst.Import) -> None:
            for alias in imp.names:
                found.append(_other(ana.source(alias.name)))

        def visit_ImportFrom(self, imp: cst.ImportFrom) -> None:
            if imp.module is not None and not imp.relative:
                found.append(_other(ana.source(imp.module)))

    module.visit(_Imports())
    return any(found)


def _other(name: str) -> bool:
    return any(name == m or name.startswith(m + ".") for m in _OTHER_ZONE_MODULES)


def _bound_elsewhere(m: Context, receiver: cst.BaseExpression) -> bool:
    """True when every binding of the name ``receiver`` is a zone known not to be pytz's
    (``ZoneInfo(key)``, ``gettz(key)``, UTC, a fixed offset) or None: the branches of a
    ``try``/``except`` around a lookup, as the codemod's own gettz fix writes them."""
    if not isinstance(receiver, cst.Name):
        return False
    bindings = m.assigned_values(receiver)
    if not bindings:
        return False
    for stmt in bindings:
        value = stmt.value if isinstance(stmt, cst.Assign | cst.AnnAssign) else None
        if value is None:
            return False
        if isinstance(value, cst.Name) and value.value == "None":
            continue
        if not (m.other_zone(value) or m.utc_like(value)):
            return False
    return True


def _probed(m: Context, call: cst.Call) -> bool:
    """``tz.utcoffset(dt)`` (one plain argument, not None) on what may be a pytz zone; not
    ``x.tzinfo.utcoffset(x)``, which a pytz zone answers from x's own period too."""
    args = call.args
    if len(args) != 1 or args[0].keyword is not None or args[0].star or _none_argument(call):
        return False
    receiver = call.func.value  # type: ignore[attr-defined]
    value = args[0].value
    if _folded(value) or _own_period(m, receiver, value):
        return False
    return dst_zone(m, receiver)


def _folded(value: cst.BaseExpression) -> bool:
    """``dt.replace(fold=...)``: code written for PEP 495 zones (a pytz zone ignores fold)."""
    return (
        isinstance(value, cst.Call)
        and isinstance(value.func, cst.Attribute)
        and value.func.attr.value == "replace"
        and any(a.keyword is not None and a.keyword.value == "fold" for a in value.args)
    )


def _own_period(m: Context, receiver: cst.BaseExpression, value: cst.BaseExpression) -> bool:
    """The receiver is ``value.tzinfo`` (through a name, on every branch of an ``x if c else
    y``) or a zone that is not pytz's: a pytz zone answers from value's own period there."""
    if isinstance(receiver, cst.Name):
        bound = m.single_value(receiver)
        receiver = bound if bound is not None else receiver
    branches = [receiver.body, receiver.orelse] if isinstance(receiver, cst.IfExp) else [receiver]
    return all(
        (isinstance(b, cst.Attribute) and b.attr.value == "tzinfo" and b.value.deep_equals(value))
        or (b is not receiver and (m.other_zone(b) or m.utc_like(b)))
        for b in branches
    )


def _fromutc(m: Context, call: cst.Call, updated: cst.Call) -> cst.BaseExpression | None:
    """``tz.fromutc(x)``: pytz read a naive x as UTC; ZoneInfo wants x attached to tz. The
    rewrite repeats the receiver, so it is made only for a plain name or attribute."""
    args = call.args
    if len(args) != 1 or args[0].keyword is not None or args[0].star:
        return None
    receiver = call.func.value  # type: ignore[attr-defined]
    kind = m.zone_kind(receiver)
    if kind is None and (m.other_zone(receiver) or not (m.pytz_world and m.tz_like(receiver))):
        return None
    value = args[0].value
    if isinstance(value, cst.Call) and isinstance(value.func, cst.Attribute):
        attached = {a.keyword.value: a.value for a in value.args if a.keyword}.get("tzinfo")
        if value.func.attr.value == "replace" and attached is not None:
            if attached.deep_equals(receiver):
                return None  # x.replace(tzinfo=tz): ZoneInfo's form already (a second run)
    new_receiver = updated.func.value  # type: ignore[attr-defined]
    repeatable = isinstance(receiver, cst.Name | cst.Attribute)

    def fix() -> cst.Call:
        value = mk.paren(updated.args[0].value)
        attached = mk.method(value, "replace", [mk.kwarg("tzinfo", new_receiver)])
        return updated.with_changes(args=[updated.args[0].with_changes(value=attached)])

    if repeatable and m.is_naive(args[0].value):
        new = fix()
        m.report(call, "fromutc-naive", kind="rewrite", fix=ana.source(new))
        return new
    return m.mark_or_fix(call, "fromutc-argument", fix if repeatable else None)


def _own_or_localized(m: Context, updated: cst.Call, method: str):  # type: ignore[no-untyped-def]
    """``tz.utcoffset(dt)`` -> ``(dt if dt.tzinfo is tz else _tz_localize(dt, tz,
    is_dst=None)).utcoffset()``: pytz answered a datetime already in the zone from its own
    period and localized any other with ``is_dst=None``. Both names are read twice, so the fix
    is written only when they are plain names or attributes."""
    localized = _probe_fix(m, updated, method)
    receiver = updated.func.value  # type: ignore[attr-defined]
    dt = updated.args[0].value
    if localized is None or not (_plain(receiver) and _plain(dt)):
        return None

    def fix() -> cst.BaseExpression:
        call = localized()
        own = cst.Comparison(
            mk.method(dt, "tzinfo", []).func,  # dt.tzinfo
            [cst.ComparisonTarget(cst.Is(), receiver)],
        )
        chosen = cst.IfExp(test=own, body=dt, orelse=call.func.value)
        return mk.method(cst.Expr(chosen).value, method, [])

    return fix


def _plain(node: cst.BaseExpression) -> bool:
    while isinstance(node, cst.Attribute):
        node = node.value
    return isinstance(node, cst.Name)


def _probe_fix(m: Context, updated: cst.Call, method: str):  # type: ignore[no-untyped-def]
    """``tz.utcoffset(dt, is_dst=x)`` -> ``_tz_localize(dt, tz, is_dst=x).utcoffset()``, and
    ``tz.utcoffset(dt)`` -> ``_tz_localize(dt, tz, is_dst=None).utcoffset()`` (pytz's
    default), when the call has exactly that shape (else no fix)."""
    args = list(updated.args)
    if len(args) == 1 and args[0].keyword is None and not args[0].star:
        args.append(mk.kwarg("is_dst", cst.Name("None")))
    if len(args) != 2 or args[0].keyword is not None or args[0].star or args[1].star:
        return None
    if args[1].keyword is None or args[1].keyword.value != "is_dst":
        return None
    receiver = updated.func.value  # type: ignore[attr-defined]
    space = cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))

    def fix() -> cst.BaseExpression:
        localized = cst.Call(
            func=m.helper(_helpers.LOCALIZE_NAME),
            args=[
                args[0].with_changes(comma=space),
                cst.Arg(receiver, comma=space),
                args[1].with_changes(comma=cst.MaybeSentinel.DEFAULT),
            ],
        )
        return mk.method(localized, method, [])

    return fix


def _tzname_none(m: Context, call: cst.Call, updated: cst.Call) -> cst.BaseExpression | None:
    args = call.args
    value = args[0].value if len(args) == 1 else None
    if not (isinstance(value, cst.Name) and value.value == "None"):
        return None
    receiver = call.func.value  # type: ignore[attr-defined]
    kind = m.zone_kind(receiver)
    if kind == "zone" or (kind is None and m.tz_like(receiver)):
        new_receiver = updated.func.value  # type: ignore[attr-defined]
        return m.mark_or_fix(
            call,
            "tzname-none",
            lambda: cst.Call(func=cst.Name("str"), args=[cst.Arg(new_receiver)]),
        )
    return None


EXAMPLES = (
    # valid, also with --unsafe-fixes: every binding of the zone is a ZoneInfo (or None), so
    # the probe is zoneinfo's already, whatever the module imports
    Example(
        before=(
            "import pytz\n"
            "from zoneinfo import ZoneInfo\n"
            "\n"
            "def offset(name, naive):\n"
            "    try:\n"
            "        zone = ZoneInfo(name)\n"
            "    except KeyError:\n"
            "        zone = None\n"
            "    return zone.utcoffset(naive)\n"
        ),
        options=(("unsafe_fixes", True),),
    ),
    Example(
        before=("import pytz\ntz = pytz.timezone('Europe/Paris')\nname = tz.tzname(None)\n"),
        after=(
            "from zoneinfo import ZoneInfo\n"
            "\n"
            "tz = ZoneInfo('Europe/Paris')\n"
            "# tzcompat-migrate[tzname-none]: tzname(None) was the zone name in pytz; None now\n"
            "name = tz.tzname(None)\n"
        ),
        codes=("timezone-to-zoneinfo", "tzname-none"),
    ),
    Example(
        before=(
            "import pytz\n"
            "\n"
            "def probe(tz, dt):\n"
            "    return tz.utcoffset(dt, is_dst=None), tz.tzname(None)\n"
        ),
        after=(
            "from _tzmigrate import _tz_localize\n"
            "\n"
            "def probe(tz, dt):\n"
            "    return _tz_localize(dt, tz, is_dst=None).utcoffset(), str(tz)\n"
        ),
        codes=("is-dst-method", "tzname-none"),
        options=(("unsafe_fixes", True),),
    ),
    Example(
        before="import pytz\n\ndef offset(tz, naive):\n    return tz.utcoffset(naive)\n",
        after=(
            "\n"
            "def offset(tz, naive):\n"
            "    # tzcompat-migrate[zone-probe]: pytz raised for dt in a gap/fold (is_dst=None); "
            "ZoneInfo answers\n"
            "    return tz.utcoffset(naive)\n"
        ),
        codes=("zone-probe",),
    ),
    Example(
        before="import pytz\n\ndef offset(tz, naive):\n    return tz.utcoffset(naive)\n",
        after=(
            "from _tzmigrate import _tz_localize\n"
            "\n"
            "def offset(tz, naive):\n"
            "    return (naive if naive.tzinfo is tz else _tz_localize(naive, tz, is_dst=None))"
            ".utcoffset()\n"
        ),
        codes=("zone-probe",),
        options=(("unsafe_fixes", True),),
    ),
    Example(
        before=(
            "import pytz\n"
            "from datetime import datetime\n"
            "\n"
            "tz = pytz.timezone('Europe/Paris')\n"
            "now = tz.fromutc(datetime.utcnow())\n"
        ),
        after=(
            "from datetime import datetime\n"
            "from zoneinfo import ZoneInfo\n"
            "\n"
            "tz = ZoneInfo('Europe/Paris')\n"
            "now = tz.fromutc(datetime.utcnow().replace(tzinfo=tz))\n"
        ),
        codes=("fromutc-naive", "timezone-to-zoneinfo"),
    ),
    Example(
        before="import pytz\n\ndef local(tz, moment):\n    return tz.fromutc(moment)\n",
        after=(
            "\n"
            "def local(tz, moment):\n"
            "    # tzcompat-migrate[fromutc-argument]: pytz's fromutc took a naive time; "
            "ZoneInfo's raises ValueError\n"
            "    return tz.fromutc(moment)\n"
        ),
        codes=("fromutc-argument",),
    ),
    Example(
        before="import pytz\n\ndef local(tz, moment):\n    return tz.fromutc(moment)\n",
        after="\ndef local(tz, moment):\n    return tz.fromutc(moment.replace(tzinfo=tz))\n",
        codes=("fromutc-argument",),
        options=(("unsafe_fixes", True),),
    ),
    # valid: the zone's own period answers, and a ZoneInfo is not pytz's
    Example(
        before=(
            "import pytz\n"
            "from zoneinfo import ZoneInfo\n"
            "\n"
            "def offsets(moment, naive):\n"
            "    return moment.tzinfo.utcoffset(moment), ZoneInfo('Europe/Paris').dst(naive)\n"
        )
    ),
    # valid: left alone, nothing reported
    Example(
        before=(
            "from zoneinfo import ZoneInfo\n\noffset = ZoneInfo('Europe/Paris').utcoffset(moment)\n"
        )
    ),
)


RULE = Rule(
    name="zone_methods",
    doc=__doc__,
    codes=CODES,
    examples=EXAMPLES,
    leave={cst.Call: leave_Call},
)
