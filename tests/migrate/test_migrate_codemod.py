"""The codemod's text output: fixture pairs, aliases, idempotence, layout, names, markers."""

from __future__ import annotations

from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from tzcompat.migrate._driver import migrate_source
from tzcompat.migrate._traversal import MARKER_PREFIX

FIXTURES = Path(__file__).parent / "fixtures"
PAIRS = sorted(p.stem for p in FIXTURES.glob("*.py") if not p.stem.endswith(".expected"))


def rewrite(code: str) -> str:
    return migrate_source(code).code


@pytest.mark.parametrize("name", PAIRS)
def test_fixture_output(name: str) -> None:
    source = (FIXTURES / f"{name}.py").read_text()
    expected = (FIXTURES / f"{name}.expected.py").read_text()
    assert rewrite(source) == expected


@pytest.mark.parametrize("name", PAIRS)
def test_idempotent(name: str) -> None:
    expected = (FIXTURES / f"{name}.expected.py").read_text()
    result = migrate_source(expected)
    assert result.code == expected
    assert not result.changed


def test_untouched_module_is_returned_as_is() -> None:
    code = "import datetime\n\nx = datetime.timezone.utc  # no pytz here\n"
    result = migrate_source(code)
    assert (result.code, result.changed, result.findings) == (code, False, [])


def test_module_alias_and_from_imports() -> None:
    out = rewrite(
        "import pytz as p\nfrom pytz import timezone as z, utc\n\n"
        "a = p.timezone('Europe/Paris')\nb = z('Asia/Tokyo')\nc = utc\n"
    )
    assert "a = ZoneInfo('Europe/Paris')" in out
    assert "b = ZoneInfo('Asia/Tokyo')" in out
    assert "c = timezone.utc" in out
    assert "pytz" not in out and "from zoneinfo import ZoneInfo" in out


def test_dateutil_module_import_forms() -> None:
    out = rewrite(
        "import dateutil.tz\nfrom dateutil.tz.tz import tzutc\n\n"
        "a = dateutil.tz.gettz('Europe/Paris')\nb = tzutc()\n"
    )
    assert "a = ZoneInfo('Europe/Paris')" in out and "b = timezone.utc" in out
    assert "dateutil" not in out


def test_shadowed_name_is_not_followed() -> None:
    code = "import pytz\n\ndef f(pytz):\n    return pytz.timezone('X')\n"
    assert rewrite(code) == code


def test_comments_and_layout_kept() -> None:
    code = (
        "import pytz\n\n"
        "# header comment\n"
        "ZONE   =   pytz.timezone( 'Europe/Rome' )   # trailing\n"
        "OTHER = [\n    1,  # one\n    2,\n]\n"
    )
    out = rewrite(code)
    assert "# header comment\nZONE   =   ZoneInfo( 'Europe/Rome' )   # trailing\n" in out
    assert "OTHER = [\n    1,  # one\n    2,\n]\n" in out


def test_case_insensitive_pytz_key_is_canonicalised() -> None:
    result = migrate_source("import pytz\nz = pytz.timezone('us/eastern')\n")
    assert "z = ZoneInfo('US/Eastern')" in result.code
    assert [(f.kind, f.code) for f in result.findings] == [
        ("note", "timezone-case"),
        ("rewrite", "timezone-to-zoneinfo"),
    ]
    assert result.findings[1].fix == "ZoneInfo('US/Eastern')"
    assert [f.tzm_code for f in result.findings] == ["TZM202", "TZM002"]


def test_timezone_name_clash_uses_alias() -> None:
    # a module that already binds `timezone` (Django's, say) and has no `import datetime`
    out = rewrite("import pytz\nfrom myapp import timezone\n\nx = pytz.utc\ny = timezone.now()\n")
    assert "from datetime import timezone as dt_timezone" in out
    assert "x = dt_timezone.utc" in out and "y = timezone.now()" in out


def test_pytz_timezone_name_freed_for_datetime_timezone() -> None:
    out = rewrite("from pytz import timezone, utc\n\nx = timezone('Europe/Oslo')\ny = utc\n")
    assert "from datetime import timezone" in out and "y = timezone.utc" in out
    assert "pytz" not in out


