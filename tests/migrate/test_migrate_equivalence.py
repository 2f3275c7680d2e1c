"""Before (real pytz/dateutil) and after (stdlib zoneinfo) compute the same values.

Each ``case_*`` function of a fixture runs twice on the same arguments: from the fixture as
written, and from the codemod's output of it. The inputs concentrate on folds and gaps.
"""

from __future__ import annotations

import os
import sys
import types
from datetime import datetime, timedelta, timezone

import pytest
import pytz
from hypothesis import assume, given
from hypothesis import strategies as st

from tzcompat.migrate._driver import migrate_source

from .._origin import is_real
from . import _migrate_equivalence as eq

pytestmark = pytest.mark.usefixtures("pytz_files")

# Zones with the awkward transitions: negative DST (Dublin, Casablanca, Windhoek), 30-minute DST
# (Lord_Howe), a skipped day (Apia), standard-offset changes (Moscow, Caracas, Kiritimati),
# midnight transitions (Sao_Paulo, Havana), a 1915 same-flag fold (Warsaw), and plain ones.
ZONES = [
    "America/New_York", "Europe/Paris", "Europe/Dublin", "Africa/Casablanca", "Africa/Windhoek",
    "Australia/Lord_Howe", "Pacific/Apia", "Europe/Moscow", "America/Caracas",
    "Pacific/Kiritimati", "America/Sao_Paulo", "America/Havana", "Europe/Warsaw",
    "Asia/Kolkata", "Pacific/Chatham", "Europe/London", "America/Santiago", "Asia/Tehran",
    "Australia/Sydney", "Europe/Berlin", "Etc/GMT+5", "UTC",
]  # fmt: skip
FIXTURES_WITH_CASES = [
    "pytz_basic", "pytz_aliases", "dateutil_basic", "names_clash", "formatting",
    "tzoffset_dynamic", "time_errors", "time_errors_own", "naive_checks", "unknown_key",
    "try_import", "utc_dst", "pytz_flows", "pytz_values",
]  # fmt: skip
# Fixtures whose marked sites keep a pytz/dateutil import: the rest must run without them.
KEEP_LEGACY = {"tzoffset_dynamic"}


@pytest.fixture(scope="module")
def pytz_files():
    assert is_real(pytz, "pytz"), "the 'before' side must be the real pytz"
    with eq.pytz_data():
        yield


def _pair(name: str, **options: object):
    source = (eq.FIXTURES / f"{name}.py").read_text()
    before = eq.load(source, f"{name}_before")
    after_source = migrate_source(source, **options).code  # type: ignore[arg-type]
    without = () if name in KEEP_LEGACY else eq.LEGACY
    after = eq.load(after_source, f"{name}_after", without=without)
    return before, after, after_source


_TRANSITIONS: dict[str, list] = {}


def _transitions(key: str) -> list:
    if key not in _TRANSITIONS:
        _TRANSITIONS[key] = eq.whole_minute_transitions(key)
    return _TRANSITIONS[key]


@st.composite
def _naive(draw: st.DrawFn, key: str) -> datetime:
    moments = _transitions(key)
    if moments and draw(st.booleans()):
        moment, before, after = draw(st.sampled_from(moments))
        base = moment + draw(st.sampled_from([before, after]))
        return base + timedelta(seconds=draw(st.integers(-7200, 7200)))
    return draw(
        st.datetimes(datetime(eq.FIRST_YEAR, 1, 2), datetime(eq.LAST_YEAR, 12, 30))
    ).replace(microsecond=draw(st.sampled_from([0, 123456])))


@st.composite
def _arguments(draw: st.DrawFn) -> dict[str, object]:
    key = draw(st.sampled_from(ZONES))
    return {
        "key": key,
        "naive": draw(_naive(key if draw(st.booleans()) else "America/New_York")),
        "hours": draw(st.integers(-48, 48)),
        "minutes": draw(st.integers(-1439, 1439)),
        "seconds": draw(st.integers(-86399, 86399)),
    }


def _all_cases():
    with eq.pytz_data():
        for name in FIXTURES_WITH_CASES:
            before, _, _ = _pair(name)
            for case in eq.cases(before):
                yield pytest.param(name, case, id=f"{name}-{case}")


@pytest.mark.parametrize(("fixture", "case"), list(_all_cases()))
def test_case_equivalent(fixture: str, case: str) -> None:
    before, after, after_source = _pair(fixture)
    assert case in eq.cases(after), "the rewrite dropped a case function"
    if fixture not in KEEP_LEGACY:
        assert not eq.legacy_imports(after_source), "the rewritten fixture still imports legacy"

    @given(_arguments())
    def check(arguments: dict[str, object]) -> None:
        keys = (str(arguments["key"]), *eq.FIXTURE_ZONES)
        assume(eq.whole_minutes_near(arguments["naive"], keys))  # type: ignore[arg-type]
        expected = eq.call(eq.cases(before)[case], arguments)
        got = eq.call(eq.cases(after)[case], arguments)
        assert got == expected, arguments

    check()


