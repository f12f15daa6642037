"""Hypothesis strategies for ability ASTs that the grammar can express.

The shapes follow dsl/runebound/ability.lark: an effect is a phrase (an action list, optionally
"you may", optionally followed by "every time <event>") or a prefix (outcome, duration,
trigger) over an effect; costs are Activate / Discard / take N|X exhaustion|wounds / pay.
"""

from hypothesis import strategies as st

from runeforge.dsl.runebound import nodes as n
from runeforge.dsl.runebound.lexer import NUMBER_WORDS, VOCABULARY
from runeforge.games.runebound.checks.board import (
    TOWNS,  # family 1 (issue 21): conditions name real towns
)

num = st.integers(min_value=0, max_value=120)
amount = st.one_of(
    num.map(lambda v: n.Amount("fixed", (v,))),
    st.just(n.Amount("x")),
    st.tuples(num, num).map(lambda t: n.Amount("choice", t)),
    num.map(lambda v: n.Amount("up_to", (v,))),
    st.just(n.Amount("all")),
)
# "N or more" only counts wounds in trigger events
event_amount = st.one_of(num.map(lambda v: n.Amount("fixed", (v,))),
                         num.map(lambda v: n.Amount("at_least", (v,))))
cost_amount = st.one_of(num.map(lambda v: n.Amount("fixed", (v,))), st.just(n.Amount("x")))

TARGETS = ["hero", "enemy", "ally", "hero_or_ally", "each_ally", "each_hero",
           "each_other_hero", "another_hero"]
target = st.sampled_from(TARGETS)
subject = st.sampled_from(["you", *TARGETS])
phase = st.sampled_from(["ranged", "melee", "magic"])
attribute = st.sampled_from(["mind", "body", "spirit"])
stat = st.sampled_from(["mind", "body", "spirit", "life", "stamina", "ranged_damage",
                        "melee_damage", "magic_damage", "ranged_roll", "melee_roll",
                        "magic_roll", "movement_dice"])
token = st.sampled_from(["wound", "exhaustion"])
skill_word = st.from_regex(r"[A-Z][a-z]{2,8}", fullmatch=True).filter(
    lambda w: w.lower() not in VOCABULARY and w.lower() not in NUMBER_WORDS)  # "Two" is 2
skill = st.one_of(st.none(), st.lists(skill_word, min_size=1, max_size=2).map(" ".join))

clause = st.one_of(
    st.builds(n.Suffer, amount, token, st.one_of(st.none(), subject)),
    st.builds(n.Modifier, subject, stat, st.integers(-9, 9)),
    st.builds(lambda s, d: n.CostModifier(tuple(s), delta=d),
              st.lists(st.sampled_from(["item", "ally"]), min_size=1, max_size=2),
              st.integers(-9, 9).filter(bool)),
    st.builds(lambda s: n.CostModifier(tuple(s), factor=2),
              st.lists(st.sampled_from(["item", "ally"]), min_size=1, max_size=2)),
    st.builds(n.Attack, phase, st.one_of(st.none(), st.integers(-5, 5))),
    st.builds(n.Inflict, amount, target),
    st.builds(n.Cancel, amount, target),
    st.builds(lambda a, t, tg: n.Heal(a, tuple(t), tg), amount,
              st.lists(token, min_size=1, max_size=2), target),
    st.builds(n.Test, attribute, skill, num),
    st.builds(n.Move, amount, st.booleans(), st.booleans()),
    st.builds(n.MovementDice, amount),
    st.builds(n.GainGold, amount),
    st.builds(n.DrawMarket, amount),
    st.builds(n.Restrict, st.sampled_from(["escape", "ally_attack"])),
)
# ---- family 7: combat
clause = st.one_of(
    clause,
    st.builds(n.ExtraWounds, num, st.one_of(st.none(), phase)),
    st.builds(n.InflictAdditional, amount, target),
    st.just(n.Reroll()),
    st.builds(n.WoundCap, subject, num),
    st.builds(n.Immune, phase),
    st.builds(n.AttackOther, phase),
)
# ---- family 4/9: movement and place, game-level effects (issue 21)
town = st.sampled_from(["Tamalir", "Vynelvale", "Riverwatch", "Dawnsmoor", "Forge", "Nerekhall",
                        "Greyhaven", "Frostgate"])
