"""Issue 36, the edges of parse_rfc9557 and recheck(): zones= loaders (None is an unknown
zone, a pytz-style zone is refused), one check of the policy arguments for both, one
verdict per value under disambiguation="reject", and one verdict per value whatever its
form (the offset rule is the same for strings and records)."""

from __future__ import annotations

import zoneinfo
from datetime import datetime, timedelta, timezone

import pytest

import tzcompat
import tzcompat.dateutil.tz as our_dateutil_tz
import tzcompat.pytz as our_pytz
from tzcompat import ZoneInfo, parse_rfc9557, recheck

from .._needs import module

UTC = timezone.utc
STORED = "2031-07-01T14:00:00+02:00[Europe/Berlin]"
UNKNOWN = "2031-07-01T14:00:00+02:00[Europe/Atlantis]"


def _real_gettz():
    return module("dateutil.tz").gettz


@pytest.mark.parametrize("gettz", [our_dateutil_tz.gettz, "real"])
def test_a_loader_that_returns_none_does_not_know_the_zone(gettz):
    """dateutil's gettz returns None for a name it does not know: that is an unknown zone
    (the documented error), not a datetime with only the stored offset."""
    gettz = _real_gettz() if gettz == "real" else gettz
    assert gettz("Europe/Atlantis") is None
    with pytest.raises(ValueError, match=r"'Europe/Atlantis' is not in the zone data in use "
                                         r"at position 26$"):
        parse_rfc9557(UNKNOWN, zones=gettz)
    found = recheck([UNKNOWN, STORED], zones=gettz)
    assert [(c.index, c.reason) for c in found] == [(0, "missing")]
    # A known zone from the same loader: a datetime carrying that zone, at the instant.
    dt = parse_rfc9557(STORED, zones=gettz)
    assert dt.tzinfo is not None and dt.tzinfo is not timezone(timedelta(hours=2))
    assert dt.astimezone(UTC) == datetime(2031, 7, 1, 12, tzinfo=UTC)
    assert type(dt.tzinfo).__module__.split(".")[0] in ("dateutil", "tzcompat")


@pytest.mark.parametrize("timezone_of", [our_pytz.timezone, "real"])
def test_a_pytz_style_zone_is_refused_with_the_way_to_a_tzinfo(timezone_of):
    """A pytz zone must be localized, never attached: attached, it answers with its first
    period (local mean time). Refused, naming how to get a tzinfo."""
    timezone_of = module("pytz").timezone if timezone_of == "real" else timezone_of
    for call in (lambda: parse_rfc9557(STORED, zones=timezone_of),
                 lambda: recheck([STORED], zones=timezone_of)):
        with pytest.raises(TypeError, match=r"pytz-style zone for 'Europe/Berlin'.*"
                                            r"tzcompat\.pytz\.timezone\(key\)\.zoneinfo"):
            call()
    # The way the message names gives the same answers as the default lookup.
    via_pytz = parse_rfc9557(STORED, zones=lambda key: our_pytz.timezone(key).zoneinfo)
    default = parse_rfc9557(STORED)
    assert via_pytz == default and via_pytz.utcoffset() == default.utcoffset()


def test_a_loader_giving_something_else_is_a_type_error():
    with pytest.raises(TypeError, match="must give a tzinfo .* not int"):
        parse_rfc9557(STORED, zones=lambda key: 3600)
    with pytest.raises(TypeError, match="must give a tzinfo"):
        recheck([STORED], zones=lambda key: "Europe/Berlin")


@pytest.mark.parametrize("value", ["earliest", "Compatible", "", None, 1, "compatible "])
def test_recheck_checks_disambiguation_as_parse_does(value):
    """recheck accepted any disambiguation ("earliest" acted as "compatible")."""
    with pytest.raises(ValueError) as parsed:
        parse_rfc9557(STORED, disambiguation=value)
    with pytest.raises(ValueError) as rechecked:
        recheck([STORED], disambiguation=value)
    assert str(parsed.value) == str(rechecked.value)
    assert str(parsed.value).startswith("disambiguation must be one of 'compatible', ")


