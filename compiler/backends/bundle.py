"""The compiled bundle (output/bundle.json): card data plus the effect IR of every ability."""

from __future__ import annotations

from runeforge import games

from . import BuildContext, Output, dumps_json

FORMAT = "runeforge-bundle"
FORMAT_VERSION = 1
# documents that test the content and are not part of it (`runeforge test` reads them)
TEST_KINDS = ("scenarios",)


def card_record(card, irs: list) -> dict:
    record = {k: v for k, v in card.data.items() if k != "abilities"}
    record.update(id=card.id, kind=card.kind, pack=card.pack, game=card.game)
    record["text"] = list(card.data.get("abilities", []) or [])
    record["abilities"] = list(irs)
    return games.get(card.game).card_record(card, record)


def document_record(doc) -> object:
    return {**doc.data, "game": doc.game} if isinstance(doc.data, dict) else doc.data


def build_bundle(content, compiled: dict) -> dict:
    """The bundle: every card and document record names its game; ``ir_versions`` gives the
    IR version of each game loaded, and ``ir_version`` (kept for older readers) that of the
    default game."""
    documents = {kind: [document_record(doc) for doc in docs]
                 for kind, docs in sorted(content.documents.items())
                 if kind not in TEST_KINDS}
    in_use = content.games()
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "ir_version": games.get().ir.version,
        "ir_versions": {g.id: g.ir.version for g in games.all_games() if g.id in in_use},
        "cards": [card_record(card, compiled.get(card_id, []))
                  for card_id, card in content.cards.items()],
        "documents": documents,
    }


def stage(ctx: BuildContext):
    yield Output("bundle.json", dumps_json(build_bundle(ctx.content, ctx.compiled)))
