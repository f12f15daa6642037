"""Delve (seed 003): the hero-dice dungeon game, Runeforge's second bundled game. Heroes spend
hero dice on actions whose header is their cost; chambers are tiles laid from an exploration
deck. Content and every number not in the seed are the project's own (docs/delve.md).

:data:`GAME` names Delve's packages only: its dialect (``runeforge.dsl.delve``), its compiler
part here (:mod:`.abilities`: dialect glue; :mod:`.checks`: content checks; :mod:`.text`:
rules text; :mod:`.faces`: face style; :mod:`.tile_layout` and :mod:`.tile_pdf`: the tiles at
full size) and its engine (``runeforge.engine.delve``)."""

from __future__ import annotations

from .. import Dialect, FaceStyle, Game, IRFamily, TextStyle

GAME = Game(
    id="delve",
    name="Delve (hero-dice dungeon)",
    card_kinds=("hero", "adversary", "exploration", "skill", "tile", "encounter_table"),
    document_kinds=("rules", "trial", "scenarios"),
    schema_dir=("runeforge", "schemas/delve"),
    dialect=Dialect(
        grammar="runeforge.dsl.delve:delve.lark",
        parse="runeforge.dsl.delve.sequence:parse_card_text",
        print="runeforge.dsl.delve.sequence:print_card_text",
        compile_card="runeforge.games.delve.abilities:compile_card",
        canonical="runeforge.games.delve.abilities:canonical_text",
        vocabulary="runeforge.dsl.delve.parser:VOCABULARY",
        interactive="runeforge.dsl.delve.parser:interactive",
    ),
    ir=IRFamily(
        name="delve",
        version=3,  # engine/delve/ir.py IR_VERSION (tests/test_games.py holds them equal)
        schema="runeforge.engine.delve.ir:ir_schema",
        validate="runeforge.games.delve.irvalid:validate_ir",
    ),
    text=TextStyle(
        locales=("en", "fi", "pl", "el", "ru"),
        render="runeforge.games.delve.text:render_card",
        msgctxt="delve.",
        prepare="runeforge.games.delve.text:prepare",
        name="runeforge.games.delve.text:card_name",
        summary="runeforge.games.delve.text_summary:summary",
    ),
    faces=FaceStyle(
        faces="runeforge.games.delve.faces:faces",
        drawer="runeforge.games.delve.faces:DelveDrawer",
        deck="runeforge.games.delve.faces:deck",
        preview="runeforge.games.delve.faces:preview",
        pdf_keywords=("Delve", "proxy", "cards"),
        extra_pdfs="runeforge.games.delve.tile_pdf:extra_pdfs",
        extra_decks=("delve-reference",),  # faces.reference_faces: the basic actions
    ),
    check_documents="runeforge.games.delve.checks:check_documents",
    card_lists={"tile": "tiles"},
    engine={"play": "runeforge.engine.delve.game.play:play",
            "log_options": "runeforge.engine.delve.game.play:LOG_OPTIONS",
            "odds_exact": "runeforge.engine.delve.analysis.odds:odds_exact",
            "seats": "runeforge.engine.delve.game.play:seats",
            # `runeforge table`: a game set up, played by its holder, then finished
            "begin": "runeforge.engine.delve.game.play:begin",
            "finish": "runeforge.engine.delve.game.play:finish",
            "narrate": "runeforge.engine.delve.analysis.fight:narrate",
            # `runeforge simulate`: one trial as a result record, and the summary of many
            "simulate": "runeforge.engine.delve.analysis.simulate:run_one",
            "summarize": "runeforge.engine.delve.analysis.simulate:summarize",
            # `runeforge fight`: one hero against one adversary, played to its end
            "fight": "runeforge.engine.delve.analysis.fight:fight",
            # `runeforge balance --game delve`: every hero against every adversary
            "balance": "runeforge.engine.delve.analysis.balance:balance",
            # `runeforge test`: one card scenario (a hero turn with scripted dice)
            "scenario": "runeforge.engine.delve.analysis.scenarios:run_scenario"},
    # the generic runner of engine-run scenarios (compiler/scenarios/entry.py); the cards
    # with behaviour are what --coverage counts (tiles, decks and tables are data)
    scenarios="runeforge.games.delve.scenarios:run",
    scenario_kinds=("hero", "skill", "adversary"),
    adventure_kinds=("trial",),
)
