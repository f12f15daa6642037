"""Card faces and PDF-reading helpers shared by the test_pdf_* and test_preview* modules.

Faces in en, pl, el, ru and a pseudo-locale (accented, ~35 % longer, bracketed), one per
kind, with inline icon tokens. Helpers read real PDFs with pypdf.
"""

from __future__ import annotations

import re

from runeforge.backends.faces import ICON_RE, CardFace, TextBlock

HERO_STATS = {"mind": 3, "body": 5, "spirit": 2, "ranged_damage": 1, "melee_damage": 3,
              "magic_damage": 1, "life": 10, "stamina": 6}
LOCALE_TEXT = {
    "en": ("Lord Hawthorne", "Before Combat",
           "Activate and take 1 {exhaustion} to make a magic attack. If you succeed, inflict "
           "2 {wound} on your enemy.", "A knight of the old order."),
    "pl": ("Księżna Żółć", "Przed walką",
           "Aktywuj i weź 1 {exhaustion}, aby wykonać atak magiczny. Jeśli ci się uda, zadaj "
           "wrogowi 2 {wound}. Źdźbło gęśli łączy ćmę.", "Rycerka dawnego zakonu."),
    "el": ("Λόρδος Χόθορν", "Πριν από τη μάχη",
           "Ενεργοποίησε και πάρε 1 {exhaustion} για να κάνεις μαγική επίθεση. Αν πετύχεις, "
           "προκάλεσε 2 {wound} στον εχθρό σου.", "Ιππότης του παλαιού τάγματος."),
    "ru": ("Лорд Хоторн", "Перед боем",
           "Активируйте и получите 1 {exhaustion}, чтобы провести магическую атаку. Если "
           "успешно, нанесите врагу 2 {wound}. Съешь же ещё этих мягких булок.",
           "Рыцарь старого ордена."),
    "xx": ("[Ļöŕð Ĥåŵţĥöŕñê ōñē ţŵō]", "[Ƀêƒöŕê Çöɱƀåţ ōñē]",
           "[Åçţîṽåţê åñð ţåķê 1 {exhaustion} ţö ɱåķê å ɱåĝîç åţţåçķ. Îƒ ýöû šûççêêð, "
           "îñƒļîçţ 2 {wound} öñ ýöûŕ êñêɱý. ōñē ţŵō ţĥŕēē ƒōũŕ ƒĩṽē šĩẋ šēṽēñ]",
           "[Å ķñîĝĥţ öƒ ţĥê öļð öŕðêŕ ōñē ţŵō]"),
}
LABELS = {
    "pl": {"hero": "Bohater", "life": "Życie", "stamina": "Wytrzymałość", "mind": "Umysł",
           "body": "Ciało", "spirit": "Duch"},
    "el": {"hero": "Ήρωας", "life": "Ζωή", "stamina": "Αντοχή", "mind": "Νους", "body": "Σώμα",
           "spirit": "Πνεύμα"},
    "ru": {"hero": "Герой", "life": "Жизнь", "stamina": "Выносливость", "mind": "Разум",
           "body": "Тело", "spirit": "Дух"},
    "xx": {"hero": "[Ĥêŕö ōñ]", "life": "[Ļîƒê ōñ]", "stamina": "[Šţåɱîñå ōñē]",
           "mind": "[Ɱîñð ō]", "body": "[Ƀöðý ō]", "spirit": "[Šþîŕîţ ōñ]"},
}


def deck(locale: str = "en") -> list[CardFace]:
    """One card of every kind in ``locale`` (11 copies in all)."""
    name, tag, body, flavour = LOCALE_TEXT[locale]
    labels = LABELS.get(locale, {})
    mk = lambda **kw: CardFace(locale=locale, labels=labels, pack="core", **kw)  # noqa: E731
    return [
        mk(id="lord-hawthorne", kind="hero", name=name, stats=HERO_STATS,
           blocks=(TextBlock(tag, body),), flavour=flavour),
        mk(id="wolf-pup", kind="ally", name=name + " II", stats={**HERO_STATS, "cost": 3,
           "familiar": True}, blocks=(TextBlock(tag, body),), count=2),
        mk(id="belt-of-strength", kind="item", name=name + " III", stats={"cost": 4,
           "class": "artifact", "type": "belt", "usage": "constant"},
           blocks=(TextBlock(None, body),), flavour=flavour, count=3),
        mk(id="bandit-chief", kind="challenge", name=name + " IV", colour="yellow",
           stats={**HERO_STATS, "reward": {"gold": 3, "keep": True}},
           blocks=(TextBlock(tag, body),), flavour=flavour),
        mk(id="storm-rising", kind="event", name=name + " V", colour="blue",
           stats={"event_number": 2, "renew": True}, blocks=(TextBlock(None, body),), count=2),
        mk(id="old-shrine", kind="encounter", name=name + " VI", colour="green",
           stats={"reward": {"gold": 2}}, blocks=(TextBlock(tag, body),), flavour=flavour,
           count=2),
    ]


