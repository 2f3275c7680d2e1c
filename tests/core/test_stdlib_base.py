"""tzcompat.ZoneInfo is a zoneinfo.ZoneInfo: the stdlib part it carries holds the same
rules as tzcompat's own answers, is built only from bytes tzcompat validated and
re-serialised, and never takes over lookup, caching, pickling or the answers.

Both stdlib implementations are covered: the C class in this process, the pure-Python
one in a child where ``_zoneinfo`` is blocked.
"""

from __future__ import annotations

import copy
import io
import json
import pickle
import sys
import zoneinfo
from datetime import datetime, timedelta
from zoneinfo import _common
from zoneinfo import _zoneinfo as py_zoneinfo

import pytest

import tzcompat
from tzcompat import _engine, _tzifwrite
from tzcompat import _zoneinfo as zi_module

from .. import _needs
from ._helpers import (
    MAX_TS,
    MIN_TS,
    SOURCES,
    keys_for,
    raw_zone,
    run_python,
    utc_dt,
    year_start_ts,
    zone_bytes,
)
from .test_robustness import NEAR_LIMITS, TYPES
from .test_tzif import OURS_ONLY, STDLIB_VALUEERROR
from .tzif_builder import TTInfo, build_tzif, tzstr_file

Std = zoneinfo.ZoneInfo


# --------------------------------------------------------------------------------------
# isinstance, identity, the class surface
# --------------------------------------------------------------------------------------
class Sub(tzcompat.ZoneInfo):
    pass


def test_every_kind_of_zone_is_a_stdlib_zoneinfo():
    data = zone_bytes("tzdata", "Europe/Paris")
    zones = [
        tzcompat.ZoneInfo("America/New_York"),
        tzcompat.ZoneInfo.no_cache("America/New_York"),
        tzcompat.ZoneInfo.from_file(io.BytesIO(data)),
        tzcompat.ZoneInfo.from_file(io.BytesIO(data), key="Europe/Paris"),
        tzcompat.ZoneInfo("UTC").by_value(),
        Sub("Asia/Tokyo"),
    ]
    for z in zones:
        assert isinstance(z, zoneinfo.ZoneInfo), z
        assert isinstance(z, tzcompat.ZoneInfo), z
    assert issubclass(tzcompat.ZoneInfo, zoneinfo.ZoneInfo)
    assert issubclass(tzcompat.RawZoneInfo, zoneinfo.ZoneInfo)
    assert tzcompat.ZoneInfo.__module__ == "tzcompat"
    assert tzcompat.RawZoneInfo.__module__ == "tzcompat"
    # Our answers come first in the MRO.
    for name in ("utcoffset", "dst", "tzname", "fromutc", "__reduce__", "__repr__", "__str__",
                 "key", "from_file", "no_cache", "clear_cache", "_unpickle"):
        owner = next(c for c in tzcompat.ZoneInfo.__mro__ if name in vars(c))
        assert owner.__module__.startswith("tzcompat"), (name, owner)


def test_identity_and_cache_are_ours_not_the_stdlib():
    a = tzcompat.ZoneInfo("America/Chicago")
    assert a is tzcompat.ZoneInfo("America/Chicago")
    assert a is not zoneinfo.ZoneInfo("America/Chicago")
    assert tzcompat.ZoneInfo.no_cache("America/Chicago") is not a
    tzcompat.ZoneInfo.clear_cache(only_keys=["America/Chicago"])
    b = tzcompat.ZoneInfo("America/Chicago")
    assert b is not a and b is tzcompat.ZoneInfo("America/Chicago")
    # The stdlib's own cache is untouched by ours.
    s = zoneinfo.ZoneInfo("America/Chicago")
    tzcompat.ZoneInfo.clear_cache()
    assert zoneinfo.ZoneInfo("America/Chicago") is s
    assert Sub("UTC") is Sub("UTC") and Sub("UTC") is not tzcompat.ZoneInfo("UTC")
    assert repr(Sub("UTC")).endswith("Sub(key='UTC')")


