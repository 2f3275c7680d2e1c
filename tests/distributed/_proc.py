"""Run Python code in a fresh process (the way a worker starts), optionally with pytz hidden."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

HIDE = os.path.join(os.path.dirname(os.path.dirname(__file__)), "_hide_pytz.py")
_PRELUDE = (
    "import importlib.util as _u\n"
    f"_s = _u.spec_from_file_location('_hide_pytz', {HIDE!r})\n"
    "_m = _u.module_from_spec(_s); _s.loader.exec_module(_m); _m.hide()\n"
)


def fresh(code: str, *, hide_pytz: bool = False, stdin: bytes = b"",
          env: dict[str, str] | None = None) -> bytes:
    """Run ``code`` in a new interpreter; its stdout (bytes). Fails on a non-zero exit."""
    source = (_PRELUDE if hide_pytz else "") + textwrap.dedent(code)
    full_env = {k: v for k, v in os.environ.items()
                if not k.startswith(("TZCOMPAT_", "PYTZ_"))}
    full_env.update(env or {})
    out = subprocess.run([sys.executable, "-c", source], input=stdin, capture_output=True,
                         env=full_env, timeout=120, check=False)
    assert out.returncode == 0, out.stderr.decode()[-3000:]
    return out.stdout
