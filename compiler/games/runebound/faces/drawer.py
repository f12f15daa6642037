"""Card faces, one design per kind, drawn at a card's bottom-left corner.

Every string goes through a fitting step (``pdf_text``): nothing is drawn outside its box.
Static art (border, header band, stat panels) is one form per kind and colour (:mod:`.art`).
"""

from __future__ import annotations

from reportlab.pdfbase.pdfmetrics import stringWidth

from runeforge.backends.faces import COLOURS, CardFace
from runeforge.backends.pdf_fonts import BOLD, ITALIC, REGULAR, glyph_diagnostics
from runeforge.backends.pdf_picture import draw_picture
from runeforge.backends.pdf_style import Geometry, load_style
from runeforge.backends.pdf_text import (
    ELLIPSIS,
    ICON_CALLBACK,
    TextSpec,
    draw_fitted,
    fit_line,
    fit_text,
)
from runeforge.diagnostics import Diagnostic

from .art import Art, back_band
from .reflow import columns_for, runs_width, split_reward, two_lines

ART_PANEL_KINDS = ("item", "event", "encounter")  # faces whose frame has an art panel
KIND_STYLES = ("hero", "ally", "item", "challenge", "event", "encounter")
NUMERALS = {1: "I", 2: "II", 3: "III"}
PHASES = (("mind", "ranged", "ranged_damage"), ("body", "melee", "melee_damage"),
          ("spirit", "magic", "magic_damage"))  # fmt: skip


def _fmt(value) -> str:
    if value is None or value == "":
        return "\u2013"
    return str(value)


