"""Output a user can apply (issue 25, item 4): the ``--diff`` of a run, ``git apply``-ed at the
repository root, creates the shared helper module where the migrated code imports it from; the
JSON ``changed`` list and the report name it the way they name the other files; and the import
of the helpers the codemod adds is where ruff's isort rules (``I001``) want it, with and without
a project configuration."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from datetime import timedelta
from pathlib import Path

import pytest

from .. import _needs

SRC = str(Path(__file__).resolve().parents[2] / "src")
GIT = shutil.which("git")
RUFF = shutil.which("ruff")


@pytest.fixture
def _git() -> None:
    if GIT is None:
        _needs.not_here("the git command is not on PATH", "apt-get install git")


@pytest.fixture
def _ruff() -> None:
    _needs.executable("ruff")


needs_git = pytest.mark.usefixtures("_git")
needs_ruff = pytest.mark.usefixtures("_ruff")

# localize() needs the helpers module; `import json` is a standard-library import, `import
# idna_like_dependency` a third-party one (ruff cannot find it: third-party by default), so the
# helpers' import has a third-party block to be kept out of.
ZONES = """\
import json

import pytz


def here(naive):
    return pytz.timezone('Europe/Paris').localize(naive)


def dumped(naive):
    return json.dumps(here(naive).isoformat())
"""
REPORT = """\
import idna_like_dependency
import pytz


def stamp(naive):
    return pytz.timezone('America/New_York').localize(naive), idna_like_dependency
