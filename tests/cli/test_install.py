"""A newcomer's install, offline: the README's commands in fresh virtual environments, the
console script's name, and the messages when zone data or LibCST is missing.

pip builds tzcompat and compat/pytz from the checkout with their real build backend
(hatchling, in pip's isolated build environment). Offline, the backend and tzdata come from
wheels made here from this environment's installed copies (a wheel is a zip of the
installed files plus metadata), given to pip with ``--no-index --find-links``; so pip can
only take tzcompat from the checkout, and the test fails if anything asks an index for it.
"""

from __future__ import annotations

import base64
import csv
import hashlib
import importlib.metadata
import io
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from .. import _needs

ROOT = Path(__file__).resolve().parents[2]
SRC = ROOT / "src"


def clean_env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("TZCOMPAT_", "PIP_", "PYTHON", "VIRTUAL_ENV"))}
    env.update(extra)
    return env


def run(*argv: str | Path, env: dict[str, str] | None = None, cwd: Path | None = None,
        timeout: float = 300) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(a) for a in argv], capture_output=True, text=True,
                          env=env if env is not None else clean_env(), cwd=cwd,
                          timeout=timeout)


# --- missing data, missing LibCST --------------------------------------------------------

def _shadow(tmp_path: Path, name: str) -> Path:
    """A directory whose ``name`` package fails to import, as if it were not installed."""
    pkg = tmp_path / "shadow" / name
    pkg.mkdir(parents=True)
    (pkg / "__init__.py").write_text(f"raise ImportError('{name} hidden by the test')\n")
    return pkg.parent


@pytest.mark.parametrize("argv", [[], ["show", "UTC"], ["list"], ["list", "--country", "FR"],
                                  ["convert", "2024-01-01", "UTC", "Europe/Paris"]])
def test_no_zone_data_says_how_to_get_it(tmp_path: Path, argv: list[str]) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    env = clean_env(PYTHONTZPATH=str(empty),
                    PYTHONPATH=os.pathsep.join([str(_shadow(tmp_path, "tzdata")), str(SRC)]))
    probe = run(sys.executable, "-c", "import tzcompat; print(len(tzcompat.available_timezones()))",
                env=env)
    assert probe.stdout.strip() == "0", probe.stderr  # really no data
    done = run(sys.executable, "-m", "tzcompat", *argv, env=env)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.count("\n") == 1
    assert "no time zone data found" in done.stderr
    assert "tzdata package is not installed" in done.stderr
    assert "pip install tzdata" in done.stderr and "PYTHONTZPATH" in done.stderr


def test_migrate_help_without_libcst(tmp_path: Path) -> None:
    env = clean_env(PYTHONPATH=os.pathsep.join([str(_shadow(tmp_path, "libcst")), str(SRC)]))
    done = run(sys.executable, "-m", "tzcompat", "migrate", "--help", env=env)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("usage: python -m tzcompat migrate ")
    (tmp_path / "a.py").write_text("import pytz\n")
    done = run(sys.executable, "-m", "tzcompat", "migrate", str(tmp_path / "a.py"), env=env)
    assert done.returncode == 2 and "needs LibCST" in done.stderr
    assert "pip install -e '.[migrate]'" in done.stderr  # keeps the editable install
    done = run(sys.executable, "-m", "tzcompat", "migrate", "--bogus", env=env)
    assert done.returncode == 2 and "error:" in done.stderr and "LibCST" not in done.stderr


# --- fresh virtual environments ----------------------------------------------------------

def _wheel_of_installed(name: str, out: Path) -> None:
    """Write a wheel of the installed distribution ``name`` (pure Python) into ``out``."""
    dist = importlib.metadata.distribution(name)
    files: dict[str, bytes] = {}
    info = None
    for entry in dist.files or ():
        path = entry.as_posix()
        if path.startswith("..") or "__pycache__" in path or path.endswith(".pyc"):
            continue
        head = path.split("/", 1)[0]
        if head.endswith(".dist-info"):
            info = head
            if path.split("/")[-1] in ("RECORD", "INSTALLER", "REQUESTED", "direct_url.json"):
                continue
        files[path] = Path(dist.locate_file(entry)).read_bytes()
    assert info is not None, name
    record = io.StringIO()
    writer = csv.writer(record, lineterminator="\n")
    for arc, data in files.items():
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        writer.writerow([arc, f"sha256={digest}", len(data)])
    writer.writerow([f"{info}/RECORD", "", ""])
    files[f"{info}/RECORD"] = record.getvalue().encode()
    stem = info[: -len(".dist-info")]
    with zipfile.ZipFile(out / f"{stem}-py3-none-any.whl", "w") as zf:
        for arc, data in files.items():
            zf.writestr(arc, data)


def _requirement_closure(names: list[str]) -> list[str]:
    from packaging.requirements import Requirement

    todo, seen = list(names), []
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.append(name)
        for text in importlib.metadata.requires(name) or ():
            req = Requirement(text)
            if req.marker is None or req.marker.evaluate({"extra": ""}):
                todo.append(req.name)
    return seen


