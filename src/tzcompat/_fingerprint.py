"""Fingerprints of zone rules and of data sources, and ``data_report()``.

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
from hashlib import sha256

from . import _registry, _tzpath

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from ._engine import _Rules

__all__ = ["DataSkewWarning", "data_report", "rules_fingerprint", "source_fingerprint"]

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


def rules_fingerprint(rules: _Rules) -> str:
    """The fingerprint of one rules object (computed once, then kept on it)."""
    fp = rules.fingerprint
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


def fingerprint_of_key(key: str) -> str | None:
    """The fingerprint of the data the default lookup finds for ``key`` now (None when it
    finds none, or invalid data)."""
    from ._engine import build_rules
    from ._tzif import read_tzif

    try:
        fobj, source, version = _tzpath.open_zone(key)
        with fobj:
            data = read_tzif(fobj)
        return rules_fingerprint(build_rules(data, source, version))
    except Exception:
        return None


# root -> (tree signature, result): a source is hashed again only when a file moved.
_sources: dict[str, tuple[Any, dict[str, Any]]] = {}


def source_fingerprint(root: str) -> dict[str, Any]:
    """``{"fingerprint", "zones", "failed"}`` for the zoneinfo directory ``root``: the hash
    of every zone's key and rules fingerprint (sorted by key), how many zones that is,
    and the keys whose files could not be read. Stats the tree first; reads it only when
    a file changed since the last call."""
    from ._engine import build_rules
    from ._tzif import read_tzif

    sig = _tzpath.tree_signature(root)
    cached = _sources.get(root)
    if cached is not None and cached[0] == sig:
        return dict(cached[1])
    h = sha256(_FORMAT.encode())
    failed = []
    count = 0
    for key in sorted(_tzpath.tzif_keys(root)):
        try:
            with open(os.path.join(root, key), "rb") as f:
                data = read_tzif(f)
            fp = rules_fingerprint(build_rules(data))
        except Exception:
            failed.append(key)
            continue
        h.update(f"{key}={fp}\n".encode())
        count += 1
    out = {"fingerprint": h.hexdigest()[:16] if count else None, "zones": count,
           "failed": failed}
    if len(_sources) > 16:
        _sources.clear()
    _sources[root] = (sig, out)
    return dict(out)


def data_report() -> dict[str, Any]:
    """What zone data this process has and uses, as JSON-ready values.

    - ``sources``: each TZPATH root and the tzdata package, in search order, with
      ``present``, ``version``, ``fingerprint`` (of all its zones), ``zones`` and
      ``in_use`` (the source the default lookup reads first);
    - ``data_version``: the IANA version of the data in use;
    - ``fingerprint``: the source in use's fingerprint;
    - ``zones``: key -> ``{"fingerprint", "version", "source"}`` for every zone in
      ``tzcompat.ZoneInfo``'s cache (what this process has actually loaded);
    - ``adapters``: adapter -> {zone name: fingerprint} for the zones ``tzcompat.pytz`` and
      ``tzcompat.dateutil`` have loaded (when imported).

    Run it on every worker (``client.run(tzcompat.data_report)`` in Dask, a Spark job)
    and compare the fingerprints: equal fingerprints mean equal answers.
    """
    import sys

    from . import __version__
    from ._zoneinfo import ZoneInfo

    sources: list[dict[str, Any]] = []
    for root in _tzpath.TZPATH:
        present = os.path.isdir(root) and os.path.isfile(os.path.join(root, "UTC"))
        entry: dict[str, Any] = {"kind": "tzpath", "path": root, "present": present,
                                 "version": _tzpath.root_version(root) if present else None}
        entry.update(source_fingerprint(root) if present else
                     {"fingerprint": None, "zones": 0, "failed": []})
        sources.append(entry)
    package = _tzpath.tzdata_root()
    entry = {"kind": "tzdata", "path": package, "present": package is not None,
             "version": _tzpath.tzdata_version()}
    entry.update(source_fingerprint(package) if package is not None else
                 {"fingerprint": None, "zones": 0, "failed": []})
    sources.append(entry)
    used = next((s for s in sources if s["present"] and s["zones"]), None)
    for s in sources:
        s["in_use"] = s is used
    with ZoneInfo._z_lock:
        cached = list(ZoneInfo._z_weak.items())
    zones = {key: {"fingerprint": z.data_fingerprint, "version": z.data_version,
                   "source": z.source} for key, z in sorted(cached)}
    return {
        "tzcompat": __version__,
        "python": sys.version.split()[0],
        "data_version": _tzpath.data_version(),
        "fingerprint": used["fingerprint"] if used else None,
        "sources": sources,
        "zones": zones,
        "adapters": _registry.loaded_zones(),
    }


def check_skew(zone: Any, sent: str | None) -> None:
    """Warn (``DataSkewWarning``) when ``zone``'s rules differ from the sender's."""
    if not sent or not isinstance(sent, str):
        return
    try:
        here = zone.data_fingerprint
    except Exception:  # a zone that cannot tell: nothing to compare
        return
    if here != sent:
        import warnings

        warnings.warn(DataSkewWarning(
            f"zone {zone.key if hasattr(zone, 'key') else zone!s} was pickled where its "
            f"rules had fingerprint {sent}; here they have {here}: the two processes "
            "answer differently for some instants (compare tzcompat.data_report() on "
            "each, or pickle zone.by_value() to ship the rules)"), stacklevel=3)
