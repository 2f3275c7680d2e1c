"""One ISO 8601 reader for the CLI, the same on every supported Python.

``datetime.fromisoformat`` reads most of ISO 8601, plus leniencies that are not ISO 8601.
This accepts the ISO forms it accepts, with the values it gives:

- dates ``YYYY-MM-DD``, ``YYYYMMDD``, ``YYYY-Www``, ``YYYYWww``, ``YYYY-Www-D``, ``YYYYWwwD``;
- an optional time after ``T``, ``t`` or a space: ``HH``, ``HH:MM``, ``HHMM``, ``HH:MM:SS``,
  ``HHMMSS``, seconds with a fraction after ``.`` or ``,`` (cut to microseconds);
- an optional offset after the time: ``Z``, ``±HH``, ``±HH:MM``, ``±HHMM``, ``±HH:MM:SS[.f]``,
  ``±HHMMSS[.f]``, less than 24 hours.

It rejects the non-ISO leniencies (any separator character, a fraction on hours or
minutes read as seconds, a space before ``Z``) so a string never means different things.
"""

from __future__ import annotations

import re
from datetime import date, datetime, timedelta, timezone

_DATE = re.compile(
    r"(?P<y>[0-9]{4})(?:"
    r"-(?P<m>[0-9]{2})-(?P<d>[0-9]{2})|(?P<bm>[0-9]{2})(?P<bd>[0-9]{2})"
    r"|-W(?P<w>[0-9]{2})(?:-(?P<wd>[0-9]))?|W(?P<bw>[0-9]{2})(?P<bwd>[0-9])?)"
)
_FRACTION = r"(?:[.,](?P<{}>[0-9]+))?"
_TIME = re.compile(
    r"(?P<h>[0-9]{2})(?:"
    r":(?P<m>[0-9]{2})(?::(?P<s>[0-9]{2})" + _FRACTION.format("f") + r")?"
    r"|(?P<bm>[0-9]{2})(?:(?P<bs>[0-9]{2})" + _FRACTION.format("bf") + r")?"
    r")?"
)
_OFFSET = re.compile(
    r"Z|(?P<sign>[+-])(?P<h>[0-9]{2})(?:"
    r":(?P<m>[0-9]{2})(?::(?P<s>[0-9]{2})" + _FRACTION.format("f") + r")?"
    r"|(?P<bm>[0-9]{2})(?:(?P<bs>[0-9]{2})" + _FRACTION.format("bf") + r")?"
    r")?"
)


def _micro(fraction: str | None) -> int:
    return int((fraction + "00000")[:6]) if fraction else 0


def _group(match: re.Match[str], *names: str) -> str | None:
    for name in names:
        value = match.group(name)
        if value is not None:
            return value
    return None


def _parse_date(text: str) -> tuple[date, int]:
    match = _DATE.match(text)
    if match is None:
        raise ValueError("the date must be YYYY-MM-DD, YYYYMMDD or an ISO week date")
    year = int(match["y"])
    week = _group(match, "w", "bw")
    if week is not None:
        day = _group(match, "wd", "bwd")
        return date.fromisocalendar(year, int(week), int(day or 1)), match.end()
    month, day = _group(match, "m", "bm"), _group(match, "d", "bd")
    return date(year, int(month or 0), int(day or 0)), match.end()


def _parse_time(text: str) -> tuple[tuple[int, int, int, int], int]:
    match = _TIME.match(text)
    if match is None:
        raise ValueError("the time must be HH[:MM[:SS[.fff]]] or HH[MM[SS[.fff]]]")
    hour = int(match["h"])
    minute = int(_group(match, "m", "bm") or 0)
    second = int(_group(match, "s", "bs") or 0)
    if hour > 23 or minute > 59 or second > 59:
        raise ValueError("hour, minute or second out of range")
    return (hour, minute, second, _micro(_group(match, "f", "bf"))), match.end()


def _parse_offset(text: str) -> timezone:
    match = _OFFSET.fullmatch(text)
    if match is None:
        raise ValueError("the offset must be Z or ±HH[:MM[:SS]]")
    if match.group(0) == "Z":
        return timezone.utc
    hours = int(match["h"])
    minutes = int(_group(match, "m", "bm") or 0)
    seconds = int(_group(match, "s", "bs") or 0)
    if hours > 23 or minutes > 59 or seconds > 59:
        raise ValueError("the offset must be less than 24 hours")
    delta = timedelta(hours=hours, minutes=minutes, seconds=seconds,
                      microseconds=_micro(_group(match, "f", "bf")))
    if not delta:
        return timezone.utc
    return timezone(-delta if match["sign"] == "-" else delta)


def parse_iso(text: str) -> datetime:
    """A datetime from an ISO 8601 string (naive unless it has an offset); ValueError if not."""
    day, end = _parse_date(text)
    rest = text[end:]
    if not rest:
        return datetime(day.year, day.month, day.day)
    if rest[0] not in "Tt ":
        raise ValueError("the date must be followed by T and a time")
    (hour, minute, second, micro), end = _parse_time(rest[1:])
    tail = rest[1 + end :]
    tzinfo = _parse_offset(tail) if tail else None
    return datetime(day.year, day.month, day.day, hour, minute, second, micro, tzinfo=tzinfo)
