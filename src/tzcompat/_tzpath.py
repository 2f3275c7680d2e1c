"""The search path and keys: TZPATH, key validation, the tzdata package, key listings.

Where zone data may be: the TZPATH directories (``reset_tzpath()``, ``PYTHONTZPATH``), then
the ``tzdata`` package. Which of them wins for a key is the data policy's (``_datapolicy``);
opening and reading a key's file is ``_lookup``'s; data versions are ``_dataversion``'s.
"""

from __future__ import annotations

import os
import sys

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable
    from types import FrameType, ModuleType
    from typing import IO

__all__ = [
    "TZPATH",
    "InvalidTZPathWarning",
    "ZoneInfoNotFoundError",
    "available_timezones",
    "reset_tzpath",
]

# Set by reset_tzpath(). Without PYTHONTZPATH the default comes from sysconfig, whose data
# module costs more to import than the whole core: that default is computed on first use
# (module __getattr__ below, and search_path() inside the core).
TZPATH: tuple[str, ...]
# Made by exception_classes() on first use (their bases are zoneinfo's, costly to import).
ZoneInfoNotFoundError: type[KeyError]
InvalidTZPathWarning: type[RuntimeWarning]
_PKG_DIR = os.path.dirname(os.path.abspath(__file__))

def stdlib_zoneinfo() -> ModuleType:
    """The standard library's ``zoneinfo``, imported on first need (it imports sysconfig).

    Its import reads PYTHONTZPATH and warns about relative entries itself; tzcompat has
    already warned about those, so the stdlib's copy of the warning is suppressed.
    """
    loaded = sys.modules.get("zoneinfo")
    if loaded is not None:
        return loaded
    import warnings  # import cost: only when zoneinfo is loaded here

    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", "Invalid paths specified in PYTHONTZPATH")
        # import cost: zoneinfo imports sysconfig (tests/dateutil/test_import_cost.py)
        import zoneinfo
    return zoneinfo


def exception_classes() -> tuple[type[KeyError], type[RuntimeWarning]]:
    """ZoneInfoNotFoundError and InvalidTZPathWarning, made on first use as subclasses
    of the stdlib's, so ``except zoneinfo.ZoneInfoNotFoundError`` catches ours."""
    global ZoneInfoNotFoundError, InvalidTZPathWarning
    try:
        return ZoneInfoNotFoundError, InvalidTZPathWarning
    except NameError:
        pass
    std = stdlib_zoneinfo()

    # The global is made here; std is Any.
    class ZoneInfoNotFoundError(std.ZoneInfoNotFoundError):  # type: ignore[name-defined, misc]
        """No time zone data was found for a key (a KeyError)."""

        __module__ = "tzcompat"

    # The global is made here; std is Any.
    class InvalidTZPathWarning(std.InvalidTZPathWarning):  # type: ignore[name-defined, misc]
        """A relative path in PYTHONTZPATH was ignored."""

        __module__ = "tzcompat"

    return ZoneInfoNotFoundError, InvalidTZPathWarning


def outside_stacklevel() -> int:
    """The stacklevel that points a warning at the first frame outside tzcompat
    (and outside the import machinery when the warning fires at import)."""
    frame: FrameType | None = sys._getframe(1)
    level = 1
    while frame is not None:
        name = frame.f_code.co_filename
        if not (name.startswith(_PKG_DIR) or name.startswith("<frozen importlib")):
            return level
        frame = frame.f_back
        level += 1
    return level


def _default_tzpath() -> tuple[str, ...]:
    env = os.environ.get("PYTHONTZPATH")
    if env is not None:
        raw = env.split(os.pathsep) if env else []
        good = tuple(p for p in raw if os.path.isabs(p))
        bad = [p for p in raw if not os.path.isabs(p)]
        if bad:
            import warnings  # import cost: only on a bad path

            warnings.warn(
                "Invalid paths specified in PYTHONTZPATH environment variable. "
                f"Paths should be absolute but found the following relative paths: {bad!r}",
                exception_classes()[1],
                stacklevel=outside_stacklevel(),
            )
        return good
    return _configured_tzpath()


