"""Fixtures for the core tests (the hypothesis profiles live in tests/conftest.py)."""

from __future__ import annotations

import zoneinfo

import pytest

import tzcompat


@pytest.fixture(autouse=True)
def _restore_tzpath():
    """Whatever a test does to TZPATH, put both modules back afterwards."""
    old_ours = tuple(tzcompat.TZPATH)
    old_ref = tuple(zoneinfo.TZPATH)
    yield
    if tuple(tzcompat.TZPATH) != old_ours:
        tzcompat.reset_tzpath(list(old_ours))
    if tuple(zoneinfo.TZPATH) != old_ref:
        zoneinfo.reset_tzpath(list(old_ref))
