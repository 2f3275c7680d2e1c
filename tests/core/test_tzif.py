"""Crafted TZif files (built with tzif_builder) through both tzcompat and the stdlib.

Well-formed files must give the stdlib's answers everywhere.  Malformed files must make
tzcompat raise ValueError with a message; the stdlib is consulted only where it gives a
clean answer itself (see zoneinfo-reference.md section 1.11: on truncated data it raises
struct.error, on a footer without a trailing newline it loops forever, and on bad
transition indexes the C version may crash -- the stdlib is never called on those).
"""

from __future__ import annotations

import io
import json
import os
import signal
import zoneinfo
from contextlib import contextmanager
from datetime import datetime, timedelta
from zoneinfo import _zoneinfo as py_zoneinfo

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import tzcompat

from ._helpers import (
    SYSTEM_ROOT,
    compare_around_instant,
    compare_everywhere,
    pair_from_bytes,
    raw_read,
    run_python,
    utc_dt,
    zone_bytes,
)
from .tzif_builder import TTInfo, build_tzif, leap_records

# --------------------------------------------------------------------------------------
# Building blocks
# --------------------------------------------------------------------------------------
LMT = TTInfo(-17762, False, "LMT")
EST = TTInfo(-18000, False, "EST")
EDT = TTInfo(-14400, True, "EDT")


def _ny_like_transitions(first_year=1970, last_year=2037):
    """US rules 2007+ style transitions (second Sunday of March, first of November),
    computed with plain datetime arithmetic."""
    out = [(-2717650800, 1)]
    for y in range(first_year, last_year + 1):
        mar = datetime(y, 3, 8)
        mar += timedelta(days=(6 - mar.weekday()) % 7)
        nov = datetime(y, 11, 1)
        nov += timedelta(days=(6 - nov.weekday()) % 7)
        start = mar + timedelta(hours=2) - timedelta(hours=-5)  # 02:00 EST -> UTC
        end = nov + timedelta(hours=2) - timedelta(hours=-4)  # 02:00 EDT -> UTC
        out.append((int((start - datetime(1970, 1, 1)).total_seconds()), 2))
        out.append((int((end - datetime(1970, 1, 1)).total_seconds()), 1))
    return out


NY_TRANS = _ny_like_transitions()
NY_TYPES = [LMT, EST, EDT]
NY_FOOTER = "EST5EDT,M3.2.0,M11.1.0"


def _rebuild(source, key, version, **kw):
    raw = raw_read(zone_bytes(source, key))
    types = [TTInfo(u, bool(d), a) for u, d, a in zip(raw.utoffs, raw.isdsts, raw.abbrs)]
    footer = kw.pop("footer", raw.footer)
    return build_tzif(list(zip(raw.times, raw.idxs)), types, footer, version, **kw)


def _y(year, month=1, day=1, hour=0):
    return int((datetime(year, month, day, hour) - datetime(1970, 1, 1)).total_seconds())


def _check_same(data: bytes, where: str, years=()):
    ours, ref = pair_from_bytes(data, key="Crafted/Zone")
    compare_everywhere(ours, ref, raw_read(data), where, years)
    return ours, ref


