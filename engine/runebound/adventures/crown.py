"""Crown of the Elder Kings (seed 001): vassal sets and the Elder King showdown.

The data part (set-aside blue cards, the green and yellow Crown decks beside the base decks,
the draw after a base event or encounter) is in the adventure document; this module adds:

* **vassals**: every blue Crown challenge has a title (rogue, knight, lady, duke) and a house
  (secrets, blood, hate), given in the document's ``cards:`` as ``vassal: {title, house}``;
  a **full set** is three vassals of one title or of one house; a defeated Dragon Lord (a
  card marked ``wild``) stands for any vassal; defeating a card marked ``crowns`` (High Lord
  Margath) makes the Hero Elder King outright. Becoming Elder King starts the showdown after
  that player's experience step.
* **the showdown**: the King discards his Dragon Lords and sets up to three vassals before
  his Hero in the order he chooses; the other Heroes challenge him by level (1 + experience
  tokens), then gold, then unspent adventure counters, then a roll. Each new challenger:
  wounds and exhaustion are discarded from everyone left and all cards refresh; he fights
  the King's vassals in order (a defeated vassal leaves the game), then the King Hero to
  Hero. A knocked-out challenger is eliminated; a challenger who defeats the King takes the
  throne (the old King is eliminated) and sets his own vassals. The last King wins.

The fights go through a :class:`Battles` object: the game's is
:class:`.crown_game.GameBattles` (its combat engine, bank and piles); the seed's worked
example runs the showdown on the bare combat engine (tests/crown_battles.py).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Callable, Mapping, Protocol, Sequence

from .adventure_rules import AdventureRules, AdventureSpec, defeats

TITLES = ("rogue", "knight", "lady", "duke")
HOUSES = ("secrets", "blood", "hate")
SET_SIZE = 3


# ---------------------------------------------------------------------- vassal sets
def vassal_of(spec: AdventureSpec, card_id: str) -> tuple[str, str] | None:
    data = spec.card_data(card_id).get("vassal")
    return (data["title"], data["house"]) if data else None


def is_wild(spec: AdventureSpec, card_id: str, card: Mapping | None = None) -> bool:
    """A Dragon Lord: a card marked ``wild``, or (given its bundle record ``card``) a
    challenge of a colour and pack in the endgame's ``wild`` (Crown: the base red deck)."""
    if spec.card_data(card_id).get("wild"):
        return True
    rule = spec.endgame.get("wild") or {}
    if card is None or card.get("kind") != "challenge":
        return False
    packs = rule.get("packs")
    return card.get("colour") in (rule.get("colours") or ()) and (
        not packs or card.get("pack") in packs)


def full_set(vassals: Sequence[tuple[str, str]], wild: int = 0) -> bool:
    """Three of one title or three of one house; each wild card stands for any vassal."""
    titles = Counter(t for t, _ in vassals)
    houses = Counter(h for _, h in vassals)
    best = max([0, *titles.values(), *houses.values()])
    return best + wild >= SET_SIZE


def is_elder_king(spec: AdventureSpec, held: Sequence[str],
                  card_of: Callable[[str], Mapping] | None = None) -> bool:
    """``held``: the vassals a Hero keeps and the Dragon Lords he has defeated;
    ``card_of(id)`` gives a card's bundle record (for the colour-wide ``wild`` rule)."""
    if any(spec.card_data(c).get("crowns") for c in held):
        return True
    vassals = [v for v in (vassal_of(spec, c) for c in held) if v]
    lookup = card_of or (lambda c: None)
    return full_set(vassals, sum(1 for c in held if is_wild(spec, c, lookup(c))))


def vassal_cards(spec: AdventureSpec, held: Sequence[str]) -> list[str]:
    return [c for c in held if vassal_of(spec, c)]


def become_king(spec: AdventureSpec, hero, discard: list, order: Sequence[str] | None = None,
                max_vassals: int = 3, card_of: Callable[[str], Mapping] | None = None
                ) -> list[str]:
    """The new Elder King discards his Dragon Lords (wild cards) to ``discard`` and sets up to
    ``max_vassals`` of his vassals before his Hero, in ``order`` (default: the order he
    took them in). Returns that line of vassals."""
    lookup = card_of or (lambda c: None)
    for card in [c for c in hero.trophies if is_wild(spec, c, lookup(c))]:
        hero.trophies.remove(card)
        if card in hero.items:  # a Dragon Rune kept as an item
            hero.items.remove(card)
        discard.append(card)
    held = vassal_cards(spec, hero.trophies)
    if order is None:
        return held[:max_vassals]
    unknown = [c for c in order if c not in held]
    if unknown or len(order) > max_vassals:
        raise ValueError(f"{hero.id} cannot set out {list(order)!r}: holds vassals {held!r}, "
                         f"at most {max_vassals}")
    return list(order)