def test_pytz_timezone_still_needed_forces_alias() -> None:
    # the marked site keeps pytz's `timezone` bound, so datetime.timezone gets an alias
    out = rewrite("from pytz import timezone, utc\n\nx = timezone('Europe/Paris', 1)\ny = utc\n")
    assert "from pytz import timezone" in out
    assert "y = dt_timezone.utc" in out


def test_utc_becomes_zoneinfo_where_timezone_gets_runtime_names() -> None:
    # pytz.timezone(name) returned pytz.utc itself for "UTC": ZoneInfo("UTC") keeps that
    out = rewrite("import pytz\n\n\ndef z(name):\n    return pytz.timezone(name)\n\n\nU = pytz.utc\n")  # noqa: E501
    assert 'U = ZoneInfo("UTC")' in out
    quoted = rewrite("import pytz\n\nK = pytz.timezone(input())\nU = pytz.utc\nN = 'x'\n")
    assert "U = ZoneInfo('UTC')" in quoted  # the module's quote style
    namespace: dict[str, object] = {}
    exec(out, namespace)
    assert namespace["z"]("UTC") is namespace["U"]  # type: ignore[operator]
    # a literal key other than UTC does not make the names dynamic
    out = rewrite("import pytz\n\nP = pytz.timezone('Europe/Paris')\nU = pytz.utc\n")
    assert "U = timezone.utc" in out


def test_existing_datetime_import_is_reused() -> None:
    out = rewrite("from datetime import timezone\nimport pytz\n\nx = pytz.UTC\n")
    assert out == "from datetime import timezone\n\nx = timezone.utc\n"


def test_helper_inserted_once_and_reused() -> None:
    out = rewrite("import pytz\nZ = pytz.timezone('Europe/Rome')\na = Z.localize(d)\n")
    assert out.count("def _tz_localize") == 1
    again = rewrite(out + "import pytz\nb = pytz.timezone('Europe/Rome').localize(d)\n")
    assert again.count("def _tz_localize") == 1 and "b = _tz_localize(d, ZoneInfo" in again


def test_localize_on_unknown_receiver_in_pytz_module_is_noted() -> None:
    result = migrate_source("import pytz\n\ndef f(self, d):\n    return self.tz.localize(d)\n")
    assert "return _tz_localize(d, self.tz)" in result.code
    assert "localize-receiver" in [f.code for f in result.findings]


def test_localize_of_foreign_object_untouched() -> None:
    code = "import pytz\nfrom django.utils import formats\n\nx = formats.localize(3)\n"
    assert "x = formats.localize(3)" in rewrite(code)


def test_localize_without_pytz_import_untouched() -> None:
    code = "from dateutil import tz\n\nx = thing.localize(d)\ny = tz.UTC\n"
    assert "x = thing.localize(d)" in rewrite(code)


def test_normalize_arithmetic_rules() -> None:
    out = rewrite(
        "import pytz\nfrom datetime import timedelta\nZ = pytz.timezone('Europe/Rome')\n"
        "d = Z.localize(naive)\n"
        "a = Z.normalize(d + timedelta(hours=1))\n"
        "f = Z.normalize(x + timedelta(hours=1))\n"
        "b = Z.normalize(timedelta(days=1) + d)\n"
        "c = Z.normalize(d - 2 * timedelta(minutes=5))\n"
        "e = Z.normalize(d + delta)\n"
    )
    assert "a = (d.astimezone(timezone.utc) + timedelta(hours=1)).astimezone(Z)" in out
    assert "b = (timedelta(days=1) + d.astimezone(timezone.utc)).astimezone(Z)" in out
    assert "c = (d.astimezone(timezone.utc) - 2 * timedelta(minutes=5)).astimezone(Z)" in out
    assert f"{MARKER_PREFIX}[normalize-arithmetic]" in out and "e = Z.normalize(d + delta)" in out
    # x is not provably aware: pytz raised ValueError for a naive x, astimezone() would not
    assert "f = (_tz_normalize(x, timezone.utc) + timedelta(hours=1)).astimezone(Z)" in out


