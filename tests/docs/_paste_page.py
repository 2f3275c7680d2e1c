"""Paste the examples of one page into an interactive console: ``python _paste_page.py PAGE``.

What is pasted is what the site's copy button copies (sphinx-copybutton with docs/conf.py's
settings: the lines after a prompt, prompts removed, output left out), fed line by line to
``code.InteractiveConsole``, the read-eval loop of ``python -i`` and of the classic REPL, as a
paste arrives. The blocks of a page go to one console in order (a reader pastes them into one
session). Prints one JSON object: for each block, the exceptions raised while pasting it
(``SyntaxError`` included) and the number of tracebacks its expected output shows.
"""

from __future__ import annotations

import code
import contextlib
import io
import json
import re
import runpy
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _pages import DOCS, blocks, is_session  # noqa: E402

CONF = runpy.run_path(str(DOCS / "conf.py"))


def copied(lines: list[str]) -> list[str]:
    """The text the copy button puts on the clipboard for a block's lines."""
    prompt = CONF["copybutton_prompt_text"]
    if not CONF.get("copybutton_prompt_is_regexp"):
        prompt = re.escape(prompt)
    pattern = re.compile(f"^({prompt})(.*)$")
    matches = [pattern.match(line) for line in lines]
    if not any(matches):
        return lines
    if not CONF.get("copybutton_only_copy_prompt_lines", True):
        return lines
    # prompt lines without their prompt, and empty lines (copybutton_copy_empty_lines)
    return [m.group(2) if m else line for m, line in zip(matches, lines)
            if m or not line.strip()]


class _Console(code.InteractiveConsole):
    def __init__(self) -> None:
        super().__init__({"__name__": "__console__"})
        self.raised: list[str] = []

    def showsyntaxerror(self, filename=None, **kwargs):  # noqa: ANN001
        self.raised.append(sys.exc_info()[0].__name__)  # type: ignore[union-attr]

    def showtraceback(self):
        self.raised.append(sys.exc_info()[0].__name__)  # type: ignore[union-attr]


def main(path: str) -> int:
    text = Path(path).read_text(encoding="utf-8")
    console = _Console()
    out = []
    for block in blocks(text):
        if not is_session(block):
            continue
        console.raised = []
        sink = io.StringIO()
        with contextlib.redirect_stdout(sink), contextlib.redirect_stderr(sink):
            for line in copied(block.lines):
                console.push(line)
            console.push("")  # the Enter after the paste
        expected = sum(line.startswith("Traceback (most recent call last)")
                       for line in block.lines)
        out.append({"line": block.start, "raised": console.raised, "expected": expected})
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