@pytest.fixture(scope="module")
def wheelhouse(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The build backend (with its editable-build helper) and tzdata as wheels: all pip may
    install besides the checkout."""
    try:
        names = _requirement_closure(["hatchling", "editables", "tzdata"])
    except importlib.metadata.PackageNotFoundError as exc:
        _needs.need(f"hatchling and tzdata for the offline build ({exc})")
    out = tmp_path_factory.mktemp("wheels")
    for name in names:
        _wheel_of_installed(name, out)
    return out


def _fresh_venv(path: Path) -> tuple[Path, list[str]]:
    """A venv without system site-packages; (its python, the pip command line for it)."""
    vpython = path / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    try:
        major, minor = map(int, importlib.metadata.version("pip").split(".")[:2])
    except (importlib.metadata.PackageNotFoundError, ValueError):
        major = minor = 0
    if (major, minor) >= (22, 3):  # pip --python: no pip needed inside the venv
        run(sys.executable, "-m", "venv", "--without-pip", path).check_returncode()
        return vpython, [sys.executable, "-m", "pip", "--python", str(vpython)]
    run(sys.executable, "-m", "venv", path).check_returncode()
    return vpython, [str(vpython), "-m", "pip"]


def _pip_install(pip: list[str], wheels: Path, *targets: str, cwd: Path) -> None:
    done = run(*pip, "install", "--isolated", "--no-index", "--find-links", wheels,
               "--no-cache-dir", "--disable-pip-version-check", *targets, cwd=cwd)
    assert done.returncode == 0, done.stdout + done.stderr


def _installed(vpython: Path) -> dict[str, str]:
    code = ("import importlib.metadata as m, json; print(json.dumps({d.metadata['Name'].lower():"
            " (d.read_text('direct_url.json') or '') for d in m.distributions()}))")
    done = run(vpython, "-c", code)
    assert done.returncode == 0, done.stderr
    import json

    return json.loads(done.stdout)


def test_readme_install_from_a_checkout(tmp_path: Path, wheelhouse: Path) -> None:
    # README: pip install . ./compat/pytz   (from the checkout's root)
    vpython, pip = _fresh_venv(tmp_path / "venv")
    _pip_install(pip, wheelhouse, ".", "./compat/pytz", cwd=ROOT)
    installed = _installed(vpython)
    assert {"tzcompat", "pytz", "tzdata"} <= set(installed)
    assert ROOT.as_uri() in installed["tzcompat"]  # from the checkout, not an index
    env = clean_env()
    # The console script names itself as typed; python -m as typed too.
    script = vpython.parent / ("tzcompat.exe" if os.name == "nt" else "tzcompat")
    done = run(script, "--help", env=env, cwd=tmp_path)
    assert done.returncode == 0 and done.stdout.startswith("usage: tzcompat [")
    done = run(vpython, "-m", "tzcompat", "--help", env=env, cwd=tmp_path)
    assert done.returncode == 0 and done.stdout.startswith("usage: python -m tzcompat [")
    done = run(script, "show", "europe/paris", env=env, cwd=tmp_path)
    assert done.returncode == 2 and done.stderr == (
        "tzcompat: error: unknown time zone 'europe/paris'; did you mean 'Europe/Paris'?\n")
    # The main job and the drop-in work in the venv.
    done = run(vpython, "-m", "tzcompat", env=env, cwd=tmp_path)
    assert done.returncode == 0 and "America/New_York" in done.stdout, done.stderr
    done = run(vpython, "-c", "import pytz; print(pytz.__name__, pytz.timezone('Europe/Paris'))",
               env=env, cwd=tmp_path)
    assert done.stdout.split() == ["tzcompat.pytz", "Europe/Paris"], done.stderr


def test_drop_in_alone_takes_tzcompat_from_the_checkout(tmp_path: Path, wheelhouse: Path) -> None:
    # pip install ./compat/pytz: its tzcompat requirement points at this checkout.
    vpython, pip = _fresh_venv(tmp_path / "venv")
    _pip_install(pip, wheelhouse, str(ROOT / "compat" / "pytz"), cwd=tmp_path)
    installed = _installed(vpython)
    assert ROOT.as_uri() in installed["tzcompat"]
    done = run(vpython, "-c", "import pytz; print(pytz.__name__)", cwd=tmp_path)
    assert done.stdout.strip() == "tzcompat.pytz", done.stderr


def test_drop_in_next_to_an_editable_install_keeps_it(tmp_path: Path, wheelhouse: Path) -> None:
    # getting-started, the migration guide and docs/migration.md: pip install -e . then
    # pip install --no-deps ./compat/pytz (without --no-deps pip replaces the editable install)
    vpython, pip = _fresh_venv(tmp_path / "venv")
    _pip_install(pip, wheelhouse, "-e", ".", cwd=ROOT)
    _pip_install(pip, wheelhouse, "--no-deps", "./compat/pytz", cwd=ROOT)
    installed = _installed(vpython)
    import json

    assert json.loads(installed["tzcompat"]).get("dir_info", {}).get("editable") is True
    assert "pytz" in installed
    code = "import pytz, tzcompat; print(pytz.__name__, tzcompat.__file__)"
    done = run(vpython, "-c", code, cwd=tmp_path)
    name, where = done.stdout.split()
    assert name == "tzcompat.pytz" and Path(where).is_relative_to(SRC), done.stderr
