"""Where zone data comes from: TZPATH, key validation, the tzdata fallback."""

from __future__ import annotations

import os
import stat
import sys

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable
    from types import FrameType, ModuleType
    from typing import IO

__all__ = [
    "TZPATH",
    "InvalidTZPathWarning",
    "ZoneInfoNotFoundError",
    "available_timezones",
    "data_version",
    "find_data_file",
    "reset_tzpath",
]

# Set by reset_tzpath(). Without PYTHONTZPATH the default comes from sysconfig, whose data
# module costs more to import than the whole core: that default is computed on first use
# (module __getattr__ below, and _search_path() inside this module).
TZPATH: tuple[str, ...]
# Made by _exceptions() on first use (their bases are zoneinfo's, which is costly to import).
ZoneInfoNotFoundError: type[KeyError]
InvalidTZPathWarning: type[RuntimeWarning]
_PKG_DIR = os.path.dirname(os.path.abspath(__file__))
# The data policy (set_data_policy, below): None for the stdlib's order,
# else a function telling whether the tzdata package wins over TZPATH now.
TZDATA_FIRST: Callable[[], bool] | None = None


def stdlib_zoneinfo() -> ModuleType:
    """The standard library's ``zoneinfo``, imported on first need (it imports sysconfig).

    Its import reads PYTHONTZPATH and warns about relative entries itself; tzcompat has
    already warned about those, so the stdlib's copy of the warning is suppressed.
    """
    zoneinfo = sys.modules.get("zoneinfo")
    if zoneinfo is None:
        import warnings

        with warnings.catch_warnings():
            warnings.filterwarnings("ignore", "Invalid paths specified in PYTHONTZPATH")
            import zoneinfo
    return zoneinfo  # type: ignore[return-value]


def _exceptions() -> tuple[type[KeyError], type[RuntimeWarning]]:
    """ZoneInfoNotFoundError and InvalidTZPathWarning, made on first use as subclasses
    of the stdlib's, so ``except zoneinfo.ZoneInfoNotFoundError`` catches ours."""
    global ZoneInfoNotFoundError, InvalidTZPathWarning
    try:
        return ZoneInfoNotFoundError, InvalidTZPathWarning
    except NameError:
        pass
    std = stdlib_zoneinfo()

    class ZoneInfoNotFoundError(std.ZoneInfoNotFoundError):  # type: ignore[name-defined, misc]
        """No time zone data was found for a key (a KeyError)."""

        __module__ = "tzcompat"

    class InvalidTZPathWarning(std.InvalidTZPathWarning):  # type: ignore[name-defined, misc]
        """A relative path in PYTHONTZPATH was ignored."""

        __module__ = "tzcompat"

    return ZoneInfoNotFoundError, InvalidTZPathWarning


def _outside_stacklevel() -> int:
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
            import warnings

            warnings.warn(
                "Invalid paths specified in PYTHONTZPATH environment variable. "
                f"Paths should be absolute but found the following relative paths: {bad!r}",
                _exceptions()[1],
                stacklevel=_outside_stacklevel(),
            )
        return good
    return _configured_tzpath()


def _configured_tzpath() -> tuple[str, ...]:
    import sysconfig

    configured = sysconfig.get_config_var("TZPATH")
    if configured:
        return tuple(p for p in configured.split(os.pathsep) if os.path.isabs(p))
    return ("/usr/share/zoneinfo", "/usr/lib/zoneinfo", "/usr/share/lib/zoneinfo", "/etc/zoneinfo")


def _search_path() -> tuple[str, ...]:
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
        return _search_path()
    if name in ("ZoneInfoNotFoundError", "InvalidTZPathWarning"):
        return _exceptions()[name == "InvalidTZPathWarning"]
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


def _isfile(path: str) -> bool:
    try:
        return os.path.isfile(path)
    except (UnicodeEncodeError, ValueError):
        return False


def find_tzfile(key: str) -> str | None:
    """The first TZPATH file for a validated key, or None (also when the data policy
    prefers the tzdata package and it has the key)."""
    first = TZDATA_FIRST  # read once: set_data_policy() may swap it meanwhile
    if first is not None and first() and _tzdata_has(key):
        return None
    for root in _search_path():
        path = os.path.join(root, key)
        if _isfile(path):
            return path
    return None


