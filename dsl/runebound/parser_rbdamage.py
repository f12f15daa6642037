"""Transformer rules of branch rbdamage: how the wounds of an attack are counted.

* "This Ally inflicts double damage (against blue and red challenges) (in the melee phase)",
  "Your ranged attacks deal double damage", "this challenge inflicts triple damage": a
  multiplier of the wounds the figure's attacks deal (:class:`~.nodes.DamageRule`, "multiply");
* the core's "Double your melee damage (this phase)", "Double all wounds this challenge inflicts
  during the Melee phase" (refused by RF483 before: the engine had no multiplication) are the
  same rule; "this phase" is the rule until the end of the phase;
* "Against blue and red challenges, this Ally inflicts double damage." puts the colours on the
  rule (any other effect keeps rbmod's "While your enemy is ...");
* "This challenge takes only 1 wound from any successful attack, whatever the damage", "cannot
  suffer more than 1 wound from a single attack", "takes no more than 2 wounds from each
  attack": a cap on the wounds one attack puts on the figure ("cap", side "takes");
* "Your Hero takes no wounds from a failed defence roll": the cap 0 of the wounds of that roll;
* "If your magic attack succeeds by 5 or more, inflict 1 additional wound.": wounds added to a
  hit that beat its target by that much ("add", ``margin``).

parser.py installs the rules through parser_order.PARTS; this module does not import it.
"""

from __future__ import annotations

from lark import Token

from ..errors import AbilitySyntaxError
from . import nodes as n
from .parser_lists import value_of
from .parser_parts import _sp, _values, install_rules
from .parser_subjects import MORE_SPECIALS, _Special, as_target

PHASES = ("ranged", "melee", "magic")
FACTORS = {"double": 2, "doubles": 2, "triple": 3, "triples": 3}


def _factor(ch) -> int:
    word = next(c for c in ch if isinstance(c, Token) and c.type == "DOUBLE")
    return FACTORS[str(word).lower()]


def _count(ch) -> int:
    tok = next(c for c in ch if isinstance(c, Token) and c.type in ("NUMBER", "ONE"))
    return 1 if tok.type == "ONE" else int(tok)


def _scopes(ch):
    """(phase, colours) said by the rule's scopes ("in the melee phase", "against red
    challenges"); a phase said twice or two lists of colours: refused."""
    phase, colours = None, ()
    for c in ch:
        if isinstance(c, _Scope):
            _tag, kind, value = c
            if kind == "phase":
                if phase is not None:
                    raise AbilitySyntaxError("the phase of the rule is said twice", *_sp(ch),
                                             hint="say one phase: 'in the melee phase'")
                phase = value
            else:
                colours = value
    return phase, colours


def _colours(ch) -> tuple:
    said = value_of(ch)  # one Word, or a Several (a tuple of Words in canonical order)
    return tuple(str(v) for v in said) if isinstance(said, tuple) else (str(said),)


class _Scope(tuple):
    """("rbd_scope", kind, value) of "in the melee phase" / "against red challenges"."""

    span: tuple[int, int]


def _scope(kind, value, ch) -> _Scope:
    out = _Scope(("rbd_scope", kind, value))
    out.span = _sp(ch)
    return out


def figure(subject) -> str:
    """The rule's figure for a clause's subject ("you" is your Hero)."""
    subject = as_target(subject)
    if subject in ("you", "hero"):
        return "hero"
    if isinstance(subject, str) and subject in ("this_ally", "this_challenge", "enemy",
                                                "each_ally"):
        return str(subject)
    raise AbilitySyntaxError(
        "the wounds of an attack are counted for your Hero, this Ally, each of your Allies, "
        "this challenge or your enemy", *getattr(subject, "span", None) or (0, 0),
        code="RF553", hint="say it of your Hero, this Ally, each of your Allies, this "
                   "challenge or your enemy: 'Your Hero takes no more than 1 wound from a "
                   "single attack.'")


def _rule(subject, pred: _Special, span):
    mode, value, side, phase, colours, roll = pred.value
    return n.DamageRule(mode, value, figure(subject), side, phase, colours, roll, span=span)


MORE_SPECIALS["rbd_rule"] = _rule


