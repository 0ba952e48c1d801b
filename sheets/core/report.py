"""What a command says on standard error at each verbosity, for every layer that says something
(the command line's own commands and the games' importers alike, so that ``-q`` and ``-v`` mean
the same on every command): ``-q`` only errors and what was asked for (no "wrote" lines, no
warnings, no progress bar); ``-v`` also what was read and checked. The command line sets the
level once per command (:func:`set_verbosity`); nothing here imports click."""

from __future__ import annotations

import sys
from contextvars import ContextVar

QUIET, NORMAL, VERBOSE = -1, 0, 1

_LEVEL: ContextVar[int] = ContextVar("sheets_verbosity", default=NORMAL)


def set_verbosity(level: int) -> None:
    """The current command's verbosity: :data:`QUIET`, :data:`NORMAL` or :data:`VERBOSE`."""
    _LEVEL.set(max(QUIET, min(VERBOSE, int(level))))


def verbosity() -> int:
    return _LEVEL.get()


def _write(text: str) -> None:
    stream = sys.stderr
    if stream is None:  # started with standard error closed
        return
    try:
        stream.write(text + "\n")
        stream.flush()
    except (OSError, ValueError):  # a closed or full standard error: nothing more can be said
        pass


def say(text: str) -> None:
    """A progress or "wrote" line (not with ``-q``)."""
    if verbosity() >= NORMAL:
        _write(text)


def warn(text: str) -> None:
    """A warning (not with ``-q``)."""
    if verbosity() >= NORMAL:
        _write(text)


def detail(text: str) -> None:
    """What ``-v`` adds: each file read, each check made."""
    if verbosity() >= VERBOSE:
        _write(text)


def progress_shown() -> bool:
    """A progress bar may be drawn (not with ``-q``; the caller checks for a terminal)."""
    return verbosity() >= NORMAL