board_target = st.one_of(st.just("each_hero_in_space"),
                         st.integers(1, 9).map(lambda k: f"each_hero_within_{k}"))
clause = st.one_of(
    clause,
    st.builds(n.Suffer, amount, token, board_target),
    st.builds(n.Modifier, board_target, stat, st.integers(-9, 9)),
    st.builds(n.Inflict, amount, board_target),
    st.builds(lambda a, t, tg: n.Heal(a, tuple(t), tg), amount,
              st.lists(token, min_size=1, max_size=2), board_target),
    st.builds(n.MoveTo, st.one_of(st.none(), town)),
    st.builds(n.TerrainRule, st.lists(skill_word, min_size=1, max_size=2).map(" ".join),
              *[st.sampled_from(["road", "river", "plains", "hills", "forest", "swamp",
                                 "mountains"])] * 2),
    st.builds(n.DoomTokens, st.sampled_from(["place", "remove"]), num),
    st.just(n.DiscardEvent()),
    st.builds(n.DiscardUndefeated, num),
)
def _may(effect):
    """"you may" before an action; before a rule the parser reads the rule itself ("You may
    move through forests as if they were plains.", "You may buy Items for 1 gold less."), so a
    generated AST is one the parser can make (issue 32, session lang4)."""
    if type(effect) is n.CostModifier or type(effect) is n.TerrainRule and effect.skill is None:
        return effect
    return n.MayDo(effect)


action_list = st.one_of(clause, st.lists(clause, min_size=2, max_size=3).map(
    lambda items: n.And(tuple(items))))
actions = st.one_of(action_list, action_list.map(_may))
event = st.one_of(
    st.builds(n.TakesWounds, target, event_amount, st.one_of(st.none(), phase)),
    st.just(n.DefeatChallenge()),
    st.just(n.KnockedOut()),
)
# ---- family 4: trigger events, targets by the board (issue 21)
event = st.one_of(event, st.builds(n.EntersSpace, st.sampled_from(
    ["town", "road", "river", "plains", "hills", "forest", "swamp", "mountains"])),
                  st.builds(n.TakesWounds, board_target, event_amount, st.one_of(st.none(), phase)))
# ---- issue 32 (lists): several colours or terrains, in the game's order
_TERRAIN_IDS = ("road", "river", "plains", "hills", "forest", "swamp", "mountains")


def _several(values):
    return st.lists(st.sampled_from(values), min_size=2, max_size=len(values),
                    unique=True).map(lambda v: tuple(sorted(v, key=values.index)))


terrains = _several(_TERRAIN_IDS)
event = st.one_of(event, st.builds(n.EntersSpace, terrains))
phrase = st.one_of(actions, st.builds(lambda e, a: n.Trigger(e, a, event_first=False),
                                      event, actions))
effect = st.recursive(
    phrase,
    lambda inner: st.one_of(
        st.builds(n.Outcome, st.sampled_from(["success", "failure"]), inner),
        st.builds(n.During, st.sampled_from(["end_of_combat", "end_of_round", "end_of_turn",
                                             "start_of_next_turn",
                                             # family 8 (issue 21)
                                             "next_event", "end_of_next_turn", "while_held",
                                             "this_event"]),  # session rbsubj
                  inner),
        st.builds(lambda e, i: n.Trigger(e, i, event_first=True), event, inner),
    ),
    max_leaves=4,
)

# ---- families 1-3: conditions, choices, random tables (issue 21) ------------------------
condition = st.one_of(
    st.builds(n.Condition, st.just("terrain"),
              st.sampled_from(["road", "river", "plains", "hills", "forest", "swamp",
                               "mountains"])),
    st.just(n.Condition("town")),
    st.builds(n.Condition, st.just("named_town"), st.sampled_from(TOWNS)),  # the board's
    st.builds(n.Condition, st.just("at_least"), st.sampled_from(["wound", "exhaustion", "gold"]),
              num),
    st.builds(n.Condition, st.just("none"), token),
    st.builds(n.Condition, st.just("skill"), skill.filter(bool)),
    st.just(n.Condition("ally")),
    st.builds(n.Condition, st.just("item_class"),
              st.sampled_from(["weapon", "armor", "artifact", "rune", "relic", "consumable"])),
    st.builds(n.Condition, st.just("enemy_colour"),
              st.sampled_from(["green", "yellow", "blue", "red"])),
)
condition = st.one_of(
    condition,
    st.builds(n.Condition, st.just("terrain"), terrains),
    st.builds(n.Condition, st.just("enemy_colour"), _several(("green", "yellow", "blue", "red"))),
)
choice = st.lists(action_list, min_size=1, max_size=5).map(lambda o: n.Choice(tuple(o)))
_faces = st.tuples(st.integers(0, 12), st.integers(0, 12))
die_table = st.lists(st.builds(lambda f, e: n.TableRow(f[0], f[1], e), _faces, effect),
                     min_size=1, max_size=4).map(lambda rows: n.DieTable(tuple(rows)))
