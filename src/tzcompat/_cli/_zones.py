"""Zone lookups for the CLI: loading with suggestions, the no-data diagnosis, countries,
and the state and local time at an instant without leaving datetime's range."""

from __future__ import annotations

import difflib
from datetime import date, datetime, timedelta, timezone

from .. import ZoneInfo, ZoneInfoNotFoundError, _tzpath, available_timezones, find_data_file
from .._transitions import Transition, ZoneState


class UsageError(Exception):
    """Bad input: one line on stderr, exit status 2."""

    status = 2


class NotFound(UsageError):
    """A valid query that matched nothing: exit status 1."""

    status = 1


_EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)
_EPOCH_DAY = _EPOCH.toordinal()


def no_data_message() -> str | None:
    """Why no zone can be loaded, with the fix; None when some zone data exists."""
    if available_timezones():
        return None
    roots = ", ".join(_tzpath.TZPATH) or "empty"
    importable = _tzpath.tzdata_module() is not None
    where = ("the tzdata package has no zones" if importable
             else "the tzdata package is not installed")
    return (
        f"no time zone data found (TZPATH: {roots}; {where}): "
        "pip install tzdata, or set PYTHONTZPATH to a zoneinfo directory"
    )


def suggestions(key: str) -> list[str]:
    """Keys the user may have meant: same key in another case, same city, or close spellings."""
    keys = sorted(available_timezones())
    lowered = {k.lower(): k for k in keys}
    wanted = key.lower()
    if wanted in lowered:
        return [lowered[wanted]]
    city = [k for k in keys if k.lower().rsplit("/", 1)[-1] == wanted.rsplit("/", 1)[-1]]
    if city:
        return city[:3]
    return [lowered[k] for k in difflib.get_close_matches(wanted, list(lowered), n=3, cutoff=0.7)]


def _region(key: str) -> str | None:
    """``key`` as the prefix of some keys (``America``, ``america/``): that prefix, else None."""
    wanted = key.rstrip("/").lower() + "/"
    found = [k for k in available_timezones() if k.lower().startswith(wanted)]
    return min(found)[: len(wanted) - 1] if found else None


def load(key: str, prog: str) -> ZoneInfo:
    try:
        return ZoneInfo(key)
    except ZoneInfoNotFoundError:
        message = no_data_message()
        if message is not None:
            raise UsageError(message) from None
        _not_a_region(key, prog)
        close = suggestions(key)
        hint = (f"did you mean {' or '.join(map(repr, close))}?" if close
                else f"see: {prog} list")
        raise UsageError(f"unknown time zone {key!r}; {hint}") from None
    except (ValueError, TypeError) as exc:
        try:
            _tzpath.validate_key(key)
        except (ValueError, TypeError):  # an invalid key: absolute, '..', NUL, ...
            raise UsageError(f"invalid time zone key {key!r}: {exc}") from None
        _not_a_region(key, prog)
        if key not in available_timezones():
            # a file of the database that is no zone (zone.tab, tzdata.zi, leapseconds...)
            raise UsageError(f"{key!r} is not a time zone (the file of that name is not TZif "
                             f"data); see: {prog} list") from None
        raise UsageError(f"invalid time zone file for {key!r}: {exc}") from None


def _not_a_region(key: str, prog: str) -> None:
    region = _region(key)
    if region is not None:  # a region such as America, not a zone
        raise UsageError(f"{key!r} is a region, not a time zone; its zones: "
                         f"{prog} list {region}")


def since_epoch(dt: datetime) -> timedelta:
    """The time from the POSIX epoch to aware ``dt``, valid for all of datetime's range."""
    return dt - _EPOCH


def new_year(year: int) -> int:
    """POSIX seconds of ``year``-01-01T00:00Z (also for year 10000)."""
    day = date(year, 1, 1).toordinal() if year <= 9999 else date.max.toordinal() + 1
    return (day - _EPOCH_DAY) * 86400


def state_at(zone: ZoneInfo, ts: int) -> ZoneState:
    """The zone's state in force at POSIX second ``ts``."""
    tr = zone.previous_transition(ts)
    return tr.after if tr is not None else zone.initial_state


def local_time(ts: int | timedelta, offset: timedelta) -> datetime | None:
    """The aware local time ``ts`` (POSIX seconds or a time since the epoch) with ``offset``,
    or None outside datetime's range."""
    delta = ts if isinstance(ts, timedelta) else timedelta(seconds=ts)
    try:
        wall = datetime(1970, 1, 1) + delta + offset
    except OverflowError:
        return None
    return wall.replace(tzinfo=timezone(offset))


def utc_time(ts: int) -> datetime | None:
    return local_time(ts, timedelta(0))


def transition_local(tr: Transition) -> datetime | None:
    """The local time at which ``tr`` happens, on the clock after it."""
    return local_time(tr.timestamp, tr.after.utcoffset)


def countries() -> dict[str, str]:
    """ISO 3166 code -> name, from iso3166.tab ({} when the data has no such file)."""
    fobj = find_data_file("iso3166.tab")
    if fobj is None:
        return {}
    names = {}
    with fobj:
        for line in fobj.read().decode("utf-8", "replace").splitlines():
            if line and not line.startswith("#"):
                code, _, name = line.partition("\t")
                names[code.strip().upper()] = name.strip()
    return names


def country_zones(code: str) -> list[str] | None:
    """Zone keys of country ``code`` from zone.tab (zone1970.tab if absent); None if neither
    file exists. zone.tab is preferred: it names each country's own zones (zone1970.tab
    shares one zone among countries whose clocks agree since 1970)."""
    for name in ("zone.tab", "zone1970.tab"):
        fobj = find_data_file(name)
        if fobj is None:
            continue
        keys = []
        with fobj:
            for line in fobj.read().decode("utf-8", "replace").splitlines():
                if not line or line.startswith("#"):
                    continue
                fields = line.split("\t")
                if len(fields) >= 3 and code in fields[0].upper().split(","):
                    keys.append(fields[2].strip())
        return keys
    return None
