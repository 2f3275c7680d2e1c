"""_style: the imports the codemod adds go where the project's isort/ruff settings put them,
and the comments it writes are wrapped to the project's line length.

The judge is ruff itself (isort's rules as ruff implements them) run with the same settings:
every input here is clean under ruff before the rewrite, and must stay clean after.
"""

from __future__ import annotations

import ast
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tzcompat.migrate import _style
from tzcompat.migrate._style import Style, find_style, restyle

from .. import _needs

_needs.module("libcst")

RUFF = shutil.which("ruff") or None


@pytest.fixture
def needs_ruff() -> None:
    _needs.executable("ruff")


def ruff_findings(path: Path, select: str, *options: str) -> list[str]:
    argv = [str(RUFF), "check", "--no-cache", "--select", select]
    argv += ["--output-format", "json", *options, str(path)]
    done = subprocess.run(argv, capture_output=True, text=True, cwd=path.parent, timeout=60)
    assert done.returncode in (0, 1), done.stderr
    return [f"{f['code']}:{f['location']['row']}" for f in json.loads(done.stdout)]


# What LibCST's AddImportsVisitor/RemoveImportsVisitor leave: (source, edits, appended), where
# the appended imports go right after the last import, new names go first in an existing
# from-import, and a removed import takes its line (and a blank line above it) with it.
CASES = {
    "extend-and-add": (
        "import os\nfrom datetime import datetime, timedelta\n\nimport pytz\nimport requests\n\n"
        "from pkg import thing\n\nX = 1\n",
        [("from datetime import datetime", "from datetime import timezone, datetime")],
        "from zoneinfo import ZoneInfo\n",
    ),
    "new-stdlib-section": (
        '"""Doc."""\n\nfrom __future__ import annotations\n\nimport pytz\n\nfrom pkg import a\n\n'
        "X = 1\n",
        [],
        "from zoneinfo import ZoneInfo\n",
    ),
    "between-third-party": (
        "import sys\n\nimport attr\nimport pytz\nimport yaml\n\nX = 1\n",
        [],
        "from datetime import timezone\nfrom zoneinfo import ZoneInfo\n",
    ),
    "new-name-with-alias": (
        "from datetime import datetime, timedelta\n\nimport pytz\n\nX = 1\n",
        [("from datetime import datetime", "from datetime import timezone as dt_tz, datetime")],
        "",
    ),
    "plain-import-style": (
        "import datetime\nimport os\n\nimport pytz\n\nX = 1\n",
        [],
        "import zoneinfo\n",
    ),
}


def codemod_like(source: str, edits: list[tuple[str, str]], appended: str) -> str:
    """The text LibCST's import visitors would leave for ``source``."""
    out = source.replace("\n\nimport pytz\n", "\n").replace("import pytz\n", "")
    for old, new in edits:
        out = out.replace(old, new, 1)
    lines = out.splitlines(keepends=True)
    last = max(i for i, ln in enumerate(lines) if ln.startswith(("import ", "from ")))
    return "".join(lines[: last + 1]) + appended + "".join(lines[last + 1 :])


@pytest.fixture
def project(tmp_path: Path) -> Path:
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text("")
    (tmp_path / "setup.py").write_text("")
    return tmp_path


@pytest.mark.usefixtures("needs_ruff")
@pytest.mark.parametrize("name", sorted(CASES))
@pytest.mark.parametrize(
    "config",
    [
        "",
        "[tool.ruff.lint.isort]\nforce-sort-within-sections = true\n",
        "[tool.ruff.lint.isort]\nforce-single-line = true\n",
        "[tool.ruff.lint.isort]\norder-by-type = false\ncase-sensitive = true\n",
        "[tool.ruff.lint.isort]\ncombine-as-imports = true\n",
    ],
)
def test_added_imports_sorted_as_ruff_sorts(project: Path, name: str, config: str) -> None:
    source, edits, appended = CASES[name]
    (project / "pyproject.toml").write_text("[tool.ruff]\n" + config)
    path = project / "mod.py"
    fixed_before = subprocess.run(
        [str(RUFF), "check", "--no-cache", "--select", "I", "--fix-only", "--stdin-filename",
         "mod.py", "-"],
        input=source, capture_output=True, text=True, cwd=project, timeout=60,
    ).stdout  # fmt: skip
    produced = codemod_like(fixed_before, edits, appended)
    path.write_text(fixed_before)
    assert ruff_findings(path, "I") == []  # the input follows this configuration
    out = restyle(fixed_before, produced, find_style(path))
    path.write_text(out)
    assert ruff_findings(path, "I") == [], out
    names = sorted(ast.dump(n) for n in ast.walk(ast.parse(out)) if isinstance(n, ast.alias))
    assert names == sorted(
        ast.dump(n) for n in ast.walk(ast.parse(produced)) if isinstance(n, ast.alias)
    )


