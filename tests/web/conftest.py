"""Fixtures of the `sheets serve` tests: one app (and its worker processes) per test session,
driven through Starlette's TestClient as a browser on 127.0.0.1:8000 would."""

from __future__ import annotations

import os
import warnings
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
UNITS = ROOT / "data" / "units"
HOST = "127.0.0.1"
PORT = 8000
BASE = f"http://{HOST}:{PORT}"


def _client(app):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # starlette: "httpx with TestClient is deprecated"
        from starlette.testclient import TestClient

        return TestClient(app, base_url=BASE)


class InlinePool:
    """The pool's interface doing each job in this process, one at a time (``sheets.web.worker.run``
    as a worker would): what mutation testing needs, since a mutant is invisible to a worker
    process. No time limit, no busy refusal: the tests of those use a real pool (make_client)."""

    def __init__(self, time_limit: float = 30.0):
        import threading

        self.time_limit = time_limit
        self.stopped_jobs = 0
        self._lock = threading.Lock()

    def start(self):
        pass

    def close(self):
        pass

    def pids(self):
        return []

    async def run(self, op, payload=None, time_limit=None):
        import anyio.to_thread

        from sheets.web import worker

        def one():
            with self._lock:
                return worker.run(op, payload)

        return await anyio.to_thread.run_sync(one)


# under mutmut (which sets MUTANT_UNDER_TEST) the session's server works in-process, and the
# app is made for each test: mutmut runs only the tests that reached a mutated function while it
# measured, and a session-wide app is made (create_app reached) by the first test alone
INLINE = "MUTANT_UNDER_TEST" in os.environ


def _app_scope(fixture_name, config):
    return "function" if INLINE else "session"


@pytest.fixture(scope=_app_scope)
def server():
    """(client, app) of a server on 127.0.0.1:8000 with two workers (in-process under mutmut)."""
    from sheets.web.app import create_app

    app = create_app(HOST, PORT, workers=2, pool=InlinePool() if INLINE else None)
    with _client(app) as client:
        yield client, app


@pytest.fixture(scope=_app_scope)
def inline_server():
    """(client, app) of a server on 127.0.0.1:8000 whose jobs run in this process."""
    from sheets.web.app import create_app

    app = create_app(HOST, PORT, pool=InlinePool())
    with _client(app) as client:
        yield client, app


@pytest.fixture
def inline(inline_server):
    return inline_server[0]


@pytest.fixture
def client(server):
    return server[0]


@pytest.fixture(scope="session")
def make_client():
    """make_client(**create_app kwargs) -> a started TestClient (closed at the session's end)."""
    made = []

    def make(**kwargs):
        from sheets.web.app import create_app

        kwargs.setdefault("workers", 1)
        c = _client(create_app(HOST, PORT, **kwargs))
        c.__enter__()
        made.append(c)
        return c

    yield make
    for c in made:
        c.__exit__(None, None, None)


def sample(game: str, name: str) -> bytes:
    return (UNITS / game / name).read_bytes()


def files(*named) -> list:
    """``files(("roc.yaml", b"..."), ...)`` as the multipart ``files`` fields of a request."""
    return [("files", (name, data)) for name, data in named]


def pytest_configure(config):
    config.addinivalue_line("markers", "browser: the end-to-end test in a real browser (chromium)")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """The call phase's report on the test item (the browser test screenshots a failure)."""
    outcome = yield
    rep = outcome.get_result()
    if rep.when == "call":
        item.rep_call = rep
