"""pytest plugin: run a project's own test suite on the tzcompat shims, unchanged.

    pytest --tzcompat=pytz,dateutil          # or: pytz / dateutil / all
    pytest --tzcompat=pytz,warn,audit        # plus PytzUsageWarning and the audit table

or ``tzcompat = pytz,dateutil`` in the ini file. The shims go in before the project's
conftest files are imported, and come out when pytest is done; ``audit`` prints its table in
the terminal summary. Registered through the ``pytest11`` entry point, so it is loaded in
every pytest run: without the option it does nothing at all.
"""

from __future__ import annotations

from typing import Any

import pytest

# The package's __init__ loads these anyway; installing happens only with the option.
from . import _install, _warnings, audit

_TOKENS = {"pytz", "dateutil", "all", "warn", "warnings", "audit"}
_STATE_KEY = "_tzcompat_shims"


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("tzcompat", "tzcompat shims")
    group.addoption(
        "--tzcompat",
        metavar="LIST",
        default=None,
        help="run on tzcompat's shims: a comma list of pytz, dateutil (or all), "
        "plus warn (PytzUsageWarning at pytz-only calls) and audit (call-site table)",
    )
    parser.addini("tzcompat", "default for --tzcompat (e.g. pytz,dateutil)", default="")


def _requested(config: pytest.Config) -> set[str]:
    # known_args_namespace: the command line as parsed before conftests load.
    value = getattr(config.known_args_namespace, "tzcompat", None)
    if value is None:
        value = config.getini("tzcompat") or ""
    tokens = {t.strip().lower() for t in str(value).split(",") if t.strip()}
    unknown = tokens - _TOKENS
    if unknown:
        raise pytest.UsageError(
            f"--tzcompat: unknown {', '.join(sorted(unknown))!s} "
            f"(use pytz, dateutil, all, warn, audit)"
        )
    if "all" in tokens:
        tokens |= {"pytz", "dateutil"}
    if "warnings" in tokens:
        tokens.add("warn")
    return tokens


@pytest.hookimpl(tryfirst=True)
def pytest_load_initial_conftests(early_config: pytest.Config, parser: Any, args: Any) -> None:
    # Before conftest files (and, through them, the project) import pytz or dateutil.
    tokens = _requested(early_config)
    if not tokens:
        return
    libs = tokens & {"pytz", "dateutil"}
    if not libs:
        libs = {"pytz", "dateutil"}
    _install.install(pytz="pytz" in libs, dateutil="dateutil" in libs, warn=False, audit=False)
    if "warn" in tokens:
        # pytest's own filters show DeprecationWarnings; no extra filter needed.
        _warnings.enable_warnings(show=False)
    if "audit" in tokens:
        audit.reset()
        audit.enable(at_exit=False)
    setattr(early_config, _STATE_KEY, tokens)


def pytest_report_header(config: pytest.Config) -> str | None:
    tokens = getattr(config, _STATE_KEY, None)
    if not tokens:
        return None
    shims = ", ".join(sorted(_install.installed())) or "none"
    extra = ", ".join(sorted(tokens & {"warn", "audit"}))
    return f"tzcompat shims: {shims}" + (f" ({extra})" if extra else "")


def pytest_terminal_summary(terminalreporter: Any, exitstatus: int, config: pytest.Config) -> None:
    tokens = getattr(config, _STATE_KEY, None)
    if not tokens or "audit" not in tokens:
        return
    terminalreporter.section("tzcompat audit")
    for line in audit.format_report().rstrip("\n").splitlines():
        terminalreporter.write_line(line)


def pytest_unconfigure(config: pytest.Config) -> None:
    tokens = getattr(config, _STATE_KEY, None)
    if not tokens:
        return
    if "audit" in tokens:
        audit.disable()
    if "warn" in tokens:
        _warnings.disable_warnings()
    _install.uninstall()
    delattr(config, _STATE_KEY)
