"""The table's faces are drawn one at a time: PDFium, which rasterises them, must not be
called from two threads at once, and the server answers each face request in a thread of its
pool (a page asks for several at once). A CI run of the browser game once got a 400 for one
face drawn beside others."""

from __future__ import annotations

import threading
import time
from types import SimpleNamespace


def test_faces_asked_at_once_are_drawn_one_at_a_time_and_each_once(monkeypatch):
    import runeforge.studio.views as views
    from runeforge.table import faces

    inside, most, drawn = 0, 0, []
    guard = threading.Lock()

    def draw(service, card, locale, dpi):
        nonlocal inside, most
        with guard:
            inside += 1
            most = max(most, inside)
        time.sleep(0.05)  # long enough for the other threads to arrive while this one draws
        with guard:
            inside -= 1
            drawn.append((card.id, locale))
        return f"{card.id}:{locale}".encode()

    monkeypatch.setattr(views, "face_png", draw)
    monkeypatch.setattr(faces, "_CACHE", {})
    content = object()
    cards = [SimpleNamespace(id=f"card-{n % 3}") for n in range(6)]  # each card asked twice
    start = threading.Barrier(len(cards))
    got: dict[int, bytes] = {}

    def ask(n: int) -> None:
        start.wait()
        got[n] = faces.face_png(content, cards[n], "fi")

    threads = [threading.Thread(target=ask, args=(n,)) for n in range(len(cards))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert most == 1, f"{most} faces were drawn at the same time"
    assert sorted(drawn) == [(f"card-{n}", "fi") for n in range(3)]  # each face drawn once
    assert all(got[n] == f"card-{n % 3}:fi".encode() for n in range(len(cards)))
