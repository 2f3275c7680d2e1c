"""A local Spark session for the tests (one per test module; startup takes 10-40 s).

PySpark comes with the test extra; its JVM does not: Spark 4 needs Java 17 or newer, found as
Spark's launcher finds it (``$JAVA_HOME/bin/java``, else ``java`` on PATH). Without it the
tests go through tests/_needs.py (a skip naming the command, a failure under CI=true) instead
of erroring with ``JAVA_GATEWAY_EXITED``.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager

from pyspark.sql import SparkSession

from .. import _needs

JAVA_HOW = "apt-get install openjdk-17-jre-headless (Debian; any Java 17 or newer)"


def java() -> str:
    """The java program Spark would start, checked to be Java 17 or newer, or ``_needs``."""
    home = os.environ.get("JAVA_HOME")
    found = os.path.join(home, "bin", "java") if home else shutil.which("java")
    where = f"$JAVA_HOME/bin/java ({home})" if home else "java on PATH"
    if not found or not os.access(found, os.X_OK):
        _needs.not_here(f"no Java for PySpark: {where} is missing", JAVA_HOW)
    try:
        done = subprocess.run([found, "-version"], capture_output=True, text=True, timeout=60)
    except OSError as exc:
        _needs.not_here(f"no Java for PySpark: {found} does not run ({exc})", JAVA_HOW)
    m = re.search(r'version "(\d+)(?:\.(\d+))?', done.stderr + done.stdout)
    major = None if m is None else int(m[2] if m[1] == "1" and m[2] else m[1])
    if major is None or major < 17:
        _needs.not_here(f"PySpark needs Java 17 or newer; {found} is "
                        f"{'Java ' + str(major) if major else 'of unknown version'}", JAVA_HOW)
    return found


@contextmanager
def local_spark(extra_path: str | None = None, **conf: str) -> Iterator[SparkSession]:
    """``local[2]`` with fresh Python workers (no reuse) on this interpreter; ``extra_path``
    goes on the workers' PYTHONPATH."""
    java()
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
