"""``pytz`` from tzcompat: importing this package gives the module ``tzcompat.pytz`` itself.

The module object is aliased rather than copied, so there is one set of zones, caches and
functions: ``mock.patch("pytz.timezone")`` reaches the code that calls it, and ``pytz.tzinfo``
and the other submodules are the adapter's (they are put in ``sys.modules`` before anything can
import them from this directory, which would make second copies of their classes). The classes
report pytz's module names. ``_tzcompat_dropin.py`` marks this directory as tzcompat's, so
``tzcompat.pytz`` does not mistake it for the real pytz. How this compares with
``tzcompat.shims.install()`` and the stand-in: see ``tzcompat.shims``.
"""

from tzcompat.shims import become_pytz, enable_from_environment

become_pytz()
enable_from_environment()  # TZCOMPAT_WARNINGS=1 / TZCOMPAT_AUDIT=1, as with install()
