"""Keys, TZPATH, PYTHONTZPATH, the tzdata fallback, available_timezones, data files,
``source`` and ``data_version``."""

from __future__ import annotations

import os
import shutil
import sys
import warnings
import zoneinfo
from datetime import datetime
from pathlib import Path

import pytest

import tzcompat

from .. import _needs
from ._helpers import ALL_KEYS, SYSTEM_ROOT, both_tzpath, run_python, zone_bytes

# --------------------------------------------------------------------------------------
# A private zoneinfo directory and an audit hook that records every file opened
# --------------------------------------------------------------------------------------
_OPENED: list[str] | None = None


def _audit(event, args):
    if _OPENED is not None and event == "open" and args and isinstance(args[0], (str, bytes)):
        path = args[0]
        _OPENED.append(os.fsdecode(path))


sys.addaudithook(_audit)


class _Recorder:
    def __enter__(self):
        global _OPENED
        _OPENED = []
        return _OPENED

    def __exit__(self, *exc):
        global _OPENED
        _OPENED = None


@pytest.fixture
def zroot(tmp_path):
    """tmp/root: a small zoneinfo tree; tmp/outside: valid TZif files outside it."""
    root = tmp_path / "root"
    outside = tmp_path / "outside"
    (root / "Foo").mkdir(parents=True)
    (root / "posix").mkdir()
    (root / "right").mkdir()
    (root / "Sub" / "posix").mkdir(parents=True)
    (root / "Dir").mkdir()
    outside.mkdir()
    utc = zone_bytes("tzdata", "UTC")
    ny = zone_bytes("tzdata", "America/New_York")
    (root / "UTC").write_bytes(utc)
    (root / "Foo" / "Bar").write_bytes(ny)
    (root / "posix" / "UTC").write_bytes(utc)
    (root / "right" / "UTC").write_bytes(utc)
    (root / "Sub" / "posix" / "X").write_bytes(utc)
    (root / "posixrules").write_bytes(ny)
    (root / "localtime").write_bytes(ny)
    (root / "zone.tab").write_bytes(b"# tz zone descriptions\nUS\t+404251-0740023\tFoo/Bar\n")
    (root / "empty").write_bytes(b"")
    (outside / "evil").write_bytes(ny)
    (outside / "zone.tab").write_bytes(b"# outside\n")
    return root


# --------------------------------------------------------------------------------------
# Keys
# --------------------------------------------------------------------------------------
NOT_FOUND_KEYS = [
    "Eurasia/Badzone",
    "BZQ",
    "America.Los_Angeles",
    "America\\New_York",
    "🇨🇦",
    "America/New\ud800York",
    "Europe",  # a directory (CPython main: not found; 3.11 leaks IsADirectoryError)
    "America",
    "Not/A/Zone/At/All",
]

VALUE_ERROR_KEYS = [
    "/etc/localtime",
    "/usr/share/zoneinfo/UTC",
    "//UTC",
    "../zoneinfo/UTC",
    "..",
    ".",
    "",
    "America/../America/New_York",
    "America/./New_York",
    "a/./b",
    "UTC/",
    "America//New_York",
    "./UTC",
    "Foo/../../etc/passwd",
    "UTC\x00",
    "\x00",
    "America/New_York\x00/../UTC",
]


@pytest.mark.parametrize("key", NOT_FOUND_KEYS)
def test_unknown_key_is_zoneinfo_not_found(key):
    for ctor in (tzcompat.ZoneInfo, tzcompat.ZoneInfo.no_cache):
        with pytest.raises(tzcompat.ZoneInfoNotFoundError) as exc:
            ctor(key)
        assert isinstance(exc.value, KeyError)
    assert issubclass(tzcompat.ZoneInfoNotFoundError, KeyError)


@pytest.mark.parametrize("key", NOT_FOUND_KEYS)
def test_unknown_key_not_found_from_tzdata_only(key):
    tzcompat.reset_tzpath([])
    with pytest.raises(tzcompat.ZoneInfoNotFoundError):
        tzcompat.ZoneInfo.no_cache(key)


@pytest.mark.parametrize("key", VALUE_ERROR_KEYS)
def test_bad_key_is_value_error(key):
    for ctor in (tzcompat.ZoneInfo, tzcompat.ZoneInfo.no_cache):
        with pytest.raises(ValueError) as exc:
            ctor(key)
        assert not isinstance(exc.value, KeyError)
        assert str(exc.value).strip()


@pytest.mark.parametrize("key", [k for k in VALUE_ERROR_KEYS if "\x00" not in k])
def test_bad_key_value_error_like_stdlib(key):
    with pytest.raises(ValueError):
        zoneinfo.ZoneInfo.no_cache(key)


