"""The findings of issue 36's native-level review, one test each: the seed's word where a seed
has one (quoted), and the sentence the review asked for."""

from __future__ import annotations

import os
import re
from functools import lru_cache
from pathlib import Path

import pytest

from runeforge.dsl.runebound.parser import parse_ability
from runeforge.games.campaign.text import render_effect
from runeforge.games.runebound.text.render import render_ability
from runeforge.games.runebound.text.terms import load_terms
from runeforge.l10n.catalogs import translations
from runeforge.l10n.gamecatalog import translations as game_translations

NB = "\u00a0"
# beside the checkout (as in CI), or where RUNEFORGE_SEEDS points
SEEDS = Path(os.environ.get("RUNEFORGE_SEEDS")
             or Path(__file__).resolve().parents[2] / "shared" / "seeds")


def seed_says(number: str, quote: str) -> None:
    """Where the seeds sit beside the checkout, the quoted words are the seed's own."""
    found = sorted(SEEDS.glob(f"{number}_*.txt"))
    if found:
        text = re.sub(r"\s+", " ", found[0].read_text(encoding="utf-8"))
        assert quote in text, (number, quote)


def text(ability: str, locale: str) -> str:
    return render_ability(parse_ability(ability), locale)


@lru_cache(maxsize=None)
def card_name(locale: str, english: str) -> str:
    return translations(locale).pgettext("card.name", english)


# ---- pl ---------------------------------------------------------------------------------
def test_pl_experience_is_points_not_the_stat_token():
    # seed 001: the token a Lord of Giants is given is a "żeton Doświadczenia" (a permanent
    # bonus); experience earned is counted in points, as fame is ("1 punkt sławy")
    seed_says("001", "obdarzyć Lorda Olbrzymów jednym żetonem Doświadczenia")
    seed_says("001", "jest wart 1 punkt sławy")
    seed_says("001", "do swojej Fazy Doświadczenia")
    assert load_terms("pl").get("terms", "experience").form("nom.sg") == "punkt Doświadczenia"
    out = text("Test Spirit (15). If you succeed, gain 1 experience.", "pl")
    assert f"zdobądź 1{NB}punkt Doświadczenia" in out and "żeton" not in out


def test_pl_swoj_where_the_player_is_the_subject():
    seed_says("001", "przed kartę swojego Bohatera")
    out = text("After Combat, discard 1 wound from your Hero.", "pl")
    assert out == f"Po walce odrzuć 1{NB}ranę z karty swojego Bohatera."
    out = text("Before Combat: Discard to make a ranged attack. If you succeed, inflict 2 "
               "wounds on your enemy.", "pl")
    assert out.endswith(f"zadaj 2{NB}rany swojemu przeciwnikowi.")
    # the nominative is the subject itself: "twój" stays
    assert text("Before Combat: Your Hero takes 1 wound.", "pl").startswith(
        "Przed walką: Twój Bohater")


@pytest.mark.parametrize("english, polish, quote", [
    ("Duke of Secrets", "Diuk Sekretów", "z Łotra, Rycerza i Diuka Sekretów"),
    ("Grimgrief the Twisted", "Srogiżal Wypaczony", "„Srogiżala Wypaczonego”"),
    ("Rumbling Earth", "Dudnienie ziemi", "Wydarzenie „Dudnienie ziemi”"),
    ("High Lord Margath", "Władca Margath", "gracz, który pokona Władcę Margatha"),
])
def test_pl_seed_001_names(english, polish, quote):
    seed_says("001", quote)
    assert card_name("pl", english) == polish


def test_pl_market_step_is_the_seeds_trading_phase():
    seed_says("001", "przechodząc do Fazy Handlu")
    out = text("During your market step, you may draw 1 market card.", "pl")
    assert out.startswith("Podczas swojej Fazy Handlu możesz")


# ---- ru ---------------------------------------------------------------------------------
def test_ru_campaign_counts_wounds_as_uron():
    seed_says("004", "урон")
    assert render_effect({"wounds": 1}, "ru") == f"Каждый герой получает 1{NB}урон."
    assert render_effect({"wounds": 2}, "ru") == f"Каждый герой получает 2{NB}урона."
    sheet = game_translations("campaign", "ru").pgettext("campaign.sheet.wounds", "Wounds")
    assert sheet == "Урон"


