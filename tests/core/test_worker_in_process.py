"""The code that runs only in a forked loading worker (``render --jobs``), run here in this process
so that its results are asserted directly (issue 21: mutation testing cannot see inside a fork):
``procs.die_with_parent`` arms the parent-death signal with the kernel's exact arguments and ends a
worker whose parent is already gone; ``parallel_load._worker`` sends back what one process loads,
a problem list, an exception, or (for an exception that cannot be pickled) a RuntimeError naming
it. ``os._exit`` is replaced by an exception for the length of each test."""

from __future__ import annotations

import gc
import os
import pickle
import sys

import pytest
import yaml

from sheets.core import parallel_load, procs
from sheets.core.errors import InputError


class _Exit(Exception):
    def __init__(self, code):
        super().__init__(code)
        self.code = code


def _no_exit(code):
    raise _Exit(code)


class _Libc:
    def __init__(self, calls):
        self.calls = calls

    def prctl(self, *args):
        self.calls.append(args)
        return 0


def test_die_with_parent_arms_sigkill_on_parent_death(monkeypatch):
    import ctypes

    calls, opened = [], []

    def fake_cdll(name, **kw):
        opened.append((name, kw))
        return _Libc(calls)

    monkeypatch.setattr(ctypes, "CDLL", fake_cdll)
    monkeypatch.setattr(procs.os, "_exit", _no_exit)
    procs.die_with_parent(os.getppid())  # the parent is there: the worker goes on
    assert opened == [(None, {"use_errno": True})]
    assert calls == [(1, 9, 0, 0, 0)]  # PR_SET_PDEATHSIG (linux/prctl.h) = 1, SIGKILL = 9
    assert procs.PR_SET_PDEATHSIG == 1


def test_a_worker_whose_parent_is_gone_ends_at_once_with_1(monkeypatch):
    import ctypes

    monkeypatch.setattr(ctypes, "CDLL", lambda name, **kw: _Libc([]))
    monkeypatch.setattr(procs.os, "_exit", _no_exit)
    with pytest.raises(_Exit) as exc:
        procs.die_with_parent(os.getppid() + 1)  # not this process's parent
    assert exc.value.code == 1


@pytest.mark.parametrize("error", [OSError("no libc"), AttributeError("no prctl")])
def test_without_prctl_there_is_nothing_to_arm(monkeypatch, error):
    import ctypes

    def fake_cdll(name, **kw):
        raise error

    monkeypatch.setattr(ctypes, "CDLL", fake_cdll)
    monkeypatch.setattr(procs.os, "_exit", _no_exit)
    procs.die_with_parent(os.getppid())  # no exception, no exit


@pytest.mark.skipif(not sys.platform.startswith("linux") or not hasattr(os, "fork"), reason="Linux prctl")
def test_in_a_real_fork_the_kernel_holds_sigkill():
    """PR_GET_PDEATHSIG (2) in a forked child after the call reads SIGKILL back."""
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child
        try:
            import ctypes

            procs.die_with_parent(os.getppid())
            sig = ctypes.c_int(-1)
            ctypes.CDLL(None, use_errno=True).prctl(2, ctypes.byref(sig), 0, 0, 0)
            os.write(w, str(sig.value).encode())
        finally:
            os._exit(0)
    os.close(w)
    with os.fdopen(r, "rb") as fh:
        got = fh.read()
    os.waitpid(pid, 0)
    assert got == b"9"


# -- the worker ---------------------------------------------------------------------------------------


def _files(samples, tmp_path, n, bad=frozenset()):
    units = yaml.safe_load((samples / "battletech" / "roc.yaml").read_text(encoding="utf-8"))["units"]
    paths = []
    for k in range(n):
        batch = [dict(units[i % len(units)], name=f"F{k} U{i}") for i in range(3)]
        if k in bad:
            batch[1]["armor"] = "lots"
        path = tmp_path / f"f{k}.yaml"
        path.write_text(yaml.safe_dump({"system": "battletech", "units": batch}), encoding="utf-8")
        paths.append(str(path))
    return paths


