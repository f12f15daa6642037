"""English templates of Delve's rules text for issue 32, session delve10 (the msgids; the
catalogs locales/<loc>/LC_MESSAGES/delve.po translate them): other heroes who take a basic
action ("Another hero in this chamber may take a Move action."), ``.many`` for a plural
subject."""

from __future__ import annotations

TEMPLATES10 = {
    "effect.basic_them.move": "{who} may take a Move action",
    "effect.basic_them.move.many": "{who} may take a Move action",
    "effect.basic_them.recuperate": "{who} may take a Recuperate action",
    "effect.basic_them.recuperate.many": "{who} may take a Recuperate action",
}
