"""The interop matrix: consumers given tzcompat's zones vs the originals' zones, same data.

Six configurations, each a pair of runs of ``_cases`` whose outcomes must be equal:

* ``core``: ``tzcompat.ZoneInfo(k)`` vs ``zoneinfo.ZoneInfo(k)`` (both search the same TZPATH);
* ``pytz``: ``tzcompat.pytz.timezone(k)`` reading real pytz's bundled files
  (``PYTZ_TZDATADIR``) vs ``pytz.timezone(k)``;
* ``pytz-absent``: the same in a child process where no pytz can be found, so that
  ``tzcompat.pytz`` stands in as ``pytz`` (what consumers that test ``"pytz" in sys.modules``,
  like Django 4.2, see when pytz is not installed) vs ``pytz.timezone(k)``; icalendar's
  ``use_pytz()`` provider too. ``test_pytz_absent_consumers_first`` compares the same with
  the consumers imported before tzcompat.pytz (``pytz-absent-late``; pandas 3 looks for pytz
  when it is imported);
* ``pytz-installed``: a child process with ``tzcompat.install(pytz=True)`` before the consumers
  are imported (and ``PYTZ_TZDATADIR`` at pytz's files) vs the same cases on real pytz here;
* ``dateutil``: ``tzcompat.dateutil.gettz(k)`` vs ``dateutil.tz.gettz(k)`` (same TZPATH files);
* ``dateutil-installed``: a child with ``tzcompat.install(dateutil=True)`` vs real dateutil.

pytz freezes every zone after 2037 and tzcompat.pytz intentionally follows the rules (README,
"Where tzcompat.pytz intentionally differs"), so in the pytz configurations the 2050 and 2100
cases are compared with ``pytz-extended`` instead: real pytz whose zones' transition lists are
continued by the rules of the same files (``_cases.extended_pytz``), run in a child process
whose ``pytz.timezone`` returns those zones. One exception: pandas given tzcompat.pytz zones
directly (``pytz`` configuration, real pytz installed) keeps the given zone in some places (a
``Timestamp`` of an aware datetime) and in others re-looks it up by name in the real pytz
(``tz_standardize``, and its transition cache keyed by zone name), so there each case after
2037 must equal either real pytz's answer or the rules-continued one.

The consumers come with the test extra; a missing one goes through tests/_needs.py (a failure
under CI).
"""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
import zoneinfo

import pytest

from .. import _needs
from . import _cases

HERE = os.path.dirname(os.path.abspath(__file__))
CONFIGS = ("core", "pytz", "pytz-absent", "pytz-installed", "dateutil", "dateutil-installed")
# Child-process configurations: tzcompat's sides, and the post-2037 pytz reference.
CHILD_CONFIGS = (*CONFIGS, "pytz-absent-late", "pytz-extended")
# polars decides at its import whether pytz is there: imported before tzcompat.pytz in a
# process without pytz, its lit() gives a tzcompat.pytz-aware datetime as UTC, not the zone
# (docs/pytz.md, "When pytz is not installed").
LATE_CONSUMERS = tuple(c for c in _cases.CONSUMERS if c != "polars")


def need(module: str):
    return _needs.module(module)


def pytz_zoneinfo_dir() -> str:
    pytz = need("pytz")
    return os.path.join(os.path.dirname(pytz.__file__), "zoneinfo")


@contextlib.contextmanager
def pytz_data():
    """tzcompat.pytz's module-level lookups read real pytz's bundled files."""
    import tzcompat.pytz as ours

    saved = os.environ.get("PYTZ_TZDATADIR")
    os.environ["PYTZ_TZDATADIR"] = pytz_zoneinfo_dir()
    ours._reset_data()
    try:
        yield ours
    finally:
        if saved is None:
            os.environ.pop("PYTZ_TZDATADIR", None)
        else:
            os.environ["PYTZ_TZDATADIR"] = saved
        ours._reset_data()


def _json(results: dict) -> dict:
    return json.loads(json.dumps(results))


_memo: dict[tuple, dict] = {}