_before_branching = effect
effect = st.one_of(  # the ability's sentences (and every prefix) may now also be these
    _before_branching,
    st.builds(n.IfState, condition, st.one_of(_before_branching, choice)),
    st.builds(n.IfState, condition, _before_branching, _before_branching),  # "Otherwise, ..."
    st.builds(n.WhileState, condition, _before_branching),
    choice,
    die_table,
)
cost = st.one_of(
    st.just(n.Activate()), st.builds(n.DiscardCard, st.booleans()),
    st.builds(n.PayGold, cost_amount),
    st.builds(lambda a, t: n.Suffer(a, t, None), cost_amount, token),
)
tag = st.sampled_from([None, "before_combat", "ranged", "melee", "magic", "any_phase",
                       "all_phases"])
limits = st.lists(st.sampled_from(["turn", "combat", "round", "before_combat"]),
                  max_size=2).map(tuple)
window = st.sampled_from([None, "before_moving", "after_moving", "start_of_turn",
                          "end_of_turn", "market_step", "after_combat", "defeat_challenge",
                          "knocked_out"])


@st.composite
def ability(draw):
    style = draw(st.sampled_from([None, "to", "sentence"]))
    sentences = draw(st.lists(effect, min_size=1, max_size=3))
    costs = ()
    if style == "to":
        costs = tuple(draw(st.lists(cost, min_size=1, max_size=3)))
        sentences[0] = draw(phrase)
    elif style == "sentence":
        spend = draw(st.one_of(st.just(n.Activate()), st.builds(n.DiscardCard, st.booleans()),
                               st.builds(n.PayGold, cost_amount)))
        costs = tuple(draw(st.permutations([spend, *draw(st.lists(cost, max_size=2))])))
    return n.Ability(tag=draw(tag), limits=draw(limits), window=draw(window), costs=costs,
                     cost_style=style, sentences=tuple(sentences))

# ---- family 5/6: decks and cards, economy and experience (issue 21)
_ally_stat_names = st.sampled_from(["life", "mind", "body", "spirit", "stamina",
                                    "ranged_damage", "melee_damage", "magic_damage"])
decks_clause = st.one_of(
    st.builds(n.DrawAdventure, st.sampled_from(["green", "yellow", "blue", "red",
                                                   "same"])),
    st.builds(n.DrawMarketKeep, amount),
    st.just(n.ReturnToDeck()),
    st.builds(n.GainExperience, amount),
    st.builds(n.GainGoldEqual, st.sampled_from(["discarded", "this_card"])),
    st.builds(n.PaysYou, target, amount),
)
clause = st.one_of(clause, decks_clause)
action_list = st.one_of(clause, st.lists(clause, min_size=2, max_size=3).map(
    lambda items: n.And(tuple(items))))
actions = st.one_of(action_list, action_list.map(_may))
# "place this card ..." is a sentence of its own (an effect, not an action)
place_ally = st.builds(lambda pairs: n.PlaceAlly(tuple(pairs)),
                       st.lists(st.tuples(_ally_stat_names, num), min_size=1, max_size=3))
phrase = st.one_of(actions, st.builds(lambda e, a: n.Trigger(e, a, event_first=False),
                                      event, actions))
effect = st.recursive(
    st.one_of(phrase, place_ally),
    lambda inner: st.one_of(
        st.builds(n.Outcome, st.sampled_from(["success", "failure"]), inner),
        st.builds(n.During, st.sampled_from(["end_of_combat", "end_of_round", "end_of_turn",
                                             "start_of_next_turn"]), inner),
        st.builds(lambda e, i: n.Trigger(e, i, event_first=True), event, inner),
    ),
    max_leaves=4,
)
cost = st.one_of(cost, st.just(n.DiscardItem()))