_tzdata_dirs: dict[int, str | None] = {}


def _tzdata_has(name: str) -> bool:
    base = tzdata_root()
    return base is not None and _isfile(os.path.join(base, name))


def _tzdata() -> ModuleType | None:
    try:
        import tzdata
    except ImportError:
        return None
    return tzdata  # type: ignore[no-any-return]


def _tzdata_dir(tzdata: ModuleType) -> str | None:
    # A plain directory is read directly (fast); anything else goes through
    # importlib.resources. Keyed on the module so a swapped-out tzdata is seen.
    ident = id(tzdata)
    if ident not in _tzdata_dirs:
        base = os.path.join(os.path.dirname(getattr(tzdata, "__file__", "") or ""), "zoneinfo")
        _tzdata_dirs[ident] = base if os.path.isdir(base) else None
    return _tzdata_dirs[ident]


def open_tzdata(name: str) -> IO[bytes] | None:
    """Open ``name`` (a validated key or side file) from the tzdata package."""
    tzdata = _tzdata()
    if tzdata is None:
        return None
    base = _tzdata_dir(tzdata)
    if base is not None:
        path = os.path.join(base, name)
        if not _isfile(path):
            return None
        return open(path, "rb")
    from importlib import resources

    parts = name.split("/")
    try:
        resource = resources.files(".".join(["tzdata.zoneinfo", *parts[:-1]])).joinpath(parts[-1])
        if not resource.is_file():
            return None
        return resource.open("rb")
    except (ImportError, OSError, UnicodeEncodeError, ValueError):
        return None


def open_zone(key: str) -> tuple[IO[bytes], str, str | None]:
    """Open the data for ``key``: (binary file, source description, data version)."""
    validate_key(key)
    path = find_tzfile(key)
    if path is not None:
        try:
            return open(path, "rb"), path, _root_version(path[: -len(key) - 1])
        except OSError as exc:
            raise _exceptions()[0](f"No time zone found with key {key}: {exc}") from None
    fobj = open_tzdata(key)
    if fobj is None:
        raise _exceptions()[0](f"No time zone found with key {key}")
    return fobj, f"tzdata:{key}", _tzdata_version()


# A zone file larger than this is refused (the largest real one is a few KiB; the TZif
# reader's own bounds allow far more than any real file, this keeps reading bounded).
MAX_ZONE_FILE = 1 << 24
_CHUNK = 1 << 16
_O_FLAGS = os.O_RDONLY | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)


def read_zone(key: str) -> tuple[bytes, str, str | None]:
    """The bytes of ``key``'s data, as open_zone finds it: (data, source, version).

    A file is read with os.read on a bare descriptor, in one read for any real zone file
    (no file object to build); more reads, bounded by MAX_ZONE_FILE, for larger ones."""
    validate_key(key)
    first = TZDATA_FIRST  # read once: set_data_policy() may swap it meanwhile
    if first is None or not (first() and _tzdata_has(key)):
        for root in _search_path():
            path = os.path.join(root, key)
            found = _read_file(path, key)
            if found is not None:
                return found, path, _root_version(root)
    fobj, source, version = open_zone(key)  # the tzdata package (or NotFound)
    with fobj:
        return _read_all(fobj.read), source, version


def _read_file(path: str, key: str) -> bytes | None:
    """The bytes of the regular file ``path``; None when there is none (find_tzfile's test:
    missing, a directory, anything but a regular file). Opened first and checked with
    fstat (one path lookup, not two); O_NONBLOCK so that a FIFO cannot block the open."""
    try:
        fd = os.open(path, _O_FLAGS | getattr(os, "O_NONBLOCK", 0))
    except (FileNotFoundError, NotADirectoryError, IsADirectoryError, UnicodeEncodeError,
            ValueError):
        return None
    except OSError as exc:
        if not _isfile(path):  # as isfile() would decide (a path component unreadable...)
            return None
        raise _exceptions()[0](f"No time zone found with key {key}: {exc}") from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return None
        return _read_all(lambda n: os.read(fd, n))
    finally:
        os.close(fd)


