"""Run released projects' own test suites on real pytz/dateutil, then on tzcompat's shims.

    python tests/interop/suites_on_shims.py [PROJECT ...] [--own-data] [--audit]
                                              [--work DIR] [--json FILE]

Not part of the test suite (pytest does not collect it: no ``test_`` prefix; it installs each
project's dependencies from PyPI into a scratch venv). The projects, their dependencies and
test paths are those of ``tests/migrate/corpus/suites.py`` (``SUITES``, imported read-only),
plus ``EXTRA`` below for corpus projects that suites.py does not run.
For each project, in one venv holding its dependencies plus tzcompat (editable, from this
checkout), the suite of an unchanged copy of the release runs twice:

- ``real``: on the real pytz and python-dateutil;
- ``shims``: with ``pytest --tzcompat=pytz,dateutil`` (``tzcompat.pytz`` and
  ``tzcompat.dateutil`` in place of ``pytz`` and ``dateutil.tz``), and ``PYTZ_TZDATADIR`` at
  the venv's pytz zoneinfo directory, so that both runs read pytz's bundled data (dateutil and
  the adapter both read the system's TZPATH first). With ``--own-data`` the shims read
  tzcompat's own data instead (TZPATH, then tzdata), as they do by default.

Printed per project: the counts of each run, then every test whose outcome differs, with the
failure text of the side where it failed (``shim-only failure`` / ``real-only failure``;
``both failed, differently`` when the first lines of the two failures differ).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests" / "migrate" / "corpus"))

import _corpus  # noqa: E402
import suites  # noqa: E402

# Corpus projects suites.py does not run (no codemod study), whose released suites run here
# with dependencies of their time.
EXTRA = {
    "khal": suites.Suite(
        (
            "click<8.1",
            "click_log",
            "icalendar<5",
            "urwid<2.2",
            "pyxdg",
            "pytz",
            "python-dateutil",
            "configobj",
            "atomicwrites",
            "tzlocal<3",
            "freezegun<1.3",
            "vdirsyncer<0.19",
            "pytest<8",
        ),
        ("tests",),
    ),
    # nose for its test helpers, pandas<2 for the DataFrame client's tests; the server tests
    # need an influxd binary
    "influxdb": suites.Suite(
        (
            "python-dateutil",
            "pytz",
            "requests",
            "six",
            "msgpack",
            "mock",
            "requests-mock",
            "nose",
            "pandas<2",
            "numpy<2",
            "pytest<8",
        ),
        ("influxdb/tests", "--ignore=influxdb/tests/server_tests"),
    ),
    "Flask-Babel": suites.Suite(
        (
            "Flask<2.1",
            "Werkzeug<2.1",
            "Jinja2<3.1",
            "itsdangerous<2.1",
            "MarkupSafe<2.1",
            "Babel<2.10",
            "pytz",
            "pytest<8",
        ),
        ("tests",),
    ),
}
# Django's own suite runs with its runtests.py (not pytest), on the shims through
# ``python -m tzcompat run``: the test modules of its timezone and date handling.
RUNTESTS = {
    "Django": suites.Suite(
        ("asgiref<4", "sqlparse<0.5", "pytz", "PyYAML", "Jinja2"),
        (
            "timezones",
            "utils_tests.test_timezone",
            "utils_tests.test_dateformat",
            "utils_tests.test_dateparse",
            "utils_tests.test_timesince",
            "datetimes",
            "dates",
            "db_functions.datetime",
            "humanize_tests",
            "generic_views",
            "forms_tests.field_tests",
            "forms_tests.widget_tests",
            "template_tests.filter_tests",
            "admin_changelist",
            "admin_filters",
            "serializers",
            "model_fields",
        ),
    ),
}
SUITES = {**suites.SUITES, **EXTRA, **RUNTESTS}

SHIMS = "--tzcompat=pytz,dateutil"
AUDITED = re.compile(r"tzcompat audit: (\d+) pytz/dateutil-specific call sites, (\d+) calls")
# A plugin loaded in both runs (-p) that records which modules ``pytz`` and ``dateutil.tz``
# were when the session finished, so a run on the shims is known to have been one.
PROBE = """
import json, os, sys

def pytest_sessionfinish(session):
    seen = {}
    for name in ("pytz", "dateutil.tz"):
        module = sys.modules.get(name)
        seen[name] = getattr(module, "__name__", None) if module is not None else None
    with open(os.environ["TZCOMPAT_SHIMS_PROBE"], "w") as handle:
        json.dump(seen, handle)
