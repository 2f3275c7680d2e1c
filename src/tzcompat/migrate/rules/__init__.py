"""The codemod's rules, one module per pattern family.

Each rule module declares one ``RULE = Rule(...)`` (``_rule.Rule``, a frozen dataclass):

- ``name``/``doc``: the module's name and docstring (the rule pages show them),
- ``codes``: the codes it reports (``_spec.CodeInfo``: code, name, kind, fix class, texts);
  each code belongs to this one rule, and other rules report it through its functions,
- ``rewrite``: the name of the rewrite its hooks make (None for rules that only mark),
- ``leave``/``visit``: LibCST node type -> hook, ``leave_<Type>(m, original, updated)`` or
  ``visit_<Type>(m, node)``, that the one traversal (``_traversal.Migrator``) calls,
- ``calls``/``references``: qualified pytz or dateutil.tz name -> the handler of its calls /
  of other references to it,
- ``examples``: source before and after, with the codes reported (``_spec.Example``): code
  the rule must leave alone and not report (valid) as well as code it acts on (invalid); one
  test expands them all.

Hooks take ``m: _rule.Context``, the typed view of the traversal and the analysis; a rule
never imports the code registry, the traversal, the driver or the CLI (``.importlinter``).

Dispatch order, for each node the traversal leaves:

1. a call of a pytz/dateutil.tz name goes to the one rule whose ``calls`` declares that
   qualified name (its result, or the call unchanged when it returns None, is final);
2. otherwise the ``leave`` hooks for the node's type run in the order of ``RULES`` below; the
   first that returns a node wins (a new node is a rewrite) and the later ones are not asked;
   a hook returns None to let the next rule look;
3. if none answered, a name or attribute referring to a pytz/dateutil.tz name goes to the rule
   whose ``references`` declares it (``unsupported`` for the others).

``visit`` hooks run in the order of ``RULES`` when the traversal enters a node; the first that
returns False skips the node's children. Each qualified name is declared by one rule only.
"""

from __future__ import annotations

from .._rule import Rule
from . import (
    arithmetic,
    available_timezones,
    boundary,
    consumers,
    dateutil_fed,
    errors,
    escapes,
    fixed_offset,
    fold,
    gettz,
    identity,
    imports,
    indirect,
    lmt,
    localize,
    normalize,
    ordering,
    pytz_attributes,
    replace_wall,
    reprs,
    timetz,
    timezone,
    type_checks,
    unsupported,
    utc,
    zone_methods,
)

#: every rule, in the order the traversal asks them (see the dispatch order above)
RULES: tuple[Rule, ...] = (
    imports.RULE,
    timezone.RULE,
    gettz.RULE,
    fixed_offset.RULE,
    utc.RULE,
    fold.RULE,
    available_timezones.RULE,
    errors.RULE,
    localize.RULE,
    normalize.RULE,
    zone_methods.RULE,
    pytz_attributes.RULE,
    type_checks.RULE,
    identity.RULE,
    arithmetic.RULE,
    ordering.RULE,
    replace_wall.RULE,
    timetz.RULE,
    lmt.RULE,
    dateutil_fed.RULE,
    reprs.RULE,
    consumers.RULE,
    indirect.RULE,
    escapes.RULE,
    boundary.RULE,
    unsupported.RULE,
)
