"""Facts about pytz and dateutil.tz that the codemod's analysis, its project index and its
text prefilter all read: the one list of each. A leaf module (no LibCST, no ``ast``).

When a rule starts to look at a new pytz name, method or attribute, it goes here, and the
prefilter (:data:`PREFILTER`) follows: a module whose text matches none of these cannot
change, so it is not parsed.
"""

from __future__ import annotations

import re

# ---------------------------------------------------------------- names
#: the modules whose names the codemod rewrites or marks
LEGACY_ROOTS = ("pytz", "dateutil.tz")
#: private module paths and the public name they stand for (pytz.exceptions.X -> pytz.X)
PRIVATE_PREFIXES = {
    "pytz.exceptions.": "pytz.",
    "pytz.tzinfo.": "pytz.",
    "dateutil.tz.tz.": "dateutil.tz.",
    "dateutil.tz._common.": "dateutil.tz.",
    "dateutil.tz._factories.": "dateutil.tz.",
}
#: pytz's time errors (pytz.InvalidTimeError and its two subclasses)
ERROR_NAMES = ("InvalidTimeError", "AmbiguousTimeError", "NonExistentTimeError")
TIME_ERRORS = frozenset(f"pytz.{n}" for n in ERROR_NAMES)
#: pytz's zone classes
PYTZ_TYPES = frozenset({"pytz.BaseTzInfo", "pytz.DstTzInfo", "pytz.StaticTzInfo"})

# ---------------------------------------------------------------- what makes a zone
#: the zone kinds (see _kinds): a pytz zone with transitions, pytz's UTC, a pytz fixed offset,
#: a dateutil.tz zone, a ZoneInfo, a stdlib datetime.timezone
PYTZ_ZONE, PYTZ_UTC, PYTZ_FIXED = "zone", "utc", "fixed"
DATEUTIL, ZONEINFO, STDLIB_FIXED = "dateutil", "zoneinfo", "stdlib-fixed"
#: callables -> the kind of zone a call of them returns
ZONE_MAKERS = {
    "pytz.timezone": PYTZ_ZONE,
    "pytz.FixedOffset": PYTZ_FIXED,
    "dateutil.tz.gettz": DATEUTIL,
    "dateutil.tz.tzlocal": DATEUTIL,
    "dateutil.tz.tzfile": DATEUTIL,
    "dateutil.tz.tzstr": DATEUTIL,
    "dateutil.tz.tzrange": DATEUTIL,
    "dateutil.tz.tzical": DATEUTIL,
    "dateutil.tz.tzutc": DATEUTIL,
    "dateutil.tz.tzoffset": DATEUTIL,
    "zoneinfo.ZoneInfo": ZONEINFO,
    "datetime.timezone": STDLIB_FIXED,
}
#: module attributes that are zones
ZONE_VALUES = {
    "pytz.utc": PYTZ_UTC,
    "pytz.UTC": PYTZ_UTC,
    "dateutil.tz.UTC": DATEUTIL,
    "datetime.timezone.utc": STDLIB_FIXED,
    "datetime.UTC": STDLIB_FIXED,
}
#: callables whose calls the rules rewrite (references to them elsewhere are handled there)
CALLS = frozenset(
    {
        "pytz.timezone",
        "pytz.FixedOffset",
        "dateutil.tz.gettz",
        "dateutil.tz.tzutc",
        "dateutil.tz.tzoffset",
        "dateutil.tz.enfold",
    }
)
PYTZ_KINDS = frozenset({PYTZ_ZONE, PYTZ_UTC, PYTZ_FIXED})
UTC_REFS = frozenset({"pytz.utc", "pytz.UTC", "dateutil.tz.UTC"})
#: module attributes that are objects: attributes *on* them are ordinary attribute access
VALUES = UTC_REFS | {"pytz.all_timezones", "pytz.all_timezones_set"}
#: keys of zones without transitions (pytz made them StaticTzInfo or utc)
STATIC_KEYS = frozenset(
    {"UTC", "GMT", "UCT", "Universal", "Zulu", "Greenwich", "GMT0", "GMT+0", "GMT-0"}
)
#: upper-cased keys that are UTC itself
UTC_KEYS = frozenset({"UTC", "ETC/UTC", "UCT", "ETC/UCT", "ZULU", "ETC/ZULU", "UNIVERSAL"})

# ---------------------------------------------------------------- where a zone is handed in
#: method -> where the zone is: "receiver" (tz.localize(dt)), a keyword, or (keyword,
#: position) for an argument given either way; the calls make an aware datetime in it
ZONE_SLOTS: dict[str, tuple[str, int | None]] = {
    "localize": ("receiver", None),
    "normalize": ("receiver", None),
    "astimezone": ("tz", 0),
    "now": ("tz", 0),
    "fromtimestamp": ("tz", 1),
    "replace": ("tzinfo", None),
}
#: the tzinfo methods that take a datetime (pytz's take is_dst= as well, and raise pytz's time
#: errors for a naive one in a gap or fold without it)
ZONE_METHODS = ("utcoffset", "dst", "tzname")
#: calls where tzinfo= attaches a zone as it is (the LMT trap)
DATETIME_MAKERS = frozenset({"datetime.datetime", "datetime.time", "datetime.datetime.combine"})

