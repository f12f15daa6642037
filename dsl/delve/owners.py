"""What the engine runs for each kind of card (RF925): an ability that passes ``check`` runs
for its card, or is refused here, at the words that cannot run.

* **hero** (hero cards, skills, campaign items): actions, Spend abilities, triggers on the
  hero's events (slay, explore, recuperate, a wound it or another hero suffers) and on the
  clock (the start and end of its turn, of each round, of the adversary phase), and constant
  bonuses. It never names "this adversary" and has no adversary's rules.
* **adversary**: no hero dice, so no action and no Spend ability; triggers on its own events
  ("When this adversary is slain", "Every time this adversary suffers a wound", "After this
  adversary attacks") and on the clock (the start and end of each round and of the adversary
  phase); rules that always hold ("cannot be pushed", "immune to area attacks", attacks
  against it subtract from their rolls or deal more damage, heroes near it are pinned, it
  ignores the first wound each round). Its effects heal, wound, move figures towards or away
  from someone, give renown to heroes, hold figures in place for a while and ask about the
  board; attacks are its weapons' (``weapons:``), never its abilities'.

:data:`EVENTS` and :data:`EFFECTS` are the table docs/delve.md prints (a test holds them to
the engine's dispatch tables).
"""

from __future__ import annotations

from . import nodes as n
from .approach import Approach
from .attack_riders import AttackBonus  # issue 32 (session delve11)
from .basic_actions import TakeAction
from .behaviour_dsight import wounder_problems  # issue 32 (branch dsight)
from .dice_ddice import SetDie  # issue 32 (branch ddice)
from .disarm import Disarm  # issue 32 (branch delve12)
from .discard import Discard  # issue 32 (branch delveseven)
from .hit_dtarget import HitNeed, NextHit  # issue 32 (branch dtarget)
from .keep_away_dmove import KeepAway  # issue 32 (branch dmove)
from .passage_dmove import Passage  # issue 32 (branch dmove)
from .pierce import Pierce  # issue 32 (branch delveseven)
from .placing import Place  # issue 32 (session delve11)
from .problems import Problem
from .rolls import RollDie
from .scouting import Scout  # issue 32 (session delve11)
from .soak import Soak
from .spared_dhero import Spared  # issue 32 (branch dhero)
from .spawn_dadv2 import Spawn  # branch dadv2
from .tolls import Toll  # issue 32 (session delve11)

EVENTS = {
    "hero": ("slay", "explored", "recuperated", "turn_start", "turn_end", "round_start",
             "round_end", "phase_start", "phase_end", "wounded", "slain", "approached",
             "spent",  # a hero die spent (issue 32, session delve9)
             "explored_empty",  # a chamber explored that holds no adversaries (delve10)
             "healed", "skill"),  # another hero healed, a skill gained (branch dhero)
    "adversary": ("slain", "wounded", "attacks", "round_start", "round_end", "phase_start",
                  "phase_end", "pushed", "pulled", "activated", "missed",
                  "approached",   # a hero moves adjacent to it (branch delveseven)
                  "wounds"),   # its attack wounded a hero (branch dtarget)
}
EFFECTS = {
    "hero": (n.Explore, n.Move, n.Heal, n.Attack, n.Renown, n.Skill, n.Strike, n.Shift,
             n.Suffer, n.Reroll, n.Ward, n.Boost, n.Until, n.Rider, n.Pick, n.Root,
             n.Unpinned, Approach, Soak, TakeAction,
             RollDie),   # a die rolled for its faces (issue 32, session delve10)
    "adversary": (n.Heal, n.Renown, n.Shift, n.Suffer, n.Until, n.Rider, n.Root, n.Ward,
                  n.Steadfast, n.Immune, n.Guard, n.Pin, n.Forbid, n.Hamper,
                  Approach,   # "it moves toward the nearest hero" (issue 32, session delve9)
                  Soak,       # "… from a single attack, prevent 1 of them" (delve9)
                  RollDie),   # "each hero in this adversary's chamber rolls a die" (delve10)
}
WHY = {
    n.Explore: "only a hero explores", n.Move: "an adversary moves towards or away from "
    "someone: 'it moves 2 spaces towards the nearest hero'",
    n.Attack: "an adversary attacks with its weapons (list them under 'weapons:')",
    n.Strike: "an adversary attacks with its weapons: say it is the adversary that attacks "
    "('This adversary makes a combat attack against each adjacent hero.')",
    n.Skill: "only a hero gains skills", n.Reroll: "an adversary has no hero dice",
    n.Boost: "an adversary's numbers are on its card (Vigour, its weapons); its Move grows "
    "by its rule 'This adversary moves 2 additional spaces.'",
    n.Pick: "an adversary's rules name the figures they act on",
    n.Steadfast: "this is a rule of an adversary", n.Immune: "this is a rule of an adversary",
    n.Guard: "this is a rule of an adversary", n.Pin: "this is a rule of an adversary",
    n.Forbid: "this is a rule of an adversary",
    n.Hamper: "this is a rule of an adversary",
    n.Unpinned: "an adversary is never pinned; this is a hero's rule",
    TakeAction: "an adversary takes no hero's basic actions",
}
HERO_ONLY_CONDITIONS = ("rolled", "rolled_up", "hits", "slays", "misses")


