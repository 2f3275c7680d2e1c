"""A real Dask cluster (issue 28): process workers, each reading its own zoneinfo directory
(PYTHONTZPATH), told apart by data_report() fingerprints; a zone pickled by key on one
data set and loaded on a worker with other rules is detected; tzcompat.pytz zones shipped
to workers stay tzcompat's (the real pytz is installed there too). Issue 36: under the skew
policy "error" the skewed worker fails the task, in the client's code, and stays up; one
call (check_workers) says which zones differ on which worker."""

from __future__ import annotations

import pickle
from collections.abc import Iterator
from datetime import datetime

import cloudpickle
import pytest

import tzcompat
import tzcompat.pytz as tp
from distributed import Client, LocalCluster, Nanny

from . import _tasks
from ._roots import KEY, three_roots

cloudpickle.register_pickle_by_value(_tasks)


@pytest.fixture(scope="module")
def cluster(tmp_path_factory) -> Iterator[tuple[Client, dict[str, str], dict[str, str]]]:
    roots = three_roots(str(tmp_path_factory.mktemp("dask-data")))
    with LocalCluster(n_workers=0, processes=True, threads_per_worker=1,
                      dashboard_address=None) as lc:
        for name, root in roots.items():
            lc.worker_spec[name] = {"cls": Nanny, "options": {
                "nthreads": 1, "env": {"PYTHONTZPATH": root}, "name": name}}
        lc.sync(lc._correct_state)
        with Client(lc) as client:
            client.wait_for_workers(3, timeout=60)
            addresses = {info["name"]: addr
                         for addr, info in client.scheduler_info()["workers"].items()}
            yield client, roots, addresses


def test_workers_are_told_apart_by_fingerprint(cluster):
    client, roots, addresses = cluster
    reports = {name: client.submit(_tasks.report, workers=[addr], pure=False).result(timeout=60)
               for name, addr in addresses.items()}
    assert {n: r["tzpath"] for n, r in reports.items()} == roots
    assert len({r["pid"] for r in reports.values()}) == 3  # three processes
    # Same version label everywhere; a and c hold the same rules, b other ones.
    assert {r["data_version"] for r in reports.values()} == {"2030a"}
    fps = {n: r["fingerprint"] for n, r in reports.items()}
    assert fps["a"] == fps["c"] != fps["b"]
    # client.run gives the same answer in one call (what docs/distributed.md shows).
    by_address = client.run(tzcompat.data_report)
    assert {addresses[n]: fps[n] for n in fps} == {a: r["fingerprint"]
                                                   for a, r in by_address.items()}


def test_a_zone_pickled_on_other_data_is_detected(cluster):
    client, roots, addresses = cluster
    zone_blob = client.submit(_pickled_on, roots["a"], workers=[addresses["a"]],
                              pure=False).result(timeout=60)
    got = {name: client.submit(_tasks.load, zone_blob, workers=[addr],
                               pure=False).result(timeout=60)
           for name, addr in addresses.items()}
    assert got["a"] == ("-1 day, 19:00:00", [])
    assert got["c"] == ("-1 day, 19:00:00", [])
    assert got["b"] == ("-1 day, 20:00:00", ["DataSkewWarning"])


def _pickled_on(root: str) -> bytes:
    import tzcompat as t

    zone = t.ZoneInfo(KEY)
    assert zone.source.startswith(root)
    return pickle.dumps(datetime(2027, 1, 15, 12, tzinfo=zone))


cloudpickle.register_pickle_by_value(__import__(__name__, fromlist=["_"]))


def test_pytz_zones_stay_tzcompat_in_workers(cluster):
    client, _roots, addresses = cluster
    # The driver reads worker a's data for the whole test (the scheduler, in this process,
    # unpickles the task graph too); a zone every worker has.
    tzcompat.reset_tzpath([_roots["a"]])
    tp._reset_data()
    try:
        ny = tp.timezone(KEY)
        edt = ny.localize(datetime(2024, 7, 1, 12))
        for addr in addresses.values():
            assert client.submit(_tasks.kind_of, ny, workers=[addr],
                                 pure=False).result(timeout=60) == type(ny).__module__
            assert client.submit(_tasks.kind_of, edt.tzinfo, workers=[addr],
                                 pure=False).result(timeout=60).startswith("tzcompat.pytz")
    finally:
        tzcompat.reset_tzpath()
        tp._reset_data()
        tp._tzinfo_cache.pop(KEY, None)


def test_the_error_policy_fails_the_task_and_the_worker_stays_up(cluster):
    """The client stores a time in Test/Zone with worker a's rules and sends it to every
    worker. Under tzcompat.set_skew_policy("error") the skewed worker (b: same version
    label, other rules) fails that task with DataSkewError, raised in the client by
    future.result(); the worker process is the same before and after (with warnings as
    errors instead, it died while unpickling the task: issue 36), and its next task runs."""
    client, roots, addresses = cluster
    pids = {name: client.submit(_tasks.pid, workers=[addr], pure=False).result(timeout=60)
            for name, addr in addresses.items()}
    tzcompat.reset_tzpath([roots["a"]])
    try:
        tzcompat.ZoneInfo.clear_cache(only_keys=[KEY])
        stored = datetime(2027, 1, 15, 12, tzinfo=tzcompat.ZoneInfo(KEY))
        assert client.run(tzcompat.set_skew_policy, "error") == {
            addr: "warn" for addr in addresses.values()}
        try:
            futures = {name: client.submit(_tasks.offset_of, stored, workers=[addr],
                                           pure=False)
                       for name, addr in addresses.items()}
            assert futures["a"].result(timeout=60) == ("-1 day, 19:00:00", pids["a"])
            assert futures["c"].result(timeout=60) == ("-1 day, 19:00:00", pids["c"])
            with pytest.raises(tzcompat.DataSkewError, match=KEY):
                futures["b"].result(timeout=60)
            # The worker is still up, the same process, and takes the next task.
            assert client.submit(_tasks.pid, workers=[addresses["b"]],
                                 pure=False).result(timeout=60) == pids["b"]
            assert len(client.scheduler_info()["workers"]) == 3
            # What it met is in its report, and in one call's answer.
            check = tzcompat.check_workers(client.run)
            assert check.where(addresses["b"]) == [KEY]
            assert check.where(addresses["a"]) == check.where(addresses["c"]) == []
            here = stored.tzinfo.data_fingerprint
            there = check.differences[KEY][addresses["b"]]
            assert there[0] == here != there[1]
            met = check.skew[addresses["b"]]  # earlier tests' warnings come first
            assert met[-1]["policy"] == "error" and KEY in met[-1]["zone"]
            assert met[-1]["sent"] == here and met[-1]["here"] == there[1]
            assert addresses["a"] not in check.skew and bool(check)
            assert KEY in str(check) and addresses["b"] in str(check)
        finally:
            client.run(tzcompat.set_skew_policy, "warn")
    finally:
        tzcompat.reset_tzpath()
        tzcompat.ZoneInfo.clear_cache(only_keys=[KEY])
