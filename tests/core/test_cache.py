"""Cache rules: identity, the weak cache and the 8-entry strong LRU, no_cache, from_file,
clear_cache, subclasses, and many threads asking for one key at once."""

from __future__ import annotations

import gc
import io
import sys
import threading
import time
import weakref
import zoneinfo
from zoneinfo import _zoneinfo as py_zoneinfo

import pytest

import tzcompat

from ._helpers import zone_bytes

# Keys that no other test in this module holds on to.
LRU_KEYS = [
    "Africa/Abidjan",
    "Africa/Accra",
    "Africa/Addis_Ababa",
    "Africa/Algiers",
    "Africa/Asmara",
    "Africa/Bamako",
    "Africa/Bangui",
    "Africa/Banjul",
    "Africa/Bissau",
    "Africa/Blantyre",
    "Africa/Brazzaville",
]


@pytest.fixture(autouse=True)
def _fresh_caches():
    tzcompat.ZoneInfo.clear_cache()
    yield
    tzcompat.ZoneInfo.clear_cache()


def test_same_key_same_object():
    a = tzcompat.ZoneInfo("America/New_York")
    b = tzcompat.ZoneInfo("America/New_York")
    assert a is b
    assert tzcompat.ZoneInfo("Europe/Paris") is not a


def test_no_cache_gives_new_objects_and_leaves_cache_alone():
    cached = tzcompat.ZoneInfo("Asia/Tokyo")
    n1 = tzcompat.ZoneInfo.no_cache("Asia/Tokyo")
    n2 = tzcompat.ZoneInfo.no_cache("Asia/Tokyo")
    assert n1 is not n2
    assert n1 is not cached and n2 is not cached
    assert tzcompat.ZoneInfo("Asia/Tokyo") is cached
    assert n1.key == cached.key == "Asia/Tokyo"
    assert n1 != cached  # equality is identity
    assert n1 == n1


def test_no_cache_does_not_populate_cache():
    tzcompat.ZoneInfo.clear_cache()
    n = tzcompat.ZoneInfo.no_cache("Europe/Rome")
    assert tzcompat.ZoneInfo("Europe/Rome") is not n


def test_from_file_never_cached_even_with_key():
    data = zone_bytes("tzdata", "UTC")
    cached = tzcompat.ZoneInfo("UTC")
    f1 = tzcompat.ZoneInfo.from_file(io.BytesIO(data), key="UTC")
    f2 = tzcompat.ZoneInfo.from_file(io.BytesIO(data), key="UTC")
    assert f1 is not f2 and f1 is not cached
    assert tzcompat.ZoneInfo("UTC") is cached
    assert f1.key == "UTC"
    assert tzcompat.ZoneInfo.from_file(io.BytesIO(data)).key is None


def test_from_file_fobj_is_positional_only():
    data = zone_bytes("tzdata", "UTC")
    with pytest.raises(TypeError):
        tzcompat.ZoneInfo.from_file(fobj=io.BytesIO(data))
    with pytest.raises(TypeError):  # the stdlib agrees
        zoneinfo.ZoneInfo.from_file(fobj=io.BytesIO(data))
    z = tzcompat.ZoneInfo.from_file(io.BytesIO(data), key="K")
    assert z.key == "K"


def test_key_is_read_only():
    z = tzcompat.ZoneInfo("UTC")
    with pytest.raises(AttributeError):
        z.key = "Europe/Paris"
    assert z.key == "UTC"


def test_identity_survives_reset_tzpath_while_referenced():
    z = tzcompat.ZoneInfo("America/Chicago")
    tzcompat.reset_tzpath([])
    assert tzcompat.ZoneInfo("America/Chicago") is z


def _lru_survivors(cls, keys):
    cls.clear_cache()
    refs = {}
    for k in keys:
        refs[k] = weakref.ref(cls(k))
    gc.collect()
    return [k for k in keys if refs[k]() is not None]


@pytest.mark.parametrize(
    "cls", [zoneinfo.ZoneInfo, py_zoneinfo.ZoneInfo], ids=["stdlib-c", "stdlib-py"]
)
def test_lru_model_of_the_stdlib(cls):
    """The reference behaviour the next test asks of us (checks this test's logic)."""
    assert _lru_survivors(cls, LRU_KEYS) == LRU_KEYS[-8:]


