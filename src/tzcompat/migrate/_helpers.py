"""Source text of the helpers the codemod inserts into rewritten modules.

The rewritten code must run on the standard library alone (no tzcompat, no pytz), so the one
piece of pytz behaviour that has no stdlib spelling, ``localize``'s choice inside a repeated or
skipped hour, is pasted into the module as a small function. The text lives here, once, so the
codemod and the tests (which ``exec`` it) use exactly the same code.
"""

from __future__ import annotations

#: Name of the inserted function; the codemod reuses an existing top-level definition.
LOCALIZE_NAME = "_tz_localize"

#: The exception classes ``_tz_localize(..., is_dst=None)`` raises. pytz's classes are not
#: ``ValueError`` subclasses, so neither are these: ``except ValueError`` still does not catch them.
ERROR_NAMES = ("InvalidTimeError", "AmbiguousTimeError", "NonExistentTimeError")

ERRORS_SOURCE = '''\
class InvalidTimeError(Exception):
    """Replaces pytz.InvalidTimeError (inserted by tzcompat migrate)."""


class AmbiguousTimeError(InvalidTimeError):
    """Replaces pytz.AmbiguousTimeError: the wall time occurs twice."""


class NonExistentTimeError(InvalidTimeError):
    """Replaces pytz.NonExistentTimeError: the wall time is skipped."""
'''

LOCALIZE_SOURCE = '''\
def _tz_localize(dt, tz, is_dst=False):
    """pytz's ``tz.localize(dt, is_dst)`` for a standard tzinfo (inserted by tzcompat migrate).

    Off a transition this is ``dt.replace(tzinfo=tz)``. In a repeated hour it takes the
    occurrence whose DST flag equals ``is_dst`` (the later, standard one for ``False``), in a
    skipped hour the offset from before (``False``) or after (``True``) the jump, and
    ``is_dst=None`` raises instead of choosing. A zone that still has ``localize`` (a pytz
    zone passed in from code not yet migrated) keeps its own method.
    """
    if getattr(tz, "localize", None) is not None:  # still a pytz zone, from unmigrated code
        return tz.localize(dt, is_dst=is_dst)
    if dt.tzinfo is not None:
        raise ValueError("Not naive datetime (tzinfo is already set)")
    first = dt.replace(tzinfo=tz, fold=0)
    second = dt.replace(tzinfo=tz, fold=1)
    if first.utcoffset() == second.utcoffset():
        return first
    skipped = first.utcoffset() < second.utcoffset()  # PEP 495: fold=0 keeps the old offset
    if is_dst is None:
        raise (NonExistentTimeError if skipped else AmbiguousTimeError)(dt)
    if skipped:
        return second if is_dst else first
    matching = [c for c in (first, second) if bool(c.dst()) == is_dst]
    if len(matching) == 1:
        return matching[0]
    return first if is_dst else second  # same flag on both sides: earlier instant for True
'''
