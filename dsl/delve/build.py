"""From sentences of clauses and modifiers to the AST (:mod:`.nodes`).

* **Clauses.** A subject (you, a selector, "your attacks") and a verb with its objects
  become one effect: "each hero in this chamber heals 1 wound" and "heal 1 wound on each hero
  in this chamber" are the same :class:`~.nodes.Heal`. Some verbs only "you" can do (explore,
  attack, reroll, a bonus); the verb agrees with its subject ("each hero heals", "you heal",
  "heroes are"), else RF924 with the sentence rewritten.
* **Modifiers.** A duration or a condition before the clauses of its sentence governs the
  rest of the sentence ("If it hits, push it 1 space and …"); after a clause, that clause
  ("… heal 1 wound if you have 2 or more wounds"). A trigger ("every time …", "at the end of
  your turn") anywhere makes the ability a trigger; "once per turn" is its limit; "Hit 3+,
  Damage 2" gives its numbers to the attack before it; "even if you are pinned" and
  "including yourself" add nothing (an ability's move is never pinned; "each hero" includes
  you).
"""

from __future__ import annotations

from dataclasses import replace

from ..errors import AbilitySyntaxError
from . import (
    approach,
    attack_riders,
    basic_actions,
    begins,
    behaviour_dsight,  # issue 32 (branch dsight)
    best_of,
    dice_ddice,
    disarm,
    discard,
    first_time,
    hit_dtarget,  # issue 32 (branch dtarget)
    instead,
    keep_away_dmove,  # issue 32 (branch dmove)
    next_attack,
    passage_dmove,  # issue 32 (branch dmove)
    per_count,
    pierce,
    placing,
    prohibit_dadv2,
    roll_tail_ddice,
    rolls,
    scouting,
    soak,
    spawn_dadv2,
    target_dtarget,  # issue 32 (branch dtarget)
    this_hero,
    tolls,
    ward_ddice,
    wounds_dtarget,  # issue 32 (branch dtarget)
)
from . import aura_dhero as aura  # issue 32 (branch dhero)
from . import nodes as n
from .agreement import plural_all  # issue 32 (branch delve12)
from .printer import singular as is_singular
from .spared_dhero import spared  # issue 32 (branch dhero)
from .words import YOU, Attacks, Clause, Mod, Part, Who, low

ONLY_YOU = ("explore", "skill", "strike", "attack", "weapon", "reroll", "boost", "pick",
            "put_back", "deal_wounds",
            "take_action",  # issue 32 (session delve9): a basic action by name
            "place", "peek",  # issue 32 (session delve11): your figure, the deck
            "spawn")  # branch dadv2: adversaries placed by an adversary's rule
ONLY_YOU += ("die",)   # your own hero dice (branch ddice)
THIRD = {"have": "has", "are": "is", "do": "does", "can": "can", "may": "may",
         "cannot": "cannot", "push": "pushes", "slay": "slays"}


class Sentence:
    """What a sentence says beyond its effects: the trigger, a limit, Hit and Damage."""

    def __init__(self):
        self.trigger = None     # (event dict, span)
        self.limit = None
        self.round_span = None  # "once per round": where it is said (parser.py)


def third_person(word: str) -> str:
    w = word.lower()
    if w in THIRD:
        return THIRD[w]
    return w + "es" if w.endswith(("sh", "ch", "s", "x")) else w + "s"


def base_form(word: str) -> str:
    w = word.lower()
    for base, third in THIRD.items():
        if w == third:
            return base
    if w.endswith(("shes", "ches", "sses", "xes")):
        return w[:-2]
    return w[:-1] if w.endswith("s") and not w.endswith("ss") else w


