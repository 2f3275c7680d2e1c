"""POSIX TZ strings (RFC 8536 section 3.3 and the v3 extensions).

Each rule form is put in the footer of a crafted TZif file with no transitions, so every
instant is answered by the rule; tzcompat and the stdlib (the C class, and the
pure-Python class where noted) must agree everywhere.  Bad strings must be ValueError.
"""

from __future__ import annotations

import calendar
import io
import re
import sys
import zoneinfo
from datetime import datetime, timedelta
from zoneinfo import _zoneinfo as py_zoneinfo

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

import tzcompat
from tzcompat import _posix

from ._helpers import compare_everywhere, footer_difference, pair_from_bytes, raw_read
from .tzif_builder import tzstr_file

PyZoneInfo = py_zoneinfo.ZoneInfo  # the stdlib's pure-Python class

LEAP_AND_CENTURY_YEARS = (1, 4, 100, 400, 1900, 1999, 2000, 2001, 2023, 2024, 2038, 2100, 9996)

VALID_TZSTRS = {
    # Mm.w.d with the default 02:00, explicit times, seconds, and week 5 ("last").
    "M_default_time": "EST5EDT,M3.2.0,M11.1.0",
    "M_explicit_time": "CST6CDT,M3.2.0/2:00:00,M11.1.0/2:00:00",
    "M_last_week": "CET-1CEST,M3.5.0,M10.5.0/3",
    "M_last_week_feb": "AAA5BBB,M2.5.0,M12.5.6",
    "M_first_and_last_days": "XXX-1YYY,M1.1.0/0,M12.5.6/24",
    "M_leading_zero_month": "EST5EDT,M03.2.0,M11.1.0",
    "M_time_seconds": "AAA3BBB,M3.2.0/1:02:03,M11.1.0/23:59:59",
    "M_time_plus_sign": "EST5EDT,M3.2.0/+2,M11.1.0/+2",
    # Jn: 1..365, Feb 29 never counted.
    "J_julian": "AAA3BBB,J60/2,J300/2",
    "J_edges": "AAA3BBB,J1/0,J365/23",
    "J_leading_zero": "EST5EDT,J060,J300",
    "J_around_feb29": "AAA3BBB,J59/23:59:59,J61/0",
    # n: 0..365, zero-based, Feb 29 counted.
    "n_zero_based": "AAA3BBB,59/2,300/2",
    "n_edges": "AAA3BBB,0/0,365/0",
    "n_leading_zero": "EST5EDT,060,300",
    # Southern hemisphere (start later in the year than end).
    "southern_M": "AEST-10AEDT,M10.1.0,M4.1.0/3",
    "southern_nz": "NZST-12NZDT,M9.5.0,M4.1.0/3",
    "southern_J": "AAA5BBB,J300,J60",
    # Negative DST (the DST offset is below the standard one).
    "negative_dst_irish": "IST-1GMT0,M10.5.0,M3.5.0/1",
    "negative_dst_explicit": "AAA3BBB4,M3.2.0,M11.1.0",
    # Quoted names, offsets with minutes and seconds, DST offsets other than +1 h.
    "quoted_half_hour": "<+0330>-3:30<+0430>,J79/24,J263/24",
    "quoted_lord_howe": "<+1030>-10:30<+11>-11,M10.1.0,M4.1.0",
    "offset_seconds": "LMT0:25:21IST-0:34:39,M3.5.0/1,M10.5.0/2",
    "dst_two_hours": "AAA3BBB1,M3.2.0,M11.1.0",
    "large_offsets": "<+13>-13<+14>,M9.5.0/3,M4.1.0/4",
    "offset_near_24": "<-2359>23:59<-2259>,M3.2.0,M11.1.0",
    # v3 extensions: hours -167..167 and permanent DST.
    "v3_negative_time": "<-03>3<-02>,M3.5.0/-2,M10.5.0/-1",
    "v3_hour_26": "IST-2IDT,M3.4.4/26,M10.5.0",
    "v3_hours_167": "AAA3BBB,M3.2.0/167,M11.1.0/-167",
    "v3_permanent_dst_J": "EST5EDT,0/0,J365/25",
    "v3_permanent_dst_quoted": "<-03>3<-02>,0/0,J365/25",
    "v3_permanent_dst_wart": "WART4WARST,J1/0,J365/25",
    # Standard time only.
    "std_only": "EST5",
    "std_only_quoted_negative": "<+0545>-5:45",
    "std_only_zero": "UTC0",
    "std_only_plus_sign": "AAA+3",
    "std_only_leading_zeros": "EST005",
    "std_only_seconds": "AAA-23:59:59",
    "short_names": "A5B,M3.2.0,M11.1.0",
}


