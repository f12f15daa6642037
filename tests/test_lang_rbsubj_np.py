"""Branch rbsubj, part 2 (issue 32, part III): the subjects and noun phrases authors write
(lexer_rbsubj.py):

* a Hero selector's place said with a participle or a relative clause ("each Hero standing in a
  town", "every Hero who is in a town", "each Hero on a forest space", "Heroes in towns"), "that
  has" for "who has", "except you" for "other", "any" / "all" before a selector with a place;
* an attack as a subject ("all magic attacks", "every ranged attack your Hero makes");
* a roll's outcome as a subject that gives a token ("Each failed defend roll gives 1
  exhaustion.");
* "he" / "she" for your Hero;
* "The Hero who defeats this challenge ..." / "The Hero who resolves this encounter ...".

Each wording is the node of the form the grammar already has (printed so, in every locale), and
the engine runs it for the Heroes the subject picks (two Heroes, one picked).
"""

from __future__ import annotations

import pytest

from runeforge.dsl.runebound.parser import parse_ability
from runeforge.games.runebound.abilities import compile_ability
from runeforge.games.runebound.checks import CardContext
from runeforge.games.runebound.text.render import render_ability
from tests.lang_wordings import assert_one_node_printed_one_way, assert_renders_in_every_locale

LOCALES = ("en", "fi", "pl", "el", "ru")


def _ctx(kind):
    return CardContext(kind, None, None, frozenset())


