"""The card that wins the game (High Lord Margath) as a draw: the game bot's view of the risk
of drawing it from a fresh counter of its colour.

A Hero that draws it must fight it (no escape); below the odds the bot would choose it at
(:meth:`..game_bot.GameBot.victory_threshold`) that fight is a throw-away: a knock-out costs
the Hero all its gold and its dearest Item or Ally, the strength it needs for the endgame.
The share is what a player can know: the victory cards of the colour not on the undefeated
track (public), among the colour's challenges not on that track and not held as Items.
"""

from __future__ import annotations


def victory_draw_share(game, colour: str, victory: tuple[str, ...]) -> tuple[float, list[str]]:
    """(the chance that a challenge drawn from ``colour`` is one of the ``victory`` cards,
    those cards) over the colour's challenges that may still be drawn."""
    s = game.state
    on_track = {u["card"] for u in s.undefeated_track}
    held = {c for h in s.heroes for c in h.items}
    possible = [c for c in _of_colour(game.catalog).get(colour, ())
                if c not in on_track and c not in held]
    wins = [c for c in victory if c in possible]
    return (len(wins) / len(possible) if possible else 0.0), wins


def _of_colour(catalog) -> dict[str, tuple[str, ...]]:
    """colour -> the ids of its challenges, worked out once per catalog summary."""
    summary = catalog._summarised()
    found = getattr(catalog, "_challenges_by_colour", None)
    if found is None or found[0] is not summary:
        by: dict[str, list[str]] = {}
        for c in catalog.cards.values():
            if c.kind == "challenge":
                by.setdefault(c.data.get("colour"), []).append(c.id)
        found = catalog._challenges_by_colour = (
            summary, {k: tuple(sorted(v)) for k, v in by.items()})
    return found[1]
