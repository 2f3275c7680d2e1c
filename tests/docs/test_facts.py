"""Facts the pages state that the code decides: each is checked against the code, or must be
stated in one place only (so that a second copy cannot go stale).

* exit statuses of ``tzcompat migrate``: docs/codemod-ci.md's table is checked by running the
  tool; any other page that states a status must agree with the table's meaning for it;
* measurements of the codemod on Django live in docs/codemod-ci.md ("Measured") only;
* ``pytz.__version__`` is pytz's release (never the data's), and the drop-in's version is the
  one its pyproject.toml gives;
* install hints keep the README's editable install: ``pip install -e '.[extra]'``, never
  ``pip install '.[extra]'`` (which replaces it with a copy).
"""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from .. import _needs
from ._pages import DOCS, ROOT, pages

CI_PAGE = DOCS / "codemod-ci.md"


def _sentences(text: str) -> list[str]:
    flat = re.sub(r"\s+", " ", text)
    return re.split(r"(?<=[.!?])\s+(?=[A-Z`(])", flat)


def _exit_table() -> dict[int, str]:
    text = CI_PAGE.read_text("utf-8")
    section = text.split("## Exit codes", 1)[1].split("\n## ", 1)[0]
    rows = re.findall(r"^\| (\d) \| (.+) \|$", section, re.M)
    return {int(status): meaning for status, meaning in rows}


def _migrate(*argv: str) -> int:
    _needs.module("libcst")
    from tzcompat.migrate._cli import run

    return run(list(argv), stdout=io.StringIO(), stderr=io.StringIO())


def test_exit_table_is_what_the_tool_does(tmp_path: Path) -> None:
    table = _exit_table()
    assert sorted(table) == [0, 1, 2]
    clean = tmp_path / "clean.py"
    clean.write_text("from zoneinfo import ZoneInfo\n\nZONE = ZoneInfo('Europe/Paris')\n")
    legacy = tmp_path / "legacy.py"
    legacy.write_text("import pytz\n\nZONE = pytz.timezone('Europe/Paris')\n")
    broken = tmp_path / "broken.py"
    broken.write_text("import pytz\ndef f(:\n")
    assert "no file would change" in table[0] and _migrate("--check", str(clean)) == 0
    assert _migrate(str(legacy)) == 0  # --diff, the default, on a file that would change
    assert "would change" in table[1] and _migrate("--check", str(legacy)) == 1
    assert "parsed" in table[2] and _migrate("--check", str(broken)) == 2
    assert _migrate(str(broken)) == 2  # not only with --check
    assert "does not exist" in table[2] and _migrate("--check", str(tmp_path / "nope")) == 2
    empty = tmp_path / "no-python"
    (empty / "docs").mkdir(parents=True)
    (empty / "docs" / "notes.txt").write_text("not Python\n")
    assert "no Python file" in table[2] and _migrate("--check", str(empty)) == 2
    assert _migrate(str(empty)) == 2  # --diff too: nothing to migrate is not a success
    assert "--output-format" in table[2]
    with pytest.raises(SystemExit) as exc:
        _migrate("--output-format", "nope", str(clean))
    assert exc.value.code == 2


# "exit 1", "exits with status 2", "Exit status: 0": a number the sentence ties to an exit.
_CLAIM = re.compile(r"\bexit(?:s| status| code)?(?: with)?(?: status)?:? ([0-2])\b", re.I)
_MIGRATE_PAGES = ("codemod.md", "codemod-ci.md", "migration.md", "getting-started.md")


def _claims(sentence: str) -> list[tuple[int, str]]:
    """(status, the clause that describes it) for each status a sentence states: "Exit status:
    0 when ..., 1 when ..., 2 for ..." gives three."""
    out = []
    for m in _CLAIM.finditer(sentence):
        parts = re.split(r"[,;] (?:and |or )?(?=[0-2] )", sentence[m.start():].lower())
        out.append((int(m.group(1)), parts[0]))
        for part in parts[1:]:
            out.append((int(part[0]), part))
    return out


def test_other_pages_agree_with_the_exit_table() -> None:
    """A page that states a status of ``migrate`` says what the table says for it (docs/codemod.md
    once said ``--check`` exits 1 for a file with an error; the tool and the table say 2)."""
    table = _exit_table()
    keywords = {0: ("nothing", "no file", "well", "without error"), 1: ("would change",),
                2: ("error", "usage")}
    wrong = []
    for name in _MIGRATE_PAGES:
        for page in [DOCS / name, *sorted((DOCS / "codemod-rules").glob("*.md"))]:
            if not page.is_file():
                continue
            text = page.read_text("utf-8")
            if page == CI_PAGE:
                text = text.replace(text.split("## Exit codes", 1)[1].split("\n## ", 1)[0], "")
            for sentence in _sentences(text):
                for status, clause in _claims(sentence):
                    if status not in table or not any(k in clause for k in keywords[status]) \
                            or status != 2 and "error" in clause.replace("without error", ""):
                        wrong.append(f"{page.name}: {sentence.strip()}")
    assert not wrong, "\n".join(wrong)