"""
# For RUNTESTS: a settings module (Django's test_sqlite plus this runner) whose runner's
# result class records each test's outcome, and which modules pytz and dateutil.tz were.
DJANGO_RUNNER = """
import json, os, sys, unittest

from django.test.runner import DiscoverRunner

OUTCOMES = {}


class Recording(unittest.TextTestResult):
    def _put(self, test, outcome, err=None):
        text = self._exc_info_to_string(err, test) if err is not None else ""
        if OUTCOMES.get(test.id(), ("passed",))[0] == "passed":
            OUTCOMES[test.id()] = (outcome, text)

    def addSuccess(self, test):
        super().addSuccess(test)
        self._put(test, "passed")

    def addFailure(self, test, err):
        super().addFailure(test, err)
        self._put(test, "failed", err)

    def addError(self, test, err):
        super().addError(test, err)
        self._put(test, "error", err)

    def addSkip(self, test, reason):
        super().addSkip(test, reason)
        self._put(test, "skipped")

    def addExpectedFailure(self, test, err):
        super().addExpectedFailure(test, err)
        self._put(test, "passed")

    def addUnexpectedSuccess(self, test):
        super().addUnexpectedSuccess(test)
        self._put(test, "failed")

    def addSubTest(self, test, subtest, err):
        super().addSubTest(test, subtest, err)
        if err is not None:
            self._put(test, "failed" if issubclass(err[0], test.failureException) else "error", err)

    def stopTestRun(self):
        super().stopTestRun()
        seen = {}
        for name in ("pytz", "dateutil.tz"):
            module = sys.modules.get(name)
            seen[name] = getattr(module, "__name__", None) if module is not None else None
        with open(os.environ["TZCOMPAT_SHIMS_PROBE"], "w") as handle:
            json.dump({"modules": seen, "tests": OUTCOMES}, handle)


class Runner(DiscoverRunner):
    def get_resultclass(self):
        return Recording
"""
DJANGO_SETTINGS = """
from test_sqlite import *  # noqa: F403

