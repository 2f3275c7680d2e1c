"""The rule interface: what a rule declares about itself (:class:`Rule`) and what its hooks may
use of the traversal and the analysis (:class:`Context`).

Rules import this module, never the traversal: ``_traversal.Migrator`` satisfies ``Context``
(mypy checks it there), and builds its dispatch tables from the ``Rule`` values that
``rules.RULES`` lists. A rule needing more of the traversal or the analysis adds the member
here first, with its type. Nothing here names the code registry (``_codes`` reads the rules),
so the rules sit below it with no import cycle.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

import libcst as cst

from ._spec import CodeInfo, Example

TYPE_CHECKING = False
if TYPE_CHECKING:
    from types import UnionType

    from libcst.codemod import CodemodContext

    from ._names import NameChooser
    from ._project import ProjectIndex
    from ._state import RuleState

# What a fix builds; mark_or_fix returns it (or None).
_Node = TypeVar("_Node", bound=cst.CSTNode)


class Fixes(Protocol):
    """What rules read of the user's options (``_traversal.Options``)."""

    @property
    def unsafe_fixes(self) -> bool:
        """``--unsafe-fixes``: apply the unsafe fixes in place of their markers."""


class Reported(Protocol):
    """What rules read of a finding (``_codes.Finding``)."""

    @property
    def kind(self) -> str: ...

    @property
    def code(self) -> str:
        """The code's name (``utc-dst``)."""

    @property
    def message(self) -> str: ...


class Context(Protocol):
    """The traversal of one module as its rules see it: read-only facts about the module and
    the run, the reporting and rewriting calls, and the analysis' questions about values."""

    # ------------------------------------------------------------------ the module and the run
    @property
    def context(self) -> CodemodContext:
        """LibCST's codemod context (imports to add or remove are scheduled on it)."""

    @property
    def options(self) -> Fixes:
        """``--select``/``--ignore``/``--unsafe-fixes`` and the module's ignore comments."""

    @property
    def names(self) -> NameChooser:
        """How the rewrite spells the names it adds (``names.expr(module, obj)``)."""

    @property
    def findings(self) -> Sequence[Reported]:
        """What was reported so far in this module."""

    @property
    def state(self) -> RuleState:
        """What the rules remember between hooks (declared fields only)."""

    @property
    def index(self) -> ProjectIndex | None:
        """The project index, when the run has one."""

    @property
    def module_name(self) -> str | None: ...

    @property
    def is_package(self) -> bool: ...

    @property
    def helpers(self) -> str | None:
        """The dotted name of the shared helper module, or None to paste helpers inline."""

    @property
    def has_pytz(self) -> bool:
        """The module imports pytz."""

    @property
    def pytz_world(self) -> bool:
        """pytz zones exist here or elsewhere in the project."""

    @property
    def utc_zone(self) -> bool:
        """``pytz.utc`` becomes ``ZoneInfo("UTC")`` (not ``timezone.utc``)."""

    @property
    def quote(self) -> str:
        """The quote the module's string literals mostly use."""

    @property
    def duck_typed(self) -> frozenset[str]:
        """Receivers the module tests with ``hasattr(x, "zone")`` and kin."""

    @property
    def raises_time_errors(self) -> bool:
        """The module's own code raises pytz's time errors (``is_dst=None``)."""

    def get_metadata(self, key: Any, node: cst.CSTNode, default: Any = ...) -> Any: ...

    # ------------------------------------------------------------------ reporting, rewriting
    def report(
        self,
        node: cst.CSTNode,
        code: str,
        kind: str | None = None,
        detail: str = "",
        fix: str | None = None,
    ) -> bool: ...

    def mark_or_fix(
        self,
        node: cst.CSTNode,
        code: str,
        fix: Callable[[], _Node] | None,
        detail: str = "",
    ) -> _Node | None: ...

    def helper(self, name: str) -> cst.BaseExpression: ...

    def utc(self) -> cst.BaseExpression: ...

    def to_utc(self, original: cst.BaseExpression, updated: cst.BaseExpression) -> cst.Call: ...

    # ------------------------------------------------------------------ the analysis
    def ref(self, node: cst.CSTNode) -> str | None: ...

    def qnames(self, node: cst.CSTNode) -> set[str]: ...

    def parent(self, node: cst.CSTNode) -> cst.CSTNode | None: ...

    def enclosing(self, node: cst.CSTNode | None, kind: type | UnionType) -> cst.CSTNode | None: ...

    def single_value(self, name: cst.Name) -> cst.BaseExpression | None: ...

    def zone_kind(
        self, node: cst.BaseExpression, depth: int = 0, use_index: bool = True
    ) -> str | None: ...

    def tz_like(self, node: cst.BaseExpression) -> bool: ...

    def other_zone(self, node: cst.BaseExpression, depth: int = 0) -> bool: ...

    def is_aware(self, node: cst.BaseExpression, depth: int = 0) -> bool: ...

    def is_naive(self, node: cst.BaseExpression, depth: int = 0) -> bool: ...

    def is_number(self, node: cst.BaseExpression, depth: int = 0) -> bool: ...

    def static_zone(self, node: cst.BaseExpression, depth: int = 0) -> bool: ...

    def is_timedelta(self, node: cst.BaseExpression, depth: int = 0) -> bool: ...

    def is_delta(self, node: cst.BaseExpression) -> bool: ...

    def from_arithmetic(self, name: cst.Name) -> bool: ...

    def foreign(self, node: cst.BaseExpression) -> bool: ...

    def from_project(self, node: cst.BaseExpression) -> bool: ...

    def utc_like(self, node: cst.BaseExpression, depth: int = 0) -> bool: ...

    def zone_aware(self, node: cst.BaseExpression, depth: int = 0) -> bool: ...

    def items_aware(self, node: cst.BaseExpression, depth: int = 0) -> bool: ...

    def argument_of(self, node: cst.CSTNode, method: str, helper: str, first: bool) -> bool: ...

    def utc_aware(self, node: cst.BaseExpression, depth: int = 0) -> bool: ...

    def pinned(self, node: cst.BaseExpression) -> bool: ...

    def maybe_aware_shift(self, shifted: cst.BaseExpression, delta: cst.BaseExpression) -> bool: ...

    def tzinfo_pair(self, a: cst.BaseExpression, b: cst.BaseExpression) -> bool: ...

    def pytz_receiver(self, receiver: cst.BaseExpression) -> tuple[bool, str | None]: ...

    def assigned_values(self, name: cst.Name) -> list[cst.CSTNode] | None: ...

    def root(self, node: cst.BaseExpression) -> cst.BaseExpression:
        """The name (or other expression) an attribute, call or subscript chain starts from."""

    def attached_tz(self, call: cst.Call) -> tuple[cst.BaseExpression, str] | None: ...

    def mapping_parts(
        self, node: cst.BaseExpression
    ) -> tuple[list[cst.BaseExpression], list[cst.BaseExpression]]:
        """(keys, values) a dict named ``node`` is built with or given in its function."""

    def record_aware(self, call: cst.Call, depth: int = 0) -> bool:
        """A record (namedtuple, dataclass) of the module built with a pytz-aware field."""

    def aware_field(self, name: str) -> bool:
        """The module stores a pytz-aware datetime under attribute or key ``name``."""

    def instance_class(self, node: cst.BaseExpression) -> cst.ClassDef | None:
        """The module's class ``node`` is an instance of, when it is built here."""


