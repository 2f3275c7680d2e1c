"""tzfile against the real dateutil.tz.tzfile, both reading the same file.

Every zone file (system TZPATH copy and tzdata copy) gets a deterministic sweep of
instants around its transitions; hypothesis then draws more, biased the same way.
"""

from __future__ import annotations

import copy
import io
import os
import pickle
import random
import re
from datetime import datetime, time, timedelta

import pytest
import tzdata
from hypothesis import given
from hypothesis import strategies as st

from ._compare import ours, outcome, real, same, utc_checks, wall_checks, zone_files

FILES = zone_files()
# The tzdata package's copies, told apart by where they are (not by a word in the path).
TZDATA_ROOT = os.path.join(os.path.dirname(os.path.abspath(tzdata.__file__)), "zoneinfo")
EPOCH = datetime(1970, 1, 1)
LO, HI = datetime(1850, 1, 1), datetime(2100, 12, 31, 23, 59, 59)


def _utc(ts: float) -> datetime | None:
    try:
        dt = EPOCH + timedelta(seconds=ts)
    except OverflowError:
        return None
    return dt if LO <= dt <= HI else None


def _probe_instants(zone_real, rng: random.Random) -> list[datetime]:
    """UTC instants around explicit and footer transitions, plus random ones."""
    trans = list(zone_real._trans_utc)
    stamps = []
    for ts in trans[:1] + trans[-6:]:
        stamps += [ts + d for d in (-1, 0, 1, 3599)]
    footer = zone_real._tz_after
    if hasattr(footer, "transitions"):
        std = footer.std.utcoff.total_seconds()
        for year in (2040, 2099):
            for local in footer.transitions(year):
                stamps += [local - std + d for d in (-3601, -1, 0, 3599)]
    stamps += [rng.uniform(-3.8e9, 4.1e9) for _ in range(4)]
    return [dt for dt in map(_utc, stamps) if dt is not None]


def test_zone_files_found():
    # Both the system copies and the tzdata copies are covered.
    assert len(FILES) > 900, len(FILES)
    assert any(_in_tzdata(p) for p in FILES)


def _in_tzdata(path: str) -> bool:
    return os.path.commonpath([os.path.abspath(path), TZDATA_ROOT]) == TZDATA_ROOT


def _file_id(path: str) -> str:
    source = "tzdata" if _in_tzdata(path) else "tzpath"
    return f"{source}:{path.rsplit('zoneinfo/', 1)[-1]}"


@pytest.mark.parametrize("path", FILES, ids=_file_id)
def test_zone_sweep(path):
    zr, zo = real.tzfile(path), ours.tzfile(path)
    assert repr(zr) == repr(zo)
    assert zr.key is None and zo.key is None
    rng = random.Random(path)
    for instant in _probe_instants(zr, rng):
        utc_checks(zr, zo, instant)
        # The wall time at that instant, and an hour either side (gaps and folds).
        local = instant.replace(tzinfo=real.UTC).astimezone(zr).replace(tzinfo=None)
        for wall in (local - timedelta(hours=1), local):
            wall_checks(zr, zo, wall)
    # No datetime: what datetime.time and utcoffset(None) see.
    for name in ("utcoffset", "dst", "tzname"):
        assert outcome(getattr(zr, name), None) == outcome(getattr(zo, name), None)
    assert outcome(time(12, tzinfo=zr).isoformat) == outcome(time(12, tzinfo=zo).isoformat)


_by_index = st.integers(0, len(FILES) - 1)


@st.composite
def _biased_instant(draw, zone_real):
    trans = [t for t in zone_real._trans_utc if -3.8e9 < t < 4.1e9]
    if trans and draw(st.booleans()):
        ts = draw(st.sampled_from(trans)) + draw(st.integers(-2 * 86400, 2 * 86400))
    else:
        ts = draw(st.integers(int(-3.8e9), int(4.1e9)))
    dt = _utc(ts)
    return dt if dt is not None else LO


@given(st.data())
def test_random_zone_instants(data):
    path = FILES[data.draw(_by_index)]
    zr, zo = _cached_pair(path)
    instant = data.draw(_biased_instant(zr))
    utc_checks(zr, zo, instant)
    wall = instant + timedelta(seconds=data.draw(st.integers(-86400, 86400)))
    wall_checks(zr, zo, wall)


_pairs: dict[str, tuple] = {}


def _cached_pair(path):
    if path not in _pairs:
        _pairs[path] = (real.tzfile(path), ours.tzfile(path))
    return _pairs[path]


def _same_key_paths(key):
    return [p for p in FILES if p.endswith("/" + key)]


