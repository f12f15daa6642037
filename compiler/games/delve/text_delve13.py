"""Rules text of branch delveseven's forms (issue 32). English is the canonical printer's
(dsl/delve/printer.py); the msgids are in ``TEMPLATES13``.

* a rider that replaces the effect before it ("Heal 1 wound. If you rolled a 6, heal 2 wounds
  instead."): the replaced effect is its own sentence before the rider (printer.sentences),
  and the rider's effects take the word for "instead" (``rider.instead``);
* adversaries held back from attacking some heroes ("Until the end of the round, each
  adversary cannot attack you."): ``effect.disarm_you`` / ``effect.disarm_at`` (the heroes in
  brackets, the adversaries after a colon, as ``effect.disarm``, so no case has to change);
* a hero who cannot be pushed ("Until the start of your next turn, you cannot be pushed."):
  ``rule.steadfast_you.*``;
* heroes made to discard unspent hero dice ("that hero discards 1 unspent hero die"):
  ``effect.discard`` (``.many`` for a plural subject), counted."""

from __future__ import annotations

TEMPLATES13 = {
    # dsl/delve/instead.py: the rider's effects, done in place of the effect before it
    "rider.instead": "{effects} instead",
    # dsl/delve/disarm.py: {who} makes no attack at {whom} while the duration lasts
    "effect.disarm_you": "{who} cannot attack you",
    "effect.disarm_at": "{who} cannot attack {whom}",
    # dsl/delve/braced.py: the hero's own figure stays where it is
    "rule.steadfast_you.pushed": "you cannot be pushed",
    "rule.steadfast_you.pulled": "you cannot be pulled",
    "rule.steadfast_you.both": "you cannot be pushed or pulled",
    # dsl/delve/discard.py: heroes set aside unspent hero dice (an adversary's rule)
    "effect.discard": ("{who} discards {n} unspent hero die", "{who} discards {n} unspent hero dice"),
    "effect.discard.many": ("{who} discard {n} unspent hero die",
                            "{who} discard {n} unspent hero dice"),
    # an adversary's rule on a hero moving adjacent to it (dsl/delve/parser.py)
    "form.hero_approached": "Every time {who} moves adjacent to this adversary, {effects}.",
    "form.hero_approached.many": "Every time {who} move adjacent to this adversary, {effects}.",
    # dsl/delve/pierce.py: an adversary's rule on its own hits
    "rule.pierce": "wounds from this adversary's attacks cannot be prevented or reduced",
    "rule.pierce_range": "wounds from this adversary's {range} attacks cannot be prevented or "
                         "reduced",
    # a trigger that fires in any turn, at most once a round (dsl/delve/parser.py)
    "limit.round": "Only once per round.",
}


def render13(e, locale: str, t, who) -> str | None:
    """The text of a Disarm with the heroes it spares, or None; ``t`` and ``who`` are
    text_forms' helpers."""
    from runeforge.dsl.delve.braced import print_subject
    if getattr(e, "against", None) is None:
        return None
    if print_subject(e.against):
        return t("effect.disarm_you", locale).format(who=who(e.target, locale))
    return t("effect.disarm_at", locale).format(who=who(e.target, locale),
                                                whom=who(e.against, locale))
