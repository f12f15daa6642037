"""Crown of the Elder Kings (seed 001): vassal sets, the challenger order, and the seed's
worked example (Tomek's set, the battle of Marek, Michał and Krzysiek) replayed with the
combat engine and scripted dice."""

from __future__ import annotations

import pytest

from runeforge.engine.common.decisions import Player
from runeforge.engine.common.dice import ScriptedDice
from runeforge.engine.runebound.adventures import crown
from runeforge.engine.runebound.adventures.adventure_rules import get_adventure
from runeforge.engine.runebound.adventures.rule_modules import load_rules
from runeforge.engine.runebound.core.catalog import Catalog
from runeforge.engine.runebound.core.ruleset import BASE
from runeforge.engine.runebound.core.state import State
from tests.crown_battles import EngineBattles
from tests.engine_bundle import bundle

ADVENTURE = "crown-of-the-elder-kings"
LADY_S, KNIGHT_S, ROGUE_S = "lady-of-secrets", "knight-of-secrets", "rogue-of-secrets"
KNIGHT_H, KNIGHT_B = "knight-of-hate", "knight-of-blood"


@pytest.fixture(scope="module")
def spec():
    return get_adventure(bundle(), ADVENTURE)


def test_twelve_vassals_every_title_of_every_house(spec):
    pairs = [crown.vassal_of(spec, c) for c in spec.cards_with("vassal")]
    assert len(pairs) == 12
    assert set(pairs) == {(t, h) for t in crown.TITLES for h in crown.HOUSES}
    cards = {c["id"]: c for c in bundle()["cards"]}
    assert all(cards[c]["colour"] == "blue" and cards[c]["kind"] == "challenge"
               for c in spec.cards_with("vassal"))


def test_full_sets():
    assert crown.full_set([("knight", "secrets"), ("knight", "hate"), ("knight", "blood")])
    assert crown.full_set([("rogue", "secrets"), ("knight", "secrets"), ("duke", "secrets")])
    assert not crown.full_set([("rogue", "secrets"), ("knight", "hate"), ("lady", "blood")])
    assert not crown.full_set([("knight", "secrets"), ("knight", "hate")])
    assert crown.full_set([("knight", "secrets"), ("knight", "hate")], wild=1)
    assert crown.full_set([("lady", "blood")], wild=2)
    assert not crown.full_set([("lady", "blood"), ("duke", "hate")], wild=1)


def test_tomeks_set_from_the_seed(spec):
    held = [LADY_S, KNIGHT_H, KNIGHT_S]
    assert not crown.is_elder_king(spec, held)
    assert crown.is_elder_king(spec, [*held, ROGUE_S])  # rogue, knight and lady of Secrets


def _card_of():
    cards = {c["id"]: c for c in bundle()["cards"]}
    return cards.__getitem__


def test_dragon_lords_are_wild_and_margath_crowns(spec):
    card_of = _card_of()
    assert not crown.is_elder_king(spec, [KNIGHT_S, KNIGHT_H], card_of)
    assert crown.is_elder_king(spec, [KNIGHT_S, KNIGHT_H, "dragon-rune-of-ash"], card_of)
    assert not crown.is_elder_king(spec, [LADY_S, KNIGHT_H, "dragon-rune-of-ash"], card_of)
    assert crown.is_elder_king(spec, ["high-lord-margath"], card_of)
    assert not crown.is_elder_king(spec, ["dragon-rune-of-ash"], card_of)
    # every challenge of the base red deck is a Dragon Lord; other red cards are not
    red = [c["id"] for c in bundle()["cards"] if c["kind"] == "challenge"
           and c["colour"] == "red" and c["pack"] == "core"]
    assert len(red) >= 4 and all(crown.is_wild(spec, c, card_of(c)) for c in red)
    tomb = next(c["id"] for c in bundle()["cards"] if c["pack"] == "into-the-tomb"
                and c["colour"] == "red")
    assert not crown.is_wild(spec, tomb, card_of(tomb))
    assert not crown.is_wild(spec, KNIGHT_S, card_of(KNIGHT_S))


