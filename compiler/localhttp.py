"""Serving a local ASGI app so that it survives its clients (the studio, and any server the
project adds): request bodies capped at the loader's limit (413 before the body is read),
slow headers, slow bodies and idle connections timed out, a bounded number of connections,
and the URL printed only once the socket listens.

uvicorn gives the idle timeout (``timeout_keep_alive``), the cap on an unfinished request
head (``h11_max_incomplete_event_size``) and the connection cap (``limit_concurrency``). It
has no deadline for the request head itself: its keep-alive timer starts only after a
response and every byte received cancels it, so a client that sends a partial request, or
one byte now and then, held its socket for good. :class:`HeadDeadline` is uvicorn's h11
protocol with that deadline: the whole head must arrive within :data:`HEAD_TIMEOUT` seconds
of the connection (or of the previous response), else the answer is 408 and the socket is
closed.
"""

from __future__ import annotations

import asyncio

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

from .yamlsafe import MAX_FILE_BYTES

# a card file's text in a JSON body: the loader's limit, with room for JSON's escapes
MAX_BODY = 2 * MAX_FILE_BYTES
HEAD_TIMEOUT = 10.0  # seconds for a whole request head
BODY_TIMEOUT = 30.0  # seconds between two pieces of a body
IDLE_TIMEOUT = 5  # seconds a kept-alive connection may wait for its next request
MAX_HEAD = 16 * 1024  # bytes of an unfinished request head
MAX_CONNECTIONS = 128


class HeadDeadline(H11Protocol):
    """uvicorn's h11 protocol, with a deadline for each request head."""

    head_timeout = HEAD_TIMEOUT
    _deadline: asyncio.TimerHandle | None = None
    _answered = False  # a response went out on this connection
    _heard = False  # bytes came since the deadline was set

    def connection_made(self, transport) -> None:
        super().connection_made(transport)
        self._arm()

    def _arm(self) -> None:
        self._disarm()
        self._heard = False
        self._deadline = self.loop.call_later(self.head_timeout, self._late)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def data_received(self, data: bytes) -> None:
        self._heard = True
        super().data_received(data)
        if self.conn.their_state is not h11.IDLE:  # the head is in
            self._disarm()

    def on_response_complete(self) -> None:
        self._answered = True
        super().on_response_complete()
        if not self.transport.is_closing() and self.conn.their_state is h11.IDLE:
            self._arm()  # the next request's head

    def connection_lost(self, exc) -> None:
        self._disarm()
        super().connection_lost(exc)

    def _late(self) -> None:
        self._deadline = None
        if self.transport.is_closing() or self.conn.their_state is not h11.IDLE:
            return
        # a partial head, or nothing on a new connection: 408; an idle kept-alive connection
        # is closed without a word (as its idle timeout does)
        if self.conn.our_state is h11.IDLE and (self._heard or not self._answered):
            self.transport.write(b"HTTP/1.1 408 Request Timeout\r\nconnection: close\r\n"
                                 b"content-type: text/plain; charset=utf-8\r\n"
                                 b"content-length: 40\r\n\r\n"
                                 b"the request head did not come in time\r\n\r\n")
        self.transport.close()


class BodyLimit:
    """ASGI middleware: a body over ``limit`` bytes is refused with 413, at once when its
    Content-Length says so (nothing of it is read), else when the bytes read pass the limit;
    a body whose next piece does not come within ``timeout`` seconds gets 408."""

    def __init__(self, app, limit: int = MAX_BODY, timeout: float = BODY_TIMEOUT) -> None:
        self.app, self.limit, self.timeout = app, limit, timeout

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        headers = dict(scope.get("headers") or [])
        length = headers.get(b"content-length", b"").strip()
        if length.isdigit() and int(length) > self.limit:
            return await _refuse(send, 413, f"the request body of {int(length)} bytes is "
                                 f"over the limit of {self.limit} bytes")
        state = {"read": 0, "started": False, "refused": None}

        async def limited_receive():
            try:
                message = await asyncio.wait_for(receive(), self.timeout)
            except asyncio.TimeoutError:
                state["refused"] = (408, "the request body did not come in time")
                return {"type": "http.disconnect"}
            if message["type"] == "http.request":
                state["read"] += len(message.get("body", b""))
                if state["read"] > self.limit:
                    state["refused"] = (413, "the request body is over the limit of "
                                             f"{self.limit} bytes")
                    return {"type": "http.disconnect"}
            return message

        async def watched_send(message):
            if state["refused"] is not None:
                return  # the app's answer to a body it never got whole
            if message["type"] == "http.response.start":
                state["started"] = True
            await send(message)

        try:
            await self.app(scope, limited_receive, watched_send)
        except Exception:
            if state["refused"] is None:
                raise
        if state["refused"] is not None and not state["started"]:
            await _refuse(send, *state["refused"])


async def _refuse(send, status: int, message: str) -> None:
    import json

    body = json.dumps({"error": message}).encode("utf-8")
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"),
                            (b"content-length", str(len(body)).encode()),
                            (b"connection", b"close")]})
    await send({"type": "http.response.body", "body": body})


def config(app, **overrides):
    """The uvicorn configuration of a hardened local server for ``app``."""
    import uvicorn

    settings = dict(log_level="warning", lifespan="off", ws="none", http=HeadDeadline,
                    timeout_keep_alive=IDLE_TIMEOUT, h11_max_incomplete_event_size=MAX_HEAD,
                    limit_concurrency=MAX_CONNECTIONS)
    settings.update(overrides)
    return uvicorn.Config(BodyLimit(app), **settings)


def listening_socket(host: str, port: int):
    """A socket bound to ``host:port`` and listening, so that a client that connects as soon
    as it reads the URL is queued, not refused. OSError when the port cannot be had."""
    import socket

    # proto named: asyncio turns Nagle off (TCP_NODELAY) only on sockets whose proto is
    # IPPROTO_TCP, and an answer's head and body, written apart, then waited ~40 ms each
    # for the client's delayed ACK
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(MAX_CONNECTIONS)
    except OSError:
        sock.close()
        raise
    return sock


def serve(app, sock, **overrides) -> None:
    """Run ``app`` on the listening ``sock`` until interrupted."""
    import uvicorn

    uvicorn.Server(config(app, **overrides)).run(sockets=[sock])
