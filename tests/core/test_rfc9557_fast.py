"""Issue 36: parse_rfc9557 and recheck() read the usual string with a quick path (one regular
expression, one conversion) and fall back to the careful scanner for anything else. The two
must be indistinguishable: the same datetime (zone object, offset, fold) or the same error
message, for near-valid strings of every form, every policy, and recheck's verdicts."""

from __future__ import annotations

import zoneinfo
from datetime import datetime, timedelta, timezone

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tzcompat import _rfc9557, format_rfc9557, parse_rfc9557, recheck

UTC = timezone.utc
KEYS = sorted(zoneinfo.available_timezones())
EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


def _outcome(call):
    try:
        value = call()
    except (ValueError, TypeError) as exc:
        return ("error", type(exc).__name__, str(exc))
    if isinstance(value, datetime):
        return ("ok", value, value.tzinfo, value.utcoffset(), value.fold, value.isoformat())
    return ("ok", repr(value))


def both(call):
    """The outcome with the quick path, then without it."""
    saved = _rfc9557.QUICK[0]
    try:
        _rfc9557.QUICK[0] = True
        quick = _outcome(call)
        _rfc9557.QUICK[0] = False
        careful = _outcome(call)
    finally:
        _rfc9557.QUICK[0] = saved
    return quick, careful


def _case(name: str, how: int) -> str:
    return (name, name.lower(), name.upper(), name.swapcase())[how % 4]


@st.composite
def near_valid(draw):
    """A string a writer could produce, or one edit away from it."""
    key = draw(st.sampled_from(KEYS + ["Mars/Olympus_Mons", "America/New.York", "UTC"]))
    year = draw(st.sampled_from([1, 1850, 1900, 1970, 2000, 2024, 2037, 2100, 9999]))
    month = draw(st.integers(0, 13))
    day = draw(st.integers(0, 32))
    hour = draw(st.integers(0, 24))
    minute = draw(st.integers(0, 60))
    second = draw(st.one_of(st.none(), st.integers(0, 60)))
    sep = draw(st.sampled_from("TTt X"))
    text = f"{year:04d}-{month:02d}-{day:02d}{sep}{hour:02d}:{minute:02d}"
    if second is not None:
        text += f":{second:02d}"
        digits = draw(st.integers(0, 10))
        if digits:
            text += draw(st.sampled_from(".,")) + draw(st.text("0123456789", min_size=digits,
                                                               max_size=digits))
    sign = draw(st.sampled_from(["+", "-", "Z", "z", ""]))
    if sign in "+-" and sign:
        oh, om, osec = draw(st.integers(0, 24)), draw(st.integers(0, 60)), draw(st.integers(0, 59))
        form = draw(st.integers(0, 5))
        text += sign + [f"{oh:02d}:{om:02d}", f"{oh:02d}{om:02d}", f"{oh:02d}",
                        f"{oh:02d}:{om:02d}:{osec:02d}", f"{oh:02d}{om:02d}{osec:02d}",
                        f"{oh:02d}:{om:02d}{osec:02d}"][form]
    else:
        text += sign
    bracket = draw(st.integers(0, 6))
    if bracket:
        bang = draw(st.sampled_from(["", "", "!"]))
        body = [_case(key, draw(st.integers(0, 7))), key, "+05:30", "-0800", "UTC+01:00",
                "u-ca=gregory", key + "]["][bracket - 1]
        text += f"[{bang}{body}]"
        text += draw(st.sampled_from(["", "[u-ca=iso8601]", "[!u-ca=hebrew]", "[_x=y]", "x"]))
    return text


@st.composite
def written(draw):
    """A string format_rfc9557 wrote for an instant (or a wall time near a transition),
    then possibly respelled as other writers spell it."""
    zone = draw(st.sampled_from(KEYS))
    from tzcompat import ZoneInfo

    tz = ZoneInfo(zone)
    if draw(st.booleans()):
        ts = draw(st.integers(-3786825600, 4102444800))
        dt = (EPOCH + timedelta(seconds=ts, microseconds=draw(st.integers(0, 999999)))) \
            .astimezone(tz)
    else:
        tr = tz.next_transition(draw(st.integers(-3786825600, 2**31)))
        if tr is None:
            return f"2024-01-01T00:00:00Z[{zone}]"
        wall = (EPOCH + timedelta(seconds=tr.timestamp) + tr.before.utcoffset).replace(
            tzinfo=None) + timedelta(minutes=draw(st.integers(-90, 90)))
        dt = wall.replace(tzinfo=tz, fold=draw(st.integers(0, 1)))
    text = format_rfc9557(dt)
    edit = draw(st.integers(0, 5))
    if edit == 1:
        text = text.replace(f"[{zone}]", f"[{zone.lower()}]")
    elif edit == 2:  # nanoseconds, as Java and Temporal write them
        head, tail = text[:19], text[19:]
        cut = len(tail) - len(tail.lstrip(".0123456789"))
        fraction = (tail[:cut] or ".").ljust(7, "0") + draw(st.sampled_from(["000", "123"]))
        text = head + fraction + tail[cut:]
    elif edit == 3:
        text = text[:19] + text[19:].replace(":", "", 1)  # +HHMM
    elif edit == 4:
        text = text.replace(f"[{zone}]", "")
    return text


POLICIES = st.sampled_from(["reject", "use", "ignore", "prefer"])
DISAMBIGUATIONS = st.sampled_from(["compatible", "earlier", "later", "reject"])
NANOS = st.sampled_from(["truncate", "reject"])


@given(st.one_of(near_valid(), written()), POLICIES, DISAMBIGUATIONS, NANOS)
def test_quick_and_careful_parsing_agree(text, offset, disambiguation, nanoseconds):
    quick, careful = both(lambda: parse_rfc9557(text, offset=offset,
                                                disambiguation=disambiguation,
                                                nanoseconds=nanoseconds))
    assert quick == careful, text


@given(st.lists(st.one_of(near_valid(), written()), min_size=1, max_size=8), DISAMBIGUATIONS)
def test_quick_and_careful_recheck_agree(texts, disambiguation):
    quick, careful = both(lambda: recheck(texts, disambiguation=disambiguation))
    assert quick == careful, texts


@pytest.mark.parametrize("text", [
    "2024-03-10T02:30:00-05:00[America/New_York]",     # a gap: no offset valid
    "2020-11-01T01:30:00-08:00[America/Los_Angeles]",   # the second of two readings
    "1900-01-01T00:00:00+00:20[Europe/Amsterdam]",      # a rounded local mean time offset
    "9999-12-31T23:59:59-05:00[America/New_York]",      # near datetime's end
    "0001-01-01T00:00:00+05:00[Asia/Tashkent]",         # before datetime's start
    "2024-07-01T12:00:00.1234567-04:00[America/New_York]",
])
def test_the_quick_path_hands_over_what_it_does_not_settle(text):
    for policy in ("reject", "use", "ignore", "prefer"):
        quick, careful = both(lambda: parse_rfc9557(text, offset=policy))  # noqa: B023
        assert quick == careful, (text, policy)
