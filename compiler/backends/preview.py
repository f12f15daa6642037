"""Static HTML preview of card faces (``runeforge preview``).

Card data is untrusted: the page is rendered by a jinja2 ``SandboxedEnvironment`` with
autoescaping on, from plain dicts and strings only (no objects with methods reach the
template), and carries a Content-Security-Policy that allows no network and exactly one
script: the search box's (:data:`SEARCH_SCRIPT`, a constant), allowed by its sha256 hash
computed when the page is rendered. Cards are in sections by pack, then by kind. Icon tokens
in rules text become inline SVG ``<use>`` references to symbols defined once in the page;
everything else is text.
"""

from __future__ import annotations

import base64
import hashlib
from pathlib import Path

from jinja2 import FileSystemLoader, StrictUndefined
from jinja2.sandbox import SandboxedEnvironment

from runeforge import games
from runeforge.atomic import write_bytes_atomic

from .faces import ICON_RE

TEMPLATES = Path(__file__).resolve().parent.parent / "templates"
# The page's only script: filters the cards by the search box (and by "#q=..." in the
# address, so a link can carry a search). Card text is read from the DOM, never evaluated.
SEARCH_SCRIPT = """
(function () {
  var box = document.getElementById("search");
  var count = document.getElementById("shown");
  function apply() {
    var q = box.value.trim().toLowerCase();
    var shown = 0;
    document.querySelectorAll("article.card").forEach(function (card) {
      var hit = !q || card.textContent.toLowerCase().indexOf(q) >= 0;
      card.hidden = !hit;
      if (hit) { shown += 1; }
    });
    document.querySelectorAll("section.group, section.pack").forEach(function (sec) {
      sec.hidden = !sec.querySelector("article.card:not([hidden])");
    });
    count.textContent = String(shown);
  }
  var m = /^#q=(.*)$/.exec(window.location.hash);
  if (m) { box.value = decodeURIComponent(m[1]); }
  box.addEventListener("input", apply);
  apply();
})();
"""


def script_hash(script: str = SEARCH_SCRIPT) -> str:
    """The CSP source that allows exactly ``script`` inline: ``'sha256-<base64>'``."""
    digest = hashlib.sha256(script.encode("utf-8")).digest()
    return "'sha256-" + base64.b64encode(digest).decode("ascii") + "'"
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


def sections(faces: list, views: list[dict], pack_names: dict | None = None,
             kind_order=()) -> list[dict]:  # fmt: skip
    """Cards grouped by pack (in the order of ``pack_names``, then of first appearance), then
    by kind (in ``kind_order``, the game's order of its card kinds, then first appearance)."""
    packs: dict[str, dict[str, list]] = {}
    kind_names: dict[str, str] = {}
    for face, view in zip(faces, views, strict=True):
        packs.setdefault(str(view.get("pack", "")), {}).setdefault(view["kind"], []).append(view)
        label = getattr(face, "label", None)
        kind_names.setdefault(view["kind"], label(view["kind"]) if label else view["kind"])
    order = {k: i for i, k in enumerate(kind_order)}
    rank = {pack: i for i, pack in enumerate(pack_names or {})}
    ordered = sorted(packs, key=lambda p: rank.get(p, len(rank)))
    return [{"id": pack, "name": (pack_names or {}).get(pack) or pack,
             "groups": [{"kind": kind, "name": kind_names[kind], "cards": packs[pack][kind]}
                        for kind in sorted(packs[pack], key=lambda k: order.get(k, len(order)))]}
            for pack in ordered]


def render_preview(faces: list, *, title: str = "Runeforge preview",
                   locale: str = "en", contexts=None, pack_names=None,
                   kind_order=()) -> str:  # fmt: skip
    """``contexts``: one view function per face (from each face's game), or None;
    ``pack_names``: pack id -> the name shown over its section; ``kind_order``: the order of
    the kind sections."""
    template = _env().get_template("preview.html.j2")
    contexts = contexts or [None] * len(faces)
    views = [card_context(f, ctx) for f, ctx in zip(faces, contexts, strict=True)]
    return template.render(
        title=title,
        locale=locale,
        count=len(views),
        sections=sections(faces, views, pack_names, kind_order),
        icons=["wound", "exhaustion", "gold", "mind", "body", "spirit"],
        script=SEARCH_SCRIPT,
        script_sha256=script_hash()[len("'sha256-"):-1],
    )


def write_preview(faces: list, out_dir, *, locale: str = "en",
                  title: str = "Runeforge preview", contexts=None,
                  pack_names=None, kind_order=()) -> Path:  # fmt: skip
    """Write ``<out_dir>/preview-<locale>.html`` atomically; return its path."""
    path = Path(out_dir) / f"preview-{locale}.html"
    html = render_preview(faces, title=title, locale=locale, contexts=contexts,
                          pack_names=pack_names, kind_order=kind_order)
    write_bytes_atomic(path, html.encode("utf-8"))
    return path
