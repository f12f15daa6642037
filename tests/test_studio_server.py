"""The studio as a real server on a real socket (issue 37): a body over the loader's limit is
413 before it is sent, a partial or trickling request head and an idle connection are
closed, of 24 concurrent saves from one version exactly one wins and the others get 409, and
the URL is printed only once the socket listens.

The server runs uvicorn with runeforge.localhttp's settings in a thread of this process, on
a session whose analysis leaves out the bundled content (nothing here needs it), with short
timeouts. Waits are hang guards, never verdicts on speed."""

from __future__ import annotations

import http.client
import json
import socket
import threading

import pytest

from runeforge.analysis import AnalysisService
from runeforge.localhttp import MAX_BODY, HeadDeadline, config, listening_socket
from runeforge.studio.app import make_app
from runeforge.studio.session import Session
from tests.conftest import ITEM

TOKEN = "t0k3n-for-server-tests"
GUARD = 120  # seconds: a hang guard for a socket read, not a verdict on speed


class QuickHead(HeadDeadline):
    head_timeout = 0.5


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    import uvicorn

    root = tmp_path_factory.mktemp("studio-server") / "my-cards"
    root.mkdir()
    (root / "manifest.yaml").write_text("kind: manifest\nid: served\nname: Served\ntype: set\n"
                                        "origin: original\n", encoding="utf-8")
    (root / "items.yaml").write_text(ITEM, encoding="utf-8")
    session = Session([root])
    session.service = AnalysisService([root], include_bundled=False)
    sock = listening_socket("127.0.0.1", 0)
    port = sock.getsockname()[1]
    app = make_app(session, TOKEN, port)
    uv = uvicorn.Server(config(app, http=QuickHead, timeout_keep_alive=1))
    thread = threading.Thread(target=uv.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    connected = socket.create_connection(("127.0.0.1", port), timeout=GUARD)
    connected.close()
    yield port, root
    uv.should_exit = True
    thread.join(GUARD)


def headers(port: int, body: bytes = b"") -> dict:
    return {"Host": f"127.0.0.1:{port}", "Origin": f"http://127.0.0.1:{port}",
            "X-Studio-Token": TOKEN, "Content-Type": "application/json",
            "Content-Length": str(len(body))}


def call(port: int, method: str, url: str, body=None) -> tuple[int, dict]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=GUARD)
    data = b"" if body is None else json.dumps(body).encode("utf-8")
    try:
        conn.request(method, url, body=data or None, headers=headers(port, data))
        r = conn.getresponse()
        return r.status, json.loads(r.read() or b"{}")
    finally:
        conn.close()


def read_all(sock: socket.socket) -> bytes:
    """Everything the server sends until it closes the connection."""
    sock.settimeout(GUARD)
    out = b""
    while chunk := sock.recv(65536):
        out += chunk
    return out


def test_a_100_mb_save_is_413_before_its_body_is_sent(server):
    port, root = server
    before = (root / "items.yaml").read_bytes()
    sock = socket.create_connection(("127.0.0.1", port), timeout=GUARD)
    head = (f"POST /api/save HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
            f"Origin: http://127.0.0.1:{port}\r\nX-Studio-Token: {TOKEN}\r\n"
            f"Content-Type: application/json\r\nContent-Length: {100 * 1024 * 1024}\r\n\r\n")
    sock.sendall(head.encode("ascii"))  # and not one byte of the body
    answer = read_all(sock)
    sock.close()
    assert answer.startswith(b"HTTP/1.1 413 "), answer[:200]
    assert b"over the limit" in answer
    assert (root / "items.yaml").read_bytes() == before


def test_a_chunked_body_over_the_limit_is_413_and_is_not_kept(server):
    port, root = server
    before = (root / "items.yaml").read_bytes()
    sock = socket.create_connection(("127.0.0.1", port), timeout=GUARD)
    head = (f"POST /api/save HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
            f"Origin: http://127.0.0.1:{port}\r\nX-Studio-Token: {TOKEN}\r\n"
            "Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n")
    sock.sendall(head.encode("ascii"))
    piece = b"x" * (1 << 20)
    sent, answer = 0, b""
    try:
        while sent <= MAX_BODY + len(piece):
            sock.sendall(b"%x\r\n" % len(piece) + piece + b"\r\n")
            sent += len(piece)
        answer = read_all(sock)
    except ConnectionResetError:  # closed with our bytes unread: TCP resets, as it may
        pass
    sock.close()
    # refused once past the limit: a 413, unless the reset of the close overtook it
    assert answer.startswith(b"HTTP/1.1 413 ") or answer == b"", answer[:200]
    assert (root / "items.yaml").read_bytes() == before
    assert call(port, "GET", "/api/files")[0] == 200  # and serves on


