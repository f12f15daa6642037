"""Transformer rules of the compositional core (issue 32, part III): subjects with their
predicates, modifiers after the effect, "If you do,", "When <event>,". :func:`install` adds
them to the parser's transformer (parser.py calls it; this module does not import parser.py).

Accepted variants become one AST, so `fmt` prints one canonical text:

* "every Hero", "Heroes", "each Hero" — the same selector; a selector that part II already
  names ("each Hero", "each other Hero", "each Hero in your space", "... within N spaces") stays
  that target where part II's clauses take one ("takes", "receives");
* a duration, "if" or "while" after the effect — the prefix ("Until ..., ..."); "against
  <colour> challenges" — "While / If your enemy is a <colour> challenge, ...";
* "You may <costs> to ..." and "<costs>. If you do, ..." — "<costs> to ...";
* "When your Hero enters ..., ..." — "Every time your Hero enters ..., ...";
* "Give <target> +1 Body" — "<target> receives +1 Body".
"""

from __future__ import annotations

import re
from dataclasses import replace

from lark import Token

from ..errors import AbilitySyntaxError
from . import nodes as n
from .nodes_place import TERRAIN_PLURAL, TERRAIN_WORDS
from .parser_branching import _Otherwise
from .parser_parts import _ints, _is_cost, _Items, _items, _Marker, _one_of, _sp, _values, _word

_WITHIN = re.compile(r"each_hero_within_(\d+)")
# clauses that are rules in force (a modifier after them reads as "while", not "if")
STANDING = (n.Modifier, n.CostModifier, n.Restrict, n.CannotBeWounded) + n.COMBAT_STANDING
# part II's targets that are a selector of Heroes
_LEGACY = {"each_hero": ("each", None, None), "each_other_hero": ("each_other", None, None),
           "each_hero_in_space": ("each", "space", None)}


class _Mod:
    """A modifier written after the effect, until the phrase wraps the effect in it."""

    __slots__ = ("kind", "value", "span")

    def __init__(self, kind, value, span):
        self.kind, self.value, self.span = kind, value, span


class _Special:
    """A predicate whose node depends on its subject ("is immune", "cannot ...")."""

    __slots__ = ("kind", "value", "span")

    def __init__(self, kind, value, span):
        self.kind, self.value, self.span = kind, value, span


class _IfDo:
    """``If you do, <effect>.`` until it joins the costs of the sentence before it."""

    def __init__(self, effect, span):
        self.effect, self.span = effect, span


class _Won:
    """``If you defeated your enemy, <effect>.`` (or ``If you were defeated, ...``) until the
    ability reads its window: after combat it is the window the engine opens for that outcome,
    "When you defeat a challenge," (issue 32, session lang3) or "When your Hero is knocked out,"
    (session lang4)."""

    def __init__(self, effect, span, lost: bool = False):
        self.effect, self.span, self.lost = effect, span, lost


def refuse_won(child: _Won):
    """The outcome's condition anywhere but right after 'After combat,', where it is written."""
    if child.lost:
        raise AbilitySyntaxError(
            "'if you were defeated' only follows 'After combat,': a defeated Hero's turn ends "
            "at once, so nothing else of that Hero runs", *child.span, code="RF454",
            hint="write it as a knock-out: 'When your Hero is knocked out, ...'")
    err = AbilitySyntaxError(
        "'if you defeated your enemy' can only follow 'After combat,'", *child.span,
        hint="write 'When you defeat a challenge, ...'")
    err.won_first = True  # parser.parse_ability proposes the sentence with that window first
    raise err


def won_window(children: list) -> list:
    """"After combat, if you defeated your enemy, X." is "When you defeat a challenge, X.", and
    "After combat, if you were defeated, X." is "When your Hero is knocked out, X.": the engine
    opens each of those windows exactly when the combat ends so (seed 000 ends a knocked-out
    Hero's turn at once, so no After combat window opens for that Hero: the knock-out's does,
    the challenge's text first). Anywhere else the condition is refused where it is written."""
    out, window = [], None
    for child in children:
        if isinstance(child, _Marker) and child.kind == "window":
            window = len(out)
        elif type(child) is _Won:
            first = window is not None and window == len(out) - 1 \
                and out[window].value == "after_combat"
            if not first:
                refuse_won(child)
            out[window] = _Marker("window", "knocked_out" if child.lost else "defeat_challenge",
                                  out[window].span)
            child = child.effect
        out.append(child)
    return out


