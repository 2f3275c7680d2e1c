"""pytz's own test suite against tzcompat.pytz (needs pytz's sdist, which is not vendored).

Set ``TZCOMPAT_PYTZ_SDIST`` to an unpacked pytz sdist or its tarball (``pip download
--no-binary :all: --no-deps pytz``) to run it here; ``run_pytz_suite.py`` runs it directly.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

SDIST = os.environ.get("TZCOMPAT_PYTZ_SDIST")
RUNNER = os.path.join(os.path.dirname(__file__), "run_pytz_suite.py")


@pytest.mark.skipif(not SDIST, reason="TZCOMPAT_PYTZ_SDIST not set (the sdist is not vendored)")
def test_pytz_suite_passes_against_tzcompat():
    # pytz's suite tests pytz compatibility, pickle sizes included (README.rst and
    # pytz._UTC assert ``len(p) - len(naive_p) == 17``): it runs with pytz's pickle format.
    # The default format names tzcompat, an intended difference (docs/differences.md).
    env = dict(os.environ, TZCOMPAT_PICKLE_AS_PYTZ="1")
    out = subprocess.run([sys.executable, RUNNER, SDIST], capture_output=True, text=True,
                         env=env)
    assert out.returncode == 0, out.stdout[-4000:] + out.stderr[-4000:]
    assert " 0 failures, 0 errors" in out.stdout
