"""Shared fixtures: real pytz, and tzcompat.pytz zones built from pytz's own TZif files.

The differential tests load pytz's bundled (fat, 2026-style) files into the core through
``tzcompat.pytz.tzfile.build_tzinfo`` so that both sides read the same data; module-level
lookups that need the same data use the ``pytz_data`` fixture (``PYTZ_TZDATADIR``).
"""

from __future__ import annotations

import os
from contextlib import contextmanager

import pytest
import pytz as real_pytz

import tzcompat.pytz as ours
from tzcompat.pytz.tzfile import build_tzinfo

PYTZ_ZONEINFO = os.path.join(os.path.dirname(real_pytz.__file__), "zoneinfo")
ALL_ZONES = list(real_pytz.all_timezones)

_built: dict[str, object] = {}


def ours_from_pytz_file(name: str):
    """tzcompat.pytz's zone ``name`` read from real pytz's bundled file (cached)."""
    tz = _built.get(name)
    if tz is None:
        if name == "UTC":
            tz = ours.utc
        else:
            with open(os.path.join(PYTZ_ZONEINFO, *name.split("/")), "rb") as f:
                tz = build_tzinfo(name, f)
        _built[name] = tz
    return tz


@contextmanager
def pytz_datadir(path: str):
    """tzcompat.pytz's module-level lookups read ``path`` (PYTZ_TZDATADIR) inside the block."""
    saved = os.environ.get("PYTZ_TZDATADIR")
    os.environ["PYTZ_TZDATADIR"] = path
    ours._reset_data()
    try:
        yield
    finally:
        if saved is None:
            os.environ.pop("PYTZ_TZDATADIR", None)
        else:
            os.environ["PYTZ_TZDATADIR"] = saved
        ours._reset_data()


@contextmanager
def pytz_pickles():
    """tzcompat.pytz pickles in pytz's format inside the block (byte-for-byte comparisons
    with the real pytz; the default format names tzcompat, see docs/distributed.md)."""
    old = ours.set_pickle_format("pytz")
    try:
        yield
    finally:
        ours.set_pickle_format(old)


@pytest.fixture
def pytz_data():
    """Point tzcompat.pytz's module-level lookups at pytz's bundled data for one test."""
    with pytz_datadir(PYTZ_ZONEINFO):
        yield ours
