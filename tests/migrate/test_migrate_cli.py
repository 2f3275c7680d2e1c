"""The ``migrate`` command: modes, exit codes, diff, errors, progress, the optional LibCST."""

from __future__ import annotations

import io
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tzcompat.migrate._cli import INSTALL_HINT, iter_python_files, run

from .. import _needs

SRC = str(Path(__file__).resolve().parents[2] / "src")
LEGACY = "import pytz\n\nZONE = pytz.timezone('Europe/Paris')\n"
MIGRATED = "from zoneinfo import ZoneInfo\n\nZONE = ZoneInfo('Europe/Paris')\n"


def cli(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = run(list(argv), stdout=out, stderr=err)
    return status, out.getvalue(), err.getvalue()


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "legacy.py").write_text(LEGACY)
    (tmp_path / "pkg" / "clean.py").write_text("x = 1\n")
    (tmp_path / ".venv" / "lib").mkdir(parents=True)
    (tmp_path / ".venv" / "lib" / "dep.py").write_text(LEGACY)
    return tmp_path


def test_check_exit_codes(tree: Path) -> None:
    status, out, err = cli("--check", str(tree))
    assert status == 1 and out == ""
    assert "1 of 2 files would be rewritten" in err  # .venv is skipped
    assert (tree / "pkg" / "legacy.py").read_text() == LEGACY  # --check changes nothing
    status, _, _ = cli("--check", str(tree / "pkg" / "clean.py"))
    assert status == 0


def test_diff_is_default_and_unified(tree: Path) -> None:
    path = tree / "pkg" / "legacy.py"
    status, out, _ = cli(str(path))
    assert status == 0
    lines = out.splitlines()
    shown = path.as_posix().lstrip("/")  # git style: a/<path>, never a//abs
    assert lines[0] == f"--- a/{shown}" and lines[1] == f"+++ b/{shown}"
    assert "-import pytz" in lines and "+from zoneinfo import ZoneInfo" in lines
    assert "+ZONE = ZoneInfo('Europe/Paris')" in lines
    assert path.read_text() == LEGACY
    assert cli("--diff", str(path))[1] == out


def test_write_then_check_is_clean(tree: Path) -> None:
    status, _, err = cli("--write", str(tree))
    assert status == 0 and "1 of 2 files rewritten" in err
    assert (tree / "pkg" / "legacy.py").read_text() == MIGRATED
    assert (tree / ".venv" / "lib" / "dep.py").read_text() == LEGACY
    assert cli("--check", str(tree))[0] == 0  # idempotent on disk too


def test_unparsable_file_reported_and_others_processed(tree: Path) -> None:
    (tree / "pkg" / "broken.py").write_text("import pytz\ndef f(:\n    pass\n")
    status, _, err = cli("--write", str(tree))
    assert status == 2
    assert f"error: {tree / 'pkg' / 'broken.py'}:2:" in err and "cannot parse" in err
    assert (tree / "pkg" / "legacy.py").read_text() == MIGRATED


def test_missing_path_is_an_error(tree: Path) -> None:
    status, _, err = cli("--check", str(tree / "nope.py"), str(tree / "pkg"))
    assert status == 2 and "no such file or directory" in err


def test_report_lists_markers_with_positions(tmp_path: Path) -> None:
    path = tmp_path / "m.py"
    path.write_text("import pytz\n\nnames = pytz.common_timezones\n")
    status, _, err = cli("--check", str(path))
    assert status == 1
    assert f"{path}:3:9: TZM123 marker [unsupported] pytz.common_timezones" in err
    assert "1 sites marked for review" in err


def test_encoding_and_newlines_kept(tmp_path: Path) -> None:
    path = tmp_path / "latin.py"
    source = "# -*- coding: latin-1 -*-\r\nimport pytz\r\nNAME = 'café'\r\nZ = pytz.utc\r\n"
    path.write_bytes(source.encode("latin-1"))
    assert cli("--write", str(path))[0] == 0
    data = path.read_bytes()
    assert "café".encode("latin-1") in data and b"\r\nZ = timezone.utc\r\n" in data
    assert b"\n" not in data.replace(b"\r\n", b"")