def test_the_checker_reads_each_status_of_a_sentence() -> None:
    old = ("Exit status: 0 when all is well, 1 with `--check` when files would change or when "
           "any file had an error, 2 when LibCST is missing or for usage errors.")
    claims = _claims(old)
    assert [s for s, _ in claims] == [0, 1, 2]
    assert "error" in claims[1][1]  # the clause for 1 speaks of errors: flagged above
    assert _claims("$ tzcompat migrate src/ --check  # exit 1 if anything would change") == [
        (1, "exit 1 if anything would change")]


_DJANGO_TIMING = re.compile(r"\d[\d.,]* ?(?:s\b|files/s|seconds|CPU)", re.I)


def test_django_migrate_timings_only_on_the_measured_page() -> None:
    stale = []
    for page in [*DOCS.rglob("*.md"), ROOT / "README.md"]:
        if page == CI_PAGE:
            continue
        for paragraph in re.split(r"\n\s*\n", page.read_text("utf-8")):
            if "Django" in paragraph and "migrat" in paragraph.lower() and _DJANGO_TIMING.search(
                    re.sub(r"Django \d[\d.]*", "Django", paragraph)):
                stale.append(f"{page.name}: {paragraph.strip()[:300]}")
    assert not stale, "state codemod timings in docs/codemod-ci.md#measured:\n" + "\n".join(stale)


def test_pytz_version_statements_match_the_code() -> None:
    import tzcompat.pytz

    release = tzcompat.pytz.__version__
    assert re.fullmatch(r"\d{4}\.\d+", release)
    compat = (ROOT / "compat" / "pytz" / "pyproject.toml").read_text("utf-8")
    (dropin,) = re.findall(r'^version = "([^"]+)"', compat, re.M)
    assert dropin.startswith(release + "+tzcompat.")
    wrong = []
    for page in [*pages(), ROOT / "CONTRIBUTING.md"]:
        for sentence in _sentences(page.read_text("utf-8")):
            if "__version__" not in sentence:
                continue
            # the clause about __version__: up to the next clause or the next named attribute
            around = re.split(r"[;:]|`\w+\.[A-Z_]+`", sentence[sentence.index("__version__"):])[0]
            around = around.lower()
            if re.search(r"data (?:in use|version)|describes the (?:zone )?data", around):
                wrong.append(f"{page.name}: {sentence.strip()}")
            for value in re.findall(r"`'?(\d{4}\.\d+)'?`", sentence):
                if value != release:
                    wrong.append(f"{page.name}: {value} is not {release}: {sentence.strip()}")
        for value in re.findall(r"`(\d{4}\.\d+\+tzcompat\.[\w.]+)`", page.read_text("utf-8")):
            if value != dropin:
                wrong.append(f"{page.name}: drop-in version {value}, its pyproject says {dropin}")
    assert not wrong, "\n".join(wrong)


_COPY_INSTALL = re.compile(r"pip install (?!-e )['\"]?\.\[")


def test_install_hints_keep_the_editable_install() -> None:
    """``pip install '.[x]'`` after the README's ``pip install -e .`` replaces the editable
    install with a copy (edits in the checkout stop taking effect)."""
    wrong = []
    files = [*pages(), ROOT / "CONTRIBUTING.md", *sorted((ROOT / "src").rglob("*.py"))]
    for path in files:
        for n, line in enumerate(path.read_text("utf-8").splitlines(), 1):
            if _COPY_INSTALL.search(line):
                wrong.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()}")
    assert not wrong, "\n".join(wrong)
    assert _COPY_INSTALL.search("$ pip install '.[migrate]'")
    assert not _COPY_INSTALL.search("$ pip install -e '.[migrate]'")


def _all_pages() -> list[Path]:
    return [*pages(), ROOT / "CONTRIBUTING.md", ROOT / "compat" / "pytz" / "README.md"]


