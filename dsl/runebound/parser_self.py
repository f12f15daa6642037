"""Transformer rules of subjects that name the card itself and of the rules said of them
(issue 32, session self): a challenge's immunities as cards print them ("Immune to ranged
attacks.", "This challenge is immune to ranged and magic attacks."), the attack bonus said of
the attacks ("Your magic attacks against this challenge get -2."). :mod:`.parser_core` installs
them. Each is an accepted variant of a form the language has: it parses to that form's AST, and
`fmt` prints the canonical form.

* "Immune to ranged attacks." is "This challenge is immune to ranged attacks." (a challenge's
  card prints its immunities with the subject left out; the checks refuse it on any other card,
  RF450, with a hint to say whose the immunity is);
* "... immune to ranged and magic attacks" is one immunity per phase, joined by "and";
* "Your <phase> attacks [against this challenge | against your enemy] get +N" is "You receive +N
  to <phase> combat rolls." (the enemy is the one the Hero fights; "this challenge" only on a
  challenge's card: the checks refuse it elsewhere, RF450).
"""

from __future__ import annotations

from dataclasses import fields, is_dataclass, replace

from lark import Token

from ..errors import AbilitySyntaxError
from . import nodes as n
from .nodes_lists import canonical
from .parser_parts import _ImmuneSet, _sp, _values, immune_set
from .parser_rbnp import every_roll
from .parser_subjects import _Special, with_subject


def _phases(ch) -> list[str]:
    return [str(v) for v in _values(ch)]


def _all_but(ch) -> list[str]:
    """The phases of "all attacks", but those after "except"."""
    but = set(_phases(ch))
    return [p for p in ("ranged", "melee", "magic") if p not in but]


_joined = immune_set


class SelfRules:
    """The rules of a card's own subject ("this challenge", the subject left out)."""

    def immune_bare(self, ch):  # "Immune to ranged (and magic) attacks."
        span = _sp(ch)
        return _joined([n.Immune(p, "this_challenge", span=span) for p in _phases(ch)], span,
                       self)

    def p_immune_many(self, ch):  # "is immune to ranged and magic attacks" (one per phase)
        return _Special("immune_many", tuple(_phases(ch)), _sp(ch))

    def immune_all(self, ch):  # "Immune to all attacks (except magic attacks)."
        span = _sp(ch)
        return _joined([n.Immune(p, "this_challenge", span=span) for p in _all_but(ch)], span,
                       self)

    def p_immune_all(self, ch):
        return _Special("immune_many", tuple(_all_but(ch)), _sp(ch))

    def attacks_cannot_wound(self, ch):  # "Ranged (and magic) attacks cannot wound <subject>"
        *phases, subject = _values(ch)
        return with_subject(subject, _Special("immune_many", tuple(map(str, phases)), _sp(ch)),
                            _sp(ch), self)

    def p_cannot_attack_in(self, ch):  # "(Your Allies) cannot attack this challenge during
        return _Special("attack_in", str(_values(ch)[0]), _sp(ch))  # the Magic phase"

    def allies_cannot_attack_in(self, ch):
        return self.phase_bar(str(_values(ch)[0]), _sp(ch))

    def phase_bar(self, phase: str, span):
        """The Allies barred in one phase: a placeholder the ability rule resolves."""
        self._phase_bar = True
        return _PhaseBar(phase, span=span)

    def p_cannot_be_escaped(self, ch):  # "This challenge cannot be escaped (from)."
        return _Special("escaped", "be escaped", _sp(ch))

    def p_cannot_be_attacked(self, ch):  # "This challenge cannot be attacked by Allies."
        return _Special("attacked", "be attacked by Allies", _sp(ch))

    def attack_bonus(self, ch):  # "Your (magic) attacks (against this challenge) get -2"
        value = int(next(t for t in ch if isinstance(t, Token) and t.type == "SIGNED"))
        span = _sp(ch)
        phases = _phases(ch) or every_roll()  # "your attacks": every phase (the tag's)
        return immune_set([n.Modifier("you", f"{p}_roll", value, span=span) for p in phases],
                          span, self)

    def roll_bonus_many(self, ch):  # "+1 to your melee and ranged attacks" (issue 32, lists)
        value = int(next(t for t in ch if isinstance(t, Token) and t.type == "SIGNED"))
        span = _sp(ch)
        return immune_set([n.Modifier("you", f"{p}_roll", value, span=span)
                           for p in canonical(_phases(ch))], span, self)

    def extra_wounds_many(self, ch):  # "Your ranged and magic attacks deal 1 additional wound"
        count = int(next(t for t in ch if isinstance(t, Token) and t.type == "NUMBER"))
        span = _sp(ch)
        return immune_set([n.ExtraWounds(count, p, span=span) for p in canonical(_phases(ch))],
                          span, self)


__all__ = ["SelfRules"]


def _split_immunities(ch):
    """The sentences of an ability with each immunity to several phases ("... immune to ranged
    and magic attacks.") made one sentence per phase: each is an always-on rule of its own, as
    "This challenge is immune to ranged attacks. This challenge is immune to magic attacks."
    says (the printed form, which parses back to the same sentences)."""
    out = []
    for c in ch:
        if type(c) is _ImmuneSet:
            out.extend(c.items)
        else:
            out.append(c)
    return out


