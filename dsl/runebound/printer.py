"""Canonical English for the AST: ``print_ability(parse_ability(t)) == t`` for canonical
text, and ``parse_ability(print_ability(a)) == a`` for every AST the grammar can express.

The canonical form is the reference's: its casing ("Hero", "Body", "X"), singular and
plural by amount ("1 wound", "2 wounds"), single spaces, capitals at the start of the
ability and after a tag or a full stop, lower case after a comma.
"""

from __future__ import annotations

from functools import singledispatch

from . import nodes as n
from .nodes_lists import join, values
from .printer_branching import condition

TAGS = {"before_combat": "Before Combat", "ranged": "Ranged", "melee": "Melee",
        "magic": "Magic", "any_phase": "Any Phase", "all_phases": "All Phases"}
LIMITS = {"turn": "per turn", "combat": "per combat", "round": "per combat round",
          "before_combat": "during 'Before Combat'"}
WINDOWS = {"before_moving": "Before moving", "after_moving": "After moving",
           "start_of_turn": "At the start of your turn", "end_of_turn": "At the end of your turn",
           "market_step": "During your market step", "after_combat": "After combat",
           "defeat_challenge": "When you defeat a challenge",
           "knocked_out": "When your Hero is knocked out"}
TARGETS = {"hero": "your Hero", "enemy": "your enemy", "ally": "one of your Allies",
           "hero_or_ally": "your Hero or one of your Allies", "each_ally": "each of your Allies",
           "each_hero": "each Hero", "each_other_hero": "each other Hero",
           "another_hero": "another Hero", "you": "you"}
DURATIONS = {"end_of_combat": "until the end of this combat",
             "end_of_round": "until the end of this combat round",
             "end_of_phase": "until the end of this phase",  # branch rbseven
             "end_of_turn": "until the end of this turn",
             "start_of_next_turn": "until the start of your next turn"}
STATS = {"mind": "Mind", "body": "Body", "spirit": "Spirit", "life": "Life",
         "stamina": "Stamina"}
SUBJECTS = {"item": "Items", "ally": "Allies"}


def amount(a: n.Amount) -> str:
    if a.kind == "fixed":
        return str(a.values[0])
    if a.kind == "x":
        return "X"
    if a.kind == "choice":
        return " or ".join(str(v) for v in a.values)
    if a.kind == "up_to":
        return f"up to {a.values[0]}"
    if a.kind == "all":
        return "all"
    if a.kind == "at_least":
        return f"{a.values[0]} or more"
    raise ValueError(f"unknown amount kind {a.kind!r}")


def is_singular(a: n.Amount) -> bool:
    return a.kind in ("fixed", "up_to") and a.values[0] == 1


def noun(a: n.Amount, singular: str, plural: str) -> str:
    return f"{amount(a)} {singular if is_singular(a) else plural}"


def token(a: n.Amount, tok: str) -> str:
    return "exhaustion" if tok == "exhaustion" else ("wound" if is_singular(a) else "wounds")


def signed(v: int) -> str:
    return f"+{v}" if v >= 0 else str(v)


def stat(name: str, value: int) -> str:
    if name in STATS:
        return STATS[name]
    if name.endswith("_damage"):
        return f"{name[:-7]} damage"
    if name == "escape_roll":
        return "to escape rolls"
    if name.endswith("_roll"):
        return f"to {name[:-5]} combat rolls"
    if name == "movement_dice":
        return "movement die" if abs(value) == 1 else "movement dice"
    raise ValueError(f"unknown stat {name!r}")


@singledispatch
def text(node) -> str:
    raise TypeError(f"cannot print {type(node).__name__}")


@text.register
def _(node: n.Suffer) -> str:
    what = f"{amount(node.amount)} {token(node.amount, node.token)}"
    if node.target is None:
        return f"take {what}"
    if node.target == "you":
        return f"you take {what}"
    return f"{TARGETS[node.target]} takes {what}"


@text.register
def _(node: n.Activate) -> str:
    return "activate"


@text.register
def _(node: n.DiscardCard) -> str:
    return "discard this card" if node.this_card else "discard"


@text.register
def _(node: n.PayGold) -> str:
    return f"pay {amount(node.amount)} gold"


@text.register
def _(node: n.AllyExhaustion) -> str:
    return f"place {amount(node.amount)} exhaustion on this Ally"


