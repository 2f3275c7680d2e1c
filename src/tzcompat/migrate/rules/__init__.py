"""The codemod's rules, one module per pattern family.

Each rule module declares:

- ``CODES``: the codes it reports (``_spec.CodeInfo``: code, name, kind, fix class, texts);
  each code belongs to this one rule, and other rules report it through its functions,
- ``REWRITE``: the name of the rewrite its hooks make (None for rules that only mark),
- ``NODES``: the LibCST node types it handles, each with a hook ``leave_<Type>(m, original,
  updated)`` (or ``visit_<Type>(m, node)``) that the one traversal (``_traversal.Migrator``)
  calls; a hook returns None to let the next rule look, or the node to use (a new node is a
  rewrite),
- optionally ``CALLS``/``REFERENCES``: handlers for calls of / references to a pytz or
  dateutil.tz name (qualified name -> handler),
- ``EXAMPLES``: source before and after, with the codes reported (``_spec.Example``): code
  the rule must leave alone and not report (valid) as well as code it acts on (invalid); one
  test expands them all.

The order of ``RULES`` is the order the traversal asks them.
"""

from __future__ import annotations

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

#: every rule, in the order the traversal asks them
RULES = (
    imports,
    timezone,
    gettz,
    fixed_offset,
    utc,
    fold,
    available_timezones,
    errors,
    localize,
    normalize,
    zone_methods,
    pytz_attributes,
    type_checks,
    identity,
    arithmetic,
    ordering,
    replace_wall,
    timetz,
    lmt,
    dateutil_fed,
    reprs,
    consumers,
    indirect,
    escapes,
    boundary,
    unsupported,
)