def test_ru_before_combat_is_named_a_phase():
    out = text("Any Phase: Once during 'Before Combat' and once per combat round, you may "
               "cancel 1 wound being inflicted on your Hero.", "ru")
    assert "во время фазы «Перед боем»" in out


# ---- el ---------------------------------------------------------------------------------
def test_el_accented_sas_before_the_verb():
    out = text("While your Hero is in a town, Items cost you 1 more gold.", "el")
    assert "σάς κοστίζουν" in out and "σας κοστίζουν" not in out


@pytest.mark.parametrize("v, want", [(1, f"κερδίστε 1{NB}πόντο εμπειρίας"),
                                     (2, f"κερδίστε 2{NB}πόντους εμπειρίας")])
def test_el_experience_agrees_with_its_number(v, want):
    assert want in text(f"Gain {v} experience.", "el").lower()


def test_el_campaign_wound_is_plegma():
    seed_says("003", "πλήγμα")
    assert render_effect({"wounds": 2}, "el") == f"Κάθε ήρωας δέχεται 2{NB}πλήγματα."


# ---- fi ---------------------------------------------------------------------------------
def test_fi_exhaustion_is_counted():
    seed_says("000", "kuinka monta haavaa tai väsymyspistettä")
    assert text("Take 2 exhaustion.", "fi") == f"Ota 2{NB}väsymyspistettä."
    out = text("Discard all wounds and exhaustion from your Hero.", "fi")
    assert "kaikki haavat ja väsymyspisteet" in out and "väsymyksen" not in out


def test_fi_movement_die_is_the_object():
    out = text("Until the next Event, you receive +1 movement die.", "fi")
    assert out.endswith(f"saat +1{NB}liikkumisnopan.")


def test_fi_saboteur_and_familiar():
    fi = game_translations("campaign", "fi")
    assert fi.pgettext("campaign.overlord.saboteur", "Saboteur") == "Sabotoija"
    assert translations("fi").pgettext("label.familiar", "Familiar") == "Apuhenki"


# ---- every locale ------------------------------------------------------------------------
CANCEL = "Once per combat, you may cancel 1 wound being inflicted on your Hero."


@pytest.mark.parametrize("locale, want", [
    ("fi", f"Kerran taistelussa voit säästää sankarisi 1{NB}haavalta."),
    ("pl", f"Raz na walkę możesz zapobiec 1{NB}ranie swojego Bohatera."),
    ("el", f"Μία φορά ανά μάχη, μπορείτε να ακυρώσετε 1{NB}πλήγμα που δέχεται ο ήρωάς σας."),
    ("ru", f"Один раз за бой вы можете предотвратить 1{NB}урон по вашему герою."),
])
def test_cancel_wounds_reads_as_one_phrase(locale, want):
    assert text(CANCEL, locale) == want


@pytest.mark.parametrize("locale", ["fi", "pl", "el", "ru"])
def test_delve_action_names_in_sentence_case(locale):
    catalog = game_translations("delve", locale)
    for english in ("Quick Feet", "Deep Breath", "Keen Eye"):
        name = catalog.pgettext("delve.action", english)
        assert name != english and name[1:] == name[1:].lower(), name


@pytest.mark.parametrize("locale, word", [("en", "Or"), ("fi", "Tai"), ("pl", "Albo"),
                                          ("el", "Ή"), ("ru", "Или")])
def test_campaign_choice_capital_after_the_full_stop(locale, word):
    out = render_effect({"choice": [{"wounds": 1}, {"gold": -50}]}, locale)
    assert re.search(rf"\. {word} \(2\) ", out), out


@pytest.mark.parametrize("locale", ["fi", "pl", "el", "ru"])
def test_numbers_hold_to_their_nouns(locale):
    out = text("Before Combat: Test Body Swim (14). If you fail, take 1 wound.", locale)
    assert re.search(rf"1{NB}\w", out) and not re.search(r"\b1 \w", out), out