def _stdlib_reference(tzstr: str) -> tuple[bytes, type]:
    """TZif data and the stdlib class to compare ``tzstr`` against (both accept it)."""
    data = tzstr_file(tzstr, version=3)
    for cls in (zoneinfo.ZoneInfo, PyZoneInfo):
        cls.from_file(io.BytesIO(data))  # a valid string: neither class may refuse it
    return data, zoneinfo.ZoneInfo


@pytest.mark.parametrize("name", sorted(VALID_TZSTRS))
def test_rule_form_matches_stdlib(name):
    tzstr = VALID_TZSTRS[name]
    data = tzstr_file(tzstr, version=3)
    ref_data, ref_cls = _stdlib_reference(tzstr)
    ours = tzcompat.ZoneInfo.from_file(io.BytesIO(data))
    ref = ref_cls.from_file(io.BytesIO(ref_data))
    compare_everywhere(ours, ref, raw_read(data), f"{name}:{tzstr}", LEAP_AND_CENTURY_YEARS)
    # The pure-Python stdlib agrees with the C one on these strings, and so with us (but
    # where both read the rule otherwise than POSIX: docs/differences.md).
    py = PyZoneInfo.from_file(io.BytesIO(ref_data))
    diff = footer_difference(raw_read(data))
    for y in (1, 2000, 2024, 9999):
        for m in range(1, 13):
            for fold in (0, 1):
                dt = datetime(y, m, 28, 1, 30, fold=fold)
                if diff is not None and diff.wall(dt):
                    state = diff.posix.wall(dt, fold)
                    assert ours.utcoffset(dt) == timedelta(seconds=state.offset), (name, dt)
                    assert ours.tzname(dt) == state.name, (name, dt)
                    continue
                assert ours.utcoffset(dt) == py.utcoffset(dt), (name, dt)
                assert ours.dst(dt) == py.dst(dt), (name, dt)
                assert ours.tzname(dt) == py.tzname(dt), (name, dt)


@pytest.mark.parametrize("name", sorted(VALID_TZSTRS))
def test_parse_posix_tz_accepts_valid(name):
    parsed = tzcompat.parse_posix_tz(VALID_TZSTRS[name])
    assert isinstance(parsed, (tzcompat.PosixTZ, tzcompat.ZoneState))
    if "," not in VALID_TZSTRS[name]:
        # A string without rules is one fixed state; compare it with the stdlib.
        ref_data, ref_cls = _stdlib_reference(VALID_TZSTRS[name])
        ref = ref_cls.from_file(io.BytesIO(ref_data))
        assert isinstance(parsed, tzcompat.ZoneState)
        probe = datetime(2000, 1, 1)
        assert parsed.utcoffset == ref.utcoffset(probe)
        assert parsed.tzname == ref.tzname(probe)
        assert parsed.dst == ref.dst(probe) == timedelta(0)


@pytest.mark.parametrize("version", [2, 3])
def test_rules_continue_after_explicit_data(version):
    """The footer applies after the last transition, in every later year."""
    data = tzstr_file("EST5EDT,M3.2.0,M11.1.0", version=version, utoff=-18000, abbr="EST")
    ours, ref = pair_from_bytes(data)
    for y in (1970, 2037, 2038, 2500, 9999):
        for dt in (datetime(y, 3, 14, 2, 30), datetime(y, 11, 7, 1, 30), datetime(y, 7, 1)):
            for fold in (0, 1):
                d = dt.replace(fold=fold)
                assert ours.utcoffset(d) == ref.utcoffset(d), d


