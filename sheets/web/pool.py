"""Worker processes that do the server's work (load, check, render, rasterise, calculate).

Why processes: a render is pure Python (reportlab) and cannot be interrupted inside a thread. A
request that runs past its time limit is stopped by killing the worker that runs it; a fresh one
takes its place and the server goes on serving. Each worker does one job at a time; a job waits
for a free worker (at most ``max_waiting`` wait, more are refused as busy).

A job is ``(operation name, payload)``; the worker answers ``("ok", value)``, ``("input",
problems)``, ``("option", message)``, ``("usage", message)`` or ``("internal", message)`` (see
``sheets.web.worker``). Nothing but plain data crosses the pipe.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import threading
import time
from multiprocessing.connection import Connection

import anyio
import anyio.to_thread

WARM_UP_LIMIT = 120.0  # seconds a fresh worker may take to import what it needs


class TimeLimit(Exception):
    """The job ran past its time limit; its worker was stopped."""


class Busy(Exception):
    """Too many jobs are waiting for a worker."""


class WorkerFailed(Exception):
    """The worker died while doing the job (a crash, or out of memory)."""


class Worker:
    """``python -m sheets.web.worker FD``: a fresh interpreter (never a fork of the server's
    threads and event loop), talking over one end of a socket pair."""

    def __init__(self, warm: bool = True):
        mine, theirs = socket.socketpair()
        # -P: the current folder is not put on sys.path (a folder named sheets/ there must not
        # replace the installed package)
        args = [sys.executable, "-P", "-m", "sheets.web.worker", str(theirs.fileno())]
        if not warm:
            args.append("--cold")
        self.process = subprocess.Popen(
            args, pass_fds=(theirs.fileno(),), stdin=subprocess.DEVNULL, close_fds=True
        )
        theirs.close()
        self.conn = Connection(os.dup(mine.fileno()))
        mine.close()
        self.jobs = 0
        self.ready = False

    def wait_ready(self, timeout: float = WARM_UP_LIMIT) -> None:
        """The worker says ``ready`` once its imports are done: a job's time limit counts from
        then, not from the start of a fresh interpreter."""
        if self.ready:
            return
        try:
            if not self.conn.poll(timeout):
                self.kill()
                raise WorkerFailed("start")
            self.conn.recv()
        except (EOFError, OSError):
            self.kill()
            raise WorkerFailed("start") from None
        self.ready = True

    def call(self, op: str, payload, timeout: float):
        """Run one job; raise TimeLimit (after killing the process) when it takes longer."""
        self.wait_ready()
        self.jobs += 1
        try:
            self.conn.send((op, payload))
            if not self.conn.poll(timeout):
                self.kill()
                raise TimeLimit(op)
            return self.conn.recv()
        except (EOFError, BrokenPipeError, ConnectionResetError, OSError):
            self.kill()
            raise WorkerFailed(op) from None

    @property
    def alive(self) -> bool:
        return self.process.poll() is None

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
        try:
            self.process.wait(5)
        except subprocess.TimeoutExpired:  # pragma: no cover
            pass
        try:
            self.conn.close()
        except OSError:
            pass

    def pid(self) -> int | None:
        return self.process.pid


class Pool:
    """``size`` workers, started on first use (or by :meth:`start`)."""

    def __init__(self, size: int = 2, time_limit: float = 30.0, max_waiting: int = 32, warm: bool = True):
        self.size = size
        self.time_limit = time_limit
        self.max_waiting = max_waiting
        self.warm = warm
        self._idle: list[Worker] = []
        self._all: list[Worker] = []
        self._lock = threading.Lock()
        self._free = None  # anyio semaphore, made in the event loop
        self._waiting = 0
        self.stopped_jobs = 0  # jobs stopped at the time limit (for tests and the log)

    def start(self) -> None:
        with self._lock:
            while len(self._all) < self.size:
                w = Worker(self.warm)
                self._all.append(w)
                self._idle.append(w)

    def _take(self) -> Worker:
        with self._lock:
            w = self._idle.pop()
        if not w.alive:
            w = self._replace(w)
        return w

    def _replace(self, dead: Worker) -> Worker:
        dead.kill()
        fresh = Worker(self.warm)
        with self._lock:
            self._all = [fresh if w is dead else w for w in self._all]
        return fresh

    def _give_back(self, w: Worker) -> None:
        with self._lock:
            self._idle.append(w)

    async def run(self, op: str, payload=None, time_limit: float | None = None):
        if self._free is None:
            self._free = anyio.Semaphore(self.size)
        if not self._all:
            await anyio.to_thread.run_sync(self.start)
        if self._free.value == 0 and self._waiting >= self.max_waiting:  # it would wait
            raise Busy()
        self._waiting += 1
        try:
            await self._free.acquire()
        finally:
            self._waiting -= 1
        try:
            w = self._take()
            limit = self.time_limit if time_limit is None else time_limit
            try:
                return await anyio.to_thread.run_sync(w.call, op, payload, limit)
            except (TimeLimit, WorkerFailed) as exc:
                if isinstance(exc, TimeLimit):
                    self.stopped_jobs += 1
                w = await anyio.to_thread.run_sync(self._replace, w)
                raise
            finally:
                self._give_back(w)
        finally:
            self._free.release()

    def pids(self) -> list[int]:
        return [w.pid() for w in self._all if w.alive]

    def close(self) -> None:
        with self._lock:
            workers, self._all, self._idle = self._all, [], []
        for w in workers:
            try:
                w.conn.send(None)  # a clean exit when it is idle
            except OSError:
                pass
        deadline = time.monotonic() + 2
        for w in workers:
            try:
                w.process.wait(max(0.01, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                pass
            w.kill()
