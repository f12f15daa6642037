"""Shared set-up for the game scripts: the bundled content compiled once, and one game."""

from __future__ import annotations

import functools


@functools.lru_cache(maxsize=1)
def content():
    """(bundle, catalog) of the bundled cards, compiled once per process."""
    from runeforge import pipeline
    from runeforge.backends.bundle import build_bundle
    from runeforge.engine.runebound.core.catalog import Catalog

    result = pipeline.check([])
    if not result.ok:
        raise SystemExit("the bundled content does not compile; run `runeforge check`")
    bundle = build_bundle(result.content, result.compiled)
    return bundle, Catalog(bundle)


def play(**options):
    """Play one game of the bundled adventure to its end; returns the Game."""
    try:  # the games' bot with exact fight odds (issue 35)
        from runeforge.engine.runebound.analysis.bot_odds import make_bot
    except ImportError:  # bench_game's "before" revision (5c1ab7c) predates it
        from runeforge.engine.runebound.bots.game_bot import make_bot
    from runeforge.engine.runebound.game.setup import new_game

    bundle, catalog = content()
    game = new_game(bundle, catalog=catalog, packs="adventure", make_bot=make_bot, **options)
    game.run()
    return game
