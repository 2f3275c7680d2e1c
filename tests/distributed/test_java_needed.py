"""Without Java the Spark tests go through tests/_needs.py: a skip that names the command to
install it, a failure under CI=true; never an error from deep inside PySpark
(``JAVA_GATEWAY_EXITED``). Java is hidden the way Spark's launcher looks for it: a
``JAVA_HOME`` without ``bin/java`` wins over ``java`` on PATH."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _run_spark_tests(tmp_path: Path, ci: str) -> subprocess.CompletedProcess[str]:
    empty = tmp_path / "no-java"
    empty.mkdir(exist_ok=True)
    env = {k: v for k, v in os.environ.items() if k not in ("PYTEST_ADDOPTS", "CI")}
    env.update(JAVA_HOME=str(empty), CI=ci)
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-n", "0", "-q", "-rs", "-p", "no:cacheprovider",
         "tests/distributed/test_spark.py", "tests/distributed/test_spark_shims.py"],
        cwd=ROOT, capture_output=True, text=True, timeout=600, env=env,
    )


def _counts(out: str) -> dict[str, int]:
    last = [ln for ln in out.splitlines() if " in " in ln and ("passed" in ln or "skipped" in ln
                                                               or "failed" in ln or "error" in ln)]
    words = last[-1].replace(",", " ").split() if last else []
    return {words[i + 1].rstrip("s"): int(w) for i, w in enumerate(words[:-1]) if w.isdigit()}


@pytest.mark.parametrize("ci", ["", "true"], ids=["local", "ci"])
def test_spark_tests_without_java(tmp_path: Path, ci: str) -> None:
    done = _run_spark_tests(tmp_path, ci)
    out = done.stdout + done.stderr
    counts = _counts(done.stdout)
    assert "JAVA_GATEWAY_EXITED" not in out and "Traceback" not in out, out[-3000:]
    assert "no Java for PySpark" in out and "openjdk-17" in out, out[-3000:]
    if ci:  # the fixture fails (pytest counts it as an error at set-up)
        assert done.returncode == 1 and counts.keys() == {"error"}, out[-3000:]
        assert out.count("CI=true requires it") >= counts["error"] > 1, out[-3000:]
    else:
        assert done.returncode == 0 and counts.keys() == {"skipped"}, out[-3000:]
        assert counts["skipped"] > 1, counts
