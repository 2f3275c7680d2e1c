"""Compatibility names: the codemod now lives in ``_driver`` (entry points), ``_traversal``
(the transformer) and ``rules/``; existing importers of ``_codemod`` keep working."""

from __future__ import annotations

from ._codes import Finding
from ._driver import MigrateResult, migrate_module, migrate_source
from ._traversal import COMMENTS, MARKER_PREFIX, MARKERS, MESSAGES, Options

__all__ = [
    "COMMENTS",
    "MARKERS",
    "MARKER_PREFIX",
    "MESSAGES",
    "Finding",
    "MigrateResult",
    "Options",
    "migrate_module",
    "migrate_source",
]