def test_strong_lru_keeps_the_8_most_recent():
    assert _lru_survivors(tzcompat.ZoneInfo, LRU_KEYS) == LRU_KEYS[-8:]


def test_strong_lru_moves_a_requested_key_to_the_front():
    cls = tzcompat.ZoneInfo
    cls.clear_cache()
    refs = {k: weakref.ref(cls(k)) for k in LRU_KEYS[:8]}
    cls(LRU_KEYS[0])  # most recent again
    refs[LRU_KEYS[8]] = weakref.ref(cls(LRU_KEYS[8]))  # evicts LRU_KEYS[1]
    gc.collect()
    alive = {k for k, r in refs.items() if r() is not None}
    assert alive == {LRU_KEYS[0], *LRU_KEYS[2:9]}


def test_weak_cache_identity_beyond_the_strong_cache():
    held = [tzcompat.ZoneInfo(k) for k in LRU_KEYS]
    gc.collect()
    for z, k in zip(held, LRU_KEYS):
        assert tzcompat.ZoneInfo(k) is z


def test_clear_cache_all():
    a = tzcompat.ZoneInfo("Europe/Berlin")
    tzcompat.ZoneInfo.clear_cache()
    b = tzcompat.ZoneInfo("Europe/Berlin")
    assert a is not b
    assert a.utcoffset(None) is None and a.key == "Europe/Berlin"  # still usable


def test_clear_cache_only_keys():
    a = tzcompat.ZoneInfo("Europe/Berlin")
    b = tzcompat.ZoneInfo("Europe/Madrid")
    c = tzcompat.ZoneInfo("Europe/Lisbon")
    tzcompat.ZoneInfo.clear_cache(only_keys=["Europe/Berlin", "Not/Cached"])
    assert tzcompat.ZoneInfo("Europe/Berlin") is not a
    assert tzcompat.ZoneInfo("Europe/Madrid") is b
    tzcompat.ZoneInfo.clear_cache(only_keys=(k for k in ["Europe/Madrid"]))
    assert tzcompat.ZoneInfo("Europe/Madrid") is not b
    assert tzcompat.ZoneInfo("Europe/Lisbon") is c


def test_clear_cache_only_keys_also_strong_cache():
    k = LRU_KEYS[0]
    r = weakref.ref(tzcompat.ZoneInfo(k))
    gc.collect()
    assert r() is not None  # kept by the strong cache
    tzcompat.ZoneInfo.clear_cache(only_keys=[k])
    gc.collect()
    assert r() is None


def test_clear_cache_is_keyword_only():
    with pytest.raises(TypeError):
        tzcompat.ZoneInfo.clear_cache(["UTC"])


class Sub(tzcompat.ZoneInfo):
    pass


class Sub2(tzcompat.ZoneInfo):
    pass


class PySub(py_zoneinfo.ZoneInfo):
    pass


def test_subclass_has_its_own_cache():
    base = tzcompat.ZoneInfo("Asia/Kolkata")
    s = Sub("Asia/Kolkata")
    assert type(s) is Sub
    assert s is not base
    assert Sub("Asia/Kolkata") is s
    assert Sub2("Asia/Kolkata") is not s
    assert tzcompat.ZoneInfo("Asia/Kolkata") is base
    assert isinstance(Sub.no_cache("UTC"), Sub)
    assert isinstance(Sub.from_file(io.BytesIO(zone_bytes("tzdata", "UTC"))), Sub)


def test_subclass_clear_cache_is_separate():
    base = tzcompat.ZoneInfo("Asia/Kolkata")
    s = Sub("Asia/Kolkata")
    Sub.clear_cache()
    assert tzcompat.ZoneInfo("Asia/Kolkata") is base
    s2 = Sub("Asia/Kolkata")
    assert s2 is not s
    tzcompat.ZoneInfo.clear_cache()
    assert Sub("Asia/Kolkata") is s2


