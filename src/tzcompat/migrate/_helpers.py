"""Source text of the helpers the codemod writes for rewritten modules.

The rewritten code must run on the standard library alone (no tzcompat, no pytz), so the pytz
behaviour that has no stdlib spelling (``localize``'s choice inside a repeated or skipped hour,
``normalize``'s refusal of naive datetimes, the time-error classes) is written out as small
functions. By default they live in one module per package (``_tzmigrate.py``), imported where
needed; ``--inline-helpers`` pastes them into each module instead. The text lives here, once, so
the codemod and the tests (which ``exec`` it) use exactly the same code.
"""

from __future__ import annotations

import re

#: Names of the helper functions; the codemod reuses an existing top-level definition.
LOCALIZE_NAME = "_tz_localize"
NORMALIZE_NAME = "_tz_normalize"
REPLACE_NAME = "_tz_replace"

#: The exception classes ``_tz_localize(..., is_dst=None)`` raises. pytz's classes are not
#: ``ValueError`` subclasses, so neither are these: ``except ValueError`` still does not catch them.
ERROR_NAMES = ("InvalidTimeError", "AmbiguousTimeError", "NonExistentTimeError")

#: File name of the shared helper module, placed in the top-level package of the migrated tree.
DEFAULT_MODULE = "_tzmigrate"

#: Every name the helpers define (a module's own definition of one is kept as written).
HELPER_NAMES = (*ERROR_NAMES, LOCALIZE_NAME, NORMALIZE_NAME, REPLACE_NAME)

# While pytz is importable the names *are* pytz's classes: an ``except`` clause matches by
# subclass only, so classes of our own (even subclasses of pytz's) would not catch what pytz
# zones from unmigrated code, Django or pandas raise. Without pytz, the same hierarchy.
ERRORS_SOURCE = '''\
try:  # pytz's classes while installed: old and new code catch the same
    from pytz import AmbiguousTimeError, InvalidTimeError, NonExistentTimeError
except ImportError:

    class InvalidTimeError(Exception):
        """Replaces pytz.InvalidTimeError (inserted by tzcompat migrate)."""

    class AmbiguousTimeError(InvalidTimeError):
        """Replaces pytz.AmbiguousTimeError: the wall time occurs twice."""

    class NonExistentTimeError(InvalidTimeError):
        """Replaces pytz.NonExistentTimeError: the wall time is skipped."""
'''

LOCALIZE_SOURCE = '''\
def _tz_localize(dt, tz, is_dst=False):
    """pytz's ``tz.localize(dt, is_dst)`` (inserted by tzcompat migrate).

    Off a transition this is ``dt.replace(tzinfo=tz)``. In a repeated hour it
    takes the occurrence whose DST flag equals ``is_dst`` (the later, standard
    one for ``False``), in a skipped hour the offset from before (``False``)
    or after (``True``) the jump, and ``is_dst=None`` raises instead of
    choosing. A zone that still has ``localize`` (a pytz zone passed in from
    code not yet migrated) keeps its own method.
    """
    if getattr(tz, "localize", None) is not None:  # a pytz zone: unmigrated
        return tz.localize(dt, is_dst=is_dst)
    if dt.tzinfo is not None:
        raise ValueError("Not naive datetime (tzinfo is already set)")
    first = dt.replace(tzinfo=tz, fold=0)
    second = dt.replace(tzinfo=tz, fold=1)
    if first.utcoffset() == second.utcoffset():
        return first
    # PEP 495: fold=0 keeps the offset from before the transition
    skipped = first.utcoffset() < second.utcoffset()
    if is_dst is None:
        raise (NonExistentTimeError if skipped else AmbiguousTimeError)(dt)
    if skipped:
        return second if is_dst else first
    matching = [c for c in (first, second) if bool(c.dst()) == is_dst]
    if len(matching) == 1:
        return matching[0]
    return first if is_dst else second  # same flag on both sides
'''

NORMALIZE_SOURCE = '''\
def _tz_normalize(dt, tz):
    """pytz's ``tz.normalize(dt)`` (inserted by tzcompat migrate).

    ``dt`` converted to ``tz`` through UTC, which also moves a skipped wall
    time to the real one; a naive ``dt`` raises ``ValueError`` as in pytz
    (``astimezone`` would take it as the machine's local time). A zone that
    still has ``normalize`` keeps its own method.
    """
    if getattr(tz, "normalize", None) is not None:  # a pytz zone: unmigrated
        return tz.normalize(dt)
    if dt.tzinfo is None:
        raise ValueError("Naive time - no tzinfo set")
    return tz.fromutc((dt - dt.utcoffset()).replace(tzinfo=tz))
'''

