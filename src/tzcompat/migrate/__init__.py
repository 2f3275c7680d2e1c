"""The codemod: rewrite pytz and dateutil.tz code to zoneinfo (``python -m tzcompat migrate``).

LibCST is an optional extra (``tzcompat[migrate]``): nothing here imports it until the codemod
runs, and nothing outside this package imports it (the import contract in ``.importlinter``).
The run-time aids (``install()``, ``PytzUsageWarning``, the audit, ``tzcompat run``, the pytest
plugin) live in ``tzcompat.shims``; the names they had here still work, with a
``DeprecationWarning``.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    # Deprecated aliases of tzcompat.shims' names (see __getattr__), typed for old code.
    from ..shims import PytzUsageWarning as PytzUsageWarning
    from ..shims import disable_warnings as disable_warnings
    from ..shims import enable_warnings as enable_warnings
    from ..shims import install as install
    from ..shims import uninstall as uninstall

    # The lazy names below, as type checkers should see them.
    from ._driver import migrate_source
    from ._project import build_index

__all__ = ["build_index", "main", "migrate_source"]

# Each lazy name and the submodule that defines it: importing tzcompat.migrate stays cheap,
# and migrate_source (LibCST) is imported only when asked for.
_LAZY = {
    "migrate_source": "_driver",
    "build_index": "_project",
}

# Names that moved to tzcompat.shims (the run-time aids need neither LibCST nor the codemod).
_MOVED = ("install", "uninstall", "PytzUsageWarning", "enable_warnings", "disable_warnings")


def main(argv: list[str] | None = None) -> int:
    """Run the ``migrate`` command; returns its exit status."""
    from ._cli import main as _main

    return _main(argv)


def __getattr__(name: str) -> Any:
    if name in _MOVED:
        import warnings

        from .. import shims

        warnings.warn(
            f"tzcompat.migrate.{name} moved to tzcompat.shims.{name}",
            DeprecationWarning,
            stacklevel=2,
        )
        return getattr(shims, name)
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from .. import _submodule

    return getattr(_submodule(f"migrate.{module}"), name)


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY) | set(_MOVED))