@pytest.mark.parametrize("sent", [b"", b"POST /api/save HTTP/1.1\r\nHost: 127.0.0.1\r\n"])
def test_a_request_head_that_does_not_come_is_closed(server, sent):
    port, _ = server
    sock = socket.create_connection(("127.0.0.1", port), timeout=GUARD)
    sock.sendall(sent)
    answer = read_all(sock)  # returns only once the server closes
    sock.close()
    assert answer.startswith(b"HTTP/1.1 408 ")


def test_a_head_that_trickles_in_is_closed_all_the_same(server):
    port, _ = server
    sock = socket.create_connection(("127.0.0.1", port), timeout=GUARD)
    sock.settimeout(0.1)
    closed, answer = False, b""
    for _ in range(GUARD * 10):  # a byte of header every tenth of a second, for ever
        try:
            sock.sendall(b"X-Slow: a\r\n"[:1] if answer == b"" else b"")
            got = sock.recv(4096)
        except TimeoutError:
            continue
        except OSError:
            closed = True
            break
        answer += got
        if not got:
            closed = True
            break
    sock.close()
    assert closed and answer.startswith(b"HTTP/1.1 408 ")


def test_an_idle_kept_alive_connection_is_closed(server):
    port, _ = server
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=GUARD)
    conn.request("GET", "/api/files", headers=headers(port))
    assert conn.getresponse().read()
    assert read_all(conn.sock) == b""  # the server closes the idle connection
    conn.close()


def test_of_24_concurrent_saves_from_one_version_exactly_one_wins(server):
    port, root = server
    status, read = call(port, "GET", "/api/file?path=0/items.yaml")
    assert status == 200
    texts = [ITEM.replace("+3 Body", f"+3 Body and {n} gold") for n in range(24)]
    start, results = threading.Barrier(24), [None] * 24

    def save(n: int) -> None:
        start.wait(GUARD)
        results[n] = call(port, "POST", "/api/save", {"path": "0/items.yaml",
                                                      "text": texts[n],
                                                      "base": read["version"]})

    threads = [threading.Thread(target=save, args=(n,)) for n in range(24)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(GUARD)
    statuses = sorted(status for status, _ in results)
    assert statuses == [200] + [409] * 23
    (winner,) = [n for n, (status, _) in enumerate(results) if status == 200]
    on_disk = (root / "items.yaml").read_text(encoding="utf-8")
    assert on_disk == texts[winner]
    for status, body in results:
        if status == 409:  # each loser is told, and gets the winner's text to compare
            assert body["conflict"] is True and body["text"] == on_disk
    call(port, "POST", "/api/save", {"path": "0/items.yaml", "text": ITEM,
                                     "base": results[winner][1]["version"]})


def test_the_url_is_printed_once_the_socket_listens(cli, monkeypatch):
    """A client that connects the moment it reads the URL is queued, not refused."""
    import re

    import click

    from runeforge import localhttp
    from runeforge.studio import session as session_mod

    class Warm:
        def __init__(self, dirs):
            self.service = type("S", (), {"check_all": lambda self: None})()

    seen, real_echo = [], click.echo

    def echo(message=None, **kwargs):
        match = re.search(r"127\.0\.0\.1:(\d+)/", str(message))
        if match:  # connect at once, before the server loop runs
            with socket.create_connection(("127.0.0.1", int(match.group(1))), timeout=GUARD):
                seen.append("connected")
        return real_echo(message, **kwargs)

    monkeypatch.setattr(session_mod, "Session", Warm)
    monkeypatch.setattr(click, "echo", echo)
    monkeypatch.setattr(localhttp, "serve", lambda app, sock, **kw: sock.close())
    res = cli("studio", ".", "--no-browser")
    assert res.exit_code == 0, res.output
    assert seen == ["connected"]
