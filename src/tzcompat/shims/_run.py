"""``python -m tzcompat run``: run an unchanged program on the pytz/dateutil.tz shims.

    python -m tzcompat run [--pytz] [--dateutil] [--warn] [--audit] [--] SCRIPT [ARGS...]
    python -m tzcompat run [OPTIONS] -m MODULE [ARGS...]

With neither ``--pytz`` nor ``--dateutil`` both shims are installed. ``--warn`` issues a
``PytzUsageWarning`` at each pytz-only call; ``--audit`` prints the table of pytz/dateutil
call sites to stderr at exit (``TZCOMPAT_AUDIT=1`` and ``TZCOMPAT_WARNINGS=1`` do the same).
The program sees the ``sys.argv`` and ``sys.path[0]`` that ``python SCRIPT`` or
``python -m MODULE`` would give it, and its exit status is returned.
"""

from __future__ import annotations

import os
import runpy
import sys
import traceback

from . import _datanote, _install

__all__ = ["main"]

_USAGE = (
    "usage: {0} [--pytz] [--dateutil] [--warn] [--audit] [--] SCRIPT [ARGS...]\n"
    "       {0} [--pytz] [--dateutil] [--warn] [--audit] -m MODULE [ARGS...]\n"
)


class _Usage(Exception):
    pass


def _parse(argv: list[str]) -> tuple[set[str], str | None, str | None, list[str]]:
    """``(flags, script, module, program args)``."""
    flags: set[str] = set()
    i = 0
    while i < len(argv):
        arg = argv[i]
        if arg == "--":
            i += 1
            break
        if arg in ("-h", "--help"):
            flags.add("help")
            return flags, None, None, []
        if arg in ("--pytz", "--dateutil", "--warn", "--audit"):
            flags.add(arg[2:])
        elif arg == "--warnings":
            flags.add("warn")
        elif arg == "-m" or (arg.startswith("-m") and len(arg) > 2):
            module = arg[2:] or (argv[i + 1] if i + 1 < len(argv) else None)
            if not module:
                raise _Usage("-m needs a module name")
            rest = argv[i + (1 if arg[2:] else 2) :]
            return flags, None, module, rest
        elif arg.startswith("-"):
            raise _Usage(f"unknown option {arg!r}")
        else:
            break
        i += 1
    rest = argv[i:]
    if not rest:
        raise _Usage("no program given")
    if rest[0] == "-m":
        # ``run --pytz -- -m pkg``: -m after the separator still means a module.
        if len(rest) < 2:
            raise _Usage("-m needs a module name")
        return flags, None, rest[1], rest[2:]
    return flags, rest[0], None, rest[1:]


def _clean_traceback(exc: BaseException) -> None:
    # Drop the frames of this runner and runpy so the traceback starts in the program.
    tb = exc.__traceback__
    skip = {os.path.abspath(__file__), os.path.abspath(runpy.__file__), "<frozen runpy>"}
    while tb is not None:
        name = tb.tb_frame.f_code.co_filename
        if name not in skip and os.path.abspath(name) not in skip:
            break
        tb = tb.tb_next
    traceback.print_exception(type(exc), exc, tb)


def _exit_code(exc: SystemExit) -> int:
    code = exc.code
    if code is None:
        return 0
    if isinstance(code, int):
        return code
    print(code, file=sys.stderr)
    return 1


def main(argv: list[str], prog: str = "python -m tzcompat run") -> int:
    """Run the ``run`` command; returns the program's exit status (2 for usage errors).
    ``prog`` is the command as the user typed it, for messages."""
    try:
        flags, script, module, args = _parse(list(argv))
    except _Usage as exc:
        sys.stderr.write(_USAGE.format(prog) + f"{prog}: error: {exc}\n")
        return 2
    if "help" in flags:
        sys.stdout.write(_USAGE.format(prog) + __doc__.split("\n\n", 2)[2])
        return 0
    if script is not None and not os.path.exists(script):
        print(f"{prog}: can't open file {script!r}: no such file", file=sys.stderr)
        return 2

    _datanote.origin = prog  # a data warning names the command, not tzcompat's code
    both = not ({"pytz", "dateutil"} & flags)
    _install.install(
        pytz=both or "pytz" in flags,
        dateutil=both or "dateutil" in flags,
        warn=True if "warn" in flags else None,
        audit=True if "audit" in flags else None,
    )
    saved_argv, saved_path0 = sys.argv[:], sys.path[0] if sys.path else None
    try:
        if script is not None:
            sys.argv = [script, *args]
            # As ``python SCRIPT``: the script's directory comes first on the path.
            path0 = os.path.dirname(os.path.realpath(script)) if os.path.isfile(script) else script
            if sys.path:
                sys.path[0] = path0
            else:
                sys.path.insert(0, path0)
            runpy.run_path(script, run_name="__main__")
        else:
            assert module is not None
            # As ``python -m MODULE``: the current directory first; runpy sets argv[0].
            sys.argv = [module, *args]
            if sys.path:
                sys.path[0] = os.getcwd()
            runpy.run_module(module, run_name="__main__", alter_sys=True)
    except SystemExit as exc:
        return _exit_code(exc)
    except KeyboardInterrupt:
        raise
    except BaseException as exc:  # noqa: BLE001 - reported like the interpreter would
        _clean_traceback(exc)
        return 1
    finally:
        sys.argv = saved_argv
        if saved_path0 is not None and sys.path:
            sys.path[0] = saved_path0
    return 0