def phase_extra_wounds(a):
    """"Melee: Deal 1 additional wound." (nothing else): every successful attack of that
    phase deals a wound more, the standing rule "Your melee attacks inflict 1 additional
    wound." (there is no attack in the text for the wounds to add to)."""
    if a.tag not in ("ranged", "melee", "magic") or a.limits or a.window or a.costs \
            or len(a.sentences) != 1:
        return a
    s = a.sentences[0]
    if type(s) is not n.InflictAdditional or s.target != "enemy" or s.amount.kind != "fixed":
        return a
    rule = n.ExtraWounds(s.amount.values[0], a.tag, span=s.span)
    return replace(a, tag=None, sentences=(rule,))


def _tokens(ch, type_: str) -> list[Token]:
    return [t for t in ch if isinstance(t, Token) and t.type == type_]


def _num(ch) -> int:
    return int(_tokens(ch, "NUMBER")[0])


def _who(ch) -> str:
    return "each_other" if _tokens(ch, "OTHER") else "each"


def as_target(sel):
    """The part II target that says what ``sel`` says, or ``sel`` itself."""
    if not isinstance(sel, n.Selector) or sel.having or sel.measure:
        return sel
    if sel.who in ("each", "each_other") and sel.place is None and sel.within is None:
        return "each_hero" if sel.who == "each" else "each_other_hero"
    if sel.who == "each" and sel.place == "space" and sel.within is None:
        return "each_hero_in_space"
    if sel.who == "each" and sel.within is not None and sel.place is None:
        # any distance, as 'each Hero within N spaces' reads (RF422 past 9 either way): one
        # AST for both words, so fmt is a fixed point (a fuzz failure, session lang4)
        return f"each_hero_within_{sel.within}"
    return sel


def as_selector(target):
    """The selector of a part II target of Heroes, or None."""
    if isinstance(target, n.Selector):
        return target
    if target in _LEGACY:
        who, place, within = _LEGACY[target]
        return n.Selector(who, place, within, span=getattr(target, "span", None))
    m = _WITHIN.fullmatch(str(target))
    if m:
        return n.Selector("each", within=int(m.group(1)), span=getattr(target, "span", None))
    return None


def scoped(wrap, effect):
    """``wrap`` applied to ``effect``; under a subject ("each Hero ..."), to its predicate, so
    that each Hero has its own duration and its own count."""
    if isinstance(effect, n.Each):
        return n.Each(effect.selector, wrap(effect.effect), span=effect.span)
    return wrap(effect)


def _subject_error(subject, what: str):
    span = getattr(subject, "span", None) or (0, 1)
    return AbilitySyntaxError(
        f"{what} cannot be said of this subject", *span,
        hint="the subject of this verb is 'you', 'your Hero' or Heroes ('each Hero ...', "
             "'each other Hero in your space ...', 'the Hero with the most gold ...')")


def _may_verb(clause, ch) -> None:
    """"may" takes something a Hero does, not a rule ("Each Hero may cannot ...")."""
    if isinstance(clause, _Special):
        raise AbilitySyntaxError("'may' takes something the Heroes do, not a rule", *_sp(ch),
                                 hint="write 'Each Hero may <verb> ...', or the rule alone")


def with_subject(subject, clause, span):
    """The node of ``<subject> <clause>`` (``clause`` said of "you")."""
    subject = as_target(subject)
    if isinstance(clause, _Special):
        return _special(subject, clause, span)
    if subject in ("you", "hero"):
        if isinstance(clause, n.Suffer):
            return n.Suffer(clause.amount, clause.token, subject, span=span)
        if isinstance(clause, n.Modifier):
            return n.Modifier(subject, clause.stat, clause.value, span=span)
        return clause
    if isinstance(clause, n.Suffer) and isinstance(subject, str):
        return n.Suffer(clause.amount, clause.token, subject, span=span)
    if isinstance(clause, n.Heal) and clause.target == "hero" \
            and subject in ("this_ally", "this_challenge"):
        # "this Ally / this challenge heals 1 wound": the wounds are discarded from that card
        return n.Heal(clause.amount, clause.tokens, subject, span=span)
    if isinstance(clause, n.Modifier) and isinstance(subject, str):
        return n.Modifier(subject, clause.stat, clause.value, span=span)
    sel = as_selector(subject)
    if sel is None:
        raise _subject_error(subject, "this")
    return n.Each(sel, clause, span=span)