def _agree(clause: Clause, text: str) -> None:
    """RF924 when the verb does not agree with its subject."""
    verb = clause.pred.verb
    if verb is None or verb.type in ("CANNOT", "IMMUNE", "PLUS") or (
            verb.type == "DO" and clause.pred.kind == "forbid" and clause.subject is None):
        return
    word = str(verb)
    subj = clause.subject
    if clause.modal:
        want = base_form(word)
    elif subj is None:
        if not clause.said_you:
            return          # an imperative, or an adversary's rule with its subject left out
        want = base_form(word)
    elif isinstance(subj, Attacks):   # "your next attack deals" (delveheroes)
        want = third_person(base_form(word)) if subj.next else base_form(word)
    else:
        singular = not subj.plural and is_singular(subj.sel) \
            and not plural_all(subj.sel.span, text)   # "all heroes are" (delve12)
        want = third_person(base_form(word)) if singular else base_form(word)
    if want != word.lower():
        fixed = text[:verb.start_pos] + (want.capitalize() if word[:1].isupper() else want) \
            + text[verb.start_pos + len(word):]
        who = "you" if subj is None else text[slice(*_span(subj))]
        raise AbilitySyntaxError(f"'{word}' does not agree with '{who}'", verb.start_pos,
                                 verb.start_pos + len(word), code="RF924",
                                 hint=f"did you mean: '{fixed.strip()}'?")


def _span(subj) -> tuple:
    return subj.sel.span if isinstance(subj, Who) else subj.span


