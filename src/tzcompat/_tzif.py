"""Reader for TZif files, versions 1 to 4 (RFC 8536).

The reader is strict: anything malformed raises ``ValueError`` with a message,
and the counts in a header are checked against fixed bounds before anything is
allocated, so a hostile file cannot make it loop or allocate without bound.
"""

from __future__ import annotations

import struct
import sys
from array import array
from collections import namedtuple
from operator import lt

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import IO, NamedTuple

__all__ = ["TZifData", "read_tzif"]

# The header after the 4-byte magic: version byte, 15 reserved bytes, six counts.
_HEADER = struct.Struct(">c15x6l")

# No real TZif file comes near these; they only bound what a bad header can ask for.
_MAX_TIMECNT = 1 << 20
_MAX_TYPECNT = 256  # transition types are indexed by one unsigned byte
_MAX_CHARCNT = 1 << 16
_MAX_LEAPCNT = 1 << 16
_MAX_FOOTER = 1 << 12
# RFC 8536 §3.2: utoff must lie in [-2**31 + 1, 2**31 - 1]; datetime further needs |offset| < 24 h.
_MAX_UTOFF = 86399


# For each type count, the bytes that are valid transition type indexes.
_VALID_INDEXES = [bytes(range(n)) for n in range(_MAX_TYPECNT + 1)]

_FIELDS = "version trans_utc trans_idx utcoff isdst abbr footer leaps isstd isut"

if TYPE_CHECKING:
    # What the run-time namedtuple holds, for type checkers only.
    class _TZifFields(NamedTuple):
        version: int
        trans_utc: array[int]
        trans_idx: bytes
        utcoff: tuple[int, ...]
        isdst: tuple[bool, ...]
        abbr: tuple[str, ...]
        footer: str | None
        leaps: tuple[tuple[int, int], ...] = ()
        isstd: tuple[bool, ...] = ()
        isut: tuple[bool, ...] = ()
else:
    _TZifFields = namedtuple("TZifData", _FIELDS, defaults=((), (), ()))


class TZifData(_TZifFields):
    """The content of one TZif file, as stored (no inference applied).

    ``trans_utc``: transition instants (POSIX seconds, ascending, an int64
    array); ``trans_idx``: for each, the index of the local time type that
    starts there (bytes); ``utcoff``/``isdst``/``abbr``: the local time types;
    ``footer``: the POSIX TZ string (None for version 1 data, "" when empty);
    ``leaps``: (occurrence, correction) pairs; ``isstd``/``isut``: indicators.
    """

    __slots__ = ()


class _Reader:
    __slots__ = ("buf", "pos", "stream")

    def __init__(self, source: bytes | IO[bytes]) -> None:
        if isinstance(source, (bytes, bytearray, memoryview)):
            self.buf = bytes(source)
            self.stream = None
        else:
            self.buf = b""
            self.stream = source
        self.pos = 0

    def take(self, n: int, what: str) -> bytes:
        end = self.pos + n
        if end > len(self.buf) and self.stream is not None:
            # Read generously: real files are a few KiB, so this is usually one read.
            chunk = self.stream.read(max(end - len(self.buf), 1 << 16))
            if not isinstance(chunk, bytes):
                raise ValueError(
                    f"Invalid TZif file: expected a binary file object, read {type(chunk).__name__}"
                )
            self.buf += chunk
        if end > len(self.buf):
            raise ValueError(f"Invalid TZif file: truncated {what}")
        data = self.buf[self.pos : end]
        self.pos = end
        return data

    def skip(self, n: int, what: str) -> None:
        """Move past ``n`` bytes without copying them (a bytes source: no slice)."""
        if self.stream is None:
            if self.pos + n > len(self.buf):
                raise ValueError(f"Invalid TZif file: truncated {what}")
            self.pos += n
        else:
            self.take(n, what)

    def read_line(self) -> bytes:
        """Read up to and including the next newline, bounded by _MAX_FOOTER."""
        start = self.pos
        while True:
            nl = self.buf.find(b"\n", self.pos)
            if nl != -1 and nl - start <= _MAX_FOOTER:
                self.pos = nl + 1
                return self.buf[start:nl]
            if len(self.buf) - start > _MAX_FOOTER:
                raise ValueError("Invalid TZif file: footer too long")
            chunk = self.stream.read(1024) if self.stream is not None else b""
            if not chunk:
                raise ValueError("Invalid TZif file: footer is not terminated by a newline")
            self.pos = len(self.buf)
            self.buf += chunk


