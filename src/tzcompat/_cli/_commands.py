"""The CLI's commands: demo, show, transitions, list, convert (text or ``--json``)."""

from __future__ import annotations

import argparse
import sys
from datetime import datetime, timedelta, timezone

from .. import ZoneInfo, _tzpath, available_timezones, data_version
from .._transitions import Transition, ZoneState
from . import _zones
from ._data import newer_warnings, sources
from ._isotime import parse_iso
from ._output import dump as _dump
from ._output import fmt_offset
from ._output import seconds as _seconds
from ._zones import NotFound, UsageError

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

DEMO_KEYS = ("UTC", "America/New_York", "Europe/London", "Asia/Kolkata", "Australia/Lord_Howe")


def _iso(dt: datetime | None) -> str | None:
    return dt.isoformat() if dt is not None else None


def _state_json(state: ZoneState) -> dict[str, Any]:
    return {"utcoffset": _seconds(state.utcoffset), "dst": _seconds(state.dst),
            "abbreviation": state.tzname, "is_dst": state.is_dst}


def _transition_json(tr: Transition | None) -> dict[str, Any] | None:
    if tr is None:
        return None
    return {"timestamp": tr.timestamp, "utc": _iso(tr.utc),
            "local": _iso(_zones.transition_local(tr)),
            "before": _state_json(tr.before), "after": _state_json(tr.after)}


def fmt_transition(tr: Transition | None) -> str:
    if tr is None:
        return "none"
    local = _zones.transition_local(tr)
    when = local.isoformat() if local is not None else f"@{tr.timestamp} (outside years 1-9999)"
    return (f"{when} ({tr.before.tzname} {fmt_offset(tr.before.utcoffset)} -> "
            f"{tr.after.tzname} {fmt_offset(tr.after.utcoffset)})")


def parse_time(text: str, option: str) -> datetime:
    try:
        return parse_iso(text)
    except ValueError as exc:
        raise UsageError(f"{option} must be an ISO 8601 date/time such as 2024-03-10T02:30 "
                         f"or 2024-03-10T07:30Z, got {text!r} ({exc})") from None


def cmd_show(args: argparse.Namespace) -> int:
    zone = _zones.load(args.key, args.prog)
    if args.at is None:
        at = datetime.now(timezone.utc)
    else:
        at = parse_time(args.at, "--at")
        at = at if at.tzinfo is not None else at.replace(tzinfo=timezone.utc)
    delta = _zones.since_epoch(at)
    ts = delta // timedelta(seconds=1)
    state = _zones.state_at(zone, ts)
    local = _zones.local_time(delta, state.utcoffset)
    previous, following = zone.previous_transition(ts), zone.next_transition(ts)
    if args.json:
        _dump({"key": zone.key, "utc": _iso(_zones.local_time(delta, timedelta(0))),
               "timestamp": ts, "local": _iso(local), **_state_json(state),
               "source": zone.source, "data_version": zone.data_version,
               "previous": _transition_json(previous), "next": _transition_json(following)})
        return 0
    shown = local.isoformat() if local is not None else "outside datetime's range (years 1-9999)"
    print(f"zone:        {zone.key}")
    print(f"local time:  {shown}")
    print(f"offset:      {fmt_offset(state.utcoffset)}  abbreviation: {state.tzname}  "
          f"dst: {fmt_offset(state.dst)}")
    print(f"source:      {zone.source} (IANA {zone.data_version or 'unknown version'})")
    print(f"previous:    {fmt_transition(previous)}")
    print(f"next:        {fmt_transition(following)}")
    return 0


def _year(value: int | None, option: str) -> int | None:
    if value is not None and not 1 <= value <= 9999:
        raise UsageError(f"{option} must be a year in 1..9999, got {value}")
    return value


def cmd_transitions(args: argparse.Namespace) -> int:
    zone = _zones.load(args.key, args.prog)
    given = [y for y in (_year(args.start, "--start"), _year(args.end, "--end")) if y is not None]
    if given:  # one year given alone means that year
        start, end = given[0], given[-1]
    else:
        start = datetime.now(timezone.utc).year
        end = min(start + 1, 9999)
    if end < start:
        raise UsageError(f"--end ({end}) must not be before --start ({start})")
    found = zone.transitions(_zones.new_year(start), _zones.new_year(end + 1))
    if args.json:
        _dump([_transition_json(tr) for tr in found])
    else:
        for tr in found:
            print(fmt_transition(tr))
    return 0


