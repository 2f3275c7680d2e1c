"""The one reading of on/off switches (``TZCOMPAT_WARNINGS=1`` and the like).

Every switch accepts the same spellings, so that a value that turns one on never leaves
another off: ``1/true/yes/on`` and ``0/false/no/off``, any case, surrounding blanks ignored.
Anything else (unset, empty, a typo) means the switch's default.
"""

from __future__ import annotations

import os

TYPE_CHECKING = False  # tzcompat.pytz imports this: keep collections and typing out of it
if TYPE_CHECKING:
    from collections.abc import Mapping

__all__ = ["env_flag", "flag_value"]

_ON = frozenset({"1", "true", "yes", "on"})
_OFF = frozenset({"0", "false", "no", "off"})


def env_flag(name: str, default: bool = False, environ: Mapping[str, str] | None = None) -> bool:
    """The switch ``name`` in ``environ`` (``os.environ`` by default) as a bool."""
    return flag_value((os.environ if environ is None else environ).get(name, ""), default)


def flag_value(text: str, default: bool = False) -> bool:
    """``text`` read as an on/off switch (also used for INI-style configuration values)."""
    value = text.strip().lower()
    if value in _ON:
        return True
    if value in _OFF:
        return False
    return default
