"""Alias of ``dateutil.tz.tz``, for code that imports from there directly."""

from __future__ import annotations

from datetime import datetime

from ._base import ZERO, _tzinfo, _validate_fromutc_inputs, enfold, tzrangebase
from ._factories import _TzOffsetFactory, _TzSingleton, _TzStrFactory
from ._fixed import UTC, tzoffset, tzutc
from ._gettz import (
    TZFILES,
    _escapes_tzpath,
    _warn_tzpath_escape,
    available_iana_timezones,
    gettz,
)
from ._helpers import datetime_ambiguous, datetime_exists, resolve_imaginary
from ._ical import _tzicalvtz, _tzicalvtzcomp, tzical
from ._local import _naive_timestamp as _datetime_to_timestamp
from ._local import tzlocal
from ._range import tzrange
from ._tzfile import tzfile
from ._tzstr import tzstr
from ._warnings import DeprecatedTzKeyWarning

EPOCH = datetime(1970, 1, 1, 0, 0)

#: Windows registry zones are not implemented (None, as dateutil off Windows).
tzwin = None
tzwinlocal = None

__all__ = [
    "EPOCH", "TZFILES", "UTC", "ZERO", "DeprecatedTzKeyWarning", "available_iana_timezones",
    "datetime_ambiguous", "datetime_exists", "enfold", "gettz", "resolve_imaginary", "tzfile",
    "tzical", "tzlocal", "tzoffset", "tzrange", "tzrangebase", "tzstr", "tzutc", "tzwin",
    "tzwinlocal",
]

# Private names dateutil.tz.tz also has, for code that reaches for them.
_PRIVATE = (
    _TzOffsetFactory, _TzSingleton, _TzStrFactory, _datetime_to_timestamp, _escapes_tzpath,
    _tzicalvtz, _tzicalvtzcomp, _tzinfo, _validate_fromutc_inputs, _warn_tzpath_escape,
)