def cmd_list(args: argparse.Namespace) -> int:
    message = _zones.no_data_message()
    if message is not None:
        raise UsageError(message)
    keys = sorted(available_timezones())
    what = []
    if args.country is not None:
        code = args.country.strip().upper()
        names = _zones.countries()
        if len(code) != 2 or not code.isalpha() or (names and code not in names):
            raise UsageError(f"unknown country code {args.country!r} "
                             "(ISO 3166 alpha-2, such as FR or US)")
        in_country = _zones.country_zones(code)
        if in_country is None:
            raise UsageError("the zone data has no zone.tab or zone1970.tab: "
                             "pip install tzdata, or set PYTHONTZPATH to a full zoneinfo tree")
        keys = sorted(set(in_country))
        what.append(f"in country {code}" + (f" ({names[code]})" if code in names else ""))
    if args.prefix is not None:
        keys = [k for k in keys if k.lower().startswith(args.prefix.lower())]
        what.append(f"starting with {args.prefix!r}")
    if not keys:
        raise NotFound(f"no zone key {' and '.join(what)}")
    if args.json:
        _dump(keys)
    else:
        for key in keys:
            print(key)
    return 0


def _reading(wall: datetime, src: ZoneInfo, dst: ZoneInfo, fold: int) -> dict[str, Any]:
    aware = wall.replace(tzinfo=src, fold=fold)
    try:
        # Through UTC: astimezone(src) would return a skipped time unchanged.
        normal = aware.astimezone(timezone.utc).astimezone(src)
        target = aware.astimezone(dst)
    except OverflowError:
        raise UsageError(f"{wall.isoformat()} in {src.key} converts to a time outside "
                         "datetime's range (years 1-9999)") from None
    return {"fold": fold, "from": normal, "to": target}


def _reading_text(r: dict[str, Any], src: ZoneInfo, dst: ZoneInfo) -> str:
    return (f"{r['from'].isoformat()} {r['from'].tzname()} ({src.key}) = "
            f"{r['to'].isoformat()} {r['to'].tzname()} ({dst.key})")


def cmd_convert(args: argparse.Namespace) -> int:
    src, dst = _zones.load(args.source, args.prog), _zones.load(args.target, args.prog)
    wall = parse_time(args.time, "TIME")
    if wall.tzinfo is not None:
        raise UsageError(f"TIME is a wall time in {args.source} and takes no offset; got "
                         f"{args.time!r} (for an instant, use: {args.prog} show KEY --at ...)")
    try:
        imaginary, ambiguous = src.is_imaginary(wall), src.is_ambiguous(wall)
    except OverflowError:
        imaginary = ambiguous = False
    folds = [args.fold] if args.fold is not None else ([0, 1] if ambiguous else [0])
    readings = [_reading(wall, src, dst, fold) for fold in folds]
    kind = "imaginary" if imaginary else "ambiguous" if ambiguous else "normal"
    if args.json:
        _dump({"time": wall.isoformat(), "from_zone": src.key, "to_zone": dst.key,
               "kind": kind, "readings": [
                   {"fold": r["fold"], "from": r["from"].isoformat(),
                    "from_abbreviation": r["from"].tzname(), "to": r["to"].isoformat(),
                    "to_abbreviation": r["to"].tzname()} for r in readings]})
        return 0
    if imaginary:
        side = "before" if folds[0] == 0 else "after"
        print(f"note: {wall.isoformat()} does not exist in {src.key} (the clocks skip it); "
              f"read with the offset from {side} the gap (fold={folds[0]}) it is:")
    elif ambiguous and len(folds) == 2:
        print(f"note: {wall.isoformat()} happens twice in {src.key} (the clocks repeat it); "
              "both readings (choose one with --fold):")
    for r in readings:
        prefix = f"fold={r['fold']}: " if len(readings) == 2 else ""
        print(prefix + _reading_text(r, src, dst))
    return 0


def cmd_demo(args: argparse.Namespace) -> int:
    message = _zones.no_data_message()
    if message is not None:
        raise UsageError(message)
    # Only the tzdata package: the real pytz's bundle is for pytz (see the data command).

    found = [s for s in sources() if s["kind"] != "pytz"]
    used = next((s for s in found if s["in_use"]), None)
    now = datetime.now(timezone.utc)
    # The data in use: the TZPATH search, or the tzdata package when it answers (the data
    # policy 'newest', or no TZPATH directory with zones).
    where = (f"the tzdata package ({used['path']})" if used is not None and used["kind"] == "tzdata"
             else ", ".join(_tzpath.TZPATH) or "(no TZPATH)")
    print(f"tzcompat on {where}; "
          f"data version {data_version() or 'unknown'}; {len(available_timezones())} zones")
    for key in DEMO_KEYS:
        try:
            zone = _zones.load(key, args.prog)
        except UsageError:
            print(f"  {key:22} (not in this data)")
            continue
        local = now.astimezone(zone)
        print(f"  {key:22} {local:%Y-%m-%d %H:%M} {local.tzname():6} "
              # An aware local time.
              f"{fmt_offset(local.utcoffset()):>7}  next change: "  # type: ignore[arg-type]
              f"{fmt_transition(zone.next_transition(now))}")
    print(f"try: {args.prog} show Europe/Paris | list --country FR | transitions KEY | "
          "convert TIME FROM TO | --help")
    # One note, on stderr, in the words of the data command.
    for text in newer_warnings(found):
        print(f"{args.prog}: note: {text} ({args.prog} data lists the sources)", file=sys.stderr)
    return 0