# ---- issue 32 (part III): the compositional core
_countable = st.sampled_from(["wound", "exhaustion", "gold", "item", "ally", "trophy"])
_terrain = st.sampled_from(["road", "river", "plains", "hills", "forest", "swamp", "mountains"])
# selectors that part II cannot say as a target (those print and parse back as a Selector)
selector = st.one_of(
    st.builds(lambda who, t: n.Selector(who, place=t), st.sampled_from(["each", "each_other"]),
              st.one_of(_terrain, terrains)),  # terrains: issue 32 (lists)
    st.builds(lambda k: n.Selector("each_other", place="space"), st.just(0)),
    st.builds(lambda k: n.Selector("each_other", within=k), st.integers(1, 9)),
    st.builds(lambda who, c, w: n.Selector(who, having=(c, w)),
              st.sampled_from(["each", "each_other"]), st.integers(0, 9), _countable),
    st.builds(lambda who, w: n.Selector(who, measure=w), st.sampled_from(["most", "fewest"]),
              _countable),
)
legacy_selector = st.sampled_from([n.Selector("each"), n.Selector("each_other"),
                                   n.Selector("each", place="space"),
                                   n.Selector("each", within=3)])
# what a subject other than "you" does (said of "you" in the AST)
predicate = st.one_of(
    st.builds(n.GainGold, amount), st.builds(n.LoseGold, amount),
    st.builds(n.DrawMarket, amount), st.builds(n.GainExperience, amount),
    st.builds(lambda a, t: n.Heal(a, (t,), "hero"), amount, token),
    st.builds(n.Move, amount), st.builds(n.MovementDice, amount),
    st.just(n.EndTurn()), st.just(n.DiscardAlly()),
)
_said_of_you = st.one_of(st.builds(n.Suffer, amount, token),
                         st.builds(lambda s, v: n.Modifier("you", s, v), stat,
                                   st.integers(-5, 5)))
_most = st.one_of(st.none(), st.integers(1, 9))  # "(maximum 3)" (issue 32, session bonus)
each = st.one_of(
    st.builds(n.Each, st.one_of(selector, legacy_selector), predicate),
    st.builds(n.Each, selector, _said_of_you),
    st.builds(lambda s, p, c, m: n.Each(s, n.ForEach(c, p, most=m)),
              st.one_of(selector, legacy_selector), predicate, _countable, _most),
    st.builds(lambda s, u, m: n.Each(s, n.During(u, m)), selector,
              st.sampled_from(["end_of_combat", "end_of_round", "end_of_turn", "next_event"]),
              _said_of_you.filter(lambda c: isinstance(c, n.Modifier))),
)
core_clause = st.one_of(
    st.builds(n.LoseGold, amount), st.just(n.EndTurn()),
    st.builds(n.CannotBeWounded, st.sampled_from(["each_ally", "hero"])),
    st.builds(n.Immune, phase, st.sampled_from(["hero", "this_challenge"])),
    st.just(n.Restrict("buy_items")),
    # issue 32 (session self): immunities and wound caps said of the card's own figure
    st.builds(n.Immune, phase, st.sampled_from(["this_ally", "enemy"])),
    st.builds(lambda s, v, p: n.WoundCap(s, v, per=p),
              st.sampled_from(["this_challenge", "this_ally", "enemy"]), st.integers(0, 9),
              st.sampled_from(["phase", "round"])),
)
clause = st.one_of(clause, core_clause)
# issue 32 (session rbrules): prohibitions and a price's floor
clause = st.one_of(
    clause,
    st.builds(n.Restrict, st.sampled_from(["rest", "own_rest", "attack_heroes",
                                           "own_attack_heroes", "heal_in_town",
                                           "own_heal_in_town", "sell_items", "buy_allies"])),
    st.builds(lambda s, d, m: n.CostModifier(tuple(s), delta=-d, minimum=m),
              st.lists(st.sampled_from(["item", "ally"]), min_size=1, max_size=2,
                       unique=True), st.integers(1, 9), st.integers(1, 9)),
)
action_list = st.one_of(clause, st.lists(clause, min_size=2, max_size=3).map(
    lambda items: n.And(tuple(items))))
