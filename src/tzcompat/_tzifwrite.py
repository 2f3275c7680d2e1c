"""Serialise a parsed :class:`TZifData` back to TZif bytes (RFC 8536).

The standard library's ``ZoneInfo`` part of a tzcompat zone is built from these
bytes whenever the file's own bytes need rewriting for the stdlib's reader (see
``_zoneinfo._plain``), and for zones built from parsed data: the stdlib only ever
sees data that tzcompat's strict reader validated.
"""

from __future__ import annotations

import struct
import sys
from array import array

from ._tzif import TZifData

__all__ = ["write_tzif"]

# Instants this far out are never reached from a datetime (years 1-9999 are within
# +-2**38 s); the stdlib's C code adds offsets to them in int64, so for it they are
# pulled in to here, keeping their order (and so every answer in datetime's range).
_FAR = 1 << 40


def _clamped(times: array[int]) -> array[int]:
    if not times or (-_FAR <= times[0] and times[-1] <= _FAR):
        return times
    n = len(times)
    low = sum(1 for t in times if t < -_FAR)
    high = sum(1 for t in times if t > _FAR)
    out = array("q", times)
    for i in range(low):
        out[i] = -_FAR - (low - i)
    for j in range(high):
        out[n - high + j] = _FAR + j + 1
    return out


def _reads_past_end(trans_idx: bytes, utcoff: tuple[int, ...], isdst: tuple[bool, ...]) -> bool:
    """Whether the stdlib's dst() inference would look past the last transition
    (gh-145883: an IndexError in the pure-Python reader, a crash in C): the last
    transition is to a DST type that is still unresolved there, whose predecessor
    does not resolve it, and that is not the last type. Replays its loop only when
    the cheap conditions hold."""
    n, typecnt = len(trans_idx), len(isdst)
    if n < 2:
        return False
    last, prev = trans_idx[-1], trans_idx[-2]
    if not isdst[last] or last >= typecnt - 1:
        return False
    if not isdst[prev] and utcoff[last] != utcoff[prev]:
        return False
    resolved = [False] * typecnt
    wanted, found = sum(isdst), 0
    for i in range(1, n - 1):
        if found == wanted:
            return False
        idx = trans_idx[i]
        if not isdst[idx] or resolved[idx]:
            continue
        before = trans_idx[i - 1]
        diff = utcoff[idx] - utcoff[before] if not isdst[before] else 0
        if not diff and idx < typecnt - 1:
            after = trans_idx[i + 1]
            if isdst[after]:
                continue
            diff = utcoff[idx] - utcoff[after]
        if diff:
            resolved[idx] = True
            found += 1
    return found != wanted and not resolved[last]


def _for_stdlib(data: TZifData) -> TZifData:
    """``data`` with the one pattern the stdlib's reader mishandles rewritten: the last
    transition points at a copy of its type placed last (the copy is unresolved there,
    as the original is, so both get dst() = 1 hour, as tzcompat infers)."""
    if not _reads_past_end(data.trans_idx, data.utcoff, data.isdst):
        return data
    last = data.trans_idx[-1]
    if len(data.utcoff) >= 256:
        raise ValueError(
            "Invalid TZif file: the standard library would read past its last transition "
            "(gh-145883) and 256 local time types leave no room to avoid it")
    return data._replace(
        trans_idx=data.trans_idx[:-1] + bytes([len(data.utcoff)]),
        utcoff=(*data.utcoff, data.utcoff[last]), isdst=(*data.isdst, data.isdst[last]),
        abbr=(*data.abbr, data.abbr[last]))


def _int64_bytes(times: array[int]) -> bytes:
    values = array("q", times)
    if sys.byteorder == "little":
        values.byteswap()
    return values.tobytes()


def write_tzif(data: TZifData, *, for_stdlib: bool = False, footer: str | None = None) -> bytes:
    """TZif bytes holding ``data``: an empty version 1 block, then the 64-bit block
    and the footer (``footer`` overrides ``data.footer``; None data means v1-style:
    an empty footer, so the last type holds after the last transition).

    ``for_stdlib`` pulls in instants beyond any datetime (see ``_FAR``), avoids the
    dst() inference read past the end (``_for_stdlib``) and drops leap-second
    records, which the stdlib ignores anyway.
    """
    if for_stdlib:
        data = _for_stdlib(data)
    times = _clamped(data.trans_utc) if for_stdlib else data.trans_utc
    chars = bytearray()
    positions: dict[str, int] = {}
    abbrind = []
    for abbr in data.abbr:
        if abbr not in positions:
            positions[abbr] = len(chars)
            chars += abbr.encode("ascii") + b"\x00"
        abbrind.append(positions[abbr])
    flat = [v for typ in zip(data.utcoff, data.isdst, abbrind) for v in typ]
    types = struct.pack(">" + "lBB" * len(abbrind), *flat)
    leaps = () if for_stdlib else data.leaps
    isstd = () if for_stdlib else data.isstd
    isut = () if for_stdlib else data.isut
    version = max(2, data.version)
    vbyte = str(version).encode("ascii") if version < 10 else b"4"
    text = data.footer if footer is None else footer
    head = struct.Struct(">4sc15x6l")
    v1 = head.pack(b"TZif", vbyte, 0, 0, 0, 0, 1, 1) + struct.pack(">lBB", 0, 0, 0) + b"\x00"
    v2 = head.pack(b"TZif", vbyte, len(isut), len(isstd), len(leaps), len(times),
                   len(data.utcoff), len(chars))
    body = [
        v1, v2, _int64_bytes(times), bytes(data.trans_idx), types, bytes(chars),
        b"".join(struct.pack(">ql", occ, corr) for occ, corr in leaps),
        bytes(isstd), bytes(isut),
        b"\n", (text or "").encode("ascii"), b"\n",
    ]
    return b"".join(body)
