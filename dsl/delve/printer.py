"""The canonical English text of a Delve ability (what ``runeforge fmt`` writes).

One voice for every variant the grammar reads: weapon shorthand ("Combat. Hit 4, Damage 2")
prints as ``attack an adjacent adversary: combat, Hit 4+, Damage 2``; ``(6)`` and ``[3+]`` as
``(6+)`` and ``(3+)``; ``Spend a 5+ hero die:`` as ``Spend a hero die (5+) to``; figures
moved by you as ``push``/``pull`` ("each adversary … moves 1 space towards you": "pull each
adversary … 1 space towards you"), healed ones as ``heal N wounds on …``; "every" as
"each"; a duration or a condition before what it governs, each starting its own sentence
("Until the end of your turn, …", "If you rolled a 6, …"); a trigger first ("Every time …,",
"At the end of your turn,"); the verb agreeing with its subject ("each hero gains", "heroes
… are"). ``print_ability(parse_ability(t)) == t`` for canonical ``t``."""

from __future__ import annotations

from . import comparisons  # issue 32 (session delve11)
from . import nodes as n
from .approach import Approach, print_approach
from .attack_riders import AttackBonus, print_bonus  # issue 32 (session delve11)
from .aura_dhero import is_aura_node, print_aura  # issue 32 (branch dhero)
from .basic_actions import TakeAction, print_take
from .best_of import with_best_of
from .braced import print_subject  # issue 32 (branch delveseven)
from .dice_ddice import SetDie, print_die  # issue 32 (branch ddice)
from .disarm import Disarm, print_disarm  # issue 32 (branch delve12)
from .discard import Discard, print_discard  # issue 32 (branch delveseven)
from .events_dhero import print_hero_event  # issue 32 (branch dhero)
from .hero_states_dhero import STATES, print_state  # issue 32 (branch dhero)
from .hit_dtarget import HitNeed, NextHit, print_hit_need, print_next_hit  # dtarget
from .keep_away_dmove import KeepAway, print_keep_away  # issue 32 (branch dmove)
from .move_end_dmove import print_event as print_move_ended  # issue 32 (branch dmove)
from .next_attack import print_next  # issue 32 (branch delveheroes)
from .passage_dmove import Passage  # issue 32 (branch dmove)
from .passage_dmove import print_rider as print_through
from .passage_dmove import print_rule as print_passage
from .per_count import with_for_each  # issue 32 (branch delve12)
from .pierce import Pierce, print_pierce  # issue 32 (branch delveseven)
from .placing import Place, print_place  # issue 32 (session delve11)
from .rolls import RollDie, print_roll
from .scouting import Scout, print_scout  # issue 32 (session delve11)
from .soak import Soak, print_soak
from .spared_dhero import Spared, print_spared  # issue 32 (branch dhero)
from .spawn_dadv2 import Spawn, print_spawn  # branch dadv2
from .spent import print_spent
from .tolls import Toll, print_toll  # issue 32 (session delve11)
from .unmoved import CONDS as UNMOVED
from .unmoved import print_unmoved
from .wounds_dtarget import print_wounds  # issue 32 (branch dtarget)

TARGET_TEXT = {"adjacent": "an adjacent adversary", "visible": "a visible adversary",
               "each": "each adversary in this chamber"}
EVENT_TEXT = {"slay": "slay an adversary", "explored": "explore a chamber",
              "recuperated": "recuperate",
              "explored_empty": "explore a chamber that contains no adversaries"}  # delve10
CLOCK_TEXT = {"turn_end": "At the end of your turn", "turn_start": "At the start of your turn",
              "round_start": "At the start of each round",
              "round_end": "At the end of each round",
              "phase_start": "At the start of the adversary phase",
              "phase_end": "At the end of the adversary phase"}
DURATION_TEXT = {"end_of_turn": "until the end of your turn",
                 "end_of_round": "until the end of the round",
                 "next_turn": "until the start of your next turn",
                 "end_of_phase": "until the end of the adversary phase"}