def _special(subject, pred: _Special, span):
    heroes = subject in ("you", "hero", "each_hero")
    if pred.kind == "immune":
        if subject in ("you", "hero", "this_challenge", "this_ally"):
            return n.Immune(pred.value, "hero" if subject == "you" else subject, span=span)
        raise _subject_error(subject, "'is immune'")
    if pred.kind == "escape" and heroes:
        return n.Restrict("escape", span=span)
    if pred.kind == "attack" and subject == "each_ally":  # "Your Allies cannot attack ..."
        return n.Restrict("ally_attack", span=span)
    if pred.kind == "buy" and heroes:
        return n.Restrict("buy_allies" if pred.value == "buy Allies" else "buy_items", span=span)
    if pred.kind == "enter":  # every Hero: a rule of the board
        if subject != "each_hero":
            raise AbilitySyntaxError(
                "a terrain is barred to every Hero, not one", *span,
                hint=f"write 'Heroes cannot enter {TERRAIN_PLURAL.get(pred.value, pred.value)}.'")
        return n.Restrict(f"enter_{pred.value}", span=span)
    if pred.kind == "wounded" and subject in ("each_ally", "hero", "you", "this_ally"):
        return n.CannotBeWounded("hero" if subject == "you" else subject, span=span)
    raise _subject_error(subject, f"'cannot {pred.value}'")


def _apply(mod: _Mod, effect):
    if mod.kind == "window":  # the ability's (trailing_window)
        _WINDOWS.append((mod.value, mod.span))
        return effect
    if mod.kind == "limit":  # the ability's, as a window said after the effect
        _WINDOWS.append((("limit", mod.value), mod.span))
        return effect
    if mod.kind == "round":  # "... at the end of each combat round": a trigger, printed first
        return n.Trigger(n.CombatRound(mod.value, span=mod.span), effect, event_first=True,
                         span=mod.span)
    if mod.kind == "duration":
        return scoped(lambda e: n.During(mod.value, e, span=mod.span), effect)
    if mod.kind == "for_each":
        return scoped(lambda e: n.ForEach(mod.value, e, span=mod.span), effect)
    if mod.kind == "if":
        return n.IfState(mod.value, effect, span=mod.span)
    if mod.kind == "while":
        return n.WhileState(mod.value, effect, span=mod.span)
    cond = n.Condition("enemy_colour", str(mod.value), span=mod.span)  # "against"
    if all(isinstance(i, STANDING) for i in _items(effect)):
        node = n.WhileState(cond, effect, span=mod.span)
        _AGAINST.add(id(node))  # an "if" after all when the ability is timed (ability_)
        return node
    return n.IfState(cond, effect, span=mod.span)


# "against ..." whiles of the parse under way (ability_ reads and clears it)
_AGAINST: set = set()
# windows said after an effect in the parse under way, (window, span) (ability_ reads them)
_WINDOWS: list = []


def trailing_window(children: list) -> list:
    """"Heal 1 wound at the start of your turn." is "At the start of your turn, heal 1 wound.",
    and "You may reroll your combat roll once per combat." is "Once per combat, ...": a window
    or a limit said after the effect is the ability's, when the ability has one sentence and no
    other (else it is refused at its words: which part would it time?)."""
    said = [c for c in children if not (isinstance(c, _Marker)
                                        and c.kind in ("tag", "limit", "window"))]
    out = list(children)
    for kind in ("window", "limit"):
        found = [(v[1] if kind == "limit" else v, sp) for v, sp in _WINDOWS
                 if isinstance(v, tuple) == (kind == "limit")]
        if not found:
            continue
        (value, span), *rest = found
        kinds = ("window", "tag") if kind == "window" else ("limit",)
        timed = any(isinstance(c, _Marker) and c.kind in kinds for c in children)
        if timed or len(said) != 1 or rest:
            words = WINDOW_WORDS[value] if kind == "window" else " and ".join(
                LIMIT_WORDS[v] for v in value).capitalize()
            err = AbilitySyntaxError(
                f"a {kind} after the effect times the whole ability: only an ability of one "
                f"sentence with no other {kind}{' or tag' if kind == 'window' else ''} may say "
                "it there", *span, hint=f"write it first: '{words}, ...'")
            err.window_first = words  # parse_ability proposes the sentence so
            raise err
        out.insert(0, _Marker(kind, value, span))
    return out


