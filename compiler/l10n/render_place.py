"""Localised text of family 4 (movement and place) and family 9 (game-level effects): the
:class:`~runeforge.l10n.render.Renderer` methods of their nodes, added once at the end of
render.py. Town names are proper nouns: as the board writes them, or in the locale's script
(terms.yaml ``towns``); the templates put them after the word for "town" so that no language
has to inflect them."""

from __future__ import annotations

from runeforge.dsl import nodes as n

from .render import Renderer


def _moveto(self, node, mood: str) -> str:
    hero = self.term("targets", "hero")
    if node.town is None:
        return self.verb("effect.move_to.nearest", mood, hero=hero)
    town = self.terms.find("towns", node.town) or node.town  # Latin-script locales: as is
    return self.verb("effect.move_to.town", mood, hero=hero, town=town)


def _doomtokens(self, node, mood: str) -> str:
    tokens = self.qty(n.Amount("fixed", (node.count,)), "doom_token")
    return self.verb(f"effect.doom.{node.action}", mood, tokens=tokens)


def _discardevent(self, node, mood: str) -> str:
    return self.verb("effect.discard_event", mood)


Renderer._moveto = _moveto
Renderer._doomtokens = _doomtokens
Renderer._discardevent = _discardevent
