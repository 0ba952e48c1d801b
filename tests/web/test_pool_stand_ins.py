"""The pool's bookkeeping with stand-ins for the worker processes (issue 35: what a real worker
cannot show quickly or at all): a dead worker replaced in its place, the others kept; each job
waiting counted, so that the one past ``max_waiting`` is refused; a killed worker waited for at
most 5 s; a closing pool giving all its workers 2 s together to exit cleanly."""

from __future__ import annotations

import subprocess
import time

import anyio

from sheets.web import pool as pool_module


class StandIn:
    """A worker: ``call`` answers ("ok", op) after ``seconds``; ``kill`` is recorded."""

    made: list = []

    def __init__(self, warm: bool = True, seconds: float = 0.0):
        self.warm, self.seconds, self.killed, self.calls = warm, seconds, False, []
        StandIn.made.append(self)

    alive = True

    def call(self, op, payload, timeout):
        self.calls.append((op, timeout))
        time.sleep(self.seconds)
        return "ok", op

    def kill(self):
        self.killed = True


def test_a_dead_worker_is_replaced_in_its_place_the_others_kept(monkeypatch):
    monkeypatch.setattr(pool_module, "Worker", StandIn)
    StandIn.made = []
    p = pool_module.Pool(size=3, warm=False)
    a, b, c = StandIn(), StandIn(), StandIn()
    p._all = [a, b, c]
    fresh = p._replace(b)
    assert StandIn.made[-1] is fresh and fresh.warm is False
    assert p._all == [a, fresh, c] and p._all[0] is a and p._all[2] is c
    assert b.killed and not a.killed and not c.killed and not fresh.killed


def _side_by_side(p, ops):
    out = [None] * len(ops)

    async def one(i, op):
        try:
            out[i] = await p.run(op, None, 9.0)
        except Exception as exc:
            out[i] = exc

    async def main():
        async with anyio.create_task_group() as tg:
            for i, op in enumerate(ops):
                tg.start_soon(one, i, op)
                await anyio.sleep(0.05)  # in this order

    anyio.run(main)
    return out


def test_each_waiting_job_counts_toward_max_waiting():
    p = pool_module.Pool(size=1, max_waiting=2, warm=False)
    w = StandIn(seconds=0.4)
    p._all, p._idle = [w], [w]
    got = _side_by_side(p, ["a", "b", "c", "d"])  # a runs, b and c wait, d would be the third
    assert got[:3] == [("ok", "a"), ("ok", "b"), ("ok", "c")]
    assert isinstance(got[3], pool_module.Busy)
    assert p._waiting == 0 and w.calls == [("a", 9.0), ("b", 9.0), ("c", 9.0)]


class Process:
    def __init__(self, running=True, hangs=False):
        self.running, self.hangs, self.waits, self.killed = running, hangs, [], 0

    def poll(self):
        return None if self.running else 0

    def kill(self):
        self.killed += 1
        self.running = False

    def wait(self, timeout=None):
        self.waits.append(timeout)
        if self.hangs:
            raise subprocess.TimeoutExpired("worker", timeout)
        return 0


class Conn:
    def __init__(self):
        self.sent, self.closed = [], False

    def send(self, msg):
        self.sent.append(msg)

    def close(self):
        self.closed = True


def _worker(process):
    w = object.__new__(pool_module.Worker)
    w.process, w.conn = process, Conn()
    return w


def test_kill_kills_a_running_worker_and_waits_at_most_5_s():
    running, done = _worker(Process()), _worker(Process(running=False))
    running.kill()
    done.kill()
    assert (running.process.killed, running.process.waits, running.conn.closed) == (1, [5], True)
    assert (done.process.killed, done.process.waits, done.conn.closed) == (0, [5], True)


def test_close_gives_the_workers_2_s_together_then_kills_them(monkeypatch):
    clock = iter([100.0, 100.5, 103.0])  # the deadline's start, then before each wait

    class Time:
        @staticmethod
        def monotonic():
            return next(clock)

    monkeypatch.setattr(pool_module, "time", Time)
    p = pool_module.Pool(size=2, warm=False)
    first, late = _worker(Process(hangs=True)), _worker(Process())
    p._all, p._idle = [first, late], [first, late]
    p.close()
    assert p._all == [] and p._idle == []
    assert first.conn.sent == [None] and late.conn.sent == [None]
    # 1.5 s left for the first, which does not exit (then it is killed); the next is past the
    # deadline: the least wait
    assert first.process.waits == [1.5, 5] and first.process.killed == 1
    assert late.process.waits == [0.01, 5]


def test_start_makes_size_workers_each_warm_or_not_as_the_pool(monkeypatch):
    monkeypatch.setattr(pool_module, "Worker", StandIn)
    for warm in (True, False):
        StandIn.made = []
        p = pool_module.Pool(size=2, warm=warm)
        p.start()
        assert p._all == StandIn.made == p._idle and [w.warm for w in p._all] == [warm, warm]


class SilentConn(Conn):
    def __init__(self, answers=False, fails=None):
        super().__init__()
        self.answers, self.fails = answers, fails

    def poll(self, timeout):
        return self.answers

    def recv(self):
        raise self.fails


def test_a_worker_that_never_says_ready_or_hangs_up_fails_to_start():
    import pytest

    for conn in (SilentConn(answers=False), SilentConn(answers=True, fails=EOFError)):
        w = _worker(Process())
        w.conn, w.ready = conn, False
        with pytest.raises(pool_module.WorkerFailed) as exc:
            w.wait_ready(0.01)
        assert str(exc.value) == "start" and w.process.killed == 1 and conn.closed and not w.ready


def test_a_worker_reads_nothing_from_the_servers_stdin():
    import os

    read, write = os.pipe()
    saved = os.dup(0)
    os.dup2(read, 0)  # the server's stdin: a pipe, which the worker must not share
    try:
        w = pool_module.Worker(warm=False)
    finally:
        os.dup2(saved, 0)
        for fd in (saved, read, write):
            os.close(fd)
    try:
        assert os.readlink(f"/proc/{w.pid()}/fd/0") == "/dev/null"
    finally:
        w.kill()
