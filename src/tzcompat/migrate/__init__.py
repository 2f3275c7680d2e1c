"""Tools to move code off pytz and dateutil.tz.

``python -m tzcompat migrate`` (see ``_cli``) runs the LibCST codemod in ``_codemod``. LibCST is
an optional extra (``tzcompat[migrate]``): nothing here imports it until the codemod runs.
"""

from __future__ import annotations

from typing import Any

__all__ = ["main", "migrate_source"]


def main(argv: list[str] | None = None) -> int:
    """Run the ``migrate`` command; returns its exit status."""
    from ._cli import main as _main

    return _main(argv)


def __getattr__(name: str) -> Any:
    # migrate_source needs LibCST: import it only when asked for.
    if name == "migrate_source":
        from ._codemod import migrate_source

        return migrate_source
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
