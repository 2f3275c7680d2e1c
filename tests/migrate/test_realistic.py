"""Issue 34's acceptance on a realistic sample: migrating ``tests/migrate/realistic/rota``
(17 modules of an application) changes no result silently, in either mode, and a second run
changes no file. The runner (``python -m tests.migrate.realistic``) does the work and explains
failures; see tests/migrate/realistic/README.md for the sample, the inputs and the attribution
rule.
"""

from __future__ import annotations

import pytest

from .realistic import _runner

#: inputs per zone, kept small so both modes take well under two minutes
PER_ZONE = 12


@pytest.mark.parametrize("mode", ["default", "unsafe"])
def test_realistic_sample(mode: str) -> None:
    """One test per mode, so that xdist's two workers take one migration each."""
    report = _runner.run([mode], PER_ZONE)[mode]
    assert not report.crashed, report.crashed
    # the sample is sized to look like a real migration, not a handful of sites
    assert 120 <= report.sites <= 300, report.sites
    assert report.calls > 1000, report.calls
    problems = []
    if report.silent:
        problems.append(_runner.describe(report, verbose=False))
    for name, diff in report.not_idempotent.items():
        problems.append(f"a second --write run changed {name}:\n{diff}")
    assert not problems, "\n".join(problems)


def test_inputs_reach_gaps_and_folds() -> None:
    """The draws put wall times in skipped and repeated hours of every zone with DST."""
    import pytz

    from . import _migrate_equivalence as eq

    hits: dict[str, set[str]] = {}
    with eq.pytz_data():
        for item in _runner.make_inputs(PER_ZONE):
            key = str(item["key"])
            try:
                pytz.timezone(key).localize(item["naive"], is_dst=None)
            except pytz.NonExistentTimeError:
                hits.setdefault(key, set()).add("gap")
            except pytz.AmbiguousTimeError:
                hits.setdefault(key, set()).add("fold")
    for key in ("America/New_York", "Europe/London", "Australia/Lord_Howe", "America/Sao_Paulo"):
        assert hits.get(key) == {"gap", "fold"}, (key, hits.get(key))


_ATTRIBUTION_SAMPLE = """\
import logging

TABLE = {1: "one"}
# tzcompat-migrate[zone-attribute]: a marker on a module-level statement
LABELS = {2: "two"}


def helper(x):
    # tzcompat-migrate[aware-arithmetic]: a marker on the value returned
    return x + 1


def side(x):
    # tzcompat-migrate[aware-arithmetic]: a marker in a function whose value is dropped
    return x * 2


def case_unrelated(x):
    # tzcompat-migrate[repr]: a marker on a log line
    logging.getLogger("t").debug("%r", x)
    dropped = side(x)
    return TABLE.get(x, x)


def case_through_callee(x):
    y = helper(x)
    return y


def case_reads_marked_global(x):
    return LABELS.get(x)


def case_handler(x):
    try:
        return {}[x]
    # tzcompat-migrate[unknown-timezone-valueerror]: a marker above an except clause
    except (KeyError, ValueError):
        return None


def case_handler_not_run(x):
    try:
        value = {1: "one"}[x]
    # tzcompat-migrate[unknown-timezone-valueerror]: a marker above an except clause
    except (KeyError, ValueError):
        value = None
    return value


def case_try_body_decides(x):
    try:
        # tzcompat-migrate[timezone-name-case]: a marker on a try body deciding the clause
        int(x)
    except ValueError:
        return "bad"
    return "ok"


def case_try_body_unrelated(x):
    try:
        # tzcompat-migrate[repr]: a marker in a try whose clause returns nothing
        logging.getLogger("t").debug("%r", x)
    except ValueError:
        pass
    return x
"""


@pytest.mark.parametrize(
    ("case", "expected"),
    [
        ("case_unrelated", []),
        ("case_through_callee", [10]),
        ("case_reads_marked_global", [5]),
        ("case_handler", [38]),
        ("case_handler_not_run", []),
        ("case_try_body_decides", [54]),
        ("case_try_body_unrelated", []),
    ],
)
def test_attribution_is_strict(tmp_path: object, case: str, expected: list[int]) -> None:
    """A marker excuses a change only on the path of the value: not on a log line of the same
    function nor in a callee whose result is dropped; yes in a callee whose value is returned,
    on a module-level statement the call reads, or above the ``except`` clause that caught (not
    above one that did not run), or on a ``try`` body statement deciding whether a clause that
    returns runs."""
    import importlib.util
    from pathlib import Path

    from .realistic import _attribution

    path = Path(str(tmp_path)) / "sample_attr.py"
    path.write_text(_ATTRIBUTION_SAMPLE, encoding="utf-8")
    spec = importlib.util.spec_from_file_location("sample_attr", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    facts = {str(path): _attribution.module_facts(path)}
    function = getattr(module, case)
    _, frames = _attribution.traced_call(lambda: function(1), {str(path)})
    assert [line for _, line in _attribution.excusing_markers(frames, facts)] == expected
