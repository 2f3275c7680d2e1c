"""Fetch the corpus listed in MANIFEST into the cache (pip download, sha256-checked).

    python tests/migrate/corpus/fetch.py [PROJECT ...]

The cache is ``$TZCOMPAT_CORPUS`` or ``~/.cache/tzcompat-corpus``; projects already there (same
sha256) are not fetched again. Exit status 1 if any project could not be fetched or verified.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import _corpus  # noqa: E402


def main(argv: list[str]) -> int:
    wanted = {a.lower() for a in argv}
    status = 0
    for project in _corpus.read_manifest():
        if wanted and project.name.lower() not in wanted:
            continue
        try:
            where = _corpus.fetch(project)
        except (OSError, RuntimeError, subprocess.SubprocessError) as exc:
            print(f"corpus: {project.slug}: {exc}", file=sys.stderr)
            status = 1
            continue
        print(f"corpus: {project.slug} ({project.licence}) in {where}")
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