def _problem(code, message, span, hint):
    return Problem(code, message, span, hint)


def _walk(effects):
    for e in effects:
        yield e
        if isinstance(e, (n.Until, n.Rider)):
            yield from _walk(e.effects)
        if isinstance(e, n.Rider) and e.instead:   # what it replaces (branch delveseven)
            yield from _walk(e.instead)
        if isinstance(e, RollDie):      # its rows (session delve10)
            for _, effects in e.rows:
                yield from _walk(effects)


def _selectors(e):
    for name in ("on", "target", "ref", "who", "by"):
        sel = getattr(e, name, None)
        if isinstance(sel, n.Selector):
            yield sel
            yield from sel.union


def owner_problems(ability, owner: str) -> list:
    """RF925 for each part of ``ability`` the engine does not run for ``owner``."""
    out = []
    if owner == "adversary" and isinstance(ability, (n.Action, n.Spend)):
        out.append(_problem("RF925", "an adversary has no hero dice, so its abilities have no "
                            "cost", ability.cost.span, "write a rule ('This adversary is "
                            "immune to area attacks.') or a trigger ('When this adversary "
                            "is slain, …')"))
    if isinstance(ability, n.Trigger) and ability.event not in EVENTS[owner]:
        whose = "a hero's" if owner == "adversary" else "an adversary's"
        out.append(_problem("RF925", f"'{ability.event}' is {whose} event; a{'n' if owner[0] == 'a' else ''} "
                            f"{owner}'s triggers are: {', '.join(EVENTS[owner])}",
                            ability.event_span or ability.span,
                            "see the table of events in docs/delve.md"))
    if isinstance(ability, n.Trigger) and ability.event == "slain" and owner == "hero" \
            and (ability.who is None or ability.who.side != "adversary" or _is_self(ability.who)):
        out.append(_problem("RF925", "a hero's 'is slain' trigger names the adversaries it "
                            "watches", ability.event_span or ability.span,
                            "write 'When an adversary adjacent to you is slain, …'"))
    if isinstance(ability, n.Trigger) and ability.event == "approached" and ability.who \
            is not None and (ability.who.side == "hero") != (owner == "adversary"):
        mine = "a hero moves adjacent to this adversary" if owner == "adversary" else \
            "an adversary moves adjacent to you"
        out.append(_problem("RF925", f"on a{'n' if owner[0] == 'a' else ''} {owner}'s card "
                            f"this rule watches '{mine}'", ability.event_span or ability.span,
                            f"write 'When {mine}, …'"))
    if isinstance(ability, n.Trigger) and ability.event == "wounded" and owner == "adversary" \
            and not _is_self(ability.who):
        out.append(_problem("RF925", "an adversary's trigger is on its own wounds",
                            ability.event_span or ability.span,
                            "write 'Every time this adversary suffers a wound, …'"))
    if isinstance(ability, n.Trigger) and ability.event == "attacks" and owner == "adversary" \
            and ability.who is not None and not _is_self(ability.who):
        # "When a hero attacks this adversary, …" read as the adversary's own attack: the
        # engine fires an adversary's 'attacks' after ITS attack, so it ran on the wrong turn
        out.append(_problem("RF925", "an adversary's 'attacks' trigger is on its own attacks; "
                            "the engine runs no rule when a hero attacks it and hits",
                            ability.event_span or ability.span,
                            "write 'After this adversary attacks, …', or 'When a hero attacks "
                            "this adversary and misses, …'"))
    for e in _walk(ability.effects):
        if not _runs(e, owner):
            why = WHY.get(type(e), "the engine does not run it here") if owner == "adversary" \
                else "this is a rule of an adversary: put it on the adversary's card"
            out.append(_problem("RF925", f"an {owner}'s ability cannot do this: {why}"
                                if owner == "adversary" else why, e.span,
                                "see the table of what each card runs in docs/delve.md"))
            continue                     # one problem an effect: its words are in it
        if owner == "adversary" and isinstance(e, n.Boost) and not isinstance(ability,
                                                                          n.Constant):
            out.append(_problem("RF925", "an adversary's Move and attacks grow by a rule that "
                                "always holds, not for a while", e.span,
                                "write it as a rule of its own: 'This adversary moves 2 "
                                "additional spaces.'"))
        if owner == "adversary" and isinstance(e, n.Rider) and e.cond in HERO_ONLY_CONDITIONS:
            out.append(_problem("RF925", "an adversary's ability makes no roll to ask about",
                                e.span, "ask about the board: 'if there are no heroes "
                                "adjacent to this adversary, …'"))
        if owner == "adversary" and isinstance(e, n.Ward) and e.per is None:
            out.append(_problem("RF925", "an adversary's prevented wound comes back each "
                                "round", e.span, "write 'This adversary ignores the first "
                                "wound it suffers each round.'"))
        for sel in _selectors(e):
            out += _selector_problems(sel, owner, ability)
    if isinstance(ability, n.Trigger) and ability.who is not None:
        out += _selector_problems(ability.who, owner, ability)
    return out


