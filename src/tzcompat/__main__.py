"""``python -m tzcompat``: the ``tzcompat`` command (see ``tzcompat._cli``)."""

import sys

from ._cli import main

__all__ = ["main"]

if __name__ == "__main__":
    sys.exit(main(prog="python -m tzcompat"))