NOUNS = {"adversary": ("adversary", "adversaries"), "hero": ("hero", "heroes")}
REF_TEXT = {"": "you", "it": "it", "adversary": "this adversary", "target": "the target"}
RANK_TEXT = {"wounds": "wounds", "renown": "renown", "vigour": "Vigour"}
SINGULAR = ("most", "fewest", "one", "each", "another", "each_other", "nearest", "target", "it", "that", "self",
            "slayer", "attacked", "them",     # "them" prints as "each of them"
            "wounder")   # branch dsight


def _plural(count: int, one: str, many: str) -> str:
    return f"{count} {one if count == 1 else many}"


def print_cost(cost: n.Cost) -> str:
    return f"({cost.need}+{'*' if cost.escalating else ''})"


def print_filter(f: n.Filter) -> str:
    if f.kind in comparisons.KINDS:   # issue 32 (session delve11): "with at most 1 Vigour"
        return comparisons.print_filter(f)
    if f.kind == "adjacent":
        return f"adjacent to {REF_TEXT[f.ref]}"
    if f.kind == "within":
        return f"within {_plural(f.n, 'space', 'spaces')} of {REF_TEXT[f.ref]}"
    if f.kind == "wounds":
        return f"with {f.n} or more wounds"
    if f.kind == "vigour":
        return f"with {f.n} or more Vigour"
    if f.kind == "chamber" and f.ref == "adversary":  # issue 32 (session delve8)
        return "in this adversary's chamber"
    return {"adjacent_target": "adjacent to the target", "chamber": "in this chamber"}[f.kind]


ADJECTIVES = ("other", "visible", "wounded")     # the order they stand in before the noun
# after "the hero with the most wounds" an adjective is said as a filter (branch dadv)
RANKED_ADJECTIVES = {"visible": "in line of sight", "wounded": "that is wounded"}


def singular(sel: n.Selector) -> bool:
    if sel.quantity in ("up_to", "n"):
        return sel.count == 1
    return sel.quantity in SINGULAR


def print_selector(sel: n.Selector) -> str:
    text = _one_selector(sel)
    for other in sel.union:
        text += " or " + _one_selector(other)
    return text


def _one_selector(sel: n.Selector) -> str:
    q = sel.quantity
    fixed = {"target": "the target", "them": "each of them", "it": "it"}
    if q in fixed:
        return fixed[q]
    if q == "self":
        return "this adversary" if sel.side == "adversary" else "yourself"
    if q == "that":
        return f"that {sel.side}"
    if q == "slayer":
        return f"the {sel.side} who slew it"
    if q == "attacked":
        return f"the {sel.side} it attacked"
    if q == "wounder":   # branch dsight
        return f"the {sel.side} that wounded it"
    if q in ("most", "fewest"):  # issue 32 (session delve8)
        tail = [RANKED_ADJECTIVES.get(f.kind) or print_filter(f) for f in sel.filters]
        return " ".join([f"the {sel.side} with the {q} {RANK_TEXT[sel.rank]}", *tail])
    noun = NOUNS[sel.side][0 if singular(sel) else 1]
    kinds = {f.kind for f in sel.filters}
    adjectives = [a for a in ADJECTIVES if a in kinds]
    if q == "each_other":
        adjectives.insert(0, "other")
    word = " ".join(adjectives + [noun])
    if q == "one":
        head = "an" if word[0] in "aeiou" else "a"
    else:
        head = {"each": "each", "each_other": "each", "another": "another", "nearest": "the "
                "nearest", "up_to": f"up to {sel.count}", "n": f"{sel.count}"}[q]
    tail = [print_filter(f) for f in sel.filters if f.kind not in ADJECTIVES]
    return " ".join([head, word, *tail])


def _verb(sel: n.Selector | None, base: str, third: str) -> str:
    return third if sel is not None and singular(sel) else base


def _article(word: str) -> str:
    return "an" if word[:1] in "aeiou" else "a"


