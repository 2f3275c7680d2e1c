"""The CLI commands, their values compared with the stdlib ``zoneinfo`` on the same data."""

from __future__ import annotations

import difflib
import json
import os
import zoneinfo
from datetime import datetime, timedelta, timezone

import pytest
from hypothesis import given
from hypothesis import strategies as st

import tzcompat

from .. import _needs
from ..core._helpers import state_at as stdlib_state_at
from ..core._helpers import stdlib_changes
from .conftest import cli

EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)


def _ts(dt: datetime) -> int:
    return (dt - EPOCH) // timedelta(seconds=1)


def _state(ref: zoneinfo.ZoneInfo, ts: int) -> dict:
    """The stdlib's values at POSIX second ``ts``, in the CLI's JSON shape."""
    off, dst, name = stdlib_state_at(ref, ts)
    return {"utcoffset": off // timedelta(seconds=1), "dst": dst // timedelta(seconds=1),
            "abbreviation": name}


def _visible(state: dict) -> dict:
    return {k: state[k] for k in ("utcoffset", "dst", "abbreviation")}


# --- show --------------------------------------------------------------------------------

@pytest.mark.parametrize("key", ["America/New_York", "Europe/Paris", "Australia/Lord_Howe",
                                 "Asia/Kolkata", "America/Sao_Paulo", "Europe/Dublin"])
@pytest.mark.parametrize(("at", "instant"), [
    ("2020-11-01T05:30Z", datetime(2020, 11, 1, 5, 30, tzinfo=timezone.utc)),
    ("2020-11-01T01:30:00-05:00", datetime(2020, 11, 1, 6, 30, tzinfo=timezone.utc)),
    ("20240310T0659", datetime(2024, 3, 10, 6, 59, tzinfo=timezone.utc)),  # naive means UTC
    ("2024-03-10T07:00:00.5", datetime(2024, 3, 10, 7, 0, 0, 500000, tzinfo=timezone.utc)),
    ("1950-06-01T12:00+0530", datetime(1950, 6, 1, 6, 30, tzinfo=timezone.utc)),
])
def test_show_json_matches_stdlib(key: str, at: str, instant: datetime) -> None:
    status, out, err = cli("show", key, "--at", at, "--json")
    assert status == 0, err
    got = json.loads(out)
    ref = zoneinfo.ZoneInfo(key)
    local = instant.astimezone(ref)
    assert got["key"] == key and got["timestamp"] == _ts(instant)
    assert got["local"] == local.isoformat()
    assert _visible(got) == {"utcoffset": local.utcoffset() // timedelta(seconds=1),
                             "dst": local.dst() // timedelta(seconds=1),
                             "abbreviation": local.tzname()}
    # previous <= instant < next, and nothing changes in the stdlib in between.
    prev, nxt = got["previous"], got["next"]
    lo = prev["timestamp"] if prev else _ts(datetime(1800, 1, 1, tzinfo=timezone.utc))
    hi = nxt["timestamp"] if nxt else _ts(datetime(2100, 1, 1, tzinfo=timezone.utc))
    assert lo <= _ts(instant) < hi
    for tr in (prev, nxt):
        if tr is not None:
            assert _visible(tr["after"]) == _state(ref, tr["timestamp"])
            assert _visible(tr["before"]) == _state(ref, tr["timestamp"] - 1)
    assert stdlib_changes(ref, lo, hi - 1) == []


def test_show_text_matches_stdlib() -> None:
    status, out, _ = cli("show", "America/New_York", "--at", "2020-11-01T05:30Z")
    assert status == 0
    local = datetime(2020, 11, 1, 5, 30, tzinfo=timezone.utc).astimezone(
        zoneinfo.ZoneInfo("America/New_York"))
    lines = dict(line.split(":", 1) for line in out.splitlines())
    assert lines["local time"].strip() == local.isoformat()
    assert lines["offset"].split()[0] == "-04:00" == local.isoformat()[-6:]
    assert f"abbreviation: {local.tzname()}" in lines["offset"]


@pytest.mark.parametrize("key", ["America/New_York", "Asia/Tokyo", "Pacific/Kiritimati",
                                 "Etc/GMT+12", "Australia/Lord_Howe", "UTC"])
