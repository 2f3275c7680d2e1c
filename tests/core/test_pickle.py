"""Pickling: by key (cached -> the same object, no_cache -> a new one), from_file zones
refuse, copy/deepcopy, and by value (``by_value()`` -> RawZoneInfo) loading in a child
interpreter that has no zone data at all."""

from __future__ import annotations

import copy
import io
import json
import pickle
import zoneinfo
from datetime import datetime, timedelta

import pytest

import tzcompat

from ._helpers import run_python, utc_dt, zone_bytes

PROTOCOLS = range(pickle.HIGHEST_PROTOCOL + 1)


@pytest.fixture(autouse=True)
def _fresh_caches():
    tzcompat.ZoneInfo.clear_cache()
    yield
    tzcompat.ZoneInfo.clear_cache()


@pytest.mark.parametrize("proto", PROTOCOLS)
def test_cached_zone_round_trips_to_itself(proto):
    z = tzcompat.ZoneInfo("America/New_York")
    assert pickle.loads(pickle.dumps(z, protocol=proto)) is z


def test_cached_pickle_is_small_and_stable():
    z = tzcompat.ZoneInfo("America/New_York")
    p1 = pickle.dumps(z)
    p2 = pickle.dumps(z)
    assert p1 == p2
    assert len(p1) < 200  # the key, a flag and a reference; no transition data
    assert b"America/New_York" in p1


def test_cached_pickle_loads_into_the_current_cache():
    z = tzcompat.ZoneInfo("Europe/Paris")
    data = pickle.dumps(z)
    tzcompat.ZoneInfo.clear_cache()
    fresh = tzcompat.ZoneInfo("Europe/Paris")
    assert fresh is not z
    assert pickle.loads(data) is fresh


@pytest.mark.parametrize("proto", PROTOCOLS)
def test_no_cache_zone_unpickles_to_a_new_object(proto):
    cached = tzcompat.ZoneInfo("Asia/Tokyo")
    n = tzcompat.ZoneInfo.no_cache("Asia/Tokyo")
    a = pickle.loads(pickle.dumps(n, protocol=proto))
    b = pickle.loads(pickle.dumps(n, protocol=proto))
    assert a is not n and b is not n and a is not b
    assert a is not cached and b is not cached
    assert type(a) is tzcompat.ZoneInfo
    assert a.key == "Asia/Tokyo"
    # ... and it stays a no_cache object: pickling it again also gives new objects.
    assert pickle.loads(pickle.dumps(a)) is not a


def test_copy_and_deepcopy_follow_pickle_semantics():
    z = tzcompat.ZoneInfo("Europe/Dublin")
    assert copy.copy(z) is z
    assert copy.deepcopy(z) is z
    n = tzcompat.ZoneInfo.no_cache("Europe/Dublin")
    assert copy.copy(n) is not n
    assert copy.deepcopy(n) is not n
    # The stdlib behaves the same way.
    rn = zoneinfo.ZoneInfo.no_cache("Europe/Dublin")
    assert copy.copy(rn) is not rn


class PickleSub(tzcompat.ZoneInfo):
    pass


def test_subclass_pickles_to_subclass_cache():
    s = PickleSub("Asia/Seoul")
    loaded = pickle.loads(pickle.dumps(s))
    assert loaded is s
    assert type(loaded) is PickleSub


@pytest.mark.parametrize("key", [None, "UTC"])
def test_from_file_refuses_to_pickle(key):
    z = tzcompat.ZoneInfo.from_file(io.BytesIO(zone_bytes("tzdata", "UTC")), key=key)
    for proto in PROTOCOLS:
        with pytest.raises(pickle.PicklingError):
            pickle.dumps(z, protocol=proto)
    with pytest.raises(pickle.PicklingError):
        copy.copy(z)
    with pytest.raises(pickle.PicklingError):
        copy.deepcopy(z)


def test_pickling_normal_zones_still_works_after_from_file():
    tzcompat.ZoneInfo.from_file(io.BytesIO(zone_bytes("tzdata", "UTC")), key="UTC")
    z = tzcompat.ZoneInfo("UTC")
    assert pickle.loads(pickle.dumps(z)) is z


def test_aware_datetime_pickles_with_its_zone():
    z = tzcompat.ZoneInfo("America/New_York")
    dt = datetime(2020, 11, 1, 1, 30, fold=1, tzinfo=z)
    loaded = pickle.loads(pickle.dumps(dt))
    assert loaded.tzinfo is z
    assert loaded.fold == 1
    assert loaded.utcoffset() == timedelta(hours=-5)


def test_by_key_pickle_loads_in_a_child():
    z = tzcompat.ZoneInfo("Australia/Lord_Howe")
    code = (
        "import pickle, sys\n"
        "from datetime import datetime\n"
        "import tzcompat\n"
        "z = pickle.loads(bytes.fromhex(sys.argv[1] if len(sys.argv) > 1 else PAYLOAD))\n"
        "print(z is tzcompat.ZoneInfo('Australia/Lord_Howe'),"
        " z.utcoffset(datetime(2020, 1, 1)).total_seconds())\n"
    ).replace("PAYLOAD", repr(pickle.dumps(z).hex()))
    proc = run_python(code)
    assert proc.returncode == 0, proc.stderr
    ref = zoneinfo.ZoneInfo("Australia/Lord_Howe").utcoffset(datetime(2020, 1, 1))
    assert proc.stdout.split() == ["True", str(ref.total_seconds())]


