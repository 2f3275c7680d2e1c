"""The corpus of real projects: the MANIFEST, the cache it is fetched into, and the checks.

Nothing here runs the network unless ``fetch`` is called (fetch.py, or CI's corpus step).
The cache lives outside git: ``$TZCOMPAT_CORPUS`` or ``~/.cache/tzcompat-corpus``; each
project is unpacked into ``<cache>/<project>-<version>/`` next to a ``.sha256`` stamp.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from dataclasses import dataclass
from pathlib import Path

MANIFEST = Path(__file__).with_name("MANIFEST")


@dataclass(frozen=True)
class Project:
    name: str
    version: str
    licence: str
    kind: str  # "sdist" or "wheel"
    file: str
    sha256: str
    paths: tuple[str, ...]

    @property
    def slug(self) -> str:
        return f"{self.name}-{self.version}"


def read_manifest(path: Path = MANIFEST) -> list[Project]:
    projects = []
    for line in path.read_text("utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        name, version, licence, kind, file, sha, paths = line.split("\t")
        projects.append(Project(name, version, licence, kind, file, sha, tuple(paths.split(","))))
    return projects


def cache_dir() -> Path:
    return Path(os.environ.get("TZCOMPAT_CORPUS") or Path.home() / ".cache" / "tzcompat-corpus")


def root(project: Project, cache: Path | None = None) -> Path:
    """Where the project's files are unpacked (the sdist's top folder, or the wheel's)."""
    return (cache or cache_dir()) / project.slug


def is_fetched(project: Project, cache: Path | None = None) -> bool:
    stamp = root(project, cache) / ".sha256"
    return stamp.is_file() and stamp.read_text().strip() == project.sha256


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _can_build_here() -> bool:
    try:
        import setuptools  # noqa: F401
        import wheel  # noqa: F401
    except ImportError:
        return False
    return True


def fetch(project: Project, cache: Path | None = None) -> Path:
    """Download the project's release with pip, check its sha256, and unpack it."""
    target = root(project, cache)
    if is_fetched(project, cache):
        return target
    with tempfile.TemporaryDirectory() as tmp:
        binary = ["--only-binary", ":all:"] if project.kind == "wheel" else ["--no-binary", ":all:"]
        argv = [sys.executable, "-m", "pip", "download", "--no-deps", "-q", *binary]
        if project.kind == "sdist" and _can_build_here():
            argv.append("--no-build-isolation")  # pip reads the sdist's metadata: 10x faster
        argv += [f"{project.name}=={project.version}", "-d", tmp]
        subprocess.run(argv, check=True, timeout=600)
        archive = Path(tmp) / project.file
        if not archive.is_file():
            got = ", ".join(p.name for p in Path(tmp).iterdir())
            raise RuntimeError(f"{project.slug}: pip gave {got}, expected {project.file}")
        digest = _sha256(archive)
        if digest != project.sha256:
            raise RuntimeError(f"{project.slug}: sha256 {digest}, MANIFEST says {project.sha256}")
        unpacked = Path(tmp) / "unpacked"
        if project.kind == "wheel":
            with zipfile.ZipFile(archive) as zf:
                zf.extractall(unpacked)
            top = unpacked
        else:
            with tarfile.open(archive) as tf:
                if sys.version_info >= (3, 12):
                    tf.extractall(unpacked, filter="data")
                else:
                    tf.extractall(unpacked)  # noqa: S202 - sha256-checked release
            (top,) = list(unpacked.iterdir())
        if target.exists():
            shutil.rmtree(target)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.move(str(top), target)
    (target / ".sha256").write_text(project.sha256 + "\n")
    return target


def python_files(project: Project, base: Path) -> list[Path]:
    """The MANIFEST's paths of the project under ``base``, as relative ``.py`` paths."""
    found: list[Path] = []
    for part in project.paths:
        top = base / part
        if top.is_file():
            found.append(Path(part))
        else:
            found.extend(sorted(p.relative_to(base) for p in top.rglob("*.py")))
    return found
