"""Determinisation: one sample of what a player cannot see, for the searching bot
(:mod:`.ismcts`).

A player of Runebound sees the board, every Hero's cards, gold, wounds and tokens, the
market stacks, the undefeated and doom tracks' places and the cards played so far. What it
cannot see is the *order* of the face-down piles and the future rolls:

* the market deck (Allies and items, one back);
* each colour's adventure deck (the back shows the colour);
* the doom track's first card while it is still the one laid face down at set-up (seed 000
  "Kohtalon polku": the top green card goes beside the first heraldry unseen); after the
  first doom token that place holds a card everyone saw played;
* the movement and combat dice, and the board's own random draws (a deck rebuilt in seed
  002, the endgame's shuffle and tie roll).

What each pile *holds* is public by counting (the box's contents less the cards seen), so a
sample keeps every pile's cards and size and deals them again in a random order. The order
the real game has is never read: a pile is sorted before it is shuffled with the sample's
own seed, so two games that differ only in a hidden order give the same sample
(tests/test_ismcts.py checks this). Dice and the board's random draws are reseeded from the
sample's seed, so the real game's future rolls are not used either.

Known simplifications: a card put under a deck in sight of everyone (an item discarded to
the market deck's bottom, a doom-track card going back under its deck) is dealt anywhere in
the pile, as if nobody had watched where it went; seed 002's discard pile keeps its order.

Adventures whose games hold other secrets (the Sceptre of Kyros' Giant Lords and their
towns, the Crown of the Elder Kings' vassals and houses; any adventure document and card
expansions) are refused by :func:`refusal`: the sample would not know those zones.
"""

from __future__ import annotations

import random

from ..game.game import Game
from ..game.scenario import ADVENTURES


def refusal(game) -> str | None:
    """Why this game cannot be determinised, or None when it can: only the scripted-in
    adventures of :mod:`..game.scenario` without expansions, played by the plain
    :class:`~..game.game.Game`."""
    adventure = getattr(game.adventure, "id", "?")
    if type(game) is not Game or adventure not in ADVENTURES:
        return (f"the ismcts bot cannot play adventure '{adventure}': it samples only the "
                f"hidden piles of {', '.join(sorted(ADVENTURES))} (market deck, adventure "
                f"decks, the face-down doom card, dice), and this game holds secrets it does "
                f"not model (e.g. Sceptre of Kyros' Giant Lords, Crown of the Elder Kings' "
                f"vassals); play it with heuristic or random bots")
    return None


def setup_card_hidden(state) -> bool:
    """Is the doom track's first place still the card laid face down at set-up? (Before the
    first doom token; afterwards the first place holds a card played in sight.)"""
    return bool(state.doom and state.doom_track and state.doom_tokens == 0)


def determinise(game, rng: random.Random) -> None:
    """Deal the hidden piles of ``game`` again in an order drawn from ``rng`` and reseed its
    dice and board draws from ``rng`` (in place: call it on a copy of the game, e.g. in a
    forked playout). The result depends only on what the piles hold, never on their order."""
    s = game.state
    s.market_deck[:] = _shuffled(s.market_deck, rng)
    green = game.rules.doom_track.first_card_from if s.doom else None
    for colour in sorted(s.adventure_decks):
        deck = s.adventure_decks[colour]
        if colour == green and setup_card_hidden(s):
            pool = _shuffled([*deck, s.doom_track[0]], rng)
            s.doom_track[0] = pool.pop(0)
            deck[:] = pool
        else:
            deck[:] = _shuffled(deck, rng)
    game.rng.seed(rng.getrandbits(64))
    game.combat.dice._rng.seed(rng.getrandbits(64))


def _shuffled(cards: list, rng: random.Random) -> list:
    out = sorted(cards)  # the real order never reaches the sample
    rng.shuffle(out)
    return out
