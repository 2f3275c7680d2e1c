"""Tools to move code off pytz and dateutil.tz.

``install()``/``uninstall()`` swap the shims into ``sys.modules`` (``_install``),
``enable_warnings()`` turns on ``PytzUsageWarning`` at every pytz-only call (``_warnings``),
and ``python -m tzcompat migrate`` (``_cli``) runs the LibCST codemod (``_driver``). LibCST is
an optional extra (``tzcompat[migrate]``): nothing here imports it until the codemod runs.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    # The lazy names below, as type checkers should see them.
    from ._driver import migrate_source
    from ._install import install, uninstall
    from ._project import build_index
    from ._warnings import PytzUsageWarning, disable_warnings, enable_warnings

__all__ = [
    "PytzUsageWarning",
    "build_index",
    "disable_warnings",
    "enable_warnings",
    "install",
    "main",
    "migrate_source",
    "uninstall",
]

# Each lazy name and the submodule that defines it: importing tzcompat.migrate stays cheap,
# and migrate_source (LibCST) is imported only when asked for.
_LAZY = {
    "install": "_install",
    "uninstall": "_install",
    "PytzUsageWarning": "_warnings",
    "enable_warnings": "_warnings",
    "disable_warnings": "_warnings",
    "migrate_source": "_driver",
    "build_index": "_project",
}


def main(argv: list[str] | None = None) -> int:
    """Run the ``migrate`` command; returns its exit status."""
    from ._cli import main as _main

    return _main(argv)


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from .. import _submodule

    return getattr(_submodule(f"migrate.{module}"), name)


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY))
