"""Limits of the ability language, checked before anything recurses over an ability.

* MAX_TEXT: the longest ability text parsed (RF108, in ``parse_ability``): ten times what a
  card's schema allows (1,000), so that ``fmt``, which has no schema, also parses any one
  string in milliseconds.
* MAX_NESTING: prefixes that scope the rest of the sentence ("If you succeed,", "Until ...,",
  "Every time ...,", "you may", a trailing "every time ..."), and the core's subjects and
  modifiers that hold an effect ("each Hero ...", "... for each Ally you have", "pay 1 gold to
  ...") each make one nested effect list in the IR. A sentence nests at most MAX_NESTING of
  them (RF304), as the IR allows (engine/runebound/core/ir.py MAX_NESTING): the checks,
  lowering, printers and the engine recurse over them. Every node with an ``effect`` is in
  SCOPES (tests/test_lang_limits.py), so what the checks pass the IR schema takes.
* Numbers are at most 999 (RF305): ``lexer.MAX_NUMBER``, checked on the digits.
"""

from __future__ import annotations

from ..errors import AbilitySyntaxError
from . import nodes as n

MAX_TEXT = 10_000
MAX_NESTING = 32
SCOPES = (n.MayDo, n.Outcome, n.During, n.Trigger,
          n.IfState, n.WhileState, n.TableRow,  # these three: families 1 and 3
          n.Each, n.ForEach, n.PayTo,  # the core (issue 32): each_hero, repeat, pay_to in the IR
          n.ThatHero,  # issue 32 (session rbdice): counted, though it lowers to its effect
          n.Unless)  # issue 32 (branch rbtrig2): an if_state with the effect as its else


def prefix_span(node) -> tuple[int, int]:
    """The words of a scoping prefix: "Until the end of this turn, ", " every time ...", or a
    modifier said after the effect ("for each Ally you have")."""
    inner = node.effect.span
    if isinstance(node, n.Trigger) and not node.event_first:
        return (inner[1], node.span[1])
    if node.span[0] >= inner[1]:  # a modifier after the effect: its span is its own words
        return node.span
    return (node.span[0], max(node.span[0] + 1, inner[0]))


def check_nesting(effect) -> None:
    """RF304 at the first prefix, from the outside, that is nested deeper than MAX_NESTING.

    Iterative: the AST may be as deep as the text is long."""
    stack = [(effect, 0)]
    while stack:
        node, depth = stack.pop()
        if isinstance(node, SCOPES):
            depth += 1
            if depth > MAX_NESTING:
                raise AbilitySyntaxError(
                    f"this sentence nests {depth} effects inside each other (prefixes such "
                    "as 'if you succeed,' or 'until ...,', 'each Hero ...', '... for each Ally "
                    f"you have'); the limit is {MAX_NESTING}", *prefix_span(node),
                    code="RF304", hint="split the ability into several sentences")
            stack.append((node.effect, depth))
            if getattr(node, "otherwise", None) is not None:  # family 1: "Otherwise, ..."
                stack.append((node.otherwise, depth))
        elif isinstance(node, n.And):
            stack.extend((item, depth) for item in node.items)
        elif isinstance(node, n.Choice):  # family 2: each option is an effect list
            stack.extend((item, depth + 1) for item in node.options)
        elif isinstance(node, n.DieTable):  # family 3
            stack.extend((row, depth) for row in node.rows)
            if node.otherwise is not None:  # issue 32 (session rbdice): "Otherwise, ..." last
                stack.append((node.otherwise, depth + 1))


# issue 32 (branch rbboard): "... for each card on the doom track" (IR repeat_track) holds an effect
SCOPES += (n.ForEachOnTrack,)
