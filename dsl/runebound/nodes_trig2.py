"""AST of more event verbs of a trigger's clause (issue 32, branch rbtrig2).

* :class:`Escaped` — the trigger event ``you escape``: the Hero's escape roll succeeded; fired
  by the engine before the Hero leaves the fight. ``frm`` keeps what the text said it escaped
  from (``this_challenge`` or None) for the checks only: it is the Hero's enemy either way, so
  it is not compared and not printed.
* :class:`TestResult` — the trigger event ``you fail a Spirit test`` / ``you pass a Mind
  Diplomacy test``: a skill test's roll is known (``skill`` None: any test of the attribute).
* :class:`Unless` — ``<effect> unless <condition>``: the effect when the condition fails.
"""

from __future__ import annotations

from dataclasses import field
from typing import Optional

from ..nodeclass import astnode

Span = Optional[tuple[int, int]]  # as in nodes.py (this module does not import it: no cycle)


def _span() -> Span:
    return field(default=None, compare=False, repr=False, kw_only=True)


@astnode
class Escaped:
    """``you escape [from combat | from this challenge]`` as a trigger event."""

    span: Span = _span()
    frm: Optional[str] = field(default=None, compare=False, repr=False, kw_only=True)


@astnode
class TestResult:
    """``you fail / pass a <attribute> [<skill>] test`` as a trigger event."""

    __test__ = False  # not a pytest class

    attribute: Optional[str]  # None: a test of any attribute (branch rbroll)
    skill: Optional[str]
    success: bool
    span: Span = _span()


@astnode
class Unless:
    """``<effect> unless <condition>``: the effect when the condition does not hold (also said
    ``Unless <condition>, <effect>``)."""

    condition: object  # a Condition (nodes_branching; not imported here: no cycle)
    effect: object
    span: Span = _span()


TRIG2_NODES = (Escaped, TestResult, Unless)
__all__ = ["Escaped", "TestResult", "TRIG2_NODES", "Unless"]
