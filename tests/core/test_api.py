"""The tzinfo surface: str/repr, utcoffset(None), fromutc checks and messages, naive and
aware inputs, datetime subclasses, microseconds, comparison semantics, module surface."""

from __future__ import annotations

import importlib
import io
import zoneinfo
from datetime import date, datetime, time, timedelta, timezone, tzinfo
from zoneinfo import _zoneinfo as py_zoneinfo

import pytest

import tzcompat

from ._helpers import UTC, run_python, zone_bytes


def test_is_a_tzinfo():
    assert issubclass(tzcompat.ZoneInfo, tzinfo)
    assert isinstance(tzcompat.ZoneInfo("UTC"), tzinfo)


@pytest.mark.parametrize("key", ["America/New_York", "UTC", "Etc/GMT-14", "Europe/Dublin"])
def test_str_and_repr_like_stdlib(key):
    z = tzcompat.ZoneInfo(key)
    assert str(z) == str(zoneinfo.ZoneInfo(key)) == key
    r = repr(z)
    assert "ZoneInfo" in r
    assert repr(key) in r


def test_repr_from_file():
    data = zone_bytes("tzdata", "UTC")
    z = tzcompat.ZoneInfo.from_file(io.BytesIO(data))
    assert "ZoneInfo" in repr(z)
    assert str(z) == repr(z)  # no key: str falls back to repr, as in the stdlib
    zk = tzcompat.ZoneInfo.from_file(io.BytesIO(data), key="My/Key")
    assert str(zk) == "My/Key"
    assert "ZoneInfo" in repr(zk)


def test_equality_is_identity_and_hashable():
    a = tzcompat.ZoneInfo("Europe/Paris")
    b = tzcompat.ZoneInfo.no_cache("Europe/Paris")
    assert a == a and a != b
    assert len({a, b, tzcompat.ZoneInfo("Europe/Paris")}) == 2


@pytest.mark.parametrize(
    "key", ["UTC", "Etc/GMT+5", "Etc/GMT-14", "Asia/Kolkata", "America/New_York", "Europe/London"]
)
def test_utcoffset_none_like_stdlib(key):
    ours, ref = tzcompat.ZoneInfo(key), zoneinfo.ZoneInfo(key)
    assert ours.utcoffset(None) == ref.utcoffset(None)
    assert ours.dst(None) == ref.dst(None)
    assert ours.tzname(None) == ref.tzname(None)
    t_ours, t_ref = time(12, tzinfo=ours), time(12, tzinfo=ref)
    assert t_ours.utcoffset() == t_ref.utcoffset()
    assert t_ours.tzname() == t_ref.tzname()
    assert t_ours.dst() == t_ref.dst()


def test_utcoffset_none_values():
    """The fixed-offset rule itself (values from the stdlib, not hard-coded)."""
    assert tzcompat.ZoneInfo("UTC").utcoffset(None) == timedelta(0)
    gmt5 = zoneinfo.ZoneInfo("Etc/GMT+5").utcoffset(datetime(2000, 1, 1))
    assert tzcompat.ZoneInfo("Etc/GMT+5").utcoffset(None) == gmt5
    assert tzcompat.ZoneInfo("America/New_York").utcoffset(None) is None
    assert time(12, tzinfo=tzcompat.ZoneInfo("America/New_York")).utcoffset() is None


def _messages(fn_name, *args):
    """The messages the two stdlib implementations give for the same misuse."""
    out = set()
    for cls in (zoneinfo.ZoneInfo, py_zoneinfo.ZoneInfo):
        z = cls.no_cache("America/New_York")
        real_args = [z if a == "SELF" else a for a in args]
        with pytest.raises((TypeError, ValueError)) as exc:
            getattr(z, fn_name)(*real_args)
        out.add((type(exc.value), str(exc.value)))
    return out


@pytest.mark.parametrize(
    "arg",
    [None, 0, "2020-01-01", date(2020, 1, 1), time(12), timedelta(1)],
    ids=["None", "int", "str", "date", "time", "timedelta"],
)
def test_fromutc_non_datetime_type_error(arg):
    z = tzcompat.ZoneInfo("America/New_York")
    with pytest.raises(TypeError) as exc:
        z.fromutc(arg)
    assert (TypeError, str(exc.value)) in _messages("fromutc", arg)


