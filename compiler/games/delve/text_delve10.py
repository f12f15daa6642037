"""English templates of Delve's rules text for issue 32, session delve10 (the msgids; the
catalogs locales/<loc>/LC_MESSAGES/delve.po translate them): other heroes who take a basic
action ("Another hero in this chamber may take a Move action."), ``.many`` for a plural
subject; a die rolled for its faces ("Roll a die. On a 5 or 6, gain 1 renown.")."""

from __future__ import annotations

TEMPLATES10 = {
    "effect.basic_them.move": "{who} may take a Move action",
    "effect.basic_them.move.many": "{who} may take a Move action",
    "effect.basic_them.recuperate": "{who} may take a Recuperate action",
    "effect.basic_them.recuperate.many": "{who} may take a Recuperate action",
    # a die rolled for its faces (dsl/delve/rolls.py)
    "effect.roll_die": "roll a die",
    "effect.roll_die_them": "{who} rolls a die",
    "effect.roll_die_them.many": "{who} roll a die",
    "roll.row": "on a {faces}, {effects}",
    "roll.faces_or": "{first} or {last}",
    # a chamber explored that holds no adversaries (dsl/delve/trigger_words.py)
    "event.explored_empty": "explore a chamber that contains no adversaries",
    # a push or pull that left its figure in place (dsl/delve/unmoved.py)
    "rider.unpushed": "if {who} cannot be pushed, {effects}",
    "rider.unpulled": "if {who} cannot be pulled, {effects}",
}


def render_roll(e, locale: str, t, who, many, effects, cap) -> str:
    """The text of a die rolled and its rows; ``t``, ``who``, ``many``, ``effects`` (a row's
    effects, imperative) and ``cap`` are text_forms' helpers."""
    text = t("effect.roll_die", locale) if e.who is None else \
        many("effect.roll_die_them", e.who, locale, who=who(e.who, locale))
    for faces, inner in e.rows:
        shown = str(faces[0]) if len(faces) == 1 else t("roll.faces_or", locale).format(
            first=", ".join(str(f) for f in faces[:-1]), last=faces[-1])
        row = t("roll.row", locale).format(faces=shown, effects=effects(inner, locale, "imp"))
        text = t("sentence", locale).format(first=text, next=cap(row))
    return text
