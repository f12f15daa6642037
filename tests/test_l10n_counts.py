"""Counted nouns: the form after a number follows Babel's CLDR plural category, in every
locale and for every template with a count; spot checks written by hand."""

from __future__ import annotations

import pytest

from runeforge.dsl.runebound import nodes as n
from runeforge.games.runebound.text.render import Quantity, renderer
from runeforge.games.runebound.text.terms import category, load_terms
from runeforge.l10n.localedir import babel_locale
from runeforge.l10n.slots import SLOT

NUMBERS = [0, 1, 2, 3, 4, 5, 11, 12, 14, 21, 22, 25, 101, 111]
LOCALES = ["en", "fi", "pl", "el", "ru"]


def fixed(v):
    return n.Amount("fixed", (v,))


# template (msgctxt) -> (slot holding the count, term key, a node with count v)
COUNTED = {
    "effect.take": ("what", "wound", lambda v: n.Suffer(fixed(v), "wound")),
    "effect.suffer.subject": ("what", "exhaustion",
                              lambda v: n.Suffer(fixed(v), "exhaustion", "enemy")),
    "effect.suffer.you": ("what", "wound", lambda v: n.Suffer(fixed(v), "wound", "you")),
    "cost.pay_gold": ("gold", "gold", lambda v: n.PayGold(fixed(v))),
    "effect.inflict": ("wounds", "wound", lambda v: n.Inflict(fixed(v), "enemy")),
    "effect.cancel": ("wounds", "wound", lambda v: n.Cancel(fixed(v), "hero")),
    "effect.heal": ("tokens", "wound", lambda v: n.Heal(fixed(v), ("wound",), "hero")),
    "effect.move": ("spaces", "space", lambda v: n.Move(fixed(v))),
    "effect.movement_dice": ("dice", "additional_movement_die",
                             lambda v: n.MovementDice(fixed(v))),
    "effect.gain_gold": ("gold", "gold", lambda v: n.GainGold(fixed(v))),
    "effect.draw_market": ("cards", "market_card", lambda v: n.DrawMarket(fixed(v))),
    # ---- family 7: combat
    "effect.extra_wounds": ("wounds", "additional_wound", lambda v: n.ExtraWounds(v)),
    "effect.extra_wounds.phase": ("wounds", "additional_wound",
                                  lambda v: n.ExtraWounds(v, "melee")),
    "effect.inflict_additional": ("wounds", "additional_wound",
                                  lambda v: n.InflictAdditional(fixed(v), "enemy")),
    "effect.wound_cap": ("wounds", "wound", lambda v: n.WoundCap("hero", v)),
    "effect.wound_cap.you": ("wounds", "wound", lambda v: n.WoundCap("you", v)),
    # ---- family 4/9: game-level effects (issue 21)
    "effect.doom.place": ("tokens", "doom_token", lambda v: n.DoomTokens("place", v)),
    "effect.doom.remove": ("tokens", "doom_token", lambda v: n.DoomTokens("remove", v)),
    "effect.discard_undefeated": ("challenges", "undefeated_challenge",
                                  lambda v: n.DiscardUndefeated(v)),
    # ---- family 5/6: decks and cards, economy and experience (issue 21)
    "effect.draw_market_keep": ("cards", "market_card", lambda v: n.DrawMarketKeep(fixed(v))),
    "effect.gain_experience": ("experience", "experience",
                               lambda v: n.GainExperience(fixed(v))),
    "effect.pay_you": ("gold", "gold", lambda v: n.PaysYou("each_other_hero", fixed(v))),
}


def _slot_form(template: str, slot: str):
    for m in SLOT.finditer(template):
        if m.group(1) == slot:
            return m.group(2)
    raise AssertionError(f"slot {{{slot}}} not in {template!r}")


def expected_phrase(locale, key, slot, term_key, v):
    """The amount phrase built directly from the term table's form for v's CLDR category."""
    r = renderer(locale)
    case = _slot_form(r.msg(key), slot)
    amount_template = r.msg("amount.fixed")
    noun_form = _slot_form(amount_template, "noun") or case
    cat = category(locale, v)
    noun = load_terms(locale).get("terms", term_key).form(noun_form, cat)
    number = str(v)
    return amount_template.replace("{n}", number).replace(
        "{noun}" if "{noun}" in amount_template else "{noun.%s}" % noun_form, noun)


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("key", sorted(COUNTED))
def test_every_counted_template_uses_the_form_of_the_cldr_category(locale, key):
    slot, term_key, build = COUNTED[key]
    r = renderer(locale)
    seen_categories = set()
    for v in NUMBERS:
        text = r.effect(build(v))
        phrase = expected_phrase(locale, key, slot, term_key, v)
        assert phrase in text, (locale, v, text)
        seen_categories.add(category(locale, v))
    # the numbers cover every category integers can have ("other" is fractions in pl/ru)
    integer_categories = set(babel_locale(locale).plural_form.tags)
    if locale not in ("pl", "ru"):
        integer_categories |= {"other"}
    assert seen_categories == integer_categories


