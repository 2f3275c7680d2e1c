"""Building replacement nodes: literals, method calls, keyword arguments."""

from __future__ import annotations

from collections.abc import Sequence

import libcst as cst


def like_literal(node: cst.BaseExpression, value: str) -> cst.SimpleString:
    """A string literal holding ``value`` in the prefix and quotes of ``node``."""
    if isinstance(node, cst.SimpleString) and "\\" not in value:
        text = node.value
        prefix = text[: len(text) - len(text.lstrip("rRuU"))]
        quote = text[len(prefix) : len(prefix) + 3]
        if quote not in ('"""', "'''"):
            quote = quote[0]
        if quote not in value:
            return cst.SimpleString(f"{prefix}{quote}{value}{quote}")
    return cst.SimpleString(repr(value))


def paren(node: cst.BaseExpression) -> cst.BaseExpression:
    """Parenthesise ``node`` unless it is an atom that can take ``.attr`` as it is."""
    if node.lpar or isinstance(
        node, cst.Name | cst.Attribute | cst.Call | cst.Subscript | cst.SimpleString
    ):
        return node
    return node.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])


def method(obj: cst.BaseExpression, name: str, args: Sequence[cst.Arg]) -> cst.Call:
    return cst.Call(func=cst.Attribute(value=paren(obj), attr=cst.Name(name)), args=list(args))


def kwarg(name: str, value: cst.BaseExpression) -> cst.Arg:
    return cst.Arg(
        value=value,
        keyword=cst.Name(name),
        equal=cst.AssignEqual(
            whitespace_before=cst.SimpleWhitespace(""), whitespace_after=cst.SimpleWhitespace("")
        ),
    )


def plain_args(call: cst.Call) -> tuple[list[cst.Arg], dict[str, cst.Arg]] | None:
    """Positional and keyword arguments, or None when ``*``/``**`` make them unknowable."""
    pos: list[cst.Arg] = []
    kws: dict[str, cst.Arg] = {}
    for arg in call.args:
        if arg.star:
            return None
        if arg.keyword is None:
            if kws:
                return None
            pos.append(arg)
        else:
            kws[arg.keyword.value] = arg
    return pos, kws


def no_comma(arg: cst.Arg) -> cst.Arg:
    return arg.with_changes(comma=cst.MaybeSentinel.DEFAULT)
