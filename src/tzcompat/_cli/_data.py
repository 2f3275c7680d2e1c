"""The ``data`` and ``diff`` commands: the zone data sources present, and how two differ."""

from __future__ import annotations

import argparse
import os
import sys
import time
from datetime import datetime, timedelta, timezone
from importlib.util import find_spec

from .. import _datapolicy, _dataversion, _tzpath
from .._dataversion import version_key
from .._engine import ZoneEngine
from .._refresh import differences
from .._report import data_report, source_fingerprint
from .._tzif import read_tzif
from . import _zones
from ._output import dump as _dump
from ._output import fmt_offset
from ._output import seconds as _seconds
from ._zones import UsageError

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import IO, Any

_NAMES = ("system", "tzdata", "pytz")


def _modified(path: str | None) -> float | None:
    if path is None:
        return None
    try:
        return os.stat(path).st_mtime
    except (OSError, ValueError):
        return None


def _version_file(root: str) -> str | None:
    for name in ("tzdata.zi", "+VERSION"):
        path = os.path.join(root, name)
        if os.path.isfile(path):
            return path
    return None


def _pytz_dir() -> str | None:
    """The zoneinfo directory bundled with the real pytz, when it is installed (found
    without importing it; tzcompat's drop-in ``pytz`` bundles no data)."""
    try:
        spec = find_spec("pytz")
    except (ImportError, ValueError):
        return None
    origin = getattr(spec, "origin", None)
    if not origin:
        return None
    root = os.path.join(os.path.dirname(origin), "zoneinfo")
    return root if os.path.isfile(os.path.join(root, "UTC")) else None


def _pytz_version(root: str) -> str | None:
    """pytz's OLSON_VERSION, read from its ``__init__.py`` (its tzdata.zi says "unknown")."""
    try:
        with open(os.path.join(os.path.dirname(root), "__init__.py"), encoding="utf-8") as f:
            for line in f:
                if line.startswith("OLSON_VERSION"):
                    value = line.partition("=")[2].strip().strip("'\"")
                    return value or None
    except (OSError, UnicodeDecodeError):
        pass
    return None


def sources() -> list[dict[str, Any]]:
    """The data sources in search order: each TZPATH entry, the tzdata package, pytz's
    bundle; with their IANA version and when their version file was last written."""
    out = []
    for root in _tzpath.TZPATH:
        has_zones = _tzpath.has_zones(root)
        out.append({"kind": "tzpath", "path": root, "present": has_zones,
                    "version": _dataversion.root_version(root) if has_zones else None,
                    "modified": _modified(_version_file(root)) if has_zones else None})
    tzdata = _tzpath.tzdata_module()
    package = _tzpath.tzdata_root()
    out.append({"kind": "tzdata", "path": package, "present": tzdata is not None,
                "version": _dataversion.tzdata_version(),
                "modified": _modified(_version_file(package)) if package else None})
    bundle = _pytz_dir()
    if bundle is not None:
        out.append({"kind": "pytz", "path": bundle, "present": True,
                    "version": _pytz_version(bundle),
                    "modified": _modified(_version_file(bundle))})
    # The source the default lookup uses: the first TZPATH root with zones, else tzdata.
    used = next((s for s in out if s["kind"] == "tzpath" and s["present"]), None)
    if tzdata is not None and (used is None or _tzdata_wins()):
        used = out[len(_tzpath.TZPATH)]
    for s in out:
        s["in_use"] = s is used
    return out


def _tzdata_wins() -> bool:
    """Whether the data policy (tzcompat.set_data_policy) makes the tzdata package win."""
    return _datapolicy.package_wins()


