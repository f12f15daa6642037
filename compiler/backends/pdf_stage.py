"""Build stage for `runeforge build`: one proxy PDF per pack and locale (output/pdf/), and
with ``export="png"`` one PNG per card face and deck back (output/png/, png_export).

Each pack is drawn in its game's face style: the game localises its cards into faces and
gives the drawer of fronts and backs (runeforge.games). Card art is checked once per build
(pdf_picture: RF710-RF714, located at the card's ``art:``). Warnings (RF604, RF701, RF712,
RF714) and art errors are added to the check result's diagnostics; the build writes nothing
when an error is among them. ``decks``/``cards`` print a subset; sheets carry translated
labels, a contents page and (on request) a translated alignment page.
"""

from __future__ import annotations

import json
from dataclasses import replace
from functools import partial

from runeforge import games
from runeforge.diagnostics import DiagnosticError

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


# words of sheets, contents and alignment page: pdf_document key -> label key (l10n LABELS)
SHEET_LABELS = {
    "sheet": "sheet.number", "front": "sheet.front", "back": "sheet.back",
    "contents": "sheet.contents", "deck": "sheet.deck", "cards": "sheet.cards",
    "copies": "sheet.copies", "sheets": "sheet.sheets", "print_note": "print_note",
    "align_front": "align.front", "align_back": "align.back", "align_steps": "align.steps",
    "align_read": "align.read",
}
# options of the stage that are not render_deck_pdf's
STAGE_OPTIONS = ("decks", "cards", "export", "dpi", "contents")


def sheet_texts(locale: str) -> dict[str, str]:
    """The translated words printed on sheets (English where a catalog lacks one)."""
    from runeforge.l10n.labels import LABELS
    from runeforge.l10n.names import label

    return {key: label(ref, locale) for key, ref in SHEET_LABELS.items() if ref in LABELS}


def _subset(faces: list, decks, cards) -> list:
    if decks:
        faces = [f for f in faces if getattr(f, "deck", "") in decks]
    if cards:
        faces = [f for f in faces if f.id in cards]
    return faces


def pdf_outputs(result, locales, *, warn=None, progress=None, pictures=None, decks=None,
                cards=None, export=None, dpi=300, contents=True, **options) -> list[Output]:
    """``pdf/<pack>-<locale>.pdf`` and its ``.layout.json`` for every pack with cards (and
    the PNGs of ``export="png"``). ``pictures`` maps card ids to checked art."""
    from .pdf_document import render_deck_pdf
    from .pdf_style import card_size_mm
    from .png_export import png_outputs
    from .tts_export import tts_outputs

    outputs = []
    packs = result.content.packs
    pictures = pictures or {}
    for locale in locales:
        by_pack: dict[str, list] = {}
        for game, face in game_faces(result, locale):
            if face.id in pictures:
                face = replace(face, stats={**face.stats, "art": pictures[face.id]})
            by_pack.setdefault(face.pack, []).append((game, face))
        texts = sheet_texts(locale)
        for pack_id in sorted(by_pack):
            pack = packs.get(pack_id)
            game = by_pack[pack_id][0][0]
            faces = _subset([face for _, face in by_pack[pack_id]], decks, cards)
            if not faces:
                continue
            title = f"{getattr(pack, 'name', '') or pack_id} ({locale})"
            render = partial(render_deck_pdf, title=title, warn=warn, drawer=game.face_drawer,
                             keywords=game.faces.pdf_keywords, texts=texts,
                             label=f"{pack_id}-{locale}", **options)
            sheet = options.get("mode", "sheet") == "sheet"
            data, layout = render(faces, progress=progress, contents=contents and sheet)
            name = f"pdf/{pack_id}-{locale}"
            layout["pdf"] = f"{pack_id}-{locale}.pdf"
            text = json.dumps(layout, ensure_ascii=False, indent=1, sort_keys=True) + "\n"
            outputs.append(Output(f"{name}.pdf", data))
            outputs.append(Output(f"{name}.layout.json", text.encode("utf-8")))
            if game.faces.extra_pdfs:  # more than cards: Delve's full-size tiles
                outputs.extend(_extra_outputs(game, faces, pack_id, locale, title, options))
            if export in ("png", "tts"):
                shop = {k: v for k, v in options.items()
                        if k not in ("mode", "bleed_mm", "backs", "alignment_page")}
                pngs = (png_outputs(
                    faces, f"{pack_id}-{locale}", dpi=dpi,
                    card_mm=card_size_mm(options.get("card_size", "poker")),
                    bleed_mm=options.get("bleed_mm", 0.0),
                    render=partial(render_deck_pdf, title=title, warn=None,
                                   drawer=game.face_drawer, keywords=game.faces.pdf_keywords,
                                   **shop)))  # fmt: skip
                if export == "png":
                    outputs.extend(pngs)
                else:  # Tabletop Simulator sheets made from the same images
                    outputs.extend(tts_outputs(pngs, f"{pack_id}-{locale}",
                                               {f.id: f.name for f in faces}, locale))
    return outputs


def _extra_outputs(game, faces, pack_id: str, locale: str, title: str, options: dict):
    """``pdf/<pack>-<name>-<locale>.pdf`` and its layout for each extra PDF of the game."""
    make = games.resolve(game.faces.extra_pdfs)
    out = []
    for extra, data, layout in make(faces, paper=options.get("paper", "A4"), title=title,
                                    colour=options.get("colour", "rgb"),
                                    output_profile=options.get("output_profile")):
        stem = f"{pack_id}-{extra}-{locale}"
        layout["pdf"] = f"{stem}.pdf"
        text = json.dumps(layout, ensure_ascii=False, indent=1, sort_keys=True) + "\n"
        out += [Output(f"pdf/{stem}.pdf", data), Output(f"pdf/{stem}.layout.json",
                                                         text.encode("utf-8"))]
    return out


def check_art(result, options: dict) -> tuple[dict, list]:
    """``(pictures, diagnostics)`` of every card's ``art:`` for the build's card size."""
    from .pdf_picture import resolve_art
    from .pdf_style import card_size_mm

    return resolve_art(result.content.cards.values(), result.content.packs,
                       card_size_mm(options.get("card_size", "poker")))


def stage(ctx: BuildContext):
    from runeforge.diagnostics import has_errors

    options = dict(ctx.options.get("pdf", {}))
    diagnostics = getattr(ctx.result, "diagnostics", None)
    pictures, art_diags = check_art(ctx.result, options)
    warn = None
    if isinstance(diagnostics, list):
        diagnostics.extend(d for d in art_diags if d not in diagnostics)  # check found some

        def warn(diag):  # RF701/RF604 are found per face: give them the card's place
            diagnostics.append(at_card(ctx.content, diag))
    if has_errors(art_diags):
        if not isinstance(diagnostics, list):
            raise DiagnosticError(art_diags)
        return []  # the build reports them and writes nothing
    return pdf_outputs(ctx.result, ctx.locales, warn=warn, progress=ctx.progress,
                       pictures=pictures, **options)
