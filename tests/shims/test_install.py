"""``install()``/``uninstall()``: the shims in ``sys.modules``, before or after other imports.

Most checks run in a fresh interpreter, where "before any import" really means it.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from .. import _needs
from .._origin import installed_by

SRC = str(Path(__file__).resolve().parents[2] / "src")


def check(code: str, tmp_path: Path) -> str:
    """Run ``code`` in a fresh interpreter; it asserts, and prints ``ok`` at the end (its
    output is returned)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("TZCOMPAT_")}
    env["PYTHONPATH"] = SRC + os.pathsep + env.get("PYTHONPATH", "")
    res = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code) + "\nprint('ok')\n"],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120,
    )
    assert res.returncode == 0, res.stderr
    assert res.stdout.strip().endswith("ok"), res.stdout
    return res.stdout


def test_public_names_are_lazy(tmp_path: Path) -> None:
    check(
        """
        import sys, warnings
        import tzcompat, tzcompat.shims as shims
        # Importing the core or the shims loads neither adapter, nor the codemod, nor LibCST.
        assert not {"tzcompat.pytz", "tzcompat.dateutil", "libcst"} & set(sys.modules)
        assert not [m for m in sys.modules if m.startswith("tzcompat.migrate")]
        from tzcompat.shims import _install, _warnings
        assert tzcompat.install is shims.install is _install.install
        assert tzcompat.uninstall is shims.uninstall is _install.uninstall
        assert shims.PytzUsageWarning is _warnings.PytzUsageWarning
        assert issubclass(shims.PytzUsageWarning, DeprecationWarning)
        assert {"install", "uninstall"} <= set(dir(tzcompat)) & set(tzcompat.__all__)
        assert set(shims.__all__) <= set(dir(shims))
        for module in (tzcompat, shims):
            try:
                module.no_such_name
            except AttributeError:
                pass
            else:
                raise AssertionError("no AttributeError")
        """,
        tmp_path,
    )


def test_old_migrate_names_still_work_with_a_deprecation(tmp_path: Path) -> None:
    """What users may have written before the run-time aids left tzcompat.migrate."""
    check(
        """
        import sys, warnings
        import tzcompat.migrate as migrate
        import tzcompat.shims as shims
        for name in ("install", "uninstall", "PytzUsageWarning", "enable_warnings",
                     "disable_warnings"):
            with warnings.catch_warnings(record=True) as caught:
                warnings.simplefilter("always")
                value = getattr(migrate, name)
            assert value is getattr(shims, name), name
            assert [w.category for w in caught] == [DeprecationWarning], name
            assert f"tzcompat.shims.{name}" in str(caught[0].message)
            assert caught[0].filename == "<string>"  # points at the user's line
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            from tzcompat.migrate import PytzUsageWarning, enable_warnings
            import tzcompat.migrate._audit as old_audit
            import tzcompat.migrate._pytest_plugin as old_plugin
        assert PytzUsageWarning is shims.PytzUsageWarning
        import tzcompat.shims.audit, tzcompat.shims.pytest_plugin
        assert old_audit is tzcompat.shims.audit
        assert old_plugin is tzcompat.shims.pytest_plugin
        assert {DeprecationWarning} == {w.category for w in caught}
        moved = {str(w.message).split()[0] for w in caught}
        assert moved == {"tzcompat.migrate." + n for n in
                         ("PytzUsageWarning", "enable_warnings", "_audit", "_pytest_plugin")}
        assert "libcst" not in sys.modules
        assert set(migrate.__all__) <= set(dir(migrate))
        """,
        tmp_path,
    )


