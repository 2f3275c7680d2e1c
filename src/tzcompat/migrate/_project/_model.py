"""The index model: the facts one module contributes (``ModuleFacts``), the index that resolves
zone-holding names across modules (``ProjectIndex``), and the gate that asks them whether the
codemod can change a module at all (``may_change``). Plain data: it pickles into worker
processes."""

from __future__ import annotations

import builtins
from dataclasses import dataclass, field

_BUILTINS = frozenset(dir(builtins))


@dataclass(frozen=True)
class ModuleFacts:
    """What one module contributes to the index (before cross-module resolution)."""

    name: str
    is_package: bool = False
    #: False when ``ast`` could not parse the module (it then contributes nothing)
    parsed: bool = True
    imports_pytz: bool = False
    raises_time_errors: bool = False
    #: top-level name -> "kind:<kind>" | "ref:<qualified>" | "call:<qualified>"
    bindings: dict[str, str] = field(default_factory=dict)
    #: top-level function name -> the same forms, for what it returns
    returns: dict[str, str] = field(default_factory=dict)
    #: (module, name) of each ``from module import name``
    imported: tuple[tuple[str, str], ...] = ()
    #: calls ``pytz.timezone()`` with a run-time name (which may be "UTC": then it is pytz.utc)
    dynamic_timezone: bool = False
    #: functions and methods (``f``, ``Class.m``) that may return an aware datetime in a zone
    #: handed to them (``dt.astimezone(self.tz)``, ``tz.localize(dt)``): pytz arithmetic on it
    #: was absolute time, ZoneInfo's is wall time
    aware_returns: frozenset[str] = frozenset()
    #: the parameters its calls hand such a datetime to: ``"m:0"``/``"m:name"`` for
    #: ``self.m(dt)``/``self.m(name=dt)`` (also ``cls.m``, ``super().m``) and ``f(dt)`` (the
    #: position after ``self``); the method may be another module's (a base class)
    aware_args: frozenset[str] = frozenset()
    #: ``"m:0=pkg.mod.f"``: the parameter is handed what the project function ``pkg.mod.f``
    #: returns (an aware argument when the index finds ``f`` among ``aware_returns``)
    imported_args: frozenset[str] = frozenset()
    #: the names of the functions and methods it defines
    functions: frozenset[str] = frozenset()
    #: some expression makes a datetime aware in a zone that may be pytz's (see aware_returns)
    makes_aware: bool = False
    #: top-level names bound to a UTC object of any library (pytz.utc, ZoneInfo("UTC"),
    #: timezone.utc): arithmetic on datetimes aware in them is the same in pytz and zoneinfo
    utc_bindings: frozenset[str] = frozenset()
    #: names bound by importing from pytz/dateutil (another module importing them from here
    #: is a re-export the rewrite must keep)
    legacy_names: frozenset[str] = frozenset()
    #: the candidate gate (see :func:`may_change`): ``"tz"`` a site some rule inspects for its
    #: shape alone, ``"zone"`` a site that matters if a name holds a zone, ``"arith"`` +/-
    gate: frozenset[str] = frozenset()
    #: every identifier the module uses (names, attributes, imported names)
    names: frozenset[str] = frozenset()
    #: the functions the module calls (``own.f``, ``self.m``, imported ``f``): the rules on
    #: zone-aware values matter only if one of them may return such a value
    arith_calls: frozenset[str] = frozenset()
    #: the project modules it imports from (absolute names, pytz/dateutil aside)
    project_imports: frozenset[str] = frozenset()
    #: what the receivers of its ``x.localize()``/``x.normalize()`` calls are imported as
    #: (``formats.localize(v)``: a project object there is marked)
    localize_imports: frozenset[str] = frozenset()


