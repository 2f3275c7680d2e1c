"""Stable codes for everything the codemod reports.

A code never changes meaning once released: reports, ``--select``/``--ignore`` and
``# tzcompat: ignore[CODE]`` comments in users' code refer to it. Ranges:

- ``TZM0xx`` rewrites (safe: meaning kept exactly),
- ``TZM1xx`` markers (display-only: a human decides; some have an opt-in unsafe fix),
- ``TZM2xx`` notes (rewritten; a documented edge case differs).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

__all__ = ["BY_NAME", "CODES", "CodeInfo", "Finding", "code_for", "matches"]


@dataclass(frozen=True)
class CodeInfo:
    """One reportable condition."""

    code: str  #: e.g. "TZM102"
    name: str  #: the name shown in marker comments, e.g. "aware-arithmetic"
    kind: str  #: "rewrite", "marker" or "note"
    #: "safe" (applied by default), "unsafe" (applied with --unsafe-fixes) or "none"
    fix: str = "none"


_TABLE: tuple[tuple[str, str, str], ...] = (
    ("TZM001", "normalize-absolute", "rewrite"),
    ("TZM101", "normalize-arithmetic", "marker"),
    ("TZM102", "aware-arithmetic", "marker"),
    ("TZM103", "tzinfo-identity", "marker"),
    ("TZM104", "lmt", "marker"),
    ("TZM105", "zone-attribute", "marker"),
    ("TZM106", "tzname-none", "marker"),
    ("TZM107", "is-dst-method", "marker"),
    ("TZM108", "is-dst-ignored", "marker"),
    ("TZM109", "utc-identity", "marker"),
    ("TZM110", "duck-typing", "marker"),
    ("TZM111", "pytz-type-check", "marker"),
    ("TZM112", "pytz-private", "marker"),
    ("TZM113", "bound-method", "marker"),
    ("TZM114", "pytz-method", "marker"),
    ("TZM115", "gettz-dynamic", "marker"),
    ("TZM116", "gettz-key", "marker"),
    ("TZM117", "gettz-local", "marker"),
    ("TZM118", "timezone-key", "marker"),
    ("TZM119", "tzoffset-name", "marker"),
    ("TZM120", "tzoffset-dynamic", "marker"),
    ("TZM121", "time-errors-foreign", "marker"),
    ("TZM122", "star-import", "marker"),
    ("TZM123", "unsupported", "marker"),
    ("TZM124", "call-shape", "marker"),
    ("TZM125", "re-exported", "marker"),
    ("TZM126", "unknown-timezone-valueerror", "marker"),
    ("TZM201", "timezone-dynamic", "note"),
    ("TZM202", "timezone-case", "note"),
    ("TZM203", "localize-receiver", "note"),
    ("TZM204", "fixed-offset", "note"),
    ("TZM205", "utc-dst", "note"),
    ("TZM206", "unknown-timezone-error", "note"),
    ("TZM207", "time-errors", "note"),
    ("TZM208", "utc-zoneinfo", "note"),
    ("TZM209", "available-timezones", "note"),
)

CODES: dict[str, CodeInfo] = {c: CodeInfo(c, name, kind) for c, name, kind in _TABLE}
BY_NAME: dict[str, CodeInfo] = {info.name: info for info in CODES.values()}


def code_for(name: str) -> str:
    """The stable code of a marker/note/rewrite name (KeyError for an unknown name)."""
    return BY_NAME[name].code


def matches(name: str, patterns: Iterable[str]) -> bool:
    """True when the code of ``name`` (or the name itself) is one of ``patterns``, or starts
    with one of them ("TZM1" covers every marker)."""
    info = BY_NAME.get(name)
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
    with ``--unsafe-fixes``), "marker" (left for a human) or "note" (rewritten, an edge
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
