"""The public surface, tzical, the helpers on foreign zones, and interoperation with
dateutil.parser / rrule (also with the adapter installed as ``dateutil.tz``)."""

from __future__ import annotations

import io
import os
import subprocess
import sys
import textwrap
import zoneinfo
from datetime import datetime, timedelta, timezone

import dateutil.tz.tz as real_tz_module
import pytest
from dateutil import parser, rrule

from ._compare import ours, outcome, real, same, shape, wall_checks

# Module-level conveniences dateutil leaks through `from .tz import *`; not emulated.
_STDLIB_LEAKS = {"datetime", "os", "time", "warnings", "weakref", "OrderedDict", "contextlib"}


def _sibling_module(value: object) -> bool:
    name = getattr(value, "__name__", "")
    in_tz = name.startswith("dateutil.tz")
    return type(value).__name__ == "module" and name.startswith("dateutil.") and not in_tz


def test_public_names():
    assert ours.__all__ == real.__all__
    for name in real.__all__:
        assert hasattr(ours, name), name
    missing = {n for n in dir(real) if not n.startswith("__")} - set(dir(ours)) - _STDLIB_LEAKS
    # dateutil's other modules (parser, relativedelta) become attributes of the real
    # dateutil.tz once a test in this process has imported them: not part of its API.
    missing = {n for n in missing if not _sibling_module(getattr(real, n, None))}
    assert missing == set()
    import tzcompat.dateutil.tz as tz_alias

    public_tz = {n for n in dir(real_tz_module) if not n.startswith("_")}
    missing_tz = public_tz - set(dir(tz_alias)) - _STDLIB_LEAKS
    assert {n for n in missing_tz if not _sibling_module(getattr(real_tz_module, n))} == set()
    assert tz_alias.tzfile is ours.tzfile and tz_alias.gettz is ours.gettz
    from tzcompat.dateutil import _common, _factories, _tzfile, _tzpath

    assert _common.__all__ == ["enfold"] and _common.tzrangebase is ours.tzrangebase
    assert _factories._TzSingleton and _tzfile._TZStr and _tzfile._unpickle
    assert _tzpath.reset_tzpath is ours.reset_tzpath
    with pytest.raises(ImportError):
        import tzcompat.dateutil.win  # noqa: F401
    assert ours.tzwin is None and ours.tzwinlocal is None
    assert ours.TZFILES == real.TZFILES
    assert issubclass(ours.DeprecatedTzFormatWarning, Warning)
    with pytest.raises(AttributeError):
        ours.TZPATHS  # noqa: B018 - gone in dateutil 3+, as here


def test_enfold_default_and_fold_helpers():
    dt = datetime(2011, 11, 6, 1, 30)
    assert ours.enfold(dt).fold == real.enfold(dt).fold == 1
    assert ours.enfold(dt, 0).fold == 0
    same(real.datetime_exists, ours.datetime_exists, dt)
    same(real.datetime_ambiguous, ours.datetime_ambiguous, dt)
    assert ours.resolve_imaginary(dt) is dt


@pytest.mark.parametrize(
    "foreign",
    [
        zoneinfo.ZoneInfo("America/New_York"),
        zoneinfo.ZoneInfo("Europe/Dublin"),
        timezone.utc,
        timezone(timedelta(hours=5, minutes=30)),
    ],
    ids=repr,
)
def test_helpers_on_foreign_zones(foreign):
    # The generic paths: tzinfo objects of neither library.
    for naive in (datetime(2011, 3, 13, 2, 30), datetime(2011, 11, 6, 1, 30),
                  datetime(2024, 3, 31, 1, 30), datetime(2024, 10, 27, 1, 30),
                  datetime(2024, 7, 1)):
        for fold in (0, 1):
            dt = naive.replace(fold=fold)
            same(real.datetime_exists, ours.datetime_exists, dt, foreign)
            same(real.datetime_ambiguous, ours.datetime_ambiguous, dt, foreign)
            aware = dt.replace(tzinfo=foreign)
            a, b = real.resolve_imaginary(aware), ours.resolve_imaginary(aware)
            assert shape(a) == shape(b) and (a is aware) == (b is aware)


