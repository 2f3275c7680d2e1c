"""``PytzUsageWarning``: one warning per pytz-only call, at the caller's line, naming the fix."""

from __future__ import annotations

import pickle
import sys
import types
import warnings
from datetime import datetime, timedelta

import pytest

from tzcompat import pytz
from tzcompat.pytz import tzinfo as pytz_tzinfo
from tzcompat.shims import _warnings
from tzcompat.shims._warnings import PytzUsageWarning, disable_warnings, enable_warnings

NY = pytz.timezone("America/New_York")


def here() -> int:
    """The line number after the caller's line (the call under test)."""
    return sys._getframe(1).f_lineno + 1


@pytest.fixture
def on():
    enable_warnings(show=False)
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            yield caught
    finally:
        disable_warnings()


def only(caught: list, lineno: int) -> str:
    assert len(caught) == 1, [str(w.message) for w in caught]
    (w,) = caught
    assert w.category is PytzUsageWarning and issubclass(PytzUsageWarning, DeprecationWarning)
    assert w.filename == __file__
    assert w.lineno == lineno
    caught.clear()
    return str(w.message)


def test_localize(on) -> None:
    line = here()
    got = NY.localize(datetime(2020, 7, 1, 12))
    msg = only(on, line)
    assert "localize() is pytz-only" in msg
    assert "dt.replace(tzinfo=zoneinfo.ZoneInfo('America/New_York'))" in msg
    assert got.isoformat() == "2020-07-01T12:00:00-04:00"  # results are unchanged
    line = here()
    NY.localize(datetime(2020, 11, 1, 1, 30), is_dst=True)
    msg = only(on, line)
    assert "is_dst" in msg and "fold=" in msg and "is_ambiguous()" in msg
    line = here()
    NY.localize(datetime(2020, 11, 1, 1, 30), False)
    assert "is_dst" in only(on, line)


def test_localize_on_other_zone_classes(on) -> None:
    cases = [
        (pytz.utc, "datetime.timezone.utc"),
        (pytz.FixedOffset(-330), "datetime.timezone(timedelta(minutes=-330))"),
        (pytz.timezone("Etc/GMT+5"), "zoneinfo.ZoneInfo('Etc/GMT+5')"),
    ]
    for zone, repl in cases:
        line = here()
        zone.localize(datetime(2020, 1, 1))
        assert repl in only(on, line)
        line = here()
        zone.normalize(datetime(2020, 1, 1, tzinfo=pytz.utc))
        assert "normalize() is pytz-only" in only(on, line)


def test_normalize(on) -> None:
    d = NY.localize(datetime(2020, 11, 1, 0, 50))
    on.clear()
    line = here()
    later = NY.normalize(d + timedelta(hours=1))
    msg = only(on, line)
    assert "normalize() is pytz-only" in msg and "astimezone(timezone.utc)" in msg
    assert later.isoformat() == "2020-11-01T01:50:00-04:00"


def test_is_dst_arguments(on) -> None:
    wall = datetime(2020, 11, 1, 1, 30)
    line = here()
    off = NY.utcoffset(wall, is_dst=True)
    assert "utcoffset(dt, is_dst=...)" in only(on, line)
    assert off == timedelta(hours=-4)
    line = here()
    NY.dst(wall, False)
    assert ".dst()" in only(on, line)
    line = here()
    NY.tzname(wall, is_dst=False)
    assert ".tzname()" in only(on, line)
    gmt5 = pytz.timezone("Etc/GMT+5")
    line = here()
    gmt5.utcoffset(wall, is_dst=True)
    assert "zoneinfo.ZoneInfo('Etc/GMT+5')" in only(on, line)


def test_private_attributes(on) -> None:
    d = NY.localize(datetime(2020, 7, 1))
    on.clear()
    for name, hint in (("_utcoffset", "dt.utcoffset()"), ("_dst", "dt.dst()"),
                       ("_tzname", "dt.tzname()"), ("zone", "ZoneInfo.key")):
        line = here()
        getattr(d.tzinfo, name)
        msg = only(on, line)
        assert msg.startswith(f"{name} is a pytz-only attribute") and hint in msg
    for name in ("_tzinfos", "_utc_transition_times", "_transition_info"):
        line = here()
        getattr(NY, name)
        assert "transitions()" in only(on, line)
    # Everything else on a zone is untouched.
    assert NY.localize.__name__ == "localize" and on == []


