"""Project mode: the index, cross-module rewrites and markers, and the shared helper module.

``fixtures/project/pkg`` makes its zones in ``zones.py`` (the only module importing pytz) and
uses them in ``consumer.py`` (APScheduler-like). The package runs three ways on the same
inputs: as written on real pytz, fully migrated without pytz, and half-migrated (only the
consumer rewritten, the zones still pytz's).
"""

from __future__ import annotations

import contextlib
import importlib
import io
import pickle
import shutil
import sys
import types
from collections.abc import Iterator
from datetime import datetime, timedelta
from pathlib import Path

import pytest
import pytz

from tzcompat.migrate import _helpers
from tzcompat.migrate._cli import run
from tzcompat.migrate._driver import migrate_source
from tzcompat.migrate._plan import Plan
from tzcompat.migrate._project import build_index, index_sources, module_name_for

from . import _migrate_equivalence as eq

PROJECT = eq.FIXTURES / "project"
SOURCES = sorted((PROJECT / "pkg").glob("*.py"))
EXPECTED = PROJECT / "expected"


def _migrated(tmp: Path) -> Path:
    """The fixture package, migrated as the CLI does it, under ``tmp`` (helpers included)."""
    plan = Plan(build_index(SOURCES))
    (tmp / "pkg").mkdir(parents=True)
    for path in SOURCES:
        code = migrate_source(path.read_text(), **plan.kwargs_for(path)).code
        (tmp / "pkg" / path.name).write_text(code)
    (tmp / "pkg" / "_tzmigrate.py").write_text(_helpers.module_source())
    return tmp


@contextlib.contextmanager
def _blocked(names: tuple[str, ...]) -> Iterator[None]:
    saved = {n: sys.modules.get(n) for n in names}
    for name in names:
        sys.modules[name] = None  # type: ignore[assignment]
    try:
        yield
    finally:
        for name, module in saved.items():
            if module is None:
                sys.modules.pop(name, None)
            else:
                sys.modules[name] = module


def _import(root: Path, without: tuple[str, ...] = ()) -> types.ModuleType:
    """``pkg.consumer`` from ``root``; ``pkg`` is dropped from sys.modules afterwards."""
    sys.path.insert(0, str(root))
    try:
        with _blocked(without):
            return importlib.import_module("pkg.consumer")
    finally:
        sys.path.remove(str(root))
        for name in [n for n in sys.modules if n == "pkg" or n.startswith("pkg.")]:
            del sys.modules[name]


def test_fixture_output() -> None:
    plan = Plan(build_index(SOURCES))
    for path in SOURCES:
        result = migrate_source(path.read_text(), **plan.kwargs_for(path))
        assert result.code == (EXPECTED / "pkg" / path.name).read_text(), path.name
        again = migrate_source(result.code, **plan.kwargs_for(path))
        assert again.code == result.code, f"{path.name}: not idempotent"


def test_index_follows_zones_across_modules() -> None:
    index = index_sources(
        {
            "app": "",
            "app.conf": "import pytz\nTZ = pytz.timezone('Europe/Rome')\nUTC = pytz.utc\n"
            "def make(k):\n    zone = pytz.timezone(k)\n    return zone\n",
            "app.again": "from .conf import TZ, make\nALIAS = TZ\n"
            "def other():\n    return make('X')\n",
            "app.strict": "def f(tz, d):\n    return tz.localize(d, is_dst=None)\n",
            "app.bound": "def f(tz):\n    return tz.localize\n",
            "app.plain": "def f(tz, d):\n    return tz.localize(d)\n",
        },
        packages=["app"],
    )
    zones = {"app.conf.TZ": "zone", "app.conf.UTC": "utc", "app.again.ALIAS": "zone"}
    assert index.zones == zones
    assert index.zone_functions == {"app.conf.make": "zone", "app.again.other": "zone"}
    assert index.raisers == ["app.bound", "app.strict"]
    assert index.has_pytz
    assert pickle.loads(pickle.dumps(index)) == index  # the CLI sends it to worker processes


