"""The sentence templates of the rules text: one message per AST node kind and variant.

Each entry is ``msgctxt -> English msgid``. The msgctxt is stable (code looks messages up
by it); the English text is the source string translators see, and rendering it with the
English term table gives exactly the canonical printer's text (runeforge.dsl.runebound.printer).

Slots are ``{name}`` or ``{name.form}``. ``name`` is fixed by the code (the slot checker
insists every translation uses the same names); ``form`` is the translator's choice of
grammatical form for a term, target or counted phrase (``{target.dat}``, ``{wounds.acc}``,
``{noun.gen.pl}``), looked up in locales/<loc>/terms.yaml.

Clauses a player performs come in three moods, because English uses one verb form where
other languages use three: ``imp`` (a sentence of its own: "inflict 2 wounds ..."),
``inf`` (after "you may": "voit perua ...") and ``purp`` (after a cost's "to":
"... peruaksesi 1 haavan"). Their contexts are ``effect.<kind>`` (imp),
``effect.<kind>.inf`` and ``effect.<kind>.purp``.
"""

from __future__ import annotations

MOODS = ("imp", "inf", "purp")

# Clauses with a verb in one of the three moods (msgctxt without the mood suffix).
VERB_CLAUSES: dict[str, str] = {
    "effect.take": "take {what}",
    "effect.attack": "make a {phase} attack",
    "effect.attack.bonus": "make a {phase} attack with {bonus}",
    "effect.inflict": "inflict {wounds} on {target}",
    "effect.cancel": "cancel {wounds} being inflicted on {target}",
    "effect.heal": "discard {tokens} from {target}",
    "effect.test": "test {attribute} ({number})",
    "effect.test.skill": "test {attribute} {skill} ({number})",
    "effect.move": "move {spaces}",
    "effect.move.any": "move {spaces} in any direction",
    "effect.move.instead": "move {spaces} instead of rolling movement dice",
    "effect.move.any_instead": "move {spaces} in any direction instead of rolling movement dice",
    "effect.movement_dice": "roll {dice}",
    "effect.gain_gold": "gain {gold}",
    "effect.draw_market": "draw {cards}",
    # ---- family 7: combat
    "effect.inflict_additional": "inflict {wounds} on {target}",
    "effect.reroll": "reroll your combat roll",
    "effect.attack_other": "make a {phase} attack against {other}'s enemy",
    # ---- family 4/9: movement and place, game-level effects (issue 21)
    "effect.move_to.nearest": "move {hero} to the nearest town",
    "effect.move_to.town": "move {hero} to {town}",
    "effect.doom.place": "place {tokens} on the doom track",
    "effect.doom.remove": "remove {tokens} from the doom track",
    "effect.discard_event": "discard the event in play",
    "effect.discard_undefeated": "discard {challenges} from the undefeated track",
    # ---- family 5/6: decks and cards, economy and experience (issue 21)
    "effect.draw_adventure.green": "draw a green adventure card and resolve it",
    "effect.draw_adventure.yellow": "draw a yellow adventure card and resolve it",
    "effect.draw_adventure.blue": "draw a blue adventure card and resolve it",
    "effect.draw_adventure.red": "draw a red adventure card and resolve it",
    "effect.draw_market_keep": "draw {cards} and keep one",
    "effect.return_to_deck": "return this card to the bottom of its deck",
    "effect.place_ally": "place this card in front of you as an Ally with {stats}",
    "effect.gain_experience": "gain {experience}",
    "effect.gain_gold_equal.discarded": "gain gold equal to its cost",
    "effect.gain_gold_equal.this_card": "gain gold equal to this card's cost",
}

