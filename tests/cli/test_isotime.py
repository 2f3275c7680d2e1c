"""The CLI's ISO 8601 reader: the values ``datetime.fromisoformat`` gives, without its non-ISO
leniencies; checked against the components a string was written from, and against
``fromisoformat`` itself."""

from __future__ import annotations

from datetime import date, datetime, timedelta, timezone

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tzcompat._cli._isotime import parse_iso


def _same(a: datetime, b: datetime) -> bool:
    return a.replace(tzinfo=None) == b.replace(tzinfo=None) and a.utcoffset() == b.utcoffset()


@st.composite
def iso_strings(draw: st.DrawFn) -> tuple[str, datetime]:
    """An ISO 8601 string in one of the accepted forms, and the datetime it names."""
    day = draw(st.dates(min_value=date(1, 1, 1), max_value=date(9999, 12, 31)))
    basic = draw(st.booleans())
    if draw(st.booleans()):
        dash = "" if basic else "-"
        text = f"{day.year:04d}{dash}{day.month:02d}{dash}{day.day:02d}"
    else:
        iso_year, week, weekday = day.isocalendar()
        if not 1 <= iso_year <= 9999:
            iso_year, week, weekday = day.year, 1, 1  # the week belongs to year 0 or 10000
            day = date.fromisocalendar(iso_year, week, weekday)
        with_day = draw(st.booleans()) or weekday != 1
        text = f"{iso_year:04d}{'' if basic else '-'}W{week:02d}"
        if with_day:
            text += f"{'' if basic else '-'}{weekday}"
    value = datetime(day.year, day.month, day.day)
    if not draw(st.booleans()):
        return text, value
    hour, minute, second = draw(st.integers(0, 23)), draw(st.integers(0, 59)), draw(
        st.integers(0, 59))
    precision = draw(st.sampled_from(["h", "m", "s", "f"]))
    tbasic = draw(st.booleans())
    sep = "" if tbasic else ":"
    clock = f"{hour:02d}"
    if precision == "h":
        minute = second = 0
    else:
        clock += f"{sep}{minute:02d}"
        if precision == "m":
            second = 0
        else:
            clock += f"{sep}{second:02d}"
    micro = 0
    if precision == "f":
        digits = draw(st.text("0123456789", min_size=1, max_size=9))
        clock += draw(st.sampled_from(".,")) + digits
        micro = int(digits[:6].ljust(6, "0"))
    text += draw(st.sampled_from("Tt ")) + clock
    value = value.replace(hour=hour, minute=minute, second=second, microsecond=micro)
    kind = draw(st.sampled_from(["none", "Z", "h", "hm", "hms"]))
    if kind == "none":
        return text, value
    if kind == "Z":
        return text + "Z", value.replace(tzinfo=timezone.utc)
    oh, om, os_ = draw(st.integers(0, 23)), draw(st.integers(0, 59)), draw(st.integers(0, 59))
    osep = "" if draw(st.booleans()) else ":"
    off = f"{oh:02d}"
    om = om if kind != "h" else 0
    os_ = os_ if kind == "hms" else 0
    if kind != "h":
        off += f"{osep}{om:02d}"
    if kind == "hms":
        off += f"{osep}{os_:02d}"
    sign = draw(st.sampled_from("+-"))
    delta = timedelta(hours=oh, minutes=om, seconds=os_) * (-1 if sign == "-" else 1)
    return text + sign + off, value.replace(tzinfo=timezone(delta))


@given(iso_strings())
def test_reads_every_form_with_the_value_written(case: tuple[str, datetime]) -> None:
    text, expected = case
    got = parse_iso(text)
    assert _same(got, expected), (text, got, expected)
    assert _same(got, datetime.fromisoformat(text)), text


@given(st.text(alphabet="0123456789-:+.,TtWZz x\u0661", max_size=32) | st.text(max_size=12))
def test_anything_accepted_means_what_fromisoformat_says(text: str) -> None:
    try:
        got = parse_iso(text)
    except ValueError:
        return
    assert _same(got, datetime.fromisoformat(text)), text


@pytest.mark.parametrize("text", [
    "2020-11-01T05:30Z", "20201101T0530", "2020-W44-7T05:30", "2020-11-01T05:30:15,5+05:30",
    "2020-11-01 05", "20201101T053015.123456789-0330", "9999-12-31T23:59:59.999999",
])
def test_forms_python_310_rejects(text: str) -> None:
    # The same datetime on every version; on 3.11+ it is fromisoformat's.
    got = parse_iso(text)
    assert _same(got, datetime.fromisoformat(text))
    assert _same(parse_iso(got.isoformat()), got)  # and the canonical form reads back


@pytest.mark.parametrize("text", [
    "2020-11", "2020", "0000-01-01", "2021-W53", "2020-W01-0", "2020-11-01T",
    "2020-11-01T24:00", "2020-11-01T05:60", "2020-11-01T05:30:60", "2020-11-01T05:30+24:00",
    "2020-11-01T05:30:15.", "2020-1101", "202011-01", "2020-11-01T05:3015",
    "\uff12\uff10\uff12\uff10-11-01",  # full-width digits
    # Leniencies of 3.11+ that are not ISO 8601 (and would be misread):
    "2020-11-01x05:30", "2020-11-01T05.5", "2020-11-01T05:30.5", "2020-11-01T05:30 Z",
])
def test_rejected(text: str) -> None:
    with pytest.raises(ValueError):
        parse_iso(text)
