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

from .. import _analysis as ana
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
    CodeInfo(
        "TZM139",
        "aware-key-ordering",
        "marker",
        "none",
        message=(
            "sorting or taking min/max/heapq.nsmallest/nlargest with a key= that reads a "
            "datetime aware in a pytz zone out of each item (attrgetter, itemgetter, a lambda, "
            "d.get): pytz ordered those datetimes as instants, ZoneInfo datetimes of one zone "
            "order by wall time (the repeated hour the other way round, its two folds tied): "
            "make the key return d.astimezone(timezone.utc) for the old order"
        ),
        comment=(
            "the key reads pytz-aware datetimes: pytz ordered instants, ZoneInfo orders wall "
            "times (fold ignored)"
        ),
    ),
    CodeInfo(
        "TZM140",
        "aware-membership",
        "marker",
        "none",
        message=(
            "in/not in, .index(), .count() or .remove() compares datetimes aware in a pytz zone "
            "with ==: pytz compared the instants of different periods, ZoneInfo datetimes of "
            "one zone compare wall times, so the repeated hour's two folds are equal (and one "
            "in another tzinfo never equals a ZoneInfo datetime in a gap or fold): compare "
            "d.astimezone(timezone.utc) values for the old answer"
        ),
        comment=(
            "== on pytz-aware datetimes: pytz compared instants, ZoneInfo compares wall "
            "times (folds equal)"
        ),
    ),
)

_ORDERING = _facts.ORDERING_CALLS - {"set", "frozenset"}
_ORDERING_CALLS = frozenset(
    f"{module}.{name}"
    for module in ("bisect", "heapq")
    for name in _facts.ORDERING_METHODS - {"sort"}
)
_HASHING = frozenset({"set", "frozenset"})
#: ordering calls whose iterable is their second argument
_SECOND = frozenset({"heapq.nsmallest", "heapq.nlargest"})
#: methods that look a key up (a tzinfo key there is the identity rule's: tzinfo-lookup)
_LOOKUPS = frozenset({"get", "pop", "discard", "__contains__"})
#: methods that store a key
_STORES = frozenset({"add", "setdefault"})
#: list methods that find an item with ==
_SEARCHES = frozenset({"index", "count", "remove"})


def leave_Call(m: Context, original: cst.Call, updated: cst.Call) -> cst.BaseExpression | None:
    if not m.pytz_world:
        return None
    func = original.func
    args = [a.value for a in original.args if a.keyword is None and not a.star]
    key = next(
        (a.value for a in original.args if a.keyword is not None and a.keyword.value == "key"),
        None,
    )
    if key is not None:  # the key decides the order
        _key_ordering(m, original, key, args)
        return None
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
    elif args and isinstance(func, cst.Attribute | cst.Name):
        _other_call(m, original, func, args)
    return None


def _other_call(
    m: Context,
    call: cst.Call,
    func: cst.Attribute | cst.Name,
    args: list[cst.BaseExpression],
) -> None:
    """heapq/bisect, Counter/fromkeys/update/add/setdefault/get and the list searches."""
    method = func.attr.value if isinstance(func, cst.Attribute) else func.value
    if method in _facts.ORDERING_METHODS or method in ("nsmallest", "nlargest"):
        qnames = m.qnames(func)
        if qnames & _ORDERING_CALLS or qnames & _SECOND:
            first = args[1] if qnames & _SECOND and len(args) > 1 else args[0]
            rest = args[2:] if qnames & _SECOND else args[1:]
            if m.items_aware(first) or any(_item(m, a) for a in rest):
                m.report(call, "aware-ordering", detail=f"{_dotted(func)}()")
        return
    if method in ("Counter", "fromkeys", "update") and len(args) == 1:
        counter = method != "Counter" or "collections.Counter" in m.qnames(func)
        if counter and not isinstance(args[0], cst.Dict | cst.DictComp) and _keys_aware(m, args[0]):
            m.report(call, "aware-hashing", detail=f"{_dotted(func)}()")
        return
    if not isinstance(func, cst.Attribute):
        return
    if method in _STORES and _key(m, args[0]):
        m.report(call, "aware-hashing", detail=f".{method}()")
    elif method in _LOOKUPS and not _is_attr(args[0], "tzinfo") and m.zone_aware(args[0]):
        m.report(call, "aware-hashing", detail=f".{method}()")
    elif method in _SEARCHES and len(args) == 1:
        if m.zone_aware(args[0]) or m.items_aware(func.value):
            m.report(call, "aware-membership", detail=f".{method}()")


