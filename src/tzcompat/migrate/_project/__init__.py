"""The project index: what rewriting one module needs to know about the others.

Migrating the module that *creates* pytz zones changes what every module it hands them to
receives: ``zone.localize(...)`` three imports away stops working. So the codemod first reads the
whole tree (with ``ast``: cheap, no LibCST) and records which names hold pytz zones, which
functions return them and which modules raise pytz's time errors. The index is plain data, so it
pickles into worker processes.

One module per concern, each importing only those above it:

- ``_model``: ``ModuleFacts``, ``ProjectIndex`` and the gate ``may_change``,
- ``_naming``: dotted module names of files, top packages, relative names,
- ``_scanner``: ``scan_source``, one module's facts from ``ast``,
- ``_files``: reading and decoding files, digests, the text tests, indexes of files.

The CLI's options for helper placement and the index live with the CLI (``_plan``).
"""

from __future__ import annotations

from ._files import (
    FileScan,
    _relevant,
    build_index,
    decode,
    digest_of,
    index_from_scans,
    mentions,
    relevant_name,
    scan_file,
    words_pattern,
)
from ._model import ModuleFacts, ProjectIndex, may_change, takes_aware
from ._naming import ModuleNames, module_name_for, resolve_relative, top_package_dir
from ._scanner import _attached, index_sources, scan_source, zone_aware_call

__all__ = [
    "FileScan",
    "ModuleFacts",
    "ModuleNames",
    "ProjectIndex",
    "_attached",
    "_relevant",
    "build_index",
    "decode",
    "digest_of",
    "index_from_scans",
    "index_sources",
    "may_change",
    "mentions",
    "module_name_for",
    "relevant_name",
    "resolve_relative",
    "scan_file",
    "scan_source",
    "takes_aware",
    "top_package_dir",
    "words_pattern",
    "zone_aware_call",
]