@pytest.mark.parametrize("key", [1, 1.5, None, b"UTC", ["UTC"], ("UTC",)])
def test_non_string_key_type_error_like_stdlib(key):
    with pytest.raises(TypeError):
        zoneinfo.ZoneInfo.no_cache(key)
    with pytest.raises(TypeError):
        tzcompat.ZoneInfo.no_cache(key)


def test_bad_keys_never_open_anything_outside(zroot):
    outside = zroot.parent / "outside"
    tzcompat.reset_tzpath([str(zroot)])
    keys = [
        str(outside / "evil"),
        "../outside/evil",
        "Foo/../../outside/evil",
        "./../outside/evil",
        "../outside/zone.tab",
        "Foo/../../outside/evil\x00",
    ]
    with _Recorder() as opened:
        for key in keys:
            for ctor in (tzcompat.ZoneInfo, tzcompat.ZoneInfo.no_cache):
                with pytest.raises(ValueError):
                    ctor(key)
            with pytest.raises(ValueError):
                tzcompat.find_data_file(key)
    assert not [p for p in opened if "outside" in p], opened


def test_audit_hook_sees_opens(zroot):
    """Guard for the test above: the recorder does see the files a lookup opens."""
    tzcompat.reset_tzpath([str(zroot)])
    with _Recorder() as opened:
        tzcompat.ZoneInfo.no_cache("Foo/Bar")
    assert any(p.endswith(os.path.join("Foo", "Bar")) for p in opened), opened


def test_lookup_opens_only_files_under_tzpath_or_tzdata(zroot):
    import tzdata

    tz_dir = os.path.dirname(tzdata.__file__)
    tzcompat.reset_tzpath([str(zroot)])
    with _Recorder() as opened:
        tzcompat.ZoneInfo.no_cache("Foo/Bar")
        tzcompat.ZoneInfo.no_cache("Asia/Tokyo")  # not in root: tzdata
        with pytest.raises(tzcompat.ZoneInfoNotFoundError):
            tzcompat.ZoneInfo.no_cache("No/Such")
    for p in opened:
        p = os.path.abspath(p)
        assert p.startswith(str(zroot)) or p.startswith(tz_dir) or p.endswith(".py"), p


@pytest.mark.parametrize("key", ["zone.tab", "empty"])
def test_non_tzif_file_in_tzpath_is_value_error(zroot, key):
    with both_tzpath([str(zroot)]):
        with pytest.raises(ValueError):
            zoneinfo.ZoneInfo.no_cache(key)
        with pytest.raises(ValueError) as exc:
            tzcompat.ZoneInfo.no_cache(key)
        assert not isinstance(exc.value, KeyError)


def test_directory_key_in_tzpath_is_not_found(zroot):
    tzcompat.reset_tzpath([str(zroot)])
    with pytest.raises(tzcompat.ZoneInfoNotFoundError):
        tzcompat.ZoneInfo.no_cache("Dir")


@pytest.mark.parametrize(
    "key", ["posix/America/New_York", "right/America/New_York", "posixrules", "Factory"]
)
def test_special_system_keys_load_like_stdlib(key, tmp_path):
    root = SYSTEM_ROOT
    plain = key.removeprefix("posix/")
    if (root is not None and plain != key and not os.path.exists(os.path.join(root, key))
            and os.path.isfile(os.path.join(root, plain))):
        # Debian dropped the posix/ tree (copies of the main tree's files) in 2024: a root laid
        # out as older releases ship it.
        root = str(tmp_path)
        (tmp_path / key).parent.mkdir(parents=True)
        shutil.copyfile(os.path.join(SYSTEM_ROOT, plain), tmp_path / key)
    if root is None or not os.path.isfile(os.path.join(root, key)):
        _needs.not_here(f"the system file {key}", "apt-get install tzdata tzdata-legacy")
    with both_tzpath([root]):
        ours = tzcompat.ZoneInfo.no_cache(key)
        ref = zoneinfo.ZoneInfo.no_cache(key)
    for y in (1850, 1950, 1990, 2020, 2300):
        for m in (1, 4, 7, 10):
            for fold in (0, 1):
                dt = datetime(y, m, 5, 1, 30, fold=fold)
                assert ours.utcoffset(dt) == ref.utcoffset(dt), (key, dt)
                assert ours.tzname(dt) == ref.tzname(dt), (key, dt)
                assert ours.dst(dt) == ref.dst(dt), (key, dt)


