"""A duration over a choice (issue 32, branch runs, "what compiles runs"): "Before Combat:
Discard one of your Items, or this challenge receives +2 Body for the rest of the combat."
The modifiers of a clause nest outside it (parser_rbmodi.py), so the duration holds the whole
choice; the engine kept the choice as a rule in force and never ran it. In English the
duration says how long the option that lasts lasts: the choice is made when the ability is
used, an option that happens at once happens then, and an option made of rules that last is
kept in force for the duration. Likewise "Until the end of this turn, you may receive +1 Body."
(or "... pay 1 gold to receive +1 Body"): the Hero may take the bonus (pay for it) when the
ability is used, and it lasts. check refuses (RF530) an option that mixes the two, and a
choice none of whose options lasts (checks/rbmodi.py asks :func:`lasts`)."""

from __future__ import annotations

import dataclasses

from runeforge.dsl.runebound import nodes as n

# what the Hero may do (or pay for) when the ability is used: a duration over it holds what
# is done
OPTIONAL = (n.MayDo, n.PayTo)


def lasts(option, lasting: tuple) -> bool | None:
    """True if every clause of ``option`` is a rule that lasts, False if none is, None if
    the option mixes them. ``lasting``: the clause types a duration keeps."""
    from .rbmodi import lasting_dice

    kept = [isinstance(c, lasting) or lasting_dice(c) for c in n.clauses(option)]
    return True if all(kept) else (False if not any(kept) else None)


def _chain(node: n.During) -> tuple[list, object]:
    """The durations nested from ``node`` down, and what the innermost holds."""
    chain, held = [node], node.effect
    while type(held) is n.During:
        chain.append(held)
        held = held.effect
    return chain, held


def _within(chain: list, inner):
    """``inner`` under the durations of ``chain`` (outermost first)."""
    for d in reversed(chain):
        inner = n.During(d.until, inner, span=d.span)
    return inner


def register(effect, lasting_types) -> None:
    """``lasting_types()``: the clause types a duration keeps (the lowering's rules in force,
    read when a text is lowered: later families add to them)."""
    plain = effect.dispatch(n.During)

    @effect.register
    def _(node: n.During) -> list[dict]:
        chain, held = _chain(node)  # durations nested in durations: all go inside
        lasting = lasting_types()
        if type(held) in OPTIONAL and lasts(held.effect, lasting):
            # "Until the end of this turn, you may receive +1 Body.": the Hero may take the
            # bonus now, and it lasts; the durations go inside "you may" (or the payment)
            return effect(dataclasses.replace(held, effect=_within(chain, held.effect)))
        if type(held) is not n.Choice:
            return plain(node)
        options = []
        for option in held.options:
            if lasts(option, lasting):
                options.append(effect(_within(chain, option)))
            else:  # happens when chosen (a mixed option is refused at check)
                options.append(effect(option))
        return [{"op": "choose", "options": options}]


__all__ = ["OPTIONAL", "lasts", "register"]
