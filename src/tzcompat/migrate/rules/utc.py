"""UTC objects: ``pytz.utc``/``pytz.UTC``/``dateutil.tz.UTC``/``tzutc()`` -> ``timezone.utc``
(``ZoneInfo("UTC")`` where ``pytz.timezone()`` gets run-time names), and identity tests on them."""

from __future__ import annotations

import libcst as cst

from .. import _analysis as ana
from .. import _facts
from .._rule import Context, Rule
from .._spec import CodeInfo, Example
from . import type_checks, unsupported

CODES = (
    CodeInfo(
        "TZM005",
        "utc-to-timezone-utc",
        "rewrite",
        "safe",
        message=(
            "pytz.utc / dateutil.tz.UTC / tzutc() rewritten to datetime.timezone.utc (or "
            "ZoneInfo('UTC'))"
        ),
    ),
    CodeInfo(
        "TZM109",
        "utc-identity",
        "marker",
        "none",
        message=(
            "identity/equality with a UTC object: ZoneInfo('UTC') is not timezone.utc and tzinfo "
            "objects of different libraries never compare equal"
        ),
        comment="UTC identity/equality differs across libraries",
    ),
    CodeInfo(
        "TZM205",
        "utc-dst",
        "note",
        "none",
        message=(
            "dst() is None and timetuple().tm_isdst is -1 with datetime.timezone; pytz's "
            "utc/FixedOffset and dateutil's tzutc/tzoffset gave timedelta(0) and 0"
        ),
    ),
    CodeInfo(
        "TZM208",
        "utc-zoneinfo",
        "note",
        "none",
        message=(
            "pytz.utc became ZoneInfo('UTC'), not timezone.utc: the project calls "
            "pytz.timezone() with run-time names, and pytz.timezone('UTC') was pytz.utc itself"
        ),
    ),
    CodeInfo(
        "TZM220",
        "parser-offset-kept",
        "note",
        "none",
        message=(
            "dateutil fixed offset left as it is: the project parses with dateutil, whose "
            "tzinfos equal tzoffset()/tzutc() but never datetime.timezone, and tzoffset(None, "
            "...).tzname() is None where timezone gives 'UTC+HH:MM'"
        ),
    ),
)


def pytz_utc(m: Context, node: cst.CSTNode) -> cst.BaseExpression:
    """What ``pytz.utc`` becomes: ``ZoneInfo("UTC")`` where pytz.timezone(name) may be
    handed "UTC" (pytz gave pytz.utc itself then), else ``timezone.utc``."""
    if m.utc_zone:
        m.report(node, "utc-zoneinfo", kind="note")
        key = cst.SimpleString(m.quote + "UTC" + m.quote)
        return cst.Call(func=m.names.expr("zoneinfo", "ZoneInfo"), args=[cst.Arg(key)])
    note_dst(m, node)
    return m.utc()


def note_dst(m: Context, node: cst.CSTNode) -> None:
    """The utc-dst note, once per module: the same edge for every UTC/fixed object."""
    if not any(f.code == "utc-dst" for f in m.findings):
        m.report(node, "utc-dst", kind="note")


def parses_with_dateutil(m: Context, node: cst.CSTNode, note: bool = True) -> bool:
    """True when this module or another of the project imports ``dateutil.parser``: its
    values meet dateutil's fixed offsets, which stay dateutil's (exact), with a note."""
    found = m.state.parser_world
    if found is None:
        found = m.index is not None and any(
            any(base == "dateutil.parser" or (base, name) == ("dateutil", "parser")
                for base, name in facts.imported)
            for facts in m.index.modules.values()
        )  # fmt: skip
        module = m.enclosing(node, cst.Module)
        if not found and isinstance(module, cst.Module):
            found = any(_imports_parser(stmt) for stmt in module.body)
        m.state.parser_world = found
    if found and note:
        m.report(node, "parser-offset-kept")
    return found