def newer_than_used(found: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The sources present whose IANA version is newer than the one in use."""
    used = next((s for s in found if s["in_use"]), None)
    key = version_key(used["version"]) if used else None
    if key is None:
        return []
    return [s for s in found if s["present"] and not s["in_use"]
            and (version_key(s["version"]) or key) > key]


def _age(modified: float | None, now: float) -> str:
    if modified is None:
        return "-"
    days = int((now - modified) // 86400)
    day = datetime.fromtimestamp(modified, timezone.utc).date().isoformat()
    return f"{day} ({days} days ago)" if days != 1 else f"{day} (1 day ago)"


def newer_warnings(found: list[dict[str, Any]]) -> list[str]:
    """One line for each source present that is newer than the data in use, with the fix."""
    used = next((s for s in found if s["in_use"]), None)
    warnings = []
    for s in newer_than_used(found):
        fix = ('TZCOMPAT_DATA_POLICY=newest (or PYTHONTZPATH="", an empty search path) '
               "makes tzcompat use it"
               if s["kind"] == "tzdata" else "put it first in PYTHONTZPATH to use it")
        if s["kind"] == "pytz":
            fix = "only the real pytz reads it"
        # Set when a source is in use.
        warnings.append(f"the data in use ({used['path']}, {used['version']}) is older than "  # type: ignore[index]
                        f"{s['kind']} {s['path']} ({s['version']}); {fix}")
    return warnings


def cmd_data(args: argparse.Namespace) -> int:
    found = sources()
    used = next((s for s in found if s["in_use"]), None)
    warnings = newer_warnings(found)
    if args.json:
        # tzcompat.data_report(), with what only the command adds: when each source was
        # last written, the real pytz's bundle, and the warnings. No data: exit status 1.
        report = data_report()
        hashed = {(r["kind"], r["path"]): r for r in report["sources"]}
        now = time.time()
        out = []
        for s in found:
            extra = hashed.get((s["kind"], s["path"]), {})
            if s["kind"] == "pytz":
                extra = source_fingerprint(s["path"])
            out.append({**extra, **s, "modified": _iso_time(s["modified"]),
                        "age_days": None if s["modified"] is None
                        else int((now - s["modified"]) // 86400)})
        _dump({**report, "sources": out, "in_use": used["path"] if used else None,
               "warnings": warnings})
        return 0 if used is not None else 1
    now = time.time()
    print(f"{'':2}{'source':8} {'version':8} {'modified':28} {'fingerprint':16} path")
    for s in found:
        mark = "* " if s["in_use"] else "  "
        version = s["version"] or ("-" if s["present"] else "absent")
        path = s["path"] or ("(not installed)" if not s["present"] else "(inside a package)")
        # The fingerprint of every zone's rules: two sources with one label and other rules
        # (a patched file, a backport) show different ones.
        fingerprint = _fingerprint(s) or "-"
        print(f"{mark}{s['kind']:8} {version:8} {_age(s['modified'], now):28} "
              f"{fingerprint:16} {path}")
    if used is None:
        print("no zone data in use: pip install tzdata, or set PYTHONTZPATH")
    elif _tzdata_wins():
        print("* in use (the tzdata package: newer, under the data policy 'newest')")
    else:
        print("* in use (the first TZPATH entry with zones, else the tzdata package)")
    for text in warnings:
        print(f"{args.prog}: warning: {text}", file=_stderr())
    return 0 if used else 1  # no data at all: a query that found nothing


def _fingerprint(source: dict[str, Any]) -> str | None:
    """The fingerprint of a source's zones (data_report()'s), None without zones."""
    if not source["present"] or not source["path"]:
        return None
    # A JSON-like dict.
    return source_fingerprint(source["path"])["fingerprint"]  # type: ignore[no-any-return]


def _stderr() -> IO[str]:
    return sys.stderr


def _iso_time(stamp: float | None) -> str | None:
    if stamp is None:
        return None
    return datetime.fromtimestamp(stamp, timezone.utc).isoformat(timespec="seconds")


# --- diff ---------------------------------------------------------------------------


class _Source:
    """One side of a diff: a zoneinfo directory, the TZPATH lookup, tzdata or pytz's bundle."""

    def __init__(self, spec: str) -> None:
        self.spec = spec
        if spec == "system":
            self.roots = [r for r in _tzpath.TZPATH if os.path.isdir(r)]
            if not self.roots:
                raise UsageError("'system': no TZPATH directory exists "
                                 f"(TZPATH: {', '.join(_tzpath.TZPATH) or 'empty'})")
            self.version = next((_dataversion.root_version(r) for r in self.roots
                                 if _dataversion.root_version(r)), None)
        elif spec == "tzdata":
            root = _tzpath.tzdata_root()
            if root is None:
                raise UsageError("'tzdata': the tzdata package is not installed "
                                 "(pip install tzdata)")
            self.roots, self.version = [root], _dataversion.tzdata_version()
        elif spec == "pytz":
            root = _pytz_dir()
            if root is None:
                raise UsageError("'pytz': the real pytz (with its bundled data) is not installed")
            self.roots, self.version = [root], _pytz_version(root)
        elif os.path.isdir(spec):
            root = os.path.abspath(spec)
            self.roots, self.version = [root], _dataversion.root_version(root)
        else:
            raise UsageError(f"no such zone data source {spec!r}: give a zoneinfo directory, "
                             f"or one of {', '.join(_NAMES)}")
        self._keys: set[str] | None = None

    def keys(self) -> set[str]:
        if self._keys is None:
            keys: set[str] = set()
            for root in self.roots:
                keys |= _tzpath.tzif_keys(root, skip=keys)
            self._keys = keys
        return self._keys

    def path(self, key: str) -> str | None:
        for root in self.roots:
            path = os.path.join(root, key)
            if os.path.isfile(path):
                return path
        return None

    def load(self, key: str) -> ZoneEngine | None:
        """The zone (None when absent); ValueError for a file that is not valid TZif."""
        path = self.path(key)
        if path is None:
            return None
        with open(path, "rb") as f:
            return ZoneEngine.from_tzif(read_tzif(f), key, path, self.version)


