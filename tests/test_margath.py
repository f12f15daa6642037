"""High Lord Margath after the red challenges were tuned (issue 35): still what seed 000 says.

Seed 000: "High Lord Margath on yksi punaisista haastekorteista kaikista vaikein koko pelissä.
Erittäin todennäköisesti epäonnistut haasteessa, mikäli yrität päihittää hänet ilman
kokemusmerkkejä ja vahvoja kumppaneita, sekä ilman voimakkaita esineitä." (the hardest of the
red challenges; without experience, strong Allies and powerful items you very likely fail).
The tuning lowered every red challenge; these tests hold the two sentences against the
bundled numbers, so a later tuning cannot make him an early kill.
"""

from __future__ import annotations

import json

import pytest

from tests.engine_bundle import bundle

STATS = ("mind", "body", "spirit", "life")


def runebound_cards(kind=None, colour=None):
    for c in bundle()["cards"]:
        if c.get("game", "runebound-2e") == "delve":
            continue
        if kind and c.get("kind") != kind:
            continue
        if colour and c.get("colour") != colour:
            continue
        yield c


def test_margath_is_the_hardest_red_challenge():
    # the game the seed describes is the core set; expansions bring their own harder reds
    reds = [c for c in runebound_cards(kind="challenge", colour="red")
            if "mind" in c and c["id"] != "high-lord-margath" and c.get("pack") == "core"]
    margath = next(c for c in runebound_cards() if c["id"] == "high-lord-margath")
    assert reds, "no other red challenge with numbers"
    for stat in STATS:
        assert all(margath[stat] >= c[stat] for c in reds), (stat, margath[stat],
                                                              max(c[stat] for c in reds))
    # and strictly harder to beat somewhere: the sum of his three targets is the highest
    assert sum(margath[s] for s in STATS[:3]) > max(sum(c[s] for s in STATS[:3]) for c in reds)


HEROES = sorted(c["id"] for c in runebound_cards(kind="hero"))


@pytest.mark.parametrize("hero", HEROES)
def test_a_hero_as_dealt_very_likely_fails_against_margath(cli, hero):
    res = cli("odds", "--hero", hero, "--challenge", "high-lord-margath", "--exact",
              "--format", "json")
    assert res.exit_code == 0, res.output
    odds = json.loads(res.stdout)
    assert odds["covered"], odds
    # "very likely" read as at least three times in four
    assert odds["win"] < 0.25, (hero, odds["win"])
