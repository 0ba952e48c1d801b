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
* **Memory**: the bodies of every request in progress share a budget (``memory_budget`` bytes):
  a request whose body would go past it → 503 "busy" before anything is read (by
  ``Content-Length``; counted while read for a chunked upload). A body is held a few times over
  while it is parsed and handed to a worker, so the budget bounds what the server holds at once
  (150 requests of 15 MB took it to 1.4 GB).
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


MEMORY_BUDGET = 128 * 1024 * 1024  # bytes of request bodies in progress at once (8 of the largest)


class Budget:
    """Bytes of request bodies in progress (one event loop: no lock needed)."""

    def __init__(self, limit: int):
        self.limit = limit
        self.used = 0
        self.peak = 0
        self.refused = 0

    def take(self, n: int) -> bool:
        if n > 0 and self.used + n > self.limit:
            self.refused += 1
            return False
        self.used += n
        self.peak = max(self.peak, self.used)
        return True

    def give(self, n: int) -> None:
        self.used -= n


class Guard:
    def __init__(self, app, host: str, port: int | None, max_body: int, memory_budget: int = MEMORY_BUDGET):
        self.app = app
        self.host = host.lower().strip("[]")
        self.port = port
        self.max_body = max_body
        self.budget = Budget(memory_budget)

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
        reserved = 0
        if length is not None:
            if not length.isdigit():
                return await _refuse(send, 400, "bad Content-Length")
            if int(length) > self.max_body:
                return await _refuse(send, 413, self.too_big())
            if not self.budget.take(int(length)):
                return await _refuse(send, 503, BUSY)
            reserved = int(length)
        seen = 0
        too_big = False

        async def counted_receive():
            nonlocal seen, too_big, reserved
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.max_body:
                    too_big = True
                    raise BodyTooLarge()
                if seen > reserved:  # a chunked upload: its bytes join the budget as they come
                    if not self.budget.take(seen - reserved):
                        raise OverBudget()
                    reserved = seen
            return message

        started = False

        async def tracked_send(message):
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, counted_receive, tracked_send)
        except BodyTooLarge as exc:
            if not started:
                await _refuse(send, exc.status, exc.message or self.too_big())
        except Exception:
            if too_big and not started:
                await _refuse(send, 413, self.too_big())
            else:
                raise
        finally:
            self.budget.give(reserved)


BUSY = "the server is busy with other large requests (too much at once); try again in a moment"


class BodyTooLarge(Exception):
    """A body that may not be read on: ``status`` and ``message`` of the answer."""

    status = 413
    message = ""


class OverBudget(BodyTooLarge):
    """A chunked body that went past the memory budget while it was read."""

    status = 503
    message = BUSY


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
