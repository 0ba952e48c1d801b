"""Loading on several processes (``render --jobs``) keeps everything one process gives: the
options (a rule variant), the roster, each file's warnings, a missing file's problem in its
place; the share boundaries with files of size 0; the clean-up when this process fails while
workers are running; and a worker that ends without a result. Checked with the toy game of
``conftest`` (a fork inherits its registration)."""

from __future__ import annotations

import os
import pickle

import pytest

from sheets.core import loader, parallel_load
from sheets.core.errors import InputError
from sheets.core.game import Options
from sheets.core.parallel_load import load_files, shares, sizes_of


def _toy_files(tmp_path, n: int) -> list[str]:
    paths = []
    for k in range(n):
        p = tmp_path / f"t{k}.yaml"
        p.write_text(
            f"system: toy\nroster: {{name: R{k}}}\nunits:\n  - {{name: U{k}, cost: {k}, warn: true}}\n",
            encoding="utf-8",
        )
        paths.append(str(p))
    return paths


@pytest.fixture
def forks(monkeypatch):
    """The pids of the workers this test forks (other tests may leave children of their own,
    e.g. the page's pool: only these are asked about)."""
    pids, real = [], os.fork

    def fork():
        pid = real()
        if pid:
            pids.append(pid)
        return pid

    monkeypatch.setattr(parallel_load.os, "fork", fork)
    return pids


def _reaped(pids):
    for pid in pids:  # waited for: no such child any more
        with pytest.raises(ChildProcessError):
            os.waitpid(pid, os.WNOHANG)


@pytest.mark.parametrize("jobs", [1, 2, 3])
def test_options_roster_and_warnings_come_back_from_every_process(toy, tmp_path, jobs, forks):
    paths = _toy_files(tmp_path, 6)
    opts = Options(lang="ru", rules="tw")
    got = load_files(paths, opts, jobs)
    assert [l.path for l in got] == paths
    assert [(u.name, u.cost, u.rules) for l in got for u in l.units] == [(f"U{k}", k, "tw") for k in range(6)]
    assert [l.options.rules for l in got] == ["tw"] * 6 and [l.options.lang for l in got] == ["ru"] * 6
    assert [l.roster["name"] for l in got] == [f"R{k}" for k in range(6)]
    assert [[w.message for w in l.warnings] for l in got] == [
        [f"unit 'U{k}': check the name"] for k in range(6)
    ]
    assert all(l.game is got[0].game for l in got) and got[0].game.id == "toy"
    assert len(forks) == jobs - 1
    _reaped(forks)  # every worker was waited for


def test_jobs_default_to_one_process(toy, tmp_path, monkeypatch):
    calls = []
    monkeypatch.setattr(parallel_load, "_forked", lambda *a: calls.append(a) or [])
    assert len(load_files(_toy_files(tmp_path, 4))) == 4
    assert calls == []


def test_a_missing_file_is_size_0_and_its_problem_comes_in_its_place(toy, tmp_path):
    paths = _toy_files(tmp_path, 5)
    gone = str(tmp_path / "gone.yaml")
    paths.insert(3, gone)
    assert sizes_of(paths)[3] == 0 and sizes_of(paths)[:3] == [os.stat(p).st_size for p in paths[:3]]
    with pytest.raises(InputError) as exc:
        load_files(paths, None, 2)
    [p] = exc.value.problems
    assert str(p) == f"{gone}: no such file"


@pytest.mark.parametrize(
    "sizes, jobs, parts",
    [
        ([], 2, []),
        ([1, 1, 0, 0], 2, [[0], [1, 2, 3]]),  # trailing empty files stay in the last share
        ([0, 0, 0, 0], 2, [[0, 1, 2], [3]]),
        ([5, 0, 0, 5], 2, [[0], [1, 2, 3]]),
        ([1, 1, 1, 1], 2, [[0, 1], [2, 3]]),
    ],
)
def test_shares_with_empty_files_and_at_the_end(sizes, jobs, parts):
    assert [list(r) for r in shares(sizes, jobs)] == parts


def test_workers_are_killed_and_waited_for_when_this_process_fails(toy, tmp_path, monkeypatch, forks):
    paths = _toy_files(tmp_path, 6)
    parent = os.getpid()
    real = loader.load_file

    def broken(path, options=None, expect_game=None):
        if os.getpid() == parent and path == paths[1]:  # this process's own share, after forking
            raise ZeroDivisionError("boom here")
        return real(path, options)

    monkeypatch.setattr(loader, "load_file", broken)
    with pytest.raises(ZeroDivisionError, match="boom here"):
        load_files(paths, None, 3)
    assert len(forks) == 2
    _reaped(forks)


def test_a_worker_that_ends_without_a_result_names_its_first_file(toy, tmp_path, monkeypatch, forks):
    paths = _toy_files(tmp_path, 4)
    monkeypatch.setattr(parallel_load, "_worker", lambda *a: os._exit(0))
    with pytest.raises(RuntimeError) as exc:
        load_files(paths, None, 2)
    assert str(exc.value) == f"loading {paths[2]}: a worker process ended without a result"
    assert len(forks) == 1
    _reaped(forks)


def _no_exit(code):
    raise SystemExit(code)


def test_a_worker_keeps_what_it_loaded_before_an_exception_that_cannot_be_pickled(toy, tmp_path, monkeypatch):
    paths = _toy_files(tmp_path, 3)
    real = parallel_load._one

    class Local(Exception):  # defined in a function: cannot be pickled
        pass

    def broken(path, options):
        if path == paths[2]:
            raise Local("late")
        return real(path, options)

    monkeypatch.setattr(parallel_load, "_one", broken)
    monkeypatch.setattr(parallel_load.os, "_exit", _no_exit)
    r, w = os.pipe()
    try:
        with pytest.raises(SystemExit):
            parallel_load._worker(paths, range(0, 3), Options(rules="tw"), w)
    finally:
        import gc

        gc.unfreeze()
    with os.fdopen(r, "rb") as fh:
        data = fh.read()
    assert data[:2] == b"\x80" + bytes([pickle.HIGHEST_PROTOCOL])  # the fastest protocol
    got, _, _ = pickle.loads(data)
    assert [k for k, _ in got] == ["ok", "ok", "raise"]
    assert [v[0] for _, v in got[:2]] == paths[:2]
    assert got[0][1][2].rules == "tw"  # the options the worker was given
    assert type(got[2][1]) is RuntimeError and str(got[2][1]) == "Local: late"
