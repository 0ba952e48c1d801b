"""The server's connections, guarded against slow clients (uvicorn's HTTP/1.1 protocol, h11, with
timeouts it does not have and a cap).

* **Header timeout**: a request's line and headers must arrive within ``header_timeout`` seconds
  of the connection (or of the request's first byte on a kept-alive connection); else 408 and the
  connection is closed. A connection that sends nothing is closed the same way.
* **Body timeout**: its body within ``body_timeout`` seconds of its headers; else closed (the
  request, still reading its body, is answered as a disconnect).
* **Connection cap**: at most ``max_connections`` open at once (well under the open-file
  limit: the workers, the cache and the log need descriptors too). One more connection evicts
  the oldest one that is still sending its request or idling between requests; a connection
  whose request is being answered is never evicted (when every one is, the newcomer is answered
  503 and closed). As many half-sent requests as the open-file limit thus never shut the other
  tabs out: each new tab's connection takes the place of the slowest.

A request's own run time is the worker pool's time limit (``--time-limit``), not these."""

from __future__ import annotations

import resource
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

HEADER_TIMEOUT = 10.0  # seconds: request line and headers
BODY_TIMEOUT = 120.0  # seconds: a whole body (16 MB in 2 minutes is 1 Mbit/s)
RESERVED_FILES = 64  # descriptors kept for the workers, the listening socket, files, the log
# connections asyncio accepts at one wake-up (uvicorn's ``backlog``, given to create_server):
# they hold descriptors before their protocol can make room, so the cap leaves room for bursts
ACCEPT_BURST = 32


def max_connections(cap: int = 512) -> int:
    """Connections open at once: the open files left after :data:`RESERVED_FILES` and three
    accept bursts (evicted connections close one loop turn later), at most ``cap``, at least 8."""
    try:
        soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    except (OSError, ValueError):  # pragma: no cover - no limit to read
        soft = 1024
    if soft == resource.RLIM_INFINITY:
        soft = 1 << 20
    return max(8, min(cap, soft - RESERVED_FILES - 3 * ACCEPT_BURST))


_REFUSALS = {
    408: b"request timeout: the request did not arrive in time",
    503: b"the server has too many connections open; try again",
}


def _raw_answer(transport, status: int) -> None:
    """A short plain answer written straight to the socket (no request was parsed: h11 cannot
    answer one), then the connection closed."""
    body = _REFUSALS[status]
    reason = {408: b"Request Timeout", 503: b"Service Unavailable"}[status]
    try:
        transport.write(
            b"HTTP/1.1 %d %s\r\ncontent-type: text/plain; charset=utf-8\r\ncontent-length: %d\r\n"
            b"connection: close\r\n\r\n%s" % (status, reason, len(body), body)
        )
    finally:
        transport.close()


def _closing(connection) -> bool:
    transport = getattr(connection, "transport", None)
    return transport is None or transport.is_closing()


def protocol(
    header_timeout: float = HEADER_TIMEOUT,
    body_timeout: float = BODY_TIMEOUT,
    connections: int | None = None,
) -> type:
    """uvicorn's ``http`` protocol class with these bounds (``Config(http=protocol())``)."""
    limit = connections or max_connections()

    class GuardedH11Protocol(H11Protocol):
        header_timeout_s = header_timeout
        body_timeout_s = body_timeout
        max_connections = limit

        def connection_made(self, transport: Any) -> None:  # type: ignore[override]
            super().connection_made(transport)
            self._phase = ""
            self._since = self.loop.time()
            self._deadline: Any = None
            self._arm("headers")
            open_now = [c for c in self.connections if not _closing(c)]
            if len(open_now) > self.max_connections:
                self._make_room(open_now)

        # -- the phases of a request: headers, body, answered ------------------------------------
        def _arm(self, phase: str) -> None:
            if self._deadline is not None:
                self._deadline.cancel()
                self._deadline = None
            self._phase = phase
            self._since = self.loop.time()
            wait = {"headers": self.header_timeout_s, "body": self.body_timeout_s}.get(phase)
            if wait is not None:
                self._deadline = self.loop.call_later(wait, self._expired, phase)

        def _follow(self) -> None:
            """The phase h11 says the client's side is in."""
            state = self.conn.their_state
            if state is h11.SEND_BODY:
                if self._phase != "body":
                    self._arm("body")
            elif state is h11.IDLE:
                if self._phase not in ("headers", "idle"):
                    self._arm("headers")
            elif self._phase not in ("answering",):
                self._arm("answering")  # the request is whole: the pool's time limit applies

        def data_received(self, data: bytes) -> None:
            if self._phase == "idle":  # the first byte of the next request on this connection
                self._arm("headers")
            super().data_received(data)
            if not self.transport.is_closing():
                self._follow()

        def on_response_complete(self) -> None:
            super().on_response_complete()
            if not self.transport.is_closing():
                if self.conn.their_state is h11.IDLE and self.conn.our_state is h11.IDLE:
                    self._arm("idle")  # uvicorn's keep-alive timeout closes it if nothing comes
                    self._follow_idle()
                else:
                    self._follow()

        def _follow_idle(self) -> None:
            # a pipelined request already buffered makes h11 leave IDLE at once
            if self.conn.their_state is not h11.IDLE:
                self._follow()

        def connection_lost(self, exc: Exception | None) -> None:
            if self._deadline is not None:
                self._deadline.cancel()
                self._deadline = None
            super().connection_lost(exc)

        def _expired(self, phase: str) -> None:
            self._deadline = None
            if self.transport.is_closing() or self._phase != phase:
                return
            if phase == "headers" and self.conn.our_state is h11.IDLE:
                _raw_answer(self.transport, 408)
            else:
                self.transport.close()

        # -- the cap ------------------------------------------------------------------------------
        def _evictable(self) -> bool:
            return getattr(self, "_phase", "") in ("headers", "body", "idle")

        def _make_room(self, open_now: list) -> None:
            others = [c for c in open_now if c is not self and getattr(c, "_evictable", None)]
            waiting = [c for c in others if c._evictable()]
            if not waiting:
                _raw_answer(self.transport, 503)
                return
            oldest = min(waiting, key=lambda c: c._since)
            if oldest._phase == "headers" and oldest.conn.our_state is h11.IDLE:
                _raw_answer(oldest.transport, 408)
            else:
                oldest.transport.close()

    return GuardedH11Protocol
