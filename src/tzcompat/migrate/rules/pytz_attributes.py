"""pytz-only attributes of zones: ``.zone`` (-> ``.key`` or ``str()`` where the zone is known),
the private transition tables, bound ``localize``/``normalize``."""

from __future__ import annotations

import libcst as cst

from .. import _analysis as ana
from .. import _facts
from .._rule import Context, Rule
from .._spec import CodeInfo, Example
from . import indirect

CODES = (
    CodeInfo(
        "TZM010",
        "zone-to-key",
        "rewrite",
        "safe",
        message=(
            "tz.zone rewritten to tz.key (a ZoneInfo made here) or str(tz) (UTC, zones of other "
            "modules)"
        ),
    ),
    CodeInfo(
        "TZM105",
        "zone-attribute",
        "marker",
        "unsafe",
        message=".zone is pytz-only: use .key (ZoneInfo) or str(tzinfo)",
        comment=".zone is pytz-only: .key or str(tzinfo)",
        fix_note=(
            "rewritten to str(x): the key of a ZoneInfo and the zone name of a pytz zone; "
            "'UTC+HH:MM' for a fixed offset (pytz gave None) and no AttributeError for objects "
            "that have no .zone"
        ),
    ),
    CodeInfo(
        "TZM112",
        "pytz-private",
        "marker",
        "none",
        message=(
            "private pytz attribute: ZoneInfo has no such attribute (transitions are not public "
            "in the stdlib)"
        ),
        comment="private pytz attribute: not on ZoneInfo",
    ),
    CodeInfo(
        "TZM113",
        "bound-method",
        "marker",
        "none",
        message=(
            "bound pytz method: ZoneInfo has no localize/normalize; use _tz_localize(dt, tz) / "
            "_tz_normalize(dt, tz)"
        ),
        comment="bound pytz method: ZoneInfo has none",
    ),
)


def leave_Attribute(
    m: Context, original: cst.Attribute, updated: cst.Attribute
) -> cst.BaseExpression | None:
    attr = original.attr.value
    if m.ref(original) is not None:
        return None
    if attr == "zone":
        return _zone_attribute(m, original, updated)
    if m.pytz_world:
        _pytz_only_attribute(m, original, attr)
    return None


def _zone_attribute(
    m: Context, original: cst.Attribute, updated: cst.Attribute
) -> cst.BaseExpression:
    # Zones.PARIS.value: a member of an Enum of zones made here
    kind = m.zone_kind(original.value, use_index=False) or indirect.enum_zone_kind(
        m, original.value
    )
    if kind == "zone":
        return updated.with_changes(attr=cst.Name("key"))
    if kind is None and m.zone_kind(original.value) == "zone":
        # a zone made in another module: pytz's today, ZoneInfo once that module is
        # migrated; str() gives the key for both
        return cst.Call(func=cst.Name("str"), args=[cst.Arg(updated.value)])
    kind = kind or m.zone_kind(original.value)
    if kind == "utc":  # pytz.utc.zone == "UTC" == str(timezone.utc)
        return cst.Call(func=cst.Name("str"), args=[cst.Arg(updated.value)])
    if kind is not None:
        m.report(original, "zone-attribute")
    elif m.pytz_world and (
        m.tz_like(original.value)
        or ana.source(original.value) in m.duck_typed
        or _member_value(original.value)
        or _zone_loop_variable(m, original.value)
    ):
        fixed = m.mark_or_fix(original, "zone-attribute", lambda: _str(updated.value))
        if fixed is not None:
            return fixed
    return updated


def _zone_loop_variable(m: Context, node: cst.BaseExpression) -> bool:
    """A name bound only by ``for``/a comprehension over a container named like zones:
    ``for code, z in SITE_ZONES.items()``, ``[z.zone for z in settings.zones.values()]``."""
    if not isinstance(node, cst.Name):
        return False
    bound = m.assigned_values(node)
    if not bound:
        return False
    for found in bound:
        loop: cst.CSTNode | None = found
        for _ in range(4):
            if loop is None or isinstance(loop, cst.For | cst.CompFor):
                break
            loop = m.parent(loop)
        if not isinstance(loop, cst.For | cst.CompFor):
            return False
        source: cst.BaseExpression = loop.iter
        while isinstance(source, cst.Call):  # X.items(), sorted(X), X.values()
            if isinstance(source.func, cst.Attribute) and source.func.attr.value in (
                "items",
                "values",
            ):
                source = source.func.value
            elif source.args:
                source = source.args[0].value
            else:
                return False
        # named like zones, and made by pytz here or by a module of the project
        if not (m.tz_like(source) and (m.has_pytz or m.from_project(source))):
            return False
    return True