def _header(reader: _Reader) -> tuple[int, int, int, int, int, int, int]:
    try:
        magic = reader.take(4, "magic")
    except ValueError:
        magic = b""
    if magic != b"TZif":
        raise ValueError("Invalid TZif file: magic not found")
    raw = reader.take(_HEADER.size, "header")
    ver, isutcnt, isstdcnt, leapcnt, timecnt, typecnt, charcnt = _HEADER.unpack(raw)
    if ver == b"\x00":
        version = 1
    elif b"2" <= ver <= b"9":
        version = ver[0] - 0x30
    else:
        raise ValueError(f"Invalid TZif file: unknown version byte {ver!r}")
    if (0 <= isutcnt <= _MAX_TYPECNT and 0 <= isstdcnt <= _MAX_TYPECNT
            and 0 <= leapcnt <= _MAX_LEAPCNT and 0 <= timecnt <= _MAX_TIMECNT
            and 0 <= typecnt <= _MAX_TYPECNT and 0 <= charcnt <= _MAX_CHARCNT):
        return version, isutcnt, isstdcnt, leapcnt, timecnt, typecnt, charcnt
    for name, value, bound in (  # which one is out of range, for the message
        ("isutcnt", isutcnt, _MAX_TYPECNT),
        ("isstdcnt", isstdcnt, _MAX_TYPECNT),
        ("leapcnt", leapcnt, _MAX_LEAPCNT),
        ("timecnt", timecnt, _MAX_TIMECNT),
        ("typecnt", typecnt, _MAX_TYPECNT),
        ("charcnt", charcnt, _MAX_CHARCNT),
    ):
        if not 0 <= value <= bound:
            raise ValueError(f"Invalid TZif file: {name} {value} out of range")
    return version, isutcnt, isstdcnt, leapcnt, timecnt, typecnt, charcnt


def _block(reader: _Reader, counts: tuple[int, ...], time_size: int, version: int,
           footer: str | None = None) -> TZifData:
    _, isutcnt, isstdcnt, leapcnt, timecnt, typecnt, charcnt = counts
    tcode = "q" if time_size == 8 else "l"
    buf, pos = reader.buf, reader.pos
    n_times, n_types, n_leaps = timecnt * time_size, 6 * typecnt, leapcnt * (time_size + 4)
    size = n_times + timecnt + n_types + charcnt + n_leaps + isstdcnt + isutcnt
    if pos + size <= len(buf):
        # The whole block is in memory (always, for bytes): slice it at once rather than
        # through seven take() calls, which cost more than the slicing on a first lookup.
        end = pos + n_times
        trans_utc = _int64s(buf[pos:end], time_size)
        pos, end = end, end + timecnt
        trans_idx = buf[pos:end]
        types = struct.unpack_from(">" + "lBB" * typecnt, buf, end)
        pos, end = end + n_types, end + n_types + charcnt
        chars = buf[pos:end]
        leap_raw = struct.unpack_from(">" + (tcode + "l") * leapcnt, buf, end)
        pos = end + n_leaps
        isstd = tuple(map(bool, buf[pos:pos + isstdcnt]))
        pos += isstdcnt
        isut = tuple(map(bool, buf[pos:pos + isutcnt]))
        reader.pos = pos + isutcnt
    else:
        trans_utc = _int64s(reader.take(n_times, "transitions"), time_size)
        trans_idx = reader.take(timecnt, "transition types")
        types = struct.unpack(">" + "lBB" * typecnt, reader.take(n_types, "local time types"))
        chars = reader.take(charcnt, "abbreviations")
        leap_raw = struct.unpack(">" + (tcode + "l") * leapcnt,
                                 reader.take(n_leaps, "leap seconds"))
        isstd = tuple(map(bool, reader.take(isstdcnt, "standard/wall indicators")))
        isut = tuple(map(bool, reader.take(isutcnt, "UT/local indicators")))

    # On a list: comparing list items costs half of making ints out of the array twice.
    times = trans_utc.tolist()
    if not all(map(lt, times, times[1:])):
        raise ValueError("Invalid TZif file: transition times are not in ascending order")
    # Deleting every valid index byte leaves the bad ones (a C loop, unlike max()).
    if timecnt and trans_idx.translate(None, _VALID_INDEXES[typecnt]):
        raise ValueError(
            f"Invalid TZif file: transition type index {max(trans_idx)} "
            f"out of range for {typecnt} types"
        )

    utcoff = types[0::3]
    isdst_raw = types[1::3]
    abbrind = types[2::3]
    if utcoff and (max(utcoff) > _MAX_UTOFF or min(utcoff) < -_MAX_UTOFF):
        raise ValueError("Invalid TZif file: UTC offset out of range (must be under 24 hours)")
    if isdst_raw and max(isdst_raw) > 1:
        raise ValueError("Invalid TZif file: isdst flag must be 0 or 1")
    abbr_cache: dict[int, str] = {}
    for idx in abbrind:
        if idx in abbr_cache:
            continue
        end = chars.find(b"\x00", idx)
        if idx >= charcnt or end == -1:
            raise ValueError(f"Invalid TZif file: abbreviation index {idx} is not NUL-terminated")
        try:
            abbr_cache[idx] = chars[idx:end].decode("ascii")
        except UnicodeDecodeError:
            raise ValueError("Invalid TZif file: abbreviation is not ASCII") from None
    # Positional (the field order of _FIELDS): a keyword call costs more on a first lookup.
    return TZifData(version, trans_utc, trans_idx, utcoff, tuple(map(bool, isdst_raw)),
                    tuple([abbr_cache[idx] for idx in abbrind]), footer,
                    tuple(zip(leap_raw[0::2], leap_raw[1::2])), isstd, isut)


