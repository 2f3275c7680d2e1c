"""What ``import tzcompat.dateutil`` imports, read from ``python -X importtime``.

The adapter must not load modules that cost milliseconds and that it only needs later
(``typing`` for annotations, ``re`` for TZ strings, ``zoneinfo`` for TZPATH, ...).
Without python-dateutil nothing of dateutil is imported; with it, the real
``dateutil.tz`` is (the adapter's classes derive from its classes).
"""

from __future__ import annotations

import os
import subprocess
import sys

import tzcompat

SRC = os.path.dirname(os.path.dirname(os.path.abspath(tzcompat.__file__)))

# The core's TZif reader imports ``collections`` (namedtuple); everything else here is
# only imported on first use, if ever.
HEAVY = {
    "typing", "threading", "functools", "re", "sysconfig", "zoneinfo", "calendar", "locale",
    "enum", "importlib.resources", "pathlib", "tempfile", "zipfile", "contextlib",
}


def _imported(code: str, *, with_site_packages: bool) -> set[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONTZPATH")}
    prefix = f"import sys\nsys.path.insert(0, {SRC!r})\n"
    if with_site_packages:
        import dateutil

        site = os.path.dirname(os.path.dirname(os.path.abspath(dateutil.__file__)))
        prefix += f"sys.path.append({site!r})\n"
    # -S: site (and .pth files) may import typing & co. before our code runs.
    proc = subprocess.run(
        [sys.executable, "-S", "-X", "importtime", "-c", prefix + code],
        capture_output=True, text=True, env=env, timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    names = set()
    for line in proc.stderr.splitlines():
        if line.startswith("import time:") and "|" in line:
            name = line.rsplit("|", 1)[1].strip()
            if name != "imported package":
                names.add(name)
    assert "tzcompat.dateutil" in names
    return names


def test_import_without_python_dateutil_loads_no_heavy_module():
    names = _imported("sys.modules['dateutil'] = None\nimport tzcompat.dateutil\n",
                      with_site_packages=False)
    assert names & HEAVY == set()
    assert not any(n.startswith("dateutil.") for n in names - {"dateutil.tz"}), names
    # Nothing else of tzcompat beyond the core's reader, search path, calendar and memo helpers,
    # its POSIX-TZ grammar (the one parser of TZ strings, with the state records it returns),
    # the registry the adapter registers its refresher with (a dict; it imports nothing) and
    # the version (one constant).
    assert {n for n in names if n.startswith("tzcompat") and not n.startswith(
        "tzcompat.dateutil")} <= {"tzcompat", "tzcompat._tzif", "tzcompat._tzpath",
                                  "tzcompat._calendar", "tzcompat._registry", "tzcompat._version",
                                  "tzcompat._memo", "tzcompat._posix", "tzcompat._transitions"}


def test_import_with_python_dateutil_loads_the_real_tz():
    names = _imported(
        "import tzcompat.dateutil as D\nassert D._peer.real_module is sys.modules['dateutil.tz']\n",
        with_site_packages=True,
    )
    assert "dateutil.tz" in names and "dateutil.tz._tzfile" in names
    # What the adapter adds on top of the real dateutil.tz is still light.
    real_only = _imported("import dateutil.tz\nimport tzcompat.dateutil\n",
                          with_site_packages=True)
    assert real_only == names