def test_module_names(tmp_path: Path) -> None:
    (tmp_path / "top" / "sub").mkdir(parents=True)
    for folder in (tmp_path / "top", tmp_path / "top" / "sub"):
        (folder / "__init__.py").write_text("")
    assert module_name_for(tmp_path / "top" / "sub" / "m.py") == ("top.sub.m", False)
    assert module_name_for(tmp_path / "top" / "__init__.py") == ("top", True)
    assert module_name_for(tmp_path / "script.py") == ("script", False)


def _inputs() -> list[dict[str, object]]:
    out = []
    for key in ("America/New_York", "Europe/Dublin", "Australia/Lord_Howe"):
        moments = eq.whole_minute_transitions(key)
        for moment, before, after in moments[-40::8]:
            for naive in eq.wall_times_near(moment, before, after)[::2]:
                out.append({"key": key, "naive": naive, "hours": 3})
    return out


def test_full_and_half_migration_keep_values(tmp_path: Path) -> None:
    with eq.pytz_data():
        before = _import(PROJECT)
        after_root = _migrated(tmp_path / "after")
        after = _import(after_root, without=eq.LEGACY)
        # half-migrated: the consumer rewritten, the zones module still on pytz
        half_root = tmp_path / "half"
        shutil.copytree(after_root, half_root)
        shutil.copy(PROJECT / "pkg" / "zones.py", half_root / "pkg" / "zones.py")
        half = _import(half_root)
        assert isinstance(half.get_zone("UTC"), pytz.BaseTzInfo)  # really pytz zones there
        inputs = _inputs()
        assert len(inputs) > 100
        for case in ("case_trigger", "case_strict", "case_moved", "case_names"):
            for args in inputs:
                expected = eq.call(eq.cases(before)[case], args)
                assert eq.call(eq.cases(after)[case], args) == expected, (case, args)
                assert eq.call(eq.cases(half)[case], args) == expected, (case, args)


def test_consumer_sites_marked() -> None:
    code = (EXPECTED / "pkg" / "consumer.py").read_text()
    assert "# tzcompat-migrate[zone-attribute]" in code  # self.timezone.zone, tz.zone
    assert "# tzcompat-migrate[duck-typing]" in code  # hasattr(tz, "zone")
    assert "# tzcompat-migrate[tzname-none]" in code
    assert "from pkg._tzmigrate import _tz_localize, _tz_normalize" in code


def test_single_file_call_without_index_leaves_non_pytz_module_alone() -> None:
    code = (PROJECT / "pkg" / "consumer.py").read_text()
    assert migrate_source(code).code == code