# ---------------------------------------------------------------- attributes
#: pytz-only attributes: testing for them, or reading them, depends on the zone being pytz's
PYTZ_ATTRS = frozenset({"localize", "normalize", "zone"})
PYTZ_PRIVATE = frozenset({"_utc_transition_times", "_transition_info", "_tzinfos"})
#: generic-looking private names: pytz's only on a receiver that looks like a zone
PYTZ_PRIVATE_WEAK = frozenset({"_utcoffset", "_tzname", "_dst"})
#: what hasattr()/getattr() tests for on a zone that may be pytz's
DUCK_ATTRS = PYTZ_ATTRS | PYTZ_PRIVATE

# ---------------------------------------------------------------- hidden comparisons
#: builtins that compare or hash the datetimes they are handed (the ordering rule)
ORDERING_CALLS = frozenset({"sorted", "min", "max", "set", "frozenset"})
#: methods and module functions that do (``.sort()``, ``bisect.insort``, ``heapq.heappush``)
ORDERING_METHODS = frozenset(
    {
        "sort", "bisect", "bisect_left", "bisect_right", "insort", "insort_left",
        "insort_right", "heappush", "heapify", "nsmallest", "nlargest", "merge", "heappushpop",
    }
)  # fmt: skip

# ---------------------------------------------------------------- heuristics
#: assertion methods that compare their first two arguments for (in)equality or identity
ASSERT_SAME = frozenset(
    {"assertEqual", "assertEquals", "assertNotEqual", "assertNotEquals", "assertIs", "assertIsNot"}
)
#: methods that cannot raise ValueError: a try body of lookups and these catches only the lookup's
SAFE_METHODS = frozenset(
    {"upper", "lower", "strip", "lstrip", "rstrip", "replace", "title", "casefold", "append"}
)


def named_like_zone(name: str) -> bool:
    """True when a variable, attribute or configuration key named ``name`` is taken for a
    time zone: ``tz``, ``self.timezone``, ``conf["default_timezone"]``, ``tzinfo``, ``UTC``."""
    lowered = name.lower()
    if name == "tzinfo" or lowered == "utc" or lowered.startswith("utc_"):
        return True  # UTC = SomeZone.timezone("UTC") (exchangelib)
    return ("tz" in lowered or "zone" in lowered) and "tzname" not in lowered


# ---------------------------------------------------------------- the prefilter
def _words(names: object) -> str:
    return "|".join(sorted(re.escape(str(n)) for n in names))  # type: ignore[attr-defined]


#: Text a module must contain for the codemod to do anything to it in a project that has pytz
#: (any module naming pytz or dateutil is parsed anyway). Built from the facts above: the
#: methods that attach zones, the zone methods, the pytz attributes and error names, UTC.
PREFILTER = re.compile(
    "pytz|dateutil|is_dst|tzinfo|tzname|TimeError"
    f"|{_words(m for m in ZONE_SLOTS if m not in ('now', 'replace'))}"
    rf"|\.(?:{_words((*ZONE_METHODS, 'fromutc'))})\s*\("
    f"|{_words(PYTZ_PRIVATE | PYTZ_PRIVATE_WEAK)}"
    r"|\.zone\b|attr\([^)]*[\"']zone[\"']"
    # pytz's names reached by name; pandas' constructors that take tz= (rules/indirect.py,
    # rules/consumers.py)
    r"|(?:methodcaller|attrgetter)\(\s*[\"'](?:[\w.]*\.)?(?:localize|normalize|zone)\b"
    r"|\b(?:Timestamp|DatetimeIndex)\("
    # now(tz) with an argument; UTC objects (not utcnow()/utcoffset(): no zone there)
    r"|\bnow\s*\(\s*[^\s)]|(?i:utc)(?!now|fromtimestamp|offset|timetuple)"
    r"|[\"'](?i:etc/)?(?i:uct|zulu|universal)[\"']"
)
#: What a module that names neither pytz nor dateutil must spell for ``migrate_source`` to parse
#: it in a project that has pytz zones (the command decides with the index first, then asks
#: this too): pytz's attributes and errors, the zone-taking calls, the zone methods.
PROJECT_HINT = re.compile(
    f"{_words(PYTZ_ATTRS - {'zone'})}|\\.zone\\b|{_words(PYTZ_PRIVATE)}|_utcoffset"
    r"|tzname\(\s*None|is_dst|TimeError|is_pytz|treat_tz_as_pytz|tzinfo\s*="
    r"|attr\([^)]*[\"']zone[\"']|astimezone"
    rf"|\.(?:{_words((*ZONE_METHODS, 'fromutc'))})\s*\("
)
#: substrings one of which every match of PREFILTER contains (``in`` is much faster than the
#: regex, which then runs only on the files that have one)
PREFILTER_KEYWORDS = (
    "localize", "normalize", "astimezone", "fromtimestamp", "tz", "is_dst", "TimeError", "zone",
    "now", "_transition_info", "utc", "UTC", "dst", "fromutc", "Timestamp", "DatetimeIndex",
)  # fmt: skip
#: case-insensitive substrings for the UTC spellings of PREFILTER
PREFILTER_LOWER = ("utc", "uct", "zulu", "universal")