# --------------------------------------------------------------------------------------
# Well-formed files: same answers as the stdlib
# --------------------------------------------------------------------------------------
VALID = {
    # Versions 1-4 of the same data.  v1 carries 32-bit data and no footer (behaves as
    # an empty footer); v2+ continue with the rule.
    "v1_only": build_tzif(NY_TRANS, NY_TYPES, None, 1),
    "v2": build_tzif(NY_TRANS, NY_TYPES, NY_FOOTER, 2),
    "v3": build_tzif(NY_TRANS, NY_TYPES, NY_FOOTER, 3),
    "v4": build_tzif(NY_TRANS, NY_TYPES, NY_FOOTER, 4),
    "v2_slim_empty_v1_block": build_tzif(NY_TRANS[:20], NY_TYPES, NY_FOOTER, 2, v1="empty"),
    "v4_slim_empty_v1_block": build_tzif(NY_TRANS[:20], NY_TYPES, NY_FOOTER, 4, v1="empty"),
    # A zone that ends on a rule long before 2037 (like tzdata's slim files).
    "ends_on_rule": build_tzif(_ny_like_transitions(1970, 1975), NY_TYPES, NY_FOOTER, 2),
    # Empty footer: the last type holds forever.
    "empty_footer": build_tzif(NY_TRANS[:11], NY_TYPES, "", 2),
    "empty_footer_v3": build_tzif(NY_TRANS[:12], NY_TYPES, "", 3),
    # No transitions at all.
    "no_transitions_one_type_empty_footer": build_tzif([], [TTInfo(3600, False, "CET")], "", 2),
    "no_transitions_one_type_v1": build_tzif([], [TTInfo(-36000, False, "HST")], None, 1),
    "no_transitions_footer_rule": build_tzif([], [EST], NY_FOOTER, 2),
    "no_transitions_footer_fixed": build_tzif([], [TTInfo(0, False, "UTC")], "<+0530>-5:30", 2),
    "no_transitions_two_types": build_tzif([], [EST, EDT], "", 2),
    # Negative DST (Irish style): IST is standard, GMT is the isdst type in winter.
    "negative_dst": build_tzif(
        [
            (-2821649679, 1),
            (_y(1971, 10, 31, 2), 2),
            (_y(1972, 3, 19, 2), 1),
            (_y(1972, 10, 29, 2), 2),
            (_y(1973, 3, 18, 2), 1),
        ],
        [TTInfo(-1521, False, "LMT"), TTInfo(3600, False, "IST"), TTInfo(0, True, "GMT")],
        "IST-1GMT0,M10.5.0,M3.5.0/1",
        2,
    ),
    # Double summer time: GMT -> BST -> BDST -> BST -> GMT.
    "double_summer_time": build_tzif(
        [
            (_y(1941, 3, 1, 1), 1),
            (_y(1941, 5, 4, 1), 2),
            (_y(1941, 8, 10, 1), 1),
            (_y(1941, 11, 2, 2), 0),
            (_y(1942, 4, 5, 1), 1),
            (_y(1942, 5, 3, 1), 2),
            (_y(1942, 8, 9, 1), 1),
            (_y(1942, 10, 25, 2), 0),
        ],
        [TTInfo(0, False, "GMT"), TTInfo(3600, True, "BST"), TTInfo(7200, True, "BDST")],
        "GMT0BST,M3.5.0/1,M10.5.0",
        2,
    ),
    # LMT offsets with seconds, positive and negative, and a second-granular transition.
    "lmt_seconds": build_tzif(
        [(-2890252800, 1), (-1535938789, 2), (_y(1950, 1, 1) + 17, 3)],
        [
            TTInfo(5989, False, "LMT"),
            TTInfo(5989, False, "HMT"),
            TTInfo(-3599, False, "XMT"),
            TTInfo(7200, False, "EET"),
        ],
        "EET-2EEST,M3.5.0/3,M10.5.0/4",
        2,
    ),
    # Offsets near the +-24 h limit of datetime.
    "extreme_offsets": build_tzif(
        [(0, 1), (86400 * 400, 2), (86400 * 800, 0)],
        [TTInfo(0, False, "UTC"), TTInfo(86399, False, "HI"), TTInfo(-86399, False, "LO")],
        "",
        2,
    ),
    # Transitions far outside datetime's range (and the zic "big bang").
    "huge_timestamps": build_tzif(
        [(-(2**62), 1), (-(2**59), 2), (0, 1), (2**62, 2)],
        [TTInfo(3600, False, "AAA"), TTInfo(7200, False, "BBB"), TTInfo(-7200, False, "CCC")],
        "",
        2,
    ),
    "big_bang_then_rule": build_tzif(
        [(-(2**59), 1), *[(t, i) for t, i in NY_TRANS[1:9]]], NY_TYPES, NY_FOOTER, 2
    ),
    # Leap-second records are skipped by both (v2 and v4 style tables, and a v1 file).
    "leap_seconds_v2": build_tzif(NY_TRANS, NY_TYPES, NY_FOOTER, 2, leaps=leap_records(27)),
    "leap_seconds_v4_first_not_one": build_tzif(
        NY_TRANS, NY_TYPES, NY_FOOTER, 4, leaps=[(78796800, 10), (94694401, 11)]
    ),
    "leap_seconds_v1": build_tzif(NY_TRANS, NY_TYPES, None, 1, leaps=leap_records(5)),
    # Standard/wall and UT/local indicators present.
    "isstd_isut": build_tzif(NY_TRANS, NY_TYPES, NY_FOOTER, 2, isstd=[0, 1, 0], isut=[0, 1, 0]),
    # Abbreviation indexes pointing into the middle of another one (suffix sharing).
    "shared_abbr_suffix": build_tzif(
        [(-2334101314, 1), (-1157283000, 2), (-1155436200, 1)],
        [TTInfo(-37886, False, "LMT"), TTInfo(-36000, False, "HST"), TTInfo(-32400, True, "HDT")],
        "HST10",
        2,
        abbr_chars=b"LMT\x00AHST\x00HDT\x00",
        abbrinds=[0, 5, 9],
    ),
    # Transitions that change only the abbreviation, only isdst, or nothing at all.
    "abbr_only_isdst_only_noop": build_tzif(
        [(-1000000000, 1), (-900000000, 2), (-800000000, 3), (-700000000, 3), (0, 1)],
        [
            TTInfo(3600, False, "LMT"),
            TTInfo(3600, False, "CET"),
            TTInfo(3600, False, "MET"),
            TTInfo(3600, True, "MET"),
        ],
        "CET-1",
        2,
    ),
    # Type 0 is a DST type (the "before first transition" type is then the first std one).
    "first_type_is_dst": build_tzif(
        [(-1000000000, 1), (-900000000, 0), (-800000000, 1)],
        [TTInfo(7200, True, "XDT"), TTInfo(3600, False, "XST")],
        "XST-1",
        2,
    ),
    # A phantom transition to the only type: still a fixed-offset zone.
    "phantom_transition_fixed": build_tzif([(0, 0)], [TTInfo(-18000, False, "EST")], "EST5", 2),
    # Two types, one unused: not fixed for the stdlib (utcoffset(None) is None).
    "unused_second_type": build_tzif(
        [], [TTInfo(0, False, "UTC"), TTInfo(3600, True, "BST")], "", 2
    ),
    # Southern hemisphere rule (DST across the new year) after explicit data.
    "southern_rule": build_tzif(
        [(_y(2000, 3, 26, 16), 1), (_y(2000, 10, 28, 16), 2)],
        [TTInfo(36000, False, "AEST"), TTInfo(36000, False, "AEST"), TTInfo(39600, True, "AEDT")],
        "AEST-10AEDT,M10.1.0,M4.1.0/3",
        2,
    ),
    # Half-hour DST (Lord Howe style), v3 permanent-DST-like and extended-hour footers.
    "half_hour_dst": build_tzif(
        [(_y(1990, 1, 1), 1)],
        [TTInfo(36000, False, "AEST"), TTInfo(37800, False, "+1030")],
        "<+1030>-10:30<+11>-11,M10.1.0,M4.1.0",
        2,
    ),
    "v3_extended_hours": build_tzif(
        [(_y(2010, 1, 1), 1)],
        [TTInfo(-7200, False, "-02"), TTInfo(-10800, False, "-03")],
        "<-03>3<-02>,M3.5.0/-2,M10.5.0/-1",
        3,
    ),
    "v3_permanent_dst": build_tzif([(0, 1)], [EST, EDT], "EST5EDT,0/0,J365/25", 3),
    "v3_jewish_style_hour_167": build_tzif(
        [(0, 0)], [TTInfo(7200, False, "IST")], "IST-2IDT,M3.4.4/26,M10.5.0", 3
    ),
}


