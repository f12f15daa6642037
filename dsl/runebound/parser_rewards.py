"""Issue 32 (session rbcard): a challenge's reward written as its printed line.

"Reward: 3 gold and 1 experience." is the challenge's text run when the Hero defeats it, the
same window and nodes as "When you defeat a challenge, gain 3 gold and gain 1 experience."
(the canonical wording). The bare objects ("3 gold") are a sentence only after "Reward:";
anywhere else the parser refuses them, located, with the verb as the hint.
"""

from __future__ import annotations

from ..errors import AbilitySyntaxError
from . import nodes as n
from .parser_parts import _Marker, _sp, _values


class _RewardItems:
    """The objects of a "Reward:" line until the ability joins them to their window."""

    __slots__ = ("effect", "span", "items")

    def __init__(self, effect, span, items):
        self.effect, self.span, self.items = effect, span, items


class _Harm:
    """"2 wounds" among bare objects: no reward, and with no verb no effect either."""

    __slots__ = ("amount", "span")

    def __init__(self, amount, span):
        self.amount, self.span = amount, span


class RewardRules:
    """Transformer methods of the reward line (mixed into the parser's transformer)."""

    def reward_window(self, ch):
        marker = _Marker("window", "defeat_challenge", _sp(ch))
        return _RewardWindow(marker)

    def reward_gold(self, ch):
        return n.GainGold(_values(ch)[0], span=_sp(ch))

    def reward_experience(self, ch):
        return n.GainExperience(_values(ch)[0], span=_sp(ch))

    def reward_token(self, ch):  # "2 wounds" with no verb: refused in join_rewards
        return _Harm(_values(ch)[0], _sp(ch))

    def take_this_card(self, ch):
        ally = any(getattr(c, "type", None) == "ALLY" for c in ch)
        item = any(getattr(c, "type", None) == "ITEM" for c in ch)
        becomes = ", becomes: ally" if ally else ", becomes: item" if item else ""
        raise AbilitySyntaxError(
            "a card kept by the Hero who defeats it is said in its data, not its text",
            *_sp(ch), code="RF471",
            hint=f"give the challenge 'reward: {{keep: true{becomes}}}' and drop these words")

    def reward_items(self, ch):
        items = tuple(_values(ch))
        span = (items[0].span[0], items[-1].span[1])  # the objects, not the full stop
        effect = items[0] if len(items) == 1 else n.And(items, span=span)
        return _RewardItems(effect, span, items)

    @staticmethod
    def join_rewards(ch):
        """Each "Reward:" window with the objects after it; bare objects elsewhere refused."""
        out = []
        for c in ch:
            if isinstance(c, _RewardItems):
                if not (out and isinstance(out[-1], _RewardWindow) and out[-1].open):
                    raise AbilitySyntaxError(
                        "an amount needs a verb here", *c.items[0].amount.span,
                        hint="write it with its verb ('Gain 3 gold.', 'Take 2 wounds.'), or "
                             "'Reward: 3 gold.' for what defeating this challenge gives")
                harm = next((i for i in c.items if isinstance(i, _Harm)), None)
                if harm is not None:
                    raise AbilitySyntaxError(
                        "a reward is gold or experience", *harm.span, code="RF471",
                        hint="say what the Hero suffers with its verb ('take 1 wound') after "
                             "'When you defeat a challenge,'")
                out[-1].open = False
                c = c.effect
            elif isinstance(c, _RewardWindow):
                c.open = True
            out.append(c)
        return [c.marker if isinstance(c, _RewardWindow) else c for c in out]


class _RewardWindow:
    """The "Reward:" window; ``open`` until its objects follow it."""

    __slots__ = ("marker", "open")

    def __init__(self, marker):
        self.marker, self.open = marker, True