OTHER: dict[str, str] = {
    # the whole ability
    "ability.tagged": "{tag}: {text}",
    "ability.lead": "{lead}, {sentence}",
    "ability.lead.clause": "{lead}, {sentence}",  # before "if ...," / "while ...," (issue 21)
    "ability.cost_to": "{costs} to {effect}",
    "list.and": "{first} and {second}",
    "list.or": "{first} or {second}",  # issue 32 (lists): "a swamp or forest space"
    # costs (always imperative)
    "cost.activate": "activate",
    "cost.discard": "discard",
    "cost.discard_this": "discard this card",
    "cost.pay_gold": "pay {gold}",
    # clauses with their own subject
    "effect.suffer.subject": "{target} takes {what}",
    "effect.suffer.you": "you take {what}",
    "effect.modifier": "{target} receives {value} {stat}",
    "effect.modifier.you": "you receive {value} {stat}",
    "effect.cost.less": "{subjects} cost you {n} less {gold}",
    "effect.cost.more": "{subjects} cost you {n} more {gold}",
    "effect.cost.double": "{subjects} cost twice as much",
    "effect.restrict.escape": "you cannot escape from this combat",
    "effect.restrict.ally_attack": "Allies cannot attack this challenge",
    # ---- family 5/6: decks and cards, economy and experience (issue 21)
    "effect.pay_you": "{target} pays you {gold}",
    "cost.discard_item": "discard an Item",
    "ally.stat": "{stat} {n}",
    "list.comma": "{first}, {second}",
    # composite effects
    "effect.may": "you may {effect}",
    "effect.outcome.success": "if you succeed, {effect}",
    "effect.outcome.failure": "if you fail, {effect}",
    "effect.during": "{duration}, {effect}",
    "effect.trigger.first": "every time {event}, {effect}",
    "effect.trigger.after": "{effect} every time {event}",
    # events
    "event.takes_wounds": "{target} takes {wounds}",
    "event.takes_wounds.phase": "{target} takes {wounds} as the result of a {phase} combat roll",
    "event.defeat_challenge": "you defeat a challenge",
    "event.knocked_out": "your Hero is knocked out",
    # amounts: {n} is the number, {noun} the counted term(s)
    "amount.fixed": "{n} {noun}",
    "amount.x": "X {noun}",
    "amount.choice": "{n} or {m} {noun.nom.pl}",
    "amount.up_to": "up to {n} {noun}",
    "amount.all": "all {noun}",
    "amount.at_least": "{n} or more {noun.nom.pl}",
    "number.signed": "+{n}",
    # timing tags (printed bold), limits, windows, durations
    "tag.before_combat": "Before Combat",
    "tag.ranged": "Ranged",
    "tag.melee": "Melee",
    "tag.magic": "Magic",
    "tag.any_phase": "Any Phase",
    "tag.all_phases": "All Phases",
    "limit.turn": "once per turn",
    "limit.combat": "once per combat",
    "limit.round": "once per combat round",
    "limit.before_combat": "once during 'Before Combat'",
    "window.before_moving": "before moving",
    "window.after_moving": "after moving",
    "window.start_of_turn": "at the start of your turn",
    "window.end_of_turn": "at the end of your turn",
    "window.market_step": "during your market step",
    "window.after_combat": "after combat",
    "window.defeat_challenge": "when you defeat a challenge",
    "window.knocked_out": "when your Hero is knocked out",
    "duration.end_of_combat": "until the end of this combat",
    "duration.end_of_phase": "until the end of this phase",  # branch rbseven
    "duration.end_of_round": "until the end of this combat round",
    "duration.end_of_turn": "until the end of this turn",
    "duration.start_of_next_turn": "until the start of your next turn",
    # ---- families 1-3: conditions, choices, random tables (issue 21) ----------------
    "effect.if_state": "if {condition}, {effect}",
    "effect.while": "while {condition}, {effect}",
    "effect.otherwise": "otherwise, {effect}",
    "condition.terrain.road": "your Hero is in a road space",
    "condition.terrain.river": "your Hero is in a river space",
    "condition.terrain.plains": "your Hero is in a plains space",
    "condition.terrain.hills": "your Hero is in a hills space",
    "condition.terrain.forest": "your Hero is in a forest space",
    "condition.terrain.swamp": "your Hero is in a swamp space",
    "condition.terrain.mountains": "your Hero is in a mountains space",
    "condition.town": "your Hero is in a town",
    "condition.named_town": "your Hero is in {town}",
    "condition.at_least": "you have {n} or more {noun.nom.pl}",
    "condition.none.wound": "you have no wounds",
    "condition.none.exhaustion": "you have no exhaustion",
    "condition.skill": "you have the {skill} skill",
    "condition.ally": "you have an Ally",
    "condition.item_class.weapon": "you have a weapon",
    "condition.item_class.armor": "you have an armor",
    "condition.item_class.artifact": "you have an artifact",
    "condition.item_class.rune": "you have a rune",
    "condition.item_class.relic": "you have a relic",
    "condition.item_class.consumable": "you have a consumable",
    "condition.enemy_colour.green": "your enemy is a green challenge",
    "condition.enemy_colour.yellow": "your enemy is a yellow challenge",
    "condition.enemy_colour.blue": "your enemy is a blue challenge",
    "condition.enemy_colour.red": "your enemy is a red challenge",
    # issue 32 (lists): several values, each from terms.yaml in the form the slot names
    "condition.terrain.several": "your Hero is in a {terrains} space",
    "condition.enemy_colour.several": "your enemy is a {colours} challenge",
    "effect.choose": "choose one: {options}",
    "list.or_option": "{first}; or {second}",
    "effect.roll_table": "roll a die",
    "table.row": "on {faces}, {effect}",
    "table.range": "{low}\u2013{high}",
    # ---- family 7: combat
    "effect.extra_wounds": "your attacks inflict {wounds}",
    "effect.extra_wounds.phase": "your {phase} attacks inflict {wounds}",
    "effect.wound_cap": "{target} takes no more than {wounds} in each combat phase",
    "effect.wound_cap.you": "you take no more than {wounds} in each combat phase",
    # issue 32 (session lang4): a cap over each combat round
    "effect.wound_cap.round": "{target} takes no more than {wounds} in each combat round",
    "effect.wound_cap.you.round": "you take no more than {wounds} in each combat round",
    "effect.immune": "{target} is immune to {phase} attacks",
    # ---- family 8: durations (issue 21)
    "duration.next_event": "until the next event",
    "duration.end_of_next_turn": "until the end of your next turn",
    "duration.while_held": "until this card is discarded",
    "duration.this_event": "while this event is in play",  # issue 32 (session rbsubj)
    # ---- family 4: trigger events, movement rules (issue 21)
    "event.enters.town": "{hero} enters a town",
    "event.enters.terrain": "{hero} enters a {terrain} space",
    "effect.terrain_rule": "Heroes with the {skill} skill may move through {terrain.pl} as if "
                           "they were {like.pl}",
}

