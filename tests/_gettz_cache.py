"""Real dateutil's gettz cache, saved and given back around tests that clear it.

pandas keeps real dateutil's ``gettz("UTC")`` from its import and recognises UTC by
identity with it, so a test that clears real dateutil's cache must put the same objects
back, or later tests in the process (test_peer's pandas-UTC check, the originals' side of
tests/interop) compare against a dateutil that pandas no longer takes for UTC.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any


def _maps(gettz: Any) -> tuple[dict[Any, Any], dict[Any, Any]] | None:
    instances = getattr(gettz, "_GettzFunc__instances", None)
    strong = getattr(gettz, "_GettzFunc__strong_cache", None)
    return None if instances is None or strong is None else (instances, strong)


@contextmanager
def kept_gettz_cache() -> Iterator[None]:
    """Clear real dateutil's gettz cache now and at the end, then give its objects back."""
    from dateutil import tz

    maps = _maps(tz.gettz)
    saved = (dict(maps[0]), dict(maps[1])) if maps is not None else None
    tz.gettz.cache_clear()
    try:
        yield
    finally:
        tz.gettz.cache_clear()
        current = _maps(tz.gettz)  # cache_clear() may have put new mappings in place
        if saved is not None and current is not None:
            current[0].update(saved[0])
            current[1].update(saved[1])