@text.register
def _(node: n.Modifier) -> str:
    verb = "receive" if node.subject == "you" else "receives"
    return f"{TARGETS[node.subject]} {verb} {signed(node.value)} {stat(node.stat, node.value)}"


@text.register
def _(node: n.CostModifier) -> str:
    who = " and ".join(SUBJECTS[s] for s in node.subjects)
    if node.factor is not None:
        return f"{who} cost twice as much"
    if node.delta > 0:
        return f"{who} cost you {node.delta} more gold"
    return f"{who} cost you {-node.delta} less gold"


@text.register
def _(node: n.Attack) -> str:
    bonus = f" with {signed(node.bonus)}" if node.bonus is not None else ""
    return f"make a {node.phase} attack{bonus}"


@text.register
def _(node: n.Inflict) -> str:
    return f"inflict {noun(node.amount, 'wound', 'wounds')} on {TARGETS[node.target]}"


@text.register
def _(node: n.Cancel) -> str:
    return (f"cancel {noun(node.amount, 'wound', 'wounds')} being inflicted on "
            f"{TARGETS[node.target]}")


@text.register
def _(node: n.Heal) -> str:
    tokens = " and ".join(token(node.amount, t) for t in node.tokens)
    return f"discard {amount(node.amount)} {tokens} from {TARGETS[node.target]}"


@text.register
def _(node: n.Test) -> str:
    skill = f" {node.skill}" if node.skill else ""
    if node.target_number is None:  # branch rbseven: as written, refused at check (RF566)
        return f"test {STATS[node.attribute]}{skill}"
    return f"test {STATS[node.attribute]}{skill} ({node.target_number})"


@text.register
def _(node: n.Move) -> str:
    out = f"move {noun(node.amount, 'space', 'spaces')}"
    if node.any_direction:
        out += " in any direction"
    if node.instead_of_rolling:
        out += " instead of rolling movement dice"
    return out


@text.register
def _(node: n.MovementDice) -> str:
    return f"roll {noun(node.amount, 'additional movement die', 'additional movement dice')}"


@text.register
def _(node: n.GainGold) -> str:
    return f"gain {amount(node.amount)} gold"


@text.register
def _(node: n.DrawMarket) -> str:
    return f"draw {noun(node.amount, 'market card', 'market cards')}"


@text.register
def _(node: n.Restrict) -> str:
    if node.action == "escape":
        return "you cannot escape from this combat"
    return "Allies cannot attack this challenge"


def and_join(items, say) -> str:
    """``items`` said with ``say``, joined by "and"; "… on your Hero, and Items cost you 1 less
    gold": before a clause with its own subject (a price rule), "and" alone after "your Hero"
    would read the subject as one more object of the verb before ("your Hero and Items")."""
    out = say(items[0])
    for item in items[1:]:
        sep = ", and " if isinstance(item, n.CostModifier) and out.endswith("Hero") else " and "
        out += sep + say(item)
    return out


@text.register
def _(node: n.And) -> str:
    return and_join(node.items, text)


@text.register
def _(node: n.MayDo) -> str:
    inner = text(node.effect)
    if isinstance(node.effect, n.Modifier) and node.effect.subject == "you":
        inner = inner.removeprefix("you ")  # "you may receive +1 Body" (issue 32, when)
    if isinstance(node.effect, n.And):  # "you may take 1 wound and receive +2 Life"
        inner = " and ".join(_bare_you(i) for i in node.effect.items)
    return f"you may {inner}"


@text.register
def _(node: n.Outcome) -> str:
    word = "succeed" if node.outcome == "success" else "fail"
    return f"if you {word}, {text(node.effect)}"


@text.register
def _(node: n.During) -> str:
    return f"{DURATIONS[node.until]}, {text(node.effect)}"


@text.register
def _(node: n.Trigger) -> str:
    if node.event_first and type(node.event) is n.CombatRound:
        return f"at the {node.event.edge} of each combat round, {text(node.effect)}"
    if node.event_first:
        return f"every time {event(node.event)}, {text(node.effect)}"
    return f"{text(node.effect)} every time {event(node.event)}"


