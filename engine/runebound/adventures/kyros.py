"""Sceptre of Kyros (seed 001): Giant Lords, the invasion, occupied towns and fame.

The data part (base blue and red cards set aside, no red counters, a base event or encounter
discarded unresolved but still renewing the gems and replaced by a Kyros draw) is in the
adventure document. This module adds:

* **the invasion**: when the ``after_defeated``-th (8th) Giant Lord is defeated, the current
  player finishes his turn (through the experience step) and the invasion starts: the Giant
  Lords on the undefeated track are shuffled back into their deck, then one is drawn for
  each town from the top of the market column down (Frostgate, Greyhaven, Nerekhall …) until
  players + ``extra_towns`` towns are occupied; each occupied town gets a red counter. No
  market step in an occupied town, and a knocked-out Hero cannot go there.
* **a Giant Lord in a town**: the player on the attacker's left may give it one experience
  token per card in the town's market stack, at most one of each kind (so at most five; the
  decision ``giant_lord_tokens``, :func:`token_options`); +2 Mind/Body/Spirit also add 1
  damage in that phase; base Stamina is 0. It holds the town's items (:class:`LordFigure`;
  not those used only in the movement step) and uses them as a Hero would, every choice
  made by that player, and tests at attribute − 10 (the combat side is
  :mod:`.kyros_game`). Knocking the Hero out: the Lord loses its tokens, wounds and
  exhaustion. Defeated: the Hero takes the card (tokens stay on it), the red counter and
  the reward, goes on to a market step in the liberated town and may take one card of its
  stack for free.
* **winning**: when the last occupied town is liberated, most fame wins (each Giant Lord 1
  fame + 1 per token on it); ties by level, then gold, then unspent adventure counters.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from itertools import combinations
from typing import Callable, Mapping, Sequence

from ..core.state import Challenge
from .adventure_rules import AdventureRules, AdventureSpec

# Experience tokens: kind -> (stat, bonus). "+2 Mind/Body/Spirit" also +1 damage in its phase.
TOKENS = {
    "mind": ("mind", 2),
    "body": ("body", 2),
    "spirit": ("spirit", 2),
    "stamina": ("stamina", 2),
    "life": ("life", 1),
}
DAMAGE_OF = {"mind": "ranged_damage", "body": "melee_damage", "spirit": "magic_damage"}
# The order a bot on the attacker's left gives tokens in (life first, as in seed 001's example).
TOKEN_PREFERENCE = ("life", "stamina", "mind", "body", "spirit")
MOVEMENT_WINDOWS = ("before_moving", "after_moving", "movement")


def token_count(stack_size: int) -> int:
    """At most one token per card in the town's market stack, at most one of each kind."""
    return max(0, min(stack_size, len(TOKENS)))


NO_TOKENS = "none"


def token_options(stack_size: int) -> list[str]:
    """The legal answers to ``giant_lord_tokens``: every set of up to :func:`token_count`
    different kinds, written ``life+stamina+mind`` (kinds in :data:`TOKEN_PREFERENCE`
    order) or ``none``. Seed 001: the player on the left "może ... obdarzyć" (*may* give)
    one token per market card, so fewer is legal. The first option is the bots' choice
    (the first ``n`` kinds of :data:`TOKEN_PREFERENCE`)."""
    n = token_count(stack_size)
    return ["+".join(kinds) if kinds else NO_TOKENS for k in range(n, -1, -1)
            for kinds in combinations(TOKEN_PREFERENCE, k)]


def parse_tokens(answer: str) -> list[str]:
    """The kinds of a ``giant_lord_tokens`` answer (see :func:`token_options`)."""
    return [] if answer == NO_TOKENS else answer.split("+")


def choose_tokens(stack_size: int, chooser: Callable[[int, list[str]], Sequence[str]] | None
                  = None) -> list[str]:
    """The tokens the player on the attacker's left gives (``chooser(n, kinds)``; default:
    :data:`TOKEN_PREFERENCE`, as the bots answer). Refuses a repeated or unknown kind, or
    more than one per market card."""
    n = token_count(stack_size)
    picked = list(chooser(n, list(TOKENS)) if chooser else TOKEN_PREFERENCE[:n])
    if len(picked) > n or len(set(picked)) != len(picked) or not set(picked) <= set(TOKENS):
        raise ValueError(f"a Giant Lord with {stack_size} market cards gets at most {n} "
                         f"different tokens of {', '.join(TOKENS)}; got {picked!r}")
    return picked


@dataclass
class LordFigure(Challenge):
    """A Giant Lord fighting in its town (seed 001): a challenge that holds the usable items
    of the town's market stack and uses them "tak jakby był Bohaterem" (as if it were a
    Hero): abilities in the combat windows, activation, exhaustion and discard costs paid
    by the Lord. ``decider`` is the Hero whose player makes every choice for it (the player
    on the attacker's left); its own rolls (attacks and tests made through the items) are at
    attribute + ``test_modifier`` (−10)."""

    items: list[str] = field(default_factory=list)
    allies: list = field(default_factory=list)  # the Lord has none
    skills: list[str] = field(default_factory=list)
    activated: list[str] = field(default_factory=list)
    activations: dict[str, int] = field(default_factory=dict)
    used: dict[str, int] = field(default_factory=dict)
    gold: int = 0
    decider: str = ""
    test_modifier: int = -10

    def ally(self, ally_id: str):
        return None


