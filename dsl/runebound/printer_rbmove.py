"""Canonical English of branch rbmove (issue 32, part III): "move your Hero to an adjacent
plains space", "... to any river or road space", "... to the nearest forest space", "... to any
town". Registered on printer.text by :func:`install` (printer.py calls it; this module does not
import it)."""

from __future__ import annotations

from . import nodes as n
from .nodes_lists import article, terrain_words


def destination(node) -> str:
    """The space said after "to": its reach, then the terrain(s) or "town"."""
    town = node.place == "town"
    words = "town" if town else f"{terrain_words(node.place)} space"
    if node.reach == "adjacent":
        return f"{article('adjacent')} adjacent {words}"
    if node.reach == "nearest":
        return f"the nearest {words}"
    return f"any {words}"


def symbol(node) -> str:
    if node.symbol == "any":
        return "any symbol"
    from .nodes_place import TERRAIN_TEXT

    word = TERRAIN_TEXT.get(node.symbol, node.symbol)
    return f"{article(word)} {word} symbol"


def install(text) -> None:
    @text.register
    def _(node: n.MoveToSpace) -> str:
        return f"move your Hero to {destination(node)}"

    @text.register
    def _(node: n.DieFace) -> str:
        return f"treat one of your movement dice as showing {symbol(node)}"
