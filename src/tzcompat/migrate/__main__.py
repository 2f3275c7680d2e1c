"""``python -m tzcompat.migrate PATH...``: the same command as ``python -m tzcompat migrate``."""

import sys

from ._cli import main

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
