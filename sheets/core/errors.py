"""Problems found in user input, reported as ``path:line:col: message``."""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from typing import Iterable


@dataclass(frozen=True, order=True)
class Pos:
    line: int  # 1-based
    col: int  # 1-based
    file: str | None = field(default=None, compare=False)  # set when it differs from the report's


@dataclass(frozen=True)
class Problem:
    path: str
    pos: Pos | None
    message: str
    severity: str = "error"  # "error" | "warning"

    def __str__(self) -> str:
        where = self.path
        if self.pos is not None and self.pos.file:
            where = self.pos.file
        if self.pos is not None:
            where += f":{self.pos.line}:{self.pos.col}"
        prefix = "warning: " if self.severity == "warning" else ""
        return f"{where}: {prefix}{self.message}"


class InputError(Exception):
    """Invalid user input; carries every problem found (exit code 1)."""

    def __init__(self, problems: Iterable[Problem]):
        self.problems = list(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


@dataclass
class Problems:
    """Collects problems for one input file."""

    path: str
    items: list[Problem] = field(default_factory=list)

    def error(self, pos: Pos | None, message: str) -> None:
        self.items.append(Problem(self.path, pos, message))

    def warning(self, pos: Pos | None, message: str) -> None:
        self.items.append(Problem(self.path, pos, message, "warning"))

    @property
    def errors(self) -> list[Problem]:
        return [p for p in self.items if p.severity == "error"]

    @property
    def warnings(self) -> list[Problem]:
        return [p for p in self.items if p.severity == "warning"]

    def raise_if_errors(self) -> None:
        if self.errors:
            raise InputError(self.items)


def did_you_mean(name: str, choices: Iterable[str]) -> str:
    """`` (did you mean 'x'?)`` for the closest choice, or an empty string."""
    choices = list(choices)
    lowered = {c.lower(): c for c in choices}
    match = difflib.get_close_matches(str(name).lower(), list(lowered), n=1, cutoff=0.6)
    return f" (did you mean {lowered[match[0]]!r}?)" if match else ""


@dataclass(frozen=True)
class RuleIssue:
    """A problem found by a game's rules core, addressed by a logical path into the unit.

    ``path`` is a tuple of keys/indexes into the unit's YAML mapping, e.g. ``("armor", "head")``
    or ``("equipment", 3, "location")``; the loader turns it into ``file:line:col``.
    """

    path: tuple
    message: str
    severity: str = "error"
