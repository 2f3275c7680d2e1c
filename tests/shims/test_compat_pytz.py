"""The drop-in ``pytz`` distribution (compat/pytz), installed into a fresh, clean venv.

Offline: the wheels of tzcompat, compat/pytz and tzdata are built here from the checkout and
the installed tzdata (a wheel is a zip with metadata; no build backend needed), and pip
installs them with ``--no-index``. The pickles are written by the real pytz of the test
environment, in a subprocess, and must load in the venv to the same values and objects.
"""

from __future__ import annotations

import base64
import csv
import hashlib
import importlib.metadata
import importlib.util
import io
import json
import os
import re
import subprocess
import sys
import textwrap
import zipfile
from pathlib import Path

import pytest

from .test_run import PYTZ_PROGRAM, pytz_zoneinfo_dir

ROOT = Path(__file__).resolve().parents[2]
COMPAT = ROOT / "compat" / "pytz"

# Written by the real pytz: every kind of object, every protocol, and pickles in the shape
# older releases wrote (same global, arguments the current data no longer has).
MAKE_PICKLES = textwrap.dedent(
    """
    import base64, json, pickle, sys
    from datetime import datetime
    import pytz, pytz.reference

    class Old:
        def __init__(self, *args):
            self.args = args
        def __reduce__(self):
            return pytz._p, self.args

    ny = pytz.timezone("US/Eastern")
    paris = pytz.timezone("Europe/Paris")
    objs = {
        "utc": pytz.utc, "ny": ny, "paris": paris,
        "edt": ny.localize(datetime(2020, 7, 1)).tzinfo,
        "est": ny.localize(datetime(2020, 1, 1)).tzinfo,
        "cest": paris.localize(datetime(2020, 7, 1)).tzinfo,
        "gmt": pytz.timezone("GMT"), "gmt5": pytz.timezone("Etc/GMT+5"),
        "fixed": pytz.FixedOffset(-330),
        "dt_ny": ny.localize(datetime(2020, 11, 1, 1, 30), is_dst=True),
        "dt_paris": paris.localize(datetime(1990, 3, 25, 3, 30, 15, 123456)),
        "dt_utc": datetime(2020, 1, 1, 12, tzinfo=pytz.utc),
        "dt_fixed": datetime(2020, 1, 1, tzinfo=pytz.FixedOffset(330)),
        "many": [ny.localize(datetime(2000 + i, 1 + i % 12, 1)) for i in range(20)],
        "local": pytz.reference.LocalTimezone(),
        "old_abbreviation": Old("US/Eastern", -18000, 0, "XXX"),
        "old_static_style": Old("US/Eastern"),
        "old_lmt": Old("US/Eastern", -17760, 0, "LMT"),
        "old_unknown_offset": Old("US/Eastern", -18000 + 60, 0, "EST"),
    }
    out = {}
    for name, obj in objs.items():
        for proto in (0, 2, pickle.HIGHEST_PROTOCOL):
            out[f"{name}-{proto}"] = base64.b64encode(pickle.dumps(obj, proto)).decode()
    json.dump(out, open(sys.argv[1], "w"), sort_keys=True)
    """
)

# Loads them and prints what it got; run with the real pytz and in the venv.
LOAD_PICKLES = textwrap.dedent(
    """
    import base64, json, pickle, sys
    from datetime import datetime, tzinfo
    import pytz
    import pytz.reference

    def canonical(tz):
        zone = getattr(tz, "zone", None)
        if zone is None or tz is pytz.utc:
            return tz
        return pytz.timezone(zone)

    def describe(obj):
        if isinstance(obj, list):
            return "[" + ", ".join(describe(x) for x in obj) + "]"
        if isinstance(obj, datetime):
            tz = obj.tzinfo
            same = tz is canonical(tz).localize(obj.replace(tzinfo=None),
                                                 is_dst=bool(obj.dst())).tzinfo
            return f"{obj.isoformat()} {obj.tzname()} {obj.dst()} {describe(tz)} period:{same}"
        if isinstance(obj, pytz.reference.LocalTimezone):
            return f"LocalTimezone {obj.utcoffset(datetime(2020, 1, 1))}"
        if isinstance(obj, tzinfo):
            text = repr(obj)
            if isinstance(obj, pytz.tzinfo.DstTzInfo):
                text += f" family:{obj._tzinfos is canonical(obj)._tzinfos}"
            return f"{text} again:{pickle.loads(pickle.dumps(obj)) is obj}"
        return repr(obj)

    data = json.load(open(sys.argv[1]))
    for key in sorted(data):
        raw = base64.b64decode(data[key])
        obj = pickle.loads(raw)
        # Protocol 0 is deterministic: re-pickling must give the very same bytes.
        same = f" bytes:{pickle.dumps(obj, 0) == raw}" if key.endswith("-0") else ""
        print(key, describe(obj) + same)
    print("utc", pickle.loads(base64.b64decode(data["utc-2"])) is pytz.utc)
    print("ny", pickle.loads(base64.b64decode(data["ny-2"])) is pytz.timezone("US/Eastern"))
    import pytz.reference as ref
    names = [type(pytz.utc).__module__, pytz.tzinfo.DstTzInfo.__module__,
             type(pytz.timezone("US/Eastern")).__module__, pytz.NonExistentTimeError.__module__]
    sys.stderr.write(f"implementation: {pytz.__name__} {ref.__name__} {' '.join(names)}\\n")
    """
)