@pytest.mark.parametrize("name", sorted(VALID))
def test_crafted_valid_file_matches_stdlib(name):
    ours, ref = _check_same(VALID[name], name)
    assert ours.key == ref.key == "Crafted/Zone"


def test_many_transitions_match_stdlib():
    """A long file (20000 transitions); compared at every 97th transition."""
    trans = [(-(2**33) + k * 1_000_003, k % 2) for k in range(20000)]
    data = build_tzif(trans, [TTInfo(3600, False, "AAA"), TTInfo(7200, True, "BBB")], "AAA-1", 2)
    ours, ref = pair_from_bytes(data)
    for t, _ in trans[::97]:
        compare_around_instant(ours, ref, t, (-1, 0, 1), "many")


@pytest.mark.parametrize("version", [2, 3, 4])
@pytest.mark.parametrize(
    "key", ["America/New_York", "Europe/Dublin", "Australia/Lord_Howe", "America/Nuuk"]
)
def test_rebuilt_real_zone_matches_stdlib(key, version):
    """Real data re-encoded by the builder, at each version (also checks the builder)."""
    data = _rebuild("system", key, version)
    _check_same(data, f"{key}@v{version}")


@pytest.mark.parametrize("key", ["America/New_York", "Europe/London", "Asia/Tehran"])
def test_v1_truncation_of_real_file_matches_stdlib(key):
    """A v2 file cut at its second header is a valid v1 file (as CPython's V1 tests do)."""
    data = zone_bytes("system", key)
    cut = data.index(b"TZif", 4)
    v1 = b"TZif\x00" + data[5:cut]
    _check_same(v1, f"{key}@v1-cut")


