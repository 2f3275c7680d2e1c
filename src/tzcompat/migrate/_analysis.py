"""What the codemod infers about values: which expressions are zones (pytz's or others),
which datetimes are aware in a pytz zone, which are naive, timedeltas, numbers.

One home for the inference every rule shares. ``Analysis`` is a mixin of the traversal
(``_traversal.Migrator``): it reads LibCST metadata through ``get_metadata`` and the module facts
the traversal holds (``index``, ``module_name``, ``has_pytz``, ``pytz_world``, ``makes_aware``).
"""

from __future__ import annotations

import functools

import libcst as cst
from libcst.metadata import (
    Assignment,
    ParentNodeProvider,
    PositionProvider,
    QualifiedNameProvider,
    QualifiedNameSource,
    ScopeProvider,
)

from . import _cst, _helpers, _kinds
from ._facts import UTC_REFS, VALUES
from ._kinds import canon, is_legacy_name
from ._project import ProjectIndex, resolve_relative
from ._state import RuleState

TYPE_CHECKING = False
if TYPE_CHECKING:
    from types import UnionType
    from typing import Any


ARITH = (cst.Add, cst.Subtract)


def string_value(node: cst.BaseExpression) -> str | None:
    if isinstance(node, cst.SimpleString):
        value = node.evaluated_value
        return value if isinstance(value, str) else None
    return None


@functools.lru_cache(maxsize=1)
def known_keys() -> dict[str, str]:
    """Lower-cased IANA key -> key, from the data installed where the codemod runs."""
    import zoneinfo

    return {k.lower(): k for k in zoneinfo.available_timezones()}


def source(node: cst.CSTNode) -> str:
    """The source text of ``node``."""
    return cst.Module(body=[]).code_for_node(node)


