"""An immunity reads right whatever the gender of whom it is said (issue 32, session self).

Issue 32 let a challenge and an Ally be the subject of an immunity ("This challenge is immune
to ranged attacks."). The Polish and Russian sentences had a masculine adjective ("jest
odporny", "неуязвим"), which does not agree with a neuter subject ("to Wyzwanie", "это
испытание"). They now say it with a verb, as the Greek one does ("takes no wounds from …"),
which agrees with every subject in the singular.
"""

from __future__ import annotations

import pytest

from runeforge.dsl.runebound.parser import parse_ability
from runeforge.games.runebound.text.render import render_ability

# the masculine forms that a neuter subject does not take
MASCULINE = {"pl": ("odporny",), "ru": ("неуязвим ", "неуязвим.")}


@pytest.mark.parametrize("locale", sorted(MASCULINE))
@pytest.mark.parametrize("text", ["This challenge is immune to ranged attacks.",
                                  "Immune to magic attacks.",
                                  "This Ally is immune to melee attacks."])
def test_an_immunity_has_no_adjective_of_one_gender(locale, text):
    rendered = render_ability(parse_ability(text), locale)
    assert not any(form in rendered for form in MASCULINE[locale]), rendered
    assert "{" not in rendered
