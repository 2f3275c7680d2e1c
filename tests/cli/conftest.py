"""The CLI tests run ``tzcompat._cli.main`` in-process, with tzcompat and the stdlib
``zoneinfo`` both pointed at the same zone data."""

from __future__ import annotations

import contextlib
import io
import os
import zoneinfo
from collections.abc import Iterator
from pathlib import Path

import pytest

import tzcompat
from tzcompat._cli import main

from .. import _needs


def data_root() -> str:
    """A zoneinfo directory with zone.tab: the system's, else the tzdata package's."""
    for root in ("/usr/share/zoneinfo", "/usr/lib/zoneinfo", "/usr/share/lib/zoneinfo"):
        if all(os.path.isfile(os.path.join(root, f)) for f in ("UTC", "zone.tab", "iso3166.tab")):
            return root
    tzdata = _needs.module("tzdata", reason="no system zoneinfo here")
    return str(Path(tzdata.__file__).parent / "zoneinfo")


@pytest.fixture(scope="session")
def root() -> str:
    return data_root()


@pytest.fixture(autouse=True)
def same_data(root: str) -> Iterator[None]:
    old_ours, old_ref = tuple(tzcompat.TZPATH), tuple(zoneinfo.TZPATH)
    tzcompat.reset_tzpath([root])
    zoneinfo.reset_tzpath([root])
    tzcompat.ZoneInfo.clear_cache()
    zoneinfo.ZoneInfo.clear_cache()
    yield
    tzcompat.reset_tzpath(list(old_ours))
    zoneinfo.reset_tzpath(list(old_ref))


def cli(*argv: str) -> tuple[int, str, str]:
    """(exit status, stdout, stderr) of ``tzcompat ARGV``."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(list(argv), prog="tzcompat")
    return status, out.getvalue(), err.getvalue()