def test_install_before_imports(tmp_path: Path) -> None:
    out = check(
        """
        import sys
        from datetime import datetime
        from tzcompat import install
        from tzcompat.shims._install import installed
        install()
        assert installed() == {"pytz", "dateutil"}

        import pytz, pytz.tzinfo, pytz.exceptions, pytz.lazy, pytz.tzfile, pytz.reference
        import tzcompat.pytz
        assert pytz is tzcompat.pytz
        for sub in ("tzinfo", "exceptions", "lazy", "tzfile", "reference"):
            assert sys.modules["pytz." + sub] is getattr(tzcompat.pytz, sub)
        from pytz.tzinfo import DstTzInfo
        assert isinstance(pytz.timezone("Europe/Paris"), DstTzInfo)

        import dateutil.tz, dateutil.tz.tz
        from dateutil import parser, rrule, relativedelta, tz
        import tzcompat.dateutil
        assert tz is dateutil.tz is tzcompat.dateutil and dateutil.tz.tz is tzcompat.dateutil.tz
        # parser, rrule and relativedelta are python-dateutil's, and use the adapter.
        assert parser.__name__ == "dateutil.parser"
        print("parser:", parser.__file__)
        got = parser.parse("2020-06-01T12:00:00+02:00").tzinfo
        assert isinstance(got, tzcompat.dateutil.tzoffset), type(got)
        utc_type = type(parser.parse("2020-06-01 12:00 UTC").tzinfo)
        # The adapter's own class, under dateutil's module name (see test_dateutil_module_names).
        assert utc_type in (tzcompat.dateutil.tzutc, tzcompat.dateutil.tzlocal)  # local: UTC
        assert utc_type.__module__ == "dateutil.tz.tz"
        rule = rrule.rrulestr(
            "DTSTART;TZID=Europe/Paris:20200101T090000\\nRRULE:FREQ=DAILY;COUNT=2")
        assert isinstance(list(rule)[0].tzinfo, tzcompat.dateutil.tzfile)
        month = relativedelta.relativedelta(months=1)
        assert datetime(2020, 1, 31) + month == datetime(2020, 2, 29)
        """,
        tmp_path,
    )
    (parser,) = [ln[len("parser: "):] for ln in out.splitlines() if ln.startswith("parser: ")]
    assert installed_by(parser, "python-dateutil"), parser  # python-dateutil's own parser


def test_install_after_imports_and_uninstall_restores(tmp_path: Path) -> None:
    check(
        """
        import sys
        from datetime import datetime

        import pytz, pytz.tzinfo
        from pytz import utc, timezone, FixedOffset, UnknownTimeZoneError
        import dateutil.parser, dateutil.parser._parser, dateutil.parser.isoparser, dateutil.tz
        from dateutil.tz import gettz, UTC as DU_UTC

        EASTERN = pytz.timezone("US/Eastern")
        EDT = EASTERN.localize(datetime(2020, 7, 1)).tzinfo
        FIXED = pytz.FixedOffset(-330)
        real = {name: mod for name, mod in sys.modules.items()
                if name == "pytz" or name.startswith(("pytz.", "dateutil.tz"))}
        real_parser_tz = dateutil.parser._parser.tz
        real_globals = dict(globals())

        from tzcompat.shims import _install
        import tzcompat.pytz as P, tzcompat.dateutil as D
        _install.install()

        # This module's globals now name the adapter's objects.
        assert pytz is P and utc is P.utc and timezone is P.timezone
        assert FixedOffset is P.FixedOffset and UnknownTimeZoneError is P.UnknownTimeZoneError
        assert gettz is D.gettz and DU_UTC is D.UTC
        # Real zones kept in globals became the adapter's object for the same period.
        assert EASTERN is P.timezone("US/Eastern")
        assert EDT is P.timezone("US/Eastern").localize(datetime(2020, 7, 1)).tzinfo
        assert FIXED is P.FixedOffset(-330)
        # dateutil's own modules that imported tz see the adapter.
        assert dateutil.parser._parser.tz is D
        assert sys.modules["dateutil.parser.isoparser"].tz is D
        assert dateutil.tz is D
        assert isinstance(dateutil.parser.parse("2020-01-01 00:00+01:00").tzinfo, D.tzoffset)
        import pytz as again
        assert again is P and sys.modules["pytz.tzinfo"] is P.tzinfo

        _install.uninstall()
        assert _install.installed() == frozenset()
        now = {name: mod for name, mod in sys.modules.items()
               if name == "pytz" or name.startswith(("pytz.", "dateutil.tz"))}
        assert now == real, set(now.items()) ^ set(real.items())
        assert all(now[k] is real[k] for k in real)
        assert dateutil.parser._parser.tz is real_parser_tz and dateutil.tz is real["dateutil.tz"]
        for name, value in real_globals.items():
            assert globals()[name] is value, name
        assert type(utc).__module__ == "pytz"
        """,
        tmp_path,
    )


