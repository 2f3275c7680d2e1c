"""LibCST plumbing made cheaper: metadata without the batched pass, visitors without
per-attribute hook lookups. The answers are LibCST's own; only the work around them is cut.

- LibCST resolves batchable providers in one traversal of the whole tree that calls each
  provider's hooks; expression contexts, scopes, qualified names and parents do all their
  work in a traversal of their own started from ``visit_Module``, so that batched traversal
  visits every node for nothing. :func:`resolve` runs their visitors directly.
- ``ParentNodeProvider`` reads ``node.children``, which rebuilds every node; :func:`parents`
  walks the dataclass fields instead (the same children).
- ``QualifiedNameProvider`` prepares a value for every node; :class:`QualifiedNames` asks the
  scope for the nodes a caller names (the same answer, ``set()`` for nodes without a scope).
- Every node calls ``on_visit_attribute``/``on_leave_attribute`` for each of its fields, and
  LibCST's default looks a ``visit_<Node>_<field>`` method up by name each time (a failed
  ``getattr``); :class:`QuickHooks` looks up only node types the class has such methods for.

The results are stored in the wrapper, so LibCST code resolving through it (the import
removal) finds them. Without the wrapper's private cache (another LibCST), LibCST resolves.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Iterator, Mapping
from types import MappingProxyType
from typing import Any, cast

import libcst as cst
from libcst.matchers import MatcherDecoratableTransformer, MatcherDecoratableVisitor
from libcst.metadata import (
    BaseMetadataProvider,
    ExpressionContext,
    ExpressionContextProvider,
    MetadataWrapper,
    ParentNodeProvider,
    PositionProvider,
    QualifiedNameProvider,
    ScopeProvider,
)
from libcst.metadata.expression_context_provider import ExpressionContextVisitor
from libcst.metadata.scope_provider import ImportAssignment, QualifiedName, Scope, ScopeVisitor

_ATTRIBUTE_HOOK = re.compile(r"(?:visit|leave)_([A-Z][A-Za-z0-9]*)_[a-z]\w*$")


_BASES = (
    cst.CSTVisitor,
    cst.CSTTransformer,
    MatcherDecoratableVisitor,
    MatcherDecoratableTransformer,
)
_BASE_MRO = frozenset(k for base in _BASES for k in base.__mro__)
# what the matcher decorators (call_if_inside, visit, leave...) set on a method
_MATCHER_ATTRS = (
    "_call_if_inside_matcher",
    "_call_if_not_inside_matcher",
    "_visit_matcher",
    "_leave_matcher",
)


def _own_classes(cls: type) -> list[type]:
    """The classes of ``cls``'s MRO other than LibCST's visitor bases (whose ``visit_*``
    methods are no-op typed stubs): only these hold hooks or matcher decorators. Reading
    their ``__dict__`` keeps a class statement cheap (some are made per call)."""
    return [k for k in cls.__mro__ if k not in _BASE_MRO]


def _attribute_hook_types(cls: type) -> frozenset[str]:
    """Node type names the class has ``visit_<Node>_<field>``/``leave_<Node>_<field>`` for."""
    return frozenset(
        m.group(1)
        for klass in _own_classes(cls)
        for name in klass.__dict__
        if (m := _ATTRIBUTE_HOOK.match(name)) and method(cls, name) is not None
    )


def _plain(cls: type, name: str) -> bool:
    """True when ``cls`` gets hook ``name`` from LibCST's visitor or transformer classes
    (not one of its own), and no method of it has a matcher decorator (the matcher-aware
    hooks then do what the plain ones do)."""
    for klass in cls.__mro__:
        if klass is not QuickHooks and name in klass.__dict__:
            if klass not in _BASES:
                return False
            break
    return not any(
        getattr(value, attr, None)
        for klass in _own_classes(cls)
        for value in klass.__dict__.values()
        for attr in _MATCHER_ATTRS
    )


_METHODS: dict[tuple[type, str], Callable[..., Any] | None] = {}


def method(cls: type, name: str) -> Callable[..., Any] | None:
    """``cls``'s method ``name``, None for none or for LibCST's no-op typed stubs."""
    key = (cls, name)
    try:
        return _METHODS[key]
    except KeyError:
        if len(_METHODS) > 20_000:  # classes made per call (visitors local to a function)
            _METHODS.clear()
        found = getattr(cls, name, None)
        _METHODS[key] = None if getattr(found, "_is_no_op", False) else found
        return _METHODS[key]


class QuickHooks:
    """Mixin (first base) for a LibCST visitor or transformer: ``visit_<Node>``/``leave_<Node>``
    are looked up once per class and node type (methods, not instance attributes), and
    attribute hooks only for the node types the class has them for. A class with matcher
    decorators or its own ``on_visit``/``on_leave`` keeps those."""

    _attribute_types: frozenset[str] = frozenset()
    _quick_visit = _quick_leave = False

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._attribute_types = _attribute_hook_types(cls)
        cls._quick_visit = _plain(cls, "on_visit")
        cls._quick_leave = _plain(cls, "on_leave")

    def on_visit(self, node: cst.CSTNode) -> bool:
        if not self._quick_visit:
            return super().on_visit(node)  # type: ignore[misc,no-any-return]
        hook = method(type(self), "visit_" + type(node).__name__)
        return hook is None or hook(self, node) is not False

    def on_leave(self, original_node: cst.CSTNode, *updated: Any) -> Any:
        if not self._quick_leave:
            return super().on_leave(original_node, *updated)  # type: ignore[misc]
        hook = method(type(self), "leave_" + type(original_node).__name__)
        if updated:  # a transformer's (original, updated)
            return updated[0] if hook is None else hook(self, original_node, updated[0])
        if hook is not None:
            hook(self, original_node)
        return None

    def on_visit_attribute(self, node: cst.CSTNode, attribute: str) -> None:
        if type(node).__name__ in self._attribute_types:
            super().on_visit_attribute(node, attribute)  # type: ignore[misc]

    def on_leave_attribute(self, original_node: cst.CSTNode, attribute: str) -> None:
        if type(original_node).__name__ in self._attribute_types:
            super().on_leave_attribute(original_node, attribute)  # type: ignore[misc]


class _ScopeVisitor(QuickHooks, ScopeVisitor):
    pass


class _ExpressionContextVisitor(QuickHooks, ExpressionContextVisitor):
    pass


# ------------------------------------------------------------------ parents
_FIELDS: dict[type, tuple[str, ...]] = {}
_NODE_TYPES: set[type] = set()
_OTHER_TYPES: set[type] = {str, bool, int, type(None), cst.MaybeSentinel}


def _fields(kind: type) -> tuple[str, ...]:
    names = _FIELDS.get(kind)
    if names is None:
        names = _FIELDS[kind] = tuple(f.name for f in dataclasses.fields(kind))
    return names


def _is_node(kind: type) -> bool:
    if kind in _NODE_TYPES:
        return True
    if kind in _OTHER_TYPES:
        return False
    (_NODE_TYPES if issubclass(kind, cst.CSTNode) else _OTHER_TYPES).add(kind)
    return kind in _NODE_TYPES


def parents(module: cst.CSTNode) -> dict[cst.CSTNode, cst.CSTNode]:
    """node -> its parent, for every node under ``module`` (ParentNodeProvider's answer)."""
    out: dict[cst.CSTNode, cst.CSTNode] = {}
    stack = [module]
    nodes = _NODE_TYPES
    while stack:
        node = stack.pop()
        for name in _fields(type(node)):
            value = getattr(node, name)
            kind = type(value)
            if kind in nodes or _is_node(kind):
                out[value] = node
                stack.append(value)
            elif kind is tuple or kind is list:
                for item in value:
                    if type(item) in nodes or _is_node(type(item)):
                        out[item] = node
                        stack.append(item)
    return out


def walk(root: cst.CSTNode) -> Iterator[cst.CSTNode]:
    """``root`` and every node under it, in no particular order (a visit without hooks)."""
    stack = [root]
    nodes = _NODE_TYPES
    while stack:
        node = stack.pop()
        yield node
        for name in _fields(type(node)):
            value = getattr(node, name)
            kind = type(value)
            if kind in nodes or _is_node(kind):
                stack.append(value)
            elif kind is tuple or kind is list:
                stack.extend(item for item in value if type(item) in nodes or _is_node(type(item)))


# ------------------------------------------------------------------ qualified names
class QualifiedNames(Mapping[cst.CSTNode, "set[QualifiedName]"]):
    """QualifiedNameProvider's answer, computed for a node when it is asked for."""

    def __init__(
        self,
        root: cst.CSTNode,
        scopes: Mapping[cst.CSTNode, Scope | None],
        parent_of: Mapping[cst.CSTNode, cst.CSTNode],
    ) -> None:
        self._root = root
        self._scopes = scopes
        self._parents = parent_of
        self._done: dict[cst.CSTNode, set[QualifiedName]] = {}

    def __getitem__(self, node: cst.CSTNode) -> set[QualifiedName]:
        done = self._done.get(node)
        if done is not None:
            return done
        scope = self._scopes.get(node)
        found: set[QualifiedName]
        if scope is None:
            if node is not self._root and node not in self._parents:
                raise KeyError(node)
            found = set()
        else:
            found = cast("set[QualifiedName]", scope.get_qualified_names_for(node))
        self._done[node] = found
        return found

    def __iter__(self) -> Iterator[cst.CSTNode]:
        yield self._root
        yield from self._parents

    def __len__(self) -> int:
        return len(self._parents) + 1


def import_roots(scopes: Mapping[cst.CSTNode, Scope | None]) -> frozenset[str]:
    """The first names an import binds in any scope (``os`` for ``import os.path``)."""
    return frozenset(
        assignment.name.split(".", 1)[0]
        for scope in {s for s in scopes.values() if s is not None}
        for assignment in scope.assignments
        if isinstance(assignment, ImportAssignment)
    )


# ------------------------------------------------------------------ resolution
_OURS = (ExpressionContextProvider, ScopeProvider, QualifiedNameProvider, ParentNodeProvider)


def metadata(wrapper: MetadataWrapper, key: type[BaseMetadataProvider[Any]]) -> Mapping[Any, Any]:
    """``wrapper.resolve(key)``, through :func:`resolve` for the providers it computes and
    without a batched traversal for positions (LibCST runs one, empty, after them)."""
    cache = getattr(wrapper, "_metadata", None)
    if isinstance(cache, dict):
        found = cache.get(key)
        if found is not None:
            return found  # type: ignore[no-any-return]
        if key in _OURS:
            resolve(wrapper)
            return cache[key]  # type: ignore[no-any-return]
        if key is PositionProvider:
            cache[key] = PositionProvider()._gen(wrapper)
            return cache[key]  # type: ignore[no-any-return]
    return wrapper.resolve(key)


def resolve(wrapper: MetadataWrapper) -> None:
    """Put expression contexts, scopes, qualified names and parents of ``wrapper.module``
    into the wrapper (each unless it is there)."""
    cache = getattr(wrapper, "_metadata", None)
    if not isinstance(cache, dict):  # another LibCST: its own resolution
        wrapper.resolve_many(_OURS)
        return
    module = wrapper.module
    if ExpressionContextProvider not in cache:
        provider: Any = ExpressionContextProvider()
        module.visit(_ExpressionContextVisitor(provider, ExpressionContext.LOAD))
        cache[ExpressionContextProvider] = MappingProxyType(provider._computed)
    if ScopeProvider not in cache:
        provider = ScopeProvider()
        with provider.resolve(wrapper):  # its dependency, resolved above
            visitor = _ScopeVisitor(provider)
            module.visit(visitor)
            visitor.infer_accesses()
        cache[ScopeProvider] = MappingProxyType(provider._computed)
    if ParentNodeProvider not in cache:
        cache[ParentNodeProvider] = MappingProxyType(parents(module))
    if QualifiedNameProvider not in cache:
        cache[QualifiedNameProvider] = QualifiedNames(
            module, cache[ScopeProvider], cache[ParentNodeProvider]
        )
