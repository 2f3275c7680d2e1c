"""Stable codes for everything the codemod reports.

A code never changes meaning once released: reports, ``--select``/``--ignore`` and
``# tzcompat: ignore[CODE]`` comments in users' code refer to it. Ranges:

- ``TZM0xx`` rewrites (safe: meaning kept exactly),
- ``TZM1xx`` markers (display-only: a human decides; some have an opt-in unsafe fix),
- ``TZM2xx`` notes (rewritten; a documented edge case differs).

Each rule of ``rules/`` declares the codes it reports (``RULE.codes``, of
``_spec.CodeInfo``), each code in exactly one rule; ``CODES`` and
``BY_NAME`` here collect them on first use, so importing this module stays cheap.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ._spec import FIXES, KINDS, CodeInfo

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = ["BY_NAME", "CODES", "FIXES", "KINDS", "CodeInfo", "Finding", "code_for", "matches"]  # noqa: F822

_REGISTRY: tuple[dict[str, CodeInfo], dict[str, CodeInfo]] | None = None


def _collect() -> tuple[dict[str, CodeInfo], dict[str, CodeInfo]]:
    global _REGISTRY
    if _REGISTRY is None:
        from .rules import RULES

        infos = sorted((info for rule in RULES for info in rule.codes), key=lambda i: i.code)
        codes = {info.code: info for info in infos}
        names = {info.name: info for info in infos}
        if len(codes) != len(infos) or len(names) != len(infos):
            raise RuntimeError("two rules declare the same code or name")
        _REGISTRY = codes, names
    return _REGISTRY


def __getattr__(name: str) -> Any:
    if name == "CODES":
        return _collect()[0]
    if name == "BY_NAME":
        return _collect()[1]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def info_for(name: str) -> CodeInfo:
    """The registry entry of a marker/note/rewrite name (KeyError for an unknown name)."""
    return _collect()[1][name]


def code_for(name: str) -> str:
    """The stable code of a marker/note/rewrite name (KeyError for an unknown name)."""
    return info_for(name).code


def matches(name: str, patterns: Iterable[str]) -> bool:
    """True when the code of ``name`` (or the name itself) is one of ``patterns``, or starts
    with one of them ("TZM1" covers every marker)."""
    info = _collect()[1].get(name)
    code = info.code if info else ""
    for pattern in patterns:
        pattern = pattern.strip()
        if pattern and (pattern == name or (code and code.startswith(pattern.upper()))):
            return True
    return False


@dataclass(frozen=True)
class Finding:
    """One line of the report.

    ``kind`` is "rewrite" (made, meaning kept), "fix" (an unsafe fix applied at a marked site,
    with ``unsafe_fixes``), "marker" (left for a human) or "note" (rewritten, an edge
    differs). ``code`` is the name shown in marker comments; :attr:`tzm_code` the stable code.
    """

    line: int
    column: int
    kind: str
    code: str
    message: str
    #: the replacement text when the codemod can write one (applied for "rewrite"/"fix")
    fix: str | None = None

    @property
    def tzm_code(self) -> str:
        return code_for(self.code)
