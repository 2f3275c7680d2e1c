"""What the rules of one module's traversal remember between hooks: declared here, so a rule
reads another's findings only through these fields, never through attributes set on the
traversal by name."""

from __future__ import annotations

from dataclasses import dataclass, field

TYPE_CHECKING = False
if TYPE_CHECKING:
    import libcst as cst


@dataclass
class RuleState:
    """Per-module state of the rules (one instance per traversal)."""

    #: ``except AttributeError:`` handlers around a rewritten ``tz.localize()`` (by id) ->
    #: (the call, the detail text): with --unsafe-fixes type_checks widens them
    widen_handlers: dict[int, tuple[cst.Call, str]] = field(default_factory=dict)
    #: ``x = gettz(name)`` statement lines (by id) -> (the call, the name argument): with
    #: --unsafe-fixes gettz rewrites the whole statement when it leaves the line
    gettz_assignments: dict[int, tuple[cst.Call, cst.BaseExpression]] = field(default_factory=dict)
    #: function or module (by id) -> the names passed to ``.normalize()`` in it (arithmetic)
    normalized_names: dict[int, set[str]] = field(default_factory=dict)
    #: function or module (by id) -> list/set name -> what .append()/.add()/.insert() put in
    added_items: dict[int, dict[str, list[cst.BaseExpression]]] = field(default_factory=dict)
    #: the module's calls by the name called (analysis; built on first use)
    calls_by_name: dict[str, list[cst.Call]] | None = None
    #: localize/normalize when a class of the module defines them (rules.localize; on first use)
    own_methods: frozenset[str] | None = None
    #: the project imports dateutil.parser (rules.fixed_offset; on first use)
    parser_world: bool | None = None
    #: class (by id) -> attribute name -> the values the class stores in it (analysis)
    class_members: dict[int, dict[str, list[cst.BaseExpression]]] = field(default_factory=dict)
    #: name -> (key, value) of the module's ``name[key] = value`` and ``.setdefault`` (analysis)
    subscript_stores: (
        dict[str, list[tuple[cst.BaseExpression, cst.BaseExpression | None]]] | None
    ) = None
    #: attribute or key name -> whether the module stores a pytz-aware datetime under it
    aware_fields: dict[str, bool] = field(default_factory=dict)
