"""Module naming: the dotted name of a file (from the ``__init__.py`` files above it), its top
package, and relative names resolved against a module."""

from __future__ import annotations

import os
from pathlib import Path


def module_name_for(path: Path) -> tuple[str, bool]:
    """(dotted module name, is a package ``__init__``), from the ``__init__.py`` files above."""
    path = Path(os.path.abspath(path))
    is_package = path.stem == "__init__"
    parts = [] if is_package else [path.stem]
    folder = path.parent
    while (folder / "__init__.py").exists() and folder.parent != folder:
        parts.insert(0, folder.name)
        folder = folder.parent
    return ".".join(parts) or path.stem, is_package


def top_package_dir(path: Path) -> Path | None:
    """The directory of the outermost package holding ``path``, or None for a loose script."""
    folder = Path(os.path.abspath(path)).parent
    if not (folder / "__init__.py").exists():
        return None
    while (folder.parent / "__init__.py").exists() and folder.parent != folder:
        folder = folder.parent
    return folder


def resolve_relative(name: str, module: str | None, is_package: bool) -> str:
    """``.conf.TZ`` seen in ``module`` -> ``pkg.conf.TZ``; absolute names unchanged."""
    if not name.startswith(".") or not module:
        return name
    level = len(name) - len(name.lstrip("."))
    parts = module.split(".")
    if not is_package:
        parts = parts[:-1]
    if level > 1:
        parts = parts[: len(parts) - (level - 1)]
    rest = name[level:]
    return ".".join([*parts, rest] if rest else parts)


class ModuleNames:
    """``module_name_for`` with the ``__init__.py`` look-ups cached per directory."""

    def __init__(self) -> None:
        self._dirs: dict[Path, list[str]] = {}

    def _parts(self, folder: Path) -> list[str]:
        found = self._dirs.get(folder)
        if found is None:
            if folder.parent != folder and (folder / "__init__.py").exists():
                found = [*self._parts(folder.parent), folder.name]
            else:
                found = []
            self._dirs[folder] = found
        return found

    def __call__(self, path: str | os.PathLike[str]) -> tuple[str, bool]:
        absolute = Path(os.path.abspath(path))
        is_package = absolute.stem == "__init__"
        parts = list(self._parts(absolute.parent))
        if not is_package:
            parts.append(absolute.stem)
        return ".".join(parts) or absolute.stem, is_package