class Analysis:
    """Inference over the module being migrated (a mixin of the traversal)."""

    index: ProjectIndex | None
    module_name: str | None
    is_package: bool
    has_pytz: bool
    pytz_world: bool
    makes_aware: bool
    own_helpers: frozenset[str]
    state: RuleState

    if TYPE_CHECKING:
        # Provided by LibCST's MetadataDependent, the traversal's other base.
        def get_metadata(self, key: Any, node: cst.CSTNode, default: Any = ...) -> Any: ...

        # Provided by the traversal: the whole mapping of one provider.
        def get_metadata_map(self, key: Any) -> Any: ...

    def qnames(self, node: cst.CSTNode) -> set[str]:
        found = self.get_metadata(QualifiedNameProvider, node, set())
        return {
            canon(resolve_relative(q.name, self.module_name, self.is_package))
            for q in found
            if q.source is QualifiedNameSource.IMPORT
        }

    def ref(self, node: cst.CSTNode) -> str | None:
        """The pytz/dateutil.tz name ``node`` refers to, if any."""
        if isinstance(node, cst.Name) and node.value in self.own_helpers:
            return None  # bound by the helpers' try-import of pytz's classes: already migrated
        if isinstance(node, cst.Attribute) and (
            not isinstance(node.value, cst.Name | cst.Attribute) or self.ref(node.value) in VALUES
        ):
            # an attribute of a pytz object (pytz.utc.localize, pytz.timezone(k).zone), not a
            # module attribute: QualifiedNameProvider looks through calls, so stop it here
            return None
        for q in self.qnames(node):
            if is_legacy_name(q):
                return q
        return None

    def parent(self, node: cst.CSTNode) -> cst.CSTNode | None:
        return self.get_metadata(ParentNodeProvider, node, None)  # type: ignore[no-any-return]

    def line(self, node: cst.CSTNode) -> int:
        pos = self.get_metadata(PositionProvider, node, None)
        return pos.start.line if pos else 0

    def enclosing(self, node: cst.CSTNode | None, kind: type | UnionType) -> cst.CSTNode | None:
        while node is not None and not isinstance(node, kind):
            node = self.parent(node)
        return node

    def assigned_values(self, name: cst.Name) -> list[cst.CSTNode] | None:
        """The statements (Assign, AnnAssign, AugAssign...) binding ``name`` in its scope."""
        scope = self.get_metadata(ScopeProvider, name, None)
        if scope is None:
            return None
        out: list[cst.CSTNode] = []
        for assignment in scope[name.value]:
            if not isinstance(assignment, Assignment) or not isinstance(assignment.node, cst.Name):
                out.append(getattr(assignment, "node", cst.Name("__builtin__")))
                continue
            parent = self.parent(assignment.node)
            if isinstance(parent, cst.AssignTarget):
                parent = self.parent(parent)
            out.append(parent if parent is not None else assignment.node)
        return out

    def single_value(self, name: cst.Name) -> cst.BaseExpression | None:
        stmts = self.assigned_values(name)
        if not stmts or len(stmts) != 1:
            return None
        (stmt,) = stmts
        if isinstance(stmt, cst.Assign) and len(stmt.targets) == 1:
            return stmt.value
        if isinstance(stmt, cst.AnnAssign) and stmt.value is not None:
            return stmt.value
        return None

    def zone_kind(
        self, node: cst.BaseExpression, depth: int = 0, use_index: bool = True
    ) -> str | None:
        """ "zone", "utc" or "fixed" when ``node`` provably is a pytz tzinfo, else None.

        With ``use_index``, also a name imported from (or a call to a function of) another
        module of the project that holds (returns) one.
        """
        if isinstance(node, cst.Call):
            q = self.ref(node.func)
            kind = _kinds.pytz_kind(_kinds.made_by(q))
            if kind is not None:
                return kind
            if use_index and self.index is not None and q is None:
                for name in self.qnames(node.func):
                    if name in self.index.zone_functions:
                        return self.index.zone_functions[name]
            return None
        kind = _kinds.pytz_kind(_kinds.value_kind(self.ref(node)))
        if kind is not None:
            return kind
        if use_index and self.index is not None and isinstance(node, cst.Name | cst.Attribute):
            for name in self.qnames(node):
                if name in self.index.zones:
                    return self.index.zones[name]
        if isinstance(node, cst.Name) and depth < 4:
            value = self.single_value(node)
            if value is not None:
                return self.zone_kind(value, depth + 1, use_index)
        return None

    def tz_like(self, node: cst.BaseExpression) -> bool:
        """True when the receiver's name says it is a time zone (``tz``, ``self.timezone``...)."""
        if isinstance(node, cst.Call):
            node = node.func
        if isinstance(node, cst.Attribute):
            name = node.attr.value
        elif isinstance(node, cst.Name):
            name = node.value
        elif isinstance(node, cst.Subscript) and len(node.slice) == 1:
            index = node.slice[0].slice
            key = string_value(index.value) if isinstance(index, cst.Index) else None
            if key is None:
                return False
            name = key  # conf["default_timezone"]
        else:
            return False
        return _kinds.named_like_zone(name)

    def other_zone(self, node: cst.BaseExpression, depth: int = 0) -> bool:
        """True when ``node`` is a zone known to come from dateutil, zoneinfo or the stdlib
        (``gettz(name)``, ``ZoneInfo(key)``, ``timezone.utc``, a name bound once to one):
        never a pytz zone, whatever the project does elsewhere."""
        if isinstance(node, cst.Call):
            names = self.qnames(node.func)
            return any(_kinds.known_other(_kinds.made_by(canon(q))) for q in names)
        if isinstance(node, cst.Name | cst.Attribute):
            if any(_kinds.known_other(_kinds.value_kind(q)) for q in self.qnames(node)):
                return True
        if isinstance(node, cst.Name) and depth < 4:
            value = self.single_value(node)
            return value is not None and self.other_zone(value, depth + 1)
        return False

    def is_aware(self, node: cst.BaseExpression, depth: int = 0) -> bool:
        """True when ``node`` provably evaluates to an aware datetime (or raises)."""
        if depth > 6:
            return False
        if isinstance(node, cst.Call):
            func = node.func
            if isinstance(func, cst.Name):
                return func.value in (_helpers.LOCALIZE_NAME, _helpers.NORMALIZE_NAME)
            if not isinstance(func, cst.Attribute):
                return False
            method = func.attr.value
            if method in ("localize", "normalize", "astimezone"):
                return True
            kwargs = {a.keyword.value: a.value for a in node.args if a.keyword}
            if method in ("replace", "combine") or "datetime.datetime" in self.qnames(func):
                tz = kwargs.get("tzinfo")
                return tz is not None and self.is_tzinfo(tz)
            positional = [a for a in node.args if a.keyword is None]
            where = {"now": 0, "fromtimestamp": 1}.get(method)
            if where is not None:
                tz = kwargs.get("tz")
                if tz is None and len(positional) > where:
                    tz = positional[where].value
                return tz is not None and self.is_tzinfo(tz)
            return False
        if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, ARITH):
            if self.is_timedelta(node.right):
                return self.is_aware(node.left, depth + 1)
            if isinstance(node.operator, cst.Add) and self.is_timedelta(node.left):
                return self.is_aware(node.right, depth + 1)
            return False
        if isinstance(node, cst.Name):
            value = self.single_value(node)
            return value is not None and self.is_aware(value, depth + 1)
        return False

    def is_tzinfo(self, node: cst.BaseExpression) -> bool:
        """True when ``node`` is provably a tzinfo object (never None)."""
        if self.zone_kind(node) is not None:
            return True
        q = self.ref(node)
        if q in UTC_REFS:
            return True
        if isinstance(node, cst.Call):
            return self.ref(node.func) in ("dateutil.tz.tzutc", "dateutil.tz.tzoffset")
        return bool({"datetime.timezone.utc", "datetime.UTC"} & self.qnames(node))

    def is_naive(self, node: cst.BaseExpression, depth: int = 0) -> bool:
        """True when ``node`` provably evaluates to a naive datetime."""
        if depth > 6:
            return False
        if isinstance(node, cst.Call):
            func = node.func
            qnames = self.qnames(func)
            kwargs = {a.keyword.value: a.value for a in node.args if a.keyword}
            positional = [a for a in node.args if a.keyword is None]
            if "datetime.datetime" in qnames:  # the 8th positional argument is tzinfo
                starred = any(a.star for a in node.args)
                return not starred and "tzinfo" not in kwargs and len(positional) < 8
            if qnames & {"datetime.datetime.utcnow", "datetime.datetime.utcfromtimestamp"}:
                return True
            if any(q in ("datetime.datetime.now", "datetime.datetime.today") for q in qnames):
                return not node.args
            if isinstance(func, cst.Attribute) and func.attr.value == "replace":
                tz = kwargs.get("tzinfo")
                return isinstance(tz, cst.Name) and tz.value == "None"
            return False
        if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, ARITH):
            if self.is_timedelta(node.right):
                return self.is_naive(node.left, depth + 1)
            return False
        if isinstance(node, cst.Name):
            value = self.single_value(node)
            return value is not None and self.is_naive(value, depth + 1)
        if isinstance(node, cst.Attribute):
            return bool(self.qnames(node) & {"datetime.datetime.min", "datetime.datetime.max"})
        return False

    def is_number(self, node: cst.BaseExpression, depth: int = 0) -> bool:
        """True when ``node`` provably is an int or float (not a timedelta)."""
        if depth > 6:
            return False
        if isinstance(node, cst.Integer | cst.Float):
            return True
        if isinstance(node, cst.UnaryOperation):
            return self.is_number(node.expression, depth + 1)
        if isinstance(node, cst.BinaryOperation):
            return self.is_number(node.left, depth + 1) and self.is_number(node.right, depth + 1)
        if isinstance(node, cst.Call):
            if isinstance(node.func, cst.Name) and node.func.value in ("int", "float", "round"):
                return True
            return isinstance(node.func, cst.Attribute) and node.func.attr.value == "total_seconds"
        if isinstance(node, cst.Name):
            value = self.single_value(node)
            return value is not None and self.is_number(value, depth + 1)
        return False

    def static_zone(self, node: cst.BaseExpression, depth: int = 0) -> bool:
        """True when ``node`` is ``pytz.timezone(<literal static key>)`` (no LMT problem)."""
        if isinstance(node, cst.Name) and depth < 4:
            value = self.single_value(node)
            return value is not None and self.static_zone(value, depth + 1)
        if isinstance(node, cst.Call) and node.args:
            key = string_value(node.args[0].value)
            if key is not None:
                return _kinds.static_key(key)
        return False

    def is_timedelta(self, node: cst.BaseExpression, depth: int = 0) -> bool:
        """True when ``node`` provably evaluates to a ``datetime.timedelta``."""
        if depth > 6:
            return False
        if isinstance(node, cst.Call):
            return "datetime.timedelta" in self.qnames(node.func)
        if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Minus | cst.Plus):
            return self.is_timedelta(node.expression, depth + 1)
        if isinstance(node, cst.BinaryOperation):
            if isinstance(node.operator, cst.Multiply):
                return self.is_timedelta(node.left, depth + 1) != self.is_timedelta(
                    node.right, depth + 1
                )
            if isinstance(node.operator, ARITH):
                return self.is_timedelta(node.left, depth + 1) and self.is_timedelta(
                    node.right, depth + 1
                )
            return False
        if isinstance(node, cst.Name):
            value = self.single_value(node)
            return value is not None and self.is_timedelta(value, depth + 1)
        return False

    def is_delta(self, node: cst.BaseExpression) -> bool:
        if self.is_timedelta(node):
            return True
        return isinstance(node, cst.Call) and bool(
            {"dateutil.relativedelta.relativedelta", "dateutil.relativedelta"}
            & self.qnames(node.func)
        )

    def from_arithmetic(self, name: cst.Name) -> bool:
        """True when ``name`` is (re)bound by ``+``/``-`` anywhere in its scope."""
        for stmt in self.assigned_values(name) or ():
            if isinstance(stmt, cst.AugAssign) and isinstance(
                stmt.operator, cst.AddAssign | cst.SubtractAssign
            ):
                return True
            value = getattr(stmt, "value", None)
            if isinstance(value, cst.BinaryOperation) and isinstance(value.operator, ARITH):
                return True
        return False

    @staticmethod
    def root(node: cst.BaseExpression) -> cst.BaseExpression:
        while isinstance(node, cst.Attribute | cst.Call | cst.Subscript):
            node = node.func if isinstance(node, cst.Call) else node.value
        return node

    def foreign(self, node: cst.BaseExpression) -> bool:
        """True when the receiver's root name is imported from somewhere other than pytz."""
        root = self.root(node)
        if not isinstance(root, cst.Name):
            return False
        names = self.qnames(root)
        return bool(names) and not any(is_legacy_name(q) for q in names)

    def from_project(self, node: cst.BaseExpression) -> bool:
        """True when the receiver's root name is imported from a module of the project."""
        root = self.root(node)
        if self.index is None or not isinstance(root, cst.Name):
            return False
        for qualified in self.qnames(root):
            parts = qualified.split(".")
            if any(".".join(parts[:i]) in self.index.modules for i in range(len(parts), 0, -1)):
                return True
        return False

    def utc_like(self, node: cst.BaseExpression, depth: int = 0) -> bool:
        """True when the tzinfo expression ``node`` is UTC or a fixed offset (no DST)."""
        if self.zone_kind(node) in ("utc", "fixed") or self.ref(node) in UTC_REFS:
            return True
        if isinstance(node, cst.Call):
            func = self.ref(node.func)
            qnames = self.qnames(node.func)
            if "zoneinfo.ZoneInfo" in qnames or func == "pytz.timezone":
                return self.static_zone(node)  # ZoneInfo("UTC"), as pytz.utc becomes
            return func in ("dateutil.tz.tzutc", "dateutil.tz.tzoffset") or (
                "datetime.timezone" in qnames
            )
        if isinstance(node, cst.Attribute) and node.attr.value == "utc":
            return True  # timezone.utc, dt_timezone.utc
        if isinstance(node, cst.Name) and depth < 4:
            value = self.single_value(node)
            if value is not None and self.utc_like(value, depth + 1):
                return True
        qnames = self.qnames(node)
        if self.index is not None and qnames & self.index.utc_names:
            return True  # a project module's UTC = pytz.utc (or, migrated, ZoneInfo("UTC"))
        return bool({"datetime.timezone.utc", "datetime.UTC"} & qnames)

    def zone_aware(self, node: cst.BaseExpression, depth: int = 0) -> bool:
        """True when ``node`` may be a datetime aware in a pytz zone with DST (localize(),
        astimezone(tz), now(tz), a project function returning one...)."""
        if depth > 6:
            return False
        if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, ARITH):
            return self.zone_aware(node.left, depth + 1)
        if isinstance(node, cst.Name):
            # bindings after the use count only in a loop (they flow back on the next turn);
            # the value is asked first: lines cost a code generation pass over the module
            looped: bool | None = None
            for stmt in self.assigned_values(node) or ():
                if isinstance(stmt, cst.Param):
                    if self.aware_parameter(stmt):
                        return True
                    continue
                if not isinstance(stmt, cst.Assign | cst.AnnAssign | cst.AugAssign):
                    if self.element_aware(stmt, depth):
                        return True
                    continue
                value = getattr(stmt, "value", None)
                if not isinstance(stmt, cst.Assign | cst.AnnAssign) or value is None:
                    continue
                if not self.zone_aware(value, depth + 1):
                    continue
                if looped is None:
                    looped = self.enclosing(node, cst.For | cst.While) is not None
                if looped or self.line(stmt) < self.line(node):
                    return True
            return False
        if isinstance(node, cst.Attribute):
            return self.attribute_aware(node, depth)
        if isinstance(node, cst.Subscript):
            if self.items_aware(node.value, depth + 1):  # moments[0]
                return True
            # row["at"]: rows are dicts the analysis loses track of (a parameter, a loop
            # over one); the module storing an aware datetime under that key is the evidence
            key = node.slice[0].slice if len(node.slice) == 1 else None
            text = string_value(key.value) if isinstance(key, cst.Index) else None
            return text is not None and self.aware_field(text)
        if not isinstance(node, cst.Call) or self.pinned(node):
            return False
        func = node.func
        found = self.attached_tz(node)
        if found is not None:
            tz, method = found
            if method == "localize":  # localize() or normalize() on tz, or their helpers
                if isinstance(func, cst.Attribute):
                    ok, kind = self.pytz_receiver(tz)
                    # utc_like too: pytz.timezone('Greenwich') is static, as the helper's
                    # ZoneInfo('Greenwich') is on a second run (idempotence)
                    return ok and kind not in ("utc", "fixed") and not self.utc_like(tz)
                return not self.utc_like(tz)
            if self.utc_like(tz) or (isinstance(tz, cst.Name) and tz.value == "None"):
                return False
            if self.other_zone(tz):
                return False  # gettz(...), ZoneInfo(...): never pytz's, whatever the project
            return self.zone_kind(tz) is not None or self.tz_like(tz)
        extreme = self.extreme_of(node, depth)
        if extreme is not None:
            value, iterable = extreme
            if iterable:
                return self.items_aware(value, depth + 1)
            return self.zone_aware(value, depth + 1)
        if isinstance(func, cst.Name):
            return bool(
                self.index is not None
                and self.module_name
                and self.index.aware_function(f"{self.module_name}.{func.value}")
            ) or self.index_aware(func)
        if not isinstance(func, cst.Attribute):
            return False
        method = func.attr.value
        if isinstance(func.value, cst.Name) and func.value.value in ("self", "cls"):
            cls = self.enclosing(node, cst.ClassDef)
            if cls is not None and self.index is not None and self.module_name:
                name = f"{self.module_name}.{cls.name.value}.{method}"  # type: ignore[attr-defined]
                return self.index.aware_function(name)
            return False
        return self.index_aware(func)

    def element_aware(self, target: cst.CSTNode, depth: int) -> bool:
        """For a name bound as a loop or comprehension target, or by unpacking (``for a, b in
        zip(xs, xs[1:])``, ``start, end = self.span(...)``): True when what it iterates over
        or unpacks may hold datetimes aware in a pytz zone."""
        node: cst.CSTNode | None = target
        while isinstance(node, cst.Element | cst.StarredElement | cst.Tuple | cst.List):
            node = self.parent(node)
        if isinstance(node, cst.AssignTarget):
            node = self.parent(node)
        if isinstance(node, cst.CompFor | cst.For):
            return self.items_aware(node.iter, depth + 1)
        if isinstance(node, cst.Assign) and target is not node:
            position = self._unpacked_at(target, node)
            if position is not None:
                return self._part_aware(node.value, position, depth)
            return self.items_aware(node.value, depth + 1)
        return False

    def _unpacked_at(self, target: cst.CSTNode, stmt: cst.Assign) -> int | None:
        """The position of ``target`` in ``a, b = ...`` (a flat tuple target, no star)."""
        element = target if isinstance(target, cst.Element) else self.parent(target)
        tuple_ = self.parent(element) if isinstance(element, cst.Element) else None
        if not isinstance(tuple_, cst.Tuple | cst.List) or len(stmt.targets) != 1:
            return None
        if stmt.targets[0].target is not tuple_:
            return None
        for position, item in enumerate(tuple_.elements):
            if item is element:
                return position
        return None

    def _part_aware(self, value: cst.BaseExpression, position: int, depth: int) -> bool:
        """Item ``position`` of what ``a, b = value`` unpacks: a tuple written out, or the
        tuples the module's own function returns (``next_date, fieldnum = self._step(...)``
        binds a datetime and an int); other values as a whole."""
        if isinstance(value, cst.Tuple | cst.List):
            if position < len(value.elements):
                return self._item_aware(value.elements[position].value, depth)
            return False
        if isinstance(value, cst.Call):
            returns = self.own_returns(value)
            if returns and all(isinstance(r, cst.Tuple) for r in returns):
                return any(
                    position < len(r.elements)  # type: ignore[attr-defined]
                    and self._item_aware(r.elements[position].value, depth)  # type: ignore[attr-defined]
                    for r in returns
                )
        return self.items_aware(value, depth + 1)

    def items_aware(self, node: cst.BaseExpression, depth: int = 0) -> bool:
        """True when the items of the iterable ``node`` (a list, a comprehension, a name
        appended to, a function's returned list, ``sorted(...)``, ``zip(...)``, a tuple a
        method returns) may be datetimes aware in a pytz zone, or tuples of them."""
        if depth > 6:
            return False
        if isinstance(node, cst.List | cst.Tuple | cst.Set):
            return any(self._item_aware(e.value, depth) for e in node.elements)
        if isinstance(node, cst.ListComp | cst.SetComp | cst.GeneratorExp):
            return self._item_aware(node.elt, depth)
        if isinstance(node, cst.Subscript):
            part = self._returned_part(node)
            if part is not None:  # zone, events = f(...); f(...)[1]
                return self.items_aware(part, depth + 1)
            return self.items_aware(node.value, depth + 1)  # moments[1:]
        if isinstance(node, cst.Name):
            for stmt in self.assigned_values(node) or ():
                if isinstance(stmt, cst.Param) and self._param_items_aware(stmt, depth):
                    return True
                value = getattr(stmt, "value", None)
                if isinstance(stmt, cst.Assign | cst.AnnAssign) and value is not None:
                    if self.items_aware(value, depth + 1):
                        return True
            return any(self._item_aware(v, depth) for v in self._added(node))
        if not isinstance(node, cst.Call):
            return False
        func = node.func
        args = [a.value for a in node.args if a.keyword is None and not a.star]
        if isinstance(func, cst.Name) and func.value in _ITERATORS:
            if func.value == "zip":
                return any(self.items_aware(a, depth + 1) for a in args)
            return bool(args) and self.items_aware(args[0], depth + 1)
        if isinstance(func, cst.Attribute) and func.attr.value in _VIEWS and not args:
            keys, values = self.mapping_parts(func.value)
            view = func.attr.value
            parts = keys if view == "keys" else values if view == "values" else keys + values
            return any(self._item_aware(v, depth) for v in parts)
        if len(args) > 1 and self.qnames(func) & {"heapq.nsmallest", "heapq.nlargest"}:
            return self.items_aware(args[1], depth + 1)
        return any(self.items_aware(r, depth + 1) for r in self.own_returns(node))

    def extreme_of(
        self, call: cst.Call, depth: int = 0
    ) -> tuple[cst.BaseExpression, bool] | None:
        """For ``min(xs)``/``max(a, b)`` with no ``key=``/``default=`` and ``heapq.heappop(h)``
        (one of the values compared comes out): (the iterable, True) or (the first
        argument that may be aware, False), else None."""
        func = call.func
        if not call.args or any(a.keyword is not None or a.star for a in call.args):
            return None
        args = [a.value for a in call.args]
        if isinstance(func, cst.Name) and func.value in ("min", "max") and self.ref(func) is None:
            if len(args) == 1:
                return args[0], True
            for arg in args:
                if self.zone_aware(arg, depth + 1):
                    return arg, False
            return None
        if self.qnames(func) & _HEAP_POPS:
            return args[0], True
        return None

    def mapping_parts(
        self, node: cst.BaseExpression
    ) -> tuple[list[cst.BaseExpression], list[cst.BaseExpression]]:
        """(keys, values) a dict named ``node`` is built with or given in its scope: a dict
        literal or comprehension bound to it, ``d[k] = v`` stores and ``d.setdefault(k, v)``
        in the same function (or at module level)."""
        keys: list[cst.BaseExpression] = []
        values: list[cst.BaseExpression] = []
        if not isinstance(node, cst.Name):
            return keys, values
        for stmt in self.assigned_values(node) or ():
            value = getattr(stmt, "value", None)
            if isinstance(value, cst.Dict):
                for element in value.elements:
                    if isinstance(element, cst.DictElement):
                        keys.append(element.key)
                        values.append(element.value)
            elif isinstance(value, cst.DictComp):
                keys.append(value.key)
                values.append(value.value)
        scope = self.enclosing(node, cst.FunctionDef | cst.Module)
        for key, value in self.stores().get(node.value, ()):
            if self.enclosing(key, cst.FunctionDef | cst.Module) is not scope:
                continue  # another function's dict of that name
            keys.append(key)
            if value is not None:
                values.append(value)
        return keys, values

    def stores(self) -> dict[str, list[tuple[cst.BaseExpression, cst.BaseExpression | None]]]:
        """name -> (key, value) for every ``name[key] = value`` (value None for ``+=``) and
        ``name.setdefault(key, value)`` of the module, read once off the parent map."""
        found = self.state.subscript_stores
        if found is None:
            found = self.state.subscript_stores = {}
            for node in self.get_metadata_map(ParentNodeProvider):
                targets: list[tuple[cst.BaseExpression, cst.BaseExpression | None]] = []
                if type(node) is cst.Assign:
                    targets = [(t.target, node.value) for t in node.targets]
                elif type(node) is cst.AugAssign:
                    targets = [(node.target, None)]
                elif type(node) is cst.Call and isinstance(node.func, cst.Attribute):
                    if node.func.attr.value == "setdefault" and len(node.args) == 2:
                        if isinstance(node.func.value, cst.Name):
                            found.setdefault(node.func.value.value, []).append(
                                (node.args[0].value, node.args[1].value)
                            )
                for target, value in targets:
                    if (
                        isinstance(target, cst.Subscript)
                        and isinstance(target.value, cst.Name)
                        and len(target.slice) == 1
                        and isinstance(target.slice[0].slice, cst.Index)
                    ):
                        key = target.slice[0].slice.value
                        found.setdefault(target.value.value, []).append((key, value))
        return found

    def record_fields(self, func: cst.BaseExpression) -> list[str] | None:
        """The field names, in order, of the module's record class ``func`` names: a
        ``namedtuple(...)``, a ``NamedTuple`` subclass or a dataclass/attrs class (whose
        instances compare and hash as tuples of their fields); None for anything else."""
        if not isinstance(func, cst.Name):
            return None
        value = self.single_value(func)
        if isinstance(value, cst.Call) and self.qnames(value.func) & _NAMEDTUPLES:
            if len(value.args) < 2:
                return None
            fields = value.args[1].value
            text = string_value(fields)
            if text is not None:
                return text.replace(",", " ").split()
            if isinstance(fields, cst.List | cst.Tuple):
                names = []
                for element in fields.elements:
                    item = element.value
                    if isinstance(item, cst.Tuple) and item.elements:
                        item = item.elements[0].value  # NamedTuple("E", [("start", datetime)])
                    name = string_value(item)
                    if name is None:
                        return None
                    names.append(name)
                return names
            return None
        cls = self._defined(func)
        if not isinstance(cls, cst.ClassDef):
            return None
        record = any(self.qnames(b.value) & _NAMEDTUPLES for b in cls.bases) or any(
            _decorator(d) in _DATACLASS_DECORATORS for d in cls.decorators
        )
        if not record:
            return None
        return [
            small.target.value
            for stmt in cls.body.body
            if isinstance(stmt, cst.SimpleStatementLine)
            for small in stmt.body
            if isinstance(small, cst.AnnAssign) and isinstance(small.target, cst.Name)
        ]

    def _returned_part(self, node: cst.Subscript) -> cst.BaseExpression | None:
        """``f(...)[i]`` where the module's ``f`` returns one tuple written out: its item
        ``i``."""
        if len(node.slice) != 1 or not isinstance(node.value, cst.Call):
            return None
        index = node.slice[0].slice
        if not isinstance(index, cst.Index) or not isinstance(index.value, cst.Integer):
            return None
        position = int(index.value.value)
        returns = self.own_returns(node.value)
        if len(returns) != 1 or not isinstance(returns[0], cst.Tuple):
            return None
        elements = returns[0].elements
        return elements[position].value if position < len(elements) else None

    def _param_items_aware(self, param: cst.Param, depth: int) -> bool:
        """A parameter of a module-level function that some call of the module hands an
        iterable of pytz-aware datetimes (``billed_window(_events(key, naives)[1])``)."""
        func = self.enclosing(param, cst.FunctionDef)
        if not isinstance(func, cst.FunctionDef) or self.enclosing(
            self.parent(func), cst.FunctionDef | cst.ClassDef
        ) is not None:
            return False
        positional = [*func.params.posonly_params, *func.params.params]
        position = next((i for i, p in enumerate(positional) if p is param), None)
        for call in self._calls_by_name().get(func.name.value, ()):
            if not isinstance(call.func, cst.Name):
                continue
            for index, arg in enumerate(call.args):
                if arg.star:
                    break
                named = arg.keyword is not None and arg.keyword.value == param.name.value
                if (named or (arg.keyword is None and index == position)) and self.items_aware(
                    arg.value, depth + 1
                ):
                    return True
        return False

    def record_aware(self, call: cst.Call, depth: int = 0) -> bool:
        """``Rec(...)`` of a record class of the module with an argument that may be a
        datetime aware in a pytz zone: a tuple of fields, one of them such a datetime."""
        if self.record_fields(call.func) is None:
            return False
        return any(self.zone_aware(a.value, depth + 1) for a in call.args if not a.star)

    def aware_field(self, name: str) -> bool:
        """True when the module stores a datetime aware in a pytz zone under attribute or
        key ``name``: a class member of that name, a ``name=`` keyword argument (records,
        ``dict(name=...)``), a ``{"name": ...}`` dict entry, or a record class's field
        ``name`` filled positionally."""
        cache = self.state.aware_fields
        if name in cache:
            return cache[name]
        cache[name] = False  # a cycle through the question answers no
        found = False
        for node in self.get_metadata_map(ParentNodeProvider):
            kind = type(node)
            if kind is cst.ClassDef:
                values = self.class_members(node).get(name, ())
                found = any(self.zone_aware(v) for v in values)
            elif kind is cst.Arg:
                found = (
                    node.keyword is not None
                    and node.keyword.value == name
                    and self.zone_aware(node.value)
                )
            elif kind is cst.DictElement:
                found = string_value(node.key) == name and self.zone_aware(
                    node.value
                )
            elif kind is cst.Call:
                fields = self.record_fields(node.func)
                if fields and name in fields:
                    position = fields.index(name)
                    args = [a for a in node.args if a.keyword is None]
                    found = (
                        position < len(args)
                        and not any(a.star for a in args[: position + 1])
                        and self.zone_aware(args[position].value)
                    )
            if found:
                break
        cache[name] = found
        return found

    def _item_aware(self, node: cst.BaseExpression, depth: int) -> bool:
        if isinstance(node, cst.Tuple | cst.List):
            return self.items_aware(node, depth + 1)
        if isinstance(node, cst.Dict):  # rows: {"when": aware, ...}
            return any(
                self.zone_aware(e.value, depth + 1)
                for e in node.elements
                if isinstance(e, cst.DictElement)
            )
        if isinstance(node, cst.Call) and self.record_aware(node, depth):
            return True
        return self.zone_aware(node, depth + 1)

    def _added(self, name: cst.Name) -> list[cst.BaseExpression]:
        """What ``name.append(x)``/``.add(x)``/``.insert(i, x)`` put into the list or set
        ``name`` in its function (or module)."""
        scope = self.enclosing(name, cst.FunctionDef | cst.Module)
        if scope is None:
            return []
        cache = self.state.added_items
        found = cache.get(id(scope))
        if found is None:
            found = cache[id(scope)] = {}
            calls = self._calls_by_name()
            for method, where in (("append", 0), ("add", 0), ("insert", 1)):
                for call in calls.get(method, ()):
                    func = call.func
                    if not isinstance(func, cst.Attribute) or not isinstance(func.value, cst.Name):
                        continue
                    if (
                        len(call.args) > where
                        and self.enclosing(call, cst.FunctionDef | cst.Module) is scope
                    ):
                        found.setdefault(func.value.value, []).append(call.args[where].value)
            for method in ("heappush", "heappushpop", "insort", "insort_left", "insort_right"):
                for call in calls.get(method, ()):  # heapq.heappush(heap, (when, job))
                    if (
                        len(call.args) > 1
                        and isinstance(call.args[0].value, cst.Name)
                        and self.enclosing(call, cst.FunctionDef | cst.Module) is scope
                    ):
                        found.setdefault(call.args[0].value.value, []).append(call.args[1].value)
        return found.get(name.value, [])

    def own_returns(self, call: cst.Call) -> list[cst.BaseExpression]:
        """The return values of the module's own function or method ``call`` calls: ``f(...)``
        for a function of the module, ``Cls(...).m(...)``/``self.m(...)`` for a method."""
        func = call.func
        target: cst.CSTNode | None = None
        if isinstance(func, cst.Name):
            target = self._defined(func)
        elif isinstance(func, cst.Attribute):
            receiver = func.value
            cls: cst.CSTNode | None = None
            if isinstance(receiver, cst.Name) and receiver.value in ("self", "cls"):
                cls = self.enclosing(func, cst.ClassDef)
            elif isinstance(receiver, cst.Call) and isinstance(receiver.func, cst.Name):
                cls = self._defined(receiver.func)
            if isinstance(cls, cst.ClassDef):
                for stmt in cls.body.body:
                    if isinstance(stmt, cst.FunctionDef) and stmt.name.value == func.attr.value:
                        target = stmt
        if not isinstance(target, cst.FunctionDef):
            return []
        returns: list[cst.BaseExpression] = []
        target.visit(_Returns(returns))
        return returns

    def _defined(self, name: cst.Name) -> cst.CSTNode | None:
        """The one ``def``/``class`` statement ``name`` is bound by, if that is all it is."""
        found = self.assigned_values(name) or []
        if len(found) == 1 and isinstance(found[0], cst.FunctionDef | cst.ClassDef):
            return found[0]
        return None

    def aware_parameter(self, param: cst.Param) -> bool:
        """True when some call of the project hands the parameter a datetime aware in a pytz
        zone (``self._apply_jitter(next_date, ...)`` in a subclass's module, with
        ``next_date = self.timezone.localize(...)``): the index's ``aware_args``."""
        if self.index is None or not self.index.aware_args:
            return False
        func = self.enclosing(param, cst.FunctionDef)
        if not isinstance(func, cst.FunctionDef):
            return False
        name = func.name.value
        keys = {f"{name}:{param.name.value}"}
        positional = [*func.params.posonly_params, *func.params.params]
        for position, other in enumerate(positional):
            if other is param:
                block = self.parent(func)
                method = isinstance(self.parent(block), cst.ClassDef) if block else False
                if method and not any(_decorator(d) == "staticmethod" for d in func.decorators):
                    position -= 1  # self or cls
                keys.add(f"{name}:{position}")
        return not keys.isdisjoint(self.index.aware_args)

    def attribute_aware(self, node: cst.Attribute, depth: int = 0) -> bool:
        """True when ``x.attr`` inside a class reads an attribute the class stores a
        pytz-aware datetime in: ``self.attr = tz.localize(...)`` in any method, a class-level
        value, a property returning one, or a dataclass/attrs field the module fills with one.
        Any receiver counts (``other._dt`` in ``__sub__`` is most often the same class)."""
        cls: cst.CSTNode | None = self._instance_class(node.value, depth)
        if cls is None and isinstance(node.value, cst.Name):
            typed = self._annotated_type(node.value)  # slot: Slot, Slot = namedtuple(...)
            if typed is not None and self.record_field_aware(typed, node.attr.value, depth):
                return True
            cls = self.enclosing(node, cst.ClassDef)
        if not isinstance(cls, cst.ClassDef):
            return False
        values = self.class_members(cls).get(node.attr.value, ())
        return any(self.zone_aware(v, depth + 1) for v in values if v is not node)

    def instance_class(self, node: cst.BaseExpression) -> cst.ClassDef | None:
        """The module's class ``node`` is an instance of, when it is built here."""
        return self._instance_class(node, 0)

    def _instance_class(self, node: cst.BaseExpression, depth: int) -> cst.ClassDef | None:
        """The module's class ``node`` is an instance of, when it is built here: ``Cls(...)``,
        a name bound to one, an item of a list of them (``events[0]``)."""
        if depth > 6:
            return None
        if isinstance(node, cst.Call) and isinstance(node.func, cst.Name):
            found = self._defined(node.func)
            if isinstance(found, cst.FunctionDef):
                # a factory of the module: its return annotation, or what it returns
                cls = self._class_named(found.returns, items=False)
                if cls is not None:
                    return cls
                returns = self.own_returns(node)
                if len(returns) == 1:
                    return self._instance_class(returns[0], depth + 1)
            return found if isinstance(found, cst.ClassDef) else None
        if isinstance(node, cst.Name) and node.value not in ("self", "cls"):
            value = self.single_value(node)
            if value is not None:
                return self._instance_class(value, depth + 1)
            return self._annotated_class(node, depth)
        if isinstance(node, cst.Subscript):
            items = node.value
            if isinstance(items, cst.Name):
                bound = self.single_value(items)
                items = bound if bound is not None else items
            if isinstance(items, cst.ListComp | cst.GeneratorExp | cst.SetComp):
                return self._instance_class(items.elt, depth + 1)
            if isinstance(items, cst.List | cst.Tuple) and items.elements:
                return self._instance_class(items.elements[0].value, depth + 1)
        return None

    def _annotated_class(self, name: cst.Name, depth: int) -> cst.ClassDef | None:
        """The module's class a name's annotation gives: a parameter ``event: Event``, or a
        loop target over a parameter ``events: list[Event]`` (``for event in events``,
        ``[e.at for e in events]``)."""
        typed = self._annotated_type(name)
        found = self._defined(typed) if typed is not None else None
        return found if isinstance(found, cst.ClassDef) else None

    def _annotated_type(self, name: cst.Name) -> cst.Name | None:
        """The type name (``Event``) of a parameter annotated with it, or of a loop target
        over a parameter annotated ``list[Event]`` (``Sequence[Event]``...)."""
        stmts = self.assigned_values(name) or []
        if len(stmts) != 1:
            return None
        (stmt,) = stmts
        if isinstance(stmt, cst.Param):
            return _type_named(stmt.annotation, items=False)
        node: cst.CSTNode | None = stmt
        if isinstance(node, cst.Name):
            node = self.parent(node)
        if isinstance(node, cst.CompFor | cst.For) and isinstance(node.iter, cst.Name):
            bound = self.assigned_values(node.iter) or []
            if len(bound) == 1 and isinstance(bound[0], cst.Param):
                return _type_named(bound[0].annotation, items=True)
        return None

    def _class_named(self, annotation: cst.Annotation | None, items: bool) -> cst.ClassDef | None:
        """The module's class an annotation names (``Event``), or with ``items`` the class
        of its items (``list[Event]``, ``Sequence[Event]``)."""
        typed = _type_named(annotation, items)
        found = self._defined(typed) if typed is not None else None
        return found if isinstance(found, cst.ClassDef) else None

    def record_field_aware(self, typed: cst.Name, field: str, depth: int = 0) -> bool:
        """Field ``field`` of the ``namedtuple(...)`` record ``typed`` names: some
        ``Rec(...)`` call of the module fills it with a pytz-aware datetime."""
        if isinstance(self._defined(typed), cst.ClassDef):
            return False  # a class statement: class_members answers
        fields = self.record_fields(typed)
        if not fields or field not in fields:
            return False
        position = fields.index(field)
        for call in self._calls_by_name().get(typed.value, ()):
            if not isinstance(call.func, cst.Name):
                continue
            for index, arg in enumerate(call.args):
                if arg.star:
                    break
                named = arg.keyword is not None and arg.keyword.value == field
                if (named or (arg.keyword is None and index == position)) and self.zone_aware(
                    arg.value, depth + 1
                ):
                    return True
        return False

    def class_members(self, cls: cst.ClassDef) -> dict[str, list[cst.BaseExpression]]:
        """attribute name -> the expressions the class stores in it (or returns from a
        property of that name, or passes for that dataclass field in the module)."""
        cache = self.state.class_members
        found = cache.get(id(cls))
        if found is not None:
            return found
        members: dict[str, list[cst.BaseExpression]] = {}
        fields: list[str] = []  # class-level annotations without a value, in order
        for stmt in cls.body.body:
            if not isinstance(stmt, cst.SimpleStatementLine):
                continue
            for small in stmt.body:
                if isinstance(small, cst.Assign):
                    for target in small.targets:
                        if isinstance(target.target, cst.Name):
                            members.setdefault(target.target.value, []).append(small.value)
                elif isinstance(small, cst.AnnAssign) and isinstance(small.target, cst.Name):
                    if small.value is None:
                        fields.append(small.target.value)
                    else:
                        members.setdefault(small.target.value, []).append(small.value)

        class _Visitor(_cst.QuickHooks, cst.CSTVisitor):
            def visit_ClassDef(self, node: cst.ClassDef) -> bool:
                return node is cls  # nested classes have their own attributes

            def visit_Assign(self, node: cst.Assign) -> None:
                for target in node.targets:
                    _store(target.target, node.value)

            def visit_AnnAssign(self, node: cst.AnnAssign) -> None:
                if node.value is not None:
                    _store(node.target, node.value)

            def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
                if any(_decorator(d) == "property" for d in node.decorators):
                    returns: list[cst.BaseExpression] = []
                    node.visit(_Returns(returns))
                    members.setdefault(node.name.value, []).extend(returns)

        def _store(target: cst.BaseExpression, value: cst.BaseExpression) -> None:
            if isinstance(target, cst.Attribute) and isinstance(target.value, cst.Name):
                if target.value.value in ("self", "cls"):
                    members.setdefault(target.attr.value, []).append(value)

        cls.visit(_Visitor())
        record = any(self.qnames(b.value) & _NAMEDTUPLES for b in cls.bases)
        if fields and (
            record or any(_decorator(d) in _DATACLASS_DECORATORS for d in cls.decorators)
        ):
            for name, value in self._constructor_arguments(cls, fields):
                members.setdefault(name, []).append(value)
        init = next(
            (
                s
                for s in cls.body.body
                if isinstance(s, cst.FunctionDef) and s.name.value == "__init__"
            ),
            None,
        )
        if init is not None:
            # self.start = start in __init__: the arguments Cls(...) calls of the module pass
            params = [p.name.value for p in init.params.params[1:]]
            passed: dict[str, list[cst.BaseExpression]] = {}
            for name, value in self._constructor_arguments(cls, params):
                passed.setdefault(name, []).append(value)
            for values in members.values():
                for value in list(values):
                    if isinstance(value, cst.Name) and value.value in passed:
                        values.extend(passed[value.value])
        cache[id(cls)] = members
        return members

    def _constructor_arguments(
        self, cls: cst.ClassDef, fields: list[str]
    ) -> list[tuple[str, cst.BaseExpression]]:
        """(field, argument) for every ``Cls(...)`` call in the module (dataclass fields,
        ``__init__`` parameters)."""
        out: list[tuple[str, cst.BaseExpression]] = []
        calls = self._calls_by_name()
        for called in (cls.name.value, "cls", "__class__"):
            for node in calls.get(called, ()):
                for index, arg in enumerate(node.args):
                    if arg.star:
                        break
                    if arg.keyword is not None:
                        out.append((arg.keyword.value, arg.value))
                    elif index < len(fields):
                        out.append((fields[index], arg.value))
        return out

    def _calls_by_name(self) -> dict[str, list[cst.Call]]:
        """The module's calls by the name called (``f(...)``, ``x.f(...)``), read once off the
        parent map's nodes (no visit of the tree)."""
        found = self.state.calls_by_name
        if found is None:
            found = self.state.calls_by_name = {}
            for node in self.get_metadata_map(ParentNodeProvider):
                if type(node) is cst.Call:
                    func = node.func
                    if isinstance(func, cst.Name):
                        found.setdefault(func.value, []).append(node)
                    elif isinstance(func, cst.Attribute):
                        found.setdefault(func.attr.value, []).append(node)
        return found

    def index_aware(self, func: cst.BaseExpression) -> bool:
        if self.index is None:
            return False
        return any(self.index.aware_function(q) for q in self.qnames(func))

    def argument_of(self, node: cst.CSTNode, method: str, helper: str, first: bool) -> bool:
        """True when ``node`` is an argument (``first``: the first) of ``x.method(...)`` or of
        the codemod's ``helper(...)``."""
        arg = self.parent(node)
        call = self.parent(arg) if isinstance(arg, cst.Arg) else None
        if not isinstance(call, cst.Call) or (first and call.args[0] is not arg):
            return False
        func = call.func
        if isinstance(func, cst.Attribute):
            return func.attr.value == method
        return isinstance(func, cst.Name) and func.value == helper

    def utc_aware(self, node: cst.BaseExpression, depth: int = 0) -> bool:
        """True when ``node`` is a datetime made aware in UTC or a fixed offset (no DST)."""
        if isinstance(node, cst.Name) and depth < 4:
            value = self.single_value(node)
            return value is not None and self.utc_aware(value, depth + 1)
        if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, ARITH):
            return self.utc_aware(node.left, depth + 1) and self.is_delta(node.right)
        if not isinstance(node, cst.Call):
            return False
        if self.pinned(node):
            return True
        if "datetime.datetime" in self.qnames(node.func):  # datetime(..., tzinfo=utc)
            kwargs = {a.keyword.value: a.value for a in node.args if a.keyword}
            positional = [a.value for a in node.args if a.keyword is None]
            tz = kwargs.get("tzinfo")
            if tz is None and len(positional) >= 8 and not any(a.star for a in node.args):
                tz = positional[7]  # the 8th positional argument is tzinfo
            return tz is not None and self.utc_like(tz)
        found = self.attached_tz(node)
        return found is not None and self.utc_like(found[0])

    def pinned(self, node: cst.BaseExpression) -> bool:
        """True for a call of the codemod's ``_tz_replace`` helper: a datetime at one fixed
        offset, as pytz held it (an earlier ``--unsafe-fixes`` run wrote it), so ``+``/``-``
        on it and comparisons keep pytz's meaning: the site is not marked again."""
        if not isinstance(node, cst.Call):
            return False
        func = node.func
        if isinstance(func, cst.Attribute):
            func = func.attr
        if isinstance(func, cst.Name) and func.value == _helpers.REPLACE_NAME:
            return True
        return any(q.rpartition(".")[2] == _helpers.REPLACE_NAME for q in self.qnames(node.func))

    def attached_tz(self, call: cst.Call) -> tuple[cst.BaseExpression, str] | None:
        """(tzinfo expression, method) when ``call`` makes an aware datetime in it:
        ``tz.localize(dt)``/``tz.normalize(dt)`` and the helpers (method "localize"),
        ``dt.astimezone(tz)``, ``now(tz)``, ``fromtimestamp(ts, tz)``, ``replace(tzinfo=tz)``."""
        func = call.func
        args = [a.value for a in call.args if a.keyword is None]
        kwargs = {a.keyword.value: a.value for a in call.args if a.keyword}
        if isinstance(func, cst.Name):
            helpers = {_helpers.LOCALIZE_NAME, _helpers.NORMALIZE_NAME} | set(self.own_helpers)
            if func.value in helpers and len(args) >= 2:
                return args[1], "localize"
            return None
        if not isinstance(func, cst.Attribute):
            return None
        method = func.attr.value
        tz = _kinds.zone_argument(method, func.value, args, kwargs)
        if tz is None:
            return None
        return tz, "localize" if method == "normalize" else method

    def maybe_aware_shift(self, shifted: cst.BaseExpression, delta: cst.BaseExpression) -> bool:
        """``shifted + delta`` where ``shifted`` is a datetime of unknown origin in a module
        that makes datetimes aware in zones handed to it (croniter's ``d += relativedelta``)."""
        if not self.makes_aware or not self.is_delta(delta):
            return False
        if self.is_naive(shifted) or self.is_delta(shifted) or self.is_number(shifted):
            return False
        if self.utc_aware(shifted) or self.other_aware(shifted):
            return False
        func = shifted.func if isinstance(shifted, cst.Call) else None
        if isinstance(func, cst.Attribute) and func.attr.value in ("date", "today"):
            return False  # a date has no zone

        root = self.root(shifted)
        name = root.value if isinstance(root, cst.Name) else ""
        return not any(part in name.lower() for part in ("delta", "offset", "duration"))

    def other_aware(self, node: cst.BaseExpression, depth: int = 0) -> bool:
        """True when ``node`` is a datetime made aware in a zone known not to be pytz's
        (``naive.replace(tzinfo=gettz(name))``): its arithmetic was wall time already."""
        if isinstance(node, cst.Name) and depth < 4:
            value = self.single_value(node)
            return value is not None and self.other_aware(value, depth + 1)
        if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, ARITH):
            return self.other_aware(node.left, depth + 1)
        if not isinstance(node, cst.Call):
            return False
        found = self.attached_tz(node)
        return found is not None and found[1] != "localize" and self.other_zone(found[0])

    def tzinfo_pair(self, a: cst.BaseExpression, b: cst.BaseExpression) -> bool:
        """True for ``x.tzinfo`` compared with another tzinfo that may be a pytz zone's."""

        def attr(node: cst.BaseExpression) -> bool:
            return isinstance(node, cst.Attribute) and node.attr.value == "tzinfo"

        def zoneish(node: cst.BaseExpression) -> bool:
            if isinstance(node, cst.Name) and node.value == "None":
                return False
            return attr(node) or (
                not self.utc_like(node) and (self.zone_kind(node) is not None or self.tz_like(node))
            )

        return (attr(a) and zoneish(b)) or (attr(b) and zoneish(a))

    def pytz_receiver(self, receiver: cst.BaseExpression) -> tuple[bool, str | None]:
        """(rewrite?, kind) for the object a localize/normalize method is called on.

        In a module importing pytz any receiver not imported from elsewhere is taken for a
        zone (noted). In project mode a receiver named like a zone (``tz``, ``self.timezone``)
        is too, since the project hands pytz zones around: the helpers defer to a zone that
        still has the method, so the rewrite is exact for pytz zones and ZoneInfo alike.
        """
        kind = self.zone_kind(receiver)
        if kind is not None:
            return True, kind
        tz_like = self.tz_like(receiver)
        if self.foreign(receiver) and not (tz_like and self.from_project(receiver)):
            return False, None
        if self.has_pytz:
            return True, None
        return self.pytz_world and tz_like, None


