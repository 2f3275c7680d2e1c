"""Is this module the real library? Decided by where it was loaded from, never by its path's
words: a checkout cloned into a folder named ``tzcompat`` (or ``compat``) puts that word in
every path of its virtual environment.

The real library is a file that its installed distribution put on disk (the distribution's
RECORD), and that distribution is not tzcompat's drop-in (``compat/pytz`` is also named
``pytz``; its version carries ``+tzcompat``).
"""

from __future__ import annotations

import importlib.metadata
import os
from types import ModuleType


def _same(a: str, b: str) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


def installed_by(path: str, distribution: str) -> bool:
    """Whether the file ``path`` is one that the installed ``distribution`` put on disk, and
    that distribution is the original (not tzcompat's drop-in of the same name)."""
    try:
        dist = importlib.metadata.distribution(distribution)
    except importlib.metadata.PackageNotFoundError:
        return False
    if "tzcompat" in dist.version:
        return False
    name = os.path.basename(path)
    return any(entry.name == name and _same(str(dist.locate_file(entry)), path)
               for entry in dist.files or ())


def is_real(module: ModuleType, distribution: str) -> bool:
    """Whether ``module`` was loaded from the files of the installed ``distribution``."""
    path = getattr(module, "__file__", None)
    return bool(path) and installed_by(path, distribution)
