"""Other heroes take a basic action by an ability (issue 32, session delve10): "Another hero in
your chamber may take a Move action." (IR ``basic`` with ``targets`` and ``chooser: them``).

Each hero the selector picks (a choice of the ability's hero when it names one of several)
takes the action as :func:`basic.take` runs it for the ability's own hero: a Move up to its
own Move value to a cell its own player chooses (none: it stays), or a Recuperate that heals
it 1 wound and fires its own "every time you recuperate" rules. It is free: no die of theirs
is spent (another hero holds none during your turn)."""

from __future__ import annotations

from . import basic
from .choose import pick


def take(game, owner, e: dict, ctx: dict, choice, apply) -> dict:
    done = {f.id: basic.take(game, f, {"op": "basic", "act": e["act"]}, None, apply)
            for f in pick(game, owner, e["targets"], ctx, choice) if f.side == "hero"}
    return {"op": "basic", "act": e["act"], "by": done}