def effect_of(clause: Clause, text: str, agree: bool = True):
    """The effect a clause says (subject and verb together)."""
    if agree:
        _agree(clause, text)
    clause = this_hero.as_you(clause)   # "this hero suffers …" = "you suffer …" (delveheroes)
    p, subj, span = clause.pred, clause.subject, clause.span
    kind, d = p.kind, p.data
    who = subj.sel if isinstance(subj, Who) else None
    if kind == "hit_need":   # "… must roll 5 or higher to hit" (branch dtarget)
        return hit_dtarget.build(subj, d, span)
    if kind == "hit_on":     # "your next attack hits on a roll of 2+" (branch dtarget)
        return hit_dtarget.build_on(subj, d, span)
    if isinstance(subj, Attacks):
        return _attacks_effect(subj, p, span)
    if kind == "pass_through":   # "You may move through other figures." (branch dmove)
        return passage_dmove.build(who, d, span)
    if kind == "keep_away":   # "It never moves adjacent to a hero." (branch dmove)
        return keep_away_dmove.build(who, d, span)
    if who is not None and kind in ("strike", "boost") and _adversary_itself(who) and (
            kind == "strike" or d["stat"] == "move"):
        return _by_adversary(kind, d, who, span)     # issue 32 (session delve8)
    if kind == "strike" and target_dtarget.left_out(clause, d, base_form):   # "Attacks the
        return _by_adversary(kind, d, n.Selector("self", "adversary", span=span), span)  # dtarget
    if kind == "roll_die":   # "<who> rolls a die" (session delve10): rows follow
        return rolls.RollDie(who, (), span)
    if who is not None and kind == "take_action":   # heroes take it (session delve10)
        return basic_actions.build(d, span, who)
    if aura.is_aura(who, kind, d):   # a bonus to other heroes (branch dhero)
        return aura.build(who, kind, d, span)
    if who is not None and kind in ONLY_YOU + ("their",):
        raise AbilitySyntaxError(f"only you can '{low(p.verb)}' here", *who.span,
                                 hint="leave out the subject: the ability's hero does it")
    if kind == "take_action":   # "take a Move action" (issue 32, session delve9)
        return basic_actions.build(d, span)
    if kind == "best_of":    # "Roll two dice and use the higher result." (delve9)
        return best_of.BestOf(d["n"], span)
    rider = attack_riders.build(who, p, text, span) if kind == "deal" else None
    if rider is not None:    # "It deals +1 damage against …" after an attack (delve11)
        return rider
    if kind == "spawn":      # "place another adversary of the same kind …" (dadv2)
        return spawn_dadv2.build(d, span)
    if kind == "place":      # "place your figure in an empty space …" (delve11)
        return placing.build(d, span)
    if kind in ("peek", "bury"):   # "look at the top card of the exploration deck" (delve11)
        return scouting.build(kind, clause, text, span)
    if kind == "toll":       # "heroes … must spend a 3+ die to explore" (delve11)
        return tolls.build(who, d, span)
    if kind in ("soak_cap", "soak_small"):   # "cannot suffer more than 1 wound …" (dtarget)
        return wounds_dtarget.build(clause, kind, d, span)
    if kind == "soak":       # "… from a single attack, prevent 1 of them" (delve9)
        return soak.build(d, span)
    if kind == "approach":   # "moves toward the nearest hero" (issue 32, session delve9)
        return approach.build(subj if isinstance(subj, Who) else None, d, span)
    if kind == "explore":
        return n.Explore(span)
    if kind == "skill":
        return n.Skill(span)
    if kind == "move":
        target = d.get("obj") or who
        if target is None and d["dir"] is None:
            return n.Move(d["n"], span)
        if d["dir"] is None and target.side == "hero" and not (
                d.get("obj") is not None and who is not None):  # heroes move where they like
            return n.Move(d["n"], span, target, their=d.get("obj") is None)
        if target is not None and d.get("obj") is not None and who is not None:
            raise AbilitySyntaxError("a move names its figure once", *who.span,
                                     hint="write 'move <who> N spaces towards …'")
        return _shift(target or n.Selector("self"), d["n"], d["dir"], span)
    if kind == "shift":
        return _shift(d["obj"], d["n"], d["dir"], span)
    if kind == "heal":
        if who is not None and d["obj"] is not None:
            raise AbilitySyntaxError("a heal names its figure once", *d["obj"].span,
                                     hint="drop 'on …'")
        on = who or d["obj"]
        return n.Heal(d["n"], None if on is not None and on == n.Selector("self") else on, span)
    if kind == "renown":
        return n.Renown(d["n"], span, who)
    if kind == "suffer":
        return n.Suffer(who or n.Selector("self", span=span), d["n"], span)
    if kind == "deal_wounds":  # "deal 1 wound to each adjacent adversary": they suffer it
        return n.Suffer(d["obj"], d["n"], span)
    if kind == "strike":
        return n.Strike(d["range"], d["obj"], None, None, span)
    if kind == "attack":
        return _attack(d["range"], d["obj"], d["stats"], span)
    if kind == "weapon":
        hit, damage, hs, ds = d["stats"]
        target = {"combat": "adjacent", "missile": "visible", "area": "each"}[d["range"]]
        return n.Attack(target, d["range"], hit, damage, span, span, hs, ds)
    if kind == "reroll":
        return n.Reroll(d["dice"], span)
    if kind == "put_back":
        return None
    if kind == "ward":
        on = d["obj"]
        if who is not None:
            on = who
        return n.Ward(span, None if on is None or on == n.Selector("self") else on,
                      wounds=d.get("wounds", 1))
    if kind == "boost":
        return n.Boost(d["stat"], d["n"], d["range"], span)
    if kind == "pick":
        return n.Pick(d["obj"], span)
    if kind == "root":
        return n.Root(who or passage_dmove.own_subject(d, span), span)   # dmove: "Does not move."
    if kind == "disarm":   # "… cannot attack [<who>]" (issue 32, branches delve12, delveseven)
        return disarm.build(who, span, d.get("against"))
    if kind == "ward_until":   # "the next wound … before your next turn is ignored" (ddice)
        return ward_ddice.build(d, span)
    if kind == "die":   # "change one of your dice to show a 6" (branch ddice)
        return dice_ddice.build(d, span)
    if kind == "discard":   # "that hero discards 1 unspent hero die" (branch delveseven)
        return discard.build(who, d, span)
    if kind == "shielded":   # "you cannot be attacked [by …]" (branch delveseven)
        return disarm.build_shielded(who, span, d["by"])
    if kind == "lose_renown":   # read, then refused (issue 32, branch delve12)
        raise first_time.lost(p.span)
    if kind == "steadfast":   # "you cannot be pushed": the hero's own (branch delveseven)
        return n.Steadfast(who or (n.Selector("self", span=span) if clause.said_you else None),
                           d["pushed"], d["pulled"], span)
    if kind == "immune":
        return n.Immune(who, d["range"], span)
    if kind == "hamper":
        if who is None or who.side != "hero":
            raise AbilitySyntaxError("say whose attack rolls", *span,
                                     hint="write 'heroes adjacent to this adversary subtract 1 "
                                          "from their attack rolls'")
        return n.Hamper(who, d["n"], d["range"], span)
    if kind == "never_pinned":
        if who is not None and who.side == "hero" and who.quantity not in ("self", "that"):
            return spared(who, span)   # heroes spared the pin (branch dhero)
        if who is not None and who.quantity != "self":
            raise AbilitySyntaxError("only the hero whose card it is can be never pinned",
                                     *who.span, hint="write 'You are never pinned.'")
        return n.Unpinned(span)
    if kind == "forbid":
        if who is None:
            raise AbilitySyntaxError("say who cannot do it", *span,
                                     hint="write 'heroes adjacent to this adversary cannot "
                                          "heal wounds'")
        return n.Forbid(who, d["act"], span)
    if kind == "pinned":
        if who is None:
            raise AbilitySyntaxError("say who is pinned", *span,
                                     hint="write 'heroes within 2 spaces of this adversary "
                                          "are pinned'")
        return n.Pin(who, span)
    if kind == "deal" and who is None and d["n"] > 0 and low(p.verb) in ("deal", "do"):
        # "If it hits, deal 2 extra damage": wounds on the target, once the hit is known
        return _Extra(d["obj"], d["n"], span)
    if kind == "roll_against":
        on = d["obj"]
        return n.Guard(_guarded(on, span), "roll", d["n"], d["range"], span)
    if kind == "damage_against" and who is None:  # "reduce all damage dealt to it by 1"
        return n.Guard(_guarded(d["obj"], span), "damage", d["n"], d["range"], span)
    raise AbilitySyntaxError(f"'{low(p.verb)}' needs a subject here", *span,
                             hint="write 'your attacks …' or '<range> attacks against this "
                                  "adversary …'")


