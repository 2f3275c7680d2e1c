"""The ``migrate`` command's cache: a second run on an unchanged tree costs only the reads.

Two tables, both keyed by the hash of a file's bytes: what the first pass learnt (the
``ast`` facts, see ``_project.FileScan``) and the codemod's result, which also depends on the
rest of the tree, so its key adds a fingerprint of the run (the index, the options). The
whole cache is dropped when tzcompat, Python or the codemod's own source changes. It is JSON
(never pickle: a cache directory may be shared or restored from CI storage).
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import re
import shutil
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from ._project import FileScan, ModuleFacts

DEFAULT_DIR = ".tzcompat_cache"
_STAMP = re.compile(r"[0-9a-f]{24}")  # the directory of one code stamp (blake2b, 12 bytes)
_FORMAT = 1


def _code_stamp() -> str:
    """Changes whenever tzcompat, Python or a source file of the codemod changes (an
    editable install keeps its version while its code moves on)."""
    from .. import __version__ as version

    parts = [str(_FORMAT), str(version), sys.version]
    here = Path(__file__).resolve().parent
    for path in sorted(here.rglob("*.py")):
        st = path.stat()
        parts.append(f"{path.relative_to(here)}:{st.st_size}:{st.st_mtime_ns}")
    return hashlib.blake2b("\n".join(parts).encode(), digest_size=12).hexdigest()


def _facts_to_json(facts: ModuleFacts) -> dict[str, object]:
    out: dict[str, object] = {}
    for f in dataclasses.fields(facts):
        value = getattr(facts, f.name)
        if isinstance(value, frozenset):
            value = sorted(value)
        elif isinstance(value, tuple):
            value = [list(v) for v in value]
        out[f.name] = value
    return out


def _facts_from_json(data: dict[str, object]) -> ModuleFacts:
    kwargs: dict[str, object] = {}
    for f in dataclasses.fields(ModuleFacts):
        value = data[f.name]
        default = f.default_factory() if f.default_factory is not dataclasses.MISSING else f.default
        if isinstance(default, frozenset):
            value = frozenset(value)  # type: ignore[call-overload]
        elif isinstance(default, tuple):
            value = tuple(tuple(v) for v in value)  # type: ignore[attr-defined]
        kwargs[f.name] = value
    return ModuleFacts(**kwargs)  # type: ignore[arg-type]


class Cache:
    """Loaded once per run, saved at the end with the entries this run used or made."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self._old_scans: dict[str, list[object]] = {}
        self._old_results: dict[str, dict[str, object]] = {}
        self._scans: dict[str, list[object]] = {}
        self._results: dict[str, dict[str, object]] = {}
        if path is not None and path.is_file():
            try:
                data = json.loads(path.read_text(encoding="utf-8"))
                self._old_scans = data["scans"]
                self._old_results = data["results"]
            except (OSError, ValueError, KeyError, TypeError):
                pass  # a damaged cache is an empty one

    @classmethod
    def open(cls, directory: str | os.PathLike[str], roots: Sequence[str]) -> Cache:
        """The cache for a run over ``roots`` (one file per set of roots and code stamp)."""
        where = Path(directory) / _code_stamp()
        key = "\n".join(sorted(os.path.abspath(r) for r in roots))
        name = hashlib.blake2b(key.encode(), digest_size=12).hexdigest() + ".json"
        return cls(where / name)

    @staticmethod
    def scan_key(digest: str, module: str, is_package: bool) -> str:
        return f"{digest}|{module}|{int(is_package)}"

    def get_scan(self, key: str, path: str) -> FileScan | None:
        entry = self._scans.get(key) or self._old_scans.get(key)
        if entry is None:
            return None
        self._scans[key] = entry
        digest, module, is_package = key.split("|")
        legacy, relevant, facts = entry
        return FileScan(
            path,
            module,
            is_package == "1",
            digest,
            bool(legacy),
            bool(relevant),
            None if facts is None else _facts_from_json(facts),  # type: ignore[arg-type]
        )

    def put_scan(self, scan: FileScan) -> None:
        if scan.error is not None or not scan.digest:
            return  # unreadable files are read again (the error must be reported)
        key = self.scan_key(scan.digest, scan.module, scan.is_package)
        facts = None if scan.facts is None else _facts_to_json(scan.facts)
        self._scans[key] = [scan.legacy, scan.relevant, facts]

    def get_result(self, key: str) -> dict[str, object] | None:
        entry = self._results.get(key) or self._old_results.get(key)
        if entry is not None:
            self._results[key] = entry
        return entry

    def put_result(self, key: str, value: dict[str, object]) -> None:
        self._results[key] = value

    def save(self) -> None:
        """Write the entries of this run (older ones are dropped); errors are ignored."""
        if self.path is None:
            return
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            ignore = self.path.parent.parent / ".gitignore"
            if not ignore.exists():
                ignore.write_text("# created by tzcompat migrate\n*\n", encoding="utf-8")
            data = {"scans": self._scans, "results": self._results}
            fd, tmp = tempfile.mkstemp(dir=self.path.parent, suffix=".tmp")
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                json.dump(data, f, separators=(",", ":"))
            os.replace(tmp, self.path)
            _prune(self.path.parent)
        except OSError:
            pass


def _prune(current: Path, age: float = 86400.0) -> None:
    """Remove the caches of other code stamps not used for ``age`` seconds (an edited
    checkout or an upgrade leaves one behind each time)."""
    now = time.time()
    for sibling in current.parent.iterdir():
        if sibling == current or not sibling.is_dir() or not _STAMP.fullmatch(sibling.name):
            continue
        try:
            if now - sibling.stat().st_mtime > age:
                shutil.rmtree(sibling, ignore_errors=True)
        except OSError:
            pass
