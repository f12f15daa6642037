"""`runeforge lsp` survives a client that misbehaves (issue 37): a frame without
``Content-Length``, with ``Content-Length: abc`` or ``-5`` is answered with a JSON-RPC parse
error and the server reads on from the next header; a request after ``shutdown`` gets an
InvalidRequest error; ``exit`` without ``shutdown`` exits 1.

The reader is tested on bytes in-process; the server as a real process on stdin/stdout (no
``initialized`` is sent, so no content is loaded and each run takes about a second)."""

from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest

from runeforge.lsp.frames import MARK, FrameReader

SERVER = [sys.executable, "-c", "from runeforge.cli import main; main()", "lsp"]


def frame(message: dict) -> bytes:
    body = json.dumps(message).encode("utf-8")
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def request(i: int, method: str, params=None) -> dict:
    return {"jsonrpc": "2.0", "id": i, "method": method,
            **({} if params is None else {"params": params})}


def bodies(data: bytes, **kwargs) -> list[bytes]:
    """What pygls reads through a FrameReader over ``data``: each frame's body."""
    reader, out = FrameReader(io.BytesIO(data), **kwargs), []
    while True:
        lines = []
        while (line := reader.readline()) not in (b"\r\n", b""):
            lines.append(line)
        if line == b"":
            return out
        assert len(lines) == 1 and lines[0].startswith(b"Content-Length: ")
        out.append(reader.read(int(lines[0].split(b":")[1])))


BAD = {"no length": b"Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n",
       "abc": b"Content-Length: abc\r\n\r\n", "-5": b"Content-Length: -5\r\n\r\n"}


@pytest.mark.parametrize("bad", sorted(BAD))
def test_a_bad_frame_is_one_error_and_the_next_frame_is_read(bad):
    sneaked = json.dumps(request(90, "shutdown")).encode()  # its length is unknown: dropped
    data = frame(request(1, "a")) + BAD[bad] + sneaked + frame(request(2, "b"))
    got = bodies(data)
    assert len(got) == 3
    assert json.loads(got[0])["id"] == 1 and json.loads(got[2])["id"] == 2
    assert got[1].startswith(MARK.encode()) and b"Content-Length" in got[1]


def test_garbage_between_frames_and_lf_only_headers():
    data = (b"hello\r\n" + frame(request(1, "a")) + b"\n\n"
            + b'Content-Length: 2\n\n{}' + b"xx" + frame(request(2, "b")))
    got = bodies(data)
    assert got[0].startswith(MARK.encode()) and b"'hello' is not a header" in got[0]
    assert json.loads(got[1])["id"] == 1 and got[2] == b"{}"
    assert got[3].startswith(MARK.encode())  # "xxContent-Length: ..." is no header line
    assert json.loads(got[-1])["id"] == 2  # and the frame after it is found again


def test_two_lengths_an_overlong_body_and_the_end_of_input():
    data = (b"Content-Length: 2\r\nContent-Length: 3\r\n\r\n{}}" + frame(request(1, "a"))
            + b"Content-Length: 50\r\n\r\n" + b"x" * 50 + frame(request(2, "b"))
            + b"Content-Length: 10\r\n\r\n{}")
    got = bodies(data, max_body=45)
    assert b"two different Content-Length" in got[0] and json.loads(got[1])["id"] == 1
    assert b"50 bytes is longer than 45" in got[2] and json.loads(got[3])["id"] == 2
    assert len(got) == 4  # the last frame ends before its body does: nothing more


def answers(data: bytes) -> tuple[list[dict], int]:
    proc = subprocess.run(SERVER, input=data, capture_output=True, timeout=600)
    out, messages = proc.stdout, []
    while out:
        head, _, rest = out.partition(b"\r\n\r\n")
        length = int(next(line for line in head.split(b"\r\n")
                          if line.startswith(b"Content-Length")).split(b":")[1])
        messages.append(json.loads(rest[:length]))
        out = rest[length:]
    assert b"Traceback" not in proc.stderr, proc.stderr.decode()
    return messages, proc.returncode


def test_the_server_answers_bad_frames_and_keeps_serving():
    ping = {}  # any request with params the server reads; answered "method not found"
    data = frame(request(1, "initialize", {"capabilities": {}}))
    for n, bad in enumerate(sorted(BAD), start=2):
        data += BAD[bad] + json.dumps(request(90 + n, "shutdown")).encode()
        data += frame(request(n, "runeforge/ping", ping))
    data += frame(request(10, "shutdown"))
    data += frame(request(11, "textDocument/hover", {
        "textDocument": {"uri": "file:///x.yaml"}, "position": {"line": 0, "character": 0}}))
    data += frame({"jsonrpc": "2.0", "method": "exit"})
    messages, code = answers(data)
    assert [m.get("id") for m in messages] == [1, None, 2, None, 3, None, 4, 10, 11]
    errors = [m["error"] for m in messages if m.get("id") is None]
    assert [e["code"] for e in errors] == [-32700] * 3
    assert "'-5' is not a number" in errors[0]["message"]
    assert "'abc' is not a number" in errors[1]["message"]
    assert "no Content-Length" in errors[2]["message"]
    assert all(m["error"]["code"] == -32601 for m in messages if m.get("id") in (2, 3, 4))
    assert all(m.get("id") not in (92, 93, 94) for m in messages)  # the bad frames' own
    assert messages[-2] == {"jsonrpc": "2.0", "id": 10, "result": None}
    assert messages[-1]["error"]["code"] == -32600  # after shutdown: InvalidRequest
    assert "shut down" in messages[-1]["error"]["message"]
    assert code == 0


def test_exit_without_shutdown_exits_1():
    messages, code = answers(frame(request(1, "initialize", {"capabilities": {}}))
                             + frame({"jsonrpc": "2.0", "method": "exit"}))
    assert [m["id"] for m in messages] == [1] and code == 1


def test_params_that_do_not_fit_are_answered_under_the_requests_id():
    messages, code = answers(frame(request(1, "initialize", {"capabilities": {}}))
                             + frame(request(2, "textDocument/hover", {"x": 1}))
                             + frame(request(3, "shutdown"))
                             + frame({"jsonrpc": "2.0", "method": "exit"}))
    assert [m["id"] for m in messages] == [1, 2, 3] and code == 0
    assert messages[1]["error"]["code"] == -32602  # InvalidParams
