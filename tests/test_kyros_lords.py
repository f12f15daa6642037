"""Sceptre of Kyros (seed 001): a Giant Lord in its town fights with the town's items as if
it were a Hero, and the player on the attacker's left makes every choice for it (issue 16,
item 5). Before: the Lord got every token by a fixed policy and only the static bonuses of
the items (no activation, no exhaustion, no discard, no reaction to wounds), and nobody was
asked anything.

The scenarios replay seed 001's worked example (Dawid attacks Yanesh the Bloodthirsty at
Nerekhall; Janek, on Dawid's left, gives the tokens and activates the Mirror of Shael) and
check the other parts of the rule with scripted players and dice."""

from __future__ import annotations

import pytest

from runeforge.engine.common.dice import ScriptedDice
from runeforge.engine.common.errors import IllegalAction
from runeforge.engine.runebound.adventures import kyros
from runeforge.engine.runebound.adventures.adventure_game import new_adventure_game
from runeforge.engine.runebound.bots.game_bot import make_bot
from runeforge.engine.runebound.core.decisions import ScriptedPlayer
from runeforge.engine.runebound.game.turn import TurnOver
from tests.engine_bundle import bundle

KYROS = "sceptre-of-kyros"
YANESH = "yanesh-the-bloodthirsty"
OTHER_LORD = "relishi-the-wrathful"
# Nerekhall's market stack in the seed: an Ally, Blade of Wrath, Eyes of Avra, Mirror of Shael
NEREKHALL = ["hired-crossbowman", "blade-of-wrath", "eyes-of-avra", "mirror-of-shael"]


class Scripted(ScriptedPlayer):
    """A scripted player that also picks the first town after a knock-out."""

    def decide(self, decision, engine):
        if decision.kind == "town":
            return decision.options[0]
        return super().decide(decision, engine)


def _setup(stack, attacker_seat=0, players=3):
    """A Kyros game in its invasion: Yanesh holds Nerekhall (with ``stack``), another Lord
    holds Frostgate; the attacker stands in Nerekhall with plain, known stats and no
    cards. Returns (game, attacker, the Hero on its left)."""
    game = new_adventure_game(bundle(), adventure=KYROS, players=players, seed=1,
                              make_bot=make_bot)
    s = game.state
    for deck in s.adventure_decks.values():
        for lord in (YANESH, OTHER_LORD):
            if lord in deck:
                deck.remove(lord)
    s.adventure_decks["red"] = [YANESH, OTHER_LORD]
    s.endgame["occupied"] = {"Nerekhall": YANESH, "Frostgate": OTHER_LORD}
    s.endgame["fame_tokens"] = {}
    s.market_stacks["Nerekhall"] = list(stack)
    seats = s.seats
    attacker = game.hero(seats[attacker_seat])
    left = game.hero(seats[(attacker_seat + 1) % len(seats)])
    attacker.items, attacker.allies = [], []
    for stat, value in dict(mind=4, body=4, spirit=4, ranged_damage=1, melee_damage=1,
                            magic_damage=2, life=8, stamina=4, wounds=0,
                            exhaustion=0).items():
        setattr(attacker, stat, value)
    s.positions[attacker.id] = game.board.town_space("Nerekhall")
    for hero_id in seats:  # nobody else may be asked anything
        game.players[hero_id] = Scripted([])
    return game, attacker, left


def _fight(game, attacker):
    try:
        game.fight_occupier(attacker, "Nerekhall")
    except TurnOver:
        pass


def _records(game, type_, **match):
    return [r for r in game.log.of_type(type_)
            if all(r.get(k) == v for k, v in match.items())]