def _adversary_itself(who: n.Selector) -> bool:
    """"this adversary" or "it": an adversary's own card names the adversary so."""
    return who.quantity == "it" or who.quantity == "self" and who.side == "adversary"


def _by_adversary(kind: str, d: dict, who: n.Selector, span):
    """An adversary as the subject of a hero's verbs (issue 32, session delve8): "this
    adversary makes a missile attack against each visible hero", "it attacks the hero with
    the most wounds" (its weapons), "this adversary moves 2 extra spaces" (its Move)."""
    by = n.Selector("self", "adversary", span=who.span)
    if kind == "strike":
        return n.Strike(d["range"], d["obj"], None, None, span, by=by)
    return n.Boost("move", d["n"], None, span, on=by)


class _Extra:
    """"deal N extra damage [to it]" said by you: the target suffers N wounds, which only
    means something after "if it hits" (``_wrap`` makes it a Suffer there; anywhere else it
    is refused at the words)."""

    def __init__(self, on, wounds, span):
        self.on, self.wounds, self.span = on, wounds, span

    def suffer(self) -> n.Suffer:
        on = self.on if self.on is not None and self.on is not YOU else None
        if on is not None and on.quantity == "it":   # "to it": the attack's target
            on = None
        return n.Suffer(on or n.Selector("target", span=self.span), self.wounds, self.span)


def no_extra(effects) -> None:
    """Refuse an "extra damage" outside "if it hits" (where the hit is not known)."""
    for e in effects:
        if isinstance(e, _Extra):
            raise AbilitySyntaxError("extra damage is dealt when an attack hits", *e.span,
                                     hint="write 'If it hits, deal 1 extra damage.', or "
                                          "'your attacks deal +1 Damage'")
        for inner in getattr(e, "effects", ()):
            no_extra((inner,))


def _guarded(on, span) -> n.Selector:
    if on is None or on is YOU:
        raise AbilitySyntaxError("say which adversary the attacks are against", *span,
                                 hint="write '… against this adversary'")
    return on