REPLACE_SOURCE = '''\
# the module may bind "datetime" to the class: no module-level import here
class _TzPeriod(__import__("datetime").tzinfo):
    """One period of a zone, as pytz attached it to a datetime.

    The offset, DST and abbreviation are fixed; ``key`` and ``str()`` still
    name the zone, and converting into it goes through the zone (inserted by
    tzcompat migrate, with ``_tz_replace``).
    """

    def __init__(self, place, offset, dst, name):
        self.key = place.key
        self._place = place
        self._fixed = (offset, dst, name)

    def utcoffset(self, dt):
        return self._fixed[0]

    def dst(self, dt):
        return self._fixed[1]

    def tzname(self, dt):
        return self._fixed[2]

    def fromutc(self, dt):
        return self._place.fromutc(dt.replace(tzinfo=self._place))

    def __str__(self):
        return self.key

    def __repr__(self):
        return "<%s %s %s>" % (self.key, self._fixed[2], self._fixed[0])

    def __eq__(self, other):
        if not isinstance(other, _TzPeriod):
            return NotImplemented
        return (self.key, self._fixed) == (other.key, other._fixed)

    def __hash__(self):
        return hash((self.key, self._fixed))

    def __reduce__(self):
        return (_TzPeriod, (self._place, *self._fixed))


def _tz_replace(dt, **fields):
    """pytz's aware ``dt.replace(**fields)`` (inserted by tzcompat migrate).

    A pytz datetime's tzinfo was one fixed offset, so replacing the date or
    time kept that offset even where the new wall time is in another period
    (EST at a midnight in EDT). ZoneInfo recomputes it, which is usually the
    bug fix: this helper is for code that relied on the old value. The result
    carries the old offset and abbreviation, and the zone's key, as pytz's
    tzinfo did. With no fields it is ``dt`` as pytz held it, so
    ``_tz_replace(dt) + delta`` moves absolute time and keeps the offset, as
    pytz's ``dt + delta`` did.
    """
    import datetime
    import zoneinfo

    tz = getattr(dt, "tzinfo", None)
    offset = None if tz is None else dt.utcoffset()
    # naive, a new tzinfo, or a pytz zone from unmigrated code: nothing to pin
    if offset is None or "tzinfo" in fields or hasattr(tz, "localize"):
        return dt.replace(**fields) if fields else dt
    place = tz._place if isinstance(tz, _TzPeriod) else tz
    name = dt.tzname()
    if isinstance(place, zoneinfo.ZoneInfo):
        fixed = _TzPeriod(place, offset, dt.dst(), name)
    elif name is None:
        fixed = datetime.timezone(offset)
    else:
        fixed = datetime.timezone(offset, name)
    return dt.replace(tzinfo=fixed, **fields)
'''

MODULE_HEADER = '''\
"""pytz behaviour with no one-line stdlib spelling (by tzcompat migrate).

The migrated modules of this package import these names. Plain standard
library: pytz is used only while it is still installed, so that old and new
code raise and catch the same errors. Delete the file once nothing imports it.
"""
'''

#: Which helper a name needs: the localize helper raises the error classes.
NEEDS = {
    LOCALIZE_NAME: (*ERROR_NAMES, LOCALIZE_NAME),
    NORMALIZE_NAME: (NORMALIZE_NAME,),
    REPLACE_NAME: (REPLACE_NAME,),
    **{name: ERROR_NAMES for name in ERROR_NAMES},
}


def _renamed(source: str, names: dict[str, str]) -> str:
    for old, new in names.items():
        if new != old:
            source = re.sub(rf"(?<![.\w]){old}\b", new, source)
    return source


def errors_source(names: dict[str, str] | None = None) -> str:
    """The time-error block, binding each class under ``names[name]`` when that is given."""
    names = names or {}
    if all(names.get(n, n) == n for n in ERROR_NAMES):
        return ERRORS_SOURCE
    imports = "".join(
        f"        {n}{'' if names.get(n, n) == n else f' as {names[n]}'},\n"
        for n in sorted(ERROR_NAMES)
    )
    text = ERRORS_SOURCE.replace(
        "from pytz import AmbiguousTimeError, InvalidTimeError, NonExistentTimeError",
        f"from pytz import (\n{imports}    )",
    )
    head, sep, tail = text.partition("except ImportError:")
    return head + sep + _renamed(tail, names)


def inline_source(
    errors: bool, localize: bool, normalize: bool, names: dict[str, str], replace: bool = False
) -> str:
    """The helpers pasted into one module, with clashing names replaced by ``names``."""
    parts = []
    if errors:
        parts.append(errors_source(names))
    if localize:
        parts.append(_renamed(LOCALIZE_SOURCE, names))
    if normalize:
        parts.append(_renamed(NORMALIZE_SOURCE, names))
    if replace:
        parts.append(_renamed(REPLACE_SOURCE, names))
    return "\n\n".join(parts)


def module_source() -> str:
    """The shared helper module (``_tzmigrate.py``)."""
    return "\n\n".join(
        [
            MODULE_HEADER.rstrip("\n") + "\n",
            ERRORS_SOURCE,
            LOCALIZE_SOURCE,
            NORMALIZE_SOURCE,
            REPLACE_SOURCE,
        ]
    )