def test_new_import_goes_after_the_stdlib_imports_it_sorts_after(project: Path) -> None:
    before = CASES["extend-and-add"][0]
    produced = codemod_like(*CASES["extend-and-add"])
    out = restyle(before, produced, find_style(project / "mod.py"))
    head = out.split("\n\nX")[0]
    assert head == (
        "import os\nfrom datetime import datetime, timedelta, timezone\n"
        "from zoneinfo import ZoneInfo\n\nimport requests\n\nfrom pkg import thing"
    )


def test_untouched_unsorted_imports_are_left_alone(project: Path) -> None:
    before = "import sys\nimport os\n\nimport pytz\n\nX = pytz.utc\n"
    produced = "import sys\nimport os\nfrom datetime import timezone\n\nX = timezone.utc\n"
    out = restyle(before, produced, find_style(project / "mod.py"))
    assert out.startswith("import sys\nimport os\n")  # not re-sorted: only the new line moves
    assert "from datetime import timezone\n" in out


def test_known_first_party_from_isort_config(project: Path) -> None:
    (project / "setup.cfg").write_text("[isort]\nknown_first_party = zoneinfo_tools\n")
    style = find_style(project / "mod.py")
    assert "zoneinfo_tools" in style.known_first_party and style.import_line_length == 79
    before = "import os\n\nimport pytz\n\nimport zoneinfo_tools\n\nX = 1\n"
    produced = "import os\nimport zoneinfo_tools\nfrom zoneinfo import ZoneInfo\n\nX = 1\n"
    out = restyle(before, produced, style)
    assert out.startswith(
        "import os\nfrom zoneinfo import ZoneInfo\n\nimport zoneinfo_tools\n\nX = 1\n"
    )


@pytest.mark.parametrize(
    ("files", "expected"),
    [
        ({}, 88),
        ({"pyproject.toml": "[tool.ruff]\nline-length = 100\n"}, 100),
        ({"pyproject.toml": "[tool.black]\nline-length = 99\n"}, 99),
        ({"setup.cfg": "[flake8]\nmax-line-length = 119\n"}, 119),
        ({"tox.ini": "[flake8]\nexclude = build\n"}, 79),  # flake8's default
        ({".flake8": "[flake8]\nmax-line-length = 72\n"}, 72),
        ({"ruff.toml": "line-length = 70\n"}, 70),
    ],
)
def test_line_length_from_the_project(project: Path, files: dict[str, str], expected: int) -> None:
    for name, text in files.items():
        (project / name).write_text(text)
    (project / "pkg" / "sub").mkdir()
    assert find_style(project / "pkg" / "sub" / "m.py").line_length == expected


def test_formatter_detection(project: Path) -> None:
    (project / "pyproject.toml").write_text("[tool.ruff.format]\nquote-style = 'single'\n")
    assert find_style(project / "a.py").formatter == "ruff"
    _style._style_for_dir.cache_clear()
    (project / "pyproject.toml").write_text("[tool.black]\n")
    assert find_style(project / "a.py").formatter == "black"
    _style._style_for_dir.cache_clear()
    (project / "pyproject.toml").write_text("[tool.ruff]\n")
    assert find_style(project / "a.py").formatter is None