def test_lookup_is_ours(tmp_path):
    # A key only tzcompat's TZPATH has: the stdlib (other TZPATH) would not find it.
    (tmp_path / "Only").mkdir()
    (tmp_path / "Only" / "Here").write_bytes(zone_bytes("tzdata", "Asia/Kolkata"))
    tzcompat.reset_tzpath([str(tmp_path)])
    z = tzcompat.ZoneInfo.no_cache("Only/Here")
    assert isinstance(z, zoneinfo.ZoneInfo)
    assert z.key == "Only/Here" and str(z) == "Only/Here"
    assert z.source == str(tmp_path / "Only" / "Here")
    d = datetime(2020, 1, 1)
    assert z.utcoffset(d) == Std.utcoffset(z, d) == timedelta(hours=5, minutes=30)
    with pytest.raises(zoneinfo.ZoneInfoNotFoundError):
        zoneinfo.ZoneInfo.no_cache("Only/Here")


def test_not_found_is_the_stdlib_error_and_a_keyerror():
    with pytest.raises(zoneinfo.ZoneInfoNotFoundError) as info:
        tzcompat.ZoneInfo("Not/AZone")
    assert isinstance(info.value, KeyError)
    assert type(info.value) is tzcompat.ZoneInfoNotFoundError
    assert issubclass(tzcompat.ZoneInfoNotFoundError, zoneinfo.ZoneInfoNotFoundError)
    assert issubclass(tzcompat.InvalidTZPathWarning, zoneinfo.InvalidTZPathWarning)
    assert issubclass(tzcompat.InvalidTZPathWarning, RuntimeWarning)


def test_our_slots_clash_with_nothing_in_either_stdlib_class():
    data = zone_bytes("tzdata", "Europe/Paris")
    pure = py_zoneinfo.ZoneInfo.from_file(io.BytesIO(data), key="x")
    stdlib_names = set(vars(pure)) | set(dir(py_zoneinfo.ZoneInfo)) | set(dir(Std))
    assert not set(_engine.SLOTS) & stdlib_names
    assert not {"_z_strong", "_z_weak", "_z_lock", "_z_newest"} & stdlib_names


def test_pickles_by_key_and_by_value():
    z = tzcompat.ZoneInfo("Europe/Berlin")
    for proto in range(pickle.HIGHEST_PROTOCOL + 1):
        assert pickle.loads(pickle.dumps(z, proto)) is z
    nc = tzcompat.ZoneInfo.no_cache("Europe/Berlin")
    back = pickle.loads(pickle.dumps(nc))
    assert back is not nc and back is not z and isinstance(back, zoneinfo.ZoneInfo)
    assert copy.deepcopy(z) is z and copy.copy(z) is z
    raw = z.by_value()
    payload = pickle.dumps(raw)
    assert b"Europe/Berlin" in payload and len(payload) > 500  # the rules travel
    again = pickle.loads(payload)
    assert type(again) is tzcompat.RawZoneInfo and isinstance(again, zoneinfo.ZoneInfo)
    d = datetime(2021, 10, 31, 2, 30, fold=1)
    assert Std.utcoffset(again, d) == again.utcoffset(d) == z.utcoffset(d)
    ff = tzcompat.ZoneInfo.from_file(io.BytesIO(zone_bytes("tzdata", "Europe/Berlin")),
                                     key="Europe/Berlin")
    with pytest.raises(pickle.PicklingError):
        pickle.dumps(ff)


# --------------------------------------------------------------------------------------
# The stdlib part holds the same rules: base-class methods == ours
# --------------------------------------------------------------------------------------
def _sample_instants(raw, step: int) -> list[int]:
    times = [t for t in raw.times if MIN_TS + 7200 <= t <= MAX_TS - 7200]
    picked = set(times[::step]) | set(times[-3:])
    out = {t + d for t in picked for d in (-1, 0, 1)}
    for year in (1900, 1970, 2024, 2037, 2038, 2039, 2050, 2100, 2400, 9998):
        base = year_start_ts(year)
        out.update(base + k * 86400 * 30 + 3600 for k in range(13))
    return sorted(out)


