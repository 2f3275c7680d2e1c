"""Where the analysis ends: a pytz zone, or a datetime aware in one, handed to code the codemod
does not model.

The analysis follows values through the module, through the project's own functions, classes
and modules (the index), and through the standard library; the other rules mark what those
do with them. A value handed elsewhere (a third-party function or method, a callable of
unknown origin, an attribute of an object the analysis does not know) may be ordered, hashed,
compared, subtracted or probed there, so the site where it leaves is marked with what may
change:

- ``aware-leaves-analysis``: a datetime aware in a pytz zone (or a list, tuple or set of
  them) now has the zone as its tzinfo; code there that orders, hashes, compares or
  subtracts such values works on wall times, and ``tzinfo`` is one object for the zone;
- ``zone-leaves-analysis``: a pytz zone is now a ZoneInfo; code there that calls
  ``localize()``, reads ``.zone`` or treats pytz's zones specially behaves otherwise.

Modelled (never marked here): builtins, the module's own functions and classes and their
instances, ``self``/``cls``/``super()``, the project's modules (``zone-escapes`` covers those
outside the run), the standard library, the codemod's helpers, pytz and dateutil (their rules
mark them), decorator arguments (they go to the decorated function) and logging calls (they
format with ``str()``; ``%r`` is ``zone-repr-logged``). An object of unknown origin (a
parameter) is taken for the project's: the index follows the project's methods by name, and
the project's modules are analysed where they read its attributes. So a value is marked
where it goes to a function or object whose origin is a third-party import
(``icalendar.Event().add(...)``, ``babel.dates.get_timezone_name(tz)``; pandas's ``tz=`` is
the consumers rule's), to a callable passed in as a
parameter, or into an attribute of an object built by a third-party or standard-library call
(``SimpleNamespace()``), whose readers the analysis does not see.
"""

from __future__ import annotations

import builtins
import sys

import libcst as cst
from libcst.metadata import QualifiedNameProvider, QualifiedNameSource

from .. import _helpers
from .._rule import Context, Rule
from .._spec import CodeInfo, Example

CODES = (
    CodeInfo(
        "TZM143",
        "aware-leaves-analysis",
        "marker",
        "none",
        message=(
            "a datetime aware in a pytz zone (or a container of them) goes to code the "
            "codemod does not follow (a third-party or unknown callable, an attribute of an "
            "unknown object): pytz gave each period its own tzinfo, so that code ordered, "
            "hashed, compared and subtracted instants; the ZoneInfo datetime orders, hashes "
            "and subtracts by wall time (the repeated hour's folds tie) and its tzinfo is "
            "the zone: check what that code does with it, or pass dt.astimezone(timezone.utc)"
        ),
        comment=(
            "pytz-aware datetime leaves the analysis: ordering, hashing, == and - there "
            "become wall time"
        ),
    ),
    CodeInfo(
        "TZM144",
        "zone-leaves-analysis",
        "marker",
        "none",
        message=(
            "a pytz zone goes to code the codemod does not follow (a third-party or unknown "
            "callable, an attribute of an unknown object): it receives a ZoneInfo now, so "
            "code there that calls localize()/normalize(), reads .zone, tests for pytz's "
            "classes or treats pytz and ZoneInfo zones differently (older pandas, libraries "
            "that localize) behaves otherwise: check that consumer"
        ),
        comment="pytz zone leaves the analysis: the consumer receives a ZoneInfo now",
    ),
)

#: logging methods (str() of the values; %r is the repr rule's), on any logger
_LOG_METHODS = frozenset(
    {"debug", "info", "warning", "warn", "error", "exception", "critical", "fatal", "log"}
)
_STDLIB = frozenset(sys.stdlib_module_names)
#: third-party modules whose handling of both kinds of zone other rules model (Django's
#: time-zone helpers: ``make_aware(..., is_dst=...)`` is ``is-dst-ignored``)
_MODELLED_MODULES = ("django.utils.timezone",)
#: calls whose ``tz=`` zone the consumers rule judges (pandas-zone, pandas-localize)
_CONSUMERS_TZ = frozenset({"pandas.Timestamp", "pandas.DatetimeIndex"})
_BUILTINS = frozenset(dir(builtins))
#: (the index, the names of every function and method the project defines), for the last index
_DEFINED: list[tuple[object, frozenset[str]]] = []