def test_v1_only_ignores_rule_and_holds_last_type():
    ours, ref = pair_from_bytes(VALID["v1_only"])
    late = datetime(2100, 7, 1, 12)
    # The stdlib holds the last type (EST) forever; so must we.
    assert ours.utcoffset(late) == ref.utcoffset(late) == timedelta(hours=-5)


def test_read_tzif_accepts_bytes_and_file_objects():
    data = VALID["v3"]
    a = tzcompat.read_tzif(data)
    b = tzcompat.read_tzif(io.BytesIO(data))
    assert a == b
    raw = raw_read(data)
    assert a.version == 3
    assert tuple(a.trans_utc) == raw.times
    assert tuple(a.trans_idx) == raw.idxs
    assert tuple(a.utcoff) == raw.utoffs
    assert tuple(bool(x) for x in a.isdst) == tuple(bool(x) for x in raw.isdsts)
    assert tuple(a.abbr) == raw.abbrs
    assert a.footer == NY_FOOTER


def test_read_tzif_v1_has_no_footer_and_empty_footer_is_empty_string():
    assert tzcompat.read_tzif(VALID["v1_only"]).footer is None
    assert tzcompat.read_tzif(VALID["empty_footer"]).footer == ""


def test_read_tzif_keeps_leaps_and_indicators():
    leaps = leap_records(27)
    data = build_tzif(
        NY_TRANS, NY_TYPES, NY_FOOTER, 2, leaps=leaps, isstd=[0, 1, 0], isut=[0, 1, 1]
    )
    t = tzcompat.read_tzif(data)
    assert tuple(tuple(x) for x in t.leaps) == tuple(leaps)
    assert tuple(bool(x) for x in t.isstd) == (False, True, False)
    assert tuple(bool(x) for x in t.isut) == (False, True, True)


def test_from_file_reads_a_real_file_object():
    with open(os.path.join(SYSTEM_ROOT, "America/New_York"), "rb") as f:
        ours = tzcompat.ZoneInfo.from_file(f)
    ref = zoneinfo.ZoneInfo("America/New_York")
    for y in (1800, 1950, 2020, 2200):
        for m in (1, 7):
            dt = datetime(y, m, 15, 12)
            assert ours.utcoffset(dt) == ref.utcoffset(dt)
    assert ours.key is None


# --------------------------------------------------------------------------------------
# Malformed files
# --------------------------------------------------------------------------------------
class _Timeout(Exception):
    pass


@contextmanager
def _deadline(seconds: int):
    """Fail instead of hanging (SIGALRM works in the main thread, where pytest runs)."""

    def handler(signum, frame):
        raise _Timeout(f"no answer within {seconds}s (hang?)")

    old = signal.signal(signal.SIGALRM, handler)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def _ours_rejects(data: bytes, structural: bool = True):
    """tzcompat must raise ValueError with a message, quickly: from_file always, and
    read_tzif too when the damage is in the file structure (read_tzif returns the footer
    as text; its TZ-string grammar is checked when a zone is built)."""
    with _deadline(10):
        with pytest.raises(ValueError) as e1:
            tzcompat.ZoneInfo.from_file(io.BytesIO(data))
        assert str(e1.value).strip(), "ValueError without a message"
        if structural:
            with pytest.raises(ValueError) as e2:
                tzcompat.read_tzif(data)
            assert str(e2.value).strip(), "ValueError without a message"
    return e1.value


