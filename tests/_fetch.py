"""Release files the tests download themselves: pip into a cache, checked against pinned sha256s.

The peers' own test suites run from their sdists (tests/pytz/test_pytz_suite.py,
tests/dateutil/test_dateutil_suite.py), which are not vendored; the codemod corpus
(tests/migrate/corpus) uses the same cache lock. The cache is ``$TZCOMPAT_TEST_CACHE`` or
``~/.cache/tzcompat-tests``; a file already there with the pinned hash is not fetched again.
pip is the only network client (house rule: tests may fetch from package registries via pip).
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib.metadata
import os
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

from . import _needs

# (distribution, version) -> sha256 of its sdist on PyPI. The test extra pins these versions
# (pyproject.toml); a new release means a new line here.
SDISTS = {
    ("pytz", "2026.6"): "3b0fc2727707663d6e517936f444fd8a8b240f1fc32f4bf7ee03274245945284",
    ("python-dateutil", "4.0.0"):
        "d7295ff14fdc0f92f662100bfb6c551d160ca090f2939f1ec5b9794265c03f06",
    # dateutil 2.x's data search (its TZPATHS, then its bundled tarball), for the shims' data
    # warning (tests/shims/test_datanote.py); read from the sdist, not installed
    ("python-dateutil", "2.9.0.post0"):
        "37dd54208da7e1cd875388217d5e00ebd4179249f90fb72437e91a35459a0ad3",
}


def cache_dir() -> Path:
    given = os.environ.get("TZCOMPAT_TEST_CACHE")
    return Path(given) if given else Path.home() / ".cache" / "tzcompat-tests"


@contextlib.contextmanager
def locked(path: Path) -> Iterator[None]:
    """An exclusive lock on ``path`` (pytest-xdist workers may fetch the same file at once)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "a+b") as handle:
        try:
            import fcntl
        except ImportError:  # Windows: msvcrt's lock on the file's first byte
            import msvcrt

            handle.seek(0)
            msvcrt.locking(handle.fileno(), msvcrt.LK_LOCK, 1)
            try:
                yield
            finally:
                handle.seek(0)
                msvcrt.locking(handle.fileno(), msvcrt.LK_UNLCK, 1)
            return
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle.fileno(), fcntl.LOCK_UN)


def sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def pip_download(requirement: str, dest: Path, *, sdist: bool) -> None:
    """``pip download --no-deps`` one release file into ``dest`` (raises on failure)."""
    binary = ["--no-binary", ":all:"] if sdist else ["--only-binary", ":all:"]
    argv = [sys.executable, "-m", "pip", "download", "--no-deps", "-q",
            "--disable-pip-version-check", *binary, requirement, "-d", str(dest)]
    proc = subprocess.run(argv, capture_output=True, text=True, timeout=900)
    if proc.returncode:
        raise RuntimeError(f"pip download {requirement} failed:\n{proc.stderr[-2000:]}")


def sdist(distribution: str, version: str | None = None) -> Path:
    """The sdist of ``distribution`` (the installed version, or ``version``), from the cache or
    fetched by pip.

    A version with no pinned hash, or a download that fails, goes through :func:`_needs.need`
    (a failure under CI, a skip naming the fix elsewhere).
    """
    if version is None:
        try:
            version = importlib.metadata.version(distribution)
        except importlib.metadata.PackageNotFoundError:
            _needs.need(f"the distribution {distribution}")
    pinned = SDISTS.get((distribution, version))
    if pinned is None:
        _needs.need(f"a pinned sha256 for {distribution} {version}'s sdist",
                    f"add ({distribution!r}, {version!r}) to SDISTS in tests/_fetch.py")
    folder = cache_dir() / "sdists"
    with locked(folder / ".lock"):
        for found in folder.glob("*.tar.gz"):
            if found.name.lower().replace("_", "-").startswith(f"{distribution}-{version}.") \
                    and sha256(found) == pinned:
                return found
        with tempfile.TemporaryDirectory(dir=folder) as tmp:
            try:
                pip_download(f"{distribution}=={version}", Path(tmp), sdist=True)
            except (OSError, RuntimeError, subprocess.SubprocessError) as exc:
                _needs.need(f"{distribution} {version}'s sdist ({exc})",
                            "network access to the package index (pip fills the cache "
                            f"{cache_dir()} once)")
            (got,) = Path(tmp).iterdir()
            digest = sha256(got)
            if digest != pinned:
                raise AssertionError(f"{got.name}: sha256 {digest}, tests/_fetch.py pins {pinned}")
            target = folder / got.name
            os.replace(got, target)
            return target
