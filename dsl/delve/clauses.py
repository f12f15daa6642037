"""Verbs, events and conditions of the parse tree as values (the second half of the
transformer; :mod:`.words` holds who, amounts and modifiers)."""

from __future__ import annotations

from dataclasses import replace

from lark import Token

from ..errors import AbilitySyntaxError
from . import nodes as n
from .adversary_dadv import AdversaryWords  # issue 32 (branch dadv)
from .approach import ApproachWords
from .aura_dhero import AuraWords  # issue 32 (branch dhero)
from .basic_actions import BasicActionWords
from .begins import BeginsWords
from .behaviour_dsight import BehaviourWords  # issue 32 (branch dsight)
from .best_of import BestOfWords
from .bounty import BountyWords  # issue 32 (branch delvelang)
from .chambers import ChamberWords
from .comparisons import ComparisonWords  # issue 32 (session delve11)
from .dice_ddice import DieWords  # issue 32 (branch ddice)
from .disarm import DisarmWords  # issue 32 (branch delve12)
from .discard import DiscardWords  # issue 32 (branch delveseven)
from .events_dhero import HeroEventWords  # issue 32 (branch dhero)
from .first_time import FirstTimeWords  # issue 32 (branch delve12)
from .hero_states_dhero import HeroStateWords  # issue 32 (branch dhero)
from .hero_words import HeroWords  # issue 32 (branch delveheroes)
from .hit_dtarget import HitNeedWords  # issue 32 (branch dtarget)
from .instead import InsteadWords  # issue 32 (branch delveseven)
from .keep_away_dmove import KeepAwayWords  # issue 32 (branch dmove)
from .move_end_dmove import MoveEndWords  # issue 32 (branch dmove)
from .movement_rules import MovementWords
from .next_attack import NextAttackWords  # issue 32 (branch delveheroes)
from .passage_dmove import PassageWords  # issue 32 (branch dmove)
from .per_count import ForEachWords  # issue 32 (branch delve12)
from .pierce import PierceWords  # issue 32 (branch delveseven)
from .placing import PlaceWords  # issue 32 (session delve11)
from .prohibit_dadv2 import ProhibitWords  # branch dadv2
from .roll_tail_ddice import RollTailWords  # issue 32 (branch ddice)
from .rolls import RollWords
from .scouting import ScoutWords  # issue 32 (session delve11)
from .soak import SoakWords
from .spawn_dadv2 import SpawnWords  # branch dadv2
from .spent import SpentWords
from .target_dtarget import TargetWords  # issue 32 (branch dtarget)
from .tolls import TollWords  # issue 32 (session delve11)
from .trigger_words import TriggerWords
from .unmoved import UnmovedWords
from .ward_ddice import WardWords  # issue 32 (branch ddice)
from .words import (
    YOU,
    Attacks,
    Clause,
    Mod,
    Part,
    Pred,
    Who,
    Words,
    is_ref,
    low,
    objs,
    span_of,
    spanned_rules,
    tok,
    tspan,
)
from .wounder_dprose import WounderWords  # branch dprose
from .wounds_dtarget import WoundCapWords  # issue 32 (branch dtarget)


def _amount(ch) -> tuple[int, tuple]:
    return next(c for c in ch if isinstance(c, tuple) and isinstance(c[0], int))


def _verb(ch):
    """The verb's token: the first token of the predicate that is a word."""
    return next((c for c in ch if hasattr(c, "type") and c.type not in ("NUMBER", "PLUS")),
                None)


def _range(ch) -> str | None:
    rng = tok(ch, "RANGE")
    return low(rng) if rng else None


# "make two combat attacks": at most this many in one effect (issue 32, session lang4)
MAX_STRIKES = 6