LIMIT_WORDS = {"turn": "once per turn", "combat": "once per combat",
               "round": "once per combat round", "before_combat": "once during 'Before Combat'"}
WINDOW_WORDS = {"start_of_turn": "At the start of your turn",
                "end_of_turn": "At the end of your turn", "after_combat": "After combat"}


def timed_against(ability):
    """``ability`` with each "against <colour> challenges" rule an "if" when the ability has
    a tag, window, limit or cost (it is used, not always on)."""
    if not _AGAINST:
        return ability
    found = set(_AGAINST)
    _AGAINST.clear()
    if not (ability.tag or ability.window or ability.limits or ability.costs):
        return ability
    from dataclasses import replace

    sentences = tuple(n.IfState(s.condition, s.effect, span=s.span)
                      if id(s) in found else s for s in ability.sentences)
    return replace(ability, sentences=sentences)


class CoreToAst:
    # ---- subjects and predicates ---------------------------------------------------------
    def subject_does(self, ch):
        subject, clause = _values(ch)
        return with_subject(subject, clause, _sp(ch))

    def subject_may(self, ch):  # "Every Hero in a town may ...": each of them chooses
        subject, clause = _values(ch)
        _may_verb(clause, ch)
        if not isinstance(subject, n.Selector):
            raise AbilitySyntaxError("only Heroes choose what they may do", *_sp(ch),
                                     hint="write 'Each Hero may ...'")
        return n.Each(subject, n.MayDo(clause, span=_sp(ch)), span=_sp(ch))

    def heroes_may(self, ch):  # "each (other) Hero [in your space | within N spaces] may"
        _may_verb(_values(ch)[-1], ch)
        who = "each_other" if _tokens(ch, "OTHER") else "each"
        within = _num(ch) if _tokens(ch, "WITHIN") else None
        place = "space" if _tokens(ch, "IN") else None
        sel = n.Selector(who, place=place, within=within, span=_sp(ch[:3]))
        return n.Each(sel, n.MayDo(_values(ch)[-1], span=_sp(ch)), span=_sp(ch))

    def wound_cap(self, ch):  # the subject as a target where one says it (one AST, lang4)
        per = "round" if type(ch[-1]) is Token and ch[-1].type == "ROUND" else "phase"
        return n.WoundCap(as_target(_values(ch)[0]), _ints(ch)[0], span=_sp(ch), per=per)

    def lose_gold(self, ch):
        return n.LoseGold(_values(ch)[0], span=_sp(ch))

    def heal_own(self, ch):
        return n.Heal(_values(ch)[0], ("wound",), "hero", span=_sp(ch))

    heal_pred = heal_own

    def heal_all_own(self, ch):  # "heal all your wounds"
        return n.Heal(n.Amount("all", (), span=_sp(ch)), ("wound",), "hero", span=_sp(ch))

    def heal_on(self, ch):
        amount, target = _values(ch)
        return n.Heal(amount, ("wound",), target, span=_sp(ch))

    def discard_tokens(self, ch):
        amount, tokens = _values(ch)
        return n.Heal(amount, tuple(str(t) for t in tokens), "hero", span=_sp(ch))

    def bonus_you(self, ch):
        stat = _values(ch)[0]
        return n.Modifier("you", stat, int(_tokens(ch, "SIGNED")[0]), span=_sp(ch))

    def lose_all_gold(self, ch):
        return n.LoseGold(n.Amount("all", (), span=_sp(ch)), span=_sp(ch))

    def receive_you(self, ch):
        stat = _values(ch)[0]
        return n.Modifier("you", stat, int(_tokens(ch, "SIGNED")[0]), span=_sp(ch))

    def have_held(self, ch):
        from . import nodes_branching as b

        return b.Condition("at_least", str(_values(ch)[0]), _num(ch), span=_sp(ch))

    def keep_trophy(self, ch):
        return n.KeepTrophy(span=_sp(ch))

    def end_turn(self, ch):
        return n.EndTurn(span=_sp(ch))

    def discard_ally(self, ch):
        _one_of(ch, "Ally", "Allies")
        return n.DiscardAlly(span=_sp(ch))

    def nothing(self, ch):
        return n.Nothing(span=_sp(ch))

    def give(self, ch):
        target, stat = _values(ch)
        value = int(_tokens(ch, "SIGNED")[0])
        return with_subject(target, n.Modifier("you", stat, value, span=_sp(ch)), _sp(ch))

    def discard_own(self, ch):
        amount, token = _values(ch)
        return n.Heal(amount, (str(token),), "hero", span=_sp(ch))

    def discard_from(self, ch):
        amount, token, target = _values(ch)
        return n.Heal(amount, (str(token),), target, span=_sp(ch))

    def p_cannot_escape(self, ch):
        return _Special("escape", "escape", _sp(ch))

    def p_cannot_attack(self, ch):
        return _Special("attack", "attack this challenge", _sp(ch))

    def p_cannot_buy(self, ch):  # Items, or Allies (issue 32, session lang4)
        if _tokens(ch, "ALLY"):
            return _Special("buy", "buy Allies", _sp(ch))
        return _Special("buy", "buy Items", _sp(ch))

    def p_cannot_enter(self, ch):  # "Heroes cannot enter swamp spaces" (issue 32, lang4)
        word = str(_tokens(ch, "WORD")[0]).lower()
        return _Special("enter", TERRAIN_WORDS.get(word, word), _sp(ch))

    def p_cannot_be_wounded(self, ch):
        return _Special("wounded", "be wounded", _sp(ch))

    def p_immune(self, ch):
        return _Special("immune", str(_values(ch)[0]), _sp(ch))

    # ---- selectors ----------------------------------------------------------------------------
    def sel_terrain(self, ch):
        word = str(_tokens(ch, "WORD")[0]).lower()
        return n.Selector(_who(ch), place=TERRAIN_WORDS.get(word, word), span=_sp(ch))

    def sel_town(self, ch):
        return n.Selector(_who(ch), place="town", span=_sp(ch))

    def sel_space(self, ch):
        return n.Selector(_who(ch), place="space", span=_sp(ch))

    def sel_within(self, ch):
        return n.Selector(_who(ch), within=_num(ch), span=_sp(ch))

    def sel_having(self, ch):
        return n.Selector(_who(ch), having=(_num(ch), str(_values(ch)[0])), span=_sp(ch))

    def sel_every(self, ch):
        return n.Selector(_who(ch), span=_sp(ch))

    def sel_most(self, ch):
        return n.Selector("most", measure=str(_values(ch)[0]), span=_sp(ch))

    def sel_fewest(self, ch):
        return n.Selector("fewest", measure=str(_values(ch)[0]), span=_sp(ch))

    def sel_heroes(self, ch):
        return n.Selector("each", span=_sp(ch))

    def sel_allies(self, ch):
        return _word("each_ally", _sp(ch))

    def this_ally(self, ch):
        return _word("this_ally", _sp(ch))

    def each_other_ally(self, ch):
        return _word("each_other_ally", _sp(ch))

    def sel_this_challenge(self, ch):
        return _word("this_challenge", _sp(ch))

    def _countable(name):
        return lambda self, ch: _word(name, _sp(ch))

    c_wound = _countable("wound")
    c_exhaustion = _countable("exhaustion")
    c_gold = _countable("gold")
    c_item = _countable("item")
    c_ally = _countable("ally")
    c_trophy = _countable("trophy")

    # ---- modifiers after the effect --------------------------------------------------------
    def mod_duration(self, ch):
        return _Mod("duration", _values(ch)[0], _sp(ch))

    def mod_if(self, ch):
        return _Mod("if", _values(ch)[0], _sp(ch))

    def mod_while(self, ch):
        return _Mod("while", _values(ch)[0], _sp(ch))

    def mod_against(self, ch):
        return _Mod("against", _values(ch)[0], _sp(ch))

    def mod_for_each(self, ch):
        return _Mod("for_each", str(_values(ch)[0]), _sp(ch))

    def mod_start_of_turn(self, ch):
        return _Mod("window", "start_of_turn", _sp(ch))

    def mod_end_of_turn(self, ch):
        return _Mod("window", "end_of_turn", _sp(ch))

    def mod_after_combat(self, ch):
        return _Mod("window", "after_combat", _sp(ch))

    def mod_round_start(self, ch):  # "... at the start of each combat round" (a trigger)
        return _Mod("round", "start", _sp(ch))

    def mod_round_end(self, ch):
        return _Mod("round", "end", _sp(ch))

    def mod_limit(self, ch):  # "... once per turn": the ability's limit (trailing_window)
        return _Mod("limit", tuple(_values(ch)), _sp(ch))

    def you_take_wounds(self, ch):  # "you take a wound / 2 wounds": your Hero does
        amount = next((v for v in _values(ch) if isinstance(v, n.Amount)), None)
        return n.TakesWounds("hero", amount or n.Amount("at_least", (1,), span=_sp(ch)), None,
                             span=_sp(ch))

    def takes_a_wound(self, ch):  # "your Hero takes a wound": 1 or more
        return n.TakesWounds(_values(ch)[0], n.Amount("at_least", (1,), span=_sp(ch)), None,
                             span=_sp(ch))

    # ---- sentences -----------------------------------------------------------------------------
    def if_defeated(self, ch):
        """"After combat, if you were defeated, ..." is the knock-out window (won_window);
        refused anywhere else (RF454), at the words "If you were defeated"."""
        words = [t for t in ch if hasattr(t, "start_pos")][:4]
        return _Won(self._nested(_values(ch)[-1]), (words[0].start_pos, words[-1].end_pos),
                    lost=True)

    def if_you_do(self, ch):
        return _IfDo(self._nested(_values(ch)[-1]), _sp(ch))

    def round_start_first(self, ch):
        return n.Trigger(n.CombatRound("start", span=_sp(ch[:6])), self._nested(_values(ch)[-1]),
                         event_first=True, span=_sp(ch))

    def round_end_first(self, ch):
        return n.Trigger(n.CombatRound("end", span=_sp(ch[:6])), self._nested(_values(ch)[-1]),
                         event_first=True, span=_sp(ch))

    def heal_this_challenge(self, ch):
        amount, tokens = _values(ch)
        return n.Heal(amount, tuple(str(t) for t in tokens), "this_challenge", span=_sp(ch))

    def if_won(self, ch):
        return _Won(self._nested(_values(ch)[-1]), _sp(ch))

    def deal_additional(self, ch):  # "deal 1 additional wound (to your enemy)"
        vals = _values(ch)
        return n.InflictAdditional(vals[0], vals[1] if len(vals) > 1 else "enemy", span=_sp(ch))

    def when_trigger(self, ch):
        event, effect = _values(ch)
        return n.Trigger(event, self._nested(effect), event_first=True, span=_sp(ch))

    def terrain_rule_all(self, ch):
        words = [str(t).lower() for t in _tokens(ch, "WORD")]
        terrain, like = (TERRAIN_WORDS.get(w, w) for w in words)
        return n.TerrainRule(None, terrain, like, span=_sp(ch))

    def card_bought(self, ch):
        return n.CardTraded("buy", span=_sp(ch))

    def card_sold(self, ch):
        return n.CardTraded("sell", span=_sp(ch))

    def item_bought(self, ch):
        return n.ItemTraded("buy", span=_sp(ch))

    def item_sold(self, ch):
        return n.ItemTraded("sell", span=_sp(ch))

    def event_drawn(self, ch):  # "When you draw an event card, ..." (lang4)
        return n.EventDrawn(span=_sp(ch))

    def ally_defeated(self, ch):
        return n.AllyDefeated(span=_sp(ch))

    def defeat_colour(self, ch):
        return _Marker("window", ("defeat_challenge", str(_values(ch)[0])), _sp(ch))