class Rbdamage:
    def rbd_against(self, ch):
        return _scope("colours", _colours(ch), ch)

    def rbd_in_phase(self, ch):
        return _scope("phase", next(str(v) for v in _values(ch) if str(v) in PHASES), ch)

    def rbd_deals(self, ch):  # "This Ally inflicts double damage against red challenges"
        phase, colours = _scopes(ch)
        who = "this_challenge" if any(isinstance(c, Token) and c.type == "CHALLENGE"
                                      for c in ch[:2]) else "this_ally"
        return n.DamageRule("multiply", _factor(ch), who, "deals", phase, colours, span=_sp(ch))

    def rbd_attacks_deal(self, ch):  # "Your melee attacks deal double damage"
        said = [str(v) for v in _values(ch) if isinstance(v, str) and str(v) in PHASES]
        phase, colours = _scopes(ch)
        if said and phase is not None and said[0] != phase:
            raise AbilitySyntaxError(f"{said[0]} attacks are made in the {said[0]} phase",
                                     *_sp(ch), hint=f"drop 'in the {phase} phase'")
        return n.DamageRule("multiply", _factor(ch), "hero", "deals",
                            said[0] if said else phase, colours, span=_sp(ch))

    def rbd_takes_at_most(self, ch):  # "takes only 1 wound from any successful attack"
        phase, colours = _scopes(ch)
        return _Special("rbd_rule", ("cap", _count(ch), "takes", phase, colours, None), _sp(ch))

    def rbd_takes_none(self, ch):  # "takes no wounds from a failed defence roll"
        phase, colours = _scopes(ch)
        roll = "attack" if any(isinstance(c, Token) and c.type == "ATTACK" for c in ch) \
            else "defend"
        return _Special("rbd_rule", ("cap", 0, "takes", phase, colours, roll), _sp(ch))

    def rbd_margin(self, ch):  # "If your magic attack succeeds by 5 or more, inflict 1 ..."
        margin = int(next(c for c in ch if isinstance(c, Token) and c.type == "NUMBER"))
        phase = next((str(v) for v in _values(ch) if isinstance(v, str) and str(v) in PHASES),
                     None)
        effect = self._nested(ch[-1])
        if type(effect) is not n.InflictAdditional or effect.target != "enemy" \
                or effect.amount.kind != "fixed" or margin < 1:
            raise AbilitySyntaxError(
                "a hit's margin counts wounds only: 'succeeds by N or more' takes additional "
                "wounds on your enemy", *_sp(ch), code="RF557",
                hint="write 'If your magic attack succeeds by 5 or more, inflict 1 additional "
                     "wound.' (N at least 1), or 'If your attack succeeds, ...' for any effect")
        return n.DamageRule("add", effect.amount.values[0], "hero", "deals", phase,
                            margin=margin, span=_sp(ch))

    def rbd_takes_from_attack(self, ch):  # "your enemy takes 2 or more wounds from a single .."
        said = _values(ch)
        target = "hero" if len(said) == 1 else str(said[0])  # "you take ..." is your Hero
        return n.TakesWounds(target, said[-1], None, span=_sp(ch), attack=True)

    def double_wounds(self, ch):
        """The core's "Double your melee damage (this phase)", "Double all wounds this
        challenge inflicts during the Melee phase": the multiplier of the wounds your Hero's
        (the challenge's) attacks deal; "this phase" / "during this phase": until it ends."""
        toks = [c for c in ch if isinstance(c, Token)]
        types = [t.type for t in toks]
        said = list(zip(types, types[1:], strict=False))
        subject = "this_challenge" if ("THIS", "CHALLENGE") in said else "hero"
        phases = [str(v) for v in _values(ch) if isinstance(v, str) and str(v) in PHASES]
        this_phase = ("THIS", "PHASE") in said
        colours = _colours(ch) if "AGAINST" in types else ()  # "... against red challenges"
        rule = n.DamageRule("multiply", _factor(ch), subject, "deals",
                            phases[0] if phases else None, colours, span=_sp(ch))
        return n.During("end_of_phase", rule, span=_sp(ch)) if this_phase else rule


Rbdamage.double_wounds_against = Rbdamage.double_wounds


def _against_first(before):
    def against_first(self, ch):
        """"Against blue and red challenges, this Ally inflicts double damage.": the colours
        of the rule (any other effect: rbmod's "While your enemy is ...")."""
        effect = ch[-1]
        if isinstance(effect, n.DamageRule) and effect.side == "deals" and not effect.colours:
            return n.DamageRule(effect.mode, effect.value, effect.subject, effect.side,
                                effect.phase, _colours(ch), effect.roll, span=_sp(ch))
        return before(self, ch)

    return against_first


def install(cls) -> None:
    before = cls.against_first
    install_rules(cls, Rbdamage)
    cls.against_first = _against_first(before)


__all__ = ["Rbdamage", "figure", "install"]