def _int64s(raw: bytes, size: int) -> array[int]:
    """Big-endian 4- or 8-byte signed integers as an int64 array, without
    creating an int object per value."""
    values = array("q" if size == 8 else "i")
    if values.itemsize != size:  # pragma: no cover - exotic platforms
        return array("q", struct.unpack(f">{len(raw) // size}{'q' if size == 8 else 'l'}", raw))
    values.frombytes(raw)
    if sys.byteorder == "little":
        values.byteswap()
    return values if size == 8 else array("q", values)


def _skip_block(reader: _Reader, counts: tuple[int, ...], time_size: int) -> None:
    _, isutcnt, isstdcnt, leapcnt, timecnt, typecnt, charcnt = counts
    size = timecnt * (time_size + 1) + typecnt * 6 + charcnt + leapcnt * (time_size + 4)
    reader.skip(size + isstdcnt + isutcnt, "version 1 data block")


def read_tzif(source: bytes | IO[bytes], *, v1: bool = False) -> TZifData:
    """Parse TZif data from bytes or a binary file object.

    Returns the 64-bit block and footer of a version 2+ file (the 32-bit block of
    a version 1 file). With ``v1=True`` the version 1 (32-bit) block is returned
    instead, as a reader that only understands version 1 would see it.
    """
    reader = _Reader(source)
    counts = _header(reader)
    version = counts[0]
    if version >= 2 and not v1:
        # A version 2+ reader ignores the 32-bit block entirely.
        _skip_block(reader, counts, 4)
        first = None
    else:
        first = _block(reader, counts, 4, version)
    if first is not None:
        if not first.utcoff:
            raise ValueError("No time zone information found.")
        return first
    counts2 = _header(reader)
    if counts2[0] != version:
        raise ValueError("Invalid TZif file: the two headers disagree on the version")
    start = reader.pos
    # Find the footer first so the record is built once, complete.
    _skip_block(reader, counts2, 8)
    if reader.take(1, "footer") != b"\n":
        raise ValueError("Invalid TZif file: footer does not start with a newline")
    raw_footer = reader.read_line()
    try:
        footer = raw_footer.decode("ascii")
    except UnicodeDecodeError:
        # The string as written (the pure-Python stdlib's message) and the bytes (the C one's).
        text = raw_footer.decode("utf-8", "backslashreplace")
        raise ValueError(
            f"Invalid TZif file: TZ string {text!r} (footer {raw_footer!r}) is not ASCII"
        ) from None
    end = reader.pos
    reader.pos = start
    data = _block(reader, counts2, 8, version, footer)
    reader.pos = end
    if not data.utcoff and not footer:
        raise ValueError("No time zone information found.")
    return data