def test_drop_in_pickle_statements_match_what_it_writes(tmp_path: Path) -> None:
    """Pages that say tzcompat.pytz's (or the drop-in's) pickles are pytz's bytes, or load in
    the real pytz, name the switch that makes them so: by default they name tzcompat, and a
    process with only the real pytz cannot load them (docs/migration.md said otherwise)."""
    import subprocess
    import sys

    dump = ("import pickle, sys\nfrom tzcompat.shims import become_pytz\nbecome_pytz()\n"
            "import pytz\nsys.stdout.buffer.write(pickle.dumps(pytz.timezone('Europe/Paris')))")
    env = {k: v for k, v in __import__("os").environ.items() if not k.startswith("TZCOMPAT_")}
    blob = subprocess.run([sys.executable, "-c", dump], capture_output=True, env=env,
                          timeout=120, check=True).stdout
    assert b"tzcompat" in blob
    load = ("import pickle, sys\nsys.modules['tzcompat'] = None  # only the real pytz here\n"
            "try:\n    pickle.loads(sys.stdin.buffer.read())\n"
            "except ModuleNotFoundError:\n    print('ModuleNotFoundError')\n")
    done = subprocess.run([sys.executable, "-c", load], input=blob, capture_output=True,
                          env=env, timeout=120)
    assert done.stdout.strip() == b"ModuleNotFoundError", done.stderr
    wrong = []
    for page in _all_pages():
        for sentence in _sentences(page.read_text("utf-8")):
            low = sentence.lower()
            claims = "pickle" in low and re.search(
                r"are pytz's (?:own )?bytes|loads? in the real pytz|the real pytz loads", low)
            if claims and "set_pickle_format" not in sentence \
                    and "TZCOMPAT_PICKLE_AS_PYTZ" not in sentence:
                wrong.append(f"{page.name}: {sentence.strip()}")
    assert not wrong, "\n".join(wrong)


_BY_NAME = re.compile(r"pip install ['\"]?tzcompat\b")


def test_no_page_installs_tzcompat_from_an_index() -> None:
    """tzcompat is not published (``pip install 'tzcompat[migrate]'`` finds nothing): a page
    that shows such a command says that it does not work (docs/codemod.md offered it)."""
    wrong = []
    for page in _all_pages():
        for sentence in _sentences(page.read_text("utf-8")):
            if _BY_NAME.search(sentence) and not re.search(
                    r"do(?:es)? not work|not published", sentence):
                wrong.append(f"{page.name}: {sentence.strip()}")
    assert not wrong, "\n".join(wrong)


def test_readme_references_name_its_sections() -> None:
    """A page that sends the reader to tzcompat's README links the section, and the section
    exists (the migration guide named README sections that had moved to docs/differences.md)."""
    readme = (ROOT / "README.md").read_text("utf-8")
    anchors = {re.sub(r"[^\w\- ]", "", h.strip().lower()).replace(" ", "-")
               for h in re.findall(r"^#+ (.+)$", readme, re.M)}
    wrong = []
    for page in _all_pages():
        if page.name == "README.md" and page.parent == ROOT:
            continue
        for sentence in _sentences(page.read_text("utf-8")):
            if not re.search(r"\b(?:in|of|see) (?:the|tzcompat's) README\b|"
                             r"section[^.]* (?:the|tzcompat's) README\b", sentence):
                continue
            links = re.findall(r"\]\((?:\.\./)*README\.md#([\w-]+)\)", sentence)
            if not links or not set(links) <= anchors:
                wrong.append(f"{page.name}: {sentence.strip()}")
    assert not wrong, "\n".join(wrong)


def test_drop_in_install_hints_keep_the_editable_install() -> None:
    """A page that installs the drop-in with ``pip install ./compat/pytz`` also shows the form
    that keeps an editable tzcompat (``--no-deps``; tests/cli/test_install.py runs it)."""
    wrong = [page.name for page in _all_pages()
             if "pip install ./compat/pytz" in page.read_text("utf-8")
             and "pip install --no-deps ./compat/pytz" not in page.read_text("utf-8")]
    assert not wrong, wrong


def test_import_cost_claims_say_where_pytz_is_installed() -> None:
    """``import tzcompat.pytz`` is cheaper than ``import pytz`` only without pytz installed
    (beside it, the adapter imports pytz too): a page that compares them says which case."""
    wrong = []
    for page in _all_pages():
        for sentence in _sentences(page.read_text("utf-8")):
            if re.search(r"`import tzcompat\.pytz`[^.]*(?:costs less|cheaper|as cheap)[^.]*"
                         r"`import pytz`", sentence) and "not installed" not in sentence:
                wrong.append(f"{page.name}: {sentence.strip()}")
    assert not wrong, "\n".join(wrong)