def _member_value(node: cst.BaseExpression) -> bool:
    """``X.value``: an Enum member's value, a zone when its class holds zones."""
    return isinstance(node, cst.Attribute) and node.attr.value == "value"


def _str(node: cst.BaseExpression) -> cst.Call:
    return cst.Call(func=cst.Name("str"), args=[cst.Arg(node)])


def _pytz_only_attribute(m: Context, node: cst.Attribute, attr: str) -> None:
    receiver = node.value
    if attr in _facts.PYTZ_PRIVATE or (
        attr in _facts.PYTZ_PRIVATE_WEAK
        and m.tz_like(receiver)
        and not (isinstance(receiver, cst.Name) and receiver.value in ("self", "cls"))
    ):
        m.report(node, "pytz-private", detail=f".{attr}")
        return
    if attr in ("localize", "normalize"):
        parent = m.parent(node)
        called = isinstance(parent, cst.Call) and parent.func is node
        # in a module importing pytz any receiver not imported from elsewhere may be a zone
        # (khal: self.conf['locale']['default_timezone'].localize), as for calls
        traced = m.zone_kind(receiver) or m.tz_like(receiver)
        if not called and (traced or (m.has_pytz and not m.foreign(receiver))):
            m.report(node, "bound-method", detail=f".{attr}")


EXAMPLES = (
    # a loop variable over a container named like zones holds zones
    Example(
        before=(
            "import pytz\n"
            "\n"
            "ZONES = {'paris': pytz.timezone('Europe/Paris')}\n"
            "\n"
            "\n"
            "def names():\n"
            "    return [z.zone for z in ZONES.values()]\n"
        ),
        after=(
            "from zoneinfo import ZoneInfo\n"
            "\n"
            "ZONES = {'paris': ZoneInfo('Europe/Paris')}\n"
            "\n"
            "\n"
            "def names():\n"
            "    # tzcompat-migrate[zone-attribute]: .zone is pytz-only: .key or str(tzinfo)\n"
            "    return [z.zone for z in ZONES.values()]\n"
        ),
        codes=("timezone-to-zoneinfo", "zone-attribute"),
    ),
    Example(
        before=(
            "import pytz\n"
            "\n"
            "ZONES = {'paris': pytz.timezone('Europe/Paris')}\n"
            "\n"
            "\n"
            "def names():\n"
            "    return [z.zone for z in ZONES.values()]\n"
        ),
        after=(
            "from zoneinfo import ZoneInfo\n"
            "\n"
            "ZONES = {'paris': ZoneInfo('Europe/Paris')}\n"
            "\n"
            "\n"
            "def names():\n"
            "    return [str(z) for z in ZONES.values()]\n"
        ),
        codes=("timezone-to-zoneinfo", "zone-attribute"),
        options=(("unsafe_fixes", True),),
    ),
    Example(
        before=("import pytz\ntz = pytz.timezone('Europe/Paris')\nname = tz.zone\n"),
        after=("from zoneinfo import ZoneInfo\n\ntz = ZoneInfo('Europe/Paris')\nname = tz.key\n"),
        codes=("timezone-to-zoneinfo", "zone-to-key"),
    ),
    Example(
        before=("import pytz\n\ndef name(tz):\n    return tz.zone\n"),
        after=(
            "\n"
            "def name(tz):\n"
            "    # tzcompat-migrate[zone-attribute]: .zone is pytz-only: .key or str(tzinfo)\n"
            "    return tz.zone\n"
        ),
        codes=("zone-attribute",),
    ),
    Example(
        before=("import pytz\n\ndef name(tz):\n    return tz.zone\n"),
        after=("\ndef name(tz):\n    return str(tz)\n"),
        codes=("zone-attribute",),
        options=(("unsafe_fixes", True),),
    ),
    # valid: left alone, nothing reported
    Example(before="from zoneinfo import ZoneInfo\n\nname = ZoneInfo('Europe/Paris').key\n"),
)


RULE = Rule(
    name="pytz_attributes",
    doc=__doc__,
    codes=CODES,
    examples=EXAMPLES,
    rewrite="zone-to-key",
    leave={cst.Attribute: leave_Attribute},
)