@dataclass
class ProjectIndex:
    """Facts about every module of the tree, with zone-holding names resolved across modules."""

    modules: dict[str, ModuleFacts] = field(default_factory=dict)
    #: qualified top-level name -> zone kind ("zone", "utc", "fixed")
    zones: dict[str, str] = field(default_factory=dict)
    #: qualified function name -> kind of the zone it may return
    zone_functions: dict[str, str] = field(default_factory=dict)
    #: module -> names other modules import from it (``from module import name``)
    imported_from: dict[str, set[str]] = field(default_factory=dict)
    #: qualified top-level names bound to a UTC object (directly or re-exported)
    utc_names: set[str] = field(default_factory=set)
    #: module -> hash of the source its facts come from (the CLI's cache keys)
    stamps: dict[str, str] = field(default_factory=dict)
    #: every module's ``aware_args``: parameters some call hands a zone-aware datetime
    aware_args: frozenset[str] = frozenset()
    #: the function and method names of ``aware_args``
    aware_callees: frozenset[str] = frozenset()
    #: the run leaves out modules of the project (``--exclude``): what a public function
    #: returns may reach code that is not migrated with it
    partial: bool = False

    @property
    def zone_names(self) -> frozenset[str]:
        """The last component of every name known to hold (or return) a pytz zone."""
        return frozenset(q.rpartition(".")[2] for q in (*self.zones, *self.zone_functions))

    @property
    def dst_zone_names(self) -> frozenset[str]:
        """``zone_names`` of the zones that may have DST (not UTC or a fixed offset)."""
        both = (*self.zones.items(), *self.zone_functions.items())
        return frozenset(q.rpartition(".")[2] for q, kind in both if kind == "zone")

    @property
    def aware_names(self) -> frozenset[str]:
        """The last component of every function/method that may return a zone-aware datetime."""
        found = (n for m in self.modules.values() for n in m.aware_returns)
        return frozenset(n.rpartition(".")[2] for n in found)

    @property
    def flow_names(self) -> frozenset[str]:
        """Names through which a module could take part in the facts of the others: zones,
        UTC objects, and the names imported from pytz/dateutil (their re-export is kept)."""
        legacy = (n for m in self.modules.values() for n in m.legacy_names)
        utc = (q.rpartition(".")[2] for q in self.utc_names)
        # a module defining the function a call hands an aware datetime (a base class's
        # method); builtins (min(aware, ...)) are nobody's
        taking = self.aware_callees - _BUILTINS
        return self.zone_names | frozenset(legacy) | frozenset(utc) | taking

    @property
    def has_pytz(self) -> bool:
        """True when some module of the tree imports pytz (its zones flow elsewhere)."""
        return any(m.imports_pytz for m in self.modules.values())

    @property
    def dynamic_timezone(self) -> bool:
        """True when some module calls ``pytz.timezone()`` with a run-time (or "UTC") name."""
        return any(m.dynamic_timezone for m in self.modules.values())

    def aware_function(self, qualified: str) -> bool:
        """True when the function or method ``module.f`` / ``module.Class.m`` may return a
        datetime aware in a zone it was handed."""
        module, _, name = qualified.rpartition(".")
        for _ in range(2):  # module.f, then module.Class.m
            facts = self.modules.get(module)
            if facts is not None and name in facts.aware_returns:
                return True
            module, _, outer = module.rpartition(".")
            name = f"{outer}.{name}"
        return False

    @property
    def raisers(self) -> list[str]:
        """Modules that raise pytz's time errors (``localize(..., is_dst=None)`` and kin)."""
        return sorted(n for n, m in self.modules.items() if m.raises_time_errors)

    def is_package(self, module: str | None) -> bool:
        facts = self.modules.get(module or "")
        return bool(facts and facts.is_package)

    def add(self, facts: ModuleFacts) -> None:
        self.modules[facts.name] = facts
        self._resolve()

    def _resolve(self) -> None:
        self.zones.clear()
        self.zone_functions.clear()
        self.imported_from.clear()
        for facts in self.modules.values():
            for module, name in facts.imported:
                self.imported_from.setdefault(module, set()).add(name)
        self.aware_args = frozenset(a for m in self.modules.values() for a in m.aware_args)
        self.aware_args |= frozenset(  # f(other_module.g(...)) with g returning an aware value
            key
            for m in self.modules.values()
            for key, _, target in (a.partition("=") for a in m.imported_args)
            if self.aware_function(target)
        )
        self.aware_callees = frozenset(a.rpartition(":")[0] for a in self.aware_args)
        self.utc_names.clear()
        for facts in self.modules.values():
            self.utc_names.update(f"{facts.name}.{n}" for n in facts.utc_bindings)
        for _ in range(8):  # chains of re-exports are short; stop at a fixed point
            before = (dict(self.zones), dict(self.zone_functions))
            for facts in self.modules.values():
                for name, raw in facts.bindings.items():
                    if raw.startswith("ref:") and raw[4:] in self.utc_names:
                        self.utc_names.add(f"{facts.name}.{name}")
            for facts in self.modules.values():
                for name, raw in facts.bindings.items():
                    kind = self._kind(raw)
                    if kind:
                        self.zones[f"{facts.name}.{name}"] = kind
                for name, raw in facts.returns.items():
                    kind = self._kind(raw)
                    if kind:
                        self.zone_functions[f"{facts.name}.{name}"] = kind
            if (self.zones, self.zone_functions) == before:
                break

    def _kind(self, raw: str) -> str | None:
        if "|" in raw:
            # several return paths: one kind if they all agree, else some zone of unknown
            # kind (the receivers then go through the helpers, which accept any zone)
            kinds = {self._kind(part) for part in raw.split("|")}
            known = kinds - {None}
            if not known:
                return None
            return known.pop() if len(kinds) == 1 else "zone"
        form, _, value = raw.partition(":")
        if form == "kind":
            return value
        if form == "ref":
            return self.zones.get(value)
        return self.zone_functions.get(value)