SMALL = build_tzif(NY_TRANS[:5], NY_TYPES, NY_FOOTER, 2)

# Files the stdlib itself rejects with ValueError (safe to call it).
STDLIB_VALUEERROR = {
    "empty": b"",
    "bad_magic": b"TZiF" + SMALL[4:],
    "not_tzif_text": b"# tzdb timezone descriptions\n",
    "no_types_no_footer": build_tzif([], [], "", 2),
    "no_types_no_footer_v1": build_tzif([], [], None, 1),
    "bad_footer_garbage": build_tzif(NY_TRANS[:5], NY_TYPES, "!!!", 2),
    "bad_footer_dst_without_rules": build_tzif(NY_TRANS[:5], NY_TYPES, "EST5EDT", 2),
    "bad_footer_one_rule": build_tzif(NY_TRANS[:5], NY_TYPES, "EST5EDT,M3.2.0", 2),
    "bad_footer_hour_168": build_tzif(NY_TRANS[:5], NY_TYPES, "EST5EDT,M3.2.0/168,M11.1.0", 3),
    "bad_footer_offset_25h": build_tzif(NY_TRANS[:5], NY_TYPES, "AAA25", 2),
    "bad_footer_J0": build_tzif(NY_TRANS[:5], NY_TYPES, "EST5EDT,J0,J100", 2),
    "bad_footer_J366": build_tzif(NY_TRANS[:5], NY_TYPES, "EST5EDT,J1,J366", 2),
    "bad_footer_month_13": build_tzif(NY_TRANS[:5], NY_TYPES, "EST5EDT,M13.1.0,M11.1.0", 2),
    "bad_footer_week_6": build_tzif(NY_TRANS[:5], NY_TYPES, "EST5EDT,M3.6.0,M11.1.0", 2),
    "bad_footer_weekday_7": build_tzif(NY_TRANS[:5], NY_TYPES, "EST5EDT,M3.2.7,M11.1.0", 2),
    "bad_footer_rules_without_dst": build_tzif(NY_TRANS[:5], NY_TYPES, "GMT0,M3.2.0,M11.1.0", 2),
    # C raises ValueError ("Invalid STD format"), the pure-Python one UnicodeDecodeError
    # (a ValueError subclass).
    "non_utf8_footer": build_tzif(NY_TRANS[:5], NY_TYPES, b"\xff\xfe\xfd5", 2),
    "bad_version_letter": build_tzif(NY_TRANS[:5], NY_TYPES, NY_FOOTER, 2, version_byte=b"A"),
    "v1_counts_misaligned": build_tzif(
        NY_TRANS[:5], NY_TYPES, NY_FOOTER, 2, v1_counts={"charcnt": 1000}
    ),
}


@pytest.mark.parametrize("name", sorted(STDLIB_VALUEERROR))
def test_malformed_rejected_like_stdlib(name):
    data = STDLIB_VALUEERROR[name]
    with _deadline(10), pytest.raises(ValueError):
        zoneinfo.ZoneInfo.from_file(io.BytesIO(data))
    _ours_rejects(data, structural=not name.startswith("bad_footer"))


def _idx_file(bad_pos: int, bad_value: int) -> bytes:
    trans = list(NY_TRANS[:7])
    t, _ = trans[bad_pos]
    trans[bad_pos] = (t, bad_value)
    return build_tzif(trans, NY_TYPES, NY_FOOTER, 2)


