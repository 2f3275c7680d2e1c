"""RFC 9557 strings for standard-library datetimes: round trips for every zone, the RFC's
own examples, Temporal's documented conflict outcomes, and one clear error per bad string."""

from __future__ import annotations

import os
import re
import zoneinfo
from datetime import datetime, timedelta, timezone

import pytest
from hypothesis import given
from hypothesis import strategies as st

import tzcompat
from tzcompat import ZoneInfo, format_rfc9557, parse_rfc9557

UTC = timezone.utc
KEYS = sorted(zoneinfo.available_timezones())
EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


def same(a: datetime, b: datetime) -> bool:
    """Same instant, same wall time, same offset, same fold, same zone object."""
    return (a == b and a.replace(tzinfo=None) == b.replace(tzinfo=None)
            and a.utcoffset() == b.utcoffset() and a.fold == b.fold and a.tzinfo is b.tzinfo)


# --- round trips ------------------------------------------------------------------------


def _transition_instants(zone, lo, hi):
    for tr in zone.transitions(lo, hi):
        for delta in (-3601, -1, 0, 1, 1799, 3600):
            yield tr.timestamp + delta


def test_round_trip_every_zone_at_its_transitions():
    """Every zone, around each transition 1960-2040 (into and out of gaps and folds): the
    string reads back as the very same datetime (fold included) under every offset policy."""
    lo, hi = datetime(1960, 1, 1, tzinfo=UTC), datetime(2040, 1, 1, tzinfo=UTC)
    checked = folds = 0
    for key in KEYS:
        zone = ZoneInfo(key)
        stamps = list(_transition_instants(zone, lo, hi))[:240] or [0, 10**9]
        for ts in stamps:
            dt = (EPOCH + timedelta(seconds=ts)).astimezone(zone)
            text = format_rfc9557(dt)
            for policy in ("reject", "prefer", "use"):
                back = parse_rfc9557(text, offset=policy)
                assert same(back, dt), (key, text, policy, back)
            checked += 1
            folds += dt.fold
    assert checked > 20000 and folds > 1000


