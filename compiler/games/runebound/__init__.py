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
        parse="runeforge.dsl.runebound.parser:parse_ability",
        print="runeforge.dsl.runebound.printer:print_ability",
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
        "fight": "runeforge.engine.runebound.combat.combat:Combat",
        "odds_exact": "runeforge.engine.runebound.analysis.odds_exact:exact_odds",
        "odds_mc": "runeforge.engine.runebound.analysis.odds_mc:monte_carlo_odds",
    },
)
