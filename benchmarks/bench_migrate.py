"""``tzcompat migrate --check`` at monorepo scale, beside ruff and a plain read of every file.

    python benchmarks/run.py migrate          # this section
    python benchmarks/bench_migrate.py [--no-reference] [--synthetic-only]

Trees: Django 3.2.25's ``django/`` (858 files; fetched with the corpus's sha256-checked
fetch, unpacked under a temp dir) and a generated tree of 20,000 files (a few pytz modules,
the rest ordinary code). Each run is a fresh process; peak memory is the largest resident
set of the process and its workers. "cold" has no cache, "warm" is a second run on the
unchanged tree with the cache of the first. The reference run (``--no-prefilter``: every
file through LibCST, as before the first pass existed) checks that the report is the same.
"""

from __future__ import annotations

import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
CORPUS = ROOT / "tests" / "migrate" / "corpus"

# runs the CLI in this process and reports its peak memory (self and workers) on stderr
_WRAPPER = """\
import resource, sys
from tzcompat.migrate._cli import run
status = run(sys.argv[1:])
me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
peak = max(me.ru_maxrss, kids.ru_maxrss)
cpu = me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime
sys.stderr.write(f"\\nPEAK_KB {peak} {cpu}\\n")
sys.exit(status)
"""


def _migrate(tree: Path, *args: str) -> tuple[float, float, float, int, str]:
    """(seconds, peak MB, CPU seconds, status, report lines) of one ``migrate --check`` run
    on ``tree`` (CPU: the process and its workers, user + system; the interpreter's start
    is in it, as in the wall time)."""
    argv = [sys.executable, "-c", _WRAPPER, "--check", "--no-progress", *args, tree.name]
    started = time.perf_counter()
    done = subprocess.run(argv, cwd=tree.parent, capture_output=True, text=True, check=False)
    seconds = time.perf_counter() - started
    lines = done.stderr.splitlines()
    peak, cpu = next(ln.split()[1:] for ln in lines if ln.startswith("PEAK_KB"))
    # the report without the rate at the end of the summary line
    report = "\n".join(ln.rsplit(" (", 1)[0] for ln in lines if not ln.startswith("PEAK_KB"))
    return seconds, int(peak) / 1024, float(cpu), done.returncode, report


def _ruff(tree: Path) -> float | None:
    ruff = shutil.which("ruff") or str(Path(sys.executable).parent / "ruff")
    if not Path(ruff).exists():
        return None
    argv = [ruff, "check", "--no-cache", "--select", "UP", "--exit-zero", "-q", tree.name]
    started = time.perf_counter()
    subprocess.run(argv, cwd=tree.parent, capture_output=True, check=False)
    return time.perf_counter() - started


def _read_all(tree: Path) -> float:
    started = time.perf_counter()
    for path in tree.rglob("*.py"):
        _ = b"pytz" in path.read_bytes()
    return time.perf_counter() - started


def django_tree(workdir: Path) -> Path | None:
    """Django's ``django/`` copied under ``workdir`` (from the corpus cache, fetched once)."""
    sys.path.insert(0, str(CORPUS))
    try:
        import _corpus  # type: ignore[import-not-found]
    finally:
        sys.path.remove(str(CORPUS))
    project = next(p for p in _corpus.read_manifest() if p.name == "Django")
    try:
        source = _corpus.fetch(project) / "django"
    except (OSError, RuntimeError, subprocess.SubprocessError) as exc:
        print(f"Django not available ({exc}); skipped")
        return None
    target = workdir / "django-3.2.25" / "django"
    shutil.copytree(source, target)
    return target


_PYTZ_MODULE = """\
import pytz
from datetime import datetime, timedelta

TZ = pytz.timezone("Europe/Paris")


def local_now():
    return datetime.now(pytz.utc).astimezone(TZ)


def start_of_day(day):
    return TZ.localize(datetime(day.year, day.month, day.day))


def shifted(dt, hours):
    return TZ.normalize(dt + timedelta(hours=hours))
"""

_USER_MODULE = "from mono.pkg000.m000 import TZ\n\n\ndef stamp(d):\n    return TZ.localize(d)\n"

_ORDINARY = [
    '''\
"""Records of the {name} service."""

from dataclasses import dataclass, field


@dataclass
class {cls}:
    ident: int
    title: str = ""
    tags: list[str] = field(default_factory=list)

    def label(self) -> str:
        return f"{{self.ident}}: {{self.title}}"

    def merged(self, other: "{cls}") -> "{cls}":
        return {cls}(self.ident, self.title or other.title, self.tags + other.tags)
''',
    '''\
import logging
import os

log = logging.getLogger(__name__)


def read_settings(path):
    values = {{}}
    if not os.path.exists(path):
        log.warning("no settings at %s", path)
        return values
    with open(path) as f:
        for line in f:
            key, _, value = line.partition("=")
            values[key.strip()] = value.strip()
    return values


def setting_{n}(values, default=None):
    return values.get("{name}", default)
''',
    '''\
import time
from datetime import datetime, timedelta


class {cls}Timer:
    def __init__(self, limit=30):
        self.limit = timedelta(seconds=limit)
        self.started = datetime.now()

    def expired(self):
        return datetime.now() - self.started > self.limit

    def elapsed(self):
        return time.monotonic()
''',
    '''\
from collections import defaultdict


def group_{n}(items, key):
    groups = defaultdict(list)
    for item in items:
        groups[key(item)].append(item)
    return dict(groups)


def total_{n}(rows):
    return sum(row["amount"] for row in rows if row.get("amount"))


class {cls}Index:
    def __init__(self):
        self._by_id = {{}}

    def add(self, item):
        self._by_id[item.ident] = item

    def get(self, ident):
        return self._by_id.get(ident)
''',
]


