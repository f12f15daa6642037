"""Values a selector or condition names, one or several (issue 32, lists).

A colour, terrain or attack type is a str; several are a tuple of str in the game's own order
(the adventure decks green, yellow, blue, red; the board's terrains road ... mountains; the
phases ranged, melee, magic), so one set has one AST and one IR. Unknown values sort last, in
the order written (the checks refuse them).
"""

from __future__ import annotations

from .nodes_decks import COLOURS

TERRAIN_ORDER = ("road", "river", "plains", "hills", "forest", "swamp", "mountains")
PHASE_ORDER = ("ranged", "melee", "magic")
ORDER = {v: i for i, v in enumerate((*COLOURS, *TERRAIN_ORDER, *PHASE_ORDER))}


def canonical(values):
    """``values`` in canonical order (stable for unknown ones)."""
    return sorted(values, key=lambda v: ORDER.get(str(v), len(ORDER)))


def values(value) -> tuple[str, ...]:
    """The values of one (str) or several (tuple); () for None."""
    if value is None:
        return ()
    return (value,) if isinstance(value, str) else tuple(value)


def join(words: list[str], conj: str = "or") -> str:
    """English coordination: "a", "a or b", "a, b or c" (no serial comma)."""
    if len(words) == 1:
        return words[0]
    return f"{', '.join(words[:-1])} {conj} {words[-1]}"


def terrain_words(value) -> str:
    """The words before "space": "swamp", "forest or swamp", "hill, forest or mountain"."""
    from .nodes_place import TERRAIN_TEXT

    return join([TERRAIN_TEXT.get(v, v) for v in values(value)])


def article(word: str) -> str:
    return "an" if word[:1].lower() in "aeiou" else "a"

