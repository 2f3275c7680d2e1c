"""The facts about pytz/dateutil and the one inference of zone kinds (``_facts``, ``_kinds``),
which the project index, the prefilter and the rules' analysis all ask."""

from __future__ import annotations

import ast

import pytest

from tzcompat.migrate import _facts, _kinds, _project
from tzcompat.migrate._driver import migrate_source


@pytest.mark.parametrize(
    "line",
    [
        *(
            f"x = tz.{method}(dt)"
            for method in _facts.ZONE_SLOTS
            if method not in ("now", "replace")
        ),
        *(f"x = tz.{method}(dt)" for method in (*_facts.ZONE_METHODS, "fromutc")),
        *(f"x = obj.{attr}" for attr in sorted(_facts.PYTZ_PRIVATE | _facts.PYTZ_PRIVATE_WEAK)),
        "x = tz.zone",
        "x = now(tz)",
        "x = dt.replace(tzinfo=tz)",
    ],
)
def test_the_prefilter_lets_every_site_of_the_facts_through(line: str) -> None:
    """A module naming neither pytz nor dateutil is parsed when its text has a site a rule
    looks at: the prefilter is built from the same facts as the rules."""
    assert _project._relevant(f"def f(tz, dt, obj):\n    {line}\n")


def test_the_prefilter_passes_over_unrelated_text() -> None:
    assert not _project._relevant("def f(items):\n    return sorted(items)[0].total\n")


def test_zone_argument_names_the_zone_of_each_call() -> None:
    # which argument is the zone, decided once for both front ends
    assert _kinds.zone_argument("localize", "R", ["dt"], {}) == "R"
    assert _kinds.zone_argument("astimezone", "R", ["Z"], {}) == "Z"
    assert _kinds.zone_argument("astimezone", "R", [], {"tz": "Z"}) == "Z"
    assert _kinds.zone_argument("now", "R", ["Z"], {}) == "Z"
    assert _kinds.zone_argument("fromtimestamp", "R", ["ts", "Z"], {}) == "Z"
    assert _kinds.zone_argument("fromtimestamp", "R", ["ts"], {}) is None
    assert _kinds.zone_argument("replace", "R", [], {"tzinfo": "Z"}) == "Z"
    assert _kinds.zone_argument("replace", "R", [], {"hour": "1"}) is None
    assert _kinds.zone_argument("strftime", "R", ["Z"], {}) is None


def test_the_index_and_the_analysis_read_the_same_zone_argument() -> None:
    """``_project`` (ast) finds the zone where ``_analysis`` (LibCST) does."""
    call = ast.parse("dt.fromtimestamp(ts, tz=zone)").body[0].value  # type: ignore[attr-defined]
    found = _project._attached(call)
    assert isinstance(found, ast.Name) and found.id == "zone"


def test_kinds() -> None:
    assert _kinds.pytz_kind(_kinds.made_by("pytz.timezone")) == "zone"
    assert _kinds.pytz_kind(_kinds.made_by("pytz.FixedOffset")) == "fixed"
    assert _kinds.pytz_kind(_kinds.value_kind("pytz.utc")) == "utc"
    assert _kinds.known_other(_kinds.made_by("dateutil.tz.gettz"))
    assert _kinds.known_other(_kinds.made_by("zoneinfo.ZoneInfo"))
    assert _kinds.known_other(_kinds.value_kind("datetime.timezone.utc"))
    assert not _kinds.known_other(_kinds.made_by("pytz.timezone"))
    assert not _kinds.known_other(None)
    assert _kinds.canon("pytz.exceptions.AmbiguousTimeError") == "pytz.AmbiguousTimeError"
    assert _kinds.canon("dateutil.tz.tz.gettz") == "dateutil.tz.gettz"
    assert _kinds.canon("pytz.tzinfo.DstTzInfo.localize") == "pytz.tzinfo.DstTzInfo.localize"
    assert _kinds.named_like_zone("default_timezone") and _kinds.named_like_zone("tzinfo")
    assert not _kinds.named_like_zone("tzname") and not _kinds.named_like_zone("items")


def test_a_zone_from_dateutil_is_never_pytz_s() -> None:
    """Where another module calls pytz.timezone(name), wall-clock arithmetic on a datetime in a
    gettz() zone is left alone in both modes: dateutil's arithmetic was wall time already."""
    source = (
        "import pytz\n"
        "from datetime import timedelta\n"
        "from dateutil import tz\n"
        "\n"
        "def zone(name):\n"
        "    return pytz.timezone(name)\n"
        "\n"
        "def later(naive, name):\n"
        "    local = tz.gettz(name)\n"
        "    return naive.replace(tzinfo=local) + timedelta(hours=2)\n"
    )
    for unsafe in (False, True):
        result = migrate_source(source, helpers="_tzmigrate", unsafe_fixes=unsafe)
        assert "_tz_replace" not in result.code
        assert not [f for f in result.findings if f.code == "aware-arithmetic"]


def test_the_zone_probe_fix_is_kept_on_a_second_run() -> None:
    """In a project that still has pytz zones, the fix's ``dt.tzinfo is tz`` is pytz's own
    test, not a tzinfo identity for the identity rule to rewrite on the next run."""
    from tzcompat.migrate._project import index_sources

    zones = "import pytz\n\ndef zone(name):\n    return pytz.timezone(name)\n"
    probe = "def offset(tz, dt):\n    return tz.utcoffset(dt)\n"
    index = index_sources({"app.zones": zones, "app.probe": probe})
    first = migrate_source(probe, index=index, module_name="app.probe", unsafe_fixes=True)
    assert "dt.tzinfo is tz else" in first.code
    again = migrate_source(first.code, index=index, module_name="app.probe", unsafe_fixes=True)
    assert again.code == first.code
