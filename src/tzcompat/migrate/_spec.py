"""What a rule declares about itself: its codes (:class:`CodeInfo`) and its examples
(:class:`Example`). A leaf module: the registry (``_codes``), the rules and the generated
rule pages read it, and it imports nothing of the codemod."""

from __future__ import annotations

from dataclasses import dataclass

#: what a code reports: a rewrite made, a marker left for a human, a note on a rewrite
KINDS = ("rewrite", "marker", "note")
#: the fix class: applied by default, applied with --unsafe-fixes, or none
FIXES = ("safe", "unsafe", "none")


@dataclass(frozen=True)
class CodeInfo:
    """One reportable condition."""

    code: str  #: e.g. "TZM102"
    name: str  #: the name shown in marker comments, e.g. "aware-arithmetic"
    kind: str  #: "rewrite", "marker" or "note"
    #: "safe" (applied by default), "unsafe" (applied with --unsafe-fixes) or "none"
    fix: str = "none"
    #: the report's text (what changed, what to do)
    message: str = ""
    #: markers: the short text of the comment written above the statement
    comment: str = ""
    #: markers with an unsafe fix: what the fix writes and what it changes
    fix_note: str = ""


@dataclass(frozen=True)
class Example:
    """One example of a rule: ``before`` migrates to ``after`` (None: left as it is),
    reporting exactly the names in ``codes`` (rewrites included).

    An example left as it is and reporting nothing is a *valid* one (code the rule must not
    touch, Fixit's VALID); every other example is *invalid* (the rule acts)."""

    before: str
    after: str | None = None
    codes: tuple[str, ...] = ()
    #: keyword arguments for migrate_source (e.g. unsafe_fixes=True)
    options: tuple[tuple[str, object], ...] = ()

    @property
    def valid(self) -> bool:
        return self.after is None and not self.codes