actions = st.one_of(action_list, action_list.map(_may))
phrase = st.one_of(actions, st.builds(lambda e, a: n.Trigger(e, a, event_first=False),
                                      event, actions))
payto = st.builds(lambda c, e: n.PayTo((c,), e),
                  st.one_of(st.builds(n.PayGold, cost_amount), st.just(n.DiscardAlly()),
                            st.just(n.DiscardItem())), action_list)
_before_core = effect
effect = st.one_of(
    _before_core, each,
    st.builds(lambda c, a, m: n.ForEach(c, a, most=m), _countable, actions, _most),
    st.builds(n.Outcome, st.sampled_from(["success", "failure"]), payto),
    st.builds(lambda t, lk: n.TerrainRule(None, t, lk), _terrain, _terrain),
)
cost = st.one_of(cost, st.just(n.DiscardAlly()))

# ---- issue 32 (session when): a test as a trigger's event, "add N to the result" under it
_tested = st.builds(n.SkillTested, st.sampled_from(["mind", "body", "spirit"]),
                    st.one_of(st.none(), st.lists(skill_word, min_size=1, max_size=2)
                              .map(" ".join)))
_test_bonus = st.integers(1, 120).map(lambda v: n.TestBonus(n.Amount("fixed", (v,))))
_tested = st.one_of(_tested, st.just(n.HeroDefeated()), st.just(n.AllyLost()))  # a duel won too (round trips)
effect = st.one_of(
    effect,
    st.builds(lambda e, b: n.Trigger(e, b, event_first=True), _tested,
              st.one_of(_test_bonus, action_list)),
    st.builds(lambda e, a: n.Trigger(e, a, event_first=False), _tested, action_list),
)
_held_none = st.builds(n.Condition, st.just("none"), st.sampled_from(["gold", "item", "ally",
                                                                       "trophy"]))
effect = st.one_of(  # "if you have no Allies", "if you took no wounds in this combat"
    effect,
    st.builds(n.IfState, st.one_of(_held_none, st.just(n.Condition("unwounded"))), action_list),
    st.builds(n.WhileState, _held_none, action_list),
)

# ---- issue 32 (branch rbtrig): a trigger's clause said of its subject ("this Ally attacks and
# fails", "you attack and succeed", "this Ally is discarded"), the event before or after
_said_of = st.one_of(st.builds(n.AttackResult, st.sampled_from(["hero", "this_ally"]),
                               st.booleans()), st.just(n.AllyDiscarded()))


def _not_a_failed_attack_reroll(t) -> bool:
    """"Every time you attack and fail, (you may) reroll your combat roll." is written, and
    parsed, as branch rbroll's reroll of a failed attack (``Reroll(failed=True, attack=True)``):
    that is its canonical AST, so the trigger form of it is no AST the parser returns."""
    if not (isinstance(t.event, n.AttackResult) and t.event.who == "hero"
            and not t.event.success):
        return True
    inner = t.effect.effect if isinstance(t.effect, n.MayDo) else t.effect
    return not (isinstance(inner, n.Reroll) and not inner.better)


effect = st.one_of(
    effect,
    st.builds(lambda e, a: n.Trigger(e, a, event_first=True), _said_of, action_list)
    .filter(_not_a_failed_attack_reroll),
    st.builds(lambda e, a: n.Trigger(e, a, event_first=False), _said_of, action_list)
    .filter(_not_a_failed_attack_reroll),
)
# ---- issue 32 (session rbdice): die rolls as authors write them: two dice with a stat or the
# higher of two, open rows ("3 or less", "8 or more"), "Otherwise", a roll by other Heroes whose
# rows say what happens to "that Hero"
_open_faces = st.one_of(_faces, st.integers(0, 30).map(lambda v: (None, v)),
                        st.integers(0, 30).map(lambda v: (v, None)))
_roll = st.sampled_from([(1, None, None), (1, "body", None), (2, "mind", None),
                         (2, "spirit", None), (2, None, "higher")])


def _rows(of):
    return st.lists(st.builds(lambda f, e: n.TableRow(f[0], f[1], e), _open_faces, of),
                    min_size=1, max_size=3).map(tuple)


_that_hero = st.one_of(st.builds(n.ThatHero, predicate), st.builds(
    n.ThatHero, st.builds(lambda a, t: n.Suffer(a, t, "you"), amount, token)),
    st.just(n.Nothing()))