# ---- issue 32 (part III): the compositional core (render_core.py)
VERB_CLAUSES.update({
    "effect.lose_gold": "lose {gold}",
    "effect.end_turn": "end your turn",
    "effect.keep_trophy": "keep it as a trophy",
    "effect.discard_ally": "discard one of your Allies",
})
_COUNTED = {"wound": ("wound", "wounds"), "exhaustion": ("exhaustion", "exhaustion"),
            "gold": ("gold", "gold"), "item": ("Item", "Items"), "ally": ("Ally", "Allies"),
            "trophy": ("trophy", "trophies")}
_MASS = ("gold", "exhaustion")  # "the least gold", "the fewest wounds"
OTHER.update({
    "cost.discard_ally": "discard one of your Allies",
    "cost.ally_exhaustion": "place {what} on {target}",
    "effect.nothing": "nothing happens",
    "event.ally_defeated": "this Ally is defeated",
    "event.card_buy": "you buy this card",
    "event.card_sell": "you sell this card",
    "event.item_buy": "you buy an Item",
    "event.item_sell": "you sell an Item",
    "event.event_draw": "you draw an event card",  # issue 32 (session lang4)
    "event.round_start": "a combat round starts",
    "event.round_end": "a combat round ends",
    "effect.round_start": "at the start of each combat round, {effect}",
    "effect.round_end": "at the end of each combat round, {effect}",
    "effect.pay_to": "{costs} to {effect}",
    "effect.pay_or": "{costs} or {effect}",
    "effect.each": "{who} {effect}",
    "effect.each.during": "{duration}, {who} {effect}",
    "selector.each": "each Hero",
    "selector.each_other": "each other Hero",
    "selector.space": "{who} in your space",
    "selector.terrain": "{who} in a {terrain} space",
    "selector.town": "{who} in a town",
    "selector.within": "{who} within {spaces}",
    "each.take": "takes {what}",
    "each.may": "may {effect}",  # issue 32 (session lang4)
    "each.receive": "receives {value} {stat}",
    "each.gain_gold": "gains {gold}",
    "each.lose_gold": "loses {gold}",
    "each.draw_market": "draws {cards}",
    "each.discard": "discards {tokens}",
    "each.discard_from": "discards {tokens} from {target}",
    "each.gain_experience": "gains {experience}",
    "each.move": "moves {spaces}",
    "each.movement_dice": "rolls {dice}",
    "each.end_turn": "ends their turn",
    "each.discard_ally": "discards one of their Allies",
    "effect.cannot_be_wounded.each_ally": "your Allies cannot be wounded",
    "effect.cannot_be_wounded.hero": "your Hero cannot be wounded",
    "effect.cannot_be_wounded.this_ally": "this Ally cannot be wounded",
    "effect.restrict.buy_items": "Heroes cannot buy Items",
    "effect.restrict.buy_allies": "Heroes cannot buy Allies",  # issue 32 (session lang4)
    "effect.restrict.enter": "Heroes cannot enter {terrain.pl}",  # issue 32 (session lang4)
    "effect.terrain_rule.all": "you may move through {terrain.pl} as if they were {like.pl}",
    **{f"selector.having.{k}": f"{{who}} with {{n}} or more {pl}"
       for k, (_sg, pl) in _COUNTED.items()},
    **{f"selector.none.{k}": f"{{who}} with no {pl}"  # issue 32 (session rbsubj)
       for k, (_sg, pl) in _COUNTED.items()},
    **{f"selector.most.{k}": f"the Hero with the most {pl}" for k, (_sg, pl) in _COUNTED.items()},
    **{f"selector.fewest.{k}": f"the Hero with the {'least' if k in _MASS else 'fewest'} {pl}"
       for k, (_sg, pl) in _COUNTED.items()},
    **{f"effect.for_each.{k}": f"{{effect}} for each {sg} you have"
       for k, (sg, _pl) in _COUNTED.items()},
    **{f"each.for_each.{k}": f"{{effect}} for each {sg} they have"
       for k, (sg, _pl) in _COUNTED.items()},
    "effect.for_each_most": "{effect}, to a maximum of {n}",  # issue 32 (session bonus)
})

