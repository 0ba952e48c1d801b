"""The worker's loop (``sheets.web.worker.main``) run in this process over a socket pair, as a
worker process runs it (issue 35: a worker process cannot show a mutant; this can): it says
``ready`` with its process id, answers each job in order, stops on ``None``, on a closed pipe or
when it cannot answer, ignores Ctrl-C (the server stops it), and warms up unless told not to."""

from __future__ import annotations

import os
import signal
import socket
from multiprocessing.connection import Connection

import pytest

from sheets.web import worker


@pytest.fixture
def pipe():
    """(ours, the worker's) ends of a pipe; SIGINT restored after the loop set it."""
    a, b = socket.socketpair()
    ours, theirs = Connection(a.detach()), Connection(b.detach())
    old = signal.getsignal(signal.SIGINT)
    yield ours, theirs
    signal.signal(signal.SIGINT, old)
    for c in (ours, theirs):
        c.close()


def _answers(conn) -> list:
    out = []
    while conn.poll(0.2):
        try:
            out.append(conn.recv())
        except EOFError:
            break
    return out


def test_ready_then_one_answer_per_job_until_none(pipe, monkeypatch):
    ours, theirs = pipe
    warmed = []
    monkeypatch.setattr(worker, "_warm", lambda: warmed.append(1))
    ours.send(("ping", None))
    ours.send(("nope", {}))
    ours.send(("starter", {"query": {"game": "nope"}}))
    ours.send(None)
    ours.send(("ping", None))  # after the stop: never read
    worker.main(theirs, warm=False)
    assert warmed == []
    assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN
    assert _answers(ours) == [
        ("ready", os.getpid()),
        ("ok", {"pid": os.getpid()}),
        ("internal", "KeyError: 'nope'"),
        ("option", "unknown game 'nope'; known: battletech, dmech, dust, lnl, wh40k6"),
    ]


def test_a_warm_worker_warms_up_first_and_a_failed_warm_up_is_no_failure(pipe, monkeypatch):
    ours, theirs = pipe
    calls = []

    def warm():
        calls.append("warm")
        raise RuntimeError("no fonts")

    monkeypatch.setattr(worker, "_warm", warm)
    ours.send(("ping", None))
    ours.send(None)
    worker.main(theirs)  # warm by default
    assert calls == ["warm"]
    assert _answers(ours) == [("ready", os.getpid()), ("ok", {"pid": os.getpid()})]


class FakeEnd:
    """The worker's end of the pipe: ``jobs`` to read (an exception class: raised at that read),
    ``broken``: the send (1-based) that finds the pipe broken."""

    def __init__(self, jobs, broken=None, error=BrokenPipeError):
        self.jobs, self.broken, self.error = list(jobs), broken, error
        self.sent, self.reads = [], 0

    def send(self, msg):
        if self.broken == len(self.sent) + 1:
            raise self.error
        self.sent.append(msg)

    def recv(self):
        self.reads += 1
        job = self.jobs.pop(0)
        if isinstance(job, type):
            raise job
        return job


@pytest.mark.parametrize("error", [EOFError, OSError, ConnectionResetError])
def test_a_closed_pipe_ends_the_loop_at_the_next_read(pipe, error):
    end = FakeEnd([("ping", None), error, ("ping", None)])
    worker.main(end, warm=False)
    assert end.sent == [("ready", os.getpid()), ("ok", {"pid": os.getpid()})] and end.reads == 2


@pytest.mark.parametrize("error", [OSError, BrokenPipeError])
def test_a_pipe_closed_before_ready_ends_at_once(pipe, error):
    end = FakeEnd([("ping", None)], broken=1, error=error)
    worker.main(end, warm=False)
    assert end.sent == [] and end.reads == 0


@pytest.mark.parametrize("error", [OSError, BrokenPipeError, ConnectionResetError])
def test_an_answer_that_cannot_be_sent_ends_the_loop(pipe, error):
    end = FakeEnd([("ping", None), ("ping", None)], broken=2, error=error)
    worker.main(end, warm=False)
    assert end.sent == [("ready", os.getpid())] and end.reads == 1


def test_the_warm_up_imports_the_renderer_and_builds_the_catalogue(monkeypatch):
    done = []
    monkeypatch.setattr(worker, "op_catalogue", lambda payload: done.append(payload))
    worker._warm()
    import sys

    assert done == [{}] and "sheets.render.pdf" in sys.modules and "pypdfium2" in sys.modules
