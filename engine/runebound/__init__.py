"""The rules engine of Runebound (2nd edition), in layers; a layer imports only the layers
below it (``tests/test_engine_layers.py`` checks this):

``core`` (state, effect IR, effects, windows, costs, rolls, the resolver, the card catalog,
rulesets) < ``combat`` (challenge and hero-vs-hero combat, combat in the game) < ``game``
(the whole game: board, turn, adventure step, market, experience, doom track, endgame,
set-up) < ``adventures`` (adventure documents and rule modules: Crown, Kyros, expansions)
< ``bots`` < ``analysis`` (exact odds, Monte Carlo, simulations).
Every layer may use :mod:`runeforge.engine.common`.

:data:`GAME` is the id of this game in a bundle: the engine takes the cards and documents
whose ``game`` is this id (or missing) and ignores the rest (:mod:`.core.bundle`).
"""

GAME = "runebound-2e"