# ---- issue 32 (session when): triggers on a test (render_when.py)
VERB_CLAUSES["effect.test_bonus"] = "add {n} to the result"
# a bonus and a duration after "you may" or a cost's "to" ("take 1 exhaustion to receive +3 to
# magic combat rolls", "... to roll 1 additional movement die until the end of this turn")
VERB_CLAUSES["effect.receive"] = "receive {value} {stat}"
OTHER["effect.during.after"] = "{effect} {duration}"
OTHER.update({"condition.none.gold": "you have no gold", "condition.none.item": "you have no Items",
              "condition.none.ally": "you have no Allies",
              "condition.none.trophy": "you have no trophies",
              "condition.unwounded": "you took no wounds in this combat"})
OTHER.update({"event.test": "you test {attribute}", "event.defeat_hero": "you defeat another Hero",
              "event.ally_lost": "one of your Allies is defeated",
              "event.test.skill": "you test {attribute} {skill}"})
OTHER.update({"event.test.any": "you take a skill test",  # branch rbroll: any test
              "event.test.skill_only": "you test {skill}"})  # a skill's test, any attribute
OTHER.update({"event.test_result.failure.any": "you fail a skill test",  # branch rbroll
              "event.test_result.success.any": "you pass a skill test",
              "event.test_result.failure.skill_only": "you fail a {skill} test",
              "event.test_result.success.skill_only": "you pass a {skill} test"})

# ---- issue 32 (branch rbtrig): a trigger's clause said of its subject (render_trig.py)
OTHER.update({"event.ally_discarded": "this Ally is discarded",
              "event.attack_result.hero.success": "you attack and succeed",
              "event.attack_result.hero.failure": "you attack and fail",
              "event.attack_result.this_ally.success": "this Ally attacks and succeeds",
              "event.attack_result.this_ally.failure": "this Ally attacks and fails"})