#: calls whose items are their (first) argument's: sorted(xs), list(xs), zip(xs, ys)...
_ITERATORS = frozenset(
    {"sorted", "list", "tuple", "reversed", "set", "frozenset", "iter", "enumerate", "zip"}
)
_DATACLASS_DECORATORS = frozenset({"dataclass", "define", "frozen", "s", "attrs", "mutable"})
#: what makes a record class whose instances compare and hash as tuples
_NAMEDTUPLES = frozenset({"collections.namedtuple", "typing.NamedTuple"})
#: dict views: their items are the dict's keys, values or (key, value) pairs
_VIEWS = frozenset({"keys", "values", "items"})
#: calls that return one of the heap's items
_HEAP_POPS = frozenset({"heapq.heappop", "heapq.heappushpop", "heapq.heapreplace"})


def _type_named(annotation: cst.Annotation | None, items: bool) -> cst.Name | None:
    """The plain name an annotation gives (``Event``), or with ``items`` the name of its
    items' type (``list[Event]``)."""
    if annotation is None:
        return None
    node = annotation.annotation
    if items:
        if not isinstance(node, cst.Subscript) or len(node.slice) != 1:
            return None
        index = node.slice[0].slice
        if not isinstance(index, cst.Index):
            return None
        node = index.value
    return node if isinstance(node, cst.Name) else None


def _decorator(decorator: cst.Decorator) -> str:
    """The last name of a decorator: ``dataclasses.dataclass(frozen=True)`` -> "dataclass"."""
    node = decorator.decorator
    if isinstance(node, cst.Call):
        node = node.func
    if isinstance(node, cst.Attribute):
        return node.attr.value
    return node.value if isinstance(node, cst.Name) else ""


class _Returns(_cst.QuickHooks, cst.CSTVisitor):
    """Collects the values of ``return`` statements (not those of nested functions)."""

    def __init__(self, out: list[cst.BaseExpression]) -> None:
        super().__init__()
        self.out = out
        self.depth = 0

    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
        self.depth += 1
        return self.depth == 1

    def leave_FunctionDef(self, original_node: cst.FunctionDef) -> None:
        self.depth -= 1

    def visit_Return(self, node: cst.Return) -> None:
        if node.value is not None:
            self.out.append(node.value)


def identity_test(node: cst.Comparison) -> bool:
    """True when ``node`` has an ``is``/``is not``/``==``/``!=`` operator."""
    return any(
        isinstance(t.operator, cst.Is | cst.IsNot | cst.Equal | cst.NotEqual)
        for t in node.comparisons
    )