@pytest.mark.parametrize("at", ["0001-01-01", "0001-01-01T00:00-12:00", "9999-12-31T23:59",
                                "9999-12-31T23:59:59.999999+00:00", "9999-12-31T23:59+12:00"])
def test_show_at_the_ends_of_datetime(key: str, at: str) -> None:
    ref = zoneinfo.ZoneInfo(key)
    for extra in ((), ("--json",)):
        status, out, err = cli("show", key, "--at", at, *extra)
        assert status == 0 and err == "" and "Traceback" not in out
    got = json.loads(out)
    aware = datetime.fromisoformat(at)
    aware = aware if aware.tzinfo else aware.replace(tzinfo=timezone.utc)
    # No transition is near either end of time, so the stdlib's offset for the UTC wall
    # time is the offset in force.
    wall = datetime(1, 1, 2) if aware.year == 1 else datetime(9999, 12, 30)
    assert got["utcoffset"] == ref.utcoffset(wall) // timedelta(seconds=1)
    assert got["abbreviation"] == ref.tzname(wall)
    assert got["timestamp"] == (aware - EPOCH) // timedelta(seconds=1)
    try:
        expected_local = aware.astimezone(ref).isoformat()
    except OverflowError:
        expected_local = None
    assert got["local"] == expected_local


def test_unknown_keys_get_suggestions() -> None:
    keys = sorted(zoneinfo.available_timezones())
    status, out, err = cli("show", "europe/paris")
    assert (status, out) == (2, "") and err.count("\n") == 1
    assert "did you mean 'Europe/Paris'?" in err
    status, _, err = cli("show", "Kolkata")
    assert status == 2 and "'Asia/Kolkata'" in err
    status, _, err = cli("show", "Europe/Pariss")
    close = difflib.get_close_matches("europe/pariss", [k.lower() for k in keys], 3, 0.7)
    assert status == 2 and close and all(f"'{c}'".lower() in err.lower() for c in close)
    status, _, err = cli("show", "Nowhere/Qwxz")
    assert status == 2 and "see: tzcompat list" in err and err.count("\n") == 1


@pytest.mark.parametrize("key", ["../etc/passwd", "/etc/localtime", "", "Europe/Paris/",
                                 "a\x00b", "\udcff", "Europe//Paris", "Europe/\nParis"])
def test_invalid_keys_are_one_line(key: str) -> None:
    status, out, err = cli("show", key)
    assert (status, out) == (2, "") and err.count("\n") == 1 and err.startswith("tzcompat: ")
    status, out, err = cli("list", "UTC", key)  # an argparse error quoting the argument
    assert (status, out) == (2, "") and err.count("\n") == 1 and err.startswith("tzcompat: ")


# --- transitions -------------------------------------------------------------------------

@pytest.mark.parametrize("key", ["Europe/Paris", "America/New_York", "Australia/Lord_Howe",
                                 "Africa/Casablanca", "Asia/Tokyo"])
@pytest.mark.parametrize("years", [("--start", "2030"), ("--end", "2030"),
                                   ("--start", "2024", "--end", "2025"), ("--start", "1996")])
def test_transitions_match_stdlib(key: str, years: tuple[str, ...]) -> None:
    status, out, err = cli("transitions", key, *years, "--json")
    assert status == 0, err
    got = json.loads(out)
    given_years = [int(y) for y in years[1::2]]
    first, last = min(given_years), max(given_years)  # one year alone means that year
    ref = zoneinfo.ZoneInfo(key)
    lo, hi = _ts(datetime(first, 1, 1, tzinfo=timezone.utc)), _ts(
        datetime(last + 1, 1, 1, tzinfo=timezone.utc))
    visible = [tr for tr in got if _visible(tr["before"]) != _visible(tr["after"])]
    assert [tr["timestamp"] for tr in visible] == stdlib_changes(ref, lo - 1, hi - 1)
    assert all(lo <= tr["timestamp"] < hi for tr in got)
    for tr in got:
        assert _visible(tr["after"]) == _state(ref, tr["timestamp"])
        assert _visible(tr["before"]) == _state(ref, tr["timestamp"] - 1)
    text = cli("transitions", key, *years)[1].splitlines()
    assert len(text) == len(got)
    for line, tr in zip(text, got):
        assert line.startswith(tr["local"] + " ") and tr["after"]["abbreviation"] in line