def _attacks_effect(subj: Attacks, p, span):
    """"your combat attacks deal +1 Damage" (a bonus), "area attacks against this adversary
    …" (a guard of that adversary)."""
    kind, d = p.kind, p.data
    if subj.next:   # "your next attack deals +1 Damage" (branch delveheroes)
        return next_attack.build(subj, p, span)
    target = subj.against if subj.against is not None else d.get("obj")
    if subj.its and kind == "unlessened":   # "… cannot be prevented" (branch delveseven)
        return pierce.Pierce(subj.range, span)
    if kind == "unlessened":
        raise AbilitySyntaxError("only an adversary's own attacks deal wounds nothing takes off",
                                 *span, hint="write 'Wounds from this adversary's attacks "
                                             "cannot be prevented or reduced.'")
    if subj.its:   # "its attacks deal +1 Damage" (issue 32, session delve8)
        if kind not in ("deal", "their") or target is not None or d["n"] < 1:
            raise AbilitySyntaxError("an adversary's own attacks gain Damage or add to their "
                                     "rolls", *span, hint="write 'this adversary's attacks "
                                     "deal +1 Damage' or '… add 1 to their rolls'")
        return n.Boost("damage" if kind == "deal" else "roll", d["n"], subj.range, span,
                       on=n.Selector("self", "adversary", span=subj.span))
    if subj.own and target is None and kind == "deal" and d["n"] < 0:
        raise AbilitySyntaxError("your own attacks never deal less damage", *span,
                                 hint="a hero's rule adds: write 'your attacks deal +1 "
                                      "Damage'; 'less damage' is an adversary's rule")
    if subj.own and target is None and kind in ("deal", "their"):
        return n.Boost("damage" if kind == "deal" else "roll", d["n"], subj.range, span)
    if subj.own and kind in ("deal", "their") and d["n"] > 0 and target.side == "adversary" \
            and target.quantity in ("one", "each"):  # "… against adversaries with 2 … wounds"
        against = replace(target, quantity="each", count=1, count_span=(0, 0))
        return n.Boost("damage" if kind == "deal" else "roll", d["n"], subj.range, span,
                       against)
    if kind == "unaffected" or kind == "immune":
        if subj.range is None:
            raise AbilitySyntaxError("say which attacks", *subj.span,
                                     hint="write 'area attacks do not affect this adversary'")
        return n.Immune(_guarded(target, span), subj.range, span)
    if kind in ("deal", "their") and not subj.own:
        return n.Guard(_guarded(target, span), "damage" if kind == "deal" else "roll",
                       d["n"], subj.range, span)
    raise AbilitySyntaxError(f"attacks cannot '{low(p.verb)}'", *span,
                             hint="write '… deal +1 Damage' or '… subtract 1 from their rolls'")


def _shift(target, spaces, direction, span):
    if direction is None:
        return n.Shift(target, spaces, None, span)
    way, ref = direction
    return n.Shift(target, spaces, way == "towards", span, None if ref is YOU else ref)


OLD_TARGETS = {
    "adjacent": n.Selector("one", "adversary", 1, (n.Filter("adjacent"),)),
    "visible": n.Selector("one", "adversary", 1, (n.Filter("visible"),)),
    "each": n.Selector("each", "adversary", 1, (n.Filter("chamber"),)),
}


def _attack(rng, who, stats, span):
    """"attack <who>: <range>, Hit N+, Damage N": the weapon form when <who> is one of its
    three targets, else a strike at <who>."""
    hit, damage, hs, ds = stats
    for name, sel in OLD_TARGETS.items():
        if who == sel:
            return n.Attack(name, rng, hit, damage, span, who.span, hs, ds)
    return n.Strike(rng, who, hit, damage, span, hs, ds)


# ---------------------------------------------------------------------------- sentences
def _wrap(mod: Mod, effects: tuple, span):
    if mod.kind == "on_roll":     # "On a 1 or 2, …" (session delve10)
        return rolls.row(mod, effects, span)
    if mod.kind == "duration":
        return n.Until(mod.value, effects, span)
    c = mod.value
    effects, marked = instead.strip(effects)   # "… instead" (branch delveseven)
    if c["cond"] == "hits":
        effects = tuple(e.suffer() if isinstance(e, _Extra) else e for e in effects)
    return n.Rider(c["cond"], c.get("face"), effects, span, c.get("face_span", (0, 0)),
                   c.get("who"), c.get("n", 0), () if marked else None)


def _attach_stats(done: list, mod: Mod, prior: list) -> None:
    hit, damage, hs, ds = mod.value
    for seq in (done, prior):
        for i in range(len(seq) - 1, -1, -1):
            e = seq[i]
            if isinstance(e, n.Strike) and e.hit is None:
                done_e = replace(e, hit=hit, damage=damage, hit_span=hs, damage_span=ds,
                                 span=(e.span[0], max(e.span[1], mod.span[1])))
                while i >= 0 and seq[i] is e:  # "make two attacks": the same strike twice
                    seq[i] = done_e
                    i -= 1
                return
    raise AbilitySyntaxError("Hit and Damage follow 'make a … attack'", *mod.span,
                             hint="write 'Make a combat attack against an adjacent "
                                  "adversary, Hit 4+, Damage 1.'")


