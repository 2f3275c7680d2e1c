"""The differential runner: migrate a copy of ``rota`` as a user does, run every ``case_*``
before and after, and report the results that changed without a marker on their path.

    python -m tests.migrate.realistic [--mode default|unsafe|both] [--inputs N] [--json FILE]

Exit status 1 on any silent change or when a second ``--write`` run changes a file.
"""

from __future__ import annotations

import argparse
import json
import os
import pickle
import random
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytz

from .. import _migrate_equivalence as eq
from ._classes import CLASSES

HERE = Path(__file__).parent
PACKAGE = "rota"
REPO = HERE.parents[2]
ZONES = (
    "America/New_York",
    "Europe/London",
    "Australia/Lord_Howe",
    "Asia/Kolkata",
    "America/Sao_Paulo",
)
FIRST_YEAR, LAST_YEAR = 1950, 2037
#: seconds a codemod run or one side's worker may take (a migrated loop that never ends)
TIMEOUT = 600
#: names users type: real keys in other spellings, aliases, and what pytz refused
NAMES = (
    "",
    "../x",
    "Factory",
    "eastern",
    "uk",
    " Europe/London ",
    "america/new_york",
    "US/Eastern",
    "Asia/Calcutta",
    "Not/AZone",
    "UTC",
    "utc",
    "/etc/localtime",
    "EST5EDT",
)


def make_inputs(per_zone: int, seed: int = 34) -> list[dict[str, object]]:
    """Seeded draws: per zone, wall times around its transitions (1950-2037) and anywhere."""
    draw = random.Random(seed)
    anywhere = max(1, per_zone // 5)
    out: list[dict[str, object]] = []
    with eq.pytz_data():
        for key in ZONES:
            near = [
                wall
                for moment, before, after in eq.whole_minute_transitions(key)
                if FIRST_YEAR <= moment.year <= LAST_YEAR
                for wall in eq.wall_times_near(moment, before, after)
            ]
            # half of the draws inside a skipped or repeated hour, so that every zone has both
            inside = [w for w in near if _in_gap_or_fold(key, w)]
            outside = [w for w in near if w not in inside]
            wanted = per_zone - anywhere
            picks = draw.sample(inside, min(wanted // 2, len(inside)))
            picks += draw.sample(outside, min(wanted - len(picks), len(outside)))
            span = int((datetime(LAST_YEAR, 12, 1) - datetime(FIRST_YEAR, 1, 2)).total_seconds())
            for _ in range(anywhere):
                picks.append(datetime(FIRST_YEAR, 1, 2) + timedelta(seconds=draw.randrange(span)))
            for naive in picks:
                naive = naive.replace(microsecond=0)
                naives = [
                    naive,
                    naive + timedelta(minutes=40),
                    naive - timedelta(minutes=25),
                    naive + timedelta(hours=1),
                    naive + timedelta(minutes=40),
                ]
                draw.shuffle(naives)
                name = draw.choice((key, key.lower(), *NAMES))
                out.append({"key": key, "naive": naive, "naives": naives, "name": name})
    return out


def _in_gap_or_fold(key: str, naive: datetime) -> bool:
    zone = pytz.timezone(key)
    try:
        zone.localize(naive, is_dst=None)
    except (pytz.NonExistentTimeError, pytz.AmbiguousTimeError):
        return True
    return False


@dataclass
class ModeReport:
    mode: str
    findings: Counter[str] = field(default_factory=Counter)
    sites: int = 0
    markers_in_files: int = 0
    crashed: str = ""
    not_idempotent: dict[str, str] = field(default_factory=dict)
    kept_pytz: list[str] = field(default_factory=list)
    calls: int = 0
    changed: list[dict[str, Any]] = field(default_factory=list)
    silent: list[dict[str, Any]] = field(default_factory=list)
    seconds: dict[str, float] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return not (self.crashed or self.not_idempotent or self.silent)


def _migrate(root: Path, unsafe: bool) -> tuple[int, dict[str, Any], str]:
    command = [sys.executable, "-m", "tzcompat", "migrate", PACKAGE, "--write", "--no-cache"]
    command += ["--output-format", "json", "-j", "1"]
    if unsafe:
        command.append("--unsafe-fixes")
    done = subprocess.run(
        command, cwd=root, capture_output=True, text=True, env=_env(), timeout=TIMEOUT
    )
    try:
        report = json.loads(done.stdout) if done.stdout.strip() else {}
    except json.JSONDecodeError:
        report = {}
    return done.returncode, report, done.stderr


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env.pop("ROTA_TZ", None)
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), env.get("PYTHONPATH", "")]))
    return env