LOCALIZE_CASES = ["case_localize_default", "case_localize_flags", "case_localize_strict"]


def _sweep_zones() -> list[str]:
    if os.environ.get("TZCOMPAT_HYPOTHESIS_PROFILE") == "deep":
        return list(pytz.all_timezones)
    return ZONES


def test_localize_every_transition() -> None:
    """Every fold and gap of the tricky zones (all zones under the deep profile), all is_dst."""
    before, after, _ = _pair("pytz_basic")
    checked = 0
    for key in _sweep_zones():
        for moment, off_before, off_after in _transitions(key):
            for naive in eq.wall_times_near(moment, off_before, off_after):
                for case in LOCALIZE_CASES:
                    args = {"key": key, "naive": naive}
                    expected = eq.call(eq.cases(before)[case], args)
                    assert eq.call(eq.cases(after)[case], args) == expected, (key, naive, case)
                    checked += 1
    assert checked > 10_000


def test_localize_known_values() -> None:
    """Hand-checked anchors (pytz-reference §2.3), so the sweep cannot pass by both being wrong."""
    _, after, _ = _pair("pytz_basic")
    ny = eq.cases(after)
    fold, gap = datetime(2020, 11, 1, 1, 30), datetime(2020, 3, 8, 2, 30)
    default = ny["case_localize_default"](key="America/New_York", naive=fold)
    assert default.utcoffset() == timedelta(hours=-5)  # is_dst=False: the later, EST one
    true, false = ny["case_localize_flags"](key="America/New_York", naive=fold)
    assert (true.utcoffset(), false.utcoffset()) == (timedelta(hours=-4), timedelta(hours=-5))
    true, false = ny["case_localize_flags"](key="America/New_York", naive=gap)
    assert (true.utcoffset(), false.utcoffset()) == (timedelta(hours=-4), timedelta(hours=-5))
    assert true.replace(tzinfo=None) == gap == false.replace(tzinfo=None)  # wall time kept
    assert ny["case_localize_strict"](key="America/New_York", naive=fold) == "ambiguous"
    assert ny["case_localize_strict"](key="America/New_York", naive=gap) == "non-existent"
    # negative DST: in Dublin's October fold is_dst=False is the *earlier* IST (+01:00)
    dublin = ny["case_localize_flags"](key="Europe/Dublin", naive=datetime(2020, 10, 25, 1, 30))
    assert [d.utcoffset() for d in dublin] == [timedelta(0), timedelta(hours=1)]


def test_normalize_after_arithmetic_is_absolute() -> None:
    """The README case: crossing the fall-back, pytz normalize gives elapsed (UTC) hours."""
    before, after, _ = _pair("pytz_basic")
    args = {"key": "America/New_York", "naive": datetime(2020, 11, 1, 0, 30), "hours": 2}
    later = eq.cases(after)["case_add_hours"](**args)[0]
    assert later.replace(tzinfo=None) == datetime(2020, 11, 1, 1, 30)
    assert later.utcoffset() == timedelta(hours=-5)  # 00:30 EDT + 2 h = 01:30 EST
    assert eq.call(eq.cases(before)["case_add_hours"], args) == eq.canonical(
        eq.cases(after)["case_add_hours"](**args)
    )


def test_fixed_offset_tzname_differs_as_documented() -> None:
    """The one value the FixedOffset/tzoffset(None, ...) rewrite changes, pinned."""
    from datetime import timezone

    naive = datetime(2020, 1, 1)
    assert pytz.FixedOffset(90).localize(naive).tzname() is None
    assert naive.replace(tzinfo=timezone(timedelta(minutes=90))).tzname() == "UTC+01:30"
    from dateutil import tz

    assert naive.replace(tzinfo=tz.tzoffset(None, 3600)).tzname() is None


def test_helper_defers_to_a_pytz_zone_passed_in() -> None:
    """Half-migrated code may still hand the helper a pytz zone: it must not attach LMT."""
    from tzcompat.migrate import _helpers

    namespace: dict[str, object] = {}
    exec(_helpers.ERRORS_SOURCE + _helpers.LOCALIZE_SOURCE, namespace)
    helper = namespace["_tz_localize"]
    zone = pytz.timezone("America/New_York")
    for naive in (datetime(2020, 11, 1, 1, 30), datetime(2020, 3, 8, 2, 30), datetime(2020, 7, 1)):
        for is_dst in (False, True):
            got = helper(naive, zone, is_dst=is_dst)  # type: ignore[operator]
            assert got == zone.localize(naive, is_dst=is_dst)
            assert got.tzinfo is zone.localize(naive, is_dst=is_dst).tzinfo
    with pytest.raises(pytz.AmbiguousTimeError):
        helper(datetime(2020, 11, 1, 1, 30), zone, is_dst=None)  # type: ignore[operator]


