"""Fingerprints, data_report() and skew detection (issue 28), across fresh processes
that each read their own zoneinfo directory (PYTHONTZPATH)."""

from __future__ import annotations

import json
import os
import pickle
import subprocess
import sys
import warnings

import pytest

import tzcompat
from tzcompat._engine import build_rules
from tzcompat._fingerprint import rules_fingerprint
from tzcompat._tzif import read_tzif

from ..core.tzif_builder import TTInfo, build_tzif
from ..live._data import _TYPES, LMT_END, YEARS, dst_end, dst_start, zone_new, zone_old
from ._proc import fresh
from ._roots import KEY, three_roots

REPORT = "import json, tzcompat; print(json.dumps(tzcompat.data_report()))"


def fp(data: bytes) -> str:
    return rules_fingerprint(build_rules(read_tzif(data)))


def test_fingerprint_follows_the_answers_not_the_bytes():
    # A slim file (rule only after 2007) and a fat one (explicit to 2037) of the same
    # zone give the same answers, so the same fingerprint; other rules, another one.
    trans = [(LMT_END, 1)] + [(t, i) for y in YEARS if y < 2020
                              for t, i in ((dst_start(y), 2), (dst_end(y), 1))]
    slim = build_tzif(trans, _TYPES, "EST5EDT,M3.2.0,M11.1.0", 3)
    assert fp(slim) == fp(zone_old())
    assert fp(zone_new()) != fp(zone_old())
    # A change before the first transition (the LMT offset) shows too.
    lmt = build_tzif([(LMT_END, 1)], [TTInfo(-17760, False, "LMT"), *_TYPES[1:]], "EST5", 3)
    lmt2 = build_tzif([(LMT_END, 1)], [TTInfo(-17762, False, "LMT"), *_TYPES[1:]], "EST5", 3)
    assert fp(lmt) != fp(lmt2)
    assert len(fp(zone_old())) == 16 and int(fp(zone_old()), 16) >= 0


def test_workers_on_different_data_are_told_apart(tmp_path):
    roots = three_roots(str(tmp_path))
    reports = {name: json.loads(fresh(REPORT, env={"PYTHONTZPATH": root}))
               for name, root in roots.items()}
    # The version label cannot tell a from b; the fingerprints can.
    assert {r["data_version"] for r in reports.values()} == {"2030a"}
    assert reports["a"]["fingerprint"] == reports["c"]["fingerprint"]
    assert reports["a"]["fingerprint"] != reports["b"]["fingerprint"]
    used = [s for s in reports["a"]["sources"] if s["in_use"]]
    assert [s["path"] for s in used] == [roots["a"]] and used[0]["zones"] == 4
    # The same fingerprint in every process for the same data (stable across runs).
    again = json.loads(fresh(REPORT, env={"PYTHONTZPATH": roots["a"]}))
    assert again["fingerprint"] == reports["a"]["fingerprint"]


def test_a_zone_pickled_on_other_data_warns(tmp_path):
    roots = three_roots(str(tmp_path))
    blob = fresh(f"""
    import pickle, sys, tzcompat
    from datetime import datetime
    z = tzcompat.ZoneInfo({KEY!r})
    sys.stdout.buffer.write(pickle.dumps(datetime(2027, 1, 15, 12, tzinfo=z)))
    """, env={"PYTHONTZPATH": roots["a"]})
    load = """
    import pickle, sys, warnings
    import tzcompat
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        dt = pickle.loads(sys.stdin.buffer.read())
    print(dt.utcoffset(), [w.category.__name__ for w in seen])
    """
    same = fresh(load, stdin=blob, env={"PYTHONTZPATH": roots["c"]}).decode().split()
    skew = fresh(load, stdin=blob, env={"PYTHONTZPATH": roots["b"]}).decode().split()
    assert same == ["-1", "day,", "19:00:00", "[]"]
    assert skew == ["-1", "day,", "20:00:00", "['DataSkewWarning']"]
    # Users can make it an error.
    error = """
    import pickle, sys, warnings
    import tzcompat
    warnings.simplefilter("error", tzcompat.DataSkewWarning)
    try:
        pickle.loads(sys.stdin.buffer.read())
    except tzcompat.DataSkewWarning as exc:
        print("refused:", exc)
    """
    out = fresh(error, stdin=blob, env={"PYTHONTZPATH": roots["b"]}).decode()
    assert out.startswith("refused:") and KEY in out