def _assert_base_agrees(z, instants, where) -> None:
    """Std's utcoffset/dst/tzname (both folds) and fromutc, called as unbound base-class
    methods on our zone, give what our methods give."""
    for ts in instants:
        u = utc_dt(ts).replace(tzinfo=z)
        ours_local = z.fromutc(u)
        base_local = Std.fromutc(z, u)
        assert (ours_local, ours_local.fold) == (base_local, base_local.fold), (where, ts)
        wall = ours_local.replace(tzinfo=None)
        for fold in (0, 1):
            w = wall.replace(fold=fold)
            got = (Std.utcoffset(z, w), Std.dst(z, w), Std.tzname(z, w))
            assert got == (z.utcoffset(w), z.dst(w), z.tzname(w)), (where, w, fold, got)
    assert Std.utcoffset(z, None) == z.utcoffset(None), where
    assert Std.tzname(z, None) == z.tzname(None), where


@pytest.mark.parametrize("source", SOURCES)
def test_base_class_methods_agree_for_every_zone(source):
    keys = keys_for(source)
    if not keys:
        _needs.not_here(f"{source} zone data",
                        "apt-get install tzdata (system) or pip install tzdata")
    for key in keys:
        z = tzcompat.ZoneInfo.from_file(io.BytesIO(zone_bytes(source, key)), key=key)
        _assert_base_agrees(z, _sample_instants(raw_zone(source, key), 9), (source, key))


@pytest.mark.parametrize("key", ["America/New_York", "Europe/Dublin", "Australia/Lord_Howe",
                                 "Africa/Casablanca", "America/Godthab"])
def test_base_class_methods_agree_at_every_transition(key):
    z = tzcompat.ZoneInfo.from_file(io.BytesIO(zone_bytes("tzdata", key)), key=key)
    raw = raw_zone("tzdata", key)
    rule_years = [t.timestamp for t in z.transitions(year_start_ts(2020), year_start_ts(2045))]
    _assert_base_agrees(z, sorted({*_sample_instants(raw, 1),
                                   *(t + d for t in rule_years for d in (-1, 0, 1))}), key)


@pytest.mark.parametrize("name", sorted(NEAR_LIMITS))
def test_base_agrees_where_the_stdlib_alone_overflows(name):
    # The C stdlib answers wrongly on these files (int64 overflow), but the stdlib part of
    # our zone is given the same rules with far instants pulled in: it agrees with ours.
    data = build_tzif(NEAR_LIMITS[name], TYPES, "CCC1DDD,M3.2.0,M11.1.0", 3)
    z = tzcompat.ZoneInfo.from_file(io.BytesIO(data))
    ref = py_zoneinfo.ZoneInfo.from_file(io.BytesIO(data)) if name.startswith("max") else None
    instants = [MIN_TS + 86400, -86401, -1, 0, 1, 86400, year_start_ts(2020) + 200 * 86400,
                MAX_TS - 86400]
    _assert_base_agrees(z, instants, name)
    if ref is not None:
        d = datetime(2020, 7, 1)
        assert Std.utcoffset(z, d) == ref.utcoffset(d) == z.utcoffset(d)


LOOKAHEAD_TYPES = [TTInfo(0, False, "STD"), TTInfo(3600, True, "DS1"),
                   TTInfo(7200, True, "DS2"), TTInfo(0, False, "XXX"),
                   TTInfo(3600, False, "SAM")]
LOOKAHEAD = {
    # gh-145883: the stdlib's dst() inference reads past the last transition (a crash
    # in C, IndexError in Python) for these; tzcompat loads them.
    "last-dst-after-dst": ([(0, 0), (10**6, 1), (2 * 10**6, 2)], ""),
    "type0-dst": ([(0, 3), (10**6, 1), (2 * 10**6, 0)],
                  None),
    "same-offset-before": ([(0, 0), (10**6, 4), (2 * 10**6, 1)], "<DSX>-1"),
}


