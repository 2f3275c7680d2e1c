"""Shared helpers for the core tests.

Everything "expected" here comes from the standard library's ``zoneinfo`` or from
reading TZif bytes directly with the tiny reader below -- never from tzcompat.
"""

from __future__ import annotations

import contextlib
import functools
import io
import os
import struct
import subprocess
import sys
import zoneinfo
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from importlib import resources

import tzcompat

from .posix_reference import stdlib_difference

UTC = timezone.utc
EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
EPOCH_NAIVE = datetime(1970, 1, 1)
MIN_TS = int((datetime.min.replace(tzinfo=UTC) - EPOCH).total_seconds())
MAX_TS = int((datetime.max.replace(tzinfo=UTC, microsecond=0) - EPOCH).total_seconds())

# The stdlib's own view of the system data, captured at import (before any test
# touches TZPATH).
STDLIB_TZPATH = tuple(zoneinfo.TZPATH)
ALL_KEYS = tuple(sorted(zoneinfo.available_timezones()))


def _system_root() -> str | None:
    for root in STDLIB_TZPATH:
        if os.path.isfile(os.path.join(root, "UTC")):
            return root
    return None


SYSTEM_ROOT = _system_root()
SOURCES = ("system", "tzdata")


# --------------------------------------------------------------------------------------
# Raw bytes of a zone, from one source
# --------------------------------------------------------------------------------------
@functools.cache
def zone_bytes(source: str, key: str) -> bytes | None:
    if source == "system":
        if SYSTEM_ROOT is None:
            return None
        path = os.path.join(SYSTEM_ROOT, key)
        if not os.path.isfile(path):
            return None
        with open(path, "rb") as f:
            return f.read()
    if source == "tzdata":
        parts = key.split("/")
        try:
            res = resources.files(".".join(["tzdata.zoneinfo", *parts[:-1]])).joinpath(parts[-1])
            return res.read_bytes()
        except (ImportError, OSError):
            return None
    raise ValueError(source)


def tzdata_path(key: str) -> str | None:
    """File-system path of a tzdata resource (tzdata is installed as plain files)."""
    import tzdata

    path = os.path.join(os.path.dirname(tzdata.__file__), "zoneinfo", *key.split("/"))
    return path if os.path.isfile(path) else None


@functools.lru_cache(maxsize=2048)
def zone_pair(source: str, key: str):
    """(ours, stdlib) ZoneInfo objects built from the very same bytes."""
    data = zone_bytes(source, key)
    if data is None:
        return None
    ours = tzcompat.ZoneInfo.from_file(io.BytesIO(data), key=key)
    ref = zoneinfo.ZoneInfo.from_file(io.BytesIO(data), key=key)
    return ours, ref


def pair_from_bytes(data: bytes, key: str | None = None):
    ours = tzcompat.ZoneInfo.from_file(io.BytesIO(data), key=key)
    ref = zoneinfo.ZoneInfo.from_file(io.BytesIO(data), key=key)
    return ours, ref


def keys_for(source: str) -> list[str]:
    return [k for k in ALL_KEYS if zone_bytes(source, k) is not None]


# --------------------------------------------------------------------------------------
# An independent, minimal TZif reader (test side only)
# --------------------------------------------------------------------------------------
@dataclass(frozen=True)
class RawTZif:
    version: int
    times: tuple[int, ...]
    idxs: tuple[int, ...]
    utoffs: tuple[int, ...]
    isdsts: tuple[int, ...]
    abbrs: tuple[str, ...]
    footer: str | None


def _hdr(data: bytes, pos: int):
    if data[pos : pos + 4] != b"TZif":
        raise ValueError("no magic")
    vb = data[pos + 4 : pos + 5]
    version = 1 if vb == b"\x00" else int(vb)
    counts = struct.unpack(">6l", data[pos + 20 : pos + 44])
    return version, counts, pos + 44