LONG_BODY = ("Before each combat round, every hero in this space takes 1 {exhaustion} and "
             "loses 1 {gold} unless they discard an item. ") * 30


def long_card(locale: str = "en") -> CardFace:
    """A card whose rules text is far too long for any card."""
    return CardFace(id="endless-litany", kind="encounter", name="Endless Litany " * 4,
                    locale=locale, colour="red", stats={"reward": {"gold": 1}},
                    blocks=(TextBlock("At Any Time", LONG_BODY),), flavour="Words, words.",
                    pack="core")


def norm(text: str) -> str:
    """Text as comparable between source and extraction: icons out, whitespace collapsed."""
    text = ICON_RE.sub(" ", text).replace("\u00a0", " ").replace("\u2026", " ")
    return re.sub(r"\s+", " ", text).strip()


def runs(page) -> list[dict]:
    """Text runs of a page with their user-space start point, font and size (pypdf)."""
    out: list[dict] = []

    def visit(text, cm, tm, font_dict, font_size):
        if not text or not text.strip("\n"):
            return
        a, b, c, d, e, f = tm
        A, B, C, D, E, F = cm
        x, y = e * A + f * C + E, e * B + f * D + F
        scale = (a * A + b * C) or 1.0
        base = str(font_dict.get("/BaseFont", "")) if font_dict else ""
        out.append({"text": text.rstrip("\n"), "x": x, "y": y, "size": font_size * scale,
                    "font": base.split("+")[-1].lstrip("/"), "key": (tuple(cm), tuple(tm))})

    page.extract_text(visitor_text=visit)
    return out


def lines(page) -> list[dict]:
    """Runs that pypdf reports at the same text position joined into one drawn line."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from runeforge.backends.pdf_fonts import register_fonts

    register_fonts()
    joined: dict = {}
    for r in runs(page):
        line = joined.setdefault(r["key"], {"x": r["x"], "y": r["y"], "text": "", "width": 0.0,
                                            "size": 0.0})
        line["text"] += r["text"]
        line["width"] += stringWidth(r["text"], r["font"], r["size"])
        line["size"] = max(line["size"], r["size"])
    return list(joined.values())


def inside(line: dict, box, tol: float = 0.05) -> bool:
    x0, y0, x1, y1 = box
    return (line["x"] >= x0 - tol and line["x"] + line["width"] <= x1 + tol
            and line["y"] - 0.3 * line["size"] >= y0 - tol
            and line["y"] + 0.8 * line["size"] <= y1 + tol)


def page_ops(reader, page_index: int):
    """(operands, operator, ctm) of each operator of a page's own content stream, with the
    current transformation matrix (a, b, c, d, e, f) as q/Q and cm leave it."""
    from pypdf.generic import ContentStream

    ctm, stack = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0), []
    for operands, op in ContentStream(reader.pages[page_index].get_contents(),
                                      reader).operations:
        if op == b"q":
            stack.append(ctm)
        elif op == b"Q":
            ctm = stack.pop()
        elif op == b"cm":
            a2, b2, c2, d2, e2, f2 = (float(v) for v in operands)
            a, b, c, d, e, f = ctm
            ctm = (a2 * a + b2 * c, a2 * b + b2 * d, c2 * a + d2 * c, c2 * b + d2 * d,
                   e2 * a + f2 * c + e, e2 * b + f2 * d + f)
        yield operands, op, ctm


def at(ctm, x: float, y: float) -> tuple[float, float]:
    """User-space point (x, y) in page coordinates under ``ctm``."""
    a, b, c, d, e, f = ctm
    return (a * x + c * y + e, b * x + d * y + f)