# (card kind, the wordings an author may write, the canonical wording fmt prints)
SAME = [
    ("event", ["Each Hero standing in a town takes 1 exhaustion.",
               "Every Hero who is in a town takes 1 exhaustion.",
               "Any Hero in a town takes 1 exhaustion.",
               "All Heroes in towns take 1 exhaustion.",
               "Heroes located in a town take 1 exhaustion."],
     "Each Hero in a town takes 1 exhaustion."),
    ("event", ["Each Hero on a forest space gains 1 gold.",
               "Every Hero standing on a forest space gains 1 gold.",
               "All Heroes that are in a forest space gain 1 gold."],
     "Each Hero in a forest space gains 1 gold."),
    ("event", ["Each Hero that has 2 or more Allies loses 1 gold.",
               "Every player that has at least 2 Allies loses 1 gold.",
               "All Heroes who have two Allies lose 1 gold."],
     "Each Hero with 2 or more Allies loses 1 gold."),
    ("hero", ["Each Hero except you takes 1 wound.", "All other Heroes take 1 wound."],
     "Each other Hero takes 1 wound."),
    ("hero", ["All Heroes in your space take 1 wound.",
              "Every Hero standing in your space takes 1 wound."],
     "Each Hero in your space takes 1 wound."),
    ("event", ["Until this event is replaced, all magic attacks deal +1 wound.",
               "While this event is in play, every magic attack deals 1 additional wound."],
     "While this event is in play, your magic attacks inflict 1 additional wound."),
    ("item", ["Every ranged attack your Hero makes deals +1 wound.",
              "Each ranged attack you make inflicts 1 extra wound.",
              "Ranged attacks you make deal 1 additional wound.",
              "All of your ranged attacks deal +1 wound."],
     "Your ranged attacks inflict 1 additional wound."),
    ("challenge", ["Each failed defend roll also gives 1 exhaustion.",
                   "Every failed defence roll causes 1 exhaustion.",
                   "Each failed defense roll gives your Hero 1 exhaustion."],
     "Every time you fail to defend, take 1 exhaustion."),
    ("challenge", ["Each successful attack gives you 1 gold."],
     "Every time you attack and succeed, gain 1 gold."),
    ("challenge", ["Every failed attack costs you 1 gold."],
     "Every time you attack and fail, lose 1 gold."),
    ("item", ["Each failed Spirit test gives you 1 wound."],
     "Every time you fail a Spirit test, take 1 wound."),
    ("item", ["Your Hero receives +1 Body. While your Hero has no exhaustion, he receives +2 "
              "Body instead.",
              "Your Hero receives +1 Body. While your Hero has no exhaustion, she receives +2 "
              "Body instead."],
     "Your Hero receives +1 Body. While you have no exhaustion, your Hero receives +2 Body "
     "instead."),
    ("challenge", ["The Hero who defeats this challenge gains 3 gold.",
                   "When you defeat this challenge, your Hero gains 3 gold."],
     "When you defeat a challenge, gain 3 gold."),
    ("encounter", ["The Hero who resolves this encounter gains 2 gold.",
                   "The Hero who draws this card gains 2 gold."],
     "Gain 2 gold."),
    ("item", ["This weapon gives your Hero +2 Body.", "This shield grants your Hero +2 Body."],
     "Your Hero receives +2 Body."),
    ("item", ["This item gives you +2 Body.", "This card gives +2 Body."],
     "You receive +2 Body."),
    ("ally", ["This Ally gives your Hero +1 Spirit."], "Your Hero receives +1 Spirit."),
    ("challenge", ["This challenge receives +2 Body. It is immune to magic attacks."],
     "This challenge receives +2 Body. This challenge is immune to magic attacks."),
    ("ally", ["Melee: This Ally receives +1 melee damage. It takes 1 exhaustion."],
     "Melee: This Ally receives +1 melee damage. This Ally takes 1 exhaustion."),
    ("item", ["Melee: Deal 1 wound to the enemy.",
              "Melee: Inflict 1 wound on the challenge you are fighting.",
              "Melee: Inflict 1 wound on the enemy you face."],
     "Melee: Inflict 1 wound on your enemy."),
    ("event", ["The active Hero gains 2 gold.", "The current player gains 2 gold."],
     "Gain 2 gold."),
    ("challenge", ["Every time this challenge is wounded, take 1 exhaustion.",
                   "Whenever this challenge takes a wound, take 1 exhaustion."],
     "Every time your enemy takes 1 or more wounds, take 1 exhaustion."),
    ("challenge", ["Whenever this challenge takes 2 or more wounds, it inflicts 1 wound on your "
                   "Hero."],
     "Every time your enemy takes 2 or more wounds, inflict 1 wound on your Hero."),
    ("event", ["Heroes with no Allies gain 2 gold.", "Each Hero without any Allies gains 2 gold.",
               "Every player without Allies gains 2 gold."],
     "Each Hero with no Allies gains 2 gold."),
    ("event", ["Each Hero carrying 3 or more Items loses 1 gold.",
               "Heroes holding at least 3 Items lose 1 gold."],
     "Each Hero with 3 or more Items loses 1 gold."),
    ("event", ["The Hero who has the most gold loses 2 gold.",
               "The player that has the most gold loses 2 gold."],
     "The Hero with the most gold loses 2 gold."),
    ("hero", ["Each Hero other than you takes 2 wounds."], "Each other Hero takes 2 wounds."),
    ("item", ["Each of your magic attacks deals +1 wound.",
              "Magic attacks made by your Hero deal +1 wound.",
              "Magic attacks made by you inflict 1 extra wound."],
     "Your magic attacks inflict 1 additional wound."),
    ("item", ["Your Hero receives +1 Body. If he has no wounds, he gains 1 gold."],
     "Your Hero receives +1 Body. If you have no wounds, gain 1 gold."),
    ("item", ["This item lets you reroll your combat roll.",
              "This weapon allows you to reroll your combat roll."],
     "You may reroll your combat roll."),
    ("event", ["This event lets every Hero draw 1 market card.",
               "This event allows each Hero to draw 1 market card."],
     "Each Hero may draw 1 market card."),
    ("challenge", ["Before Combat: Your Allies each take 1 wound."],
     "Before Combat: Each of your Allies takes 1 wound."),
]


@pytest.mark.parametrize("kind, written, canonical", SAME, ids=[s[2][:50] for s in SAME])
def test_each_wording_is_one_node_printed_one_way(kind, written, canonical):
    assert_one_node_printed_one_way(kind, written, canonical, _ctx(kind))


@pytest.mark.parametrize("kind, written, canonical", SAME, ids=[s[2][:50] for s in SAME])
def test_the_canonical_wordings_render_in_every_locale(kind, written, canonical):
    assert_renders_in_every_locale(canonical)


