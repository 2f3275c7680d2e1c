"""python-dateutil's own tz test suite against tzcompat.dateutil (needs dateutil's sdist,
which is not vendored; CI downloads it).

Set ``TZCOMPAT_DATEUTIL_SDIST`` to the sdist's tarball or its unpacked root
(``pip download --no-binary :all: --no-deps python-dateutil``); ``run_dateutil_suite.py``
runs it directly and explains the comparison.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest

SDIST = os.environ.get("TZCOMPAT_DATEUTIL_SDIST")
RUNNER = Path(__file__).with_name("run_dateutil_suite.py")


def _root(sdist: str, tmp_path: Path) -> str:
    if os.path.isdir(sdist):
        return sdist
    # the "data" filter (3.12, and back-ported to 3.10/3.11 security releases) where present
    safe = {"filter": "data"} if hasattr(tarfile, "data_filter") else {}
    with tarfile.open(sdist) as archive:
        archive.extractall(tmp_path, **safe)  # type: ignore[arg-type]
    (root,) = [p for p in tmp_path.iterdir() if p.is_dir()]
    return str(root)


@pytest.mark.skipif(not SDIST, reason="TZCOMPAT_DATEUTIL_SDIST not set (the sdist is not vendored)")
def test_dateutil_tz_suite_passes_against_tzcompat(tmp_path):
    pytest.importorskip("freezegun")
    out = subprocess.run([sys.executable, str(RUNNER), _root(str(SDIST), tmp_path), "-n", "0"],
                         capture_output=True, text=True, timeout=900)
    assert out.returncode == 0, out.stdout[-4000:] + out.stderr[-4000:]
    assert "\n0 unexpected difference(s)" in out.stdout
    ours = next(ln for ln in out.stdout.splitlines() if ln.startswith("tzcompat.dateutil:"))
    passed = re.search(r"(\d+) passed", ours)
    assert passed and int(passed.group(1)) >= 3000, ours  # the suite really ran
