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

from runeforge.atomic import write_bytes_atomic

from .faces import COLOURS, ICON_RE, KINDS, CardFace

TEMPLATES = Path(__file__).resolve().parent.parent / "templates"
NUMERALS = {1: "I", 2: "II", 3: "III"}


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


def _value(v) -> str:
    return "\u2013" if v is None or v == "" else str(v)


def _stats(face: CardFace) -> list[dict]:
    s, label = face.stats, face.label
    rows: list[dict] = []
    if face.kind in ("hero", "ally", "challenge"):
        for attr, dmg in (("mind", "ranged_damage"), ("body", "melee_damage"),
                          ("spirit", "magic_damage")):  # fmt: skip
            rows.append({"label": label(attr), "value": _value(s.get(attr)),
                         "damage": _value(s.get(dmg)) if dmg in s else None, "icon": attr})
        rows.append({"label": label("life"), "value": _value(s.get("life"))})
    if face.kind in ("hero", "ally"):
        rows.append({"label": label("stamina"), "value": _value(s.get("stamina"))})
    if face.kind in ("ally", "item"):
        rows.append({"label": label("cost"), "value": _value(s.get("cost")), "icon": "gold"})
    if face.kind == "item" and s.get("usage"):
        rows.append({"label": label(str(s["usage"])), "value": "", "icon": None})
    if face.kind == "event":
        rows.append({"label": label("event"), "value": NUMERALS.get(s.get("event_number"), "")})
        if s.get("renew", True):
            rows.append({"label": label("renew"), "value": "", "icon": None})
    reward = s.get("reward")
    if isinstance(reward, dict) and face.kind in ("challenge", "encounter"):
        parts = []
        if reward.get("gold") is not None:
            parts.append(str(reward["gold"]))
        if reward.get("keep"):
            parts.append(label("keep"))
        if reward.get("becomes") in ("item", "ally"):
            parts.append(label("becomes_" + reward["becomes"]))
        rows.append({"label": label("reward"), "value": " \u00b7 ".join(parts), "icon": "gold"})
    return [{"icon": None, "damage": None, **row} for row in rows]


def card_context(face: CardFace) -> dict:
    return {
        "id": str(face.id),
        "kind": face.kind if face.kind in KINDS else "unknown",
        "colour": face.colour if face.colour in COLOURS else "none",
        "name": str(face.name),
        "subtitle": face.kind_line(),
        "stats": _stats(face),
        "blocks": [{"tag": b.tag, "body": segments(b.body)} for b in face.blocks],
        "flavour": face.flavour,
        "count": int(face.count),
        "pack": str(face.pack),
    }


def render_preview(faces: list[CardFace], *, title: str = "Runeforge preview",
                   locale: str = "en") -> str:  # fmt: skip
    template = _env().get_template("preview.html.j2")
    return template.render(
        title=title,
        locale=locale,
        cards=[card_context(f) for f in faces],
        icons=["wound", "exhaustion", "gold", "mind", "body", "spirit"],
    )


def write_preview(faces: list[CardFace], out_dir, *, locale: str = "en",
                  title: str = "Runeforge preview") -> Path:  # fmt: skip
    """Write ``<out_dir>/preview-<locale>.html`` atomically; return its path."""
    path = Path(out_dir) / f"preview-{locale}.html"
    html = render_preview(faces, title=title, locale=locale)
    write_bytes_atomic(path, html.encode("utf-8"))
    return path
