"""Building a pytz zone's transition view, periods and localize table from the core zone.

These run once per zone, on its first lookup (``_ZoneData`` binds them as its methods then),
and pytz's exact ``localize`` for what the table leaves to it.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from .exceptions import AmbiguousTimeError, NonExistentTimeError
from .tzinfo import (
    _DAY,
    _MAX_SAFE,
    _MAX_TS,
    _MIN_SAFE,
    _SIX_HOURS,
    _TWO_DAYS,
    _V1_END,
    _V1_LOW,
    _datetime_cache,
    _pytz_dst,
    _raw_state,
    _round_minute,
    _ts,
    memorized_datetime,
    memorized_ttinfo,
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from .tzinfo import DstTzInfo, _ZoneData


def build_view(zd: _ZoneData) -> None:
    zi = zd.zoneinfo
    initial = _raw_state(zi.initial_state)
    # The file's own transitions straight from the parsed arrays (much cheaper than
    # Transition objects), then the footer rule's up to the horizon from the core.
    data = zi.tzif
    types = [(off, bool(d), ab) for off, d, ab in zip(data.utcoff, data.isdst, data.abbr)]
    seq: list[tuple[int, tuple[int, bool, str]]] = [
        (ts, types[i]) for ts, i in zip(data.trans_utc, data.trans_idx) if ts < _V1_END
    ]
    start = seq[-1][0] + 1 if seq else None
    seq += [(t.timestamp, _raw_state(t.after)) for t in zi.transitions(start, _V1_END)]
    stamps: list[int] = []
    raw: list[tuple[int, bool, str]] = []
    pre: tuple[int, bool, str] | None = None
    last: tuple[int, bool, str] | None = None
    for ts, r in seq:
        if ts < _V1_LOW:
            pre = r
            continue
        if pre is not None and last is None:
            # zic writes a pseudo-transition at -2**31 when it drops older ones.
            stamps.append(_V1_LOW)
            raw.append(pre)
            last = pre
        if r == last:
            # Slim files keep transitions that change nothing pytz sees (a rule or
            # isstd/isut change); fat files, pytz's, do not have them.
            continue
        stamps.append(ts)
        raw.append(r)
        last = r
    if pre is not None and last is None:
        stamps.append(_V1_LOW)
        raw.append(pre)
    first_std = next((r for r in [initial, *raw] if not r[1]), initial)
    if raw and first_std == raw[0]:
        del stamps[0]
    else:
        raw.insert(0, first_std)
    dcache = _datetime_cache
    times = [datetime.min]
    times += [dcache.get(ts) or memorized_datetime(ts) for ts in stamps]
    infos = []
    append = infos.append
    # One info per (period, previous standard offset): look the pair up, not recompute.
    seen: dict[tuple, tuple] = {}
    prev_std = raw[0][0]
    for i, r in enumerate(raw):
        if not r[1]:
            prev_std = r[0]
        info = seen.get((r, prev_std))
        if info is None:
            off, isdst, abbr = r
            dst = off - prev_std if isdst else 0
            if isdst and (dst <= 0 or dst > 10800):
                # Searches forward, so it depends on more than the pair: not cached.
                dst = _pytz_dst(raw, i)
                append(memorized_ttinfo((off + 30) // 60 * 60, (dst + 30) // 60 * 60, abbr))
                continue
            info = memorized_ttinfo((off + 30) // 60 * 60, (dst + 30) // 60 * 60, abbr)
            seen[(r, prev_std)] = info
        append(info)
    nxt = next(iter(zi.transitions(start=_V1_END)), None)
    if nxt is not None and nxt.timestamp <= _MAX_TS:
        zd.beyond = memorized_datetime(nxt.timestamp)
    zd.raw = raw
    zd.infos = infos
    zd.times = times


def build_states(zd: _ZoneData) -> None:
    zd.ensure_view()
    cls = zd.cls
    tzinfos = zd.tzinfos
    if zd.zone_obj is None:
        cls()
    tzinfos.setdefault(zd.infos[0], zd.zone_obj)
    states = []
    for inf in zd.infos:
        state = tzinfos.get(inf)
        if state is None:
            state = tzinfos[inf] = cls(inf)
        states.append(state)
    zd.offsets = [s._utcoffset for s in states]
    zd.states = states
    # Instants at or after the first post-horizon transition take the slow path.
    zd.n_fast = len(states) - 1 if zd.beyond is not None else len(states)
    zd.times_fast = zd.times


def build_table(zd: _ZoneData) -> None:
    """Precompute localize's answer per wall-time segment (``None``: use the slow path).

    pytz probes the periods in force at ``dt - 1 day`` and ``dt + 1 day`` (reading the naive
    wall time as UTC) and keeps those whose offset maps ``dt`` back onto itself. Far from
    any transition both probes agree and the answer is that period. Around an isolated
    transition (none other within 2 days) the answer is the old period before
    ``T + min(offsets)``, the new one from ``T + max(offsets)``, and a gap or fold in
    between. Clusters of close transitions, the ends of datetime's range and everything
    past pytz's horizon are left to the exact slow path.
    """

    zd.ensure_states()
    times, offs, states = zd.times, zd.offsets, zd.states
    n = len(times)
    day, two_days = _DAY, _TWO_DAYS
    bounds: list[datetime] = [_MIN_SAFE]
    results: list[Any] = [None, states[0]]
    j = 1
    while j < n:
        t = times[j]
        k = j
        while k + 1 < n and times[k + 1] - times[k] < two_days:
            k += 1
        if k == j and t - times[j - 1] >= two_days and t > _MIN_SAFE + day:
            lo = offs[j - 1]
            hi = offs[j]
            if lo != hi:
                if hi < lo:
                    lo, hi = hi, lo
                bounds.append(t + lo)
                results.append(None)
            bounds.append(t + hi)
            results.append(states[j])
        else:
            bounds.append(t - day)
            results.append(None)
            bounds.append(times[k] + day)
            results.append(states[k])
        j = k + 1
    end = _MAX_SAFE
    if zd.beyond is not None:
        end = min(end, zd.beyond - two_days)
    if end <= bounds[-1]:
        results[-1] = None
    else:
        bounds.append(end)
        results.append(None)
    if any(abs(o) >= day for o in set(offs)) or (n > 1 and times[1] - day < _MIN_SAFE):
        # The segments are ordered only for offsets under a day and transitions well
        # inside datetime's range; for odd data, trust the slow path everywhere.
        bounds, results = [_MIN_SAFE], [None, None]
    zd.lresults = results
    zd.lbounds = bounds


def build_year(zd: _ZoneData, year: int) -> tuple[list[datetime], list[DstTzInfo]]:
    """Periods past pytz's horizon for UTC ``year`` (plus a 3-day margin each side)."""
    zi = zd.zoneinfo
    lo = datetime(year, 1, 1) - timedelta(days=3)
    hi_ts = _MAX_TS if year >= 9999 else _ts(datetime(year + 1, 1, 1) + timedelta(days=3))
    lo_ts = _ts(lo)
    prev = zi.previous_transition(lo_ts)
    trs = list(zi.transitions(start=lo_ts, end=hi_ts))
    raws = [_raw_state(prev.after if prev is not None else zi.initial_state)]
    raws += [_raw_state(t.after) for t in trs]
    # DST amount as pytz would infer it, seeded with the last standard offset known.
    seed = next((r for r in reversed(zd.raw) if not r[1]), None)
    context = [] if seed is None else [seed]
    full = context + raws
    times = [datetime.min] + [memorized_datetime(t.timestamp) for t in trs]
    states = []
    for i, r in enumerate(raws):
        dst = _pytz_dst(full, i + len(context))
        inf = memorized_ttinfo(_round_minute(r[0]), _round_minute(dst), r[2])
        state = zd.tzinfos.get(inf)
        if state is None:
            state = zd.tzinfos[inf] = zd.cls(inf)
        states.append(state)
    if len(zd._years) >= 64:
        zd._years.clear()
    zd._years[year] = (times, states)
    return times, states