def test_recheck_under_reject_lists_every_value_and_goes_on():
    """With disambiguation="reject" a value whose wall time is skipped or repeated is
    listed (index, reason, both readings where they exist) and the scan continues."""
    la = "America/Los_Angeles"
    values = [
        "2020-03-08T02:30:00-08:00[America/Los_Angeles]",   # the clocks skip 02:30
        (datetime(2020, 11, 1, 1, 30), "-06:00", la),      # repeated wall, neither offset
        "2020-01-01T12:00:00-02:00[America/Sao_Paulo]",      # an ordinary stale offset
        "2020-06-01T12:00:00-07:00[America/Los_Angeles]",    # valid
    ]
    found = recheck(values, disambiguation="reject")
    assert [(c.index, c.reason) for c in found] == [(0, "gap"), (1, "offset"), (2, "offset")]
    ref = zoneinfo.ZoneInfo(la)
    gap, fold, plain = found
    assert gap.same_wall is None and fold.same_wall is None
    # The stored instants, read by the standard library.
    assert gap.same_instant.astimezone(UTC) == datetime(2020, 3, 8, 10, 30, tzinfo=UTC)
    assert fold.same_instant.astimezone(UTC) == datetime(2020, 11, 1, 7, 30, tzinfo=UTC)
    assert fold.same_instant.utcoffset() == fold.same_instant.astimezone(ref).utcoffset()
    assert plain.same_wall.isoformat() == "2020-01-01T12:00:00-03:00"
    # Under the default the same values get a resolved wall reading each.
    assert all(c.same_wall is not None for c in recheck(values))


def _lmt_of_new_york() -> int:
    """New York's local mean time offset in seconds, from the standard library."""
    off = datetime(1800, 1, 1, tzinfo=zoneinfo.ZoneInfo("America/New_York")).utcoffset()
    return int(off.total_seconds())


def _forms(offset_text: str, seconds: int) -> list[object]:
    wall, key = datetime(1800, 1, 1), "America/New_York"
    return [f"1800-01-01T00:00:00{offset_text}[{key}]", (wall, offset_text, key),
            (wall.isoformat(), timedelta(seconds=seconds), key), (wall, seconds, key),
            {"wall": wall, "offset": offset_text, "key": key}]


def test_one_verdict_per_value_whatever_its_form():
    """New York's local mean time is -04:56:02. Written with seconds it matches exactly;
    written to the minute (as RFC 3339 and Temporal write it) it matches too, in every form
    (before issue 36 the string was accepted and the same record listed as changed); any
    other offset is listed in every form."""
    lmt = _lmt_of_new_york()
    assert lmt == -(4 * 3600 + 56 * 60 + 2)
    minute = -(4 * 3600 + 56 * 60)
    for text, seconds in (("-04:56:02", lmt), ("-04:56", minute)):
        values = _forms(text, seconds)
        assert recheck(values) == [], text
        assert parse_rfc9557(values[0]).utcoffset() == timedelta(seconds=lmt)
    for text, seconds in (("-04:57", minute - 60), ("-04:56:01", lmt + 1), ("-04:55", minute + 60)):
        values = _forms(text, seconds)
        assert [c.reason for c in recheck(values)] == ["offset"] * len(values), text
        with pytest.raises(ValueError, match="not valid"):
            parse_rfc9557(values[0])


def test_the_default_lookup_and_an_explicit_one_agree():
    """zones=tzcompat.ZoneInfo is the default; the stdlib's class works as a loader too."""
    for zones in (None, tzcompat.ZoneInfo, zoneinfo.ZoneInfo):
        dt = parse_rfc9557("2020-11-01T01:30:00-08:00[America/Los_Angeles]", zones=zones)
        assert dt.fold == 1 and dt.astimezone(UTC).hour == 9
    assert parse_rfc9557(STORED).tzinfo is ZoneInfo("Europe/Berlin")