def _project_defines(m: Context, name: str) -> bool:
    """True when some module of the project defines a function or method ``name``: the
    index hands such a callee's parameters the aware values its calls pass (``aware_args``,
    by name), so ``trigger.get_next_fire_time(None, now)`` is followed, whatever
    ``trigger`` is."""
    index = m.index
    if index is None:
        return False
    if not _DEFINED or _DEFINED[0][0] is not index:
        names = frozenset(n for facts in index.modules.values() for n in facts.functions)
        _DEFINED[:] = [(index, names)]
    return name in _DEFINED[0][1]


def _origin(m: Context, node: cst.BaseExpression) -> str | None:
    """For an imported name (or an attribute chain on one): "stdlib", "project" or
    "third-party"; None when the root is not imported."""
    root = m.root(node)
    if not isinstance(root, cst.Name):
        return None
    for q in m.get_metadata(QualifiedNameProvider, root, set()):
        if q.source is not QualifiedNameSource.IMPORT:
            continue
        name = q.name
        if name.startswith("."):
            return "project"
        top = name.split(".")[0]
        if top in _STDLIB or top in ("pytz", "dateutil", "__future__"):
            return "stdlib"
        if any(name == known or name.startswith(known + ".") for known in _MODELLED_MODULES):
            return "stdlib"
        if m.module_name and top == m.module_name.split(".")[0]:
            return "project"
        if m.index is not None:
            parts = name.split(".")
            if any(".".join(parts[:i]) in m.index.modules for i in range(len(parts), 0, -1)):
                return "project"
        if top in _helpers.HELPER_NAMES or name.rpartition(".")[2] in _helpers.HELPER_NAMES:
            return "project"
        return "third-party"
    return None


def _unmodelled(m: Context, func: cst.BaseExpression) -> str | None:
    """What ``func`` is when the analysis does not follow it (for the marker's text), else
    None."""
    if m.ref(func) is not None:
        return None
    if isinstance(func, cst.Name | cst.Attribute):
        last = func.value if isinstance(func, cst.Name) else func.attr.value
        if _project_defines(m, last):
            return None
    if isinstance(func, cst.Name):
        name = func.value
        if name in _helpers.HELPER_NAMES:  # the module's own copy is a def: modelled below
            return None
        origin = _origin(m, func)
        if origin is not None:
            return f"{name} (third-party)" if origin == "third-party" else None
        bindings = _bindings(m, func)
        if not bindings:
            return None if name in _BUILTINS else f"{name} (unknown)"
        if all(isinstance(b, cst.FunctionDef | cst.ClassDef) for b in bindings):
            return None  # the module's own code
        if any(isinstance(b, cst.Param) for b in bindings):
            return f"{name} (a callable passed in)"
        return None  # bound in the module to something else: a local alias, a lambda
    if not isinstance(func, cst.Attribute):
        return None
    receiver = func.value
    root = m.root(receiver)
    origin = _origin(m, receiver)
    if origin is None and isinstance(root, cst.Name):
        made = m.single_value(root)  # item = icalendar.Event()
        if isinstance(made, cst.Call):
            origin = _origin(m, made.func)
    if origin == "third-party" and func.attr.value not in _LOG_METHODS:
        return f"{_dotted(func)} (third-party)"
    # the standard library's objects, the project's (imported, self/cls/super(), the
    # module's classes) and objects of unknown origin (parameters: taken for the project's,
    # whose methods the index follows by name) are modelled
    return None


