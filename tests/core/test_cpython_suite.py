"""CPython's own test_zoneinfo, pointed at tzcompat (see run_cpython_suite.py)."""

from __future__ import annotations

import os
import subprocess
import sys
import sysconfig
from pathlib import Path

from .. import _needs

HERE = Path(__file__).resolve().parent
SUITE = os.path.join(sysconfig.get_paths()["stdlib"], "test", "test_zoneinfo")


def _need_suite() -> None:
    if not os.path.isfile(os.path.join(SUITE, "test_zoneinfo.py")):
        _needs.not_here("this Python was installed without its test package",
                        "a Python with its test package (pyenv and python.org builds have it; "
                        "Debian: apt-get install libpython3-testsuite)")


def test_cpython_zoneinfo_suite_passes() -> None:
    _need_suite()
    # A fresh interpreter: the suite swaps modules in sys.modules and resets TZPATH.
    res = subprocess.run(
        [sys.executable, str(HERE / "run_cpython_suite.py"), SUITE],
        capture_output=True, text=True, timeout=600,
    )
    summary = res.stdout.strip().splitlines()[-1] if res.stdout.strip() else ""
    assert res.returncode == 0, res.stdout + res.stderr
    assert summary.endswith(" 0 unexpected"), summary
    assert int(summary.split()[0]) >= 200, summary  # the suite really ran


def test_cpython_zoneinfo_suite_passes_on_the_pure_python_base() -> None:
    _need_suite()
    # tzcompat.ZoneInfo derives from the pure-Python stdlib class when _zoneinfo is missing.
    code = ("import runpy, sys\n"
            "sys.modules['_zoneinfo'] = None\n"
            f"sys.argv = ['run_cpython_suite.py', {SUITE!r}]\n"
            f"runpy.run_path({str(HERE / 'run_cpython_suite.py')!r}, run_name='__main__')\n")
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=600)
    summary = res.stdout.strip().splitlines()[-1] if res.stdout.strip() else ""
    assert res.returncode == 0, res.stdout + res.stderr
    assert summary.endswith(" 0 unexpected"), summary
    assert int(summary.split()[0]) >= 200, summary
