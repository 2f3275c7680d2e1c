"""What data a process answers from: ``data_report()`` and fingerprints of data sources.

Run ``tzcompat.data_report()`` (or ``tzcompat data --json``) on every worker of a cluster and
compare: two processes that hold different rules under one version label have different
fingerprints (see ``_fingerprint`` for what a fingerprint covers).
"""

from __future__ import annotations

import os
import sys
from hashlib import sha256

from . import _dataversion, _lookup, _registry, _tzpath
from ._engine import build_rules
from ._fingerprint import _FORMAT, rules_fingerprint, skew_events
from ._tzif import read_tzif
from ._version import __version__
from ._zoneinfo import ZoneInfo

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = ["data_report", "fingerprint_of_key", "source_fingerprint", "zone_fingerprints"]


def fingerprint_of_key(key: str) -> str | None:
    """The fingerprint of the data the default lookup finds for ``key`` now (None when it
    finds none, or invalid data)."""
    try:
        fobj, source, version = _lookup.open_zone(key)
        with fobj:
            data = read_tzif(fobj)
        return rules_fingerprint(build_rules(data, source, version))
    except Exception:
        return None


# root -> (tree signature, result, key -> fingerprint): a source is hashed again only when
# a file moved.
_sources: dict[str, tuple[Any, dict[str, Any], dict[str, str]]] = {}


def source_fingerprint(root: str) -> dict[str, Any]:
    """``{"fingerprint", "zones", "failed"}`` for the zoneinfo directory ``root``: the hash
    of every zone's key and rules fingerprint (sorted by key), how many zones that is,
    and the keys whose files could not be read. Stats the tree first; reads it only when
    a file changed since the last call."""
    return dict(_hashed(root)[1])


def _hashed(root: str) -> tuple[Any, dict[str, Any], dict[str, str]]:
    sig = _dataversion.tree_signature(root)
    cached = _sources.get(root)
    if cached is not None and cached[0] == sig:
        return cached
    h = sha256(_FORMAT.encode())
    failed = []
    keys: dict[str, str] = {}
    for key in sorted(_tzpath.tzif_keys(root)):
        try:
            with open(os.path.join(root, key), "rb") as f:
                data = read_tzif(f)
            fp = rules_fingerprint(build_rules(data))
        except Exception:
            failed.append(key)
            continue
        h.update(f"{key}={fp}\n".encode())
        keys[key] = fp
    out = {"fingerprint": h.hexdigest()[:16] if keys else None, "zones": len(keys),
           "failed": failed}
    if len(_sources) > 16:
        _sources.clear()
    entry = _sources[root] = (sig, out, keys)
    return entry


def zone_fingerprints() -> dict[str, str | None]:
    """key -> the fingerprint of the rules the default lookup finds for it, for every
    zone of the data in use (None where its file cannot be read). Each source is hashed
    once while its files stay the same."""
    out: dict[str, str | None] = {}
    roots: dict[str, dict[str, str]] = {}
    for key in sorted(_tzpath.available_timezones()):
        path = _lookup.zone_path(key)
        root = path[: -len(key) - 1] if path is not None and path.endswith(key) else None
        if root is None:
            out[key] = fingerprint_of_key(key)
            continue
        if root not in roots:
            roots[root] = _hashed(root)[2]
        fp = roots[root].get(key)
        out[key] = fp if fp is not None else fingerprint_of_key(key)
    return out


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
      ``tzcompat.dateutil`` have loaded (when imported);
    - ``skew``: the zones pickled by key that arrived here with other rules than their
      sender's (the last 100: ``zone``, ``sent`` and ``here`` fingerprints, ``policy``).

    Run it on every worker (``client.run(tzcompat.data_report)`` in Dask, a Spark job)
    and compare the fingerprints: equal fingerprints mean equal answers.
    """
    sources: list[dict[str, Any]] = []
    for root in _tzpath.TZPATH:
        present = _tzpath.has_zones(root)
        entry: dict[str, Any] = {"kind": "tzpath", "path": root, "present": present,
                                 "version": _dataversion.root_version(root) if present else None}
        entry.update(source_fingerprint(root) if present else
                     {"fingerprint": None, "zones": 0, "failed": []})
        sources.append(entry)
    package = _tzpath.tzdata_root()
    entry = {"kind": "tzdata", "path": package, "present": package is not None,
             "version": _dataversion.tzdata_version()}
    entry.update(source_fingerprint(package) if package is not None else
                 {"fingerprint": None, "zones": 0, "failed": []})
    sources.append(entry)
    used = next((s for s in sources if s["present"] and s["zones"]), None)
    for s in sources:
        s["in_use"] = s is used
    cached = ZoneInfo._z_cached()
    zones = {key: {"fingerprint": z.data_fingerprint, "version": z.data_version,
                   "source": z.source} for key, z in sorted(cached)}
    return {
        "tzcompat": __version__,
        "python": sys.version.split()[0],
        "data_version": _lookup.data_version(),
        "fingerprint": used["fingerprint"] if used else None,
        "sources": sources,
        "zones": zones,
        "adapters": _registry.loaded_zones(),
        "skew": skew_events(),
    }
