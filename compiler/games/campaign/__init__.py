"""Campaign (seed 004): the layer between adventures, Runeforge's third bundled "game".

Its cards are the campaign's own: shop items, starting equipment, search cards, class skills,
overlord cards, relics (double-sided), travel events and conditions; its documents are the
campaign (structure, economy, adventures) and its map. Abilities on items, skills and a relic's
hero side are written in the Delve dialect (the adventures are played by Delve), so the dialect
and the IR family are Delve's; ``effect`` mappings are structured data whose text comes from
per-locale templates (runeforge.games.campaign.text). Content is original (docs/campaign-content.md).

:data:`GAME` names the campaign's packages: its compiler part here (:mod:`.abilities`,
:mod:`.checks`, :mod:`.text`, :mod:`.faces`, :mod:`.sheetmodel` and :mod:`.sheetpdf` for the
printable sheet) and its engine (``runeforge.engine.campaign``), plus Delve's dialect, which is
the campaign's too. The campaign's compiler part also imports Delve's (its dialect, the text of
Delve abilities, trial names): the one dependency between games, declared in
tests/test_game_boundaries.py. The campaign engine imports no game.
"""

from __future__ import annotations

from dataclasses import replace

from .. import FaceStyle, Game, TextStyle
from ..delve import GAME as DELVE

GAME = Game(
    id="campaign",
    name="Campaign (between adventures)",
    card_kinds=("shop_item", "starting_equipment", "search_card", "class_skill",
                "overlord_card", "relic", "travel_event", "condition"),
    document_kinds=("campaign", "campaign_map"),
    schema_dir=("runeforge", "schemas/campaign"),
    # Delve's dialect and IR family, with the campaign's own compile (a relic's hero side)
    dialect=replace(DELVE.dialect, compile_card="runeforge.games.campaign.abilities:compile_card"),
    ir=DELVE.ir,
    text=TextStyle(
        locales=("en", "fi", "pl", "el", "ru"),
        render="runeforge.games.campaign.text:render_card",
        msgctxt="campaign.",
        prepare="runeforge.games.campaign.text:prepare",
        name="runeforge.games.campaign.text:card_name",
    ),
    faces=FaceStyle(
        faces="runeforge.games.campaign.faces:faces",
        drawer="runeforge.games.campaign.faces:CampaignDrawer",
        deck="runeforge.games.campaign.faces:deck",
        preview="runeforge.games.campaign.faces:preview",
        pdf_keywords=("Campaign", "proxy", "cards"),
    ),
    check_documents="runeforge.games.campaign.checks:check_documents",
    ability_places=(("abilities",), ("hero", "abilities")),
    bundle_record="runeforge.games.campaign.abilities:bundle_record",
    commands={"campaign": "runeforge.games.campaign.commands:command"},
)
