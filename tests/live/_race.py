"""Readers racing a writer: the harness the live-data thread tests share."""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable, Iterable


def race(read: Callable[[], Iterable[str]], write: Callable[[int], None], *,
         readers: int, writes: int) -> tuple[list[str], int]:
    """Run ``read`` in a loop in ``readers`` threads while ``write(i)`` runs for i in
    range(``writes``) in this thread, switching threads very often.

    ``read`` returns the problems it saw (an exception in it is one too). Returns the
    problems and how many reads completed; an exception in ``write`` propagates after
    the readers are stopped.
    """
    stop = threading.Event()
    problems: list[str] = []
    rounds = [0]

    def reader() -> None:
        try:
            while not stop.is_set():
                problems.extend(read())
                rounds[0] += 1
        except Exception as exc:  # any exception in a reader is a failure
            problems.append(repr(exc))

    old_interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-5)  # many interleavings per write
    threads = [threading.Thread(target=reader) for _ in range(readers)]
    try:
        for t in threads:
            t.start()
        for i in range(writes):
            write(i)
    finally:
        stop.set()
        for t in threads:
            t.join()
        sys.setswitchinterval(old_interval)
    return problems, rounds[0]
