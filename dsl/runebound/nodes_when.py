"""AST of triggers on a Hero's test (issue 32, session when).

* :class:`SkillTested` — the trigger event ``you test Mind`` / ``you test Body (Swim)``: fired
  by the engine before the roll of each test of that attribute (and skill, when named).
* :class:`HeroDefeated` — the trigger event ``you defeat another Hero`` (a duel won).
* :class:`TestBonus` — ``add 3 to the result``: adds to the total of the test that set the
  trigger off (the checks refuse it anywhere but under a ``SkillTested`` trigger).
"""

from __future__ import annotations

from dataclasses import field
from typing import Optional

from ..nodeclass import astnode

Span = Optional[tuple[int, int]]  # as in nodes.py (this module does not import it: no cycle)


def _span() -> Span:
    return field(default=None, compare=False, repr=False, kw_only=True)


@astnode
class SkillTested:
    """``you test <attribute> [<skill>]`` as a trigger event (``skill`` None: any test of the
    attribute)."""

    attribute: Optional[str]  # None: a test of any attribute (branch rbroll)
    skill: Optional[str] = None
    span: Span = _span()


@astnode
class TestBonus:
    """``add N to the result``: N more on the total of the test under way."""

    __test__ = False  # not a pytest class

    amount: "Amount"  # noqa: F821 - nodes.Amount
    span: Span = _span()


@astnode
class HeroDefeated:
    """The trigger event ``you defeat another Hero``: the Hero wins a combat against another
    Hero (fired after the spoils are taken, before the loser is knocked out)."""

    span: Span = _span()


@astnode
class AllyLost:
    """The trigger event ``one of your Allies is defeated``: any Ally of the Hero falls (fired
    as it falls, before it leaves play)."""

    span: Span = _span()


WHEN_NODES = (SkillTested, TestBonus, HeroDefeated, AllyLost)
__all__ = ["AllyLost", "HeroDefeated", "SkillTested", "TestBonus", "WHEN_NODES"]
