"""Loading a batch of unit files on several cores (``render --jobs``), with the result of one
process: the same units, the same problems in the same order.

The files are split into contiguous shares of about equal size (two files each at the least).
This process loads the first file, forks a worker per other share (they inherit the imports and
tables that file loaded) and loads the rest of its share, while each worker loads its own and
sends back what :func:`sheets.core.loader.load_file` gave for each file (the units, their
positions, the roster and warnings; the game by id) or its problems, pickled through a pipe. An unexpected exception
in a worker is raised again here, as one process would have raised it. Loading is about a third
of a big render and otherwise stays on one core while the others wait for pages.
"""

from __future__ import annotations

import gc
import os
import pickle
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from sheets.core.errors import InputError, Problem

if TYPE_CHECKING:
    from sheets.core.game import Options
    from sheets.core.loader import Loaded

# one file's outcome: ("ok", Loaded), ("problems", [Problem, ...]); from a worker also
# ("raise", exception), and "ok" with the Loaded's fields (``_worker``)
_Result = tuple[str, Any]


def load_files(
    paths: Sequence[str | os.PathLike[str]], options: Options | None = None, jobs: int = 1
) -> list[Loaded]:
    """``load_file`` of every path, in order; the problems of all files raised together as one
    :class:`InputError`. ``jobs`` > 1 loads on that many processes (POSIX fork)."""
    loaded, problems = load_files_each(paths, options, jobs)
    if problems:
        raise InputError(problems)
    return loaded


def load_files_each(
    paths: Sequence[str | os.PathLike[str]], options: Options | None = None, jobs: int = 1
) -> tuple[list[Loaded], list[Problem]]:
    """(the files that loaded, in order; the problems of the others): what :func:`load_files`
    raises, given back, so that a caller can judge the command line against the games of the
    files that loaded before it reports any file's problem."""
    names = [str(p) for p in paths]
    jobs = max(1, min(jobs, len(names) // MIN_SHARE))
    if jobs == 1 or not hasattr(os, "fork"):
        results = [_one(p, options) for p in names]
    else:
        results = _forked(names, options, jobs)  # with the files each worker read
    loaded, problems = [], []
    for kind, value in results:
        if kind == "problems":
            problems.extend(value)
        else:
            loaded.append(value)
    return loaded, problems


MIN_SHARE = 2  # files per process at the least: the first file of all is loaded before forking


def _one(path: str, options: Options | None) -> _Result:
    from sheets.core.loader import load_file

    try:
        return "ok", load_file(path, options)
    except InputError as exc:
        return "problems", exc.problems


def shares(sizes: list[int], jobs: int) -> list[range]:
    """Contiguous runs of indexes, one per job, of about equal total size (none empty)."""
    total = sum(sizes) or 1
    bounds, acc, k = [0], 0, 1
    for i, size in enumerate(sizes):
        acc += size
        left = len(sizes) - (i + 1)  # files after this one
        if k < jobs and (acc >= total * k / jobs or left == jobs - k) and left >= jobs - k:
            bounds.append(i + 1)
            k += 1
    bounds.append(len(sizes))
    return [range(a, b) for a, b in zip(bounds, bounds[1:]) if b > a]


def sizes_of(paths: Iterable[str | os.PathLike[str]]) -> list[int]:
    """Each file's size in bytes (0 when it cannot be read: whoever loads it reports that)."""
    sizes = []
    for p in paths:
        try:
            sizes.append(os.stat(p).st_size)
        except OSError:
            sizes.append(0)
    return sizes


def _forked(paths: list[str], options: Options | None, jobs: int) -> list[_Result]:
    parts = shares(sizes_of(paths), jobs)
    # the first file first: the imports, the game and its tables it loads are then the
    # workers' too (each worker would otherwise redo them: ~0.2 s, a file's worth of loading)
    results = [_one(paths[parts[0][0]], options)]
    from sheets.core.procs import die_with_parent

    pending = []  # (pid, read end) of each worker, in file order
    parent = os.getpid()
    try:
        for part in parts[1:]:
            r, w = os.pipe()
            pid = os.fork()
            if pid == 0:  # pragma: no cover - runs in the worker (measured through its result)
                die_with_parent(parent)
                os.close(r)
                _worker(paths, part, options, w)
            os.close(w)
            pending.append((pid, r))
        results += [_one(paths[i], options) for i in parts[0][1:]]
        for part in parts[1:]:
            pid, r = pending.pop(0)
            with os.fdopen(r, "rb") as fh:
                data = fh.read()
            os.waitpid(pid, 0)
            if not data:
                raise RuntimeError(f"loading {paths[part[0]]}: a worker process ended without a result")
            results += _received(data)
        return results
    finally:
        for pid, r in pending:  # left by an exception: those workers stop
            try:
                os.kill(pid, 9)
            except ProcessLookupError:  # pragma: no cover
                pass
            os.close(r)
            os.waitpid(pid, 0)


def _received(data: bytes) -> list[_Result]:
    """A worker's results (its exception raised here); the units arrive with the collector
    paused, as they are loaded (long-lived: no collections while they arrive)."""
    from sheets.core.data import note_overrides_read
    from sheets.core.fsio import note_inputs_read
    from sheets.core.loader import gc_paused

    got, overrides, inputs = gc_paused(pickle.loads)(data)
    note_overrides_read(overrides)
    note_inputs_read(inputs)  # every file the worker read (a `from:` file too) is this command's input
    out = []
    for kind, value in got:
        if kind == "raise":
            raise value
        out.append((kind, _rebuild(value) if kind == "ok" else value))
    return out


def _worker(
    paths: list[str], part: range, options: Options | None, w: int
) -> None:  # pragma: no cover - runs in the worker
    out: list[_Result] = []
    try:
        gc.freeze()  # what it inherited is left alone (no copied memory pages)
        for i in part:
            kind, value = _one(paths[i], options)
            if kind == "ok":
                value = (
                    value.path,
                    value.game.id,
                    value.options,
                    value.units,
                    value.entries,
                    value.roster,
                    value.warnings,
                )
            out.append((kind, value))
        data = _dumps(out)
    except BaseException as exc:
        out.append(("raise", exc))
        try:
            data = _dumps(out)
        except Exception:
            data = _dumps(out[:-1] + [("raise", RuntimeError(f"{type(exc).__name__}: {exc}"))])
    try:
        with os.fdopen(w, "wb") as fh:
            fh.write(data)
    finally:
        os._exit(0)


def _dumps(out: list[_Result]) -> bytes:
    from sheets.core.data import overrides_read
    from sheets.core.fsio import inputs_read

    return pickle.dumps((out, overrides_read(), inputs_read()), protocol=pickle.HIGHEST_PROTOCOL)


def _rebuild(value: tuple[Any, ...]) -> Loaded:
    from sheets.core.game import get_game
    from sheets.core.loader import Loaded

    path, game, options, units, entries, roster, warnings = value
    return Loaded(path, get_game(game), options, units, entries, roster, warnings)
