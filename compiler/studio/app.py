"""The studio's Starlette routes. JSON in, JSON out; every route is behind the Guard.

    GET  /                      the page (the token is put into its asset URLs, escaped)
    GET  /static/<name>         studio.js, studio.css
    GET  /api/files             content folders, their YAML files, the games
    GET  /api/file?path=R       one file's text (R: "<folder n>/<relative path>")
    POST /api/analyse           {path, text, line} -> diagnostics, cards, the card at line
    POST /api/face              {card, locale} -> image/png (the PDF backend's face)
    POST /api/odds              {card, opponent} -> exact odds (+ Monte Carlo)
    POST /api/save              {path, text, base} -> written atomically when base (the
                                version /api/file gave; null: a new file) is the file's
    POST /api/new               {folder, name, kind} -> a new card file
    GET  /api/cards             every card of the content folders with its diagnostics

A refused path is 403, a malformed request 400 (a name too long, JSON nested too deep), a
face of a card with errors or a save from an older version 409 (with the file's text now),
a body or text over the loader's limit 413; analysis problems are diagnostics (200); an
unexpected failure is a JSON error (422), never a 500. No answer holds an absolute path.
"""

from __future__ import annotations

import errno
import html
import json
import traceback
from importlib import resources

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import ClientDisconnect
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from .paths import PathRefused
from .security import Guard
from .session import Conflict, Session, TooLarge, Unavailable

STATIC = {"studio.js": "text/javascript; charset=utf-8", "favicon.svg": "image/svg+xml",
          "studio.css": "text/css; charset=utf-8"}


def _static(name: str) -> bytes:
    return resources.files("runeforge.studio").joinpath("static", name).read_bytes()


def make_app(session: Session, token: str, port: int = 0) -> Guard:
    """The ASGI app (the Guard around the routes); set ``guard.port`` once bound."""

    async def index(request):
        page = _static("index.html").decode("utf-8")
        page = page.replace("{{TOKEN}}", html.escape(token, quote=True))
        return Response(page, media_type="text/html; charset=utf-8")

    async def static(request):
        name = request.path_params["name"]
        if name not in STATIC:
            return Response("not found", status_code=404)
        return Response(_static(name), media_type=STATIC[name])

    def call(fn):
        async def route(request):
            try:
                body = await request.json() if request.method == "POST" else \
                    dict(request.query_params)
                if not isinstance(body, dict):
                    raise ValueError("a JSON object is expected")
                result = await run_in_threadpool(fn, body)
            except ClientDisconnect:  # gone, or its body refused (runeforge.localhttp)
                return Response(status_code=400)
            except PathRefused as exc:
                return answer(403, f"refused: {exc}")
            except Conflict as exc:
                return JSONResponse({"error": str(exc), "conflict": True, **exc.current},
                                    status_code=409)
            except Unavailable as exc:
                return answer(409, str(exc))
            except TooLarge as exc:
                return answer(413, str(exc))
            except RecursionError:
                return answer(400, "bad request: the JSON is nested too deeply")
            except (ValueError, KeyError, TypeError, LookupError, json.JSONDecodeError) as exc:
                return answer(400, f"bad request: {exc}")
            except OSError as exc:  # the reason, never the path
                if exc.errno == errno.ENAMETOOLONG:
                    return answer(400, "bad request: the name is too long for the file system")
                return answer(409, f"the file cannot be read or written: "
                                   f"{exc.strerror or type(exc).__name__}")
            except Exception as exc:  # noqa: BLE001 - the page says so; the server stays up
                traceback.print_exc()
                return answer(422, f"internal error ({type(exc).__name__}); the studio's "
                                   "terminal shows the details; please report it")
            if isinstance(result, bytes):
                return Response(result, media_type="image/png")
            return JSONResponse(result)
        return route

    def answer(status: int, message: str) -> JSONResponse:
        return JSONResponse({"error": session.public(message)}, status_code=status)

    def _base(body):
        if "base" not in body:
            raise ValueError("'base' is required: the version /api/file gave (null: a new "
                             "file)")
        if body["base"] is not None and not isinstance(body["base"], str):
            raise TypeError("'base' must be a version string or null")
        return body["base"]

    def _str(body, key):
        value = body[key]
        if not isinstance(value, str):
            raise TypeError(f"'{key}' must be a string")
        return value

    routes = [
        Route("/", index),
        Route("/static/{name}", static),
        Route("/api/files", call(lambda b: session.files())),
        Route("/api/file", call(lambda b: session.read(_str(b, "path")))),
        Route("/api/analyse", call(lambda b: session.analyse(
            _str(b, "path"), _str(b, "text"), int(b.get("line", 1)))), methods=["POST"]),
        Route("/api/face", call(lambda b: session.face(_str(b, "card"), _str(b, "locale"))),
              methods=["POST"]),
        Route("/api/odds", call(lambda b: session.odds(_str(b, "card"), _str(b, "opponent"))),
              methods=["POST"]),
        Route("/api/save", call(lambda b: session.save(_str(b, "path"), _str(b, "text"),
                                                       _base(b))), methods=["POST"]),
        Route("/api/new", call(lambda b: session.new_card(b["folder"], _str(b, "name"),
                                                          _str(b, "kind"))), methods=["POST"]),
        Route("/api/cards", call(lambda b: session.all_cards())),
    ]
    return Guard(Starlette(routes=routes), token, port)