def test_marked_tzoffset_site_is_left_as_written() -> None:
    """The offset may be a timedelta (icalendar) or seconds: the site keeps dateutil, marked."""
    _, _, after_source = _pair("tzoffset_dynamic")
    assert '    return tz.tzoffset("X", offset)' in after_source
    assert "# tzcompat-migrate[tzoffset-dynamic]" in after_source


def test_half_migrated_time_errors_are_caught() -> None:
    """A pytz zone from unmigrated code raises pytz's class; the migrated handler catches it,
    and unmigrated handlers catch what the migrated code raises."""
    _, _, after_source = _pair("time_errors")
    after = eq.load(after_source, "time_errors_half")  # pytz still installed
    fold = datetime(2020, 11, 1, 1, 30)
    zone = pytz.timezone("America/New_York")
    assert after.strict_given(zone, fold) == "AmbiguousTimeError"  # pytz zone, new handler
    with pytest.raises(pytz.AmbiguousTimeError):  # new raiser, old handler
        after._tz_localize(fold, zoneinfo_zone("America/New_York"), is_dst=None)
    # without pytz the classes are the module's own, with pytz's hierarchy
    alone = eq.load(after_source, "time_errors_alone", without=eq.LEGACY)
    assert alone.AmbiguousTimeError.__module__ == "time_errors_alone"
    assert issubclass(alone.NonExistentTimeError, alone.InvalidTimeError)
    assert not issubclass(alone.AmbiguousTimeError, ValueError)


def zoneinfo_zone(key: str):
    import zoneinfo

    return zoneinfo.ZoneInfo(key)


def test_own_error_class_is_not_shadowed() -> None:
    _, after, after_source = _pair("time_errors_own")
    assert "except TzAmbiguousTimeError:" in after_source
    own, _, _ = after.case_own_error_kept(key="America/New_York", naive=datetime(2020, 7, 1))
    assert own == "AmbiguousTimeError" and after.AmbiguousTimeError.__doc__.startswith("This")


def test_naive_and_aware_refusals_kept() -> None:
    """pytz's ValueErrors for normalize(naive) and utc/FixedOffset.localize(aware), pinned."""
    before, after, _ = _pair("naive_checks")
    naive = datetime(2020, 11, 1, 1, 30)
    for case in ("case_normalize_naive", "case_normalize_arithmetic_naive",
                 "case_utc_localize_aware", "case_fixed_localize_aware"):  # fmt: skip
        args = {"key": "America/New_York", "naive": naive, "hours": 2, "minutes": 90}
        assert eq.call(eq.cases(before)[case], args) == ("raised", "ValueError"), case
        assert eq.call(eq.cases(after)[case], args) == ("raised", "ValueError"), case


def test_malformed_keys_still_caught() -> None:
    before, after, _ = _pair("unknown_key")
    expected = ["Europe/Paris", *["unknown"] * 5]
    assert before.case_lookup("Europe/Paris") == after.case_lookup("Europe/Paris") == expected


def test_utc_and_fixed_dst_differ_as_noted() -> None:
    """The one value the utc/FixedOffset rewrite changes: dst() and tm_isdst, noted."""
    from datetime import timezone

    naive = datetime(2020, 1, 1)
    pairs = [(pytz.utc, timezone.utc), (pytz.FixedOffset(90), timezone(timedelta(minutes=90)))]
    for old, new in pairs:
        assert old.localize(naive).dst() == timedelta(0)
        assert old.localize(naive).timetuple().tm_isdst == 0
        assert naive.replace(tzinfo=new).dst() is None
        assert naive.replace(tzinfo=new).timetuple().tm_isdst == -1
    result = migrate_source((eq.FIXTURES / "utc_dst.py").read_text())
    assert "utc-dst" in [f.code for f in result.findings if f.kind == "note"]