def _cli(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = run([*argv, "--no-style", "-j", "1"], stdout=out, stderr=err)
    return status, out.getvalue(), err.getvalue()


def test_cli_writes_one_helper_module(tmp_path: Path) -> None:
    shutil.copytree(PROJECT / "pkg", tmp_path / "pkg")
    status, _, err = _cli("--write", str(tmp_path / "pkg"))
    assert status == 0, err
    helper = tmp_path / "pkg" / "_tzmigrate.py"
    assert helper.read_text() == _helpers.module_source()
    assert "created" in err
    for path in SOURCES:
        written = (tmp_path / "pkg" / path.name).read_text()
        assert written == (EXPECTED / "pkg" / path.name).read_text()
    assert _cli("--check", str(tmp_path / "pkg"))[0] == 0  # idempotent, helper module included


def test_cli_diff_shows_the_new_helper_module(tmp_path: Path) -> None:
    shutil.copytree(PROJECT / "pkg", tmp_path / "pkg")
    status, out, _ = _cli(str(tmp_path / "pkg"))
    assert status == 0
    assert "--- /dev/null" in out and "_tzmigrate.py" in out
    assert not (tmp_path / "pkg" / "_tzmigrate.py").exists()


def test_cli_inline_and_explicit_helpers(tmp_path: Path) -> None:
    shutil.copytree(PROJECT / "pkg", tmp_path / "a" / "pkg")
    assert _cli("--write", "--inline-helpers", str(tmp_path / "a" / "pkg"))[0] == 0
    consumer = (tmp_path / "a" / "pkg" / "consumer.py").read_text()
    assert "def _tz_localize(" in consumer and "_tzmigrate" not in consumer
    assert not (tmp_path / "a" / "pkg" / "_tzmigrate.py").exists()
    shutil.copytree(PROJECT / "pkg", tmp_path / "b" / "pkg")
    (tmp_path / "b" / "pkg" / "util").mkdir()
    (tmp_path / "b" / "pkg" / "util" / "__init__.py").write_text("")
    target = tmp_path / "b" / "pkg" / "util" / "tzhelp.py"
    assert _cli("--write", "--helpers", str(target), str(tmp_path / "b" / "pkg"))[0] == 0
    assert target.read_text() == _helpers.module_source()
    consumer = (tmp_path / "b" / "pkg" / "consumer.py").read_text()
    assert "from pkg.util.tzhelp import _tz_localize, _tz_normalize" in consumer


def test_helper_module_runs_without_pytz() -> None:
    namespace: dict[str, object] = {}
    with _blocked(eq.LEGACY):
        exec(_helpers.module_source(), namespace)
    errors = namespace["AmbiguousTimeError"]
    assert errors.__module__ != "pytz.exceptions"  # type: ignore[attr-defined]
    fold = datetime(2020, 11, 1, 1, 30)
    with eq.pytz_data():
        import zoneinfo

        zone = zoneinfo.ZoneInfo("America/New_York")
        with pytest.raises(errors):  # type: ignore[call-overload]
            namespace["_tz_localize"](fold, zone, is_dst=None)  # type: ignore[operator]
        normalize = namespace["_tz_normalize"]
        moved = normalize(fold.replace(tzinfo=zone) + timedelta(0), zone)  # type: ignore[operator]
        assert moved.utcoffset() == timedelta(hours=-4)
        with pytest.raises(ValueError):
            namespace["_tz_normalize"](fold, zone)  # type: ignore[operator]


def test_reexported_pytz_name_is_kept() -> None:
    """``from pytz import utc`` that other modules import from here stays, marked: removing it
    would break their imports; keeping it keeps their values."""
    index = index_sources(
        {
            "app": "",
            "app.compat": "from pytz import utc, timezone\nX = timezone('Europe/Rome')\nY = utc\n",
            "app.use": "from .compat import utc\n",
        },
        packages=["app"],
    )
    result = migrate_source(
        "from pytz import utc, timezone\nX = timezone('Europe/Rome')\nY = utc\n",
        index=index,
        module_name="app.compat",
    )
    assert "from pytz import utc\n" in result.code and "Y = timezone.utc" in result.code
    assert "# tzcompat-migrate[re-exported]: utc:" in result.code
    assert "X = ZoneInfo('Europe/Rome')" in result.code


def test_own_error_class_kept_with_shared_helpers() -> None:
    """exchangelib raises its own AmbiguousTimeError: the helpers' class gets another name."""
    code = (
        "import pytz\nfrom .errors import AmbiguousTimeError\n\n\ndef f(k, d):\n"
        "    try:\n        return pytz.timezone(k).localize(d, is_dst=None)\n"
        "    except pytz.AmbiguousTimeError:\n        raise AmbiguousTimeError(k)\n"
    )
    out = migrate_source(code, helpers="pkg._tzmigrate", module_name="pkg.mod").code
    assert "from .errors import AmbiguousTimeError\n" in out
    assert "from pkg._tzmigrate import AmbiguousTimeError as TzAmbiguousTimeError" in out
    assert "    except TzAmbiguousTimeError:\n        raise AmbiguousTimeError(k)\n" in out


def test_flows_across_returns_methods_and_modules() -> None:
    """A function returning pytz.utc on one path and another pytz zone on the other (tzlocal's
    _get_localzone) leaves its zone's kind unknown, so localize() goes through the helper, not
    replace(); arithmetic on what a method returns from astimezone(self.tzinfo) (croniter) is
    marked; and pytz.utc in one module is ZoneInfo("UTC") when another calls timezone(name)."""
    sources = {
        "lib": "",
        "lib.local": (
            "import pytz\n\n\n"
            "def get(path):\n"
            "    if path:\n"
            "        return pytz.tzfile.build_tzinfo('local', open(path, 'rb'))\n"
            "    return pytz.utc\n\n\n"
            "def named(name):\n"
            "    return pytz.timezone(name)\n"
        ),
        "lib.sched": (
            "import datetime\n\n\n"
            "class Sched:\n"
            "    def __init__(self, start):\n"
            "        self.tzinfo = start.tzinfo\n\n"
            "    def _to_dt(self, ts):\n"
            "        utc = datetime.datetime.fromtimestamp(ts, datetime.timezone.utc)\n"
            "        return utc.astimezone(self.tzinfo)\n\n"
            "    def step(self, ts):\n"
            "        d = self._to_dt(ts)\n"
            "        return d + datetime.timedelta(days=1)\n\n"
            "    def utc_step(self, ts):\n"
            "        return datetime.datetime.fromtimestamp(ts, datetime.timezone.utc)"
            " + datetime.timedelta(days=1)\n"
        ),
        "lib.consts": "import pytz\n\nUTC = pytz.utc\n",
        "lib.use": "from lib.local import get\n\n\ndef f(dt):\n    return get(None).localize(dt)\n",
    }
    index = index_sources(sources, packages=["lib"])
    assert index.zone_functions["lib.local.get"] == "zone"  # utc on one path only
    assert index.aware_function("lib.sched.Sched._to_dt")
    assert index.dynamic_timezone

    def out(module: str) -> str:
        return migrate_source(sources[module], index=index, module_name=module).code

    assert "_tz_localize(dt, get(None))" in out("lib.use")
    sched = out("lib.sched").splitlines()
    marked = [i for i, line in enumerate(sched) if "tzcompat-migrate[aware-arithmetic]" in line]
    assert [sched[i + 1].strip() for i in marked] == ["return d + datetime.timedelta(days=1)"]
    assert 'UTC = ZoneInfo("UTC")' in out("lib.consts")


def test_utc_from_another_module_is_never_zone_arithmetic() -> None:
    """Babel: ``UTC = pytz.utc`` in one module (ZoneInfo("UTC") once migrated), shifted in
    another that also localizes: no arithmetic marker, on the first run or the second."""
    sources = {
        "lib": "",
        "lib.consts": (
            "import pytz\n\nUTC = pytz.utc\n\n\ndef zone(k):\n    return pytz.timezone(k)\n"
        ),
        "lib.use": (
            "import datetime\n\nfrom lib.consts import UTC, zone\n\n\n"
            "def f(naive, key):\n"
            "    start = naive.replace(tzinfo=UTC)\n"
            "    local = zone(key).localize(naive)\n"
            "    return (start + datetime.timedelta(minutes=18),"
            " local + datetime.timedelta(hours=1))\n"
        ),
    }
    first = index_sources(sources, packages=["lib"])
    assert "lib.consts.UTC" in first.utc_names
    out = {m: migrate_source(c, index=first, module_name=m).code for m, c in sources.items()}
    assert 'UTC = ZoneInfo("UTC")' in out["lib.consts"]
    assert out["lib.use"].count("tzcompat-migrate[aware-arithmetic]") == 1  # the local one
    second = index_sources(out, packages=["lib"])
    assert "lib.consts.UTC" in second.utc_names
    for module, code in out.items():
        assert migrate_source(code, index=second, module_name=module).code == code, module


def _escape_package(root: Path) -> list[Path]:
    pkg = root / "pkg"
    pkg.mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "zones.py").write_text(
        "import pytz\n"
        "from .report import render\n\n\n"
        "def show(key):\n"
        "    return render(pytz.timezone(key))\n\n\n"
        "def local(key):\n"
        "    return pytz.timezone(key).zone\n"
    )
    (pkg / "report.py").write_text("def render(tz):\n    return tz.zone\n")
    return [pkg / "__init__.py", pkg / "zones.py", pkg / "report.py"]