def synthetic_tree(workdir: Path, files: int = 20_000, pytz_modules: int = 5) -> Path:
    """A package of ``files`` modules: ``pytz_modules`` use pytz, one imports their zone,
    the rest is ordinary code (dataclasses, settings, timers, grouping)."""
    rng = random.Random(17)
    root = workdir / "synthetic" / "mono"
    per_package = 100
    made = 0
    for p in range((files + per_package - 1) // per_package):
        package = root / f"pkg{p:03}"
        package.mkdir(parents=True)
        (package / "__init__.py").write_text("")
        made += 1
        for m in range(per_package - 1):
            if made >= files:
                break
            if made <= pytz_modules:
                text = _PYTZ_MODULE
            elif made == pytz_modules + 1:
                text = _USER_MODULE
            else:
                template = rng.choice(_ORDINARY)
                text = template.format(name=f"svc{made}", cls=f"Item{made}", n=made)
            (package / f"m{m:03}.py").write_text(text)
            made += 1
    (root / "__init__.py").write_text("")
    return root


def _row(
    label: str, files: int, seconds: float | None, peak: float | None = None, cpu: float = 0.0
) -> str:
    if seconds is None:
        return f"| {label} | n/a | n/a | | | |"
    mem = f"{peak:.0f}" if peak is not None else ""
    per_cpu = f"{files / cpu:,.0f}" if cpu else ""
    cpu_text = f"{cpu:.2f}" if cpu else ""
    return f"| {label} | {seconds:.2f} | {files / seconds:,.0f} | {cpu_text} | {per_cpu} | {mem} |"


def _run_row(label: str, files: int, result: tuple[float, float, float, int, str]) -> str:
    return _row(label, files, result[0], result[1], result[2])


def bench_tree(tree: Path, cache: Path, reference: bool) -> None:
    files = sum(1 for _ in tree.rglob("*.py"))
    print(f"\n### {tree.name}: {files} files\n")
    print("| run | seconds | files/s | CPU s | files/CPU s | peak MB |")
    print("|---|---:|---:|---:|---:|---:|")
    j1 = _migrate(tree, "-j", "1", "--no-cache")
    print(_run_row("tzcompat migrate --check -j 1", files, j1))
    j2 = _migrate(tree, "-j", "2", "--no-cache")
    print(_run_row("tzcompat migrate --check -j 2", files, j2))
    shutil.rmtree(cache, ignore_errors=True)
    cold = _migrate(tree, "-j", "1", "--cache-dir", str(cache))
    print(_run_row("-j 1, cold cache (fills it)", files, cold))
    warm = _migrate(tree, "-j", "1", "--cache-dir", str(cache))
    print(_run_row("-j 1, warm cache (unchanged tree)", files, warm))
    print(_row("ruff check --select UP", files, _ruff(tree)))
    print(_row("read every file, test b'pytz'", files, _read_all(tree)))
    same = j1[3:] == j2[3:] == cold[3:] == warm[3:]
    print(f"\nreports of the four tzcompat runs identical: {same}")
    # the machine may be shared: the load the runs met (1-minute average, at the end)
    print(f"load average after the runs: {os.getloadavg()[0]:.1f}")
    if reference:
        ref = _migrate(tree, "-j", "2", "--no-prefilter")
        print(_run_row("reference: every file through LibCST (--no-prefilter, -j 2)", files, ref))
        print(f"report identical to the reference: {ref[3:] == j1[3:]}")


def run(argv: list[str] | None = None) -> None:
    argv = sys.argv[1:] if argv is None else argv
    print("\n## migrate: tzcompat migrate --check at scale")
    print(f"Python {sys.version.split()[0]}, {os.cpu_count()} CPUs, load {os.getloadavg()[0]:.1f}")
    with tempfile.TemporaryDirectory(prefix="bench-migrate-") as tmp:
        workdir = Path(tmp)
        if "--synthetic-only" not in argv:
            tree = django_tree(workdir)
            if tree is not None:
                bench_tree(tree, workdir / "cache-django", "--no-reference" not in argv)
        tree = synthetic_tree(workdir)
        bench_tree(tree, workdir / "cache-synthetic", reference=False)


if __name__ == "__main__":
    run()
