"""With no pytz installed, ``import tzcompat.pytz`` makes it ``pytz`` in the process.

Consumers recognise pytz zones by ``"pytz" in sys.modules`` and ``isinstance`` against
``pytz.tzinfo.BaseTzInfo`` (Django 3.2 to 4.2's ``make_aware``): without the stand-in they
attach a zone with ``replace(tzinfo=)`` and get its LMT offset. Each case runs in a child
process; "no pytz installed" is made by ``tests/_hide_pytz.py`` (the real pytz of the test
environment cannot be found), "blocked" by ``sys.modules["pytz"] = None``.
"""

from __future__ import annotations

import json
import os

import pytest

from .. import _needs
from .._origin import installed_by
from .test_real_pytz import run_python

TESTS = os.path.abspath(os.path.join(os.path.dirname(__file__), os.pardir))
DROPIN = os.path.join(TESTS, os.pardir, "compat", "pytz")
HIDER = os.path.join(TESTS, "_hide_pytz.py")

# Loaded by path: tests/ on sys.path would shadow the stdlib (tests/typing).
HIDE = f"""
import sys
import importlib.util
spec = importlib.util.spec_from_file_location("_hide_pytz", {HIDER!r})
hide_pytz = importlib.util.module_from_spec(spec)
spec.loader.exec_module(hide_pytz)
hide_pytz.hide()
"""


def test_without_pytz_tzcompat_pytz_is_pytz():
    res = run_python(
        HIDE
        + """
from importlib.util import find_spec
from datetime import datetime
assert find_spec("pytz") is None
import tzcompat.pytz as t
import pytz, pytz.tzinfo, pytz.exceptions, pytz.lazy, pytz.reference, pytz.tzfile
assert pytz is t and sys.modules["pytz"] is t
assert pytz.tzinfo is sys.modules["tzcompat.pytz.tzinfo"] is t.tzinfo
assert pytz.exceptions is t.exceptions and pytz.tzfile is t.tzfile
assert pytz.lazy is sys.modules["tzcompat.pytz.lazy"]
assert pytz.reference is sys.modules["tzcompat.pytz.reference"]
from pytz.exceptions import NonExistentTimeError
assert NonExistentTimeError is t.NonExistentTimeError
# No real pytz was found, so nothing derives from one.
assert t._realpytz.real_pytz is None
assert all(k.__module__.split(".")[0] != "pytz" for k in t.tzinfo.DstTzInfo.__mro__)
# What a consumer's pytz test sees.
ny = pytz.timezone("America/New_York")
assert isinstance(ny, pytz.tzinfo.BaseTzInfo) and isinstance(pytz.UTC, pytz.BaseTzInfo)
assert isinstance(pytz.FixedOffset(60), pytz._FixedOffset)
assert ny.localize(datetime(2020, 7, 1, 12)).utcoffset().total_seconds() == -4 * 3600
print("ok")
"""
    )
    assert res.returncode == 0 and res.stdout.strip() == "ok", res.stderr


def test_opt_out_leaves_pytz_missing():
    res = run_python(
        HIDE
        + """
import tzcompat.pytz as t
assert "pytz" not in sys.modules
assert not [m for m in sys.modules if m.startswith("pytz.")]
try:
    import pytz
except ModuleNotFoundError:
    print("missing")
"""
        , TZCOMPAT_PYTZ_ALIAS="0")  # fmt: skip
    assert res.returncode == 0 and res.stdout.strip() == "missing", res.stderr


@pytest.mark.parametrize("hidden", [True, False], ids=["absent", "installed"])
def test_blocked_pytz_stays_blocked(hidden):
    res = run_python(
        (HIDE if hidden else "import sys\n")
        + """
sys.modules["pytz"] = None
import tzcompat.pytz as t
assert sys.modules["pytz"] is None
assert not [m for m in sys.modules if m.startswith("pytz.")]
try:
    import pytz
except ImportError:
    print("blocked")
"""
    )
    assert res.returncode == 0 and res.stdout.strip() == "blocked", res.stderr


def test_installed_real_pytz_stays_pytz():
    res = run_python(
        """
import sys
import tzcompat.pytz as t
import pytz
assert pytz is not t and pytz.__name__ == "pytz"
assert pytz.tzinfo is not t.tzinfo
assert sys.modules["pytz"] is t._realpytz.real_pytz
assert issubclass(t.tzinfo.DstTzInfo, pytz.tzinfo.DstTzInfo)
print(pytz.__file__)
"""
    )
    assert res.returncode == 0, res.stderr
    # loaded from the files the pytz distribution installed, not from tzcompat
    assert installed_by(res.stdout.strip(), "pytz"), res.stdout


