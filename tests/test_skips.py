"""No test skips except through tests/_needs.py, which names what is missing and how to get it
(and fails under CI). Scans every Python file under tests/ for pytest's skip calls and marks and
for unittest's skip decorators."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from . import _needs

TESTS = Path(__file__).resolve().parent
ALLOWED = {TESTS / "_needs.py", Path(__file__).resolve()}  # this file tests the helpers
# pytest.skip / pytest.importorskip / pytest.xfail(run=False)-like escapes, pytest.mark.skip /
# skipif, unittest.skip / skipIf / skipUnless / SkipTest.
FORBIDDEN = {"skip", "importorskip", "skipif", "skipIf", "skipUnless", "SkipTest"}


def _offences(path: Path) -> list[str]:
    tree = ast.parse(path.read_bytes(), str(path))
    found = []
    for node in ast.walk(tree):
        name = None
        if isinstance(node, ast.Attribute) and node.attr in FORBIDDEN:
            name = node.attr
        elif isinstance(node, ast.ImportFrom) and node.module in ("pytest", "unittest"):
            name = next((a.name for a in node.names if a.name in FORBIDDEN), None)
        if name:
            found.append(f"{path.relative_to(TESTS.parent)}:{node.lineno}: {name}")
    return found


def test_no_skip_outside_needs():
    offences = [o for path in sorted(TESTS.rglob("*.py")) if path not in ALLOWED
                for o in _offences(path)]
    assert not offences, "skip through tests/_needs.py (need/module/not_here):\n" + "\n".join(
        offences)


def test_the_scanner_finds_each_form(tmp_path):
    sample = tmp_path / "t.py"
    sample.write_text(
        "import pytest, unittest\nfrom pytest import importorskip\n"
        "pytest.skip('x')\npytest.importorskip('y')\n@pytest.mark.skipif(True, reason='')\n"
        "def f(): pass\n@unittest.skipUnless(1, '')\ndef g(): raise unittest.SkipTest\n"
    )
    global TESTS
    saved, TESTS = TESTS, tmp_path
    try:
        kinds = [o.rsplit(": ", 1)[1] for o in _offences(sample)]
    finally:
        TESTS = saved
    assert sorted(kinds) == sorted(
        ["importorskip", "skip", "importorskip", "skipif", "skipUnless", "SkipTest"])


@pytest.mark.parametrize("ci", ["true", ""])
def test_a_missing_requirement_fails_under_ci_and_skips_otherwise(monkeypatch, ci):
    monkeypatch.setenv("CI", ci)
    expected = pytest.fail.Exception if ci else pytest.skip.Exception
    with pytest.raises(expected, match="enable with: pip install -e"):
        _needs.module("tzcompat_no_such_module")
    with pytest.raises(expected, match="enable with: apt-get install chromium"):
        _needs.not_here("no Chromium here", "apt-get install chromium")
    # a platform fact nothing can change skips even under CI
    with pytest.raises(pytest.skip.Exception, match="not on this platform"):
        _needs.not_here("a POSIX path layout (Windows)")
    assert _needs.module("json").dumps(1) == "1"
