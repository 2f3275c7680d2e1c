"""One side of the differential run, in its own process.

``before``: the original package on the real pytz and dateutil. ``after``: the migrated copy,
with pytz made unimportable (unless a marked site kept its import), every call traced, and each
result that differs from the ``before`` one attributed (see ``_attribution``). Both sides read
pytz's TZif files (``_migrate_equivalence.pytz_data``).

    python -m tests.migrate.realistic._worker before|after ROOT PACKAGE INPUTS OUT [BEFORE]
"""

from __future__ import annotations

import importlib
import inspect
import os
import pickle
import sys
import time
import traceback
from functools import partial
from pathlib import Path
from typing import Any

from ..._origin import is_real
from .. import _migrate_equivalence as eq
from . import _attribution as attribution


def _modules(root: Path, package: str) -> dict[str, Any]:
    """The package's modules; for one that fails to import, (exception, where it was raised):
    the innermost line of the package in its traceback."""
    out: dict[str, Any] = {}
    inside = str((root / package).resolve())
    for path in sorted((root / package).glob("*.py")):
        if path.stem.startswith("_"):
            continue
        try:
            out[path.stem] = importlib.import_module(f"{package}.{path.stem}")
        except Exception as exc:
            where = None
            for frame, line in traceback.walk_tb(exc.__traceback__):
                if frame.f_code.co_filename.startswith(inside):
                    where = (frame.f_code.co_filename, line)
            out[path.stem] = (exc, where)
    return out


def _calls(
    module: Any, inputs: list[dict[str, object]]
) -> list[tuple[str, int, dict[str, object]]]:
    """(case, input index, arguments): each distinct set of arguments once per case."""
    out = []
    for case, function in sorted(eq.cases(module).items()):
        params = list(inspect.signature(function).parameters)
        seen: set[str] = set()
        for index, item in enumerate(inputs):
            kwargs = {p: item[p] for p in params if p in item}
            marker = repr(sorted(kwargs.items()))
            if marker in seen:
                continue
            seen.add(marker)
            out.append((case, index, kwargs))
    return out


def _import_failed(
    stem: str,
    failure: tuple[Exception, tuple[str, int] | None],
    before: dict[tuple[str, str, int], object],
    facts: dict[str, attribution.ModuleFacts],
) -> list[dict[str, object]]:
    """Every call of a module that no longer imports is a change; the marker excusing it is
    one above the statement that raised at import (its own module's or one it imports)."""
    exc, where = failure
    markers = []
    if where is not None and where[0] in facts:
        for marked, ran in facts[where[0]].marked:
            if where[1] in ran or marked.lineno <= where[1] <= (marked.end_lineno or 0):
                markers.append((Path(where[0]).name, min(ran)))
    got = (
        "raised at import",
        type(exc).__name__,
        f"{Path(where[0]).name}:{where[1]}" if where else "?",
    )
    return [
        {
            "module": stem,
            "case": case,
            "input": index,
            "kwargs": {},
            "before": expected,
            "after": got,
            "markers": markers,
        }
        for (module, case, index), expected in sorted(before.items(), key=lambda kv: repr(kv[0]))
        if module == stem
    ]


def main(argv: list[str]) -> int:
    side, root_text, package, inputs_path, out_path = argv[:5]
    root = Path(root_text).resolve()
    with open(inputs_path, "rb") as handle:
        inputs: list[dict[str, object]] = pickle.load(handle)
    os.environ.pop("ROTA_TZ", None)
    if side == "before":
        import dateutil
        import pytz

        # the reference answers come from the original libraries, never a drop-in
        assert is_real(pytz, "pytz") and is_real(dateutil, "python-dateutil")
    sys.path.insert(0, str(root))
    if side == "after":
        sources = {p: p.read_text(encoding="utf-8") for p in (root / package).glob("*.py")}
        kept = sorted(
            {
                str(p.name)
                for p, s in sources.items()
                if any(m.split(".")[0] == "pytz" for m in eq.legacy_imports(s))
            }
        )
        if not kept:
            sys.modules["pytz"] = None  # type: ignore[assignment]  # as if uninstalled
        with open(argv[5], "rb") as handle:
            before: dict[tuple[str, str, int], object] = pickle.load(handle)["results"]
        facts = {str(p.resolve()): attribution.module_facts(p) for p in sources}
        files = set(facts)
    started = time.perf_counter()
    results: dict[tuple[str, str, int], object] = {}
    changes: list[dict[str, object]] = []
    with eq.pytz_data():
        modules = _modules(root, package)
        for stem, module in modules.items():
            if isinstance(module, tuple):
                if side == "after":
                    changes.extend(_import_failed(stem, module, before, facts))
                continue
            for case, index, kwargs in _calls(module, inputs):
                function = eq.cases(module)[case]
                if side == "before":
                    results[stem, case, index] = eq.call(function, kwargs)
                    continue
                got, frames = attribution.traced_call(partial(eq.call, function, kwargs), files)
                expected = before[stem, case, index]
                results[stem, case, index] = got
                if got != expected:
                    excused = attribution.excusing_markers(frames, facts)
                    changes.append(
                        {
                            "module": stem,
                            "case": case,
                            "input": index,
                            "kwargs": kwargs,
                            "before": expected,
                            "after": got,
                            "markers": [(Path(f).name, line) for f, line in excused],
                        }
                    )
    payload = {
        "results": results,
        "changes": changes,
        "seconds": time.perf_counter() - started,
        "kept_pytz": kept if side == "after" else [],
    }
    with open(out_path, "wb") as handle:
        pickle.dump(payload, handle)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