def test_flow_markers_sit_where_values_change() -> None:
    """pytz_flows: each marked function really computes something else after the rewrite
    (so the marker is needed), on inputs that cross New York's fall-back."""
    before, after, after_source = _pair("pytz_flows")
    args = {"key": "America/New_York", "naive": datetime(2020, 11, 1, 0, 30), "hours": 2}
    # pytz: 00:30 EDT + 2 h keeps -04:00 (02:30-04:00, the absolute 2 h later);
    # ZoneInfo: the wall clock moves 2 h to 02:30 EST, 3 h later
    old, new = before.wall_shift(**args), after.wall_shift(**args)
    assert old.utcoffset() == timedelta(hours=-4) and new.utcoffset() == timedelta(hours=-5)
    assert new - old == timedelta(hours=1)
    assert before.elapsed(**args) == timedelta(hours=3)  # absolute: EDT to EST
    assert after.elapsed(**args) == timedelta(hours=2)  # wall clock
    assert before.same_tzinfo(**args) is False and after.same_tzinfo(**args) is True
    # icalendar's TZID: the zone name from pytz, the abbreviation once zones are ZoneInfo
    when = datetime(2020, 1, 1)
    assert before.label(pytz.timezone("Europe/Paris"), when) == "Europe/Paris"
    assert after.label(zoneinfo_zone("Europe/Paris"), when) == "CET"
    for function, code in [
        ("wall_shift", "aware-arithmetic"), ("elapsed", "aware-difference"),
        ("same_tzinfo", "tzinfo-identity"), ("label", "zone-attribute"),
    ]:  # fmt: skip
        body = after_source.split(f"def {function}(")[1].split("\ndef ")[0]
        assert f"# tzcompat-migrate[{code}]" in body, function
    # the keyword tzinfo= of a project function is not a datetime's: no LMT marker
    keyword = after_source.split("def case_keyword_tzinfo(")[1]
    assert "tzcompat-migrate" not in keyword.split("\ndef ")[0]


def _fake_django() -> dict[str, types.ModuleType]:
    """django.utils.timezone's two functions the duck_typing fixture uses, as Django 3.2 has
    them: make_aware honours is_dst only for pytz zones."""
    utils = types.ModuleType("django.utils")
    timezone_module = types.ModuleType("django.utils.timezone")

    def _is_pytz_zone(tz: object) -> bool:
        return isinstance(tz, pytz.tzinfo.BaseTzInfo)

    def make_aware(value: datetime, tz: object, is_dst: bool | None = None) -> datetime:
        if _is_pytz_zone(tz):
            return tz.localize(value, is_dst=is_dst)  # type: ignore[attr-defined]
        return value.replace(tzinfo=tz)  # type: ignore[arg-type]

    timezone_module._is_pytz_zone = _is_pytz_zone  # type: ignore[attr-defined]
    timezone_module.make_aware = make_aware  # type: ignore[attr-defined]
    utils.timezone = timezone_module  # type: ignore[attr-defined]
    return {
        "django": types.ModuleType("django"),
        "django.utils": utils,
        "django.utils.timezone": timezone_module,
    }


def test_duck_typing_markers_sit_where_the_answers_flip(monkeypatch: pytest.MonkeyPatch) -> None:
    """Cases 4, 7 and 9: each marked test of "is this a pytz zone" really takes the other
    branch once the zone is a ZoneInfo, and the private attributes are gone."""
    for name, module in _fake_django().items():
        monkeypatch.setitem(sys.modules, name, module)
    source = (eq.FIXTURES / "duck_typing.py").read_text()
    after_source = migrate_source(source).code
    before = eq.load(source, "duck_before")
    after = eq.load(after_source, "duck_after")  # marked sites keep their pytz names
    fold = datetime(2020, 11, 1, 1, 30)
    old = before.to_utc(fold, pytz.timezone("America/New_York"))
    new = after.to_utc(fold, zoneinfo_zone("America/New_York"))
    # pytz: localize(is_dst=False) takes EST; the ZoneInfo path reaches make_aware's fold=0, EDT
    assert old.utcoffset() == timedelta(hours=-5) and new.utcoffset() == timedelta(hours=-4)
    assert before.name_of(pytz.timezone("Europe/Paris")) == "Europe/Paris"
    assert after.name_of(zoneinfo_zone("Europe/Paris")) is None
    for function in ("transitions", "offset_of"):
        getattr(before, function)(pytz.timezone("Europe/Paris"))
        with pytest.raises(AttributeError):
            getattr(after, function)(zoneinfo_zone("Europe/Paris"))
    for code in ("duck-typing", "pytz-type-check", "is-dst-ignored", "tzname-none", "pytz-private"):
        assert f"# tzcompat-migrate[{code}]" in after_source, code


