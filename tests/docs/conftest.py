"""The built documentation site, for the link and browser tests.

CI (.ci/run) builds the site once with warnings as errors and points TZCOMPAT_DOCS_HTML at
it; otherwise the site is built here, into a temporary directory, with the same flags. Sphinx
comes with the ``docs`` extra: without it the site tests skip, except with
TZCOMPAT_REQUIRE_DOCS=1 (as .ci/run sets it) or CI=true, where a missing tool is a failure.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from ._pages import DOCS

SPHINX_FLAGS = ["-W", "--keep-going", "-n", "-q", "-b", "html"]


def in_ci() -> bool:
    return any(os.environ.get(name, "").lower() in ("1", "true", "yes")
               for name in ("TZCOMPAT_REQUIRE_DOCS", "CI"))


def missing(what: str) -> None:
    if in_ci():
        pytest.fail(f"{what} (required with TZCOMPAT_REQUIRE_DOCS=1 or CI=true)")
    pytest.skip(what)


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
        missing("the docs extra is not installed: pip install -e '.[docs]'")
    out = tmp_path_factory.mktemp("site") / "html"
    proc = subprocess.run(
        [sys.executable, "-m", "sphinx", *SPHINX_FLAGS, str(DOCS), str(out)],
        capture_output=True, text=True, timeout=600,
    )
    assert proc.returncode == 0, "the site does not build cleanly:\n" + proc.stderr[-5000:]
    return out
