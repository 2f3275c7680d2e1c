"""Libraries that treat a pytz zone and a ZoneInfo differently when handed one.

- pandas: ``Timestamp(naive, tz=zone)`` and ``DatetimeIndex(naive_values, tz=zone)`` localize
  through the zone: with a pytz zone they raise ValueError for a skipped or repeated wall time,
  with a ZoneInfo they answer (fold=0, or a skipped time moved forward). ``tz_localize(zone)``
  raises for both, so it is the exact form.
- dateutil's parser still returns ``tzoffset``/``tzutc`` tzinfos, which are not equal to the
  ``datetime.timezone`` values that ``tzoffset(...)``/``tzutc()`` are rewritten to.
"""

from __future__ import annotations

import libcst as cst

from .._rule import Context, Rule
from .._spec import CodeInfo, Example
from . import _build as mk
from . import zone_methods

CODES = (
    CodeInfo(
        "TZM015",
        "pandas-localize",
        "rewrite",
        "safe",
        message=(
            "pandas Timestamp(naive, tz=zone) rewritten to Timestamp(naive).tz_localize(zone): "
            "it raises for a skipped or repeated wall time with a ZoneInfo as with a pytz zone"
        ),
    ),
    CodeInfo(
        "TZM151",
        "pandas-zone",
        "marker",
        "unsafe",
        message=(
            "pandas Timestamp(x, tz=zone)/DatetimeIndex(x, tz=zone) raised ValueError for a "
            "skipped or repeated wall time with a pytz zone; with a ZoneInfo it answers "
            "(fold=0, or the skipped time moved forward)"
        ),
        comment="pandas raised for gaps/folds with a pytz zone, not with ZoneInfo",
        fix_note=(
            "rewritten to Timestamp(x).tz_localize(zone) (DatetimeIndex(x).tz_localize(zone)): "
            "pytz's errors for naive x; x aware, or a number of seconds, which tz= converted, "
            "raises TypeError or is read as a wall time"
        ),
    ),
    CodeInfo(
        "TZM152",
        "parser-tzinfo-equality",
        "marker",
        "none",
        message=(
            "a tzinfo from dateutil's parser (tzoffset/tzutc) compared with a fixed offset that "
            "is rewritten to datetime.timezone: dateutil's tzinfos are not equal to "
            "datetime.timezone values, so True becomes False; compare utcoffset() instead"
        ),
        comment="dateutil parser's tzinfo vs datetime.timezone: never equal",
    ),
)

_PANDAS = {"pandas.Timestamp": "Timestamp", "pandas.DatetimeIndex": "DatetimeIndex"}
_PARSERS = frozenset({"dateutil.parser.parse", "dateutil.parser.isoparse"})
_DATEUTIL_FIXED = frozenset({"dateutil.tz.tzoffset", "dateutil.tz.tzutc"})
_DATEUTIL_UTC = frozenset({"dateutil.tz.UTC", "dateutil.tz.tz.UTC"})
_EQUALITY = (cst.Equal, cst.NotEqual, cst.In, cst.NotIn)


def leave_Call(m: Context, original: cst.Call, updated: cst.Call) -> cst.BaseExpression | None:
    if not m.pytz_world or not any(a.keyword and a.keyword.value == "tz" for a in original.args):
        return None
    if not m.qnames(original.func) & _PANDAS.keys():
        return None
    shape = mk.plain_args(original)
    if shape is None:
        return None
    pos, kws = shape
    tz = kws["tz"].value
    if not zone_methods.dst_zone(m, tz):
        return None
    if len(pos) != 1 or set(kws) != {"tz"}:
        m.report(original, "pandas-zone")
        return None

    def fix() -> cst.Call:
        data = [mk.no_comma(a) for a in updated.args if a.keyword is None]
        zone = next(a for a in updated.args if a.keyword is not None).value
        made = updated.with_changes(args=data)
        return mk.method(made, "tz_localize", [cst.Arg(zone)])

    timestamp = "pandas.Timestamp" in m.qnames(original.func)
    if timestamp and m.is_naive(pos[0].value):
        return fix()
    return m.mark_or_fix(original, "pandas-zone", fix)


def leave_Comparison(
    m: Context, original: cst.Comparison, updated: cst.Comparison
) -> cst.BaseExpression | None:
    if not any(isinstance(t.operator, _EQUALITY) for t in original.comparisons):
        return None
    operands = [original.left, *(t.comparator for t in original.comparisons)]
    for index, target in enumerate(original.comparisons):
        if not isinstance(target.operator, _EQUALITY):
            continue
        left, right = operands[index], operands[index + 1]
        if (_parsed_tzinfo(m, left) and _dateutil_fixed(m, right)) or (
            _parsed_tzinfo(m, right) and _dateutil_fixed(m, left)
        ):
            m.report(original, "parser-tzinfo-equality")
            return None
    return None


