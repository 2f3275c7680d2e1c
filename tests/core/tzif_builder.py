"""A small TZif writer (RFC 8536) for crafting test files.

It knows nothing about tzcompat: give it transitions, local time types, a footer and a
version, and it returns the bytes.  Every knob that a hostile or broken file might turn
is exposed (header counts, truncation, missing newlines, raw footer bytes, bad indexes),
so the tests can make both well-formed and malformed inputs.

Typical use::

    data = build_tzif(
        transitions=[(-2717650800, 1), (9972000, 2)],
        ttinfos=[TTInfo(-17762, False, "LMT"), TTInfo(-18000, False, "EST"),
                 TTInfo(-14400, True, "EDT")],
        footer="EST5EDT,M3.2.0,M11.1.0",
        version=2,
    )
"""

from __future__ import annotations

import struct
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

__all__ = ["TTInfo", "build_tzif", "header", "leap_records", "tzstr_file"]

_COUNT_NAMES = ("isutcnt", "isstdcnt", "leapcnt", "timecnt", "typecnt", "charcnt")
INT32_MIN = -(2**31)
INT32_MAX = 2**31 - 1


@dataclass(frozen=True)
class TTInfo:
    """One local time type: UT offset in seconds, isdst flag, abbreviation."""

    utoff: int
    isdst: bool
    abbr: str | bytes


@dataclass
class _Block:
    times: list[int]
    idxs: list[int]
    ttinfos: list[TTInfo]
    leaps: list[tuple[int, int]] = field(default_factory=list)
    isstd: list[int] = field(default_factory=list)
    isut: list[int] = field(default_factory=list)


def header(version: int, counts: Mapping[str, int]) -> bytes:
    """A 44-byte TZif header.  ``version`` 1 gives the NUL version byte."""
    vbyte = b"\x00" if version == 1 else str(version).encode("ascii")
    return b"TZif" + vbyte + b"\x00" * 15 + struct.pack(">6l", *(counts[n] for n in _COUNT_NAMES))


def _abbr_table(
    ttinfos: Sequence[TTInfo], abbr_chars: bytes | None, abbrinds: Sequence[int] | None
) -> tuple[bytes, list[int]]:
    if abbr_chars is not None:
        if abbrinds is None:
            raise ValueError("abbr_chars needs abbrinds")
        return abbr_chars, list(abbrinds)
    chars = b""
    offsets: dict[bytes, int] = {}
    inds = []
    for tti in ttinfos:
        raw = tti.abbr if isinstance(tti.abbr, bytes) else tti.abbr.encode("ascii")
        if raw not in offsets:
            # Reuse a suffix of an existing abbreviation when possible, as zic does.
            pos = chars.find(raw + b"\x00")
            if pos == -1:
                pos = len(chars)
                chars += raw + b"\x00"
            offsets[raw] = pos
        inds.append(offsets[raw])
    if abbrinds is not None:
        inds = list(abbrinds)
    return chars, inds


def _data_block(
    block: _Block,
    time_size: int,
    abbr_chars: bytes | None,
    abbrinds: Sequence[int] | None,
    count_overrides: Mapping[str, int] | None,
    version: int,
) -> tuple[bytes, bytes]:
    """Return (header, data) for one block."""
    fmt = ">l" if time_size == 4 else ">q"
    chars, inds = _abbr_table(block.ttinfos, abbr_chars, abbrinds)
    data = b"".join(struct.pack(fmt, t) for t in block.times)
    data += bytes(block.idxs)
    for tti, ind in zip(block.ttinfos, inds, strict=True):
        data += struct.pack(">lBB", tti.utoff, 1 if tti.isdst else 0, ind)
    data += chars
    for occ, corr in block.leaps:
        data += struct.pack(fmt, occ) + struct.pack(">l", corr)
    data += bytes(block.isstd) + bytes(block.isut)
    counts = {
        "isutcnt": len(block.isut),
        "isstdcnt": len(block.isstd),
        "leapcnt": len(block.leaps),
        "timecnt": len(block.times),
        "typecnt": len(block.ttinfos),
        "charcnt": len(chars),
    }
    if count_overrides:
        unknown = set(count_overrides) - set(_COUNT_NAMES)
        if unknown:
            raise ValueError(f"unknown header counts: {unknown}")
        counts.update(count_overrides)
    return header(version, counts), data