# ---------------------------------------------------------------------- challenger order
@dataclass(frozen=True)
class Standing:
    hero: str
    level: int
    gold: int
    counters: int


def challenger_order(standings: Sequence[Standing], roll: Callable[[], int]) -> list[str]:
    """Highest level first; ties by gold, then unspent adventure counters, then a roll
    (each tied Hero rolls; higher goes first; rolled again while tied)."""
    def key(s: Standing):
        return (s.level, s.gold, s.counters)

    groups: dict[tuple, list[Standing]] = {}
    for s in standings:
        groups.setdefault(key(s), []).append(s)
    order: list[str] = []
    for k in sorted(groups, reverse=True):
        tied = [s.hero for s in groups[k]]
        order.extend(_roll_off(tied, roll))
    return order


def _roll_off(heroes: list[str], roll: Callable[[], int]) -> list[str]:
    if len(heroes) <= 1:
        return list(heroes)
    rolls = {h: roll() for h in heroes}
    out: list[str] = []
    for value in sorted(set(rolls.values()), reverse=True):
        out.extend(_roll_off([h for h in heroes if rolls[h] == value], roll))
    return out


# ---------------------------------------------------------------------- the showdown
class Battles(Protocol):
    def refresh(self, heroes: Sequence[str], vassals: Sequence[str]) -> None: ...
    def fight_vassal(self, challenger: str, vassal: str) -> bool: ...
    def fight_king(self, challenger: str, king: str) -> bool: ...


@dataclass
class ShowdownResult:
    winner: str
    kings: list[str] = field(default_factory=list)  # every King in turn
    eliminated: list[str] = field(default_factory=list)
    log: list[tuple] = field(default_factory=list)


def showdown(king: str, vassals: Sequence[str], challengers: Sequence[str], battles: Battles,
             choose_vassals: Callable[[str], Sequence[str]], max_vassals: int = 3
             ) -> ShowdownResult:
    """Run the Elder King battle. ``vassals``: the King's chosen vassals in order (at most
    ``max_vassals``); ``challengers``: the other Heroes in challenge order;
    ``choose_vassals(hero)``: the vassals a new King sets out, in order."""
    line = list(vassals)[:max_vassals]
    result = ShowdownResult(king, kings=[king])
    result.log.append(("king", king, tuple(line)))
    for challenger in challengers:
        battles.refresh([king, challenger], line)
        result.log.append(("challenger", challenger))
        knocked_out = False
        while line:
            vassal = line[0]
            if battles.fight_vassal(challenger, vassal):
                result.log.append(("defeats", challenger, vassal))
                line.pop(0)
            else:
                result.log.append(("knocked_out", challenger, vassal))
                knocked_out = True
                break
        if not knocked_out:
            if battles.fight_king(challenger, king):
                result.log.append(("dethrones", challenger, king))
                result.eliminated.append(king)
                king = challenger
                line = list(choose_vassals(king))[:max_vassals]
                result.kings.append(king)
                result.log.append(("king", king, tuple(line)))
                continue
            result.log.append(("knocked_out", challenger, king))
        result.eliminated.append(challenger)
    result.winner = king
    return result


# ---------------------------------------------------------------------- the rule module
class CrownRules(AdventureRules):
    def on_defeat(self, game, hero, card_id: str) -> str | None:
        """A Hero with a full set (or who defeated Margath) becomes Elder King; the showdown
        starts after his experience step. Defeated Dragon Lords count even when the card
        itself is not kept (:func:`.adventure_rules.defeats`)."""
        if getattr(game, "elder_king", None):
            return None
        return self._crowned(game, hero, card_id)

    def on_holdings(self, game, hero) -> str | None:
        """A set completed through spoils or a trade counts at once (seed 001: the Hero who
        holds a full set becomes Elder King), not only at the next defeated challenge."""
        if getattr(game, "elder_king", None):
            return None
        return self._crowned(game, hero, None)

    def _crowned(self, game, hero, card_id: str | None) -> str | None:
        catalog = getattr(game, "catalog", None)
        card_of = (lambda c: catalog.card(c).data) if catalog is not None else None
        held = list(hero.trophies)
        for who, card in defeats(game):
            if who == hero.id and card not in held and (
                    self.spec.card_data(card).get("crowns")
                    or is_wild(self.spec, card, card_of(card) if card_of else None)):
                held.append(card)
        if card_id is not None and card_id not in held:
            held.append(card_id)
        if is_elder_king(self.spec, held, card_of):
            game.elder_king = hero.id
            return "endgame"
        return None

    def win(self, game) -> tuple[str, str] | None:
        return None  # only the showdown decides


def make_rules(spec: AdventureSpec) -> CrownRules:
    return CrownRules(spec)