def original(config: str, consumer: str) -> dict:
    """The original library's side, in this process (memoized)."""
    memo_key = (config, consumer)
    if memo_key not in _memo:
        if config == "pytz-absent-late":
            return original("pytz-absent", consumer)
        if config == "pytz-absent":
            # Real pytz, as for "pytz", plus icalendar's use_pytz() (then on tzcompat.pytz).
            res = dict(original("pytz", consumer))
            res.update(_json(_cases.installed_extras(None, consumer, _cases.ZONES, config)))
            _memo[memo_key] = res
            return res
        if config == "core":
            tz_for = zoneinfo.ZoneInfo
        elif config.startswith("pytz"):
            tz_for = need("pytz").timezone  # reads pytz's bundled files
        else:
            need("dateutil")
            from dateutil import tz as real_tz

            tz_for = real_tz.gettz
        if config.endswith("-installed"):
            # Here the consumers already see the real library: the direct run plus extras.
            base = config.split("-")[0]
            res = dict(original(base, consumer))
            res.update(_json(_cases.installed_extras(tz_for, consumer, _cases.ZONES, base)))
        else:
            res = _json(_cases.consumer_run(tz_for, consumer))
        _memo[memo_key] = res
    return _memo[memo_key]


# tzcompat's sides run in child processes, one per configuration, all started together the
# first time one is needed (the configurations the selected tests use), so that they run
# while this process computes the originals' sides.
_ours: dict[str, dict[str, object]] = {}
_procs: dict[str, subprocess.Popen] = {}
_selected: set[str] = set(CHILD_CONFIGS)
_consumers: list[str] = list(_cases.CONSUMERS)


@pytest.fixture(scope="module", autouse=True)
def _children(request):
    _selected.clear()
    wanted = set()
    # Only this module's tests: other modules have parameters of the same names
    # (tests/migrate's ``config`` is a configuration file, or None).
    for item in request.session.items:
        if getattr(item, "module", None) is not request.module:
            continue
        params = getattr(getattr(item, "callspec", None), "params", {})
        if "config" in params:
            _selected.add(params["config"])
        wanted.add(params.get("consumer"))
    _consumers[:] = [c for c in _cases.CONSUMERS if c in wanted]
    if any(c.startswith("pytz") for c in _selected):
        _selected.add("pytz-extended")
    yield
    for proc in _procs.values():  # only ever ours; never left running
        proc.kill()
        proc.communicate()
    _procs.clear()


