"""A hero's own dice changed by an ability (issue 32, part III, branch ddice; IR ``die``):
"Change one of your hero dice to show a 6.", "Raise one of your other unspent hero dice by 1,
to a maximum of 6.", "Return one spent hero die to this hero's card, turned to show a 3."

The hero's player picks one die (:func:`choose.ask`) among those it holds this turn: an
unspent die (``dice: unspent``) takes the face ``face``, or moves by ``by`` (never past 1 nor
past ``most``, else the die's top face, ``rules.die_faces``); a spent die (``dice: spent``;
never the one paying for the ability under way, as for a reroll) goes back on the card,
unspent, showing ``face`` (none: the face it had). Only dice the change alters are offered;
with none, or outside the hero's turn (no dice held), nothing happens."""

from __future__ import annotations

from .choose import ask


def _new_face(e: dict, face: int, top: int) -> int:
    if "face" in e:
        return e["face"]
    if "by" not in e:
        return face
    if e["by"] < 0:
        return max(1, face + e["by"])
    return max(face, min(face + e["by"], e.get("most", top)))   # a maximum never lowers it


def run(game, owner, name, e: dict, turn, ctx: dict, choice) -> dict:
    if turn is None:          # a trigger: the dice of the hero's turn, if it is under way
        turn = game.state.turns.get(owner.id)
    if owner.side != "hero" or turn is None or turn.ended:
        return {"op": "die", "face": None}
    top = game.rules.die_faces
    if e["dice"] == "spent":
        pool = list(range(len(turn.spent) - (1 if turn.in_action else 0)))
        faces = turn.spent
    else:
        faces = turn.dice
        pool = [i for i in range(len(faces)) if _new_face(e, faces[i], top) != faces[i]]
    pick = pool[0] if len(pool) == 1 else ask(game, owner, [{"die": i} for i in pool], "die")
    if pick is None or pick not in pool:
        return {"op": "die", "face": None}
    was = faces[pick]
    face = _new_face(e, was, top)
    if e["dice"] == "spent":
        turn.spent.pop(pick)
        turn.dice.append(face)
    else:
        turn.dice[pick] = face
    return {"op": "die", "was": was, "face": face}
