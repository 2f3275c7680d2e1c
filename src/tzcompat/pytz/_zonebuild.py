"""Building a pytz zone's transition view, periods and localize table from the core zone.

These run once per zone, on its first lookup (``_ZoneData`` binds them as its methods then),
and pytz's exact ``localize`` for what the table leaves to it.
"""

from __future__ import annotations

import sys
from bisect import bisect_left, bisect_right
from datetime import datetime, timedelta
from itertools import compress, repeat
from operator import add, attrgetter, mul, ne

from ._realpytz import real_pytz
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
    HORIZON,
    _datetime_cache,
    _first_standard,
    _pytz_dst,
    _raw_state,
    _round_minute,
    _ts,
    memorized_datetime,
    memorized_ttinfo,
)

_utcoffset_of = attrgetter("_utcoffset")
_EPOCH = datetime(1970, 1, 1)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from .tzinfo import DstTzInfo, _ZoneData


def build_view(zd: _ZoneData) -> None:
    """pytz's transition times and (utcoffset, dst, tzname) infos, from the core zone.

    This runs on a zone's first localize, so the per-transition work is done by C-level
    loops over type ids (one per distinct (offset, isdst, abbr)) wherever it can be.
    """
    zi = zd.zoneinfo
    initial = _first_standard(zi)
    data = zi.tzif
    triples = list(zip(data.utcoff, map(bool, data.isdst), data.abbr))
    id_of: dict[tuple[int, bool, str], int] = {}
    canon = [id_of.setdefault(t, i) for i, t in enumerate(triples)]

    def type_id(r: tuple[int, bool, str]) -> int:
        c = id_of.get(r)
        if c is None:
            c = id_of[r] = len(triples)
            triples.append(r)
        return c

    trans = data.trans_utc
    n_file = bisect_left(trans, _V1_END)
    stamps = trans[:n_file].tolist()
    if len(id_of) == len(triples):
        ids = list(data.trans_idx[:n_file])
    else:
        ids = list(map(canon.__getitem__, data.trans_idx[:n_file]))
    # The footer rule's transitions up to pytz's horizon, and the first one past it.
    zd.beyond = None
    for t in zi.transitions(stamps[-1] + 1 if stamps else None):
        if t.timestamp >= _V1_END:
            if t.timestamp <= _MAX_TS:
                zd.beyond = memorized_datetime(t.timestamp)
            break
        stamps.append(t.timestamp)
        ids.append(type_id(_raw_state(t.after)))
    low = bisect_left(stamps, _V1_LOW)
    pre = ids[low - 1] if low else None
    del stamps[:low], ids[:low]
    # Drop transitions that change nothing pytz sees (slim files keep rule or isstd/isut
    # changes; pytz's fat files do not have them).
    keep = list(map(ne, ids, [pre, *ids[:-1]]))
    if not all(keep):
        stamps = list(compress(stamps, keep))
        ids = list(compress(ids, keep))
    if pre is not None:
        # zic writes a pseudo-transition at -2**31 when it drops older ones.
        stamps.insert(0, _V1_LOW)
        ids.insert(0, pre)
    first_std = initial
    if initial[1]:
        first_std = next((triples[c] for c in ids if not triples[c][1]), initial)
    if ids and first_std == triples[ids[0]]:
        del stamps[0]
    else:
        ids.insert(0, type_id(first_std))
    raw = list(map(triples.__getitem__, ids))

    times = [datetime.min, *map(_datetime_cache.get, stamps)]
    if None in times:
        for i, ts in enumerate(stamps, 1):
            if times[i] is None:
                times[i] = memorized_datetime(ts)

    # A standard period's info depends on its type only. A DST period's is the offset minus
    # the previous standard offset: when the period before it is standard, that is a
    # function of the (previous, current) type pair, so pairs are looked up in one pass;
    # the rest (DST after DST, or an amount outside (0, 3h]) take pytz's exact inference.
    # A pair is one int, previous * k + current (previous k - 1: none), cheaper to hash.
    k = len(triples) + 1
    pairs = list(map(add, map(mul, [k - 1, *ids[:-1]], repeat(k)), ids))
    by_pair: dict[int, tuple[Any, ...]] = {}
    exact = False
    for pair in set(pairs):
        prev, c = divmod(pair, k)
        off, isdst, abbr = triples[c]
        if not isdst:
            by_pair[pair] = memorized_ttinfo(_round_minute(off), 0, abbr)
        elif prev < k - 1 and not triples[prev][1] and 0 < off - triples[prev][0] <= 10800:
            dst = off - triples[prev][0]
            by_pair[pair] = memorized_ttinfo(_round_minute(off), _round_minute(dst), abbr)
        else:
            exact = True
    infos = list(map(by_pair.get, pairs))
    if exact:
        for i, info in enumerate(infos):
            if info is None:
                off, _, abbr = raw[i]
                dst = _pytz_dst(raw, i)
                infos[i] = memorized_ttinfo(_round_minute(off), _round_minute(dst), abbr)
    zd.raw = raw
    zd.infos = infos  # type: ignore[assignment]  # no None left
    zd.times = times  # type: ignore[assignment]  # pytz's list type