@spanned_rules
class Tree2Ast(TollWords, ScoutWords, PlaceWords, ComparisonWords, ApproachWords, SpentWords,
               SoakWords, BestOfWords, MovementWords, BasicActionWords, ChamberWords,
               TriggerWords, BeginsWords, RollWords, UnmovedWords,
               DisarmWords, ForEachWords, FirstTimeWords,   # these three: branch delve12
               InsteadWords, DiscardWords, PierceWords,   # branch delveseven
               HeroWords, NextAttackWords,   # branch delveheroes
               BountyWords,   # branch delvelang
               AdversaryWords,   # branch dadv
               HeroStateWords, HeroEventWords, AuraWords,   # branch dhero
               WoundCapWords, HitNeedWords, TargetWords,   # branch dtarget
               DieWords, WardWords, RollTailWords,   # branch ddice
               SpawnWords, ProhibitWords,   # branch dadv2
               PassageWords, MoveEndWords, KeepAwayWords,   # branch dmove
               WounderWords,   # branch dprose
               BehaviourWords,   # branch dsight
               Words):
    """The whole transformer (delve.lark's rules)."""

    # -- predicates ---------------------------------------------------------------------
    def _pred(self, kind, meta, ch, **data):
        return Pred(kind, _verb(ch), span_of(meta), data)

    def explore(self, meta, ch):
        return self._pred("explore", meta, ch)

    def move(self, meta, ch):
        value, sp = _amount(ch)
        return self._pred("move", meta, ch, n=value, n_span=sp, dir=_dir(ch))

    def move_who(self, meta, ch):
        value, sp = _amount(ch)
        return self._pred("move", meta, ch, n=value, n_span=sp, dir=_dir(ch),
                          obj=objs(ch, Who)[0].sel)

    def heal(self, meta, ch):
        on = [c for c in ch if isinstance(c, Who)]
        return self._pred("heal", meta, ch, n=_amount(ch)[0], obj=on[0].sel if on else None)

    def heal_on(self, meta, ch):
        return objs(ch, Who)[0]

    def renown(self, meta, ch):
        return self._pred("renown", meta, ch, n=_amount(ch)[0])

    def skill(self, meta, ch):
        return self._pred("skill", meta, ch)

    def suffer(self, meta, ch):
        return self._pred("suffer", meta, ch, n=_amount(ch)[0])

    def push(self, meta, ch):
        ref = _refs(ch, 1)
        return self._pred("shift", meta, ch, obj=objs(ch, Who)[0].sel, n=_amount(ch)[0],
                          dir=("away", ref[0]) if ref else ("away", YOU))

    def pull(self, meta, ch):
        ref = _refs(ch, 1)
        return self._pred("shift", meta, ch, obj=objs(ch, Who)[0].sel, n=_amount(ch)[0],
                          dir=("towards", ref[0]) if ref else ("towards", YOU))

    def towards(self, meta, ch):
        return ("towards", _refs(ch)[0])

    def away(self, meta, ch):
        return ("away", _refs(ch)[0])

    def strike(self, meta, ch):
        who = objs(ch, Who)
        return self._pred("strike", meta, ch, range=_range(ch), obj=who[0].sel if who else None)

    def strikes(self, meta, ch):
        """"make two combat attacks [against adjacent adversaries]": that many strikes, each
        at one of them (a bare plural names where each attack may go, not all at once)."""
        who = objs(ch, Who)
        times = next(t for t in ch if isinstance(t, Token) and t.type == "NUMBER")
        if not 1 <= times.value <= MAX_STRIKES:
            raise AbilitySyntaxError(f"{times.value} attacks in one effect", *tspan(times),
                                     code="RF912",
                                     hint=f"make 1 to {MAX_STRIKES} attacks")
        sel = who[0].sel if who else None
        if sel is not None and who[0].plural and sel.quantity == "each":
            sel = replace(sel, quantity="one")
        n_times = times.value
        if sel is not None and sel.quantity == "n" and sel.count == n_times:
            n_times = 1   # "two attacks against two different adversaries": one at each, as
            #               one attack at 2 rolls once for each (A1; branch delveheroes)
        return self._pred("strike", meta, ch, range=_range(ch), obj=sel, times=n_times)

    def attack(self, meta, ch):
        stats = objs(ch, Mod)[0]
        return self._pred("attack", meta, ch, range=_range(ch), obj=objs(ch, Who)[0].sel,
                          stats=stats.value)

    def weapon(self, meta, ch):
        return self._pred("weapon", meta, ch, range=_range(ch), stats=objs(ch, Mod)[0].value)

    def reroll(self, meta, ch):
        kind = tok(ch, "DICEKIND")
        return self._pred("reroll", meta, ch, dice="spent" if kind and low(kind) == "spent"
                          else "unspent")

    def put_back(self, meta, ch):
        return self._pred("put_back", meta, ch)

    def ward(self, meta, ch):
        who = objs(ch, Who)
        number = next((t for t in ch if isinstance(t, Token) and t.type == "NUMBER"), None)
        if number is not None and number.value < 1:
            raise AbilitySyntaxError("the first 0 wounds are none", *tspan(number),
                                     code="RF912", hint="prevent 1 wound or more")
        return self._pred("ward", meta, ch, obj=who[0].sel if who else None,
                          wounds=number.value if number is not None else 1)

    def passive_ward(self, meta, ch):
        """"the first wound that hero would suffer is prevented": the ward's passive."""
        pred = self.ward(meta, ch)
        return Clause(None, False, replace(pred, verb=None), span_of(meta), False)

    def sufferer(self, meta, ch):
        return ch[0]

    def boost_roll(self, meta, ch):
        return self._pred("boost", meta, ch, stat="roll", n=_amount(ch)[0], range=_range(ch))

    def boost_move(self, meta, ch):
        return self._pred("boost", meta, ch, stat="move", n=_amount(ch)[0], range=None)

    def boost_damage(self, meta, ch):
        return self._pred("boost", meta, ch, stat="damage", n=_amount(ch)[0],
                          range=_range(ch))

    def their_roll_plus(self, meta, ch):
        return self._pred("their", meta, ch, stat="roll", n=_amount(ch)[0])

    def their_roll_minus(self, meta, ch):
        return self._pred("their", meta, ch, stat="roll", n=-_amount(ch)[0])

    def roll_against_minus(self, meta, ch):
        ref = _refs(ch)
        return self._pred("roll_against", meta, ch, n=-_amount(ch)[0], range=_range(ch),
                          obj=ref[0] if ref else None)

    def damage_against_minus(self, meta, ch):  # issue 32 (session delve7)
        return self._pred("damage_against", meta, ch, n=-_amount(ch)[0], range=_range(ch),
                          obj=_refs(ch)[0])

    def deal(self, meta, ch):
        ref = _refs(ch)
        return self._pred("deal", meta, ch, n=_amount(ch)[0], obj=ref[0] if ref else None)

    def deal_against(self, meta, ch):  # "have +1 Damage against adversaries with …"
        return self._pred("deal", meta, ch, n=_amount(ch)[0], obj=objs(ch, Who)[0].sel)

    def deal_wounds(self, meta, ch):
        return self._pred("deal_wounds", meta, ch, n=_amount(ch)[0], obj=objs(ch, Who)[0].sel)

    def deal_less(self, meta, ch):
        ref = _refs(ch)
        return self._pred("deal", meta, ch, n=-_amount(ch)[0], obj=ref[0] if ref else None)

    def pick(self, meta, ch):
        return self._pred("pick", meta, ch, obj=objs(ch, Who)[0].sel)

    def root(self, meta, ch):
        return self._pred("root", meta, ch)

    def steadfast(self, meta, ch):
        words = {low(c) for c in ch if hasattr(c, "type")}
        return self._pred("steadfast", meta, ch, pushed="pushed" in words,
                          pulled="pulled" in words)

    def hamper(self, meta, ch):  # issue 32 (session delveg)
        return self._pred("hamper", meta, ch, n=-_amount(ch)[0], range=_range(ch))

    def never_pinned(self, meta, ch):  # issue 32 (session delveg)
        return self._pred("never_pinned", meta, ch)

    def forbid_heal(self, meta, ch):  # issue 32 (session delveg)
        return self._pred("forbid", meta, ch, act="heal")

    def forbid(self, meta, ch):
        act = "explore" if tok(ch, "EXPLORE") is not None else "recuperate"
        return self._pred("forbid", meta, ch, act=act)

    def immune(self, meta, ch):
        return self._pred("immune", meta, ch, range=_range(ch))

    def pinned(self, meta, ch):
        return self._pred("pinned", meta, ch)

    def unaffected(self, meta, ch):
        ref = _refs(ch)
        return self._pred("unaffected", meta, ch, obj=ref[0] if ref else None)

    # -- clauses --------------------------------------------------------------------------
    def you_do(self, meta, ch):
        pred = objs(ch, Pred)[0]
        return Clause(None, tok(ch, "YOU") is not None, pred, span_of(meta), _modal(ch))

    def they_do(self, meta, ch):
        return Clause(objs(ch, Who)[0], False, objs(ch, Pred)[0], span_of(meta), _modal(ch))

    def attacks_do(self, meta, ch):
        return Clause(objs(ch, Attacks)[0], False, objs(ch, Pred)[0], span_of(meta),
                      _modal(ch))

    def part(self, meta, ch):
        clause = objs(ch, Clause)
        mods = objs(ch, Mod)
        if clause:
            return Part(clause[0], None, mods, span_of(meta))
        return Part(None, mods[0], [], span_of(meta))

    def sentence(self, meta, ch):   # a part may be two (trigger_words.when_while, delve10)
        return objs([p for c in ch for p in (c if isinstance(c, list) else [c])], Part)

    def body(self, meta, ch):
        return [c for c in ch if isinstance(c, list)]

    # -- triggers -------------------------------------------------------------------------
    def when(self, meta, ch):
        ev = next(c for c in ch if isinstance(c, dict))
        return Mod("when", ev, span_of(meta))

    def at_start(self, meta, ch):
        return Mod("when", {"event": _span_word(ch) + "_start"}, span_of(meta))

    def at_end(self, meta, ch):
        return Mod("when", {"event": _span_word(ch) + "_end"}, span_of(meta))

    def span_turn(self, meta, ch):
        return "turn"

    def span_round(self, meta, ch):
        return "round"

    def span_phase(self, meta, ch):
        return "phase"

    def ev_slay(self, meta, ch):
        who = objs(ch, Who)
        return {"event": "slay", "range": _range(ch), "obj": who[0].sel if who else None,
                "span": span_of(meta)}

    def ev_explore(self, meta, ch):
        return {"event": "explored", "span": span_of(meta)}

    def ev_recuperate(self, meta, ch):
        return {"event": "recuperated", "span": span_of(meta)}

    def ev_wounded(self, meta, ch):
        return {"event": "wounded", "who": _actor(ch), "span": span_of(meta)}

    def ev_slain(self, meta, ch):
        return {"event": "slain", "who": _actor(ch), "span": span_of(meta)}

    def ev_attacks(self, meta, ch):
        who = objs(ch, Who)
        return {"event": "attacks", "who": who[0].sel if who else "you",
                "obj": who[1].sel if len(who) > 1 else None,   # whom it attacks (parser.py)
                "span": span_of(meta)}

    def ev_pushed(self, meta, ch):  # issue 32 (session delveg): its own push or pull
        return {"event": "pushed", "who": _actor(ch), "span": span_of(meta)}

    def ev_pulled(self, meta, ch):
        return {"event": "pulled", "who": _actor(ch), "span": span_of(meta)}

    def ev_approached(self, meta, ch):  # issue 32 (session delve7)
        ref = _refs(ch, 1)
        return {"event": "approached", "who": _actor(ch), "ref": ref[0] if ref else None,
                "span": span_of(meta)}

    def ev_missed(self, meta, ch):  # issue 32 (session delve7)
        who = objs(ch, Who)
        return {"event": "missed", "who": who[0].sel, "obj": who[1].sel, "span": span_of(meta)}

    def ev_activated(self, meta, ch):  # issue 32 (session delve7): "When activated, …"
        return {"event": "activated", "who": _actor(ch), "span": span_of(meta)}

    # -- conditions -----------------------------------------------------------------------
    def rolled(self, meta, ch):
        value, sp = _amount(ch)
        return {"cond": "rolled", "face": value, "face_span": sp, "span": span_of(meta)}

    def rolled_up(self, meta, ch):
        value, sp = _amount(ch)
        return {"cond": "rolled_up", "face": value, "face_span": sp, "span": span_of(meta)}

    def hits(self, meta, ch):
        return {"cond": "hits", "span": span_of(meta)}

    def slays(self, meta, ch):
        return {"cond": "slays", "span": span_of(meta)}

    def slain_cond(self, meta, ch):
        """"if the target is slain" / "if it dies": the attack before it slew its target
        (branch delvelang); any other figure's death is no condition the engine reads."""
        who = _actor(ch)
        if who == "you" or who.quantity not in ("target", "it"):
            raise AbilitySyntaxError("only an attack's target is known to be slain here",
                                     *span_of(meta), code="RF301",
                                     hint="after an attack, write 'If the target is slain, …'")
        return {"cond": "slays", "span": span_of(meta)}

    def none(self, meta, ch):
        return ("none", 0)

    def exactly(self, meta, ch):
        return ("some", _amount(ch)[0])

    def at_least_amount(self, meta, ch):
        return ("some", _amount(ch)[0])

    def another_amount(self, meta, ch):  # "if there is another adversary …": one, not you
        return ("some", 1, n.Filter("other", span=span_of(meta)))

    def there_are(self, meta, ch):
        amount = next(c for c in ch if isinstance(c, tuple) and c[0] in ("none", "some"))
        how, count = amount[:2]
        sel = self.selector(meta, [c for c in ch if c is not amount] + list(amount[2:])).sel
        return {"cond": how, "n": count, "who": _each(sel), "span": span_of(meta)}

    def none_is(self, meta, ch):
        state = [c for c in ch if isinstance(c, n.Filter)][-1]
        sel = self.selector(meta, [c for c in ch if c is not state]).sel
        return {"cond": "none", "n": 0, "who": _each(sel, state), "span": span_of(meta)}

    def adjacent_to_some(self, meta, ch):
        return _SomeNear(self.selector(meta, ch[2:]).sel, span_of(meta))

    def is_state(self, meta, ch):
        who = _actor(ch)
        near = [c for c in ch if isinstance(c, _SomeNear)]
        if near:  # "you are adjacent to an adversary": an adversary is adjacent to you
            if who != "you" and who.quantity not in ("self", "it"):
                raise AbilitySyntaxError("this condition counts figures: say which",
                                         *span_of(meta),
                                         hint="write 'if an adversary is adjacent to you'")
            ref = "" if who == "you" else "it" if who.quantity == "it" else "adversary"
            adjacent = n.Filter("adjacent", span=near[0].span, ref=ref)
            sel = near[0].sel
            return {"cond": "some", "n": sel.count if sel.quantity == "n" else 1,
                    "who": _each(sel, adjacent),
                    "span": span_of(meta)}
        state = objs(ch, n.Filter)
        if state and state[0].kind == "wounded":
            return {"cond": "wounds", "n": 1, "who": _self_or(who), "span": span_of(meta)}
        if who == "you" or who.quantity not in ("one", "each", "n", "another", "each_other"):
            raise AbilitySyntaxError("this condition counts figures: say which", *span_of(meta),
                                     hint="write 'if an adversary is adjacent to you'")
        how = "some"
        return {"cond": how, "n": who.count if who.quantity == "n" else 1,
                "who": _each(who, state[0] if state else None), "span": span_of(meta)}

    def has_wounds(self, meta, ch):
        return {"cond": "wounds", "n": _amount(ch)[0], "who": _self_or(_actor(ch)), "span": span_of(meta)}

    def visible_state(self, meta, ch):
        return n.Filter("visible", span=span_of(meta))

    def wounded_state(self, meta, ch):
        return n.Filter("wounded", span=span_of(meta))

    def within_state(self, meta, ch):
        value, _ = _amount(ch)
        ref = [c for c in ch if is_ref(c)]
        from .words import ref_name
        return n.Filter("within", value, span_of(meta), ref_name(ref[0]) if ref else "")

    def cond(self, meta, ch):
        return ch[0]