def test_pytz_zone_pickled_on_other_data_warns(tmp_path):
    roots = three_roots(str(tmp_path))
    blob = fresh(f"""
    import pickle, sys
    from datetime import datetime
    import tzcompat.pytz as tp
    tz = tp.timezone({KEY!r})
    sys.stdout.buffer.write(pickle.dumps(tz.localize(datetime(2027, 1, 15, 12))))
    """, env={"PYTHONTZPATH": roots["a"]})
    load = """
    import pickle, sys, warnings
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        dt = pickle.loads(sys.stdin.buffer.read())
    print(type(dt.tzinfo).__module__, [w.category.__name__ for w in seen])
    """
    assert fresh(load, stdin=blob, env={"PYTHONTZPATH": roots["c"]}).decode().split() == [
        "tzcompat.pytz.tzfile", "[]"]
    assert fresh(load, stdin=blob, env={"PYTHONTZPATH": roots["b"]}).decode().split() == [
        "tzcompat.pytz.tzfile", "['DataSkewWarning']"]


class _OldPickle:
    """Reduces as zones did before fingerprints: ``_unpickle(key, from_cache)``."""

    def __init__(self, zone):
        self.zone = zone

    def __reduce__(self):
        return (type(self.zone)._unpickle, (self.zone.key, True))


def test_old_core_pickles_load_without_a_check():
    zone = tzcompat.ZoneInfo("America/New_York")
    old = pickle.dumps(_OldPickle(zone))
    assert zone.data_fingerprint.encode() not in old
    assert zone.data_fingerprint.encode() in pickle.dumps(zone)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert pickle.loads(old) is zone
        assert pickle.loads(pickle.dumps(zone)) is zone


def test_data_report_and_the_cli(tmp_path):
    roots = three_roots(str(tmp_path))
    env = {k: v for k, v in os.environ.items() if not k.startswith("TZCOMPAT_")}
    cli = [sys.executable, "-m", "tzcompat", "data", "--json"]
    out = subprocess.run(cli, capture_output=True, text=True, check=False,
                         env={**env, "PYTHONTZPATH": roots["b"]})
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout)
    direct = json.loads(fresh(REPORT, env={"PYTHONTZPATH": roots["b"]}))
    assert report["fingerprint"] == direct["fingerprint"]
    assert {k: report[k] for k in direct if k != "sources"} == {
        k: v for k, v in direct.items() if k != "sources"}
    # No data at all (an empty search path and no tzdata package): exit status 1.
    hide = ("import sys; sys.modules['tzdata'] = None; sys.argv = ['tzcompat', 'data', "
            "'--json']; from tzcompat.__main__ import main; sys.exit(main())")
    none = subprocess.run([sys.executable, "-c", hide], capture_output=True, text=True,
                          check=False, env={**env, "PYTHONTZPATH": str(tmp_path / "none")})
    assert none.returncode == 1, none.stdout + none.stderr
    assert json.loads(none.stdout)["fingerprint"] is None


def test_data_report_lists_the_zones_in_use():
    import tzcompat.dateutil as td
    import tzcompat.pytz as tp

    zone = tzcompat.ZoneInfo("Europe/Paris")
    pz = tp.timezone("Asia/Tokyo")
    du = td.gettz("America/Sao_Paulo")
    report = tzcompat.data_report()
    json.dumps(report)
    entry = report["zones"]["Europe/Paris"]
    assert entry["fingerprint"] == zone.data_fingerprint
    assert entry["version"] == zone.data_version
    assert report["adapters"]["tzcompat.pytz"]["Asia/Tokyo"] == pz.data_fingerprint
    assert report["adapters"]["tzcompat.dateutil"]["America/Sao_Paulo"] == du.data_fingerprint


def test_ignore_filter_silences(tmp_path):
    roots = three_roots(str(tmp_path))
    blob = fresh(f"""
    import pickle, sys, tzcompat
    sys.stdout.buffer.write(pickle.dumps(tzcompat.ZoneInfo({KEY!r})))
    """, env={"PYTHONTZPATH": roots["a"]})
    quiet = """
    import pickle, sys, warnings, tzcompat
    warnings.simplefilter("error")
    warnings.simplefilter("ignore", tzcompat.DataSkewWarning)
    print(pickle.loads(sys.stdin.buffer.read()).key)
    """
    assert fresh(quiet, stdin=blob, env={"PYTHONTZPATH": roots["b"]}).decode().strip() == KEY


