"""The combat family (issue 21, family 7) in the compiled combat kernels and the exact odds:
what the kernels compile is held to the engine by the differential test, what they do not
falls back with its reason; the exact odds cover an enemy modifier and list the family's other
rules as ignored, with the reason (tests/test_lang_combat.py has the language and engine)."""

from __future__ import annotations

import json

import pytest

from tests.test_lang_combat import CONTENT, LONGBOW, _catalog


def test_the_kernels_compile_standing_additional_wounds_and_enemy_modifiers():
    from runeforge.engine.runebound.analysis.kernel_check import differential
    from runeforge.engine.runebound.combat.kernel import compile_kernel

    cat = _catalog()
    for items in (("dulling-charm",), ("blade-of-the-second-cut",),
                  ("blade-of-the-second-cut", "dulling-charm")):
        for chal in ("hungry-wolves", "orc-raiders", "blood-of-the-bloodmother"):
            kernel = compile_kernel(cat, "varikas-the-dead", chal, items=items)
            assert kernel.fn is not None, kernel.fallback
            for mode in ("bot", "ask"):
                assert differential(cat, "varikas-the-dead", chal, items, seeds=range(25),
                                    mode=mode) is None, (items, chal, mode)
    # an ability attack whose success says what it inflicts gets the additional wounds too
    assert differential(cat, "varikas-the-dead", "orc-raiders",
                        ("blade-of-the-second-cut", "touch-of-death"), seeds=range(25),
                        mode="ask") is None


def test_the_kernels_fall_back_on_additional_wounds_they_do_not_compile():
    from runeforge.engine.runebound.combat.kernel import compile_kernel

    cat = _catalog()
    for item, words in (("wand-of-echoes", "additional wounds after"),
                        ("hunting-horn", "lasting")):
        kernel = compile_kernel(cat, "varikas-the-dead", "hungry-wolves", items=(item,))
        assert kernel.fn is None and words in kernel.fallback, (item, kernel.fallback)
        assert item in kernel.fallback


def _exact(cli, *items):
    args = ["odds", "--hero", "varikas-the-dead", "--challenge", "hungry-wolves", "--exact",
            "--format", "json"]
    for i in items:
        args += ["--item", i]
    res = cli(*args, CONTENT)
    assert res.exit_code == 0, res.output
    return json.loads(res.stdout)


def test_the_exact_odds_ignore_additional_wounds_with_a_reason(cli):
    for item in ("blade-of-the-second-cut", "wand-of-echoes"):
        ex = _exact(cli, item)
        assert ex["covered"] is False
        ignored = [i for i in ex["ignored"] if i["card"] == item]
        assert ignored and ignored[0]["affects_odds"] is True
        assert "additional wounds" in ignored[0]["reason"], ignored


def test_the_exact_odds_cover_an_enemy_modifier_and_agree_with_the_engine(cli):
    import math

    from runeforge.engine.runebound.analysis.odds_mc import monte_carlo_odds

    ex = _exact(cli, "dulling-charm")
    plain = _exact(cli)
    assert ex["covered"] is True
    assert {"card": "dulling-charm", "text": "Your enemy receives -2 Body.",
            "effect": "challenge body -2"} in ex["applied"]
    assert ex["win"] > plain["win"]
    trials = 3000
    mc = monte_carlo_odds(_catalog(), "varikas-the-dead", "hungry-wolves", ("dulling-charm",),
                          trials=trials, seed=5, policy="optimal")
    assert mc.kernel == "compiled"
    sd = math.sqrt(ex["win"] * (1 - ex["win"]) / trials)
    assert abs(mc.win - ex["win"]) <= 4 * sd + 1e-9, (mc.win, ex["win"])


def test_kernels_and_exact_odds_leave_rerolls_to_the_engine(cli):
    from runeforge.engine.runebound.analysis.odds_mc import monte_carlo_odds
    from runeforge.engine.runebound.combat.kernel import compile_kernel

    cat = _catalog()
    item = "knucklebone-of-second-chances"
    kernel = compile_kernel(cat, "varikas-the-dead", "hungry-wolves", items=(item,))
    assert kernel.fn is None and "reroll" in kernel.fallback and item in kernel.fallback
    mc = monte_carlo_odds(cat, "varikas-the-dead", "hungry-wolves", (item,), trials=20)
    assert mc.kernel == kernel.fallback
    ex = _exact(cli, item)
    assert ex["covered"] is False
    ignored = [i for i in ex["ignored"] if i["card"] == item]
    assert ignored[0]["affects_odds"] and "reroll" in ignored[0]["reason"]


def test_the_kernels_compile_immunity_and_caps_and_fall_back_on_lasting_ones():
    from runeforge.engine.runebound.analysis.kernel_check import differential
    from runeforge.engine.runebound.combat.kernel import compile_kernel

    cat = _catalog()
    hands = [("warding-cloak",), ("steadfast-buckler",), ("steadfast-buckler", "warding-cloak"),
             ("steadfast-buckler", "rune-plate"),  # a cancel before the cap counts
             ("steadfast-buckler", "mirror-of-shael"),  # a trigger on the wounds taken
             ("steadfast-buckler", "blade-of-the-second-cut")]
    for items in hands:
        for chal in ("hungry-wolves", "orc-raiders", "frost-giant", "briar-skirmishers"):
            for mode in ("bot", "ask"):  # briar-skirmishers attack Before Combat
                assert differential(cat, "varikas-the-dead", chal, items, seeds=range(20),
                                    mode=mode) is None, (items, chal, mode)
    kernel = compile_kernel(cat, "varikas-the-dead", "orc-raiders", items=("oath-token",))
    assert kernel.fn is None and "immunity" in kernel.fallback and "lasting" in kernel.fallback


@pytest.mark.parametrize("item, words", [("warding-cloak", "immunity"),
                                         ("steadfast-buckler", "a cap on the wounds")])
def test_the_exact_odds_ignore_caps_and_immunity_with_a_reason(cli, item, words):
    ex = _exact(cli, item)
    assert ex["covered"] is False
    ignored = [i for i in ex["ignored"] if i["card"] == item]
    assert ignored[0]["affects_odds"] and words in ignored[0]["reason"]


def test_kernels_compile_a_hand_with_it_and_the_odds_call_it_inert(cli):
    from runeforge.engine.runebound.analysis.kernel_check import differential
    from runeforge.engine.runebound.combat.kernel import compile_kernel

    cat = _catalog()
    kernel = compile_kernel(cat, "varikas-the-dead", "hungry-wolves", items=(LONGBOW,))
    assert kernel.fn is not None, kernel.fallback
    assert differential(cat, "varikas-the-dead", "hungry-wolves", (LONGBOW,),
                        seeds=range(10), mode="ask") is None
    ex = _exact(cli, LONGBOW)
    assert ex["covered"] is True
    inert = [i for i in ex["ignored"] if i["card"] == LONGBOW]
    assert inert and inert[0]["affects_odds"] is False
    assert "another Hero's combat" in inert[0]["reason"]