def test_cldr_categories_are_babels_not_gettexts():
    assert [category("ru", v) for v in (1, 2, 5, 11, 21, 22, 25, 111, 1.5)] == \
        ["one", "few", "many", "many", "one", "few", "many", "many", "other"]
    assert [category("pl", v) for v in (1, 2, 5, 12, 21, 22, 25, 1.5)] == \
        ["one", "few", "many", "many", "many", "few", "many", "other"]
    assert [category("fi", v) for v in (1, 2, 21)] == ["one", "other", "other"]


@pytest.mark.parametrize("v, want", [(1, "1\u00a0урон"), (2, "2\u00a0урона"), (5, "5\u00a0урона"),
                                     (21, "21\u00a0урон"), (22, "22\u00a0урона"), (11, "11\u00a0урона")])
def test_ru_wounds_by_hand(v, want):
    assert renderer("ru").effect(n.Inflict(fixed(v), "enemy")) == \
        f"нанесите {want} вашему противнику"


@pytest.mark.parametrize("v, want", [(1, "1\u00a0карту рынка"), (2, "2\u00a0карты рынка"),
                                     (5, "5\u00a0карт рынка"), (21, "21\u00a0карту рынка"),
                                     (22, "22\u00a0карты рынка"), (12, "12\u00a0карт рынка"),
                                     (111, "111\u00a0карт рынка")])
def test_ru_market_cards_by_hand(v, want):
    assert renderer("ru").effect(n.DrawMarket(fixed(v))) == f"возьмите {want}"


@pytest.mark.parametrize("v, want", [(1, "1\u00a0золотой"), (2, "2\u00a0золотых"), (5, "5\u00a0золотых"),
                                     (21, "21\u00a0золотой")])
def test_ru_gold_by_hand(v, want):
    assert renderer("ru").effect(n.GainGold(fixed(v))) == f"получите {want}"


@pytest.mark.parametrize("v, nom, acc", [(1, "1\u00a0rana", "1\u00a0ranę"), (2, "2\u00a0rany", "2\u00a0rany"),
                                         (5, "5\u00a0ran", "5\u00a0ran"), (22, "22\u00a0rany", "22\u00a0rany"),
                                         (12, "12\u00a0ran", "12\u00a0ran"), (21, "21\u00a0ran", "21\u00a0ran")])
def test_pl_wounds_by_hand(v, nom, acc):
    r = renderer("pl")
    wound = load_terms("pl").get("terms", "wound")
    assert r.quantity(Quantity(fixed(v), (wound,)), "nom") == nom
    assert r.effect(n.Inflict(fixed(v), "enemy")) == f"zadaj {acc} swojemu przeciwnikowi"


@pytest.mark.parametrize("v, imp, inf", [(1, "ota 1\u00a0haava", "ottaa 1\u00a0haavan"),
                                         (2, "ota 2\u00a0haavaa", "ottaa 2\u00a0haavaa"),
                                         (21, "ota 21\u00a0haavaa", "ottaa 21\u00a0haavaa")])
def test_fi_wounds_by_hand(v, imp, inf):
    r = renderer("fi")
    assert r.effect(n.Suffer(fixed(v), "wound")) == imp
    assert r.effect(n.MayDo(n.Suffer(fixed(v), "wound"))) == f"voit {inf}"


@pytest.mark.parametrize("v, want", [(1, "1\u00a0πλήγμα"), (2, "2\u00a0πλήγματα"), (21, "21\u00a0πλήγματα")])
def test_el_wounds_by_hand(v, want):
    assert renderer("el").effect(n.Inflict(fixed(v), "enemy")) == \
        f"προκαλέστε {want} στον αντίπαλό σας"


def test_fractions_take_the_other_category():
    wound = load_terms("ru").get("terms", "wound")
    assert renderer("ru").quantity(Quantity(fixed(1.5), (wound,)), "acc") == "1,5\u00a0урона"
    space = load_terms("pl").get("terms", "space")
    assert renderer("pl").quantity(Quantity(fixed(1.5), (space,)), "acc") == "1,5\u00a0pola"


@pytest.mark.parametrize("v, want", [(1, "+1\u00a0кубик движения"), (2, "+2\u00a0кубика движения"),
                                     (5, "+5\u00a0кубиков движения")])
def test_ru_counted_stat_by_hand(v, want):
    assert renderer("ru").effect(n.Modifier("you", "movement_dice", v)) == \
        f"вы получаете {want}"


def test_english_singular_and_plural_as_the_printer():
    r = renderer("en")
    assert r.effect(n.Inflict(fixed(1), "enemy")) == "inflict 1 wound on your enemy"
    assert r.effect(n.Inflict(fixed(0), "enemy")) == "inflict 0 wounds on your enemy"
    assert r.effect(n.Inflict(n.Amount("up_to", (1,)), "enemy")) == \
        "inflict up to 1 wound on your enemy"
