"""The rich console of :mod:`.console` (imported when something is rendered with rich: a
summary on a terminal, diagnostics, tables; issue 38)."""

from __future__ import annotations

from rich.console import Console
from rich.errors import MarkupError
from rich.segment import Segment
from rich.text import Text

from .neutral import UNSAFE, neutralise


class SafeConsole(Console):
    """A rich Console whose rendered text never carries control characters of its own: rich
    adds its colours from segment styles afterwards, so they still work. Strings and Text are
    neutralised before layout (so widths are right), every segment once more after it."""

    def render_str(self, text: str, **kwargs) -> Text:
        text = neutralise(text)
        try:
            return super().render_str(text, **kwargs)
        except MarkupError:  # brackets from content ("[/x]") are text, never a crash
            return super().render_str(text, **{**kwargs, "markup": False})

    def print(self, *objects, **kwargs) -> None:
        safe = []
        for obj in objects:
            if isinstance(obj, Text) and UNSAFE.search(obj.plain):
                obj = obj.copy()
                obj.plain = neutralise(obj.plain)  # same length: the styles keep their spans
            safe.append(obj)
        super().print(*safe, **kwargs)

    def render(self, renderable, options=None):
        for segment in super().render(renderable, options):
            if segment.control is None and UNSAFE.search(segment.text):
                segment = Segment(neutralise(segment.text), segment.style)
            yield segment
