"""pytz's own test suite against tzcompat.pytz.

pytz's sdist is not vendored: the test fetches the installed pytz version's sdist with pip into
the test cache, checked against the sha256 pinned in tests/_fetch.py (``run_pytz_suite.py``
runs the suite directly on a given sdist).
"""

from __future__ import annotations

import os
import subprocess
import sys

from .._fetch import sdist

RUNNER = os.path.join(os.path.dirname(__file__), "run_pytz_suite.py")


def test_pytz_suite_passes_against_tzcompat():
    # pytz's suite tests pytz compatibility, pickle sizes included (README.rst and
    # pytz._UTC assert ``len(p) - len(naive_p) == 17``): it runs with pytz's pickle format.
    # The default format names tzcompat, an intended difference (docs/differences.md).
    env = dict(os.environ, TZCOMPAT_PICKLE_AS_PYTZ="1")
    out = subprocess.run([sys.executable, RUNNER, str(sdist("pytz"))],
                         capture_output=True, text=True, env=env)
    assert out.returncode == 0, out.stdout[-4000:] + out.stderr[-4000:]
    assert " 0 failures, 0 errors" in out.stdout