dice_table = st.one_of(
    st.builds(lambda r, rows, o: n.DieTable(rows, dice=r[0], add=r[1], keep=r[2], otherwise=o),
              _roll, _rows(action_list), st.one_of(st.none(), action_list)),
    st.builds(lambda s, rows, o: n.Each(s, n.DieTable(rows, otherwise=o)),
              st.one_of(selector, legacy_selector), _rows(_that_hero),
              st.one_of(st.none(), _that_hero)),
)
effect = st.one_of(effect, dice_table)
# issue 32 (session prohib): your Hero's own trades, this Item's own rule
effect = st.one_of(effect, st.builds(n.Restrict, st.sampled_from(
    ["own_buy_items", "own_buy_allies", "this_sell_items"])))
# issue 32 (session skills): a skill a card gives its Hero
effect = st.one_of(effect, st.builds(n.GrantSkill, skill_word))

# ---- issue 32 (branch rbtrig2): more event verbs of a trigger's clause ("you escape", "you fail
# a Spirit test", "you pass a Mind Diplomacy test"), the event before or after
_verbs2 = st.one_of(st.just(n.Escaped()),
                    st.builds(n.TestResult, st.sampled_from(["mind", "body", "spirit"]),
                              st.sampled_from([None, "Diplomacy", "Swim"]), st.booleans()))
effect = st.one_of(
    effect,
    st.builds(lambda e, a: n.Trigger(e, a, event_first=True), _verbs2, action_list),
    st.builds(lambda e, a: n.Trigger(e, a, event_first=False), _verbs2, action_list),
)
# ---- issue 32 (branch rbboard): the board's adventure counters, each colour in either phrase
_counter_colour = st.sampled_from(["green", "yellow", "blue", "red"])
board_clause = st.one_of(
    st.builds(lambda c, g, each, w: n.PlaceCounter(c, n.GemSpaces(g, each, w)),
              _counter_colour, _counter_colour, st.booleans(),
              st.one_of(st.none(), st.integers(1, 9))),
    st.builds(n.RemoveCounter, st.one_of(st.none(), _counter_colour)),
)
effect = st.one_of(effect, board_clause)
_track_effect = st.one_of(st.builds(n.GainGold, amount), st.builds(n.LoseGold, amount),
                          st.builds(n.Suffer, amount, token))
effect = st.one_of(effect, st.builds(
    lambda t, e, m: n.ForEachOnTrack(t, e, most=m), st.sampled_from(["doom", "undefeated"]),
    _track_effect, st.one_of(st.none(), st.integers(1, 9))))
effect = st.one_of(effect, st.builds(n.AddToTrack, _counter_colour, st.just("doom")),
                   st.builds(n.DiscardFromTrack, num, st.just("doom")))
effect = st.one_of(effect, st.builds(n.DiscardFromMarket, st.sampled_from(["ally", "item", "card"])),
                   st.builds(n.DrawMarketTo, st.integers(1, 9).map(
                       lambda k: n.Amount("fixed", (k,)))))
# ---- branch rblimits: carrying limits (sentences of their own, as a rule of the card)
_carry_kind = st.sampled_from(["weapon", "armor", "ally"])
carry_clause = st.one_of(
    st.builds(lambda k, c, old: n.CarryLimit(k, c, None if old is None else c + old), _carry_kind,
              st.integers(1, 9), st.one_of(st.none(), st.integers(1, 3))),
    st.builds(lambda e: n.CarriedAs(exempt=e), st.sampled_from(["weapon", "armor", "ally", "all"])),
    st.builds(lambda k, c: n.CarriedAs((k,) * c), _carry_kind, st.integers(1, 3)),
    st.builds(lambda a, b: n.CarriedAs((a, b)), _carry_kind, _carry_kind).filter(
        lambda node: node.kinds[0] != node.kinds[1]),
)
effect = st.one_of(effect, carry_clause)
_ko_instead = st.one_of(st.just(n.KnockoutInstead()), st.just(n.MayDo(n.KnockoutInstead())))
effect = st.one_of(effect, st.builds(n.KnockoutKeep, st.just("gold"), st.booleans()), _ko_instead,
                   st.builds(lambda i: n.KnockoutRules(n.KnockoutKeep("gold", False), i),
                             _ko_instead))