def test_zone_escaping_a_partial_run_is_marked(tmp_path: Path) -> None:
    """Issue 16, pattern 4: migrating zones.py alone hands a ZoneInfo to report.py, which still
    reads .zone. The call is marked and the result names the module to add to the run."""
    init, zones, report = _escape_package(tmp_path / "before")
    alone = build_index([init, zones])  # the run: report.py is neither migrated nor indexed
    result = migrate_source(zones.read_text(), index=alone, module_name="pkg.zones")
    assert result.escapes == ["pkg.report"]
    marked = [f for f in result.findings if f.code == "zone-escapes"]
    assert [(f.kind, f.tzm_code) for f in marked] == [("marker", "TZM130")]
    show = result.code.split("def show(")[1].split("\ndef ")[0]
    assert "# tzcompat-migrate[zone-escapes]: passed to pkg.report" in show
    assert "zone-escapes" not in result.code.split("def local(")[1]  # stays in the module
    # run it: the marked call is where the value changes
    after_root = tmp_path / "after"
    shutil.copytree(tmp_path / "before", after_root)
    (after_root / "pkg" / "zones.py").write_text(result.code)
    old = _load_pkg(tmp_path / "before")
    assert old.show("Europe/Paris") == "Europe/Paris"
    new = _load_pkg(after_root)
    assert new.local("Europe/Paris") == "Europe/Paris"
    with pytest.raises(AttributeError):
        new.show("Europe/Paris")
    # an index that covers report.py knows what it does: no escape (report.py gets its own
    # marker when it is migrated)
    covered = build_index([init, zones, report])
    result = migrate_source(zones.read_text(), index=covered, module_name="pkg.zones")
    assert result.escapes == [] and "zone-escapes" not in result.code


