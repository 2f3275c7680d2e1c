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