# Strings that both stdlib classes (C and pure-Python) reject.
BAD_TZSTRS = [
    "5",
    "EST5EDT",
    "EST5EDT,M3.2.0",
    "EST5EDT,M3.2.0,M11.1.0,J5",
    "GMT0,M3.2.0,M11.1.0",
    "EST5,M3.2.0,M11.1.0",
    "AAA25",
    "AAA-25",
    "EST5EDT25,M3.2.0,M11.1.0",
    "EST5EDT,M3.2.0/168,M11.1.0",
    "EST5EDT,M3.2.0/-168,M11.1.0",
    "EST5EDT,J0,J100",
    "EST5EDT,J1,J366",
    "EST5EDT,366,0",
    "EST5EDT,-1,5",
    "EST5EDT,M0.1.0,M11.1.0",
    "EST5EDT,M13.1.0,M11.1.0",
    "EST5EDT,M3.0.0,M11.1.0",
    "EST5EDT,M3.6.0,M11.1.0",
    "EST5EDT,M3.1.7,M11.1.0",
    "EST5EDT,M3.2,M11.1.0",
    "EST5EDT,Mx.2.0,M11.1.0",
    "EST5EDT,M3.2.0/,M11.1.0",
    "EST5EDT,M3.2.0/2:0,M11.1.0",
    "EST5EDT,M3.2.0/2:00:0,M11.1.0",
    "EST5EDT,M3.2.0/2:00:00:00,M11.1.0",
    "EST5EDT,,M11.1.0",
    "EST5EDT,M3.2.0,",
    "EST5EDT,J,J5",
    "EST5EDT, M3.2.0,M11.1.0",
    "EST5EDT,M3.2.0 ,M11.1.0",
    "<EST5",
    "<E_T>5",
    "EST5:3",
    "EST1234",
    "EST5:00:00:00",
    "EST+",
    "EST5EDT+",
]

# Strings that 3.11's pure-Python class accepts but the C class (and CPython main)
# rejects: missing std offset (gh-152212), the unescaped "." in Mm.w.d, spaces in
# names (gh-152248), an empty quoted name.
STRICTER_THAN_311_PY = [
    "AAA",
    "A",
    "<+05>",
    "EST5EDT,M3.2X0,M11.1.0",
    "EST 5",
    "E ST5EDT,M3.2.0,M11.1.0",
    "EST5 EDT,M3.2.0,M11.1.0",
    "<>5",
]


@pytest.mark.parametrize("tzstr", BAD_TZSTRS)
def test_bad_tzstr_rejected_like_stdlib(tzstr):
    data = tzstr_file(tzstr, version=3)
    for cls in (zoneinfo.ZoneInfo, PyZoneInfo):
        with pytest.raises(ValueError):
            cls.from_file(io.BytesIO(data))
    with pytest.raises(ValueError) as exc:
        tzcompat.ZoneInfo.from_file(io.BytesIO(data))
    assert str(exc.value).strip()
    with pytest.raises(ValueError) as exc:
        tzcompat.parse_posix_tz(tzstr)
    # CPython main's tests want the offending string in the message.
    assert tzstr in str(exc.value)


@pytest.mark.parametrize("tzstr", STRICTER_THAN_311_PY)
def test_bad_tzstr_rejected_like_c_and_main(tzstr):
    data = tzstr_file(tzstr, version=3)
    with pytest.raises(ValueError):
        tzcompat.ZoneInfo.from_file(io.BytesIO(data))
    with pytest.raises(ValueError) as exc:
        tzcompat.parse_posix_tz(tzstr)
    assert tzstr in str(exc.value)


# Rejected by the C stdlib on every version and by the pure-Python one from 3.14 on
# (3.11-3.13's pure-Python parser takes them: docs/differences.md); tzcompat rejects them on
# every Python, naming the string as both of 3.14's classes do.
REJECTED_AS_314 = [
    "AB\u00c0C3",  # a non-ASCII letter in a name
    "AAA4BBB,J\u0661,J300/2",  # a non-ASCII digit in a day
    "AAA4BBB,J+1,J300/2",
    "AAA4BBB,J 1,J300/2",
    "AAA4BBB,J0001,J300/2",
    "AAA4BBB,1_0,J300/2",
    "AAA4BBB, 1,J300/2",
]