def _shared_subject(clause: Clause, last: Who | None) -> Clause:
    """"Each adversary … suffers 1 wound and moves 1 space": a verb in the third person with
    no subject of its own shares the subject of the clause before (as "each of them" when
    that picked figures)."""
    verb = clause.pred.verb
    if clause.subject is not None or clause.said_you or last is None or verb is None:
        return clause
    word = str(verb)
    if base_form(word) == word.lower() or verb.type in ("CANNOT", "IMMUNE"):
        return clause
    sel = last.sel
    if sel.quantity not in ("target", "it", "that", "self", "slayer", "attacked", "them",
                            "wounder"):
        sel = n.Selector("them", span=sel.span)
        return Clause(Who(sel, False), False, clause.pred, clause.span, clause.modal)
    return Clause(Who(sel, last.plural), False, clause.pred, clause.span, clause.modal)


def sentence_effects(parts: list[Part], text: str, info: Sentence, prior: list) -> list:
    """The effects of one sentence; ``prior`` holds the effects of the sentences before
    (Hit and Damage may follow a strike across a full stop)."""
    out: list = []
    last: Who | None = None
    i = 0
    while i < len(parts):
        part = parts[i]
        if part.clause is None:
            mod = part.mod
            rest = [p for p in parts[i + 1:] if p.clause is not None]
            if mod.kind in ("duration", "cond", "on_roll") and rest:
                inner = sentence_effects(parts[i + 1:], text, info, prior + out)
                if inner:
                    end = max(e.span[1] for e in inner)
                    out.append(_wrap(mod, tuple(inner), (mod.span[0], end)))
                return out
            if mod.kind in ("duration", "cond", "on_roll"):
                if not out or mod.kind == "on_roll":
                    raise AbilitySyntaxError("this modifier governs nothing", *mod.span,
                                             hint="put an effect after it: 'Until the end "
                                                  "of your turn, add 1 to your attack rolls.'")
                last = out.pop()
                out.append(_wrap(mod, (last,), (last.span[0], mod.span[1])))
            else:
                _side(mod, info, out, prior)
            i += 1
            continue
        clause = _shared_subject(part.clause, last)
        clause = behaviour_dsight.own_subject(clause, base_form)   # "Moves 4 spaces …" (dsight)
        if isinstance(clause.subject, Who):
            last = clause.subject
        effect = effect_of(clause, text) if clause is part.clause else \
            effect_of(clause, text, agree=False)
        effects = [] if effect is None else [effect] * clause.pred.data.get("times", 1)
        for mod in part.tails:
            if mod.kind in ("duration", "cond") and effects:
                effects = [_wrap(mod, tuple(effects), (effects[0].span[0], mod.span[1]))]
            elif mod.kind == "per":
                effects = [_per(e, mod) for e in effects]
            elif mod.kind == "for_each":   # "… for each adversary adjacent to you" (delve12)
                effects = per_count.attach(effects, mod)
            elif mod.kind == "with_damage":
                effects = _with_damage(effects, mod)
            elif mod.kind == "on_a_roll":   # "… 1 wound on a roll of 4 or more" (ddice)
                effects = roll_tail_ddice.attach(effects, mod)
            elif mod.kind == "through":   # "…, even through other figures" (branch dmove)
                effects = passage_dmove.attach(effects, mod)
            elif mod.kind == "instead":   # "… instead" (branch delveseven)
                effects = instead.mark(effects, mod)
            elif mod.kind == "instead_move":   # "… instead of moving" (session delve10)
                effects = begins.instead_of_moving(effects, mod, info.trigger)
            elif mod.kind == "instead_attack":   # "… instead of attacking" (branch dsight)
                effects = behaviour_dsight.instead_of_attacking(effects, mod, info.trigger)
            elif mod.kind == "stats" and len(effects) > 1:  # "make two attacks, Hit 4+, …"
                effects = [_stats(e, mod) for e in effects]
            elif mod.kind == "near_them":   # "… while this adversary is in their chamber"
                effects = prohibit_dadv2.narrow(effects, mod)   # (branch dadv2)
            elif mod.kind in ("stats", "vigour"):  # "... against it with Hit 3+ and Damage 2"
                done = out + effects   # "vigour": "place … with Vigour 1" (branch dadv2)
                (_attach_stats if mod.kind == "stats" else spawn_dadv2.attach)(done, mod, prior)
                out[:], effects = done[:len(out)], done[len(out):]
            else:
                _side(mod, info, out + effects, prior)
        out += effects
        i += 1
    return out


