"""The shims inside Spark's Python workers, as docs/distributed.md shows: Spark starts its
workers from ``spark.python.daemon.module``, here a module that calls ``tzcompat.install()``
before running PySpark's daemon; ``import pytz`` in a task then gives tzcompat.pytz."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime

import pytest
from pyspark.sql import SparkSession

from ._spark import local_spark

DAEMON = """
import tzcompat

tzcompat.install(pytz=True, dateutil=False)
from pyspark.daemon import manager

manager()
"""


@pytest.fixture(scope="module")
def spark(tmp_path_factory) -> Iterator[SparkSession]:
    home = tmp_path_factory.mktemp("spark-daemon")
    (home / "tzcompat_spark_daemon.py").write_text(DAEMON)
    with local_spark(str(home), **{"spark.python.use.daemon": "true",
                                   "spark.python.daemon.module": "tzcompat_spark_daemon"}) as s:
        yield s


def test_the_daemon_module_puts_the_shims_in_the_workers(spark):
    def probe(_: int) -> tuple[str, bool, str]:
        import pytz

        import tzcompat.pytz as ours

        tz = pytz.timezone("America/New_York")
        return (pytz.__name__, isinstance(tz, ours.BaseTzInfo),
                tz.localize(datetime(2020, 3, 8, 2, 30), is_dst=True).isoformat())

    got = set(spark.sparkContext.parallelize(range(4), 4).map(probe).collect())
    assert got == {("tzcompat.pytz", True, "2020-03-08T02:30:00-04:00")}
