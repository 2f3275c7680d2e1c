"""Libraries that treat a pytz zone and a ZoneInfo differently when handed one.

- pandas: ``Timestamp(naive, tz=zone)`` and ``DatetimeIndex(naive_values, tz=zone)`` localize
  through the zone: with a pytz zone they raise ValueError for a skipped or repeated wall time,
  with a ZoneInfo they answer (fold=0, or a skipped time moved forward). ``tz_localize(zone)``
  raises for both, so it is the exact form.

dateutil's parser still returns ``tzoffset``/``tzutc`` tzinfos, never equal to
``datetime.timezone``: where the project imports the parser, the rule ``utc`` keeps dateutil's
fixed offsets (TZM220), so the comparison is unchanged.
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
)

_PANDAS = {"pandas.Timestamp": "Timestamp", "pandas.DatetimeIndex": "DatetimeIndex"}


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
    leave={cst.Call: leave_Call},
)
