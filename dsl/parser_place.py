"""Transformer rules of families 4 (movement and place), 8 (durations) and 9 (game-level
effects).

Imported once at the end of :mod:`runeforge.dsl.parser`; adds its methods to the parser's
transformer before the first parse builds the Lark parser.
"""

from __future__ import annotations

from . import nodes as n
from .parser import _ints, _node, _sp, _ToAst, _values, _word

_RULES = {
    "move_to_nearest_town": _node(lambda ch, s: n.MoveTo(None, span=s)),
    "move_to_town": _node(lambda ch, s: n.MoveTo(str(_values(ch)[0]), span=s)),
    "place_doom_tokens": _node(lambda ch, s: n.DoomTokens("place", _ints(ch)[0], span=s)),
    "remove_doom_tokens": _node(lambda ch, s: n.DoomTokens("remove", _ints(ch)[0], span=s)),
    "discard_event": _node(lambda ch, s: n.DiscardEvent(span=s)),
    "town": lambda self, ch: _word(" ".join(str(t) for t in ch), _sp(ch)),
    # family 8: durations
    "until_next_event": lambda self, ch: _word("next_event", _sp(ch)),
    "until_end_of_next_turn": lambda self, ch: _word("end_of_next_turn", _sp(ch)),
    "until_card_discarded": lambda self, ch: _word("while_held", _sp(ch)),
}

for _name, _rule in _RULES.items():
    setattr(_ToAst, _name, _rule)
