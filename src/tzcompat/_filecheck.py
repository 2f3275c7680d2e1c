"""Which file a refresh last checked a zone against, so that it reads only what moved.

Reading and parsing every cached zone's file on each refresh costs about 70 ms for all
zones; a stat costs a few microseconds. Each refresher (the core's, ``tzcompat.pytz``'s and
``tzcompat.dateutil``'s) keeps one :class:`FileChecks` table: a zone is skipped when the file
a lookup would read now has the stamp its current rules were checked against. A stamp is
what :func:`lookup_stamp` or :func:`file_stamp` returns: the path and its stat signature
(and, for the core's lookup, the data version), or None when that cannot be told without
reading, which never matches.
"""

from __future__ import annotations

from . import _dataversion, _lookup

__all__ = ["FileChecks", "file_stamp", "lookup_stamp"]

Stamp = tuple[object, ...]


class FileChecks:
    """name -> (the stamp of the file last checked, ``id`` of the object checked against it).

    The id is that of an object the refresher keeps alive while it is in use (a zone's rules
    object, a cached zone), so a replaced object never matches.
    """

    __slots__ = ("_table",)

    def __init__(self) -> None:
        self._table: dict[object, tuple[Stamp, int]] = {}

    def unchanged(self, name: object, stamp: Stamp | None, *checked: object) -> bool:
        """Whether ``stamp`` is the file that every object of ``checked`` was checked against."""
        if stamp is None:
            return False
        memo = self._table.get(name)
        return memo is not None and memo[0] == stamp and all(id(o) == memo[1] for o in checked)

    def remember(self, name: object, stamp: Stamp | None, checked: object) -> None:
        """Record that ``checked`` holds the data of the file ``stamp`` (None: no record)."""
        if stamp is not None:
            self._table[name] = (stamp, id(checked))

    def forget(self, name: object) -> None:
        """Drop ``name``'s record, so that the next refresh reads its file (after a failure)."""
        self._table.pop(name, None)

    def clear(self) -> None:
        self._table.clear()


def file_stamp(path: str) -> Stamp | None:
    """``(path, stat signature)`` of a regular file, None when there is none."""
    sig = _dataversion.stat_signature(path)
    return None if sig is None else (path, sig)


def lookup_stamp(key: str) -> Stamp | None:
    """``(file, stat signature, data version)`` of what the core's lookup would read for
    ``key`` now (a TZPATH file or the tzdata package's), None when it is not a plain file."""
    path = _lookup.find_tzfile(key)
    if path is not None:
        version = _dataversion.root_version(path[: -len(key) - 1])
    else:
        path = _lookup.zone_path(key)
        if path is None:
            return None
        version = _dataversion.tzdata_version()
    stamp = file_stamp(path)
    return None if stamp is None else (*stamp, version)