ICAL = """BEGIN:VCALENDAR
BEGIN:VTIMEZONE
TZID:US-Eastern
LAST-MODIFIED:19870101T000000Z
TZURL:http://zones.example/tz/US-Eastern
BEGIN:STANDARD
DTSTART:19671029T020000
RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10
TZOFFSETFROM:-0400
TZOFFSETTO:-0500
TZNAME:EST
END:STANDARD
BEGIN:DAYLIGHT
DTSTART:19870405T020000
RRULE:FREQ=YEARLY;BYDAY=1SU;BYMONTH=4
TZOFFSETFROM:-0500
TZOFFSETTO:-0400
TZNAME:EDT
END:DAYLIGHT
END:VTIMEZONE
BEGIN:VTIMEZONE
TZID:Fixed+0530
BEGIN:STANDARD
DTSTART:19700101T000000
TZOFFSETFROM:+053000
TZOFFSETTO:+0530
TZNAME:IST
END:STANDARD
END:VTIMEZONE
END:VCALENDAR
"""

BAD_ICAL = [
    "",
    "BEGIN:VTIMEZONE\nTZID:X\nEND:VTIMEZONE\n",
    "BEGIN:VTIMEZONE\nBEGIN:STANDARD\nEND:STANDARD\nEND:VTIMEZONE\n",
    "BEGIN:VTIMEZONE\nTZID:X\nBEGIN:OTHER\n",
    "BEGIN:VTIMEZONE\nTZID:X\nBEGIN:STANDARD\nDTSTART:19700101T000000\nEND:STANDARD\n",
    "BEGIN:VTIMEZONE\nTZID:X\nBEGIN:STANDARD\nDTSTART:19700101T000000\nTZOFFSETFROM:+0100\n"
    "END:STANDARD\nEND:VTIMEZONE\n",
    "BEGIN:VTIMEZONE\nTZID:X\nBEGIN:STANDARD\nDTSTART;TZID=Y:19700101T000000\n",
    "BEGIN:VTIMEZONE\nTZID:X\nBEGIN:STANDARD\nTZOFFSETFROM:+01\n",
    "BEGIN:VTIMEZONE\nTZID:X\nBEGIN:STANDARD\nTZOFFSETTO;X=1:+0100\n",
    "BEGIN:VTIMEZONE\nTZID:X\nBEGIN:STANDARD\nTZNAME;LANGUAGE=en:EST\n",
    "BEGIN:VTIMEZONE\nTZID:X\nBEGIN:STANDARD\nFOO:bar\n",
    "BEGIN:VTIMEZONE\nTZID;X=1:X\n",
    "BEGIN:VTIMEZONE\nFOO:bar\n",
    "BEGIN:VTIMEZONE\nTZID:X\nEND:STANDARD\n",
    "no colon here\n",
    "BEGIN:VTIMEZONE\nTZID:X\nBEGIN:STANDARD\nTZOFFSETFROM:\n",
]


def test_tzical_like_dateutil():
    zr_all, zo_all = real.tzical(io.StringIO(ICAL)), ours.tzical(io.StringIO(ICAL))
    assert zr_all.keys() == zo_all.keys()
    assert repr(zr_all).split(" at ")[0] == repr(zo_all).split(" at ")[0]
    for key in zr_all.keys():
        zr, zo = zr_all.get(key), zo_all.get(key)
        assert repr(zr) == repr(zo)
        for naive in (datetime(2011, 3, 13, 2, 30), datetime(2011, 11, 6, 1, 30),
                      datetime(1960, 1, 1), datetime(2024, 7, 1), datetime(2024, 4, 7, 2, 30)):
            wall_checks(zr, zo, naive)
    same(zr_all.get, zo_all.get, "nope")
    same(zr_all.get, zo_all.get)  # more than one zone
    with pytest.raises(TypeError):
        import pickle

        pickle.dumps(zo_all.get("US-Eastern"))
    for text in BAD_ICAL:
        a = outcome(real.tzical, io.StringIO(text))
        b = outcome(ours.tzical, io.StringIO(text))
        assert a == b, text
        if a[0] == "raise":
            try:
                real.tzical(io.StringIO(text))
            except Exception as exc_real:  # noqa: BLE001
                with pytest.raises(type(exc_real)) as exc_ours:
                    ours.tzical(io.StringIO(text))
                assert str(exc_ours.value) == str(exc_real), text
    one = ICAL.split("BEGIN:VTIMEZONE\nTZID:Fixed")[0] + "END:VCALENDAR\n"
    assert repr(ours.tzical(io.StringIO(one)).get()) == repr(real.tzical(io.StringIO(one)).get())