def _walls_around(tr):
    """Wall times at a transition (the old clock's reading of the change, through the gap
    or fold the change makes, and just after it), as naive datetimes."""
    before, after = tr.before.utcoffset, tr.after.utcoffset
    start = (EPOCH + timedelta(seconds=tr.timestamp) + before).replace(tzinfo=None)
    width = abs(after - before)
    one = timedelta(seconds=1)
    half = timedelta(seconds=int(width.total_seconds()) // 2)
    return {start - one, start, start + half, start + width - one, start + width,
            start + width + one}


def test_every_string_written_reads_back_around_every_transition():
    """Issue 36: whatever wall time a datetime holds (one the clocks skip or repeat, either
    fold), format_rfc9557 writes the standard library's reading of the datetime's instant,
    and parse_rfc9557 with the default policies reads it back to that instant. Every zone
    1850-2040; every 7th transition under the default hypothesis profile (rotated per zone),
    all of them under TZCOMPAT_HYPOTHESIS_PROFILE=deep."""
    stride = 1 if os.environ.get("TZCOMPAT_HYPOTHESIS_PROFILE") == "deep" else 7
    lo, hi = datetime(1850, 1, 1, tzinfo=UTC), datetime(2040, 1, 1, tzinfo=UTC)
    checked = skipped_walls = 0
    for n, key in enumerate(KEYS):
        zone, ref = ZoneInfo(key), zoneinfo.ZoneInfo(key)
        for tr in list(zone.transitions(lo, hi))[n % stride::stride]:
            for wall in _walls_around(tr):
                for fold in (0, 1):
                    dt = wall.replace(tzinfo=zone, fold=fold)
                    instant = wall.replace(tzinfo=ref, fold=fold).astimezone(UTC)
                    text = format_rfc9557(dt)
                    assert text == f"{instant.astimezone(ref).isoformat()}[{key}]", (dt, text)
                    back = parse_rfc9557(text)
                    assert back.astimezone(UTC) == instant and back.tzinfo is zone, text
                    assert format_rfc9557(back) == text
                    checked += 1
                    skipped_walls += not text.startswith(wall.isoformat())
    assert checked > (40000 if stride > 1 else 300000) and skipped_walls > 1000, \
        (checked, skipped_walls)


def test_a_skipped_wall_time_is_written_as_its_instants_reading():
    """The issue's example: 02:30 on 2024-03-10 in New York does not exist. fold=0 denotes
    the instant 07:30 UTC (03:30 EDT), fold=1 06:30 UTC (01:30 EST); each is written so, and
    neither reads as changed data (before issue 36: '02:30:00-05:00', refused on reading)."""
    ny = ZoneInfo("America/New_York")
    written = [format_rfc9557(datetime(2024, 3, 10, 2, 30, tzinfo=ny, fold=f)) for f in (0, 1)]
    assert written == ["2024-03-10T03:30:00-04:00[America/New_York]",
                       "2024-03-10T01:30:00-05:00[America/New_York]"]
    assert [parse_rfc9557(t).astimezone(UTC).hour for t in written] == [7, 6]
    assert tzcompat.recheck(written) == []


@given(st.sampled_from(KEYS), st.integers(-62135596800 + 86400, 253402300799 - 86400),
       st.integers(0, 999999))
def test_round_trip_drawn_instants(key, ts, micro):
    zone = ZoneInfo(key)
    dt = (EPOCH + timedelta(seconds=ts, microseconds=micro)).astimezone(zone)
    text = format_rfc9557(dt)
    assert same(parse_rfc9557(text), dt)
    # The fields written are the datetime's own (its isoformat, up to the seconds).
    assert text.startswith(dt.replace(tzinfo=None, microsecond=0).isoformat())
    assert text.endswith(f"[{key}]")


@given(st.sampled_from(KEYS), st.integers(0, 2**31), st.sampled_from([0, 1]),
       st.sampled_from(["compatible", "earlier", "later"]))
def test_skipped_and_repeated_wall_times(key, ts, fold, disambiguation):
    """A wall time the clocks skip or repeat, with either fold: the string written holds
    the zone's reading of the datetime's instant, so it reads back to that instant under
    every offset policy; the wall time alone resolves as Temporal documents."""
    zone = ZoneInfo(key)
    tr = zone.next_transition(ts)
    if tr is None:
        return
    wall = (EPOCH + timedelta(seconds=tr.timestamp) + tr.before.utcoffset).replace(tzinfo=None)
    gap = tr.after.utcoffset - tr.before.utcoffset
    wall += gap / 2 if gap > timedelta(0) else -gap / 2 if gap else timedelta(0)
    dt = wall.replace(tzinfo=zone, fold=fold)
    text = format_rfc9557(dt)
    for policy in ("reject", "use", "prefer", "ignore"):
        assert parse_rfc9557(text, offset=policy).timestamp() == dt.timestamp(), policy
    readings = sorted({(wall - dt.replace(fold=f).utcoffset()) for f in (0, 1)})
    bare = f"{wall.isoformat()}[{key}]"  # the wall time alone: disambiguation decides
    resolved = parse_rfc9557(bare, disambiguation=disambiguation)
    stamp = resolved.astimezone(UTC).replace(tzinfo=None)
    if zone.is_imaginary(dt):
        # Not written as the skipped wall time (which no reading of any instant shows).
        assert parse_rfc9557(text).replace(tzinfo=None) != wall
        # earlier: the offset after the change continued; later/compatible: the one before.
        want = readings[0] if disambiguation == "earlier" else readings[-1]
        assert stamp == want
        assert resolved.replace(tzinfo=None) != wall
        with pytest.raises(ValueError, match="skip"):
            parse_rfc9557(bare, disambiguation="reject")
    elif zone.is_ambiguous(dt):
        assert text.startswith(wall.isoformat())  # a repeated wall time is real: as it is
        want = readings[-1] if disambiguation == "later" else readings[0]
        assert stamp == want and resolved.replace(tzinfo=None) == wall
        # The stored offset picks the occurrence (reject/prefer), whatever disambiguation.
        assert same(parse_rfc9557(text, disambiguation="reject"), dt)


# --- the RFC's examples ------------------------------------------------------------------

PARIS = "Europe/Paris"


def test_rfc_examples():
    base = datetime(1996, 12, 20, 0, 39, 57, tzinfo=UTC)
    plain = parse_rfc9557("1996-12-19T16:39:57-08:00")
    assert plain == base and plain.utcoffset() == timedelta(hours=-8)
    zoned = parse_rfc9557("1996-12-19T16:39:57-08:00[America/Los_Angeles]")
    assert zoned == base and zoned.tzinfo is ZoneInfo("America/Los_Angeles")
    # u-ca is about presentation: the instant and the fields stay as written.
    hebrew = parse_rfc9557("1996-12-19T16:39:57-08:00[America/Los_Angeles][u-ca=hebrew]")
    assert same(hebrew, zoned)
    # Experimental keys: rejected unless configured (never here).
    with pytest.raises(ValueError, match=r"experimental .* at position 25"):
        parse_rfc9557("1996-12-19T16:39:57-08:00[_foo=bar][_baz=bat]")
    # Offset time zone, consistent.
    fixed = parse_rfc9557("2022-07-08T00:14:07+08:45[+08:45]")
    assert fixed.utcoffset() == timedelta(hours=8, minutes=45)
    assert fixed == datetime(2022, 7, 7, 15, 29, 7, tzinfo=UTC)
    shown = parse_rfc9557("2022-07-08T00:14:07Z[+08:45]")  # Z: the local time is derived
    assert shown.replace(tzinfo=None) == datetime(2022, 7, 8, 8, 59, 7)
    assert shown.utcoffset() == timedelta(hours=8, minutes=45)
    with pytest.raises(ValueError, match="not valid"):
        parse_rfc9557("2022-07-08T00:14:07+08:00[+08:45]")
    assert parse_rfc9557("2022-07-08T00:14:07+08:00[+08:45]", offset="use") == \
        datetime(2022, 7, 7, 16, 14, 7, tzinfo=UTC)
    # Z with a zone: the instant, shown in the zone (never a conflict).
    z = parse_rfc9557("2022-07-08T00:14:07Z[Europe/Paris]")
    assert z.replace(tzinfo=None) == datetime(2022, 7, 8, 2, 14, 7) and z.tzinfo is ZoneInfo(PARIS)
    for text in ("2022-07-08T00:14:07Z[!Europe/London]",
                 "2022-07-08T00:14:07-00:00[!Europe/London]",
                 "2022-07-08t00:14:07z[!Europe/London]"):
        london = parse_rfc9557(text)
        assert london.replace(tzinfo=None) == datetime(2022, 7, 8, 1, 14, 7)
        assert london.utcoffset() == timedelta(hours=1)
    # Unknown elective key: ignored; critical: an error.
    assert parse_rfc9557("2022-07-08T00:14:07+01:00[knort=blargel]") == \
        parse_rfc9557("2022-07-08T00:14:07+01:00")
    with pytest.raises(ValueError, match=r"critical annotation 'knort' at position 20"):
        parse_rfc9557("2022-07-08T00:14:07Z[!knort=blargel]")
    # Duplicate keys: elective, the first wins; a critical one that disagrees is an error.
    assert parse_rfc9557("2022-07-08T00:14:07Z[u-ca=chinese][u-ca=japanese]") == \
        datetime(2022, 7, 8, 0, 14, 7, tzinfo=UTC)
    for text in ("2022-07-08T00:14:07Z[!u-ca=chinese][u-ca=japanese]",
                 "2022-07-08T00:14:07Z[u-ca=chinese][!u-ca=japanese]"):
        with pytest.raises(ValueError, match="repeated|critical calendar 'chinese'"):
            parse_rfc9557(text)
    assert parse_rfc9557("2022-07-08T00:14:07Z[!u-ca=gregory]").tzinfo is UTC
    with pytest.raises(ValueError, match="critical calendar 'hebrew'"):
        parse_rfc9557("2022-07-08T00:14:07Z[!u-ca=hebrew]")


def test_rfc_inconsistent_offset_and_zone():
    """+01:00 with Europe/Paris in July (it had +02:00): critical or elective, the
    default policy rejects; 'use' keeps the RFC 3339 instant, as the RFC allows."""
    for text in ("2022-07-08T00:14:07+01:00[Europe/Paris]",
                 "2022-07-08T00:14:07+01:00[!Europe/Paris]"):
        with pytest.raises(ValueError, match=r"offset \+01:00 is not valid"):
            parse_rfc9557(text)
        kept = parse_rfc9557(text, offset="use")
        assert kept == datetime(2022, 7, 7, 23, 14, 7, tzinfo=UTC)
        assert kept.replace(tzinfo=None) == datetime(2022, 7, 8, 1, 14, 7)
    with pytest.raises(ValueError, match="not valid"):
        parse_rfc9557("2022-07-08T00:14:07+00:00[!Europe/London]")
    assert parse_rfc9557("2022-07-08T01:14:07+01:00[!Europe/London]") == \
        datetime(2022, 7, 8, 0, 14, 7, tzinfo=UTC)
    with pytest.raises(ValueError, match="not valid"):
        parse_rfc9557("2022-07-08T00:14:07+08:00[!+08:45]")


# --- Temporal's documented outcomes --------------------------------------------------------


def fmt(dt):
    return format_rfc9557(dt)


def test_temporal_offset_option_sao_paulo():
    """Brazil abolished DST in 2019; a string stored before keeps -02:00 for January 2020."""
    saved = "2020-01-01T12:00-02:00[America/Sao_Paulo]"
    with pytest.raises(ValueError, match=r"-02:00 is not valid .* \(valid: -03:00\)"):
        parse_rfc9557(saved)
    with pytest.raises(ValueError):
        parse_rfc9557(saved, offset="reject")
    zone = "[America/Sao_Paulo]"
    assert fmt(parse_rfc9557(saved, offset="use")) == "2020-01-01T11:00:00-03:00" + zone
    assert fmt(parse_rfc9557(saved, offset="ignore")) == "2020-01-01T12:00:00-03:00" + zone
    assert fmt(parse_rfc9557(saved, offset="prefer")) == "2020-01-01T12:00:00-03:00" + zone


@pytest.mark.parametrize(("disambiguation", "gap", "fold"), [
    ("compatible", "2020-03-08T03:30:00-07:00", "2020-11-01T01:30:00-07:00"),
    ("earlier", "2020-03-08T01:30:00-08:00", "2020-11-01T01:30:00-07:00"),
    ("later", "2020-03-08T03:30:00-07:00", "2020-11-01T01:30:00-08:00"),
])
def test_temporal_disambiguation_los_angeles(disambiguation, gap, fold):
    la = "[America/Los_Angeles]"
    got = parse_rfc9557("2020-03-08T02:30:00" + la, disambiguation=disambiguation)
    assert fmt(got) == gap + la
    got = parse_rfc9557("2020-11-01T01:30:00" + la, disambiguation=disambiguation)
    assert fmt(got) == fold + la
    # An offset that no reading has: 'ignore' and 'prefer' fall back to disambiguation.
    for policy in ("ignore", "prefer"):
        got = parse_rfc9557("2020-03-08T02:30:00-06:00" + la, offset=policy,
                            disambiguation=disambiguation)
        assert fmt(got) == gap + la


def test_temporal_disambiguation_reject_and_berlin():
    with pytest.raises(ValueError, match="occurs twice"):
        parse_rfc9557("2020-11-01T01:30:00[America/Los_Angeles]", disambiguation="reject")
    with pytest.raises(ValueError, match="does not exist"):
        parse_rfc9557("2020-03-08T02:30:00[America/Los_Angeles]", disambiguation="reject")
    # Berlin, clocks moving forward on 2019-03-31 (getInstantFor in Temporal's tests).
    for dis, instant in (("compatible", "01:45"), ("earlier", "00:45"), ("later", "01:45")):
        got = parse_rfc9557("2019-03-31T02:45:00[Europe/Berlin]", disambiguation=dis)
        assert got.astimezone(UTC).strftime("%H:%M") == instant


def test_temporal_offset_picks_the_occurrence():
    """offset 'prefer' (and 'reject') with an offset valid for one of two readings."""
    van = "[America/Vancouver]"
    first = parse_rfc9557("2000-10-29T01:30:00-07:00" + van, offset="prefer")
    second = parse_rfc9557("2000-10-29T01:30:00-08:00" + van, offset="prefer")
    assert fmt(first) == "2000-10-29T01:30:00-07:00" + van and first.fold == 0
    assert fmt(second) == "2000-10-29T01:30:00-08:00" + van and second.fold == 1
    assert second.timestamp() - first.timestamp() == 3600
    # The ambiguity page: the second 1:30 in Los Angeles, kept by its offset.
    la = parse_rfc9557("2020-11-01T01:30-08:00[America/Los_Angeles]")
    assert fmt(la) == "2020-11-01T01:30:00-08:00[America/Los_Angeles]" and la.fold == 1
    # In a gap no offset is valid: reject raises even with disambiguation allowed.
    with pytest.raises(ValueError, match="skip that time"):
        parse_rfc9557("2020-03-08T02:30:00-08:00[America/Los_Angeles]")


def test_minute_rounded_local_mean_time_offsets():
    """Writers that round offsets to minutes (RFC 3339, Temporal) still match LMT."""
    exact = parse_rfc9557("1900-01-01T00:00:00+00:19:32[Europe/Amsterdam]")
    rounded = parse_rfc9557("1900-01-01T00:00:00+00:20[Europe/Amsterdam]")
    assert same(exact, rounded) and exact.utcoffset() == timedelta(minutes=19, seconds=32)
    assert format_rfc9557(exact) == "1900-01-01T00:00:00+00:19:32[Europe/Amsterdam]"
    with pytest.raises(ValueError, match="not valid"):
        parse_rfc9557("1900-01-01T00:00:00+00:19:33[Europe/Amsterdam]")


# --- formatting ------------------------------------------------------------------------------


def test_format_variants():
    berlin = ZoneInfo("Europe/Berlin")
    dt = datetime(2031, 7, 1, 14, 0, tzinfo=berlin)
    assert format_rfc9557(dt) == "2031-07-01T14:00:00+02:00[Europe/Berlin]"
    assert format_rfc9557(dt, critical=True) == "2031-07-01T14:00:00+02:00[!Europe/Berlin]"
    assert format_rfc9557(dt.replace(microsecond=250000)) == \
        "2031-07-01T14:00:00.25+02:00[Europe/Berlin]"
    assert format_rfc9557(dt.astimezone(UTC)) == "2031-07-01T12:00:00Z"
    assert format_rfc9557(dt.astimezone(timezone(timedelta(hours=-3)))) == \
        "2031-07-01T09:00:00-03:00"
    std = zoneinfo.ZoneInfo("Europe/Berlin")
    assert format_rfc9557(dt.replace(tzinfo=std)) == "2031-07-01T14:00:00+02:00[Europe/Berlin]"
    with pytest.raises(ValueError, match="naive"):
        format_rfc9557(datetime(2031, 7, 1))
    with pytest.raises(TypeError):
        format_rfc9557("2031-07-01")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="no IANA key"):
        format_rfc9557(dt.replace(tzinfo=ZoneInfo.from_file(open(tzcompat.ZoneInfo(
            "Europe/Berlin").source, "rb"))))