def test_uninstall_without_prior_import_removes_entries(tmp_path: Path) -> None:
    check(
        """
        import sys
        from tzcompat.shims import _install
        assert "pytz" not in sys.modules
        _install.install(pytz=True, dateutil=False)
        import pytz
        assert pytz.__name__ == "tzcompat.pytz"
        assert "dateutil.tz" not in sys.modules  # only what was asked for
        _install.uninstall()
        assert not any(n == "pytz" or n.startswith("pytz.") for n in sys.modules)
        import pytz
        assert type(pytz.utc).__module__ == "pytz"  # the real one imports again
        """,
        tmp_path,
    )


def test_install_is_idempotent_and_incremental(tmp_path: Path) -> None:
    check(
        """
        import sys
        import pytz as real_pytz
        from tzcompat.shims import _install
        _install.install(pytz=True, dateutil=False)
        _install.install(pytz=True, dateutil=False)
        assert _install.installed() == {"pytz"}
        _install.install(pytz=False, dateutil=True)
        assert _install.installed() == {"pytz", "dateutil"}
        import dateutil.tz, tzcompat.dateutil
        assert dateutil.tz is tzcompat.dateutil
        _install.uninstall()
        assert sys.modules["pytz"] is real_pytz
        import dateutil.tz
        assert dateutil.tz.__name__ == "dateutil.tz"
        """,
        tmp_path,
    )


def test_pickles_name_pytz_under_install(tmp_path: Path) -> None:
    # In pytz's pickle format the adapter's pickles are pytz's bytes and load back to the
    # same objects; by default they name tzcompat and load back the same way.
    check(
        """
        import pickle
        from datetime import datetime
        from tzcompat.shims import _install
        _install.install(dateutil=False)
        import pytz
        ny = pytz.timezone("America/New_York")
        for obj in (ny, pytz.utc, pytz.FixedOffset(-330), pytz.timezone("GMT")):
            blob = pickle.dumps(obj, 0)
            assert blob.startswith(b"ctzcompat.pytz") and pickle.loads(blob) is obj, blob
        pytz.set_pickle_format("pytz")
        edt = ny.localize(datetime(2020, 7, 1)).tzinfo
        assert pickle.dumps(edt, 0) == (
            b"cpytz\\n_p\\np0\\n(VAmerica/New_York\\np1\\nI-14400\\nI3600\\nVEDT\\np2\\ntp3\\nRp4\\n.")
        assert pickle.dumps(pytz.utc, 0) == b"cpytz\\n_UTC\\np0\\n(tRp1\\n."
        for obj in (ny, edt, pytz.utc, pytz.FixedOffset(-330), pytz.timezone("GMT")):
            for proto in range(pickle.HIGHEST_PROTOCOL + 1):
                assert pickle.loads(pickle.dumps(obj, proto)) is obj
        """,
        tmp_path,
    )


def test_dateutil_module_names(tmp_path: Path) -> None:
    # Installed, the adapter's classes and functions carry the module names dateutil 4
    # gives the originals (checked against the real ones), pickles name those modules and
    # load back under them, and uninstall() puts the adapter's names back. The real
    # dateutil.tz is not imported for it (the adapter is dateutil.tz; it needs no peer).
    check(
        r"""
        import importlib, pickle, subprocess, sys
        from tzcompat.shims import install, uninstall
        install(pytz=False, dateutil=True)
        import dateutil.tz as tz
        import tzcompat.dateutil as D
        assert tz is D and D._peer.real_module is None
        assert D.tzfile.__mro__[1:] == (D._base._tzinfo, D.tzfile.__mro__[2], object)
        homes = {getattr(o, "__qualname__", None): h for o, h in D._real_homes()}
        assert len(homes) > 25
        assert D.tzfile.__module__ == "dateutil.tz._tzfile"
        assert D.tzutc.__module__ == D.tzoffset.__module__ == "dateutil.tz.tz"
        assert D.tzrangebase.__module__ == "dateutil.tz._common"
        assert type(D.tzoffset).__module__ == "dateutil.tz._factories"
        assert D._tzfile._unpickle.__module__ == "dateutil.tz._tzfile"
        ny = tz.gettz("America/New_York")
        for obj in (ny, tz.UTC, tz.tzoffset("X", 3600), tz.tzlocal()):
            data = pickle.dumps(obj)
            assert b"tzcompat" not in data, data
            assert pickle.loads(data) == obj
        # tzstr's rules are the adapter's own objects (README), so only the class is renamed.
        rules = tz.tzstr("EST5EDT")
        assert b"dateutil.tz.tz\x94\x8c\x05tzstr" in pickle.dumps(rules)
        assert pickle.loads(pickle.dumps(rules)) == rules
        assert pickle.loads(pickle.dumps(tz.UTC)) is tz.UTC
        moved = [(o, h) for o, h in D._real_homes()]
        uninstall()
        for obj, home in moved:
            assert obj.__module__.startswith("tzcompat.dateutil"), (obj, obj.__module__)
        # The real library, in a process of its own, agrees on every home.
        code = (
            "import importlib, sys\n"
            "for line in sys.stdin.read().splitlines():\n"
            "    name, home = line.split()\n"
            "    real = importlib.import_module(home)\n"
            "    obj = getattr(real, name, None)\n"
            "    if obj is None and home == 'dateutil.tz.tz' and name == 'GettzFunc':\n"
            "        obj = type(real.gettz)\n"
            "    assert obj is not None and obj.__module__ == home, (name, home)\n"
            "print('same')\n"
        )
        lines = "\n".join(f"{q} {h}" for q, h in homes.items())
        out = subprocess.run([sys.executable, "-c", code], input=lines, capture_output=True,
                             text=True)
        assert out.stdout.strip() == "same", out.stderr
        """,
        tmp_path,
    )


