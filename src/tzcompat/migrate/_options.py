"""What the user chose to see and to have fixed, and the module's ignore comments: the
traversal's ``options``, which rules read (``m.options.unsafe_fixes``)."""

from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import dataclass, field

from . import _codes

_IGNORE = re.compile(r"#\s*tzcompat:\s*ignore\b(?:\[([^\]]*)\])?")


@dataclass(frozen=True)
class Options:
    """What the user chose to see and to have fixed (``--select``/``--ignore``/
    ``--unsafe-fixes``), and the ``# tzcompat: ignore[...]`` comments of the module."""

    select: tuple[str, ...] | None = None
    ignore: tuple[str, ...] = ()
    unsafe_fixes: bool = False
    #: line -> the codes silenced there (None: every code), from ignore comments
    silenced: dict[int, frozenset[str] | None] = field(default_factory=dict)
    #: the lines of ``silenced`` that hold only the comment (they cover the next line)
    own_line: frozenset[int] = frozenset()

    @classmethod
    def build(
        cls,
        source: str,
        select: Collection[str] | None = None,
        ignore: Collection[str] = (),
        unsafe_fixes: bool = False,
    ) -> Options:
        silenced: dict[int, frozenset[str] | None] = {}
        own_line: set[int] = set()
        if "tzcompat:" in source:
            for number, line in enumerate(source.splitlines(), 1):
                found = _IGNORE.search(line)
                if found is not None:
                    codes = found.group(1)
                    silenced[number] = (
                        None
                        if codes is None
                        else frozenset(c.strip() for c in codes.split(",") if c.strip())
                    )
                    if line.lstrip().startswith("#"):
                        own_line.add(number)
        return cls(
            None if select is None else tuple(select),
            tuple(ignore),
            unsafe_fixes,
            silenced,
            frozenset(own_line),
        )

    def reported(self, name: str, line: int, first: int) -> bool:
        """True when marker/note ``name`` is reported at ``line`` of a statement starting on
        line ``first`` (an ignore comment there or on its own line just above silences it)."""
        if self.select is not None and not _codes.matches(name, self.select):
            return False
        if self.ignore and _codes.matches(name, self.ignore):
            return False
        above = first - 1 if first - 1 in self.own_line else first
        for where in {line, first, above}:
            if where in self.silenced:
                codes = self.silenced[where]
                if codes is None or _codes.matches(name, codes):
                    return False
        return True
