"""Card faces for the table: the same renderer as the PDFs and the studio (the game's face
style drawn by the PDF backend, rasterised), kept once drawn.

The server answers each request in a thread of its pool, and a page asks for several faces at
once. PDFium is not thread-safe ("It is not allowed to call pdfium functions simultaneously
across different threads, not even with different documents", pypdfium2's docs), so one face
is drawn at a time (`_DRAWING`); a face already drawn is served from the cache without waiting.
"""

from __future__ import annotations

import threading
from types import SimpleNamespace

FACE_DPI = 110
_CACHE: dict[tuple[int, str, str], bytes] = {}
_LOCK = threading.Lock()  # the cache
_DRAWING = threading.Lock()  # the renderer: one face at a time


def face_png(content, card, locale: str) -> bytes:
    key = (id(content), card.id, locale)
    with _LOCK:
        found = _CACHE.get(key)
    if found is not None:
        return found
    from runeforge.studio.views import face_png as draw

    with _DRAWING:
        with _LOCK:
            found = _CACHE.get(key)  # drawn while this request waited
        if found is None:
            found = draw(SimpleNamespace(content=content), card, locale, dpi=FACE_DPI)
            with _LOCK:
                _CACHE[key] = found
    return found
