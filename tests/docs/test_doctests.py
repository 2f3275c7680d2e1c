"""Every ``>>>`` example on the documentation site (and in the README) runs, and passes."""

from __future__ import annotations

import importlib
import os
import re
import subprocess
import sys
import types

import pytest

from .. import _needs
from ._pages import DOCS, ROOT, blocks, is_session, pages

PAGES = pages()
RUNNER = os.path.join(os.path.dirname(__file__), "_doctest_page.py")

# Pages whose examples are the tutorial and the main reference: they must keep some.
MUST_HAVE_EXAMPLES = {
    "docs/index.md", "docs/getting-started.md", "docs/core.md", "docs/pytz.md",
    "docs/dateutil.md", "docs/migration.md", "README.md",
}


def _name(path):
    return str(path.relative_to(ROOT))


@pytest.mark.parametrize("page", PAGES, ids=_name)
def test_examples_pass(page):
    text = page.read_text(encoding="utf-8")
    sessions = [b for b in blocks(text) if is_session(b)]
    if not sessions:
        assert _name(page) not in MUST_HAVE_EXAMPLES, f"{_name(page)} lost its examples"
        return
    env = dict(os.environ)
    env.pop("PYTHONTZPATH", None)  # the examples use the default data lookup
    proc = subprocess.run(
        [sys.executable, RUNNER, str(page)], capture_output=True, text=True, env=env,
        cwd=ROOT, timeout=300,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    attempted = int(re.search(r"attempted=(\d+)", proc.stdout)[1])
    expected = sum(line.lstrip().startswith(">>>") for b in sessions for line in b.lines)
    assert attempted == expected, proc.stdout


@pytest.mark.parametrize("page", PAGES, ids=_name)
def test_every_example_is_in_a_runnable_block(page):
    """A ``>>>`` outside a Python block would be shown on the site but never run."""
    text = page.read_text(encoding="utf-8")
    in_sessions = set()
    for b in blocks(text):
        if is_session(b):
            in_sessions.update(range(b.start, b.start + len(b.lines)))
    stray = [
        n + 1 for n, line in enumerate(text.splitlines())
        if line.lstrip().startswith(">>>") and n not in in_sessions
    ]
    assert not stray, f"{_name(page)}: '>>>' outside a pycon/python block at lines {stray}"


@pytest.mark.parametrize("page", PAGES, ids=_name)
def test_python_code_blocks_compile(page):
    """Python shown as code rather than as a session must at least be valid Python."""
    for b in blocks(page.read_text(encoding="utf-8")):
        if b.language in {"python", "py", "python3"} and not is_session(b) and b.lines:
            source = "\n".join(line[_indent(b.lines):] for line in b.lines)
            compile(source, f"{_name(page)}:{b.start + 1}", "exec")


def _indent(lines):
    return min((len(x) - len(x.lstrip()) for x in lines if x.strip()), default=0)


def test_the_site_has_its_pages():
    names = {p.name for p in DOCS.rglob("*.md")}
    for required in ["index.md", "getting-started.md", "migration-guide.md", "core.md",
                     "pytz.md", "dateutil.md", "cli.md", "codemod.md", "differences.md",
                     "performance.md", "interop.md"]:
        assert required in names


# The modules the API reference pages document (docs/api/*.md): examples in their docstrings
# are shown on the site too.
API_MODULES = [
    "tzcompat", "tzcompat.pytz", "tzcompat.pytz.tzinfo", "tzcompat.pytz.exceptions",
    "tzcompat.dateutil", "tzcompat.shims", "tzcompat.shims.audit", "tzcompat.migrate",
]


def _resolve(name):
    module, _, attr = name.rpartition(".")
    try:
        return importlib.import_module(name)
    except ImportError:
        return getattr(importlib.import_module(module), attr)


def test_api_pages_document_these_modules():
    text = "".join(p.read_text(encoding="utf-8") for p in (DOCS / "api").glob("*.md"))
    documented = set(re.findall(
        r"\.\. auto(?:module|class|exception|function|data):: ([\w.]+)", text))
    modules = {name if isinstance(_resolve(name), types.ModuleType) else name.rsplit(".", 1)[0]
               for name in documented}
    assert modules <= set(API_MODULES), modules - set(API_MODULES)


@pytest.mark.parametrize("module", API_MODULES)
def test_docstring_examples_pass(module):
    code = (
        "import doctest, importlib, sys\n"
        f"m = importlib.import_module({module!r})\n"
        "r = doctest.testmod(m, optionflags=doctest.ELLIPSIS)\n"
        "print(f'attempted={r.attempted} failed={r.failed}')\n"
        "sys.exit(1 if r.failed else 0)\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=ROOT, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_migration_guide_helper_module_runs():
    """The guide shows the helper module the codemod writes as code (not a session): run it
    and check its localize/normalize against the real pytz on the same instants."""
    pytz = _needs.module("pytz")
    from datetime import datetime
    from zoneinfo import ZoneInfo

    guide = ROOT / "migration_guide.md"
    (code,) = [b for b in blocks(guide.read_text(encoding="utf-8"))
               if b.language == "python" and any("def _tz_localize" in x for x in b.lines)]
    namespace: dict = {}
    exec(compile("\n".join(code.lines), f"{guide}:{code.start + 1}", "exec"), namespace)
    localize, normalize = namespace["_tz_localize"], namespace["_tz_normalize"]
    key = "America/New_York"
    # pytz reads its own bundled data; these instants are the same in every data version.
    real, zone = pytz.timezone(key), ZoneInfo(key)
    for wall in (datetime(2021, 7, 1, 12), datetime(2021, 11, 7, 1, 30),
                 datetime(2021, 3, 14, 2, 30)):
        for is_dst in (False, True):
            ours, theirs = localize(wall, zone, is_dst), real.localize(wall, is_dst=is_dst)
            assert (ours.replace(tzinfo=None), ours.utcoffset()) == \
                (theirs.replace(tzinfo=None), theirs.utcoffset()), (wall, is_dst)
    with pytest.raises(pytz.AmbiguousTimeError):
        localize(datetime(2021, 11, 7, 1, 30), zone, None)
    with pytest.raises(pytz.NonExistentTimeError):
        localize(datetime(2021, 3, 14, 2, 30), zone, None)
    # normalize: a datetime in another zone, and a skipped wall time, come out as pytz's.
    instant = pytz.utc.localize(datetime(2021, 11, 7, 6, 30))
    skipped = datetime(2021, 3, 14, 2, 30)
    for ours, theirs in ((normalize(instant, zone), real.normalize(instant)),
                         (normalize(skipped.replace(tzinfo=zone), zone),
                          real.normalize(real.localize(skipped)))):
        assert (ours.replace(tzinfo=None), ours.utcoffset()) == \
            (theirs.replace(tzinfo=None), theirs.utcoffset())
    with pytest.raises(ValueError):
        normalize(datetime(2021, 1, 1), zone)