def _configured_tzpath() -> tuple[str, ...]:
    import sysconfig  # import cost: sysconfig, only without PYTHONTZPATH (test_import_cost)

    configured = sysconfig.get_config_var("TZPATH")
    if configured:
        return tuple(p for p in configured.split(os.pathsep) if os.path.isabs(p))
    return ("/usr/share/zoneinfo", "/usr/lib/zoneinfo", "/usr/share/lib/zoneinfo", "/etc/zoneinfo")


def search_path() -> tuple[str, ...]:
    """TZPATH (computed on first use when PYTHONTZPATH was unset at import)."""
    global TZPATH
    try:
        return TZPATH
    except NameError:
        # PYTHONTZPATH was unset at import, so the default is the configured one (as the
        # stdlib, which reads the variable only at import and in reset_tzpath()).
        TZPATH = _configured_tzpath()
        return TZPATH


def __getattr__(name: str) -> object:
    if name == "TZPATH":
        return search_path()
    if name in ("ZoneInfoNotFoundError", "InvalidTZPathWarning"):
        return exception_classes()[name == "InvalidTZPathWarning"]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def reset_tzpath(to: Iterable[str | os.PathLike[str]] | None = None) -> None:
    """Set TZPATH to ``to`` (absolute paths), or recompute the default."""
    global TZPATH
    if to is None:
        TZPATH = _default_tzpath()
        return
    if isinstance(to, (str, bytes)):
        raise TypeError(f"tzpaths must be a list or tuple, not {type(to).__name__}: {to!r}")
    try:
        entries = list(to)
    except TypeError:
        raise TypeError(f"tzpaths must be an iterable of paths, not {type(to).__name__}") from None
    paths = []
    for entry in entries:
        path = os.fspath(entry)
        if not isinstance(path, str):
            raise TypeError(f"tzpath entries must be str or os.PathLike[str], not {path!r}")
        paths.append(path)
    relative = [p for p in paths if not os.path.isabs(p)]
    if relative:
        raise ValueError(
            f"Paths should be absolute but found the following relative paths: {relative!r}"
        )
    TZPATH = tuple(paths)


_BASE = os.path.normpath("/__tzcompat_root__")


# Keys that passed validate_key (its answer depends on the key alone): a first lookup of a
# key seen before skips the path arithmetic.
_valid_keys: dict[str, str] = {}


def validate_key(key: object) -> str:
    """Reject anything that is not a normalized relative path below TZPATH."""
    if type(key) is str and key in _valid_keys:
        return key
    if not isinstance(key, str):
        raise TypeError(f"ZoneInfo key must be str, not {type(key).__name__}: {key!r}")
    if "\x00" in key:
        raise ValueError(f"ZoneInfo keys may not contain NUL characters, got: {key!r}")
    if os.path.isabs(key):
        raise ValueError(f"ZoneInfo keys may not be absolute paths, got: {key}")
    normal = os.path.normpath(key)
    if len(normal) != len(key):
        raise ValueError(f"ZoneInfo keys must be normalized relative paths, got: {key}")
    resolved = os.path.normpath(os.path.join(_BASE, normal))
    if not resolved.startswith(_BASE + os.sep):
        raise ValueError(f"ZoneInfo keys must refer to subdirectories of TZPATH, got: {key}")
    if type(key) is str:
        if len(_valid_keys) >= 4096:
            _valid_keys.clear()
        _valid_keys[key] = key
    return key


def is_file(path: str) -> bool:
    """``os.path.isfile`` that answers False for paths the OS cannot take."""
    try:
        return os.path.isfile(path)
    except (UnicodeEncodeError, ValueError):
        return False


_tzdata_dirs: dict[int, str | None] = {}


def tzdata_has(name: str) -> bool:
    """Whether the tzdata package, installed as plain files, has the file ``name``."""
    base = tzdata_root()
    return base is not None and is_file(os.path.join(base, name))