def _gold_paid(marker):
    """"Discard 2 gold to ..." / "You may lose 1 gold. If you do, ...": gold given up as the
    price of an effect is paid, the same cost as "pay 2 gold" (printed so)."""
    if not (isinstance(marker, _Marker) and marker.kind == "actions") or not any(
            type(i) is n.LoseGold for i in marker.value[1]):
        return marker
    items = marker.value[1]
    paid = _Items([n.PayGold(i.amount, span=i.span)
                   if type(i) is n.LoseGold and i.amount.kind in ("fixed", "x") else i
                   for i in items], items.span)
    return _Marker("actions", (marker.value[0], paid), marker.span)


def _may_costs(marker):
    """``You may <costs>`` (using an ability is always optional): the plain list of costs."""
    marker = _gold_paid(marker)
    if isinstance(marker, _Marker) and marker.kind == "actions" and marker.value[0] \
            and all(_is_cost(i) for i in marker.value[1]):
        return _Marker("actions", (False, marker.value[1]), marker.span)
    return marker


def _paid(sentence):
    """The costs of a sentence that only pays ("You may pay 1 gold.", "Discard an Item."), or
    None."""
    effect = sentence.effect if isinstance(sentence, n.MayDo) else sentence
    items = [n.PayGold(i.amount, span=i.span)
             if type(i) is n.LoseGold and i.amount.kind in ("fixed", "x") else i
             for i in _items(effect)]
    return tuple(items) if items and all(_is_cost(i) for i in items) else None