LONG_BEFORE = """\
import pytz

TZ = pytz.timezone("Europe/Paris")
UNTOUCHED = "a long line the codemod did not write and that must be left exactly as it is, ok"


def f(dt, delta):
    return TZ.normalize(dt + delta) if dt else TZ.localize(first_day_of_the_month(dt), is_dst=True)


def g(value):
    return convert(value, zone=pytz.utc, other=pytz.timezone("America/Argentina/Buenos_Aires"))  # why
"""  # noqa: E501
LONG_AFTER = """\
from datetime import timezone
from zoneinfo import ZoneInfo

TZ = ZoneInfo("Europe/Paris")
UNTOUCHED = "a long line the codemod did not write and that must be left exactly as it is, ok"


def f(dt, delta):
    return (dt.astimezone(timezone.utc) + delta).astimezone(TZ) if dt else _tz_localize(first_day_of_the_month(dt), TZ, is_dst=True)


def g(value):
    return convert(value, zone=timezone.utc, other=ZoneInfo("America/Argentina/Buenos_Aires"))  # why
"""  # noqa: E501


@pytest.mark.usefixtures("needs_ruff")
@pytest.mark.parametrize("limit", [79, 88, 60])
def test_changed_code_lines_are_left_to_the_formatter(limit: int) -> None:
    # Wrapping code is the project's formatter's job (--format runs it): the restyling
    # places imports and wraps only the comments the codemod wrote (no formatter does that).
    out = restyle(LONG_BEFORE, LONG_AFTER, Style(line_length=limit, import_line_length=limit))
    assert out == LONG_AFTER


def test_long_comment_lines_wrapped_and_pragmas_kept() -> None:
    before = "import pytz\n\nx = pytz.utc\n"
    comment = "# a comment the codemod wrote: " + "word " * 30
    pragma = f"x = timezone.utc  # noqa: E501 {'z' * 80}"
    after = f"from datetime import timezone\n\n{comment.strip()}\n{pragma}\n"
    out = restyle(before, after, Style(line_length=60))
    lines = out.splitlines()
    wrapped = [ln for ln in lines if ln.startswith("#")]
    assert len(wrapped) > 1 and all(len(ln) <= 60 for ln in wrapped)
    assert wrapped[0].startswith("# a comment the codemod wrote: word")
    assert " ".join(ln.lstrip("# ") for ln in wrapped[1:]).split() == ["word"] * (
        30 - len(wrapped[0].split()) + 6
    )
    assert lines[-1].startswith("x = timezone.utc  # noqa")  # a pragma stays on its line


def test_crlf_kept() -> None:
    before = CASES["extend-and-add"][0]
    produced = codemod_like(*CASES["extend-and-add"])
    out = restyle(before.replace("\n", "\r\n"), produced.replace("\n", "\r\n"), Style())
    assert "\r\n" in out and "\n" not in out.replace("\r\n", "")


def test_style_from_nearest_config_stops_at_repository_root(tmp_path: Path) -> None:
    if sys.platform == "win32":
        _needs.not_here("a POSIX path layout (Windows)")
    (tmp_path / "pyproject.toml").write_text("[tool.ruff]\nline-length = 50\n")
    repo = tmp_path / "repo"
    (repo / ".git").mkdir(parents=True)
    assert find_style(repo / "m.py").line_length == 88
    assert find_style(tmp_path / "m.py").line_length == 50


def test_wrapped_marker_is_not_added_again() -> None:
    # markers wrap like other comments; the codemod finds them again by their code
    from tzcompat.migrate._driver import migrate_source
    from tzcompat.migrate._traversal import MARKER_PREFIX

    source = "import pytz\n\n\ndef f(tz):\n    return tz.zone\n"
    first = migrate_source(source).code
    marker = next(line for line in first.splitlines() if MARKER_PREFIX in line)
    out = restyle(source, first, Style(line_length=40))
    assert marker.strip() not in out  # wrapped: the whole text is no longer on one line
    assert out.count(MARKER_PREFIX) == 1
    again = migrate_source(out)
    assert again.code == out


def test_imports_already_together_stay_together(project: Path) -> None:
    # tzlocal 2.1's unix.py mixes sections; only the new imports may get blank lines
    before = "import os\nimport pytz\nimport re\n\nfrom pkg import utils\n\nX = 1\n"
    produced = (
        "import os\nimport pytz\nimport re\nfrom zoneinfo import ZoneInfo\n\n"
        "from pkg import utils\n\nX = 1\n"
    )
    out = restyle(before, produced, find_style(project / "mod.py"))
    assert out.startswith("import os\nimport pytz\nimport re\n")
    assert "from zoneinfo import ZoneInfo\n\nfrom pkg import utils\n" in out