def test_subclass_strong_cache_is_separate():
    """Like the stdlib's pure-Python class: filling the base class's LRU does not evict
    a subclass's recent zone, and vice versa."""
    r = weakref.ref(Sub("Pacific/Fiji"))
    for k in LRU_KEYS:
        tzcompat.ZoneInfo(k)
    gc.collect()
    assert r() is not None
    py_r = weakref.ref(PySub("Pacific/Fiji"))
    gc.collect()
    assert py_r() is not None  # the model


def test_subclass_repr_uses_subclass_name():
    assert "Sub" in repr(Sub("UTC"))
    assert "UTC" in repr(Sub("UTC"))


# --------------------------------------------------------------------------------------
# The weak cache is the stdlib's ``_weak_cache`` attribute, with the C stdlib's checks
# (CPython 3.14's suite tests them): on every Python
# --------------------------------------------------------------------------------------
def test_weak_cache_is_the_stdlib_attribute_of_each_class():
    z = tzcompat.ZoneInfo("Europe/Rome")
    assert tzcompat.ZoneInfo._weak_cache["Europe/Rome"] is z
    s = Sub("Europe/Rome")
    assert Sub.__dict__["_weak_cache"]["Europe/Rome"] is s
    assert "Europe/Rome" not in Sub2.__dict__["_weak_cache"]


def test_a_replaced_weak_cache_is_used_through_get_and_setdefault():
    calls = []

    class Cache(dict):
        def get(self, key, default=None):
            calls.append(("get", key))
            return super().get(key, default)

        def setdefault(self, key, value):
            calls.append(("setdefault", key))
            return super().setdefault(key, value)

    class ZI(tzcompat.ZoneInfo):
        pass

    ZI._weak_cache = Cache()  # after the class exists: __init_subclass__ sets its own
    a = ZI("Asia/Seoul")
    assert ZI("Asia/Seoul") is a
    assert calls[:2] == [("get", "Asia/Seoul"), ("setdefault", "Asia/Seoul")]
    assert ZI._weak_cache["Asia/Seoul"] is a
    ZI.clear_cache(only_keys=["Asia/Seoul"])
    assert "Asia/Seoul" not in ZI._weak_cache
    assert ZI("Asia/Seoul") is not a


@pytest.mark.parametrize("method", ["get", "setdefault"])
def test_an_inconsistent_weak_cache_is_a_runtime_error(method):
    class Cache:
        def get(self, key, default=None):
            return 1337 if method == "get" else default

        def setdefault(self, key, value):
            return 1337

    class ZI(tzcompat.ZoneInfo):
        pass

    ZI._weak_cache = Cache()
    with pytest.raises(RuntimeError) as info:
        ZI("America/Los_Angeles")
    assert str(info.value) == (
        "Unexpected instance of int in ZI weak cache for key 'America/Los_Angeles'")


def test_a_deleted_weak_cache_is_an_attribute_error_not_the_parents():
    class ZI(tzcompat.ZoneInfo):
        pass

    del ZI._weak_cache
    with pytest.raises(AttributeError):
        ZI("UTC")
    with pytest.raises(AttributeError):
        ZI.clear_cache()
    assert type(tzcompat.ZoneInfo("UTC")) is tzcompat.ZoneInfo  # the parent's is untouched


def test_a_weak_cache_descriptor_gives_a_new_cache_each_time():
    class Fresh:
        def __get__(self, obj, owner):
            return {}

    class ZI(tzcompat.ZoneInfo):
        pass

    ZI._weak_cache = Fresh()
    first = ZI("Europe/Oslo")
    ZI.clear_cache()
    assert str(ZI("Europe/Oslo")) == "Europe/Oslo"
    assert ZI("Europe/Oslo") is not first


# --------------------------------------------------------------------------------------
# Threads (switching as often as CPython allows, so that interleavings show)
# --------------------------------------------------------------------------------------
@pytest.fixture
def fast_switching():
    old = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    yield
    sys.setswitchinterval(old)


def _race(keys, nthreads=24):
    results: dict[str, list] = {k: [] for k in keys}
    errors = []
    barrier = threading.Barrier(nthreads)

    def worker(i):
        try:
            barrier.wait()
            for j in range(len(keys)):
                k = keys[(i + j) % len(keys)]
                results[k].append(tzcompat.ZoneInfo(k))
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(nthreads)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors
    return results