def test_dateutil_without_python_dateutil(tmp_path: Path) -> None:
    # A stand-in parent package when python-dateutil is not installed at all.
    check(
        """
        import sys
        sys.modules["dateutil"] = None  # as if absent: importing it raises ImportError
        del sys.modules["dateutil"]
        import importlib.abc
        class Block(importlib.abc.MetaPathFinder):
            def find_spec(self, name, path, target=None):
                if name == "dateutil" or name.startswith("dateutil."):
                    raise ModuleNotFoundError(name)
        sys.meta_path.insert(0, Block())
        from tzcompat.shims import _install
        _install.install(pytz=False)
        sys.meta_path.pop(0)
        from dateutil import tz
        import dateutil.tz
        import tzcompat.dateutil
        assert tz is tzcompat.dateutil is dateutil.tz
        assert tz.gettz("Europe/Paris") is not None
        _install.uninstall()
        assert "dateutil" not in sys.modules and "dateutil.tz" not in sys.modules
        """,
        tmp_path,
    )


def test_env_switches_warnings_and_audit(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("TZCOMPAT_")}
    env.update(PYTHONPATH=SRC, TZCOMPAT_WARNINGS="1", TZCOMPAT_AUDIT="1")
    code = (
        "from tzcompat.shims import _install, _warnings, audit as _audit\n"
        "_install.install()\n"
        "assert _warnings.warnings_enabled() and _audit.enabled()\n"
        "import pytz\n"
        "from datetime import datetime\n"
        "pytz.timezone('Europe/Paris').localize(datetime(2020, 1, 1))\n"
    )
    res = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=env,
                         capture_output=True, text=True, timeout=60)
    assert res.returncode == 0, res.stderr
    assert "PytzUsageWarning: localize() is pytz-only" in res.stderr
    assert "tzcompat audit: 2 pytz/dateutil-specific call sites, 2 calls" in res.stderr


@pytest.fixture
def shims():
    from tzcompat.shims import _install

    yield _install
    _install.uninstall()


def test_in_process_round_trip(shims) -> None:
    # In this very process (where other tests hold the real pytz): all is put back.
    import pytz as real_pytz

    before = dict(sys.modules)
    shims.install()
    import pytz

    assert pytz.__name__ == "tzcompat.pytz"
    assert globals()["pytest"] is pytest  # unrelated globals untouched
    shims.uninstall()
    assert sys.modules["pytz"] is real_pytz
    for name in ("pytz", "pytz.tzinfo", "dateutil.tz", "dateutil.tz.tz"):
        assert sys.modules.get(name) is before.get(name), name


