"""The server's guard (``sheets.web.safety.Guard``) driven directly as ASGI, both sides of each
rule: the body cap at exactly ``max_body`` and one byte past (by Content-Length and counted as
it arrives, in one chunk and in several), the Host and Origin rules for every kind of binding,
and the exact refusals (status, JSON body, headers)."""

from __future__ import annotations

import asyncio
import json

import pytest

from sheets.web.safety import Guard, _split_host


def _call(guard_args, *, method="POST", headers=(), chunks=(b"",), read=True):
    """Run one request through a Guard around an app that reads the whole body and answers
    200 with its length. Returns (status, headers, body bytes, what the app saw)."""
    seen = {}

    async def app(scope, receive, send):
        seen["called"] = True
        total = 0
        if read:
            while True:
                m = await receive()
                total += len(m.get("body", b""))
                if not m.get("more_body"):
                    break
        seen["read"] = total
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": str(total).encode()})

    guard = Guard(app, *guard_args)
    parts = list(chunks)
    messages = [
        {"type": "http.request", "body": c, "more_body": i < len(parts) - 1} for i, c in enumerate(parts)
    ]
    sent = []

    async def receive():
        return messages.pop(0) if messages else {"type": "http.disconnect"}

    async def send(m):
        sent.append(m)

    scope = {
        "type": "http",
        "method": method,
        "headers": [(k.encode("latin-1"), v.encode("latin-1")) for k, v in headers],
    }
    asyncio.run(guard(scope, receive, send))
    start = sent[0]
    body = b"".join(m.get("body", b"") for m in sent[1:])
    return start["status"], dict(start["headers"]), body, seen


HOST = [("host", "127.0.0.1:8000")]
ARGS = ("127.0.0.1", 8000, 100)


# -- the body cap -----------------------------------------------------------------------------------
def test_a_content_length_of_exactly_the_cap_passes():
    status, _, body, seen = _call(ARGS, headers=HOST + [("content-length", "100")], chunks=[b"x" * 100])
    assert (status, body) == (200, b"100") and seen["read"] == 100


def test_a_content_length_one_past_the_cap_is_413_before_the_app_runs():
    status, headers, body, seen = _call(ARGS, headers=HOST + [("content-length", "101")], chunks=[b"x" * 101])
    assert status == 413 and not seen
    assert json.loads(body) == {"error": "the request is over 0 MB (100 bytes)"}
    assert headers[b"content-type"] == b"application/json"
    assert headers[b"content-length"] == str(len(body)).encode()


@pytest.mark.parametrize("value", ["abc", "-1", "1e3", " 5", ""])
def test_a_content_length_that_is_not_a_whole_number_is_400(value):
    status, _, body, seen = _call(ARGS, headers=HOST + [("content-length", value)])
    assert status == 400 and not seen
    assert json.loads(body) == {"error": "bad Content-Length"}


@pytest.mark.parametrize("chunks", [[b"x" * 100], [b"x" * 50, b"x" * 50], [b"x" * 99, b"x", b""]])
def test_a_body_without_length_counted_to_exactly_the_cap_passes(chunks):
    status, _, body, _ = _call(ARGS, headers=HOST, chunks=chunks)
    assert (status, body) == (200, b"100")


@pytest.mark.parametrize("chunks", [[b"x" * 101], [b"x" * 50, b"x" * 51], [b"x" * 100, b"x"]])
def test_a_body_without_length_counted_one_past_the_cap_is_413(chunks):
    status, _, body, seen = _call(ARGS, headers=HOST, chunks=chunks)
    assert status == 413 and seen["called"]
    assert json.loads(body) == {"error": "the request is over 0 MB (100 bytes)"}


def test_the_cap_message_in_megabytes():
    guard = Guard(None, "127.0.0.1", 8000, 16 * 1024 * 1024)
    assert guard.too_big() == "the request is over 16 MB (16777216 bytes)"
    assert (
        Guard(None, "127.0.0.1", 8000, 2 * 1024 * 1024 - 1).too_big()
        == "the request is over 1 MB (2097151 bytes)"
    )


def test_an_app_that_swallows_the_cap_and_fails_still_answers_413():
    async def app(scope, receive, send):
        try:
            await receive()
        except Exception:
            raise RuntimeError("the app's own error while reading")

    sent = []

    async def receive():
        return {"type": "http.request", "body": b"x" * 101, "more_body": False}

    async def send(m):
        sent.append(m)

    asyncio.run(
        Guard(app, *ARGS)(
            {"type": "http", "method": "POST", "headers": [(b"host", b"127.0.0.1:8000")]}, receive, send
        )
    )
    assert sent[0]["status"] == 413
    assert json.loads(sent[1]["body"]) == {"error": "the request is over 0 MB (100 bytes)"}


def test_an_apps_own_error_is_not_hidden():
    async def app(scope, receive, send):
        raise KeyError("mine")

    async def receive():
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(m):
        pass

    with pytest.raises(KeyError):
        asyncio.run(
            Guard(app, *ARGS)(
                {"type": "http", "method": "GET", "headers": [(b"host", b"127.0.0.1:8000")]}, receive, send
            )
        )


def test_an_answer_already_started_is_not_answered_twice():
    async def app(scope, receive, send):
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await receive()

    sent = []

    async def receive():
        return {"type": "http.request", "body": b"x" * 101, "more_body": False}

    async def send(m):
        sent.append(m)

    asyncio.run(
        Guard(app, *ARGS)(
            {"type": "http", "method": "POST", "headers": [(b"host", b"127.0.0.1:8000")]}, receive, send
        )
    )
    assert [m.get("status") for m in sent] == [200]


