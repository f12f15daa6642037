"""The game applies the grants of family 4 (movement and place) and family 9 (game-level
effects): the effects record them (core/effects_place.py), :meth:`Game.apply_grants` hands
each to the function named by its op here.

* ``move_to``: the Hero goes to the named town, or to the nearest town (the player chooses
  between equally near ones, decision ``town``, as after a knock-out);
* ``doom_tokens``: doom tokens are placed on (or removed from) the doom track's heraldries.
  In a game without the doom track (``state.doom`` false: base rules without the Path of
  Doom variant) nothing happens and the log says why (``grant_unused``): the compiler cannot
  know which ruleset a card will be played under, so this is not a compile-time error;
* ``discard_undefeated``: challenges leave the undefeated track (the player chooses which);
* ``discard_event``: the event in play is discarded where the ruleset sends replaced events,
  and its always-on rules end. With no event in play nothing happens (``grant_unused``).

:func:`entered` fires the trigger event of "Every time your Hero enters a town, ...";
:func:`with_terrain_rules` applies "Heroes with the Climb skill may move through mountains as
if they were plains." to the movement dice a Hero rolled.
"""

from __future__ import annotations

from runeforge.engine.common.errors import EngineError

from ..core.ir import ENTER_PLACES
from ..core.skills import skills_of


def move_to(game, grant: dict) -> None:
    hero = game.hero(grant["hero"])
    at = game.state.positions.get(hero.id)
    if at is None:
        game.emit("grant_unused", **grant, reason="the Hero is not on the board")
        return
    if grant["town"] is None:
        town = game.choose_nearest_town(hero)
    else:
        town = grant["town"]
    try:
        space = game.board.town_space(town)
    except EngineError:  # a hand-made bundle: the compiler refuses unknown towns (RF420)
        game.emit("grant_unused", **grant, reason=f"no town {town!r} on this board")
        return
    if space != at:
        game.state.previous.pop(hero.id, None)
    game.state.positions[hero.id] = space
    game.emit("moved", hero=hero.id, to=space, why=grant["source"])
    if space != at:
        entered(game, hero, space)


def entered(game, hero, space: str) -> None:
    """The Hero ended a move in ``space`` (the movement step, a movement effect, "Move your
    Hero to ..."): "Every time your Hero enters a town / a swamp space" triggers fire. Spaces
    passed on the way are not entered; being carried off after a knock-out or an escape is
    not a move of the Hero's own."""
    board = game.board
    game.combat.fire({"kind": "enters_space", "hero": hero.id, "space": space,
                      "terrain": board.terrain(space), "town": board.is_town(space)})


def doom_tokens(game, grant: dict) -> None:
    s = game.state
    if not s.doom:
        game.emit("grant_unused", **grant, reason="this game has no doom track")
        return
    if grant["action"] == "place":
        for _ in range(grant["count"]):
            if s.phase != "game":
                break
            game.place_doom_token()
        return
    removed = min(grant["count"], s.doom_tokens)
    s.doom_tokens -= removed
    game.emit("doom_token_removed", number=removed, left=s.doom_tokens,
              source=grant["source"])


def discard_event(game, grant: dict) -> None:
    s = game.state
    event = s.active_event
    if not event:
        game.emit("grant_unused", **grant, reason="no event in play")
        return
    s.active_event = None
    game.combat.modifiers_changed()  # its always-on rules end
    game.emit("event_discarded", card=event, source=grant["source"])
    game.discard_played(event, game.rules.adventure.event_discard)


def discard_undefeated(game, grant: dict) -> None:
    """The player chooses each challenge to take off the undefeated track (decision
    ``undefeated``); it goes where an undefeated challenge pushed off a full track goes (under
    its deck, or the doom track while it is in play), and its marker leaves the board."""
    track = game.state.undefeated_track
    if not track:
        game.emit("grant_unused", **grant, reason="the undefeated track is empty")
        return
    for _ in range(min(grant["count"], len(track))):
        cards = [entry["card"] for entry in track]
        card = cards[0] if len(cards) == 1 else game.ask(grant["hero"], "undefeated", cards)
        entry = next(e for e in track if e["card"] == card)
        track.remove(entry)
        game.emit("undefeated_discarded", card=card, space=entry["space"],
                  source=grant["source"])
        game.discard_played(card, "deck-bottom")


GRANTS = {"move_to": move_to, "doom_tokens": doom_tokens, "discard_event": discard_event,
          "discard_undefeated": discard_undefeated}



def barred_terrains(game) -> frozenset:
    """The terrains a rule in force bars to every Hero ("Heroes cannot enter swamps.", issue
    32): no die face shows them and no move ends in them."""
    return frozenset(t for t in ENTER_PLACES if t != "town"
                     and game.combat.restricted(f"enter_{t}") is not None)


def unbarred(game, hero, spaces) -> list:
    """``spaces`` less those of a barred terrain."""
    barred = barred_terrains(game)
    if not barred:
        return list(spaces)
    return [sp for sp in spaces if game.board.spaces[sp].terrain not in barred]


def with_terrain_rules(game, hero, rolled: tuple) -> tuple:
    """The movement dice as ``hero`` may use them: "Heroes with the Climb skill may move
    through mountains as if they were plains" lets every face that shows plains show
    mountains too, for a Hero with the skill. The rules come from the cards whose always-on
    rules are in force for the Hero (its own cards, the event in play) and from durations it
    owns; the dice faces stay the data of cards/rules/movement-dice.yaml."""
    skills = skills_of(game.combat, hero)  # printed, and given by cards (session skills)
    rules = set()
    for owner, card in game.combat._standing_cards():
        if owner is hero:
            rules.update((e.skill, e.terrain, e.like) for ab in card.abilities if ab.standing
                         for e in ab.effects if e.op == "terrain_rule")
    for active in game.state.effects:
        if active.owner == hero.id:
            rules.update((r["skill"], r["terrain"], r["like"]) for r in active.effects
                         if r["op"] == "terrain_rule")
    # a rule without a skill (issue 32: "You may move through forests as if they were plains.")
    # is every Hero's
    rules = sorted((r for r in rules if r[0] is None or r[0].lower() in skills),
                   key=lambda r: (r[0] or "", r[1], r[2]))
    barred = barred_terrains(game)
    if barred:  # issue 32: "Heroes cannot enter swamps."
        rolled = tuple(frozenset(face - barred) for face in rolled)
        game.emit("terrain_barred", hero=hero.id, terrains=sorted(barred))
    if not rules:
        return rolled
    out = tuple(frozenset(face | {terrain for _s, terrain, like in rules if like in face})
                for face in rolled)
    game.emit("terrain_rule", hero=hero.id, rules=[list(r) for r in rules],
              dice=[sorted(face) for face in out])
    return out


# ---- issue 32 (branch rbboard): the board's adventure counters (counters.py)
from .counters import GRANTS as _COUNTER_GRANTS  # noqa: E402

GRANTS.update(_COUNTER_GRANTS)