class FaceDrawer:
    """Draws faces and backs on one canvas; caches fitted text per face for its copies."""

    def __init__(self, canvas, w, h, bleed, warn, style_dir=None):
        self.c, self.w, self.h = canvas, w, h
        self.warn = warn or (lambda d: None)
        self.geo = {k: Geometry(load_style(k, style_dir), w, h) for k in KIND_STYLES}
        self.art = Art(canvas, w, h, bleed, self.geo)
        self._fitted: dict = {}
        self._backs: set[str] = set()
        self._warned: set = set()
        self._moved: dict = {}  # face key -> paragraphs moved into the rules text
        floors = self.geo["hero"].style.get("floors", {})
        self.floor = float(floors.get("text", 5.0))
        canvas.setNamedCB(ICON_CALLBACK, self._inline_icon)

    # -- helpers ---------------------------------------------------------------------------
    def _inline_icon(self, canvas, kind, label):
        info = canvas._curr_tx_info
        size = info["tx"]._fontsize or 8
        width = size * self._icon_em
        left = info["cur_x"] - width  # the hook sits after the icon's reserved spaces
        self.art.icon(label, left + (width - size * 0.92) / 2, info["cur_y"] - size * 0.12,
                      size * 0.92)  # fmt: skip

    def _warn_fit(self, face: CardFace, what: str, size: float, lost: str = "") -> None:
        """RF701 once per face, locale and part: what was cut and the words left out."""
        key = (face.id, face.locale, face.name, what)
        if key in self._warned:
            return
        self._warned.add(key)
        cut = lost.strip()
        cut = f'"{cut[:80]}{ELLIPSIS if len(cut) > 80 else ""}"' if cut else "a part"
        self.warn(Diagnostic(
            code="RF701",
            message=f"card '{face.id}' ({face.locale}): {what} does not fit at the smallest "
                    f"size ({size:.1f} pt); cut: {cut}",
            path=face.id, severity="warning",
            hint="shorten the text (or its translation) or use a larger card size",
            extra={"card": face.id, "locale": face.locale, "cut": lost.strip()},
        ))  # fmt: skip

    def line(self, face, text, box, font, size, min_size, colour, align="centre",
             what="a line", shorter=()):  # fmt: skip
        """One fitted line, vertically centred in ``box`` (x, y, w, h, card coordinates), never
        below the floor: the first of ``text`` and its ``shorter`` forms that fits, else cut
        (RF701)."""
        x, y, w, h = box
        min_size = max(min_size, self.floor)
        size = max(min(size, h * 0.95), min_size)
        for alt in shorter:
            if stringWidth(text, font, min_size) <= w:
                break
            text = alt
        full = text
        text, size, cut = fit_line(text, font, size, min_size, w)
        if cut:
            self._warn_fit(face, what, min_size, full[len(text.rstrip(ELLIPSIS).rstrip()):])
        if not text:
            return
        c = self.c
        c.setFont(font, size)
        c.setFillColor(colour)
        base = y + (h - size * 0.72) / 2
        if align == "centre":
            c.drawCentredString(x + w / 2, base, text)
        elif align == "right":
            c.drawRightString(x + w, base, text)
        else:
            c.drawString(x, base, text)

    def runs(self, face, runs, box, font, size, min_size, colour, align="centre",
             what="a line"):  # fmt: skip
        """A line of text runs and ``("icon", name)`` items, shrunk to the box width (never
        below the floor)."""
        x, y, w, h = box
        min_size = max(min_size, self.floor)
        size = max(min(size, h * 0.95), min_size)

        def width_at(s):
            return sum(s * 1.1 if isinstance(r, tuple) else stringWidth(r, font, s) for r in runs)

        natural = width_at(size)
        if natural > w:
            size = max(min_size, size * w / natural * 0.999)
        if width_at(size) > w:  # at the floor: fall back to plain text, cut
            text = "".join(r if not isinstance(r, tuple) else "" for r in runs)
            return self.line(face, text, box, font, size, min_size, colour, align, what)
        total = width_at(size)
        cx = {"centre": x + (w - total) / 2, "right": x + w - total}.get(align, x)
        base = y + (h - size * 0.72) / 2
        c = self.c
        for r in runs:
            if isinstance(r, tuple):
                self.art.icon(r[1], cx + size * 0.1, base - size * 0.12, size * 0.9)
                cx += size * 1.1
            else:
                c.setFont(font, size)
                c.setFillColor(colour)
                c.drawString(cx, base, r)
                cx += stringWidth(r, font, size)

    # -- faces -----------------------------------------------------------------------------
    def draw_face(self, face: CardFace, x: float, y: float) -> None:
        kind = face.kind if face.kind in self.geo else "encounter"
        geo = self.geo[kind]
        key = (face.id, face.locale, face.name)
        first = key not in self._fitted
        if first:
            for diag in glyph_diagnostics(face.id, face.locale, face.strings()):
                self.warn(diag)
        c = self.c
        c.saveState()
        c.translate(x, y)
        accent = face.colour if face.colour in ("green", "yellow", "blue", "red") else "accent"
        self.art.frame(kind, accent, lambda cv: _panels(cv, kind, geo))
        if face.stats.get("art"):  # a checked Picture (pdf_picture.resolve_art)
            draw_picture(c, face.stats["art"], geo.region("art"))
        name_key = {"ally": "cost", "item": "cost"}.get(kind)
        name_box = geo.box(*geo.style[name_key]["name_box"]) if name_key else geo.region("name")
        if kind == "ally" and face.stats.get("familiar"):
            name_box = geo.box(*geo.style["familiar"]["name_box"])
        paper, muted = geo.colour("paper"), geo.colour("muted")
        self._name(face, geo, name_box, paper)
        parts = face.kind_line().split(" \u00b7 ")
        self.line(face, " \u00b7 ".join(parts), geo.region("kind_line"), ITALIC,
                  geo.size("kind_line"), geo.size("kind_line", "min_size"), muted,
                  what="the kind line", shorter=[" \u00b7 ".join(parts[1:])] if parts[1:] else ())  # fmt: skip
        getattr(self, f"_{kind}")(face, geo, first)
        self._text(face, geo, first)
        footer = f"{face.pack} \u00b7 {face.id}" if face.pack else face.id
        self.line(face, footer, geo.region("footer"), REGULAR, geo.size("footer"),
                  geo.size("footer", "min_size"), muted, align="left", what="the footer",
                  shorter=[face.id])  # fmt: skip
        c.restoreState()

    def draw_back(self, face: CardFace, x: float, y: float) -> str:
        """The back of ``face``'s deck (the same drawing for every card of the deck: the
        deck's name, its colour's pip and pattern), or the card's own; returns its key."""
        c = self.c
        c.saveState()
        c.translate(x, y)
        key = face.back_key
        adventure = face.kind in ("challenge", "event", "encounter")
        colour = face.colour if adventure and face.colour in COLOURS else None
        self.art.back(key, face.kind, colour)
        title = face.name if face.own_back else (face.deck_name or face.label(face.kind))
        bx, by, bw, bh = back_band(self.w, self.h)
        parts = title.split(" \u00b7 ", 1)
        geo = self.geo.get(face.kind, self.geo["encounter"])
        ink, size = geo.colour("ink"), geo.size("name")
        rows = len(parts)
        for i, part in enumerate(parts):
            row = (bx + bw * 0.04, by + bh * (rows - 1 - i) / rows, bw * 0.92, bh / rows)
            self.line(face, part, row, BOLD if i == 0 else REGULAR,
                      size if i == 0 else size * 0.8, self.floor, ink,
                      what="the deck name")  # fmt: skip
        self._backs.add(key)
        c.restoreState()
        return key

    def _name(self, face, geo, box, colour):
        """The name on one line, or on two when one would go below the name's smallest size."""
        size = geo.size("name")
        min_size = max(geo.size("name", "min_size"), self.floor)
        x, y, w, h = box
        halves = two_lines(face.name, BOLD)
        if stringWidth(face.name, BOLD, min_size) <= w or halves is None:
            return self.line(face, face.name, box, BOLD, size, min_size, colour, what="the name")
        top, bottom = halves
        size = min(size, h * 0.46, size * w / max(stringWidth(top, BOLD, size),
                                                  stringWidth(bottom, BOLD, size)) * 0.999)
        size = max(size, self.floor)
        for text, row in ((top, (x, y + h * 0.48, w, h * 0.5)), (bottom, (x, y + h * 0.02, w, h * 0.5))):
            self.line(face, text, row, BOLD, size, size, colour, what="the name")

    def _text(self, face, geo, first):
        """Rules text and flavour (and what moved there), at the rules floor or above; when
        they need more room and the face has no picture, the empty art box above is used."""
        t = geo.style["text"]
        x, y, w, h = geo.region("text")
        key = (face.id, face.locale, face.name)
        self._icon_em = float(t["icon_width"])
        if key not in self._fitted:
            spec = TextSpec(
                size=t["size"] * geo.ts, min_size=max(t["min_size"] * geo.ts, geo.rules_floor),
                leading=float(t["leading"]), min_leading=float(t["min_leading"]),
                para_gap=float(t["para_gap"]), icon_width=float(t["icon_width"]),
                colour=geo.colour("ink"), flavour_colour=geo.colour("muted"),
            )  # fmt: skip
            blocks = face.blocks + tuple(self._moved.get(key, ()))
            fitted, tall = fit_text(blocks, face.flavour, w, h, spec), None
            art = geo.style.get("art", {})
            empty_art = face.kind in ART_PANEL_KINDS and art.get("picture", True) \
                and not face.stats.get("art")
            if fitted.size <= spec.min_size + 1e-6 and empty_art:
                ax, ay, aw, ah = geo.region("art")
                if ay > y:
                    taller = fit_text(blocks, face.flavour, w, ay + ah - y, spec)
                    if taller.size > fitted.size or (fitted.overflow and not taller.overflow):
                        fitted, tall = taller, (x, y, w, ay + ah - y)
            if fitted.overflow:
                what = "the rules text" if fitted.cut_rules else "the flavour"
                if fitted.cut_rules and fitted.dropped_flavour:
                    what = "the rules text (flavour left out)"
                self._warn_fit(face, what, spec.min_size, fitted.lost)
            self._fitted[key] = (fitted, tall)
        fitted, tall = self._fitted[key]
        if tall is not None:  # cover the empty art panel and the rule above the text
            ax, ay, aw, ah = geo.region("art")
            self.c.setFillColor(geo.colour("paper"))
            pad = geo.length(0.4)
            self.c.rect(min(ax, x) - pad, y + h, max(aw, w) + 2 * pad, ay + ah - y - h + pad,
                        stroke=0, fill=1)  # fmt: skip
            x, y, w, h = tall
        draw_fitted(self.c, fitted, x, y, w, h)

    def _stat_box(self, face, geo, box, label, value, damage, colour_key, sect, icon_up=True):
        """A stat panel: label (with the attribute's icon, or the icon by the value when the
        label needs the whole width), value, damage."""
        x, y, w, h = box
        s = geo.style[sect]
        fs, mn = geo.ts, s["min_size"] * geo.ts
        ink = geo.colour("ink")
        head = [("icon", colour_key), " " + label] if icon_up else [label]
        self.runs(face, head, (x + w * 0.06, y + h * 0.72, w * 0.88, h * 0.24), BOLD,
                  s["label_size"] * fs, mn, geo.colour(colour_key), what="a stat label")  # fmt: skip
        if icon_up:
            self.line(face, _fmt(value), (x, y + h * 0.30, w, h * 0.40), BOLD,
                      s["value_size"] * fs, mn, ink)  # fmt: skip
        else:
            self.runs(face, [("icon", colour_key), " " + _fmt(value)],
                      (x, y + h * 0.30, w, h * 0.40), BOLD, s["value_size"] * fs, mn, ink)
        if damage is not None:
            self.runs(face, [_fmt(damage), ("icon", "wound")], (x + w * 0.06, y + h * 0.06,
                      w * 0.88, h * 0.22), REGULAR, s["damage_size"] * fs, mn, ink)  # fmt: skip

    def _attributes(self, face, geo, first):
        """Three stat panels, each as wide as its label needs (drawn per face)."""
        a = geo.style["attributes"]
        size = max(a["label_size"] * geo.ts, self.floor)
        region, gap = geo.region("attributes"), geo.length(a["gap"])
        needs = [runs_width([("icon", attr), " " + face.label(attr)], BOLD, size) / 0.88
                 for attr, _, _ in PHASES]
        icon_up = sum(needs) <= region[2] - 2 * gap
        if not icon_up:  # too narrow (Finnish on mini cards): the icons go by the values
            needs = [runs_width([face.label(attr)], BOLD, size) / 0.88 for attr, _, _ in PHASES]
        boxes = columns_for(region, needs, gap)
        name = "rf-attributes-" + face.kind + "".join(f"-{b[2]:.1f}" for b in boxes)
        self.art._form(name, lambda c: [_panel(c, geo, box) for box in boxes],
                       (0, 0, self.w, self.h))  # fmt: skip
        self.c.doForm(name)
        for box, (attr, _phase, dmg) in zip(boxes, PHASES, strict=True):
            self._stat_box(face, geo, box, face.label(attr), face.stats.get(attr),
                           face.stats.get(dmg), attr, "attributes", icon_up)  # fmt: skip

    def _vitals(self, face, geo, items):
        v = geo.style["vitals"]
        boxes = _columns(geo.region("vitals"), len(items), geo.length(v["gap"]))
        for box, runs in zip(boxes, items, strict=True):
            x, y, w, h = box
            self.runs(face, runs, (x + w * 0.05, y, w * 0.9, h), REGULAR, v["size"] * geo.ts,
                      v["min_size"] * geo.ts, geo.colour("ink"), what="a stat")  # fmt: skip

    def _reward(self, face, geo, box, size, min_size):
        """The reward's runs for ``box``; what does not fit there moves into the rules text."""
        runs, moved = split_reward(face, box[2], REGULAR, size, max(min_size, self.floor))
        self._moved[(face.id, face.locale, face.name)] = (moved,) if moved else ()
        return runs

    def _hero(self, face, geo, first):
        self._attributes(face, geo, first)
        self._vitals(face, geo, [[face.label("life") + " ", _fmt(face.stats.get("life"))],
                                 [face.label("stamina") + " ", _fmt(face.stats.get("stamina"))]])

    def _ally(self, face, geo, first):
        self._hero(face, geo, first)
        self._cost(face, geo)
        if face.stats.get("familiar"):
            cx, cy = geo.point(*geo.style["familiar"]["centre"])
            r = geo.length(geo.style["familiar"]["radius"])
            self.art.icon("familiar", cx - r * 0.75, cy - r * 0.75, r * 1.5)

    def _cost(self, face, geo):
        cost = geo.style["cost"]
        cx, cy = geo.point(*cost["centre"])
        r = geo.length(cost["radius"])
        self.art.icon("gold", cx - r, cy - r, 2 * r)
        self.line(face, _fmt(face.stats.get("cost")), (cx - r * 0.7, cy - r * 0.6, r * 1.4, r * 1.2),
                  BOLD, cost["size"] * geo.ts, 3.0, geo.colour("ink"))  # fmt: skip

    def _item(self, face, geo, first):
        self._cost(face, geo)
        u = geo.style["usage"]
        usage = face.stats.get("usage")
        if usage:
            x, y, w, h = geo.region("usage")
            self.runs(face, [("icon", usage), " " + face.label(usage)], (x, y, w, h), BOLD,
                      u["size"] * geo.ts, u["min_size"] * geo.ts, geo.colour("ink"))  # fmt: skip

    def _challenge(self, face, geo, first):
        p = geo.style["phases"]
        x, y, w, h = geo.region("phases")
        gap = geo.length(p["gap"])
        row_h = (h - 2 * gap) / 3
        ink, fs = geo.colour("ink"), geo.ts
        # the label column takes the width its longest label needs (up to 62 %)
        need = max(runs_width([("icon", a), " " + face.label(ph)], BOLD,
                              max(p["size"] * fs, self.floor)) for a, ph, _ in PHASES)
        lw = min(max(w * 0.44, need * 1.02), w * 0.62)
        vw = (w * 0.94 - lw) * 0.43
        for i, (attr, phase, dmg) in enumerate(PHASES):
            ry = y + h - (i + 1) * row_h - i * gap
            self.runs(face, [("icon", attr), " " + face.label(phase)],
                      (x + w * 0.03, ry, lw, row_h), BOLD, p["size"] * fs,
                      p["min_size"] * fs, geo.colour(attr), align="left", what="a phase")  # fmt: skip
            self.line(face, _fmt(face.stats.get(attr)), (x + w * 0.04 + lw, ry, vw, row_h), BOLD,
                      p["value_size"] * fs, p["min_size"] * fs, ink)  # fmt: skip
            self.runs(face, [_fmt(face.stats.get(dmg)), ("icon", "wound")],
                      (x + w * 0.06 + lw + vw, ry, w * 0.91 - lw - vw, row_h), REGULAR, p["size"] * fs,
                      p["min_size"] * fs, ink)  # fmt: skip
        v = geo.style["vitals"]
        _, box = _columns(geo.region("vitals"), 2, geo.length(v["gap"]))
        reward = self._reward(face, geo, (box[0], box[1], box[2] * 0.9, box[3]),
                              v["size"] * geo.ts, v["min_size"] * geo.ts)
        self._vitals(face, geo, [[face.label("life") + " ", _fmt(face.stats.get("life"))],
                                 reward])

    def _event(self, face, geo, first):
        n = geo.style["numeral"]
        cx, cy = geo.point(*n["centre"])
        r = geo.length(n["radius"])
        c = self.c
        c.setFillColor(geo.colour("paper"))
        c.circle(cx, cy, r, stroke=0, fill=1)
        numeral = NUMERALS.get(face.stats.get("event_number"), "")
        self.line(face, numeral, (cx - r * 0.8, cy - r * 0.6, r * 1.6, r * 1.2), BOLD,
                  n["size"] * geo.ts, 3.0, geo.colour("ink"))  # fmt: skip
        if face.stats.get("renew", True):
            s = geo.style["sun"]
            sx, sy = geo.point(*s["centre"])
            sr = geo.length(s["radius"])
            c.setFillColor(geo.colour("paper"))
            c.circle(sx, sy, sr, stroke=0, fill=1)
            self.art.icon("sun", sx - sr * 0.85, sy - sr * 0.85, sr * 1.7)

    def _encounter(self, face, geo, first):
        if face.stats.get("reward"):
            r = geo.style["reward"]
            _panel(self.c, geo, geo.region("reward"))  # only encounters with a reward have one
            box = geo.region("reward")
            runs = self._reward(face, geo, box, r["size"] * geo.ts, r["min_size"] * geo.ts)
            self.runs(face, runs, box, REGULAR, r["size"] * geo.ts, r["min_size"] * geo.ts,
                      geo.colour("ink"), what="the reward")  # fmt: skip