def raw_read(data: bytes) -> RawTZif:
    version, (isut, isstd, leap, timecnt, typecnt, charcnt), pos = _hdr(data, 0)
    size = 4
    if version >= 2:
        pos += timecnt * 5 + typecnt * 6 + charcnt + leap * 8 + isstd + isut
        _, (isut, isstd, leap, timecnt, typecnt, charcnt), pos = _hdr(data, pos)
        size = 8
    fmt = ">l" if size == 4 else ">q"
    times = tuple(struct.unpack_from(fmt, data, pos + size * i)[0] for i in range(timecnt))
    pos += size * timecnt
    idxs = tuple(data[pos : pos + timecnt])
    pos += timecnt
    types = [struct.unpack_from(">lBB", data, pos + 6 * i) for i in range(typecnt)]
    pos += 6 * typecnt
    chars = data[pos : pos + charcnt]
    pos += charcnt
    abbrs = tuple(chars[a : chars.index(b"\x00", a)].decode() for _, _, a in types)
    pos += leap * (size + 4) + isstd + isut
    footer = None
    if version >= 2:
        end = data.index(b"\n", pos + 1)
        footer = data[pos + 1 : end].decode()
    return RawTZif(
        version,
        times,
        idxs,
        tuple(t[0] for t in types),
        tuple(t[1] for t in types),
        abbrs,
        footer,
    )


@functools.lru_cache(maxsize=2048)
def raw_zone(source: str, key: str) -> RawTZif | None:
    data = zone_bytes(source, key)
    return None if data is None else raw_read(data)


def footer_has_rule(footer: str | None) -> bool:
    return bool(footer) and "," in footer


# --------------------------------------------------------------------------------------
# Conversions and stdlib observations
# --------------------------------------------------------------------------------------
def utc_dt(ts: int) -> datetime:
    return EPOCH + timedelta(seconds=ts)


def ts_of(dt: datetime) -> int:
    """POSIX seconds of an aware datetime, exactly (no float)."""
    delta = dt - EPOCH
    return delta.days * 86400 + delta.seconds


def wall_seconds(dt: datetime) -> int:
    """Local seconds since 1970-01-01 of a datetime's wall fields (microseconds dropped)."""
    delta = dt.replace(tzinfo=None, microsecond=0, fold=0) - EPOCH_NAIVE
    return delta.days * 86400 + delta.seconds


def naive_from_wall_seconds(sec: int) -> datetime | None:
    try:
        return EPOCH_NAIVE + timedelta(seconds=sec)
    except OverflowError:
        return None


def state_at(zone, ts: int):
    """(utcoffset, dst, tzname) of ``zone`` at the UTC instant ``ts`` (via fromutc)."""
    local = zone.fromutc(utc_dt(ts).replace(tzinfo=zone))
    return (local.utcoffset(), local.dst(), local.tzname())


def outcome(fn, *args):
    """Call fn; return ("ok", value) or ("raise", exception type)."""
    try:
        return ("ok", fn(*args))
    except (OverflowError, ValueError, TypeError, KeyError) as exc:
        return ("raise", type(exc))


