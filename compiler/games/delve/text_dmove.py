"""Rules text of branch dmove's forms (issue 32): moves through other figures
(dsl/delve/passage_dmove.py). English is the canonical printer's; the msgids are in
``TEMPLATES_DMOVE``.

* ``effect.through.<what>``: a move effect with its rider, ``{move}`` being the move's own
  text ("move up to 3 spaces through other figures");
* ``rule.pass_through.<you|it>.<what>``: the figure's own rule ("you may move through other
  figures", "this adversary may move through heroes")."""

from __future__ import annotations

from dataclasses import replace

from runeforge.dsl.delve import nodes as n
from runeforge.dsl.delve.keep_away_dmove import KeepAway
from runeforge.dsl.delve.passage_dmove import PHRASE, Passage

TEMPLATES_DMOVE = {f"effect.through.{what}": "{move} " + phrase
                   for what, phrase in PHRASE.items()}
TEMPLATES_DMOVE["rule.keep_away"] = "this adversary never moves adjacent to {who}"
TEMPLATES_DMOVE["form.move_ended"] = ("Every time {who} ends a move adjacent to this adversary, "
                                      "{effects}.")
TEMPLATES_DMOVE["form.move_ended.many"] = ("Every time {who} end a move adjacent to this "
                                           "adversary, {effects}.")
TEMPLATES_DMOVE.update({f"rule.pass_through.{who}.{what}": f"{subject} may move {phrase}"
                        for who, subject in (("you", "you"), ("it", "this adversary"))
                        for what, phrase in PHRASE.items()})


def render_through(e, locale: str, t, clause) -> str | None:
    """A move's text with its rider, or None for any other effect; ``clause`` renders the
    move without it."""
    if not isinstance(e, n.Move) or not e.through:
        return None
    return t(f"effect.through.{e.through}", locale).format(
        move=clause(replace(e, through="", through_obstacles=False)))


def render_passage(e, locale: str, t) -> str | None:
    if not isinstance(e, Passage):
        return None
    return t(f"rule.pass_through.{'it' if e.adversary else 'you'}.{e.through}", locale)


def render_keep_away(e, locale: str, t, who) -> str | None:
    """"this adversary never moves adjacent to a hero" (keep_away_dmove.py), or None."""
    if not isinstance(e, KeepAway):
        return None
    return t("rule.keep_away", locale).format(who=who(e.away_from, locale))