def _year(value: int | None, option: str, default: int) -> int:
    if value is None:
        return default
    if not 1 <= value <= 9999:
        raise UsageError(f"{option} must be a year in 1..9999, got {value}")
    return value


def _state(state: Any) -> dict[str, Any]:
    return {"utcoffset": _seconds(state.utcoffset), "dst": _seconds(state.dst),
            "abbreviation": state.tzname}


def _when(ts: int) -> str:
    dt = _zones.utc_time(ts)
    return dt.strftime("%Y-%m-%dT%H:%M:%SZ") if dt is not None else f"@{ts}"


def cmd_diff(args: argparse.Namespace) -> int:
    a, b = _Source(args.a), _Source(args.b)
    start = _year(args.start, "--start", 1970)
    end = _year(args.end, "--end", 2037)
    if end < start:
        raise UsageError(f"--end ({end}) must not be before --start ({start})")
    lo, hi = _zones.new_year(start), _zones.new_year(end + 1)
    if args.keys:
        keys = sorted(dict.fromkeys(args.keys))
        for key in keys:
            try:
                _tzpath.validate_key(key)
            except (TypeError, ValueError) as exc:
                raise UsageError(f"invalid time zone key {key!r}: {exc}") from None
        missing = [k for k in keys if a.path(k) is None and b.path(k) is None]
        if missing:
            raise UsageError(f"unknown time zone {missing[0]!r} in both {a.spec} and {b.spec}")
    else:
        for side, label in ((a, "A"), (b, "B")):
            if not side.keys():  # a directory that is not a zoneinfo tree: nothing to compare
                raise UsageError(f"{label} ({side.spec}) holds no time zone files; give a "
                                 f"zoneinfo directory, or one of {', '.join(_NAMES)}")
        keys = sorted(a.keys() | b.keys())
    zones: list[dict[str, Any]] = []
    only_a: list[str] = []
    only_b: list[str] = []
    unreadable: dict[str, str] = {}
    same = 0
    for key in keys:
        try:
            za = a.load(key)
        except (OSError, ValueError) as exc:
            unreadable[f"{a.spec}:{key}"] = str(exc)
            continue
        try:
            zb = b.load(key)
        except (OSError, ValueError) as exc:
            unreadable[f"{b.spec}:{key}"] = str(exc)
            continue
        if za is None or zb is None:
            (only_b if za is None else only_a).append(key)
            continue
        spans = [] if za.tzif == zb.tzif else list(differences(za, zb, lo, hi))
        if not spans:
            same += 1
            continue
        zones.append({"key": key, "differences": [
            {"from": _when(s), "until": _when(e), "from_timestamp": s, "until_timestamp": e,
             "a": _state(sa), "b": _state(sb)} for s, e, sa, sb in spans]})
    if args.json:
        _dump({"a": {"source": a.spec, "version": a.version},
               "b": {"source": b.spec, "version": b.version},
               "start": start, "end": end, "zones": zones, "same": same,
               "only_in_a": only_a, "only_in_b": only_b, "unreadable": unreadable})
    else:
        print(f"A: {a.spec} ({a.version or 'unknown version'})   "
              f"B: {b.spec} ({b.version or 'unknown version'})   years {start}-{end} (UTC)")
        for zone in zones:
            print(zone["key"])
            for d in zone["differences"]:
                print(f"  {d['from']} .. {d['until']}  A {_state_text_json(d['a'])}  "
                      f"B {_state_text_json(d['b'])}")
        for label, items in (("only in A", only_a), ("only in B", only_b)):
            if items:
                print(f"{label} ({len(items)}): {' '.join(items)}")
        for where, reason in unreadable.items():
            print(f"unreadable: {where}: {reason}")
        print(f"{len(zones)} zone(s) differ, {same} agree")
    return 1 if zones or only_a or only_b or unreadable else 0


def _state_text_json(state: dict[str, Any]) -> str:
    off = fmt_offset(timedelta(seconds=state["utcoffset"]))
    dst = f" dst {fmt_offset(timedelta(seconds=state['dst']))}" if state["dst"] else ""
    return f"{off} {state['abbreviation']}{dst}"
