"""Each live-data test gets its own zoneinfo directory holding release 2030a of the made-up
zones (tests/live/_data.py), with tzcompat, the standard library and the adapters pointed at
it and every cache empty; everything is put back afterwards."""

from __future__ import annotations

import os
import sys
import zoneinfo
from collections.abc import Iterator

import pytest

import tzcompat
from tzcompat import _refresh

from ._data import write_release


class Live:
    """The temporary data directory of one test."""

    def __init__(self, root: str) -> None:
        self.root = root

    def install(self, version: str, files: dict[str, bytes] | None = None) -> None:
        write_release(self.root, version, files)

    def path(self, key: str) -> str:
        return os.path.join(self.root, *key.split("/"))


def _forget_everything() -> None:
    # Subclasses keep caches of their own (other tests define some), which refresh() visits too.
    todo = [tzcompat.ZoneInfo]
    while todo:
        cls = todo.pop()
        cls.clear_cache()
        todo.extend(cls.__subclasses__())
    zoneinfo.ZoneInfo.clear_cache()
    if "zoneinfo._zoneinfo" in sys.modules:  # the pure-Python class (pandas' "twins")
        sys.modules["zoneinfo._zoneinfo"].ZoneInfo.clear_cache()
    pandas_cache = getattr(sys.modules.get("pandas._libs.tslibs.timezones"), "dst_cache", {})
    for key in [k for k in pandas_cache if isinstance(k, str) and "Test/" in k]:
        del pandas_cache[key]
    _refresh._checked.clear()
    for name in ("tzcompat.pytz._refresh", "tzcompat.dateutil._refresh"):
        if name in sys.modules:
            getattr(sys.modules[name], "_checked", {}).clear()
    if "tzcompat.pytz" in sys.modules:
        sys.modules["tzcompat.pytz"]._reset_data()
    if "tzcompat.dateutil" in sys.modules:
        from tzcompat.dateutil._gettz import gettz

        gettz.cache_clear()


@pytest.fixture
def live(tmp_path) -> Iterator[Live]:
    root = str(tmp_path / "zoneinfo")
    os.makedirs(root)
    write_release(root, "2030a")
    old_ours, old_std = tuple(tzcompat.TZPATH), tuple(zoneinfo.TZPATH)
    tzcompat.reset_tzpath([root])
    zoneinfo.reset_tzpath([root])
    # Zones other tests cached must not be refreshed against this directory.
    _forget_everything()
    try:
        yield Live(root)
    finally:
        tzcompat.reset_tzpath(list(old_ours))
        zoneinfo.reset_tzpath(list(old_std))
        _forget_everything()
