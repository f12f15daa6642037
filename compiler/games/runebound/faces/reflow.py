"""Reflow decisions of a face, before anything is drawn: what moves where when it does not fit.

* A reward too long for its box keeps its label and gold there; its other parts ("Keep this
  card", "Becomes an Item") become a paragraph of the rules text (:func:`split_reward`).
* Stat columns get the width their labels need (:func:`columns_for`): equal when every label
  fits its equal share, else each label's width plus an equal share of what is left (or, when
  they cannot all fit, widths in proportion to the labels').
* A name that does not fit on one line is set on two (:func:`two_lines`).
"""

from __future__ import annotations

from reportlab.pdfbase.pdfmetrics import stringWidth

from runeforge.backends.faces import DASH, CardFace, TextBlock

ICON_EM = 1.1  # width of an inline icon in a run, in ems


def runs_width(runs, font: str, size: float) -> float:
    return sum(size * ICON_EM if isinstance(r, tuple) else stringWidth(r, font, size)
               for r in runs)


def reward_parts(face: CardFace) -> tuple[list, list[str]]:
    """(runs of the label and gold, the reward's other parts as words)."""
    reward = face.stats.get("reward") or {}
    head: list = [face.label("reward") + " "]
    if reward.get("gold") is not None:
        head += [str(reward["gold"]), ("icon", "gold")]
    extras = []
    if reward.get("keep"):
        extras.append(face.label("keep"))
    if reward.get("becomes") in ("item", "ally"):
        extras.append(face.label("becomes_" + reward["becomes"]))
    if len(head) == 1 and not extras:
        head.append(DASH)
    return head, extras


def split_reward(face: CardFace, width: float, font: str, size: float, min_size: float):
    """(runs for the reward box, a rules-text paragraph or None). Everything stays in the box
    when it fits at ``min_size`` or more; else the label and gold stay and the rest moves."""
    head, extras = reward_parts(face)
    full = head + [" \u00b7 " + e for e in extras]
    if not extras or runs_width(full, font, min_size) <= width:
        return full, None
    if len(head) == 1:  # no gold: the box says where the reward is
        head = head + ["\u2193"]
    return head, TextBlock(face.label("reward"), " \u00b7 ".join(extras))


def columns_for(box, needs: list[float], gap: float) -> list[tuple]:
    """Columns across ``box`` for contents ``needs`` points wide."""
    x, y, w, h = box
    free = w - gap * (len(needs) - 1)
    share = free / len(needs)
    if all(n <= share for n in needs):
        widths = [share] * len(needs)
    elif sum(needs) > free:  # each shrinks in proportion
        widths = [n * free / sum(needs) for n in needs]
    else:
        spare = (free - sum(needs)) / len(needs)
        widths = [n + spare for n in needs]
    out, left = [], x
    for cw in widths:
        out.append((left, y, cw, h))
        left += cw + gap
    return out


def two_lines(text: str, font: str) -> tuple[str, str] | None:
    """``text`` split at the space that makes its longer line shortest (None: one word)."""
    words = text.split()
    if len(words) < 2:
        return None
    splits = [(" ".join(words[:i]), " ".join(words[i:])) for i in range(1, len(words))]
    return min(splits, key=lambda p: max(stringWidth(p[0], font, 10), stringWidth(p[1], font, 10)))