def _stats(hit, damage) -> str:
    return f"Hit {hit}+, Damage {damage}"


def _range(rng: str | None) -> str:
    return f"{rng} " if rng else ""


def print_effect(e) -> str:
    rolled = with_best_of(e, print_effect)   # issue 32 (session delve9)
    if rolled is not None:
        return rolled
    counted = with_for_each(e, print_effect, print_selector)   # issue 32 (branch delve12)
    if counted is not None:
        return counted
    if isinstance(e, n.Explore):
        return "explore"
    if isinstance(e, n.Move):
        spaces = "up to " + _plural(e.up_to, "space", "spaces")
        spaces += print_through(e)   # "… through other figures" (branch dmove)
        if e.on is None:
            return "move " + spaces
        who = print_selector(e.on)
        return f"{who} may move {spaces}" if e.their else f"move {who} {spaces}"
    if isinstance(e, n.Heal):
        text = "heal " + _plural(e.wounds, "wound", "wounds")
        return text + (f" on {print_selector(e.on)}" if e.on else "")
    if isinstance(e, n.Renown):
        if e.on is None:
            return f"gain {e.amount} renown"
        return f"{print_selector(e.on)} {_verb(e.on, 'gain', 'gains')} {e.amount} renown"
    if isinstance(e, n.Skill):
        return "gain a skill"
    if isinstance(e, n.Attack):
        return f"attack {TARGET_TEXT[e.target]}: {e.range}, {_stats(e.hit, e.damage)}"
    if isinstance(e, n.Strike):
        return _strike(e)
    if isinstance(e, n.Shift):
        return _shift(e)
    if isinstance(e, n.Suffer):
        wounds = _plural(e.wounds, "wound", "wounds")
        if e.target.quantity == "self" and e.target.side is None:
            return f"suffer {wounds}"
        return f"{print_selector(e.target)} {_verb(e.target, 'suffer', 'suffers')} {wounds}"
    if isinstance(e, n.Reroll):
        return f"roll one of your {e.dice} dice again"
    if isinstance(e, n.Ward):
        return _ward(e)
    if is_aura_node(e):   # a bonus to other heroes (branch dhero)
        return print_aura(e, print_selector, _verb, _range(e.range))
    if isinstance(e, n.Boost):
        if e.next:   # "your next attack …" (issue 32, branch delveheroes)
            return print_next(e, _range(e.range))
        if e.on is not None and e.stat == "move":  # issue 32 (session delve8)
            return (f"{print_selector(e.on)} moves "
                    f"{_plural(e.amount, 'additional space', 'additional spaces')}")
        if e.on is not None:
            head = f"{print_selector(e.on)}'s {_range(e.range)}attacks"
            if e.stat == "roll":
                return f"{head} add {e.amount} to their rolls"
            return f"{head} deal +{e.amount} Damage"
        if e.against is not None:  # issue 32 (session lang4)
            mine = f"your {_range(e.range)}attacks against {print_selector(e.against)}"
            if e.stat == "roll":
                return f"{mine} add {e.amount} to their rolls"
            return f"{mine} deal +{e.amount} Damage"
        if e.stat == "roll":
            return f"add {e.amount} to your {_range(e.range)}attack rolls"
        if e.stat == "damage":
            return f"your {_range(e.range)}attacks deal +{e.amount} Damage"
        return f"add {e.amount} to your Move"
    if isinstance(e, n.Pick):
        return f"choose {print_selector(e.target)}"
    if isinstance(e, n.Root):
        return f"{print_selector(e.target)} cannot move"
    if isinstance(e, Pierce):  # issue 32 (branch delveseven)
        return print_pierce(e)
    if isinstance(e, SetDie):  # issue 32 (branch ddice)
        return print_die(e)
    if isinstance(e, Discard):  # issue 32 (branch delveseven)
        return print_discard(e, print_selector, _verb)
    if isinstance(e, Disarm):  # issue 32 (branch delve12)
        return print_disarm(e, print_selector)
    if isinstance(e, (n.Steadfast, n.Immune, n.Guard, n.Pin)):
        return _rule(e)
    if isinstance(e, n.Hamper):
        return (f"{print_selector(e.target)} {_verb(e.target, 'subtract', 'subtracts')} "
                f"{-e.amount} from their {_range(e.range)}attack rolls")
    if isinstance(e, n.Unpinned):
        return "you are never pinned"
    if isinstance(e, Passage):   # "you may move through other figures" (branch dmove)
        return print_passage(e)
    if isinstance(e, KeepAway):   # "this adversary never moves adjacent to a hero" (dmove)
        return print_keep_away(e, print_selector)
    if isinstance(e, Spared):   # heroes spared the pin (branch dhero)
        return print_spared(e, print_selector, _verb)
    if isinstance(e, n.Forbid):
        return f"{print_selector(e.target)} cannot {FORBID_TEXT[e.act]}"
    if isinstance(e, RollDie):  # issue 32 (session delve10)
        return print_roll(e, print_selector, _verb, print_effects)
    if isinstance(e, TakeAction):  # issue 32 (session delve9)
        return print_take(e, print_selector)
    if isinstance(e, AttackBonus):  # issue 32 (session delve11)
        return print_bonus(e, print_selector)
    if isinstance(e, Place):  # issue 32 (session delve11)
        return print_place(e)
    if isinstance(e, Spawn):  # branch dadv2: adversaries of its kind
        return print_spawn(e)
    if isinstance(e, Scout):  # issue 32 (session delve11)
        return print_scout(e)
    if isinstance(e, Toll):  # issue 32 (session delve11)
        return print_toll(e, print_selector)
    if isinstance(e, HitNeed):   # branch dtarget
        return print_hit_need(e, print_selector)
    if isinstance(e, NextHit):   # branch dtarget
        return print_next_hit(e)
    if isinstance(e, Soak) and (e.cap is not None or e.at_most is not None):   # dtarget
        return print_wounds(e, print_selector)
    if isinstance(e, Soak):  # issue 32 (session delve9)
        return print_soak(e, print_selector)
    if isinstance(e, Approach):  # issue 32 (session delve9)
        return print_approach(e, print_selector, _verb)
    if isinstance(e, n.Until):
        return f"{DURATION_TEXT[e.duration]}, {print_effects(e.effects)}"
    if isinstance(e, n.Rider):
        return f"if {print_cond(e)}, {print_effects(e.effects)}" + (
            " instead" if e.instead is not None else "")   # branch delveseven
    raise TypeError(e)  # pragma: no cover


