"""pytest plugin: run python-dateutil's own tz tests against ``tzcompat.dateutil``.

Load it with ``-p`` from the root of an unpacked python-dateutil sdist (see
``run_dateutil_suite.py``). It keeps the real ``dateutil`` package (parser, rrule,
relativedelta, zoneinfo stay real) and aliases ``dateutil.tz`` and its submodules
to the adapter before anything imports them, as the migration tools do.

One test-only shim: dateutil's suite assumes that ``dateutil.tz`` and the stdlib
``zoneinfo`` share one TZPATH (``test_matches_zoneinfo`` compares against
``zoneinfo`` after switching data sources). The adapter's TZPATH is the tzcompat
core's, so ``dateutil.tz._tzpath.reset_tzpath`` is wrapped here to reset both.
"""

import importlib
import sys
import types
import zoneinfo

if "dateutil.tz" in sys.modules:
    raise RuntimeError("dateutil.tz was imported before the tzcompat shadow plugin")

import dateutil  # noqa: E402 - the real package; its submodules load lazily

_adapter = importlib.import_module("tzcompat.dateutil")
sys.modules["dateutil.tz"] = _adapter
dateutil.tz = _adapter  # `from dateutil import tz` checks the attribute first
for _sub in ("_common", "_factories", "_tzfile", "_tzpath", "tz", "win"):
    try:
        sys.modules["dateutil.tz." + _sub] = importlib.import_module("tzcompat.dateutil." + _sub)
    except ImportError:
        pass

_real_tzpath = sys.modules["dateutil.tz._tzpath"]
_shim = types.ModuleType("dateutil.tz._tzpath", _real_tzpath.__doc__)


def _reset_both(to=None):
    _real_tzpath.reset_tzpath(to)
    zoneinfo.reset_tzpath(to)


_shim.reset_tzpath = _reset_both
_shim.InvalidTZPathWarning = _real_tzpath.InvalidTZPathWarning
_shim.__getattr__ = lambda name: getattr(_real_tzpath, name)
sys.modules["dateutil.tz._tzpath"] = _shim
_adapter._tzpath = _shim  # the suite calls tz._tzpath.reset_tzpath


def pytest_report_header(config):
    return f"dateutil.tz is shadowed by {_adapter.__name__} ({_adapter.__file__})"