@pytest.mark.parametrize("tzstr", REJECTED_AS_314)
def test_rejected_as_314_rejects_on_every_python(tzstr):
    data = tzstr_file(tzstr.encode("utf-8"), version=3)
    for cls in (zoneinfo.ZoneInfo, *((PyZoneInfo,) if sys.version_info >= (3, 14) else ())):
        with pytest.raises(ValueError):
            cls.from_file(io.BytesIO(data))
    with pytest.raises(ValueError) as exc:
        tzcompat.ZoneInfo.from_file(io.BytesIO(data))
    assert tzstr in str(exc.value)  # the string as written (3.14's pure-Python message)
    if not tzstr.isascii():
        assert repr(tzstr.encode("utf-8")) in str(exc.value)  # and its bytes (the C one's)
    with pytest.raises(ValueError, match=re.escape(repr(tzstr))):
        tzcompat.parse_posix_tz(tzstr)


# POSIX: minutes and seconds 0..59. The stdlib (3.11-3.15, both classes) takes 60..99 as
# more time ("4:60" is 5 hours); glibc clamps an offset's to 59 (docs/differences.md).
@pytest.mark.parametrize("tzstr", ["AAA4:60", "AAA4:00:60", "AAA4BBB3:99,J60,J300",
                                   "AAA4BBB,J60/2:60,J300", "AAA4BBB,J60,J300/2:00:99"])
def test_minutes_and_seconds_past_59_are_rejected(tzstr):
    data = tzstr_file(tzstr, version=3)
    zoneinfo.ZoneInfo.from_file(io.BytesIO(data))  # the stdlib takes it (the difference)
    with pytest.raises(ValueError, match="at most 59"):
        tzcompat.ZoneInfo.from_file(io.BytesIO(data))
    with pytest.raises(ValueError, match=re.escape(repr(tzstr))):
        tzcompat.parse_posix_tz(tzstr)


@pytest.mark.parametrize("year", [1999, 2000, 2023, 2024, 2100])
@pytest.mark.parametrize("day", ["J1", "J58", "J59", "J60", "J365", "0", "58", "59", "60",
                                 "364", "365", "M2.5.0", "M2.4.4"])
def test_day_rules_are_posix(day, year):
    """The day each form names, from POSIX: Jn counts 1..365 and never 29 February, n counts
    0..365 and does count it (day 365 of a common year is the next 1 January), Mm.w.d is the
    w-th (5: last) weekday d of month m. Expected dates from datetime, not from tzcompat."""
    jan1 = datetime(year, 1, 1)
    leap = calendar.isleap(year)
    if day.startswith("J"):
        n = int(day[1:])
        expected = jan1 + timedelta(days=n - 1 + (leap and n >= 60))
    elif day.startswith("M"):
        month, week, weekday = map(int, day[1:].split("."))
        days = [d for d in range(1, calendar.monthrange(year, month)[1] + 1)
                if (datetime(year, month, d).weekday() + 1) % 7 == weekday]
        expected = datetime(year, month, days[week - 1] if week < 5 else days[-1])
    else:
        expected = jan1 + timedelta(days=int(day))
    expected += timedelta(hours=12)
    # DST starts on that day at 12:00 (UTC, the standard offset being 0) and ends months away.
    tzstr = f"AAA0BBB,{day}/12,{'J300' if expected.month < 6 else 'J150'}/0"
    zone = tzcompat.ZoneInfo.from_file(io.BytesIO(tzstr_file(tzstr)))
    near = [tr.utc.replace(tzinfo=None) for tr in zone.transitions(
        expected - timedelta(days=3), expected + timedelta(days=3)) if tr.after.is_dst]
    assert near == [expected], (tzstr, year)


@pytest.mark.parametrize("tzstr", ["", "\n", "EST5EDT\n,M3.2.0,M11.1.0", "EST5\x00"])
def test_parse_posix_tz_rejects_empty_and_control_chars(tzstr):
    with pytest.raises(ValueError):
        tzcompat.parse_posix_tz(tzstr)


def test_parse_posix_tz_rejects_non_ascii():
    with pytest.raises(ValueError):
        tzcompat.parse_posix_tz("ÄÄÄ5")
    with pytest.raises(ValueError):
        tzcompat.ZoneInfo.from_file(io.BytesIO(tzstr_file("ÄÄÄ5".encode())))


