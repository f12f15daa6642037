"""What a Delve scenario adds to a hero's turn for the dialect's forms (issue 32): abilities
the hero holds besides its cards' (carried in, as a campaign's items are), an adversary's
rules and triggers besides its card's, other heroes in the chamber (who take no turn), and
the rest of the round (the adversary phase with its clock, the round's end).

The abilities arrive as Delve IR: the compiler's runner compiles a scenario's text (located
errors at ``check``); a value that is not valid IR stops the scenario at its place."""

from __future__ import annotations

from dataclasses import replace

from runeforge.engine.common.decisions import Player

from ..game import adversaries as adv
from ..game import heroes as hz
from ..game.carried import Carried
from ..game.state import Records
from ..ir import validate_ability
from ..rules import effects as fx


class Idle(Player):
    """An ally: it takes no turn and declines every choice."""

    def decide(self, decision, game):
        return None


def _irs(values, keys: tuple, error) -> list[dict]:
    out = []
    for i, ir in enumerate(values or []):
        if ir is None:
            raise error("this ability does not compile (`runeforge check` says why)",
                        keys + (i,))
        if not isinstance(ir, dict):
            raise error("the engine plays compiled abilities (Delve IR): run the scenario "
                        "with `runeforge test`", keys + (i,))
        try:
            validate_ability(ir)
        except ValueError as exc:
            raise error(str(exc), keys + (i,)) from None
        out.append(ir)
    return out


def allies(given: dict, records: Records, error) -> list[str]:
    """The ally heroes' ids, in order (each a hero of the content, none the hero)."""
    out = []
    for i, ally in enumerate(given.get("allies") or []):
        hero = (ally or {}).get("hero")
        if hero not in records.heroes or hero == given.get("hero") or hero in out:
            raise error(f"'{hero}' is not another hero of the content", ("given", "allies",
                                                                       i, "hero"))
        out.append(hero)
    return out


def cast(records: Records, given: dict, error) -> tuple[Records, Carried]:
    """The records with each given adversary's extra rules, and what the heroes carry in."""
    adversaries = dict(records.adversaries)
    for i, entry in enumerate(given.get("adversaries") or []):
        if isinstance(entry, dict) and entry.get("abilities") and entry.get("id") in adversaries:
            irs = _irs(entry["abilities"], ("given", "adversaries", i, "abilities"), error)
            record = adversaries[entry["id"]]
            adversaries[entry["id"]] = {**record,
                                        "abilities": list(record.get("abilities", [])) + irs}
    carried = {}
    if given.get("abilities"):
        carried[given["hero"]] = _irs(given["abilities"], ("given", "abilities"), error)
    for i, ally in enumerate(given.get("allies") or []):
        if (ally or {}).get("abilities"):
            carried[ally["hero"]] = _irs(ally["abilities"], ("given", "allies", i,
                                                             "abilities"), error)
    return replace(records, adversaries=adversaries), Carried(abilities=carried)


def place_allies(game, given: dict, error) -> None:
    """Each ally's wounds and cell."""
    s = game.state
    for i, ally in enumerate(given.get("allies") or []):
        figure = s.figure(ally["hero"])
        wounds = int(ally.get("wounds", 0))
        if not 0 <= wounds < figure.vigour:
            raise error(f"wounds {wounds}: a hero on the board has 0 to Vigour - 1 wounds",
                        ("given", "allies", i, "wounds"))
        figure.wounds = wounds
        if "cell" in ally:
            cell = tuple(ally["cell"])
            if s.board.owner.get(cell) != 0 or cell in {f.cell for f in s.figures
                                                        if f is not figure}:
                raise error(f"the cell {list(cell)} is not a free cell of the chamber",
                            ("given", "allies", i, "cell"))
            figure.cell = cell


def rest_of_round(game) -> None:
    """The adversary phase (with the triggers at its start and end) and the round's end."""
    s = game.state
    s.phase = "adversaries"
    hz.clock(game, "phase_start")
    if s.result is None:
        adv.adversary_phase(game)
    if s.result is None:
        hz.clock(game, "phase_end")
    s.lasting = fx.expire(s.lasting, None, "end_of_phase")
    if s.result is None:
        hz.clock(game, "round_end")
    game.check_end()
    s.lasting = fx.expire(s.lasting, None, "end_of_round")


def ally_checks(then: dict, game, check) -> None:
    s = game.state
    for hero, fields in (then.get("allies") or {}).items():
        figure = s.figure(hero)
        record = game.records.heroes.get(hero, {})
        now = {"wounds": figure.wounds if figure else record.get("vigour"),
               "renown": s.renown.get(hero, 0), "cell": list(figure.cell) if figure else None,
               "down": figure is None}
        for name, expected in (fields or {}).items():
            check(f"allies.{hero}.{name}", expected, now.get(name),
                  ("then", "allies", hero, name))
