"""A warning, once per process and library, when a shim answers from other zone data than
the library it replaces would have read.

Swapping the shims in (``install()``, ``tzcompat run``, the drop-in ``pytz``) changes which
IANA release answers, not only which code: pytz reads the release bundled with it, tzcompat
the system's or the tzdata package's. Where the releases differ, current offsets can differ
too (a zone whose rules changed in between), silently. So the swap says it once, with the
two versions and how to choose; ``TZCOMPAT_DATA_WARNING=0`` silences it.

What the replaced library would have read:

* pytz: the release bundled with the real pytz when it is installed (its ``OLSON_VERSION``,
  read from its files without importing it); where the drop-in replaced it, the release
  bundled with the pytz version the drop-in stands for (pytz's ``YYYY.N`` is IANA's
  ``YYYY`` + the N-th letter). ``PYTZ_TZDATADIR`` makes pytz and tzcompat.pytz read the
  same directory: nothing to say.
* python-dateutil 3 and later read what tzcompat.dateutil reads (``zoneinfo.TZPATH``, then
  the tzdata package): nothing to say. dateutil 2.x reads its fixed ``TZPATHS`` directories,
  then the tarball bundled with it.
"""

from __future__ import annotations

import os
import sys
import warnings

from .._dataversion import root_version, tzdata_version
from .._env import env_flag
from .._tzpath import has_zones

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = ["SWITCH", "DataVersionWarning", "check"]

SWITCH = "TZCOMPAT_DATA_WARNING"

#: python-dateutil 2.x's ``dateutil.tz.tz.TZPATHS``: the directories it searches (it ignores
#: PYTHONTZPATH), before its bundled tarball.
DATEUTIL2_TZPATHS = ("/usr/share/zoneinfo", "/usr/lib/zoneinfo", "/usr/share/lib/zoneinfo",
                     "/etc/zoneinfo")
_TARBALL = os.path.join("zoneinfo", "dateutil-zoneinfo.tar.gz")

_warned: set[str] = set()
#: The command that swapped the shims in (``tzcompat run`` sets it): the warning names it
#: rather than a line of tzcompat's own code.
origin: str | None = None


class DataVersionWarning(UserWarning):
    """A shim answers from another IANA release than the library it replaces would read."""


def _find(name: str) -> Any:
    """The spec of the installed top-level package ``name``, whatever ``sys.modules`` holds
    (the shims are there under that name), or None."""
    for finder in sys.meta_path:
        find = getattr(finder, "find_spec", None)
        try:
            spec = find(name, None) if find is not None else None
        except Exception:  # noqa: BLE001 - a finder that fails: as if it were not there
            return None
        if spec is not None:
            return spec
    return None


def release_iana(version: str) -> str | None:
    """The IANA release bundled with the pytz release ``version`` (``2026.6`` -> ``2026f``)."""
    year, _, rest = version.partition(".")
    number = rest.split(".")[0]
    if len(year) != 4 or not year.isdigit() or not number.isdigit() or not 1 <= int(number) <= 26:
        return None
    return year + chr(ord("a") + int(number) - 1)


def _olson_version(package_dir: str) -> str | None:
    """The real pytz's ``OLSON_VERSION``, read from its ``__init__.py``."""
    try:
        with open(os.path.join(package_dir, "__init__.py"), encoding="utf-8") as f:
            for line in f:
                if line.startswith("OLSON_VERSION"):
                    return line.partition("=")[2].strip().strip("'\"") or None
    except (OSError, UnicodeDecodeError):
        pass
    return None


def _pytz_expected() -> tuple[str, str] | None:
    """(IANA version, what reads it) for the pytz that the shim replaces, or None."""
    if os.environ.get("PYTZ_TZDATADIR"):
        return None  # both read that directory
    spec = _find("pytz")
    origin = getattr(spec, "origin", None)
    if not origin:
        return None  # no pytz installed: nothing is replaced
    # tzcompat.pytz's import changes the process: only when pytz is replaced
    from ..pytz import __version__
    from ..pytz._realpytz import _is_ours  # as above

    if _is_ours(origin):
        version = release_iana(__version__)
        return (version, f"pytz {__version__}, which the drop-in replaces, bundles {{}}") \
            if version else None
    package = os.path.dirname(origin)
    version = _olson_version(package)
    where = os.path.join(package, "zoneinfo")
    return (version, f"the real pytz it replaces reads {{}} (bundled in {where})") \
        if version else None


def _pytz_ours() -> str | None:
    from ..pytz import _zones  # as above

    return _zones.data_version()


def _first_root(roots: Any) -> str | None:
    return next((r for r in roots if has_zones(r)), None)


def _dateutil_expected() -> tuple[str, str] | None:
    spec = _find("dateutil")
    locations = list(getattr(spec, "submodule_search_locations", None) or ())
    tarball = next((os.path.join(d, _TARBALL) for d in locations
                    if os.path.isfile(os.path.join(d, _TARBALL))), None)
    if tarball is None:
        return None  # not installed, or 3.x/4.x: the same search as tzcompat.dateutil
    root = _first_root(DATEUTIL2_TZPATHS)
    if root is not None:
        version = root_version(root)
        return (version, f"python-dateutil 2 reads {{}} (from {root})") if version else None
    version = _tarball_version(tarball)
    return (version, f"python-dateutil 2 reads {{}} (its bundled {tarball})") if version else None


def _tarball_version(path: str) -> str | None:
    import json  # import cost: only with a pytz tarball
    import tarfile  # as json

    try:
        with tarfile.open(path) as tf:
            member = tf.extractfile("METADATA")
            data = json.load(member) if member is not None else {}
    except (OSError, tarfile.TarError, KeyError, ValueError):
        return None
    version = data.get("tzversion")
    return version if isinstance(version, str) else None


def _dateutil_ours() -> str | None:
    import zoneinfo  # import cost: zoneinfo imports sysconfig

    root = _first_root(zoneinfo.TZPATH)
    return root_version(root) if root is not None else tzdata_version()


_LIBRARIES = {
    "pytz": ("tzcompat.pytz", _pytz_expected, _pytz_ours),
    "dateutil": ("tzcompat.dateutil", _dateutil_expected, _dateutil_ours),
}


def check(library: str, stacklevel: int = 2) -> None:
    """Warn once per process if the shim for ``library`` ("pytz" or "dateutil") answers
    from another IANA release than ``library`` itself would read."""
    if library in _warned or not env_flag(SWITCH, default=True):
        return
    _warned.add(library)
    shim, expected, ours = _LIBRARIES[library]
    theirs = expected()
    if theirs is None:
        return
    version = ours()
    if version is None or version == theirs[0]:
        return
    choose = ("TZCOMPAT_DATA_POLICY=newest (the tzdata package when it is newer than the "
              "system's), PYTHONTZPATH (the zoneinfo directories to search) or "
              "pip install --upgrade tzdata")
    if library == "pytz" and "bundled in" in theirs[1]:
        choose += ("; PYTZ_TZDATADIR=<that directory> gives tzcompat.pytz pytz's own files")
    said = theirs[1].replace("{}", theirs[0], 1)
    message = (f"{shim} answers from IANA zone data {version}, but {said}: offsets that "
               f"changed between the two releases differ. Choose the data with {choose}. "
               f"{SWITCH}=0 silences this warning.")
    if origin is not None:
        warnings.warn_explicit(message, DataVersionWarning, origin, 0, module="tzcompat")
    else:
        warnings.warn(message, DataVersionWarning, stacklevel=stacklevel + 1)
