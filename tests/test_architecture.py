"""The architecture of docs/architecture.md, checked: the import contract, a back-arrow that
breaks it, what the run-time loads, and the wheel's content as the page lists it."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from collections import defaultdict
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "docs" / "architecture.md"
BEGIN, END = "<!-- wheel-content: begin -->", "<!-- wheel-content: end -->"


def _lint_imports(cwd: Path, src: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(src))
    # The import-linter command, from the environment that runs the tests.
    script = "from importlinter.cli import lint_imports_command; lint_imports_command()"
    return subprocess.run(
        [sys.executable, "-c", script, "--no-cache"],
        cwd=cwd, env=env, capture_output=True, text=True, timeout=300,
    )


def test_the_import_contract_holds() -> None:
    done = _lint_imports(ROOT, ROOT / "src")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "0 broken" in done.stdout


@pytest.mark.parametrize(
    ("module", "line", "broken"),
    [
        # The core importing an adapter: a back-arrow through the layers.
        ("_zoneinfo.py", "from . import pytz as _pytz_adapter  # noqa\n", "Layers"),
        # An adapter importing the codemod: both contracts.
        ("dateutil/_gettz.py", "import tzcompat.migrate._cli  # noqa\n", "codemod or LibCST"),
        # The shims importing LibCST.
        ("shims/_run.py", "import libcst  # noqa\n", "codemod or LibCST"),
        # A codemod rule importing the traversal (rules see it only as _rule.Context).
        ("migrate/rules/fold.py", "from .._traversal import Migrator  # noqa\n",
         "the registry, the traversal"),
        # A leaf of the codemod importing a sibling (the contract names them by a wildcard).
        ("migrate/_facts.py", "from . import _kinds  # noqa\n", "facts and rule specs"),
    ],
)
def test_a_forbidden_import_fails_the_contract(
    tmp_path: Path, module: str, line: str, broken: str
) -> None:
    shutil.copytree(ROOT / "src" / "tzcompat", tmp_path / "src" / "tzcompat",
                    ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / ".importlinter", tmp_path / ".importlinter")
    target = tmp_path / "src" / "tzcompat" / module
    target.write_text(target.read_text() + "\n" + line)
    done = _lint_imports(tmp_path, tmp_path / "src")
    assert done.returncode != 0, done.stdout
    assert "1 broken" in done.stdout or "2 broken" in done.stdout, done.stdout
    broken_part = done.stdout.split("Broken contracts", 1)[1]
    assert broken in broken_part, done.stdout


def test_the_run_time_loads_neither_codemod_nor_libcst() -> None:
    code = (
        "import sys\n"
        "import tzcompat, tzcompat.pytz, tzcompat.dateutil\n"
        "tzcompat.install(pytz=True)\n"
        "import pytz\n"
        "assert pytz is tzcompat.pytz\n"
        "from tzcompat.shims import audit, enable_warnings\n"
        "enable_warnings(); audit.enable(at_exit=False)\n"
        "loaded = [m for m in sys.modules if m == 'libcst' or m.startswith(('libcst.',\n"
        "          'tzcompat.migrate'))]\n"
        "print(loaded)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120, env=dict(os.environ, PYTHONPATH=str(ROOT / "src")))
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def _listing(names: list[str]) -> str:
    """The page's table: each package of the wheel with its modules and data files."""
    by_package: dict[str, list[str]] = defaultdict(list)
    for name in names:
        if ".dist-info/" in name:
            continue
        folder, _, leaf = name.rpartition("/")
        by_package[folder.replace("/", ".")].append(leaf)
    rows = ["| package | files |", "|---|---|"]
    for package in sorted(by_package):
        files = ", ".join(f"`{leaf}`" for leaf in sorted(by_package[package]))
        rows.append(f"| `{package}` | {files} |")
    return "\n".join(rows)


def _built_wheel(tmp_path: Path) -> list[str]:
    done = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q",
         "-w", str(tmp_path), str(ROOT)],
        capture_output=True, text=True, timeout=300,
    )
    assert done.returncode == 0, done.stderr
    (wheel,) = tmp_path.glob("tzcompat-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        return archive.namelist()


def test_the_page_lists_the_wheel(tmp_path: Path) -> None:
    listing = _listing(_built_wheel(tmp_path))
    text = PAGE.read_text()
    head, rest = text.split(BEGIN)
    _, tail = rest.split(END)
    want = f"{head}{BEGIN}\n{listing}\n{END}{tail}"
    if os.environ.get("TZCOMPAT_UPDATE_ARCHITECTURE") == "1":
        PAGE.write_text(want)
    assert text == want, "docs/architecture.md's wheel table is out of date (see the page)"
    # Nothing of the tests, docs or the drop-in is shipped; the codemod is (see the page).
    assert "| `tzcompat.migrate` |" in listing and "| `tzcompat.shims` |" in listing
    assert "tests" not in listing and "compat" not in listing.replace("tzcompat", "")