def _no_datetimes(node: cst.BaseExpression) -> bool:
    """A string, or a literal tuple/list/set of constants (``value in (None, '')``): no item
    equals a datetime in either world."""
    if isinstance(node, cst.SimpleString | cst.ConcatenatedString | cst.FormattedString):
        return True
    if isinstance(node, cst.Tuple | cst.List | cst.Set):
        return all(
            isinstance(e.value, cst.SimpleString | cst.Integer | cst.Float)
            or (isinstance(e.value, cst.Name) and e.value.value in ("None", "True", "False"))
            for e in node.elements
        )
    return False


def _is_attr(node: cst.BaseExpression, name: str) -> bool:
    return isinstance(node, cst.Attribute) and node.attr.value == name


def _item(m: Context, node: cst.BaseExpression) -> bool:
    """A heap or bisect entry that is, or holds, a pytz-aware datetime (a tuple, a record)."""
    if isinstance(node, cst.Tuple | cst.List):
        return m.items_aware(node)
    if isinstance(node, cst.Call) and m.record_aware(node):
        return True
    return m.zone_aware(node)


def _key_ordering(
    m: Context, call: cst.Call, key: cst.BaseExpression, args: list[cst.BaseExpression]
) -> None:
    func = call.func
    iterable: cst.BaseExpression | None = None
    if isinstance(func, cst.Name) and func.value in _ORDERING and m.ref(func) is None:
        iterable = args[0] if len(args) == 1 else cst.List([cst.Element(a) for a in args])
    elif isinstance(func, cst.Attribute) and func.attr.value == "sort" and not args:
        iterable = func.value
    elif args and m.qnames(func) & (_SECOND | _ORDERING_CALLS):
        iterable = args[1] if m.qnames(func) & _SECOND and len(args) > 1 else args[0]
    if iterable is not None and _key_reads_aware(m, key, iterable):
        m.report(call, "aware-key-ordering", detail=f"{_dotted(func)}(key=...)")


def _key_reads_aware(m: Context, key: cst.BaseExpression, iterable: cst.BaseExpression) -> bool:
    """True when ``key`` returns (or returns a tuple holding) a pytz-aware datetime for the
    items of ``iterable``: ``attrgetter("start")``, ``itemgetter(0)``, ``lambda e: e.start``,
    ``lambda r: (r[0], r[1])``, ``d.get`` on a dict of such values, a function of the module."""
    if isinstance(key, cst.Lambda):
        params = key.params.params
        if len(params) != 1:
            return False
        return _reads_aware(m, key.body, params[0].name.value, iterable)
    if isinstance(key, cst.Call):
        qnames = m.qnames(key.func)
        names = [ana.string_value(a.value) for a in key.args]
        if "operator.attrgetter" in qnames:
            return any(n is not None and _field(m, n.rsplit(".", 1)[-1], iterable) for n in names)
        if "operator.itemgetter" in qnames:
            return any(_field(m, n, iterable) for n in names if n is not None) or (
                any(n is None for n in names) and m.items_aware(iterable)
            )
        return False
    if isinstance(key, cst.Attribute) and key.attr.value in ("get", "__getitem__"):
        return any(m.zone_aware(v) for v in m.mapping_parts(key.value)[1])
    if isinstance(key, cst.Name):
        function = m.assigned_values(key) or []
        if len(function) == 1 and isinstance(function[0], cst.FunctionDef):
            params = function[0].params.params
            if len(params) == 1:
                returns: list[cst.BaseExpression] = []
                function[0].visit(ana._Returns(returns))
                return any(_reads_aware(m, r, params[0].name.value, iterable) for r in returns)
    return False


