"""The same data in slim form: the PyPI ``tzdata`` files (footer rules instead of explicit
transitions to 2037) must give pytz's exact transition lists once the core expands them."""

from __future__ import annotations

from importlib.resources import files

import pytest
import pytz as real_pytz

from tzcompat.pytz.tzfile import build_tzinfo

from .conftest import ALL_ZONES

tzdata = pytest.importorskip("tzdata")


@pytest.mark.skipif(
    tzdata.IANA_VERSION != real_pytz.OLSON_VERSION,
    reason=f"tzdata {tzdata.IANA_VERSION} and pytz {real_pytz.OLSON_VERSION} hold different data",
)
def test_slim_tzdata_files_give_pytz_lists():
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
