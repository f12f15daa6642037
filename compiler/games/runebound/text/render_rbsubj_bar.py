"""Localised rules text of branch rbsubj (issue 32, part III): who may not attack, and when
(the Restrict actions of engine/runebound/core/attackbar_rbsubj.py). One template per subject,
with and without the words of when (``{when}``, a template of its own per phase / round), so
each locale orders and inflects them as its grammar wants. :func:`install` wraps the
Renderer's ``_restrict`` (called at the end of render.py); the templates join
templates.OTHER."""

from __future__ import annotations

from runeforge.dsl.runebound import nodes as n

# (prefix, who) of the action -> the subject's template key
SUBJECTS = {("this_", "ally"): "this_ally", ("own_", "ally"): "own_allies",
            ("", "ally"): "allies", ("own_", "hero"): "you", ("", "hero"): "heroes"}
_SAID = {"this_ally": "this Ally", "own_allies": "your Allies", "allies": "Allies",
         "you": "you", "heroes": "Heroes"}
_PHASES = {"ranged": "Ranged", "melee": "Melee", "magic": "Magic"}
TEMPLATES = {}
for _key, _who in _SAID.items():
    TEMPLATES[f"effect.attack_bar.{_key}"] = f"{_who} cannot attack"
    TEMPLATES[f"effect.attack_bar.{_key}.when"] = f"{_who} cannot attack {{when}}"
for _p, _word in _PHASES.items():
    TEMPLATES[f"attack_bar.when.{_p}"] = f"in the {_word} phase"
    TEMPLATES[f"attack_bar.when.{_p}_round_1"] = f"in the {_word} phase of the first combat round"
TEMPLATES["attack_bar.when.round_1"] = "during the first combat round"
# a selector of Heroes moves with the options of "Move" ("Each other Hero moves 2 spaces in any
# direction."): the third person of effect.move.any / .instead / .any_instead
TEMPLATES.update({"each.move.any": "moves {spaces} in any direction",
                  "each.move.instead": "moves {spaces} instead of rolling movement dice",
                  "each.move.any_instead": "moves {spaces} in any direction instead of rolling "
                                           "movement dice"})
_MOVE_KEYS = {(True, False): "each.move.any", (False, True): "each.move.instead",
              (True, True): "each.move.any_instead"}


# action -> (the subject's key, the when key): the dsl's names (the compiler's text does not
# import the engine; tests/test_lang_rbsubj_bar.py holds them equal)
_WHENS = ("", *_PHASES, "round_1", *(f"{p}_round_1" for p in _PHASES))
ACTIONS = {(f"{pre}{who}_attack_{when}" if when else f"{pre}{who}_attack"): (key, when)
           for (pre, who), key in SUBJECTS.items() for when in _WHENS}
ACTIONS.pop("ally_attack")  # the core's "Allies cannot attack this challenge."


def install(renderer_cls) -> None:
    restrict = renderer_cls._restrict

    def _restrict(self, node: n.Restrict, mood: str) -> str:
        found = ACTIONS.get(node.action)
        if found is None:
            return restrict(self, node, mood)
        subject, when = found
        key = f"effect.attack_bar.{subject}"
        if not when:
            return self.t(key)
        return self.t(key + ".when", when=self.t(f"attack_bar.when.{when}"))

    renderer_cls._restrict = _restrict
    from . import render_core

    third = render_core._third  # the clause said of each Hero picked (render_core._each)

    def _third(self, node):
        key = _MOVE_KEYS.get((node.any_direction, node.instead_of_rolling)) \
            if type(node) is n.Move else None
        if key is None:
            return third(self, node)
        return self.t(key, spaces=self.qty(node.amount, "space"))

    render_core._third = _third


__all__ = ["ACTIONS", "SUBJECTS", "TEMPLATES", "install"]