@pytest.mark.parametrize("name", sorted(LOOKAHEAD))
def test_files_that_crash_the_stdlib_reader_are_safe_and_agree(name):
    trans, footer = LOOKAHEAD[name]
    types = LOOKAHEAD_TYPES
    if footer is None:  # type 0 is a DST type
        types = [TTInfo(3600, True, "DS0"), *LOOKAHEAD_TYPES[1:]]
        footer = ""
    data = build_tzif(trans, types, footer, 2)
    z = tzcompat.ZoneInfo.from_file(io.BytesIO(data))
    written = tzcompat.read_tzif(_tzifwrite.write_tzif(z.tzif, for_stdlib=True))
    assert not _tzifwrite._reads_past_end(written.trans_idx, written.utcoff, written.isdst)
    instants = [-10**6, 0, 1, 5 * 10**5, 10**6, 15 * 10**5, 2 * 10**6, 25 * 10**5,
                4 * 10**6, 10**9, year_start_ts(2100)]
    _assert_base_agrees(z, instants, name)
    # The pure-Python reader handles the rewritten bytes too. Before 3.14 it raised
    # IndexError on the file's own bytes; 3.14 fixed the reader, and reads them as we do.
    originals = []
    if sys.version_info < (3, 14):
        with pytest.raises(IndexError):
            py_zoneinfo.ZoneInfo.from_file(io.BytesIO(data))
    else:
        originals.append(py_zoneinfo.ZoneInfo.from_file(io.BytesIO(data)))
        originals.append(zoneinfo.ZoneInfo.from_file(io.BytesIO(data)))
    ref = py_zoneinfo.ZoneInfo.from_file(io.BytesIO(_tzifwrite.write_tzif(z.tzif,
                                                                           for_stdlib=True)))
    for ts in instants:
        w = utc_dt(ts).replace(tzinfo=None)
        for zone in (ref, *originals):
            assert (zone.utcoffset(w), zone.dst(w), zone.tzname(w)) == (
                z.utcoffset(w), z.dst(w), z.tzname(w)), (name, ts, zone)


# --------------------------------------------------------------------------------------
# The stdlib only ever reads bytes tzcompat wrote
# --------------------------------------------------------------------------------------
@pytest.fixture
def stdlib_reads(monkeypatch):
    """Every byte string the stdlib's loader is given (both implementations call
    zoneinfo._common.load_data)."""
    seen: list[bytes] = []
    original = _common.load_data

    def spy(fobj):
        data = fobj.read()
        seen.append(data)
        return original(io.BytesIO(data))

    monkeypatch.setattr(_common, "load_data", spy)
    return seen


def test_stdlib_gets_the_reserialised_bytes(stdlib_reads):
    for key in ("America/New_York", "Europe/London", "UTC"):
        data = zone_bytes("system", key) or zone_bytes("tzdata", key)
        tzcompat.ZoneInfo.from_file(io.BytesIO(data), key=key)
        written = _tzifwrite.write_tzif(tzcompat.read_tzif(data), for_stdlib=True)
        assert stdlib_reads[-1] == written
        # Same rules, plain form: the v1 block is empty and the data is the v2 block's.
        assert tzcompat.read_tzif(written)[1:7] == tzcompat.read_tzif(data)[1:7]


@pytest.mark.parametrize("name", sorted(STDLIB_VALUEERROR) + sorted(OURS_ONLY))
def test_hostile_files_never_reach_the_stdlib(name, stdlib_reads):
    data = {**STDLIB_VALUEERROR, **OURS_ONLY}[name]
    try:
        z = tzcompat.ZoneInfo.from_file(io.BytesIO(data))
    except ValueError as exc:
        assert str(exc)
        assert stdlib_reads == []
        return
    # A few of these files are accepted by tzcompat by design (see test_tzif); the
    # stdlib then got our re-serialisation, never the original bytes.
    assert stdlib_reads and data not in stdlib_reads
    assert stdlib_reads[-1] == _tzifwrite.write_tzif(z.tzif, for_stdlib=True)