@pytest.mark.parametrize(
    "make",
    [
        lambda z: datetime(2020, 1, 1),
        lambda z: datetime(2020, 1, 1, tzinfo=UTC),
        lambda z: datetime(2020, 1, 1, tzinfo=tzcompat.ZoneInfo.no_cache("America/New_York")),
        lambda z: datetime(2020, 1, 1, tzinfo=zoneinfo.ZoneInfo("America/New_York")),
        lambda z: datetime(2020, 1, 1, tzinfo=timezone(timedelta(hours=-5))),
    ],
    ids=["naive", "utc", "other-nocache", "stdlib-zone", "fixed"],
)
def test_fromutc_wrong_tzinfo_value_error(make):
    z = tzcompat.ZoneInfo("America/New_York")
    with pytest.raises(ValueError) as exc:
        z.fromutc(make(z))
    expected = _messages("fromutc", datetime(2020, 1, 1))
    assert (ValueError, str(exc.value)) in expected


def test_fromutc_does_not_mutate_and_sets_fold():
    z = tzcompat.ZoneInfo("America/New_York")
    ref = zoneinfo.ZoneInfo("America/New_York")
    for hour in (4, 5, 6, 7):
        u = datetime(2020, 11, 1, hour, 30)
        before = (u.year, u.month, u.day, u.hour, u.minute, u.fold)
        got = z.fromutc(u.replace(tzinfo=z))
        exp = ref.fromutc(u.replace(tzinfo=ref))
        assert (got.replace(tzinfo=None), got.fold) == (exp.replace(tzinfo=None), exp.fold)
        assert (u.year, u.month, u.day, u.hour, u.minute, u.fold) == before


class MyDatetime(datetime):
    pass


def test_datetime_subclass_inputs():
    z = tzcompat.ZoneInfo("Europe/Dublin")
    ref = zoneinfo.ZoneInfo("Europe/Dublin")
    for m in range(1, 13):
        d = MyDatetime(2021, m, 15, 12)
        assert z.utcoffset(d) == ref.utcoffset(d)
        got = z.fromutc(d.replace(tzinfo=z))
        exp = ref.fromutc(d.replace(tzinfo=ref))
        assert type(got) is type(exp)
        assert got.replace(tzinfo=None) == exp.replace(tzinfo=None)
        assert got.fold == exp.fold
        u = MyDatetime(2021, m, 15, 12, tzinfo=UTC)
        assert type(u.astimezone(z)) is type(u.astimezone(ref))


def test_tzinfo_of_argument_is_ignored():
    """Wall fields and fold are used; dt.tzinfo is not consulted."""
    z = tzcompat.ZoneInfo("America/New_York")
    ref = zoneinfo.ZoneInfo("America/New_York")
    for tz in (None, UTC, zoneinfo.ZoneInfo("Asia/Tokyo"), timezone(timedelta(hours=3))):
        for fold in (0, 1):
            d = datetime(2020, 11, 1, 1, 30, fold=fold, tzinfo=tz)
            assert z.utcoffset(d) == ref.utcoffset(d.replace(tzinfo=None))
            assert z.tzname(d) == ref.tzname(d.replace(tzinfo=None))
            assert z.dst(d) == ref.dst(d.replace(tzinfo=None))


def test_microseconds_ignored_like_stdlib():
    z = tzcompat.ZoneInfo("America/New_York")
    ref = zoneinfo.ZoneInfo("America/New_York")
    for base in (datetime(2020, 3, 8, 2, 0), datetime(2020, 11, 1, 1, 0), datetime(2020, 11, 1, 2)):
        for delta_us in (-1, 0, 1, 999_999, -999_999, 1_000_001):
            for fold in (0, 1):
                d = (base + timedelta(microseconds=delta_us)).replace(fold=fold)
                assert z.utcoffset(d) == ref.utcoffset(d), d
                assert z.tzname(d) == ref.tzname(d), d
                a = d.replace(tzinfo=z).astimezone(UTC)
                b = d.replace(tzinfo=ref).astimezone(UTC)
                assert a == b, d


def test_comparison_semantics_like_stdlib():
    """Same tzinfo object: wall-time comparison; different objects: UTC, with the
    PEP 495 rule that an ambiguous fold=1 time never equals across zones."""
    z, zn = tzcompat.ZoneInfo("America/New_York"), tzcompat.ZoneInfo.no_cache("America/New_York")
    r, rn = zoneinfo.ZoneInfo("America/New_York"), zoneinfo.ZoneInfo.no_cache("America/New_York")
    for fold in (0, 1):
        a = datetime(2020, 11, 1, 1, 30, fold=fold)
        assert (a.replace(tzinfo=z) == a.replace(tzinfo=zn)) == (
            a.replace(tzinfo=r) == a.replace(tzinfo=rn)
        )
        assert (a.replace(tzinfo=z) == a.replace(tzinfo=z, fold=1 - fold)) == (
            a.replace(tzinfo=r) == a.replace(tzinfo=r, fold=1 - fold)
        )
    # Arithmetic is wall-clock within one zone.
    d = datetime(2020, 3, 7, 12, tzinfo=z) + timedelta(days=1)
    e = datetime(2020, 3, 7, 12, tzinfo=r) + timedelta(days=1)
    assert (d.utcoffset(), d.astimezone(UTC)) == (e.utcoffset(), e.astimezone(UTC))
    assert (d - datetime(2020, 3, 7, 12, tzinfo=zn)) == (e - datetime(2020, 3, 7, 12, tzinfo=rn))


