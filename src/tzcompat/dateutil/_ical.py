"""``tzical``: zones from iCalendar ``VTIMEZONE`` components (RFC 5545 §3.6.5).

Recurrence rules are expanded with ``dateutil.rrule``, so this class (alone in the
adapter) needs python-dateutil installed; it is imported on first use.
"""

from __future__ import annotations

from _thread import allocate_lock
from datetime import datetime, timedelta

from ._base import ZERO, _tzinfo

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import IO, Any

__all__ = ["tzical"]

_CACHE_SIZE = 10


class _tzicalvtzcomp:
    """One STANDARD or DAYLIGHT component."""

    def __init__(
        self,
        tzoffsetfrom: int,
        tzoffsetto: int,
        isdst: bool,
        tzname: str | None = None,
        rrule: Any = None,
    ) -> None:
        self.tzoffsetfrom = timedelta(seconds=tzoffsetfrom)
        self.tzoffsetto = timedelta(seconds=tzoffsetto)
        self.tzoffsetdiff = self.tzoffsetto - self.tzoffsetfrom
        self.isdst = isdst
        self.tzname = tzname
        self.rrule = rrule


class _tzicalvtz(_tzinfo):
    """One VTIMEZONE as a tzinfo; repr ``<tzicalvtz 'TZID'>``."""

    def __init__(self, tzid: str, comps: list[_tzicalvtzcomp] | None = None) -> None:
        super().__init__()
        self._tzid = tzid
        self._comps = comps if comps is not None else []
        # A few recent lookups; rrule.before() is expensive.
        self._cachedate: list[tuple[datetime, int]] = []
        self._cachecomp: list[_tzicalvtzcomp] = []
        self._cache_lock = allocate_lock()

    def _find_comp(self, dt: datetime) -> _tzicalvtzcomp:
        if len(self._comps) == 1:
            return self._comps[0]
        dt = dt.replace(tzinfo=None)
        key = (dt, dt.fold)
        with self._cache_lock:
            if key in self._cachedate:
                return self._cachecomp[self._cachedate.index(key)]
        best_dt = None
        best = None
        for comp in self._comps:
            onset = self._find_compdt(comp, dt)
            if onset and (not best_dt or best_dt < onset):
                best_dt = onset
                best = comp
        if not best:
            # Before the first onset: the first standard component, else the first one.
            for comp in self._comps:
                if not comp.isdst:
                    best = comp
                    break
            else:
                # dateutil indexes the last component here, which raises TypeError.
                best = comp[0]  # type: ignore[index]
        with self._cache_lock:
            self._cachedate.insert(0, key)
            self._cachecomp.insert(0, best)
            if len(self._cachedate) > _CACHE_SIZE:
                self._cachedate.pop()
                self._cachecomp.pop()
        return best

    def _find_compdt(self, comp: _tzicalvtzcomp, dt: datetime) -> datetime | None:
        if comp.tzoffsetdiff < ZERO and dt.fold:
            dt -= comp.tzoffsetdiff
        # Dateutil's rrule, untyped.
        return comp.rrule.before(dt, inc=True)  # type: ignore[no-any-return]

    def utcoffset(self, dt: datetime | None) -> timedelta | None:
        if dt is None:
            return None
        return self._find_comp(dt).tzoffsetto

    def dst(self, dt: datetime | None) -> timedelta:
        comp = self._find_comp(dt)  # type: ignore[arg-type]  # None raises, as in dateutil
        return comp.tzoffsetdiff if comp.isdst else ZERO

    def tzname(self, dt: datetime | None) -> str | None:
        return self._find_comp(dt).tzname  # type: ignore[arg-type]  # None raises, as in dateutil

    def __repr__(self) -> str:
        return f"<tzicalvtz {self._tzid!r}>"

    __reduce__ = object.__reduce__


def _parse_offset(s: str) -> int:
    """``[+-]hhmm[ss]`` to seconds."""
    s = s.strip()
    if not s:
        raise ValueError("empty offset")
    sign = 1
    if s[0] in "+-":
        sign = -1 if s[0] == "-" else 1
        s = s[1:]
    if not (s.isascii() and s.isdigit()):
        raise ValueError("invalid offset: " + s)
    if len(s) == 4:
        return (int(s[:2]) * 3600 + int(s[2:]) * 60) * sign
    if len(s) == 6:
        return (int(s[:2]) * 3600 + int(s[2:4]) * 60 + int(s[4:])) * sign
    raise ValueError("invalid offset: " + s)


def _unfold(text: str) -> list[str]:
    """Split into content lines, joining continuation lines and dropping blank ones."""
    lines: list[str] = []
    for raw in text.splitlines():
        line = raw.rstrip()
        if not line:
            continue
        if lines and line[0] == " ":
            lines[-1] += line[1:]
        else:
            # dateutil keeps a kept line's trailing blanks (only continuations and
            # the blank test see the stripped text).
            lines.append(raw)
    return lines


