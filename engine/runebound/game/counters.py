"""The game applies the grants of the board's adventure counters (issue 32, branch rbboard);
the effects record them (core/effects_board.py), :meth:`Game.apply_grants` hands each to the
function named by its op here (place.py adds them to its ``GRANTS``).

* ``place_counter``: counters of the colour come from the box onto empty gem spaces of the gem
  colour (no counter on them; within N steps of the Hero's space if the card says so): on
  each one, or on one of them. Where the box has fewer counters than there are spaces, or one
  space is to be chosen, the Hero's player chooses (decision ``renew_space``, as the sun
  icon's renewal). No such space, or none left in the box: nothing happens, and the log says
  why (``grant_unused``);
* ``remove_counter``: the counter on the Hero's space goes back to the box (``colour``: only a
  counter of that colour).

* ``add_to_track``: the top card of the adventure deck of the colour goes on the doom track as
  a played card does (a full track places a doom token; that may begin the endgame);
* ``discard_from_track``: cards leave the doom track, the player choosing each (decision
  ``doom_card``), for where the ruleset sends the cards of a full track (the discard pile, or
  under their colour's deck).

* ``discard_market``: every card of the kind (an Ally, an Item; ``card`` every card) leaves
  every town's market stack for the bottom of the market deck, as a market card given up does;
* ``market_to_nearest``: market cards are drawn into the stack of the town nearest the Hero
  (the player chooses between equally near ones, decision ``town``), wherever the Hero is.

In a game without the doom track (``state.doom`` false) the two do nothing and the log says
why. The board's counters and the box hold every counter between them (with the Heroes'), as
the invariants check.
"""

from __future__ import annotations


def _empty_gems(game, hero_id: str, gem: str, within: int | None) -> list[str]:
    s = game.state
    spaces = [sp.id for sp in game.board.gems(gem) if sp.id not in s.board_counters]
    if within is not None:
        at = s.positions.get(hero_id)
        if at is None:
            return []
        near = game.board.distances_view(at)
        spaces = [sp for sp in spaces if near.get(sp, within + 1) <= within]
    return sorted(spaces)


def place_counter(game, grant: dict) -> None:
    s = game.state
    colour = grant["colour"]
    empty = _empty_gems(game, grant["hero"], grant["gem"], grant["within"])
    if not empty:
        game.emit("grant_unused", **grant, reason="no empty gem space of that colour")
        return
    if s.box_counters.get(colour, 0) <= 0:
        game.emit("grant_unused", **grant, reason="no counter of that colour in the box")
        return
    wanted = len(empty) if grant["each"] else 1
    while wanted and empty and s.box_counters.get(colour, 0) > 0:
        if grant["each"] and s.box_counters[colour] >= len(empty):
            space = empty[0]
        else:
            space = empty[0] if len(empty) == 1 else \
                game.ask(grant["hero"], "renew_space", list(empty), colour=colour)
        empty.remove(space)
        wanted -= 1
        s.box_counters[colour] -= 1
        s.board_counters[space] = colour
        game.emit("counter_placed", space=space, colour=colour, source=grant["source"])


def remove_counter(game, grant: dict) -> None:
    s = game.state
    space = s.positions.get(grant["hero"])
    colour = s.board_counters.get(space) if space is not None else None
    if colour is None or grant["colour"] not in (None, colour):
        game.emit("grant_unused", **grant, reason="no such adventure counter on the Hero's "
                                                  "space")
        return
    del s.board_counters[space]
    s.box_counters[colour] = s.box_counters.get(colour, 0) + 1
    game.emit("counter_removed", space=space, colour=colour, source=grant["source"])


def add_to_track(game, grant: dict) -> None:
    if not game.state.doom:
        game.emit("grant_unused", **grant, reason="this game has no doom track")
        return
    card = game.draw_adventure(grant["colour"])
    if card is None:
        game.emit("grant_unused", **grant, reason="the adventure deck of that colour is empty")
        return
    game.emit("track_added", card=card, colour=grant["colour"], source=grant["source"])
    game.add_to_doom_track(card)


def discard_from_track(game, grant: dict) -> None:
    s = game.state
    if not s.doom or not s.doom_track:
        game.emit("grant_unused", **grant, reason="this game has no doom track" if not s.doom
                  else "the doom track is empty")
        return
    for _ in range(min(grant["count"], len(s.doom_track))):
        cards = list(s.doom_track)
        card = cards[0] if len(cards) == 1 else game.ask(grant["hero"], "doom_card", cards)
        s.doom_track.remove(card)
        game.emit("track_discarded", card=card, source=grant["source"])
        if game.rules.doom_track.when_full == "discard":
            s.discard_pile.append(card)
        else:
            game.to_deck_bottom(card)


def discard_market(game, grant: dict) -> None:
    s = game.state
    gone = []
    for town in sorted(s.market_stacks):
        stack = s.market_stacks[town]
        out = [c for c in stack if grant["kind"] == "card" or game.card(c).kind == grant["kind"]]
        for card in out:
            stack.remove(card)
            s.market_deck.append(card)
            gone.append(card)
            game.emit("market_discarded", town=town, card=card, source=grant["source"])
    if not gone:
        game.emit("grant_unused", **grant, reason="no such card in any market stack")


def market_to_nearest(game, grant: dict) -> None:
    hero = game.hero(grant["hero"])
    if game.state.positions.get(hero.id) is None:
        game.emit("grant_unused", **grant, reason="the Hero is not on the board")
        return
    game.market_draw(game.choose_nearest_town(hero), grant["count"])


GRANTS = {"place_counter": place_counter, "remove_counter": remove_counter,
          "discard_market": discard_market, "market_to_nearest": market_to_nearest,
          "add_to_track": add_to_track, "discard_from_track": discard_from_track}
