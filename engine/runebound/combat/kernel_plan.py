"""What a combat kernel is compiled from: the cards of one fight, read once from their IR.

A :class:`Plan` holds the Hero, items, Allies and challenge of one combat, each card's
standing rules (modifiers, restrictions, triggers) and the abilities the Hero's player may
use, and answers the generator's questions: is this stat a constant, which locals change it,
which abilities fit this window. Whatever the kernel cannot express raises
:class:`Unsupported` with the card and the reason; the caller then fights that combat with
the engine.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..core.attackbar_rbsubj import ACTIONS as _BAR_ACTIONS  # branch rbsubj
from ..core.cardwindows import runner
from ..core.effects import EXTRA_TARGETS, walk
from ..core.ir_rbmarket import MARKET_RULE_OPS
from ..core.ruleset import Ruleset
from ..core.skills import granted_by
from ..core.windows import Moment, timing_refusal

ATTR = {"ranged": "mind", "melee": "body", "magic": "spirit"}
PHASES = ("ranged", "melee", "magic")
# Effect ops a kernel runs; the others (movement, market) belong to the turn loop.
COMBAT_OPS = frozenset({"attack", "inflict", "suffer", "cancel", "heal", "test", "if",
                        "optional", "modify", "cost_modifier", "restrict", "trigger",
                        "for_duration", "gain_gold"})
TRIGGER_KINDS = ("takes_wounds", "defeat_challenge", "knocked_out")
# Which figures a modifier's target covers: h (the Hero), a (every Ally), c (the enemy).
COVERS = {"hero": "h", "you": "h", "each_hero": "h", "enemy": "c", "each_ally": "a",
          "ally": "a", "hero_or_ally": "ha", "each_other_hero": "", "another_hero": ""}
UNTILS = {"end_of_round": "R", "end_of_combat": "C", "end_of_turn": "T",
          "start_of_next_turn": "T"}
# ---- family 7: combat
# Combat-family rules the kernel compiles when they are always on (a card's standing rule);
# anywhere else (a duration, an effect) they are left to the engine like the ops below.
KERNEL_STANDING = frozenset({"extra_wounds", "immune", "wound_cap"})
# Combat-family ops the kernel does not compile: a combat with one is fought by the engine.
ENGINE_ONLY_OPS = {
    "extra_wounds": "additional wounds on a successful attack",
    "inflict_additional": "additional wounds after an attack's success",
    "reroll": "a reroll of a combat roll",
    "wound_cap": "a cap on the wounds the Hero takes in each combat phase",
    "immune": "immunity to a phase's attacks",
    "cancel_first": "the first wounds of each combat (round) cancelled",  # branch rbwound
    "damage_rule": "the wounds of an attack multiplied or capped",  # branch rbdamage
}


class Unsupported(Exception):  # noqa: N818 - a reason, not an error of the user
    """The kernel cannot express this combat; the engine fights it."""


@dataclass
class Card:
    index: int
    id: str
    kind: str  # hero, item, ally, challenge
    ally: int | None  # the Ally's index for an Ally card
    data: dict
    abilities: list  # catalog Ability objects
    discardable: bool = False  # an ability of its own discards it (a one-use card)

    def held(self, late: bool) -> str | None:
        """The runtime condition that the card is held (None: always, in this context).
        ``late``: after a knock-out may have cost the Hero a card (the After Combat window)."""
        if self.kind == "ally":
            return f"al[{self.ally}]"
        if self.kind == "item" and (self.discardable or late):
            return f"hd[{self.index}]"
        return None


@dataclass
class Plan:
    hero: object  # state.Hero (fresh)
    challenge: object  # state.Challenge
    cards: list[Card]
    ruleset: Ruleset
    catalog: object
    before_combat: bool = True
    escape: bool = True
    durations: set = field(default_factory=set)  # {(until letter, target, stat)}
    duration_restricts: set = field(default_factory=set)  # {(until letter, action)}
    duration_triggers: list = field(default_factory=list)  # raw trigger IR in durations
    notes: list[str] = field(default_factory=list)

    # -------------------------------------------------------------------- building
    @classmethod
    def build(cls, catalog, hero_id, challenge_id, items=(), allies=(), ruleset=None,
              before_combat=True, escape=True, hero_bonus=None) -> Plan:
        hero = catalog.new_hero(hero_id, items=list(items), allies=list(allies))
        for stat, n in (hero_bonus or {}).items():  # experience tokens on the printed stats
            setattr(hero, stat, getattr(hero, stat) + n)
        for card_id in (hero_id, *items, *allies):  # skills the held cards give (session skills)
            given = granted_by(catalog.card(card_id).standing_effects)
            hero.skills = [*hero.skills, *(s for s in given if s not in hero.skills)]
        challenge = catalog.new_challenge(challenge_id)
        cards = [Card(0, hero_id, "hero", None, catalog.card(hero_id).data,
                      catalog.card(hero_id).abilities)]
        for item in items:
            cards.append(Card(len(cards), item, "item", None, catalog.card(item).data,
                              catalog.card(item).abilities))
        for i, ally in enumerate(allies):
            cards.append(Card(len(cards), ally, "ally", i, catalog.card(ally).data,
                              catalog.card(ally).abilities))
        cards.append(Card(len(cards), challenge_id, "challenge", None,
                          catalog.card(challenge_id).data, catalog.card(challenge_id).abilities))
        if len(set(items)) != len(items) or len(set(allies)) != len(allies):
            raise Unsupported("the same card twice (the engine tells copies apart by id)")
        plan = cls(hero, challenge, cards, ruleset, catalog, before_combat, escape)
        plan._read()
        return plan

    def _read(self) -> None:
        # a kept challenge joins the Hero's cards without its text (the table of card
        # windows: a challenge's abilities run only for the Hero facing it)
        for card in self.cards:
            for ab in card.abilities:
                if "discard" in ab.cost_ops and card.kind == "item":
                    card.discardable = True
        for card in self.cards:
            for ab in card.abilities:
                self._read_ability(card, ab)
        self._check_triggers()

    def _read_ability(self, card: Card, ab) -> None:
        where = f"{card.id}: \"{ab.source}\""
        if "discard" in ab.cost_ops and card.kind == "ally":  # issue 32: "discard this Ally"
            raise Unsupported(f"{where}: an Ally discarded as its own card's cost")
        if _by_the_board(ab.ir):  # ---- family 4 (issue 21): Heroes in a space, within N
            raise Unsupported(f"{where}: a target by the board (the Heroes in a space)")
        if _attack_bar(ab.ir):  # branch rbsubj: who may not attack when (the engine reads it)
            raise Unsupported(f"{where}: a rule of who may not attack in a phase or round")
        if _round_cap(ab.ir):  # issue 32 (session lang4): the kernel counts phases only
            raise Unsupported(f"{where}: a cap on the wounds of each combat round")
        if ab.standing:
            for e in ab.effects:
                if e.op in ("immune", "wound_cap") and card.held(False) is not None:  # fam. 7
                    raise Unsupported(f"{where}: {ENGINE_ONLY_OPS[e.op]} on a card that can "
                                      "leave the Hero")
                self._read_static(where, e)
            return
        if ab.reaction == "combat_roll":  # ---- family 7: combat (no kernel moment for it)
            raise Unsupported(f"{where}: {ENGINE_ONLY_OPS['reroll']} (engine only)")
        if card.kind == "challenge":
            if ab.timing == "before_combat" and ab.costs:
                raise Unsupported(f"{where}: a challenge's text with a cost (an offer)")
            if ab.timing != "before_combat":
                if runner(card.kind, ab.timing) is not None:  # the engine runs it
                    raise Unsupported(f"{where}: a challenge's text in its "
                                      f"'{ab.timing.replace('_', ' ')}' window (engine only)")
                return  # never run (check refuses it: RF440)
        elif not self.fits_combat(ab):
            return  # e.g. "Before moving, ...": never used in a combat
        for e in walk(ab.effects):
            if e.op in ENGINE_ONLY_OPS:  # ---- family 7: combat
                raise Unsupported(f"{where}: {ENGINE_ONLY_OPS[e.op]} (engine only)")
            if e.op not in COMBAT_OPS:
                raise Unsupported(f"{where}: the {e.op!r} effect belongs to the turn loop")
            if e.op == "for_duration":
                if e.until not in UNTILS:  # ---- family 8 (issue 21): outlasts the combat
                    raise Unsupported(f"{where}: a duration {e.until!r} (ends outside combat)")
                for raw in e.raw_effects:
                    self._read_duration(where, UNTILS[e.until], raw)
            elif e.op == "modify":
                self._read_duration(where, "R", e.ir())
            elif e.op == "restrict":
                self._read_duration(where, "C", e.ir())
            elif e.op == "trigger":
                self._read_duration(where, "T", e.raw)

    def _read_static(self, where: str, e) -> None:
        if e.op in KERNEL_STANDING:  # ---- family 7: combat (read by extra_wounds, immune)
            if getattr(e, "target", "hero") not in ("hero", "you"):  # issue 32: of others
                raise Unsupported(f"{where}: {ENGINE_ONLY_OPS[e.op]} of another figure")
            return
        if e.op in ENGINE_ONLY_OPS:
            raise Unsupported(f"{where}: {ENGINE_ONLY_OPS[e.op]} (engine only)")
        if e.op == "trigger":
            if e.event["kind"] not in TRIGGER_KINDS:
                raise Unsupported(f"{where}: a trigger on {e.event['kind']!r}")
            if e.event.get("attack"):  # branch rbdamage: an attack's wounds told apart
                raise Unsupported(f"{where}: a trigger on the wounds of one attack (engine only)")
            if e.raw.get("limits"):  # its firings counted (branch runs): the engine counts
                raise Unsupported(f"{where}: a trigger whose firings a limit counts")
            if e.raw.get("during"):  # bound to a phase (branch runs): the engine matches it
                raise Unsupported(f"{where}: a trigger bound to the {e.raw['during']} phase")
            for inner in walk(e.effects):
                if inner.op not in COMBAT_OPS or inner.op in ("for_duration", "trigger",
                                                              "cancel", "attack"):
                    raise Unsupported(f"{where}: a trigger that makes a {inner.op!r}")
        elif e.op not in ("modify", "restrict", "cost_modifier", "grant_skill", "carry_as",
                          "carry_exempt", *MARKET_RULE_OPS):  # carry_* (rblimits) and the
            # last (rbmarket): the market's, not combat's; grant_skill: the plan's Hero has it
            # from the start (build, session skills)
            raise Unsupported(f"{where}: an always-on {e.op!r}")

    def _read_duration(self, where: str, until: str, raw: dict) -> None:
        op = raw["op"]
        if op == "for_duration":  # a duration inside: its rules to the earlier end
            inner = UNTILS.get(raw["until"])
            if inner is None:
                raise Unsupported(f"{where}: a duration {raw['until']!r} (ends outside combat)")
            for held in raw["effects"]:
                self._read_duration(where, min(until, inner, key="RCT".index), held)
            return
        if op in ENGINE_ONLY_OPS:  # ---- family 7: combat (lasting: engine only)
            raise Unsupported(f"{where}: {ENGINE_ONLY_OPS[op]}, lasting (engine only)")
        if op == "modify":
            self.durations.add((until, raw["target"], raw["stat"]))
        elif op == "restrict":
            self.duration_restricts.add((until, raw["action"]))
        elif op == "trigger":
            from ..core.effects import build_effect

            built = build_effect(raw)
            self._read_static(where, built)
            if all(t is not built.raw for t in self.duration_triggers):
                self.duration_triggers.append(built)
        elif op != "cost_modifier":
            self.notes.append(f"{where}: a lasting {op!r} does nothing in a combat")

    def _check_triggers(self) -> None:
        """Triggers whose effects wound a figure another trigger watches could nest: the
        engine bounds that at depth 8; the kernel does not try."""
        triggers = self.standing_triggers() + [(None, t) for t in self.duration_triggers]
        watched = {COVERS.get(t.event.get("target") or "", "") for _c, t in triggers
                   if t.event["kind"] == "takes_wounds"}
        watched = set("".join(watched))
        for _card, t in triggers:
            for e in walk(t.effects):
                if e.op in ("inflict", "suffer") and set(COVERS[e.target]) & watched:
                    raise Unsupported("a trigger whose wounds can set off a trigger")

    # -------------------------------------------------------------------- questions
    def fits_combat(self, ab) -> bool:
        """Can ``ab`` be used at some moment of a fight (a combat step, a wounds window, the
        Defeat Challenge or After Combat window)?"""
        return any(timing_refusal(ab, m) is None for m in self.moments())

    @staticmethod
    def moments():
        for step in ("before_combat", "escape", *PHASES):
            yield Moment(step, step, 1, 0 if step == "before_combat" else 1)
            yield Moment("wounds_inflicted", step, 1, 1)
        for window in ("defeat_challenge", "after_combat", "knocked_out"):
            yield Moment(window, None, 1, 0)
            yield Moment("wounds_inflicted", None, 1, 0)

    def candidates(self) -> list[tuple[Card, object]]:
        """The Hero's usable abilities in the engine's order (held cards, then index)."""
        return [(c, ab) for c in self.cards if c.kind != "challenge"
                for ab in self.catalog.card(c.id).held_abilities if self.fits_combat(ab)]

    def standing(self):
        """(card, effect) of every always-on effect, in the engine's order."""
        for c in self.cards:
            for ab in c.abilities:
                if ab.standing:
                    for e in ab.effects:
                        yield c, e

    def standing_triggers(self) -> list:
        return [(c, e) for c, e in self.standing() if e.op == "trigger"]

    def figure(self, code: str):
        if code == "h":
            return self.hero
        if code == "c":
            return self.challenge
        return self.hero.allies[int(code[1:])]

    def stat(self, code: str, name: str, late: bool = False):
        """The stat ``name`` of figure ``code`` (h, c, a0, a1 ...): an int when it cannot
        change during the fight, else a Python expression over the kernel's locals."""
        fig = self.figure(code)
        base = 0 if name.endswith("_roll") else getattr(fig, name, 0)
        terms = []
        kind = code[0]
        for card, e in self.standing():
            if e.op != "modify" or e.stat != name or kind not in COVERS[e.target]:
                continue
            cond = card.held(late)
            if cond is None:
                base += e.value
            else:
                terms.append(f"({e.value} if {cond} else 0)")
        for until, target, stat in sorted(self.durations):
            if stat == name and kind in COVERS[target]:
                terms.append(mod_local(until, target, stat))
        if not terms:
            return base
        return "(" + " + ".join([str(base), *terms]) + ")"

    def has_skill(self, skill: str, late: bool = True):
        """Does the Hero have ``skill`` (a test's): True, False or an expression over the
        kernel's locals. Printed on the Hero's card it is always theirs; given by a held card
        ("You have the Swim skill.") only while the card is held, as the engine reads it
        (skills_of): an Ally who falls or an Item discarded in the fight takes it away (branch
        runs2; the plan's Hero had every held card's skill for the whole fight)."""
        wanted = skill.lower()
        if wanted in {s.lower() for s in self.cards[0].data.get("skills") or ()}:
            return True
        conds = []
        for card, e in self.standing():
            if e.op == "grant_skill" and e.skill.lower() == wanted:
                cond = card.held(late)
                if cond is None:
                    return True
                conds.append(cond)
        return " or ".join(conds) if conds else False

    def restricted(self, action: str, late: bool = False):
        """Is ``action`` (escape, ally_attack) barred: True, False or an expression."""
        conds = []
        for card, e in self.standing():
            if e.op == "restrict" and e.action == action:
                cond = card.held(late)
                if cond is None:
                    return True
                conds.append(cond)
        conds += [restrict_local(u, a) for u, a in sorted(self.duration_restricts)
                  if a == action]
        return " or ".join(conds) if conds else False

    # ---- family 7: combat
    def extra_wounds(self, phase: str):
        """What the Hero's successful ``phase`` attack inflicts beyond its damage (the
        standing ``extra_wounds`` rules): an int, or an expression over the kernel's locals."""
        total, terms = 0, []
        for card, e in self.standing():
            if e.op != "extra_wounds" or e.phase not in (None, phase):
                continue
            cond = card.held(False)
            if cond is None:
                total += e.value
            else:
                terms.append(f"({e.value} if {cond} else 0)")
        return "(" + " + ".join([str(total), *terms]) + ")" if terms else total

    def immune(self, phase: str) -> bool:
        """Is the Hero immune to ``phase`` attacks (a standing rule of a card always held)?"""
        return any(e.op == "immune" and e.phase == phase for _c, e in self.standing())

    def wound_cap(self) -> int | None:
        """The most wounds the Hero takes in one phase step (standing rules of cards always
        held; the lowest counts), or None."""
        caps = [e.value for _c, e in self.standing() if e.op == "wound_cap"]
        return min(caps) if caps else None


def mod_local(until: str, target: str, stat: str) -> str:
    return f"{until}_{target}_{stat}"


def restrict_local(until: str, action: str) -> str:
    return f"{until}x_{action}"


# ---- family 4 (issue 21): targets by the board are the engine's (other Heroes' spaces)
def _round_cap(ir) -> bool:
    stack = [ir]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            if item.get("op") == "wound_cap" and item.get("per") == "round":
                return True
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return False


def _by_the_board(ir) -> bool:
    stack = [ir]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            target = item.get("target")
            if isinstance(target, str) and target in EXTRA_TARGETS:
                return True
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return False


def _attack_bar(raw) -> bool:
    """Whether the raw IR ``raw`` holds a restriction of branch rbsubj's (who may not attack in
    a phase or round: attackbar_rbsubj), anywhere inside it."""
    if isinstance(raw, dict):
        if raw.get("op") == "restrict" and raw.get("action") in _BAR_ACTIONS:
            return True
        return any(_attack_bar(v) for v in raw.values())
    if isinstance(raw, list):
        return any(_attack_bar(v) for v in raw)
    return False
