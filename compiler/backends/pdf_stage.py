"""Build stage for `runeforge build`: one proxy PDF per pack and locale (output/pdf/).

Faces are localised through runeforge.l10n: names and flavour from the catalogs, labels
from the label messages, and each ability's bold tag and body rendered from its AST
(``render_blocks``), so nothing is split or glued by pattern. Warnings (RF604, RF701)
are added to the check result's diagnostics.
"""

from __future__ import annotations

import json

from . import BuildContext, Output
from .faces import DEFAULT_LABELS, TextBlock, faces_from_cards

# PDF label key -> l10n label key (compiler/l10n/templates.py LABELS)
_KINDS = ("hero", "ally", "item", "challenge", "event", "encounter")
_CLASSES = ("weapon", "armor", "artifact", "rune", "relic", "consumable")
_USAGES = ("activated", "one-use", "constant")
_COLOURS = ("green", "yellow", "blue", "red")
LABEL_KEYS = {
    **{k: f"kind.{k}" for k in _KINDS},
    **{k: f"class.{k}" for k in _CLASSES},
    **{k: f"usage.{k}" for k in _USAGES},
    **{k: f"colour.{k}" for k in _COLOURS},
    "keep": "reward.keep", "becomes_item": "reward.becomes.item",
    "becomes_ally": "reward.becomes.ally",
    **{k: k for k in ("mind", "body", "spirit", "ranged", "melee", "magic", "life", "stamina",
                      "cost", "familiar", "reward", "damage", "renew", "print_note")},
}


def labels_for(locale: str) -> dict[str, str]:
    """Localised face labels; a key the catalogs do not have yet keeps its English text."""
    from runeforge.l10n.names import label
    from runeforge.l10n.templates import LABELS

    out = dict(DEFAULT_LABELS)
    for pdf_key, l10n_key in LABEL_KEYS.items():
        if l10n_key in LABELS:
            out[pdf_key] = label(l10n_key, locale)
    return out


def faces_for(result, locale: str) -> list:
    """Card faces of a checked content in ``locale``, in content order."""
    from runeforge.abilities import parse_cached
    from runeforge.l10n.names import card_name, flavour
    from runeforge.l10n.render import render_blocks

    def blocks(card, loc):
        out = []
        for text in card.data.get("abilities", []) or []:
            if isinstance(text, str):
                tag, body = render_blocks(parse_cached(text), loc)
                out.append(TextBlock(tag, body))
        return out

    def flavour_for(card, loc):
        text = card.data.get("flavour")
        return flavour(text, loc) if isinstance(text, str) and text else None

    return faces_from_cards(list(result.content.cards.values()), locale,
                            labels=labels_for(locale), blocks_for=blocks,
                            name_for=lambda card, loc: card_name(card.name, loc),
                            flavour_for=flavour_for)


def pdf_outputs(result, locales, *, warn=None, progress=None, **options) -> list[Output]:
    """``pdf/<pack>-<locale>.pdf`` and its ``.layout.json`` for every pack with cards."""
    from .pdf_document import render_deck_pdf

    outputs = []
    packs = result.content.packs
    for locale in locales:
        by_pack: dict[str, list] = {}
        for face in faces_for(result, locale):
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
    return pdf_outputs(ctx.result, ctx.locales, warn=warn, progress=ctx.progress,
                       **ctx.options.get("pdf", {}))