def _runs(e, owner: str) -> bool:
    """Whether the engine runs effect ``e`` on a card of ``owner``: an adversary attacks by
    its ability, and moves farther, only as the subject ("this adversary makes a missile
    attack …", "this adversary moves 2 additional spaces"; issue 32, session delve8)."""
    if isinstance(e, n.Strike) and owner == "adversary":
        return e.by is not None
    if isinstance(e, n.Boost) and owner == "adversary":   # its Move, its own attacks
        return e.on is not None
    return isinstance(e, EFFECTS[owner])


def _is_self(sel) -> bool:
    return sel is not None and (sel.quantity == "it" or sel.quantity == "self"
                                and sel.side == "adversary")


def _selector_problems(sel: n.Selector, owner: str, ability) -> list:
    out = []
    adversary_self = sel.quantity == "self" and sel.side == "adversary" or any(
        f.ref == "adversary" for f in sel.filters)
    if owner == "hero" and adversary_self:
        out.append(_problem("RF925", "'this adversary' names the adversary whose card holds "
                            "the ability; this is a hero's", sel.span,
                            "name the figures: 'an adversary adjacent to you'"))
    event = ability.event if isinstance(ability, n.Trigger) else None
    if sel.quantity == "slayer" and event != "slain":
        out.append(_problem("RF914", "'the hero who slew it' follows 'When this adversary is "
                            "slain'", sel.span, "start the ability with 'When this adversary "
                            "is slain, …'"))
    out += wounder_problems(sel, ability)   # a hero wounded by a hero (branch dsight)
    if sel.quantity == "wounder" and event != "wounded":   # branch dprose
        out.append(_problem("RF914", f"'the {sel.side} who wounded it' follows 'When … suffers "
                            "a wound'", sel.span, "start the ability with 'Each time this "
                            "adversary suffers a wound, …' or 'When you are wounded, …'"))
    if sel.quantity == "attacked" and event != "attacks":
        out.append(_problem("RF914", "'the hero it attacked' follows 'After this adversary "
                            "attacks'", sel.span, "start the ability with 'After this "
                            "adversary attacks, …'"))
    return out


# issue 32 (session delve11): the cost of a basic action, an adversary's rule on heroes
EFFECTS["adversary"] += (Toll,)
EFFECTS["adversary"] += (HitNeed,)   # branch dtarget: what attacks against it must roll
EFFECTS["hero"] += (HitNeed, NextHit)
WHY[NextHit] = "an adversary has no next attack of its own to better; its weapons have their Hit"
EFFECTS["hero"] += (Spared,)   # heroes spared the pin (branch dhero)
WHY[Spared] = "only heroes are pinned; this is a hero's rule"
WHY[Toll] = "this is a rule of an adversary"
EFFECTS["hero"] += (Scout,)   # the exploration deck: only a hero explores
WHY[Scout] = "only a hero explores, and looks at the exploration deck"
EFFECTS["hero"] += (AttackBonus,)   # "It deals +1 Damage against …" after a hero's attack
WHY[AttackBonus] = "an adversary's attacks grow by its rule: 'Its attacks deal +1 Damage.'"
EFFECTS["hero"] += (Disarm,)       # "… cannot attack" for a while (issue 32, branch delve12)
EFFECTS["adversary"] += (Disarm,)
EFFECTS["adversary"] += (Discard,)   # "that hero discards 1 unspent hero die" (delveseven)
WHY[Discard] = "a hero spends its own dice; only an adversary's rule takes them away"
EFFECTS["adversary"] += (Pierce,)   # "Wounds from this adversary's attacks cannot be …"
WHY[Pierce] = "this is a rule of an adversary"
EFFECTS["hero"] += (n.Steadfast,)   # "you cannot be pushed" (branch delveseven; braced.py)
EFFECTS["hero"] += (Place,)   # "Place your figure in an empty space …": a hero's own figure
WHY[Place] = "an adversary moves by its behaviour or towards or away from someone"
EFFECTS["hero"] += (SetDie,)   # "change one of your dice to show a 6" (branch ddice)
WHY[SetDie] = "an adversary has no hero dice"
EFFECTS["hero"] += (n.Guard,)   # for a while, on a chosen adversary (branch ddice: marked_ddice.py)
EFFECTS["adversary"] += (Spawn,)   # adversaries of its own kind placed (branch dadv2)
WHY[Spawn] = "only an adversary's rule places adversaries, of its own kind"
EFFECTS["hero"] += (Passage,)   # "You may move through other figures." (branch dmove)
EFFECTS["adversary"] += (Passage,)
EVENTS["adversary"] += ("move_ended",)   # a hero ends its move next to it (branch dmove)
EFFECTS["adversary"] += (KeepAway,)   # "It never moves adjacent to a hero." (branch dmove)
WHY[KeepAway] = "a hero moves where its player chooses; this is a rule of an adversary"
