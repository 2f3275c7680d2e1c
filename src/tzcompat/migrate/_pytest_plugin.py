"""Moved to ``tzcompat.shims.pytest_plugin``; this name still gives that module (deprecated)."""

from __future__ import annotations

import sys
import warnings

from ..shims import pytest_plugin as _moved

warnings.warn(
    "tzcompat.migrate._pytest_plugin moved to tzcompat.shims.pytest_plugin",
    DeprecationWarning,
    stacklevel=2,
)
sys.modules[__name__] = _moved
