"""Warning classes raised by the dateutil-compatible zones."""

from __future__ import annotations

__all__ = ["DeprecatedTzFormatWarning", "DeprecatedTzKeyWarning"]


class DeprecatedTzFormatWarning(Warning):
    """A zone string used dateutil's deprecated comma-separated rule format."""


class DeprecatedTzKeyWarning(FutureWarning):
    """``gettz`` was given a relative key that climbs out of every TZPATH directory.

    As in dateutil, an ``"error"`` filter for this category is appended when the
    warning is issued, so it raises unless the caller filtered it first, e.g. with
    ``warnings.filterwarnings("ignore", category=DeprecatedTzKeyWarning)``.
    Absolute paths are not affected.
    """


# The public home of both classes is the package, as in dateutil.tz.
DeprecatedTzFormatWarning.__module__ = "tzcompat.dateutil"
DeprecatedTzKeyWarning.__module__ = "tzcompat.dateutil"
