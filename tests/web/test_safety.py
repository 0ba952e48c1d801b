"""The server's guards: Host (DNS rebinding) → 400, a foreign Origin on a state-changing
request (CSRF) → 403, a body over the cap → 413, bounded state, a request past its time limit
stopped with a message while the server stays up, many tabs at once."""

from __future__ import annotations

import concurrent.futures

import pytest

from sheets.web.app import MAX_FILES, PdfCache
from sheets.web.safety import Guard

from .conftest import files, sample


def roc_files():
    return files(("roc.yaml", sample("battletech", "roc.yaml")))


@pytest.mark.parametrize(
    "host",
    [
        "evil.example:8000",
        "127.0.0.1:8001",
        "127.0.0.1",
        "evil.example",
        "127.0.0.1.evil.example:8000",
        "[::2]:8000",
    ],
)
def test_a_host_that_is_not_the_served_address_is_400(client, host):
    r = client.get("/", headers={"host": host})
    assert r.status_code == 400
    assert "Host" in r.json()["error"]
    assert client.post("/api/check", files=roc_files(), headers={"host": host}).status_code == 400


@pytest.mark.parametrize("host", ["127.0.0.1:8000", "localhost:8000", "LOCALHOST:8000", "[::1]:8000"])
def test_the_served_address_and_its_loopback_names_pass(client, host):
    assert client.get("/", headers={"host": host}).status_code == 200


def test_host_rules_of_other_bindings():
    app = object()
    wild = Guard(app, "0.0.0.0", 8080, 100)
    assert wild.allowed_host("192.168.1.20:8080") and wild.allowed_host("[fe80::1]:8080")
    assert not wild.allowed_host("attacker.example:8080")  # a name could be rebound
    assert not wild.allowed_host("192.168.1.20:8081") and not wild.allowed_host(None)
    named = Guard(app, "10.0.0.5", 9000, 100)
    assert named.allowed_host("10.0.0.5:9000")
    assert not named.allowed_host("localhost:9000") and not named.allowed_host("10.0.0.6:9000")


@pytest.mark.parametrize(
    "origin",
    [
        "http://evil.example",
        "http://127.0.0.1:8001",
        "null",
        "https://127.0.0.1:8000",
        "http://127.0.0.1:8000/x",
        "file://",
    ],
)
def test_a_foreign_origin_may_not_post(client, origin):
    r = client.post("/api/check", files=roc_files(), headers={"origin": origin})
    assert r.status_code == 403
    assert "Origin" in r.json()["error"]


def test_a_cross_site_fetch_may_not_post(client):
    r = client.post("/api/render", files=roc_files(), headers={"sec-fetch-site": "cross-site"})
    assert r.status_code == 403


@pytest.mark.parametrize("origin", ["http://127.0.0.1:8000", "http://localhost:8000", None])
def test_the_pages_own_origin_and_scripts_may_post(client, origin):
    headers = {"origin": origin} if origin else {}
    r = client.post("/api/check", files=roc_files(), headers=headers)
    assert r.status_code == 200 and r.json()["units"] == 1


def test_reading_with_a_foreign_origin_is_not_refused(client):
    assert client.get("/api/catalogue", headers={"origin": "http://evil.example"}).status_code == 200


def test_a_body_over_the_cap_is_413(make_client):
    small = make_client(max_body=4096)
    body = files(("roc.yaml", sample("battletech", "roc.yaml") + b"#" * 5000))
    r = small.post("/api/check", files=body)
    assert r.status_code == 413 and "over" in r.json()["error"]
    ok = small.post("/api/check", files=roc_files())
    assert ok.status_code == 200

    def chunks():  # no Content-Length: counted as it arrives
        yield b'--x\r\nContent-Disposition: form-data; name="files"; filename="a.yaml"\r\n\r\n'
        for _ in range(10):
            yield b"#" * 1000

    r = small.post(
        "/api/check", content=chunks(), headers={"content-type": "multipart/form-data; boundary=x"}
    )
    assert r.status_code == 413


def test_the_default_cap_is_16_mb(client):
    r = client.post(
        "/api/check",
        content=b"x",
        headers={
            "content-type": "multipart/form-data; boundary=x",
            "content-length": str(16 * 1024 * 1024 + 1),
        },
    )
    assert r.status_code == 413


