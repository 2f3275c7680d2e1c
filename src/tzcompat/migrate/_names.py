"""Choosing the names that rewritten code uses for stdlib objects, without clashing.

``timezone`` is the classic clash: ``from pytz import timezone`` and Django's
``from django.utils import timezone`` both bind it, so ``datetime.timezone`` may have to be
spelled ``datetime.timezone`` (when the module has ``import datetime``) or imported under an alias.
"""

from __future__ import annotations

import libcst as cst
from libcst.codemod import CodemodContext
from libcst.codemod.visitors import AddImportsVisitor
from libcst.metadata import (
    ClassScope,
    GlobalScope,
    ImportAssignment,
    MetadataWrapper,
    QualifiedNameSource,
    ScopeProvider,
)

from . import _cst

#: Fallback aliases, used only when the plain name is taken.
_ALIASES = {
    "timezone": "dt_timezone",
    "timedelta": "dt_timedelta",
    "ZoneInfo": "StdZoneInfo",
    "ZoneInfoNotFoundError": "StdZoneInfoNotFoundError",
    "available_timezones": "std_available_timezones",
    # the helpers' time errors, when the module has its own class of that name (exchangelib)
    "InvalidTimeError": "TzInvalidTimeError",
    "AmbiguousTimeError": "TzAmbiguousTimeError",
    "NonExistentTimeError": "TzNonExistentTimeError",
}

_LEGACY_ROOTS = ("pytz", "dateutil")


def _is_legacy(qualified: str) -> bool:
    return any(qualified == r or qualified.startswith(r + ".") for r in _LEGACY_ROOTS)


class NameChooser:
    """Decides, per module, how to spell ``module.obj`` and schedules the import on first use."""

    def __init__(self, wrapper: MetadataWrapper, context: CodemodContext) -> None:
        self._context = context
        self._chosen: dict[tuple[str, str], str] = {}
        #: placeholder -> (module, obj) for names a pytz/dateutil import binds today: the plain
        #: name is usable only if that import disappears as unused, known after the rewrite.
        self.pending: dict[str, tuple[str, str]] = {}
        # name -> qualified origins of its global bindings ("" for a non-import binding)
        self._globals: dict[str, list[str]] = {}
        self._local_names: set[str] = set()
        #: the node being rewritten: a name a function shadows may still be usable here
        self.site: cst.CSTNode | None = None
        self._scope_of = _cst.metadata(wrapper, ScopeProvider)
        scopes = set(self._scope_of.values())
        for scope in scopes:
            if scope is None:
                continue
            for assignment in scope.assignments:
                if isinstance(scope, GlobalScope):
                    origins = self._globals.setdefault(assignment.name, [])
                    if isinstance(assignment, ImportAssignment):
                        origins.extend(
                            q.name
                            for q in scope.get_qualified_names_for(assignment.name)
                            if q.source is QualifiedNameSource.IMPORT
                        )
                    else:
                        origins.append("")
                else:
                    self._local_names.add(assignment.name)

    def free(self, name: str, *, allow_legacy: bool) -> bool:
        """True when ``name`` is unbound here (or, with ``allow_legacy``, bound only by
        pytz/dateutil imports, which the rewrite may remove)."""
        return self._free(name, allow_legacy=allow_legacy)

    def _free(self, name: str, *, allow_legacy: bool) -> bool:
        if name in self._local_names:
            return False
        origins = self._globals.get(name)
        if not origins:
            return True
        return allow_legacy and all(o and _is_legacy(o) for o in origins)

    def spell(self, module: str, obj: str) -> str:
        """Source text naming ``module.obj``; schedules the import it needs."""
        visible = self._visible_import(module, obj)
        if visible is not None:
            return visible
        key = (module, obj)
        if key in self._chosen:
            return self._chosen[key]
        text = self._choose(module, obj)
        self._chosen[key] = text
        return text

    def _visible_import(self, module: str, obj: str) -> str | None:
        """The module's own import of ``module.obj`` (or of ``module``), when it is visible
        at the site: not shadowed by a parameter or local of the enclosing functions."""
        target = f"{module}.{obj}"
        for name, origins in self._globals.items():
            if origins == [target] and self._visible(name):
                return name
        for name, origins in self._globals.items():
            if origins == [module] and self._visible(name):
                return f"{name}.{obj}"
        return None

    def _visible(self, name: str) -> bool:
        if name not in self._local_names:
            return True
        scope = self._scope_of.get(self.site) if self.site is not None else None
        if scope is None:
            return False
        while not isinstance(scope, GlobalScope):
            if not isinstance(scope, ClassScope) and any(
                a.name == name for a in scope.assignments[name]
            ):
                return False
            scope = scope.parent
        return True

    def _choose(self, module: str, obj: str) -> str:
        if self._free(obj, allow_legacy=False):
            AddImportsVisitor.add_needed_import(self._context, module, obj)
            return obj
        if self._free(obj, allow_legacy=True):
            placeholder = f"__tzcompat_{obj}__"
            self.pending[placeholder] = (module, obj)
            return placeholder
        return self._alias(module, obj)

    def _alias(self, module: str, obj: str) -> str:
        alias = _ALIASES.get(obj, f"std_{obj}")
        while not self._free(alias, allow_legacy=False):
            alias += "_"
        AddImportsVisitor.add_needed_import(self._context, module, obj, alias)
        return alias

    def finalize(self, still_bound: set[str]) -> dict[str, str]:
        """Resolve the placeholders once the unused legacy imports are gone."""
        mapping = {}
        for placeholder, (module, obj) in self.pending.items():
            if obj in still_bound:
                mapping[placeholder] = self._alias(module, obj)
            else:
                AddImportsVisitor.add_needed_import(self._context, module, obj)
                mapping[placeholder] = obj
        return mapping

    def expr(self, module: str, obj: str, *attrs: str) -> cst.BaseExpression:
        return cst.parse_expression(".".join((self.spell(module, obj), *attrs)))
