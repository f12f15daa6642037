"""Issue 32 (session rbcard): a challenge's reward written as its printed line.

"Reward: 3 gold and 1 experience." is the challenge's text run when the Hero defeats it, the
same window and nodes as "When you defeat a challenge, gain 3 gold and gain 1 experience."
(the canonical wording). The bare objects ("3 gold") stand only right after "Reward:" (a rule
of the ability itself, so no other construct wraps them); a harm among them is refused.
"""

from __future__ import annotations

from lark import Token

from ..errors import AbilitySyntaxError
from . import nodes as n
from .parser_parts import _Marker, _sp, _values


class _Harm:
    """"1 wound" among a reward's objects: refused where it is written."""

    __slots__ = ("amount", "span")

    def __init__(self, amount, span):
        self.amount, self.span = amount, span


class RewardRules:
    """Transformer methods of the reward line (mixed into the parser's transformer)."""

    def reward_gold(self, ch):
        return n.GainGold(_values(ch)[0], span=_sp(ch))

    def reward_experience(self, ch):
        return n.GainExperience(_values(ch)[0], span=_sp(ch))

    def reward_token(self, ch):
        return _Harm(_values(ch)[0], _sp(ch))

    def take_this_card(self, ch):
        ally = any(getattr(c, "type", None) == "ALLY" for c in ch)
        item = any(getattr(c, "type", None) == "ITEM" for c in ch)
        becomes = ", becomes: ally" if ally else ", becomes: item" if item else ""
        raise AbilitySyntaxError(
            "a card kept by the Hero who defeats it is said in its data, not its text",
            *_sp(ch), code="RF471",
            hint=f"give the challenge 'reward: {{keep: true{becomes}}}' and drop these words")

    def reward_ability(self, ch):
        """``tag? limit? Reward: <objects>. <sentences>``: the ability of the window
        "When you defeat a challenge," with the objects gained as its first sentence."""
        head, rest = self._reward_head(ch)
        gains = []
        while rest and isinstance(rest[0], (n.GainGold, n.GainExperience, _Harm)):
            gains.append(rest.pop(0))
        harm = next((c for c in gains if isinstance(c, _Harm)), None)
        if harm is not None:
            raise AbilitySyntaxError(
                "a reward is gold or experience", *harm.span, code="RF471",
                hint="say what the Hero suffers with its verb ('take 1 wound') after "
                     "'When you defeat a challenge,'")
        span = (gains[0].span[0], gains[-1].span[1])
        head.append(gains[0] if len(gains) == 1 else n.And(tuple(gains), span=span))
        return self.ability(head + rest)

    def reward_said(self, ch):
        """``Reward: gain 3 gold.``: the sentences say their verbs."""
        head, rest = self._reward_head(ch)
        return self.ability(head + rest)

    @staticmethod
    def _reward_head(ch):
        at = next(i for i, c in enumerate(ch) if isinstance(c, Token) and c.type == "REWARD")
        window = _Marker("window", "defeat_challenge", (ch[at].start_pos, ch[at + 1].end_pos))
        return list(ch[:at]) + [window], [c for c in ch[at + 2:] if not isinstance(c, Token)]