def stdlib_changes(ref, lo: int, hi: int, step: int = 86400 // 4, state=None) -> list[int]:
    """Every instant t in (lo, hi] where the stdlib's state at t differs from t-1,
    found by sampling every ``step`` seconds and bisecting each difference.
    ``state(ref, ts)`` reads the state (default: ``state_at``).

    Changes that revert within one step are missed, so keep ``step`` below the
    shortest period of interest."""
    state = state or state_at
    out: list[int] = []
    prev_t = lo
    prev_s = state(ref, lo)
    t = lo
    while t < hi:
        t = min(t + step, hi)
        s = state(ref, t)
        if s != prev_s:
            a, b = prev_t, t  # state(a) == prev_s != state(b)
            while b - a > 1:
                m = (a + b) // 2
                if state(ref, m) == prev_s:
                    a = m
                else:
                    b = m
            out.append(b)
            # There may be a second change in (b, t]; rescan from b.
            prev_t, prev_s = b, state(ref, b)
            t = b
            continue
        prev_t, prev_s = t, s
    return out


def year_start_ts(year: int) -> int:
    return ts_of(datetime(year, 1, 1, tzinfo=UTC))


@functools.lru_cache(maxsize=65536)
def stdlib_rule_changes(source: str, key: str, year: int) -> tuple[int, ...]:
    """Changes of the stdlib zone during a (UTC) calendar year, found by scanning."""
    ref = zone_pair(source, key)[1]
    lo = year_start_ts(year) - 1 if year > 1 else MIN_TS + 2 * 86400
    hi = year_start_ts(year + 1) - 1 if year < 9999 else MAX_TS - 2 * 86400
    return tuple(stdlib_changes(ref, lo, hi))


# --------------------------------------------------------------------------------------
# Differential comparisons
# --------------------------------------------------------------------------------------
def _local_triplet(dt: datetime):
    return (dt.replace(tzinfo=None), dt.fold, dt.utcoffset(), dt.dst(), dt.tzname())


def _posix_state(state) -> tuple[timedelta, timedelta, str]:
    return (timedelta(seconds=state.offset), timedelta(seconds=state.dst), state.name)


def compare_utc_instant(ours, ref, ts: int, where: str = "", diff=None) -> None:
    """fromutc / astimezone / round trip at the UTC instant ``ts`` must agree.

    ``diff`` (posix_reference.stdlib_difference of the zone's footer): where it says the
    stdlib reads the footer rule otherwise than POSIX (docs/differences.md), ours is checked
    against the POSIX answer of posix_reference instead."""
    u = utc_dt(ts)
    if diff is not None and diff.utc(ts):
        state, fold = diff.posix.at(ts)
        expected_wall = outcome(u.replace(tzinfo=None).__add__, _posix_state(state)[0])
        got_local = outcome(ours.fromutc, u.replace(tzinfo=ours))
        if expected_wall[0] == "raise":  # before year 1 or after 9999
            assert got_local == ("raise", OverflowError), (where, "utc (POSIX)", ts, got_local)
            return
        local = got_local[1]
        got = (local.utcoffset(), local.dst(), local.tzname(), local.fold)
        assert got == (*_posix_state(state), int(fold)), (where, "utc (POSIX)", ts, got, state)
        assert local.replace(tzinfo=None) == u.replace(tzinfo=None) + local.utcoffset()
        assert local.astimezone(UTC) == u, (where, "utc (POSIX) round trip", ts)
        return
    r_local = outcome(ref.fromutc, u.replace(tzinfo=ref))
    o_local = outcome(ours.fromutc, u.replace(tzinfo=ours))
    ctx = (where, "utc", ts)
    if r_local[0] == "raise":
        assert o_local == r_local, (*ctx, "stdlib raised", r_local, "ours", o_local)
        return
    assert o_local[0] == "ok", (*ctx, "ours raised", o_local)
    rl, ol = r_local[1], o_local[1]
    assert ol.tzinfo is ours, ctx
    expected = _local_triplet(rl)
    assert _local_triplet(ol) == expected, (*ctx, _local_triplet(ol), expected)
    # astimezone goes through the same machinery via datetime's C code.
    oa = u.astimezone(ours)
    assert _local_triplet(oa) == expected, (*ctx, "astimezone", _local_triplet(oa), expected)
    # Round trip back to UTC.
    assert outcome(ol.astimezone, UTC) == outcome(rl.astimezone, UTC), (*ctx, "round trip")


def compare_wall(ours, ref, wall: datetime, where: str = "", check_amb: bool = True,
                 diff=None) -> None:
    """utcoffset/dst/tzname and local->UTC->local conversion for a naive wall time, both
    folds; and (``check_amb``) is_ambiguous / is_imaginary against the stdlib-derived
    definitions: ambiguous = the folds give different offsets and both round-trip;
    imaginary = neither fold round-trips. ``diff``: as for compare_utc_instant."""
    if diff is not None and diff.wall(wall):
        for fold in (0, 1):
            w = wall.replace(fold=fold)
            got = (ours.utcoffset(w), ours.dst(w), ours.tzname(w))
            expected = _posix_state(diff.posix.wall(w, fold))
            assert got == expected, (where, "wall (POSIX)", w, got, expected)
        return
    offsets = []
    trips = []
    for fold in (0, 1):
        w = wall.replace(fold=fold)
        ctx = (where, "wall", w, fold)
        ro = ref.utcoffset(w)
        offsets.append(ro)
        assert ours.utcoffset(w) == ro, (*ctx, "utcoffset", ours.utcoffset(w), ro)
        assert ours.dst(w) == ref.dst(w), (*ctx, "dst", ours.dst(w), ref.dst(w))
        assert ours.tzname(w) == ref.tzname(w), (*ctx, "tzname", ours.tzname(w), ref.tzname(w))
        ow = w.replace(tzinfo=ours)
        rw = w.replace(tzinfo=ref)
        r_utc = outcome(rw.astimezone, UTC)
        o_utc = outcome(ow.astimezone, UTC)
        assert o_utc == r_utc, (*ctx, "to utc", o_utc, r_utc)
        trip = None
        if r_utc[0] == "ok":
            back_r = outcome(r_utc[1].astimezone, ref)
            back_o = outcome(r_utc[1].astimezone, ours)
            if back_r[0] == "ok":
                assert back_o[0] == "ok", (*ctx, "back", back_o)
                got, exp = _local_triplet(back_o[1]), _local_triplet(back_r[1])
                assert got == exp, (*ctx, "back", got, exp)
                trip = exp[0] == wall
            else:
                assert back_o == back_r, (*ctx, "back", back_o, back_r)
        trips.append(trip)
    if check_amb and None not in trips:
        amb = offsets[0] != offsets[1] and trips[0] and trips[1]
        imag = not trips[0] and not trips[1]
        got_amb, got_imag = ours.is_ambiguous(wall), ours.is_imaginary(wall)
        assert got_amb == amb, (where, "is_ambiguous", wall, got_amb, "expected", amb)
        assert got_imag == imag, (where, "is_imaginary", wall, got_imag, "expected", imag)


def walls_at_transition(ref, t: int, deltas=(-1, 0, 1)) -> set:
    """Wall times next to the transition at t on the old and the new offset (so they
    include skipped and repeated wall times), shifted by ``deltas`` seconds."""
    out = set()
    for side in (t - 1, t):
        try:
            off = ref.fromutc(utc_dt(side).replace(tzinfo=ref)).utcoffset()
            base = utc_dt(t).replace(tzinfo=None) + off
        except OverflowError:
            continue
        for d in deltas:
            try:
                out.add(base + timedelta(seconds=d))
            except OverflowError:
                pass
    return out


def compare_around_instant(
    ours, ref, ts: int, deltas=(0,), where: str = "", extra_walls=(), diff=None
) -> None:
    """compare_utc_instant at ts+d, and compare_wall at the wall times seen there (and
    at ``extra_walls``), each distinct wall time once. ``diff``: as for compare_utc_instant."""
    walls = set(extra_walls)
    for d in deltas:
        t = ts + d
        if not MIN_TS <= t <= MAX_TS:
            continue
        compare_utc_instant(ours, ref, t, where, diff)
        try:
            local = ref.fromutc(utc_dt(t).replace(tzinfo=ref))
        except OverflowError:
            continue
        walls.add(local.replace(tzinfo=None, fold=0))
    for w in sorted(walls):
        compare_wall(ours, ref, w, where, diff=diff)


# --------------------------------------------------------------------------------------
# Environment helpers
# --------------------------------------------------------------------------------------
@contextlib.contextmanager
def both_tzpath(paths):
    """Point both tzcompat and the stdlib at ``paths`` for the duration."""
    old_ours = tuple(tzcompat.TZPATH)
    old_ref = tuple(zoneinfo.TZPATH)
    tzcompat.reset_tzpath(list(paths))
    zoneinfo.reset_tzpath(list(paths))
    try:
        yield
    finally:
        tzcompat.reset_tzpath(list(old_ours))
        zoneinfo.reset_tzpath(list(old_ref))


def run_python(code: str, *, env: dict | None = None, timeout: float = 60.0,
               input: str | None = None):
    """Run ``code`` in a fresh interpreter (this venv), ``input`` on its stdin;
    return CompletedProcess."""
    full_env = dict(os.environ)
    full_env.pop("PYTHONTZPATH", None)
    if env:
        for k, v in env.items():
            if v is None:
                full_env.pop(k, None)
            else:
                full_env[k] = v
    return subprocess.run(
        [sys.executable, "-c", code],
        input=input,
        capture_output=True,
        text=True,
        timeout=timeout,
        env=full_env,
    )


def footer_difference(raw: RawTZif | None):
    """posix_reference.stdlib_difference for a zone's footer (None: the stdlib reads it as
    POSIX does), governing after the file's last transition."""
    if raw is None:
        return None
    return stdlib_difference(raw.footer, raw.times[-1] if raw.times else None)


def compare_everywhere(ours, ref, raw: RawTZif | None = None, where: str = "", years=()) -> None:
    """Compare two zones built from the same (possibly crafted) data at every explicit
    transition (+-1 s, +-1 h), at the rule's transitions (found by scanning the stdlib, and
    POSIX's own where the stdlib reads the rule otherwise) in the years after the last
    transition and in ``years``, on a coarse grid over years 1..9999, at the extremes, and
    for ``None``. Where the stdlib reads the footer otherwise than POSIX (the cases
    docs/differences.md lists), ours is checked against posix_reference instead."""
    diff = footer_difference(raw)
    deltas = (-3600, -1, 0, 1, 3600)
    times = [t for t in (raw.times if raw else ()) if MIN_TS + 7200 <= t <= MAX_TS - 7200]
    for t in times:
        compare_around_instant(ours, ref, t, deltas, where, walls_at_transition(ref, t), diff)
    last_year = utc_dt(times[-1]).year if times else 1969
    scan_years = sorted({*range(last_year, last_year + 4), 2100, 2400, 9000, *years})
    for year in scan_years:
        if not 1 < year < 9999:
            continue
        lo = year_start_ts(year)
        found = stdlib_changes(ref, lo, year_start_ts(year + 1), step=86400 // 2)
        if diff is not None:
            found += [t for t in diff.posix.changes(year) if MIN_TS + 7200 <= t <= MAX_TS - 7200]
        for t in sorted(set(found)):
            walls = walls_at_transition(ref, t)
            if diff is not None:
                walls |= {utc_dt(t + d).replace(tzinfo=None) + timedelta(seconds=off)
                          for d in (-1, 0, 1) for off in (diff.posix.std.offset,
                                                         diff.posix.dst.offset)}
            compare_around_instant(ours, ref, t, deltas, where, walls, diff)
    step = (MAX_TS - MIN_TS) // 97
    for k in range(98):
        compare_around_instant(ours, ref, min(MIN_TS + k * step, MAX_TS), (0,), where, (), diff)
    compare_around_instant(ours, ref, MIN_TS, (0, 1, 86400), where, (), diff)
    compare_around_instant(ours, ref, MAX_TS, (0, -1, -86400), where, (), diff)
    for w in (datetime.min, datetime.max, datetime(1970, 1, 1), datetime(2038, 1, 19, 3, 14, 8)):
        compare_wall(ours, ref, w, where, diff=diff)
    assert ours.utcoffset(None) == ref.utcoffset(None), where
    assert ours.dst(None) == ref.dst(None), where
    assert ours.tzname(None) == ref.tzname(None), where