def test_options_are_checked():
    with pytest.raises(ValueError, match="offset must be one of"):
        parse_rfc9557("2022-07-08T00:14:07Z", offset="keep")
    with pytest.raises(ValueError, match="disambiguation must be one of"):
        parse_rfc9557("2022-07-08T00:14:07Z", disambiguation="first")


# --- bad strings --------------------------------------------------------------------------------

BAD = [
    ("", 0), ("2022", 4), ("22-07-08T00:14:07Z", 2), ("2022-7-08T00:14:07Z", 6),
    ("2022-13-08T00:14:07Z", 5), ("2022-02-30T00:14:07Z", 8), ("2022-07-08X00:14:07Z", 10),
    ("2022-07-08T24:00:00Z", 11), ("2022-07-08T00:60:00Z", 14), ("2022-07-08T00:14:60Z", 17),
    ("2022-07-08T00:14:07.Z", 20), ("2022-07-08T00:14:07.1234567891Z", 29),
    ("2022-07-08T00:14:07,Z", 20), ("2022-07-08T00:14:07", 19),
    ("2022-07-08T00:14:07+010", 22), ("2022-07-08T00:14:07+0100:00", 24),
    ("2022-07-08T00:14:07+01:00.5", 25), ("2022-07-08T00:14:07+24:00", 20),
    ("2022-07-08T00:14:07Z ", 20), ("2022-07-08T00:14:07Z[]", 21),
    ("2022-07-08T00:14:07Z[Europe/Paris", 20), ("2022-07-08T00:14:07Z[Europe//Paris]", 28),
    ("2022-07-08T00:14:07Z[../etc/passwd]", 21), ("2022-07-08T00:14:07Z[1Europe]", 21),
    ("2022-07-08T00:14:07Z[Europe/Zürich]", 29),
    ("2022-07-08T00:14:07Z[Europe/Paris][Europe/London]", 34),
    ("2022-07-08T00:14:07Z[u-ca=hebrew][Europe/Paris]", 33),
    ("2022-07-08T00:14:07Z[U-CA=hebrew]", 21),
    ("2022-07-08T00:14:07Z[u-ca=a--b]", 28), ("2022-07-08T00:14:07Z[u-ca=a_b]", 27),
    ("2022-07-08T00:14:07Z[=x]", 21), ("2022-07-08T00:14:07Z[!!u-ca=hebrew]", 22),
    ("2022-07-08T00:14:07+08:45[+08:45:30]", 26),
    ("2022-07-08T00:14:07Z[Mars/Olympus_Mons]", 21), ("2022-07-08T00:14:07Z[UTC+1]", 21),
    ("2022-07-08T00:14:07Z[!Mars/Olympus_Mons]", 22), ("2022-07-08[Europe/Paris]", 10),
    ("9999-12-31T23:59:59Z[Asia/Tokyo]", 0),
]


