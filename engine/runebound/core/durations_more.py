"""When the durations of family 8 (issue 21) end; the engine logs each end (``expired``).

* ``next_event`` "Until the next event, ...": when the next event card is drawn (the game's
  ``play_event``, whether the new event replaces the one in play or not);
* ``end_of_next_turn`` "Until the end of your next turn, ...": at the start of its owner's
  next turn it becomes "until the end of this turn" (logged ``duration_now``), so it ends at
  the end of that turn; a duration begun in the owner's own turn thus outlasts that turn;
* ``while_held`` "Until this card is discarded, ...": while the owner holds the card that
  began it (its Hero card, an item or an Ally); it ends as soon as the card leaves the Hero
  (discarded, sold, traded, an Ally killed). Checked whenever the cards held change.
"""

from __future__ import annotations


def event_drawn(resolver) -> None:
    resolver.expire("next_event")


def owner_turn_starts(resolver, hero_id: str) -> None:
    for active in resolver.state.effects:
        if active.until == "end_of_next_turn" and active.owner == hero_id:
            active.until = "end_of_turn"
            resolver.log.emit("duration_now", hero=hero_id, source=active.source,
                              until="end_of_turn", was="end_of_next_turn")


def end_unheld(resolver) -> None:
    """End every "until this card is discarded" whose card its owner no longer holds."""
    effects = resolver.state.effects
    if not effects:
        return
    heroes = {h.id: h for h in resolver.state.heroes}
    for active in [e for e in effects if e.until == "while_held"]:
        hero = heroes.get(active.owner)
        if hero is not None and active.source in resolver.held_cards(hero):
            continue
        effects.remove(active)
        resolver._built.pop(id(active), None)
        resolver.log.emit("expired", hero=active.owner, source=active.source,
                          until="while_held")
