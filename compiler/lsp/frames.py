"""Reading LSP frames from stdin, so that one bad frame costs one error and nothing more.

pygls reads ``Content-Length: N`` header lines with a strict pattern and, when a frame has no
such header (missing, ``abc``, ``-5``), waits for the next one line by line: the body of the
bad frame then swallows the next frame's header, and every later frame is lost while the
process lives on. :class:`FrameReader` stands between stdin and pygls instead. It parses each
frame itself and hands pygls only well-formed ones, re-written as ``Content-Length: N``; a bad
frame becomes a frame whose body is a marked, non-JSON line naming the problem, which pygls
cannot decode, so the server answers it with a JSON-RPC parse error (-32700, see
``RuneforgeServer.report_server_error``). After a bad frame the reader drops bytes up to the
next ``Content-Length:`` header and goes on from there.

A body is read in pieces of at most 1 MiB, and a body longer than :data:`MAX_BODY` is skipped
(and answered with a parse error) without being held: a huge or garbled length costs no memory.
"""

from __future__ import annotations

MARK = "!runeforge-frame-error: "  # starts the body of a bad frame (never valid JSON)
MAX_BODY = 64 * 1024 * 1024  # 64 MiB: a whole-document sync of the largest card file, and more
MAX_HEADER = 8192  # a header line longer than this is not a header
TOKEN = b"content-length:"
PIECE = 1 << 20


class FrameReader:
    """A ``readline``/``read`` stream (what pygls reads stdin with) of well-formed frames."""

    def __init__(self, raw, max_body: int = MAX_BODY) -> None:
        self.raw = raw
        self.max_body = max_body
        self.buf = bytearray()
        self.lines: list[bytes] = []  # the header lines of the frame pygls reads next
        self.body = b""
        self.resync = False
        self.skip = 0  # bytes of a too long body still to drop

    # -- what pygls calls ------------------------------------------------------------------
    def readline(self) -> bytes:
        if not self.lines:
            body = self._frame()
            if body is None:
                return b""  # end of input
            self.lines = [b"Content-Length: %d\r\n" % len(body), b"\r\n"]
            self.body = body
        return self.lines.pop(0)

    def read(self, n: int) -> bytes:
        body, self.body = self.body[:n], self.body[n:]
        return body

    # -- the raw stream --------------------------------------------------------------------
    def _fill(self) -> bool:
        read = getattr(self.raw, "read1", None) or self.raw.read
        piece = read(PIECE)
        if not piece:
            return False
        self.buf += piece
        return True

    def _line(self) -> bytes | None:
        while True:
            end = self.buf.find(b"\n")
            if end >= 0 or len(self.buf) > MAX_HEADER:
                size = end + 1 if 0 <= end < MAX_HEADER else MAX_HEADER
                line = bytes(self.buf[:size])
                del self.buf[:size]
                return line
            if not self._fill():
                line = bytes(self.buf)
                self.buf.clear()
                return line or None

    def _find_header(self) -> bool:
        """Drop bytes up to the next ``Content-Length:`` (any case); False at end of input."""
        while True:
            at = self.buf.lower().find(TOKEN)
            if at >= 0:
                del self.buf[:at]
                return True
            del self.buf[:max(0, len(self.buf) - len(TOKEN) + 1)]
            if not self._fill():
                return False

    def _take(self, n: int, keep: bool = True) -> bytes | None:
        """The next ``n`` bytes (None when the input ends first); ``keep=False`` drops them
        as they come."""
        parts, left = [], n
        while left > 0:
            if not self.buf and not self._fill():
                return None
            piece = bytes(self.buf[:min(left, PIECE)])
            del self.buf[:len(piece)]
            left -= len(piece)
            if keep:
                parts.append(piece)
        return b"".join(parts)

    def _frame(self) -> bytes | None:
        """The next frame's body, or a marked error body; None at the end of the input."""
        length, problem, headers = None, None, 0
        if self.skip:
            skip, self.skip = self.skip, 0
            if self._take(skip, keep=False) is None:
                return None
        while True:
            if self.resync:
                if not self._find_header():
                    return None
                self.resync = False
            line = self._line()
            if line is None:
                return None
            if not line.strip():
                if not headers:
                    continue  # blank lines between frames
                if problem is None and length is None:
                    problem = "the frame has no Content-Length header"
                if problem is not None:
                    self.resync = True
                    return self._error(problem)
                if length > self.max_body:  # answered now, its bytes dropped next
                    self.skip = length
                    return self._error(f"the frame's body of {length} bytes is longer than "
                                       f"{self.max_body}")
                return self._take(length)
            at = line.lower().find(TOKEN)
            if at > 0:  # a header glued to what came before it: read from the header on
                self.buf[:0] = line[at:]
                return self._error(f"'{_show(line[:at])}' is not a header line")
            name, colon, value = line.partition(b":")
            if not colon or not name.strip() or len(line) >= MAX_HEADER:
                self.resync = True  # not a header: what came before was garbled
                return self._error(f"'{_show(line)}' is not a header line")
            headers += 1
            if name.strip().lower() == b"content-length":
                text = value.strip()
                if not (text.isdigit() and text.isascii()):
                    problem = f"Content-Length '{_show(text)}' is not a number of bytes"
                elif length is not None and int(text) != length:
                    problem = "the frame has two different Content-Length headers"
                else:
                    length = int(text)

    @staticmethod
    def _error(problem: str) -> bytes:
        return (MARK + problem).encode("utf-8")


def _show(data: bytes, most: int = 40) -> str:
    text = data.decode("utf-8", "replace").strip()
    return text if len(text) <= most else text[:most] + "…"


def frame_problem(error: Exception) -> str | None:
    """The problem a :class:`FrameReader` marked, when ``error`` is pygls failing to decode
    such a body (None for any other error)."""
    doc = getattr(error, "doc", None)
    if isinstance(doc, str) and doc.startswith(MARK):
        return doc[len(MARK):]
    return None
