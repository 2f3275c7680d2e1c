"""Code written the way users write it, checked by mypy (tests/typing/test_typing.py).

Never run: only type-checked. ``assert_type`` pins what a call returns; a line marked
``# type: ignore[code]`` must really be an error (strict mode reports an unused ignore), so
both a hint that becomes too narrow and one that decays to ``Any`` fail the check.
"""

from __future__ import annotations

import pickle
import zoneinfo
from collections.abc import Iterator
from datetime import datetime, timedelta, timezone, tzinfo
from typing import assert_type

import tzcompat
import tzcompat.dateutil
import tzcompat.migrate
import tzcompat.pytz
import tzcompat.shims
import tzcompat.shims.audit
from tzcompat import Transition, ZoneInfo, ZoneState

naive = datetime(2020, 11, 1, 1, 30)


# --- the core --------------------------------------------------------------------------------

def takes_stdlib_zone(zone: zoneinfo.ZoneInfo) -> str:
    return str(zone)


def takes_tzinfo(zone: tzinfo) -> timedelta | None:
    return zone.utcoffset(None)


paris = ZoneInfo("Europe/Paris")
assert_type(paris, ZoneInfo)
takes_stdlib_zone(paris)  # a ZoneInfo is accepted where zoneinfo.ZoneInfo is expected
takes_tzinfo(paris)  # ... and where any tzinfo is
std: zoneinfo.ZoneInfo = ZoneInfo.no_cache("Europe/Paris")
aware = datetime(2020, 7, 1, tzinfo=paris)
assert_type(aware.astimezone(ZoneInfo("America/New_York")), datetime)
assert_type(paris.utcoffset(naive), timedelta | None)
assert_type(paris.tzname(naive), str | None)
assert_type(paris.fromutc(aware), datetime)
assert_type(paris.transitions(), Iterator[Transition])
assert_type(paris.transitions(datetime(2020, 1, 1), 1_700_000_000), Iterator[Transition])
assert_type(paris.next_transition(aware), Transition | None)
assert_type(paris.previous_transition(0), Transition | None)
assert_type(paris.is_ambiguous(naive), bool)
assert_type(paris.is_imaginary(naive), bool)
assert_type(paris.initial_state, ZoneState)
assert_type(paris.source, str | None)
assert_type(paris.data_version, str | None)
assert_type(pickle.dumps(paris.by_value()), bytes)
transition = paris.next_transition(aware)
if transition is not None:
    assert_type(transition.timestamp, int)
    assert_type(transition.utc, datetime | None)
    assert_type(transition.after.utcoffset, timedelta)
    assert_type(transition.after.tzname, str)
    assert_type(transition.after.is_dst, bool)
assert_type(tzcompat.available_timezones(), set[str])
assert_type(tzcompat.data_version(), str | None)
ZoneInfo(42)  # type: ignore[arg-type]
typo = paris.no_such_attribute  # type: ignore[attr-defined]  # a real class, not Any
typo = tzcompat.pytz.timezone("UTC").no_such_attribute  # type: ignore[attr-defined]
try:
    ZoneInfo("Nowhere/Special")
except zoneinfo.ZoneInfoNotFoundError:
    pass
except tzcompat.ZoneInfoNotFoundError:
    pass

report = tzcompat.refresh()  # live data: re-read zones whose files changed
assert_type(report, tzcompat.RefreshReport)
watcher = tzcompat.watch(60)
assert_type(watcher, tzcompat.Watcher)
assert_type(watcher.poll(), tzcompat.RefreshReport | None)

# --- tzcompat.pytz ---------------------------------------------------------------------------

eastern = tzcompat.pytz.timezone("US/Eastern")
assert_type(eastern.localize(naive), datetime)
assert_type(eastern.localize(naive, is_dst=None), datetime)
assert_type(eastern.normalize(eastern.localize(naive) + timedelta(hours=1)), datetime)
assert_type(tzcompat.pytz.utc.localize(naive), datetime)
assert_type(datetime.now(tzcompat.pytz.utc), datetime)
takes_tzinfo(eastern)
takes_tzinfo(tzcompat.pytz.FixedOffset(90))
assert_type(tzcompat.pytz.all_timezones, list[str])
assert_type(tzcompat.pytz.common_timezones_set, set[str])
assert_type(tzcompat.pytz.country_timezones("fr"), list[str])
tzcompat.pytz.timezone(b"UTC")  # type: ignore[arg-type]  # accepted at run time, not typed
try:
    tzcompat.pytz.timezone("Nowhere/Special")
except tzcompat.pytz.UnknownTimeZoneError:
    pass
except tzcompat.pytz.AmbiguousTimeError:
    pass

# --- tzcompat.dateutil -----------------------------------------------------------------------

tz = tzcompat.dateutil
found = tz.gettz("America/New_York")
assert_type(found, tzinfo | None)
if found is not None:
    assert_type(tz.datetime_ambiguous(naive, found), bool)
    assert_type(tz.enfold(naive.replace(tzinfo=found), fold=1), datetime)
    assert_type(tz.resolve_imaginary(naive.replace(tzinfo=found)), datetime)
takes_tzinfo(tz.tzutc())
takes_tzinfo(tz.UTC)
takes_tzinfo(tz.tzoffset("EST", -18000))
takes_tzinfo(tz.tzstr("EST5EDT"))
assert_type(tz.datetime_exists(naive, tz.tzlocal()), bool)
assert_type(tz.available_iana_timezones(), set[str])

# --- tzcompat.migrate ------------------------------------------------------------------------

result = tzcompat.migrate.migrate_source("import pytz\n")
assert_type(result.code, str)
assert_type(tzcompat.migrate.main(["--help"]), int)

# --- tzcompat.shims --------------------------------------------------------------------------

tzcompat.shims.install(pytz=True, dateutil=False)
tzcompat.shims.enable_warnings()
assert_type(tzcompat.shims.installed(), frozenset[str])
assert_type(tzcompat.shims.audit.sites(), list[tuple[int, str, str, int]])
tzcompat.install()
tzcompat.uninstall()
utc_zone: tzinfo = timezone.utc
