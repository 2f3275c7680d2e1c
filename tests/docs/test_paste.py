"""The examples work when pasted into a REPL, not only as doctests: what the copy button copies
(prompts and output removed), pasted line by line into an interactive console. A block that
defines two functions with no blank line between them passes as a doctest and fails as a
paste (the classic REPL ends a compound statement only at an empty line)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from ._pages import ROOT, blocks, is_session, pages

RUNNER = os.path.join(os.path.dirname(__file__), "_paste_page.py")
PAGES = [p for p in pages() if any(is_session(b) for b in blocks(p.read_text("utf-8")))]


def _paste(page) -> list[dict[str, object]]:
    env = dict(os.environ)
    env.pop("PYTHONTZPATH", None)  # the examples use the default data lookup
    proc = subprocess.run([sys.executable, RUNNER, str(page)], capture_output=True, text=True,
                          env=env, cwd=ROOT, timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return json.loads(proc.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_examples_paste_into_a_repl(page):
    wrong = [f"line {b['line'] + 1}: raised {b['raised']}, the page shows {b['expected']} "
             "traceback(s)" for b in _paste(page) if len(b["raised"]) != b["expected"]
             or "SyntaxError" in b["raised"]]
    assert not wrong, f"{page.name}:\n" + "\n".join(wrong)


def test_the_check_catches_two_defs_without_a_blank_line(tmp_path):
    page = tmp_path / "page.md"
    page.write_text("```pycon\n>>> def a():\n...     return 1\n>>> def b():\n...     return 2\n"
                    ">>> a() + b()\n3\n```\n")
    (block,) = _paste(page)
    assert "SyntaxError" in block["raised"]
    page.write_text("```pycon\n>>> def a():\n...     return 1\n...\n>>> def b():\n"
                    "...     return 2\n...\n>>> a() + b()\n3\n```\n")
    (block,) = _paste(page)
    assert block["raised"] == []