def _imports_parser(stmt: cst.CSTNode) -> bool:
    """``import dateutil.parser``, ``from dateutil import parser``, ``from dateutil.parser
    import ...`` at the top level of a module."""
    if not isinstance(stmt, cst.SimpleStatementLine):
        return False
    for small in stmt.body:
        if isinstance(small, cst.Import):
            if any(ana.source(a.name) == "dateutil.parser" for a in small.names):
                return True
        elif isinstance(small, cst.ImportFrom) and small.module is not None:
            base = ana.source(small.module)
            if base == "dateutil.parser":
                return True
            if base == "dateutil" and not isinstance(small.names, cst.ImportStar):
                if any(ana.source(a.name) == "parser" for a in small.names):
                    return True
    return False


def call_tzutc(m: Context, original: cst.Call, updated: cst.Call) -> cst.BaseExpression | None:
    if original.args:
        unsupported.no_equivalent(m, original, "dateutil.tz.tzutc")
        return None
    if parses_with_dateutil(m, original):
        return None
    note_dst(m, original)
    return m.utc()


def reference(
    m: Context, original: cst.Name | cst.Attribute, updated: cst.BaseExpression, q: str
) -> cst.BaseExpression:
    """``pytz.utc``/``pytz.UTC``/``dateutil.tz.UTC``."""
    arg = m.parent(original)
    call = m.parent(arg) if isinstance(arg, cst.Arg) else None
    if isinstance(call, cst.Call) and ana.source(call.func) == "type":
        type_checks.type_object(m, original, f"type({q})")
    if q == "dateutil.tz.UTC":
        if parses_with_dateutil(m, original):
            return updated
        note_dst(m, original)
        new = m.utc()
    else:
        new = pytz_utc(m, original)
    return new.with_changes(lpar=updated.lpar, rpar=updated.rpar)


def leave_Comparison(
    m: Context, original: cst.Comparison, updated: cst.Comparison
) -> cst.BaseExpression | None:
    """Identity/equality with a UTC object: the answer depends on the library."""
    operands = [original.left, *(t.comparator for t in original.comparisons)]
    kept = parses_with_dateutil(m, original, note=False)  # dateutil's UTC stays dateutil's
    if ana.identity_test(original) and any(
        (m.ref(o) in _facts.UTC_REFS and not (kept and m.ref(o) == "dateutil.tz.UTC"))
        or (isinstance(o, cst.Call) and m.ref(o.func) == "dateutil.tz.tzutc" and not kept)
        for o in operands
    ):
        m.report(original, "utc-identity")
        return updated  # one marker is enough: no tzinfo-identity on top
    return None


EXAMPLES = (
    Example(
        before=("import pytz\nnow = datetime.now(pytz.utc)\n"),
        after=("from datetime import timezone\n\nnow = datetime.now(timezone.utc)\n"),
        codes=("utc-to-timezone-utc", "utc-dst"),
    ),
    Example(
        before=("import pytz\nok = tz is pytz.utc\n"),
        after=(
            "from datetime import timezone\n"
            "\n"
            "# tzcompat-migrate[utc-identity]: UTC identity/equality differs across libraries\n"
            "ok = tz is timezone.utc\n"
        ),
        codes=("utc-to-timezone-utc", "utc-identity", "utc-dst"),
    ),
    # the project parses with dateutil: its fixed offsets stay dateutil's, so a parsed
    # tzinfo still equals them (datetime.timezone never would) and tzname() stays None
    Example(
        before=(
            "from dateutil import parser, tz\n"
            "\n"
            "IST = tz.tzoffset(None, 19800)\n"
            "\n"
            "def indian(text):\n"
            "    return parser.isoparse(text).tzinfo in (IST, tz.UTC, tz.tzutc())\n"
        ),
        codes=("parser-offset-kept",),
    ),
    # valid: left alone, nothing reported
    Example(before="from datetime import datetime, timezone\n\nnow = datetime.now(timezone.utc)\n"),
)


RULE = Rule(
    name="utc",
    doc=__doc__,
    codes=CODES,
    examples=EXAMPLES,
    rewrite="utc-to-timezone-utc",
    leave={cst.Comparison: leave_Comparison},
    calls={"dateutil.tz.tzutc": call_tzutc},
    references={"pytz.utc": reference, "pytz.UTC": reference, "dateutil.tz.UTC": reference},
)
