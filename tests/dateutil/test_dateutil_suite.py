"""python-dateutil's own tz test suite against tzcompat.dateutil.

dateutil's sdist is not vendored: the test fetches the installed version's sdist with pip into
the test cache, checked against the sha256 pinned in tests/_fetch.py; ``run_dateutil_suite.py``
runs it directly on a given sdist and explains the comparison.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest

from .. import _needs
from .._fetch import sdist
from .run_dateutil_suite import TZ_TESTS

RUNNER = Path(__file__).with_name("run_dateutil_suite.py")


def _root(archive_path: str, tmp_path: Path) -> str:
    if os.path.isdir(archive_path):
        return archive_path
    # the "data" filter (3.12, and back-ported to 3.10/3.11 security releases) where present
    safe = {"filter": "data"} if hasattr(tarfile, "data_filter") else {}
    with tarfile.open(archive_path) as archive:
        archive.extractall(tmp_path, **safe)  # type: ignore[arg-type]
    (root,) = [p for p in tmp_path.iterdir() if p.is_dir()]
    return str(root)


# One test per file of the suite, so that pytest-xdist spreads them over the workers: run
# whole, the suite was the longest single test of the run.
@pytest.mark.parametrize("suite_file", TZ_TESTS)
def test_dateutil_tz_suite_passes_against_tzcompat(suite_file, tmp_path):
    _needs.module("freezegun")
    _needs.module("attrs")
    root = _root(str(sdist("python-dateutil")), tmp_path)
    out = subprocess.run([sys.executable, str(RUNNER), root, "-n", "0", "--only", suite_file],
                         capture_output=True, text=True, timeout=900)
    assert out.returncode == 0, out.stdout[-4000:] + out.stderr[-4000:]
    assert "\n0 unexpected difference(s)" in out.stdout
    real = next(ln for ln in out.stdout.splitlines() if ln.startswith("real dateutil.tz :"))
    ours = next(ln for ln in out.stdout.splitlines() if ln.startswith("tzcompat.dateutil:"))
    # The file really ran, on both sides, to the same count.
    passed = re.search(r"(\d+) passed", ours)
    assert passed and int(passed.group(1)) > 0, ours
    assert passed.group(0) in real, (real, ours)
