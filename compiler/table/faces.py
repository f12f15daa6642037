"""Card faces for the table: the same renderer as the PDFs and the studio (the game's face
style drawn by the PDF backend, rasterised), kept once drawn."""

from __future__ import annotations

import threading
from types import SimpleNamespace

FACE_DPI = 110
_CACHE: dict[tuple[int, str, str], bytes] = {}
_LOCK = threading.Lock()


def face_png(content, card, locale: str) -> bytes:
    key = (id(content), card.id, locale)
    with _LOCK:
        found = _CACHE.get(key)
    if found is None:
        from runeforge.studio.views import face_png as draw

        found = draw(SimpleNamespace(content=content), card, locale, dpi=FACE_DPI)
        with _LOCK:
            _CACHE[key] = found
    return found
