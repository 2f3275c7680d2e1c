"""The same data in slim form: the PyPI ``tzdata`` files (footer rules instead of explicit
transitions to 2037) must give pytz's exact transition lists once the core expands them."""

from __future__ import annotations

from importlib.resources import files

import pytz as real_pytz

from tzcompat.pytz.tzfile import build_tzinfo

from .. import _needs
from .conftest import ALL_ZONES

tzdata = _needs.module("tzdata")


def test_slim_tzdata_files_give_pytz_lists():
    if tzdata.IANA_VERSION != real_pytz.OLSON_VERSION:
        _needs.need(f"tzdata and pytz of the same IANA release (tzdata {tzdata.IANA_VERSION}, "
                    f"pytz {real_pytz.OLSON_VERSION})",
                    f"pip install tzdata=={real_pytz.__version__}")
    root = files("tzdata.zoneinfo")
    mismatched = []
    for name in ALL_ZONES:
        if name == "UTC":  # timezone() special-cases it; compare the file itself
            with real_pytz.open_resource(name) as f:
                real = real_pytz.tzfile.build_tzinfo(name, f)
        else:
            real = real_pytz.timezone(name)
        with root.joinpath(*name.split("/")).open("rb") as f:
            mine = build_tzinfo(name, f)
        if repr(mine) != repr(real):
            mismatched.append(name)
        elif hasattr(real, "_utc_transition_times") and (
            mine._utc_transition_times != real._utc_transition_times
            or mine._transition_info != real._transition_info
        ):
            mismatched.append(name)
    assert not mismatched