def event(e) -> str:
    if isinstance(e, n.TakesWounds):
        out = f"{TARGETS[e.target]} takes {noun(e.amount, 'wound', 'wounds')}"
        if e.phase:
            out += f" as the result of a {e.phase} combat roll"
        return out + (" from a single attack" if e.attack else "")  # branch rbdamage
    if isinstance(e, n.DefeatChallenge):
        return "you defeat a challenge"
    if isinstance(e, n.KnockedOut):
        return "your Hero is knocked out"
    raise TypeError(f"unknown event {type(e).__name__}")


def _cap(s: str) -> str:
    return s[:1].upper() + s[1:]


def print_ability(ability: n.Ability) -> str:
    """The canonical English text of ``ability``."""
    head = ""
    if ability.tag:
        head = TAGS[ability.tag] + ": "
    lead = []
    if ability.limits:
        lead.append(" and ".join(f"once {LIMITS[x]}" for x in ability.limits))
    body = ability.sentences
    if ability.window:
        colour = _one_enemy_colour(ability) if ability.window == "defeat_challenge" else None
        if colour is not None:  # "When you defeat a blue challenge, ...", as it was written
            words = join(list(values(colour)))  # one colour or several (issue 32, lists)
            lead.append(f"When you defeat a {words} challenge")
            body = tuple(s.effect for s in body)
        else:
            lead.append(WINDOWS[ability.window])
    # "move through forests as if they were plains": a sentence of its own says "you may"
    sentences = [("you may " + text(s)) if isinstance(s, n.TerrainRule) and s.skill is None
                 else text(s) for s in body]
    if ability.costs:
        costs = " and ".join(text(c) for c in ability.costs)
        if ability.cost_style == "to":
            sentences[0] = f"{costs} to {_after_to(body[0])}"
        else:
            sentences.insert(0, costs)
    lead = [_cap(lead[0])] + [x[:1].lower() + x[1:] for x in lead[1:]] if lead else []
    first = ", ".join([*lead, sentences[0]]) if lead else _cap(sentences[0])
    rest = [_cap(s) for s in sentences[1:]]
    return head + " ".join(s + "." for s in [first, *rest])


def _after_to(node) -> str:
    """The effect after "<costs> to": its conditions, durations and "every time" after it
    ("Discard an Item to keep it as a trophy if your Hero is in a swim space"), the order the
    parser reads there (the last one said is the outermost); before it they would not read
    back ("... to if your Hero ..., ...")."""
    if isinstance(node, n.IfState) and node.otherwise is None:
        return f"{_after_to(node.effect)} if {condition(node.condition)}"
    if isinstance(node, n.WhileState):
        return f"{_after_to(node.effect)} while {condition(node.condition)}"
    if isinstance(node, n.During):
        return f"{_after_to(node.effect)} {DURATIONS[node.until]}"
    if isinstance(node, n.Trigger) and not node.event_first:
        return f"{_after_to(node.effect)} every time {event(node.event)}"
    if isinstance(node, n.And):  # "... to take 1 wound and receive +2 Body" (the verbs share it)
        return and_join(node.items, _bare_you)
    return _bare_you(node)


def _bare_you(node) -> str:
    """An effect after "to" or "you may": "receive +3 Body", not "you receive +3 Body"."""
    if isinstance(node, n.Modifier) and node.subject == "you":  # "... to receive +3 Body"
        return text(node).removeprefix("you ")
    if isinstance(node, n.ForEach) and isinstance(node.effect, n.Modifier) \
            and node.effect.subject == "you":  # "... to receive +1 Mind for each ..."
        return text(node).removeprefix("you ")
    return text(node)


def _one_enemy_colour(ability: n.Ability) -> str | None:
    """The colour when every sentence is "if your enemy is a <colour> challenge, ...", the form
    "When you defeat a <colour> challenge, ..." parses to; printed back as that window (a die
    table under "if ..." would not read back). None otherwise."""
    said = ability.sentences
    if not said or not all(isinstance(s, n.IfState) and s.otherwise is None
                           and s.condition.kind == "enemy_colour" for s in said):
        return None
    colours = {s.condition.value for s in said}
    if len(colours) != 1 or not any(isinstance(s.effect, n.DieTable) for s in said):
        return None  # "When you defeat a challenge, if your enemy is ..." stays canonical
    return colours.pop()


# ---- families 1-3: conditions, choices, random tables (issue 21)
from .printer_branching import register as _register_branching  # noqa: E402

