"""``tzfile(stream)`` on the binary streams people pass: pipes, raw streams that return
short reads, objects whose ``read`` gives ``bytearray``/``memoryview`` chunks, and
truncated data."""

from __future__ import annotations

import os
import threading
from datetime import datetime, timedelta

import dateutil.tz as real
import pytest

import tzcompat.dateutil as ours


def _files() -> list[str]:
    # Each zone's system copy (fat on Debian) and the tzdata package's (slim).
    import tzdata

    roots = [*ours.TZPATH, os.path.join(os.path.dirname(tzdata.__file__), "zoneinfo")]
    return [os.path.join(root, key)
            for key in ("America/New_York", "Europe/Dublin", "Australia/Lord_Howe", "UTC")
            for root in roots if os.path.isfile(os.path.join(root, key))]


FILES = _files()
PROBES = [datetime(1900, 1, 1) + timedelta(days=97 * i, hours=i % 24) for i in range(800)]


class Chunked:
    """A minimal binary stream: ``read(n)`` gives at most ``step`` bytes, as ``kind``."""

    def __init__(self, data: bytes, step: int, kind: type = bytes, readline: bool = False):
        self.data, self.pos, self.step, self.kind = data, 0, step, kind
        if readline:
            self.readline = self._readline

    def read(self, n: int = -1):
        if n is None or n < 0:
            n = len(self.data)
        chunk = self.data[self.pos:self.pos + min(n, self.step)]
        self.pos += len(chunk)
        return self.kind(chunk)

    def _readline(self):
        end = self.data.find(b"\n", self.pos)
        end = len(self.data) if end < 0 else end + 1
        line, self.pos = self.data[self.pos:end], end
        return self.kind(line)


def _same_zone(zone, path):
    reference = real.tzfile(path)
    for dt in PROBES:
        for fold in (0, 1):
            wall = dt.replace(fold=fold)
            assert zone.utcoffset(wall) == reference.utcoffset(wall), (path, wall)
            assert zone.tzname(wall) == reference.tzname(wall), (path, wall)
    assert zone == ours.tzfile(path)


def _pipe(data: bytes, piece: int):
    r, w = os.pipe()

    def writer():
        for i in range(0, len(data), piece):
            os.write(w, data[i:i + piece])
        os.close(w)

    thread = threading.Thread(target=writer)
    thread.start()
    return os.fdopen(r, "rb", buffering=0), thread


@pytest.mark.parametrize("path", FILES)
def test_unbuffered_pipe(path):
    data = open(path, "rb").read()
    for piece in (1, 7, 100):
        outcomes = []
        for lib in (real, ours):
            stream, thread = _pipe(data, piece)
            with stream:
                outcomes.append(lib.tzfile(stream))
            thread.join()
        _same_zone(outcomes[1], path)
        assert outcomes[0] == real.tzfile(path)


@pytest.mark.parametrize("kind", [bytes, bytearray, memoryview])
@pytest.mark.parametrize("path", FILES)
def test_bytes_like_chunks(path, kind):
    data = open(path, "rb").read()
    # Whole reads: real dateutil reads these too, and both give the same zone.
    zr = real.tzfile(Chunked(data, len(data), kind))
    zo = ours.tzfile(Chunked(data, len(data), kind))
    assert zr == real.tzfile(path)
    _same_zone(zo, path)
    # Short reads (every read returns at most 5 bytes), with and without readline():
    # read to the end. dateutil 4 reads such a stream with one read() and fails on it.
    for readline in (False, True):
        _same_zone(ours.tzfile(Chunked(data, 5, kind, readline)), path)


@pytest.mark.parametrize("path", FILES)
def test_truncated_data_raises_valueerror(path):
    data = open(path, "rb").read()
    for cut in sorted({1, 4, 20, 43, 44, 45, 100, len(data) // 2, len(data) - 2}):
        if cut >= len(data):
            continue
        for step in (len(data), 3):
            with pytest.raises(ValueError):
                real.tzfile(Chunked(data[:cut], len(data)))
            with pytest.raises(ValueError, match="truncated|magic not found") as info:
                ours.tzfile(Chunked(data[:cut], step))
            if cut >= 4:
                assert "truncated" in str(info.value), (cut, str(info.value))
