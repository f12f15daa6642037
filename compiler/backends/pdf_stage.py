"""Build stage for `runeforge build`: one proxy PDF per pack and locale (output/pdf/).

To enable it, add ``("pdf", "runeforge.backends.pdf_stage:stage")`` to
``runeforge.backends.STAGES``. Card faces come from :func:`faces_for`; when the l10n work
provides localised names and labels, pass them through ``faces_from_cards``' ``name_for``,
``flavour_for`` and ``labels`` arguments there. Warnings (RF604, RF701) are added to the
check result's diagnostics.
"""

from __future__ import annotations

from . import BuildContext, Output
from .faces import faces_from_cards


def faces_for(result, locale: str) -> list:
    """Card faces of a checked content in ``locale``, in content order."""
    from .text import render_rules_text

    texts: dict[str, list[str]] = {}
    for record in render_rules_text(result.content, result.compiled, locale):
        texts.setdefault(record["card"], []).append(record["text"])
    cards = list(result.content.cards.values())
    return faces_from_cards(cards, locale, lambda card, _loc: texts.get(card.id, []))


def pdf_outputs(result, locales, *, warn=None, progress=None, **options) -> list[Output]:
    """``pdf/<pack>-<locale>.pdf`` and its ``.layout.json`` for every pack with cards."""
    import json

    from .pdf_document import render_deck_pdf

    outputs = []
    packs = result.content.packs
    for locale in locales:
        faces = faces_for(result, locale)
        by_pack: dict[str, list] = {}
        for face in faces:
            by_pack.setdefault(face.pack, []).append(face)
        for pack_id in sorted(by_pack):
            pack = packs.get(pack_id)
            title = f"{getattr(pack, 'name', '') or pack_id} ({locale})"
            data, layout = render_deck_pdf(by_pack[pack_id], title=title, warn=warn,
                                           progress=progress, **options)
            name = f"pdf/{pack_id}-{locale}"
            layout["pdf"] = f"{pack_id}-{locale}.pdf"
            text = json.dumps(layout, ensure_ascii=False, indent=1, sort_keys=True) + "\n"
            outputs.append(Output(f"{name}.pdf", data))
            outputs.append(Output(f"{name}.layout.json", text.encode("utf-8")))
    return outputs


def stage(ctx: BuildContext):
    diagnostics = getattr(ctx.result, "diagnostics", None)
    warn = diagnostics.append if isinstance(diagnostics, list) else None
    return pdf_outputs(ctx.result, ctx.locales, warn=warn)
