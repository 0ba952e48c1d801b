"""An in-process stand-in for the forks of ``sheets render --jobs`` (issue 21: mutation testing
cannot see inside a forked worker, so the worker-side code of ``sheets/render/parallel.py`` is
run here, in the test process).

``os.fork`` is replaced: to play worker ``k`` the k-th call returns 0 (that "child" continues the
layout, sends its chunks down an in-memory pipe and leaves through ``os._exit``, here an
exception); to play the parent every call returns a made-up pid and the pipes hand back what the
workers sent. ``die_with_parent``, ``os.kill`` and ``os.waitpid`` are recorded, never real."""

from __future__ import annotations

import gc
import marshal
import multiprocessing
import os

from sheets.core import procs
from sheets.render import parallel

PID0 = 40000  # the made-up pid of worker 0 (worker k: PID0 + k)


class Exit(BaseException):
    """``os._exit(code)`` in a simulated worker."""

    def __init__(self, code):
        super().__init__(code)
        self.code = code


class Conn:
    """One end of an in-memory pipe (both ends share ``box``)."""

    def __init__(self, box: list, log: list, end: str):
        self.box, self.log, self.end = box, log, end
        self.closed = False

    def send_bytes(self, data: bytes) -> None:
        assert not self.closed, "sent on a closed pipe"
        self.box.append(data)

    def recv_bytes(self) -> bytes:
        if not self.box:
            raise EOFError("nothing more on this pipe")
        return self.box.pop(0)

    def close(self) -> None:
        self.closed = True
        self.log.append(self.end)


class Sim:
    """What one simulated render saw: the pipes made, the forks, kills, waits, exits."""

    def __init__(self, monkeypatch, child: int | None, inbox: list | None = None):
        self.child, self.inbox = child, inbox
        self.boxes: list[list] = []
        self.closed: list[list] = []
        self.forks = 0
        self.parents: list = []
        self.kills: list = []
        self.waits: list = []
        self.freezes = 0
        sim = self

        class Ctx:
            def Pipe(self, duplex=True):
                assert duplex is False
                box = list(sim.inbox[len(sim.boxes)]) if sim.inbox is not None else []
                log: list = []
                sim.boxes.append(box)
                sim.closed.append(log)
                return Conn(box, log, "recv"), Conn(box, log, "send")

        def get_context(method=None):
            assert method == "fork"
            return Ctx()

        def fork():
            k = sim.forks
            sim.forks += 1
            return 0 if k == sim.child else PID0 + k

        def freeze():
            sim.freezes += 1

        monkeypatch.setattr(multiprocessing, "get_context", get_context)
        monkeypatch.setattr(os, "fork", fork)
        monkeypatch.setattr(os, "_exit", lambda code: (_ for _ in ()).throw(Exit(code)))
        monkeypatch.setattr(os, "kill", lambda pid, sig: sim.kills.append((pid, sig)))
        monkeypatch.setattr(os, "waitpid", lambda pid, opt: sim.waits.append((pid, opt)) or (pid, 0))
        monkeypatch.setattr(procs, "die_with_parent", lambda pid: sim.parents.append(pid))
        monkeypatch.setattr(gc, "freeze", freeze)
        monkeypatch.setattr(parallel, "_CHECKED_INTERNALS", [[]])

    def messages(self, k: int) -> list:
        return [marshal.loads(b) for b in self.boxes[k]]


def run_worker(monkeypatch, call, jobs: int, k: int):
    """Play worker ``k`` of ``call()`` (a render with ``jobs``): returns (its Sim, the raw
    messages it sent)."""
    with monkeypatch.context() as m:
        sim = Sim(m, child=k)
        try:
            call()
        except Exit as exc:
            assert exc.code == 0
        else:
            raise AssertionError("the worker did not leave through os._exit")
    return sim, list(sim.boxes[k])


def run_parent(monkeypatch, call, sent: list):
    """Play the parent of ``call()`` with the workers' messages ``sent[k]``: returns (its Sim,
    the result or the exception it raised)."""
    with monkeypatch.context() as m:
        sim = Sim(m, child=None, inbox=sent)
        try:
            result = call()
        except Exception as exc:
            result = exc
    return sim, result


def simulate_call(monkeypatch, call, jobs: int):
    """Every worker, then the parent: (the parent's result, the workers' messages, its Sim)."""
    sent = [run_worker(monkeypatch, call, jobs, k)[1] for k in range(jobs)]
    sim, result = run_parent(monkeypatch, call, sent)
    if isinstance(result, BaseException):
        raise result
    return result, [[marshal.loads(b) for b in s] for s in sent], sim


def simulate(monkeypatch, make_doc, draw, jobs: int):
    """``parallel.render(make_doc(), draw, jobs)`` played in this process: (the PDF bytes, the
    parent's document, the workers' messages, the parent's Sim)."""
    docs = []

    def call():
        docs.append(make_doc())
        return parallel.render(docs[-1], draw, jobs)

    pdf, sent, sim = simulate_call(monkeypatch, call, jobs)
    return pdf, docs[-1], sent, sim


def serial(make_doc, draw):
    doc = make_doc()
    draw(doc)
    return doc.finish(), doc
