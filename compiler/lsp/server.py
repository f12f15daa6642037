"""`runeforge lsp`: a Language Server Protocol server for card files (pygls, over stdio).

Every feature asks the one analysis service (:mod:`runeforge.analysis`), so the editor sees
what `runeforge check` says: diagnostics on open, change and save (only the changed file is
re-checked, against the cached rest), completion, hover, quick fixes for "did you mean",
formatting (`fmt`, comments kept), definition and references of card ids, and the cards of
a file as its symbols. Games come from the registry; nothing here names one. A request that
fails answers empty and logs why: the server never goes down over a file.

Content folders: ``initializationOptions.dirs`` when the client gives them, else the
workspace folder when it holds packs (a manifest at most three folders down; just the
bundled content when the workspace holds it, e.g. this repository); a file opened outside
them adds its pack (the nearest folder above with a manifest), else its own small folder.
"""

from __future__ import annotations

import functools
import gc
import logging
from pathlib import Path

from lsprotocol import types
from pygls.exceptions import JsonRpcException
from pygls.lsp.server import LanguageServer
from pygls.protocol import LanguageServerProtocol
from pygls.uris import to_fs_path

from .. import __version__
from ..analysis.service import AnalysisService, key_of
from ..loader import bundled_dir
from . import features
from .frames import FrameReader, frame_problem

log = logging.getLogger("runeforge.lsp")
PARSE_ERROR, INVALID_REQUEST = -32700, -32600


class RuneforgeProtocol(LanguageServerProtocol):
    """pygls's protocol, with the answers the specification asks for: a request after
    ``shutdown`` gets an InvalidRequest error (pygls dropped it unanswered), and a request
    whose params do not fit its method gets its error under its own id."""

    def structure_message(self, data):
        try:
            return super().structure_message(data)
        except JsonRpcException as exc:
            if "method" in data and isinstance(data.get("id"), (int, str)):
                exc.request_id = data["id"]
            raise

    def handle_message(self, message):
        method = getattr(message, "method", None)
        if self._shutdown and method not in (None, types.EXIT) \
                and getattr(message, "id", None) is not None:
            self._send_response(message.id, None, types.ResponseError(
                INVALID_REQUEST, f"the server is shut down: '{method}' is refused, only "
                "'exit' may follow 'shutdown'"))
            return
        super().handle_message(message)


class RuneforgeServer(LanguageServer):
    def __init__(self) -> None:
        super().__init__("runeforge", __version__,
                         text_document_sync_kind=types.TextDocumentSyncKind.Full,
                         protocol_cls=RuneforgeProtocol)
        self.options: dict = {}
        self._service: AnalysisService | None = None
        self.exit_code: int | None = None  # set by the 'exit' notification

    def report_server_error(self, error: Exception, source) -> None:
        """A message the reading loop could not take (a bad frame, a body that is not JSON,
        params that do not fit) is answered with its JSON-RPC error; every error is logged."""
        if source is not JsonRpcException:  # the loop's own are logged by pygls
            log.error("%s", error)
            return
        problem = frame_problem(error)
        if problem is not None:
            code, message = PARSE_ERROR, f"parse error: {problem}"
        elif isinstance(error, ValueError):
            code, message = PARSE_ERROR, f"parse error: the message is not JSON ({error})"
        elif isinstance(error, JsonRpcException):
            code, message = error.code, error.message or "the message cannot be read"
        else:
            code, message = INVALID_REQUEST, f"invalid request: {error}"
        # JSON-RPC: a message whose id cannot be read is answered with "id": null (which
        # pygls's own response type would leave out)
        self.protocol._send_data({"jsonrpc": "2.0", "id": getattr(error, "request_id", None),
                                  "error": {"code": code, "message": message}})

    @property
    def service(self) -> AnalysisService:
        if self._service is None:
            self._service = AnalysisService(self.content_dirs(),
                                            include_bundled=self.options.get("bundled", True))
            self._service.check_all()
            # the loaded content lives as long as the server: keep the cyclic collector from
            # walking its ~250,000 objects on every update (a full pass costs ~100 ms)
            gc.freeze()
        return self._service

    def content_dirs(self) -> list[Path]:
        if isinstance(self.options.get("dirs"), list):
            return [Path(d) for d in self.options["dirs"]]
        root = self.workspace.root_path if self._workspace_ready() else None
        if not root:
            return []
        root_key, bundled = key_of(root), key_of(bundled_dir())
        if bundled.startswith(root_key.rstrip("/") + "/") or root_key.startswith(bundled):
            return []
        return [Path(root)] if _has_packs(Path(root)) else []

    def _workspace_ready(self) -> bool:
        try:
            return self.workspace is not None
        except RuntimeError:
            return False

    def lines(self, key: str) -> list[str]:
        """The lines of a file as the editor has it (else as parsed, else on disk)."""
        try:
            doc = self.workspace.get_text_document(Path(key).as_uri())
            if doc.source or Path(key).as_uri() in self.workspace.text_documents:
                return doc.source.replace("\r\n", "\n").split("\n")
        except Exception:  # noqa: BLE001
            pass
        file = self.service.file_data(key)
        if file is not None:
            return file.source.lines
        try:
            return Path(key).read_text(encoding="utf-8", errors="replace").split("\n")
        except OSError:
            return []

    def publish(self, changed: dict) -> None:
        for key, diags in sorted(changed.items()):
            lines = self.lines(key)
            self.text_document_publish_diagnostics(types.PublishDiagnosticsParams(
                uri=Path(key).as_uri(), diagnostics=[features.to_lsp(d, lines) for d in diags]))