def test_pinned_period_behaves_like_pytz_tzinfo(monkeypatch: pytest.MonkeyPatch) -> None:
    """_tz_replace's _TzPeriod: equal for one period of one zone and unequal across periods,
    as pytz's per-period tzinfo objects were identical or not; it names its zone and pickles."""
    import pickle

    from tzcompat.migrate import _helpers

    helpers = eq.load(_helpers.module_source(), "tzm_helpers")
    monkeypatch.setitem(sys.modules, "tzm_helpers", helpers)
    with eq.pytz_data():
        ny, tz = zoneinfo_zone("America/New_York"), pytz.timezone("America/New_York")
        for day in (datetime(2020, 3, 1, 12), datetime(2020, 7, 1, 12)):
            pinned = helpers._tz_replace(day.replace(tzinfo=ny))
            old = tz.localize(day)
            assert (str(pinned.tzinfo), pinned.tzname()) == (str(old.tzinfo), old.tzname())
            assert pickle.loads(pickle.dumps(pinned)) == pinned
            assert pickle.loads(pickle.dumps(pinned)).tzinfo == pinned.tzinfo
        winter = helpers._tz_replace(datetime(2020, 1, 1, tzinfo=ny)).tzinfo
        summer = helpers._tz_replace(datetime(2020, 7, 1, tzinfo=ny)).tzinfo
        again = helpers._tz_replace(datetime(2020, 2, 1, tzinfo=ny)).tzinfo
        jan, feb, jul = (tz.localize(datetime(2020, m, 1)).tzinfo for m in (1, 2, 7))
        assert (jan is feb, jan is jul) == (True, False)  # pytz: one object per period
        assert (winter == again, winter == summer) == (True, False)
        assert hash(winter) == hash(again)


_CONVERT = """\
import pytz


def convert(naive, tz):
    try:
        return tz.localize(naive, is_dst=None)
    except AttributeError:
        raise TypeError("Only pytz timezones are supported")
"""


def test_unsafe_fix_keeps_the_except_attributeerror_type_test() -> None:
    """APScheduler's convert_to_datetime: a tzinfo that is not a zone still gets the TypeError
    with unsafe_fixes (the helper raises NotImplementedError where pytz raised AttributeError),
    and a zone still gets pytz's value, errors of is_dst=None included."""
    from datetime import tzinfo

    after_source = migrate_source(_CONVERT, unsafe_fixes=True).code
    assert "except (AttributeError, NotImplementedError):" in after_source
    before, after = eq.load(_CONVERT, "convert_before"), eq.load(after_source, "convert_after")
    assert eq.call(before.convert, {"naive": datetime(2020, 1, 1), "tz": tzinfo()}) == (
        eq.call(after.convert, {"naive": datetime(2020, 1, 1), "tz": tzinfo()})
    ) == ("raised", "TypeError")
    with eq.pytz_data():
        for naive in (datetime(2020, 7, 1, 12), datetime(2020, 11, 1, 1, 30)):
            old = eq.call(before.convert, {"naive": naive, "tz": pytz.timezone("US/Eastern")})
            new = eq.call(after.convert, {"naive": naive, "tz": zoneinfo_zone("US/Eastern")})
            assert old == new


_DATEUTIL_DYNAMIC = """\
from dateutil import tz


def offset(name, naive):
    zone = tz.gettz(name)
    return None if zone is None else naive.replace(tzinfo=zone).utcoffset()


def fixed(seconds, naive):
    return naive.replace(tzinfo=tz.tzoffset(None, seconds)).utcoffset()
"""


def test_unsafe_fixes_of_dynamic_gettz_and_tzoffset_reproduce_dateutil() -> None:
    """gettz(name) with a run-time name (None for unknown and malformed names) and
    tzoffset(None, x) with seconds or a timedelta: the fixes give dateutil's answers."""
    after_source = migrate_source(_DATEUTIL_DYNAMIC, unsafe_fixes=True).code
    assert "tzcompat-migrate[" not in after_source
    before = eq.load(_DATEUTIL_DYNAMIC, "dynamic_before")
    after = eq.load(after_source, "dynamic_after", without=eq.LEGACY)

    @given(_arguments(), st.sampled_from(["", "Not/AZone", "Europe/Nowhere", "UTC"]))
    def check(arguments: dict[str, object], odd: str) -> None:
        naive, seconds = arguments["naive"], arguments["seconds"]
        for name in (str(arguments["key"]), odd):
            args = {"name": name, "naive": naive}
            if name == "":
                continue  # gettz("") is local time: the documented difference (None)
            assert eq.call(after.offset, args) == eq.call(before.offset, args), name
        for value in (seconds, timedelta(seconds=int(seconds))):  # type: ignore[call-overload]
            args = {"seconds": value, "naive": naive}
            assert eq.call(after.fixed, args) == eq.call(before.fixed, args), value

    with eq.pytz_data():
        check()


