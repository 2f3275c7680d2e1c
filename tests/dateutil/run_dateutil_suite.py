"""Run python-dateutil's own tz test suite against ``tzcompat.dateutil``.

Usage (needs the unpacked sdist; no network at run time)::

    pip download --no-binary :all: --no-deps python-dateutil==4.0.0
    tar xzf python_dateutil-4.0.0.tar.gz
    pip install attrs freezegun [pytest-xdist]   # the suite's own test deps
    python tests/dateutil/run_dateutil_suite.py python_dateutil-4.0.0 [-n 2] [--env TZ=...]

The suite runs twice from the sdist root: once against the real ``dateutil.tz``
and once with ``dateutil.tz`` aliased to the adapter (``dateutil_suite_plugin``).
The script prints both summaries and every test whose outcome differs, and exits
non-zero if any differs except the documented exclusions below. Tests that fail
for the real library too (environment: the system data's backzone build, the
local zone) are reported but are not differences.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))

TZ_TESTS = [
    "tests/test_tz.py",
    "tests/test_tzfile.py",
    "tests/test_tzpath_data.py",
    "tests/test_zoneinfo.py",
    "tests/property/test_tz_prop.py",
]
# The parts of dateutil that use dateutil.tz: these must keep passing with the alias.
CONSUMER_TESTS = [
    "tests/test_parser.py",
    "tests/test_isoparser.py",
    "tests/test_rrule.py",
    "tests/test_utils.py",
    "tests/test_relativedelta.py",
    "tests/property/test_parser_prop.py",
    "tests/property/test_isoparse_prop.py",
    "tests/property/test_rrule_prop.py",
]

#: Tests expected to differ, with the reason (none for dateutil 4: the adapter shares TZPATH,
#: reset_tzpath and InvalidTZPathWarning with the standard library's zoneinfo, as dateutil 4).
EXCLUSIONS: dict[str, str] = {}


def _reason(test: str) -> str | None:
    return EXCLUSIONS.get(test)


_OUTCOME = r"(PASSED|FAILED|SKIPPED|XFAIL|XPASS|ERROR) (\S+)"
_RESULT = re.compile(r"^" + _OUTCOME)
_XDIST_RESULT = re.compile(r"^\[gw\d+\] \[\s*\d+%\] " + _OUTCOME)


def _run(sdist: str, tests: list[str], shadow: bool, workers: str, env_extra: dict[str, str]):
    env = dict(os.environ)
    env.pop("TZ", None)
    env.update(env_extra)
    args = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-rA", "-q", "-v",
            # the suite's conftest marks tests no_cover, a mark only pytest-cov registers
            "-W", "ignore::pytest.PytestUnknownMarkWarning"]
    if shadow:
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [HERE, env.get("PYTHONPATH")]))
        args += ["-p", "dateutil_suite_plugin"]
    if workers != "0":
        args += ["-n", workers]
    with tempfile.TemporaryFile("w+") as out:
        proc = subprocess.run(
            args + tests, cwd=sdist, env=env, stdout=out, stderr=subprocess.STDOUT
        )
        out.seek(0)
        text = out.read()
    outcomes: dict[str, str] = {}
    for line in text.splitlines():
        m = _RESULT.match(line) or _XDIST_RESULT.match(line)
        if m:
            outcomes.setdefault(m.group(2), m.group(1))
    summary = text.strip().splitlines()[-1] if text.strip() else "(no output)"
    return proc.returncode, outcomes, summary, text


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("sdist", help="root of an unpacked python-dateutil sdist")
    parser.add_argument("-n", default="2", help="pytest-xdist workers (0: no xdist)")
    parser.add_argument("--env", action="append", default=[], help="NAME=VALUE for both runs")
    parser.add_argument("--consumers", action="store_true", help="also run parser/rrule tests")
    parser.add_argument("--only", action="append", default=[], metavar="FILE",
                        help="run only this test file of the suite (repeatable)")
    opts = parser.parse_args(argv)
    env_extra = dict(item.split("=", 1) for item in opts.env)
    tests = opts.only or TZ_TESTS + (CONSUMER_TESTS if opts.consumers else [])

    _, real, real_summary, _ = _run(opts.sdist, tests, False, opts.n, env_extra)
    _, ours, our_summary, our_text = _run(opts.sdist, tests, True, opts.n, env_extra)
    if "shadowed by tzcompat.dateutil" not in our_text:
        print("the shadow plugin did not load; output:\n" + our_text[-3000:])
        return 2
    print(f"real dateutil.tz : {real_summary}")
    print(f"tzcompat.dateutil: {our_summary}")
    env_failures = sorted(t for t, o in real.items() if o in ("FAILED", "ERROR"))
    if env_failures:
        print("\nfailing with the real library too (environment):")
        for test in env_failures:
            print(f"  {test}: real {real[test]}, adapter {ours.get(test, 'missing')}")
    unexpected = 0
    print("\ndifferences:")
    for test in sorted(set(real) | set(ours)):
        a, b = real.get(test, "missing"), ours.get(test, "missing")
        if a == b:
            continue
        reason = _reason(test)
        if reason is None:
            unexpected += 1
        print(f"  {test}: real {a}, adapter {b}" + (f"  [excluded: {reason}]" if reason else ""))
    print(f"\n{unexpected} unexpected difference(s)")
    return 1 if unexpected else 0


if __name__ == "__main__":
    sys.exit(main())
