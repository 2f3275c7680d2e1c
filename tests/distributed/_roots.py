"""Zoneinfo directories for the distributed tests: two with the same version label and
different New York-like rules (the skew a label cannot show), one with other rules."""

from __future__ import annotations

import os

from ..live._data import RELEASES, fixed, write_file, zi_text, zone_new, zone_old

KEY = "Test/Zone"


def make_root(path: str, version: str, zone: bytes) -> str:
    os.makedirs(path, exist_ok=True)
    files = {**RELEASES["2030a"], KEY: zone, "Test/Fixed": fixed()}
    for key, data in files.items():
        write_file(path, key, data)
    write_file(path, "tzdata.zi", zi_text(version, list(files)).encode())
    return path


def three_roots(base: str) -> dict[str, str]:
    """``a`` and ``b``: same label 2030a, different rules for KEY; ``c``: a's rules again."""
    return {
        "a": make_root(os.path.join(base, "a"), "2030a", zone_old()),
        "b": make_root(os.path.join(base, "b"), "2030a", zone_new()),
        "c": make_root(os.path.join(base, "c"), "2030a", zone_old()),
    }