def _launch(config: str, consumers: list[str]) -> subprocess.Popen:
    env = dict(os.environ)
    if config in ("pytz", "pytz-absent", "pytz-absent-late", "pytz-installed"):
        env["PYTZ_TZDATADIR"] = pytz_zoneinfo_dir()
    return subprocess.Popen([sys.executable, os.path.join(HERE, "_child.py"), config,
                             ",".join(consumers)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)


def tzcompat_side(config: str, consumer: str) -> dict:
    """tzcompat's side of ``config`` for ``consumer`` (computed by ``_child.py``), or with
    ``"pytz-extended"`` the post-2037 pytz reference."""
    if config not in _ours:
        for other in CHILD_CONFIGS:
            if other in _selected and other not in _ours and other not in _procs:
                _procs[other] = _launch(other, list(_consumers))
        _ours[config] = _collect(config)
    result = _ours[config].get(consumer, f"{consumer} did not run")
    if isinstance(result, str):
        pytest.fail(result)
    return result


def _collect(config: str) -> dict[str, object]:
    """Read a configuration's child; a consumer that crashes the child (a segfault in
    compiled code, say) is reported as such, and the rest run in a new child."""
    out: dict[str, object] = {}
    remaining = list(_consumers)
    proc = _procs.pop(config, None) or _launch(config, remaining)
    while True:
        try:
            stdout, stderr = proc.communicate(timeout=600)
        except subprocess.TimeoutExpired:
            proc.kill()
            stdout, stderr = proc.communicate()
            stderr += "\n(killed after 600 s)"
        current = None
        for line in stdout.splitlines():
            if line.startswith("BEGIN "):
                current = line[6:]
            elif line.startswith("RESULT ") and current is not None:
                out[current] = json.loads(line[7:])
                current = None
        if proc.returncode == 0:
            return out
        failure = (f"the {config} child process exited with {proc.returncode}"
                   f"{' while running ' + current if current else ''}:\n{stderr[-4000:]}")
        if current is None:
            for consumer in remaining:
                out.setdefault(consumer, failure)
            return out
        out[current] = failure
        remaining = [c for c in remaining if c not in out]
        if not remaining:
            return out
        proc = _launch(config, remaining)


def year_of(case_id: str) -> int:
    part = case_id.split("|")[3]
    return int(part) if part.isdigit() else 0


def differences(orig: dict, ours: dict, ids, limit: int = 8) -> list[str]:
    missing = "<missing>"
    bad = [k for k in sorted(ids) if orig.get(k, missing) != ours.get(k, missing)]
    lines = [f"{len(bad)} of {len(ids)} cases differ"]
    for k in bad[:limit]:
        lines.append(f"  {k}\n    original: {str(orig.get(k, missing))[:400]}\n"
                     f"    tzcompat: {str(ours.get(k, missing))[:400]}")
    return lines if bad else []


@pytest.mark.parametrize("consumer", _cases.CONSUMERS)
@pytest.mark.parametrize("config", CONFIGS)
def test_matrix(config: str, consumer: str):
    compare(config, consumer)


@pytest.mark.parametrize("consumer", LATE_CONSUMERS)
@pytest.mark.parametrize("config", ["pytz-absent-late"])
def test_pytz_absent_consumers_first(config: str, consumer: str):
    compare(config, consumer)


def compare(config: str, consumer: str) -> None:
    need(consumer)
    orig, ours = original(config, consumer), tzcompat_side(config, consumer)
    assert orig, "no cases ran"
    ids = set(orig) | set(ours)
    problems: list[str] = []
    if config.startswith("pytz"):
        late = {k for k in ids if year_of(k) in _cases.POST_2037}
        problems += differences(orig, ours, ids - late)
        extended = tzcompat_side("pytz-extended", consumer)
        if config == "pytz" and consumer == "pandas":
            # Either answer is right, case by case: see the module docstring.
            late = {k for k in late if ours.get(k, "<missing>") != orig.get(k)}
        after = differences(extended, ours, late)
        if after:
            problems += ["after 2037 (vs real pytz with the rules continued):", *after]
    else:
        problems += differences(orig, ours, ids)
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("consumer", _cases.CONSUMERS)
def test_pytz_extended_reference(consumer: str):
    """The post-2037 reference is real pytz up to 2037 (every case), with the installed
    extras; and after 2037 it is not real pytz (for pandas, which reads the lists)."""
    need(consumer)
    real, extended = original("pytz-installed", consumer), tzcompat_side("pytz-extended", consumer)
    early = {k for k in set(real) | set(extended) if 0 < year_of(k) < 2038}
    assert not differences(real, extended, early)
    if consumer == "pandas":
        late = [k for k in real if year_of(k) == 2050 and "|America/New_York|" in k]
        assert late and differences(real, extended, late)


def test_same_data():
    """Each configuration's two sides read the same files."""
    import tzcompat
    import tzcompat.dateutil as ours_tz

    assert list(tzcompat.TZPATH) == list(zoneinfo.TZPATH)
    for key in _cases.ZONES:
        roots = [r for r in zoneinfo.TZPATH if os.path.isfile(os.path.join(r, key))]
        expected = os.path.join(roots[0], key) if roots else f"tzdata:{key}"
        assert tzcompat.ZoneInfo(key).source == expected
    need("dateutil")
    from dateutil import tz as real_tz

    for key in _cases.ZONES:
        assert repr(ours_tz.gettz(key)) == repr(real_tz.gettz(key))
    real_pytz = need("pytz")
    with pytz_data() as ours:
        for key in _cases.ZONES:
            # The transitions pytz lists (up to 2037) are the file's: the same bytes.
            real, mine = real_pytz.timezone(key), ours.timezone(key)
            n = len(getattr(real, "_utc_transition_times", ()))
            assert list(getattr(mine, "_utc_transition_times", ()))[:n] == list(
                getattr(real, "_utc_transition_times", ()))
            assert list(getattr(mine, "_transition_info", ()))[:n] == list(
                getattr(real, "_transition_info", ()))