def _run_worker(monkeypatch, paths, part):
    monkeypatch.setattr(parallel_load.os, "_exit", _no_exit)
    r, w = os.pipe()
    try:
        with pytest.raises(_Exit) as exc:
            parallel_load._worker(paths, part, None, w)
    finally:
        gc.unfreeze()
    assert exc.value.code == 0
    with os.fdopen(r, "rb") as fh:
        return fh.read()


def test_the_worker_sends_what_one_process_loads(samples, tmp_path, monkeypatch):
    paths = _files(samples, tmp_path, 4, bad={2})
    data = _run_worker(monkeypatch, paths, range(1, 4))
    got, overrides, inputs = pickle.loads(data)
    assert [kind for kind, _ in got] == ["ok", "problems", "ok"]
    path, game, options, units, entries, roster, warnings = got[0][1]
    assert (path, game) == (paths[1], "battletech")
    assert [u.name for u in units] == ["F1 U0", "F1 U1", "F1 U2"]
    assert [p.path for p in got[1][1]] == [paths[2]]
    received = parallel_load._received(data)
    one = [parallel_load._one(p, None) for p in paths[1:]]
    assert [k for k, _ in received] == [k for k, _ in one]
    assert received[0][1].game is one[0][1].game and received[0][1].path == paths[1]
    assert repr(received[2][1].units) == repr(one[2][1].units)
    assert received[2][1].entries == one[2][1].entries
    assert [(p.path, p.pos, p.message) for p in received[1][1]] == [
        (p.path, p.pos, p.message) for p in one[1][1]
    ]


def test_an_exception_in_the_worker_is_sent_after_what_it_loaded(samples, tmp_path, monkeypatch):
    paths = _files(samples, tmp_path, 3)
    real = parallel_load._one

    def broken(path, options):
        if path == paths[2]:
            raise ZeroDivisionError("boom in the worker")
        return real(path, options)

    monkeypatch.setattr(parallel_load, "_one", broken)
    got, _, _ = pickle.loads(_run_worker(monkeypatch, paths, range(1, 3)))
    assert [kind for kind, _ in got] == ["ok", "raise"]
    assert isinstance(got[1][1], ZeroDivisionError) and str(got[1][1]) == "boom in the worker"
    with pytest.raises(ZeroDivisionError, match="boom in the worker"):
        parallel_load._received(_run_worker(monkeypatch, paths, range(1, 3)))


def test_an_exception_that_cannot_be_pickled_arrives_as_a_runtime_error(samples, tmp_path, monkeypatch):
    paths = _files(samples, tmp_path, 2)

    class Local(Exception):  # a class inside a function cannot be pickled
        pass

    def broken(path, options):
        raise Local("not picklable")

    monkeypatch.setattr(parallel_load, "_one", broken)
    got, _, _ = pickle.loads(_run_worker(monkeypatch, paths, range(0, 2)))
    assert len(got) == 1 and got[0][0] == "raise"
    assert type(got[0][1]) is RuntimeError and str(got[0][1]) == "Local: not picklable"


def test_the_worker_sends_the_inputs_it_read(samples, tmp_path, monkeypatch):
    from sheets.core import fsio

    paths = _files(samples, tmp_path, 2)
    monkeypatch.setattr(fsio, "_INPUTS", {})
    fsio.note_input(paths[0])
    _, _, inputs = pickle.loads(_run_worker(monkeypatch, paths, range(1, 2)))
    st = os.stat(paths[0])
    assert ((st.st_dev, st.st_ino), paths[0]) in inputs


def test_a_worker_problem_is_not_an_exception(samples, tmp_path, monkeypatch):
    paths = _files(samples, tmp_path, 2, bad={1})
    received = parallel_load._received(_run_worker(monkeypatch, paths, range(1, 2)))
    assert received[0][0] == "problems"
    with pytest.raises(InputError):
        parallel_load.load_files(paths, None, 1)