def _strike(e: n.Strike) -> str:
    """"make a combat attack against …"; "attack <who>" with no range; "this adversary
    makes …" / "this adversary attacks …" (issue 32, session delve8)."""
    by = "" if e.by is None else print_selector(e.by) + " "
    if e.range is None and e.target is not None:
        text = by + ("attacks" if by else "attack") + f" {print_selector(e.target)}"
    else:
        kind = f"{e.range} attack" if e.range else "attack"
        text = by + ("makes" if by else "make") + f" {_article(kind)} {kind}"
        if e.target is not None:
            text += f" against {print_selector(e.target)}"
    return text + (f", {_stats(e.hit, e.damage)}" if e.hit is not None else "")


def _shift(e: n.Shift) -> str:
    spaces = _plural(e.spaces, "space", "spaces")
    if e.towards is None:
        return f"move {print_selector(e.target)} {spaces}"
    if e.ref is None:
        word = "pull" if e.towards else "push"
        way = "towards you" if e.towards else "away from you"
        return f"{word} {print_selector(e.target)} {spaces} {way}"
    way = "towards" if e.towards else "away from"
    if e.target.quantity == "self" and e.target.side is None:
        return f"move {spaces} {way} {print_selector(e.ref)}"
    return f"move {print_selector(e.target)} {spaces} {way} {print_selector(e.ref)}"


