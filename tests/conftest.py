"""Shared test configuration: hypothesis profiles, and the summary of skipped tests.

``ci`` (the default) keeps the whole suite well under CI's budget; set
``TZCOMPAT_HYPOTHESIS_PROFILE=deep`` for a long differential run. A test skips only through
tests/_needs.py, whose reasons name the command that enables the test; the end of the run lists
them once each, with how many tests each one skipped.
"""

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci",
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    derandomize=False,
)
settings.register_profile(
    "deep",
    max_examples=5000,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.register_profile(
    "dev",
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.load_profile(os.environ.get("TZCOMPAT_HYPOTHESIS_PROFILE") or "ci")


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    skipped = terminalreporter.stats.get("skipped", [])
    if not skipped:
        return
    counts: dict[str, int] = {}
    for report in skipped:
        longrepr = report.longrepr
        reason = longrepr[2] if isinstance(longrepr, tuple) else str(longrepr)
        reason = reason.removeprefix("Skipped: ")
        counts[reason] = counts.get(reason, 0) + 1
    terminalreporter.section("skipped tests and how to run them")
    for reason, n in sorted(counts.items()):
        terminalreporter.write_line(f"{n} skipped: {reason}")
