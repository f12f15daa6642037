"""The table's Starlette routes, behind the studio's guard with one token per seat.

    GET  /seat/<n>/                  the page of seat n (its token in ?token=)
    GET  /static/<name>              table.js, table.css, i18n.json
    GET  /api/seat/<n>/state         the seat's view (``?locale=``; ``?after=S`` waits, a
                                     while, for a question other than S or the end)
    POST /api/seat/<n>/answer        {serial, index, locale}: the chosen option's index
    POST /api/seat/<n>/undo          {locale}: back to the seat's previous question
    GET  /api/face                   ?card=ID&locale=L: the card's printed face (PNG)
    GET  /api/replay                 ?step=N&locale=L: the replay viewer's step N

Every request carries a seat's token (``?token=`` or ``X-Table-Token``); a token acts for its
own seat only (another seat's routes: 403); Host and Origin must be this server's (the
studio's checks, :mod:`runeforge.studio.security`). A question that is not the seat's, or
already answered, is 409; a malformed body 400.
"""

from __future__ import annotations

import hmac
import html
import json
from importlib import resources
from urllib.parse import parse_qs

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import ClientDisconnect
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from runeforge.studio.security import SAFE_METHODS, Guard

from .session import Refused
from .views import seat_view

JS = "text/javascript; charset=utf-8"
STATIC = {"table.js": JS, "board.js": JS, "table.css": "text/css; charset=utf-8",
          "i18n.json": "application/json", "favicon.svg": "image/svg+xml",
          "table.html": "text/html; charset=utf-8"}
POLL = 20.0  # seconds a waiting seat's request waits for a change


def _static(name: str) -> bytes:
    return resources.files("runeforge.table").joinpath("static", name).read_bytes()


class TableGuard(Guard):
    """The studio's guard, with a token per seat: ``tokens`` maps a token to the seats it
    may act for (one seat; every human seat for the hot-seat token)."""

    def __init__(self, app, tokens: dict[str, tuple[int, ...]], port: int = 0,
                 lan_host: str | None = None):
        super().__init__(app, "", port)
        self.tokens, self.lan_host = tokens, lan_host

    def hosts(self) -> set[str]:
        hosts = super().hosts()
        if self.lan_host:
            hosts.add(f"{self.lan_host}:{self.port}")
        return hosts

    def seats_of(self, given: str) -> tuple[int, ...] | None:
        found = None
        for token, seats in self.tokens.items():  # every token compared, in constant time
            if hmac.compare_digest(given.encode(), token.encode()):
                found = seats
        return found

    def refusal(self, scope) -> str | None:
        headers = {k.decode("latin-1").lower(): v.decode("latin-1")
                   for k, v in scope.get("headers", [])}
        if headers.get("host", "") not in self.hosts():
            return "foreign Host"
        origin = headers.get("origin")
        if origin is not None and origin not in self.origins():
            return "foreign Origin"
        if origin is None and scope["type"] == "http" and \
                scope.get("method", "GET") not in SAFE_METHODS:
            return "no Origin"
        query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
        given = headers.get("x-table-token") or (query.get("token") or [""])[0]
        seats = self.seats_of(given)
        if seats is None:
            return "no or wrong token"
        scope.setdefault("state", {})["seats"] = seats
        path = scope.get("path", "")
        for prefix in ("/seat/", "/api/seat/"):
            if path.startswith(prefix):
                n = path[len(prefix):].split("/", 1)[0]
                if not n.isdigit() or int(n) not in seats:
                    return "this token does not act for that seat"
        return None


def make_app(table, content, tokens: dict[str, tuple[int, ...]], port: int = 0,
             lan_host: str | None = None, locale: str = "en", replay=None) -> TableGuard:
    """The ASGI app of ``table`` (None for the replay viewer, ``replay`` then)."""
    from .faces import face_png

    async def page(request):
        text = _static("table.html").decode("utf-8")
        fields = {"SEAT": str(request.path_params.get("seat", "")), "LOCALE": locale,
                  "MODE": "replay" if replay is not None else "play",
                  "HOTSEAT": "1" if len(request.state.seats) > 1 else "",
                  "TOKEN": request.query_params.get("token", "")}
        for key, value in fields.items():
            text = text.replace("{{%s}}" % key, html.escape(value, quote=True))
        return Response(text, media_type="text/html; charset=utf-8")

    async def static(request):
        name = request.path_params["name"]
        if name not in STATIC or name == "table.html":
            return Response("not found", status_code=404)
        return Response(_static(name), media_type=STATIC[name])

    def _locale(value) -> str:
        if not isinstance(value, str) or value not in ("en", "fi", "pl", "el", "ru"):
            raise ValueError(f"unknown locale {value!r}: en, fi, pl, el or ru")
        return value

    def view(seat: int, loc: str) -> dict:
        with table.cond:
            table.settled()
            return seat_view(table, seat, loc, content)

    def state(seat: int, query: dict) -> dict:
        loc = _locale(query.get("locale", locale))
        after = query.get("after")
        if after not in (None, ""):
            after_key = str(after)
            with table.cond:
                table.cond.wait_for(lambda: table.outcome.over or (
                    table.pending is not None and
                    f"{table.generation}:{table.pending.serial}" != after_key), POLL)
        return view(seat, loc)

    def answer(seat: int, body: dict) -> dict:
        serial, index = body.get("serial"), body.get("index")
        if not isinstance(serial, int) or not isinstance(index, int):
            raise ValueError("'serial' and 'index' must be whole numbers")
        table.answer(seat, serial, index)
        return view(seat, _locale(body.get("locale", locale)))

    def undo(seat: int, body: dict) -> dict:
        table.undo(seat)
        return view(seat, _locale(body.get("locale", locale)))

    def call(fn, seated: bool = True):
        async def route(request):
            try:
                if request.method == "POST":
                    body = await request.json()
                    if not isinstance(body, dict):
                        raise ValueError("a JSON object is expected")
                else:
                    body = dict(request.query_params)
                args = (int(request.path_params["seat"]), body) if seated else (body,)
                result = await run_in_threadpool(fn, *args)
            except ClientDisconnect:
                return Response(status_code=400)
            except Refused as exc:
                return JSONResponse({"error": str(exc)}, status_code=409)
            except RecursionError:
                return JSONResponse({"error": "the JSON is nested too deeply"}, 400)
            except (ValueError, TypeError, KeyError, LookupError, json.JSONDecodeError) as exc:
                return JSONResponse({"error": f"bad request: {exc}"}, status_code=400)
            if isinstance(result, bytes):
                return Response(result, media_type="image/png")
            return JSONResponse(result)
        return route

    def face(body: dict) -> bytes:
        card = content.cards.get(str(body.get("card", "")))
        if card is None:
            raise LookupError(f"no card {body.get('card')!r}")
        return face_png(content, card, _locale(body.get("locale", locale)))

    routes = [
        Route("/static/{name}", static),
        Route("/api/face", call(face, seated=False)),
    ]
    if replay is not None:
        routes += [Route("/", page), Route("/api/replay", call(replay.step, seated=False))]
    else:
        routes += [
            Route("/seat/{seat:int}/", page),
            Route("/api/seat/{seat:int}/state", call(state)),
            Route("/api/seat/{seat:int}/answer", call(answer), methods=["POST"]),
            Route("/api/seat/{seat:int}/undo", call(undo), methods=["POST"]),
        ]
    return TableGuard(Starlette(routes=routes), tokens, port, lan_host)