def test_unsafe_type_checks_keep_pytz_branches(monkeypatch: pytest.MonkeyPatch) -> None:
    """With unsafe_fixes, hasattr(tz, 'localize') and isinstance(tz, BaseTzInfo) accept the
    zones the migration writes (ZoneInfo, datetime.timezone), so to_utc takes pytz's branch
    and returns pytz's value for a zone, pytz.utc and a fixed offset alike."""
    for name, module in _fake_django().items():
        monkeypatch.setitem(sys.modules, name, module)
    source = (eq.FIXTURES / "duck_typing.py").read_text()
    after_source = migrate_source(source, unsafe_fixes=True).code
    assert "isinstance(tz, (ZoneInfo, timezone))" in _body(after_source, "to_utc")
    before = eq.load(source, "duck_before")
    after = eq.load(after_source, "duck_after")
    pairs = [
        (pytz.utc, timezone.utc),
        (pytz.FixedOffset(330), timezone(timedelta(minutes=330))),
        (pytz.FixedOffset(-480), timezone(timedelta(minutes=-480))),
    ]

    @given(_arguments())
    def check(arguments: dict[str, object]) -> None:
        key, naive = str(arguments["key"]), arguments["naive"]
        assume(eq.whole_minutes_near(naive, (key,)))  # type: ignore[arg-type]
        zones = [(pytz.timezone(key), zoneinfo_zone(key)), *pairs]
        for old, new in zones:
            expected = eq.call(before.to_utc, {"value": naive, "tz": old})
            assert eq.call(after.to_utc, {"value": naive, "tz": new}) == expected, (key, old)

    with eq.pytz_data():
        check()


# pytz_values: each function that is not a case_ computes something else after the rewrite, on
# inputs around New York's fall-back (2020-11-01 01:00-02:00 happens twice), and its body is
# marked with the code that says why.
_VALUES_MARKED = {
    "shifted": "aware-arithmetic",
    "_later": "aware-arithmetic",
    "jumped": "normalize-arithmetic",
    "fired": "normalize-arithmetic",
    "period": "aware-arithmetic",
    "between": "aware-arithmetic",
    "midnight": "replace-wall",
    "elapsed": "aware-difference",
    "before": "aware-comparison",
    "ahead": "aware-comparison",
    "coincide": "aware-comparison",
    "meets": "inter-zone-equality",
    "_names": "zone-attribute",
    "probe": "is-dst-method",
    "rebuilt": "timetz",
}


def _body(source: str, function: str) -> str:
    return source.split(f"def {function}(")[1].split("\ndef ")[0].split("\nclass ")[0]


