"""Rules text of session delve9's forms (issue 32): a move with no number ("move towards
the nearest adversary", "each adversary adjacent to you moves away from you"). English is
the canonical printer's (dsl/delve/printer.py); the msgids are in ``TEMPLATES9``."""

from __future__ import annotations

from runeforge.dsl.delve.approach import Approach, is_me
from runeforge.dsl.delve.basic_actions import TakeAction
from runeforge.dsl.delve.soak import Soak
from runeforge.dsl.delve.spent import ALL

TEMPLATES9 = {
    "effect.approach_you.towards": "move towards {ref}",
    "effect.approach_you.away": "move away from {ref}",
    "effect.approach.towards": "{who} moves towards {ref}",
    "effect.approach.towards.many": "{who} move towards {ref}",
    "effect.approach.away": "{who} moves away from {ref}",
    "effect.approach.away.many": "{who} move away from {ref}",
    "effect.approach.towards_you": "{who} moves towards you",
    "effect.approach.towards_you.many": "{who} move towards you",
    "effect.approach.away_you": "{who} moves away from you",
    "effect.approach.away_you.many": "{who} move away from you",
    # a die spent as an event (dsl/delve/spent.py)
    "event.spent.any": "spend a die",
    "event.spent.face": "spend a {face}",
    "event.spent.up": "spend a {face} or higher",
    # "Roll two dice and use the higher result." after the attack or roll (best_of.py)
    "rider.best_of": (". Roll {n} die and use the higher result",
                      ". Roll {n} dice and use the higher result"),
    # a basic action taken by name (basic_actions.py)
    "effect.basic.move": "take a Move action",
    "effect.basic.recuperate": "take a Recuperate action",
    # fewer wounds of one attack (dsl/delve/soak.py), counted by {least}
    "rule.soak": ("every time you suffer {least} or more wounds from a single attack, "
                  "prevent {n} of them",) * 2,
    "rule.soak_on": ("every time {who} suffers {least} or more wounds from a single attack, "
                     "prevent {n} of them",) * 2,
}


def render9(e, locale: str, t, who, many) -> str | None:
    """The text of one of this session's effects, or None (not one of them); ``t``, ``who``
    and ``many`` are text_forms' helpers."""
    if isinstance(e, TakeAction) and e.who is not None:   # other heroes take it (delve10)
        return many(f"effect.basic_them.{e.act}", e.who, locale, who=who(e.who, locale))
    if isinstance(e, TakeAction):
        return t(f"effect.basic.{e.act}", locale)
    if isinstance(e, Soak):
        slots = {"who": who(e.on, locale)} if e.on is not None else {}
        key = "rule.soak_on" if e.on is not None else "rule.soak"
        return t(key, locale, e.at_least).format(least=e.at_least, n=e.amount, **slots)
    if not isinstance(e, Approach):
        return None
    way = "towards" if e.towards else "away"
    if is_me(e.target):
        return t(f"effect.approach_you.{way}", locale).format(ref=who(e.ref, locale))
    if e.ref is None:
        return many(f"effect.approach.{way}_you", e.target, locale,
                    who=who(e.target, locale))
    return many(f"effect.approach.{way}", e.target, locale, who=who(e.target, locale),
                ref=who(e.ref, locale))


def spent_event(faces: tuple, locale: str, t) -> str:
    """"spend a 6", "spend a 5 or higher", "spend a die" (dsl/delve/spent.py's print)."""
    if not faces or tuple(faces) == ALL:
        return t("event.spent.any", locale)
    if len(faces) == 1:
        return t("event.spent.face", locale).format(face=faces[0])
    return t("event.spent.up", locale).format(face=faces[0])
