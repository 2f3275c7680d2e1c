"""How the commands print: offsets, seconds and JSON (shared by the zone and data commands)."""

from __future__ import annotations

import json
from datetime import timedelta


def fmt_offset(td: timedelta) -> str:
    total = td // timedelta(seconds=1)
    sign = "-" if total < 0 else "+"
    h, rem = divmod(abs(total), 3600)
    m, s = divmod(rem, 60)
    return f"{sign}{h:02d}:{m:02d}" + (f":{s:02d}" if s else "")


def seconds(td: timedelta) -> int | float:
    return td // timedelta(seconds=1) if not td.microseconds else td.total_seconds()


def dump(obj: object) -> None:
    print(json.dumps(obj, indent=2, ensure_ascii=False))
