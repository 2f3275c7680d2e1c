"""multiprocessing with the spawn start method (fresh interpreters, as docs/distributed.md
says): zones and datetimes shipped to the pool stay tzcompat's and answer as in the parent,
the shims go in through the pool's initializer, and data_report() agrees with the parent."""

from __future__ import annotations

import multiprocessing
from datetime import datetime

import tzcompat
import tzcompat.pytz as tp


def _describe(obj: object) -> tuple[str, str]:
    return type(getattr(obj, "tzinfo", obj)).__module__, str(getattr(obj, "isoformat", str)())


def _fingerprint(_: int) -> str | None:
    return tzcompat.data_report()["fingerprint"]


def _which_pytz(_: int) -> str:
    import pytz

    return pytz.__name__


def _install() -> None:
    tzcompat.install(pytz=True, dateutil=False)


def test_spawned_workers_keep_zones_and_agree_on_data():
    ny = tp.timezone("America/New_York")
    core = tzcompat.ZoneInfo("Europe/Paris")
    objs = [ny, ny.localize(datetime(2020, 7, 1, 12)), tp.utc,
            datetime(2026, 7, 1, 12, tzinfo=core), core]
    ctx = multiprocessing.get_context("spawn")
    with ctx.Pool(2) as pool:
        got = pool.map(_describe, objs)
        fingerprints = set(pool.map(_fingerprint, range(4)))
        plain = set(pool.map(_which_pytz, range(4)))
    assert [m for m, _ in got] == [type(getattr(o, "tzinfo", o)).__module__ for o in objs]
    assert all(m.startswith("tzcompat") for m, _ in got)
    assert [iso for _, iso in got][1] == "2020-07-01T12:00:00-04:00"
    assert fingerprints == {tzcompat.data_report()["fingerprint"]}
    assert plain == {"pytz"}  # the real pytz, installed here: no shims unless asked
    with ctx.Pool(2, initializer=_install) as pool:
        assert set(pool.map(_which_pytz, range(4))) == {"tzcompat.pytz"}


def _use_root(root: str) -> None:
    tzcompat.reset_tzpath([root])


def test_check_workers_with_a_pool(tmp_path):
    """Issue 36: one call compares every pool process's zones with the parent's (here the
    pool reads other rules for Test/Zone under the same version label)."""
    from ._roots import KEY, three_roots

    roots = three_roots(str(tmp_path))
    tzcompat.reset_tzpath([roots["a"]])
    try:
        ctx = multiprocessing.get_context("spawn")
        with ctx.Pool(2, initializer=_use_root, initargs=(roots["c"],)) as pool:
            same = tzcompat.check_workers(lambda f: pool.starmap(f, [()] * 4))
        with ctx.Pool(2, initializer=_use_root, initargs=(roots["b"],)) as pool:
            other = tzcompat.check_workers(lambda f: pool.starmap(f, [()] * 4))
        assert not same and same.differences == {} and 1 <= len(same.workers) <= 2
        assert other and list(other.differences) == [KEY]
        assert 1 <= len(other.workers) <= 2
        here = tzcompat.ZoneInfo(KEY).data_fingerprint
        for worker in other.workers:
            assert other.where(worker) == [KEY]
            assert other.differences[KEY][worker][0] == here
        assert all(w["data_version"] == "2030a" for w in other.workers.values())
    finally:
        tzcompat.reset_tzpath()
        tzcompat.ZoneInfo.clear_cache(only_keys=["Test/Zone"])