def _bindings(m: Context, name: cst.Name) -> list[cst.CSTNode]:
    """The module's own bindings of ``name`` (a builtin's is not one)."""
    return [
        b
        for b in m.assigned_values(name) or ()
        if not (isinstance(b, cst.Name) and b.value == "__builtin__")
    ]


def _own_object(m: Context, root: cst.BaseExpression) -> bool:
    """A root the analysis follows: a builtin (``dict.fromkeys``), the module's own
    function or class, an instance of one, a literal."""
    if isinstance(root, cst.SimpleString | cst.FormattedString | cst.ConcatenatedString):
        return True
    if not isinstance(root, cst.Name):
        return False
    bindings = _bindings(m, root)
    if not bindings:
        return root.value in _BUILTINS
    if any(isinstance(b, cst.FunctionDef | cst.ClassDef) for b in bindings):
        return True  # a function's attribute or a class's method of the module
    return m.instance_class(root) is not None  # an instance of a class of the module


def _stored_out_of_sight(m: Context, target: cst.Attribute) -> str | None:
    """``obj.attr = value`` on an object made by a third-party or standard-library call
    (``holder = SimpleNamespace()``, ``event = icalendar.Event()``) or imported from one:
    code the analysis does not read back; the object, for the marker's text. An object of
    unknown origin (a parameter) is taken for the project's, whose modules are analysed
    where they read the attribute."""
    root = m.root(target.value)
    if not isinstance(root, cst.Name) or root.value in ("self", "cls"):
        return None
    origin = _origin(m, target.value)
    if origin is None:
        made = m.single_value(root)
        if isinstance(made, cst.Call) and not _own_object(m, m.root(made.func)):
            origin = _origin(m, made.func)
    if origin in ("third-party", "stdlib") and not m.ref(target.value):
        return _dotted(target.value)
    return None


def _dotted(node: cst.BaseExpression) -> str:
    if isinstance(node, cst.Attribute):
        return f"{_dotted(node.value)}.{node.attr.value}"
    if isinstance(node, cst.Call):
        return f"{_dotted(node.func)}()"
    return node.value if isinstance(node, cst.Name) else "..."


def _what(m: Context, node: cst.BaseExpression) -> str | None:
    """The code for a value handed on: a pytz zone, a pytz-aware datetime (or a container
    of them), or None."""
    if isinstance(node, cst.Name) and node.value == "None":
        return None
    if isinstance(node, cst.BinaryOperation) and not (
        m.is_delta(node.right) or m.is_delta(node.left)
    ):
        return None  # a - b of two datetimes is a timedelta
    if m.zone_kind(node) is not None and not m.utc_like(node):
        return "zone-leaves-analysis"
    if m.zone_aware(node) or (
        isinstance(node, cst.Name | cst.List | cst.Tuple | cst.Set | cst.ListComp)
        and m.items_aware(node)
    ):
        return "aware-leaves-analysis"
    if isinstance(node, cst.Dict) and any(
        isinstance(e, cst.DictElement) and m.zone_aware(e.value) for e in node.elements
    ):
        return "aware-leaves-analysis"  # {"start": aware}: a dict value
    if isinstance(node, cst.Call) and m.record_aware(node):
        return "aware-leaves-analysis"  # Slot(aware, ...): a record field
    return None


def leave_Call(m: Context, original: cst.Call, updated: cst.Call) -> cst.BaseExpression | None:
    if not m.pytz_world or not original.args or isinstance(m.parent(original), cst.Decorator):
        return None  # a decorator's arguments go to the function it decorates (parametrize)
    # where the call goes first: a name lookup, where the arguments may take a flow analysis
    target = _unmodelled(m, original.func)
    if target is None:
        return None
    args = original.args
    if any(a.keyword and a.keyword.value == "tz" for a in args):
        if m.qnames(original.func) & _CONSUMERS_TZ:
            args = tuple(a for a in args if not (a.keyword and a.keyword.value == "tz"))
    codes = {c for a in args if not a.star and (c := _what(m, a.value))}
    for code in sorted(codes):
        m.report(original, code, detail=f"passed to {target}")
    return None


