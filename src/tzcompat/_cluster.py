"""``check_workers()``: which zones answer differently on which workers of a cluster.

A version label says which release a machine's files claim to be; a fingerprint says what
the zone answers (``_fingerprint``). ``check_workers(run)`` asks every worker, through the
cluster's own way of running a function everywhere (``client.run`` in Dask, a job in Spark,
a pool in multiprocessing), for its ``data_report()`` and the fingerprint of every zone of
its data, and compares them with this process's: the report says which zones differ where,
and which zones arrived at a worker with other rules than their sender's.
"""

from __future__ import annotations

import os
from collections.abc import Mapping

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

__all__ = ["SkewReport", "check_workers", "worker_data"]


def worker_data() -> dict[str, Any]:
    """What a worker tells :func:`check_workers`: where it runs, its ``data_report()`` and
    the fingerprint of every zone of its data (run in each worker)."""
    import socket  # the workers' side only: tzcompat.check_workers stays light to import

    from ._report import data_report, zone_fingerprints  # as socket

    return {"host": socket.gethostname(), "pid": os.getpid(), "report": data_report(),
            "zones": zone_fingerprints()}


class SkewReport:
    """What :func:`check_workers` found.

    - ``here``: this process's data version and fingerprint;
    - ``workers``: worker -> its ``host``, ``pid``, ``data_version``, ``fingerprint``
      (of the data in use) and ``tzcompat`` version;
    - ``differences``: zone key -> {worker: (fingerprint here, fingerprint there)} for
      every zone whose rules differ (None where a side does not have the zone);
    - ``skew``: worker -> the zones that arrived there, pickled by key, with other rules
      than their sender's (``data_report()["skew"]``).

    A report is true when any zone differs anywhere; ``str()`` says which, where.
    """

    __slots__ = ("here", "workers", "differences", "skew")

    def __init__(self, here: dict[str, Any], workers: dict[str, dict[str, Any]],
                 differences: dict[str, dict[str, tuple[str | None, str | None]]],
                 skew: dict[str, list[dict[str, str]]]) -> None:
        self.here, self.workers = here, workers
        self.differences, self.skew = differences, skew

    def __bool__(self) -> bool:
        return bool(self.differences or self.skew)

    def where(self, worker: str) -> list[str]:
        """The zones whose rules differ on ``worker`` (sorted)."""
        return sorted(key for key, sides in self.differences.items() if worker in sides)

    def __str__(self) -> str:
        lines = [f"this process: data {self.here['data_version']}, fingerprint "
                 f"{self.here['fingerprint']}"]
        for worker, info in sorted(self.workers.items()):
            keys = self.where(worker)
            state = ("agrees" if not keys else
                     f"{len(keys)} zone(s) differ: {', '.join(keys[:10])}"
                     + (", ..." if len(keys) > 10 else ""))
            lines.append(f"{worker}: data {info['data_version']}, fingerprint "
                         f"{info['fingerprint']}: {state}")
            for event in self.skew.get(worker, []):
                lines.append(f"  {event['zone']} arrived with fingerprint {event['sent']}, "
                             f"here {event['here']} (policy {event['policy']})")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return (f"SkewReport({len(self.workers)} workers, {len(self.differences)} zones "
                f"differ, {sum(map(len, self.skew.values()))} skewed zones met)")

    def as_dict(self) -> dict[str, Any]:
        """The report as JSON-ready values."""
        return {"here": dict(self.here), "workers": {w: dict(i) for w, i in self.workers.items()},
                "differences": {k: {w: list(p) for w, p in sides.items()}
                                for k, sides in sorted(self.differences.items())},
                "skew": {w: [dict(e) for e in events] for w, events in self.skew.items()}}


def _summary(data: dict[str, Any]) -> dict[str, Any]:
    report = data["report"]
    return {"host": data["host"], "pid": data["pid"], "data_version": report["data_version"],
            "fingerprint": report["fingerprint"], "tzcompat": report["tzcompat"]}


def check_workers(run: Callable[[Callable[[], dict[str, Any]]], Any]) -> SkewReport:
    """Compare the zone data of every worker with this process's, in one call.

    ``run(func)`` must call ``func()`` in every worker and return the results, as a
    mapping from a worker's name to its result or as a list (results are then named
    ``host:pid``, one per process): ``client.run`` in Dask; ``lambda f:
    sc.parallelize(range(n), n).map(lambda _: f()).collect()`` in Spark; ``lambda f:
    pool.starmap(f, [()] * n)`` with a ``multiprocessing`` pool. ``func`` is a function of
    this module, so the workers need tzcompat installed, as they need it anyway.
    """
    results = run(worker_data)
    if isinstance(results, Mapping):
        items = [(str(name), data) for name, data in results.items()]
    else:
        items = [(f"{data['host']}:{data['pid']}", data) for data in results]
    here = worker_data()
    ours: dict[str, str | None] = here["zones"]
    workers: dict[str, dict[str, Any]] = {}
    differences: dict[str, dict[str, tuple[str | None, str | None]]] = {}
    skew: dict[str, list[dict[str, str]]] = {}
    for worker, data in items:
        if worker in workers:
            continue  # the same process reached twice (several tasks of one job)
        workers[worker] = _summary(data)
        theirs: dict[str, str | None] = data["zones"]
        for key in ours.keys() | theirs.keys():
            a, b = ours.get(key), theirs.get(key)
            if a != b:
                differences.setdefault(key, {})[worker] = (a, b)
        if data["report"].get("skew"):
            skew[worker] = list(data["report"]["skew"])
    summary = _summary(here)
    return SkewReport({k: summary[k] for k in ("data_version", "fingerprint", "tzcompat")},
                      workers, differences, skew)
