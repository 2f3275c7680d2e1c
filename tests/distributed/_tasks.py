"""Functions the Dask and Spark tests run inside workers (shipped by value)."""

from __future__ import annotations

import os
import pickle
import warnings
from typing import Any


def report() -> dict[str, Any]:
    import tzcompat

    return {"pid": os.getpid(), "tzpath": os.environ.get("PYTHONTZPATH"),
            **tzcompat.data_report()}


def load(blob: bytes) -> tuple[str, list[str]]:
    """Unpickle ``blob`` here; its UTC offset and the warnings that loading raised."""
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        dt = pickle.loads(blob)
    return str(dt.utcoffset()), [w.category.__name__ for w in seen]


def kind_of(tz: Any) -> str:
    """The module of a zone object as this worker received it."""
    return type(tz).__module__


def localize_here(name: str, wall: Any) -> str:
    import tzcompat.pytz as tp

    return tp.timezone(name).localize(wall).isoformat()


def offset_of(dt: Any) -> tuple[str, int]:
    """The UTC offset of an aware datetime as this worker answers it, and the pid."""
    return str(dt.utcoffset()), os.getpid()


def pid() -> int:
    return os.getpid()