def project_table(pyproject: Path) -> dict:
    import tomllib

    return tomllib.loads(pyproject.read_text())["project"]


def build_wheel(out: Path, name: str, version: str, package: Path, requires: list[str]) -> Path:
    """A pure-Python wheel holding the directory ``package`` (a top-level package)."""
    dist_info = f"{name}-{version}.dist-info"
    files: dict[str, bytes] = {}
    for path in sorted(package.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc":
            files[f"{package.name}/{path.relative_to(package).as_posix()}"] = path.read_bytes()
    meta = ["Metadata-Version: 2.1", f"Name: {name}", f"Version: {version}",
            "Requires-Python: >=3.11", *(f"Requires-Dist: {r}" for r in requires)]
    files[f"{dist_info}/METADATA"] = ("\n".join(meta) + "\n").encode()
    files[f"{dist_info}/WHEEL"] = (
        b"Wheel-Version: 1.0\nGenerator: tzcompat-tests\nRoot-Is-Purelib: true\n"
        b"Tag: py3-none-any\n"
    )
    record = io.StringIO()
    writer = csv.writer(record, lineterminator="\n")
    for arc, data in files.items():
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        writer.writerow([arc, f"sha256={digest}", len(data)])
    writer.writerow([f"{dist_info}/RECORD", "", ""])
    files[f"{dist_info}/RECORD"] = record.getvalue().encode()
    wheel = out / f"{name}-{version}-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as zf:
        for arc, data in files.items():
            zf.writestr(arc, data)
    return wheel


def clean_env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("TZCOMPAT_", "PIP_", "PYTHON", "VIRTUAL_ENV"))}
    env.update(extra)
    return env


def test_compat_metadata() -> None:
    from packaging.specifiers import SpecifierSet
    from packaging.version import Version

    meta = project_table(COMPAT / "pyproject.toml")
    assert meta["name"] == "pytz"
    version = Version(meta["version"])  # PEP 440 valid, or this raises
    assert version.public == "2026.6" and version.local and version.local.startswith("tzcompat")
    # Other packages' pins on pytz stay satisfied by the drop-in.
    assert version in SpecifierSet("==2026.6") and version in SpecifierSet(">=2020.1")
    core = project_table(ROOT / "pyproject.toml")
    (dep,) = meta["dependencies"]
    # tzcompat from this checkout (hatchling expands the root two levels up), never an index.
    assert core["name"] == "tzcompat"
    assert dep.replace(" ", "") == "tzcompat@{root:parent:parent:uri}"


def test_submodule_files_alias_the_adapter() -> None:
    # Loaded some other way than ``import pytz.X``, a submodule file still gives the adapter.
    import tzcompat.pytz

    for sub in ("exceptions", "lazy", "reference", "tzfile", "tzinfo"):
        name = f"_tzcompat_probe_pytz_{sub}"
        spec = importlib.util.spec_from_file_location(name, COMPAT / "pytz" / f"{sub}.py")
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        try:
            spec.loader.exec_module(module)
            assert sys.modules[name] is getattr(tzcompat.pytz, sub)
        finally:
            del sys.modules[name]


def _pip_supports_python_option() -> bool:
    try:
        major, minor = importlib.metadata.version("pip").split(".")[:2]
        return (int(major), int(minor)) >= (22, 3)
    except (importlib.metadata.PackageNotFoundError, ValueError):
        return False