def _read_all(read: Callable[[int], bytes]) -> bytes:
    data = read(_CHUNK)
    if not isinstance(data, bytes):
        raise ValueError(f"Invalid TZif file: expected bytes, read {type(data).__name__}")
    if len(data) < _CHUNK:
        return data
    parts, size = [data], len(data)
    while True:
        chunk = read(_CHUNK)
        if not chunk:
            return b"".join(parts)
        size += len(chunk)
        if size > MAX_ZONE_FILE:
            raise ValueError(f"Invalid TZif file: larger than {MAX_ZONE_FILE} bytes")
        parts.append(chunk)


def _tzdata_version() -> str | None:
    tzdata = _tzdata()
    if tzdata is None:
        return None
    base = _tzdata_dir(tzdata)
    # The package's own tzdata.zi tells what is on disk now (a pip upgrade in a running
    # process leaves the imported module's IANA_VERSION stale).
    return (base is not None and _root_version(base)) or getattr(tzdata, "IANA_VERSION", None)


# path of a version file -> (its stat signature, the version read from it)
_root_versions: dict[str, tuple[tuple[int, ...], str | None]] = {}


def _read_version(fobj: IO[bytes]) -> str | None:
    with fobj:
        head = fobj.read(200).decode("ascii", "replace")
    for line in head.splitlines():
        line = line.strip()
        if line.startswith("# version "):
            return line[len("# version ") :].strip() or None
        if line and not line.startswith("#"):
            return line if len(line) < 16 and " " not in line else None
    return None


def _root_version(root: str) -> str | None:
    """The IANA version of a zoneinfo directory, from tzdata.zi or +VERSION.

    Data is updated in place (OS packages, pip): each call stats the version file and
    re-reads it only when its signature changed, so the answer is never stale.
    """
    for name in ("tzdata.zi", "+VERSION"):
        path = os.path.join(root, name)
        try:
            st = os.stat(path)
        except (OSError, ValueError):
            continue
        if not stat.S_ISREG(st.st_mode):
            continue
        sig = (st.st_mtime_ns, st.st_ctime_ns, st.st_size, st.st_ino)
        cached = _root_versions.get(path)
        if cached is not None and cached[0] == sig:
            version = cached[1]
        else:
            try:
                version = _read_version(open(path, "rb"))
            except OSError:
                version = None
            if len(_root_versions) > 64:
                _root_versions.clear()
            _root_versions[path] = (sig, version)
        if version:
            return version
    return None


def root_version(root: str) -> str | None:
    """The IANA version of the zoneinfo directory ``root`` (from tzdata.zi or +VERSION)."""
    return _root_version(root)


def tzdata_root() -> str | None:
    """The tzdata package's zoneinfo directory, when it is installed as plain files."""
    tzdata = _tzdata()
    return _tzdata_dir(tzdata) if tzdata is not None else None


def tzdata_version() -> str | None:
    """The IANA version of the tzdata package's data (None without the package)."""
    return _tzdata_version()


def stat_signature(path: str) -> tuple[int, int, int, int] | None:
    """What changes when a file is rewritten or replaced (mtime, ctime, size, inode),
    without reading it; None when ``path`` is not a regular file."""
    try:
        st = os.stat(path)
    except (OSError, ValueError):
        return None
    if not stat.S_ISREG(st.st_mode):
        return None
    return (st.st_mtime_ns, st.st_ctime_ns, st.st_size, st.st_ino)


def zone_path(key: str) -> str | None:
    """The file the default lookup would read for a validated ``key``: the first TZPATH
    file, else the tzdata package's (None when there is none, or tzdata is not plain files)."""
    path = find_tzfile(key)
    if path is not None:
        return path
    base = tzdata_root()
    if base is None:
        return None
    path = os.path.join(base, key)
    return path if _isfile(path) else None


def tree_signature(root: str) -> tuple[tuple[str, tuple[int, int, int, int]], ...]:
    """The stat signature of every file under the zoneinfo directory ``root`` (sorted by
    path; the ``posix``/``right`` copies skipped): a few milliseconds for a full tree."""
    out = []
    stack = [root]
    while stack:
        folder = stack.pop()
        try:
            entries = os.scandir(folder)
        except (OSError, ValueError):
            continue
        with entries:
            for entry in entries:
                try:
                    if entry.is_dir(follow_symlinks=False):
                        if folder != root or entry.name not in ("posix", "right"):
                            stack.append(entry.path)
                        continue
                    st = entry.stat()
                except OSError:
                    continue  # removed meanwhile: its absence is the signature
                if stat.S_ISREG(st.st_mode):
                    out.append((entry.path, (st.st_mtime_ns, st.st_ctime_ns, st.st_size,
                                             st.st_ino)))
    out.sort()
    return tuple(out)


