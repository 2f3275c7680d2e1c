"""The matrix's ``_children`` fixture reads only its own module's test parameters.

It used to read every parameter named ``config`` in the whole run and call ``.startswith``
on it, so a run that also collected tests/migrate's ``config=None`` case errored, or not,
depending on which tests shared a worker.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_other_modules_parameters_named_config_are_not_read(tmp_path: Path) -> None:
    other = tmp_path / "test_other_config.py"
    other.write_text(
        "import pytest\n\n\n"
        "@pytest.mark.parametrize('consumer', ['not-a-consumer'])\n"
        "@pytest.mark.parametrize('config', [None, 7])\n"
        "def test_other(config, consumer):\n"
        "    assert config in (None, 7)\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "PYTEST_ADDOPTS"}
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-n", "0", "-q", "-p", "no:cacheprovider",
         "tests/interop/test_matrix.py::test_same_data", str(other)],
        cwd=ROOT, capture_output=True, text=True, timeout=600, env=env,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert "3 passed" in done.stdout, done.stdout[-2000:]
