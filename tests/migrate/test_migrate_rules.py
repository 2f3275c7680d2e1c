"""Every rule's own examples, expanded: each migrates exactly as the rule says, reporting exactly
the codes it lists; and the registry the rules declare is consistent."""

from __future__ import annotations

import ast
import inspect
from collections.abc import Callable
from pathlib import Path
from typing import Any

import libcst as cst
import pytest

from tzcompat.migrate import _codes, _rule, _rulepages, rules
from tzcompat.migrate._driver import migrate_source
from tzcompat.migrate._rule import Rule
from tzcompat.migrate._spec import Example
from tzcompat.migrate.rules import RULES

RULES_DIR = Path(rules.__file__).parent


def _short(rule: Rule) -> str:
    return rule.name


EXAMPLES = [
    pytest.param(rule, example, id=f"{_short(rule)}-{number}")
    for rule in RULES
    for number, example in enumerate(rule.examples)
]


@pytest.mark.parametrize(("rule", "example"), EXAMPLES)
def test_example(rule: Rule, example: Example) -> None:
    options: dict[str, Any] = dict(example.options)
    # a shared helper module keeps the expected text short (no pasted helper functions)
    result = migrate_source(example.before, helpers="_tzmigrate", **options)
    expected = example.before if example.after is None else example.after
    assert result.code == expected
    assert sorted({f.code for f in result.findings}) == sorted(example.codes)
    again = migrate_source(result.code, helpers="_tzmigrate", **options)
    assert again.code == result.code  # idempotent


@pytest.mark.parametrize("rule", RULES, ids=_short)
def test_rule_declarations(rule: Rule) -> None:
    codes = rule.codes
    assert codes and rule.examples
    for info in codes:
        assert info.kind in _codes.KINDS and info.fix in _codes.FIXES
        assert info.message
        prefix = {"rewrite": "TZM0", "marker": "TZM1", "note": "TZM2"}[info.kind]
        assert info.code.startswith(prefix) and len(info.code) == 6
        assert bool(info.comment) == (info.kind == "marker"), info.name
        assert (info.fix == "safe") == (info.kind == "rewrite"), info.name
        assert bool(info.fix_note) == (info.fix == "unsafe"), info.name
    rewrite = rule.rewrite
    if rewrite is not None:
        assert _codes.info_for(rewrite).kind == "rewrite"
        assert rewrite in {i.name for i in codes}
    # the declaration is its own module's, named after it, with that module's docstring
    module = __import__(f"tzcompat.migrate.rules.{rule.name}", fromlist=["RULE"])
    assert module.RULE is rule and rule.doc == module.__doc__ and rule.doc


def _parameters(hook: Callable[..., object]) -> list[str]:
    """The annotations of a hook's parameters, as written (``from __future__ import
    annotations`` keeps them as text)."""
    return [str(p.annotation) for p in inspect.signature(hook).parameters.values()]


@pytest.mark.parametrize("rule", RULES, ids=_short)
def test_hooks_are_typed_for_what_they_are_declared(rule: Rule) -> None:
    """Each hook takes the typed ``Context`` and the node type it is declared for (the mapping
    cannot say so to mypy), and keeps the ``leave_<Type>``/``visit_<Type>`` name."""
    for node_type, hook in rule.leave.items():
        assert issubclass(node_type, cst.CSTNode)
        assert hook.__name__ == f"leave_{node_type.__name__}"
        node = f"cst.{node_type.__name__}"
        assert _parameters(hook) == ["Context", node, node], hook
    for node_type, visit in rule.visit.items():
        assert visit.__name__ == f"visit_{node_type.__name__}"
        assert _parameters(visit) == ["Context", f"cst.{node_type.__name__}"], visit
    for call in rule.calls.values():
        assert _parameters(call) == ["Context", "cst.Call", "cst.Call"], call
    for reference in rule.references.values():
        assert _parameters(reference)[0] == "Context", reference


@pytest.mark.parametrize("rule", RULES, ids=_short)
def test_every_hook_is_declared(rule: Rule) -> None:
    """A ``leave_<Type>``/``visit_<Type>`` function of the module runs only if its ``RULE``
    declares it; the module attributes the traversal once looked up by name are gone."""
    module = __import__(f"tzcompat.migrate.rules.{rule.name}", fromlist=["RULE"])
    declared = {*rule.leave.values(), *rule.visit.values()}
    for name, value in vars(module).items():
        if name.startswith(("leave_", "visit_")) and callable(value):
            assert value in declared, name
    for name in ("NODES", "REWRITE", "CALLS", "REFERENCES"):
        assert not hasattr(module, name), name


def test_rules_use_only_the_context() -> None:
    """What rules read of ``m`` is exactly what ``_rule.Context`` lists: nothing more (mypy
    checks that too), and no member that no rule uses."""
    used = set()
    for path in RULES_DIR.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Name)
                and node.value.id == "m"
            ):
                used.add(node.attr)
    members = {
        name
        for name, value in vars(_rule.Context).items()
        if not name.startswith("__") and (callable(value) or isinstance(value, property))
    }
    assert used == members


def test_each_qualified_name_has_one_handler() -> None:
    for table in ("calls", "references"):
        names = [q for rule in RULES for q in getattr(rule, table)]
        assert len(names) == len(set(names)), table


@pytest.mark.parametrize("rule", RULES, ids=_short)
def test_rule_has_valid_and_invalid_examples(rule: Rule) -> None:
    """Fixit's VALID/INVALID: code the rule must leave alone and not report, and code it
    acts on (both are run by test_example)."""
    examples = rule.examples
    assert any(e.valid for e in examples)
    assert any(not e.valid for e in examples)