def join_if_you_do(children: list) -> list:
    """Join each ``If you do, ...`` to the costs of the sentence before it: the first sentence's
    become the ability's costs ("<costs> to ..."), a later one's a payment in the text."""
    out: list = []
    first = None
    for child in children:
        is_sentence = not (isinstance(child, _Marker) and child.kind in ("tag", "limit",
                                                                         "window"))
        if isinstance(child, _IfDo):
            before = out[-1] if out else None
            costs = _paid(before) if before is not None and not isinstance(before, _Marker) \
                else None
            if costs is None:
                raise AbilitySyntaxError(
                    "'If you do' must follow a sentence that pays a cost", *child.span,
                    hint="write 'You may pay 1 gold. If you do, ...' or 'Pay 1 gold to ...'")
            span = (before.span[0], child.span[1])
            if before is first:
                out[-1] = _Marker("costed", (costs, child.effect), span)
            else:
                out[-1] = n.PayTo(costs, child.effect, span=span)
            continue
        if is_sentence and first is None:
            first = child
        out.append(child)
    return out


def colour_window(children: list) -> list:
    """``When you defeat a blue challenge, ...``: the window "When you defeat a challenge,"
    with each sentence under "if your enemy is a blue challenge"."""
    colour = None
    out = []
    for child in children:
        if isinstance(child, _Marker) and child.kind == "window" \
                and isinstance(child.value, tuple):
            colour = n.Condition("enemy_colour", child.value[1], span=child.span)
            child = _Marker("window", child.value[0], child.span)
        elif colour is not None and isinstance(child, _Otherwise):
            raise AbilitySyntaxError(  # each sentence here is already "if your enemy is ..."
                "'Otherwise' cannot follow a sentence of 'When you defeat a <colour> "
                "challenge, ...'", *child.span,
                hint="say the other case in an ability of its own")
        elif colour is not None and not isinstance(child, (_Marker, _IfDo)):
            child = n.IfState(colour, child, span=child.span)
        elif colour is not None and isinstance(child, _Marker) and child.kind == "costed":
            costs, effect = child.value
            child = _Marker("costed", (costs, n.IfState(colour, effect, span=child.span)),
                            child.span)
        out.append(child)
    return out