# --------------------------------------------------------------------------------------
# A footer the stdlib's parser would reject
# --------------------------------------------------------------------------------------
def test_footer_with_transition_hours_past_99_loads():
    """Transition hours past 99 (RFC 8536's extension to 167): the stdlib takes the footer as
    it is, and its part of the zone answers as ours."""
    footer = "AAA4BBB,J60/167,J300/-2"
    z = tzcompat.ZoneInfo.from_file(io.BytesIO(tzstr_file(footer)))
    instants = [year_start_ts(y) + k * 86400 * 11 for y in (1971, 2024, 9998) for k in range(34)]
    _assert_base_agrees(z, instants, footer)
    ref = py_zoneinfo.ZoneInfo.from_file(io.BytesIO(tzstr_file(footer)))
    for ts in instants:
        w = utc_dt(ts).replace(tzinfo=None)
        assert z.utcoffset(w) == ref.utcoffset(w), w


def _rejecting_footers(monkeypatch):
    """Make the stdlib's from_file refuse any file with a POSIX rule in its footer (as
    Python 3.10's C parser did for transition hours past 99, J60/167)."""
    original = zi_module._std_from_file

    class Refusing:
        def __get__(self, obj, cls):
            build = original.__get__(obj, cls)

            def call(fobj, key=None):
                data = fobj.read()
                if b"," in data[data.rindex(b"\n", 0, len(data) - 1):]:
                    raise ValueError("Invalid TZ string (simulated)")
                return build(io.BytesIO(data), key)

            return call

    monkeypatch.setattr(zi_module, "_std_from_file", Refusing())


@pytest.mark.parametrize("footer", ["AAA4BBB,J60/167,J300/2", "EST5EDT,M3.2.0,M11.1.0",
                                    "<+1030>-10:30<+11>-11,M10.1.0,M4.1.0",
                                    "EST5EDT,0/0,J365/25"])
def test_footer_rejected_by_the_stdlib_is_given_as_explicit_transitions(footer, monkeypatch):
    _rejecting_footers(monkeypatch)
    for data in (tzstr_file(footer),
                 build_tzif([(-10**9, 1), (10**8, 0)],
                            [TTInfo(-18000, False, "EST"), TTInfo(-14400, True, "EDT")],
                            footer, 3)):
        z = tzcompat.ZoneInfo.from_file(io.BytesIO(data))
        ref = zoneinfo.ZoneInfo.from_file(io.BytesIO(data))  # the real stdlib, unpatched
        instants = [year_start_ts(y) + k * 86400 * 17 for y in (1971, 2024, 2399, 9998)
                    for k in range(22)]
        instants += [t.timestamp + d for t in z.transitions(year_start_ts(2020),
                                                             year_start_ts(2023))
                     for d in (-1, 0, 1)]
        _assert_base_agrees(z, instants, footer)
        for ts in instants[::5]:
            w = utc_dt(ts).replace(tzinfo=None)
            assert z.utcoffset(w) == ref.utcoffset(w), (footer, w)


@pytest.mark.parametrize("footer", ["AAA0BBB,59/2,300/2", "AAA3BBB,J59/23:59:59,J61/0",
                                    "AAA3BBB,J1/0,J365/23", "AAA0BBB,J100/0,J100/1",
                                    "AAA0BBB,M3.2.0,M3.5.0"])
def test_footer_the_stdlib_reads_otherwise_is_given_as_explicit_transitions(footer):
    """A rule the running stdlib would answer otherwise than POSIX (docs/differences.md: a
    zero-based day, J59 before 3.14, changes near a new year or swapping order, a DST period
    of no length) reaches it as explicit transitions: the base class answers as ours."""
    z = tzcompat.ZoneInfo.from_file(io.BytesIO(tzstr_file(footer)))
    instants = [year_start_ts(y) + k * 86400 * 17 for y in (1971, 2024, 9998) for k in range(22)]
    instants += [t.timestamp + d for t in z.transitions(year_start_ts(2022), year_start_ts(2025))
                 for d in (-3601, -1, 0, 1, 3600)]
    instants += [year_start_ts(y) + d for y in (2023, 2024, 2101) for d in (-7200, 0, 7200)]
    _assert_base_agrees(z, instants, footer)


