"""A local Spark session for the tests (one per test module; startup takes 10-40 s)."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager

from pyspark.sql import SparkSession


@contextmanager
def local_spark(extra_path: str | None = None, **conf: str) -> Iterator[SparkSession]:
    """``local[2]`` with fresh Python workers (no reuse) on this interpreter; ``extra_path``
    goes on the workers' PYTHONPATH."""
    names = ("PYSPARK_PYTHON", "PYSPARK_DRIVER_PYTHON", "PYTHONPATH")
    saved = {k: os.environ.get(k) for k in names}
    os.environ["PYSPARK_PYTHON"] = os.environ["PYSPARK_DRIVER_PYTHON"] = sys.executable
    if extra_path:
        os.environ["PYTHONPATH"] = os.pathsep.join(
            p for p in (extra_path, saved["PYTHONPATH"]) if p)
    builder = (SparkSession.builder.master("local[2]").appName("tzcompat-tests")
               .config("spark.ui.enabled", "false")
               .config("spark.python.worker.reuse", "false")
               .config("spark.sql.shuffle.partitions", "2"))
    if extra_path:
        # The JVM (and the environment the workers inherit) outlives a session in this
        # process; Spark adds this to the workers' PYTHONPATH for each new session.
        builder = builder.config("spark.executorEnv.PYTHONPATH", extra_path)
    for key, value in conf.items():
        builder = builder.config(key, value)
    session = builder.getOrCreate()
    session.sparkContext.setLogLevel("ERROR")
    try:
        yield session
    finally:
        session.stop()
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