def test_janek_gives_the_tokens_and_activates_the_mirror_of_shael():
    """Seed 001: "gracz na lewo od atakującego gracza może, za każdą kartę znajdującą się na
    stosie kart Handlu tego miasta, obdarzyć Lorda Olbrzymów jednym żetonem Doświadczenia"
    ... "Lord Olbrzymów może również korzystać z Przedmiotów znajdujących się na stosie kart
    Handlu miasta, tak jakby był Bohaterem! ... O tym, w jaki sposób Przedmioty zostaną
    wykorzystane, aktywowane lub odrzucone decyduje gracz na lewo od atakującego gracza."
    The example: Janek gives +1 Life, +2 Stamina, +2 Mind, +2 Body (@16/3 %19/5 <13/1 ^5 >2),
    activates the Mirror of Shael (Yanesh takes 1 exhaustion), whenever Yanesh takes wounds
    from a magic roll Dawid's Hero takes 1, and with the Blade of Wrath Yanesh deals 7
    wounds in the melee phase."""
    game, dawid, janek = _setup(NEREKHALL)
    game.players[janek.id] = Scripted([("giant_lord_tokens", "life+stamina+mind+body"),
                                       ("use_ability", "mirror-of-shael#0")])
    game.players[dawid.id] = Scripted([("phase_action", "defend"), ("phase_action", "defend"),
                                       ("phase_action", "attack"),  # round 1
                                       ("phase_action", "defend"), ("phase_action", "defend")])
    game.combat.dice = ScriptedDice([20, 20, 20, 20, 2])
    _fight(game, dawid)

    asked = _records(game, "decision", kind="giant_lord_tokens")
    assert [r["hero"] for r in asked] == [janek.id]  # the player on Dawid's left
    assert len(asked[0]["options"]) == 31  # up to four different kinds of five, or none
    start = _records(game, "giant_lord_in_town")[0]
    assert start["stats"] == "@16/3 %19/5 <13/1 life 5 stamina 2"
    assert start["items"] == ["blade-of-wrath", "mirror-of-shael"]  # not the Ally, the Eyes
    assert start["decider"] == janek.id
    mirror = _records(game, "decision", kind="use_ability", answer="mirror-of-shael#0")
    assert [r["hero"] for r in mirror] == [janek.id]
    assert _records(game, "use_ability", hero=YANESH, ability="mirror-of-shael#0")
    assert _records(game, "state", figure=YANESH, field="exhaustion", new=1)
    assert _records(game, "wounds_inflicted", figure=dawid.id, amount=1,
                    source="mirror-of-shael")  # after Dawid's magic hit on Yanesh
    assert _records(game, "wounds_inflicted", figure=dawid.id, amount=7, phase="melee")
    assert _records(game, "fight_result")[0]["outcome"] == "knocked_out"
    assert game.players[janek.id].remaining == [] and game.players[dawid.id].remaining == []
    assert not [e for e in game.state.effects if e.owner == YANESH]  # gone with the fight
    assert game.occupied()["Nerekhall"] == YANESH


def test_the_lord_tests_at_attribute_minus_ten_and_the_left_wraps_round_the_table():
    """Seed 001: "Dla potrzeb testów wartości @, % i < Lorda Olbrzymów są równe jego @, % i <
    –10." Yanesh (Spirit 13) makes Touch of Death's magic attack against the last seat's Hero:
    the first seat's player decides (on the left of the last seat), the Hero rolls its
    defence first (as between Heroes) and Yanesh rolls at Spirit 3, so 2 + 3 misses a total
    that 2 + 13 would beat."""
    game, dawid, left = _setup(["touch-of-death"], attacker_seat=2)
    assert left.id == game.state.seats[0]
    game.players[left.id] = Scripted([("giant_lord_tokens", "stamina"),
                                      ("use_ability", "touch-of-death#0"), ("x", 2)])
    dawid.ranged_damage = 9
    game.players[dawid.id] = Scripted([("phase_action", "attack")])
    game.combat.dice = ScriptedDice([2, 2, 20])  # Dawid's defence, Yanesh's attack, ranged
    _fight(game, dawid)

    assert [r["hero"] for r in _records(game, "decision", kind="giant_lord_tokens")] == [left.id]
    target = _records(game, "roll", figure=dawid.id, purpose="target")[0]
    attack = _records(game, "roll", figure=YANESH, purpose="attack")[0]
    assert attack["test_modifier"] == -10 and attack["value"] == 13
    assert attack["total"] == 2 + 13 - 10 < target["total"] <= 2 + 13
    assert attack["target"] == target["total"] and attack["success"] is False
    # a miss: the Lord takes the Hero's magic damage, as a Hero attacking a Hero would
    assert _records(game, "wounds_inflicted", figure=YANESH, phase="magic", amount=2)
    assert _records(game, "state", figure=YANESH, field="exhaustion", new=2)  # X = 2
    assert _records(game, "fight_result")[0]["outcome"] == "defeated"
    assert game.state.endgame["fame_tokens"][YANESH] == 1


