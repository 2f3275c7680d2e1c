"""PySpark in local mode (issue 28): Python workers are separate processes that receive
the driver's functions and zones by pickle. The core by key and tzcompat.pytz zones give
the driver's answers there, a tzcompat.pytz zone stays tzcompat's in the workers (the real
pytz is installed in them too), and a Spark job reads data_report() on the workers."""

from __future__ import annotations

import os
from collections.abc import Iterator
from datetime import datetime, timedelta

import pytest
from pyspark.sql import SparkSession

import tzcompat
import tzcompat.pytz as tp

from ._spark import local_spark

ROWS = [datetime(2019, 1, 1) + timedelta(hours=7 * i + i % 5) for i in range(2000)]


@pytest.fixture(scope="module")
def spark() -> Iterator[SparkSession]:
    with local_spark() as session:
        yield session


def test_core_zones_by_key_agree_with_the_driver(spark):
    zone = tzcompat.ZoneInfo("America/New_York")

    def convert(dt: datetime) -> tuple[str, int]:
        local = dt.replace(tzinfo=tzcompat.ZoneInfo("UTC")).astimezone(zone)
        return local.isoformat(), os.getpid()

    got = spark.sparkContext.parallelize(ROWS, 4).map(convert).collect()
    want = [convert(dt)[0] for dt in ROWS]
    assert [g[0] for g in got] == want
    assert os.getpid() not in {g[1] for g in got}  # answered in worker processes


def test_pytz_zones_stay_tzcompat_in_the_workers(spark):
    tz = tp.timezone("Europe/Paris")
    period = tz.localize(datetime(2024, 7, 1, 12)).tzinfo

    def use(dt: datetime) -> tuple[str, str, str]:
        return (type(tz).__module__, type(period).__module__,
                tz.normalize(tz.localize(dt) + timedelta(hours=30)).isoformat())

    got = spark.sparkContext.parallelize(ROWS, 4).map(use).collect()
    assert {g[0] for g in got} == {type(tz).__module__}
    assert {g[1] for g in got} == {type(period).__module__}
    assert type(tz).__module__.startswith("tzcompat.pytz")
    assert [g[2] for g in got] == [use(dt)[2] for dt in ROWS]


def test_workers_report_their_data(spark):
    def report(_: int) -> tuple[str | None, str | None, int]:
        import tzcompat as t

        r = t.data_report()
        return r["fingerprint"], r["data_version"], os.getpid()

    got = spark.sparkContext.parallelize(range(4), 4).map(report).collect()
    here = tzcompat.data_report()
    assert {(g[0], g[1]) for g in got} == {(here["fingerprint"], here["data_version"])}
    assert here["fingerprint"] is not None


def test_check_workers_with_a_spark_job(spark):
    """Issue 36: the one-call check, through a job of one task per slot (results named
    host:pid: Python workers are processes, reused or not)."""
    sc = spark.sparkContext
    n = sc.defaultParallelism
    check = tzcompat.check_workers(
        lambda f: sc.parallelize(range(n), n).map(lambda _: f()).collect())
    assert not check and check.differences == {} and check.workers
    assert os.getpid() not in {w["pid"] for w in check.workers.values()}
    assert {w["fingerprint"] for w in check.workers.values()} == {check.here["fingerprint"]}