def test_pytz_module_names_under_install_and_pandas(tmp_path: Path) -> None:
    """Installed as pytz, the adapter looks like pytz to module-name checks (pandas 3's
    read_parquet normalisation), pickled exceptions name pytz.exceptions, the version passes
    pandas' minimum check even on data with no version, the real pytz is never imported, and
    uninstall() gives the tzcompat names back."""
    _needs.module("pandas")
    _needs.module("pyarrow")
    check(
        """
        import os, pickle, sys, zoneinfo
        from datetime import datetime
        import pytz as _probe  # find the real pytz's data directory, then forget it
        real_dir = os.path.dirname(_probe.__file__)
        os.environ["PYTZ_TZDATADIR"] = os.path.join(real_dir, "zoneinfo")
        for name in [n for n in sys.modules if n == "pytz" or n.startswith("pytz.")]:
            del sys.modules[name]
        del _probe

        from tzcompat.shims import _install
        _install.install(pytz=True, dateutil=False)
        import pytz
        import tzcompat.pytz as P
        assert pytz is P
        # install() imported the adapter in pytz's place: the real pytz stayed out.
        assert not [m for m in list(sys.modules.values())
                    if str(getattr(m, "__file__", "")).startswith(real_dir + os.sep)]
        assert P._realpytz.real_pytz is None
        assert [k.__name__ for k in P.tzinfo.DstTzInfo.__mro__] == [
            "DstTzInfo", "BaseTzInfo", "tzinfo", "object"]
        paris = pytz.timezone("Europe/Paris")
        ny = pytz.timezone("America/New_York")
        names = {
            "Dst": P.tzinfo.DstTzInfo.__module__, "Static": P.tzinfo.StaticTzInfo.__module__,
            "Base": P.BaseTzInfo.__module__, "UTC": type(P.utc).__module__,
            "Fixed": type(P.FixedOffset(60)).__module__, "zone": type(paris).__module__,
            "later": type(pytz.timezone("Asia/Tokyo")).__module__,
            "exc": P.NonExistentTimeError.__module__, "Error": P.exceptions.Error.__module__,
            "lazy": type(P.all_timezones).__module__,
        }
        assert names == {
            "Dst": "pytz.tzinfo", "Static": "pytz.tzinfo", "Base": "pytz.tzinfo",
            "UTC": "pytz", "Fixed": "pytz", "zone": "pytz.tzfile", "later": "pytz.tzfile",
            "exc": "pytz.exceptions", "Error": "pytz.exceptions", "lazy": "pytz.lazy",
        }, names
        # Pickled exceptions name pytz's module, and load back as the adapter's class.
        try:
            ny.localize(datetime(2020, 3, 8, 2, 30), is_dst=None)
        except pytz.NonExistentTimeError as exc:
            raw = pickle.dumps(exc, 0)
            assert b"pytz.exceptions" in raw and b"tzcompat" not in raw
            assert type(pickle.loads(raw)) is P.NonExistentTimeError

        # pytz's own files record no data version: __version__ still passes pandas' check.
        assert pytz.OLSON_VERSION == "unknown" and pytz.__version__ == "2026.6"
        import pandas as pd
        from pandas.io._util import _normalize_pytz_timezone
        ts = pd.Timestamp("2021-03-14 01:59:59", tz=ny)
        assert (ts.utcoffset().total_seconds(), ts.tzname()) == (-18000.0, "EST")
        assert _normalize_pytz_timezone(paris) == zoneinfo.ZoneInfo("Europe/Paris")
        path = os.path.join(os.getcwd(), "t.parquet")
        df = pd.DataFrame({"t": pd.date_range("2021-03-01", periods=3, freq="D", tz=ny)})
        df.to_parquet(path)
        back = pd.read_parquet(path)
        assert isinstance(back["t"].dtype.tz, zoneinfo.ZoneInfo), type(back["t"].dtype.tz)
        assert (back["t"] == df["t"]).all()

        _install.uninstall()
        assert P.tzinfo.DstTzInfo.__module__ == "tzcompat.pytz.tzinfo"
        assert type(paris).__module__ == "tzcompat.pytz.tzfile"
        assert P.NonExistentTimeError.__module__ == "tzcompat.pytz.exceptions"
        assert type(P.utc).__module__ == "tzcompat.pytz"
        assert P.tzfile._ZONE_MODULE.value == "tzcompat.pytz.tzfile"
        assert type(pytz.timezone("Asia/Tokyo")).__module__ == "tzcompat.pytz.tzfile"
        """,
        tmp_path,
    )
