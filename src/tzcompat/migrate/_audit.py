"""Moved to ``tzcompat.shims.audit``; this name still gives that module (deprecated)."""

from __future__ import annotations

import sys
import warnings

from ..shims import audit as _moved

warnings.warn(
    "tzcompat.migrate._audit moved to tzcompat.shims.audit", DeprecationWarning, stacklevel=2
)
sys.modules[__name__] = _moved
