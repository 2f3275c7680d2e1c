"""``pytz`` from tzcompat: importing this package gives the module ``tzcompat.pytz`` itself.

The module object is aliased rather than copied, so there is one set of zones, caches and
functions: pickles name ``pytz._p``/``pytz._UTC``/``pytz.FixedOffset`` and load here,
``mock.patch("pytz.timezone")`` reaches the code that calls it, and ``pytz.tzinfo`` and the
other submodules are the adapter's (they are put in ``sys.modules`` before anything can import
them from this directory, which would make second copies of their classes). The classes
report pytz's module names. ``_tzcompat_dropin.py`` marks this directory as tzcompat's, so
``tzcompat.pytz`` does not mistake it for the real pytz.
"""

import os
import sys

import tzcompat.pytz as _impl

for _name, _module in _impl._as_pytz().items():  # the submodules first, then pytz itself
    sys.modules[_name] = _module
# Classes report pytz's module names (pytz.tzinfo, pytz.exceptions, ...), as pytz's own do.
_impl._set_pytz_names()

if os.environ.get("TZCOMPAT_WARNINGS", "").strip().lower() in ("1", "true", "yes", "on"):
    from tzcompat.migrate import _warnings

    _warnings.enable_warnings()
if os.environ.get("TZCOMPAT_AUDIT", "").strip().lower() in ("1", "true", "yes", "on"):
    from tzcompat.migrate import _audit

    _audit.enable()