def _reported_codes(path: Path) -> list[tuple[int, str]]:
    """(line, code name) of every literal code a module passes to report()/mark_or_fix()."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in ("report", "mark_or_fix")
            and len(node.args) >= 2
            and isinstance(node.args[1], ast.Constant)
        ):
            found.append((node.lineno, node.args[1].value))
    return found


@pytest.mark.parametrize("rule", RULES, ids=_short)
def test_each_code_is_reported_by_the_rule_declaring_it(rule: Rule) -> None:
    """A rule reports only its own codes; another rule's through that rule's functions
    (``unsupported.call_shape(m, call)``), so each code has one owner."""
    own = {i.name for i in rule.codes}
    reported = _reported_codes(RULES_DIR / f"{rule.name}.py")
    assert [(line, code) for line, code in reported if code not in own] == []


def test_the_traversal_reports_no_code_of_its_own() -> None:
    """The traversal and the analysis report only what a rule hands them (no literal code)."""
    root = Path(_codes.__file__).parent
    for name in ("_traversal.py", "_analysis.py", "_driver.py"):
        assert _reported_codes(root / name) == [], name


def test_registry() -> None:
    names = [i.name for rule in RULES for i in rule.codes]
    assert len(names) == len(set(names)) == len(_codes.CODES) == len(_codes.BY_NAME)
    assert _codes.code_for("aware-arithmetic") == "TZM102"
    # released codes keep their meaning
    released = {
        "TZM001": "normalize-absolute", "TZM101": "normalize-arithmetic",
        "TZM102": "aware-arithmetic", "TZM103": "tzinfo-identity", "TZM104": "lmt",
        "TZM105": "zone-attribute", "TZM126": "unknown-timezone-valueerror",
        "TZM201": "timezone-dynamic", "TZM209": "available-timezones",
    }  # fmt: skip
    for code, name in released.items():
        assert _codes.CODES[code].name == name


def test_every_code_has_an_example() -> None:
    shown = {c for rule in RULES for e in rule.examples for c in e.codes}
    # reported in the fixtures instead (tests/migrate/fixtures), or never emitted any more
    elsewhere = {
        "tzoffset-name", "is-dst-method", "is-dst-ignored", "utc-zoneinfo",
        "pytz-private", "bound-method", "timezone-key", "re-exported",
        "time-errors-foreign", "unknown-timezone-valueerror", "time-errors", "pytz-method",
        "localize-receiver",
    }  # fmt: skip
    missing = set(_codes.BY_NAME) - shown - elsewhere
    assert not missing


def test_generated_docs_are_up_to_date() -> None:
    """docs/codemod-rules/<CODE>.md and the table of docs/codemod.md are what the registry
    generates (``python -m tzcompat.migrate._rulepages docs`` writes them)."""
    docs = Path(__file__).parents[2] / "docs"
    folder = docs / _rulepages.FOLDER
    wanted = _rulepages.pages()
    assert sorted(p.name for p in folder.glob("*.md")) == sorted(wanted)
    for name, text in wanted.items():
        assert (folder / name).read_text(encoding="utf-8") == text, name
    overview = (docs / "codemod.md").read_text(encoding="utf-8")
    assert _rulepages.with_table(overview) == overview


def test_rule_pages_show_tested_examples() -> None:
    """Every example a page shows is one of its rule's examples (test_example runs them all),
    and each code's page names it, its kind and fix class."""
    for info, rule in _rulepages._owners():
        text = _rulepages.page(info, rule)
        assert text.startswith(f"# {info.code} `{info.name}`")
        for example in _rulepages._examples(info, rule):
            assert example in rule.examples
            assert example.before.rstrip() in text
        if info.kind != "note" and info.fix != "none" and info.code not in _NO_EXAMPLE:
            assert "## Example" in text, info.code


#: codes whose examples are in the fixtures (test_every_code_has_an_example's list)
_NO_EXAMPLE = {"TZM107", "TZM208", "TZM112", "TZM113", "TZM204", "TZM125"}


def test_codemod_page_opens_with_a_true_example(tmp_path: Path, monkeypatch) -> None:
    """The before/after that opens docs/codemod.md is what ``migrate app --write`` writes in
    the package ``app``; the same module given on its own, outside a package, gets the
    helpers pasted in (as the page says), not an import of a ``_tzmigrate`` that is not there."""
    from tzcompat.migrate._cli import run

    page = (Path(__file__).parents[2] / "docs" / "codemod.md").read_text(encoding="utf-8")
    blocks = [b.split("```", 1)[0] for b in page.split("```python\n")[1:3]]
    before, after = blocks
    monkeypatch.chdir(tmp_path)
    (tmp_path / "app").mkdir()
    (tmp_path / "app" / "__init__.py").write_text("")
    (tmp_path / "app" / "meeting.py").write_text(before)
    (tmp_path / "meeting.py").write_text(before)
    argv = ["--write", "--no-cache", "--no-progress", "-q", "-j", "1"]
    assert run([*argv, "app"]) == 0 and run([*argv, "meeting.py"]) == 0
    assert (tmp_path / "app" / "meeting.py").read_text() == after
    assert (tmp_path / "app" / "_tzmigrate.py").is_file()
    alone = (tmp_path / "meeting.py").read_text()
    assert "_tzmigrate" not in alone and "\ndef _tz_localize(" in alone
    assert not (tmp_path / "_tzmigrate.py").exists()
    pasted = alone.split("\ntz = ")[0].count("\n") - after.split("\ntz = ")[0].count("\n")
    assert 40 <= pasted <= 50, pasted  # "about 45 lines", as the page says