def test_transitions_errors_and_ends() -> None:
    status, _, err = cli("transitions", "Europe/Paris", "--start", "2031", "--end", "2030")
    assert status == 2 and "--end (2030) must not be before --start (2031)" in err
    for bad in ("0", "10000", "-5"):
        status, _, err = cli("transitions", "Europe/Paris", "--start", bad)
        assert status == 2 and err.count("\n") == 1 and "1..9999" in err
    status, _, err = cli("transitions", "Europe/Paris", "--start", "x")
    assert status == 2 and err.count("\n") == 1
    status, out, err = cli("transitions", "Europe/Paris", "--start", "9999", "--json")
    got = json.loads(out)
    ref = zoneinfo.ZoneInfo("Europe/Paris")
    assert status == 0 and [tr["timestamp"] for tr in got] == stdlib_changes(
        ref, _ts(datetime(9999, 1, 1, tzinfo=timezone.utc)) - 1,
        _ts(datetime(9999, 12, 31, 12, tzinfo=timezone.utc)))
    status, out, _ = cli("transitions", "America/New_York", "--start", "1", "--json")
    assert status == 0 and json.loads(out) == []


# --- list --------------------------------------------------------------------------------

def test_list_matches_stdlib() -> None:
    status, out, _ = cli("list", "--json")
    ours = json.loads(out)
    assert status == 0 and ours == sorted(ours)
    assert set(ours) >= zoneinfo.available_timezones() - {"localtime"}
    status, out, _ = cli("list", "europe/")
    expected = sorted(k for k in zoneinfo.available_timezones() if k.startswith("Europe/"))
    assert status == 0 and out.splitlines() == expected


def _zone_tab(root: str, code: str) -> list[str]:
    with open(os.path.join(root, "zone.tab"), encoding="utf-8") as f:
        rows = [line.rstrip("\n").split("\t") for line in f if not line.startswith("#")]
    return sorted(row[2] for row in rows if len(row) > 2 and row[0] == code)


@pytest.mark.parametrize("code", ["FR", "us", "AU", "CD", "GB", "AQ"])
def test_list_by_country(code: str, root: str) -> None:
    status, out, err = cli("list", "--country", code, "--json")
    assert status == 0, err
    keys = json.loads(out)
    assert keys == _zone_tab(root, code.upper()) and keys
    for key in keys:
        zoneinfo.ZoneInfo(key)  # every one loads in the stdlib
    status, out, _ = cli("list", "--country", code, "America/")
    assert out.splitlines() == [k for k in keys if k.startswith("America/")] or status == 1


def test_list_no_match_and_bad_country() -> None:
    status, out, err = cli("list", "nonexistent")
    assert (status, out) == (1, "") and "no zone key starting with 'nonexistent'" in err
    status, out, err = cli("list", "--country", "FR", "Asia/")
    assert (status, out) == (1, "") and "in country FR" in err
    for bad in ("XX", "FRA", "1", ""):
        status, out, err = cli("list", "--country", bad)
        assert (status, out) == (2, "") and "unknown country code" in err


# --- convert -----------------------------------------------------------------------------

