"""Module-level edits after the rewrite: inline helpers, and ``try:`` blocks emptied by it."""

from __future__ import annotations

from collections.abc import Sequence

import libcst as cst

from . import _helpers

_DOC_MARK = "inserted by tzcompat migrate"


def _docstring(node: cst.FunctionDef | cst.ClassDef) -> str:
    return node.get_docstring(clean=False) or ""


def _catches_import_error(handler: cst.ExceptHandler) -> bool:
    kinds = handler.type
    names = kinds.elements if isinstance(kinds, cst.Tuple) else [kinds]
    for item in names:
        value = item.value if isinstance(item, cst.Element) else item
        if isinstance(value, cst.Name) and value.value in ("ImportError", "ModuleNotFoundError"):
            return True
    return False


def _errors_block(stmt: cst.CSTNode) -> dict[str, str] | None:
    """``{bound name: pytz name}`` when ``stmt`` is the helpers' try-import of the time errors."""
    if not isinstance(stmt, cst.Try) or len(stmt.handlers) != 1:
        return None
    if not _catches_import_error(stmt.handlers[0]) or len(stmt.body.body) != 1:
        return None
    line = stmt.body.body[0]
    if not isinstance(line, cst.SimpleStatementLine) or len(line.body) != 1:
        return None
    imp = line.body[0]
    if not isinstance(imp, cst.ImportFrom) or imp.relative or imp.module is None:
        return None
    if cst.helpers.get_full_name_for_node(imp.module) != "pytz":
        return None
    if isinstance(imp.names, cst.ImportStar):
        return None
    out = {}
    for alias in imp.names:
        name = cst.helpers.get_full_name_for_node(alias.name) or ""
        if name not in _helpers.ERROR_NAMES:
            return None
        bound = alias.asname.name.value if alias.asname else name  # type: ignore[union-attr]
        out[bound] = name
    return out


def helper_names(module: cst.Module) -> dict[str, str]:
    """Names the module's own inline helpers bind: ``{bound name: helper name}``."""
    found: dict[str, str] = {}
    for stmt in module.body:
        block = _errors_block(stmt)
        if block:
            found.update(block)
        if isinstance(stmt, cst.FunctionDef) and _DOC_MARK in _docstring(stmt):
            doc = _docstring(stmt)
            if "dt.replace(**fields)" in doc:
                helper = _helpers.REPLACE_NAME
            elif "tz.normalize" in doc:
                helper = _helpers.NORMALIZE_NAME
            else:
                helper = _helpers.LOCALIZE_NAME
            found[stmt.name.value] = helper
    return found


def is_helper_block(stmt: cst.CSTNode) -> bool:
    return _errors_block(stmt) is not None


def _header_end(body: Sequence[cst.BaseStatement]) -> int:
    """Index of the first statement after the module docstring and the leading imports."""
    index = 0
    for index, stmt in enumerate(body):  # noqa: B007
        if not isinstance(stmt, cst.SimpleStatementLine):
            return index
        for small in stmt.body:
            is_doc = (
                index == 0
                and isinstance(small, cst.Expr)
                and isinstance(small.value, cst.SimpleString | cst.ConcatenatedString)
            )
            if not (is_doc or isinstance(small, cst.Import | cst.ImportFrom)):
                return index
    return len(body)


def insert_source(module: cst.Module, source: str) -> cst.Module:
    """Insert top-level ``source`` after the module's docstring and imports."""
    if not source:
        return module
    new = list(cst.parse_module(source).body)
    two = [cst.EmptyLine(), cst.EmptyLine()]
    new[0] = new[0].with_changes(leading_lines=two)
    body = list(module.body)
    index = _header_end(body)
    if index < len(body):
        following = body[index]
        blank = 0
        for line in following.leading_lines:
            if line.comment is not None:
                break
            blank += 1
        if blank < 2:
            following = following.with_changes(
                leading_lines=[cst.EmptyLine()] * (2 - blank) + list(following.leading_lines)
            )
        body[index] = following
    if index == 0:
        new[0] = new[0].with_changes(leading_lines=[])
    return module.with_changes(body=body[:index] + new + body[index:])


def _only_pass(block: cst.BaseSuite) -> bool:
    if not isinstance(block, cst.IndentedBlock):
        return False
    return all(
        isinstance(s, cst.SimpleStatementLine) and all(isinstance(x, cst.Pass) for x in s.body)
        for s in block.body
    )


class _DropEmptyTries(cst.CSTTransformer):
    """``try: pass`` (an import the rewrite removed) can raise nothing: keep only else/finally."""

    def leave_Try(
        self, original_node: cst.Try, updated_node: cst.Try
    ) -> cst.BaseStatement | cst.FlattenSentinel[cst.BaseStatement] | cst.RemovalSentinel:
        if not _only_pass(updated_node.body) or not updated_node.handlers:
            return updated_node
        kept: list[cst.BaseStatement] = []
        for block in (updated_node.orelse, updated_node.finalbody):
            if block is not None and isinstance(block.body, cst.IndentedBlock):
                kept.extend(block.body.body)
        if not kept:
            return cst.RemoveFromParent()
        kept[0] = kept[0].with_changes(leading_lines=updated_node.leading_lines)
        return cst.FlattenSentinel(kept)

    def leave_IndentedBlock(
        self, original_node: cst.IndentedBlock, updated_node: cst.IndentedBlock
    ) -> cst.IndentedBlock:
        if not updated_node.body:
            return updated_node.with_changes(body=[cst.SimpleStatementLine([cst.Pass()])])
        return updated_node


def drop_emptied_tries(original: cst.Module, new: cst.Module) -> cst.Module:
    """Remove the ``try:`` blocks whose body the rewrite reduced to ``pass``."""
    before = _count_pass_tries(original)
    if _count_pass_tries(new) <= before:
        return new
    if before:  # the user's own ``try: pass`` blocks stay as written
        return new
    return new.visit(_DropEmptyTries())


def _count_pass_tries(module: cst.Module) -> int:
    from ._cst import walk  # a walk without visitor hooks (the codemod's speed, issue 17)

    return sum(
        _only_pass(node.body) and bool(node.handlers)
        for node in walk(module)
        if type(node) is cst.Try
    )