@pytest.mark.parametrize("rounds", [range(15)])
def test_many_threads_one_key_get_one_object(rounds, fast_switching):
    for r in rounds:
        tzcompat.ZoneInfo.clear_cache()
        key = ["America/New_York", "Europe/London", "Australia/Sydney"][r % 3]
        got = _race([key])[key]
        assert len(got) == 24
        assert len({id(z) for z in got}) == 1, f"round {r}: {len({id(z) for z in got})} objects"
        assert got[0] is tzcompat.ZoneInfo(key)


def test_many_threads_many_keys_one_object_per_key(fast_switching):
    keys = sorted(tzcompat.available_timezones())[:40]
    tzcompat.ZoneInfo.clear_cache()
    results = _race(keys, nthreads=16)
    held = {k: tzcompat.ZoneInfo(k) for k in keys}
    for k, got in results.items():
        assert all(z is held[k] for z in got), k


def test_threads_mixing_lookups_and_clear_cache_do_not_crash(fast_switching):
    keys = LRU_KEYS + ["UTC", "America/New_York", "Asia/Tokyo"]
    stop = threading.Event()
    errors = []

    def looker(i):
        try:
            while not stop.is_set():
                for k in keys[i % 3 :: 3]:
                    z = tzcompat.ZoneInfo(k)
                    assert z.key == k
        except BaseException as exc:  # pragma: no cover
            errors.append(exc)

    def clearer():
        try:
            while not stop.is_set():
                tzcompat.ZoneInfo.clear_cache(only_keys=keys[::2])
                tzcompat.ZoneInfo.clear_cache()
        except BaseException as exc:  # pragma: no cover
            errors.append(exc)

    threads = [threading.Thread(target=looker, args=(i,)) for i in range(6)]
    threads.append(threading.Thread(target=clearer))
    for t in threads:
        t.start()
    stop.wait(0.7)
    stop.set()
    for t in threads:
        t.join()
    assert not errors, errors


def test_concurrent_queries_give_stdlib_answers(fast_switching):
    from datetime import datetime, timedelta

    ours = tzcompat.ZoneInfo("America/New_York")
    ref = zoneinfo.ZoneInfo("America/New_York")
    base = datetime(2020, 1, 1)
    samples = [base + timedelta(hours=7 * k, minutes=k) for k in range(2000)]
    expected = [(ref.utcoffset(d), ref.tzname(d)) for d in samples]
    errors = []

    def worker(offset):
        try:
            for j in range(len(samples)):
                i = (j + offset) % len(samples)
                d = samples[i]
                got = (ours.utcoffset(d), ours.tzname(d))
                if got != expected[i]:
                    errors.append((d, got, expected[i]))
        except BaseException as exc:  # pragma: no cover
            errors.append(exc)

    threads = [threading.Thread(target=worker, args=(k * 131,)) for k in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors[:5]


def test_lookups_racing_clear_cache_keep_the_caches_consistent(fast_switching):
    """The strong LRU only ever holds what the weak cache holds for the key: a lookup
    that raced a clear_cache() must not put back a zone the clear dropped (it would be
    returned again while a new lookup makes another object for the same key)."""
    keys = LRU_KEYS[:6]
    stop = threading.Event()
    errors = []

    def looker(i):
        try:
            while not stop.is_set():
                for k in keys[i % 2::2]:
                    tzcompat.ZoneInfo(k)
        except BaseException as exc:  # pragma: no cover
            errors.append(exc)

    threads = [threading.Thread(target=looker, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    broken = []
    try:
        for _ in range(300):
            tzcompat.ZoneInfo.clear_cache()
            time.sleep(0.001)  # the lookers get on (the outcome must hold however long)
            with tzcompat.ZoneInfo._z_lock:
                strong = dict(tzcompat.ZoneInfo._z_strong)
                weak = dict(tzcompat.ZoneInfo._weak_cache)
            broken += [k for k, z in strong.items() if weak.get(k) is not z]
    finally:
        stop.set()
        for t in threads:
            t.join()
    assert not errors, errors
    assert not broken, broken[:5]