def test_value_markers_sit_where_values_change() -> None:
    before, after, after_source = _pair("pytz_values")
    ny = "America/New_York"
    fall = datetime(2020, 11, 1, 0, 30)  # EDT; 2 h later it is 01:30 EST (3 h of real time)
    # 1. attributes: Stamp keeps a localized datetime in self._dt; + and - run in its methods
    assert before.shifted(ny, fall, 2).utcoffset() == timedelta(hours=-4)  # pytz: stale EDT
    assert after.shifted(ny, fall, 2).utcoffset() == timedelta(hours=-5)
    assert before.between(ny, fall, 2) == timedelta(hours=3)  # elapsed
    assert after.between(ny, fall, 2) == timedelta(hours=2)  # wall clock
    assert before.slot_length(ny, fall, 2) == timedelta(hours=3)
    assert after.slot_length(ny, fall, 2) == timedelta(hours=2)
    assert "aware-difference" in _body(after_source, "__sub__")
    assert "aware-arithmetic" in _body(after_source, "__add__")
    assert "aware-difference" in _body(after_source, "until")
    # a datetime handed in (croniter's d += relativedelta): pytz shifted at the fixed offset
    assert before.advanced(ny, fall, 2).utcoffset() == timedelta(hours=-4)
    assert after.advanced(ny, fall, 2).utcoffset() == timedelta(hours=-5)
    assert "aware-arithmetic" in _body(after_source, "_later")
    # normalize() after + or -: 00:30 EDT plus 2 h of real time is 01:30 EST in pytz
    assert before.jumped(ny, fall, 2).replace(tzinfo=None) == datetime(2020, 11, 1, 1, 30)
    assert before.fired(ny, fall, 2).utcoffset() == timedelta(hours=-5)
    for name in ("jumped", "fired"):
        with pytest.raises(AttributeError):  # ZoneInfo has no normalize(): marked, kept
            getattr(after, name)(ny, fall, 2)
    # 2. replace(): midnight of a winter day taken from a summer datetime
    summer = datetime(2020, 11, 1, 12, 0)  # EST at noon, EDT at midnight
    old, new = before.midnight(ny, summer), after.midnight(ny, summer)
    assert (old.hour, old.utcoffset()) == (0, timedelta(hours=-5))  # pytz: stale EST
    assert (new.hour, new.utcoffset()) == (0, timedelta(hours=-4))  # the real offset
    # 3. two datetimes of one zone: 25 h vs 24 h across the change, order in the repeated hour
    assert before.elapsed(ny, datetime(2020, 10, 31, 12), 24) == timedelta(hours=25)
    assert after.elapsed(ny, datetime(2020, 10, 31, 12), 24) == timedelta(hours=24)
    repeated = datetime(2020, 11, 1, 1, 40)  # 01:40 EDT vs 01:10 EST (30 min of real time later)
    assert before.before(ny, repeated, -30) == (True, False)
    assert after.before(ny, repeated, -30) == (False, False)
    # ... and with a value of unknown type (a call's result) that is aware in the same zone
    assert before.ahead(ny, repeated, -30) is True
    assert after.ahead(ny, repeated, -30) is False
    # == too: 01:40 EDT and 01:40 EST are an hour apart in pytz, one wall time with ZoneInfo
    assert before.coincide(ny, repeated, 0) is False
    assert after.coincide(ny, repeated, 0) is True
    assert before.coincide(ny, datetime(2020, 6, 1, 12), 0) is True  # outside: no difference
    assert after.coincide(ny, datetime(2020, 6, 1, 12), 0) is True
    # == and != with a UTC datetime of the same instant: pytz compared instants; a ZoneInfo
    # datetime whose offset depends on fold equals nothing of another tzinfo (PEP 495), in
    # the repeated hour and in the skipped one (where localize(is_dst=...) still lands)
    for inside in (repeated, datetime(2020, 3, 8, 2, 30)):
        assert before.meets(ny, inside) == (True, False)
        assert after.meets(ny, inside) == (False, True)
    assert before.meets(ny, june := datetime(2020, 6, 1, 12)) == (True, False)  # outside
    assert after.meets(ny, june) == (True, False)
    # zone methods: pytz's name and is_dst probes do not exist on ZoneInfo
    assert before.label(ny) == (ny, ny)
    with pytest.raises(AttributeError):
        after.label(ny)
    with pytest.raises(pytz.AmbiguousTimeError):
        before.probe(ny, repeated)
    with pytest.raises(TypeError):
        after.probe(ny, repeated)
    assert "tzname-none" in _body(after_source, "_names")
    # timetz(): pytz's time kept EDT; a ZoneInfo time takes the offset of the date it joins
    assert before.rebuilt(ny, june).utcoffset() == timedelta(hours=-4)
    assert after.rebuilt(ny, june).utcoffset() == timedelta(hours=-5)
    for function, code in _VALUES_MARKED.items():
        assert f"# tzcompat-migrate[{code}]" in _body(after_source, function), function


def test_unsafe_fixes_reproduce_pytz() -> None:
    """With unsafe_fixes the fixable markers become code that computes pytz's values: every
    function whose marker has a fix now agrees with pytz on drawn inputs."""
    before, after, after_source = _pair("pytz_values", unsafe_fixes=True)
    result = migrate_source((eq.FIXTURES / "pytz_values.py").read_text(), unsafe_fixes=True)
    fixed = {f.code for f in result.findings if f.kind == "fix"}
    assert fixed == {
        "aware-difference", "aware-comparison", "replace-wall", "zone-attribute", "tzname-none",
        "is-dst-method", "timetz", "aware-arithmetic", "normalize-arithmetic",
        "inter-zone-equality",
    }  # fmt: skip
    assert "_tz_replace(" in _body(after_source, "midnight")
    assert "_tz_replace(self._dt) + delta" in _body(after_source, "__add__")
    assert "d = _tz_replace(d) + timedelta(hours=hours)" in _body(after_source, "_later")
    # == with a value of unknown type has no exact fix: its marker is the only one left
    assert after_source.count("tzcompat-migrate[") == 1
    assert "tzcompat-migrate[aware-comparison]" in _body(after_source, "coincide")
    assert "first == _deadline(tz, naive, minutes)" in _body(after_source, "coincide")
    assert "_tz_replace(summer) == stamp, other != _tz_replace(winter)" in _body(
        after_source, "meets"
    )
    ny = "America/New_York"
    for inside in (datetime(2020, 11, 1, 1, 40), datetime(2020, 3, 8, 2, 30)):
        assert after.meets(ny, inside) == before.meets(ny, inside) == (True, False)
    functions = [
        "between", "slot_length", "midnight", "elapsed", "before", "label", "probe", "rebuilt",
        "shifted", "advanced", "jumped", "fired", "period", "ahead", "meets",
    ]  # fmt: skip

    @given(_arguments())
    def check(arguments: dict[str, object]) -> None:
        keys = (str(arguments["key"]), *eq.FIXTURE_ZONES)
        assume(eq.whole_minutes_near(arguments["naive"], keys))  # type: ignore[arg-type]
        static = isinstance(pytz.timezone(str(arguments["key"])), pytz.tzinfo.StaticTzInfo)
        for name in functions:
            if name == "label" and static:
                continue  # the documented difference, checked below
            if name == "probe" and arguments["key"] == "UTC":
                continue  # pytz.utc's methods took no is_dst (TypeError): documented
            expected = eq.call(getattr(before, name), arguments)
            assert eq.call(getattr(after, name), arguments) == expected, name

    check()


