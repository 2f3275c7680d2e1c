"""Child process running tzcompat's side of one configuration.

``python _child.py CONFIG CONSUMER,...`` with CONFIG one of ``core``, ``pytz``, ``dateutil``
(tzcompat's zones passed to the consumers directly) or ``pytz-installed``,
``dateutil-installed`` (``tzcompat.install()`` first, then the zones the consumers get from
``import pytz`` / ``dateutil.tz``), or ``pytz-extended``: real pytz whose ``timezone()``
returns ``_cases.extended_pytz`` zones (the post-2037 reference), or ``pytz-absent``:
``tzcompat.pytz`` directly in a process where no pytz can be found (``tests/_hide_pytz.py``),
so that ``import tzcompat.pytz`` stands in as ``pytz``; ``pytz-absent-late`` is the same with
the consumers imported before tzcompat.pytz. For each consumer it
prints ``BEGIN consumer`` and then ``RESULT {json}``, flushed, so that the parent can tell
which consumer a crash happened in.
"""

import json
import os
import sys

config, consumers = sys.argv[1], sys.argv[2].split(",")
installed = None
if config.startswith("pytz-absent"):
    # Before anything imports pytz or tzcompat; loaded by path, as tests/ on sys.path would
    # shadow the stdlib (tests/typing).
    import importlib.util

    hider = os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir, "_hide_pytz.py")
    spec = importlib.util.spec_from_file_location("_hide_pytz", hider)
    assert spec is not None and spec.loader is not None
    hide_pytz = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(hide_pytz)
    hide_pytz.hide()
if config.endswith("-installed"):
    import tzcompat

    installed = config.split("-")[0]
    tzcompat.install(pytz=installed == "pytz", dateutil=installed == "dateutil")

import _cases  # noqa: E402  (after install, on purpose)

if config == "core":
    import tzcompat

    tz_for = tzcompat.ZoneInfo
elif config == "pytz":
    import tzcompat.pytz

    tz_for = tzcompat.pytz.timezone
elif config.startswith("pytz-absent"):
    if config == "pytz-absent-late":
        for consumer in consumers:
            try:
                __import__(consumer)
            except ImportError:  # reported by consumer_run
                pass
        assert "pytz" not in sys.modules, "a consumer imported pytz"
    import tzcompat.pytz

    assert tzcompat.pytz._realpytz.real_pytz is None, "the real pytz was found"
    assert sys.modules["pytz"] is tzcompat.pytz, "tzcompat.pytz does not stand in as pytz"
    installed = "pytz-absent"  # icalendar's use_pytz() too
    tz_for = tzcompat.pytz.timezone
elif config == "dateutil":
    import tzcompat.dateutil

    tz_for = tzcompat.dateutil.gettz
elif config == "pytz-extended":
    import pytz

    installed = "pytz"
    zones = {key: _cases.extended_pytz(key) for key in _cases.ZONES}
    real_timezone = pytz.timezone
    # Consumers look zones up by name too (pandas: pytz.timezone(str(tz))): same objects.
    pytz.timezone = lambda name: zones.get(name) or real_timezone(name)
    tz_for = pytz.timezone
elif installed == "pytz":
    import pytz

    assert pytz is sys.modules["tzcompat.pytz"], "the shim is not in place"
    tz_for = pytz.timezone
else:
    from dateutil import tz

    assert tz is sys.modules["tzcompat.dateutil"], "the shim is not in place"
    tz_for = tz.gettz

if config in ("core", "pytz", "pytz-absent", "pytz-absent-late", "dateutil"):
    # The direct configurations must hand the consumers tzcompat's own zones.
    for key in ("America/New_York", "Europe/Dublin"):
        assert type(tz_for(key)).__module__.startswith("tzcompat"), type(tz_for(key))

for consumer in consumers:
    print("BEGIN", consumer, flush=True)
    results = _cases.consumer_run(tz_for, consumer, installed=installed)
    print("RESULT", json.dumps(results), flush=True)