def test_the_engine_refuses_tokens_against_the_rule():
    """Seed 001: "Lordowie Olbrzymów mogą otrzymać tylko po jednym z każdego rodzaju żetonów
    Doświadczenia" — and one per card of the town's stack; "może" (may): fewer is legal."""
    for answer in ("mind+mind", "life+stamina+mind+body+spirit", "life+stamina+mind+body"):
        game, dawid, janek = _setup(["blade-of-wrath", "mirror-of-shael", "eyes-of-avra"])
        game.players[janek.id] = Scripted([("giant_lord_tokens", answer)])
        with pytest.raises(IllegalAction, match="not a legal answer to 'giant_lord_tokens'"):
            game.fight_occupier(dawid, "Nerekhall")
    game, dawid, janek = _setup(["blade-of-wrath", "mirror-of-shael"])
    game.players[janek.id] = Scripted([("giant_lord_tokens", "none")])
    game.players[dawid.id] = Scripted([("phase_action", "defend")])
    game.combat.dice = ScriptedDice([2])  # the ranged defence fails: knocked out
    dawid.life = 1
    _fight(game, dawid)
    start = _records(game, "giant_lord_in_town")[0]
    assert start["tokens"] == [] and start["stats"] == "@14/2 %17/4 <13/1 life 4 stamina 0"
    assert kyros.token_options(9)[0] == "+".join(kyros.TOKEN_PREFERENCE)  # the bots' answer


def test_the_lord_cancels_wounds_and_discards_a_one_use_item_from_the_stack():
    """Seed 001: the Lord uses the items "tak jakby był Bohaterem"; the player on the left
    decides how they are "wykorzystane, aktywowane lub odrzucone". Rune Plate cancels a
    wound inflicted on Yanesh; Firebrand Oil is discarded for +2 melee damage (with the
    Blade of Wrath's +2: 8 wounds) and leaves Nerekhall's stack for the market deck's bottom."""
    game, dawid, janek = _setup(["rune-plate", "firebrand-oil", "blade-of-wrath"])
    game.players[janek.id] = Scripted([("giant_lord_tokens", "none"),
                                       ("use_ability", "rune-plate#0"), ("optional", True),
                                       ("use_ability", None),  # no second cancel
                                       ("use_ability", "firebrand-oil#0")])
    dawid.ranged_damage = 3
    game.players[dawid.id] = Scripted([("phase_action", "attack"), ("phase_action", "defend")])
    game.combat.dice = ScriptedDice([20, 2])
    _fight(game, dawid)

    assert _records(game, "wounds_cancelled", figure=YANESH, source="rune-plate", amount=1)
    assert _records(game, "state", figure=YANESH, field="wounds", new=2)
    assert _records(game, "wounds_inflicted", figure=dawid.id, amount=8, phase="melee")
    stack = game.state.market_stacks["Nerekhall"]
    assert stack == ["rune-plate", "blade-of-wrath"]
    assert game.state.market_deck[-1] == "firebrand-oil"  # the bottom of the market deck
    assert game.players[janek.id].remaining == []


def test_a_bot_on_the_left_decides_for_the_lord_as_the_seeds_janek():
    """The bots answer as before for the tokens (life, stamina, mind, body, spirit, as many
    as the stack allows) and now use the Lord's items as they would their own Hero's: the
    heuristic bot on the left activates the Mirror of Shael, as Janek does in seed 001."""
    game, dawid, janek = _setup(NEREKHALL)
    game.players[janek.id] = make_bot("heuristic", 1)
    game.players[dawid.id] = Scripted([("phase_action", "defend")])
    dawid.life = 1
    game.combat.dice = ScriptedDice([2])
    _fight(game, dawid)

    start = _records(game, "giant_lord_in_town")[0]
    assert start["tokens"] == ["life", "stamina", "mind", "body"]
    assert _records(game, "use_ability", hero=YANESH, ability="mirror-of-shael#0")
    assert _records(game, "fight_result")[0]["outcome"] == "knocked_out"