def test_expanded_footer_covers_datetime_range():
    data = tzcompat.read_tzif(tzstr_file("EST5EDT,M3.2.0,M11.1.0"))
    expanded = zi_module._expanded(data)
    assert expanded.footer == ""
    assert expanded.trans_utc[-1] > MAX_TS - 366 * 86400
    assert len(expanded.trans_utc) > 2 * 9000


# --------------------------------------------------------------------------------------
# The pure-Python stdlib class as the base
# --------------------------------------------------------------------------------------
_PURE_CHILD = r"""
import io, json, pickle, sys
sys.modules["_zoneinfo"] = None
import zoneinfo
from zoneinfo import _zoneinfo as pure
from datetime import datetime, timedelta, timezone
import tzcompat
assert zoneinfo.ZoneInfo is pure.ZoneInfo
keys = json.loads(sys.stdin.read())
out = {"bad": [], "checked": 0}
for key in keys:
    z = tzcompat.ZoneInfo(key)
    assert isinstance(z, zoneinfo.ZoneInfo) and z is tzcompat.ZoneInfo(key)
    assert pickle.loads(pickle.dumps(z)) is z
    ref = pure.ZoneInfo.no_cache(key)
    for ts in range(-2_000_000_000, 4_200_000_000, 86400 * 41 + 3607):
        u = datetime(1970, 1, 1, tzinfo=timezone.utc) + timedelta(seconds=ts)
        a = z.fromutc(u.replace(tzinfo=z))
        b = pure.ZoneInfo.fromutc(z, u.replace(tzinfo=z))
        w = a.replace(tzinfo=None)
        for fold in (0, 1):
            w = w.replace(fold=fold)
            mine = (z.utcoffset(w), z.dst(w), z.tzname(w))
            base = (pure.ZoneInfo.utcoffset(z, w), pure.ZoneInfo.dst(z, w),
                    pure.ZoneInfo.tzname(z, w))
            if mine != base or (a, a.fold) != (b, b.fold) or mine[0] != ref.utcoffset(w):
                out["bad"].append([key, ts, fold])
        out["checked"] += 1
raw = pickle.loads(pickle.dumps(tzcompat.ZoneInfo("Europe/Paris").by_value()))
out["raw"] = [type(raw).__name__, isinstance(raw, zoneinfo.ZoneInfo),
              str(pure.ZoneInfo.utcoffset(raw, datetime(2020, 7, 1)))]
class Sub(tzcompat.ZoneInfo):
    pass
out["sub"] = [Sub("UTC") is Sub("UTC"), Sub("UTC") is not tzcompat.ZoneInfo("UTC"),
              repr(Sub("UTC"))]
try:
    tzcompat.ZoneInfo("No/Such")
except zoneinfo.ZoneInfoNotFoundError as exc:
    out["notfound"] = type(exc).__name__
print(json.dumps(out))
"""


def test_pure_python_stdlib_as_the_base():
    keys = ["America/New_York", "Europe/Dublin", "Australia/Lord_Howe", "Asia/Kolkata",
            "America/Sao_Paulo", "Pacific/Apia", "Africa/Casablanca", "UTC", "Etc/GMT+5"]
    proc = run_python(_PURE_CHILD, input=json.dumps(keys), timeout=300)
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert out["bad"] == []
    assert out["checked"] > 1000
    assert out["raw"] == ["RawZoneInfo", True, "2:00:00"]
    assert out["sub"] == [True, True, "__main__.Sub(key='UTC')"]
    assert out["notfound"] == "ZoneInfoNotFoundError"


