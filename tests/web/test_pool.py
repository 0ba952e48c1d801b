"""The worker pool itself (``sheets.web.pool``, issue 35's mutation of it): real worker processes
started cold (``--cold``: nothing imported before the first job), driven through ``Pool.run`` as
the app drives it. How many workers start, a job's answer, the time limit (the pool's and a
job's own) stopping and replacing the worker, the busy refusal one step past ``max_waiting``, a
worker that dies during a job or while idle, a worker that never says it is ready, and a clean
close. The pool runs in this process, so its mutants are seen; the workers are child processes."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import anyio
import pytest

from sheets.web.pool import WARM_UP_LIMIT, Busy, Pool, TimeLimit, Worker, WorkerFailed


@pytest.fixture
def make_pool():
    made = []

    def make(**kw):
        kw.setdefault("warm", False)
        pool = Pool(**kw)
        made.append(pool)
        return pool

    yield make
    for pool in made:
        pool.close()


def _run(pool, *jobs):
    """Run ``jobs`` ((op, payload, time_limit) each) side by side; their answers or exceptions."""
    out = [None] * len(jobs)

    async def one(i, op, payload, limit):
        try:
            out[i] = await pool.run(op, payload, limit)
        except Exception as exc:
            out[i] = exc

    async def main():
        async with anyio.create_task_group() as tg:
            for i, (op, payload, limit) in enumerate(jobs):
                tg.start_soon(one, i, op, payload, limit)
                await anyio.sleep(0.05)  # in this order

    anyio.run(main)
    return out


def test_defaults():
    pool = Pool()
    assert (pool.size, pool.time_limit, pool.max_waiting, pool.warm, pool.stopped_jobs) == (
        2,
        30.0,
        32,
        True,
        0,
    )
    assert pool.pids() == [] and WARM_UP_LIMIT == 120.0


def test_start_makes_size_workers_once_and_a_job_answers(make_pool):
    pool = make_pool(size=3)
    pool.start()
    pids = pool.pids()
    assert len(pids) == 3 == len(set(pids)) and os.getpid() not in pids
    pool.start()  # already full: no more
    assert pool.pids() == pids
    ((status, value),) = _run(pool, ("ping", None, None))
    assert status == "ok" and value["pid"] in pids
    assert all(w.process.args[-1] == "--cold" for w in pool._all)
    assert sum(w.jobs for w in pool._all) == 1


def test_the_first_job_starts_the_workers(make_pool):
    pool = make_pool(size=2)
    ((status, value),) = _run(pool, ("ping", None, None))
    assert status == "ok" and len(pool.pids()) == 2 and value["pid"] in pool.pids()


def test_a_job_past_its_time_limit_stops_its_worker_and_a_fresh_one_takes_its_place(make_pool):
    pool = make_pool(size=1, time_limit=0.5)
    pool.start()
    (old,) = pool.pids()
    (err,) = _run(pool, ("sleep", {"seconds": 5}, None))
    assert isinstance(err, TimeLimit) and str(err) == "sleep"
    assert pool.stopped_jobs == 1
    (new,) = pool.pids()
    assert new != old
    ((status, value),) = _run(pool, ("ping", None, None))
    assert (status, value["pid"]) == ("ok", new)
    # a job's own limit replaces the pool's: 0.2 s stops a sleep the pool's 0.5 s would allow
    t = time.monotonic()
    (err,) = _run(pool, ("sleep", {"seconds": 0.4}, 0.2))
    assert isinstance(err, TimeLimit) and time.monotonic() - t < 3
    assert pool.stopped_jobs == 2
    ((status, _),) = _run(pool, ("sleep", {"seconds": 0.1}, 5.0))  # within its own limit
    assert status == "ok" and pool.stopped_jobs == 2


def test_one_job_more_than_max_waiting_is_refused_as_busy(make_pool):
    pool = make_pool(size=1, max_waiting=1)
    pool.start()
    got = _run(pool, ("sleep", {"seconds": 1.0}, None), ("ping", None, None), ("ping", None, None))
    assert got[0] == ("ok", {}) and got[1][0] == "ok"  # one running, one waiting
    assert isinstance(got[2], Busy)  # the second waiting
    assert pool._waiting == 0
    ((status, _),) = _run(pool, ("ping", None, None))  # nothing left waiting
    assert status == "ok"


def test_max_waiting_zero_refuses_a_job_only_when_it_would_wait(make_pool):
    pool = make_pool(size=1, max_waiting=0)
    pool.start()
    assert _run(pool, ("ping", None, None))[0][0] == "ok"  # a free worker: no wait
    got = _run(pool, ("sleep", {"seconds": 0.5}, None), ("ping", None, None))
    assert got[0] == ("ok", {}) and isinstance(got[1], Busy)


def test_two_workers_run_two_jobs_at_once(make_pool):
    pool = make_pool(size=2, max_waiting=0)
    pool.start()
    t = time.monotonic()
    got = _run(pool, ("sleep", {"seconds": 0.6}, None), ("sleep", {"seconds": 0.6}, None))
    assert got == [("ok", {}), ("ok", {})]
    assert time.monotonic() - t < 1.15  # side by side, not one after the other


def test_a_worker_that_dies_during_a_job_fails_it_and_is_replaced(make_pool):
    pool = make_pool(size=1)
    pool.start()
    (old,) = pool.pids()

    async def main():
        async with anyio.create_task_group() as tg:
            result = {}

            async def job():
                try:
                    await pool.run("sleep", {"seconds": 5})
                except Exception as exc:
                    result["err"] = exc

            tg.start_soon(job)
            await anyio.sleep(0.5)
            os.kill(old, signal.SIGKILL)
        return result["err"]

    err = anyio.run(main)
    assert isinstance(err, WorkerFailed) and str(err) == "sleep"
    assert pool.stopped_jobs == 0  # not a time limit
    (new,) = pool.pids()
    assert new != old
    ((status, value),) = _run(pool, ("ping", None, None))
    assert (status, value["pid"]) == ("ok", new)


def test_a_worker_found_dead_when_idle_is_replaced_before_the_job(make_pool):
    pool = make_pool(size=1)
    pool.start()
    (w,) = pool._all
    w.wait_ready()
    w.process.kill()
    w.process.wait(5)
    assert pool.pids() == []  # a dead worker is not listed
    ((status, value),) = _run(pool, ("ping", None, None))
    assert status == "ok" and value["pid"] != w.process.pid
    assert pool._all[0] is not w and pool._idle == pool._all


def test_a_worker_that_never_says_ready_fails_to_start():
    w = Worker(warm=False)
    with pytest.raises(WorkerFailed, match="start"):
        w.wait_ready(timeout=0)  # an interpreter is not ready in no time
    assert not w.alive and w.ready is False
    w.kill()  # twice: nothing happens


def test_a_worker_that_exits_before_ready_fails_to_start():
    w = Worker(warm=False)
    w.process.kill()
    w.process.wait(5)
    with pytest.raises(WorkerFailed, match="start"):
        w.wait_ready(timeout=5)
    assert w.ready is False


def test_a_worker_counts_its_jobs_and_answers_in_order():
    w = Worker(warm=False)
    try:
        w.wait_ready()
        assert w.ready is True
        w.wait_ready(timeout=0)  # ready already: no wait
        assert w.call("ping", None, 5) == ("ok", {"pid": w.pid()})
        assert w.call("starter", {"query": {"game": "nope"}}, 5) == (
            "option",
            "unknown game 'nope'; known: battletech, dmech, dust, lnl, wh40k6",
        )
        assert w.jobs == 2
    finally:
        w.kill()
    with pytest.raises(WorkerFailed, match="ping"):
        w.call("ping", None, 5)  # its pipe is closed


def test_a_warm_worker_is_started_without_the_cold_flag():
    w = Worker()
    try:
        assert w.process.args[-2:] == ["sheets.web.worker", w.process.args[-1]]
        assert w.process.args[1:3] == ["-P", "-m"] and "--cold" not in w.process.args
        assert w.process.args[0] == sys.executable
    finally:
        w.kill()


def test_a_folder_named_sheets_in_the_current_folder_is_not_imported(make_pool, tmp_path, monkeypatch):
    fake = tmp_path / "sheets" / "web"
    fake.mkdir(parents=True)
    (tmp_path / "sheets" / "__init__.py").write_text("raise SystemExit('the wrong sheets')\n")
    (fake / "__init__.py").write_text("")
    (fake / "worker.py").write_text("raise SystemExit('the wrong worker')\n")
    monkeypatch.chdir(tmp_path)
    pool = make_pool(size=1)
    ((status, _),) = _run(pool, ("ping", None, None))
    assert status == "ok"


def test_close_ends_every_worker_cleanly(make_pool):
    pool = make_pool(size=2)
    pool.start()
    for w in pool._all:
        w.wait_ready()
    workers = list(pool._all)
    pool.close()
    assert pool.pids() == [] and pool._all == [] and pool._idle == []
    assert [w.process.returncode for w in workers] == [0, 0]  # they left their loop, not killed
    pool.close()  # again: nothing to do


def test_close_kills_a_worker_that_does_not_stop(make_pool):
    pool = make_pool(size=1)
    pool.start()
    (w,) = pool._all
    w.wait_ready()
    w.conn.send(("sleep", {"seconds": 30}))  # busy: it cannot read the request to stop
    t = time.monotonic()
    pool.close()
    assert w.process.returncode == -signal.SIGKILL
    assert 1.5 < time.monotonic() - t < 10  # it had its 2 s to stop


def test_kill_of_an_ended_worker_only_closes_its_pipe():
    w = Worker(warm=False)
    w.wait_ready()
    w.conn.send(None)
    w.process.wait(5)
    w.kill()
    assert w.process.returncode == 0 and w.conn.closed


def test_a_worker_process_is_a_fresh_interpreter():
    w = Worker(warm=False)
    try:
        w.wait_ready()
        assert isinstance(w.process, subprocess.Popen) and w.process.stdin is None
        assert w.call("ping", None, 5)[1]["pid"] == w.process.pid != os.getpid()
    finally:
        w.kill()
