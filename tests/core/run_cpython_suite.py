"""Run CPython's own ``test_zoneinfo`` against ``tzcompat`` instead of ``zoneinfo``.

Usage (the suite ships with CPython's ``test`` package; nothing is downloaded)::

    python tests/core/run_cpython_suite.py [SUITE_DIR] [--property]

SUITE_DIR defaults to the running interpreter's ``test/test_zoneinfo``. The suite
tests the pure-Python and the C module through one hook, ``_support.get_modules()``;
both slots are pointed at tzcompat, so every test runs against it twice.

Expected failures: the ``TZDataTests`` cases, which pin zone data to tzdata 2020a
(``test_folds_and_gaps``, ``test_folds_from_utc``, ``test_unambiguous`` on the
``tzdata`` rows). The stdlib itself fails the same cases with a current tzdata.
The script exits non-zero if any other test fails.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib.util
import os
import sys
import sysconfig
import types
import unittest

# Tests that compare against values of tzdata 2020a (see the module docstring).
DATA_PINNED = {"test_folds_and_gaps", "test_folds_from_utc", "test_unambiguous"}


def _load(name: str, path: str) -> types.ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    default = os.path.join(sysconfig.get_paths()["stdlib"], "test", "test_zoneinfo")
    parser.add_argument("suite_dir", nargs="?", default=default)
    parser.add_argument("--property", action="store_true", help="also the hypothesis tests")
    args = parser.parse_args(argv)
    if not os.path.isfile(os.path.join(args.suite_dir, "test_zoneinfo.py")):
        parser.error(f"no test_zoneinfo.py in {args.suite_dir}")

    import tzcompat

    package = types.ModuleType("test.test_zoneinfo")
    package.__path__ = [args.suite_dir]
    sys.modules["test.test_zoneinfo"] = package
    support = _load("test.test_zoneinfo._support", os.path.join(args.suite_dir, "_support.py"))
    support.get_modules = lambda: (tzcompat, tzcompat)

    @contextlib.contextmanager
    def set_zoneinfo_module(module: types.ModuleType):  # noqa: ANN202 - a context manager
        # The suite swaps the module under test in sys.modules for pickling tests.
        old = sys.modules.get("tzcompat")
        sys.modules["tzcompat"] = module
        try:
            yield
        finally:
            sys.modules["tzcompat"] = old

    support.set_zoneinfo_module = set_zoneinfo_module

    names = ["test_zoneinfo"] + (["test_zoneinfo_property"] if args.property else [])
    suite = unittest.TestSuite()
    for name in names:
        module = _load(f"test.test_zoneinfo.{name}", os.path.join(args.suite_dir, name + ".py"))
        # Checks that the C extension is built: not about the module under test.
        if hasattr(module, "ExtensionBuiltTest"):
            delattr(module, "ExtensionBuiltTest")
        suite.addTests(unittest.TestLoader().loadTestsFromModule(module))
    result = unittest.TextTestRunner(verbosity=0).run(suite)

    unexpected = []
    for test, _ in result.failures + result.errors:
        case = getattr(test, "test_case", test)  # a failed subTest names its parent case
        method = getattr(case, "_testMethodName", "")
        pinned_class = any(c.__name__ == "TZDataTests" for c in type(case).__mro__)
        if not (pinned_class and method in DATA_PINNED):
            unexpected.append(test.id())
    pinned = len(result.failures) + len(result.errors) - len(unexpected)
    print(f"{result.testsRun} run, {pinned} data-pinned failures (expected), "
          f"{len(unexpected)} unexpected")
    for test_id in unexpected:
        print(f"  unexpected: {test_id}")
    return 1 if unexpected else 0


if __name__ == "__main__":
    raise SystemExit(main())