def _modal(ch) -> bool:
    return any(getattr(c, "type", None) in ("MAY", "CAN", "MUST") for c in ch)


def _span_word(ch) -> str:
    return next(c for c in ch if isinstance(c, str) and not isinstance(c, Token))


def _dir(ch):
    found = [c for c in ch if isinstance(c, tuple) and c and c[0] in ("towards", "away")]
    return found[0] if found else None


class _SomeNear:
    """``adjacent to an adversary`` in a condition on you (or this adversary), until
    ``is_state`` turns it round: some figure is adjacent to you."""

    def __init__(self, sel, span):
        self.sel, self.span = sel, span


def _refs(ch, skip: int = 0) -> list:
    """The figures named after the predicate's object (``skip``: how many Who come first):
    a Selector, or "you"."""
    found = [c.sel if isinstance(c, Who) else c for c in ch if is_ref(c)]
    return found[skip:]


def _actor(ch):
    who = [c for c in ch if is_ref(c)]
    if not who:
        return "self"                                  # "When slain"
    return who[0].sel if isinstance(who[0], Who) else "you"


def _self_or(who):
    return n.Selector("self") if who == "you" else who


def _each(sel: n.Selector, state: n.Filter | None = None) -> n.Selector:
    """The figures a condition counts: every figure of the selector's side and filters."""
    filters = sel.filters + ((state,) if state is not None else ())
    if sel.quantity in ("another", "each_other"):
        filters += (n.Filter("other", span=sel.span),)
    from .words import _sorted
    return n.Selector("each", sel.side, 1, _sorted(filters), sel.span)
