"""Generated zone data for the live-data tests: two IANA "releases" of a few made-up zones,
written into a temporary zoneinfo directory (never the machine's files).

The transition instants are worked out here with plain ``datetime`` arithmetic (US rules:
second Sunday of March 07:00 UTC, first Sunday of November 06:00 UTC for a UTC-5 zone).
"""

from __future__ import annotations

import os
from datetime import datetime, timedelta, timezone

from ..core.tzif_builder import TTInfo, build_tzif

UTC = timezone.utc
EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
# Explicit through 2037 (as fat TZif files are), so that pytz, which reads only the 32-bit
# block, sees the same transitions as everyone else.
YEARS = range(2015, 2038)


def _sunday(year: int, month: int, nth: int) -> datetime:
    first = datetime(year, month, 1, tzinfo=UTC)
    return first + timedelta(days=(6 - first.weekday()) % 7 + 7 * (nth - 1))


def _ts(dt: datetime) -> int:
    return int((dt - EPOCH).total_seconds())


def dst_start(year: int) -> int:
    return _ts(_sunday(year, 3, 2) + timedelta(hours=7))


def dst_end(year: int) -> int:
    return _ts(_sunday(year, 11, 1) + timedelta(hours=6))


LMT_END = _ts(datetime(1883, 11, 18, 17, tzinfo=UTC))
_TYPES = [TTInfo(-17762, False, "LMT"), TTInfo(-18000, False, "EST"), TTInfo(-14400, True, "EDT")]


def zone_old() -> bytes:
    """Release A: EST/EDT with the US rule forever."""
    trans = [(LMT_END, 1)]
    for year in YEARS:
        trans += [(dst_start(year), 2), (dst_end(year), 1)]
    return build_tzif(trans, _TYPES, "EST5EDT,M3.2.0,M11.1.0", 3)


# Release B changes the zone from 2026-11-01 06:00 UTC, when A falls back to EST: B stays
# at UTC-4 for good, as standard time called "EPT".
CHANGE = dst_end(2026)


def zone_new() -> bytes:
    trans = [(LMT_END, 1)]
    for year in YEARS:
        if year < 2026:
            trans += [(dst_start(year), 2), (dst_end(year), 1)]
    trans += [(dst_start(2026), 2), (CHANGE, 3)]
    return build_tzif(trans, [*_TYPES, TTInfo(-14400, False, "EPT")], "EPT4", 3)


def fixed() -> bytes:
    """A zone both releases agree on."""
    return build_tzif([], [TTInfo(19800, False, "FXT")], "FXT-5:30", 3)


def lmt_changed() -> bytes:
    """Release A's zone with a corrected LMT offset (as backzone fixes happen)."""
    trans = [(LMT_END, 1)]
    for year in YEARS:
        trans += [(dst_start(year), 2), (dst_end(year), 1)]
    types = [TTInfo(-17760, False, "LMT"), *_TYPES[1:]]
    return build_tzif(trans, types, "EST5EDT,M3.2.0,M11.1.0", 3)


_UTC = build_tzif([], [TTInfo(0, False, "UTC")], "UTC0", 3)
RELEASES = {
    "2030a": {"Test/Zone": zone_old(), "Test/Fixed": fixed(), "Test/Other": zone_old(),
              "UTC": _UTC},
    "2030b": {"Test/Zone": zone_new(), "Test/Fixed": fixed(), "Test/Other": zone_new(),
              "UTC": _UTC},
}


def zi_text(version: str, keys: list[str]) -> str:
    """A minimal tzdata.zi: the version line and one Z line per zone (what the pytz adapter
    reads for its zone list)."""
    return f"# version {version}\n" + "".join(f"Z {key} 0 - UTC\n" for key in sorted(keys))


def write_release(root: str, version: str, files: dict[str, bytes] | None = None) -> None:
    """Write a release into ``root`` the way an installer does: each file replaced by a new one."""
    files = RELEASES[version] if files is None else files
    for key, data in files.items():
        write_file(root, key, data)
    write_file(root, "tzdata.zi", zi_text(version, list(files)).encode())


def write_file(root: str, name: str, data: bytes) -> None:
    path = os.path.join(root, *name.split("/"))
    os.makedirs(os.path.dirname(path), exist_ok=True)
    tmp = path + ".new"
    with open(tmp, "wb") as f:
        f.write(data)
    os.replace(tmp, path)
