"""Where python-dateutil reads TZ strings otherwise than POSIX (docs/dateutil.md, "TZ strings:
where dateutil is not POSIX"): each point is checked three ways at an instant where it shows,
the real dateutil against the POSIX answer (posix_reference, written from the standards: the
point is real), and the adapter against the real dateutil (the adapter keeps it)."""

from __future__ import annotations

import io
from datetime import datetime, timedelta, timezone

import pytest

import tzcompat

from ..core.posix_reference import Reference
from ..core.tzif_builder import tzstr_file
from ._compare import ours, real


def _at(zone, when: datetime) -> tuple[int, str]:
    local = when.astimezone(zone)
    return int(local.utcoffset().total_seconds()), local.tzname()


def _posix(tzstr: str, when: datetime) -> tuple[int, str]:
    state = Reference(tzstr).at(int((when - datetime(1970, 1, 1, tzinfo=timezone.utc))
                                    .total_seconds()))[0]
    return state.offset, state.name


UTC = timezone.utc

TZSTR_POINTS = [
    # Day 365 of a common year: dateutil 31 December, POSIX 1 January of the next year.
    ("AAA0BBB,J1/2,365/2", datetime(2023, 12, 31, 12, tzinfo=UTC)),
    # A time of 24 h or more on Mm.w.d: dateutil moves the day the weekday is counted from
    # (the second Sunday at 06:00), POSIX moves the change (the Monday after, at 06:00).
    ("AAA0BBB,M3.2.0/30,M11.1.0", datetime(2023, 3, 12, 12, tzinfo=UTC)),
    # A change in another year (J365/30: 1 January 06:00) is not seen near 1 January.
    ("AAA3BBB,J365/30,J300/2", datetime(2024, 1, 1, 2, tzinfo=UTC)),
    # A DST period of no length: dateutil DST all year, POSIX standard time.
    ("AAA0BBB,J100/0,J100/1", datetime(2023, 7, 1, tzinfo=UTC)),
]


@pytest.mark.parametrize(("s", "when"), TZSTR_POINTS)
def test_tzstr_departs_from_posix_and_the_adapter_follows(s, when):
    theirs, mine = real.tzstr(s), ours.tzstr(s)
    assert _at(theirs, when) != _posix(s, when), "dateutil agrees with POSIX here"
    assert _at(mine, when) == _at(theirs, when)


@pytest.mark.parametrize("s", ["AAA0BBB,M3.2.0/100,M11.1.0", "AAA0BBB,M3.2.0/-2,M11.1.0",
                               "<+03>-3", "<-03>3<-02>,M3.5.0,M10.5.0"])
def test_tzstr_refuses_posix_strings_dateutil_does_not_read(s):
    tzcompat.parse_posix_tz(s)  # valid POSIX (RFC 9636)
    for module in (real, ours):
        with pytest.raises(ValueError, match="unknown string format"):
            module.tzstr(s)


def test_tzstr_reads_jn_and_n_days_as_posix():
    for s in ("AAA0BBB,J59/2,J300/2", "AAA0BBB,J60/2,J300/2", "AAA0BBB,59/2,300/2"):
        for year in (2023, 2024, 2100):
            for day in range(55, 64):
                when = datetime(year, 1, 1, 12, tzinfo=UTC) + timedelta(days=day)
                assert _at(real.tzstr(s), when) == _posix(s, when) == _at(ours.tzstr(s), when)


@pytest.mark.parametrize(("footer", "when"), [
    ("AAA0BBB,J100/0,J100/1", datetime(2023, 7, 1, tzinfo=UTC)),
])
def test_tzfile_footer_departs_from_posix_and_the_adapter_follows(footer, when):
    data = tzstr_file(footer)
    theirs, mine = real.tzfile(io.BytesIO(data)), ours.tzfile(io.BytesIO(data))
    assert _at(theirs, when) != _posix(footer, when)
    assert _at(mine, when) == _at(theirs, when)
    core = tzcompat.ZoneInfo.from_file(io.BytesIO(data))
    assert _at(core, when) == _posix(footer, when)  # the core is POSIX's


def test_tzfile_footer_minutes_past_59_are_more_time():
    data = tzstr_file("AAA4:60")
    theirs, mine = real.tzfile(io.BytesIO(data)), ours.tzfile(io.BytesIO(data))
    when = datetime(2023, 7, 1, tzinfo=UTC)
    assert _at(theirs, when) == _at(mine, when) == (-5 * 3600, "AAA")
    with pytest.raises(ValueError, match="at most 59"):
        tzcompat.ZoneInfo.from_file(io.BytesIO(data))


@pytest.mark.parametrize("footer", ["AAA0BBB,J59/2,J300/2", "AAA0BBB,59/2,300/2",
                                    "EST5EDT,0/0,J365/25", "AAA3BBB,M3.2.0/167,M11.1.0/-167",
                                    "AAA0BBB,J365/-167,J1/167"])
def test_tzfile_footer_reads_other_rules_as_posix(footer):
    data = tzstr_file(footer)
    theirs, mine = real.tzfile(io.BytesIO(data)), ours.tzfile(io.BytesIO(data))
    for year in (2023, 2024, 2100):
        start = datetime(year, 1, 1, tzinfo=UTC) - timedelta(days=9)
        for k in range(0, 24 * 383, 5):
            when = start + timedelta(hours=k)
            assert _at(theirs, when) == _posix(footer, when) == _at(mine, when), (footer, when)