def leave_Assign(
    m: Context, original: cst.Assign, updated: cst.Assign
) -> cst.BaseExpression | None:
    """``obj.when = aware`` where ``obj`` is not ``self``/``cls``, not an instance of the
    module's classes and not of the project (zone-escapes): the object's own code is not
    followed."""
    if not m.pytz_world:
        return None
    for target in original.targets:
        node = target.target
        if not isinstance(node, cst.Attribute):
            continue
        code = _what(m, original.value)
        if code is None:
            return None
        where = _stored_out_of_sight(m, node)
        if where is not None:
            m.report(original, code, detail=f"stored on {where}.{node.attr.value}")
            return None
    return None


EXAMPLES = (
    Example(
        before=(
            "import pytz\n"
            "import icalendar\n"
            "\n"
            "def event(naive):\n"
            "    tz = pytz.timezone('Europe/Paris')\n"
            "    item = icalendar.Event()\n"
            "    item.add('dtstart', tz.localize(naive))\n"
            "    return item\n"
        ),
        after=(
            "import icalendar\n"
            "from _tzmigrate import _tz_localize\n"
            "from zoneinfo import ZoneInfo\n"
            "\n"
            "def event(naive):\n"
            "    tz = ZoneInfo('Europe/Paris')\n"
            "    item = icalendar.Event()\n"
            "    # tzcompat-migrate[aware-leaves-analysis]: passed to item.add (third-party): "
            "pytz-aware datetime leaves the analysis: ordering, hashing, == and - there become "
            "wall time\n"
            "    item.add('dtstart', _tz_localize(naive, tz))\n"
            "    return item\n"
        ),
        codes=("timezone-to-zoneinfo", "localize-to-helper", "aware-leaves-analysis"),
    ),
    Example(
        before=(
            "import pytz\n"
            "import pandas\n"
            "import babel.dates\n"
            "\n"
            "def show(when):\n"
            "    tz = pytz.timezone('Europe/Paris')\n"
            "    series = pandas.Series([tz.localize(when)])\n"
            "    return series, babel.dates.get_timezone_name(tz)\n"
        ),
        after=(
            "import pandas\n"
            "import babel.dates\n"
            "from _tzmigrate import _tz_localize\n"
            "from zoneinfo import ZoneInfo\n"
            "\n"
            "def show(when):\n"
            "    tz = ZoneInfo('Europe/Paris')\n"
            "    # tzcompat-migrate[aware-leaves-analysis]: passed to pandas.Series "
            "(third-party): pytz-aware datetime leaves the analysis: ordering, hashing, == "
            "and - there become wall time\n"
            "    series = pandas.Series([_tz_localize(when, tz)])\n"
            "    # tzcompat-migrate[zone-leaves-analysis]: passed to "
            "babel.dates.get_timezone_name (third-party): pytz zone leaves the analysis: the "
            "consumer receives a ZoneInfo now\n"
            "    return series, babel.dates.get_timezone_name(tz)\n"
        ),
        codes=(
            "timezone-to-zoneinfo",
            "localize-to-helper",
            "aware-leaves-analysis",
            "zone-leaves-analysis",
        ),
    ),
    # valid: stdlib, builtins, the module's own code and UTC values are followed
    Example(
        before=(
            "import json\n"
            "import logging\n"
            "import pytz\n"
            "from datetime import datetime, timezone\n"
            "\n"
            "def save(rows, fetch):\n"
            "    now = datetime.now(timezone.utc)\n"
            "    logging.info('saved at %s', now)\n"
            "    rows.append(now)\n"
            "    return fetch(now.isoformat()), json.dumps(str(now))\n"
        ),
    ),
)

RULE = Rule(
    name="boundary",
    doc=__doc__,
    codes=CODES,
    examples=EXAMPLES,
    leave={cst.Call: leave_Call, cst.Assign: leave_Assign},
)
