"""Alias of ``dateutil.tz._common``: the base classes and ``enfold``."""

from ._base import ZERO, _tzinfo, _validate_fromutc_inputs, enfold, tzrangebase

__all__ = ["enfold"]

# Importable names, as in dateutil (not part of __all__ there either).
_ALIASES = (ZERO, _tzinfo, _validate_fromutc_inputs, tzrangebase)