def localize_slow(zd: _ZoneData, tz: DstTzInfo, dt: datetime, is_dst: Any) -> datetime:
    """pytz's localize algorithm, step for step (gaps, folds, range ends, far future)."""
    if not zd.lbounds:
        # The table pays off after a few calls; until then answer the exact way, so a
        # zone used once does not pay for it.
        zd.slow_calls += 1
        if zd.slow_calls > 16:
            with zd._lock:
                if not zd.lbounds:
                    zd._build_table()
            return tz.localize(dt, is_dst)
    candidates: dict[datetime, DstTzInfo] = {}
    for delta in (-_DAY, _DAY):
        try:
            probe = dt + delta
        except OverflowError:
            # Near datetime.min/max: skip that side, as pytz 2026 does.
            continue
        off = zd.state_at(probe)._utcoffset
        utc = dt - off
        found = zd.state_at(utc)
        if utc + found._utcoffset == dt:
            candidates.setdefault(utc, found)
    if len(candidates) == 1:
        (state,) = candidates.values()
        return dt.replace(tzinfo=state, fold=0)
    if not candidates:
        if is_dst is None:
            raise NonExistentTimeError(dt)
        if is_dst:
            return tz.localize(dt + _SIX_HOURS, is_dst=True) - _SIX_HOURS
        return tz.localize(dt - _SIX_HOURS, is_dst=False) + _SIX_HOURS
    if is_dst is None:
        raise AmbiguousTimeError(dt)
    chosen = {u: s for u, s in candidates.items() if bool(s._dst) == is_dst}
    if len(chosen) == 1:
        (state,) = chosen.values()
        return dt.replace(tzinfo=state, fold=0)
    if not chosen:
        chosen = candidates
    # Same DST flag on both sides (e.g. Warsaw 1915): earliest instant for a true is_dst,
    # latest for a false one.
    utc = min(chosen) if is_dst else max(chosen)
    return dt.replace(tzinfo=chosen[utc], fold=0)