@pytest.mark.parametrize(("wall", "src", "dst"), [
    ("2024-03-10T02:30", "America/New_York", "Europe/Paris"),  # skipped
    ("2020-11-01T01:30", "America/New_York", "Europe/Paris"),  # repeated
    ("2024-07-01T12:00", "America/New_York", "Asia/Kolkata"),
    ("2024-10-06T02:15", "Australia/Lord_Howe", "UTC"),  # 30-minute gap
    ("2024-04-07T01:45", "Australia/Lord_Howe", "America/Sao_Paulo"),  # 30-minute fold
    ("2011-12-30T10:00", "Pacific/Apia", "Pacific/Honolulu"),  # a skipped day
])
@pytest.mark.parametrize("fold", [None, "0", "1"])
def test_convert_matches_stdlib(wall: str, src: str, dst: str, fold: str | None) -> None:
    extra = ("--fold", fold) if fold is not None else ()
    status, out, err = cli("convert", wall, src, dst, "--json", *extra)
    assert status == 0, err
    got = json.loads(out)
    naive = datetime.fromisoformat(wall)
    rsrc, rdst = zoneinfo.ZoneInfo(src), zoneinfo.ZoneInfo(dst)
    d0, d1 = naive.replace(tzinfo=rsrc), naive.replace(tzinfo=rsrc, fold=1)
    exists0 = d0.astimezone(timezone.utc).astimezone(rsrc).replace(tzinfo=None) == naive
    exists1 = d1.astimezone(timezone.utc).astimezone(rsrc).replace(tzinfo=None) == naive
    imaginary = not exists0 and not exists1
    ambiguous = not imaginary and d0.utcoffset() != d1.utcoffset()
    assert got["kind"] == ("imaginary" if imaginary else "ambiguous" if ambiguous else "normal")
    folds = [int(fold)] if fold is not None else [0, 1] if ambiguous else [0]
    assert [r["fold"] for r in got["readings"]] == folds
    for r in got["readings"]:
        aware = naive.replace(tzinfo=rsrc, fold=r["fold"])
        assert r["from"] == aware.astimezone(timezone.utc).astimezone(rsrc).isoformat()
        assert r["to"] == aware.astimezone(rdst).isoformat()
        assert r["to_abbreviation"] == aware.astimezone(rdst).tzname()
    status, out, _ = cli("convert", wall, src, dst, *extra)
    assert status == 0
    lines = out.splitlines()
    assert ("does not exist" in lines[0]) == imaginary
    assert ("happens twice" in lines[0]) == (ambiguous and fold is None)
    for r in got["readings"]:
        assert any(r["from"] in line and r["to"] in line for line in lines)


def test_convert_errors() -> None:
    status, _, err = cli("convert", "2024-03-10T02:30Z", "UTC", "Europe/Paris")
    assert status == 2 and "takes no offset" in err
    status, _, err = cli("convert", "0001-01-01", "Asia/Tokyo", "UTC")
    assert status == 2 and "outside datetime's range" in err and err.count("\n") == 1
    status, out, _ = cli("convert", "0001-01-01T12:00", "Asia/Tokyo", "UTC", "--json")
    expected = datetime(1, 1, 1, 12, tzinfo=zoneinfo.ZoneInfo("Asia/Tokyo")).astimezone(
        zoneinfo.ZoneInfo("UTC"))
    assert status == 0 and json.loads(out)["readings"][0]["to"] == expected.isoformat()
    status, _, err = cli("convert", "2024-03-10", "UTC", "UTC", "--fold", "2")
    assert status == 2 and err.count("\n") == 1


# --- the command itself ------------------------------------------------------------------

def test_help_lists_every_command_without_markup() -> None:
    status, out, _ = cli("--help")
    assert status == 0 and "``" not in out and out.startswith("usage: tzcompat ")
    for command in ("show", "transitions", "list", "convert", "migrate", "run"):
        assert f"\n    {command} " in out or f"\n    {command}\n" in out
    for command in ("show", "transitions", "list", "convert"):
        status, out, _ = cli(command, "--help")
        assert status == 0 and out.startswith(f"usage: tzcompat {command} ") and "``" not in out


def test_version() -> None:
    status, out, _ = cli("--version")
    assert status == 0
    assert out == f"tzcompat {tzcompat.__version__} (time zone data {tzcompat.data_version()})\n"


def test_demo_runs_on_the_default_data() -> None:
    status, out, err = cli()
    # stderr: at most the note that the tzdata package is newer (tests/cli/test_edges.py)
    assert status == 0 and all(" note: " in line for line in err.splitlines())
    assert f"{len(tzcompat.available_timezones())} zones" in out.splitlines()[0]
    now = datetime.now(timezone.utc)
    ny = [line for line in out.splitlines() if "America/New_York" in line][0]
    assert now.astimezone(zoneinfo.ZoneInfo("America/New_York")).tzname() in ny


