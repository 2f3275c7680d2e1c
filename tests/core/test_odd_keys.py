"""Keys the file system cannot hold, and other odd keys, against the peers: where the answer
differs it is listed in docs/differences.md, and checked here both ways (ours, and the peer's
behaviour the page describes)."""

from __future__ import annotations

import errno
import warnings
import zoneinfo
from pathlib import Path

import pytest

import tzcompat
from tzcompat import dateutil as ours_dateutil

from .. import _needs

DOCS = Path(__file__).resolve().parents[2] / "docs" / "differences.md"
TOO_LONG = ["a" * 300, "A" * 256, "Europe/" + "a" * 300, "x" * 1000]
# Odd keys where every peer and tzcompat agree on the outcome (class of the exception, or None).
AGREED = ["zone.tab", "tzdata.zi", "Europe/Paris/", "", ".", "a\x00b", "\udcff", "leapseconds",
          "../zoneinfo/UTC", "UTC/", "/UTC", "Europe//Paris", "SECURITY", "+VERSION", " UTC",
          "utc", "right", "leap-seconds.list", "\n", "a" * 255, "a/" * 200 + "b"]


def _outcome(call, key):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            return type(call(key)).__name__
        except Exception as exc:  # noqa: BLE001 - the class is the outcome compared
            return type(exc).__name__


@pytest.mark.parametrize("key", TOO_LONG, ids=len)
def test_too_long_key_is_not_found(key):
    with pytest.raises(tzcompat.ZoneInfoNotFoundError):
        tzcompat.ZoneInfo(key)
    assert ours_dateutil.gettz(key) is None


@pytest.mark.parametrize("key", TOO_LONG[:1], ids=len)
def test_the_peers_raise_oserror_for_it_as_documented(key):
    _needs.module("tzdata")  # the OSError comes from the stdlib's tzdata fallback
    with pytest.raises(OSError) as exc:
        zoneinfo.ZoneInfo(key)
    assert exc.value.errno == errno.ENAMETOOLONG
    dateutil_tz = _needs.module("dateutil.tz")
    with pytest.raises(OSError) as exc:
        dateutil_tz.gettz(key)
    assert exc.value.errno == errno.ENAMETOOLONG
    text = DOCS.read_text("utf-8")
    assert text.count('`"a" * 300`') == 2  # the ZoneInfo and the gettz item


@pytest.mark.parametrize("key", AGREED, ids=repr)
def test_odd_keys_agree_with_the_peers(key):
    dateutil_tz = _needs.module("dateutil.tz")
    pytz = _needs.module("pytz")
    import tzcompat.pytz as ours_pytz

    assert _outcome(tzcompat.ZoneInfo, key) == _outcome(zoneinfo.ZoneInfo, key)
    assert _outcome(ours_dateutil.gettz, key) == _outcome(dateutil_tz.gettz, key)
    assert _outcome(ours_pytz.timezone, key) == _outcome(pytz.timezone, key)