def _parsed_tzinfo(m: Context, node: cst.BaseExpression, depth: int = 0) -> bool:
    """``parse(text).tzinfo`` (or of a name bound once to a parser's result)."""
    if not (isinstance(node, cst.Attribute) and node.attr.value == "tzinfo"):
        return False
    value = node.value
    if isinstance(value, cst.Name) and depth < 4:
        bound = m.single_value(value)
        value = bound if bound is not None else value
    return isinstance(value, cst.Call) and bool(m.qnames(value.func) & _PARSERS)


def _dateutil_fixed(m: Context, node: cst.BaseExpression, depth: int = 0) -> bool:
    """A dateutil ``tzoffset(...)``/``tzutc()``/``tz.UTC`` (or a name bound once to one): what
    the codemod rewrites to ``datetime.timezone``; a tuple/list/set of them for ``in``."""
    if isinstance(node, cst.Tuple | cst.List | cst.Set):
        return any(_dateutil_fixed(m, e.value, depth + 1) for e in node.elements)
    if isinstance(node, cst.Call):
        return bool(m.qnames(node.func) & _DATEUTIL_FIXED)
    if m.qnames(node) & _DATEUTIL_UTC:
        return True
    if isinstance(node, cst.Name) and depth < 4:
        bound = m.single_value(node)
        return bound is not None and _dateutil_fixed(m, bound, depth + 1)
    return False


EXAMPLES = (
    Example(
        before=(
            "import pandas as pd\n"
            "import pytz\n"
            "from datetime import datetime\n"
            "\n"
            "def stamp(key):\n"
            "    return pd.Timestamp(datetime(2021, 3, 14, 2, 30), tz=pytz.timezone(key))\n"
        ),
        after=(
            "import pandas as pd\n"
            "from datetime import datetime\n"
            "from zoneinfo import ZoneInfo\n"
            "\n"
            "def stamp(key):\n"
            "    return pd.Timestamp(datetime(2021, 3, 14, 2, 30)).tz_localize(ZoneInfo(key))\n"
        ),
        codes=("timezone-to-zoneinfo", "timezone-dynamic", "pandas-localize"),
    ),
    Example(
        before=(
            "import pandas as pd\n"
            "import pytz\n"
            "\n"
            "def index(values, key):\n"
            "    return pd.DatetimeIndex(values, tz=pytz.timezone(key))\n"
        ),
        after=(
            "import pandas as pd\n"
            "from zoneinfo import ZoneInfo\n"
            "\n"
            "def index(values, key):\n"
            "    # tzcompat-migrate[pandas-zone]: pandas raised for gaps/folds with a pytz zone, "
            "not with ZoneInfo\n"
            "    return pd.DatetimeIndex(values, tz=ZoneInfo(key))\n"
        ),
        codes=("timezone-to-zoneinfo", "timezone-dynamic", "pandas-zone"),
    ),
    Example(
        before=(
            "from dateutil import parser, tz\n"
            "\n"
            "IST = tz.tzoffset(None, 19800)\n"
            "\n"
            "def indian(text):\n"
            "    return parser.isoparse(text).tzinfo == IST\n"
        ),
        after=(
            "from dateutil import parser\n"
            "from datetime import timedelta, timezone\n"
            "\n"
            "IST = timezone(timedelta(seconds=19800))\n"
            "\n"
            "def indian(text):\n"
            "    # tzcompat-migrate[parser-tzinfo-equality]: dateutil parser's tzinfo vs "
            "datetime.timezone: never equal\n"
            "    return parser.isoparse(text).tzinfo == IST\n"
        ),
        codes=("fixed-offset-to-timezone", "fixed-offset", "utc-dst", "parser-tzinfo-equality"),
    ),
    # valid: a string zone is pandas' own choice, and a parser's tzinfo compared with
    # None is the same test before and after
    Example(
        before=(
            "import pandas as pd\n"
            "from dateutil import parser\n"
            "\n"
            "def stamp(naive, text):\n"
            "    return pd.Timestamp(naive, tz='Europe/Paris'), parser.parse(text).tzinfo == None\n"
        ),
    ),
)


RULE = Rule(
    name="consumers",
    doc=__doc__,
    codes=CODES,
    examples=EXAMPLES,
    rewrite="pandas-localize",
    leave={cst.Call: leave_Call, cst.Comparison: leave_Comparison},
)
