"""Integrations with other libraries' caches of zone data (loaded by the core's refresh
through the ``tzcompat.integrations`` entry-point group; see ``tzcompat._registry``)."""