DESCRIBE = """
import json, sys
import tzcompat.pytz as t
pytz = sys.modules["pytz"]
ny = pytz.timezone("America/New_York")
print(json.dumps({
    "pytz is tzcompat.pytz": pytz is t,
    "modules": {m: sys.modules[m].__name__ for m in sorted(sys.modules)
                if m.split(".")[0] == "pytz"},
    "classes": [k.__module__ + "." + k.__qualname__ for k in (
        t.tzinfo.BaseTzInfo, t.tzinfo.DstTzInfo, t.tzinfo.StaticTzInfo, type(t.utc),
        t._FixedOffset, t.UnknownTimeZoneError, t.exceptions.NonExistentTimeError,
        type(ny))],
    "real pytz": repr(t._realpytz.real_pytz),
    "mro": len(t.tzinfo.DstTzInfo.__mro__),
}))
"""


def test_drop_in_is_imported_whichever_comes_first():
    """Where ``pytz`` is tzcompat's drop-in (compat/pytz, here ahead of the real pytz on the
    path), importing tzcompat.pytz imports it: the same process as ``import pytz`` first."""
    env = {
        "PYTHONPATH": os.pathsep.join(
            [os.path.join(TESTS, os.pardir, "src"), DROPIN, os.environ.get("PYTHONPATH", "")]
        )
    }
    first = run_python("import tzcompat.pytz\n" + DESCRIBE, **env)
    second = run_python("import pytz\n" + DESCRIBE, **env)
    assert first.returncode == 0, first.stderr
    assert second.returncode == 0, second.stderr
    ours, dropin = json.loads(first.stdout), json.loads(second.stdout)
    assert ours == dropin
    assert ours["pytz is tzcompat.pytz"] and ours["real pytz"] == "None"
    subs = ("exceptions", "lazy", "reference", "tzfile", "tzinfo")
    assert ours["modules"] == {
        "pytz": "tzcompat.pytz",
        **{f"pytz.{s}": f"tzcompat.pytz.{s}" for s in subs},
    }
    assert all(c.startswith("pytz.") for c in ours["classes"]), ours["classes"]


def test_django_make_aware_without_pytz():
    """The reported failure: Django 4.2 attached the zone with replace() (LMT, -4:56)."""
    _needs.module("django")
    res = run_python(
        HIDE
        + """
from datetime import datetime
import django
from django.conf import settings
settings.configure(USE_TZ=True, TIME_ZONE="UTC")
django.setup()
from django.utils import timezone
import tzcompat.pytz as t
ny = t.timezone("America/New_York")
for naive, offset in ((datetime(2020, 7, 1, 12), "-04:00"), (datetime(2020, 1, 1, 12), "-05:00")):
    aware = timezone.make_aware(naive, ny)
    assert aware.isoformat() == naive.isoformat() + offset, aware
    assert timezone.make_naive(aware, ny) == naive
try:
    timezone.make_aware(datetime(2020, 3, 8, 2, 30), ny)
except t.NonExistentTimeError:
    print("ok")
"""
    )
    assert res.returncode == 0 and res.stdout.strip() == "ok", res.stderr


def test_croniter_without_pytz():
    """croniter imports pytz for any zone with ``localize()`` (ModuleNotFoundError before)."""
    _needs.module("croniter")
    res = run_python(
        HIDE
        + """
from datetime import datetime
from croniter import croniter
import tzcompat.pytz as t
ny = t.timezone("America/New_York")
it = croniter("30 * * * *", ny.localize(datetime(2020, 3, 8)))
print(" ".join(it.get_next(datetime).strftime("%H:%M%z") for _ in range(3)))
"""
    )
    assert res.returncode == 0, res.stderr
    assert res.stdout.split() == ["00:30-0500", "01:30-0500", "03:30-0400"]


@pytest.mark.parametrize("first", ["tzcompat", "pandas"])
def test_pandas_without_pytz(first):
    """pandas 3 imports pytz (``import_optional_dependency``) for any zone with pytz's
    transition lists: ImportError before. It also looks for pytz once, at its own import:
    imported first, it found none and took the zones for plain tzinfo objects (LMT)."""
    _needs.module("pandas")
    imports = ["import pandas as pd", "import tzcompat.pytz as t"]
    res = run_python(
        HIDE
        + "\n".join(imports if first == "pandas" else imports[::-1])
        + """
ny = t.timezone("America/New_York")
print(pd.Timestamp("2020-07-01 12:00", tz=ny).isoformat())
idx = pd.date_range("2020-03-08 01:00", periods=3, freq="h", tz=ny)
print(" ".join(ts.isoformat() for ts in idx))
naive = pd.Series(pd.to_datetime(["2020-03-08 02:30", "2020-11-01 01:30"]))
print(naive.dt.tz_localize(ny, ambiguous="NaT", nonexistent="NaT").isna().tolist())
"""
    )
    assert res.returncode == 0, res.stderr
    assert res.stdout.splitlines() == [
        "2020-07-01T12:00:00-04:00",
        "2020-03-08T01:00:00-05:00 2020-03-08T03:00:00-04:00 2020-03-08T04:00:00-04:00",
        "[True, True]",
    ]