def test_other_scopes_pass_untouched():
    seen = []

    async def app(scope, receive, send):
        seen.append(scope["type"])

    asyncio.run(Guard(app, *ARGS)({"type": "lifespan"}, None, None))
    assert seen == ["lifespan"]


# -- Host ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "value, parts",
    [
        ("127.0.0.1:8000", ("127.0.0.1", "8000")),
        ("LOCALHOST:80", ("localhost", "80")),
        ("[::1]:8000", ("::1", "8000")),
        ("[::1]", ("::1", None)),
        ("[::1]:", ("::1", None)),
        ("example", ("example", None)),
        ("example:http", ("example:http", None)),
        (" a:1 ", ("a", "1")),
        # the first "]" closes the address; only ":" right after it starts a port; the last ":" of a
        # name without brackets starts the port
        ("[::1]]:8000", ("::1", None)),
        ("[::1]x8000", ("::1", None)),
        ("[::1]8000", ("::1", None)),
        ("a:b:8000", ("a:b", "8000")),
        ("a:b:c", ("a:b:c", None)),
    ],
)
def test_split_host(value, parts):
    assert _split_host(value) == parts


def test_host_of_a_loopback_server():
    g = Guard(None, "127.0.0.1", 8000, 100)
    for ok in ("127.0.0.1:8000", "localhost:8000", "[::1]:8000"):
        assert g.allowed_host(ok)
    for bad in ("127.0.0.1:8001", "127.0.0.1", "10.0.0.1:8000", "", None, "127.0.0.2:8000"):
        assert not g.allowed_host(bad)


def test_host_of_a_server_on_any_port_is_still_checked_by_name():
    g = Guard(None, "127.0.0.1", None, 100)
    assert g.allowed_host("127.0.0.1:5555") and g.allowed_host("localhost")
    assert not g.allowed_host("evil.example:5555")


def test_host_of_an_ipv6_binding():
    g = Guard(None, "[::1]", 8000, 100)
    assert g.host == "::1"
    assert g.allowed_host("[::1]:8000") and g.allowed_host("127.0.0.1:8000")
    wild6 = Guard(None, "::", 8000, 100)
    assert wild6.allowed_host("[fe80::1]:8000") and wild6.allowed_host("10.1.2.3:8000")
    assert wild6.allowed_host("localhost:8000")
    assert not wild6.allowed_host("box.lan:8000")


def test_host_of_a_named_binding_takes_only_that_name():
    g = Guard(None, "Box.Lan", 8000, 100)
    assert g.allowed_host("box.lan:8000") and g.allowed_host("BOX.LAN:8000")
    assert not g.allowed_host("127.0.0.1:8000") and not g.allowed_host("localhost:8000")


def test_a_request_with_a_foreign_host_is_400_before_the_app():
    status, _, body, seen = _call(ARGS, method="GET", headers=[("host", "evil.example:8000")])
    assert status == 400 and not seen
    assert json.loads(body) == {
        "error": "this server answers only requests addressed to it (the Host "
        "header is not the address it serves)"
    }
    status, _, _, seen = _call(ARGS, method="GET", headers=[])
    assert status == 400 and not seen


# -- Origin ------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "origin, ok",
    [
        ("http://127.0.0.1:8000", True),
        ("HTTP://localhost:8000", True),
        ("http://[::1]:8000", True),
        ("https://127.0.0.1:8000", False),
        ("http://127.0.0.1:8000/", False),
        ("127.0.0.1:8000", False),
        ("http://127.0.0.1:8001", False),
        ("null", False),
        ("http://", False),
    ],
)
def test_allowed_origin(origin, ok):
    assert Guard(None, *ARGS).allowed_origin(origin) is ok


@pytest.mark.parametrize("method", ["POST", "PUT", "DELETE", "PATCH"])
def test_a_foreign_origin_may_change_nothing(method):
    status, _, body, seen = _call(ARGS, method=method, headers=HOST + [("origin", "http://evil.example")])
    assert status == 403 and not seen
    assert json.loads(body) == {"error": "a request from another site (Origin) may not change anything here"}


@pytest.mark.parametrize("method", ["GET", "HEAD", "OPTIONS"])
def test_a_foreign_origin_may_read(method):
    status, _, _, seen = _call(
        ARGS,
        method=method,
        headers=HOST + [("origin", "http://evil.example"), ("sec-fetch-site", "cross-site")],
    )
    assert status == 200 and seen["called"]


@pytest.mark.parametrize(
    "site, status", [("cross-site", 403), ("same-origin", 200), ("same-site", 200), ("none", 200)]
)
def test_sec_fetch_site(site, status):
    got, _, _, _ = _call(ARGS, headers=HOST + [("sec-fetch-site", site)])
    assert got == status


def test_the_pages_own_origin_may_post():
    status, _, _, seen = _call(ARGS, headers=HOST + [("origin", "http://localhost:8000")])
    assert status == 200 and seen["called"]


def test_header_names_in_any_case():
    status, _, _, _ = _call(ARGS, headers=[("Host", "127.0.0.1:8000"), ("Origin", "http://evil.example")])
    assert status == 403
    status, _, _, _ = _call(ARGS, headers=[("HOST", "127.0.0.1:8000"), ("Content-Length", "101")])
    assert status == 413