def test_tzinfo_attached_directly_gives_lmt(on) -> None:
    d = datetime(2020, 7, 1, tzinfo=NY)
    line = here()
    text = d.isoformat()
    msg = only(on, line)
    assert text == "2020-07-01T00:00:00-04:56"  # pytz's LMT, as before
    assert "carries the pytz zone 'America/New_York' itself" in msg
    assert "LMT" in msg and "zoneinfo.ZoneInfo('America/New_York')" in msg
    line = here()
    datetime(2020, 7, 1).replace(tzinfo=NY).tzname()
    assert "tz.localize()" in only(on, line)
    # A time in the zone's first (LMT) period: tzinfo= is right there, so no warning.
    datetime(1850, 1, 1, tzinfo=NY).utcoffset()
    # Static zones have no LMT trap.
    datetime(2020, 7, 1, tzinfo=pytz.timezone("Etc/GMT+5")).utcoffset()
    assert on == []


def test_ordinary_use_and_internal_calls_do_not_warn(on) -> None:
    # Calls the stdlib has too, and the adapter's own internal calls (utcoffset() localizes,
    # unpickling calls timezone(), astimezone() calls fromutc()).
    u = datetime(2020, 7, 1, 12, tzinfo=pytz.utc)
    local = u.astimezone(NY)
    local.utcoffset(), local.tzname(), local.dst(), str(local), local.isoformat()
    NY.utcoffset(datetime(2020, 7, 1)), NY.tzname(datetime(2020, 7, 1))
    pickle.loads(pickle.dumps(local))
    datetime.now(NY), str(NY), repr(NY), NY.fromutc(datetime(2020, 1, 1))
    assert on == []


def test_warning_filters_apply(on) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error", PytzUsageWarning)
        with pytest.raises(PytzUsageWarning):
            NY.localize(datetime(2020, 1, 1))


def test_disable_restores_the_adapter() -> None:
    classes = (pytz_tzinfo.DstTzInfo, pytz_tzinfo.StaticTzInfo, type(pytz.utc),
               pytz._FixedOffset, pytz_tzinfo.BaseTzInfo)
    before = [dict(vars(cls)) for cls in classes]
    module_vars = dict(vars(pytz))
    enable_warnings(show=False)
    assert vars(pytz_tzinfo.DstTzInfo)["localize"] is not before[0]["localize"]
    assert type(pytz) is not types.ModuleType
    stale = NY.localize  # a bound wrapper kept by user code
    disable_warnings()
    assert [dict(vars(cls)) for cls in classes] == before
    assert dict(vars(pytz)) == module_vars and type(pytz) is types.ModuleType
    assert not _warnings.warnings_enabled()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        NY.localize(datetime(2020, 1, 1))
        stale(datetime(2020, 1, 1))  # inert once disabled
    assert caught == []


def test_show_filter_added_and_removed() -> None:
    with warnings.catch_warnings():
        warnings.resetwarnings()
        enable_warnings()
        try:
            assert warnings.filters[0][0] == "default"
            assert warnings.filters[0][2] is PytzUsageWarning
        finally:
            disable_warnings()
        assert all(f[2] is not PytzUsageWarning for f in warnings.filters)


def test_a_warning_hook_that_uses_pytz_does_not_recurse(on) -> None:
    seen = []

    def hook(message, category, filename, lineno, file=None, line=None):  # noqa: ANN001
        seen.append(datetime(2020, 7, 1, tzinfo=NY).isoformat())  # would warn again

    with warnings.catch_warnings():
        warnings.simplefilter("always")
        warnings.showwarning = hook
        NY.localize(datetime(2020, 1, 1))
    assert seen == ["2020-07-01T00:00:00-04:56"]