# A node hook's node parameters are typed by the node type it is declared for (``cst.Call``
# for ``leave={cst.Call: leave_Call}``); a mapping cannot say that, so they are Any here and
# tests/migrate/test_migrate_rules.py checks each hook's annotation against its key.
#: ``leave_<Type>(m, original, updated)``: None lets the next rule look; a node is the result
LeaveHook = Callable[[Context, Any, Any], cst.CSTNode | None]
#: ``visit_<Type>(m, node)``: False skips the node's children
VisitHook = Callable[[Context, Any], bool]
#: a call of a pytz/dateutil.tz name: None leaves it, a new expression replaces it
CallHook = Callable[[Context, cst.Call, cst.Call], cst.BaseExpression | None]
#: a reference to a pytz/dateutil.tz name (its qualified name last)
ReferenceHook = Callable[
    [Context, cst.Name | cst.Attribute, cst.BaseExpression, str], cst.BaseExpression
]


@dataclass(frozen=True)
class Rule:
    """One rule's declaration (``RULE`` of its module, listed in ``rules.RULES``)."""

    #: the module's name under ``rules/`` (the rule pages and the table name it)
    name: str
    #: the module's docstring (its first paragraph opens each of its code pages)
    doc: str | None
    #: the codes it reports; each belongs to this rule alone
    codes: tuple[CodeInfo, ...]
    #: source before and after, with the codes reported (valid and invalid examples)
    examples: tuple[Example, ...]
    #: the rewrite reported when a hook returns a new node (None: the rule only marks)
    rewrite: str | None = None
    #: LibCST node type -> the hook run when the traversal leaves such a node
    leave: Mapping[type[cst.CSTNode], LeaveHook] = field(default_factory=dict)
    #: LibCST node type -> the hook run when the traversal enters such a node
    visit: Mapping[type[cst.CSTNode], VisitHook] = field(default_factory=dict)
    #: qualified pytz/dateutil.tz name -> the handler of its calls
    calls: Mapping[str, CallHook] = field(default_factory=dict)
    #: qualified pytz/dateutil.tz name -> the handler of other references to it
    references: Mapping[str, ReferenceHook] = field(default_factory=dict)
