"""The ``tzcompat`` command (also ``python -m tzcompat``).

Bad input is reported in one line on stderr with exit status 2; a valid query that finds
nothing (``list`` with no match) exits 1.
"""

from __future__ import annotations

import argparse
import os
import sys
import warnings
from collections.abc import Sequence

TYPE_CHECKING = False  # typing would add to the command's start-up
if TYPE_CHECKING:
    from typing import NoReturn

# Importing the lookup reads PYTHONTZPATH and warns about relative entries (as the stdlib
# does). Python would print that as a raw "sys:1: InvalidTZPathWarning: ..." line; main()
# prints it as one line of its own instead. Other warnings are shown as usual.
with warnings.catch_warnings(record=True) as _caught:
    warnings.simplefilter("default")
    from ._zones import UsageError
_PENDING = []
for _w in _caught:
    if _w.category.__name__ == "InvalidTZPathWarning":
        _PENDING.append(str(_w.message))
    else:
        warnings.showwarning(_w.message, _w.category, _w.filename, _w.lineno)

__all__ = ["main"]

_DESCRIPTION = ("Inspect time zones on the data tzcompat uses (system zoneinfo or the tzdata "
                "package), and run the pytz/dateutil.tz migration tools. With no command: a "
                "short summary of the data and a few zones.")
_EPILOG = ("Exit status: 0 on success, 1 when list matches nothing, diff finds "
           "differences or data finds no zone data in use, 2 for bad input (reported in one "
           "line on stderr).")


def one_line(text: str) -> str:
    """``text`` with control characters escaped, so an odd argument cannot break the line."""
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        # One line, like every other input error (argparse would add the usage first).
        self.exit(2, f"{self.prog}: error: {one_line(message)} (see --help)\n")


class _Version(argparse.Action):
    def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: object) -> None:
        super().__init__(option_strings, dest, nargs=0, help="show the version and exit")

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: object, option_string: str | None = None) -> None:
        from .. import __version__, data_version  # only for --version: it reads the data

        data = data_version() or "unknown"
        print(f"tzcompat {__version__} (time zone data {data})")
        parser.exit(0)


def _parser(prog: str) -> argparse.ArgumentParser:
    # The commands load the core; `migrate` and `run` are dispatched before and need none of it.
    from . import _commands as c

    parser = _Parser(prog=prog, description=_DESCRIPTION, epilog=_EPILOG)
    parser.add_argument("--version", action=_Version)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", title="commands")
    json_help = "print JSON instead of text"

    show = sub.add_parser(
        "show", help="a zone's offset and abbreviation at an instant, and its transitions",
        description="A zone's offset, abbreviation and DST at an instant (default: now), "
        "where its data comes from, and the transitions before and after.")
    show.add_argument("key", help="an IANA key such as Europe/Paris")
    show.add_argument("--at", metavar="ISO", help="an ISO 8601 instant, naive meaning UTC "
                      "(e.g. 2024-03-10T07:30, 2024-03-10T02:30-05:00, 20240310T0730Z)")
    show.add_argument("--json", action="store_true", help=json_help)
    show.set_defaults(func=c.cmd_show)

    trans = sub.add_parser(
        "transitions", help="a zone's transitions in a range of years",
        description="Every transition of a zone from January 1 of --start to December 31 of "
        "--end (UTC). One year given alone means that year; neither means this year and next.")
    trans.add_argument("key", help="an IANA key such as Europe/Paris")
    trans.add_argument("--start", type=int, metavar="YEAR", help="first year (1-9999)")
    trans.add_argument("--end", type=int, metavar="YEAR", help="last year, included")
    trans.add_argument("--json", action="store_true", help=json_help)
    trans.set_defaults(func=c.cmd_transitions)

    lst = sub.add_parser(
        "list", help="available zone keys, by prefix or country",
        description="The zone keys available in the data, sorted. Exits 1 when none match.")
    lst.add_argument("prefix", nargs="?", help="only keys starting with this (any case)")
    lst.add_argument("--country", metavar="CC",
                     help="only the zones of this ISO 3166 country code (from zone.tab)")
    lst.add_argument("--json", action="store_true", help=json_help)
    lst.set_defaults(func=c.cmd_list)

    conv = sub.add_parser(
        "convert", help="a wall time in one zone as the wall time in another",
        description="Convert a wall time in zone FROM to zone TO. A time the clocks skip "
        "(imaginary) is reported, with the reading fold selects (default 0: the offset from "
        "before the gap); a repeated (ambiguous) time gets both readings unless --fold is given.")
    conv.add_argument("time", metavar="TIME", help="an ISO 8601 wall time without offset")
    conv.add_argument("source", metavar="FROM", help="the zone TIME is in")
    conv.add_argument("target", metavar="TO", help="the zone to convert to")
    conv.add_argument("--fold", type=int, choices=(0, 1),
                      help="which reading of an ambiguous or imaginary time (PEP 495)")
    conv.add_argument("--json", action="store_true", help=json_help)
    conv.set_defaults(func=c.cmd_convert)

    from . import _data  # as _commands above

    data = sub.add_parser(
        "data", help="the zone data sources, their IANA versions and ages",
        description="The zone data sources in search order (each TZPATH entry, the tzdata "
        "package, the real pytz's bundle when installed) with their IANA version and when "
        "they were written; warns when the source in use is older than another one present.")
    data.add_argument("--json", action="store_true", help=json_help)
    data.set_defaults(func=_data.cmd_data)

    diff = sub.add_parser(
        "diff", help="where two data sources give different offsets/abbreviations/DST",
        description="The zones and instants at which two zone data sources differ in UTC "
        "offset, abbreviation or DST, from January 1 of --start to December 31 of --end "
        "(default 1970-2037). A and B: a zoneinfo directory, or system (TZPATH), tzdata "
        "(the package) or pytz (the real pytz's bundle). Exits 1 when they differ.")
    diff.add_argument("a", metavar="A", help="a zoneinfo directory, system, tzdata or pytz")
    diff.add_argument("b", metavar="B", help="the other source")
    diff.add_argument("--keys", nargs="+", metavar="KEY", help="only these zones")
    diff.add_argument("--start", type=int, metavar="YEAR", help="first year (default 1970)")
    diff.add_argument("--end", type=int, metavar="YEAR", help="last year, included "
                      "(default 2037)")
    diff.add_argument("--json", action="store_true", help=json_help)
    diff.set_defaults(func=_data.cmd_diff)

    # Parsed by their own modules (dispatched before this parser); listed here for --help.
    for name, text in (
        ("migrate", "rewrite pytz/dateutil.tz code to zoneinfo (see: migrate --help)"),
        ("run", "run a program on the pytz/dateutil.tz shims (see: run --help)"),
    ):
        other = sub.add_parser(name, add_help=False, help=text)
        other.add_argument("rest", nargs=argparse.REMAINDER)
        other.set_defaults(func=_delegate)
    return parser