@pytest.mark.parametrize(("text", "position"), BAD)
def test_bad_strings_name_the_position(text, position):
    with pytest.raises(ValueError) as info:
        parse_rfc9557(text)
    message = str(info.value)
    assert message.startswith("invalid RFC 9557 string"), message
    assert re.search(rf"at position {position}$", message), message
    assert message.count("position") == 1


def test_a_huge_suffix_is_refused_quickly():
    with pytest.raises(ValueError, match="longer than"):
        parse_rfc9557("2022-07-08T00:14:07Z" + "[a=b]" * 100000)


# --- recheck() inputs and outputs (its differential test is tests/live/test_recheck.py) ------


def test_recheck_inputs_and_results():
    from tzcompat import recheck

    sao = "America/Sao_Paulo"  # no DST since 2019: -02:00 in January 2020 is stale
    values = [
        "2020-01-01T12:00:00-02:00[America/Sao_Paulo]",          # changed
        "2020-01-01T12:00:00-03:00[America/Sao_Paulo]",          # valid
        (datetime(2020, 1, 1, 12), timedelta(hours=-2), sao),     # changed (timedelta)
        {"wall": "2020-01-01T12:00:00", "offset": -7200, "key": sao},  # changed (seconds)
        (datetime(2020, 1, 1, 12), "-03:00", sao),                # valid (string offset)
        (datetime(2020, 1, 1, 12), "+01:00", "Mars/Olympus_Mons"),  # zone missing
        "2020-01-01T12:00:00Z[America/Sao_Paulo]",               # an instant: nothing to check
        "2020-01-01T12:00:00-02:00",                              # no zone
        "2020-03-08T02:30:00-08:00[America/Los_Angeles]",        # a wall time the clocks skip
    ]
    found = recheck(values)
    assert [c.index for c in found] == [0, 2, 3, 5, 8]
    assert [c.reason for c in found] == ["offset", "offset", "offset", "missing", "gap"]
    first = found[0]
    assert first.value is values[0] and first.key == sao
    assert first.wall == datetime(2020, 1, 1, 12) and first.stored_offset == timedelta(hours=-2)
    assert first.same_instant.isoformat() == "2020-01-01T11:00:00-03:00"
    assert first.same_wall.isoformat() == "2020-01-01T12:00:00-03:00"
    assert repr(first) == ("ChangedTime(0, 2020-01-01T12:00:00-02:00[America/Sao_Paulo]: "
                           "same instant 2020-01-01T11:00:00-03:00, "
                           "same wall time 2020-01-01T12:00:00-03:00)")
    assert found[1] != first and found[1].same_wall == first.same_wall
    assert found[3].same_instant is None and "zone not in the data" in repr(found[3])
    gap = found[4]
    assert gap.same_instant.isoformat() == "2020-03-08T03:30:00-07:00"
    assert gap.same_wall.isoformat() == "2020-03-08T03:30:00-07:00"
    earlier = recheck(values[8:], disambiguation="earlier")[0]
    assert earlier.same_wall.isoformat() == "2020-03-08T01:30:00-08:00"