@pytest.mark.parametrize(
    "key_a, key_b",
    [
        ("America/New_York", "America/New_York"),
        ("America/New_York", "US/Eastern"),
        ("Europe/Paris", "Europe/Monaco"),
        ("Europe/London", "Europe/Dublin"),
        ("UTC", "Etc/UTC"),
        ("UTC", "GMT"),
    ],
)
def test_equality_like_dateutil(key_a, key_b):
    # Structural equality, including fat vs slim copies of the same zone.
    for pa in _same_key_paths(key_a):
        for pb in _same_key_paths(key_b):
            expected = real.tzfile(pa) == real.tzfile(pb)
            assert (ours.tzfile(pa) == ours.tzfile(pb)) == expected, (pa, pb)
            assert (ours.tzfile(pa) != ours.tzfile(pb)) == (not expected)
    zo = ours.tzfile(_same_key_paths(key_a)[0])
    with pytest.raises(TypeError):
        hash(zo)
    assert (zo == ours.UTC) is False and (ours.UTC == zo) is False
    # Against real dateutil's zones, the adapter answers itself (pandas compares the two
    # on every Timestamp) with what real dateutil's __eq__ gives for the same pair, and
    # the same answer as between two real zones.
    zr = real.tzfile(_same_key_paths(key_a)[0])
    assert zo.__eq__(zr) is real.tzfile.__eq__(zr, zo) is True
    assert (zo == zr) is (zr == zo) is (zr == real.tzfile(_same_key_paths(key_a)[0])) is True
    assert (zo == real.tzfile(_same_key_paths(key_b)[-1])) is (
        zr == real.tzfile(_same_key_paths(key_b)[-1]))


@pytest.mark.parametrize("key", ["America/New_York", "Europe/Dublin", "UTC", "Asia/Kolkata"])
def test_pickle_and_copy_by_value(key):
    for path in _same_key_paths(key):
        zr, zo = real.tzfile(path), ours.tzfile(path)
        for proto in range(pickle.HIGHEST_PROTOCOL + 1):
            back_r = pickle.loads(pickle.dumps(zr, proto))
            back_o = pickle.loads(pickle.dumps(zo, proto))
            assert (back_o == zo, back_o is zo, repr(back_o)) == (
                back_r == zr, back_r is zr, repr(back_r))
            for instant in _probe_instants(zr, random.Random(1))[:20]:
                utc_checks(zr, back_o, instant)
                wall_checks(zr, back_o, instant)
        for fn in (copy.copy, copy.deepcopy):
            assert (fn(zo) == zo, fn(zo) is zo) == (fn(zr) == zr, fn(zr) is zr)
        # A subclass's extra state survives, as in dateutil.
        zo.extra = [1]
        assert pickle.loads(pickle.dumps(zo)).extra == [1]


def _unaddressed(text: str) -> str:
    return re.sub(r"0x[0-9a-fA-F]+", "0x?", text)


def test_from_file_objects():
    path = _same_key_paths("America/New_York")[0]
    raw = open(path, "rb").read()
    cases = [
        lambda mod: mod.tzfile(io.BytesIO(raw)),
        lambda mod: mod.tzfile(io.BytesIO(raw), filename="NYC"),
        lambda mod: mod.tzfile(io.BytesIO(raw), key="America/New_York"),
        lambda mod: mod.tzfile(io.BytesIO(raw), filename="NYC", key="K"),
        lambda mod: mod.tzfile(open(path, "rb")),
        lambda mod: mod.tzfile(path, key="America/New_York"),
    ]
    for make in cases:
        zr, zo = make(real), make(ours)
        assert _unaddressed(repr(zr)) == _unaddressed(repr(zo))
        assert zr.key == zo.key
        assert (zo == ours.tzfile(path)) == (zr == real.tzfile(path))
    # Only str counts as a path.
    import pathlib

    same(real.tzfile, ours.tzfile, pathlib.Path(path))
    same(real.tzfile, ours.tzfile, path.encode())


def _corruptions(raw: bytes):
    yield b""
    yield b"TZif"
    yield b"not a tzif file at all, just text\n"
    for cut in (5, 20, 43, 44, 60, len(raw) // 2, len(raw) - 40, len(raw) - 2, len(raw) - 1):
        yield raw[:cut]
    yield raw + b"trailing data"
    # A future version number (in both headers of a v2+ file).
    second = raw.find(b"TZif", 4)
    if second != -1:
        yield raw[:4] + b"7" + raw[5 : second + 4] + b"7" + raw[second + 5 :]


@pytest.mark.parametrize("key", ["America/New_York", "UTC"])
def test_invalid_data_same_exceptions(key):
    for path in _same_key_paths(key):
        raw = open(path, "rb").read()
        for blob in _corruptions(raw):
            a = outcome(real.tzfile, io.BytesIO(blob))
            b = outcome(ours.tzfile, io.BytesIO(blob))
            assert a[0] == b[0], (path, blob[:50], a, b)
            if a[0] == "raise":
                assert a == b, (path, len(blob), a, b)
    # Text streams and non-TZif files on disk.
    same(real.tzfile, ours.tzfile, io.StringIO("TZif"))
    same(real.tzfile, ours.tzfile, os.devnull)
    same(real.tzfile, ours.tzfile, "/nonexistent/zone/file")


def test_stricter_than_dateutil_on_inconsistent_headers():
    # Intentional difference (README, tzcompat.dateutil): the core rejects a v2+ file whose
    # two headers give different versions; dateutil reads the second block anyway.
    path = _same_key_paths("America/New_York")[0]
    raw = open(path, "rb").read()
    blob = raw[:4] + b"3" + raw[5:]
    assert outcome(real.tzfile, io.BytesIO(blob))[0] == "ok"
    with pytest.raises(ValueError, match="disagree on the version"):
        ours.tzfile(io.BytesIO(blob))