_register_branching(text)

# ---- family 7: combat
from . import printer_combat  # noqa: E402

printer_combat.register(text, TARGETS, noun)

# ---- family 4/8/9: movement and place, durations, game-level effects (issue 21)
from . import printer_place as _place  # noqa: E402

DURATIONS.update(_place.DURATIONS)
TARGETS.update(_place.TARGETS)
for _cls, _text in _place.TEXT.items():
    text.register(_cls)(_text)
event = _place.with_events(event)

# ---- family 5/6: decks and cards, economy and experience (issue 21)
from .printer_decks import install as _install_decks  # noqa: E402

_install_decks(text, amount, noun, TARGETS)

# ---- issue 32 (part III): the compositional core
from . import printer_core as _core  # noqa: E402

_core.install(text, amount, noun, TARGETS, DURATIONS, after_to=_after_to)
event = _core.with_events(event)

# ---- issue 32 (session when): triggers on a test
from . import printer_when as _when  # noqa: E402

_when.install(text, amount)
event = _when.with_events(event)

# ---- issue 32 (branch rbtrig): a trigger's clause said of its subject
from . import printer_trig as _trig  # noqa: E402

event = _trig.with_events(event)
# ---- issue 32 (session rbrules): prohibitions and a price's floor
from . import printer_prohibit as _prohibit  # noqa: E402

_prohibit.install(text)
# ---- issue 32 (session rbdice): die rolls as authors write them
from .printer_dice import install as _install_dice  # noqa: E402

_install_dice(text)
# ---- issue 32 (session skills): a skill a card gives its Hero
from .printer_skills import install as _install_skills  # noqa: E402

_install_skills(text)
# ---- branch rbnp: recipients coordinated with "or"
from .printer_rbnp import install as _install_rbnp  # noqa: E402

_install_rbnp(TARGETS)

# ---- issue 32 (branch rbtrig2): more event verbs of a trigger's clause
from . import printer_trig2 as _trig2  # noqa: E402

event = _trig2.with_events(event)
_trig2.install(text, condition)
# ---- issue 32 (branch rbboard): the board's adventure counters
from .printer_board import install as _install_board  # noqa: E402

_install_board(text, noun, is_singular)
# ---- branch rbmod: modifiers, amounts and comparatives
from .printer_rbmod import install as _install_rbmod  # noqa: E402

_install_rbmod(text, amount)
# ---- issue 32 (session rbdefend): the Hero's defence roll as a trigger event
from . import printer_defend as _defend  # noqa: E402

event = _defend.with_events(event)
# ---- branch rbcost: a trigger's clause as a subject and an event verb ("another Hero rests")
from . import printer_rbcost as _rbcost  # noqa: E402

event = _rbcost.with_events(event)
# ---- branch rbmodi: a count of a track over an effect with its own modifiers
import sys  # noqa: E402

from .printer_rbmodi import install as _install_rbmodi  # noqa: E402

_install_rbmodi(text, _after_to, sys.modules[__name__])
# ---- branch rbsix2: another adventure card of the same colour
from .printer_rbsix2 import install as _install_rbsix2  # noqa: E402

_install_rbsix2(text, amount)
# ---- branch rbwound: the first wounds of each combat (round) cancelled
from .printer_rbwound import install as _install_rbwound  # noqa: E402

_install_rbwound(text, TARGETS)
# ---- branch rblimits: carrying limits
from .printer_rblimits import install as _install_rblimits  # noqa: E402
from .printer_rblimits import install_knockout as _install_knockout  # noqa: E402

_install_rblimits(text)
_install_knockout(text)
# ---- branch rbmarket: the market's prices of selling and healing
from .printer_rbmarket import install as _install_rbmarket  # noqa: E402

_install_rbmarket(text)
# ---- branch rbsubj: who may not attack, and when
from .printer_rbsubj_bar import install as _install_rbsubj_bar  # noqa: E402

_install_rbsubj_bar(text)
# ---- branch rbmove: a Hero moved to a space of a terrain
from .printer_rbmove import install as _install_rbmove  # noqa: E402

_install_rbmove(text)
# ---- branch rbdamage: how the wounds of an attack are counted
from .printer_rbdamage import install as _install_rbdamage  # noqa: E402

_install_rbdamage(text, TARGETS)
