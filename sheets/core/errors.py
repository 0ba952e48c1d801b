"""Problems found in user input, reported as ``path:line:col: message``."""

from __future__ import annotations

import datetime
import math
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TypeAlias

from sheets.core.i18n import _, ngettext

MAX_PROBLEMS_PER_FILE = 100  # then one "… and N more problems" line
MAX_MESSAGE = 500  # characters of one message (values inside are shortened before this)
SHORT_VALUE = 60  # characters of a user value echoed in a message

# a path into a unit's mapping: keys and 0-based list indexes, e.g. ("equipment", 3, "location")
KeyPath: TypeAlias = tuple[str | int, ...]


def short(value: object, limit: int = SHORT_VALUE) -> str:
    """A user value for a message: ``repr`` of a scalar cut to ``limit`` characters; a mapping or
    list described by type and size (never formatted: shared aliases can make it astronomically
    large)."""
    if isinstance(value, dict):
        return ngettext("a mapping of {count} key", "a mapping of {count} keys", len(value)).format(
            count=len(value)
        )
    if isinstance(value, (list, tuple)):
        return ngettext("a list of {count} item", "a list of {count} items", len(value)).format(
            count=len(value)
        )
    if isinstance(value, str):
        if len(value) > limit:
            return repr(value[:limit]) + ngettext(
                "… ({count} character)", "… ({count} characters)", len(value)
            ).format(count=len(value))
        return repr(value)
    if isinstance(value, int) and not isinstance(value, bool):
        if value.bit_length() > 200:  # str() of a huge int is slow and long
            return _("a {bits}-bit number").format(bits=value.bit_length())
        text = repr(value)
    elif isinstance(value, float) and not math.isfinite(value):
        text = repr(str(value))  # 'inf', 'nan': the word as the user wrote it, quoted
    elif isinstance(value, (float, bool, type(None))):
        text = repr(value)
    elif isinstance(value, datetime.datetime):  # (a TOML date or time)
        text = _("a date and time")
    elif isinstance(value, datetime.date):
        text = _("a date")
    elif isinstance(value, datetime.time):
        text = _("a time of day")
    else:
        text = type(value).__name__
    return text if len(text) <= limit else text[:limit] + "…"


def plain(value: object, limit: int = SHORT_VALUE) -> str:
    """Like :func:`short` but a string without quotes (for labels such as ``unit NAME``)."""
    if isinstance(value, str):
        return value if len(value) <= limit else value[:limit] + "…"
    return short(value, limit)


@dataclass(frozen=True, order=True)
class Pos:
    line: int  # 1-based
    col: int  # 1-based
    file: str | None = field(default=None, compare=False)  # set when it differs from the report's

    def __init__(self, line: int, col: int, file: str | None = None) -> None:
        # (the generated __init__ of a frozen dataclass, without its three object.__setattr__
        # calls: 0.7 -> 0.3 µs, and the YAML reader makes two for every key of a file)
        fields = self.__dict__
        fields["line"] = line
        fields["col"] = col
        fields["file"] = file


@dataclass(frozen=True)
class Problem:
    path: str
    pos: Pos | None
    message: str
    severity: str = "error"  # "error" | "warning"
    # a stable name of the problem's kind, the same in every language (``validate --json``);
    # "" where none was given
    code: str = field(default="", compare=False)

    def __post_init__(self) -> None:
        if len(self.message) > MAX_MESSAGE:  # a last safety net: one problem, one short line
            object.__setattr__(self, "message", self.message[:MAX_MESSAGE] + "…")
        if any(c in self.message for c in "\n\r"):
            object.__setattr__(self, "message", " ".join(self.message.split()))

    def __str__(self) -> str:
        where = self.path
        if self.pos is not None and self.pos.file:
            where = self.pos.file
        if self.pos is not None:
            where += f":{self.pos.line}:{self.pos.col}"
        prefix = _("warning: ") if self.severity == "warning" else ""
        return f"{where}: {prefix}{self.message}"