@pytest.mark.parametrize(("value", "match"), [
    ("2020-13-01T12:00:00-02:00[America/Sao_Paulo]", r"month 13 .* at position 5"),
    ((datetime(2020, 1, 1, tzinfo=UTC), 0, "UTC"), "naive"),
    ((datetime(2020, 1, 1), "0200", "UTC"), "offset '0200'"),
    ((datetime(2020, 1, 1), 86400, "UTC"), "under 24 hours"),
    ({"wall": "2020-01-01T00:00"}, "missing"),
    (42, "a stored value is"),
    # the standard library's words (3.15 names the range)
    (("2020-02-30T00:00", 0, "UTC"), r"day (is out of range|30 must be in range)"),
])
def test_recheck_reports_a_bad_value_and_goes_on(value, match):
    """A malformed value is one verdict ("invalid", with the error), as a missing zone is:
    the values after it are still checked (issue 36; before, the batch stopped)."""
    from tzcompat import recheck

    stale = "2020-01-01T12:00:00-02:00[America/Sao_Paulo]"  # Sao Paulo: no DST since 2019
    found = recheck(["2020-01-01T12:00:00-03:00[America/Sao_Paulo]", value, stale])
    assert [(c.index, c.reason) for c in found] == [(1, "invalid"), (2, "offset")]
    bad = found[0]
    assert bad.value is value and re.search(match, bad.error), bad.error
    assert bad.key is bad.wall is bad.stored_offset is bad.same_wall is None
    assert repr(bad) == f"ChangedTime(1, invalid: {bad.error})"
    with pytest.raises(TypeError):
        recheck("2020-01-01T12:00:00-03:00[America/Sao_Paulo]")


_PIECES = ["2022", "-", "07", "08", "T", "t", " ", "00", ":", "14", "07", ".", "5", "Z", "z",
           "+", "01", "60", "24", "[", "]", "!", "=", "u-ca", "hebrew", "Europe/Paris", "/",
           "..", "_x", "Mars", "+08:45", "9", "0", "ü", "\x00"]


@given(st.lists(st.sampled_from(_PIECES), max_size=24).map("".join))
def test_any_string_gives_a_datetime_or_one_value_error(text):
    """Whatever the string (built from the grammar's own pieces, so many are near misses),
    the reader returns an aware datetime or raises ValueError, under every policy."""
    for policy in ("reject", "use", "ignore", "prefer"):
        try:
            dt = parse_rfc9557(text, offset=policy)
        except ValueError:
            continue
        assert isinstance(dt, datetime) and dt.utcoffset() is not None
