"""The server's guards, as one ASGI middleware in front of every route.

* **Host** (DNS rebinding): a request whose ``Host`` header is not the address served (or, for
  a server on 127.0.0.1, ``localhost`` / ``[::1]`` with the same port) → 400. A server bound to
  every interface (``0.0.0.0`` / ``::``) takes an IP address with its port, never a name.
* **Origin** (CSRF): a state-changing request (anything but GET/HEAD/OPTIONS) that carries an
  ``Origin`` other than the page's own, or ``Sec-Fetch-Site: cross-site`` → 403. A request
  without either header (a script, curl) passes: a browser always sends Origin on a
  cross-site POST.
* **Body size**: a body over ``max_body`` bytes → 413, judged by ``Content-Length`` before
  anything is read and by counting while it is read (chunked uploads).
"""

from __future__ import annotations

import ipaddress
import json

SAFE_METHODS = ("GET", "HEAD", "OPTIONS")
LOOPBACK = ("127.0.0.1", "localhost", "::1")


def _split_host(value: str) -> tuple[str, str | None]:
    value = value.strip().lower()
    if value.startswith("["):
        host, _, rest = value[1:].partition("]")
        port = rest[1:] if rest.startswith(":") else None
        return host, port or None
    host, sep, port = value.rpartition(":")
    if not sep or not port.isdigit():
        return value, None
    return host, port


def _is_ip(host: str) -> bool:
    try:
        ipaddress.ip_address(host)
        return True
    except ValueError:
        return False


class Guard:
    def __init__(self, app, host: str, port: int | None, max_body: int):
        self.app = app
        self.host = host.lower().strip("[]")
        self.port = port
        self.max_body = max_body

    # -- Host --------------------------------------------------------------------------------
    def allowed_host(self, value: str | None) -> bool:
        if not value:
            return False
        host, port = _split_host(value)
        if self.port is not None and port != str(self.port):
            return False
        if host == self.host:
            return True
        if self.host in LOOPBACK:
            return host in LOOPBACK
        if self.host in ("0.0.0.0", "::"):
            return _is_ip(host) or host == "localhost"
        return False

    def allowed_origin(self, origin: str) -> bool:
        scheme, sep, rest = origin.partition("://")
        if not sep or scheme.lower() != "http" or "/" in rest:
            return False
        return self.allowed_host(rest)

    def too_big(self) -> str:
        return f"the request is over {self.max_body // (1024 * 1024)} MB ({self.max_body} bytes)"

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        if not self.allowed_host(headers.get("host")):
            return await _refuse(
                send,
                400,
                "this server answers only requests addressed to it "
                "(the Host header is not the address it serves)",
            )
        if scope["method"] not in SAFE_METHODS:
            origin = headers.get("origin")
            if (origin is not None and not self.allowed_origin(origin)) or headers.get(
                "sec-fetch-site"
            ) == "cross-site":
                return await _refuse(
                    send, 403, "a request from another site (Origin) may not change anything here"
                )
        length = headers.get("content-length")
        if length is not None:
            if not length.isdigit():
                return await _refuse(send, 400, "bad Content-Length")
            if int(length) > self.max_body:
                return await _refuse(send, 413, self.too_big())
        seen = 0
        too_big = False

        async def counted_receive():
            nonlocal seen, too_big
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.max_body:
                    too_big = True
                    raise BodyTooLarge()
            return message

        started = False

        async def tracked_send(message):
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, counted_receive, tracked_send)
        except BodyTooLarge:
            if not started:
                await _refuse(send, 413, self.too_big())
        except Exception:
            if too_big and not started:
                await _refuse(send, 413, self.too_big())
            else:
                raise


class BodyTooLarge(Exception):
    pass


async def _refuse(send, status: int, message: str) -> None:
    body = json.dumps({"error": message}).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())],
        }
    )
    await send({"type": "http.response.body", "body": body})