# ---- issue 32 (branch rbtrig2): more event verbs of a trigger's clause (render_trig2.py)
OTHER.update({"event.escaped": "you escape",
              "event.test_result.failure": "you fail a {attribute} test",
              "event.test_result.success": "you pass a {attribute} test",
              "event.test_result.failure.skill": "you fail a {attribute} {skill} test",
              "event.test_result.success.skill": "you pass a {attribute} {skill} test",
              "effect.unless": "{effect} unless {condition}"})
# ---- issue 32 (session rbrules): prohibitions (render_prohibit.py) and a price's floor
OTHER.update({
    "effect.restrict.rest": "Heroes cannot rest",
    "effect.restrict.own_rest": "you cannot rest",
    "effect.restrict.attack_heroes": "Heroes cannot attack other Heroes",
    "effect.restrict.own_attack_heroes": "you cannot attack other Heroes",
    "effect.restrict.heal_in_town": "Heroes cannot be healed in towns",
    "effect.restrict.own_heal_in_town": "you cannot be healed in towns",
    "effect.restrict.sell_items": "Items cannot be sold",
    "effect.restrict.own_sell_items": "you cannot sell Items",
    "effect.restrict.activate_items": "Items cannot be activated",
    "effect.restrict.activate_items_in_combat": "Items cannot be activated during this combat",
    "effect.cost.minimum": "{price} (to a minimum of {n} {gold})",
})
# ---- issue 32 (session prohib): your Hero's own trades barred, and this Item's own rule
OTHER.update({
    "effect.restrict.own_buy_items": "you cannot buy Items",
    "effect.restrict.own_buy_allies": "you cannot buy Allies",
    "effect.restrict.this_sell_items": "this Item cannot be sold",
})


def all_templates() -> dict[str, str]:
    """Every rules-text message: msgctxt -> English msgid (moods expanded)."""
    out: dict[str, str] = {}
    for key, text in VERB_CLAUSES.items():
        out[key] = text
        out[key + ".inf"] = text
        out[key + ".purp"] = text
    out.update(OTHER)
    return out


def mood_key(key: str, mood: str) -> str:
    return key if mood == "imp" else f"{key}.{mood}"


TEMPLATES = all_templates()

COMMENTS = {
    "imp": "imperative: a sentence of its own",
    "inf": "after 'you may' (infinitive)",
    "purp": "after a cost's 'to' (purpose: ru 'чтобы' + infinitive, fi -kseen form)",
}


def comment_for(key: str) -> str:
    """A translator comment for a template key."""
    base = "rules text template; keep every {slot} name, choose forms with {slot.form}"
    for mood in ("inf", "purp"):
        if key.endswith("." + mood) and key[: -len(mood) - 1] in VERB_CLAUSES:
            return f"{base}; mood: {COMMENTS[mood]}"
    if key in VERB_CLAUSES:
        return f"{base}; mood: {COMMENTS['imp']}"
    return base

# ---- issue 32 (session rbdice): die rolls as authors write them (render_dice.py)
from .render_dice import TEMPLATES as _DICE  # noqa: E402

OTHER.update(_DICE)
# ---- issue 32 (session skills): a skill a card gives its Hero (render_skills.py)
from .render_skills import TEMPLATES as _SKILLS  # noqa: E402

OTHER.update(_SKILLS)
TEMPLATES = all_templates()
# ---- branch rbnp: "reroll a failed combat roll" (render_combat.py)
VERB_CLAUSES.update({"effect.reroll_failed": "reroll a failed combat roll"})
VERB_CLAUSES.update({"effect.reroll_better": "roll your combat roll twice and use the higher result",  # rbroll
                     "effect.reroll_failed_attack": "reroll a failed attack roll"})
TEMPLATES = all_templates()
# ---- issue 32 (branch rbboard): the board's adventure counters (render_board.py)
from .render_board import TEMPLATES as _BOARD  # noqa: E402
from .render_board import VERBS as _BOARD_VERBS  # noqa: E402

