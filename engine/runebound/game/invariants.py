"""Game invariants, checked after every step in debug mode and in the tests.

* no negative count anywhere (gold, tokens, counters, wounds, exhaustion);
* gold is conserved: bank + every Hero's gold = the adventure's coins;
* adventure counters are conserved per colour: board + box + held by Heroes;
* experience tokens are conserved: box + tokens bought;
* doom tokens placed never exceed the tokens in the game;
* every card copy is in exactly one place (decks, market stacks, the doom track, the
  undefeated track, the active event, the box, the Heroes' hands, the combat engine's
  pending piles), and the places hold exactly the cards of the game;
* a figure is never defeated between steps (wounds below Life), exhaustion never above
  Stamina; the undefeated track never holds more than its places; Heroes stand on the board.
"""

from __future__ import annotations

from collections import Counter

from runeforge.engine.common.errors import EngineError


class InvariantError(EngineError):
    """A game invariant does not hold (a bug in the engine)."""


def card_places(state) -> Counter:
    """Every card copy in the game, counted over all places."""
    cards = [*state.market_deck, *state.doom_track, *state.removed,
             *getattr(state, "discard_pile", ()), *state.market_bottom,
             *state.undefeated, *state.discarded_adventures]
    for stack in state.market_stacks.values():
        cards += stack
    for deck in state.adventure_decks.values():
        cards += deck
    cards += [u["card"] for u in state.undefeated_track]
    if state.active_event:
        cards.append(state.active_event)
    for hero in state.heroes:
        held = [hero.id, *hero.items, *(a.id for a in hero.allies)]
        cards += held
        for card in set(hero.trophies):  # kept cards are also listed as items or Allies
            cards += [card] * max(0, hero.trophies.count(card) - held.count(card))
    return Counter(cards)


def check_invariants(game) -> list[str]:
    s, adv = game.state, game.adventure
    problems: list[str] = []

    def nonneg(what: str, value: int) -> None:
        if value < 0:
            problems.append(f"{what} is negative ({value})")

    nonneg("bank gold", s.bank_gold)
    if s.experience_box is not None:
        nonneg("experience box", s.experience_box)
    for colour, n in s.box_counters.items():
        nonneg(f"{colour} counters in the box", n)
    for hero_id, n in s.experience_credit.items():
        nonneg(f"{hero_id}'s written-down points", n)
    ruleset = game.combat.ruleset
    for hero in s.heroes:
        for fig in [hero, *hero.allies]:
            for attr in ("gold", "wounds", "exhaustion"):
                nonneg(f"{fig.id} {attr}", getattr(fig, attr, 0))
            life = game.combat.stat(fig, "life") if fig.wounds else 1
            if fig.wounds and ruleset.is_defeated(fig.wounds, life):
                problems.append(f"{fig.id} has {fig.wounds} wounds with Life {life} "
                                "between steps")
            stamina = game.combat.stat(fig, "stamina") if fig.exhaustion else 0
            if fig.exhaustion > max(stamina, 0):
                problems.append(f"{fig.id} has {fig.exhaustion} exhaustion over Stamina "
                                f"{stamina}")
        if s.positions.get(hero.id) not in game.board:
            problems.append(f"{hero.id} stands on no space ({s.positions.get(hero.id)!r})")
    gold = s.bank_gold + sum(h.gold for h in s.heroes)
    if gold != adv.bank_gold:
        problems.append(f"gold not conserved: bank {s.bank_gold} + Heroes "
                        f"{gold - s.bank_gold} = {gold}, expected {adv.bank_gold}")
    held = Counter(c for h in s.heroes for c in h.adventure_counters)
    board = Counter(s.board_counters.values())
    for colour, total in adv.counters:
        now = board[colour] + s.box_counters.get(colour, 0) + held[colour]
        if now != total:
            problems.append(f"{colour} counters not conserved: board {board[colour]} + box "
                            f"{s.box_counters.get(colour, 0)} + Heroes {held[colour]} = {now},"
                            f" expected {total}")
    tokens = sum(len(t) for t in s.experience.values())
    if adv.experience_tokens is not None and tokens + s.experience_box != adv.experience_tokens:
        problems.append(f"experience tokens not conserved: {tokens} bought + "
                        f"{s.experience_box} in the box != {adv.experience_tokens}")
    if not 0 <= s.doom_tokens <= game.rules.doom_track.tokens:
        problems.append(f"{s.doom_tokens} doom tokens placed")
    if len(s.undefeated_track) > game.board.undefeated_slots:
        problems.append(f"undefeated track holds {len(s.undefeated_track)} cards")
    if game.expected_cards:
        found = card_places(s)
        expected = game.expected_cards
        extra = missing = None
        if found != expected:
            expected = Counter(expected)
            extra, missing = found - expected, expected - found
        if extra:
            problems.append(f"cards in more places than they exist: {dict(extra)}")
        if missing:
            problems.append(f"cards in no place: {dict(missing)}")
    return problems