def _invoked_name() -> str:
    """The name the user typed: ``tzcompat`` for the script, ``python -m tzcompat`` for -m."""
    stem, ext = os.path.splitext(os.path.basename(sys.argv[0] if sys.argv else ""))
    if stem == "__main__" or not stem:
        return "python -m tzcompat"
    return stem if ext.lower() in ("", ".exe", ".py") else stem + ext


def _status(exc: SystemExit) -> int:
    """The exit status argparse asked for (--help: 0, usage errors: 2)."""
    return exc.code if isinstance(exc.code, int) else 0 if exc.code is None else 2


def _delegate(args: argparse.Namespace) -> int:
    return _dispatch([args.command, *args.rest], args.prog) or 0


def _dispatch(argv: list[str], prog: str) -> int | None:
    """Run ``migrate`` or ``run`` (they parse their own options); None for other commands."""
    if argv and argv[0] == "migrate":
        from ..migrate._cli import main as migrate_main  # LibCST: the `migrate` extra

        try:
            return migrate_main(argv[1:], prog=f"{prog} migrate")
        except SystemExit as exc:  # its argparse: --help, or a usage error
            return _status(exc)
    if argv and argv[0] == "run":
        from ..shims._run import main as run_main  # the shims only for `run`

        return run_main(argv[1:], prog=f"{prog} run")
    return None


def main(argv: Sequence[str] | None = None, prog: str | None = None) -> int:
    """Run the command line ``argv`` (default ``sys.argv[1:]``); returns the exit status.
    ``prog`` names the command in messages (default: as invoked, or ``tzcompat``)."""
    if prog is None:
        prog = _invoked_name() if argv is None else "tzcompat"
    argv = list(sys.argv[1:] if argv is None else argv)
    while _PENDING:
        print(f"{prog}: warning: {one_line(_PENDING.pop(0))} (they are ignored)",
              file=sys.stderr)
    status = _dispatch(argv, prog)
    if status is not None:
        return status
    parser = _parser(prog)
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:
        return _status(exc)
    args.prog = prog
    from . import _commands  # loaded by _parser() already

    try:
        return args.func(args) if args.command else _commands.cmd_demo(args)
    except UsageError as exc:
        print(f"{prog}: error: {one_line(str(exc))}", file=sys.stderr)
        return exc.status
    except OverflowError as exc:
        print(f"{prog}: error: outside datetime's range (years 1-9999): {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        # Output piped to a program that stopped reading (| head): not an error. Point
        # stdout at devnull so the interpreter's final flush does not fail again.
        try:
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        except (OSError, ValueError, AttributeError):  # not a real file (captured output)
            pass
        return 0
