"""The CLI's plan for one run: the shared project index and where the helpers live
(``--helpers``, ``--inline-helpers``; ``--index`` adds modules to the index)."""

from __future__ import annotations

import argparse
import os
from dataclasses import dataclass
from pathlib import Path

from ._project import ProjectIndex, module_name_for, top_package_dir


@dataclass(frozen=True)
class Plan:
    """Per-file codemod options for one CLI run: the shared index and where helpers live."""

    index: ProjectIndex
    #: ``--helpers PATH``: the one helper module of the run; None: one per top-level package
    helpers_file: str | None = None
    #: ``--inline-helpers``: paste the helpers into each module instead
    inline: bool = False

    def helper_file_for(self, path: str | os.PathLike[str]) -> Path | None:
        """The helper module file ``path`` imports from, or None when helpers go inline."""
        if self.inline:
            return None
        if self.helpers_file:
            return Path(self.helpers_file)
        top = top_package_dir(Path(path))
        return None if top is None else top / f"{_DEFAULT_MODULE}.py"

    def kwargs_for(self, path: str | os.PathLike[str]) -> dict[str, object]:
        """Keyword arguments of ``migrate_source`` for the file at ``path``."""
        name, _ = module_name_for(Path(path))
        helper = self.helper_file_for(path)
        helpers = module_name_for(helper)[0] if helper is not None else None
        return {"index": self.index, "module_name": name, "helpers": helpers}


_DEFAULT_MODULE = "_tzmigrate"  # the same as _helpers.DEFAULT_MODULE (that one needs no ast)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The CLI options for helper placement and the project index."""
    place = parser.add_mutually_exclusive_group()
    place.add_argument(
        "--helpers", metavar="FILE",
        help="write the shared helpers (_tz_localize, _tz_normalize, the time-error classes) "
        "to FILE, e.g. mypkg/_tzmigrate.py, and import them from there (default: "
        "_tzmigrate.py in the top-level package of each migrated file)",
    )  # fmt: skip
    place.add_argument(
        "--inline-helpers", action="store_true",
        help="paste the helpers into each module that needs them instead",
    )  # fmt: skip
    parser.add_argument(
        "--index", action="append", default=[], metavar="PATH",
        help="also read PATH (repeatable) for the project index: modules that create or "
        "receive pytz zones but are not migrated in this run",
    )  # fmt: skip