def test_challenger_order_level_gold_counters_roll():
    S = crown.Standing
    rolls = iter([5, 9])
    order = crown.challenger_order(
        [S("a", 2, 5, 0), S("b", 4, 0, 0), S("c", 2, 7, 0), S("d", 2, 5, 1), S("e", 1, 0, 0),
         S("f", 1, 0, 0)], roll=lambda: next(rolls))
    assert order == ["b", "c", "d", "a", "f", "e"]


class FakeBattles:
    def __init__(self, outcomes):
        self.outcomes = dict(outcomes)
        self.refreshes = []

    def refresh(self, heroes, vassals):
        self.refreshes.append((tuple(heroes), tuple(vassals)))

    def fight_vassal(self, challenger, vassal):
        return self.outcomes[(challenger, vassal)]

    def fight_king(self, challenger, king):
        return self.outcomes[(challenger, king)]


def test_showdown_logic_without_combat():
    battles = FakeBattles({("b", "v1"): True, ("b", "v2"): False, ("c", "v2"): True,
                           ("c", "king"): True, ("d", "w1"): True, ("d", "c"): False})
    result = crown.showdown("king", ["v1", "v2"], ["b", "c", "d"], battles,
                            choose_vassals=lambda hero: ["w1"])
    assert result.winner == "c"
    assert result.kings == ["king", "c"]
    assert result.eliminated == ["b", "king", "d"]
    # refresh before every challenger, with the vassals still standing
    assert battles.refreshes == [(("king", "b"), ("v1", "v2")), (("king", "c"), ("v2",)),
                                 (("c", "d"), ("w1",))]


class ShowdownBot(Player):
    """Attacks in the melee phase, defends in the others, uses nothing."""

    def decide(self, decision, engine):
        kind, options = decision.kind, decision.options
        if kind == "phase_action":
            phase = decision.info.get("phase")
            return "attack" if phase == "melee" and "attack" in options else "defend"
        if kind == "use_ability":
            return None
        if kind in ("escape", "optional"):
            return False
        if kind == "spoils" and "gold" in options:
            return "gold"
        return options[0]


def _heroes(cat):
    tomek = cat.new_hero("tessa-brightwater")
    marek = cat.new_hero("marek-ashcloak")
    michal = cat.new_hero("orrin-stonehand")
    krzysiek = cat.new_hero("ilse-of-the-ninth-bell")
    # experience tokens (level = 1 + tokens): Marek +1 Life, +2 Stamina, +2 Spirit;
    # Michał +2 Body; Krzysiek none.
    marek.life, marek.stamina, marek.spirit = marek.life + 1, marek.stamina + 2, marek.spirit + 2
    michal.body += 2
    levels = {marek.id: 4, michal.id: 2, krzysiek.id: 1}
    return tomek, marek, michal, krzysiek, levels