TEST_RUNNER = "tzcompat_shims_django.Runner"
"""
TEXT = 3000  # characters of failure text kept per test


def _venv(work: Path, suite: suites.Suite, interpreter: str | None = None) -> Path:
    """The project's venv (suites.py's recipe) with tzcompat installed editable.

    With ``interpreter``, the venv is made by that Python (the same dependencies).
    """
    if interpreter is None:
        python = suites._venv(work, suite)
    else:
        python, stamp = work / "venv" / "bin" / "python", work / "venv" / "deps.json"
        wanted = json.dumps(suite.deps)
        if not (stamp.is_file() and stamp.read_text("utf-8") == wanted and python.exists()):
            subprocess.run([interpreter, "-m", "venv", str(work / "venv")], check=True)
            pip = [str(python), "-m", "pip", "install", "-q", *suite.deps]
            subprocess.run(pip, check=True, timeout=900)
            stamp.write_text(wanted, "utf-8")
    stamp = work / "venv" / "tzcompat.stamp"
    if not stamp.is_file() or stamp.read_text("utf-8") != str(ROOT):
        subprocess.run(
            [str(python), "-m", "pip", "install", "-q", "-e", str(ROOT)], check=True, timeout=900
        )
        stamp.write_text(str(ROOT), "utf-8")
    return python


def _pytz_zoneinfo(python: Path) -> str:
    code = "import os, pytz; print(os.path.join(os.path.dirname(pytz.__file__), 'zoneinfo'))"
    done = subprocess.run([str(python), "-c", code], capture_output=True, text=True, check=True)
    return done.stdout.strip()


def _versions(python: Path) -> dict[str, str]:
    code = (
        "import json, platform; from importlib.metadata import version as v\n"
        "out = {'python': platform.python_version()}\n"
        "for name in ('pytz', 'python-dateutil', 'tzcompat', 'tzdata'):\n"
        "    try: out[name] = v(name)\n"
        "    except Exception: out[name] = '-'\n"
        "print(json.dumps(out))"
    )
    done = subprocess.run([str(python), "-c", code], capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def _run(
    python: Path,
    source: Path,
    work: Path,
    suite: suites.Suite,
    label: str,
    extra: list[str],
    env_extra: dict[str, str],
) -> dict[str, tuple[str, str]]:
    """``test id -> (outcome, failure text)`` of one pytest run on a fresh copy."""
    copy = work / label
    if copy.exists():
        shutil.rmtree(copy)
    shutil.copytree(source, copy)
    report = work / f"{label}.xml"
    report.unlink(missing_ok=True)
    env = {**suites._env(copy, suite), **env_extra}
    (work / "probe").mkdir(exist_ok=True)
    (work / "probe" / "tzcompat_shims_probe.py").write_text(PROBE, "utf-8")
    env["PYTHONPATH"] += os.pathsep + str(work / "probe")
    probe = work / f"{label}.probe.json"
    probe.unlink(missing_ok=True)
    env["TZCOMPAT_SHIMS_PROBE"] = str(probe)
    if suite in RUNTESTS.values():
        return _runtests(python, copy, work, suite, label, extra, env, probe)
    argv = [str(python), "-m", "pytest", *suites.PYTEST_OPTIONS, f"--junitxml={report}"]
    argv += ["-p", "tzcompat_shims_probe"]
    done = subprocess.run(
        argv + extra + list(suite.tests),
        cwd=copy,
        env=env,
        capture_output=True,
        text=True,
        timeout=1800,
    )
    (work / f"{label}.log").write_text(done.stdout + done.stderr, "utf-8")
    if not report.is_file():
        raise RuntimeError(f"{label}: pytest wrote no report: {done.stderr.strip()[-1500:]}")
    seen = json.loads(probe.read_text("utf-8")) if probe.is_file() else {}
    want = "tzcompat." if extra else ""
    if not str(seen.get("pytz") or "").startswith(want):
        raise RuntimeError(f"{label}: pytz was {seen.get('pytz')!r} at the end of the run")
    found: dict[str, tuple[str, str]] = {}
    for case in ET.parse(report).getroot().iter("testcase"):
        test = f"{case.get('classname')}::{case.get('name')}"
        outcome, text = "passed", ""
        for tag in ("failure", "error", "skipped"):
            node = case.find(tag)
            if node is not None:
                outcome = {"failure": "failed"}.get(tag, tag)
                text = ((node.get("message") or "") + "\n" + (node.text or "")).strip()
                break
        if test in found and found[test][0] != "passed":
            continue  # a teardown error after a failure keeps the first outcome
        found[test] = (outcome, text.replace(str(copy), "<copy>")[:TEXT])
    return found


def _runtests(
    python: Path,
    copy: Path,
    work: Path,
    suite: suites.Suite,
    label: str,
    extra: list[str],
    env: dict[str, str],
    probe: Path,
) -> dict[str, tuple[str, str]]:
    """Django's runtests.py on ``suite.tests``, on the shims through ``tzcompat run``."""
    (work / "probe" / "tzcompat_shims_django.py").write_text(DJANGO_RUNNER, "utf-8")
    (work / "probe" / "tzcompat_shims_settings.py").write_text(DJANGO_SETTINGS, "utf-8")
    script = ["runtests.py", "--settings=tzcompat_shims_settings", "--parallel=1", "-v", "1"]
    shims = bool(extra)
    audit = ["--audit"] if any(e.endswith(",audit") for e in extra) else []
    argv = [str(python), "-m", "tzcompat", "run", *audit, "--"] if shims else [str(python)]
    done = subprocess.run(
        argv + script + list(suite.tests),
        cwd=copy / "tests",
        env=env,
        capture_output=True,
        text=True,
        timeout=3600,
    )
    (work / f"{label}.log").write_text(done.stdout + done.stderr, "utf-8")
    if not probe.is_file():
        raise RuntimeError(f"{label}: runtests.py recorded nothing: {done.stderr.strip()[-1500:]}")
    recorded = json.loads(probe.read_text("utf-8"))
    pytz_module = str(recorded["modules"].get("pytz") or "")
    if pytz_module.startswith("tzcompat.") != shims:
        raise RuntimeError(f"{label}: pytz was {pytz_module!r} at the end of the run")
    return {
        test: (outcome, text.replace(str(copy), "<copy>")[:TEXT])
        for test, (outcome, text) in recorded["tests"].items()
    }


def _first(text: str) -> str:
    """The first line of a failure, object addresses and pytest's tmp_path root left out."""
    line = re.sub(r"0x[0-9a-fA-F]+", "0x?", text.split("\n", 1)[0])
    return re.sub(r"pytest-of-[^/]+/pytest-\d+", "<tmp>", line)


def _counts(results: dict[str, tuple[str, str]]) -> dict[str, int]:
    counts = {"passed": 0, "failed": 0, "error": 0, "skipped": 0}
    for outcome, _ in results.values():
        counts[outcome] += 1
    return counts


