"""The ``migrate`` command's report in the formats tools read: text, JSON, SARIF 2.1.0 and
GitHub Actions workflow commands (annotations on the pull request's diff).

Standard library only: the CLI imports this before it knows whether LibCST is needed.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from typing import TextIO

FORMATS = ("text", "json", "sarif", "github")
SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"


@dataclass(frozen=True)
class Record:
    """One finding, as every format reports it."""

    file: str
    line: int
    column: int
    code: str  #: the stable code, e.g. "TZM102"
    name: str  #: the marker/note name, e.g. "aware-arithmetic"
    kind: str  #: "rewrite", "fix", "marker" or "note"
    message: str
    fix: str | None = None  #: the replacement text, when the codemod has one

    def text(self) -> str:
        where = f"{self.file}:{self.line}:{self.column}"
        return f"{where}: {self.code} {self.kind} [{self.name}] {self.message}"


@dataclass(frozen=True)
class Problem:
    """A file that could not be read, parsed or rewritten (one line each)."""

    file: str
    message: str


@dataclass
class Report:
    records: list[Record]
    problems: list[Problem]
    changed: list[str]
    files: int
    version: str
    #: modules outside the run that receive zones from it (add them to the run or --index)
    escapes: list[str] = field(default_factory=list)


def _level(kind: str) -> str:
    # SARIF levels: a marker needs a human ("warning"); rewrites, fixes and notes are done
    return "warning" if kind == "marker" else "note"


def write_json(report: Report, out: TextIO) -> None:
    data = {
        "version": report.version,
        "files": report.files,
        "changed": report.changed,
        "findings": [asdict(r) for r in report.records],
        "errors": [asdict(p) for p in report.problems],
        "escapes": report.escapes,
    }
    json.dump(data, out, indent=2)
    out.write("\n")


def sarif(report: Report, rules: Sequence[tuple[str, str, str]]) -> dict[str, object]:
    """The SARIF 2.1.0 log of ``report``; ``rules`` are (code, name, kind) of every code."""
    order = {code: i for i, (code, _, _) in enumerate(rules)}
    results = []
    for r in report.records:
        result: dict[str, object] = {
            "ruleId": r.code,
            "level": _level(r.kind),
            "kind": "review" if r.kind == "marker" else "informational",
            "message": {"text": f"{r.kind} [{r.name}] {r.message}"},
            "locations": [
                {
                    "physicalLocation": {
                        "artifactLocation": {"uri": r.file.replace("\\", "/")},
                        "region": {"startLine": max(r.line, 1), "startColumn": max(r.column, 1)},
                    }
                }
            ],
            "properties": {"kind": r.kind, "name": r.name},
        }
        if r.code in order:
            result["ruleIndex"] = order[r.code]
        if r.fix is not None:
            result["properties"]["fix"] = r.fix  # type: ignore[index]
        results.append(result)
    notifications = [
        {
            "level": "error",
            "message": {"text": p.message},
            "locations": [
                {"physicalLocation": {"artifactLocation": {"uri": p.file.replace("\\", "/")}}}
            ],
        }
        for p in report.problems
    ]
    driver = {
        "name": "tzcompat-migrate",
        "version": report.version,
        "rules": [
            {
                "id": code,
                "name": name,
                "shortDescription": {"text": f"{kind}: {name}"},
                "defaultConfiguration": {"level": _level(kind)},
                "properties": {"kind": kind},
            }
            for code, name, kind in rules
        ],
    }
    return {
        "$schema": SARIF_SCHEMA,
        "version": "2.1.0",
        "runs": [
            {
                "tool": {"driver": driver},
                "invocations": [
                    {
                        "executionSuccessful": not report.problems,
                        "toolExecutionNotifications": notifications,
                    }
                ],
                "results": results,
            }
        ],
    }


def write_sarif(report: Report, rules: Sequence[tuple[str, str, str]], out: TextIO) -> None:
    json.dump(sarif(report, rules), out, indent=2)
    out.write("\n")


def _escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(text: str) -> str:
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")


def write_github(report: Report, out: TextIO) -> None:
    """GitHub Actions workflow commands: one annotation a finding, errors as errors."""
    for r in report.records:
        level = "warning" if r.kind == "marker" else "notice"
        props = (
            f"file={_escape_property(r.file)},line={max(r.line, 1)},col={max(r.column, 1)},"
            f"title={_escape_property(f'{r.code} {r.kind} [{r.name}]')}"
        )
        out.write(f"::{level} {props}::{_escape_data(r.message)}\n")
    for p in report.problems:
        out.write(
            f"::error file={_escape_property(p.file)},title=tzcompat migrate::"
            f"{_escape_data(p.message)}\n"
        )
