"""The only way a test may skip (tests/test_skips.py enforces it).

Everything the suite needs comes with ``pip install -e '.[test]'`` or is fetched by the tests
themselves (``tests/_fetch.py``: the peers' sdists and the codemod corpus, by pip, hash-checked).
So a missing requirement means a broken install:

* :func:`module` / :func:`need`: under CI (``CI=true``, which ``.ci/run`` sets) a missing
  requirement FAILS the test; elsewhere the test skips, and the skip's reason names what is
  missing and the command that provides it. ``tests/conftest.py`` repeats those reasons in one
  summary block at the end of the run.
* :func:`not_here`: a fact of this machine that pip cannot change (no Chromium, no git, not a
  POSIX system). Fails under CI too when ``how`` names a way to provide it (CI provides it);
  skips everywhere when nothing can (``how=None``: e.g. a POSIX-only check on Windows).
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import NoReturn

import pytest

from tzcompat._env import env_flag

TEST_EXTRA = "pip install -e '.[test]'"
# The marker the summary hook in tests/conftest.py looks for in a skip's reason.
ENABLE = "enable with:"


def _skip(reason: str) -> NoReturn:
    try:
        pytest.skip(reason, allow_module_level=True)
    except pytest.skip.Exception as exc:
        # Report the test's location (as skip marks do), not this helper's line.
        exc._use_item_location = True  # type: ignore[attr-defined]
        raise


def in_ci() -> bool:
    return env_flag("CI")


def need(what: str, how: str = TEST_EXTRA) -> NoReturn:
    """``what`` is missing: a failure under CI, else a skip that says how to provide it."""
    if in_ci():
        pytest.fail(f"{what} is missing (CI=true requires it; {ENABLE} {how})", pytrace=False)
    _skip(f"{what} is missing; {ENABLE} {how}")


def module(name: str, how: str = TEST_EXTRA, *, reason: str = "") -> ModuleType:
    """Import ``name``, or :func:`need` it (a failure under CI, else a skip saying ``how``)."""
    try:
        return importlib.import_module(name)
    except ImportError as exc:
        detail = f" ({reason})" if reason else ""
        need(f"the module {name}{detail} [{exc}]", how)


def not_here(fact: str, how: str | None = None) -> NoReturn:
    """A platform fact stops the test: ``fact`` says what this machine lacks or is."""
    if how is None:
        _skip(f"not on this platform: {fact}")
    if in_ci():
        pytest.fail(f"{fact} (CI=true requires it; {ENABLE} {how})", pytrace=False)
    _skip(f"{fact}; {ENABLE} {how}")


def executable(name: str, how: str = TEST_EXTRA + " (in an activated virtual environment)"
               ) -> str:
    """The path of the program ``name`` on PATH, or :func:`need` it."""
    import shutil

    found = shutil.which(name)
    if found is None:
        need(f"the program {name} on PATH", how)
    return found
