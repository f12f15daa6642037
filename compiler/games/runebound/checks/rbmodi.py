"""Checks of branch rbmodi (issue 32): the modifiers of a clause where the engine cannot run them.

A clause's modifiers nest in one order (parser_rbmodi.py): condition > count > duration. What is
left that would compile and do nothing, or do what the sentence does not say, is refused here,
at the modifier's words:

* RF530 (error): a duration over an effect that happens at once ("Gain 2 gold until the end
  of your turn.", "Heal 1 wound this turn."): the engine keeps a duration's rules in force (a
  bonus, a prohibition, a price, a trigger) and never runs a one-off effect kept so, so the gain
  does not happen. An error (issue 32, "what compiles runs": it was a warning, and such a text
  compiled and did nothing); the hint proposes the text without the duration.
* RF531 (error): "for each ..." over an effect with no amount to multiply ("End your turn for
  each Ally you have.", "Make a magic attack for each Item you have."): a count multiplies an
  amount (gold, wounds, a bonus); an attack, a test, a prohibition or the end of a turn has
  none.
"""

from __future__ import annotations

from runeforge.dsl.runebound import nodes as n
from runeforge.dsl.runebound.printer import DURATIONS
from runeforge.engine.runebound.core.durations_nest import earlier
from runeforge.games.runebound.checks.rf530hint import without_duration
from runeforge.games.runebound.lower.choiceduration import OPTIONAL, lasts
from runeforge.games.runebound.lower.rbmodi import lasting_dice

# what a duration's words are, for the messages
_WHAT = {"end_of_combat": "this combat", "end_of_round": "this combat round",
         "end_of_phase": "this phase",
         "end_of_turn": "this turn"}

# clauses with no amount for "for each" to multiply
_NO_AMOUNT = (n.Attack, n.AttackOther, n.Test, n.Restrict, n.EndTurn, n.Nothing, n.KeepTrophy,
              n.CannotBeWounded, n.Immune, n.GrantSkill, n.TerrainRule, n.MoveTo,
              n.DiscardEvent, n.WoundCap, n.Trigger)


def _lasting() -> tuple:
    from runeforge.games.runebound.lower import (  # the rules the engine keeps
        STATIC_CLAUSES,
        STATIC_SENTENCES,
    )

    # a 'while' rule in a duration is refused as such (RF416), not as a one-off effect
    return STATIC_CLAUSES + STATIC_SENTENCES + (n.Trigger,)


_THROUGH = (n.Each, n.MayDo, n.PayTo)  # "and", "each Hero ...", "you may ...", "pay 1 gold to"


def _through(effect, kinds) -> list:
    """The clauses under ``effect``, through "and" and every clause whose type is in
    ``kinds`` (its own effect is walked instead)."""
    out = []
    for clause in n.clauses(effect):
        if type(clause) in kinds:
            out.extend(_through(clause.effect, kinds))
        else:
            out.append(clause)
    return out


def _clauses(effect) -> list:
    """The clauses under ``effect`` a count multiplies: through "and", "each Hero ...", "you
    may ..." and a payment in the text ("pay 1 gold to ...")."""
    return _through(effect, _THROUGH)


def _counted(effect) -> list:
    """The clauses a count multiplies: through the clauses above, a duration and a condition."""
    return _through(effect, _THROUGH + (n.During, n.IfState, n.ForEach))


def _words(clause) -> str:
    from runeforge.dsl.runebound.printer import text

    try:
        return text(clause)
    except Exception:  # a clause the printer says only inside a sentence
        return type(clause).__name__


def _hint(a: n.Ability, node: n.During, said: str, once: list, lasting: tuple) -> str:
    """Propose the text without the duration when the duration holds only one-off effects;
    otherwise (a bonus and a gain under one duration) say the one-off effect apart."""
    if len(once) == len(n.clauses(node.effect)):
        bare = without_duration(a, node)
        if bare:
            return f"drop '{said}', which keeps nothing: '{bare}'"
    return (f"say '{_words(once[0])}' outside '{said}' (it happens when the ability is "
            f"used), and keep under it only a rule that lasts: 'you receive +1 Body {said}'")


def _nested(node: n.During, held: list, finding):
    """RF560: a duration inside a duration whose ends are not on one line (the engine runs a
    duration inside another to the earlier end: engine/runebound/core/durations_nest.py)."""
    for inner in (c for c in held if type(c) is n.During):
        if earlier(node.until, inner.until) is None:
            outer_said = DURATIONS.get(node.until, node.until.replace("_", " "))
            inner_said = DURATIONS.get(inner.until, inner.until.replace("_", " "))
            yield finding(
                "RF560", f"'{inner_said}' inside '{outer_said}': the engine cannot tell which "
                         "of the two ends comes first", inner.span,
                hint=f"say one duration: '{_cap(inner_said)}, ...' or "
                     f"'{_cap(outer_said)}, ...'")


def _cap(s: str) -> str:
    return s[:1].upper() + s[1:]


# the node types check() reads: an ability with none of them gets no finding here, and
# checks/__init__.py runs check() only on one that has one (issue 38)
NODES = (n.During, n.ForEach)


def check(a: n.Ability, ctx, nodes, finding):
    """RF530 and RF531 for ability ``a`` (one pass over ``nodes``)."""
    lasting = None
    for node in nodes:
        kind = type(node)
        if kind is n.During and node.until != "this_event":  # that one: RF458 (place.py)
            lasting = lasting or _lasting()
            held = n.clauses(node.effect)
            yield from _nested(node, held, finding)
            if type(node.effect) in OPTIONAL and lasts(node.effect.effect, lasting):
                continue  # what the Hero may do is kept (branch runs, choiceduration.py)
            if type(node.effect) is n.Choice:  # the options that last are kept (branch runs)
                kinds = [lasts(o, lasting) for o in node.effect.options]
                if True in kinds and None not in kinds:
                    continue
                held = [o for o, k in zip(node.effect.options, kinds, strict=True)
                        if k is not True]
            once = [c for c in held if type(c) is not n.During
                    and not isinstance(c, lasting) and not lasting_dice(c)]
            if once:
                said = DURATIONS.get(node.until, "a duration")
                yield finding(
                    "RF530", f"'{said}' over an effect that happens at once: the engine keeps "
                             "a duration's rules in force (a bonus, a prohibition, a price, a "
                             "trigger), and a one-off effect kept so never happens",
                    node.span, hint=_hint(a, node, said, once, lasting))
        elif kind is n.ForEach:
            bare = next((c for c in _counted(node.effect) if isinstance(c, _NO_AMOUNT)), None)
            if bare is not None:
                yield finding(
                    "RF531", "'for each ...' multiplies an amount (gold, wounds, a bonus), and "
                             f"'{_words(bare)}' has none", node.span,
                    hint="count something with an amount ('gain 1 gold for each Ally you "
                         "have'), or drop 'for each ...'")


__all__ = ["check"]
