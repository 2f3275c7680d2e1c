"""File I/O and digests: reading a source file as Python would decode it, the text tests that
decide whether it needs scanning, its digest (the cache key), and the index of many files."""

from __future__ import annotations

import hashlib
import os
import re
import tokenize
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from .. import _facts
from ._model import ModuleFacts, ProjectIndex, may_change
from ._naming import module_name_for
from ._scanner import scan_source


def _read(path: Path) -> str:
    with open(path, "rb") as f:
        encoding, _ = tokenize.detect_encoding(f.readline)
    with open(path, encoding=encoding) as f:
        return f.read()


# Text a module must contain for its facts to be more than empty, or for the codemod to do
# anything to it in a project that has pytz (a superset of the driver's own text test).
_RELEVANT_TEXT = _facts.PREFILTER


def _relevant(text: str) -> bool:
    if not any(k in text for k in _facts.PREFILTER_KEYWORDS):
        lowered = text.lower()
        if not any(k in lowered for k in _facts.PREFILTER_LOWER):
            return False
    return _RELEVANT_TEXT.search(text) is not None


@dataclass
class FileScan:
    """What the first pass learns about one file: enough to decide whether the codemod can
    change it, without LibCST. Plain data (it pickles to and from worker processes)."""

    path: str
    module: str
    is_package: bool
    digest: str = ""  #: of the file's bytes (the cache key)
    legacy: bool = False  #: the text names pytz or dateutil
    relevant: bool = False  #: the text has something the index or the rules look at
    facts: ModuleFacts | None = None  #: from ``ast``, for legacy and relevant files only
    error: str | None = None  #: cannot be read or decoded

    def candidate(self, index: ProjectIndex) -> bool:
        """True when the codemod must parse the file (it may change or report something)."""
        if self.error is not None:
            return False
        if self.legacy:
            return True
        if not (self.relevant and index.has_pytz):
            return False
        if self.facts is None or not self.facts.parsed:
            return True  # LibCST decides (and reports the syntax error, as before)
        return may_change(self.facts, index)


def decode(data: bytes) -> str:
    """The text of a source file, in the encoding Python itself would use (PEP 263)."""
    import io

    encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
    return data.decode(encoding)


def digest_of(data: bytes) -> str:
    return hashlib.blake2b(data, digest_size=16).hexdigest()


def scan_file(
    path: str | os.PathLike[str],
    module: str,
    is_package: bool,
    data: bytes | None = None,
    everything: bool = False,
) -> FileScan:
    """Read (unless ``data`` is given), classify and, when it can matter (or with
    ``everything``), index one file."""
    out = FileScan(os.fspath(path), module, is_package)
    try:
        if data is None:
            with open(path, "rb") as f:
                data = f.read()
        out.digest = digest_of(data)
        text = decode(data)
    except (OSError, UnicodeDecodeError, SyntaxError, LookupError) as exc:
        out.error = f"cannot read: {exc}"
        return out
    out.legacy = "pytz" in text or "dateutil" in text
    out.relevant = everything or out.legacy or _relevant(text)
    if out.relevant:
        out.facts = scan_source(text, module, is_package)
    return out


def relevant_name(name: str) -> bool:
    """True when every text using ``name`` as a word passes the text test (so it was indexed)."""
    return _RELEVANT_TEXT.search(name) is not None


def words_pattern(names: Iterable[str]) -> re.Pattern[bytes] | None:
    """A bytes pattern for any of ``names`` as a word (identifiers are ASCII in every
    encoding a source file may declare but UTF-16), or None for no names."""
    words = sorted(n for n in names if n.isascii())
    if not words:
        return None
    return re.compile(rb"\b(?:" + b"|".join(re.escape(w.encode()) for w in words) + rb")\b")


def mentions(path: str | os.PathLike[str], pattern: re.Pattern[bytes]) -> bool:
    """True when the file's bytes match ``pattern`` (from :func:`words_pattern`)."""
    try:
        with open(path, "rb") as f:
            return pattern.search(f.read()) is not None
    except OSError:
        return False


def index_from_scans(scans: Iterable[FileScan]) -> ProjectIndex:
    """The index of every scanned file; files not indexed are known by name only."""
    index = ProjectIndex()
    for scan in scans:
        if scan.facts is not None:
            index.modules[scan.module] = scan.facts
        elif scan.module not in index.modules:
            index.modules[scan.module] = ModuleFacts(scan.module, scan.is_package)
    index._resolve()
    return index


def build_index(files: Iterable[str | os.PathLike[str]]) -> ProjectIndex:
    """Index the given ``.py`` files (unreadable or unparsable ones contribute nothing)."""
    index = ProjectIndex()
    for raw in files:
        path = Path(raw)
        name, is_package = module_name_for(path)
        try:
            code = _read(path)
        except (OSError, UnicodeDecodeError, SyntaxError):
            continue
        index.modules[name] = scan_source(code, name, is_package)
    index._resolve()
    return index
