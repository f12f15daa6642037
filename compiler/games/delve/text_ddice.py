"""Rules text of branch ddice's forms (issue 32, part III). English is the canonical
printer's (dsl/delve/printer.py); the msgids are in ``TEMPLATES_DDICE``.

* a hero's own die changed (dsl/delve/dice_ddice.py): ``effect.die.face`` (set to a face),
  ``effect.die.up`` / ``.up_most`` / ``.down`` (moved by an amount), ``effect.die.back`` /
  ``.back_face`` (a spent die back on the hero card)."""

from __future__ import annotations

from runeforge.dsl.delve.dice_ddice import SetDie

TEMPLATES_DDICE = {
    "effect.die.face": "change one of your unspent dice to show a {face}",
    "effect.die.up": "raise one of your unspent dice by {n}",
    "effect.die.up_most": "raise one of your unspent dice by {n} to a maximum of {most}",
    "effect.die.down": "lower one of your unspent dice by {n}",
    "effect.die.back": "return one of your spent dice to your hero card",
    "effect.die.back_face": "return one of your spent dice to your hero card, turned to show a "
                            "{face}",
}


def render_ddice(e, locale: str, t) -> str | None:
    """The text of a branch ddice node, or None; ``t`` is text_forms' catalog lookup."""
    if not isinstance(e, SetDie):
        return None
    if e.dice == "spent":
        key = "effect.die.back_face" if e.face is not None else "effect.die.back"
        return t(key, locale).format(face=e.face)
    if e.face is not None:
        return t("effect.die.face", locale).format(face=e.face)
    key = "effect.die.down" if e.by < 0 else \
        "effect.die.up_most" if e.most is not None else "effect.die.up"
    return t(key, locale).format(n=abs(e.by), most=e.most)