def test_tzical_from_path(tmp_path):
    path = tmp_path / "zones.ics"
    path.write_text(ICAL)
    assert repr(ours.tzical(str(path))) == repr(real.tzical(str(path)))


def test_parser_tzinfos_and_rrule_use_adapter_zones():
    ny = ours.gettz("America/New_York")
    for text in ("2011-11-06 01:30 EST", "2011-07-01 12:00 EDT", "2011-03-13 03:30 EDT"):
        a = parser.parse(text, tzinfos={"EST": real.gettz("America/New_York"),
                                         "EDT": real.gettz("America/New_York")})
        b = parser.parse(text, tzinfos={"EST": ny, "EDT": ny})
        assert shape(a)[:4] == shape(b)[:4]
        assert b.tzinfo is ny
    start_r = datetime(2011, 3, 1, 2, 30, tzinfo=real.gettz("America/New_York"))
    start_o = datetime(2011, 3, 1, 2, 30, tzinfo=ny)
    occ_r = list(rrule.rrule(rrule.DAILY, count=20, dtstart=start_r))
    occ_o = list(rrule.rrule(rrule.DAILY, count=20, dtstart=start_o))
    assert [shape(x)[:4] for x in occ_r] == [shape(x)[:4] for x in occ_o]
    # Aware arithmetic: same tzinfo object means wall-clock arithmetic.
    a = datetime(2011, 11, 6, 1, 30, tzinfo=ny)
    assert (ours.enfold(a) - a, a - ours.enfold(a).replace(tzinfo=ours.gettz.nocache(
        "America/New_York"))) == (timedelta(0), timedelta(hours=-1))


_SHADOW = textwrap.dedent(
    """
    import sys, importlib, pickle
    import dateutil
    adapter = importlib.import_module("tzcompat.dateutil")
    sys.modules["dateutil.tz"] = adapter
    dateutil.tz = adapter
    for sub in ("_common", "_factories", "_tzfile", "_tzpath", "tz"):
        sys.modules["dateutil.tz." + sub] = importlib.import_module("tzcompat.dateutil." + sub)
    from dateutil import parser, rrule, tz
    from dateutil.parser import isoparse
    from dateutil.tz import tz as tz_tz
    assert tz is adapter and tz_tz.tzfile is adapter.tzfile
    d = parser.parse("2011-01-01 12:00 +0300")
    assert type(d.tzinfo) is adapter.tzoffset, type(d.tzinfo)
    assert parser.parse("2011-01-01 12:00 UTC").tzinfo is adapter.UTC
    assert parser.parse("2011-01-01 12:00").replace(tzinfo=None)
    local = parser.parse("2011-01-01 12:00 EST")
    assert type(local.tzinfo) is adapter.tzlocal, local.tzinfo
    d = parser.parse("2011-01-01 12:00 XYZ", tzinfos={"XYZ": "EST5EDT"})
    assert type(d.tzinfo) is adapter.tzstr, type(d.tzinfo)
    assert isoparse("2011-01-01T12:00Z").tzinfo is adapter.UTC
    assert type(isoparse("2011-01-01T12:00+05:30").tzinfo) is adapter.tzoffset
    rs = rrule.rrulestr("DTSTART;TZID=America/New_York:20110313T020000\\nRRULE:FREQ=DAILY;COUNT=3")
    first = list(rs)[0]
    assert type(first.tzinfo) is adapter.tzfile, type(first.tzinfo)
    # A pickle made by real dateutil 4 loads into the adapter.
    blob = sys.stdin.buffer.read()
    zone = pickle.loads(blob)
    assert type(zone) is adapter.tzfile, type(zone)
    print(repr(zone), zone.utcoffset(__import__("datetime").datetime(2011, 7, 1)))
    """
)


def test_installed_as_dateutil_tz():
    ny = real.gettz("America/New_York")
    blob = __import__("pickle").dumps(ny)
    env = dict(os.environ, TZ="America/New_York")  # so that "UTC" is not a local name
    proc = subprocess.run(
        [sys.executable, "-c", _SHADOW], input=blob, capture_output=True, env=env, timeout=120
    )
    assert proc.returncode == 0, proc.stderr.decode()
    assert proc.stdout.decode().strip() == f"{ny!r} {ny.utcoffset(datetime(2011, 7, 1))}"
