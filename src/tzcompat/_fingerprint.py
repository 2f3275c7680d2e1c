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

import os
import warnings
from datetime import tzinfo
from hashlib import sha256

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = ["DataSkewError", "DataSkewWarning", "check_skew", "rules_fingerprint",
           "set_skew_policy", "skew_events", "skew_policy"]

_HORIZON = 2**31
_FORMAT = "tzcompat-rules-1"


class DataSkewWarning(RuntimeWarning):
    """A zone pickled by key loaded where its rules differ from the sender's.

    The zone answers with the receiving process's rules (a key means "this zone, as the
    data here says"); the two processes will disagree about some instants. For an error
    use ``tzcompat.set_skew_policy("error")`` (the zone's first use raises
    :class:`DataSkewError`, in the code that uses it); silence it with
    ``warnings.simplefilter("ignore", tzcompat.DataSkewWarning)`` or the policy
    ``"ignore"``. ``warnings.simplefilter("error", ...)`` raises while the zone is
    unpickled, which in a Dask worker happens inside its connection to the scheduler
    and stops the worker.
    """


class DataSkewError(ValueError):
    """A zone whose rules differ from the sender's was used under the skew policy
    ``"error"`` (:func:`tzcompat.set_skew_policy`): raised by its first answer, so the
    task that uses it fails and the process (a Dask worker, a Spark executor) goes on."""


POLICIES = ("warn", "error", "ignore")
_policy: list[str | None] = [None]  # None: TZCOMPAT_SKEW_POLICY, read when first needed
# The last skews met here (what, sent, here, policy), for data_report().
_events: list[dict[str, str]] = []


def set_skew_policy(policy: str) -> str:
    """What loading a zone pickled by key does when the rules here differ from the
    sender's (a :class:`DataSkewWarning` names it): ``"warn"`` (the default), ``"error"``
    (the zone's first answer raises :class:`DataSkewError`, in the code that uses it,
    never while unpickling) or ``"ignore"``. Returns the previous policy. The
    environment variable ``TZCOMPAT_SKEW_POLICY`` sets it for a process (a worker)."""
    if policy not in POLICIES:
        raise ValueError(f"skew policy must be one of {', '.join(map(repr, POLICIES))}, "
                         f"not {policy!r}")
    old = skew_policy()
    _policy[0] = policy
    return old


def skew_policy() -> str:
    """The skew policy in force (see :func:`set_skew_policy`)."""
    policy = _policy[0]
    if policy is None:
        policy = os.environ.get("TZCOMPAT_SKEW_POLICY", "").strip().lower() or "warn"
        if policy not in POLICIES:
            warnings.warn(f"TZCOMPAT_SKEW_POLICY={policy!r} ignored: not one of "
                          f"{', '.join(POLICIES)}", RuntimeWarning, stacklevel=3)
            policy = "warn"
        _policy[0] = policy
    return policy


def skew_events() -> list[dict[str, str]]:
    """The zones met in this process whose rules differ from their sender's (the last
    100): ``{"zone", "sent", "here", "policy"}``."""
    return [dict(e) for e in _events]


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
    prev = _state(rules.before) if rules.types else ""  # no type: only a footer
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


def check_skew(zone: Any, sent: str | None, what: str | None = None,
               reduce: tuple[Any, tuple[Any, ...]] | None = None) -> Any:
    """What an unpickling function returns for ``zone``, whose sender had the rules
    fingerprinted ``sent``: the zone, after a ``DataSkewWarning`` when the rules here
    differ (``what`` names the zone in the message; a zone with no fingerprint here is
    not compared). Under the policy ``"error"`` it returns instead a stand-in whose first
    answer raises :class:`DataSkewError` and which pickles as ``reduce`` (the sender's
    pickle of the zone), so nothing is raised while unpickling. The warning points at
    the caller of ``pickle.load``."""
    if not sent or not isinstance(sent, str):
        return zone
    try:
        here = zone.data_fingerprint
    except Exception:  # a zone that cannot tell: nothing to compare
        return zone
    if here is None or here == sent:
        return zone
    if what is None:
        what = f"zone {zone.key if hasattr(zone, 'key') else zone!s}"
    policy = skew_policy()
    if len(_events) >= 100:
        del _events[0]
    _events.append({"zone": what, "sent": sent, "here": here, "policy": policy})
    ship = ", or pickle zone.by_value() to ship the rules" if hasattr(zone, "by_value") else ""
    message = (f"{what} was pickled where its rules had fingerprint {sent}; here they have "
               f"{here}: the two processes answer differently for some instants "
               f"(tzcompat.check_workers() lists which zones differ where{ship})")
    if policy == "error":
        return SkewedZone(zone, what, message, reduce)
    if policy == "warn":
        warnings.warn(DataSkewWarning(message), stacklevel=3)
    return zone


def _name(zone: Any) -> str | None:
    for attr in ("key", "zone"):
        name = getattr(zone, attr, None)
        if isinstance(name, str):
            return name
    return None


class SkewedZone(tzinfo):
    """Stands for a zone pickled by key whose rules here differ from the sender's, under
    the skew policy ``"error"``: every answer raises :class:`DataSkewError` (so the code
    that uses it fails, not the process that unpickled it), and it pickles as the sender's
    zone did, so it travels on (back to the sender, it is the sender's zone again)."""

    __slots__ = ("_zone", "_what", "_message", "_reduce", "key", "zone")

    def __init__(self, zone: Any, what: str, message: str,
                 reduce: tuple[Any, tuple[Any, ...]] | None) -> None:
        self._zone, self._what, self._message, self._reduce = zone, what, message, reduce
        self.key = self.zone = _name(zone)

    def _refuse(self, *args: Any, **kwargs: Any) -> Any:
        raise DataSkewError(f"refused under tzcompat.set_skew_policy('error'): {self._message}")

    utcoffset = dst = tzname = fromutc = localize = normalize = _refuse

    def __reduce__(self) -> Any:
        if self._reduce is None:
            return self._refuse()
        return self._reduce

    def __repr__(self) -> str:
        return f"<{self._what}: rules differ from the sender's; DataSkewError on use>"
