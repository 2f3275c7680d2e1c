"""watch(): polls stat signatures, applies a change once two polls in a row saw the same
files (an upgrade writes them one by one), calls on_change, stops on stop()."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from datetime import datetime, timedelta

import pytest

import tzcompat

from ._data import zi_text, zone_new

KEY = "Test/Zone"
WALL = datetime(2027, 1, 15, 12)


def offset(zone) -> timedelta:
    return WALL.replace(tzinfo=zone).utcoffset()


def test_non_atomic_upgrade_is_applied_once_settled(live):
    zone = tzcompat.ZoneInfo(KEY)
    seen = []
    watcher = tzcompat.Watcher(interval=3600, on_change=seen.append)  # polled by hand
    assert watcher.poll() is None
    path = live.path(KEY)
    new = zone_new()
    # What pip does: the old file moved away, then the new one written piece by piece.
    os.rename(path, path + ".old")
    assert watcher.poll() is None
    with open(path, "wb") as f:
        f.write(new[:120])
    assert watcher.poll() is None
    assert offset(zone) == timedelta(hours=-5)  # nothing applied mid-upgrade
    with open(path, "ab") as f:
        f.write(new[120:])
    assert watcher.poll() is None
    with open(os.path.join(live.root, "tzdata.zi"), "w") as f:
        f.write(zi_text("2030b", [KEY, "Test/Fixed", "Test/Other"]))
    os.remove(path + ".old")
    assert watcher.poll() is None  # changed since the last poll: not settled yet
    assert seen == [] and offset(zone) == timedelta(hours=-5)
    report = watcher.poll()  # same files as last time: apply
    assert report is not None and list(report.changed) == [KEY]
    assert seen == [report] and watcher.last_report is report
    assert offset(zone) == timedelta(hours=-4) and zone.data_version == "2030b"
    assert watcher.poll() is None and len(seen) == 1


def test_settled_bad_file_is_retried_until_fixed(live):
    zone = tzcompat.ZoneInfo(KEY)
    seen = []
    watcher = tzcompat.Watcher(interval=3600, on_change=seen.append)
    with open(live.path(KEY), "wb") as f:
        f.write(zone_new()[:100])  # an install that stopped half-way, and stays so
    assert watcher.poll() is None
    report = watcher.poll()
    assert report is not None and list(report.failed) == [KEY] and len(seen) == 1
    assert offset(zone) == timedelta(hours=-5)
    again = watcher.poll()  # retried on each poll, reported again only on news
    assert again is not None and list(again.failed) == [KEY] and len(seen) == 1
    live.install("2030b")
    assert watcher.poll() is None
    fixed = watcher.poll()
    assert fixed is not None and list(fixed.changed) == [KEY] and not fixed.failed
    assert len(seen) == 2 and offset(zone) == timedelta(hours=-4)
    assert watcher.poll() is None


def test_thread_applies_and_stops(live):
    zone = tzcompat.ZoneInfo(KEY)
    done = threading.Event()
    reports = []

    def on_change(report):
        reports.append(report)
        done.set()

    watcher = tzcompat.watch(interval=0.02, on_change=on_change)
    try:
        assert watcher.running
        live.install("2030b")
        assert done.wait(10), "no change applied within 10 s"
    finally:
        watcher.stop(timeout=10)
    assert not watcher.running
    assert KEY in reports[0].changed
    assert offset(zone) == timedelta(hours=-4)


def test_a_failing_callback_does_not_end_the_thread(live):
    calls = []
    done = threading.Event()

    def on_change(report):
        calls.append(report)
        if len(calls) == 1:
            raise RuntimeError("boom")
        done.set()

    tzcompat.ZoneInfo(KEY)
    with pytest.warns(RuntimeWarning, match="boom"):  # noqa: PT031 - the thread warns
        with tzcompat.watch(interval=0.02, on_change=on_change) as watcher:
            live.install("2030b")
            for _ in range(500):
                if watcher.last_error is not None:
                    break
                threading.Event().wait(0.02)
            live.install("2030a")
            assert done.wait(10)
    assert isinstance(watcher.last_error, RuntimeError) and len(calls) == 2


@pytest.mark.parametrize(("args", "error"), [
    ({"interval": 0}, ValueError), ({"interval": -1}, ValueError),
    ({"interval": float("inf")}, ValueError), ({"interval": float("nan")}, ValueError),
    ({"interval": "5"}, TypeError), ({"on_change": 3}, TypeError),
])
def test_bad_arguments(args, error):
    with pytest.raises(error):
        tzcompat.watch(**args)


def test_threading_is_imported_by_watch_only():
    code = (
        "import sys\n"
        "early = 'threading' in sys.modules  # some sites preload it\n"
        "import tzcompat\n"
        "tzcompat.refresh; tzcompat.watch; tzcompat.RefreshReport\n"
        "assert early or 'threading' not in sys.modules, 'threading imported early'\n"
        "w = tzcompat.watch(interval=60)\n"
        "assert 'threading' in sys.modules\n"
        "w.stop()\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "PYTHONTZPATH"}
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            env=env, timeout=60)
    assert result.returncode == 0, result.stderr


def test_a_poll_reads_no_file(live, monkeypatch):
    import builtins
    import io

    watcher = tzcompat.Watcher(interval=3600)
    live.install("2030b")

    def refuse(*args, **kwargs):
        raise AssertionError(f"a poll opened {args[:1]}")

    monkeypatch.setattr(builtins, "open", refuse)
    monkeypatch.setattr(io, "open", refuse)
    monkeypatch.setattr(os, "open", refuse)
    assert watcher.poll() is None  # nothing applied yet...
    assert watcher._seen != watcher._applied  # ...but the change was seen, by stat alone