# Files where the stdlib crashes, hangs or raises something other than ValueError;
# only tzcompat is run on these.
OURS_ONLY = {
    "header_only": SMALL[:44],
    "footer_without_trailing_newline": build_tzif(
        NY_TRANS[:5], NY_TYPES, NY_FOOTER, 2, footer_end=b""
    ),
    "empty_footer_without_trailing_newline": build_tzif(
        NY_TRANS[:5], NY_TYPES, "", 2, footer_end=b""
    ),
    "footer_without_leading_newline": build_tzif(
        NY_TRANS[:5], NY_TYPES, NY_FOOTER, 2, footer_lead=b""
    ),
    "no_footer_at_all_v2": build_tzif(
        NY_TRANS[:5], NY_TYPES, "", 2, footer_lead=b"", footer_end=b""
    ),
    "footer_endless_line": build_tzif(NY_TRANS[:5], NY_TYPES, b"A" * 2_000_000, 2, footer_end=b""),
    "trans_idx_equal_typecnt_first": _idx_file(0, 3),
    "trans_idx_equal_typecnt_middle": _idx_file(3, 3),
    "trans_idx_255_last": _idx_file(6, 255),
    "transitions_but_no_types": build_tzif(
        NY_TRANS[:3], [], NY_FOOTER, 2, counts={"typecnt": 0}, v1="empty"
    ),
    "abbr_index_out_of_range": build_tzif(
        NY_TRANS[:5],
        NY_TYPES,
        NY_FOOTER,
        2,
        abbr_chars=b"LMT\x00EST\x00EDT\x00",
        abbrinds=[0, 4, 200],
    ),
    "abbr_not_nul_terminated": build_tzif(
        NY_TRANS[:5], NY_TYPES, NY_FOOTER, 2, abbr_chars=b"LMT\x00EST\x00EDT", abbrinds=[0, 4, 8]
    ),
    "v2_header_bad_magic": SMALL[: SMALL.index(b"TZif", 4)]
    + b"XXXX"
    + SMALL[SMALL.index(b"TZif", 4) + 4 :],
}


@pytest.mark.parametrize("name", sorted(OURS_ONLY))
def test_malformed_rejected_by_ours(name):
    _ours_rejects(OURS_ONLY[name])


@pytest.mark.parametrize("version", [1, 2, 3, 4])
def test_every_truncation_is_a_clean_valueerror(version):
    """Cut a small valid file at every byte: each prefix is rejected with ValueError."""
    footer = None if version == 1 else NY_FOOTER
    data = build_tzif(NY_TRANS[:6], NY_TYPES, footer, version, leaps=leap_records(2))
    tzcompat.read_tzif(data)  # the whole file is fine
    for n in range(len(data)):
        try:
            _ours_rejects(data[:n])
        except AssertionError as exc:  # pragma: no cover - report the cut position
            raise AssertionError(f"prefix of {n}/{len(data)} bytes: {exc}") from exc


def test_transition_lookahead_out_of_bounds_loads():
    """gh-145883: the last transition is to a DST type preceded by another DST type (the
    stdlib's dst inference then indexes past the end: IndexError in py, crash in C).
    CPython main loads such a file; the UTC offsets and names come straight from the data."""
    types = [
        TTInfo(0, False, "STD"),
        TTInfo(3600, True, "DS1"),
        TTInfo(7200, True, "DS2"),
        TTInfo(0, False, "XXX"),
    ]
    trans = [(0, 0), (1_000_000, 1), (2_000_000, 2)]
    data = build_tzif(trans, types, "", 2)
    with _deadline(10):
        zone = tzcompat.ZoneInfo.from_file(io.BytesIO(data))
    for ts, (utoff, abbr) in [
        (500_000, (0, "STD")),
        (1_500_000, (3600, "DS1")),
        (9_000_000, (7200, "DS2")),
    ]:
        local = zone.fromutc(utc_dt(ts).replace(tzinfo=zone))
        assert local.utcoffset() == timedelta(seconds=utoff)
        assert local.tzname() == abbr
        assert isinstance(local.dst(), timedelta)


