"""The built documentation site, for the link and browser tests.

CI (.ci/run) builds the site once with warnings as errors and points TZCOMPAT_DOCS_HTML at
it; otherwise the site is built here, into a temporary directory, with the same flags. Sphinx
comes with the test extra (which includes the ``docs`` extra); a missing tool goes through
tests/_needs.py (a failure under CI).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from .. import _needs
from .._fetch import locked
from ._pages import DOCS

SPHINX_FLAGS = ["-W", "--keep-going", "-n", "-q", "-b", "html"]


def missing(what: str, how: str = _needs.TEST_EXTRA) -> None:
    _needs.need(what, how)


@pytest.fixture(scope="session")
def site(tmp_path_factory) -> Path:
    given = os.environ.get("TZCOMPAT_DOCS_HTML")
    if given:
        path = Path(given)
        assert (path / "index.html").is_file(), f"TZCOMPAT_DOCS_HTML={given} has no index.html"
        return path
    try:
        import furo  # noqa: F401
        import myst_parser  # noqa: F401
        import sphinx  # noqa: F401
    except ImportError:
        missing("the docs extra (Sphinx, MyST, Furo)")
    # One build per run: pytest-xdist's workers share the parent of their base temp directory.
    shared = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        shared = shared.parent
    out = shared / "docs-site" / "html"
    with locked(shared / "docs-site.lock"):
        if not (out / "index.html").is_file():
            proc = subprocess.run(
                [sys.executable, "-m", "sphinx", *SPHINX_FLAGS, str(DOCS), str(out)],
                capture_output=True, text=True, timeout=600,
            )
            assert proc.returncode == 0, "the site does not build cleanly:\n" + proc.stderr[-5000:]
    return out
