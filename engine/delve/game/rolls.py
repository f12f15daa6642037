"""A die rolled for its faces by an ability (issue 32, session delve10; IR ``roll``): "Roll a
die. On a 5 or 6, gain 1 renown.", "each hero in this adversary's chamber rolls a die. On a 1
or 2, that hero suffers 1 wound."

Each figure the selector ``who`` picks (none: the ability's own figure) rolls one die of the
rules' faces, in figure order; the row whose faces hold the roll happens, with "them" ("that
hero", "it") the figure that rolled; a face in no row does nothing. The log's record lists
each roll and what its row did."""

from __future__ import annotations

from .choose import pick


def roll(game, owner, name, e: dict, turn, ctx: dict, choice, apply) -> dict:
    rollers = [owner] if e.get("who") is None else pick(game, owner, e["who"], ctx, choice)
    rolled, done = {}, {}
    for f in rollers:
        face = game.dice.die(game.rules.die_faces)
        rolled[f.id] = face
        row = next((r for r in e["rows"] if face in r["faces"]), None)
        if row is not None:
            done[f.id] = apply(game, owner, name, row["effects"], None, turn,
                               {**ctx, "picked": [f]})
    return {"op": "roll", "rolled": rolled, "effects": done}