def _plain(node):
    return n.And(node.items, span=node.span) if type(node) is _ImmuneSet else node


def install(cls) -> None:
    """Wrap the transformer's ``ability`` rule of ``cls`` (parser_core.install calls this last)."""
    ability = cls.ability

    def ability_(self, ch):
        immune_set = self.__dict__.pop("_immune_set", False)
        if immune_set:
            ch = _split_immunities(ch)
        out = ability(self, ch)
        if immune_set:  # one below a prefix ("Until ..., ...") is a plain And
            out = _rebuild(out, _plain)
        if self.__dict__.pop("_extra_damage", False):  # set by self_extra_wounds
            out = _phase_damage(out)
        if self.__dict__.pop("_phase_bar", False):  # set by phase_bar
            out = _phase_bar(out)
        return out

    cls.ability = ability_


class _PhaseBar(n.Nothing):
    """"Allies cannot attack this challenge during the <phase> phase" until the ability is
    known (:func:`_phase_bar`)."""

    def __init__(self, phase, span):
        object.__setattr__(self, "phase", phase)
        super().__init__(span=span)


def _phase_bar(a: n.Ability) -> n.Ability:
    """``a`` whose one sentence bars the Allies in the magic phase: "Magic: Until the end of
    this combat round, Allies cannot attack this challenge." (the magic step is a round's
    last); a located error for another phase, or with other text in the ability."""
    bars = [s for s in a.sentences if type(s) is _PhaseBar]
    if not bars:  # below a prefix, or in a list of actions
        nested = next((x for s in a.sentences for x in n.walk(s) if type(x) is _PhaseBar), None)
        if nested is None:
            return a
        bars = [nested]
    bar = bars[0]
    if bar.phase != "magic":
        raise AbilitySyntaxError(
            f"the Allies cannot be barred in the {bar.phase} phase alone: the engine bars them "
            "to the end of a combat round or of the combat", *bar.span,
            hint="did you mean: 'Allies cannot attack this challenge.'?")  # the whole combat
    if len(a.sentences) != 1 or a.tag or a.window or a.costs or a.limits \
            or type(a.sentences[0]) is not _PhaseBar:
        raise AbilitySyntaxError(
            "the Allies barred in the Magic phase is an ability of its own", *bar.span,
            hint="did you mean: 'Magic: Until the end of this combat round, Allies cannot "
                 "attack this challenge.'?")  # an ability of its own
    rule = n.During("end_of_round", n.Restrict("ally_attack", span=bar.span), span=bar.span)
    return replace(a, tag="magic", sentences=(rule,))


class _ExtraDamage(n.Modifier):
    """"This challenge inflicts N extra wounds": a Modifier of the damage of the phase the
    ability's tag names, known once the whole ability is (see :func:`_phase_damage`)."""


def _self_extra_wounds(self, ch):
    subject = "this_ally" if any(type(t) is Token and t.type == "ALLY" for t in ch) \
        else "this_challenge"
    target = next((v for v in _values(ch)), None)
    value = int(next(t for t in ch if type(t) is Token and t.type == "NUMBER"))
    want = "enemy" if subject == "this_ally" else "hero"
    if target is not None and str(target) != want:
        said = "your enemy" if want == "enemy" else "your Hero"
        who = "This Ally" if subject == "this_ally" else "This challenge"
        wounds = "wound" if value == 1 else "wounds"
        raise AbilitySyntaxError(
            f"the extra wounds of {who[0].lower() + who[1:]}'s attack go to {said}", *_sp(ch),
            hint=f"did you mean: 'Melee: {who} deals {value} extra {wounds} to {said}.'?")
    self._extra_damage = True  # the ability rule resolves the phase (this parse only)
    return _ExtraDamage(subject, "extra_damage", value, span=_sp(ch))


SelfRules.self_extra_wounds = _self_extra_wounds


def _rebuild(node, fn):
    """``node`` with ``fn`` applied to every AST node below it (bottom-up), rebuilt only where
    something changed."""
    if isinstance(node, tuple):
        out = tuple(_rebuild(i, fn) for i in node)
        return out if any(a is not b for a, b in zip(out, node, strict=True)) else node
    if not is_dataclass(node) or isinstance(node, type):
        return node
    changes = {}
    for f in fields(node):
        value = getattr(node, f.name)
        new = _rebuild(value, fn)
        if new is not value:
            changes[f.name] = new
    return fn(replace(node, **changes) if changes else node)


def _phase_damage(a: n.Ability) -> n.Ability:
    """``a`` with each "this challenge / this Ally inflicts N extra wounds" made the damage of
    the phase its tag names; a located error without a phase tag."""
    def fix(node):
        if type(node) is not _ExtraDamage:
            return node
        if a.tag not in ("ranged", "melee", "magic"):
            who = "This challenge" if node.subject == "this_challenge" else "This Ally"
            wounds = "wound" if node.value == 1 else "wounds"
            raise AbilitySyntaxError(
                "extra wounds of which attack? The phase is not said", *node.span,
                hint=f"did you mean: 'Melee: {who} deals {node.value} extra {wounds}.'?")
        return n.Modifier(node.subject, f"{a.tag}_damage", node.value, span=node.span)

    return _rebuild(a, fix)