def _snapshot(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*.py"))}


def _worker(side: str, root: Path, inputs: Path, out: Path, before: Path | None) -> dict[str, Any]:
    command = [
        sys.executable,
        "-m",
        "tests.migrate.realistic._worker",
        side,
        str(root),
        PACKAGE,
        str(inputs),
        str(out),
    ]
    if before is not None:
        command.append(str(before))
    done = subprocess.run(
        command, cwd=REPO, capture_output=True, text=True, env=_env(), timeout=TIMEOUT
    )
    if done.returncode:
        raise RuntimeError(f"the {side} worker failed:\n{done.stderr[-4000:]}")
    with open(out, "rb") as handle:
        result: dict[str, Any] = pickle.load(handle)
    return result


def run_mode(mode: str, work: Path, inputs_file: Path, before_file: Path) -> ModeReport:
    report = ModeReport(mode)
    root = work / mode
    shutil.copytree(HERE / PACKAGE, root / PACKAGE, ignore=shutil.ignore_patterns("__pycache__"))
    unsafe = mode == "unsafe"
    started = time.perf_counter()
    status, found, stderr = _migrate(root, unsafe)
    report.seconds["migrate"] = time.perf_counter() - started
    if status not in (0, 1) or not found:
        report.crashed = f"exit {status}: {stderr[-2000:]}"
        return report
    findings = found.get("findings", [])
    report.findings = Counter(f["kind"] for f in findings)
    report.sites = len({(f["file"], f["line"], f["column"]) for f in findings})
    if found.get("errors"):
        report.crashed = f"errors: {found['errors']}"
    first = _snapshot(root)
    report.markers_in_files = sum(
        line.lstrip().startswith("# tzcompat-migrate")
        for text in first.values()
        for line in text.decode().splitlines()
    )
    status, _, stderr = _migrate(root, unsafe)
    if status not in (0, 1):
        report.crashed = f"second run: exit {status}: {stderr[-2000:]}"
    second = _snapshot(root)
    for name in sorted(set(first) | set(second)):
        if first.get(name) != second.get(name):
            report.not_idempotent[name] = _diff(first.get(name, b""), second.get(name, b""), name)
    # the differential run reads the output of the first run, as a user would commit it
    for name, data in first.items():
        (root / name).write_bytes(data)
    started = time.perf_counter()
    after = _worker("after", root, inputs_file, work / f"after-{mode}.pickle", before_file)
    report.seconds["after"] = time.perf_counter() - started
    report.kept_pytz = after["kept_pytz"]
    report.calls = len(after["results"])
    for change in after["changes"]:
        change["classes"] = CLASSES.get(f"{change['module']}.{change['case']}", "?")
        report.changed.append(change)
        if not change["markers"]:
            report.silent.append(change)
    return report


def _diff(a: bytes, b: bytes, name: str) -> str:
    import difflib

    lines = difflib.unified_diff(
        a.decode().splitlines(), b.decode().splitlines(), name, name + " (2nd run)", lineterm=""
    )
    return "\n".join(list(lines)[:40])


def describe(report: ModeReport, verbose: bool) -> str:
    out = [f"== mode {report.mode} =="]
    if report.crashed:
        out.append(f"CODEMOD FAILED: {report.crashed}")
    out.append(
        f"changed sites {report.sites} ({dict(report.findings)}), marker comments "
        f"{report.markers_in_files}; modules keeping pytz: {report.kept_pytz or 'none'}"
    )
    out.append(
        f"calls compared {report.calls}, changed results {len(report.changed)}, "
        f"silent {len(report.silent)}"
    )
    failed = sorted(
        {
            (c["module"], c["after"][2], "marked" if c["markers"] else "unmarked")
            for c in report.changed
            if isinstance(c["after"], tuple) and c["after"][:1] == ("raised at import",)
        }
    )
    if failed:
        out.append(
            "modules that no longer import: "
            + ", ".join(f"{m} (raised at {where}, {kind})" for m, where, kind in failed)
        )
    per_case: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for change in report.changed:
        per_case[f"{change['module']}.{change['case']}"].append(change)
    for name, changes in sorted(per_case.items()):
        silent = [c for c in changes if not c["markers"]]
        markers = sorted({f"{f}:{line}" for c in changes for f, line in c["markers"]})
        flag = "SILENT" if silent else "marked"
        out.append(
            f"  {flag:6} {name} [class {changes[0]['classes']}]: {len(changes)} changed, "
            f"{len(silent)} silent; markers {', '.join(markers) or '-'}"
        )
        for change in (silent or changes)[: 3 if verbose else 1]:
            out.append(f"         {change['kwargs']}")
            out.append(f"           before {change['before']!r}")
            out.append(f"           after  {change['after']!r}")
    for name, diff in report.not_idempotent.items():
        out.append(f"  NOT IDEMPOTENT {name}:\n{diff}")
    out.append("time: " + ", ".join(f"{k} {v:.1f}s" for k, v in report.seconds.items()))
    return "\n".join(out)


def run(modes: list[str], per_zone: int, keep: Path | None = None) -> dict[str, ModeReport]:
    with tempfile.TemporaryDirectory(prefix="tzcompat-realistic-") as scratch:
        work = keep if keep is not None else Path(scratch)
        work.mkdir(parents=True, exist_ok=True)
        inputs_file = work / "inputs.pickle"
        with open(inputs_file, "wb") as handle:
            pickle.dump(make_inputs(per_zone), handle)
        started = time.perf_counter()
        before_file = work / "before.pickle"
        _worker("before", HERE, inputs_file, before_file, None)
        before_seconds = time.perf_counter() - started
        reports = {}
        for mode in modes:
            reports[mode] = run_mode(mode, work, inputs_file, before_file)
            reports[mode].seconds["before"] = before_seconds
        return reports


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.migrate.realistic")
    parser.add_argument("--mode", choices=("default", "unsafe", "both"), default="both")
    parser.add_argument("--inputs", type=int, default=40, help="inputs per zone (default 40)")
    parser.add_argument("--keep", type=Path, help="keep the migrated copies in this folder")
    parser.add_argument("--json", type=Path, help="write the changes as JSON to this file")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    modes = ["default", "unsafe"] if args.mode == "both" else [args.mode]
    started = time.perf_counter()
    reports = run(modes, args.inputs, args.keep)
    for report in reports.values():
        print(describe(report, args.verbose))
    print(f"total {time.perf_counter() - started:.1f}s")
    if args.json:
        args.json.write_text(
            json.dumps(
                {
                    m: {
                        "silent": r.silent,
                        "changed": r.changed,
                        "not_idempotent": r.not_idempotent,
                        "crashed": r.crashed,
                    }
                    for m, r in reports.items()
                },
                default=repr,
                indent=1,
            )
        )
    return 0 if all(r.ok for r in reports.values()) else 1
