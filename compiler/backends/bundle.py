"""The compiled bundle (output/bundle.json): card data plus the effect IR of every ability."""

from __future__ import annotations

from . import BuildContext, Output, dumps_json

FORMAT = "runeforge-bundle"
FORMAT_VERSION = 1


def card_record(card, irs: list) -> dict:
    record = {k: v for k, v in card.data.items() if k != "abilities"}
    record.update(id=card.id, kind=card.kind, pack=card.pack)
    record["text"] = list(card.data.get("abilities", []) or [])
    record["abilities"] = list(irs)
    return record


def build_bundle(content, compiled: dict) -> dict:
    from runeforge.engine.runebound.core.ir import IR_VERSION

    documents = {kind: [doc.data for doc in docs]
                 for kind, docs in sorted(content.documents.items())}
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "ir_version": IR_VERSION,
        "cards": [card_record(card, compiled.get(card_id, []))
                  for card_id, card in content.cards.items()],
        "documents": documents,
    }


def stage(ctx: BuildContext):
    yield Output("bundle.json", dumps_json(build_bundle(ctx.content, ctx.compiled)))
