"""How close the doom track is to the endgame, as the game bot reads it (seed 000 "Kohtalon
polku"; seed 002 "Discarding Cards/Doom Track").

In the endgame a Hero keeps its wounds from one confrontation to the next, cannot heal, shop
or escape, and a defeat eliminates it; in the normal game a knock-out only costs gold and a
card and heals the Hero. So a Hero that sees the endgame coming heals and spends its gold
first. The count is the engine's own: ``cards_per_token`` by player count (ruleset data), the
card that stays on the track after each token counting toward the next one.
"""

from __future__ import annotations

# the endgame is "near" when at most this many played adventure cards per player are still to
# go onto the doom track (the bots lay about 0.6 a turn): one or two rounds away, time
# enough to reach a town
NEAR_CARDS_PER_PLAYER = 1.5


def doom_cards_left(game) -> int | None:
    """The played adventure cards still to go onto the doom track before its last token
    starts the endgame, or None when no doom track is in play (or the endgame has begun)."""
    s = game.state
    if not s.doom or s.phase != "game":
        return None
    per = game.rules.doom_track.cards_per_token(s.players)
    tokens_left = game.doom_tokens_total() - s.doom_tokens
    if tokens_left <= 0:
        return 0
    # the next token after per - len(track) cards; each later one after per - 1 (the card
    # that fills the track stays on its first place)
    return max(0, per - len(s.doom_track)) + (tokens_left - 1) * (per - 1)


def endgame_near(game) -> bool:
    left = doom_cards_left(game)
    return left is not None and left <= NEAR_CARDS_PER_PLAYER * game.state.players
