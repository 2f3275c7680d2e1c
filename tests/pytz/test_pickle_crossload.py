"""Pickles cross between real pytz and tzcompat.pytz installed as ``pytz``.

Each direction runs in a subprocess: one process has the real pytz, the other registers
tzcompat.pytz (and its submodules) as ``pytz``, as the drop-in distribution does, and reads
pytz's bundled data (``PYTZ_TZDATADIR``) so both sides know the same periods.
"""

from __future__ import annotations

import os
import pickle
import subprocess
import sys
import textwrap

from .conftest import PYTZ_ZONEINFO

CASES = textwrap.dedent(
    """
    from datetime import datetime
    import pytz
    def cases():
        ny = pytz.timezone('America/New_York')
        out = [pytz.utc, pytz.FixedOffset(-330), pytz.timezone('GMT'), ny,
               pytz.timezone('Etc/GMT+5'), pytz.timezone('Europe/Dublin')]
        for zone, dt, is_dst in [('America/New_York', datetime(2020, 11, 1, 1, 30), True),
                                 ('America/New_York', datetime(2020, 11, 1, 1, 30), False),
                                 ('Europe/Dublin', datetime(2021, 1, 15), False),
                                 ('Australia/Lord_Howe', datetime(2021, 1, 15), False),
                                 ('Asia/Kolkata', datetime(1945, 10, 14, 23, 30), True)]:
            loc = pytz.timezone(zone).localize(dt, is_dst=is_dst)
            out += [loc, loc.tzinfo]
        out.append(datetime(2005, 3, 1, 14, 13, 21, tzinfo=pytz.utc))
        return out
    """
)

USE_TZCOMPAT = textwrap.dedent(
    """
    import importlib, sys
    mod = importlib.import_module('tzcompat.pytz')
    sys.modules['pytz'] = mod
    for sub in ('exceptions', 'tzinfo', 'tzfile', 'lazy'):
        sys.modules['pytz.' + sub] = importlib.import_module('tzcompat.pytz.' + sub)
    """
)


def run(code: str, tzcompat_as_pytz: bool, data: bytes = b"") -> bytes:
    prefix = USE_TZCOMPAT if tzcompat_as_pytz else ""
    # pytz's pickle format: these check byte-for-byte compatibility with the real pytz
    # (the default format names tzcompat; tests/distributed/test_pickles.py covers it).
    env = dict(os.environ, PYTZ_TZDATADIR=PYTZ_ZONEINFO, TZCOMPAT_PICKLE_AS_PYTZ="1")
    out = subprocess.run(
        [sys.executable, "-c", prefix + CASES + textwrap.dedent(code)],
        input=data,
        capture_output=True,
        env=env,
        check=False,
    )
    assert out.returncode == 0, out.stderr.decode()
    return out.stdout


DUMP = """
import pickle, sys
sys.stdout.buffer.write(pickle.dumps([[pickle.dumps(c, p) for p in range(6)] for c in cases()]))
"""

LOAD = """
import pickle, sys
blobs = pickle.loads(sys.stdin.buffer.read())
mine = cases()
report = []
for expected, protos in zip(mine, blobs):
    for blob in protos:
        got = pickle.loads(blob)
        same = got is expected if not hasattr(got, 'year') else (
            got == expected and got.tzinfo is expected.tzinfo)
        report.append((repr(got), same))
sys.stdout.buffer.write(pickle.dumps((report, [[pickle.dumps(c, p) for p in range(6)]
                                                for c in mine])))
"""


def check(writer_is_tzcompat: bool) -> None:
    blobs = run(DUMP, writer_is_tzcompat)
    report, reader_blobs = pickle.loads(run(LOAD, not writer_is_tzcompat, blobs))
    assert report and all(same for _, same in report), [r for r in report if not r[1]]
    # Not just loadable: byte for byte the same pickles on both sides.
    assert pickle.loads(blobs) == reader_blobs


def test_real_pytz_pickles_load_in_tzcompat():
    check(writer_is_tzcompat=False)


def test_tzcompat_pickles_load_in_real_pytz():
    check(writer_is_tzcompat=True)


def test_old_and_repaired_pickles():
    """pytz's 2006-era pickles and pickles of corrected data resolve as in pytz."""
    code = """
    import pickle, sys
    old = [b"cpytz\\n_p\\np1\\n(S'US/Eastern'\\np2\\nI-18000\\nI0\\nS'EST'\\np3\\ntRp4\\n.",
           b"cpytz\\n_p\\n(S'EST'\\ntR.",
           b"cpytz\\n_p\\np1\\n(S'America/Port_minus_au_minus_Prince'\\np2\\nI-17340\\nI0\\nS'PPMT'\\np3\\ntRp4\\n."]
    print([repr(pickle.loads(b)) for b in old])
    """
    assert run(code, True) == run(code, False)