def _reads_aware(
    m: Context, body: cst.BaseExpression, param: str, iterable: cst.BaseExpression
) -> bool:
    """What a key function returns for an item named ``param`` may be pytz-aware."""
    if isinstance(body, cst.Tuple | cst.List):
        return any(_reads_aware(m, e.value, param, iterable) for e in body.elements)
    if isinstance(body, cst.Name) and body.value == param:
        return m.items_aware(iterable)
    if isinstance(body, cst.Attribute) and _rooted(body.value, param):
        return _field(m, body.attr.value, iterable)
    if isinstance(body, cst.Subscript) and _rooted(body.value, param) and len(body.slice) == 1:
        index = body.slice[0].slice
        name = ana.string_value(index.value) if isinstance(index, cst.Index) else None
        return _field(m, name, iterable) if name is not None else m.items_aware(iterable)
    return m.zone_aware(body)


#: words of attribute and key names that hold a point in time (``start``, ``created_at``)
_TIME_WORDS = frozenset(
    {
        "start", "end", "begin", "stop", "when", "time", "date", "dt", "datetime", "timestamp",
        "moment", "deadline", "due", "expires", "expiry", "created", "updated", "modified",
        "scheduled", "until", "since", "at", "on", "starts", "ends", "occurs",
    }
)  # fmt: skip


def _field(m: Context, name: str, iterable: cst.BaseExpression) -> bool:
    """A field a key reads may hold a pytz-aware datetime: the module stores one under that
    name, or the items are made out of the analysis' sight (another module's function, a
    parameter) and the name says it holds a point in time."""
    if m.aware_field(name):
        return True
    words = name.lower().strip("_").split("_")
    return bool(_TIME_WORDS.intersection(words)) and _opaque(m, iterable)


_BUILT = (cst.List, cst.Tuple, cst.Set, cst.ListComp, cst.SetComp, cst.GeneratorExp, cst.Dict)


def _opaque(m: Context, iterable: cst.BaseExpression) -> bool:
    """The items are not built in sight: not a literal or comprehension, nor a name bound to
    one (a list made here whose records hold no pytz-aware value is not guessed about)."""
    if isinstance(iterable, _BUILT):
        return False
    if isinstance(iterable, cst.Name):
        return not isinstance(m.single_value(iterable), _BUILT)
    return True


def _rooted(node: cst.BaseExpression, param: str) -> bool:
    """``node`` is ``param`` or an attribute/item chain on it."""
    while isinstance(node, cst.Attribute | cst.Subscript):
        node = node.value
    return isinstance(node, cst.Name) and node.value == param


def _dotted(node: cst.BaseExpression) -> str:
    if isinstance(node, cst.Attribute):
        return f"{_dotted(node.value)}.{node.attr.value}"
    return node.value if isinstance(node, cst.Name) else "..."


def _key(m: Context, node: cst.BaseExpression) -> bool:
    """A key that is a pytz-aware datetime or the tzinfo of one, or a tuple holding one
    (``Counter((e.kind, e.at) for e in events)``: tuples hash by their items)."""
    if isinstance(node, cst.Tuple):
        return any(_key(m, e.value) for e in node.elements)
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



def leave_Subscript(
    m: Context, original: cst.Subscript, updated: cst.Subscript
) -> cst.BaseExpression | None:
    """``counts[dt] += 1``, ``by_day[dt].append(x)``, ``seen[dt]``: a datetime indexes only a
    mapping (a defaultdict, a Counter...), so it is a key (``d[k] = v`` is leave_Assign's;
    a lookup by ``dt.tzinfo`` is the identity rule's)."""
    if not m.pytz_world or len(original.slice) != 1:
        return None
    index = original.slice[0].slice
    if not isinstance(index, cst.Index) or _is_attr(index.value, "tzinfo"):
        return None
    if isinstance(index.value, cst.Integer | cst.SimpleString | cst.UnaryOperation):
        return None  # xs[0], row["when"], xs[-1]: not a datetime key
    parent = m.parent(original)
    if isinstance(parent, cst.AssignTarget):
        return None
    if m.zone_aware(index.value):
        m.report(original, "aware-hashing", detail="dict key")
    return None


