"""Stand-in for ``dateutil.tz.win``, which needs the Windows registry.

dateutil raises ImportError on other platforms; the adapter does not implement the
registry zones at all, so importing this module always raises ImportError and
``tzwin``/``tzwinlocal`` are None (as they are in dateutil off Windows).
"""

raise ImportError(
    "tzcompat.dateutil does not implement dateutil.tz.win (Windows registry zones); "
    "use IANA keys with gettz() instead"
)
