"""Localised text of families 4 (movement and place), 8 (durations: ``duration.<until>``
templates, nothing to add here) and 9 (game-level effects) of issue 21: Renderer methods of
their nodes and of the trigger event "your Hero enters ...". render.py adds them to its
Renderer (one block at its end); this module does not import render.py (no import cycle).

Town names are proper nouns: as the board writes them, or in the locale's script
(terms.yaml ``towns``); the templates put them after the word for "town" so that no language
has to inflect them. Terrains are terms (terms.yaml ``terrains``) in the case the template
asks for ("suoruutuun", "клетку болота").
"""

from __future__ import annotations

import re
from dataclasses import replace

from runeforge.dsl.runebound import nodes as n
from runeforge.dsl.runebound import nodes_place as p

from .terms import Listed, category

_WITHIN = re.compile(r"each_hero_within_(\d+)")
_SPACES = re.compile(r"\{spaces(?:\.(\w+))?\}")


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


def _terrain(self, terrain):
    """The terrain's term; a word the board does not know (RF420 in the checks, but the text
    is still rendered, e.g. by `runeforge text` on a card with errors) as written; several
    terrains ("a swamp or forest space", issue 32 lists) a Listed of them."""
    if not isinstance(terrain, str):
        return Listed(tuple(_terrain(self, t) for t in terrain))
    return self.terms.find("terrains", terrain) or terrain


def _terrainrule(self, node, mood: str) -> str:
    return self.t("effect.terrain_rule", skill=self.terms.find("skills", node.skill) or node.skill,
                  terrain=_terrain(self, node.terrain), like=_terrain(self, node.like))


def _discardundefeated(self, node, mood: str) -> str:
    challenges = self.qty(n.Amount("fixed", (node.count,)), "undefeated_challenge")
    return self.verb("effect.discard_undefeated", mood, challenges=challenges)


METHODS = {"_discardundefeated": _discardundefeated, "_moveto": _moveto, "_doomtokens": _doomtokens, "_discardevent": _discardevent,
           "_terrainrule": _terrainrule}


def with_events(inner):
    """Renderer.event, taught family 4's trigger events."""

    def event(self, e) -> str:
        if not isinstance(e, p.EntersSpace):
            return inner(self, e)
        hero = self.term("targets", "hero")
        if e.place == "town":
            return self.t("event.enters.town", hero=hero)
        return self.t("event.enters.terrain", hero=hero, terrain=_terrain(self, e.place))

    return event


def with_targets(inner):
    """Renderer.term, taught "each Hero within N spaces": the locale's ``targets.
    each_hero_within`` with ``{spaces}`` (or ``{spaces.<case>}``) made the number and the
    term ``space`` in that case, counted by the number's CLDR category."""

    def term(self, section: str, key: str):
        m = _WITHIN.fullmatch(key) if section == "targets" else None
        if m is None:
            return inner(self, section, key)
        k = int(m.group(1))
        base, space = inner(self, "targets", "each_hero_within"), inner(self, "terms", "space")
        cat = category(self.locale, k)

        def spaces(found) -> str:
            return f"{self.num(k)} {space.form(found.group(1), cat)}"

        return replace(base, key=key, forms={f: _SPACES.sub(spaces, text)
                                             for f, text in base.forms.items()})

    return term