def test_tzpath_order_first_root_wins(tmp_path):
    a, b = tmp_path / "a", tmp_path / "b"
    (a / "X").mkdir(parents=True)
    (b / "X").mkdir(parents=True)
    (a / "X" / "Zone").write_bytes(zone_bytes("tzdata", "Asia/Tokyo"))
    (b / "X" / "Zone").write_bytes(zone_bytes("tzdata", "Europe/Paris"))
    (b / "X" / "Only").write_bytes(zone_bytes("tzdata", "Europe/Paris"))
    tzcompat.reset_tzpath([str(tmp_path / "missing"), str(a), str(b)])
    z = tzcompat.ZoneInfo.no_cache("X/Zone")
    assert z.source == str(a / "X" / "Zone")
    assert z.utcoffset(datetime(2020, 1, 1)) == zoneinfo.ZoneInfo("Asia/Tokyo").utcoffset(
        datetime(2020, 1, 1)
    )
    assert tzcompat.ZoneInfo.no_cache("X/Only").source == str(b / "X" / "Only")


def test_tzdata_fallback_when_tzpath_empty():
    tzcompat.reset_tzpath([])
    z = tzcompat.ZoneInfo.no_cache("America/New_York")
    assert z.source == "tzdata:America/New_York"


# --------------------------------------------------------------------------------------
# reset_tzpath / TZPATH
# --------------------------------------------------------------------------------------
def test_default_tzpath_matches_stdlib():
    # Neither module has been told anything; both derive the same default.
    proc = run_python(
        "import tzcompat, zoneinfo; print(tzcompat.TZPATH == zoneinfo.TZPATH, tzcompat.TZPATH)"
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("True"), proc.stdout


def test_reset_tzpath_updates_module_attribute(tmp_path):
    tzcompat.reset_tzpath([str(tmp_path)])
    assert tzcompat.TZPATH == (str(tmp_path),)
    tzcompat.reset_tzpath([])
    assert tzcompat.TZPATH == ()
    tzcompat.reset_tzpath([Path(tmp_path)])  # os.PathLike entries are accepted
    assert tzcompat.TZPATH == (str(tmp_path),)
    assert isinstance(tzcompat.TZPATH, tuple)
    assert "TZPATH" in dir(tzcompat)


@pytest.mark.parametrize(
    "bad",
    [["relative/path"], ["/abs", "rel"], [Path("relative")], ("./x",), ["~/zoneinfo"]],
)
def test_reset_tzpath_relative_is_value_error_and_changes_nothing(bad, tmp_path):
    tzcompat.reset_tzpath([str(tmp_path)])
    with pytest.raises(ValueError):
        tzcompat.reset_tzpath(bad)
    assert tzcompat.TZPATH == (str(tmp_path),)
    if all(isinstance(p, str) for p in bad):  # 3.11 mishandles PathLike entries here
        with pytest.raises(ValueError):
            zoneinfo.reset_tzpath(bad)


@pytest.mark.parametrize("bad", ["/usr/share/zoneinfo", b"/usr/share/zoneinfo", "", b""])
def test_reset_tzpath_str_or_bytes_is_type_error(bad, tmp_path):
    tzcompat.reset_tzpath([str(tmp_path)])
    with pytest.raises(TypeError):
        tzcompat.reset_tzpath(bad)
    assert tzcompat.TZPATH == (str(tmp_path),)
    with pytest.raises(TypeError):
        zoneinfo.reset_tzpath(bad)


@pytest.mark.parametrize("bad", [0, 1.5, object()])
def test_reset_tzpath_non_iterable_is_type_error(bad):
    with pytest.raises(TypeError):
        tzcompat.reset_tzpath(bad)
    with pytest.raises(TypeError):
        zoneinfo.reset_tzpath(bad)


def test_reset_tzpath_none_rereads_environment(monkeypatch, tmp_path):
    monkeypatch.setenv("PYTHONTZPATH", os.pathsep.join([str(tmp_path), "/x/y"]))
    tzcompat.reset_tzpath()
    zoneinfo.reset_tzpath()
    assert tzcompat.TZPATH == zoneinfo.TZPATH == (str(tmp_path), "/x/y")
    monkeypatch.setenv("PYTHONTZPATH", "")
    tzcompat.reset_tzpath(None)
    assert tzcompat.TZPATH == ()


def test_pythontzpath_relative_entries_dropped_with_warning(monkeypatch, tmp_path):
    monkeypatch.setenv("PYTHONTZPATH", os.pathsep.join(["rel/one", str(tmp_path), "two"]))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        tzcompat.reset_tzpath()
    assert tzcompat.TZPATH == (str(tmp_path),)
    ours = [w for w in caught if issubclass(w.category, tzcompat.InvalidTZPathWarning)]
    assert len(ours) == 1, [str(w.message) for w in caught]
    assert issubclass(tzcompat.InvalidTZPathWarning, RuntimeWarning)
    # The stdlib does the same.
    with warnings.catch_warnings(record=True) as caught_ref:
        warnings.simplefilter("always")
        zoneinfo.reset_tzpath()
    assert zoneinfo.TZPATH == tzcompat.TZPATH
    assert any(issubclass(w.category, zoneinfo.InvalidTZPathWarning) for w in caught_ref)


def test_pythontzpath_at_import(tmp_path):
    code = (
        "import warnings\n"
        "warnings.simplefilter('always')\n"
        "with warnings.catch_warnings(record=True) as w:\n"
        "    warnings.simplefilter('always')\n"
        "    import tzcompat\n"
        "    tp = tzcompat.TZPATH\n"
        "print(repr(tp))\n"
        "print(sorted({x.category.__name__ for x in w}))\n"
    )
    env = {"PYTHONTZPATH": os.pathsep.join(["relative", str(tmp_path)])}
    proc = run_python(code, env=env)
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout.splitlines()
    assert out[0] == repr((str(tmp_path),))
    assert "InvalidTZPathWarning" in out[1]
    proc = run_python("import tzcompat; print(repr(tzcompat.TZPATH))", env={"PYTHONTZPATH": ""})
    assert proc.stdout.strip() == "()"


# --------------------------------------------------------------------------------------
# available_timezones
# --------------------------------------------------------------------------------------
def test_available_timezones_matches_stdlib():
    ours = tzcompat.available_timezones()
    ref = zoneinfo.available_timezones()
    assert isinstance(ours, set)
    # CPython main drops "localtime" (3.11 still lists it); otherwise identical.
    assert ours == ref - {"localtime"}
    assert ours == set(ALL_KEYS) - {"localtime"}


def test_available_timezones_tzdata_only():
    with both_tzpath([]):
        assert tzcompat.available_timezones() == zoneinfo.available_timezones()


def test_available_timezones_private_root_without_tzdata(zroot, monkeypatch):
    monkeypatch.setitem(sys.modules, "tzdata", None)
    with both_tzpath([str(zroot)]):
        ours = tzcompat.available_timezones()
        ref = zoneinfo.available_timezones()
    assert ours == ref - {"localtime"}
    assert ours == {"UTC", "Foo/Bar", "Sub/posix/X"}


def test_every_available_key_loads():
    for key in sorted(tzcompat.available_timezones()):
        tzcompat.ZoneInfo.no_cache(key)


# --------------------------------------------------------------------------------------
# source, data_version, find_data_file
# --------------------------------------------------------------------------------------
def _system_version():
    path = os.path.join(SYSTEM_ROOT, "tzdata.zi")
    with open(path, encoding="ascii") as f:
        first = f.readline()
    assert first.startswith("# version ")
    return first.split()[2]


def test_source_and_version_system():
    if SYSTEM_ROOT is None:
        _needs.not_here("a system zoneinfo directory", "apt-get install tzdata")
    tzcompat.reset_tzpath([SYSTEM_ROOT])
    z = tzcompat.ZoneInfo.no_cache("America/New_York")
    assert z.source == os.path.join(SYSTEM_ROOT, "America/New_York")
    assert z.data_version == _system_version()
    assert tzcompat.data_version() == _system_version()


def test_source_and_version_tzdata():
    import tzdata

    tzcompat.reset_tzpath([])
    z = tzcompat.ZoneInfo.no_cache("Europe/Paris")
    assert z.source == "tzdata:Europe/Paris"
    assert z.data_version == tzdata.IANA_VERSION
    assert tzcompat.data_version() == tzdata.IANA_VERSION


def test_source_and_version_private_root(zroot, tmp_path):
    tzcompat.reset_tzpath([str(zroot)])
    z = tzcompat.ZoneInfo.no_cache("Foo/Bar")
    assert z.source == str(zroot / "Foo" / "Bar")
    assert z.data_version is None  # no tzdata.zi / +VERSION there
    other = tmp_path / "versioned"
    other.mkdir()
    (other / "UTC").write_bytes(zone_bytes("tzdata", "UTC"))
    shutil.copy(os.path.join(SYSTEM_ROOT, "tzdata.zi"), other / "tzdata.zi")
    tzcompat.reset_tzpath([str(other)])
    assert tzcompat.ZoneInfo.no_cache("UTC").data_version == _system_version()
    assert tzcompat.data_version() == _system_version()


def test_data_version_not_stale_after_data_update(zroot):
    """The data in a root can be updated in place (an OS tzdata upgrade).  A zone loaded
    after that, following reset_tzpath(), must not report the version seen before."""
    tzcompat.reset_tzpath([str(zroot)])
    assert tzcompat.ZoneInfo.no_cache("UTC").data_version is None
    shutil.copy(os.path.join(SYSTEM_ROOT, "tzdata.zi"), zroot / "tzdata.zi")
    tzcompat.reset_tzpath([str(zroot)])
    assert tzcompat.ZoneInfo.no_cache("UTC").data_version == _system_version()


def test_source_and_version_from_file():
    import io

    z = tzcompat.ZoneInfo.from_file(io.BytesIO(zone_bytes("tzdata", "UTC")), key="UTC")
    assert z.source is None
    assert z.data_version is None


@pytest.mark.parametrize("name", ["zone.tab", "zone1970.tab", "iso3166.tab", "tzdata.zi"])
def test_find_data_file(name):
    import tzdata

    with both_tzpath([SYSTEM_ROOT]):
        f = tzcompat.find_data_file(name)
        assert f is not None
        with f:
            assert f.read() == Path(SYSTEM_ROOT, name).read_bytes()
    with both_tzpath([]):
        f = tzcompat.find_data_file(name)
        assert f is not None
        with f:
            expected = Path(os.path.dirname(tzdata.__file__), "zoneinfo", name).read_bytes()
            assert f.read() == expected


def test_find_data_file_private_root_and_missing(zroot, monkeypatch):
    tzcompat.reset_tzpath([str(zroot)])
    with tzcompat.find_data_file("zone.tab") as f:
        assert f.read() == (zroot / "zone.tab").read_bytes()
    assert tzcompat.find_data_file("no-such-file.tab") is None
    monkeypatch.setitem(sys.modules, "tzdata", None)
    assert tzcompat.find_data_file("iso3166.tab") is None


def test_data_version_follows_the_files_without_reset(zroot):
    """Data updated in place, with no reset_tzpath(): a no_cache zone and data_version()
    report what the version file says now, every time it changes."""
    tzcompat.reset_tzpath([str(zroot)])
    assert tzcompat.data_version() is None
    zi = zroot / "tzdata.zi"
    shutil.copy(os.path.join(SYSTEM_ROOT, "tzdata.zi"), zi)
    assert tzcompat.ZoneInfo.no_cache("UTC").data_version == _system_version()
    assert tzcompat.data_version() == _system_version()
    zi.write_bytes(b"# version 2099z\n# a rewritten file of another size\n")
    assert tzcompat.ZoneInfo.no_cache("UTC").data_version == "2099z"
    assert tzcompat.data_version() == "2099z"
    zi.unlink()
    (zroot / "+VERSION").write_bytes(b"2100a\n")
    assert tzcompat.ZoneInfo.no_cache("UTC").data_version == "2100a"
    assert tzcompat.data_version() == "2100a"


def test_tzdata_version_read_from_the_package_files(monkeypatch, tmp_path):
    """The tzdata package's version comes from its files on disk, not the imported module
    (a pip upgrade in a running process replaces the files, not the module object)."""
    import types

    pkg = tmp_path / "tzdata"
    (pkg / "zoneinfo").mkdir(parents=True)
    (pkg / "__init__.py").write_text("IANA_VERSION = '2000a'\n")
    (pkg / "zoneinfo" / "UTC").write_bytes(zone_bytes("tzdata", "UTC"))
    (pkg / "zoneinfo" / "tzdata.zi").write_bytes(b"# version 2001b\n")
    fake = types.ModuleType("tzdata")
    fake.__file__ = str(pkg / "__init__.py")
    fake.IANA_VERSION = "2000a"
    monkeypatch.setitem(sys.modules, "tzdata", fake)
    tzcompat.reset_tzpath([])
    assert tzcompat.ZoneInfo.no_cache("UTC").data_version == "2001b"
    assert tzcompat.data_version() == "2001b"
    (pkg / "zoneinfo" / "tzdata.zi").write_bytes(b"# version 2002c (upgraded in place)\n")
    assert tzcompat.ZoneInfo.no_cache("UTC").data_version == "2002c (upgraded in place)"
    assert tzcompat.data_version() == "2002c (upgraded in place)"
    (pkg / "zoneinfo" / "tzdata.zi").unlink()
    assert tzcompat.data_version() == "2000a"