def install(cls) -> None:
    """Add the core's rules to the parser's transformer ``cls`` and teach its phrase, prefix and
    ability rules the modifiers, "you may <costs>", "If you do" and payments in the text."""
    for name, value in vars(CoreToAst).items():
        if not name.startswith("__"):
            setattr(cls, name, value)
    phrase, nested, ability, during = cls.phrase, cls._nested, cls.ability, cls.during
    subject_takes, modifier = cls.subject_takes, cls.modifier

    def phrase_(self, ch):
        mods = [c for c in ch if type(c) is _Mod]
        if any(m.kind == "round" for m in mods):  # a round's trigger wraps the rest (printed
            mods = [m for m in mods if m.kind != "round"] + \
                [m for m in mods if m.kind == "round"]  # first, so fmt is a fixed point)
        rest = [c for c in ch if type(c) is not _Mod] if mods else ch
        first = rest[0]
        if type(first) is _Marker and any(type(c) is Token and c.type in ("TO", "COLON")
                                          for c in rest):
            rest = [_may_costs(first) if first.value[0] else _gold_paid(first), *rest[1:]]
        out = phrase(self, rest)
        if type(out) is n.MayDo and (type(out.effect) is n.TerrainRule and out.effect.skill
                                     is None or type(out.effect) is n.CostModifier):
            out = out.effect  # "You may move through ... / buy Items for 1 gold less": the rule
        for mod in mods:
            if isinstance(out, _Marker) and mod.kind == "round":
                first = f"At the {mod.value} of each combat round"
                err = AbilitySyntaxError(
                    "a combat round's trigger after a cost would time the effect, not the "
                    "payment", *mod.span, hint=f"write it first: '{first}, ...'")
                err.window_first = first  # parse_ability proposes the sentence so
                raise err
            if isinstance(out, _Marker):  # "<costs> to <effect> <modifier>"
                costs, effect = out.value
                out = _Marker("costed", (costs, _apply(mod, effect)), out.span)
            else:
                out = _apply(mod, out)
        return out

    def nested_(self, effect):
        if type(effect) is _Won:  # "If you succeed, if you were defeated, ...": no window there
            refuse_won(effect)
        if isinstance(effect, _IfDo):  # "On 2-4, if you do, ...": no cost before it there
            raise AbilitySyntaxError(
                "'If you do' must follow a sentence that pays a cost", *effect.span,
                hint="write 'You may pay 1 gold. If you do, ...' as sentences of their own")
        if isinstance(effect, _Marker) and effect.kind == "costed" and not any(
                isinstance(c, (n.Activate, n.DiscardCard)) for c in effect.value[0]):
            costs, inner = effect.value  # a payment in the text ("activate" is the ability's)
            return n.PayTo(tuple(costs), inner, span=effect.span)
        return nested(self, effect)

    def ability_(self, ch):
        slow = won = False
        for c in ch:  # one pass: the common case is neither
            t = type(c)
            if t is _Won:
                won = True
            elif t is _IfDo or t is _Marker and c.kind == "window" and type(c.value) is tuple:
                slow = True
        if _WINDOWS:
            try:
                ch = trailing_window(list(ch))
            finally:
                _WINDOWS.clear()
        if won:
            ch = won_window(list(ch))
        if not slow:  # the common case, fast
            out = timed_against(ability(self, ch)) if _AGAINST else ability(self, ch)
            return phase_extra_wounds(out) if out.tag is not None else out
        try:
            return timed_against(ability(self, join_if_you_do(colour_window(list(ch)))))
        finally:
            _AGAINST.clear()

    def during_(self, ch):
        node = during(self, ch)
        return scoped(lambda e: n.During(node.until, e, span=node.span), node.effect)

    def subject_takes_(self, ch):
        vals = _values(ch)
        if isinstance(vals[0], str):
            return subject_takes(self, ch)
        return with_subject(vals[0], n.Suffer(vals[1], vals[2], None, span=_sp(ch)), _sp(ch))

    def modifier_(self, ch):
        vals = _values(ch)
        if isinstance(vals[0], str):
            return modifier(self, ch)
        value = int(_tokens(ch, "SIGNED")[0])
        return with_subject(vals[0], n.Modifier("you", vals[1], value, span=_sp(ch)), _sp(ch))

    cls.phrase, cls._nested, cls.ability, cls.during = phrase_, nested_, ability_, during_
    cls.subject_takes, cls.modifier = subject_takes_, modifier_


__all__ = ["install", "as_target", "as_selector", "scoped", "STANDING", "_Items"]
