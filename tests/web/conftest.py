"""Fixtures of the `sheets serve` tests: one app (and its worker processes) per test session,
driven through Starlette's TestClient as a browser on 127.0.0.1:8000 would."""

from __future__ import annotations

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


@pytest.fixture(scope="session")
def server():
    """(client, app) of a server on 127.0.0.1:8000 with two workers."""
    from sheets.web.app import create_app

    app = create_app(HOST, PORT, workers=2)
    with _client(app) as client:
        yield client, app


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