def _ward(e: n.Ward) -> str:
    if e.per is not None:
        if e.on is None:
            return f"ignore the first wound you suffer each {e.per}"
        return (f"ignore the first wound {print_selector(e.on)} "
                f"{_verb(e.on, 'suffer', 'suffers')} each {e.per}")
    who = "you" if e.on is None else print_selector(e.on)
    if e.wounds > 1:
        return f"prevent the first {e.wounds} wounds {who} would suffer"
    return f"prevent the first wound {who} would suffer"


FORBID_TEXT = {"heal": "heal wounds", "recuperate": "recuperate", "explore": "explore"}


def _rule(e) -> str:
    """The rules of an adversary: a subject that is, or the attacks against it."""
    if isinstance(e, n.Guard):
        head = f"{_range(e.range)}attacks against {print_selector(e.on)}"
        if e.stat == "damage" and e.amount < 0:
            return f"{head} deal {-e.amount} less Damage"
        if e.stat == "damage":
            return f"{head} deal +{e.amount} Damage"
        way = f"add {e.amount} to" if e.amount >= 0 else f"subtract {-e.amount} from"
        return f"{head} {way} their rolls"
    if isinstance(e, n.Pin):
        return f"{print_selector(e.target)} {_verb(e.target, 'are', 'is')} pinned"
    if isinstance(e, n.Steadfast):
        what = " or ".join(w for w, on in (("pushed", e.pushed), ("pulled", e.pulled)) if on)
        text = f"cannot be {what}"
    else:
        text = f"immune to {e.range} attacks"
        if e.on is not None:
            text = f"{_verb(e.on, 'are', 'is')} {text}"
    if isinstance(e, n.Steadfast) and print_subject(e.on):   # "you cannot be pushed"
        return f"{print_subject(e.on)} {text}"                 # (branch delveseven)
    return text if e.on is None else f"{print_selector(e.on)} {text}"


def print_cond(e: n.Rider) -> str:
    if e.cond in UNMOVED:   # "if it cannot be pushed" (session delve10)
        return print_unmoved(e, print_selector)
    if e.cond in STATES:   # "you are pinned", "you have no wounds" (branch dhero)
        return print_state(e, print_selector)
    if e.cond == "rolled":
        return f"you rolled a {e.face}"
    if e.cond == "rolled_up":
        return f"you rolled a {e.face} or higher"
    if e.cond == "hits":
        return "it hits"
    if e.cond == "misses":   # issue 32 (branch delveheroes)
        return "it misses"
    if e.cond == "slays":
        return "this attack slays the target"
    if e.cond == "wounds":
        me = e.who is None or (e.who.quantity == "self" and e.who.side is None)
        who = "you" if me else print_selector(e.who)
        if e.n == 1:
            return f"{who} {'are' if me else 'is'} wounded"
        return f"{who} {'have' if me else 'has'} {e.n} or more wounds"
    sel = e.who
    kinds = {f.kind for f in sel.filters}
    adjectives = [a for a in ADJECTIVES if a in kinds]
    tail = [print_filter(f) for f in sel.filters if f.kind not in ADJECTIVES]
    if e.cond == "none":
        return " ".join(["there are no", *adjectives, NOUNS[sel.side][1], *tail])
    if e.n == 1:
        head = "there is another" if "other" in adjectives else None
        word = " ".join([a for a in adjectives if a != "other" or head is None]
                        + [NOUNS[sel.side][0]])
        return " ".join([head or f"there is {_article(word)}", word, *tail])
    return " ".join([f"there are {e.n} or more", *adjectives, NOUNS[sel.side][1], *tail])


MODALS = (n.Until, n.Rider, AttackBonus)   # delve11: "It deals +1 Damage …" after an attack