def may_change(facts: ModuleFacts, index: ProjectIndex) -> bool:
    """False when the codemod provably leaves a module that names neither pytz nor dateutil
    unchanged and unreported: it has none of the sites the rules inspect, or only sites that
    matter for names holding pytz zones (or returning aware datetimes) and uses no such name.
    """
    if not index.has_pytz:
        return False  # no pytz zone anywhere: only the modules naming pytz/dateutil change
    gate = facts.gate
    if "tz" in gate:
        return True
    for target in facts.localize_imports:  # a project object's .localize(): marked
        parts = target.split(".")
        if any(".".join(parts[:i]) in index.modules for i in range(len(parts), 0, -1)):
            return True
    if "zone" in gate and facts.names & index.zone_names:
        return True
    if "zone-dst" in gate and facts.names & index.dst_zone_names:
        return True
    if "arith-delta" in gate and facts.makes_aware:
        return True  # d += timedelta where the module makes zone-aware datetimes
    if takes_aware(facts, index):
        return True  # +/- or a comparison on a parameter handed a zone-aware datetime
    zone_names = facts.names & index.zone_names
    own = {f"self.{n.rpartition('.')[2]}" if "." in n else f"own.{n}" for n in facts.aware_returns}
    aware = bool(  # some value here may be a datetime aware in a pytz zone
        "arith-aware" in gate
        or facts.arith_calls & (index.aware_names | own)
        or ("zone" in gate and zone_names)
        or ("arith-zone" in gate and facts.names & index.dst_zone_names)
    )
    if (aware or zone_names) and _escapes(facts, index):
        return True  # handed to a module outside the run
    return aware and "arith" in gate


def takes_aware(facts: ModuleFacts, index: ProjectIndex) -> bool:
    """True when the module has +/- or comparisons (or a repr) and defines a function named
    like one whose parameter some call of the project hands a zone-aware datetime
    (``aware_args``)."""
    if not ({"arith", "repr"} & facts.gate) or not facts.functions:
        return False
    return not facts.functions.isdisjoint(index.aware_callees)


def _escapes(facts: ModuleFacts, index: ProjectIndex) -> bool:
    """True when the module imports from a module of its package that the index lacks (a
    package's ``__init__`` covers its own names, not its submodules)."""
    modules = index.modules
    for name in facts.project_imports:
        parts = name.split(".")
        if name in modules or ".".join(parts[:-1]) in modules:
            continue  # the module itself, or a name of an indexed module
        if len(parts) > 2 and ".".join(parts[:-2]) in modules:
            continue  # Class.method of an indexed module
        return True
    return False