def _load_pkg(root: Path) -> types.ModuleType:
    for name in [n for n in sys.modules if n == "pkg" or n.startswith("pkg.")]:
        del sys.modules[name]
    sys.path.insert(0, str(root))
    try:
        return importlib.import_module("pkg.zones")
    finally:
        sys.path.remove(str(root))
        for name in [n for n in sys.modules if n == "pkg" or n.startswith("pkg.")]:
            del sys.modules[name]


def test_utc_named_zone_of_another_module_is_localized_the_same(tmp_path: Path) -> None:
    """Corpus finding F1 (exchangelib): ``UTC = Zone.timezone('UTC')`` imported elsewhere; its
    ``.localize`` gets the same rewrite in both modules (the helper defers to a pytz zone)."""
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "zones.py").write_text(
        "import pytz\n\n\nclass Zone:\n    @classmethod\n    def timezone(cls, name):\n"
        "        return pytz.timezone(name)\n\n\nUTC = Zone.timezone('UTC')\n\n\n"
        "def f(naive):\n    return UTC.localize(naive)\n"
    )
    (pkg / "fields.py").write_text(
        "from .zones import UTC, Zone\n\n\ndef g(naive, other):\n"
        "    return UTC.localize(naive), other.localize(naive)\n"
    )
    paths = [pkg / "__init__.py", pkg / "zones.py", pkg / "fields.py"]
    plan = Plan(build_index(paths))
    out = {p.name: migrate_source(p.read_text(), **plan.kwargs_for(p)) for p in paths}
    assert "_tz_localize(naive, UTC)" in out["zones.py"].code
    fields = out["fields.py"].code
    assert "_tz_localize(naive, UTC)" in fields
    # an untraceable receiver that is not the project's is left alone, unmarked
    assert "other.localize(naive)" in fields and "pytz-method" not in fields


def test_helper_module_fits_79_columns() -> None:
    """Corpus finding F8: the written helpers pass flake8's default line length (79)."""
    long = [line for line in _helpers.module_source().splitlines() if len(line) > 79]
    assert long == []


def test_unsafe_fixes_second_run_leaves_pinned_values_alone(tmp_path: Path) -> None:
    """Corpus finding F14 (khal): the first ``--unsafe-fixes`` run writes ``_tz_replace(d) -
    delta``; on the second the helper module is part of the project (its ``_tz_replace``
    returns an aware datetime) but the value is pytz's fixed-offset one, so a comparison of it
    is not rewritten again."""
    pkg = tmp_path / "lib"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "version.py").write_text("import pytz\n\nVERSION = pytz.__version__\n")
    (pkg / "parse.py").write_text(
        "import datetime as dt\n\nimport pytz\n\n"
        "PARIS = pytz.timezone('Europe/Paris')\n\n\n"
        "def guess(text, tz=PARIS):\n"
        "    return tz.localize(dt.datetime.strptime(text, '%Y-%m-%d %H:%M'))\n\n\n"
        "def week(start, firstweekday):\n"
        "    start -= dt.timedelta(days=start.weekday() - firstweekday)\n"
        "    end = start + dt.timedelta(days=8)\n"
        "    if end < start:\n"
        "        end = start\n"
        "    return start, end\n"
    )
    assert _cli("--write", "--unsafe-fixes", str(pkg))[0] == 0
    first = (pkg / "parse.py").read_text()
    assert "    end = _tz_replace(start) + dt.timedelta(days=8)\n    if end < start:\n" in first
    status, out, err = _cli("--check", "--unsafe-fixes", str(pkg))
    assert status == 0, out + err