def _columns(box, n, gap):
    x, y, w, h = box
    cw = (w - gap * (n - 1)) / n
    return [(x + i * (cw + gap), y, cw, h) for i in range(n)]


def _panels(c, kind, geo: Geometry) -> None:
    """Static panels of a kind, part of its frame form."""
    boxes = []
    if kind in ("hero", "ally"):  # the attribute panels are drawn per face (their widths vary)
        boxes += _columns(geo.region("vitals"), 2, geo.length(geo.style["vitals"]["gap"]))
    elif kind == "challenge":
        x, y, w, h = geo.region("phases")
        gap = geo.length(geo.style["phases"]["gap"])
        rh = (h - 2 * gap) / 3
        boxes += [(x, y + h - (i + 1) * rh - i * gap, w, rh) for i in range(3)]
        boxes += _columns(geo.region("vitals"), 2, geo.length(geo.style["vitals"]["gap"]))
    elif kind == "item":
        boxes += [geo.region("usage"), geo.region("art")]
    elif kind in ART_PANEL_KINDS:
        boxes.append(geo.region("art"))
    for box in boxes:
        _panel(c, geo, box)


def _panel(c, geo: Geometry, box) -> None:
    c.setFillColor(geo.colour("panel"))
    c.setStrokeColor(geo.colour("panel_line"))
    c.setLineWidth(0.5 * geo.fs)
    x, y, w, h = box
    c.roundRect(x, y, w, h, geo.length(1.2), stroke=1, fill=1)