def _with_damage(effects: list, mod: Mod) -> list:
    """"make a combat attack … with +1 Damage": each strike is followed by "if it hits, the
    target suffers 1 wound" (the extra damage of a hit, as "If it hits, deal 1 extra damage")."""
    if not effects or not all(isinstance(e, n.Strike) for e in effects):
        raise AbilitySyntaxError("'with +N Damage' follows 'make a … attack'", *mod.span,
                                 hint="write 'Make a combat attack against an adjacent "
                                      "adversary with +1 Damage.'")
    out = []
    for e in effects:
        extra = n.Suffer(n.Selector("target", span=mod.span), mod.value, mod.span)
        out += [e, n.Rider("hits", None, (extra,), mod.span)]
    return out


def _stats(e, mod: Mod):
    hit, damage, hs, ds = mod.value
    if not isinstance(e, n.Strike) or e.hit is not None:
        raise AbilitySyntaxError("Hit and Damage follow 'make … attacks'", *mod.span,
                                 hint="write 'Make two combat attacks, Hit 4+, Damage 1.'")
    return replace(e, hit=hit, damage=damage, hit_span=hs, damage_span=ds,
                   span=(e.span[0], max(e.span[1], mod.span[1])))


def _per(effect, mod: Mod):
    if isinstance(effect, n.Ward) and effect.wounds == 1:
        return replace(effect, per=mod.value, span=(effect.span[0], mod.span[1]))
    if isinstance(effect, n.Ward):
        raise AbilitySyntaxError(f"only the first wound comes back each {mod.value}", *mod.span,
                                 hint=f"write 'ignore the first wound you suffer each "
                                      f"{mod.value}'")
    raise AbilitySyntaxError(f"'each {mod.value}' here comes back with nothing", *mod.span,
                             hint="write 'ignore the first wound you suffer each round'")


def _side(mod: Mod, info: Sentence, out: list, prior: list) -> None:
    if mod.kind == "when":
        if info.trigger is not None:
            raise AbilitySyntaxError("an ability has one trigger", *mod.span,
                                     hint="split it into two abilities")
        info.trigger = (mod.value, mod.span)
    elif mod.kind == "limit":
        if info.limit == "game" and mod.value != "game":   # "the first time" (dadv2)
            raise first_time.twice(mod.span)
        info.limit = "game" if mod.value == "game" else "turn"   # "game": branch dadv2
        if mod.value == "round":
            info.round_span = mod.span
    elif mod.kind == "stats":
        _attach_stats(out, mod, prior)
    elif mod.kind == "while_here":   # "Until this adversary is slain, …" (branch dadv2)
        info.presence = [*getattr(info, "presence", []), mod.span]
    elif mod.kind == "vigour":   # ", with Vigour 1" after "place …" (branch dadv2)
        spawn_dadv2.attach(out, mod, prior)
    elif mod.kind == "first_time":   # issue 32 (branch delve12)
        first_time.side(mod, info)
    elif mod.kind == "unpinned":
        if not any(isinstance(e, (n.Move, n.Shift)) for e in out + prior):
            if mod.value == "rule":     # "Adversaries cannot pin you." (session delve10)
                out.append(n.Unpinned(mod.span))
                return
            raise AbilitySyntaxError("'even if you are pinned' follows a move", *mod.span,
                                     hint="write 'Move up to 2 spaces, even if you are "
                                          "pinned.'")
    elif mod.kind == "per":
        raise AbilitySyntaxError(f"'each {mod.value}' here comes back with nothing",
                                 *mod.span, hint="write 'ignore the first wound you suffer "
                                                 "each round'")
    # "including yourself": "each hero" already includes you


def body_effects(sentences: list, text: str) -> tuple[tuple, Sentence]:
    info = Sentence()
    effects: list = []
    for parts in sentences:
        effects += sentence_effects(parts, text, info, effects)
    effects = instead.fold(effects)   # branch delveseven: "If …, … instead."
    effects = rolls.fold(effects)     # issue 32 (session delve10): rows on their roll
    effects = best_of.fold(effects)   # issue 32 (session delve9): on the roll before it
    effects = scouting.fold(effects)  # issue 32 (session delve11): on the look before it
    effects = attack_riders.fold(effects)  # delve11: on the attack before it
    no_extra(effects)
    return tuple(effects), info