def test_the_seeds_elder_king_battle(spec):
    cat = Catalog(bundle())
    tomek, marek, michal, krzysiek, levels = _heroes(cat)
    state = State(heroes=[tomek, marek, michal, krzysiek])
    tomek.trophies += [LADY_S, KNIGHT_H, KNIGHT_S]
    tomek.gold = 3
    # Tomek defeats the Rogue of Secrets on a blue adventure: a full set, he is Elder King
    rules = load_rules(spec)

    class Game:
        heroes = state.heroes
        elder_king = None
        catalog = cat

    tomek.trophies.append(ROGUE_S)
    assert rules.on_defeat(Game, tomek, ROGUE_S) == "endgame"
    assert Game.elder_king == tomek.id
    michal.trophies += ["dragon-rune-of-ash", KNIGHT_B]

    card_of = _card_of()
    line = crown.become_king(spec, tomek, state.discarded_adventures,
                             order=[LADY_S, KNIGHT_S, KNIGHT_H], card_of=card_of)
    order = crown.challenger_order(
        [crown.Standing(h.id, levels[h.id], h.gold, len(h.adventure_counters))
         for h in (krzysiek, michal, marek)], roll=lambda: 10)
    assert order == [marek.id, michal.id, krzysiek.id]

    # Every roll is a 10; the stats decide. Marek (Life 10): the Lady falls in round 2
    # (melee 15 vs Body 12; 5 rolls), then the Knight of Secrets (Body 16) wounds him 3 a
    # round until he is knocked out in the melee of round 4 (11 rolls). Michał (Body 8): each
    # Knight falls in the melee of round 2 (5 rolls each); in the duel both Heroes roll in
    # every phase, and Tomek (Life 8) falls in the melee of round 3 (16 rolls). Krzysiek
    # (Body 3) cannot wound the Knight of Blood and is knocked out in round 3 (8 rolls).
    dice = ScriptedDice([10] * (5 + 11 + 5 + 5 + 16 + 8))
    players = {h.id: ShowdownBot() for h in state.heroes}
    battles = EngineBattles(cat, state, dice, players, BASE)
    battles.set_vassals(tomek.id, line)

    def new_king(hero_id):
        hero = state.hero(hero_id)
        vassals = crown.become_king(spec, hero, state.discarded_adventures, card_of=card_of)
        battles.set_vassals(hero_id, vassals)
        return vassals

    result = crown.showdown(tomek.id, line, order, battles, choose_vassals=new_king)
    assert result.log == [
        ("king", tomek.id, (LADY_S, KNIGHT_S, KNIGHT_H)),
        ("challenger", marek.id),
        ("defeats", marek.id, LADY_S),
        ("knocked_out", marek.id, KNIGHT_S),
        ("challenger", michal.id),
        ("defeats", michal.id, KNIGHT_S),
        ("defeats", michal.id, KNIGHT_H),
        ("dethrones", michal.id, tomek.id),
        ("king", michal.id, (KNIGHT_B,)),  # his Dragon Lord discarded, one vassal
        ("challenger", krzysiek.id),
        ("knocked_out", krzysiek.id, KNIGHT_B),
    ]
    assert result.winner == michal.id
    assert result.eliminated == [marek.id, tomek.id, krzysiek.id]
    assert "dragon-rune-of-ash" in state.discarded_adventures
    assert "dragon-rune-of-ash" not in michal.trophies
    # defeated vassals leave the game; the Rogue of Secrets was never set out and stays
    assert tomek.trophies == [ROGUE_S]
    assert michal.gold == 3  # his spoils: Tomek's gold
    assert dice.remaining == 0
    log = battles.combat.log
    assert [r["challenge"] for r in log.of_type("combat_start")] == [
        LADY_S, KNIGHT_S, KNIGHT_S, KNIGHT_H, KNIGHT_B]
    assert [(r["attacker"], r["defender"]) for r in log.of_type("duel_start")] == [
        (michal.id, tomek.id)]


def test_showdown_refuses_a_vassal_the_king_does_not_hold(spec):
    cat = Catalog(bundle())
    tomek = cat.new_hero("tessa-brightwater")
    tomek.trophies += [LADY_S]
    with pytest.raises(ValueError, match="cannot set out"):
        crown.become_king(spec, tomek, [], order=[KNIGHT_S])


def test_a_kept_vassal_counts_once(spec):
    rules = load_rules(spec)

    cat = Catalog(bundle())

    class Game:
        elder_king = None
        defeated_challenges = []
        catalog = cat

    hero = cat.new_hero("tessa-brightwater")
    hero.trophies += [KNIGHT_S, KNIGHT_H]
    assert rules.on_defeat(Game, hero, KNIGHT_H) is None  # two knights are not three
    red = next(c["id"] for c in bundle()["cards"] if c["kind"] == "challenge"
               and c["colour"] == "red" and c["pack"] == "core"
               and not (c.get("reward") or {}).get("keep"))
    Game.defeated_challenges = [("someone-else", red)]
    assert rules.on_defeat(Game, hero, "hungry-wolves") is None  # another Hero's Dragon Lord
    Game.defeated_challenges = [(hero.id, red)]  # a Dragon Lord not kept is still wild
    assert rules.on_defeat(Game, hero, "hungry-wolves") == "endgame"
    assert Game.elder_king == hero.id
    Game.elder_king, hero.trophies = None, []
    Game.defeated_challenges = [(hero.id, "high-lord-margath")]  # not kept, still crowns
    assert rules.on_defeat(Game, hero, "hungry-wolves") == "endgame"
