"""Make a child process one where pytz is not installed, though the test environment has it.

``hide()`` swaps the path finder on ``sys.meta_path`` for one that finds nothing named
``pytz`` or ``pytz.*``, so ``importlib.util.find_spec("pytz")`` is None and ``import pytz``
raises ModuleNotFoundError, as without the distribution. (``sys.modules["pytz"] = None`` is
something else: pytz blocked, which tzcompat respects.) Call it before anything imports pytz
or tzcompat; it imports neither, so children can load it by path.
"""

from __future__ import annotations

import sys
from importlib.machinery import PathFinder


class _NoPytzFinder(PathFinder):
    @classmethod
    def find_spec(cls, fullname, path=None, target=None):  # type: ignore[override]
        if fullname == "pytz" or fullname.startswith("pytz."):
            return None
        return super().find_spec(fullname, path, target)


def hide() -> None:
    assert "pytz" not in sys.modules, "pytz was imported before it could be hidden"
    sys.meta_path[:] = [_NoPytzFinder if f is PathFinder else f for f in sys.meta_path]
    assert _NoPytzFinder in sys.meta_path, sys.meta_path
