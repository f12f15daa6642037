"""Static HTML preview of card faces (``runeforge preview``).

Card data is untrusted: the page is rendered by a jinja2 ``SandboxedEnvironment`` with
autoescaping on, from plain dicts and strings only (no objects with methods reach the
template), and carries a Content-Security-Policy that allows no scripts and no network.
Icon tokens in rules text become inline SVG ``<use>`` references to symbols defined once in
the page; everything else is text.
"""

from __future__ import annotations

from pathlib import Path

from jinja2 import FileSystemLoader, StrictUndefined
from jinja2.sandbox import SandboxedEnvironment

from runeforge import games
from runeforge.atomic import write_bytes_atomic

from .faces import ICON_RE

TEMPLATES = Path(__file__).resolve().parent.parent / "templates"
def _env() -> SandboxedEnvironment:
    env = SandboxedEnvironment(
        loader=FileSystemLoader(str(TEMPLATES)),
        autoescape=True,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    return env


def segments(text: str) -> list[dict]:
    """Rules text as [{"text": ...} | {"icon": name}] for the template."""
    out, pos = [], 0
    for m in ICON_RE.finditer(text or ""):
        if m.start() > pos:
            out.append({"text": text[pos : m.start()], "icon": None})
        out.append({"text": "", "icon": m.group(1)})
        pos = m.end()
    if pos < len(text or ""):
        out.append({"text": text[pos:], "icon": None})
    return out


def card_context(face, context=None) -> dict:
    """The template's view of one face: the game's own view (``context``, default: the
    default game's), with the rules text cut into text and icon segments."""
    view = dict((context or games.get().preview_context)(face))
    view["blocks"] = [{"tag": b["tag"], "body": segments(b["body"])} for b in view["blocks"]]
    return view


def render_preview(faces: list, *, title: str = "Runeforge preview",
                   locale: str = "en", contexts=None) -> str:  # fmt: skip
    """``contexts``: one view function per face (from each face's game), or None."""
    template = _env().get_template("preview.html.j2")
    contexts = contexts or [None] * len(faces)
    return template.render(
        title=title,
        locale=locale,
        cards=[card_context(f, ctx) for f, ctx in zip(faces, contexts, strict=True)],
        icons=["wound", "exhaustion", "gold", "mind", "body", "spirit"],
    )


def write_preview(faces: list, out_dir, *, locale: str = "en",
                  title: str = "Runeforge preview", contexts=None) -> Path:  # fmt: skip
    """Write ``<out_dir>/preview-<locale>.html`` atomically; return its path."""
    path = Path(out_dir) / f"preview-{locale}.html"
    html = render_preview(faces, title=title, locale=locale, contexts=contexts)
    write_bytes_atomic(path, html.encode("utf-8"))
    return path