class InputError(Exception):
    """Invalid user input; carries every problem found (exit code 1)."""

    def __init__(self, problems: Iterable[Problem]):
        self.problems = cap_problems(problems)
        super().__init__("\n".join(str(p) for p in self.problems[:20]))


class UsageProblem(Exception):
    """A command-line value that cannot be used (e.g. ``-o`` naming a device or an input file):
    reported as ``Error: message`` with exit code 2."""


def cap_problems(problems: Iterable[Problem], limit: int = MAX_PROBLEMS_PER_FILE + 1) -> list[Problem]:
    """At most ``limit`` problems per file (the cap plus a reader's own "more" line), then one
    ``… and N more problems`` line for it."""
    out: list[Problem] = []
    count: dict[str, int] = {}
    more: dict[str, int] = {}
    for p in problems:
        if p.code == MORE and p.pos is None:
            more[p.path] = more.get(p.path, 0) + _more_count(p.message)
            continue
        n = count.get(p.path, 0)
        if n >= limit:
            more[p.path] = more.get(p.path, 0) + 1
            continue
        count[p.path] = n + 1
        out.append(p)
    for path, n in more.items():
        out.append(more_problems(path, n))
    return out


MORE = "more-problems"


def more_problems(path: str, n: int) -> Problem:
    """The ``… and N more problems`` line closing a file's capped list."""
    return Problem(
        path, None, ngettext("… and {n} more problem", "… and {n} more problems", n).format(n=n), code=MORE
    )


def _more_count(message: str) -> int:
    import re

    m = re.search(r"\d+", message)
    return int(m.group()) if m else 0


@dataclass
class Problems:
    """Collects problems for one input file."""

    path: str
    items: list[Problem] = field(default_factory=list)
    dropped: int = 0  # problems past the cap, counted but not kept

    def add(self, problem: Problem) -> None:
        if len(self.items) >= MAX_PROBLEMS_PER_FILE:
            if problem.severity == "error" and not self.errors:
                self.items.pop()  # keep at least one error so the file still fails
            else:
                self.dropped += 1
                return
        self.items.append(problem)

    def error(self, pos: Pos | None, message: str, code: str = "") -> None:
        self.add(Problem(self.path, pos, message, "error", code))

    def warning(self, pos: Pos | None, message: str, code: str = "") -> None:
        self.add(Problem(self.path, pos, message, "warning", code))

    @property
    def all(self) -> list[Problem]:
        """The problems kept, plus one ``… and N more problems`` line when some were dropped."""
        if not self.dropped:
            return list(self.items)
        return self.items + [more_problems(self.path, self.dropped)]

    @property
    def errors(self) -> list[Problem]:
        return [p for p in self.items if p.severity == "error"]

    @property
    def warnings(self) -> list[Problem]:
        return [p for p in self.items if p.severity == "warning"]

    def raise_if_errors(self) -> None:
        if self.errors:
            raise InputError(self.all)


def did_you_mean(name: str, choices: Iterable[str]) -> str:
    """`` (did you mean 'x'?)`` for the closest choice, or an empty string."""
    choices = list(choices)
    if len(str(name)) > 100:  # nothing that long is a typo of a key; difflib is quadratic
        return ""
    lowered = {c.lower(): c for c in choices}
    import difflib

    match = difflib.get_close_matches(str(name).lower(), list(lowered))  # best first; similarity >= 0.6
    if not match:
        return ""
    return _(" (did you mean {choice}?)").format(choice=repr(lowered[match[0]]))


@dataclass(frozen=True)
class RuleIssue:
    """A problem found by a game's rules core, addressed by a logical path into the unit.

    ``path`` is a tuple of keys/indexes into the unit's YAML mapping, e.g. ``("armor", "head")``
    or ``("equipment", 3, "location")``; the loader turns it into ``file:line:col``.
    """

    path: KeyPath
    message: str
    severity: str = "error"
    code: str = field(default="", compare=False)  # the problem's kind (see :class:`Problem`)
