"""Semantic checks of the combat family (issue 21, family 7; docs/language.md "Family 7:
combat"), codes RF425-RF429. Called by :func:`runeforge.games.runebound.checks.check_ability`."""

from __future__ import annotations

from runeforge.dsl.runebound import nodes as n
from runeforge.games.runebound.lower.rbwound import (  # branch rbwound
    challenge_phase_wounds,
    priced_phase_wounds,
)


def check_combat(a: n.Ability, nodes, ctx, finding):
    """The findings (made by ``finding``, checks.Finding) of the combat family's rules."""
    if not any(isinstance(node, n.COMBAT_CLAUSES) for node in nodes):
        return  # the common case: one pass over the nodes already walked
    if not (ctx.kind == "challenge" and challenge_phase_wounds(a)):  # branch rbwound: its own
        yield from _additional_wounds(a, finding)
    yield from _rerolls(a, nodes, ctx, finding)
    yield from _protections(nodes, finding, ctx.kind)
    yield from _assists(a, nodes, ctx, finding)


def _additional_wounds(a: n.Ability, finding):
    """RF425: "inflict N additional wounds" adds to an attack that succeeded: it belongs in
    "If you succeed," after an attack of the same ability, and on the enemy it hit."""
    if priced_phase_wounds(a) is not None:  # branch rbwound: that phase's attacks (lowered so)
        return
    attacked = False
    # branch rbseven: a trigger on a successful attack is that attack's success (its wounds
    # are dealt after the trigger's effects)
    hit = {id(x) for s in a.sentences for t in n.walk(s)
           if type(t) is n.Trigger and type(t.event) is n.AttackResult and t.event.success
           for x in n.walk(t.effect)}
    for s in a.sentences:
        for node, success in _with_outcome(s, False):
            if isinstance(node, n.Attack):
                attacked = True
            elif isinstance(node, n.InflictAdditional):
                if not (attacked and success or id(node) in hit):
                    yield finding(
                        "RF425", "additional wounds with no successful attack to add them to",
                        node.span, hint="make an attack first and write 'If you succeed, "
                                        "inflict N additional wounds on your enemy.'")
                elif node.target != "enemy":
                    yield finding(
                        "RF425", "additional wounds go to the enemy the attack hit",
                        node.span, hint="write 'on your enemy', or use 'inflict N wounds on "
                                        "...' for wounds of their own")


def _with_outcome(node, success: bool):
    """(node, inside "If you succeed,") for ``node`` and every node below it, in order."""
    yield node, success
    if isinstance(node, n.Outcome):
        inner = success or node.outcome == "success"
        if node.outcome == "failure":
            inner = False
        yield from _with_outcome(node.effect, inner)
    elif isinstance(node, n.And):
        for item in node.items:
            yield from _with_outcome(item, success)
    elif isinstance(node, (n.MayDo, n.During, n.Trigger)):
        yield from _with_outcome(node.effect, success and not isinstance(node, n.Trigger))


ADVENTURE_KINDS = ("challenge", "event", "encounter")


def _rerolls(a: n.Ability, nodes, ctx, finding):
    """RF426: "reroll your combat roll" is used right after the Hero's combat roll: not on an
    adventure card (no Hero uses it), not in a window, not inside an outcome, a duration or
    a trigger (no roll is being made there), not with a cancel (another moment)."""
    rerolls = [node for node in nodes if isinstance(node, n.Reroll)]
    if not rerolls:
        return
    first = rerolls[0]
    if ctx.kind in ADVENTURE_KINDS:
        yield finding("RF426", f"a {ctx.kind} card cannot reroll a combat roll: no Hero uses "
                               "its text after a roll", first.span,
                      hint="put the reroll on a Hero, Ally or item card")
    if a.window is not None:
        yield finding("RF426", f"a reroll in the window '{a.window.replace('_', ' ')}': it is "
                               "used right after a combat roll", first.span,
                      hint="drop the window: 'Once per combat, take 1 exhaustion to reroll "
                           "your combat roll.'")
    if any(isinstance(node, n.Cancel) for node in nodes):
        yield finding("RF426", "a reroll and a cancel in one ability: they are used at "
                               "different moments", first.span,
                      hint="make them two abilities")
    for s in a.sentences:
        for node, outer in n.within_scopes(s, n.Reroll):
            if outer is not None:
                yield finding("RF426", f"'reroll your combat roll' inside {outer}: no combat "
                                       "roll has just been made there", node.span,
                              hint="a reroll is its own sentence, after its costs")


def _protections(nodes, finding, kind: str = ""):
    """RF427: a cap on wounds per phase protects your Hero, or the card's own figure ("this
    challenge", "this Ally"); the engine has no cap for other Allies or Heroes. RF428 (warning): a cap of 0 leaves no wound at all in the phases."""
    for node in nodes:
        if not isinstance(node, n.WoundCap):
            continue
        own = ("hero", "you", "this_challenge", "this_ally") + \
            (("enemy",) if kind == "challenge" else ())  # there the challenge (RF441 warns)
        if node.subject not in own:
            # "this challenge / this Ally takes no more than ..." (issue 32, session self): the
            # engine caps the wounds of the card's own figure (RF450 off its own card)
            # a word ("each_ally") or a selector of Heroes ("each other Hero in your space")
            who = node.subject.replace("_", " ") if isinstance(node.subject, str) \
                else "other Heroes"
            yield finding("RF427", f"a cap on wounds in each combat phase is for your Hero, "
                                   f"not {who}", node.span,
                          hint="write 'Your Hero takes no more than N wounds in each combat "
                               "phase.'")
        elif node.value == 0 and node.subject in ("hero", "you"):
            yield finding("RF428", "no more than 0 wounds: your Hero takes no wounds at all in "
                                   "the combat phases", node.span,
                          hint="if that is meant, 'Your Hero is immune to ranged attacks.' "
                               "(and melee, magic) says it per phase", severity="warning")


def _assists(a: n.Ability, nodes, ctx, finding):
    """RF429: an attack against another Hero's enemy is used in that phase of another Hero's
    combat: by a Hero's own card (not an adventure card), tagged with its phase (or Any
    Phase), in no window, and not with a reroll (another moment)."""
    for node in nodes:
        if not isinstance(node, n.AttackOther):
            continue
        if ctx.kind in ADVENTURE_KINDS:
            yield finding("RF429", f"a {ctx.kind} card cannot attack another Hero's enemy",
                          node.span, hint="put it on a Hero, Ally or item card")
        elif a.tag not in (node.phase, "any_phase", "all_phases") or a.window is not None:
            yield finding("RF429", f"an attack against another Hero's enemy is used in the "
                                   f"{node.phase} phase of that Hero's combat", node.span,
                          hint=f"tag the ability '{node.phase.title()}:'")
        elif any(isinstance(x, n.Reroll) for x in nodes):
            yield finding("RF429", "an attack against another Hero's enemy and a reroll in "
                                   "one ability: they are used at different moments",
                          node.span, hint="make them two abilities")
