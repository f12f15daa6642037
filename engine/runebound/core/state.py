"""Game state as plain dataclasses. No hidden globals: everything the engine needs between two
steps is here, and it round-trips through JSON (``to_dict`` / ``from_dict``).

Cards are referred to by id; their printed data and compiled abilities live in the
:class:`~runeforge.engine.runebound.core.catalog.Catalog` built from the bundle.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields

STAT_FIELDS = (
    "mind", "body", "spirit", "ranged_damage", "melee_damage", "magic_damage", "life", "stamina",
)


def _pick(cls, data: dict) -> dict:
    names = {f.name for f in fields(cls)}
    return {k: v for k, v in data.items() if k in names}


@dataclass
class Figure:
    """A Hero, an Ally or a challenge: printed stats plus the tokens on the card."""

    id: str
    name: str
    kind: str  # "hero", "ally" or "challenge"
    mind: int = 0
    body: int = 0
    spirit: int = 0
    ranged_damage: int = 0
    melee_damage: int = 0
    magic_damage: int = 0
    life: int = 1
    stamina: int = 0
    wounds: int = 0
    exhaustion: int = 0

    def to_dict(self) -> dict:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict) -> Figure:
        return cls(**_pick(cls, data))

    @classmethod
    def from_card(cls, card: dict, **extra) -> Figure:
        stats = {k: int(card.get(k, 0) or 0) for k in STAT_FIELDS}
        stats["life"] = int(card.get("life", 1) or 1)
        return cls(id=card["id"], name=card.get("name", card["id"]), kind=card["kind"],
                   **stats, **extra)


@dataclass
class Challenge(Figure):
    colour: str = ""
    reward_gold: int = 0
    reward_keep: bool = False
    reward_becomes: str | None = None  # "item" or "ally" when the kept card joins the Hero

    @classmethod
    def from_card(cls, card: dict, **extra) -> Challenge:
        reward = card.get("reward") or {}
        return super().from_card(
            card, colour=card.get("colour", ""), reward_gold=int(reward.get("gold", 0) or 0),
            reward_keep=bool(reward.get("keep", False)), reward_becomes=reward.get("becomes"),
            **extra)


@dataclass
class Hero(Figure):
    items: list[str] = field(default_factory=list)
    allies: list[Figure] = field(default_factory=list)
    gold: int = 0
    skills: list[str] = field(default_factory=list)
    activated: list[str] = field(default_factory=list)  # face-down cards until refresh
    trophies: list[str] = field(default_factory=list)  # adventure cards kept as rewards
    adventure_counters: list[str] = field(default_factory=list)
    # Ability uses, keyed "<card>#<index>@<bucket>" (how many: each copy of the card held
    # has its own use, Resolver.refusal), and activations, keyed by step.
    used: dict[str, int] = field(default_factory=dict)
    activations: dict[str, int] = field(default_factory=dict)

    @classmethod
    def from_card(cls, card: dict, **extra) -> Hero:
        extra.setdefault("skills", list(card.get("skills") or []))
        return super().from_card(card, **extra)

    @classmethod
    def from_dict(cls, data: dict) -> Hero:
        data = dict(data)
        data["allies"] = [Figure.from_dict(a) for a in data.get("allies", [])]
        return cls(**_pick(cls, data))

    def ally(self, ally_id: str) -> Figure | None:
        return next((a for a in self.allies if a.id == ally_id), None)


@dataclass
class ActiveEffect:
    """A duration ("until the end of this combat, ...") in force: its effects as IR."""

    owner: str  # id of the Hero who used the ability
    source: str  # card id
    until: str  # end_of_combat, end_of_round, end_of_turn, start_of_next_turn
    effects: list[dict]
    x: int | None = None

    def to_dict(self) -> dict:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict) -> ActiveEffect:
        return cls(**_pick(cls, data))


def copies_held(holder, card_id: str) -> int:
    """How many copies of ``card_id`` ``holder`` holds (a Hero: his own card, his Items and his
    Allies; a Giant Lord: the Items it holds). The one count of copies (branch mends): a
    limit's bucket holds a use, an activation or a firing for each copy (Resolver.refusal,
    Resolver.face_down, firings.py), keyed by the rule and never by the copy, since copies
    are alike and a choice names the ability; a copy leaving reads it too (:func:`item_left`)."""
    return (int(getattr(holder, "id", None) == card_id)
            + list(getattr(holder, "items", ())).count(card_id)
            + sum(1 for a in getattr(holder, "allies", ()) if a.id == card_id))


def item_left(holder, card_id: str) -> None:
    """A copy of the Item ``card_id`` has left ``holder`` (a Hero, or a Giant Lord holding
    Items): the copies still held keep what was spent, their uses (Resolver.refusal) and
    their face-down state, so a face-down copy turns up only when no more copies are held
    than are face down (issue 32, branch runs4)."""
    if holder.activated.count(card_id) > copies_held(holder, card_id):
        holder.activated.remove(card_id)


def figure_from_dict(data: dict) -> Figure:
    kind = data.get("kind")
    if kind == "hero":
        return Hero.from_dict(data)
    if kind == "challenge":
        return Challenge.from_dict(data)
    return Figure.from_dict(data)


@dataclass
class State:
    """Everything that persists between engine steps."""

    heroes: list[Hero] = field(default_factory=list)
    effects: list[ActiveEffect] = field(default_factory=list)
    market_bottom: list[str] = field(default_factory=list)  # cards put under the market deck
    undefeated: list[str] = field(default_factory=list)  # the undefeated-challenge track
    discarded_adventures: list[str] = field(default_factory=list)
    turn: int = 1
    combat_no: int = 0
    # what the effects granted and the turn loop has not yet applied (``Resolver.grants``:
    # movement, market, board and deck grants); kept here so a saved game keeps them
    grants: list[dict] = field(default_factory=list)

    def hero(self, hero_id: str) -> Hero:
        for h in self.heroes:
            if h.id == hero_id:
                return h
        raise KeyError(hero_id)

    def to_dict(self) -> dict:
        return {
            "heroes": [h.to_dict() for h in self.heroes],
            "effects": [e.to_dict() for e in self.effects],
            "market_bottom": list(self.market_bottom),
            "undefeated": list(self.undefeated),
            "discarded_adventures": list(self.discarded_adventures),
            "turn": self.turn,
            "combat_no": self.combat_no,
            "grants": [dict(g) for g in self.grants],
        }

    @classmethod
    def from_dict(cls, data: dict) -> State:
        return cls(
            heroes=[Hero.from_dict(h) for h in data.get("heroes", [])],
            effects=[ActiveEffect.from_dict(e) for e in data.get("effects", [])],
            market_bottom=list(data.get("market_bottom", [])),
            undefeated=list(data.get("undefeated", [])),
            discarded_adventures=list(data.get("discarded_adventures", [])),
            turn=int(data.get("turn", 1)),
            combat_no=int(data.get("combat_no", 0)),
            grants=[dict(g) for g in data.get("grants", [])],
        )
