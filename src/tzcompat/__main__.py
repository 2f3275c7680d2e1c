"""``python -m tzcompat``: inspect zones on the default data, and the migration tools.

    python -m tzcompat                      summary of the data in use and a few zones
    python -m tzcompat show KEY [--at ISO]  offset, abbreviation, source, version, transitions
    python -m tzcompat transitions KEY [--start YEAR] [--end YEAR]
    python -m tzcompat list [PREFIX]        available zone keys
    python -m tzcompat migrate ...          rewrite pytz/dateutil.tz code (needs tzcompat[migrate])
    python -m tzcompat run ...              run a program on the pytz/dateutil shims
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from datetime import datetime, timezone

from . import ZoneInfo, ZoneInfoNotFoundError, _tzpath, available_timezones, data_version
from ._transitions import Transition

_DEMO_KEYS = ("UTC", "America/New_York", "Europe/London", "Asia/Kolkata", "Australia/Lord_Howe")


class _UsageError(Exception):
    """A bad command line or input: reported in one line, exit status 2."""


def _fmt_offset(td) -> str:  # noqa: ANN001
    total = int(td.total_seconds())
    sign = "-" if total < 0 else "+"
    total = abs(total)
    h, rem = divmod(total, 3600)
    m, s = divmod(rem, 60)
    return f"{sign}{h:02d}:{m:02d}" + (f":{s:02d}" if s else "")


def _fmt_transition(tr: Transition | None, zone: ZoneInfo) -> str:
    if tr is None:
        return "none"
    when = tr.utc
    local = when.astimezone(zone).isoformat() if when is not None else f"@{tr.timestamp}"
    return (
        f"{local} ({tr.before.tzname} {_fmt_offset(tr.before.utcoffset)} -> "
        f"{tr.after.tzname} {_fmt_offset(tr.after.utcoffset)})"
    )


def _load(key: str) -> ZoneInfo:
    try:
        return ZoneInfo(key)
    except ZoneInfoNotFoundError:
        raise _UsageError(f"unknown time zone {key!r} (try: python -m tzcompat list)") from None
    except (ValueError, TypeError) as exc:
        raise _UsageError(f"cannot load {key!r}: {exc}") from None


def _parse_at(text: str | None) -> datetime:
    if text is None:
        return datetime.now(timezone.utc)
    try:
        at = datetime.fromisoformat(text)
    except ValueError:
        raise _UsageError(f"--at must be an ISO 8601 date/time, got {text!r}") from None
    return at if at.tzinfo is not None else at.replace(tzinfo=timezone.utc)


def _source_line(zone: ZoneInfo) -> str:
    version = zone.data_version or "unknown version"
    return f"{zone.source} (IANA {version})"


def cmd_show(args: argparse.Namespace) -> int:
    zone = _load(args.key)
    at = _parse_at(args.at)
    local = at.astimezone(zone)
    print(f"zone:        {zone.key}")
    print(f"local time:  {local.isoformat()}")
    print(f"offset:      {_fmt_offset(local.utcoffset())}  abbreviation: {local.tzname()}  "
          f"dst: {_fmt_offset(local.dst())}")
    print(f"source:      {_source_line(zone)}")
    print(f"previous:    {_fmt_transition(zone.previous_transition(at), zone)}")
    print(f"next:        {_fmt_transition(zone.next_transition(at), zone)}")
    return 0


def cmd_transitions(args: argparse.Namespace) -> int:
    zone = _load(args.key)
    for year in (args.start, args.end):
        if not 1 <= year <= 9999:
            raise _UsageError(f"years must be in 1..9999, got {year}")
    if args.end < args.start:
        raise _UsageError("--end must not be before --start")
    start = datetime(args.start, 1, 1, tzinfo=timezone.utc)
    end = datetime(args.end, 12, 31, 23, 59, 59, tzinfo=timezone.utc)
    for tr in zone.transitions(start, end):
        print(_fmt_transition(tr, zone))
    return 0


def cmd_list(args: argparse.Namespace) -> int:
    for key in sorted(available_timezones()):
        if args.prefix is None or key.lower().startswith(args.prefix.lower()):
            print(key)
    return 0


def cmd_demo(_args: argparse.Namespace) -> int:
    now = datetime.now(timezone.utc)
    print(f"tzcompat on {', '.join(_tzpath.TZPATH) or '(no TZPATH)'}; "
          f"data version {data_version() or 'unknown'}; {len(available_timezones())} zones")
    for key in _DEMO_KEYS:
        zone = _load(key)
        local = now.astimezone(zone)
        print(f"  {key:22} {local:%Y-%m-%d %H:%M} {local.tzname():6} "
              f"{_fmt_offset(local.utcoffset()):>7}  next change: "
              f"{_fmt_transition(zone.next_transition(now), zone)}")
    print("try: python -m tzcompat show Europe/Paris | list | transitions KEY | migrate --help")
    return 0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m tzcompat", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command")
    show = sub.add_parser("show", help="one zone's current state, source and transitions")
    show.add_argument("key", help="an IANA key such as Europe/Paris")
    show.add_argument("--at", help="an ISO 8601 instant (naive means UTC); default now")
    show.set_defaults(func=cmd_show)
    trans = sub.add_parser("transitions", help="a zone's transitions between two years")
    trans.add_argument("key", help="an IANA key such as Europe/Paris")
    this_year = datetime.now(timezone.utc).year
    trans.add_argument("--start", type=int, default=this_year, metavar="YEAR",
                       help="first year (default: this year)")
    trans.add_argument("--end", type=int, default=this_year + 1, metavar="YEAR",
                       help="last year, included (default: next year)")
    trans.set_defaults(func=cmd_transitions)
    lst = sub.add_parser("list", help="available zone keys")
    lst.add_argument("prefix", nargs="?", help="only keys starting with this (any case)")
    lst.set_defaults(func=cmd_list)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] == "migrate":
        try:
            from .migrate._cli import main as migrate_main
        except ImportError as exc:
            print(f"tzcompat migrate: {exc}", file=sys.stderr)
            return 2
        return migrate_main(argv[1:])
    if argv and argv[0] == "run":
        try:
            from .migrate._run import main as run_main
        except ImportError:
            print("tzcompat run: not available in this build", file=sys.stderr)
            return 2
        return run_main(argv[1:])
    parser = _parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:
        return int(exc.code or 0)
    try:
        return args.func(args) if args.command else cmd_demo(args)
    except _UsageError as exc:
        print(f"tzcompat: error: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