VERB_CLAUSES.update(_BOARD_VERBS)
OTHER.update(_BOARD)
TEMPLATES = all_templates()
# ---- branch rbmod: modifiers, amounts and comparatives (render_rbmod.py)
from .render_rbmod import TEMPLATES as _RBMOD  # noqa: E402

OTHER.update(_RBMOD)
# ---- issue 32 (session rbdefend): the Hero's defence roll as a trigger event (render_defend.py)
OTHER.update({"event.defend_result.failure": "you fail to defend",
              "event.defend_result.success": "you defend successfully"})
TEMPLATES = all_templates()
# ---- branch rbverb: a clause as subject, modal and verb phrase (render_rbverb.py)
from .render_rbverb import TEMPLATES as _RBVERB  # noqa: E402

OTHER.update(_RBVERB)
# ---- branch rbcost: a trigger's clause as a subject and an event verb (render_rbcost.py)
from .render_rbcost import TEMPLATES as _RBCOST  # noqa: E402

OTHER.update(_RBCOST)
TEMPLATES = all_templates()
# ---- branch rbmodi: a condition after "<costs> to" (render_rbmodi.py)
from .render_rbmodi import TEMPLATES as _RBMODI  # noqa: E402

OTHER.update(_RBMODI)
TEMPLATES = all_templates()
# ---- branch rbsix2: another adventure card of the same colour (render_rbsix2.py)
from .render_rbsix2 import TEMPLATES as _RBSIX2  # noqa: E402
from .render_rbsix2 import VERBS as _RBSIX2_VERBS  # noqa: E402

VERB_CLAUSES.update(_RBSIX2_VERBS)
OTHER.update(_RBSIX2)
TEMPLATES = all_templates()
# ---- branch rbtime: a moment of a combat as a condition (render_rbtime.py)
from .render_rbtime import TEMPLATES as _RBTIME  # noqa: E402

OTHER.update(_RBTIME)
TEMPLATES = all_templates()
# ---- branch rbwound: the first wounds of each combat (round) cancelled (render_rbwound.py)
from .render_rbwound import TEMPLATES as _RBWOUND  # noqa: E402

OTHER.update(_RBWOUND)
# ---- branch rblimits: carrying limits (render_rblimits.py)
from .render_rblimits import TEMPLATES as _RBLIMITS  # noqa: E402

OTHER.update(_RBLIMITS)
# ---- branch rbmarket: the market's prices of selling and healing (render_rbmarket.py)
from .render_rbmarket import TEMPLATES as _RBMARKET  # noqa: E402
from .render_rbmarket import VERBS as _RBMARKET_VERBS  # noqa: E402

VERB_CLAUSES.update(_RBMARKET_VERBS)
OTHER.update(_RBMARKET)
TEMPLATES = all_templates()
# ---- branch rbsubj: who may not attack, and when (render_rbsubj_bar.py)
from .render_rbsubj_bar import TEMPLATES as _RBSUBJ_BAR  # noqa: E402

OTHER.update(_RBSUBJ_BAR)
# ---- branch rbwho: more acts of a Hero a trigger names (render_rbwho.py)
from .render_rbwho import TEMPLATES as _RBWHO  # noqa: E402

OTHER.update(_RBWHO)
# ---- branch rbmove: a Hero moved to a space of a terrain (render_rbmove.py)
from .render_rbmove import VERBS as _RBMOVE_VERBS  # noqa: E402

VERB_CLAUSES.update(_RBMOVE_VERBS)
# ---- branch rbdamage: how the wounds of an attack are counted (render_rbdamage.py)
from .render_rbdamage import TEMPLATES as _RBDAMAGE  # noqa: E402
from .render_rbdamage import VERBS as _RBDAMAGE_VERBS  # noqa: E402

VERB_CLAUSES.update(_RBDAMAGE_VERBS)
OTHER.update(_RBDAMAGE)
# ---- branch rbattack2: an attack's result with the attack's kind (render_rbattack2.py)
from .render_rbattack2 import TEMPLATES as _RBATTACK2  # noqa: E402

OTHER.update(_RBATTACK2)
TEMPLATES = all_templates()
