"""pytest plugin: run python-dateutil's own tz tests against ``tzcompat.dateutil``.

Load it with ``-p`` from the root of an unpacked python-dateutil sdist (see
``run_dateutil_suite.py``). It keeps the real ``dateutil`` package (parser, rrule,
relativedelta, zoneinfo stay real) and puts the adapter in place of ``dateutil.tz`` and
its submodules with ``tzcompat.shims.install`` before anything imports them, so the
suite sees what migrated code sees (including ``TZPATH``, which the adapter shares with
the standard library's ``zoneinfo``, as dateutil 4 does).
"""

import sys

if "dateutil.tz" in sys.modules:
    raise RuntimeError("dateutil.tz was imported before the tzcompat shadow plugin")

from tzcompat.shims import install  # noqa: E402

install(pytz=False, dateutil=True, warn=False, audit=False)
_adapter = sys.modules["dateutil.tz"]


def pytest_report_header(config):
    return f"dateutil.tz is shadowed by {_adapter.__name__} ({_adapter.__file__})"