def sentences(effects) -> list[list]:
    """The effects cut into sentences: a duration or a rider runs to the end of its own."""
    out: list[list] = [[]]
    effects = [x for e in effects for x in (   # "… instead": what it replaces, said first
        (*e.instead, e) if isinstance(e, n.Rider) and e.instead else (e,))]
    for e in effects:
        if isinstance(e, MODALS) and out[-1]:
            out.append([])
        out[-1].append(e)
        if isinstance(e, MODALS + (RollDie,)):   # its rows end its sentence (delve10)
            out.append([])
    return [s for s in out if s]


def print_effects(effects) -> str:
    return " and ".join(print_effect(e) for e in effects)


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def print_body(effects, limit: str | None = None, first_capital: bool = True) -> str:
    parts = [print_effects(s) for s in sentences(effects)]
    text = ". ".join(_cap(p) if i or first_capital else p for i, p in enumerate(parts)) + "."
    return text + {"turn": " Only once per turn.", "round": " Only once per round.",
                   "game": " Only once per game."}.get(   # "game": branch dadv2
        limit, "")   # "round": a trigger that fires in any turn (branch delveseven)


def print_event(ability: n.Trigger) -> str:
    ev = ability.event
    if ev in CLOCK_TEXT:
        return CLOCK_TEXT[ev]
    who = ability.who
    if ev == "wounded":
        if who is None:
            return "Every time you suffer a wound"
        return f"Every time {print_selector(who)} {_verb(who, 'suffer', 'suffers')} a wound"
    if ev == "slain":
        return f"When {print_selector(who)} {_verb(who, 'are', 'is')} slain"
    if ev in ("pushed", "pulled"):
        return f"Every time {print_selector(who)} is {ev}"
    if ev == "approached" and who is not None and who.side == "hero":   # delveseven
        return f"Every time {print_selector(who)} {_verb(who, 'move', 'moves')} adjacent to " \
            "this adversary"
    if ev == "approached":
        return f"Every time {print_selector(who)} {_verb(who, 'move', 'moves')} adjacent to you"
    if ev == "move_ended":   # branch dmove
        return print_move_ended(who, print_selector, _verb)
    if ev == "missed":   # with its range: branch dadv
        return missed_text(ability)
    if ev == "activated":
        return f"When {print_selector(who)} is activated"
    if ev == "wounds":   # its attack wounded a hero (branch dtarget)
        return f"When {print_selector(who)} wounds a hero"
    if ev == "attacks":
        return "After you attack" if who is None else \
            f"After {print_selector(who)} {_verb(who, 'attack', 'attacks')}"
    if (said := print_hero_event(ability, print_selector)) is not None:   # branch dhero
        return said
    if ev == "spent":  # issue 32 (session delve9)
        return f"Every time you {print_spent(ability.faces)}"
    text = f"Every time you {EVENT_TEXT[ev]}"
    if ev == "slay" and who is not None:   # "slay an adversary with 4 or more Vigour" (dhero)
        text = f"Every time you slay {print_selector(who)}"
    return text + (f" with {_article(ability.range)} {ability.range} attack"
                   if ability.range else "")


def _label(name: str) -> str:
    return f"{name}: " if name else ""


def print_ability(ability) -> str:
    if isinstance(ability, n.Action):
        head = f"{ability.name} {print_cost(ability.cost)}" if ability.name else \
            print_cost(ability.cost)
        return f"{head}: {print_body(ability.effects, ability.limit)}"
    if isinstance(ability, n.Spend):
        return (f"Spend a hero die {print_cost(ability.cost)} to "
                f"{print_body(ability.effects, ability.limit, first_capital=False)}")
    if isinstance(ability, n.Constant):
        return _label(ability.name) + print_body(ability.effects, ability.limit)
    return (f"{_label(ability.name)}{print_event(ability)}, "
            f"{print_body(ability.effects, ability.limit, first_capital=False)}")


def missed_text(ability) -> str:
    """The canonical words of the event ``missed`` (branch dadv)."""
    rng = ability.range
    with_range = f" with {'an' if rng == 'area' else 'a'} {rng} attack" if rng else ""
    return f"When a hero attacks {print_selector(ability.who)}{with_range} and misses"