def test_relativedelta_is_not_a_timedelta() -> None:
    # relativedelta months do not commute with a UTC shift: not provable, so marked
    out = rewrite(
        "import pytz\nfrom dateutil.relativedelta import relativedelta\n"
        "Z = pytz.timezone('Europe/Rome')\nx = Z.normalize(d + relativedelta(months=1))\n"
    )
    assert "x = Z.normalize(d + relativedelta(months=1))" in out
    assert "[normalize-arithmetic]" in out


def test_markers_not_duplicated_on_rerun() -> None:
    source = (FIXTURES / "markers.py").read_text()
    once = rewrite(source)
    assert rewrite(once) == once
    assert once.count(f"{MARKER_PREFIX}[normalize-arithmetic]") == 2


def test_time_error_caught_but_raised_elsewhere_is_marked() -> None:
    result = migrate_source(
        "import pytz\n\ntry:\n    f()\nexcept pytz.AmbiguousTimeError:\n    pass\n"
    )
    assert "except AmbiguousTimeError:" in result.code
    assert "class AmbiguousTimeError(InvalidTimeError)" in result.code
    assert "time-errors-foreign" in [f.code for f in result.findings]


def test_finding_positions_are_input_lines() -> None:
    result = migrate_source("import pytz\n\n\nx = pytz.common_timezones\n")
    (finding,) = result.findings
    assert (finding.line, finding.column, finding.kind) == (4, 5, "marker")
    assert "pytz.common_timezones" in finding.message


def test_syntax_error_raises_parser_error() -> None:
    import libcst

    with pytest.raises(libcst.ParserSyntaxError):
        migrate_source("import pytz\ndef broken(:\n")


def test_own_timezone_import_reused_where_visible() -> None:
    # Django's utils/timezone.py: datetime.timezone is imported, and some functions take a
    # parameter named timezone; only sites inside those need another name
    out = rewrite(
        "from datetime import timezone\nimport pytz\n\n\ndef f(timezone=None):\n"
        "    return pytz.FixedOffset(30), timezone\n\n\nX = pytz.FixedOffset(60)\n"
    )
    assert "X = timezone(timedelta(minutes=60))" in out
    assert "return dt_timezone(timedelta(minutes=30)), timezone" in out
    namespace: dict[str, object] = {}
    exec(out, namespace)
    assert namespace["f"]("p")[1] == "p"  # type: ignore[operator,index]


def test_type_of_utc_is_marked() -> None:
    # Django: _PYTZ_BASE_CLASSES + (type(pytz.UTC),) would list ZoneInfo as a pytz class
    out = rewrite("import pytz\n\nBASES = (type(pytz.UTC),)\n")
    assert "# tzcompat-migrate[pytz-type-check]: type(pytz.UTC)" in out


_IGNORABLE = """import pytz
tz = pytz.timezone("Europe/Paris")

def f(a, b):
    x = tz.localize(a)
    # tzcompat: ignore[TZM102]
    y = x + b
    z = x - b  # tzcompat: ignore
    w = x - b
    # tzcompat: ignore[TZM105, duck-typing]
    v = (x -
      b)  # tzcompat: ignore
    return y, z, w, v
"""


def test_ignore_comments_silence_one_site() -> None:
    result = migrate_source(_IGNORABLE)
    # y: code above; z: trailing on the first line; v: neither the other codes above nor a
    # comment on a later line of the statement count
    marked = [f.line for f in result.findings if f.kind == "marker"]
    assert marked == [9, 11]
    assert result.code.count(f"{MARKER_PREFIX}[aware-arithmetic]") == 2
    assert all(f.tzm_code == "TZM102" for f in result.findings if f.kind == "marker")


@pytest.mark.parametrize(
    ("options", "expected"),
    [
        ({"ignore": ["TZM1"]}, []),
        ({"ignore": ["TZM102"]}, []),
        ({"ignore": ["aware-arithmetic"]}, []),
        ({"select": ["TZM2"]}, []),
        ({"select": ["TZM10"]}, [9, 11]),
        ({"select": ["TZM102"], "ignore": ["TZM2"]}, [9, 11]),
    ],
)
def test_select_and_ignore(options: dict[str, list[str]], expected: list[int]) -> None:
    result = migrate_source(_IGNORABLE, **options)  # type: ignore[arg-type]
    assert [f.line for f in result.findings if f.kind == "marker"] == expected
    assert (MARKER_PREFIX in result.code) == bool(expected)
    # the rewrites are made whatever is selected
    assert "_tz_localize(a, tz)" in result.code and "import pytz" not in result.code


