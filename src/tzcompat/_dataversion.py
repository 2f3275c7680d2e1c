"""Data versions and file fingerprints: what a zoneinfo directory holds, and whether it moved.

The IANA version of a directory comes from its ``tzdata.zi`` or ``+VERSION`` file; a stat
signature (mtime, ctime, size, inode) tells that a file was rewritten or replaced without
reading it. Data is updated in place (OS packages, pip): versions are re-read whenever their
file's signature moves, and ``refresh()``/``watch()`` compare signatures.
"""

from __future__ import annotations

import os
import stat

from . import _tzpath

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import IO

__all__: list[str] = []

Signature = tuple[int, int, int, int]

# path of a version file -> (its stat signature, the version read from it)
_root_versions: dict[str, tuple[Signature, str | None]] = {}


def stat_signature(path: str) -> Signature | None:
    """What changes when a file is rewritten or replaced (mtime, ctime, size, inode),
    without reading it; None when ``path`` is not a regular file."""
    try:
        st = os.stat(path)
    except (OSError, ValueError):
        return None
    if not stat.S_ISREG(st.st_mode):
        return None
    return (st.st_mtime_ns, st.st_ctime_ns, st.st_size, st.st_ino)


def tree_signature(root: str) -> tuple[tuple[str, Signature], ...]:
    """The stat signature of every file under the zoneinfo directory ``root`` (sorted by
    path; the ``posix``/``right`` copies skipped): a few milliseconds for a full tree."""
    out = []
    stack = [root]
    while stack:
        folder = stack.pop()
        try:
            entries = os.scandir(folder)
        except (OSError, ValueError):
            continue
        with entries:
            for entry in entries:
                try:
                    if entry.is_dir(follow_symlinks=False):
                        if folder != root or entry.name not in ("posix", "right"):
                            stack.append(entry.path)
                        continue
                    st = entry.stat()
                except OSError:
                    continue  # removed meanwhile: its absence is the signature
                if stat.S_ISREG(st.st_mode):
                    out.append((entry.path, (st.st_mtime_ns, st.st_ctime_ns, st.st_size,
                                             st.st_ino)))
    out.sort()
    return tuple(out)


def _read_version(fobj: IO[bytes]) -> str | None:
    with fobj:
        head = fobj.read(200).decode("ascii", "replace")
    for line in head.splitlines():
        line = line.strip()
        if line.startswith("# version "):
            return line[len("# version ") :].strip() or None
        if line and not line.startswith("#"):
            return line if len(line) < 16 and " " not in line else None
    return None


def root_version(root: str) -> str | None:
    """The IANA version of the zoneinfo directory ``root``, from tzdata.zi or +VERSION.

    Each call stats the version file and re-reads it only when its signature changed, so
    the answer is never stale.
    """
    for name in ("tzdata.zi", "+VERSION"):
        path = os.path.join(root, name)
        sig = stat_signature(path)
        if sig is None:
            continue
        cached = _root_versions.get(path)
        if cached is not None and cached[0] == sig:
            version = cached[1]
        else:
            try:
                version = _read_version(open(path, "rb"))
            except OSError:
                version = None
            if len(_root_versions) > 64:
                _root_versions.clear()
            _root_versions[path] = (sig, version)
        if version:
            return version
    return None


def tzdata_version() -> str | None:
    """The IANA version of the tzdata package's data (None without the package)."""
    tzdata = _tzpath.tzdata_module()
    if tzdata is None:
        return None
    base = _tzpath.tzdata_dir(tzdata)
    # The package's own tzdata.zi tells what is on disk now (a pip upgrade in a running
    # process leaves the imported module's IANA_VERSION stale).
    return (base is not None and root_version(base)) or getattr(tzdata, "IANA_VERSION", None)


def version_key(version: str | None) -> tuple[int, int, str] | None:
    """An IANA version (``2025b``) as a sortable key; None when it is not one."""
    if not version or len(version) < 5 or not version[:4].isdigit():
        return None
    suffix = version[4:]
    if not (suffix.isalpha() and suffix.isascii()):
        return None
    return (int(version[:4]), len(suffix), suffix.lower())