def find_data_file(name: str) -> IO[bytes] | None:
    """Open a tz database side file (``zone.tab``, ``iso3166.tab``, ...) from the
    first TZPATH root that has it, else from the tzdata package, else None."""
    validate_key(name)
    path = find_tzfile(name)
    if path is not None:
        try:
            return open(path, "rb")
        except OSError:
            pass
    return open_tzdata(name)


def data_version() -> str | None:
    """The IANA version of the data the default lookup would use."""
    first = TZDATA_FIRST
    if first is not None and first():
        return _tzdata_version()
    root = _system_root()
    return _root_version(root) if root is not None else _tzdata_version()


def available_timezones() -> set[str]:
    """Every key that can be loaded: tzdata's list plus TZif files in TZPATH."""
    return keys_under(_search_path())


def keys_under(roots: Iterable[str]) -> set[str]:
    """tzdata's key list plus the keys of the TZif files under ``roots``."""
    zones: set[str] = set()
    tzdata = _tzdata()
    if tzdata is not None:
        try:
            from importlib import resources

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


# --- which data wins: the stdlib's order, or the newest of the system's and the package's ---

POLICIES = ("stdlib", "newest")


def version_key(version: str | None) -> tuple[int, int, str] | None:
    """An IANA version (``2025b``) as a sortable key; None when it is not one."""
    if not version or len(version) < 5 or not version[:4].isdigit():
        return None
    suffix = version[4:]
    if not (suffix.isalpha() and suffix.isascii()):
        return None
    return (int(version[:4]), len(suffix), suffix.lower())


def has_zones(root: str) -> bool:
    """Whether the directory ``root`` holds zone data (its ``UTC`` file stands for the rest)."""
    return os.path.isdir(root) and _isfile(os.path.join(root, "UTC"))


def _system_root() -> str | None:
    """The first TZPATH directory with zones: the system data the stdlib order uses."""
    return next((root for root in _search_path() if has_zones(root)), None)


def tzdata_is_newer() -> bool:
    """Whether the tzdata package holds a newer IANA release than the system data
    (False when either is missing or its version is unknown)."""
    root = _system_root()
    system = version_key(root_version(root)) if root else None
    package = version_key(tzdata_version())
    return system is not None and package is not None and package > system


def set_data_policy(policy: str) -> None:
    """Choose which zone data wins: ``"stdlib"`` (the default: the first TZPATH directory
    that has the key, then the tzdata package, as ``zoneinfo``) or ``"newest"`` (the
    tzdata package first whenever its IANA version is newer than the system data's).

    The environment variable ``TZCOMPAT_DATA_POLICY`` sets it at import. Zones already
    loaded keep their data until ``refresh()``; ``ZoneInfo.clear_cache()`` makes new
    lookups read from the source the policy now picks.
    """
    if policy not in POLICIES:
        raise ValueError(f"data policy must be one of {', '.join(map(repr, POLICIES))}, "
                         f"not {policy!r}")
    global TZDATA_FIRST
    TZDATA_FIRST = tzdata_is_newer if policy == "newest" else None


def data_policy() -> str:
    """The data policy in force: ``"stdlib"`` or ``"newest"``."""
    return "stdlib" if TZDATA_FIRST is None else "newest"


if os.environ.get("TZCOMPAT_DATA_POLICY"):
    try:
        set_data_policy(os.environ["TZCOMPAT_DATA_POLICY"])
    except ValueError as exc:
        import warnings

        warnings.warn(f"TZCOMPAT_DATA_POLICY ignored: {exc}", RuntimeWarning, stacklevel=2)

if "PYTHONTZPATH" in os.environ:
    # Now, as the stdlib does, so that an InvalidTZPathWarning points at the import.
    reset_tzpath()
