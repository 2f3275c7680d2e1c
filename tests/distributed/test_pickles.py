"""Zones shipped by pickle to another process stay what they are (issue 28): every load
happens in a fresh interpreter, as in a worker that has imported nothing of tzcompat yet,
with the real pytz installed and with it hidden."""

from __future__ import annotations

import pickle

from ._proc import fresh

CASES = """
from datetime import datetime
import tzcompat.pytz as tp
ny = tp.timezone('America/New_York')
walls = [datetime(1850, 6, 1, 12), datetime(2020, 3, 8, 2, 30), datetime(2020, 11, 1, 1, 30),
         datetime(2024, 7, 4, 12), datetime(2040, 1, 15)]
objs = [ny, tp.utc, tp.FixedOffset(-330), tp.timezone('Etc/GMT+5'),
        tp.timezone('Europe/Dublin')] + [ny.localize(w) for w in walls]
"""

DUMP = CASES + """
import pickle, sys
sys.stdout.buffer.write(pickle.dumps([pickle.dumps(o, p) for o in objs for p in (0, 2, 5)]))
"""

# Loads each pickle first, before anything imports tzcompat.pytz, then compares with the same
# objects made in this process.
LOAD = """
import pickle, sys
blobs = pickle.loads(sys.stdin.buffer.read())
loaded = [pickle.loads(b) for b in blobs]
modules = sorted({type(getattr(o, 'tzinfo', o)).__module__ for o in loaded})
""" + CASES + """
want = [o for o in objs for p in (0, 2, 5)]
def same(a, b):
    if isinstance(b, datetime):
        return (a == b and a.utcoffset() == b.utcoffset() and a.tzname() == b.tzname()
                and a.tzinfo is b.tzinfo)
    return a is b
print(modules)
print(all(same(a, b) for a, b in zip(loaded, want)), len(loaded))
print('pytz' in sys.modules and type(sys.modules['pytz']).__name__, sys.modules.get('pytz'))
"""


def test_with_real_pytz_installed_zones_stay_tzcompat():
    blobs = fresh(DUMP)
    out = fresh(LOAD, stdin=blobs).decode().splitlines()
    # Not one object became a real pytz zone (the modules are tzcompat's).
    assert all(m.startswith("tzcompat.") for m in eval(out[0])), out[0]
    assert out[1] == "True 30", out


def test_without_pytz_the_stand_ins_pickles_load_in_a_fresh_process():
    blobs = fresh(DUMP, hide_pytz=True)
    assert b"pytz\n_p" not in b"".join(pickle.loads(blobs))
    out = fresh(LOAD, stdin=blobs, hide_pytz=True).decode().splitlines()
    assert all(m.startswith("tzcompat.") for m in eval(out[0])), out[0]
    assert out[1] == "True 30", out


def test_pytz_format_loads_in_the_real_pytz():
    # set_pickle_format("pytz") / TZCOMPAT_PICKLE_AS_PYTZ=1: pytz's bytes, which the real
    # pytz loads where tzcompat is not imported (the reader imports only pytz).
    blobs = fresh(DUMP, env={"TZCOMPAT_PICKLE_AS_PYTZ": "1"})
    reader = """
    import pickle, sys
    import pytz
    got = [pickle.loads(b) for b in pickle.loads(sys.stdin.buffer.read())]
    print(sorted({type(getattr(o, 'tzinfo', o)).__module__.split('.')[0] for o in got}))
    print('tzcompat' in sys.modules)
    """
    out = fresh(reader, stdin=blobs).decode().splitlines()
    assert out == ["['pytz']", "False"]


def test_old_pytz_pickles_keep_loading():
    # pytz's own pickles (``pytz._p``) written by the real pytz: with the real pytz they load
    # as its zones (as always); with tzcompat standing in for pytz, as tzcompat's.
    blob = fresh("""
    import pickle, sys, pytz
    from datetime import datetime
    ny = pytz.timezone('America/New_York')
    sys.stdout.buffer.write(pickle.dumps([ny, ny.localize(datetime(2020, 7, 1)), pytz.utc]))
    """)
    reader = """
    import pickle, sys
    import tzcompat.pytz
    got = pickle.loads(sys.stdin.buffer.read())
    print([type(getattr(o, 'tzinfo', o)).__module__.split('.')[0] for o in got])
    print(got[1].isoformat())
    """
    assert fresh(reader, stdin=blob).decode().splitlines() == [
        "['pytz', 'pytz', 'pytz']", "2020-07-01T00:00:00-04:00"]
    out = fresh(reader, stdin=blob, hide_pytz=True).decode().splitlines()
    assert out == ["['tzcompat', 'tzcompat', 'tzcompat']", "2020-07-01T00:00:00-04:00"]


def test_olson_version_with_and_without_the_data_dir(tmp_path):
    # The last CI's UnboundLocalError: both branches of _data_version() in fresh processes.
    root = tmp_path / "zi"
    root.mkdir()
    (root / "tzdata.zi").write_text("# version 2031z\nZ Test/X 0 - UTC\n")
    code = "import tzcompat, tzcompat.pytz as p; print(p.OLSON_VERSION, tzcompat.data_version())"
    with_dir = fresh(code, env={"PYTZ_TZDATADIR": str(root)}).decode().split()
    without = fresh(code).decode().split()
    assert with_dir[0] == "2031z"
    assert without[0] == without[1] or (without[0] == "unknown" and without[1] == "None")
