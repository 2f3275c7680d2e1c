"""Sphinx configuration: MyST Markdown pages, the Furo theme, autodoc for the API pages."""

from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "src")))

project = "tzcompat"
author = "the tzcompat developers"
copyright = "2026, the tzcompat developers"
version = release = "0.1.0"

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx_copybutton",
]

source_suffix = {".md": "markdown", ".rst": "restructuredtext"}
root_doc = "index"
exclude_patterns = ["_build"]

# GitHub-style anchors for the ``page.md#section`` links between pages.
myst_heading_anchors = 3
myst_enable_extensions = ["colon_fence"]

html_theme = "furo"
html_title = "tzcompat"
html_static_path = ["_static"]
# Code blocks wrap instead of scrolling, and table cells wrap long names (narrow screens).
html_css_files = ["tzcompat.css"]

# The copy button copies what to paste: the lines after a >>> or ... prompt (a bare ... is an
# empty line, which ends a block in the REPL) or a $ prompt, without the prompts and without
# the output lines. tests/docs/test_paste.py pastes the same text into an interactive console.
copybutton_prompt_text = r">>> |\.\.\.(?: |$)|\$ "
copybutton_prompt_is_regexp = True
copybutton_only_copy_prompt_lines = True
copybutton_remove_prompts = True
# The docs build offline: no intersphinx, so references to the standard library's and other
# projects' classes cannot resolve; -n still checks every reference to tzcompat's own API.
nitpick_ignore_regex = [
    ("py:.*", r"(datetime|zoneinfo|os|io|typing|typing_extensions|collections\.abc|_thread"
     r"|weakref|pathlib|types|enum|warnings|libcst|dateutil|pytz)(\..*)?"),
    ("py:.*", r"(int|str|bytes|bool|float|object|None|type|tuple|list|dict|set|frozenset"
     r"|Iterator|Iterable|Callable|Sequence|Mapping|Any|BinaryIO|IO|Self|NoReturn"
     r"|date|time|timedelta|tzinfo)"),
    # Names in private modules (bases of public classes, the codemod's result records) are
    # not part of the documented API; a reference to one is not a broken link.
    ("py:.*", r"tzcompat(\.\w+)*\._\w+(\.\w+)*"),
]

autodoc_member_order = "bysource"
autodoc_typehints = "signature"
autodoc_default_options = {"show-inheritance": True}


def _public_bases(app, name, obj, options, bases):
    """Show a private base (``_ZoneRules``) as its own public bases: only public names on the
    API pages."""
    out = []
    pending = list(bases)
    while pending:
        base = pending.pop(0)
        if getattr(base, "__name__", "").startswith("_"):
            pending[:0] = [b for b in base.__bases__ if b is not object]
        elif base not in out:
            out.append(base)
    bases[:] = out or [object]


def setup(app):
    app.connect("autodoc-process-bases", _public_bases)