def _load(root: Path, module: str) -> types.ModuleType:
    """``module`` of package ``pkg`` under ``root``; ``pkg`` is dropped afterwards."""
    for name in [n for n in sys.modules if n == "pkg" or n.startswith("pkg.")]:
        del sys.modules[name]
    sys.path.insert(0, str(root))
    try:
        return importlib.import_module(module)
    finally:
        sys.path.remove(str(root))
        for name in [n for n in sys.modules if n == "pkg" or n.startswith("pkg.")]:
            del sys.modules[name]


def _jitter_package(root: Path) -> Path:
    pkg = root / "pkg"
    pkg.mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "base.py").write_text(
        "from datetime import timedelta\n\n\n"
        "class Base:\n"
        "    def _apply_jitter(self, fire, jitter):\n"
        "        return fire + timedelta(seconds=jitter)\n\n"
        "    def _later(self, when):\n"
        "        return when + timedelta(seconds=1)\n"
    )
    (pkg / "cron.py").write_text(
        "import pytz\n\nfrom pkg.base import Base\n\n\n"
        "class Cron(Base):\n"
        "    def __init__(self, key):\n"
        "        self.timezone = pytz.timezone(key)\n\n"
        "    def next(self, naive):\n"
        "        fire = self.timezone.localize(naive)\n"
        "        return self._apply_jitter(fire, 7200), self._later(naive)\n"
    )
    return pkg


def test_parameter_handed_an_aware_datetime_by_another_module(tmp_path: Path) -> None:
    """APScheduler's ``BaseTrigger._apply_jitter(next_fire_time, ...)``: the subclass in another
    module hands it a localized datetime. The module names neither pytz nor any zone, yet its
    ``+`` is marked (fixed with ``--unsafe-fixes``, keeping pytz's value); the method handed
    only naive datetimes is not."""
    before = _jitter_package(tmp_path / "before")
    shutil.copytree(tmp_path / "before", tmp_path / "marked")
    shutil.copytree(tmp_path / "before", tmp_path / "fixed")
    assert _cli("--write", str(tmp_path / "marked" / "pkg"))[0] == 0
    base = (tmp_path / "marked" / "pkg" / "base.py").read_text().splitlines()
    marks = [i for i, line in enumerate(base) if "tzcompat-migrate[" in line]
    assert [(base[i].strip().split(":")[0], base[i + 1].strip()) for i in marks] == [
        ("# tzcompat-migrate[aware-arithmetic]", "return fire + timedelta(seconds=jitter)")
    ]
    assert _cli("--write", "--unsafe-fixes", str(tmp_path / "fixed" / "pkg"))[0] == 0
    fixed = (tmp_path / "fixed" / "pkg" / "base.py").read_text()
    assert "return _tz_replace(fire) + timedelta(seconds=jitter)" in fixed
    assert "return when + timedelta(seconds=1)" in fixed
    assert _cli("--check", "--unsafe-fixes", str(tmp_path / "fixed" / "pkg"))[0] == 0

    # 01:59 EST + 2 h: pytz kept EST (03:59-05:00); ZoneInfo alone gives 03:59 EDT
    naive = datetime(2020, 3, 8, 1, 59)
    old = _load(before.parent, "pkg.cron").Cron("America/New_York").next(naive)
    new = _load(tmp_path / "fixed", "pkg.cron").Cron("America/New_York").next(naive)
    plain = _load(tmp_path / "marked", "pkg.cron").Cron("America/New_York").next(naive)
    assert old[0].isoformat() == "2020-03-08T03:59:00-05:00"
    assert [(d.isoformat(), d.tzname()) for d in new] == [(d.isoformat(), d.tzname()) for d in old]
    assert plain[0].isoformat() == "2020-03-08T03:59:00-04:00"  # the marked site's change
    assert new[1] == old[1] == naive + timedelta(seconds=1)


