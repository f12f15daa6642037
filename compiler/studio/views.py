"""What the page shows for one card: structure, IR, texts, face PNG, odds.

Everything comes from the shared :class:`runeforge.analysis.AnalysisService` (the checked
content, the compiled IR, the game's text renderer) and the games' own code: the face is the
PDF backend's face drawer for that one card (print-shop mode, one page) rendered by pdfium,
the odds are the game's exact model (Runebound's `odds --exact`, Delve's ``odds_exact``
engine entry), plus Runebound's Monte Carlo when the exact model ignores an ability.
"""

from __future__ import annotations

import io

from runeforge import games
from runeforge.analysis.odds import kinds_of  # the hover's pairs: (hero kind, foe kind)

MC_TRIALS = 2000
FACE_DPI = 150


def diag_record(d) -> dict:
    return {"code": d.code, "message": d.message, "line": d.line, "col": d.col,
            "length": max(1, int(d.length or 1)), "severity": d.severity, "hint": d.hint or ""}


def structure(ir: dict) -> dict:
    """The parts of an ability a designer reads: tag, limit, costs, effects. Runebound's IR
    has ``timing``/``limits``/``costs``; another game's may name its ability and give its
    ``form`` and one ``cost`` (Delve's actions) instead."""
    timing = ir.get("timing") or {}
    tag = timing.get("tag") if isinstance(timing, dict) else timing
    limits = ir.get("limits") or ([ir["limit"]] if ir.get("limit") else [])
    costs = list(ir.get("costs") or ([ir["cost"]] if ir.get("cost") else []))
    return {"source": ir.get("source") or ir.get("name") or "",
            "tag": tag or ir.get("form") or ("static" if ir.get("static") else ""),
            "limit": [_value(x) for x in limits],
            "costs": [_short(c) if isinstance(c, dict) and "op" in c else _value(c)
                      for c in costs],
            "effects": [_short(e) for e in ir.get("effects") or []]}


def _short(part) -> str:
    if not isinstance(part, dict):
        return str(part)
    op = part.get("op", "?")
    rest = ", ".join(f"{k}={_value(v)}" for k, v in part.items() if k != "op")
    return f"{op}({rest})" if rest else str(op)


def _value(v) -> str:
    if isinstance(v, dict) and v.get("kind") == "fixed" and "value" in v:
        return str(v["value"])
    if isinstance(v, dict) and all(not isinstance(x, (dict, list)) for x in v.values()):
        return ", ".join(f"{k} {x}" for k, x in v.items())
    if isinstance(v, (dict, list)):
        import json

        return json.dumps(v, ensure_ascii=False, sort_keys=True)
    return str(v)


def face_png(service, card, locale: str, dpi: int = FACE_DPI) -> bytes:
    """The card's printed face: the PDF backend draws it (the game's face style, one
    print-shop page, no bleed) and pdfium rasterises that page."""
    import pypdfium2 as pdfium

    from runeforge.backends.pdf_document import render_deck_pdf

    game = games.get(card.game)
    faces = [f for f in game.card_faces([card], locale, content=service.content)
             if f.id == card.id][:1]
    if not faces:
        raise ValueError(f"the game '{game.id}' draws no face for a {card.kind}")
    data, _ = render_deck_pdf(faces, mode="print-shop", bleed_mm=0.0, backs=False,
                              title=card.id, warn=None, drawer=game.face_drawer,
                              keywords=game.faces.pdf_keywords)
    pdf = pdfium.PdfDocument(data)
    try:
        image = pdf[0].render(scale=dpi / 72.0, rev_byteorder=True).to_pil().convert("RGB")
    finally:
        pdf.close()
    out = io.BytesIO()
    image.save(out, format="PNG", compress_level=3)
    return out.getvalue()


def opponents(service, card) -> list[dict]:
    """The cards the page offers as the opponent of ``card`` (a hero or its foe)."""
    kinds = kinds_of(card.game)
    if card.kind not in kinds:
        return []
    want = kinds[1] if card.kind == kinds[0] else kinds[0]
    return [{"id": c.id, "name": c.name} for c in service.content.cards.values()
            if c.game == card.game and c.kind == want]


def odds(service, card, opponent_id: str) -> dict:
    """The exact odds of the hero of the pair against its foe (+ Monte Carlo when the
    exact model ignores abilities). Errors come back as ``{"error": text}``."""
    kinds = kinds_of(card.game)
    other = service.card(opponent_id)
    if other is None or other.game != card.game:
        return {"error": "no such opponent"}
    hero, foe = (card, other) if card.kind == kinds[0] else (other, card)
    if hero.kind != kinds[0] or foe.kind != kinds[1]:
        return {"error": f"odds pit a {kinds[0]} against a {kinds[1]}"}
    try:
        if card.game == games.DEFAULT_GAME:
            return _runebound(service, hero.id, foe.id)
        return _other(service, games.get(card.game), hero.id, foe.id)
    except Exception as exc:  # noqa: BLE001 - the page shows why, the server stays up
        return {"error": f"{type(exc).__name__}: {exc}"}


def _runebound(service, hero_id: str, foe_id: str) -> dict:
    from runeforge.commands import odds as odds_cmd

    content = service.content
    compiled = {i: service.ir(i) for i in (hero_id, foe_id)}
    r = odds_cmd.exact(content, hero_id, foe_id, [], [], "base", compiled)
    out = {"method": "exact", "hero": hero_id, "foe": foe_id, "win": r["win"],
           "loss": r["loss"], "stalemate": r["stalemate"],
           "expected_hero_wounds": r["expected_hero_wounds"],
           "ignored": [f"{a['card']}: {a['text']} ({a['reason']})" for a in r["ignored"]]}
    if r["ignored"] or not r.get("covered", True):
        mc = odds_cmd.monte_carlo(content, hero_id, foe_id, [], [], "base", MC_TRIALS, 0,
                                  "bot")
        out["monte_carlo"] = {"win": mc["win"], "ci95": list(mc["ci95"]),
                              "trials": mc["trials"], "seed": mc["seed"]}
    return out


def _other(service, game, hero_id: str, foe_id: str) -> dict:
    from runeforge.backends.bundle import card_record, document_record

    entry = game.entry("odds_exact")
    if entry is None:
        return {"error": f"the game '{game.id}' has no odds engine"}
    own = service.content.of_game(game.id)
    cards = [card_record(own.cards[i], service.ir(i)) for i in (hero_id, foe_id)]
    docs = {kind: [document_record(d) for d in found]
            for kind, found in sorted(own.documents.items())}
    r = entry({"cards": cards, "documents": docs},
              {"hero": hero_id, "adversary": foe_id, "start": "adjacent"})
    return {"method": "exact", "hero": hero_id, "foe": foe_id,
            "win": float(r.get("percent", 0)) / 100.0, "probability": str(r.get("probability")),
            "note": "one hero turn, starting next to the adversary", "ignored": []}
