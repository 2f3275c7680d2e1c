"""The pages of the documentation site, and the fenced code blocks in them."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"

# Languages whose blocks hold Python sessions (run as doctests) or Python code (compiled).
PYTHON_LANGUAGES = {"pycon", "python", "py", "python3", "default", ""}
_FENCE = re.compile(r"^(?P<indent> *)(?P<fence>`{3,}|~{3,})(?P<info>.*)$")


def pages() -> list[Path]:
    """Every Markdown page of the site, plus the files the site includes and the README."""
    found = sorted(DOCS.rglob("*.md"))
    return [*found, ROOT / "README.md", ROOT / "migration_guide.md"]


@dataclass
class Block:
    language: str
    start: int  # 0-based index of the first line inside the fence
    lines: list[str]


def blocks(text: str) -> list[Block]:
    """The fenced code blocks of a Markdown text, with their first line's position."""
    out: list[Block] = []
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        m = _FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        fence, info = m["fence"], m["info"].strip()
        # MyST directives ({toctree}, {eval-rst}, {include}) are not code.
        language = info.split()[0] if info else ""
        body_start = i + 1
        j = body_start
        while j < len(lines):
            close = _FENCE.match(lines[j])
            if close and close["fence"][0] == fence[0] and len(close["fence"]) >= len(fence) \
                    and not close["info"].strip():
                break
            j += 1
        out.append(Block(language, body_start, lines[body_start:j]))
        i = j + 1
    return out


def is_session(block: Block) -> bool:
    return block.language in PYTHON_LANGUAGES and any(
        line.lstrip().startswith(">>>") for line in block.lines
    )
