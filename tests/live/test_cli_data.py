"""`tzcompat data` and `tzcompat diff` on generated zoneinfo directories."""

from __future__ import annotations

import contextlib
import io
import json

import pytest

import tzcompat
from tzcompat._cli import main

from .. import _needs
from ._data import CHANGE, dst_start, write_file, write_release, zone_new

KEY = "Test/Zone"


def cli(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(list(argv), prog="tzcompat")
    return status, out.getvalue(), err.getvalue()


@pytest.fixture
def two(tmp_path) -> tuple[str, str]:
    a, b = str(tmp_path / "a"), str(tmp_path / "b")
    write_release(a, "2030a")
    write_release(b, "2030b")
    return a, b


def test_data_lists_sources_in_search_order(live, tmp_path):
    other = str(tmp_path / "other")
    write_release(other, "2030b")
    tzcompat.reset_tzpath([live.root, other, str(tmp_path / "absent")])
    status, out, err = cli("data", "--json")
    assert status == 0
    found = json.loads(out)
    kinds = [(s["kind"], s["path"]) for s in found["sources"]]
    assert kinds[:3] == [("tzpath", live.root), ("tzpath", other),
                         ("tzpath", str(tmp_path / "absent"))]
    assert kinds[3][0] == "tzdata"
    first, second, absent = found["sources"][:3]
    assert (first["version"], first["in_use"], first["present"]) == ("2030a", True, True)
    assert (second["version"], second["in_use"]) == ("2030b", False)
    assert absent["present"] is False and absent["version"] is None
    assert first["age_days"] == 0 and first["modified"]
    assert found["in_use"] == live.root
    # The newer directory behind the one in use is worth a warning.
    assert any(other in w and "older" in w for w in found["warnings"])
    status, out, err = cli("data")
    assert status == 0 and live.root in out and "2030a" in out
    assert f"tzcompat: warning: the data in use ({live.root}, 2030a) is older than" in err


def test_data_warns_when_tzdata_is_newer(live, tmp_path):
    _needs.module("tzdata")
    old = str(tmp_path / "old")
    write_release(old, "2030a")
    write_file(old, "tzdata.zi", b"# version 1999a\n")
    tzcompat.reset_tzpath([old])
    status, out, err = cli("data")
    assert status == 0
    assert "1999a" in out
    assert "older than tzdata" in err and 'PYTHONTZPATH=""' in err


def test_data_without_warning(live):
    # Release 2030a is newer than any tzdata or pytz release installed next to it.
    status, out, err = cli("data", "--json")
    assert status == 0
    assert json.loads(out)["warnings"] == [] and err == ""
    status, out, err = cli("data")
    assert status == 0 and err == "" and "* tzpath   2030a" in out


def test_diff_two_versions_of_a_zone(two):
    a, b = two
    status, out, err = cli("diff", a, b, "--json", "--start", "2020", "--end", "2028")
    assert status == 1 and err == ""
    result = json.loads(out)
    assert result["a"] == {"source": a, "version": "2030a"}
    assert result["b"] == {"source": b, "version": "2030b"}
    assert [z["key"] for z in result["zones"]] == ["Test/Other", KEY]
    spans = result["zones"][1]["differences"]
    assert spans[0]["from_timestamp"] == CHANGE
    assert spans[0]["until_timestamp"] == dst_start(2027)
    assert spans[0]["a"] == {"utcoffset": -18000, "dst": 0, "abbreviation": "EST"}
    assert spans[0]["b"] == {"utcoffset": -14400, "dst": 0, "abbreviation": "EPT"}
    assert spans[1]["a"]["abbreviation"] == "EDT" and spans[1]["b"]["abbreviation"] == "EPT"
    assert spans[-1]["until"] == "2029-01-01T00:00:00Z"
    assert result["same"] == 2 and result["only_in_a"] == [] and result["unreadable"] == {}
    status, out, _ = cli("diff", a, b, "--start", "2020", "--end", "2028")
    assert status == 1
    assert "2026-11-01T06:00:00Z .. 2027-03-14T07:00:00Z  A -05:00 EST  B -04:00 EPT" in out
    assert out.rstrip().endswith("2 zone(s) differ, 2 agree")


def test_diff_identical_and_ranges(two):
    a, b = two
    assert cli("diff", a, b, "--keys", "Test/Fixed")[0] == 0
    # Before the change both releases agree.
    status, out, _ = cli("diff", a, b, "--start", "2015", "--end", "2025")
    assert status == 0 and "0 zone(s) differ, 4 agree" in out
    assert cli("diff", a, a)[0] == 0


def test_diff_reports_missing_and_unreadable(two):
    a, b = two
    write_file(b, "Test/Extra", zone_new())
    write_file(a, "Test/Other", zone_new()[:90])
    status, out, _ = cli("diff", a, b, "--json")
    result = json.loads(out)
    assert status == 1
    assert result["only_in_b"] == ["Test/Extra"]
    assert list(result["unreadable"]) == [f"{a}:Test/Other"]


@pytest.mark.parametrize(("argv", "message"), [
    (("diff", "/no/such/dir", "tzdata"), "no such zone data source '/no/such/dir'"),
    (("diff", "A", "B", "--start", "0"), "no such zone data source 'A'"),
    (("diff", "{a}", "{b}", "--start", "2030", "--end", "2020"), "must not be before"),
    (("diff", "{a}", "{b}", "--start", "0"), "--start must be a year in 1..9999"),
    (("diff", "{a}", "{b}", "--keys", "Nope/Zone"), "unknown time zone 'Nope/Zone'"),
    (("diff", "{a}", "{b}", "--keys", "../etc"), "invalid time zone key"),
])
def test_diff_errors_are_one_line(two, argv, message):
    a, b = two
    status, out, err = cli(*(x.format(a=a, b=b) for x in argv))
    assert status == 2 and out == ""
    assert message in err and err.count("\n") == 1 and err.startswith("tzcompat: error: ")


def test_diff_named_sources(live):
    from tzcompat import _tzpath

    assert cli("diff", "system", live.root, "--keys", KEY)[0] == 0
    if _tzpath.tzdata_root() is not None:
        status, out, _ = cli("diff", "tzdata", _tzpath.tzdata_root(), "--keys", "UTC", "--json")
        assert status == 0 and json.loads(out)["same"] == 1
    from tzcompat._cli._data import _pytz_dir

    bundle = _pytz_dir()
    if bundle is not None:
        status, out, _ = cli("diff", "pytz", bundle, "--keys", "Europe/Paris", "--json")
        assert status == 0 and json.loads(out)["a"]["source"] == "pytz"
    else:
        assert cli("diff", "pytz", live.root)[0] == 2
