"""Localised text of branch rbmove (issue 32, part III): a Hero moved to a space of a terrain
("move your Hero to an adjacent plains space", "... to any river or road space", "... to the
nearest forest space", "... to any town"). :func:`install` is called at the end of render.py
(this module does not import render.py). Terrains are terms (terms.yaml ``terrains``) in the
case the template asks for, as family 4's ("metsäruutuun", "клетку леса")."""

from __future__ import annotations

from runeforge.dsl.runebound import nodes as n

from .render_place import _terrain


def _movetospace(self, node: n.MoveToSpace, mood: str) -> str:
    hero = self.term("targets", "hero")
    if node.place == "town":
        if node.reach == "nearest":
            return self.verb("effect.move_to.nearest", mood, hero=hero)
        return self.verb(f"effect.move_to_space.town.{node.reach}", mood, hero=hero)
    return self.verb(f"effect.move_to_space.{node.reach}", mood, hero=hero,
                     terrain=_terrain(self, node.place))


def _dieface(self, node: n.DieFace, mood: str) -> str:
    if node.symbol == "any":
        return self.verb("effect.die_face.any", mood)
    return self.verb("effect.die_face", mood, terrain=_terrain(self, node.symbol))


def install(renderer_cls) -> None:
    renderer_cls._movetospace = _movetospace
    renderer_cls._dieface = _dieface


TEMPLATES: dict = {}
# the clauses with a verb in the three moods (imperative, after 'you may', after a cost's 'to')
VERBS = {
    "effect.move_to_space.adjacent": "move {hero} to an adjacent {terrain} space",
    "effect.move_to_space.any": "move {hero} to any {terrain} space",
    "effect.move_to_space.nearest": "move {hero} to the nearest {terrain} space",
    "effect.move_to_space.town.adjacent": "move {hero} to an adjacent town",
    "effect.move_to_space.town.any": "move {hero} to any town",
    "effect.die_face": "treat one of your movement dice as showing a {terrain} symbol",
    "effect.die_face.any": "treat one of your movement dice as showing any symbol",
}