def test_lmt_seconds_granularity_like_stdlib():
    for key in ("America/New_York", "Europe/Dublin", "Europe/Amsterdam", "Asia/Kolkata"):
        d = datetime(1800, 1, 1)
        assert tzcompat.ZoneInfo(key).utcoffset(d) == zoneinfo.ZoneInfo(key).utcoffset(d)
        assert tzcompat.ZoneInfo(key).utcoffset(d).microseconds == 0


def test_module_surface_like_stdlib():
    for name in zoneinfo.__all__:
        assert hasattr(tzcompat, name), name
        assert name in tzcompat.__all__, name
        assert name in dir(tzcompat), name
    assert len(dir(tzcompat)) == len(set(dir(tzcompat)))
    assert issubclass(tzcompat.InvalidTZPathWarning, RuntimeWarning)
    with pytest.raises(AttributeError):
        tzcompat.NoSuchThing  # noqa: B018
    for name in (
        "ZoneState",
        "Transition",
        "RawZoneInfo",
        "read_tzif",
        "parse_posix_tz",
        "find_data_file",
        "data_version",
        "TZifData",
    ):
        assert hasattr(tzcompat, name), name


def test_zone_tzif_and_state_records():
    z = tzcompat.ZoneInfo("America/New_York")
    assert isinstance(z.tzif, tzcompat.TZifData)
    st = z.initial_state
    assert isinstance(st, tzcompat.ZoneState)
    assert isinstance(st.utcoffset, timedelta) and isinstance(st.dst, timedelta)
    assert isinstance(st.tzname, str) and isinstance(st.is_dst, bool)
    t = z.next_transition(datetime(2020, 1, 1, tzinfo=UTC))
    assert isinstance(t, tzcompat.Transition)
    assert isinstance(t.timestamp, int)
    assert t.utc == datetime(1970, 1, 1, tzinfo=UTC) + timedelta(seconds=t.timestamp)


# Modules that cost measurable import time and that `import tzcompat` / `import tzcompat.pytz`
# must not load (see CONTRIBUTING: import tzcompat.pytz has to stay cheaper than import pytz).
_HEAVY = ["re", "typing", "threading", "functools", "collections", "sysconfig", "zoneinfo"]


@pytest.mark.parametrize("module", ["tzcompat", "tzcompat.pytz"])
def test_import_loads_no_heavy_module(module):
    code = (
        "import sys\n"
        "before = set(sys.modules)\n"
        f"import {module}\n"
        f"print(' '.join(sorted(m for m in {_HEAVY!r} if m in sys.modules and m not in before)))\n"
    )
    # Beside an installed real pytz, tzcompat.pytz imports it to derive from its classes (that
    # cost is measured in benchmarks/bench_pytz.py); the rule is about tzcompat's own modules.
    proc = run_python(code, env={"PYTHONTZPATH": None, "TZCOMPAT_PYTZ_BASES": "0"})
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.split() == []


def test_one_table_of_lazy_names():
    """The facade's names come from one table (``_EXPORTS``); its ``TYPE_CHECKING`` imports,
    what type checkers see, name the same names from the same modules."""
    import ast
    from pathlib import Path

    tree = ast.parse(Path(tzcompat.__file__).read_text("utf-8"))
    seen: dict[str, str] = {}
    for node in tree.body:
        if isinstance(node, ast.If) and getattr(node.test, "id", None) == "TYPE_CHECKING":
            for imp in node.body:
                assert isinstance(imp, ast.ImportFrom) and imp.level == 1, ast.dump(imp)
                for alias in imp.names:
                    assert alias.asname == alias.name  # an explicit re-export
                    seen[alias.name] = imp.module or ""
    assert seen == tzcompat._HOMES
    assert tzcompat.__all__ == sorted(seen)
    for name, home in seen.items():
        module = importlib.import_module(f"tzcompat.{home}")
        assert getattr(tzcompat, name) is getattr(module, name), name
