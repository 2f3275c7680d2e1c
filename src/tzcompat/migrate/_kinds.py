"""The one inference of zone kinds the codemod makes: what a call makes, which argument of a
call is the zone it attaches, whether a name says "zone", whether a zone is UTC.

Both front ends ask these functions: the project index (``_project``, over ``ast``) and the
rewriting rules' analysis (``_analysis``, over LibCST). Each translates its nodes into the
neutral values these functions take (a qualified name, a literal key, a name, the positional
and keyword arguments of a call) and never decides a kind by itself, so a heuristic changes
in one place and the two cannot drift.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TypeVar

from . import _facts

N = TypeVar("N")


def canon(name: str) -> str:
    """Map private module paths onto the public names (pytz.exceptions.X -> pytz.X)."""
    for prefix, public in _facts.PRIVATE_PREFIXES.items():
        if name.startswith(prefix):
            rest = name[len(prefix) :]
            if public == "pytz." and "." in rest:
                continue  # pytz.tzinfo.X.y: not a module attribute
            return public + rest
    return name


def is_legacy_name(q: str) -> bool:
    """True for a name of pytz or dateutil.tz."""
    return any(q == root or q.startswith(root + ".") for root in _facts.LEGACY_ROOTS)


def made_by(qualified: str | None) -> str | None:
    """The kind of zone a call of ``qualified`` returns (see ``_facts.ZONE_MAKERS``)."""
    return _facts.ZONE_MAKERS.get(qualified or "")


def value_kind(qualified: str | None) -> str | None:
    """The kind of zone the module attribute ``qualified`` is (``pytz.utc``...)."""
    return _facts.ZONE_VALUES.get(qualified or "")


def pytz_kind(kind: str | None) -> str | None:
    """``kind`` when it is one of pytz's (the kinds a rewrite changes), else None."""
    return kind if kind in _facts.PYTZ_KINDS else None


def known_other(kind: str | None) -> bool:
    """True for a zone known to come from dateutil, zoneinfo or the stdlib: never pytz's, so
    no pytz-only meaning applies to it and no unsafe fix touches it."""
    return kind is not None and kind not in _facts.PYTZ_KINDS


def utc_key(key: str) -> bool:
    """True when ``key`` names UTC itself (``ZoneInfo("Etc/UTC")``)."""
    return key.upper() in _facts.UTC_KEYS


def static_key(key: str) -> bool:
    """True when pytz gave ``key`` a zone without transitions (no LMT, no DST)."""
    return key.upper() in {k.upper() for k in _facts.STATIC_KEYS} or key.startswith("Etc/")


def named_like_zone(name: str | None) -> bool:
    """True when a receiver named ``name`` is taken for a time zone (``_facts``)."""
    return name is not None and _facts.named_like_zone(name)


def zone_argument(
    method: str, receiver: N | None, positional: Sequence[N], keywords: Mapping[str, N]
) -> N | None:
    """The zone ``x.method(...)`` makes an aware datetime in: the receiver of
    ``tz.localize(dt)``/``tz.normalize(dt)``, the argument of ``dt.astimezone(tz)``,
    ``now(tz)``, ``fromtimestamp(ts, tz)``, ``replace(tzinfo=tz)``; None for other calls."""
    slot = _facts.ZONE_SLOTS.get(method)
    if slot is None:
        return None
    keyword, position = slot
    if keyword == "receiver":
        return receiver
    found = keywords.get(keyword)
    if found is None and position is not None and len(positional) > position:
        found = positional[position]
    return found