def _has_packs(root: Path, depth: int = 3) -> bool:
    """Is there a pack manifest at most ``depth`` folders below ``root``? A workspace without
    one (a home folder, a repository of something else) is not loaded whole: its files join
    as they are opened, each with its pack."""
    for level in range(depth + 1):
        pattern = "/".join(["*"] * level + ["manifest.y*ml"])
        if next(iter(root.glob(pattern)), None) is not None:
            return True
    return False


server = RuneforgeServer()


def guarded(empty=None):
    """Answer ``empty`` (and log the error) when a feature fails, instead of an error."""
    def wrap(fn):
        @functools.wraps(fn)
        def inner(ls: RuneforgeServer, params):
            try:
                return fn(ls, params)
            except Exception as exc:  # noqa: BLE001 - the server stays up whatever the file
                log.exception("runeforge lsp: %s failed", fn.__name__)
                ls.window_log_message(types.LogMessageParams(
                    types.MessageType.Error, f"runeforge: {fn.__name__}: "
                    f"{type(exc).__name__}: {exc}"))
                return empty
        return inner
    return wrap


def _path(uri: str) -> str:
    return key_of(to_fs_path(uri) or uri)


@server.feature(types.INITIALIZE)
def initialize(ls: RuneforgeServer, params: types.InitializeParams) -> None:
    ls.options = dict(params.initialization_options or {}) \
        if isinstance(params.initialization_options, dict) else {}


@server.feature(types.EXIT)
def on_exit(ls: RuneforgeServer, params) -> None:
    """The exit status the specification gives: 0 after 'shutdown', else 1 (pygls's own
    status is lost when its loop ends; :func:`main` exits with this one)."""
    ls.exit_code = 0 if ls.protocol._shutdown else 1


@server.feature(types.INITIALIZED)
@guarded()
def initialized(ls: RuneforgeServer, params) -> None:
    ls.publish(ls.service.diagnostics_by_file())


def _update(ls: RuneforgeServer, uri: str, text: str | None) -> None:
    ls.publish(ls.service.update(_path(uri), text))


@server.feature(types.TEXT_DOCUMENT_DID_OPEN)
@guarded()
def did_open(ls: RuneforgeServer, params: types.DidOpenTextDocumentParams) -> None:
    _update(ls, params.text_document.uri, params.text_document.text)


@server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
@guarded()
def did_change(ls: RuneforgeServer, params: types.DidChangeTextDocumentParams) -> None:
    doc = ls.workspace.get_text_document(params.text_document.uri)
    _update(ls, params.text_document.uri, doc.source)


@server.feature(types.TEXT_DOCUMENT_DID_SAVE,
                types.SaveOptions(include_text=True))
