"""``python -m tests.migrate.realistic``: see ``_runner``."""

from __future__ import annotations

from ._runner import main

raise SystemExit(main())
