"""Canonical English of die rolls as authors write them (issue 32, session rbdice), registered
on :func:`runeforge.dsl.runebound.printer.text` by :func:`install` (printer.py calls it).

One print per node: "Roll a die.", "Roll two dice and add your Body.", "Roll two dice and use
the higher result."; rows "On 1–3, ...", "On 3 or less, ...", "On 18 or more, ...", each a
sentence, and "Otherwise, ..." last; "that Hero takes 1 wound" in the rows of a roll by other
Heroes ("Each Hero rolls a die. ...").
"""

from __future__ import annotations

from . import nodes as n
from . import nodes_branching as b
from .nodes_dice import ThatHero
from .printer_branching import faces

NUMBERS = {1: "a die", 2: "two dice"}


def row_faces(low, high) -> str:
    """The faces of a row: "1–3", "10", "3 or less", "8 or more"."""
    if low is None:
        return f"{high} or less"
    if high is None:
        return f"{low} or more"
    return faces(low, high)


def head(table: b.DieTable) -> str:
    """The roll, lower case: "roll a die", "roll two dice and add your Body"."""
    out = f"roll {NUMBERS[table.dice]}"
    if table.add is not None:
        out += f" and add your {table.add.capitalize()}"
    if table.keep == "higher":
        out += " and use the higher result"
    return out


def install(text) -> None:
    @text.register
    def _(node: b.TableRow) -> str:
        return f"On {row_faces(node.low, node.high)}, {text(node.effect)}"

    @text.register
    def _(node: b.DieTable) -> str:
        # print_ability adds the final full stop and capitalises the first word
        rows = [head(node), *(text(r) for r in node.rows)]
        if node.otherwise is not None:
            rows.append(f"Otherwise, {text(node.otherwise)}")
        return ". ".join(rows)

    @text.register
    def _(node: ThatHero) -> str:
        said = text(n.Each(n.Selector("each"), node.effect))  # the third person of the core
        return "that Hero" + said.removeprefix("each Hero")
