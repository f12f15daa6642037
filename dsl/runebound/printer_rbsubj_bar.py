"""Printer of branch rbsubj (issue 32, part III): who may not attack, and when, in its one
canonical sentence ("this Ally cannot attack in the Ranged phase", "Allies cannot attack during
the first combat round"); parser_rbsubj_bar.py reads it back."""

from __future__ import annotations

from . import nodes as n
from .parser_rbsubj_bar import SUBJECTS, action

SUBJECT_WORDS = {"this_ally": "this Ally", "each_ally": "your Allies", "allies": "Allies",
                 "you": "you", "each_hero": "Heroes"}
PHASE_WORDS = {"ranged": "Ranged", "melee": "Melee", "magic": "Magic"}
ROUND = "the first combat round"


def when_words(when: str) -> str:
    """The words of a when key ("" for always)."""
    if not when:
        return ""
    if when == "round_1":
        return f"during {ROUND}"
    phase, _, rnd = when.partition("_round_")
    said = f"in the {PHASE_WORDS[phase]} phase"
    return f"{said} of {ROUND}" if rnd else said


_WHENS = ("", *PHASE_WORDS, "round_1", *(f"{p}_round_1" for p in PHASE_WORDS))
# action -> sentence, every action parser_rbsubj_bar makes but the core's "ally_attack"
SENTENCES = {action(SUBJECTS[subject][0], when, SUBJECTS[subject][1]):
             " ".join(w for w in (SUBJECT_WORDS[subject], "cannot attack", when_words(when)) if w)
             for subject in SUBJECT_WORDS for when in _WHENS}
SENTENCES.pop("ally_attack")


def install(text) -> None:
    restrict = text.dispatch(n.Restrict)

    @text.register
    def _(node: n.Restrict) -> str:
        return SENTENCES.get(node.action) or restrict(node)


__all__ = ["SENTENCES", "install", "when_words"]
