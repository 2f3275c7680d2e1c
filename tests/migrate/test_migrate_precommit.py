"""The pre-commit hooks of .pre-commit-hooks.yaml, run by pre-commit itself on a new git repo.

``pre-commit try-repo`` reads the hooks from this checkout's working tree. The ``system``
hook runs the tzcompat of this environment (no download); the ``python`` hook (the one for
users) differs only in that pre-commit installs tzcompat and libcst into its own virtualenv,
which needs a package index, so here its definition is checked to match.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from .. import _needs

ROOT = Path(__file__).resolve().parents[2]
LEGACY = "import pytz\n\nZONE = pytz.timezone('Europe/Paris')\n"
# a module that only receives zones: it needs the index of the rest of the repository
USER = "from app.zones import ZONE\n\n\ndef local(dt):\n    return ZONE.localize(dt)\n"

_needs.module("pre_commit")
yaml = _needs.module("yaml")
_needs.executable("git", "apt-get install git")


def _hooks() -> dict[str, dict[str, object]]:
    hooks = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text())
    return {h["id"]: h for h in hooks}


def test_both_hooks_run_the_same_check() -> None:
    hooks = _hooks()
    user, system = hooks["tzcompat-migrate"], hooks["tzcompat-migrate-system"]
    assert user["entry"] == system["entry"]
    assert "--check" in str(user["entry"]) and "--index ." in str(user["entry"])
    assert user["language"] == "python" and system["language"] == "system"
    assert any("libcst" in d for d in user["additional_dependencies"])  # type: ignore[attr-defined]
    assert user["types"] == system["types"] == ["python"]
    assert user["require_serial"] is system["require_serial"] is True  # one index per run


@pytest.fixture
def repo(tmp_path: Path) -> tuple[Path, dict[str, str]]:
    where = tmp_path / "repo"
    (where / "app").mkdir(parents=True)
    env = {
        **os.environ,
        "PRE_COMMIT_HOME": str(tmp_path / "pre-commit-home"),
        "PATH": os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")]),
        "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.invalid",
        "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.invalid",
        "TZCOMPAT_CACHE_DIR": str(tmp_path / "cache"),
    }  # fmt: skip
    subprocess.run(["git", "init", "-q", str(where)], check=True, env=env, timeout=60)
    (where / "app" / "__init__.py").write_text("")
    (where / "app" / "zones.py").write_text(LEGACY)
    (where / "app" / "user.py").write_text(USER)
    (where / "app" / "clean.py").write_text("X = 1\n")
    return where, env


def _try_repo(where: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    argv = [sys.executable, "-m", "pre_commit", "try-repo", str(ROOT), "tzcompat-migrate-system"]
    return subprocess.run(
        argv, cwd=where, env=env, capture_output=True, text=True, timeout=300, check=False
    )


def _git(where: Path, env: dict[str, str], *args: str) -> None:
    subprocess.run(["git", *args], cwd=where, env=env, check=True, timeout=60)


def test_hook_checks_the_staged_files_with_the_whole_index(
    repo: tuple[Path, dict[str, str]],
) -> None:
    where, env = repo
    _git(where, env, "add", "app/__init__.py", "app/clean.py")
    done = _try_repo(where, env)
    assert done.returncode == 0, done.stdout + done.stderr  # nothing staged needs migrating
    assert "Passed" in done.stdout

    _git(where, env, "add", "app/user.py")  # receives pytz zones from the unstaged zones.py
    done = _try_repo(where, env)
    assert done.returncode == 1, done.stdout + done.stderr
    # user.py and the helper module it would import: without the index (zones.py makes the
    # zones) no file here has pytz, so user.py's ZONE.localize() would be left alone
    assert "Failed" in done.stdout
    assert "1 of 3 files would be rewritten, would create _tzmigrate.py" in done.stdout
    assert "_tzmigrate.py: created" in done.stdout
    assert "app/zones.py" not in done.stdout  # not staged: only read for the index

    subprocess.run(
        [sys.executable, "-m", "tzcompat", "migrate", "--write", "--no-progress", "app"],
        cwd=where, env=env, check=True, capture_output=True, timeout=300,
    )  # fmt: skip
    _git(where, env, "add", "-A")
    done = _try_repo(where, env)
    assert done.returncode == 0, done.stdout + done.stderr
