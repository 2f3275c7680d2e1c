"""mypy (strict) on tests/typing/users_code.py: what users write type-checks as documented.

The file pins return types with ``assert_type`` and marks calls that must be rejected with
``# type: ignore[code]`` (strict mode reports an unused ignore), so the check fails when a
public hint regresses to ``Any``, narrows, or disappears. tzcompat is read the way a user's
checker reads it: the installed package with its ``py.typed``, errors inside it silenced.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from .. import _needs

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]


def test_py_typed_is_shipped():
    assert (ROOT / "src" / "tzcompat" / "py.typed").is_file()


def test_users_code_type_checks(tmp_path):
    _needs.module("mypy")
    proc = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--follow-imports=silent",
         "--no-incremental", "--cache-dir", os.devnull, "--python-version", "3.11",
         "--config-file", str(ROOT / "pyproject.toml"), str(HERE / "users_code.py")],
        capture_output=True, text=True, cwd=tmp_path, timeout=600,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "Success" in proc.stdout


def test_a_wrong_expectation_is_caught(tmp_path):
    """The check is live: a deliberately wrong assert_type fails it."""
    _needs.module("mypy")
    wrong = tmp_path / "wrong.py"
    wrong.write_text(
        "from datetime import datetime\n"
        "from typing_extensions import assert_type\n"
        "import tzcompat.pytz\n"
        "tz = tzcompat.pytz.timezone('UTC')\n"
        "assert_type(tz.localize(datetime(2020, 1, 1)), str)\n"
    )
    proc = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--follow-imports=silent",
         "--no-incremental", "--cache-dir", os.devnull,
         "--config-file", str(ROOT / "pyproject.toml"), str(wrong)],
        capture_output=True, text=True, cwd=tmp_path, timeout=600,
    )
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert '"datetime", not "str"' in proc.stdout
