"""Fingerprints of zone rules, and the warning when a pickled zone meets other rules.

A data version label says which IANA release a file claims to be; it does not say what
the process answers with (a hand-patched file, a vendor's backport, two builds of one
release with different options). A fingerprint hashes what the answers depend on: every
change of (UTC offset, DST flag, abbreviation) up to 2**31 seconds (2038-01-19, where
explicit TZif data ends), the state before the first change, and the POSIX rule that
governs afterwards. So a fat and a slim file of one release, or a file with redundant
transitions, fingerprint alike; any difference in an answer gives another fingerprint.

The hash is SHA-256 over a canonical text form, cut to 16 hex digits (64 bits): a
label to compare, not a security check.
"""

from __future__ import annotations

from hashlib import sha256

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = ["DataSkewWarning", "check_skew", "rules_fingerprint"]

_HORIZON = 2**31
_FORMAT = "tzcompat-rules-1"


class DataSkewWarning(RuntimeWarning):
    """A zone pickled by key loaded where its rules differ from the sender's.

    The zone answers with the receiving process's rules (a key means "this zone, as the
    data here says"); the two processes will disagree about some instants. Turn it into
    an error with ``warnings.simplefilter("error", tzcompat.DataSkewWarning)``, or
    silence it with ``"ignore"``.
    """


def _state(state: Any) -> str:
    off = state.utcoffset
    return f"{off.days * 86400 + off.seconds},{int(bool(state.is_dst))},{state.tzname}"


def rules_fingerprint(rules: Any) -> str:
    """The fingerprint of one ``_engine._Rules`` (computed once, then kept on it). Typed
    loosely: the engine calls this module, so this one must not import the engine."""
    fp: str | None = rules.fingerprint
    if fp is not None:
        return fp
    parts = [_FORMAT]
    prev = _state(rules.before) if rules.before is not None else ""
    parts.append(prev)
    for t in rules.transitions(None, _HORIZON):
        now = _state(t.after)
        if now != prev:
            parts.append(f"{t.timestamp}:{now}")
            prev = now
    footer = rules.tzif.footer
    parts.append(f"rule:{footer or ''}")
    fp = rules.fingerprint = sha256("\n".join(parts).encode()).hexdigest()[:16]
    return fp


def check_skew(zone: Any, sent: str | None, what: str | None = None) -> None:
    """Warn (``DataSkewWarning``) when ``zone``'s rules differ from the sender's (``what``
    names the zone in the message; a zone with no fingerprint here is not compared).
    Called by an unpickling function: the warning points at the caller of ``pickle.load``."""
    if not sent or not isinstance(sent, str):
        return
    try:
        here = zone.data_fingerprint
    except Exception:  # a zone that cannot tell: nothing to compare
        return
    if here is not None and here != sent:
        import warnings

        if what is None:
            what = f"zone {zone.key if hasattr(zone, 'key') else zone!s}"
        ship = ", or pickle zone.by_value() to ship the rules" if hasattr(zone, "by_value") else ""
        warnings.warn(DataSkewWarning(
            f"{what} was pickled where its rules had fingerprint {sent}; here they have "
            f"{here}: the two processes answer differently for some instants (compare "
            f"tzcompat.data_report() on each{ship})"), stacklevel=3)