# words that look like these subjects but name something else stay what they were
KEPT = [
    # "he" with Heroes other than your Hero named before it: no antecedent to pick
    ("event", "Each Hero in a town gains 1 gold. He takes 1 wound.", "RF302"),
    # the Hero who hires this Ally: the Ally card's own hire (branch rbwho), never an Item's
    ("item", "The Hero who hires this Ally gains 2 gold.", "RF541"),
    # a Hero named by an act on another card is not the card's own Hero
    ("challenge", "The Hero who defeats a challenge gains 1 gold.", "RF301"),
    # an attack as the subject of a verb attacks do not take
    ("item", "Every magic attack heals 1 wound.", "RF301"),
    # "Heroes with the <skill> skill" keeps its own reading (a count only is "each Hero with")
    ("hero", "Heroes with the Swim skill gain 1 gold.", "RF301"),
    # "it" with no challenge or Ally named before it
    ("challenge", "It is immune to magic attacks.", "RF301"),
    # "it is an Ally": a drawn card's kind, not this card
    ("ally", "This Ally receives +1 Melee. It is an Ally.", "RF301"),
]


@pytest.mark.parametrize("kind, text, code", KEPT, ids=[k[1][:50] for k in KEPT])
def test_what_the_pass_does_not_read_is_refused_at_its_words(kind, text, code):
    from runeforge.games.runebound.abilities import compile_abilities

    _, findings = compile_abilities(text, _ctx(kind))
    assert code in {f.code for f in findings if f.severity == "error"}, \
        [(f.code, f.message) for f in findings]


# ---- the engine runs what the sentence says, for the Heroes its subject picks ------------------

def _game():
    from tests.test_game_scenarios import make

    return make(players=2)


def _run(text, kind, game, hero):
    from runeforge.engine.runebound.core.effects import Context, build_effects, run_all

    ir, findings = compile_ability(text, _ctx(kind))
    assert ir is not None and not [f for f in findings if f.severity == "error"], findings
    run_all(build_effects(ir["effects"]), Context(game.combat, hero, "test"))
    game.after_effects(hero)
    return ir


@pytest.mark.parametrize("text", [
    "Each Hero standing in a town takes 1 exhaustion.",
    "Any Hero in a town takes 1 exhaustion.",
    "All Heroes in towns take 1 exhaustion.",
    "Every Hero who is in a town takes 1 exhaustion.",
])
def test_a_hero_standing_in_a_town_is_picked_and_one_elsewhere_is_not(text):
    game, (first, second) = _game()
    town = game.board.town_space(next(iter(game.board.towns)))
    away = next(s for s in game.board.spaces if not game.board.is_town(s))
    game.state.positions[first.id], game.state.positions[second.id] = away, town
    before = (first.exhaustion, second.exhaustion)
    _run(text, "event", game, first)
    assert (first.exhaustion - before[0], second.exhaustion - before[1]) == (0, 1)


def test_each_hero_except_you_is_every_hero_but_the_cards_own():
    game, (first, second) = _game()
    before = (first.wounds, second.wounds)
    _run("Each Hero except you takes 1 wound.", "hero", game, first)
    assert (first.wounds - before[0], second.wounds - before[1]) == (0, 1)


def test_a_hero_that_has_two_allies_is_picked_and_one_with_none_is_not():
    game, (first, second) = _game()
    cards = [c for c in sorted(game.catalog.cards) if game.card(c).kind == "ally"][:2]
    second.allies.extend(game.catalog.new_ally(c) for c in cards)
    first.gold, second.gold = 5, 5
    _run("Every player that has at least 2 Allies loses 1 gold.", "event", game, first)
    assert (first.gold, second.gold) == (5, 4)


def test_an_attack_and_a_failed_roll_as_subjects_lower_to_the_rules_the_engine_runs():
    """The wordings are the IR of the forms whose engine runs are tested with them (the extra
    wounds of a phase's attacks, the trigger on a failed defence)."""
    for written, canonical, kind in (
            ("All magic attacks deal +1 wound.", "Your magic attacks inflict 1 additional "
             "wound.", "item"),
            ("Each failed defend roll gives 1 exhaustion.", "Every time you fail to defend, "
             "take 1 exhaustion.", "challenge")):
        ir, _ = compile_ability(written, _ctx(kind))
        assert ir == compile_ability(canonical, _ctx(kind))[0]
    ir, _ = compile_ability("Each failed defend roll gives 1 exhaustion.", _ctx("challenge"))
    (trigger,) = ir["effects"]
    assert trigger["op"] == "trigger" and trigger["event"]["kind"] == "defend_result"


# ---- "that Hero" after a trigger said of other Heroes --------------------------------------------