class _Component:
    """A STANDARD/DAYLIGHT component being read."""

    def __init__(self, kind: str) -> None:
        self.kind = kind
        self.has_dtstart = False
        self.offset_from: int | None = None
        self.offset_to: int | None = None
        self.rrule_lines: list[str] = []
        self.tzname: str | None = None

    def finish(self) -> _tzicalvtzcomp:
        if not self.has_dtstart:
            raise ValueError("mandatory DTSTART not found")
        if self.offset_from is None:
            raise ValueError("mandatory TZOFFSETFROM not found")
        if self.offset_to is None:
            # dateutil names the wrong property here; kept for identical messages.
            raise ValueError("mandatory TZOFFSETFROM not found")
        rule = None
        if self.rrule_lines:
            from dateutil import rrule  # python-dateutil's, optional: only for RRULEs

            rule = rrule.rrulestr(
                "\n".join(self.rrule_lines), compatible=True, ignoretz=True, cache=True
            )
        return _tzicalvtzcomp(
            self.offset_from, self.offset_to, self.kind == "DAYLIGHT", self.tzname, rule
        )

    def add(self, name: str, parms: list[str], value: str, line: str) -> None:
        if name == "DTSTART":
            for parm in parms:
                # VTIMEZONE allows only local DATE-TIME starts.
                if parm != "VALUE=DATE-TIME":
                    raise ValueError("Unsupported DTSTART param in VTIMEZONE: " + parm)
            self.rrule_lines.append(line)
            self.has_dtstart = True
        elif name in ("RRULE", "RDATE", "EXRULE", "EXDATE"):
            self.rrule_lines.append(line)
        elif name == "TZOFFSETFROM":
            if parms:
                raise ValueError(f"unsupported {name} parm: {parms[0]} ")
            self.offset_from = _parse_offset(value)
        elif name == "TZOFFSETTO":
            if parms:
                raise ValueError("unsupported TZOFFSETTO parm: " + parms[0])
            self.offset_to = _parse_offset(value)
        elif name == "TZNAME":
            if parms:
                raise ValueError("unsupported TZNAME parm: " + parms[0])
            self.tzname = value
        elif name != "COMMENT":
            raise ValueError("unsupported property: " + name)


class tzical:
    """The VTIMEZONEs of an iCalendar file (a path or a text stream).

    ``keys()`` lists the TZIDs; ``get(tzid)`` returns one zone (or the only one).
    """

    def __init__(self, fileobj: str | IO[str]) -> None:
        if isinstance(fileobj, str):
            self._s = fileobj
            with open(fileobj) as fobj:
                text = fobj.read()
        else:
            self._s = getattr(fileobj, "name", repr(fileobj))
            text = fileobj.read()
        self._vtz: dict[str, _tzicalvtz] = {}
        self._parse_rfc(text)

    def keys(self) -> list[str]:
        """The TZIDs defined, in file order."""
        return list(self._vtz)

    def get(self, tzid: str | None = None) -> _tzicalvtz | None:
        """The zone called ``tzid`` (None if absent); without ``tzid``, the only zone.

        Raises ValueError when ``tzid`` is omitted and there is not exactly one zone.
        """
        if tzid is None:
            if not self._vtz:
                raise ValueError("no timezones defined")
            if len(self._vtz) > 1:
                raise ValueError("more than one timezone available")
            tzid = next(iter(self._vtz))
        return self._vtz.get(tzid)

    def _parse_offset(self, s: str) -> int:
        return _parse_offset(s)

    def _parse_rfc(self, s: str) -> None:
        lines = s.splitlines()
        if not lines:
            raise ValueError("empty string")
        tzid: str | None = None
        comps: list[_tzicalvtzcomp] = []
        in_vtz = False
        comp: _Component | None = None
        for line in _unfold(s):
            name, value = line.split(":", 1)
            parms = name.split(";")
            name = parms[0].upper()
            parms = parms[1:]
            if not in_vtz:
                if name == "BEGIN" and value == "VTIMEZONE":
                    tzid, comps, in_vtz = None, [], True
                continue
            if name == "BEGIN":
                if value not in ("STANDARD", "DAYLIGHT"):
                    raise ValueError("unknown component: " + value)
                comp = _Component(value)
            elif name == "END":
                if value == "VTIMEZONE":
                    if comp is not None:
                        raise ValueError("component not closed: " + comp.kind)
                    if not tzid:
                        raise ValueError("mandatory TZID not found")
                    if not comps:
                        raise ValueError("at least one component is needed")
                    self._vtz[tzid] = _tzicalvtz(tzid, comps)
                    in_vtz = False
                elif comp is not None and value == comp.kind:
                    comps.append(comp.finish())
                    comp = None
                else:
                    raise ValueError("invalid component end: " + value)
            elif comp is not None:
                comp.add(name, parms, value, line)
            elif name == "TZID":
                if parms:
                    raise ValueError("unsupported TZID parm: " + parms[0])
                tzid = value
            elif name not in ("TZURL", "LAST-MODIFIED", "COMMENT"):
                raise ValueError("unsupported property: " + name)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self._s!r})"