def run_project(
    name: str,
    work_root: Path,
    own_data: bool = False,
    audit: bool = False,
    interpreter: str | None = None,
) -> dict[str, object]:
    """Both runs of one project, and the tests whose outcomes differ.

    ``audit`` adds a third run on the shims with tzcompat's audit, for its count of the
    pytz/dateutil-specific call sites and calls the suite made (its outcomes must be the
    shims run's).
    """
    project = next(p for p in _corpus.read_manifest() if p.name == name)
    suite = SUITES[name]
    source = _corpus.fetch(project)
    work = work_root / project.slug
    if interpreter is not None:
        work = work_root / f"{project.slug}-{Path(interpreter).name}"
    work.mkdir(parents=True, exist_ok=True)
    python = _venv(work, suite, interpreter)
    data = {} if own_data else {"PYTZ_TZDATADIR": _pytz_zoneinfo(python)}
    real = _run(python, source, work, suite, "real", [], {})
    shims = _run(python, source, work, suite, "shims-own" if own_data else "shims", [SHIMS], data)
    audited: dict[str, object] = {}
    if audit:
        found = _run(python, source, work, suite, "audit", [SHIMS + ",audit"], data)
        log = (work / "audit.log").read_text("utf-8")
        match = AUDITED.search(log)
        audited = {
            "sites": int(match.group(1)) if match else 0,
            "calls": int(match.group(2)) if match else 0,
            "outcomes differ from the shims run": sorted(
                t
                for t in set(found) | set(shims)
                if found.get(t, ("",))[0] != shims.get(t, ("",))[0]
            ),
        }
    diffs = []
    for test in sorted(set(real) | set(shims)):
        a, b = real.get(test, ("absent", "")), shims.get(test, ("absent", ""))
        bad_a, bad_b = a[0] in ("failed", "error"), b[0] in ("failed", "error")
        if a[0] == b[0]:
            # failing on both sides is a difference too when the messages differ
            if not bad_a or _first(a[1]) == _first(b[1]):
                continue
            kind = "both failed, differently"
        elif bad_a != bad_b:
            kind = "shim-only failure" if bad_b else "real-only failure"
        else:
            kind = "other difference"
        diffs.append(
            {
                "test": test,
                "kind": kind,
                "real": a[0],
                "shims": b[0],
                "text": (b if bad_b else a)[1],
                "real_text": a[1],
            }
        )
    return {
        "project": name,
        "version": project.version,
        "versions": _versions(python),
        "real": _counts(real),
        "shims": _counts(shims),
        "tests": len(set(real) | set(shims)),
        "differences": diffs,
        "audit": audited,
    }


def _print(result: dict[str, object]) -> None:
    print(f"## {result['project']} {result['version']}  {result['versions']}")
    print(f"real:  {result['real']}")
    print(f"shims: {result['shims']}")
    diffs = result["differences"]
    assert isinstance(diffs, list)
    for diff in diffs:
        print(f"  {diff['kind']}: {diff['test']} (real {diff['real']}, shims {diff['shims']})")
        if diff["kind"] == "both failed, differently":
            print(f"      real:  {diff['real_text'].splitlines()[0]}")
        for line in diff["text"].splitlines()[:40]:
            print(f"      {line}")
    if result["audit"]:
        print(f"audit: {result['audit']}")
    shim_only = sum(d["kind"] == "shim-only failure" for d in diffs)
    print(f"shim-only failures: {shim_only}; other differences: {len(diffs) - shim_only}")
    print(flush=True)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("projects", nargs="*", default=sorted(SUITES))
    parser.add_argument("--work", default="/tmp/tzcompat-shims", type=Path)
    parser.add_argument("--json", type=Path, help="also write the results as JSON")
    parser.add_argument(
        "--own-data",
        action="store_true",
        help="the shims read tzcompat's own data (TZPATH, tzdata), not pytz's bundled files",
    )
    parser.add_argument(
        "--python",
        metavar="INTERPRETER",
        help="make the venvs with this Python (default: the one running this script)",
    )
    parser.add_argument(
        "--audit",
        action="store_true",
        help="a third run with tzcompat's audit: the pytz/dateutil-specific calls made",
    )
    args = parser.parse_args(argv)
    results = []
    for name in args.projects:
        result = run_project(name, args.work, args.own_data, args.audit, args.python)
        _print(result)
        results.append(result)
    if args.json:
        args.json.write_text(json.dumps(results, indent=1), "utf-8")
    shim_only = sum(
        d["kind"] == "shim-only failure"
        for r in results
        for d in r["differences"]  # type: ignore[attr-defined]
    )
    return 1 if shim_only else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
