"""How much of each DST period's offset is DST, as dateutil 4 infers it for ``dst()``.

TZif files record only each period's total UTC offset and an isdst flag. dateutil
works the DST amount out per transition (not per local time type, which zic reuses
across eras) from the standard offsets before and after the DST period; this gives
different ``dst()`` values from ``zoneinfo`` in about 40 zones, so the adapter
repeats dateutil's choice exactly:

- no standard time on either side: 1 hour;
- one candidate: that one;
- two candidates: drop implausible ones (not a multiple of 5 minutes) if that leaves
  any; then prefer the one also seen, unambiguously, in a DST period within ten
  years; then prefer positive, then the smaller magnitude.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence

__all__ = ["infer_dst_offset_at", "infer_dst_offsets"]

_CONSENSUS_WINDOW = 10 * 365 * 86400


def infer_dst_offsets(
    trans_idx: Sequence[int],
    trans_utc: Sequence[int],
    utcoff: Sequence[int],
    isdst: Sequence[int],
) -> list[int]:
    """The DST offset in seconds in force after each transition (0 for standard time)."""
    n = len(trans_idx)
    # DST amount implied by the nearest standard offset looking backwards (starting
    # from the first standard type, as for the time before the first transition)
    # and looking forwards.
    backward: list[int | None] = [None] * n
    std: int | None = next((off for off, dst in zip(utcoff, isdst) if not dst), None)
    for i in range(n):
        idx = trans_idx[i]
        if not isdst[idx]:
            std = utcoff[idx]
        elif std is not None:
            backward[i] = utcoff[idx] - std
    forward: list[int | None] = [None] * n
    std = None
    for i in range(n - 1, -1, -1):
        idx = trans_idx[i]
        if not isdst[idx]:
            std = utcoff[idx]
        elif std is not None:
            forward[i] = utcoff[idx] - std

    result = [0] * n
    settled: list[tuple[int, int]] | None = None
    for i in range(n):
        if not isdst[trans_idx[i]]:
            continue
        back, fwd = backward[i], forward[i]
        if not back or not fwd or back == fwd:
            # At most one candidate (the common case).
            result[i] = back or fwd or 3600
            continue
        candidates = {back, fwd}
        plausible = {c for c in candidates if c % 300 == 0}
        if plausible:
            candidates = plausible
        if len(candidates) > 1:
            if settled is None:
                # DST periods with the same standard offset on both sides.
                settled = [
                    (trans_utc[k], backward[k])  # type: ignore[misc]  # dateutil's tuple layout
                    for k in range(n)
                    if backward[k] and backward[k] == forward[k]
                ]
            at = trans_utc[i]
            nearby = {amount for ts, amount in settled if abs(ts - at) <= _CONSENSUS_WINDOW}
            agreed = candidates & nearby
            if len(agreed) == 1:
                candidates = agreed
        result[i] = min(candidates, key=lambda c: (c < 0, abs(c)))
    return result


def _sides(
    k: int, trans_idx: Sequence[int], utcoff: Sequence[int], isdst: Sequence[int]
) -> tuple[int | None, int | None]:
    """``(backward[k], forward[k])`` of ``infer_dst_offsets``, from the nearest
    standard transitions on each side only."""
    idx = trans_idx[k]
    if not isdst[idx]:
        return None, None
    off = utcoff[idx]
    j = k - 1
    while j >= 0 and isdst[trans_idx[j]]:
        j -= 1
    std: int | None
    if j >= 0:
        std = utcoff[trans_idx[j]]
    else:
        std = next((o for o, dst in zip(utcoff, isdst) if not dst), None)
    back = off - std if std is not None else None
    n = len(trans_idx)
    j = k + 1
    while j < n and isdst[trans_idx[j]]:
        j += 1
    fwd = off - utcoff[trans_idx[j]] if j < n else None
    return back, fwd


def infer_dst_offset_at(
    k: int,
    trans_idx: Sequence[int],
    trans_utc: Sequence[int],
    utcoff: Sequence[int],
    isdst: Sequence[int],
) -> int:
    """``infer_dst_offsets(...)[k]`` (``0 <= k < n``), looking only at transitions
    near ``k``: a zone's first use needs a few of them, not the whole table."""
    if not isdst[trans_idx[k]]:
        return 0
    back, fwd = _sides(k, trans_idx, utcoff, isdst)
    if not back or not fwd or back == fwd:
        return back or fwd or 3600
    candidates = {back, fwd}
    plausible = {c for c in candidates if c % 300 == 0}
    if plausible:
        candidates = plausible
    if len(candidates) > 1:
        at = trans_utc[k]
        nearby = set()
        for j in range(
            bisect_left(trans_utc, at - _CONSENSUS_WINDOW),
            bisect_right(trans_utc, at + _CONSENSUS_WINDOW),
        ):
            b, f = _sides(j, trans_idx, utcoff, isdst)
            if b and b == f:
                nearby.add(b)
        agreed = candidates & nearby
        if len(agreed) == 1:
            candidates = agreed
    return min(candidates, key=lambda c: (c < 0, abs(c)))
