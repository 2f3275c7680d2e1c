"""Integrations with other libraries' views of zone data and of pytz.

Each registers hooks with the core's registry (``tzcompat._registry``): the core's refresh
loads them through the ``tzcompat.integrations`` entry-point group, and ``tzcompat.pytz``'s
stand-in imports this package, which registers tzcompat's own integrations (reading the entry
points costs tens of milliseconds and imports ``re`` and ``typing``, too much for an import
of ``tzcompat.pytz``).
"""

from __future__ import annotations

from . import pandas

__all__ = ["pandas"]

pandas.register()
