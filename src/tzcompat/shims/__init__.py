"""Run unchanged pytz/dateutil code on tzcompat: the swap-in aids, standard library only.

- ``install()`` / ``uninstall()`` / ``installed()``: put ``tzcompat.pytz`` in ``pytz``'s
  place and ``tzcompat.dateutil`` in ``dateutil.tz``'s, in ``sys.modules`` (``_install``).
- ``enable_warnings()``: a ``PytzUsageWarning`` at every call only pytz supports, naming
  its zoneinfo replacement (``_warnings``).
- ``audit``: count pytz/dateutil-specific call sites while a program runs and print the
  table at exit (``tzcompat.shims.audit.enable()``, ``sites()``, ``format_report()``).
- ``python -m tzcompat run`` (``_run``) and the pytest plugin (``pytest --tzcompat=...``,
  ``tzcompat.shims.pytest_plugin``) do the same around a script or a test session.
- ``become_pytz()``: what the drop-in ``pytz`` distribution runs when it is imported.
- ``DataVersionWarning``: once per process, when a shim answers from another IANA release
  than the library it replaces would read (``_datanote``; ``TZCOMPAT_DATA_WARNING=0``
  silences it).

There are three ways for tzcompat to become ``pytz`` in a process; all three put the same
module objects in ``sys.modules`` (``tzcompat.pytz._as_pytz()``), so code sees one ``pytz``
whichever came first:

1. the drop-in distribution (``compat/pytz``): ``import pytz`` is tzcompat, for every
   process of the environment it is installed in;
2. ``install()``: from the call on, in this process, until ``uninstall()``; it also re-points
   module globals that already hold the real pytz;
3. the stand-in: where no pytz is installed at all, ``import tzcompat.pytz`` makes ``import
   pytz`` give the adapter, for the whole process (``TZCOMPAT_PYTZ_ALIAS=0`` turns it off),
   so that consumers that look for pytz before treating a zone as one get pytz's answers.

Nothing here imports the codemod (``tzcompat.migrate``) or LibCST.
"""

from __future__ import annotations

import sys

from .._env import env_flag
from . import _datanote, audit
from ._datanote import DataVersionWarning
from ._install import install, installed, uninstall
from ._warnings import PytzUsageWarning, disable_warnings, enable_warnings, warnings_enabled

__all__ = [
    "DataVersionWarning",
    "PytzUsageWarning",
    "become_pytz",
    "disable_warnings",
    "enable_from_environment",
    "enable_warnings",
    "install",
    "installed",
    "uninstall",
    "warnings_enabled",
]


def become_pytz() -> None:
    """Make ``pytz`` and its submodules the adapter's modules in ``sys.modules``, for good.

    The drop-in ``pytz`` package calls this when it is imported; its classes then report
    pytz's module names, as pytz's own do. Unlike ``install()`` it records nothing to undo.
    """
    # Not at the top: importing the adapter changes the process (docs/architecture.md), and
    # only becoming pytz asks for that.
    from .. import pytz as adapter

    for name, module in adapter._as_pytz().items():  # the submodules first, then pytz
        sys.modules[name] = module
    adapter._set_pytz_names()
    adapter._now_pytz()
    _datanote.check("pytz", stacklevel=3)  # once per process: other data than pytz's bundle


def enable_from_environment() -> None:
    """Turn on the warnings (``TZCOMPAT_WARNINGS``) and the audit (``TZCOMPAT_AUDIT``) if
    the environment asks for them; ``install()`` and the drop-in read the same switches."""
    if env_flag("TZCOMPAT_WARNINGS") and not warnings_enabled():
        enable_warnings()
    if env_flag("TZCOMPAT_AUDIT"):
        if not audit.enabled():
            audit.enable()
