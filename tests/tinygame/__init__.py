"""A tiny second game, for tests only: proof that a game is a plug-in of every layer.

Two card kinds (``fighter``, ``action``), a three-rule grammar (``tiny.lark``: "Strike (4+):
Deal 2 damage."), its own schemas, checks, IR, English text, face style, engine step and
sub-command (``runeforge tiny``). It is registered with :func:`runeforge.games.register` by
the tests that use it, or made a built-in game by one more line of ``runeforge.games.BUILTIN``
(tests/test_game_boundaries.py). Original content.
"""

from runeforge.games import Dialect, FaceStyle, Game, IRFamily, TextStyle

GAME = Game(
    id="tinygame",
    name="Tiny dice duel (test game)",
    card_kinds=("fighter", "action"),
    document_kinds=("adventure",),
    schema_dir=("tests.tinygame", "schemas"),
    dialect=Dialect(
        grammar="tests.tinygame:tiny.lark",
        parse="tests.tinygame.dialect:parse",
        print="tests.tinygame.dialect:print_ability",
        compile_card="tests.tinygame.dialect:compile_card",
        canonical="tests.tinygame.dialect:canonical",
        vocabulary="tests.tinygame.dialect:WORDS",
    ),
    ir=IRFamily(name="tinygame", version=1, schema="tests.tinygame.dialect:IR_SCHEMA",
                validate="tests.tinygame.dialect:validate_ir"),
    text=TextStyle(locales=("en",), render="tests.tinygame.faces:render", msgctxt="tinygame"),
    faces=FaceStyle(faces="tests.tinygame.faces:faces", drawer="tests.tinygame.faces:TinyDrawer",
                    deck="tests.tinygame.faces:deck", preview="tests.tinygame.faces:preview",
                    pdf_keywords=("Tiny game", "proxy")),
    engine={"start": "tests.tinygame.engine:start", "step": "tests.tinygame.engine:step",
            "play": "tests.tinygame.engine:play"},
    commands={"tiny": "tests.tinygame.cli:command"},
)