def test_drop_in_pytz_in_a_fresh_venv(tmp_path: Path) -> None:
    data_dir = pytz_zoneinfo_dir()
    work = tmp_path / "work"
    work.mkdir()

    # 1. Pickles and reference outputs from the real pytz.
    (work / "make.py").write_text(MAKE_PICKLES)
    (work / "load.py").write_text(LOAD_PICKLES)
    (work / "app.py").write_text(PYTZ_PROGRAM)
    pickles = work / "pickles.json"
    # In pytz's pickle format the drop-in re-pickles to the very bytes pytz wrote (its
    # default format names tzcompat: tests/distributed/test_pickles.py).
    env = clean_env(PYTHONTZPATH=data_dir, TZCOMPAT_PICKLE_AS_PYTZ="1")
    made = subprocess.run([sys.executable, str(work / "make.py"), str(pickles)], cwd=work,
                          env=env, capture_output=True, text=True, timeout=60)
    assert made.returncode == 0, made.stderr
    real_load = subprocess.run([sys.executable, str(work / "load.py"), str(pickles)], cwd=work,
                               env=env, capture_output=True, text=True, timeout=60)
    assert real_load.returncode == 0, real_load.stderr
    pytz_names = "pytz pytz.tzinfo pytz.tzfile pytz.exceptions"
    assert f"implementation: pytz pytz.reference {pytz_names}" in real_load.stderr
    real_app = subprocess.run([sys.executable, str(work / "app.py")], cwd=work, env=env,
                              capture_output=True, text=True, timeout=60)
    assert real_app.returncode == 0, real_app.stderr

    # 2. Wheels from the checkout (and tzdata, the core's dependency, if installed here).
    wheels = tmp_path / "wheels"
    wheels.mkdir()
    core = project_table(ROOT / "pyproject.toml")
    compat = project_table(COMPAT / "pyproject.toml")
    build_wheel(wheels, "tzcompat", core["version"], ROOT / "src" / "tzcompat",
                core["dependencies"])
    # By name: the built drop-in points at the checkout; here its wheel is in --find-links.
    names = [dep.split("@")[0].strip() for dep in compat["dependencies"]]
    build_wheel(wheels, "pytz", compat["version"], COMPAT / "pytz", names)
    tzdata = importlib.util.find_spec("tzdata")
    if tzdata is not None and tzdata.submodule_search_locations:
        build_wheel(wheels, "tzdata", importlib.metadata.version("tzdata"),
                    Path(list(tzdata.submodule_search_locations)[0]), [])
        targets, no_deps = ["pytz"], []  # resolved through the metadata: pytz -> tzcompat
    else:
        targets, no_deps = [str(p) for p in wheels.glob("*.whl")], ["--no-deps"]

    # 3. A clean venv (no system site-packages) and an offline install.
    venv = tmp_path / "venv"
    vpython = venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    pip_opts = ["install", "--isolated", "--no-index", "--find-links", str(wheels),
                "--no-cache-dir", "--disable-pip-version-check", *no_deps, *targets]
    if _pip_supports_python_option():
        subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True,
                       timeout=120)
        pip = [sys.executable, "-m", "pip", "--python", str(vpython)]
    else:
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=300)
        pip = [str(vpython), "-m", "pip"]
    inst = subprocess.run([*pip, *pip_opts], env=clean_env(), capture_output=True, text=True,
                          timeout=300)
    assert inst.returncode == 0, inst.stdout + inst.stderr

    def in_venv(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([str(vpython), *args], cwd=work, env=env, capture_output=True,
                              text=True, timeout=120)

    # The venv's pytz is the drop-in, and nothing of the real pytz is there.
    probe = in_venv("-c", "import importlib.metadata as m, pytz, json; print(json.dumps("
                          "[m.version('pytz'), pytz.__name__, pytz.__file__]))")
    assert probe.returncode == 0, probe.stderr
    version, name, path = json.loads(probe.stdout)
    assert version == compat["version"] and name == "tzcompat.pytz"
    assert Path(path).resolve().is_relative_to(venv.resolve())
    assert not (venv / "lib").exists() or not list((venv / "lib").rglob("pytz/zoneinfo"))
    # Imported first, tzcompat.pytz recognises the drop-in as itself (not a real pytz to derive
    # from) and imports it, so the process is as if pytz came first (names and modules
    # already pytz's); pytz's version passes minimum-version checks whatever the data.
    first = in_venv("-c", "import sys, tzcompat.pytz as t; print(sorted(m for m in sys.modules "
                          "if m.split('.')[0] == 'pytz'), t._realpytz.real_pytz, t.__version__, "
                          "t.tzinfo.DstTzInfo.__module__); import pytz; print(pytz is t, "
                          "t.tzinfo.DstTzInfo.__module__, len(t.tzinfo.DstTzInfo.__mro__))")
    assert first.returncode == 0, first.stderr
    assert first.stdout.split("\n")[:2] == [
        "['pytz', 'pytz.exceptions', 'pytz.lazy', 'pytz.reference', 'pytz.tzfile', "
        "'pytz.tzinfo'] None 2026.6 pytz.tzinfo", "True pytz.tzinfo 4"], first.stdout

    # 4. The real pytz's pickles load to the same values and objects; the program agrees.
    load = in_venv(str(work / "load.py"), str(pickles))
    assert load.returncode == 0, load.stderr
    # The drop-in is tzcompat.pytz, whose classes report pytz's module names.
    assert f"implementation: tzcompat.pytz tzcompat.pytz.reference {pytz_names}" in load.stderr

    def comparable(out: str) -> list[str]:
        return [re.sub(r" bytes:\w+$", "", ln) if ln.startswith("local-") else ln
                for ln in out.splitlines()]

    assert comparable(load.stdout) == comparable(real_load.stdout)
    assert "again:False" not in load.stdout and "period:False" not in load.stdout
    # Re-pickling gives pytz's bytes, except where an old pickle's values were updated.
    changed = {line.split()[0] for line in comparable(load.stdout) if "bytes:False" in line}
    assert changed == {"old_abbreviation-0", "old_static_style-0"}, changed
    app = in_venv(str(work / "app.py"))
    assert app.returncode == 0, app.stderr
    assert "implementation: tzcompat.pytz" in app.stderr
    assert app.stdout.splitlines() == real_app.stdout.splitlines()


if __name__ == "__main__":  # pragma: no cover
    sys.exit(pytest.main([__file__, "-v"]))