def test_too_many_files_or_a_file_too_big_is_413(client):
    many = files(*[(f"u{i}.yaml", b"system: battletech\n") for i in range(MAX_FILES + 1)])
    assert client.post("/api/check", files=many).status_code == 413
    big = files(("big.yaml", b"#" * (5 * 1024 * 1024 + 1)))
    r = client.post("/api/check", files=big)
    assert r.status_code == 413
    exactly = files(*[(f"u{i}.yaml", b"system: battletech\n") for i in range(MAX_FILES)])
    assert client.post("/api/check", files=exactly).status_code == 200


def test_the_pdf_cache_is_bounded():
    cache = PdfCache(entries=3, max_bytes=100)
    for i in range(5):
        cache.put(str(i), b"x" * 10)
    assert list(cache.items) == ["2", "3", "4"] and cache.size == 30
    cache.put("big", b"x" * 95)
    assert list(cache.items) == ["big"] and cache.size == 95
    cache.put("huge", b"x" * 101)  # larger than the whole cache: not kept
    assert cache.get("huge") is None and cache.get("big") is not None


def test_many_edits_keep_the_servers_state_bounded(server):
    client, app = server
    cache = app.app.state.cache
    roc = sample("battletech", "roc.yaml")
    for i in range(cache.entries + 5):
        # a new name each time: a new PDF (a comment alone would give the PDF already made)
        edited = roc.replace(b"name: Roc", f"name: Roc {i}".encode())
        r = client.post("/api/preview?page=1&dpi=36", files=files(("roc.yaml", edited)))
        assert r.status_code == 200
    assert len(cache.items) == cache.entries


def test_many_tabs_at_once(client):
    roc = sample("battletech", "roc.yaml")

    def one(i):
        body = files(("roc.yaml", roc.replace(b"name: Roc", f"name: Roc {i}".encode())))
        r = client.post("/api/preview?page=1&dpi=36", files=body)
        c = client.post("/api/check", files=body)
        return r.status_code, r.headers.get("x-pages"), c.json()["units"]

    with concurrent.futures.ThreadPoolExecutor(8) as pool:
        results = list(pool.map(one, range(16)))
    assert results == [(200, "1", 1)] * 16


def big_file(units: int) -> bytes:
    roc = sample("battletech", "roc.yaml").decode()
    body = roc.split("units:", 1)[1]
    return ("system: battletech\nunits:" + body * units).encode()


def test_a_request_past_the_time_limit_is_stopped_and_the_server_goes_on(make_client):
    slow = make_client(time_limit=0.3)
    big = files(("big.yaml", big_file(500)))
    # 500 units: about a second to load and draw
    r = slow.post("/api/render", files=big)
    assert r.status_code == 503
    message = r.json()["error"]
    assert message.startswith("stopped: this request ran past the server's time limit of 0.3 s")
    assert "still running" in message
    ok = slow.post("/api/check", files=roc_files())
    assert ok.status_code == 200 and ok.json()["units"] == 1
    assert slow.app.app.state.pool.stopped_jobs == 1


def test_responses_carry_a_strict_content_security_policy(client):
    r = client.get("/")
    csp = r.headers["content-security-policy"]
    assert "default-src 'none'" in csp and "script-src 'self'" in csp and "frame-ancestors 'none'" in csp
    assert r.headers["x-content-type-options"] == "nosniff"
    assert client.get("/api/catalogue").headers["x-frame-options"] == "DENY"


@pytest.mark.parametrize(
    "path",
    ["/static/app.py", "/static/..%2Fapp.py", "/static/%2e%2e/app.py", "/static/", "/static/page.html"],
)
def test_only_the_pages_own_files_are_served(client, path):
    assert client.get(path).status_code == 404


def test_file_names_are_names_not_paths(client):
    """A file named like a path is only a name: nothing is read from (or written to) it."""
    r = client.post("/api/check", files=files(("/etc/passwd", sample("battletech", "roc.yaml"))))
    assert r.json() == {"problems": [], "units": 1, "written": 1, "game": "battletech"}
    r = client.post("/api/check", files=files(("../../x.yaml", b"system: chess\nunits: [{}]\n")))
    p = r.json()["problems"][0]
    assert p["file"] == "../../x.yaml" and p["line"] == 1 and "unknown system 'chess'" in p["message"]