def test_utoff_beyond_datetime_range():
    """An offset of a whole day is valid TZif but not representable by datetime: it must
    be a ValueError (at load, or when the period is used, as the stdlib does), never a
    wrong answer."""
    data = build_tzif([(0, 1)], [TTInfo(0, False, "UTC"), TTInfo(86400, False, "DAY")], "", 2)
    ref = zoneinfo.ZoneInfo.from_file(io.BytesIO(data))
    with pytest.raises(ValueError):
        datetime(2000, 1, 1, tzinfo=ref).utcoffset()
    with _deadline(10), pytest.raises(ValueError):
        zone = tzcompat.ZoneInfo.from_file(io.BytesIO(data))
        datetime(2000, 1, 1, tzinfo=zone).utcoffset()


# --------------------------------------------------------------------------------------
# Hostile header counts: run in a child with a memory limit and a timeout
# --------------------------------------------------------------------------------------
BIG = 2**31 - 1


def _tiny(**counts) -> bytes:
    """A 100-byte file whose (v2) header claims ``counts``."""
    data = build_tzif([], [TTInfo(0, False, "UTC")], "", 2, v1="empty", counts=counts)
    return (data + b"\x00" * 100)[:100]


def _tiny_v1(**counts) -> bytes:
    data = build_tzif([], [TTInfo(0, False, "UTC")], None, 1, counts=counts)
    return (data + b"\x00" * 100)[:100]


HOSTILE = {
    "timecnt_2_31": _tiny(timecnt=BIG),
    "typecnt_2_31": _tiny(typecnt=BIG),
    "charcnt_2_31": _tiny(charcnt=BIG),
    "leapcnt_2_31": _tiny(leapcnt=BIG),
    "isstdcnt_2_31": _tiny(isstdcnt=BIG),
    "isutcnt_2_31": _tiny(isutcnt=BIG),
    "all_counts_2_31": _tiny(
        timecnt=BIG, typecnt=BIG, charcnt=BIG, leapcnt=BIG, isstdcnt=BIG, isutcnt=BIG
    ),
    "v1_timecnt_2_31": _tiny_v1(timecnt=BIG),
    "v1_typecnt_2_31": _tiny_v1(typecnt=BIG),
    "v1_block_of_v2_timecnt_2_31": (
        build_tzif([], [TTInfo(0, False, "UTC")], "", 2, v1_counts={"timecnt": BIG}) + b"\0" * 50
    )[:100],
    "timecnt_negative": _tiny(timecnt=-1),
    "typecnt_negative": _tiny(typecnt=-5),
    "charcnt_negative": _tiny(charcnt=-(2**31)),
    "timecnt_1e6_in_100_bytes": _tiny(timecnt=1_000_000),
    "typecnt_300": _tiny(typecnt=300),
    "typecnt_zero_timecnt_big": _tiny(typecnt=0, timecnt=BIG),
}

_HOSTILE_CHILD = r"""
import io, json, resource, signal, sys, time, tracemalloc
resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))
import tzcompat
cases = json.loads(sys.stdin.read())
out = {}
def alarm(signum, frame):
    raise TimeoutError("hang")
signal.signal(signal.SIGALRM, alarm)
for name, hexdata in cases.items():
    data = bytes.fromhex(hexdata)
    res = []
    for how in ("from_file", "read_tzif"):
        tracemalloc.start()
        t0 = time.perf_counter()
        signal.alarm(5)
        try:
            if how == "from_file":
                tzcompat.ZoneInfo.from_file(io.BytesIO(data))
            else:
                tzcompat.read_tzif(data)
            kind, msg = "ok", ""
        except BaseException as exc:
            kind, msg = type(exc).__name__, str(exc)
            if isinstance(exc, ValueError):
                kind = "ValueError"
        finally:
            signal.alarm(0)
        elapsed = time.perf_counter() - t0
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        res.append([how, kind, msg, elapsed, peak])
    out[name] = res
print(json.dumps(out))
"""


@pytest.fixture(scope="module")
def hostile_results():
    payload = json.dumps({k: v.hex() for k, v in HOSTILE.items()})
    proc = run_python(_HOSTILE_CHILD, input=payload, timeout=120)
    assert proc.returncode == 0, f"child died: rc={proc.returncode} {proc.stderr[-2000:]}"
    return json.loads(proc.stdout)


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_hostile_counts_fail_fast_without_allocating(name, hostile_results):
    assert len(HOSTILE[name]) <= 100
    for how, kind, msg, elapsed, peak in hostile_results[name]:
        assert kind == "ValueError", f"{how}: {kind}: {msg}"
        assert msg.strip(), f"{how}: ValueError without a message"
        assert elapsed < 1.0, f"{how}: took {elapsed:.2f}s"
        assert peak < 8 * 2**20, f"{how}: allocated {peak} bytes for a 100-byte file"