def test_expanded_takeover_straight_into_dst_keeps_offsets(monkeypatch):
    """The one known gap of the expanded form: when the rule takes over from an explicit
    standard type straight into DST, the stdlib infers that first period's dst() from the
    explicit type before it. utcoffset and tzname still agree there, and dst() agrees
    from the next DST period on."""
    _rejecting_footers(monkeypatch)
    footer = "<+1030>-10:30<+11>-11,M10.1.0,M4.1.0"
    data = build_tzif([(-10**9, 1), (10**8, 0)],
                      [TTInfo(-18000, False, "EST"), TTInfo(-14400, True, "EDT")], footer, 3)
    z = tzcompat.ZoneInfo.from_file(io.BytesIO(data))
    w = utc_dt(10**8 + 86400).replace(tzinfo=None)
    w = z.fromutc(utc_dt(10**8 + 86400).replace(tzinfo=z)).replace(tzinfo=None)
    assert Std.utcoffset(z, w) == z.utcoffset(w) == timedelta(hours=11)
    assert Std.tzname(z, w) == z.tzname(w) == "+11"
    assert z.dst(w) == timedelta(minutes=30)
    assert Std.dst(z, w) == timedelta(hours=16)  # 11 h - (-5 h): inferred from EST
    later = datetime(1974, 1, 1)
    assert Std.dst(z, later) == z.dst(later) == timedelta(minutes=30)


# --------------------------------------------------------------------------------------
# The engine-only path the adapters build on
# --------------------------------------------------------------------------------------
def test_engine_answers_like_the_zone_without_a_stdlib_part():
    from tzcompat._engine import ZoneEngine

    for key in ("America/New_York", "Australia/Lord_Howe", "UTC"):
        engine = ZoneEngine.load(key)
        zone = tzcompat.ZoneInfo.no_cache(key)
        assert not isinstance(engine, zoneinfo.ZoneInfo)
        assert engine.key == key and str(engine) == key and engine.source == zone.source
        assert engine.data_version == zone.data_version and engine.tzif == zone.tzif
        for ts in range(-2 * 10**9, 5 * 10**9, 86400 * 97 + 1234):
            u = utc_dt(ts)
            a, b = u.astimezone(engine), u.astimezone(zone)
            assert (a.replace(tzinfo=None), a.fold, a.utcoffset(), a.dst(), a.tzname()) == (
                b.replace(tzinfo=None), b.fold, b.utcoffset(), b.dst(), b.tzname()), (key, ts)
        assert list(engine.transitions(0, 10**9)) == list(zone.transitions(0, 10**9))
        back = pickle.loads(pickle.dumps(engine))
        assert type(back) is ZoneEngine and back.tzif == engine.tzif and back.key == key
        public = tzcompat.ZoneInfo._from_engine(engine)
        assert isinstance(public, zoneinfo.ZoneInfo) and public.key == key
        assert public.tzif is engine.tzif and public is not tzcompat.ZoneInfo(key)
    ff = ZoneEngine.from_file(io.BytesIO(zone_bytes("tzdata", "Europe/Paris")), key="P")
    assert ff.key == "P" and ff.source is None
    with pytest.raises(zoneinfo.ZoneInfoNotFoundError):
        ZoneEngine.load("No/Such")


def test_engine_does_not_import_the_stdlib_zoneinfo():
    code = ("import sys\n"
            "from tzcompat._engine import ZoneEngine\n"
            "z = ZoneEngine.load('America/New_York')\n"
            "print(z.utcoffset(None), 'zoneinfo' in sys.modules, 'sysconfig' in sys.modules)\n")
    proc = run_python(code, env={"PYTHONTZPATH": "/usr/share/zoneinfo"})
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.split() == ["None", "False", "False"]


@pytest.mark.parametrize("source", SOURCES)
def test_writer_round_trips_every_zone(source):
    """write_tzif gives back what read_tzif parsed, for every zone; the stdlib's reader
    reads the for_stdlib form as it reads the original file."""
    from ._helpers import ALL_KEYS

    for key in ALL_KEYS:
        data = zone_bytes(source, key)
        if data is None:
            continue
        parsed = tzcompat.read_tzif(data)
        assert tuple(tzcompat.read_tzif(_tzifwrite.write_tzif(parsed))) == tuple(parsed), key
        for_stdlib = _tzifwrite.write_tzif(parsed, for_stdlib=True)
        assert _common.load_data(io.BytesIO(for_stdlib)) == _common.load_data(io.BytesIO(data))