@pytest.mark.usefixtures("needs_ruff")
def test_one_name_per_import_followed_when_the_file_does_so(project: Path) -> None:
    # icalendar 4.1.1 writes from datetime import date / from datetime import datetime / ...
    (project / "pyproject.toml").write_text("[tool.ruff.lint.isort]\nforce-single-line = true\n")
    before = "from datetime import date\nfrom datetime import datetime\n\nimport pytz\n\nX = 1\n"
    produced = (
        "from datetime import date, timezone\nfrom datetime import datetime\n"
        "from zoneinfo import ZoneInfo\n\nX = 1\n"
    )
    _style._style_for_dir.cache_clear()
    (project / "pyproject.toml").unlink()  # the convention comes from the file alone
    out = restyle(before, produced, find_style(project / "mod.py"))
    assert out.startswith(
        "from datetime import date\nfrom datetime import datetime\n"
        "from datetime import timezone\nfrom zoneinfo import ZoneInfo\n\nX = 1\n"
    )
    (project / "pyproject.toml").write_text("[tool.ruff.lint.isort]\nforce-single-line = true\n")
    path = project / "mod.py"
    path.write_text(out)
    assert ruff_findings(path, "I") == []


@pytest.mark.usefixtures("needs_ruff")
def test_added_imports_sorted_when_they_are_the_only_imports(tmp_path: Path) -> None:
    # corpus finding F2: `import pytz`, the module's only import, removed; no configuration
    (tmp_path / ".git").mkdir()
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text("")
    path = tmp_path / "pkg" / "zones.py"
    before = "import pytz\n\n\ndef f(naive):\n    return pytz.timezone('UTC').localize(naive)\n"
    produced = (
        "from pkg._tzmigrate import _tz_localize\nfrom zoneinfo import ZoneInfo\n\n\n"
        "def f(naive):\n    return _tz_localize(naive, ZoneInfo('UTC'))\n"
    )
    out = restyle(before, produced, find_style(path))
    assert out == (
        "from zoneinfo import ZoneInfo\n\nfrom pkg._tzmigrate import _tz_localize\n\n\n"
        "def f(naive):\n    return _tz_localize(naive, ZoneInfo('UTC'))\n"
    )
    path.write_text(out)
    assert ruff_findings(path, "I", "--isolated") == []
    # a comment among them is the author's: the block is left as the codemod wrote it
    commented = produced.replace("from zoneinfo", "# zones\nfrom zoneinfo")
    assert restyle(before, commented, find_style(path)) == commented


@pytest.mark.usefixtures("needs_ruff")
@pytest.mark.parametrize("fmt", [False, True], ids=["no-format", "format"])
def test_codemod_wraps_its_comments_and_the_formatter_the_code(project: Path, fmt: bool) -> None:
    # the division of labour: markers (no formatter wraps comments) by the codemod, long code
    # lines by the project's own formatter when --format asks for it
    import io

    from tzcompat.migrate._cli import run

    (project / ".git").mkdir()
    (project / "pyproject.toml").write_text("[tool.ruff]\nline-length = 60\n[tool.ruff.format]\n")
    path = project / "pkg" / "m.py"
    path.write_text(
        "import pytz\n\n\ndef f(tz, dt):\n    name = tz.zone\n"
        "    return g(dt, pytz.utc, pytz.timezone('Europe/Paris'), name)\n"
    )
    argv = ["--write", "--no-cache", "-j", "1", *(["--format"] if fmt else []), str(path)]
    err = io.StringIO()
    assert run(argv, stdout=io.StringIO(), stderr=err) == 0, err.getvalue()
    text = path.read_text()
    assert "# tzcompat-migrate[zone-attribute]" in text and "import pytz" not in text
    long = [ln for ln in text.splitlines() if len(ln) > 60]
    assert not [ln for ln in long if ln.lstrip().startswith("#")], text
    if fmt:
        assert ruff_findings(path, "E501") == [], text
    else:  # the rewritten return line, as the codemod wrote it
        assert [ln.strip()[:8] for ln in long] == ["return g"], text