def _v1_subset(block: _Block) -> _Block:
    """The 32-bit view of the data, as zic writes it: transitions that fit in int32."""
    times, idxs = [], []
    for t, i in zip(block.times, block.idxs, strict=True):
        if INT32_MIN <= t <= INT32_MAX:
            times.append(t)
            idxs.append(i)
    leaps = [(o, c) for o, c in block.leaps if INT32_MIN <= o <= INT32_MAX]
    return _Block(times, idxs, list(block.ttinfos), leaps, list(block.isstd), list(block.isut))


def build_tzif(
    transitions: Iterable[tuple[int, int]] = (),
    ttinfos: Sequence[TTInfo] = (),
    footer: str | bytes | None = "",
    version: int = 2,
    *,
    leaps: Sequence[tuple[int, int]] = (),
    isstd: Sequence[int] | None = None,
    isut: Sequence[int] | None = None,
    v1: str = "subset",
    abbr_chars: bytes | None = None,
    abbrinds: Sequence[int] | None = None,
    counts: Mapping[str, int] | None = None,
    v1_counts: Mapping[str, int] | None = None,
    version_byte: bytes | None = None,
    footer_lead: bytes = b"\n",
    footer_end: bytes = b"\n",
    trailer: bytes = b"",
    truncate: int | None = None,
) -> bytes:
    """Build TZif bytes.

    transitions: (utc_seconds, ttinfo_index) pairs (written as given, not sorted).
    ttinfos: local time types.
    footer: POSIX TZ string (str is ASCII-encoded, bytes written raw); ignored for v1.
    version: 1 (v1 block only, no footer; transitions outside int32 dropped), 2, 3 or 4.
    leaps: (occurrence, correction) leap-second records.
    isstd/isut: indicator arrays (default: none, count 0).
    v1: for version >= 2, what the legacy v1 block holds: "subset" (zic's 32-bit view),
        "empty" (a slim file: no transitions, one type), or "same" (a copy of the data,
        truncated to 32 bits, without filtering; only for transitions that fit).
    abbr_chars/abbrinds: raw designation bytes and per-type indexes (override the table).
    counts / v1_counts: override header counts of the 64-bit block / the v1 block.
    version_byte: override the version byte in every header (e.g. b"5", b"\\x01").
    footer_lead / footer_end: the bytes around the footer (normally newlines).
    trailer: extra bytes after everything.
    truncate: cut the result to this many bytes.
    """
    trans = list(transitions)
    block = _Block(
        [t for t, _ in trans],
        [i for _, i in trans],
        list(ttinfos),
        list(leaps),
        list(isstd or []),
        list(isut or []),
    )
    if version == 1:
        # 32-bit data only: transitions outside int32 are dropped, as zic does.
        hdr, data = _data_block(_v1_subset(block), 4, abbr_chars, abbrinds, counts, 1)
        out = hdr + data
    else:
        if v1 == "subset":
            v1_block = _v1_subset(block)
        elif v1 == "empty":
            first = block.ttinfos[0] if block.ttinfos else TTInfo(0, False, "UTC")
            v1_block = _Block([], [], [first])
        elif v1 == "same":
            v1_block = block
        else:
            raise ValueError(f"bad v1 mode {v1!r}")
        v1_chars = abbr_chars if v1 != "empty" else None
        v1_inds = abbrinds if v1 != "empty" else None
        hdr1, data1 = _data_block(v1_block, 4, v1_chars, v1_inds, v1_counts, version)
        hdr2, data2 = _data_block(block, 8, abbr_chars, abbrinds, counts, version)
        if footer is None:
            raw_footer = b""
        elif isinstance(footer, bytes):
            raw_footer = footer
        else:
            raw_footer = footer.encode("ascii")
        out = hdr1 + data1 + hdr2 + data2 + footer_lead + raw_footer + footer_end
    if version_byte is not None:
        out = _patch_version(out, version_byte)
    out += trailer
    if truncate is not None:
        out = out[:truncate]
    return out


def _patch_version(data: bytes, vbyte: bytes) -> bytes:
    buf = bytearray(data)
    pos = 0
    while True:
        pos = buf.find(b"TZif", pos)
        if pos == -1:
            return bytes(buf)
        buf[pos + 4 : pos + 5] = vbyte
        pos += 5


def tzstr_file(tzstr: str | bytes, version: int = 3, utoff: int = 0, abbr: str = "ZZZ") -> bytes:
    """A file with no transitions and one (unused) type whose rules all come from the footer."""
    return build_tzif([], [TTInfo(utoff, False, abbr)], tzstr, version)


def leap_records(count: int, start: int = 78796800) -> list[tuple[int, int]]:
    """``count`` plausible leap-second records (every half year, cumulative corrections)."""
    return [(start + k * 15_811_200 + k, k + 1) for k in range(count)]
