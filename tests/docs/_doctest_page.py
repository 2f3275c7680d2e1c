"""Run the ``>>>`` examples of one Markdown page as a doctest: ``python _doctest_page.py PAGE``.

The examples of a page share one namespace and run in order, as in a doctest file. Lines
outside the example blocks are blanked rather than removed, so the line numbers in a failure
report are the page's own, and a block's closing fence ends the last expected output.
Run in a fresh interpreter per page (tests/docs/test_doctests.py), so that an example that
installs the shims or changes TZPATH cannot leak into other tests.
"""

from __future__ import annotations

import doctest
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _pages import blocks, is_session  # noqa: E402


def main(path: str) -> int:
    text = Path(path).read_text(encoding="utf-8")
    lines = [""] * len(text.splitlines())
    for block in blocks(text):
        if is_session(block):
            lines[block.start:block.start + len(block.lines)] = block.lines
    test = doctest.DocTestParser().get_doctest(
        "\n".join(lines) + "\n", {"__name__": "__doc__"}, Path(path).name, path, 0
    )
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    result = runner.summarize(verbose=False)
    print(f"attempted={result.attempted} failed={result.failed}")
    return 1 if result.failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