def test_the_three_layers_fingerprint_alike():
    import tzcompat.dateutil as td
    import tzcompat.pytz as tp

    keys = sorted(k for k in tzcompat.available_timezones() if "/" in k)[::12]
    for key in keys:
        core = tzcompat.ZoneInfo(key).data_fingerprint
        du = td.gettz(key)
        before = pickle.dumps(du)
        assert du.data_fingerprint == core, key
        assert pickle.dumps(du) == before  # the memo does not travel
        pz = tp.timezone(key)
        assert pz.data_fingerprint == core, key


def test_the_error_policy_raises_on_first_use_not_on_loading(tmp_path):
    """Issue 36: TZCOMPAT_SKEW_POLICY=error (or set_skew_policy("error")): loading a zone
    whose rules differ never raises (a Dask worker unpickles tasks inside its scheduler
    connection); the zone's first answer raises DataSkewError. It pickles on as the
    sender's zone did, and the same holds for tzcompat.pytz zones."""
    roots = three_roots(str(tmp_path))
    blob = fresh(f"""
    import pickle, sys, tzcompat
    import tzcompat.pytz as tp
    from datetime import datetime
    z = tzcompat.ZoneInfo({KEY!r})
    p = tp.timezone({KEY!r})
    sys.stdout.buffer.write(pickle.dumps([datetime(2027, 1, 15, 12, tzinfo=z),
                                          p.localize(datetime(2027, 1, 15, 12)), p]))
    """, env={"PYTHONTZPATH": roots["a"]})
    load = """
    import pickle, sys, warnings
    import tzcompat
    warnings.simplefilter("error")  # nothing may warn either
    blob = sys.stdin.buffer.read()
    dt, localized, zone = pickle.loads(blob)
    print(tzcompat.skew_policy(), type(dt.tzinfo).__name__)
    for use in (dt.utcoffset, lambda: dt.astimezone(tzcompat.ZoneInfo("UTC")),
                lambda: zone.localize(dt.replace(tzinfo=None)), localized.utcoffset):
        try:
            use()
            print("answered")
        except tzcompat.DataSkewError as exc:
            print("refused", "Test/Zone" in str(exc))
    print(pickle.dumps([dt, localized, zone]) == blob)
    print([e["policy"] for e in tzcompat.data_report()["skew"]])
    """
    out = fresh(load, stdin=blob, env={"PYTHONTZPATH": roots["b"],
                                       "TZCOMPAT_SKEW_POLICY": "error"}).decode().split("\n")
    assert out[:7] == ["error SkewedZone", "refused True", "refused True", "refused True",
                       "refused True", "True", "['error', 'error', 'error']"], out
    # The same data (c): nothing is refused, nothing recorded.
    same = fresh(load, stdin=blob, env={"PYTHONTZPATH": roots["c"],
                                        "TZCOMPAT_SKEW_POLICY": "error"}).decode().split("\n")
    assert same[0] == "error ZoneInfo" and same[1:5] == ["answered"] * 4 and same[6] == "[]"


def test_skew_policy_values():
    old = tzcompat.set_skew_policy("ignore")
    try:
        assert tzcompat.skew_policy() == "ignore"
        with pytest.raises(ValueError, match="skew policy must be one of 'warn', 'error'"):
            tzcompat.set_skew_policy("raise")
    finally:
        assert tzcompat.set_skew_policy(old) == "ignore"
    out = fresh("import tzcompat, warnings; warnings.simplefilter('always');"
                "print(tzcompat.skew_policy())", env={"TZCOMPAT_SKEW_POLICY": "Error "})
    assert out.decode().strip() == "error"


def test_plain_data_output_shows_the_fingerprint(tmp_path):
    """Issue 36: two sources with one version label and other rules look alike in the
    plain `tzcompat data` unless it shows the fingerprint (data_report()'s)."""
    roots = three_roots(str(tmp_path))
    env = {k: v for k, v in os.environ.items() if not k.startswith("TZCOMPAT_")}
    lines = {}
    for name in ("a", "b"):
        out = subprocess.run([sys.executable, "-m", "tzcompat", "data"], capture_output=True,
                             text=True, check=False, env={**env, "PYTHONTZPATH": roots[name]})
        assert out.returncode == 0, out.stderr
        assert out.stdout.splitlines()[0].split() == [
            "source", "version", "modified", "fingerprint", "path"]
        (line,) = [ln for ln in out.stdout.splitlines() if ln.startswith("* tzpath")]
        report = json.loads(fresh(REPORT, env={"PYTHONTZPATH": roots[name]}))
        assert report["fingerprint"] in line.split() and "2030a" in line.split()
        lines[name] = line
    assert lines["a"].split()[-2] != lines["b"].split()[-2]