THAT = [
    ("event", ["Whenever a Hero defeats a challenge, that Hero gains 1 extra gold.",
               "Whenever any Hero defeats a challenge, that Hero gains 1 gold.",
               "When a player defeats a challenge, he gains 1 gold.",
               "Each time a Hero defeats a challenge, they gain 1 gold."],
     "Every time any Hero defeats a challenge, that Hero gains 1 gold."),
    ("item", ["Whenever another Hero rests, that Hero heals 1 wound.",
              "After another Hero rests, she heals 1 wound."],
     "Every time another Hero rests, that Hero discards 1 wound."),
]


@pytest.mark.parametrize("kind, written, canonical", THAT, ids=[s[2][:50] for s in THAT])
def test_that_hero_after_a_trigger_of_other_heroes_is_one_node(kind, written, canonical):
    assert_one_node_printed_one_way(kind, written, canonical, _ctx(kind))
    for locale in LOCALES:
        said = render_ability(parse_ability(canonical), locale)
        assert said and "{" not in said, (locale, said)
    ir, _ = compile_ability(canonical, _ctx(kind))
    assert ir["effects"][0]["event"]["runs_for"] == "actor"


@pytest.mark.parametrize("text", [
    "Whenever any Hero buys an Item, that Hero takes 1 wound and gains 1 gold.",  # mixed
    "Whenever you defeat a challenge, that Hero gains 1 gold.",  # no other Hero acted
])
def test_that_hero_with_no_acting_hero_to_name_is_refused(text):
    from runeforge.games.runebound.abilities import compile_abilities

    _, findings = compile_abilities(text, _ctx("event"))
    assert "RF481" in {f.code for f in findings if f.severity == "error"}


@pytest.mark.parametrize("actor", [0, 1])
def test_the_event_gives_the_gold_to_the_hero_who_defeated_the_challenge_once(actor):
    from tests.test_game_scenarios import take
    from tests.test_lang_rbsubj import _game_with_rule

    game, heroes, numbered = _game_with_rule(
        "Whenever a Hero defeats a challenge, that Hero gains 1 extra gold.")
    game.play_event(heroes[0], take(game, numbered[2]))
    gold = [h.gold for h in heroes]
    game.combat.fire({"kind": "defeat_challenge", "hero": heroes[actor].id})
    assert [h.gold - g for h, g in zip(heroes, gold, strict=True)] == \
        [int(i == actor) for i in range(2)]


def test_a_held_card_runs_that_hero_for_the_other_hero_who_acted():
    from runeforge.engine.runebound.core.catalog import Ability, CardDef

    game, (hero, other) = _game()
    card = next(c for c in sorted(game.catalog.cards) if game.card(c).kind == "item")
    ir, _ = compile_ability("Whenever another Hero escapes, that Hero takes 1 exhaustion.",
                            _ctx("item"))
    old = game.catalog.cards[card]
    game.catalog.cards[card] = CardDef(card, "item", old.name, old.data,
                                       [Ability.from_ir(card, 0, ir)])
    game.catalog.refresh()
    hero.items.append(card)
    game.combat.modifiers_changed()
    before = (hero.exhaustion, other.exhaustion)
    game.combat.fire({"kind": "escaped", "hero": other.id})
    assert (hero.exhaustion - before[0], other.exhaustion - before[1]) == (0, 1)
    game.combat.fire({"kind": "escaped", "hero": hero.id})  # the holder's own escape: another
    assert (hero.exhaustion - before[0], other.exhaustion - before[1]) == (0, 1)


def test_your_allies_each_is_every_ally_of_the_hero():
    game, (hero, other) = _game()
    cards = [c for c in sorted(game.catalog.cards) if game.card(c).kind == "ally"][:3]
    hero.allies.extend(game.catalog.new_ally(c) for c in cards[:2])
    other.allies.append(game.catalog.new_ally(cards[2]))
    for ally in (*hero.allies, *other.allies):
        ally.wounds = 2
    _run("Your Allies each heal 1 wound.", "encounter", game, hero)
    assert [a.wounds for a in hero.allies] == [1, 1] and other.allies[0].wounds == 2


def test_a_bonus_this_item_gives_is_its_heros():
    game, (hero, other) = _game()
    ir = _run("This weapon gives your Hero +2 Body.", "item", game, hero)
    assert ir["effects"] == compile_ability("Your Hero receives +2 Body.", _ctx("item"))[0][
        "effects"]
    (effect,) = ir["effects"]
    assert effect["op"] == "modify" and effect["stat"] == "body" and effect["value"] == 2
