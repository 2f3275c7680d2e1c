"""CSV and iCalendar exports of a worker's shifts."""

from __future__ import annotations

import csv
import io
from datetime import datetime, timedelta

import pytz
from dateutil import tz
from dateutil.rrule import WEEKLY, rrule

from rota import settings
from rota.shifts import Shift, make_shift

ICAL_STAMP = "%Y%m%dT%H%M%SZ"


def ical_time(when: datetime) -> str:
    return when.astimezone(pytz.utc).strftime(ICAL_STAMP)


def ical_event(shift: Shift) -> str:
    return "\n".join(
        [
            "BEGIN:VEVENT",
            f"DTSTART:{ical_time(shift.start)}",
            f"DTEND:{ical_time(shift.end)}",
            f"SUMMARY:{shift.worker} @ {shift.site}",
            "END:VEVENT",
        ]
    )


def csv_rows(shifts: list[Shift], key: str) -> str:
    zone = pytz.timezone(key)
    out = io.StringIO()
    writer = csv.writer(out)
    for shift in shifts:
        start = zone.normalize(shift.start.astimezone(zone))
        end = zone.normalize(shift.end.astimezone(zone))
        writer.writerow([shift.worker, start.strftime("%Y-%m-%d %H:%M"), end.strftime("%H:%M %Z")])
    return out.getvalue()


def london_copy(shift: Shift) -> str:
    """The London office still imports times in its own zone, read with dateutil."""
    london = tz.gettz("Europe/London")
    return shift.start.astimezone(london).strftime("%Y-%m-%d %H:%M %Z")


def weekly_series(shift: Shift, weeks: int) -> list[Shift]:
    starts = rrule(WEEKLY, dtstart=shift.start, count=weeks)
    length = shift.end - shift.start
    return [Shift(shift.worker, s, s + length, shift.site) for s in starts]


def utc_day(naive_utc: datetime) -> tuple[datetime, datetime]:
    start = pytz.utc.localize(naive_utc.replace(hour=0, minute=0, second=0))
    return start, start + timedelta(days=1)


# entry points for the differential runner


def case_ical(key: str, naive: datetime) -> str:
    return ical_event(make_shift("ana", naive, 8, settings.site_for_key(key)))


def case_csv(key: str, naive: datetime) -> str:
    site = settings.site_for_key(key)
    shifts = [
        make_shift("ana", naive, 8, site),
        make_shift("ben", naive + timedelta(hours=8), 8, site),
    ]
    return csv_rows(shifts, key)


def case_london_copy(key: str, naive: datetime) -> str:
    return london_copy(make_shift("ana", naive, 1, settings.site_for_key(key)))


def case_weekly_series(key: str, naive: datetime) -> list[str]:
    series = weekly_series(make_shift("ana", naive, 2, settings.site_for_key(key)), 3)
    return [f"{ical_time(s.start)}-{ical_time(s.end)}" for s in series]


def case_utc_day(naive: datetime) -> tuple[str, str]:
    start, end = utc_day(naive)
    return start.isoformat(), end.isoformat()
