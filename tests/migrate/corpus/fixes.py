"""The human fixes that ``suites.py --fixes`` applies to a migrated corpus project.

What a reader following each marker's advice writes at the marked statement: ``suites.py
--fixes`` copies the migrated copy (``after/``) to ``fixed/``, applies the project's fixes and
runs the project's suite again, to check the claim that the suites pass after the migration
except at marked sites.

A fix is a plain text replacement in one file of the migrated copy (every occurrence; there must
be at least one). Each occurrence must lie inside one marked statement (its header lines for a
compound statement, all of it for a simple one), as found in the migrated file before any
replacement; a fix with ``helper=True`` may instead only add a new definition next to an
unchanged anchor (``new`` is the helper followed by ``old``, or ``old`` followed by the helper,
on lines of their own), and what it defines must not be a name the file already uses.
"""

from __future__ import annotations

from typing import NamedTuple


class Fix(NamedTuple):
    file: str  # relative to the project root, with /
    old: str
    new: str
    helper: bool = False


# pytz's ``+``/``-`` on an aware datetime was absolute time: do it at the datetime's current
# fixed offset, as croniter's arithmetic expected (its later normalize() is gone).
_CRONITER_FIXED = """\
def _fixed(d):
    if d.tzinfo is None:
        return d
    return d.replace(tzinfo=datetime.timezone(d.utcoffset()))


"""

# pytz's Europe/Paris without localize() was LMT (+0:09): keep the instant the test meant.
_PARIS_LMT = "tzinfo=__import__('datetime').timezone(timedelta(minutes=9))).astimezone(tz)"

FIXES: dict[str, tuple[Fix, ...]] = {
    "croniter": (
        Fix(
            "src/croniter/croniter.py",
            "class croniter(object):",
            _CRONITER_FIXED + "class croniter(object):",
            helper=True,
        ),
        # [aware-arithmetic]
        Fix("src/croniter/croniter.py", "d += relativedelta(", "d = _fixed(d) + relativedelta("),
        Fix(
            "src/croniter/croniter.py",
            "dtresult - dtstarttime",
            "_fixed(dtresult) - _fixed(dtstarttime)",
        ),
        Fix(
            "src/croniter/croniter.py",
            "dtresult = dtresult - datetime.timedelta(seconds=lag)",
            "dtresult = _fixed(dtresult) - datetime.timedelta(seconds=lag)",
        ),
        # [lmt]
        *(
            Fix(
                "src/croniter/tests/test_croniter.py",
                f"datetime({args}, tzinfo=tz)",
                f"datetime({args}, {_PARIS_LMT}",
            )
            for args in ("2020, 3, 29, 1, 59, 55", "2020, 3, 28, 1, 58, 55", "2020, 3, 29, 2, 0, 0")
        ),
    ),
    "Delorean": (
        # [tzname-none]: the zone's name, as pytz's tzname(None) gave
        Fix("delorean/dates.py", "tz = self.timezone.tzname(None)", "tz = str(self.timezone)"),
        # [unsupported]: the migration turns pytz's fixed offsets into datetime.timezone
        # (imported as dt_timezone in the migrated module)
        Fix(
            "delorean/dates.py",
            "if isinstance(self.timezone, pytz._FixedOffset):",
            "if isinstance(self.timezone, (pytz._FixedOffset, dt_timezone)):",
        ),
    ),
    "icalendar": (
        # [duck-typing] and [zone-attribute]: ZoneInfo's name is .key
        Fix(
            "src/icalendar/parser.py",
            "if hasattr(dt.tzinfo, 'zone'):",
            "if getattr(dt.tzinfo, 'key', None) or hasattr(dt.tzinfo, 'zone'):",
        ),
        Fix(
            "src/icalendar/parser.py",
            "tzid = dt.tzinfo.zone  # pytz implementation",
            "tzid = getattr(dt.tzinfo, 'key', None) or dt.tzinfo.zone",
        ),
    ),
    # tzlocal: none needed (its new failures fail at their own marked lines)
    "tzlocal": (),
    "APScheduler": (
        # [duck-typing] and [zone-attribute]: a ZoneInfo (it has .key) is a zone too
        Fix(
            "apscheduler/util.py",
            "if not hasattr(obj, 'localize') or not hasattr(obj, 'normalize'):",
            "if not hasattr(obj, 'key') and not ("
            "hasattr(obj, 'localize') and hasattr(obj, 'normalize')):",
        ),
        Fix(
            "apscheduler/util.py",
            "if obj.zone == 'local':",
            "if getattr(obj, 'zone', getattr(obj, 'key', None)) == 'local':",
        ),
        # [normalize-arithmetic]: pytz's +/- then normalize() was UTC arithmetic
        Fix(
            "apscheduler/triggers/cron/__init__.py",
            "return self.timezone.normalize(dateval + difference), fieldnum",
            "return (dateval.astimezone(_utc()) + difference).astimezone(self.timezone), fieldnum",
        ),
        Fix(
            "apscheduler/triggers/cron/__init__.py",
            "class CronTrigger(BaseTrigger):",
            "def _utc():\n    import datetime\n\n    return datetime.timezone.utc\n\n\n"
            "class CronTrigger(BaseTrigger):",
            helper=True,
        ),
        Fix(
            "apscheduler/triggers/interval.py",
            "return self.timezone.normalize(next_fire_time)",
            "return next_fire_time.astimezone(self.timezone)",
        ),
    ),
    "DateTime": (
        # [duck-typing] and [zone-attribute]: ZoneInfo's name is .key
        Fix(
            "src/DateTime/DateTime.py",
            "tz = getattr(arg.tzinfo, 'zone', numerictz)",
            "tz = getattr(arg.tzinfo, 'key', None) or getattr(arg.tzinfo, 'zone', numerictz)",
        ),
        Fix(
            "src/DateTime/DateTime.py",
            "tz = zone.tzinfo.zone",
            "tz = getattr(zone.tzinfo, 'key', None) or zone.tzinfo.zone",
        ),
    ),
    "schedule": (
        # [pytz-type-check]: any tzinfo is a time zone now (the tests pass ZoneInfo zones)
        Fix(
            "schedule/__init__.py",
            "elif isinstance(tz, pytz.BaseTzInfo):",
            "elif isinstance(tz, (pytz.BaseTzInfo, datetime.tzinfo)):",
        ),
    ),
}
