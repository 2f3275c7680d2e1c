"""Shared set-up for the migrate tests."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def _migrate_cache_dir(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> Path:
    """``tzcompat migrate`` caches results in ./.tzcompat_cache by default: keep the tests'
    runs out of the checkout (and out of each other's way)."""
    where = tmp_path_factory.mktemp("tzcompat-cache")
    monkeypatch.setenv("TZCOMPAT_CACHE_DIR", str(where))
    return where
