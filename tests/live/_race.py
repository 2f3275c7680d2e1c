"""Readers racing a writer: the harness the live-data thread tests share."""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Callable, Iterable

# A guard against a hang only: a write waits this long at most for the readers to get on.
_STALL = 120.0


def race(read: Callable[[], Iterable[str]], write: Callable[[int], None], *,
         readers: int, writes: int) -> tuple[list[str], int]:
    """Run ``read`` in a loop in ``readers`` threads while ``write(i)`` runs for i in
    range(``writes``) in this thread, switching threads as often as CPython allows.

    After each write the writer waits until a read that began after it has completed (so
    every write is seen by the readers however loaded the machine is: the test does not
    depend on timing). ``read`` returns the problems it saw (an exception in it is one too).
    Returns the problems and how many reads completed (at least ``writes``); an exception
    in ``write`` propagates after the readers are stopped.
    """
    stop = threading.Event()
    problems: list[str] = []
    done = [0] * readers  # reads completed, one counter per reader (no shared increment)

    def reader(k: int) -> None:
        try:
            while not stop.is_set():
                problems.extend(read())
                done[k] += 1
        except Exception as exc:  # any exception in a reader is a failure
            problems.append(repr(exc))
            stop.set()

    old_interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # many interleavings per write
    threads = [threading.Thread(target=reader, args=(k,)) for k in range(readers)]
    try:
        for t in threads:
            t.start()
        for i in range(writes):
            write(i)
            # Each reader finishes at most one read begun before the write: the
            # (readers + 1)-th completion after it began after it.
            target = sum(done) + readers + 1
            deadline = time.monotonic() + _STALL
            while sum(done) < target and not stop.is_set():
                if time.monotonic() > deadline:
                    raise AssertionError(f"the readers made no progress after write {i}")
                time.sleep(0.0005)
    finally:
        stop.set()
        for t in threads:
            t.join()
        sys.setswitchinterval(old_interval)
    return problems, sum(done)