def test_hostile_child_reports_a_good_file_as_ok():
    """The child harness itself must be able to say "ok" (so the test above can fail)."""
    payload = json.dumps({"good": SMALL.hex()})
    proc = run_python(_HOSTILE_CHILD, input=payload)
    res = json.loads(proc.stdout)["good"]
    assert [r[1] for r in res] == ["ok", "ok"]


def test_run_python_helper_works():
    proc = run_python("import tzcompat, sys; print(tzcompat.ZoneInfo('UTC'))")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "UTC"


# --------------------------------------------------------------------------------------
# read_tzif against the stdlib's own reader (zoneinfo._common.load_data)
# --------------------------------------------------------------------------------------
def _load_data(data: bytes):
    from zoneinfo import _common

    idx, utc, utcoff, isdst, abbr, tz = _common.load_data(io.BytesIO(data))
    return (
        tuple(idx),
        tuple(utc),
        tuple(utcoff),
        tuple(bool(x) for x in isdst),
        tuple(abbr),
        None if tz is None else tz.decode(),
    )


def _ours_fields(data: bytes):
    t = tzcompat.read_tzif(data)
    return (
        tuple(t.trans_idx),
        tuple(t.trans_utc),
        tuple(t.utcoff),
        tuple(bool(x) for x in t.isdst),
        tuple(t.abbr),
        t.footer,
    )


@pytest.mark.parametrize("source", ["system", "tzdata"])
def test_read_tzif_matches_stdlib_reader_for_every_zone(source):
    from ._helpers import keys_for

    keys = keys_for(source)
    assert len(keys) > 300
    for key in keys:
        data = zone_bytes(source, key)
        assert _ours_fields(data) == _load_data(data), key


@pytest.mark.parametrize("name", sorted(VALID))
def test_read_tzif_matches_stdlib_reader_for_crafted(name):
    assert _ours_fields(VALID[name]) == _load_data(VALID[name])


# --------------------------------------------------------------------------------------
# dst() inference on random type sequences
# --------------------------------------------------------------------------------------
_OFFSETS = st.sampled_from([-18000, -14400, -3600, 0, 1800, 3600, 7200, 10800])


@st.composite
def _dst_zones(draw):
    """Types with random DST flags and offsets, and a transition sequence over them."""
    ntypes = draw(st.integers(1, 6))
    types = [TTInfo(draw(_OFFSETS), draw(st.booleans()), f"T{i}A") for i in range(ntypes)]
    idx = draw(st.lists(st.integers(0, ntypes - 1), max_size=14))
    return [(10**8 + 10**7 * i, k) for i, k in enumerate(idx)], types


@settings(deadline=None)
@given(_dst_zones())
def test_dst_inference_matches_the_stdlib(zone):
    """The DST offset TZif does not store is inferred as the stdlib's C class infers it.
    Where that inference reads past the last transition (gh-145883) the C class may
    crash and the pure-Python one raises IndexError: those files are left out. (The two
    stdlib classes differ before the first transition when every type is DST: the C
    one, which tzcompat follows, takes type 0.)"""
    transitions, types = zone
    data = build_tzif(transitions, types, "", 2)
    try:
        py_zoneinfo.ZoneInfo.from_file(io.BytesIO(data))
    except IndexError:
        assume(False)
    ref = zoneinfo.ZoneInfo.from_file(io.BytesIO(data))
    ours = tzcompat.ZoneInfo.from_file(io.BytesIO(data))
    for t, _ in transitions:
        for probe in (t - 1, t, t + 1):
            dt = utc_dt(probe).astimezone(ref)
            assert ours.dst(dt.replace(tzinfo=ours)) == ref.dst(dt), (zone, probe)
            assert ours.utcoffset(dt.replace(tzinfo=ours)) == ref.utcoffset(dt)