def leave_Comparison(
    m: Context, original: cst.Comparison, updated: cst.Comparison
) -> cst.BaseExpression | None:
    """``dt in moments``: == against each item (a hash lookup for a set or dict)."""
    if not m.pytz_world:
        return None
    left = original.left
    for target in original.comparisons:
        right = target.comparator
        if isinstance(target.operator, cst.In | cst.NotIn) and not _is_attr(left, "tzinfo"):
            if _no_datetimes(right):
                left = right
                continue
            if m.zone_aware(left) or m.items_aware(right):
                m.report(original, "aware-membership", detail="in")
                break
        left = right
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
    Example(
        before=(
            "import pytz\n"
            "from operator import attrgetter\n"
            "from collections import namedtuple\n"
            "\n"
            "Slot = namedtuple('Slot', 'start label')\n"
            "\n"
            "def order(naives):\n"
            "    tz = pytz.timezone('America/New_York')\n"
            "    slots = [Slot(tz.localize(n), 'x') for n in naives]\n"
            "    return sorted(slots, key=attrgetter('start'))\n"
        ),
        after=(
            "from operator import attrgetter\n"
            "from collections import namedtuple\n"
            "from _tzmigrate import _tz_localize\n"
            "from zoneinfo import ZoneInfo\n"
            "\n"
            "Slot = namedtuple('Slot', 'start label')\n"
            "\n"
            "def order(naives):\n"
            "    tz = ZoneInfo('America/New_York')\n"
            "    slots = [Slot(_tz_localize(n, tz), 'x') for n in naives]\n"
            "    # tzcompat-migrate[aware-key-ordering]: sorted(key=...): the key reads "
            "pytz-aware datetimes: pytz ordered instants, ZoneInfo orders wall times (fold "
            "ignored)\n"
            "    return sorted(slots, key=attrgetter('start'))\n"
        ),
        codes=("timezone-to-zoneinfo", "localize-to-helper", "aware-key-ordering"),
    ),
    Example(
        before=(
            "import pytz\n"
            "\n"
            "def seen(naive, later):\n"
            "    tz = pytz.timezone('America/New_York')\n"
            "    moments = [tz.localize(naive)]\n"
            "    return tz.localize(later) in moments\n"
        ),
        after=(
            "from _tzmigrate import _tz_localize\n"
            "from zoneinfo import ZoneInfo\n"
            "\n"
            "def seen(naive, later):\n"
            "    tz = ZoneInfo('America/New_York')\n"
            "    moments = [_tz_localize(naive, tz)]\n"
            "    # tzcompat-migrate[aware-membership]: in: == on pytz-aware datetimes: pytz "
            "compared instants, ZoneInfo compares wall times (folds equal)\n"
            "    return _tz_localize(later, tz) in moments\n"
        ),
        codes=("timezone-to-zoneinfo", "localize-to-helper", "aware-membership"),
    ),
    Example(
        before=(
            "import pytz\n"
            "from collections import Counter\n"
            "\n"
            "def tally(naives):\n"
            "    tz = pytz.timezone('America/New_York')\n"
            "    return Counter(tz.localize(n) for n in naives)\n"
        ),
        after=(
            "from collections import Counter\n"
            "from _tzmigrate import _tz_localize\n"
            "from zoneinfo import ZoneInfo\n"
            "\n"
            "def tally(naives):\n"
            "    tz = ZoneInfo('America/New_York')\n"
            "    # tzcompat-migrate[aware-hashing]: Counter(): keys from pytz-aware datetimes: "
            "folds and periods merge with ZoneInfo\n"
            "    return Counter(_tz_localize(n, tz) for n in naives)\n"
        ),
        codes=("timezone-to-zoneinfo", "localize-to-helper", "aware-hashing"),
    ),
    Example(
        before=(
            "import pytz\n"
            "from operator import attrgetter\n"
            "from .store import load_events\n"
            "\n"
            "def upcoming():\n"
            "    return sorted(load_events(), key=attrgetter('starts_at'))\n"
        ),
        after=(
            "from operator import attrgetter\n"
            "from .store import load_events\n"
            "\n"
            "def upcoming():\n"
            "    # tzcompat-migrate[aware-key-ordering]: sorted(key=...): the key reads "
            "pytz-aware datetimes: pytz ordered instants, ZoneInfo orders wall times (fold "
            "ignored)\n"
            "    return sorted(load_events(), key=attrgetter('starts_at'))\n"
        ),
        codes=("aware-key-ordering",),
    ),
    Example(
        before=(
            "import pytz\n"
            "from datetime import datetime\n"
            "from typing import NamedTuple\n"
            "\n"
            "class Event(NamedTuple):\n"
            "    kind: str\n"
            "    at: datetime\n"
            "\n"
            "def received(kind, naive):\n"
            "    return Event(kind, pytz.timezone('America/New_York').localize(naive))\n"
            "\n"
            "def times(events: list[Event]):\n"
            "    return {e.at for e in events}\n"
        ),
        after=(
            "from datetime import datetime\n"
            "from typing import NamedTuple\n"
            "from _tzmigrate import _tz_localize\n"
            "from zoneinfo import ZoneInfo\n"
            "\n"
            "class Event(NamedTuple):\n"
            "    kind: str\n"
            "    at: datetime\n"
            "\n"
            "def received(kind, naive):\n"
            "    return Event(kind, _tz_localize(naive, ZoneInfo('America/New_York')))\n"
            "\n"
            "def times(events: list[Event]):\n"
            "    # tzcompat-migrate[aware-hashing]: set: keys from pytz-aware datetimes: folds "
            "and periods merge with ZoneInfo\n"
            "    return {e.at for e in events}\n"
        ),
        codes=("timezone-to-zoneinfo", "localize-to-helper", "aware-hashing"),
    ),
    Example(
        before=(
            "import pytz\n"
            "\n"
            "def pairs(naives):\n"
            "    tz = pytz.timezone('America/New_York')\n"
            "    return {(n.hour, tz.localize(n)) for n in naives}\n"
        ),
        after=(
            "from _tzmigrate import _tz_localize\n"
            "from zoneinfo import ZoneInfo\n"
            "\n"
            "def pairs(naives):\n"
            "    tz = ZoneInfo('America/New_York')\n"
            "    # tzcompat-migrate[aware-hashing]: set: keys from pytz-aware datetimes: folds "
            "and periods merge with ZoneInfo\n"
            "    return {(n.hour, _tz_localize(n, tz)) for n in naives}\n"
        ),
        codes=("timezone-to-zoneinfo", "localize-to-helper", "aware-hashing"),
    ),
    Example(
        before=(
            "import pytz\n"
            "\n"
            "def entries(naives):\n"
            "    tz = pytz.timezone('America/New_York')\n"
            "    return [{'at': tz.localize(n)} for n in naives]\n"
            "\n"
            "def latest(rows):\n"
            "    return max(row['at'] for row in rows)\n"
        ),
        after=(
            "from _tzmigrate import _tz_localize\n"
            "from zoneinfo import ZoneInfo\n"
            "\n"
            "def entries(naives):\n"
            "    tz = ZoneInfo('America/New_York')\n"
            "    return [{'at': _tz_localize(n, tz)} for n in naives]\n"
            "\n"
            "def latest(rows):\n"
            "    # tzcompat-migrate[aware-ordering]: max(): pytz ordered these as instants; "
            "ZoneInfo orders wall times (fold ignored)\n"
            "    return max(row['at'] for row in rows)\n"
        ),
        codes=("timezone-to-zoneinfo", "localize-to-helper", "aware-ordering"),
    ),
    Example(
        before=(
            "import pytz\n"
            "\n"
            "def earliest(moments):\n"
            "    return min(moments)\n"
            "\n"
            "def stamped(naives):\n"
            "    tz = pytz.timezone('America/New_York')\n"
            "    return 'NY', [tz.localize(n) for n in naives]\n"
            "\n"
            "def first(naives):\n"
            "    return earliest(stamped(naives)[1])\n"
        ),
        after=(
            "from _tzmigrate import _tz_localize\n"
            "from zoneinfo import ZoneInfo\n"
            "\n"
            "def earliest(moments):\n"
            "    # tzcompat-migrate[aware-ordering]: min(): pytz ordered these as instants; "
            "ZoneInfo orders wall times (fold ignored)\n"
            "    return min(moments)\n"
            "\n"
            "def stamped(naives):\n"
            "    tz = ZoneInfo('America/New_York')\n"
            "    return 'NY', [_tz_localize(n, tz) for n in naives]\n"
            "\n"
            "def first(naives):\n"
            "    return earliest(stamped(naives)[1])\n"
        ),
        codes=("timezone-to-zoneinfo", "localize-to-helper", "aware-ordering"),
    ),
    Example(
        before=(
            "import heapq\n"
            "import pytz\n"
            "from collections import namedtuple\n"
            "\n"
            "Slot = namedtuple('Slot', 'start site')\n"
            "\n"
            "def slot(naive):\n"
            "    return Slot(pytz.timezone('America/New_York').localize(naive), 'nyc')\n"
            "\n"
            "def push(heap, slot: Slot):\n"
            "    heapq.heappush(heap, (slot.start, slot.site))\n"
        ),
        after=(
            "import heapq\n"
            "from collections import namedtuple\n"
            "from _tzmigrate import _tz_localize\n"
            "from zoneinfo import ZoneInfo\n"
            "\n"
            "Slot = namedtuple('Slot', 'start site')\n"
            "\n"
            "def slot(naive):\n"
            "    return Slot(_tz_localize(naive, ZoneInfo('America/New_York')), 'nyc')\n"
            "\n"
            "def push(heap, slot: Slot):\n"
            "    # tzcompat-migrate[aware-ordering]: heapq.heappush(): pytz ordered these as "
            "instants; ZoneInfo orders wall times (fold ignored)\n"
            "    heapq.heappush(heap, (slot.start, slot.site))\n"
        ),
        codes=("timezone-to-zoneinfo", "localize-to-helper", "aware-ordering"),
    ),
    # valid: a namedtuple parameter's field the module fills with strings only
    Example(
        before=(
            "import heapq\n"
            "import pytz\n"
            "from collections import namedtuple\n"
            "from datetime import datetime, timezone\n"
            "\n"
            "Slot = namedtuple('Slot', 'start site')\n"
            "\n"
            "def slot():\n"
            "    return Slot(datetime.now(timezone.utc), 'nyc')\n"
            "\n"
            "def push(heap, slot: Slot):\n"
            "    heapq.heappush(heap, (slot.site, slot.start))\n"
        )
    ),
    # valid: the module hands the function naive or UTC datetimes only
    Example(
        before=(
            "import pytz\n"
            "from datetime import timezone\n"
            "\n"
            "def earliest(moments):\n"
            "    return min(moments)\n"
            "\n"
            "def stamped(naives):\n"
            "    return 'UTC', [n.replace(tzinfo=timezone.utc) for n in naives]\n"
            "\n"
            "def first(naives):\n"
            "    return earliest(stamped(naives)[1]), earliest(naives)\n"
        )
    ),
    # valid: rows whose "at" the module fills with UTC datetimes only
    Example(
        before=(
            "import pytz\n"
            "from datetime import datetime, timezone\n"
            "\n"
            "def entries(naives):\n"
            "    return [{'at': datetime.now(timezone.utc), 'n': n} for n in naives]\n"
            "\n"
            "def latest(rows):\n"
            "    return max(row['at'] for row in rows), max(row['n'] for row in rows)\n"
        )
    ),
    # valid: the records handed in (by annotation) hold UTC datetimes only
    Example(
        before=(
            "import pytz\n"
            "from datetime import datetime, timezone\n"
            "from typing import NamedTuple\n"
            "\n"
            "class Event(NamedTuple):\n"
            "    kind: str\n"
            "    at: datetime\n"
            "\n"
            "def received(kind):\n"
            "    return Event(kind, datetime.now(timezone.utc))\n"
            "\n"
            "def times(events: list[Event], event: Event):\n"
            "    return {e.at for e in events}, event.at in [e.at for e in events]\n"
        )
    ),
    # valid: a key that reads the instant, and membership of naive values
    Example(
        before=(
            "import pytz\n"
            "from datetime import timezone\n"
            "\n"
            "def order(slots, naive, naives):\n"
            "    first = min(slots, key=lambda s: s.start.astimezone(timezone.utc))\n"
            "    return first, naive in naives, naives.index(naive)\n"
        )
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
        cst.Subscript: leave_Subscript,
        cst.Comparison: leave_Comparison,
    },
)
