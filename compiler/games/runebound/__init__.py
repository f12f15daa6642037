"""Runebound (2nd edition), seeds 000-002: the game every pack belongs to unless its manifest
names another. One declarative value, :data:`GAME`; every layer it names is Runebound's own
package: the dialect in ``runeforge.dsl.runebound``, the compiler's part in this package
(:mod:`.abilities`, :mod:`.checks`, :mod:`.lower`, :mod:`.text`, :mod:`.faces`,
:mod:`.scenarios`), the rules engine in ``runeforge.engine.runebound``. Its JSON Schemas are
the toolchain's first ones, in ``compiler/schemas/`` beside the manifest's."""

from __future__ import annotations

from .. import Dialect, FaceStyle, Game, IRFamily, TextStyle

GAME = Game(
    id="runebound-2e",
    name="Runebound (2nd edition)",
    card_kinds=("hero", "ally", "item", "challenge", "event", "encounter"),
    document_kinds=("adventure", "board", "dice", "ruleset", "scenarios"),
    schema_dir=("runeforge", "schemas"),
    dialect=Dialect(
        grammar="runeforge.dsl.runebound:ability.lark",
        parse="runeforge.dsl.runebound.sequence:parse_card_text",
        print="runeforge.dsl.runebound.sequence:print_card_text",
        compile_card="runeforge.games.runebound.abilities:compile_card",
        canonical="runeforge.games.runebound.abilities:canonical_text",
        vocabulary="runeforge.dsl.runebound.lexer:VOCABULARY",
        interactive="runeforge.dsl.runebound.parser:interactive",
    ),
    ir=IRFamily(
        name="runebound-2e",
        version=2,
        schema="runeforge.engine.runebound.core.ir:ir_schema",
        validate="runeforge.engine.runebound.core.ir:validate_ability",
    ),
    text=TextStyle(
        locales=("en", "fi", "pl", "el", "ru", "en-XA"),
        render="runeforge.games.runebound.text.render:render_card",
        msgctxt="",  # the Runebound catalogs came first: their contexts have no prefix
        prepare="runeforge.games.runebound.text:prepare",
    ),
    faces=FaceStyle(
        faces="runeforge.games.runebound.faces:localised_faces",
        drawer="runeforge.games.runebound.faces.drawer:FaceDrawer",
        deck="runeforge.games.runebound.faces:deck_of",
        preview="runeforge.games.runebound.faces:preview_context",
        pdf_keywords=("Runebound", "proxy", "cards"),
    ),
    check_documents="runeforge.games.runebound.checks.ruleset:check_documents",
    scenarios="runeforge.games.runebound.scenarios:run",
    engine={
        "catalog": "runeforge.engine.runebound.core.catalog:Catalog",
        "start_game": "runeforge.engine.runebound.analysis.simulate:start_game",
        "make_bot": "runeforge.engine.runebound.bots.game_bot:make_bot",
        "fight": "runeforge.engine.runebound.combat.combat:Combat",
        "odds_exact": "runeforge.engine.runebound.analysis.odds_exact:exact_odds",
        "odds_mc": "runeforge.engine.runebound.analysis.odds_mc:monte_carlo_odds",
        # what the Runebound commands (fight, odds, play, simulate, balance, replay) use
        "own_cards": "runeforge.engine.runebound.core.bundle:own_cards",
        "rules_data": "runeforge.engine.runebound.core.rulesdata:RulesData",
        "bundled_document": "runeforge.engine.runebound.core.rulesdata:bundled_document",
        "load_ruleset": "runeforge.engine.runebound.core.rulesdata:load_ruleset",
        "house_rules": "runeforge.engine.runebound.core.rulesdata:HOUSE_RULES",
        "ruleset": "runeforge.engine.runebound.core.ruleset:Ruleset",
        "get_ruleset": "runeforge.engine.runebound.core.ruleset:get_ruleset",
        "state": "runeforge.engine.runebound.core.state:State",
        "ir_error": "runeforge.engine.runebound.core.ir:IRError",
        "combat_bot": "runeforge.engine.runebound.bots.combat_bot:HeuristicBot",
        "kernel": "runeforge.engine.runebound.combat.kernel:compile_kernel",
        "kernel_fallbacks": "runeforge.engine.runebound.analysis.kernel_check:fallbacks",
        "mc_result": "runeforge.engine.runebound.analysis.odds_mc:McResult",
        "mc_trials": "runeforge.engine.runebound.analysis.odds_mc:run_trials",
        "before_model": "runeforge.engine.runebound.analysis.before_model:before_model",
        "before_rules": "runeforge.engine.runebound.analysis.odds_before:Rules",
        "before_odds": "runeforge.engine.runebound.analysis.odds_before:exact_combat_odds",
        "simulation": "runeforge.engine.runebound.analysis.simulate",  # the module: specs, run_local, run_dask ...
        "adventures": "runeforge.engine.runebound.game.scenario:ADVENTURES",
        "adventure_expansions": "runeforge.engine.runebound.adventures.expansions:ADVENTURE_EXPANSIONS",
        "market_expansions": "runeforge.engine.runebound.adventures.expansions:MARKET_EXPANSIONS",
    },
)