def test_empty_footer_is_not_a_rule():
    """An empty footer in a file means "no rule" (not a parse error)."""
    data = tzstr_file("", version=2, utoff=3600, abbr="CET")
    ours, ref = pair_from_bytes(data)
    assert ours.utcoffset(datetime(2000, 1, 1)) == ref.utcoffset(datetime(2000, 1, 1))
    assert ours.tzname(None) == ref.tzname(None) == "CET"


# The grammar of RFC 9636 section 3.3 written as regular expressions: tzcompat scans TZ
# strings by hand (importing ``re`` costs more than the rest of the core's import), so the
# scanner is checked against this independent statement of the same language. The scanner
# leaves the standard offset optional (dateutil words that error its own way);
# parse_posix_spec requires it.
_RE_NAME = r"(?:[A-Za-z]+|<[A-Za-z0-9+-]+>)"
_RE_OFFSET = r"[+-]?\d{1,3}(?::\d{2}(?::\d{2})?)?"
_RE_TZ = re.compile(
    rf"(?P<std>{_RE_NAME})(?:(?P<stdoff>{_RE_OFFSET})"
    rf"(?:(?P<dst>{_RE_NAME})(?P<dstoff>{_RE_OFFSET})?)?)?"
    rf"(?:,(?P<start>[^,]*),(?P<end>[^,]*))?",
    re.ASCII,
)
_RE_RULE = re.compile(
    r"(?:M(?P<m>\d{1,2})\.(?P<w>\d)\.(?P<d>\d)|J(?P<j>\d{1,3})|(?P<n>\d{1,3}))"
    rf"(?:/(?P<time>{_RE_OFFSET}))?",
    re.ASCII,
)
_FRAGMENTS = st.sampled_from(
    ["EST", "EDT", "<+0330>", "<-03>", "<>", "<A", "5", "-3", "+12", "167", "1234", ":30",
     ":3", ":300", ":00:01", ",", "M3.2.0", "M11.1.0", "M3.2", "M1.10.0", "J60", "J", "365",
     "/2", "/-1:30", "/", ".", " ", "\u0663", "\u00e9"]
)
_TZ_TEXT = st.lists(
    st.one_of(_FRAGMENTS, st.text(alphabet="ESTJM<>+-:,./0123456789", max_size=3)), max_size=9
).map("".join)


def _hms(text):
    if text is None:
        return None
    sign = -1 if text.startswith("-") else 1
    h, m, s = ([int(f) for f in text.lstrip("+-").split(":")] + [0, 0])[:3]
    return sign, h, m, s


def _expected_rule(text):
    m = _RE_RULE.fullmatch(text)
    if m is None:
        return None
    if m["m"]:
        return _posix.RuleSpec("M", int(m["m"]), int(m["w"]), int(m["d"]), time=_hms(m["time"]))
    kind = "J" if m["j"] else "n"
    return _posix.RuleSpec(kind, day=int(m["j"] or m["n"]), time=_hms(m["time"]))


@given(_TZ_TEXT)
@example("EST,M3.2.0,M11.1.0")
@example("EST")
@example("<+03>-3<+04>,J60/-167:00:01,0/+2")
def test_scanner_accepts_the_rfc_grammar(text):
    m = _RE_TZ.fullmatch(text)
    spec = _posix.scan_posix_tz(text)
    rules = None if m is None or m["start"] is None else (
        _expected_rule(m["start"]), _expected_rule(m["end"]))
    if m is None or rules and None in rules:
        assert spec is None, text
        return
    assert spec is not None, text
    got = (spec.std, spec.std_offset, spec.dst, spec.dst_offset, spec.start, spec.end)
    expected = (m["std"].strip("<>"), _hms(m["stdoff"]), m["dst"] and m["dst"].strip("<>"),
                _hms(m["dstoff"]), *(rules or (None, None)))
    assert got == expected, text
    # POSIX requires the standard offset: the checked parse refuses a string without it.
    if m["stdoff"] is None:
        with pytest.raises(ValueError, match=re.escape(repr(text))):
            _posix.parse_posix_spec(text)


@given(_TZ_TEXT)
def test_rule_scanner_accepts_the_rfc_grammar(text):
    assert _posix.scan_rule(text) == _expected_rule(text)
