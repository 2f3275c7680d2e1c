"""Importing tzcompat's modules, the peers and pandas in any order gives one process state.

What each import changes in the process is listed on docs/architecture.md ("What importing
changes"). Each order runs in a fresh interpreter, with the real pytz and python-dateutil
visible, with pytz hidden (not installed, as far as the child can tell), and with both hidden
(then without pandas, which needs python-dateutil). The orders: every rotation of the seven
steps (so every pair of steps runs in both orders, and every step comes first and last), and
every order of the steps that touch pytz (and of those that touch dateutil) among themselves,
with pandas and ``install()``. Each order runs with ``install()`` and without it (all
5,040 orders of seven steps would take an hour: a child imports pandas).

The state compared: which modules ``sys.modules`` gives for pytz, dateutil.tz and their
submodules, the names the adapters' classes report, what the core's registry holds, what
pandas takes for pytz and the offsets it gives for both adapters' zones. One difference is
by design and checked as a rule instead: the adapters' classes also derive from the real
library's when they were first imported while it was the process's, not after
``install()`` took its name.
"""

from __future__ import annotations

import itertools
import json
import os
import subprocess
import sys
import textwrap
from concurrent.futures import ThreadPoolExecutor

import pytest

from . import _needs

HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.path.join(HERE, os.pardir, "src")
HIDER = os.path.join(HERE, "_hide_pytz.py")

STEPS = {
    "tzcompat": "import tzcompat",
    "tzcompat.pytz": "import tzcompat.pytz",
    "tzcompat.dateutil": "import tzcompat.dateutil",
    "pytz": "import pytz",
    "dateutil.tz": "import dateutil.tz",
    "pandas": "import pandas",
    "install()": "import tzcompat; tzcompat.install()",
}
BASE = tuple(STEPS)

CHILD = """
import json, sys
{hide}
done = []
for step in {order!r}:
    try:
        exec({steps!r}[step], {{}})
        done.append(step)
    except ImportError as exc:  # pytz or dateutil not importable yet: as a user sees it
        done.append(step + " failed: " + type(exc).__name__)

import tzcompat._registry as registry
import tzcompat.dateutil as D
import tzcompat.pytz as P
from tzcompat import shims

modules = {{}}
for name in ("pytz", "pytz.tzinfo", "pytz.exceptions", "pytz.lazy", "pytz.tzfile",
             "pytz.reference", "dateutil.tz", "dateutil.tz.tz", "dateutil.tz._common",
             "dateutil.tz._tzfile", "dateutil.tz._factories", "dateutil.tz._tzpath"):
    if name in sys.modules:
        m = sys.modules[name]
        modules[name] = None if m is None else m.__name__
state = {{
    "modules": modules,
    "installed": sorted(shims.installed()),
    "class modules": [P.tzinfo.DstTzInfo.__module__, P.UnknownTimeZoneError.__module__,
                      type(P.utc).__module__, D.tzfile.__module__, D.tzutc.__module__],
    "refreshers": sorted(name for name, _ in registry.refreshers()),
    "stand-in hooks": sorted(registry._stand_in_hooks),
}}
pytz = sys.modules.get("pytz")
if pytz is not None:
    state["pytz zones"] = isinstance(P.timezone("America/New_York"), pytz.tzinfo.BaseTzInfo)
if "pandas" in sys.modules:
    import pandas as pd
    timezones = sys.modules["pandas._libs.tslibs.timezones"]
    seen = vars(timezones).get("pytz")
    state["pandas pytz"] = None if seen is None else seen.__name__
    for label, zone in (("pandas on pytz zone", P.timezone("America/New_York")),
                        ("pandas on dateutil zone", D.gettz("America/New_York"))):
        ts = pd.Timestamp("2020-07-01 12:00").tz_localize(zone)
        state[label] = [ts.isoformat(), str(timezones.get_timezone(zone)) == "America/New_York"]
real = [P._realpytz.real_pytz is not None, D._peer.real_module is not None]
print(json.dumps({{"done": done, "state": state, "real bases": real}}))
"""

# After HIDE_PYTZ: the path finder in use is then _hide_pytz's, which this one wraps.
HIDE_DATEUTIL = """
from importlib.machinery import PathFinder
_finder = next(f for f in sys.meta_path if isinstance(f, type) and issubclass(f, PathFinder))
class _NoDateutil(_finder):
    @classmethod
    def find_spec(cls, fullname, path=None, target=None):
        if fullname == "dateutil" or fullname.startswith("dateutil."):
            return None
        return super().find_spec(fullname, path, target)
sys.meta_path[:] = [_NoDateutil if f is _finder else f for f in sys.meta_path]
"""

HIDE_PYTZ = f"""
import importlib.util
spec = importlib.util.spec_from_file_location("_hide_pytz", {HIDER!r})
hide_pytz = importlib.util.module_from_spec(spec)
spec.loader.exec_module(hide_pytz)
hide_pytz.hide()
"""

SETTINGS = {
    "both visible": "",
    "pytz hidden": HIDE_PYTZ,
    "both hidden": HIDE_PYTZ + HIDE_DATEUTIL,
}


def _orders(steps: tuple[str, ...]) -> list[tuple[str, ...]]:
    """The orders named in the module docstring, for ``steps`` (a subset of BASE)."""
    out: list[tuple[str, ...]] = []
    out += [steps[i:] + steps[:i] for i in range(len(steps))]
    for group in (("tzcompat.pytz", "pytz"), ("tzcompat.dateutil", "dateutil.tz")):
        chosen = [s for s in (*group, "pandas", "install()") if s in steps]
        rest = tuple(s for s in steps if s not in chosen)
        out += [tuple(p) + rest for p in itertools.permutations(chosen)]
    return list(dict.fromkeys(out))


def _run(setting: str, order: tuple[str, ...]) -> dict:
    code = textwrap.dedent(CHILD.format(hide=SETTINGS[setting], order=order, steps=STEPS))
    env = {k: v for k, v in os.environ.items() if not k.startswith("TZCOMPAT_")}
    env["PYTHONPATH"] = SRC + os.pathsep + env.get("PYTHONPATH", "")
    proc = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                          text=True, timeout=300)
    assert proc.returncode == 0, (order, proc.stderr[-3000:])
    return json.loads(proc.stdout.splitlines()[-1])


@pytest.mark.parametrize("with_install", [True, False], ids=["install", "no-install"])
@pytest.mark.parametrize("setting", list(SETTINGS))
def test_every_order_gives_one_state(setting, with_install):
    _needs.module("pandas")
    _needs.module("pytz")
    _needs.module("dateutil.tz")
    steps = tuple(s for s in BASE if with_install or s != "install()")
    if setting == "both hidden":
        steps = tuple(s for s in steps if s != "pandas")
    orders = _orders(steps)
    with ThreadPoolExecutor(max_workers=2) as pool:
        results = list(pool.map(lambda order: _run(setting, order), orders))
    first = results[0]["state"]
    for order, result in zip(orders, results):
        assert result["state"] == first, (order, result["done"], result["state"], first)
        # The adapters derive from the real library's classes exactly when it was the
        # process's at their first import: visible, and not yet replaced by install()
        # (which takes the name before it imports an adapter for the first time).
        for i, (adapter, library) in enumerate((("tzcompat.pytz", "pytz"),
                                                ("tzcompat.dateutil", "dateutil.tz"))):
            visible = setting == "both visible" or (library == "dateutil.tz"
                                                    and setting == "pytz hidden")
            before_install = "install()" not in order or (
                order.index(adapter) < order.index("install()"))
            assert result["real bases"][i] == (visible and before_install), (order, adapter)
