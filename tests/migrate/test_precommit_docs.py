"""The pre-commit configurations docs/codemod-ci.md gives, run by pre-commit itself.

The ``local`` block runs exactly as written. The other names a clone of tzcompat: the test
makes one from this checkout's tracked files, tags it as CONTRIBUTING.md's tag scheme says
(``v`` + the version in pyproject.toml) and puts its path in ``repo:``; ``rev:`` stays as
written, so a block whose tag does not follow the scheme fails here.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

from .. import _needs

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs" / "codemod-ci.md"

_needs.module("pre_commit")
yaml = _needs.module("yaml")
_needs.executable("git", "apt-get install git")

LEGACY = "import pytz\n\nZONE = pytz.timezone('Europe/Paris')\n"


def _blocks() -> list[str]:
    section = PAGE.read_text("utf-8").split("## pre-commit", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```yaml\n(.*?)```", section, re.S)


def _version() -> str:
    text = (ROOT / "pyproject.toml").read_text("utf-8")
    project = text.split("[project]", 1)[1]
    return re.search(r'^version = "([^"]+)"', project, re.M).group(1)  # type: ignore[union-attr]


def _env(tmp_path: Path) -> dict[str, str]:
    return {
        **os.environ,
        "PRE_COMMIT_HOME": str(tmp_path / "pre-commit-home"),
        "PATH": os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")]),
        "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.invalid",
        "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.invalid",
        "GIT_CONFIG_GLOBAL": os.devnull, "TZCOMPAT_CACHE_DIR": str(tmp_path / "cache"),
    }  # fmt: skip


def _git(where: Path, env: dict[str, str], *args: str) -> None:
    subprocess.run(["git", "-c", "init.defaultBranch=main", *args], cwd=where, env=env,
                   check=True, timeout=120, capture_output=True)


def _project(tmp_path: Path, env: dict[str, str], config: str) -> Path:
    where = tmp_path / "project"
    (where / "app").mkdir(parents=True)
    _git(where, env, "init", "-q")
    (where / ".pre-commit-config.yaml").write_text(config)
    (where / "app" / "__init__.py").write_text("")
    (where / "app" / "clean.py").write_text("X = 1\n")
    _git(where, env, "add", "-A")
    return where


def _run(where: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "pre_commit", "run", "--all-files"], cwd=where,
                          env=env, capture_output=True, text=True, timeout=600)


def _check(where: Path, env: dict[str, str]) -> None:
    done = _run(where, env)
    assert done.returncode == 0 and "Passed" in done.stdout, done.stdout + done.stderr
    (where / "app" / "zones.py").write_text(LEGACY)
    _git(where, env, "add", "-A")
    done = _run(where, env)
    assert done.returncode == 1 and "Failed" in done.stdout, done.stdout + done.stderr
    assert "1 of 3 files would be rewritten" in done.stdout


def test_the_docs_give_two_blocks() -> None:
    local, remote = _blocks()
    assert yaml.safe_load(local)["repos"][0]["repo"] == "local"
    assert yaml.safe_load(remote)["repos"][0]["rev"] == f"v{_version()}"  # the tag scheme


def test_local_block_works_as_written(tmp_path: Path) -> None:
    env = _env(tmp_path)
    local, _ = _blocks()
    _check(_project(tmp_path, env, local), env)


def test_repo_block_works_with_a_tagged_clone(tmp_path: Path) -> None:
    env = _env(tmp_path)
    _, remote = _blocks()
    rev = yaml.safe_load(remote)["repos"][0]["rev"]
    # A clone of this checkout's tracked files (as they are now), tagged by the scheme.
    clone = tmp_path / "tzcompat"
    clone.mkdir()
    files = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True,
                           check=True, timeout=60).stdout.decode().split("\0")
    for name in filter(None, files):
        if (ROOT / name).is_file():
            (clone / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, clone / name)
    _git(clone, env, "init", "-q")
    _git(clone, env, "add", "-A")
    _git(clone, env, "commit", "-q", "-m", "release")
    _git(clone, env, "tag", f"v{_version()}")
    written = re.search(r"^  - repo: (\S+)", remote, re.M)
    assert written is not None
    config = remote.replace(written.group(0), f"  - repo: {clone}")
    where = _project(tmp_path, env, config)
    assert yaml.safe_load(config)["repos"][0]["rev"] == rev
    _check(where, env)


def test_no_placeholder_is_left() -> None:
    text = PAGE.read_text("utf-8")
    assert "TZCOMPAT_GIT_URL" not in text
    for block in _blocks():
        for repo in yaml.safe_load(block)["repos"]:
            assert repo["repo"] == "local" or repo["rev"].startswith("v")

