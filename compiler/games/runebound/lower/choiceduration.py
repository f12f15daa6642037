"""A duration over a choice (issue 32, branch runs, "what compiles runs"): "Before Combat:
Discard one of your Items, or this challenge receives +2 Body for the rest of the combat."
The modifiers of a clause nest outside it (parser_rbmodi.py), so the duration holds the whole
choice; the engine kept the choice as a rule in force and never ran it. In English the
duration says how long the option that lasts lasts: the choice is made when the ability is
used, an option that happens at once happens then, and an option made of rules that last is
kept in force for the duration. check refuses (RF530) an option that mixes the two, and a
choice none of whose options lasts (checks/rbmodi.py asks :func:`lasts`)."""

from __future__ import annotations

from runeforge.dsl.runebound import nodes as n


def lasts(option, lasting: tuple) -> bool | None:
    """True if every clause of ``option`` is a rule that lasts, False if none is, None if
    the option mixes them. ``lasting``: the clause types a duration keeps."""
    from .rbmodi import lasting_dice

    kept = [isinstance(c, lasting) or lasting_dice(c) for c in n.clauses(option)]
    return True if all(kept) else (False if not any(kept) else None)


def _lasting() -> tuple:
    from . import STATIC_CLAUSES, STATIC_SENTENCES

    return STATIC_CLAUSES + STATIC_SENTENCES + (n.Trigger,)


def register(effect) -> None:
    plain = effect.dispatch(n.During)

    @effect.register
    def _(node: n.During) -> list[dict]:
        if type(node.effect) is not n.Choice:
            return plain(node)
        lasting = _lasting()
        options = []
        for option in node.effect.options:
            if lasts(option, lasting):
                options.append(plain(n.During(node.until, option, span=node.span)))
            else:  # happens when chosen (a mixed option is refused at check)
                options.append(effect(option))
        return [{"op": "choose", "options": options}]


__all__ = ["lasts", "register"]