def build_ext(zd: _ZoneData) -> None:
    """The exposed transition lists: pytz's view, then the rule's transitions to HORIZON.

    The DST amounts of the added periods are pytz's inference over the whole chain, and
    ``fromutc``/``localize`` take their periods from these lists up to HORIZON.
    """
    zd.ensure_states()
    if zd.beyond is None:
        zd.ext_times, zd.ext_states = [datetime.min], zd.states[-1:]
        zd.times_all, zd.infos_all = zd.times, zd.infos
        return
    zi = zd.zoneinfo
    start = zd.beyond
    stamps = []
    raws = []
    for t in zi.transitions(_ts(start), _ts(HORIZON)):
        stamps.append(t.timestamp)
        raws.append(_raw_state(t.after))
    full = zd.raw + raws
    base = len(zd.raw)
    infos = []
    for i, r in enumerate(raws):
        dst = _pytz_dst(full, base + i)
        infos.append(memorized_ttinfo(_round_minute(r[0]), _round_minute(dst), r[2]))
    times = [memorized_datetime(ts) for ts in stamps]
    states = [_period(zd, info) for info in infos]
    # Before the first added transition the view's last period holds.
    zd.ext_times = [datetime.min, *times]
    zd.ext_states = [zd.states[-1], *states]
    if _real_pytz_in_use():
        # pandas swaps zones for the real pytz's (tz_standardize calls pytz.timezone) and
        # caches transition data by zone name, shared with them: expose pytz's own extent.
        zd.times_all, zd.infos_all = zd.times, zd.infos
    else:
        zd.infos_all = zd.infos + infos
        zd.times_all = zd.times + times


def _real_pytz_in_use() -> bool:
    """Whether ``import pytz`` gives the real pytz (loaded, and not tzcompat installed)."""
    return real_pytz is not None and sys.modules.get("pytz") is real_pytz


def build_states(zd: _ZoneData) -> None:
    zd.ensure_view()
    cls = zd.cls
    tzinfos = zd.tzinfos
    if zd.zone_obj is None:
        cls()
    infos = zd.infos
    if _info_of(zd.zone_obj) == infos[0]:
        # The zone object is its first period, as in pytz (after a refresh that changed
        # the first period, it keeps the old values and a new object takes this place).
        tzinfos.setdefault(infos[0], zd.zone_obj)
    # setdefault: a first localize may register a period concurrently (without the lock).
    for inf in set(infos).difference(tzinfos):
        tzinfos.setdefault(inf, cls(inf))
    states = list(map(tzinfos.__getitem__, infos))
    zd.offsets = list(map(_utcoffset_of, states))
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
    raws = [_raw_state(prev.after) if prev is not None else _first_standard(zi)]
    raws += [_raw_state(t.after) for t in trs]
    # DST amount as pytz would infer it, seeded with the last standard offset known.
    seed = next((r for r in reversed(zd.raw) if not r[1]), None)
    context = [] if seed is None else [seed]
    full = context + raws
    # Not memorized_datetime(): its shared cache would grow with every year asked about.
    times = [datetime.min] + [_EPOCH + timedelta(seconds=t.timestamp) for t in trs]
    states = []
    for i, r in enumerate(raws):
        dst = _pytz_dst(full, i + len(context))
        states.append(_period(zd, memorized_ttinfo(_round_minute(r[0]), _round_minute(dst), r[2])))
    if len(zd._years) >= 64:
        zd._years.clear()
    zd._years[year] = (times, states)
    return times, states


_QUIET = 3 * 86400
_DAY_SECONDS = 86400


def _quiet_state(zd: _ZoneData, dt: datetime) -> DstTzInfo | None:
    """The period of a wall time three days or more from any transition, read from the file
    without building pytz's transition view (most of a zone's first localize); ``None`` when
    that needs the view.

    pytz's probes at ``dt`` +- 1 day then all land in one period, so that is the answer. The
    period's DST amount is its offset minus the previous period's, when that one is standard
    and the amount in (0, 3h]: pytz's inference gives exactly that there. Anything else (no
    period before, DST after DST, past the file's last transition or outside pytz's 32-bit
    range) is left to the view.
    """
    data = zd.zoneinfo.tzif
    utc = data.trans_utc
    t = _ts(dt)
    i = bisect_right(utc, t)
    if i < 2 or i >= len(utc) or t - utc[i - 1] < _QUIET or utc[i] - t < _QUIET:
        return None
    if utc[i - 2] < _V1_LOW or utc[i] >= _V1_END:
        return None
    idx = data.trans_idx
    j = idx[i - 1]
    off = data.utcoff[j]
    if not -_DAY_SECONDS < off < _DAY_SECONDS:
        return None
    if data.isdst[j]:
        k = idx[i - 2]
        dst = off - data.utcoff[k]
        if data.isdst[k] or not 0 < dst <= 10800:
            return None
    else:
        dst = 0
    info = memorized_ttinfo(_round_minute(off), _round_minute(dst), data.abbr[j])
    if info == zd.first_info and _info_of(zd.zone_obj) == info:
        # The zone object is its first period's (build_states registers it so).
        return zd.zone_obj
    return _period(zd, info)


def _info_of(state: DstTzInfo) -> tuple[Any, ...]:
    return (state._utcoffset, state._dst, state._tzname)


def _period(zd: _ZoneData, info: tuple[Any, ...]) -> DstTzInfo:
    """The zone's period object for ``info``, made and registered on first need."""
    state = zd.tzinfos.get(info)
    if state is None:
        # setdefault: one object per period even when threads race here or with the view.
        state = zd.tzinfos.setdefault(info, zd.cls(info))
    return state  # type: ignore[no-any-return]  # a period object


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
        if not zd.states and zd.zoneinfo is not None:
            state = _quiet_state(zd, dt)
            if state is not None:
                return dt.replace(tzinfo=state, fold=0)
    candidates: dict[datetime, DstTzInfo] = {}
    for delta in (-_DAY, _DAY):
        try:
            probe = dt + delta
        except OverflowError:
            # Near datetime.min/max: skip that side, as pytz 2026 does.
            continue
        off = zd.state_at(probe)._utcoffset
        utc = dt - off  # periods always have offsets
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