def test_pinning_is_exact_for_orderings_not_for_equality() -> None:
    """Why an == with a value of unknown type gets no unsafe fix: between different tzinfo
    objects, == is False whenever either side's offset depends on fold (PEP 495), so a
    pinned datetime is unequal to the same instant held by a ZoneInfo in the repeated hour,
    which pytz found equal. Orderings compare the instants, so pinning is exact for them."""
    _, after, _ = _pair("pytz_values", unsafe_fixes=True)
    ny, naive = "America/New_York", datetime(2020, 11, 1, 1, 40)
    tz = pytz.timezone(ny)
    utc = datetime(2020, 11, 1, 5, 40, tzinfo=timezone.utc)  # 01:40 EDT
    assert tz.localize(naive, is_dst=True) == utc.astimezone(tz)  # pytz: one instant, equal
    zone = after.ZoneInfo(ny)
    pinned = after._tz_replace(datetime(2020, 11, 1, 1, 40, tzinfo=zone))
    same = utc.astimezone(zone)  # 01:40, fold=0
    assert pinned.utcoffset() == same.utcoffset() == timedelta(hours=-4)
    assert pinned.astimezone(timezone.utc) == same.astimezone(timezone.utc)
    assert (pinned == same) is False  # the fold-dependent side: never equal across tzinfos
    assert not pinned < same and not pinned > same and pinned <= same  # instants


def test_pinning_is_exact_for_equality_with_a_fixed_offset() -> None:
    """Why _tz_replace(a) == b is exact when b is aware in UTC or a fixed offset: neither
    side's offset then depends on fold, so == compares the instants, as pytz did; the
    ZoneInfo datetime itself, in the repeated or skipped hour, equals no other tzinfo's."""
    _, after, _ = _pair("pytz_values", unsafe_fixes=True)
    ny = "America/New_York"
    tz, zone = pytz.timezone(ny), after.ZoneInfo(ny)
    for naive, is_dst, utc in [
        (datetime(2020, 11, 1, 1, 30), True, datetime(2020, 11, 1, 5, 30)),  # EDT, fold 0
        (datetime(2020, 11, 1, 1, 30), False, datetime(2020, 11, 1, 6, 30)),  # EST, fold 1
        (datetime(2020, 3, 8, 2, 30), True, datetime(2020, 3, 8, 6, 30)),  # skipped: EDT
        (datetime(2020, 3, 8, 2, 30), False, datetime(2020, 3, 8, 7, 30)),  # skipped: EST
    ]:
        for other in (utc.replace(tzinfo=timezone.utc), utc.replace(tzinfo=pytz.utc)):
            assert tz.localize(naive, is_dst=is_dst) == other  # pytz: one instant, equal
            for offset in (timezone(timedelta(hours=3)), after.ZoneInfo("UTC")):
                fixed = other.astimezone(offset)
                assert tz.localize(naive, is_dst=is_dst) == fixed
                local = after._tz_localize(naive, zone, is_dst=is_dst)
                assert local.astimezone(timezone.utc) == other  # the same instant...
                assert (local == fixed, local != fixed) == (False, True)  # ...yet unequal
                pinned = after._tz_replace(local)
                assert (pinned == fixed, pinned != fixed) == (True, False)
                assert (fixed == pinned, fixed != pinned) == (True, False)
                later = fixed + timedelta(minutes=1)
                assert (pinned == later, pinned != later) == (False, True)


def test_tzname_none_fix_differs_for_static_zones_as_documented() -> None:
    """pytz's StaticTzInfo (Etc/GMT+5, EST...) answered tzname(None) with its abbreviation,
    DstTzInfo with the zone name; the fix writes str(tz), the key, for both."""
    before, after, _ = _pair("pytz_values", unsafe_fixes=True)
    assert before.label("Etc/GMT+5") == ("Etc/GMT+5", "-05")
    assert after.label("Etc/GMT+5") == ("Etc/GMT+5", "Etc/GMT+5")
    assert before.label("Europe/Paris") == after.label("Europe/Paris") == ("Europe/Paris",) * 2