"""


def _run(argv: list[str], cwd: Path, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": SRC + os.pathsep + os.environ.get("PYTHONPATH", "")}
    env.pop("PYTHONSAFEPATH", None)  # the migrated package is imported from the cwd
    return subprocess.run(
        argv, cwd=cwd, input=stdin, capture_output=True, text=True, env=env, timeout=300
    )


def _migrate(cwd: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    return _run([sys.executable, "-m", "tzcompat", "migrate", "--no-cache", *argv], cwd)


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    """A git repository with a package ``app`` and no configuration file."""
    root = tmp_path / "repo"
    (root / "app").mkdir(parents=True)
    (root / "app" / "__init__.py").write_text("")
    (root / "app" / "zones.py").write_text(ZONES)
    (root / "app" / "report.py").write_text(REPORT)
    if GIT is not None:
        assert _run([GIT, "init", "-q", "."], root).returncode == 0
    return root


@needs_git
def test_git_apply_of_the_diff_creates_the_helpers_where_the_code_imports_them(
    repo: Path,
) -> None:
    done = _migrate(repo, "--diff", "app")
    assert done.returncode == 0, done.stderr
    heads = [ln for ln in done.stdout.splitlines() if ln.startswith(("--- ", "+++ "))]
    assert "+++ b/app/_tzmigrate.py" in heads, heads
    assert not any(str(repo).lstrip("/") in ln for ln in heads), heads
    applied = _run([str(GIT), "apply", "-"], repo, stdin=done.stdout)
    assert applied.returncode == 0, applied.stderr
    assert (repo / "app" / "_tzmigrate.py").is_file()
    assert list(repo.rglob("_tzmigrate.py")) == [repo / "app" / "_tzmigrate.py"]
    assert "pytz" not in (repo / "app" / "zones.py").read_text()
    # the migrated module imports and runs (Paris is UTC+2 in July, UTC+1 in January)
    code = (
        "from datetime import datetime\n"
        "from app.zones import dumped, here\n"
        "print(here(datetime(2024, 7, 1, 12)).utcoffset().total_seconds())\n"
        "print(here(datetime(2024, 1, 1, 12)).utcoffset().total_seconds())\n"
        "print(dumped(datetime(2024, 7, 1, 12)))\n"
    )
    ran = _run([sys.executable, "-c", code], repo)
    assert ran.returncode == 0, ran.stderr
    summer, winter, text = ran.stdout.split()
    assert float(summer) == timedelta(hours=2).total_seconds()
    assert float(winter) == timedelta(hours=1).total_seconds()
    assert json.loads(text) == "2024-07-01T12:00:00+02:00"
    # applied, the tree is migrated: a second run has nothing to do
    assert _migrate(repo, "--check", "app").returncode == 0


def test_changed_list_and_report_name_the_helpers_like_the_other_files(repo: Path) -> None:
    done = _migrate(repo, "--check", "--output-format", "json", "app")
    assert done.returncode == 1, done.stderr
    changed = json.loads(done.stdout)["changed"]
    assert sorted(changed) == ["app/_tzmigrate.py", "app/report.py", "app/zones.py"]
    text = _migrate(repo, "--check", "app")
    assert any(ln.startswith("app/_tzmigrate.py: created: ") for ln in text.stderr.splitlines())
    assert str(repo) not in text.stderr
    # files given by absolute path: every path absolute, the helpers' too
    done = _migrate(repo, "--check", "--output-format", "json", str(repo / "app"))
    changed = json.loads(done.stdout)["changed"]
    assert all(Path(p).is_absolute() for p in changed), changed
    assert str(repo / "app" / "_tzmigrate.py") in changed
    # from inside the package: relative to that working directory
    done = _migrate(repo / "app", "--check", "--output-format", "json", "zones.py")
    assert sorted(json.loads(done.stdout)["changed"]) == ["_tzmigrate.py", "zones.py"]


def _ruff_i(path: Path, *options: str) -> list[str]:
    done = subprocess.run(
        [str(RUFF), "check", "--no-cache", "--select", "I", "--output-format", "json",
         *options, str(path)],
        capture_output=True, text=True, cwd=path.parents[1], timeout=60,
    )  # fmt: skip
    assert done.returncode in (0, 1), done.stderr
    return [f"{f['code']}:{f['location']['row']}" for f in json.loads(done.stdout)]


@needs_ruff
@pytest.mark.parametrize(
    "config",
    [
        None,  # no configuration file at all
        "[tool.ruff]\nline-length = 100\n",
        "[tool.ruff.lint.isort]\nforce-sort-within-sections = true\n",
        "[tool.ruff.lint.isort]\nknown-first-party = ['app']\n",
        # app is not under src: first-party only as the file's own package
        "[tool.ruff]\nsrc = ['lib']\n",
        "[tool.ruff]\nsrc = ['lib']\n[tool.ruff.lint.isort]\ndetect-same-package = false\n",
    ],
    ids=[
        "no-config", "ruff", "force-sort-within-sections", "known-first-party",
        "same-package", "not-same-package",
    ],
)  # fmt: skip
@pytest.mark.parametrize("git", [True, False], ids=["git", "no-git"])
def test_helpers_import_where_ruffs_isort_wants_it(
    tmp_path: Path, config: str | None, git: bool
) -> None:
    root = tmp_path / "project"
    (root / "app").mkdir(parents=True)
    (root / "app" / "__init__.py").write_text("")
    (root / "app" / "zones.py").write_text(ZONES)
    (root / "app" / "report.py").write_text(REPORT)
    if git:
        (root / ".git").mkdir()
    if config is not None:
        (root / "pyproject.toml").write_text(config)
    for path in (root / "app" / "zones.py", root / "app" / "report.py"):
        assert _ruff_i(path, *(["--isolated"] if config is None else [])) == []
    done = _migrate(root, "--write", "app")
    assert done.returncode == 0, done.stderr
    report = (root / "app" / "report.py").read_text()
    assert "from app._tzmigrate import _tz_localize" in report
    for path in (root / "app" / "zones.py", root / "app" / "report.py"):
        options = ["--isolated"] if config is None else []
        assert _ruff_i(path, *options) == [], path.read_text()
    lines = report.splitlines()
    helper = lines.index("from app._tzmigrate import _tz_localize")
    assert lines.index("import idna_like_dependency") < helper
    # first-party: a block of its own after the third-party one; else in that block
    first_party = "detect-same-package = false" not in (config or "")
    assert (lines[helper - 1] == "") is first_party, report
