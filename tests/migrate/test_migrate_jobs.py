"""``--jobs``: the worker pool's start method is chosen explicitly. A process that runs other
threads is never forked (forking it can deadlock a child, and Python 3.12 warns "This process
... is multi-threaded, use of fork() may lead to deadlocks"): its workers are spawned. A
process with one thread (the command line) forks, the fastest start. Either way the result
is the one-job result. Each case runs in a fresh interpreter, where the thread count is known."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from .. import _needs

CHILD = """
import io, json, os, sys, threading
from tzcompat.migrate._cli import run

forks = []
os.register_at_fork(before=lambda: forks.append(1))
stop = threading.Event()
if sys.argv[2] == "thread":
    threading.Thread(target=stop.wait, daemon=True).start()
out = io.StringIO()
status = run(["--no-cache", "--no-progress", "-j", sys.argv[3], sys.argv[1]], stdout=out,
             stderr=io.StringIO())
stop.set()
print(json.dumps({"status": status, "diff": out.getvalue(), "forks": len(forks)}))
"""

SOURCE = """\
import pytz
from datetime import timedelta

ZONE = pytz.timezone("Europe/Paris")


def later(naive):
    return ZONE.normalize(ZONE.localize(naive) + timedelta(hours={n})), ZONE.zone
"""


def _run(tree: Path, mode: str, jobs: int) -> dict[str, object]:
    _needs.module("libcst")
    env = {k: v for k, v in os.environ.items() if not k.startswith("TZCOMPAT_")}
    warn = ["-W", "error::DeprecationWarning"] if sys.version_info >= (3, 12) else []
    done = subprocess.run([sys.executable, *warn, "-c", textwrap.dedent(CHILD), str(tree), mode,
                           str(jobs)], capture_output=True, text=True, timeout=600, env=env)
    assert done.returncode == 0, done.stderr[-3000:]
    assert "fork()" not in done.stderr, done.stderr[-3000:]
    return json.loads(done.stdout)  # type: ignore[no-any-return]


@pytest.fixture(scope="module")
def tree(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("jobs") / "app"
    root.mkdir()
    (root / "__init__.py").write_text("")
    for n in range(12):
        (root / f"m{n}.py").write_text(SOURCE.format(n=n))
    return root


@pytest.mark.parametrize("mode", ["thread", "alone"])
def test_jobs_start_method_and_result(tree: Path, mode: str) -> None:
    one = _run(tree, mode, 1)
    two = _run(tree, mode, 2)
    assert one["status"] == two["status"] == 0
    assert two["diff"] == one["diff"] and "_tz_localize" in str(one["diff"])
    assert one["forks"] == 0
    if mode == "thread":
        assert two["forks"] == 0  # spawned: this process was never forked
    elif sys.platform.startswith("linux"):
        assert two["forks"] == 2  # one fork per worker
