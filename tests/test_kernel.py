"""The compiled combat kernels (issue 19): held to the engine on the same dice and the same
decisions, safe against card data, and used by the Monte Carlo.

The full differential run (every hero x challenge pair, every item and Ally with a combat
ability, 500 seeds each) is ``benchmarks/soak_kernel.py`` in ``tox -e soak``; here every
challenge, every hero and every such card is covered at a few seeds.
"""

from __future__ import annotations

import ast
import copy

import pytest

from runeforge.engine.common.dice import Dice
from runeforge.engine.runebound.analysis.kernel_check import combat_cards, differential
from runeforge.engine.runebound.analysis.odds_mc import monte_carlo_odds
from runeforge.engine.runebound.combat import kernel as K
from runeforge.engine.runebound.core.catalog import Catalog
from runeforge.engine.runebound.core.ruleset import ADVANCED, BASE
from tests.engine_bundle import bundle


@pytest.fixture(scope="module")
def cat():
    return Catalog(bundle())


def _pairs(cat):
    """Every challenge with a rotating hero, and every hero against each colour's first
    challenge: every card of both kinds fights at least once."""
    heroes, chals = cat.ids("hero"), cat.ids("challenge")
    pairs = {(heroes[i % len(heroes)], c) for i, c in enumerate(chals)}
    for h in heroes:
        for colour in ("green", "yellow", "blue", "red"):
            pairs.add((h, next(c for c in chals if cat.card(c).data.get("colour") == colour)))
    return sorted(pairs)


@pytest.mark.parametrize("mode", ["bot", "ask"])
def test_every_hero_and_challenge_fights_as_in_the_engine(cat, mode):
    bad = []
    for i, (h, c) in enumerate(_pairs(cat)):
        ruleset = ADVANCED if i % 3 == 0 else BASE
        found = differential(cat, h, c, ruleset=ruleset, seeds=range(4), mode=mode)
        if found is not None:
            bad.append(f"{h} v {c}: {found}")
    assert not bad, "\n".join(bad[:5])


@pytest.mark.parametrize("mode", ["bot", "ask"])
def test_every_item_and_ally_with_a_combat_ability_fights_as_in_the_engine(cat, mode):
    items, allies = combat_cards(cat)
    assert len(items) > 30 and len(allies) > 5  # the finder itself works
    heroes, chals = cat.ids("hero"), cat.ids("challenge")
    bad = []
    for i, card in enumerate(items + allies):
        hand = {"items": (card,)} if card in items else {"allies": (card,)}
        for j in range(2):
            h, c = heroes[(i + j) % len(heroes)], chals[(7 * i + 31 * j) % len(chals)]
            found = differential(cat, h, c, ruleset=BASE, seeds=range(3), mode=mode, **hand)
            if found is not None:
                bad.append(f"{h} + {card} v {c}: {found}")
    assert not bad, "\n".join(bad[:5])


def test_hands_of_several_cards_fight_as_in_the_engine(cat):
    """Durations, triggers, reactions and Allies together, decided at random."""
    import random

    rng = random.Random(19)
    items, allies = cat.ids("item"), cat.ids("ally")
    bad = []
    for _ in range(40):
        hand = dict(items=tuple(rng.sample(items, rng.randint(1, 4))),
                    allies=tuple(rng.sample(allies, rng.randint(0, 3))))
        h, c = rng.choice(cat.ids("hero")), rng.choice(cat.ids("challenge"))
        for mode in ("bot", "ask"):
            found = differential(cat, h, c, ruleset=rng.choice([BASE, ADVANCED]),
                                 seeds=range(3), mode=mode, **hand)
            if found is not None:
                bad.append(f"{h} {hand} v {c} ({mode}): {found}")
    assert not bad, "\n".join(bad[:5])


@pytest.mark.parametrize("player", ["bot", "optimal"])
def test_players_that_read_the_engine_play_the_same_through_the_kernels_view(cat, player):
    """In ask mode a player reads the engine through KernelView: the heuristic bot and the
    optimal player (which re-solves the exact program from the stats it reads) take the same
    decisions as in the engine, on every hero and a sample of challenges and hands."""
    import random

    from runeforge.engine.runebound.analysis.optimal_player import OptimalPlayer
    from runeforge.engine.runebound.bots.combat_bot import HeuristicBot

    make = HeuristicBot if player == "bot" else OptimalPlayer
    rng = random.Random(7)
    bad = []
    for h in cat.ids("hero"):
        for _ in range(3):
            c = rng.choice(cat.ids("challenge"))
            hand = dict(items=tuple(rng.sample(cat.ids("item"), rng.randint(0, 2))),
                        allies=tuple(rng.sample(cat.ids("ally"), rng.randint(0, 1))))
            found = differential(cat, h, c, ruleset=rng.choice([BASE, ADVANCED]),
                                 seeds=range(4), mode="ask", player=make, **hand)
            if found is not None:
                bad.append(f"{h} {hand} v {c}: {found}")
    assert not bad, "\n".join(bad[:5])


