"""The package's metadata says what is tested: the Python versions, the project URLs (none until
there is a real home, CONTRIBUTING.md says why) and the tag scheme."""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = (ROOT / "pyproject.toml").read_text("utf-8")
CONTRIBUTING = (ROOT / "CONTRIBUTING.md").read_text("utf-8")
# The versions CI runs the suite on: the default Python of .ci/run (the whole suite) and its
# OTHER_PYTHONS (the version-sensitive parts). README and classifiers say exactly these.
TESTED = ("3.11", "3.12", "3.13", "3.14", "3.15")
CI_RUN = (ROOT / ".ci" / "run").read_text("utf-8")


def _table(name: str) -> str:
    match = re.search(rf"^\[{re.escape(name)}\]\n(.*?)(?=^\[|\Z)", PYPROJECT, re.M | re.S)
    return match.group(1) if match else ""


def test_classifiers_name_the_tested_versions_only() -> None:
    claimed = re.findall(r'"Programming Language :: Python :: (3\.\d+)"', PYPROJECT)
    assert tuple(claimed) == TESTED
    assert f'requires-python = ">={TESTED[0]}"' in PYPROJECT
    readme = (ROOT / "README.md").read_text("utf-8")
    assert f"Python {TESTED[0]} to {TESTED[-1]}" in readme
    started = (ROOT / "docs" / "getting-started.md").read_text("utf-8")
    assert f"Python {TESTED[0]} to {TESTED[-1]}" in started
    compat = (ROOT / "compat" / "pytz" / "pyproject.toml").read_text("utf-8")
    assert f'requires-python = ">={TESTED[0]}"' in compat
    assert f"{sys.version_info[0]}.{sys.version_info[1]}" in TESTED  # this run is one of them


def test_ci_runs_the_claimed_versions() -> None:
    """.ci/run's matrix is the claim: its default Python (the oldest claimed, the CI machines'
    python3) and the other Pythons it runs, 3.14 and 3.15 from the Debian root."""
    others = re.search(r"^OTHER_PYTHONS=\(([^)]*)\)", CI_RUN, re.M)
    assert others is not None
    assert (TESTED[0], *others.group(1).split()) == TESTED
    for version in ("3.14", "3.15"):
        assert f"python{version}," in (ROOT / ".ci" / "newer-pythons").read_text("utf-8")


def test_project_urls_are_real_or_absent_with_a_reason() -> None:
    urls = _table("project.urls")
    if urls.strip():
        for line in filter(None, (ln.strip() for ln in urls.splitlines())):
            value = line.split("=", 1)[1].strip().strip('"')
            assert value.startswith("https://") and "placeholder" not in value, line
            assert "example" not in value, line
    else:
        assert "**No `[project.urls]`**" in CONTRIBUTING


def test_tag_scheme_is_documented() -> None:
    version = re.search(r'^version = "([^"]+)"', _table("project"), re.M)
    assert version is not None
    assert f"`v` + that version (`v{version.group(1)}`)" in CONTRIBUTING


def _layout() -> str:
    section = CONTRIBUTING.split("## Layout and ownership\n", 1)[1]
    return section.split("```\n", 1)[1].split("```", 1)[0]


def test_contributing_layout_matches_the_tree() -> None:
    """Every module and package of src/tzcompat, every test directory and benchmark is in
    CONTRIBUTING.md's layout, and every path the layout names exists."""
    layout = _layout()
    missing = []
    src = ROOT / "src" / "tzcompat"
    for entry in sorted(src.iterdir()):
        if entry.name == "__pycache__":
            continue
        name = f"src/tzcompat/{entry.name}" + ("/" if entry.is_dir() else "")
        if name not in layout:
            missing.append(name)
    for entry in sorted((ROOT / "tests").iterdir()):
        if entry.is_dir() and entry.name != "__pycache__" and f"tests/{entry.name}" not in layout:
            missing.append(f"tests/{entry.name}")
    for entry in sorted((ROOT / "benchmarks").glob("*.py")):
        if entry.stem not in layout:
            missing.append(f"benchmarks/{entry.name}")
    assert not missing, f"CONTRIBUTING.md's layout lacks {missing}"
    named = re.findall(r"(?:^|[\s,(])((?:src|tests|compat|docs|benchmarks)/[\w./]*)", layout)
    stale = [n for n in named if not (ROOT / n.rstrip(",.")).exists()]
    assert not stale, f"CONTRIBUTING.md's layout names what does not exist: {stale}"
