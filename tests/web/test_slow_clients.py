"""Slow clients and memory (issue 31): half-sent requests were never timed out, so as many as the
open-file limit shut every tab out; 150 concurrent 15 MB requests took the server to 1.4 GB.

The connection guards (:mod:`sheets.web.conns`) run on a real uvicorn server in a thread with
short timeouts; the end-to-end case runs ``sheets serve`` itself under a 256-descriptor limit.
The memory budget (:class:`sheets.web.safety.Budget`) is driven through the app."""

from __future__ import annotations

import asyncio
import re
import resource
import socket
import subprocess
import sys
import threading
import time

import pytest

from .conftest import files, sample


# -- a real server with short timeouts --------------------------------------------------------------
async def _slow_app(scope, receive, send):
    """``/slow`` answers after 1.5 s; anything else at once (after reading its body)."""
    if scope["type"] != "http":
        return
    more = True
    while more:
        message = await receive()
        if message["type"] == "http.disconnect":
            return
        more = message.get("more_body", False)
    if scope["path"] == "/slow":
        await asyncio.sleep(1.5)
    await send({"type": "http.response.start", "status": 200, "headers": [(b"content-length", b"2")]})
    await send({"type": "http.response.body", "body": b"ok"})


@pytest.fixture
def server():
    import uvicorn

    from sheets.web.conns import protocol

    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    sock.listen(64)
    port = sock.getsockname()[1]
    config = uvicorn.Config(
        _slow_app,
        http=protocol(header_timeout=0.6, body_timeout=1.2, connections=8),
        log_level="critical",
        lifespan="off",
        backlog=16,
    )
    srv = uvicorn.Server(config)
    thread = threading.Thread(target=srv.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    for _ in range(200):
        if srv.started:
            break
        time.sleep(0.02)
    yield port
    srv.should_exit = True
    thread.join(5)
    sock.close()


def _connect(port: int, first: bytes = b"") -> socket.socket:
    s = socket.create_connection(("127.0.0.1", port), timeout=5)
    if first:
        s.sendall(first)
    return s


def _answer(s: socket.socket) -> bytes:
    """Everything the server sends until it closes (or 5 s)."""
    out = b""
    s.settimeout(5)
    try:
        while True:
            chunk = s.recv(4096)
            if not chunk:
                return out
            out += chunk
    except TimeoutError:
        return out + b"<still open>"
    except ConnectionResetError:
        return out + b"<reset>"


def _get(port: int, path: str = "/") -> bytes:
    s = _connect(port, b"GET %s HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n" % path.encode())
    return _answer(s)


def test_headers_that_do_not_arrive_in_time_get_408_and_the_connection_is_closed(server):
    s = _connect(server, b"POST /api/check HTTP/1.1\r\nHost: x\r\n")
    start = time.monotonic()
    got = _answer(s)
    took = time.monotonic() - start
    assert got.startswith(b"HTTP/1.1 408 Request Timeout\r\n") and got.endswith(b"did not arrive in time")
    assert 0.4 < took < 3


def test_a_connection_that_sends_nothing_is_closed_too(server):
    s = _connect(server)
    assert _answer(s).startswith(b"HTTP/1.1 408")


def test_a_body_that_does_not_arrive_in_time_is_cut_off(server):
    s = _connect(server, b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n" + b"x" * 10)
    start = time.monotonic()
    got = _answer(s)
    assert b"<still open>" not in got and 1.0 < time.monotonic() - start < 4
    assert not got.startswith(b"HTTP/1.1 200")


def test_a_drip_fed_body_is_cut_off_at_the_body_timeout(server):
    s = _connect(server, b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n")
    start = time.monotonic()
    closed = False
    while time.monotonic() - start < 4:
        try:
            s.sendall(b"x")
        except OSError:
            closed = True
            break
        time.sleep(0.1)
    assert closed or _answer(s) in (b"", b"<reset>")
    assert time.monotonic() - start < 3.5


def test_a_request_in_time_is_answered_and_the_kept_alive_connection_is_timed_again(server):
    s = _connect(server, b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
    s.settimeout(5)
    first = b""
    while not first.endswith(b"ok"):
        first += s.recv(4096)
    assert first.startswith(b"HTTP/1.1 200")
    s.sendall(b"GET / HTTP/1.1\r\n")  # the next request, half sent
    assert _answer(s).startswith(b"HTTP/1.1 408")


def test_more_half_sent_requests_than_the_cap_do_not_shut_another_tab_out(server):
    held = [_connect(server, b"POST /x HTTP/1.1\r\nHost: x\r\n") for _ in range(40)]
    time.sleep(0.1)
    start = time.monotonic()
    assert _get(server).startswith(b"HTTP/1.1 200")
    assert time.monotonic() - start < 0.5  # at once, not after a timeout
    evicted = 0
    for s in held[:30]:
        s.settimeout(0.5)
        try:
            evicted += s.recv(64).startswith(b"HTTP/1.1 408")
        except TimeoutError:
            pass
    assert evicted >= 25  # the oldest made room


def test_a_request_being_answered_is_never_evicted(server):
    slow = _connect(server, b"GET /slow HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    time.sleep(0.2)
    held = [_connect(server, b"POST /x HTTP/1.1\r\nHost: x\r\n") for _ in range(20)]
    assert _answer(slow).startswith(b"HTTP/1.1 200")
    for s in held:
        s.close()


def test_when_every_connection_is_answering_a_newcomer_gets_503(server):
    slow = [_connect(server, b"GET /slow HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n") for _ in range(8)]
    time.sleep(0.3)
    assert _get(server).startswith(b"HTTP/1.1 503 Service Unavailable")
    assert all(_answer(s).startswith(b"HTTP/1.1 200") for s in slow)


def test_the_cap_leaves_room_for_the_workers_and_accept_bursts(monkeypatch):
    from sheets.web import conns

    monkeypatch.setattr(resource, "getrlimit", lambda what: (256, 4096))
    assert conns.max_connections() == 256 - 64 - 3 * 32
    monkeypatch.setattr(resource, "getrlimit", lambda what: (1024, 4096))
    assert conns.max_connections() == 512
    monkeypatch.setattr(resource, "getrlimit", lambda what: (100, 100))
    assert conns.max_connections() == 8


# -- the real command under a low open-file limit -------------------------------------------------------
def test_sheets_serve_under_256_descriptors_serves_a_tab_past_1000_half_sent_requests(
    tmp_path, subprocess_env
):
    def limit():
        resource.setrlimit(resource.RLIMIT_NOFILE, (256, 256))

    proc = subprocess.Popen(
        [sys.executable, "-m", "sheets", "serve", "--no-open", "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**subprocess_env, "SHEETS_CONFIG": ""},
        cwd=tmp_path,
        preexec_fn=limit,
    )
    held = []
    try:
        line = proc.stdout.readline()
        port = int(re.search(r":(\d+)/", line).group(1))
        for _ in range(1000):
            try:
                held.append(_connect(port, b"POST /api/check HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n" % port))
            except OSError:
                break
        assert len(held) >= 300
        start = time.monotonic()
        s = _connect(
            port, b"GET /api/catalogue HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nConnection: close\r\n\r\n" % port
        )
        got = _answer(s)
        assert got.startswith(b"HTTP/1.1 200"), got[:200]
        assert time.monotonic() - start < 5
    finally:
        for s in held:
            s.close()
        proc.terminate()
        try:
            _out, err = proc.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            raise AssertionError("sheets serve did not stop on SIGTERM") from None
    assert "Too many open files" not in err


# -- the memory budget -------------------------------------------------------------------------------
def test_a_body_past_the_budget_is_503_before_it_is_read(make_client):
    client = make_client(memory_budget=3000)
    big = files(("a.yaml", sample("dmech", "otrok.yaml") + b"#" + b"x" * 4000 + b"\n"))
    r = client.post("/api/check", files=big)
    assert r.status_code == 503 and "busy" in r.json()["error"]
    small = files(("a.yaml", sample("dmech", "otrok.yaml")))
    assert client.post("/api/check", files=small).status_code == 200  # within the budget


def test_a_chunked_body_past_the_budget_is_503_as_it_arrives(make_client):
    client = make_client(memory_budget=3000)
    boundary = "b0undary"
    body = (
        f"--{boundary}\r\nContent-Disposition: form-data; name=files; filename=a.yaml\r\n\r\n".encode()
        + sample("dmech", "otrok.yaml")
        + b"#"
        + b"x" * 8000
        + f"\r\n--{boundary}--\r\n".encode()
    )

    def chunks():
        for i in range(0, len(body), 1000):
            yield body[i : i + 1000]

    r = client.post(
        "/api/check", content=chunks(), headers={"content-type": f"multipart/form-data; boundary={boundary}"}
    )
    assert r.status_code == 503 and "busy" in r.json()["error"]


def test_the_budget_is_shared_and_given_back():
    from sheets.web.safety import Guard

    release = asyncio.Event()

    async def app(scope, receive, send):
        while (await receive()).get("more_body"):
            pass
        if scope["path"] == "/hold":
            await release.wait()
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b""})

    guard = Guard(app, "127.0.0.1", None, 10_000, memory_budget=1000)

    async def request(path: str, size: int) -> int:
        headers = [(b"host", b"127.0.0.1:1"), (b"content-length", str(size).encode())]
        scope = {"type": "http", "method": "POST", "path": path, "headers": headers}
        sent = []

        async def receive():
            return {"type": "http.request", "body": b"x" * size, "more_body": False}

        async def send(message):
            sent.append(message)

        await guard(scope, receive, send)
        return sent[0]["status"]

    async def scenario():
        first = asyncio.create_task(request("/hold", 600))
        await asyncio.sleep(0.01)
        assert guard.budget.used == 600
        assert await request("/", 600) == 503  # 600 + 600 > 1000
        assert await request("/", 300) == 200  # 600 + 300 fits
        release.set()
        assert await first == 200
        assert guard.budget.used == 0  # given back
        assert await request("/", 900) == 200
        assert guard.budget.peak == 900 and guard.budget.refused == 1

    asyncio.run(scenario())


def test_the_budget_of_a_real_app_is_its_default():
    from sheets.web.app import create_app
    from sheets.web.safety import MEMORY_BUDGET

    app = create_app("127.0.0.1", 8000, pool=object())
    assert app.budget.limit == MEMORY_BUDGET == 128 * 1024 * 1024