def test_progress_bar_on_stderr(tree: Path) -> None:
    _, out, err = cli("--check", "--progress", str(tree))
    assert "[" + "#" * 30 + "] 2/2 files" in err and "\r" in err and "#" not in out
    assert "files]" not in cli("--check", "--no-progress", str(tree))[2]


def test_walk_skips_tool_directories(tree: Path) -> None:
    (tree / "pkg" / "__pycache__").mkdir()
    (tree / "pkg" / "__pycache__" / "x.py").write_text(LEGACY)
    found = sorted(p.name for p in iter_python_files([str(tree)]))
    assert found == ["clean.py", "legacy.py"]
    assert [p.name for p in iter_python_files([str(tree)], exclude=["legacy*"])] == ["clean.py"]


def _python(*args: str, code: str | None = None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": SRC + os.pathsep + os.environ.get("PYTHONPATH", "")}
    argv = [sys.executable, "-c", code] if code else [sys.executable, *args]
    return subprocess.run(argv, capture_output=True, text=True, env=env, timeout=120)


def test_python_dash_m_tzcompat_migrate(tree: Path) -> None:
    done = _python("-m", "tzcompat.migrate", "--check", str(tree))
    assert done.returncode == 1 and "would be rewritten" in done.stderr


def test_importing_tzcompat_does_not_import_libcst() -> None:
    done = _python(code="import sys, tzcompat, tzcompat.migrate; print('libcst' in sys.modules)")
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "False"


def test_without_libcst_prints_hint_and_exits_2(tree: Path) -> None:
    code = (
        "import sys; sys.modules['libcst'] = None\n"
        "from tzcompat.migrate import main\n"
        f"sys.exit(main(['--check', {str(tree)!r}]))\n"
    )
    done = _python(code=code)
    assert done.returncode == 2
    assert done.stderr.strip() == INSTALL_HINT


# ------------------------------------------------------------------ --format and --jobs
RUFF = shutil.which("ruff")


@pytest.fixture
def style_project(tmp_path: Path) -> Path:
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text("")
    (tmp_path / ".git").mkdir()  # settings above this folder do not apply
    return tmp_path


def test_format_runs_the_projects_ruff_format(style_project: Path) -> None:
    _needs.executable("ruff")
    (style_project / "pyproject.toml").write_text("[tool.ruff.format]\nquote-style = 'single'\n")
    path = style_project / "pkg" / "m.py"
    path.write_text('import pytz\n\nZONE = pytz.timezone("Europe/Paris")\n')
    status, _, err = cli("--write", "--format", "--jobs", "1", str(path))
    assert status == 0, err
    text = path.read_text()
    assert "ZoneInfo('Europe/Paris')" in text and "pytz" not in text
    done = subprocess.run(
        [str(RUFF), "format", "--check", str(path)],
        capture_output=True,
        cwd=style_project,
        timeout=60,
    )
    assert done.returncode == 0


def test_format_without_a_configured_formatter_is_an_error(style_project: Path) -> None:
    path = style_project / "pkg" / "m.py"
    path.write_text("import pytz\n\nZONE = pytz.timezone('Europe/Paris')\n")
    status, _, err = cli("--check", "--format", "--jobs", "1", str(path))
    assert status == 2 and "configures no formatter" in err


def test_jobs_output_identical_and_in_order(style_project: Path) -> None:
    for n in range(12):
        (style_project / "pkg" / f"m{n:02}.py").write_text(
            f"import pytz\n\nZONE = pytz.timezone('Europe/Paris')\nN = {n}\n"
        )
    one = cli("--jobs", "1", "--no-progress", str(style_project))
    two = cli("--jobs", "2", "--no-progress", str(style_project))
    assert one[0] == two[0] == 0
    assert one[1] == two[1] and one[1].count("+++ b/") == 12
    shown = [ln for ln in two[1].splitlines() if ln.startswith("+++ ")]
    assert shown == sorted(shown)
    assert "files/s)" in two[2] and "12 of 13 files would be rewritten" in two[2]


def test_jobs_must_be_positive() -> None:
    with pytest.raises(SystemExit):
        cli("--jobs", "0", ".")
