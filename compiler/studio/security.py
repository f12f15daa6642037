"""The studio's guard, an ASGI middleware in front of every route.

* the random token (``?token=`` or the ``X-Studio-Token`` header) is required on every
  request, compared in constant time;
* the ``Host`` header must name this server (127.0.0.1 or localhost at its port): a DNS
  rebinding page reaches the socket under a foreign host name and is refused;
* an ``Origin`` header, when sent, must be this server's own; a request that changes
  something (not GET/HEAD) must carry it — another web page cannot drive the server;
* every answer carries a strict Content-Security-Policy (no inline script, no eval, no
  foreign source), ``no-referrer`` (the token never leaks in a Referer) and ``nosniff``.
"""

from __future__ import annotations

import hmac
import secrets
from urllib.parse import parse_qs

CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' blob:; "
       "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
HEADERS = [(b"content-security-policy", CSP.encode()),
           (b"referrer-policy", b"no-referrer"),
           (b"x-content-type-options", b"nosniff"),
           (b"x-frame-options", b"DENY"),
           (b"cache-control", b"no-store")]
SAFE_METHODS = ("GET", "HEAD")


def new_token() -> str:
    return secrets.token_urlsafe(24)


class Guard:
    """Wraps the app; ``port`` is filled in once the socket is bound (0 until then)."""

    def __init__(self, app, token: str, port: int = 0) -> None:
        self.app, self.token, self.port = app, token, port

    def hosts(self) -> set[str]:
        return {f"127.0.0.1:{self.port}", f"localhost:{self.port}"}

    def origins(self) -> set[str]:
        return {f"http://{h}" for h in self.hosts()}

    def refusal(self, scope) -> str | None:
        """Why a request is refused, None when it may pass."""
        headers = {k.decode("latin-1").lower(): v.decode("latin-1")
                   for k, v in scope.get("headers", [])}
        if headers.get("host", "") not in self.hosts():
            return "foreign Host"
        origin = headers.get("origin")
        method = scope.get("method", "GET")
        if origin is not None and origin not in self.origins():
            return "foreign Origin"
        if origin is None and scope["type"] == "http" and method not in SAFE_METHODS:
            return "no Origin"
        query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
        given = headers.get("x-studio-token") or (query.get("token") or [""])[0]
        if not hmac.compare_digest(given.encode(), self.token.encode()):
            return "no or wrong token"
        return None

    async def __call__(self, scope, receive, send):
        if scope["type"] not in ("http", "websocket"):
            return await self.app(scope, receive, send)
        why = self.refusal(scope)
        if why is not None:
            if scope["type"] == "websocket":
                return await send({"type": "websocket.close", "code": 1008})
            body = f"refused: {why}\n".encode()
            await send({"type": "http.response.start", "status": 403,
                        "headers": [(b"content-type", b"text/plain; charset=utf-8"),
                                    (b"content-length", str(len(body)).encode()), *HEADERS]})
            return await send({"type": "http.response.body", "body": body})

        async def guarded_send(message):
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []), *HEADERS]}
            await send(message)

        return await self.app(scope, receive, guarded_send)