def giant_lord(card: Mapping, tokens: Sequence[str] = (), *, items: Sequence[str] = (),
               decider: str = "", test_modifier: int = -10) -> LordFigure:
    """The Giant Lord's figure with its experience tokens applied, holding ``items``."""
    fig = LordFigure.from_card(dict(card), items=list(items), decider=decider,
                               test_modifier=test_modifier)
    fig.stamina = int(card.get("stamina", 0) or 0)
    for kind in tokens:
        stat, bonus = TOKENS[kind]
        setattr(fig, stat, getattr(fig, stat) + bonus)
        if kind in DAMAGE_OF:
            setattr(fig, DAMAGE_OF[kind], getattr(fig, DAMAGE_OF[kind]) + 1)
    return fig


def stat_line(fig: Challenge) -> str:
    """Seed 001's notation: ``@Mind/ranged %Body/melee <Spirit/magic``, Life, Stamina."""
    return (f"@{fig.mind}/{fig.ranged_damage} %{fig.body}/{fig.melee_damage} "
            f"<{fig.spirit}/{fig.magic_damage} life {fig.life} stamina {fig.stamina}")


def usable_items(stack: Sequence[str], cards: Mapping[str, Mapping]) -> list[str]:
    """Cards of a town's market stack a Giant Lord can use: items, except those whose every
    ability belongs to the movement step (allies are not used)."""
    out = []
    for cid in stack:
        card = cards[cid]
        if card.get("kind") != "item":
            continue
        abilities = card.get("abilities") or []
        if abilities and all(a["timing"]["window"] in MOVEMENT_WINDOWS for a in abilities):
            continue
        out.append(cid)
    return out


def static_bonus(items: Sequence[str], cards: Mapping[str, Mapping], stat: str) -> int:
    """The sum of static ``You receive +N <stat>`` modifiers of the items."""
    total = 0
    for cid in items:
        for ability in cards[cid].get("abilities") or []:
            if not ability.get("static"):
                continue
            for eff in ability["effects"]:
                if eff.get("op") == "modify" and eff.get("stat") == stat:
                    total += int(eff.get("value", 0))
    return total


# ---------------------------------------------------------------------- the invasion
@dataclass
class Occupation:
    town: str
    lord: str
    tokens: list[str] = field(default_factory=list)


def invasion_towns(market_column: Sequence[str], players: int, extra: int = 1) -> list[str]:
    """The towns occupied, from the top of the column (listed bottom to top) down."""
    top_down = list(reversed(market_column))
    return top_down[: min(len(top_down), players + extra)]


def invade(lord_deck: list[str], undefeated: list[str], market_column: Sequence[str],
           players: int, rng: random.Random, extra: int = 1, is_lord=lambda c: True
           ) -> list[Occupation]:
    """Shuffle the Giant Lords of the undefeated track back into their deck, then occupy
    towns from the top of the column. ``lord_deck`` and ``undefeated`` are changed."""
    back = [c for c in undefeated if is_lord(c)]
    for c in back:
        undefeated.remove(c)
    lord_deck.extend(back)
    rng.shuffle(lord_deck)
    out = []
    for town in invasion_towns(market_column, players, extra):
        if not lord_deck:
            break
        out.append(Occupation(town, lord_deck.pop(0)))
    return out


# ---------------------------------------------------------------------- fame and the winner
@dataclass(frozen=True)
class FameEntry:
    hero: str
    lords: Sequence[tuple[str, int]]  # (card, tokens on it)
    level: int
    gold: int
    counters: int


def fame(entry: FameEntry, base_fame: Mapping[str, int] | None = None) -> int:
    base_fame = base_fame or {}
    return sum(base_fame.get(card, 1) + tokens for card, tokens in entry.lords)


def ranking(entries: Sequence[FameEntry], base_fame: Mapping[str, int] | None = None
            ) -> list[str]:
    """Heroes by fame, then level, then gold, then unspent adventure counters."""
    return [e.hero for e in sorted(entries, key=lambda e: (
        -fame(e, base_fame), -e.level, -e.gold, -e.counters))]


# ---------------------------------------------------------------------- the rule module
class KyrosRules(AdventureRules):
    def lords(self) -> list[str]:
        return self.spec.cards_with("giant_lord")

    def base_fame(self) -> dict[str, int]:
        return {c: int(d.get("fame", 1)) for c, d in self.spec.cards.items()
                if d.get("giant_lord")}

    def on_defeat(self, game, hero, card_id: str) -> str | None:
        if card_id not in self.spec.cards or not self.spec.card_data(card_id).get("giant_lord"):
            return None
        count = getattr(game, "giant_lords_defeated", 0) + 1
        game.giant_lords_defeated = count
        if count == int(self.spec.endgame.get("after_defeated", 8)):
            return "endgame"
        return None

    def win(self, game) -> tuple[str, str] | None:
        return None  # fame decides at the end of the invasion


def make_rules(spec: AdventureSpec) -> KyrosRules:
    return KyrosRules(spec)