def test_a_wrong_kernel_is_caught(cat):
    """The comparison can fail: a kernel whose enemy dies one wound late disagrees."""
    h, c = "varikas-the-dead", "blood-of-the-bloodmother"
    kernel = K.compile_kernel(cat, h, c)
    broken = kernel.source.replace(f"cw >= {cat.card(c).data['life']}",
                                   f"cw >= {cat.card(c).data['life'] + 1}")
    assert broken != kernel.source
    namespace = {**K.NAMESPACE, "__builtins__": dict(K.BUILTINS)}
    exec(compile(K.check_source(broken), "<broken>", "exec"), namespace)  # noqa: S102
    original = kernel.fn
    try:
        kernel.fn = namespace["kernel"]
        found = differential(cat, h, c, seeds=range(50))
    finally:
        kernel.fn = original
    assert found is not None and found.engine != found.kernel


def test_every_bundled_kernel_names_only_whitelisted_things(cat):
    names: set[str] = set()
    for h, c in _pairs(cat)[:60]:
        for mode in ("bot", "ask"):
            kernel = K.compile_kernel(cat, h, c, mode=mode)
            assert kernel.fallback is None, kernel.fallback
            tree = ast.parse(kernel.source)
            for node in ast.walk(tree):
                if isinstance(node, ast.Name):
                    names.add(node.id)
                if isinstance(node, ast.Constant) and isinstance(node.value, str):
                    assert node.value in K.WORDS
            assert cat.card(h).name not in kernel.source.split("\n", 1)[1]
    assert all(K._NAME.match(n) or n in K.NAMESPACE or n in K.BUILTINS
               or n in ("True", "False", "None") for n in names)


@pytest.mark.parametrize("bad", [
    "import os", "__import__('os')", "open('/etc/passwd')", "x = ().__class__",
    "exec('1')", "x = 'a string of card text'", "lambda: 0",
])
def test_the_whitelist_refuses_foreign_code(cat, bad):
    source = K.compile_kernel(cat, "orrin-stonehand", "high-lord-margath").source
    with pytest.raises(K.UnsafeKernel):
        K.check_source(source + bad + "\n")


def test_card_data_that_would_inject_code_yields_a_safe_kernel(cat, tmp_path):
    b = bundle()
    evil = "x'); import os; os.system('touch " + str(tmp_path / "pwned") + "') #\n{}\"}"
    for card in b["cards"]:
        if card["id"] == "varikas-the-dead":
            card["id"] = card["name"] = evil
        if card["id"] == "blood-of-the-bloodmother":
            card["name"] = "\n" + evil
    evil_cat = Catalog(b)
    for mode in ("bot", "ask"):
        kernel = K.compile_kernel(evil_cat, evil, "blood-of-the-bloodmother", mode=mode)
        assert kernel.fallback is None
        code = [line for line in kernel.source.splitlines()
                if not line.strip().startswith("#")]
        assert not any(word in line for line in code for word in ("import", "pwned", "os."))
        comments = [line for line in kernel.source.splitlines() if line not in code]
        assert any("import os" in line for line in comments)  # the name, made inert
        assert len(kernel.source.splitlines()) == len(code) + len(comments)
        from runeforge.engine.runebound.analysis.kernel_check import RandomPlayer

        result = kernel.run(Dice(3), RandomPlayer(3) if mode == "ask" else None)
        assert result.outcome in ("defeated", "knocked_out", "escaped")
    assert not (tmp_path / "pwned").exists()
    assert differential(evil_cat, evil, "blood-of-the-bloodmother", seeds=range(20)) is None


def test_an_ability_the_kernel_cannot_express_falls_back_with_its_reason(cat):
    b = bundle()
    for card in b["cards"]:
        if card["id"] == "healing-draught":  # an untimed one-use card
            ability = copy.deepcopy(card["abilities"][0])
            ability["effects"] = [{"op": "draw_market", "amount": {"kind": "fixed",
                                                                    "value": 1}}]
            ability["source"] = "Discard this card to draw 1 market card."
            card["abilities"] = [ability]
            card["text"] = [ability["source"]]
    odd = Catalog(b)
    kernel = K.compile_kernel(odd, "orrin-stonehand", "marsh-goblins",
                              items=("healing-draught",))
    assert kernel.fn is None and "draw_market" in kernel.fallback
    mc = monte_carlo_odds(odd, "orrin-stonehand", "marsh-goblins",
                          items=("healing-draught",), trials=50)
    assert mc.kernel == kernel.fallback  # the engine fought, and the result says why


