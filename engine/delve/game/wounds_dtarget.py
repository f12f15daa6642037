"""An adversary's rules when its attack wounds a hero (issue 32, part III, branch dtarget):
"When this adversary wounds a hero, that hero …" (trigger event ``wounds``). They run after
the attack roll that dealt the hero at least one wound (after its ward and its soak), from
the adversary phase or an attack by ability (``foes.roll_at``), with the hero as "that hero"
(as after its attack, ``events.attacked``). A hero the wound took down is off the board: the
rule does not run for it."""

from __future__ import annotations

from . import events


def wounds(game, figure, hero, apply) -> None:
    """Run ``figure``'s ``wounds`` rules for ``hero``, whom its attack just wounded."""
    s = game.state
    rules = events._rules(game, figure, "wounds")
    if rules and figure in s.figures and hero in s.figures:
        ctx = {"attacked": hero, "picked": [hero], "target": hero}
        events.run(game, figure, "wounds", rules, ctx, apply)