@guarded()
def did_save(ls: RuneforgeServer, params: types.DidSaveTextDocumentParams) -> None:
    text = params.text
    if text is None:
        text = ls.workspace.get_text_document(params.text_document.uri).source
    _update(ls, params.text_document.uri, text)


@server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
@guarded()
def did_close(ls: RuneforgeServer, params: types.DidCloseTextDocumentParams) -> None:
    _update(ls, params.text_document.uri, None)


@server.feature(types.TEXT_DOCUMENT_COMPLETION,
                types.CompletionOptions(trigger_characters=[" ", "{", "[", ","]))
@guarded(empty=[])
def completion(ls: RuneforgeServer, params: types.CompletionParams):
    key = _path(params.text_document.uri)
    return features.completion(ls.service, key, ls.lines(key), params.position)


@server.feature(types.TEXT_DOCUMENT_HOVER)
@guarded()
def hover(ls: RuneforgeServer, params: types.HoverParams):
    key = _path(params.text_document.uri)
    return features.hover(ls.service, key, ls.lines(key), params.position,
                          features.hover_kind(ls.client_capabilities))


@server.feature(types.TEXT_DOCUMENT_CODE_ACTION,
                types.CodeActionOptions(code_action_kinds=[types.CodeActionKind.QuickFix]))
@guarded(empty=[])
def code_action(ls: RuneforgeServer, params: types.CodeActionParams):
    key = _path(params.text_document.uri)
    return features.quick_fixes(ls.service, key, ls.lines(key), params.text_document.uri,
                                params.range)


@server.feature(types.TEXT_DOCUMENT_FORMATTING)
@guarded(empty=[])
def formatting(ls: RuneforgeServer, params: types.DocumentFormattingParams):
    doc = ls.workspace.get_text_document(params.text_document.uri)
    return features.formatting(ls.service, _path(params.text_document.uri), doc.source)


@server.feature(types.TEXT_DOCUMENT_DEFINITION)
@guarded()
def definition(ls: RuneforgeServer, params: types.DefinitionParams):
    key = _path(params.text_document.uri)
    return features.definition(ls.service, ls.lines(key), params.position)


@server.feature(types.TEXT_DOCUMENT_REFERENCES)
@guarded(empty=[])
def references(ls: RuneforgeServer, params: types.ReferenceParams):
    key = _path(params.text_document.uri)
    return features.references(ls.service, ls.lines(key), params.position,
                               params.context.include_declaration)


@server.feature(types.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
@guarded(empty=[])
def document_symbol(ls: RuneforgeServer, params: types.DocumentSymbolParams):
    key = _path(params.text_document.uri)
    return features.symbols(ls.service, key, ls.lines(key))


class _OneLine(logging.Formatter):
    """A log record as one line on stderr: its message and the exception's type and text,
    not pygls's traceback of a message it could not read (the editor's log is the reader;
    ``RUNEFORGE_DEBUG=1`` keeps the tracebacks)."""

    def format(self, record: logging.LogRecord) -> str:
        problem = frame_problem(record.exc_info[1]) if record.exc_info else None
        if problem is not None:  # pygls could not decode what FrameReader marked
            return f"runeforge lsp: {record.levelname.lower()}: a bad frame: {problem}"
        message, *rest = record.getMessage().splitlines() or [""]
        line = f"runeforge lsp: {record.levelname.lower()}: {message}"
        if rest:  # pygls formats some tracebacks into the message itself
            line += " (the details with RUNEFORGE_DEBUG=1)"
        if record.exc_info and record.exc_info[1] is not None:
            exc = record.exc_info[1]
            text = " ".join(str(exc).split())
            line += f" ({type(exc).__name__}: {text[:300]})"
        return line


def _log_to_stderr(debug: bool) -> None:
    handler = logging.StreamHandler()
    if not debug:
        handler.setFormatter(_OneLine())
    for name in ("pygls", "runeforge.lsp"):
        logger = logging.getLogger(name)
        logger.handlers[:] = [handler]
        logger.setLevel(logging.DEBUG if debug else logging.WARNING)
        logger.propagate = False


def main() -> None:
    import os
    import sys

    _log_to_stderr(os.environ.get("RUNEFORGE_DEBUG") == "1")
    server.start_io(stdin=FrameReader(sys.stdin.buffer))
    sys.exit(server.exit_code or 0)
