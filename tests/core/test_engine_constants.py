"""The engine's hot paths write the day-block constants as literals (a global lookup per
call costs measurable time); this keeps each literal in step with the named constant."""

from __future__ import annotations

import ast
import inspect

from tzcompat import _engine


def _block_lookups(tree: ast.AST) -> list[tuple[int, ast.BinOp]]:
    """Every ``day >> N`` and ``day & N`` in the engine, with its line."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.RShift, ast.BitAnd)):
            if isinstance(node.left, ast.Name) and node.left.id == "day":
                found.append((node.lineno, node))
    return found


def test_hot_path_literals_match_the_named_constants() -> None:
    tree = ast.parse(inspect.getsource(_engine))
    lookups = _block_lookups(tree)
    # utcoffset, dst, tzname and fromutc each index a block and a day within it.
    literal = [(line, n) for line, n in lookups if isinstance(n.right, ast.Constant)]
    assert len(literal) >= 8, lookups
    for line, node in literal:
        value = node.right.value  # type: ignore[attr-defined]
        if isinstance(node.op, ast.RShift):
            assert value == _engine._BLOCK_SHIFT, f"line {line}: >> {value}"
        else:
            assert value == _engine._BLOCK - 1, f"line {line}: & {value}"


def test_the_check_sees_a_wrong_literal() -> None:
    """The check above fails on a hot path written with another shift."""
    source = inspect.getsource(_engine).replace("[day >> 5]", "[day >> 6]", 1)
    lookups = _block_lookups(ast.parse(source))
    shifts = {n.right.value for _, n in lookups  # type: ignore[attr-defined]
              if isinstance(n.op, ast.RShift) and isinstance(n.right, ast.Constant)}
    assert shifts == {5, 6}


def test_blocks_hold_block_days() -> None:
    """The named constants are the ones the block tables are built with."""
    from datetime import datetime

    from tzcompat import ZoneInfo

    zone = ZoneInfo.no_cache("America/New_York")
    day = datetime(2021, 7, 1, 12)  # a day without a change (those entries are None)
    zone.utcoffset(day)
    rules = zone._z_rules  # type: ignore[attr-defined]
    block = rules.wb[day.toordinal() >> _engine._BLOCK_SHIFT]
    assert len(block) == _engine._BLOCK
    assert block[day.toordinal() & (_engine._BLOCK - 1)][0] == zone.utcoffset(day)
