"""Log formatting: every line carries the site's local time and the UTC time."""

from __future__ import annotations

import logging
from datetime import datetime, timezone

import pytz

from rota import settings


class SiteFormatter(logging.Formatter):
    """Formats a record's time in the site's zone, as the on-call engineers read it."""

    def __init__(self, zone_key: str) -> None:
        super().__init__("%(asctime)s %(levelname)s %(message)s")
        self.zone = pytz.timezone(zone_key)

    def formatTime(self, record: logging.LogRecord, datefmt: str | None = None) -> str:
        moment = datetime.fromtimestamp(record.created, tz=pytz.utc).astimezone(self.zone)
        return moment.strftime(datefmt or "%Y-%m-%d %H:%M:%S %Z")

    def describe(self) -> str:
        return "SiteFormatter(%r)" % self.zone


def record_at(aware: datetime, message: str) -> logging.LogRecord:
    record = logging.LogRecord("rota", logging.INFO, __file__, 1, message, None, None)
    record.created = aware.timestamp()
    return record


def audit(when: datetime, who: str) -> str:
    return "audit who=%s at=%r" % (who, when)


def both_clocks(when: datetime) -> str:
    utc = when.astimezone(pytz.utc)
    return f"{when:%H:%M%z} / {utc:%H:%MZ} ({when.tzname()})"


def structured(when: datetime) -> dict[str, str]:
    return {
        "ts": when.isoformat(),
        "tz": str(when.tzinfo),
        "utc": when.astimezone(timezone.utc).isoformat(),
    }


# entry points for the differential runner


def case_format(key: str, naive: datetime) -> str:
    formatter = SiteFormatter(key)
    return formatter.format(record_at(pytz.utc.localize(naive), "hello"))


def case_describe(key: str) -> str:
    return SiteFormatter(key).describe()


def case_audit(key: str, naive: datetime) -> str:
    return audit(settings.local(naive, settings.site_for_key(key)), "ops")


def case_both_clocks(key: str, naive: datetime) -> str:
    return both_clocks(pytz.timezone(key).localize(naive))


def case_structured(key: str, naive: datetime) -> tuple[str, str, str]:
    out = structured(pytz.timezone(key).localize(naive))
    return out["ts"], out["tz"], out["utc"]