def test_cli_summary_counts_helper_modules_apart(tmp_path: Path) -> None:
    """Corpus finding F5: the created _tzmigrate.py is named in the summary, not counted among
    the files of the run ("3 of 2 files rewritten" before)."""
    shutil.copytree(PROJECT / "pkg", tmp_path / "pkg")
    files = len(SOURCES)
    rewritten = sum((EXPECTED / "pkg" / p.name).read_text() != p.read_text() for p in SOURCES)
    assert 0 < rewritten <= files
    status, _, err = _cli("--check", str(tmp_path / "pkg"))
    assert status == 1
    assert f"\n{rewritten} of {files} files would be rewritten, would create _tzmigrate.py; " in err
    status, _, err = _cli("--write", str(tmp_path / "pkg"))
    assert status == 0
    assert f"\n{rewritten} of {files} files rewritten, created _tzmigrate.py; " in err
    assert _cli("--write", str(tmp_path / "pkg"))[2].splitlines()[-1].startswith(
        f"0 of {files + 1} files rewritten; "
    )
    # a helper module left by an older tzcompat is brought up to date, and said so
    shutil.copytree(PROJECT / "pkg", tmp_path / "old" / "pkg")
    helper = tmp_path / "old" / "pkg" / "_tzmigrate.py"
    helper.write_text(_helpers.module_source() + "\n# older\n")
    status, _, err = _cli("--write", str(tmp_path / "old" / "pkg"))
    assert status == 0
    assert f"\n{rewritten} of {files + 1} files rewritten, updated _tzmigrate.py; " in err
    assert helper.read_text() == _helpers.module_source()


def test_aware_arguments_of_the_projects_own_functions_only() -> None:
    """The parameters followed are those of the project's functions handed a datetime aware in
    a zone: not a string from unicodedata.normalize() (Django's text.py marked ``text +=``),
    not a builtin's or an imported class's."""
    sources = {
        "lib": "",
        "lib.text": (
            "import unicodedata\n\n\n"
            "def chars(value):\n"
            "    text = unicodedata.normalize('NFC', value)\n"
            "    return _truncate(text, 3)\n\n\n"
            "def _truncate(text, n):\n"
            "    text += '...'\n"
            "    return text\n"
        ),
        "lib.zones": (
            "from datetime import date\n\nimport pytz\n\nfrom lib.util import shift\n\n\n"
            "def f(naive, tz):\n"
            "    local = tz.localize(naive)\n"
            "    day = date(local, 1)\n"
            "    return str(local), shift(local, when=local), day\n"
        ),
        "lib.util": "def shift(d, when=None):\n    return d + when\n",
    }
    index = index_sources(sources, packages=["lib"])
    assert index.aware_args == {"shift:0", "shift:when"}
    text = migrate_source(sources["lib.text"], index=index, module_name="lib.text").code
    assert text == sources["lib.text"]
    util = migrate_source(sources["lib.util"], index=index, module_name="lib.util").code
    assert "tzcompat-migrate[aware-arithmetic]" in util


def test_argument_made_by_another_modules_function_is_aware() -> None:
    """``show(settings.local(...))``: the parameter is handed what another module's function
    returns, a datetime aware in a pytz zone; the repr returned in ``show`` is marked, and a
    parameter handed a naive value from another module is not."""
    sources = {
        "app": "",
        "app.settings": (
            "import pytz\n\n"
            "HOME = pytz.timezone('Europe/London')\n\n\n"
            "def local(naive):\n"
            "    return HOME.localize(naive)\n\n\n"
            "def plain(naive):\n"
            "    return naive\n"
        ),
        "app.report": (
            "from app import settings\n"
            "from app.settings import plain\n\n\n"
            "def show(when):\n"
            "    return f'at={when!r}'\n\n\n"
            "def other(when):\n"
            "    return f'at={when!r}'\n\n\n"
            "def run(naive):\n"
            "    return show(settings.local(naive)), other(plain(naive))\n"
        ),
    }
    index = index_sources(sources, packages=["app"])
    assert "show:0" in index.aware_args
    assert "other:0" not in index.aware_args
    code = migrate_source(sources["app.report"], index=index, module_name="app.report").code
    show, other = code.split("def other")
    assert "tzcompat-migrate[zone-repr]" in show
    assert "tzcompat-migrate" not in other.split("def run")[0]
