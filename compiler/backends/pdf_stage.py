"""Build stage for `runeforge build`: one proxy PDF per pack and locale (output/pdf/).

Each pack is drawn in its game's face style: the game localises its cards into faces and
gives the drawer of fronts and backs (runeforge.games). Warnings (RF604, RF701) are added to
the check result's diagnostics.
"""

from __future__ import annotations

import json

from runeforge import games

from . import BuildContext, Output, at_card


def game_faces(result, locale: str) -> list[tuple]:
    """``(game, face)`` for every card of a checked content in ``locale``, in content order;
    each game's face style localises its own cards."""
    out: list[tuple] = []
    run: list = []

    def flush():
        if run:
            game = games.get(run[0].game)
            out.extend((game, face) for face in game.card_faces(list(run), locale,
                                                                 content=result.content))
            run.clear()

    for card in result.content.cards.values():
        if run and card.game != run[0].game:
            flush()
        run.append(card)
    flush()
    return out


def pdf_outputs(result, locales, *, warn=None, progress=None, **options) -> list[Output]:
    """``pdf/<pack>-<locale>.pdf`` and its ``.layout.json`` for every pack with cards."""
    from .pdf_document import render_deck_pdf

    outputs = []
    packs = result.content.packs
    for locale in locales:
        by_pack: dict[str, list] = {}
        for game, face in game_faces(result, locale):
            by_pack.setdefault(face.pack, []).append((game, face))
        for pack_id in sorted(by_pack):
            pack = packs.get(pack_id)
            game = by_pack[pack_id][0][0]
            title = f"{getattr(pack, 'name', '') or pack_id} ({locale})"
            data, layout = render_deck_pdf([face for _, face in by_pack[pack_id]], title=title,
                                           warn=warn, progress=progress,
                                           drawer=game.face_drawer,
                                           keywords=game.faces.pdf_keywords, **options)
            name = f"pdf/{pack_id}-{locale}"
            layout["pdf"] = f"{pack_id}-{locale}.pdf"
            text = json.dumps(layout, ensure_ascii=False, indent=1, sort_keys=True) + "\n"
            outputs.append(Output(f"{name}.pdf", data))
            outputs.append(Output(f"{name}.layout.json", text.encode("utf-8")))
    return outputs


def stage(ctx: BuildContext):
    diagnostics = getattr(ctx.result, "diagnostics", None)
    warn = None
    if isinstance(diagnostics, list):
        def warn(diag):  # RF701/RF604 are found per face: give them the card's place
            diagnostics.append(at_card(ctx.content, diag))
    return pdf_outputs(ctx.result, ctx.locales, warn=warn, progress=ctx.progress,
                       **ctx.options.get("pdf", {}))