def tzdata_module() -> ModuleType | None:
    """The ``tzdata`` package, None when it is not installed."""
    try:
        import tzdata  # optional package: None without it
    except ImportError:
        return None
    return tzdata  # type: ignore[no-any-return]  # tzdata has no type hints


def tzdata_dir(tzdata: ModuleType) -> str | None:
    """The zoneinfo directory of the ``tzdata`` module given, when it is plain files."""
    # A plain directory is read directly (fast); anything else goes through
    # importlib.resources. Keyed on the module so a swapped-out tzdata is seen.
    ident = id(tzdata)
    if ident not in _tzdata_dirs:
        base = os.path.join(os.path.dirname(getattr(tzdata, "__file__", "") or ""), "zoneinfo")
        _tzdata_dirs[ident] = base if os.path.isdir(base) else None
    return _tzdata_dirs[ident]


def open_tzdata(name: str) -> IO[bytes] | None:
    """Open ``name`` (a validated key or side file) from the tzdata package."""
    tzdata = tzdata_module()
    if tzdata is None:
        return None
    base = tzdata_dir(tzdata)
    if base is not None:
        path = os.path.join(base, name)
        if not is_file(path):
            return None
        return open(path, "rb")
    from importlib import resources  # import cost: importlib.resources (test_import_cost)

    parts = name.split("/")
    try:
        resource = resources.files(".".join(["tzdata.zoneinfo", *parts[:-1]])).joinpath(parts[-1])
        if not resource.is_file():
            return None
        return resource.open("rb")
    except (ImportError, OSError, UnicodeEncodeError, ValueError):
        return None


def tzdata_root() -> str | None:
    """The tzdata package's zoneinfo directory, when it is installed as plain files."""
    tzdata = tzdata_module()
    return tzdata_dir(tzdata) if tzdata is not None else None


def has_zones(root: str) -> bool:
    """Whether the directory ``root`` holds zone data (its ``UTC`` file stands for the rest)."""
    return os.path.isdir(root) and is_file(os.path.join(root, "UTC"))


def system_root() -> str | None:
    """The first TZPATH directory with zones: the system data the stdlib order uses."""
    return next((root for root in search_path() if has_zones(root)), None)


def available_timezones() -> set[str]:
    """Every key that can be loaded: tzdata's list plus TZif files in TZPATH."""
    return keys_under(search_path())


def keys_under(roots: Iterable[str]) -> set[str]:
    """tzdata's key list plus the keys of the TZif files under ``roots``."""
    zones: set[str] = set()
    tzdata = tzdata_module()
    if tzdata is not None:
        try:
            from importlib import resources  # import cost: importlib.resources (test_import_cost)

            with resources.files("tzdata").joinpath("zones").open("r", encoding="utf-8") as f:
                zones.update(line.strip() for line in f if line.strip())
        except (ImportError, OSError):
            pass
    for root in roots:
        zones.update(tzif_keys(root, skip=zones))
    zones.discard("posixrules")
    zones.discard("localtime")
    return zones


def tzif_keys(root: str, skip: set[str] | frozenset[str] = frozenset()) -> set[str]:
    """The keys of the TZif files under the directory ``root`` (``posix``/``right`` copies
    skipped; keys in ``skip`` are not opened). Empty when ``root`` is not a directory."""
    zones: set[str] = set()
    if not os.path.isdir(root):
        return zones
    for dirpath, dirnames, filenames in os.walk(root):
        if dirpath == root:
            # Leap-second and POSIX copies duplicate the main tree.
            dirnames[:] = [d for d in dirnames if d not in ("posix", "right")]
        for name in filenames:
            path = os.path.join(dirpath, name)
            key = os.path.relpath(path, root).replace(os.sep, "/")
            if key in skip:
                continue
            try:
                with open(path, "rb") as f:
                    if f.read(4) == b"TZif":
                        zones.add(key)
            except OSError:
                continue
    zones.discard("posixrules")
    zones.discard("localtime")
    return zones


if "PYTHONTZPATH" in os.environ:
    # Now, as the stdlib does, so that an InvalidTZPathWarning points at the import.
    reset_tzpath()