def test_unsafe_fixes_skip_silenced_sites() -> None:
    code = (
        "import pytz\n\n"
        "def f(tz, g):\n"
        "    a = tz.zone  # tzcompat: ignore[TZM105]\n"
        "    b = g.zone\n"
        "    return a, b\n"
    )
    result = migrate_source(code, unsafe_fixes=True)
    assert "a = tz.zone  # tzcompat: ignore[TZM105]" in result.code
    assert "b = str(g)" not in result.code  # g is not named like a zone: not marked either
    fixes = [(f.line, f.kind, f.code, f.fix) for f in result.findings]
    assert fixes == []
    result = migrate_source(code.replace("g.zone", "zone_b.zone").replace(", g)", ", zone_b)"),
                            unsafe_fixes=True)
    assert "b = str(zone_b)" in result.code and MARKER_PREFIX not in result.code
    assert [(f.kind, f.code, f.fix) for f in result.findings] == [
        ("fix", "zone-attribute", "str(zone_b)")
    ]
    assert result.findings[0].message.startswith("rewritten to str(x)")


# django-timezone-field 4.1.2 timezone_field/utils.py (corpus finding F11)
_GMT_OFFSET = (
    "import pytz\n"
    "from datetime import datetime, timedelta\n\n\n"
    "def offsets(zones):\n"
    "    gmt_timezone = pytz.timezone('Greenwich')\n"
    "    time_ref = datetime(2000, 1, 1)\n"
    "    time_zero = gmt_timezone.localize(time_ref)\n"
    "    out = []\n"
    "    for tz in zones:\n"
    "        delta = (time_zero - tz.localize(time_ref)).total_seconds()\n"
    "        h = (datetime.min + timedelta(seconds=delta.__abs__())).hour\n"
    "        out.append((delta, h))\n"
    "    return out\n"
)


def test_static_zone_minus_zone_is_elapsed_time_and_stable(tmp_path: Path) -> None:
    import io

    import pytz

    from tzcompat.migrate._cli import run

    # a static zone's datetime minus another zone's: two tzinfo objects with pytz and with
    # ZoneInfo, so both subtract in UTC and nothing needs a marker
    result = migrate_source(_GMT_OFFSET)
    assert MARKER_PREFIX not in result.code
    assert "delta = (time_zero - _tz_localize(time_ref, tz)).total_seconds()" in result.code
    assert migrate_source(result.code).code == result.code
    namespace: dict[str, object] = {}
    exec(result.code, namespace)
    ours = namespace["offsets"]([ZoneInfo("America/New_York"), ZoneInfo("Asia/Kolkata")])  # type: ignore[operator]
    legacy: dict[str, object] = {}
    exec(_GMT_OFFSET, legacy)
    theirs = legacy["offsets"]([pytz.timezone("America/New_York"), pytz.timezone("Asia/Kolkata")])  # type: ignore[operator]
    # midnight in New York is 05:00 UTC, in Kolkata 18:30 UTC the day before
    assert ours == theirs == [(-18000.0, 5), (19800.0, 5)]
    # project mode: the second run sees _tz_localize imported from pkg._tzmigrate
    (tmp_path / ".git").mkdir()
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text("")
    module = tmp_path / "pkg" / "utils.py"
    module.write_text(_GMT_OFFSET.replace("    out = []", "    out = [pytz.tzinfo.BaseTzInfo]"))
    argv = ["--no-style", "-j", "1", str(tmp_path / "pkg")]
    assert run(["--write", *argv], stdout=io.StringIO(), stderr=io.StringIO()) == 0
    first = module.read_text()
    assert "from pkg._tzmigrate import _tz_localize" in first and "import pytz" in first
    assert run(["--write", *argv], stdout=io.StringIO(), stderr=io.StringIO()) == 0
    assert module.read_text() == first