# --------------------------------------------------------------------------------------
# By value
# --------------------------------------------------------------------------------------
BY_VALUE_KEYS = [
    "America/New_York",
    "Europe/Dublin",
    "Australia/Lord_Howe",
    "America/Nuuk",
    "Asia/Tehran",
    "Africa/Casablanca",
    "UTC",
    "Etc/GMT+5",
]


def _expected_from_stdlib(ref):
    """(utc ts, wall iso, fold) -> [utcoffset s, dst s, tzname] from the stdlib."""
    rows = []
    for y in (1, 1800, 1900, 1950, 1975, 2000, 2021, 2038, 2100, 2500, 9998):
        for m in (1, 3, 4, 6, 10, 11, 12):
            for hour in (1, 2, 12):
                wall = datetime(y, m, 1 + (y % 27), hour, 30)
                for fold in (0, 1):
                    w = wall.replace(fold=fold)
                    rows.append(
                        [
                            w.isoformat(),
                            fold,
                            ref.utcoffset(w).total_seconds(),
                            ref.dst(w).total_seconds(),
                            ref.tzname(w),
                        ]
                    )
    return rows


_CHILD = r"""
import json, pickle, sys
from datetime import datetime
sys.modules["tzdata"] = None  # no tzdata package
opened = []
def hook(event, args):
    if event == "open" and args and isinstance(args[0], str):
        if not args[0].endswith((".py", ".pyc")):
            opened.append(args[0])
import tzcompat
assert tzcompat.TZPATH == (), tzcompat.TZPATH
spec = json.loads(sys.stdin.read())
try:
    tzcompat.ZoneInfo(spec["key"]) if spec["key"] else None
    by_key = "loaded"
except tzcompat.ZoneInfoNotFoundError:
    by_key = "not found"
sys.addaudithook(hook)
z = pickle.loads(bytes.fromhex(spec["pickle"]))
rows = []
for iso, fold, *_ in spec["rows"]:
    w = datetime.fromisoformat(iso).replace(fold=fold)
    rows.append([iso, fold, z.utcoffset(w).total_seconds(), z.dst(w).total_seconds(), z.tzname(w)])
print(json.dumps({"by_key": by_key, "type": type(z).__name__, "key": z.key,
                  "rows": rows, "opened": opened}))
"""


def _run_child(payload: bytes, key, rows):
    spec = json.dumps({"pickle": payload.hex(), "key": key, "rows": rows})
    # An empty search path: the child has no zone data on TZPATH.
    proc = run_python(_CHILD, env={"PYTHONTZPATH": ""}, input=spec)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


@pytest.mark.parametrize("key", BY_VALUE_KEYS)
def test_by_value_pickle_loads_without_any_data(key):
    z = tzcompat.ZoneInfo(key)
    raw = z.by_value()
    assert isinstance(raw, tzcompat.RawZoneInfo)
    assert isinstance(raw, tzcompat.ZoneInfo)
    assert raw.key == key
    payload = pickle.dumps(raw)
    rows = _expected_from_stdlib(zoneinfo.ZoneInfo(key))
    out = _run_child(payload, key, rows)
    assert out["by_key"] == "not found"  # the child really has no data
    assert out["type"] == "RawZoneInfo"
    assert out["key"] == key
    assert out["opened"] == []
    assert out["rows"] == rows


def test_by_value_of_a_from_file_zone():
    data = zone_bytes("system", "America/Sao_Paulo") or zone_bytes("tzdata", "America/Sao_Paulo")
    z = tzcompat.ZoneInfo.from_file(io.BytesIO(data))
    ref = zoneinfo.ZoneInfo.from_file(io.BytesIO(data))
    raw = z.by_value()
    rows = _expected_from_stdlib(ref)
    out = _run_child(pickle.dumps(raw), None, rows)
    assert out["key"] is None
    assert out["rows"] == rows


@pytest.mark.parametrize("key", ["America/New_York", "Europe/Dublin"])
def test_by_value_behaves_like_the_zone_in_process(key):
    z = tzcompat.ZoneInfo(key)
    raw = z.by_value()
    loaded = pickle.loads(pickle.dumps(raw))
    assert loaded is not z and loaded is not raw
    ref = zoneinfo.ZoneInfo(key)
    for iso, fold, off, dst, name in _expected_from_stdlib(ref):
        w = datetime.fromisoformat(iso).replace(fold=fold)
        for zone in (raw, loaded):
            assert zone.utcoffset(w).total_seconds() == off
            assert zone.dst(w).total_seconds() == dst
            assert zone.tzname(w) == name
    for ts in range(-(10**9), 4 * 10**9, 10**7 + 7):
        u = utc_dt(ts)
        a = u.astimezone(loaded)
        b = u.astimezone(ref)
        assert (a.replace(tzinfo=None), a.fold, a.utcoffset()) == (
            b.replace(tzinfo=None),
            b.fold,
            b.utcoffset(),
        )


def test_by_value_pickle_carries_the_rules():
    """It is not a by-key pickle in disguise: it is much larger than the key pickle and
    loading it does not consult the cache."""
    z = tzcompat.ZoneInfo("America/New_York")
    by_value = pickle.dumps(z.by_value())
    assert len(by_value) > 10 * len(pickle.dumps(z))
    assert pickle.loads(by_value) is not z
