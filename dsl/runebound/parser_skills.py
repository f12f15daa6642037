"""Transformer rules of a skill a card gives its Hero (issue 32, session skills): "Your Hero
has the Swim skill.", "You gain the Climb skill." (:class:`~.nodes.GrantSkill`). Said of
anyone but you / your Hero, it is refused at check (checks/skills.py)."""

from __future__ import annotations

from . import nodes as n
from .parser_parts import _sp, _values, install_rules


class SkillRules:
    def gain_skill(self, ch):  # "gain the Swim skill" (an action, or a subject's predicate)
        return n.GrantSkill(" ".join(str(_values(ch)[0]).split()), span=_sp(ch))

    has_skill = gain_skill  # "has the Swim skill"


def install(cls) -> None:
    install_rules(cls, SkillRules)