@pytest.mark.parametrize("policy", ["bot", "optimal"])
def test_the_monte_carlo_gives_the_same_counts_with_and_without_the_kernel(cat, policy):
    for h, c, items in [("varikas-the-dead", "blood-of-the-bloodmother", ()),
                        ("tessa-brightwater", "ironbound-ogre", ("dwarven-fire-bomb",)),
                        ("hadrik-the-unbowed", "high-lord-margath", ("chain-mail",))]:
        fast = monte_carlo_odds(cat, h, c, items=items, trials=300, seed=4, policy=policy)
        slow = monte_carlo_odds(cat, h, c, items=items, trials=300, seed=4, policy=policy,
                                use_kernel=False)
        assert fast.kernel == "compiled" and slow.kernel == "engine (asked for)"
        assert (fast.outcomes, fast.wounds_taken) == (slow.outcomes, slow.wounds_taken)


def test_the_kernel_cache_is_bounded(cat, monkeypatch):
    """balance compiles a kernel per cell (thousands, ~75 KB each): the cache keeps the most
    recently used ones and forgets the source lines of those it drops."""
    import linecache

    monkeypatch.setattr(K, "_CACHE", K.OrderedDict())
    monkeypatch.setattr(K, "CACHE_SIZE", 3)
    made = [K.compile_kernel(cat, h, "marsh-goblins") for h in cat.ids("hero")[:5]]
    assert len(K._CACHE) == 3
    assert f"<kernel {made[0].digest[:12]}>" not in linecache.cache
    assert f"<kernel {made[-1].digest[:12]}>" in linecache.cache
    assert K.compile_kernel(cat, cat.ids("hero")[4], "marsh-goblins") is made[-1]


def test_kernels_are_cached_by_digest(cat):
    a = K.compile_kernel(cat, "orrin-stonehand", "high-lord-margath")
    assert K.compile_kernel(cat, "orrin-stonehand", "high-lord-margath") is a
    b = K.compile_kernel(cat, "orrin-stonehand", "high-lord-margath", ruleset=ADVANCED)
    c = K.compile_kernel(cat, "orrin-stonehand", "high-lord-margath", hero_bonus={"body": 1})
    assert len({a.digest, b.digest, c.digest}) == 3
    life = cat.card("orrin-stonehand").data["life"]  # advanced: defeated at wounds > Life
    assert f"hw >= {life + 1}" in b.source and f"hw >= {life}" in a.source


def test_fight_trial_replays_the_monte_carlo_trial(cat, cli, tmp_path):
    """`odds --seed S` fights its trials on one stream of Dice(S); `fight --seed S --trial I`
    fights the trials before I quietly and then prints trial I, with the same result."""
    import json

    from runeforge.engine.runebound.analysis.odds_mc import fight_once

    h, c = "tessa-brightwater", "ironbound-ogre"
    dice, seen = Dice(9), []
    for _ in range(12):
        result, combat = fight_once(cat, h, c, dice=dice)
        seen.append((result.outcome, result.rounds, combat.state.heroes[0].wounds))
    assert len(set(seen)) > 2  # the trials differ, so picking the wrong one shows
    for trial in (0, 7, 11):
        log = tmp_path / f"t{trial}.jsonl"
        out = cli("fight", "--hero", h, "--challenge", c, "--seed", 9, "--trial", trial,
                  "--log", log)
        assert out.exit_code == 0, out.output
        assert f"seed 9, trial {trial}" in out.output
        end = [json.loads(line) for line in log.read_text().splitlines()][-1]
        assert (end["outcome"], end["rounds"]) == seen[trial][:2]
    odds = cli("odds", "--hero", h, "--challenge", c, "--seed", 9, "--trials", 12,
               "--format", "json")
    counts = json.loads(odds.output)["outcomes"]
    assert counts == {k: sum(1 for s in seen if s[0] == k) for k in counts}


@pytest.mark.parametrize("broken", ["raises", "unsafe"])
def test_a_generator_fault_falls_back_to_the_engine(cat, monkeypatch, broken):
    """A bug in the generator (an exception, or source the whitelist refuses) never stops a
    Monte Carlo: the engine fights, and the result says why."""
    def generate(plan, mode):
        if broken == "raises":
            raise KeyError("no such op")
        return "import os\ndef kernel(rng, ASK, gold0, STR, seeds, out):\n    pass\n", []

    monkeypatch.setattr(K, "generate", generate)
    monkeypatch.setattr(K, "_CACHE", K.OrderedDict())
    res = monte_carlo_odds(cat, "orrin-stonehand", "marsh-goblins", trials=30, seed=1)
    assert res.kernel.startswith("the kernel generator failed")
    assert ("KeyError" if broken == "raises" else "UnsafeKernel") in res.kernel
    assert sum(res.outcomes.values()) == 30