def test_migrate_and_run_use_the_invoked_name() -> None:
    status, out, _ = cli("migrate", "--help")
    assert status == 0 and out.startswith("usage: tzcompat migrate ")
    status, out, _ = cli("run", "--help")
    assert status == 0 and out.startswith("usage: tzcompat run ")
    status, _, err = cli("migrate")
    assert status == 2 and "tzcompat migrate: error:" in err


# --- never a traceback -------------------------------------------------------------------

KEYS = sorted(zoneinfo.available_timezones())[::25] + ["UTC", "America/New_York"]
ODD = st.sampled_from(["", "-", "--", "..", "/", "Europe/", "\udcff", "a\x00b", "-h", "--json",
                       "0001-01-01", "9999-12-31T23:59:59.999999", "2020-W53-7T24", "1e9",
                       "--start", "--fold", "+14:00", "\u0661\u0669\u0667\u0660-01-01"])
TIMES = st.one_of(
    st.datetimes(min_value=datetime(1, 1, 1), max_value=datetime(9999, 12, 31, 23, 59)).map(
        datetime.isoformat),
    st.builds(lambda d, off: d.isoformat() + off,
              st.datetimes(min_value=datetime(1, 1, 1), max_value=datetime(9999, 12, 31)),
              st.sampled_from(["Z", "+14:00", "-12:00", "+23:59", "-0000"])),
    st.text(max_size=20), ODD)
ZONES = st.one_of(st.sampled_from(KEYS), st.text(max_size=15), ODD)
YEARS = st.one_of(st.integers(-3, 10003).map(str), st.text(max_size=6), ODD)


@st.composite
def command_lines(draw: st.DrawFn) -> list[str]:
    command = draw(st.sampled_from(["show", "transitions", "list", "convert", "other"]))
    if command == "show":
        argv = ["show", draw(ZONES)] + (["--at", draw(TIMES)] if draw(st.booleans()) else [])
    elif command == "transitions":
        start = draw(st.integers(-3, 10003))
        argv = ["transitions", draw(ZONES), "--start", str(start)]
        if draw(st.booleans()):
            argv += ["--end", draw(st.one_of(st.integers(start - 3, start + 3).map(str), YEARS))]
    elif command == "list":
        argv = ["list", *draw(st.lists(st.one_of(ZONES, st.just("--country")), max_size=3))]
    elif command == "convert":
        argv = ["convert", draw(TIMES), draw(ZONES), draw(ZONES)]
        if draw(st.booleans()):
            argv += ["--fold", draw(st.one_of(st.sampled_from(["0", "1"]), YEARS))]
    else:
        argv = draw(st.lists(st.one_of(ODD, st.text(max_size=8)), max_size=4))
    if draw(st.booleans()):
        argv.append("--json")
    return argv


@given(command_lines())
def test_odd_command_lines_never_raise(argv: list[str]) -> None:
    if argv[:1] in (["migrate"], ["run"]):
        return  # other commands, tested with their modules
    status, out, err = cli(*argv)
    assert status in (0, 1, 2), (argv, status)
    if status:
        assert err.count("\n") == 1 and err.startswith("tzcompat"), (argv, err)
        assert "Traceback" not in err
    if status == 0 and "--json" in argv and "-h" not in argv and "--help" not in argv:
        json.loads(out)


def test_migrate_counts_errors_in_words(tmp_path) -> None:  # noqa: ANN001
    _needs.module("libcst")
    (tmp_path / "bad.py").write_text("import pytz\ndef f(:\n")
    status, _, err = cli("migrate", "--check", "--jobs", "1", str(tmp_path / "bad.py"))
    # Files that cannot be parsed make the run exit 2 (docs/codemod-ci.md: exit codes).
    assert status == 2 and ", 1 error (" in err and "1 errors" not in err
    (tmp_path / "worse.py").write_text("import pytz\nclass (:\n")
    status, _, err = cli("migrate", "--check", "--jobs", "1", str(tmp_path))
    assert status == 2 and ", 2 errors (" in err
