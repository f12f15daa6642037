"""Transformer rules of objects and noun phrases (issue 32, session np): English builds an
object from a determiner, adjectives, a noun and a qualifier, and coordinates objects and
actions; each construction here says what an existing form says, so it parses to that form's AST
and `fmt` prints the form (no new meaning, so no new lowering, engine or rendering):

* "a wound", "an exhaustion" — amount 1 (the grammar's ``amount``);
* "A, B and C" — actions one after the other, as "A and B and C";
* "A or B", "A, or B", "Choose one: A, or B" / "...: A or B" / "...: A; B" — "Choose one: A;
  or B";
* an object after "and" shares the verb before it: "heal 1 wound and 1 exhaustion", "take 1
  wound and 1 exhaustion", "discard all wounds and exhaustion from your Hero and your Allies" —
  the verb once for each object (a target said after the last object is every object's);
* "Then, ..." starting a sentence — the sentence (sentences happen in their order anyway);
* "the top card of the market deck", "the top 2 cards of the market deck", "1 card from the
  (top of the) market deck" — N market cards; "... and keep it" — "... and keep one" (of one
  card only).

Objects the engine cannot act on are refused where they are written (RF470): "gain the Swim
skill" (the engine grants no skill), "move your Hero to any river space" (the engine moves a Hero
to a town only). :func:`install` adds the rules and wraps ``action_list``.
"""

from __future__ import annotations

from dataclasses import replace

from lark import Token

from ..errors import AbilitySyntaxError
from . import nodes as n
from .parser_parts import _Items, _Marker, _Seq, _sp, _values, install_rules


class _More:
    """An object after "and" with no verb of its own, until ``action_list`` gives it the verb
    before it: ``amount`` None shares the amount too ("wounds and exhaustion")."""

    __slots__ = ("amount", "token", "target", "span")

    def __init__(self, amount, token, target, span):
        self.amount, self.token, self.target, self.span = amount, token, target, span


class _Counted(tuple):
    """``tokens`` of "discard 1 wound and 1 exhaustion": the first token, with the second's
    amount and token in ``more`` (split into two acts by ``action_list``)."""

    def __new__(cls, first, more, span):
        self = super().__new__(cls, (str(first),))
        self.more, self.span = more, span
        return self


# the nouns gained or lost that an object after "and" may name, and the verbs that share them
_GAINED = {"GOLD": "gold", "EXPERIENCE": "experience"}


def _gained(prev, more: _More):
    """"gain 2 gold and 1 experience", "gain 1 experience and 2 gold"."""
    if isinstance(prev, (n.GainGold, n.GainExperience)):
        make = n.GainGold if more.token == "gold" else n.GainExperience
        return [prev, make(more.amount, span=more.span)]
    raise _no_verb(more)


def _explicit(target) -> bool:
    """Whether a Heal's target was written (a Word with its span), not understood ("heal 1
    wound": your Hero)."""
    return getattr(target, "span", None) is not None


def _no_verb(more: _More):
    return AbilitySyntaxError(
        "this object has no verb", *more.span,
        hint="write it after the verb it shares, as in 'take 1 wound and 1 exhaustion' or "
             "'discard 1 wound from your Hero and one of your Allies'")


def _with_verb(prev, more: _More):
    """``more`` acted on by the verb of ``prev``: the nodes that replace ``prev`` and ``more``."""
    if type(prev) is n.Each and more.target is None:  # "Each Hero gains 1 gold and 1 ..."
        return [replace(prev, effect=e, span=prev.span if i == 0 else more.span)
                for i, e in enumerate(_with_verb(prev.effect, more))]
    if more.token in ("gold", "experience"):
        return _gained(prev, more)
    if isinstance(prev, n.Heal) and more.token is None:  # "... from your Hero and your Allies"
        if not _explicit(prev.target):
            raise _no_verb(more)
        return [prev, n.Heal(prev.amount, prev.tokens, more.target, span=more.span)]
    if isinstance(prev, n.Heal):
        target = more.target if more.target is not None else prev.target
        if more.target is not None and not _explicit(prev.target):
            prev = n.Heal(prev.amount, prev.tokens, more.target, span=prev.span)
        if more.amount is None:  # "all wounds and exhaustion": one act, both tokens
            if more.token in prev.tokens:
                raise _no_verb(more)
            span = (prev.span[0], more.span[1])
            return [n.Heal(prev.amount, prev.tokens + (more.token,), target, span=span)]
        return [prev, n.Heal(more.amount, (more.token,), target, span=more.span)]
    if isinstance(prev, n.Suffer) and more.token is not None and more.target is None:
        amount = more.amount if more.amount is not None else prev.amount
        return [prev, n.Suffer(amount, more.token, prev.target, span=more.span)]
    raise _no_verb(more)


class _Pair(list):
    """The two acts of "discard 1 wound and 1 exhaustion (from ...)" (``action_list`` lists
    them)."""


def _counted(rule):
    """``rule`` (a "discard <tokens> ..." rule) made to read "<amount> <token> and <amount>
    <token>": one Heal for each counted token."""

    def wrapped(self, ch):
        counted = next((c for c in ch if type(c) is _Counted), None)
        if counted is None:
            return rule(self, ch)
        first = rule(self, [_Seq(counted, counted.span) if c is counted else c for c in ch])
        amount, token = counted.more
        return _Pair([first, n.Heal(amount, (str(token),), first.target, span=first.span)])

    return wrapped


def _resolve(values: list) -> list:
    out: list = []
    for v in values:
        if type(v) is _More:
            if not out:
                raise _no_verb(v)
            out[-1:] = _with_verb(out[-1], v)
        elif type(v) is _Pair:
            out.extend(v)
        else:
            out.append(v)
    return out


class NounPhraseRules:
    def then_sentence(self, ch):  # "Then, gain 1 gold.": the sentence
        return _values(ch)[0]

    def top_one(self, ch):
        return n.Amount("fixed", (1,), span=_sp(ch))

    def top_n(self, ch):
        number = next(c for c in ch if type(c) is Token and c.type == "NUMBER")
        return n.Amount("fixed", (int(number),), span=_sp(ch))

    def top_amount(self, ch):
        return _values(ch)[0]

    def face_pair(self, ch):  # "On a 5 or 6,": the faces 5–6
        from .parser_branching import _Faces

        low, high = (int(c) for c in ch if type(c) is Token and c.type == "NUMBER")
        if high != low + 1:
            raise AbilitySyntaxError(
                f"'{low} or {high}' are not two faces next to each other", *_sp(ch),
                hint=f"write a row for each face ('On {low}, ...' and 'On {high}, ...'), or a "
                     "range such as 'On 5–6,'")
        return _Faces(low, high, _sp(ch))

    def placed_in_town(self, ch):  # "... and place it in the market of the town you are in"
        return _PlacedInTown(span=_sp(ch))

    def keep_it(self, ch):  # "keep it": of the one card just drawn (action_list checks)
        return _KeepIt(span=_sp(ch))

    def heal_exhaustion(self, ch):  # "heal 1 exhaustion (from ...)": discard it
        vals = _values(ch)
        return n.Heal(vals[0], ("exhaustion",), vals[1] if len(vals) > 1 else "hero",
                      span=_sp(ch))

    def more_object(self, ch):
        noun = next((c for c in ch if type(c) is Token and c.type in _GAINED), None)
        if noun is not None:  # "... and 1 experience": a gain (or loss) shared
            return _More(_values(ch)[0], _GAINED[noun.type], None, _sp(ch))
        vals = _values(ch)
        amount = vals[0] if isinstance(vals[0], n.Amount) else None
        token = str(vals[1] if amount is not None else vals[0])
        rest = vals[2:] if amount is not None else vals[1:]
        return _More(amount, token, rest[0] if rest else None, _sp(ch))

    def more_target(self, ch):
        return _More(None, None, _values(ch)[0], _sp(ch))

    def more_allies(self, ch):  # "... and your Allies": each of them
        from .parser_parts import _word

        return _More(None, None, _word("each_ally", _sp(ch)), _sp(ch))

    def tokens_counted(self, ch):
        first, amount, token = _values(ch)
        return _Counted(first, (amount, token), _sp(ch))

    def either(self, ch):  # "Either A or B.": the choice of the list
        items = ch[-1]
        if len(items) != 1 or type(items[0]).__name__ not in ("Choice", "PayOr"):
            raise AbilitySyntaxError("'either' needs its options joined by 'or'", *_sp(ch),
                                     hint="write 'Either gain 2 gold or heal 1 wound.'")
        return _Marker("actions", (False, items), _sp(ch))

    def draw_challenge(self, ch):
        colour = _values(ch)[0]
        raise AbilitySyntaxError(
            f"the engine draws the top {colour} adventure card, whatever kind of card it is",
            *_sp(ch), code="RF470",
            hint=f"write 'Draw a {colour} adventure card and resolve it.'")

    def move_to_terrain(self, ch):
        raise AbilitySyntaxError(
            "the engine moves a Hero to a town only, not to a space of a terrain", *_sp(ch),
            code="RF470", hint="write 'Move your Hero to the nearest town.' or 'Move your Hero "
                               "to <town>.', or 'Move 2 spaces.'")


class _KeepIt(n.KeepOne):
    """"keep it" as written: "keep one" of exactly one card (``action_list`` checks, then makes it
    a KeepOne)."""


class _PlacedInTown(n.KeepOne):
    """"place it in the market (stack) of the town you are in": where a market card drawn goes
    (``action_list`` drops it after one card drawn, else refuses it)."""


def _check_keep_it(values: list) -> list:
    out = []
    for i, v in enumerate(values):
        if type(v) is _PlacedInTown:
            prev = values[i - 1] if i else None
            if not (type(prev) is n.DrawMarket and (prev.amount.kind, prev.amount.values) ==
                    ("fixed", (1,))):
                raise AbilitySyntaxError(
                    "'place it in the market' follows the one market card drawn", *v.span,
                    hint="write 'draw 1 market card' (the rules place it in your town's "
                         "market)")
            continue
        if type(v) is _KeepIt:
            prev = values[i - 1] if i else None
            if isinstance(prev, n.DrawMarket) and (prev.amount.kind, prev.amount.values) != \
                    ("fixed", (1,)):
                err = AbilitySyntaxError(
                    "'keep it' says one card, but more are drawn", *v.span,
                    hint="write 'keep one' to keep one of the cards drawn")
                err.rewrite = "keep one"
                raise err
            v = n.KeepOne(span=v.span)
        out.append(v)
    return out


def _options(ch) -> list[list]:
    """The children of an action list split at each "or" (with its comma) and, as in "A, B or
    C", at each comma alone (not "A, and B" / "A, then B")."""
    groups: list[list] = [[]]
    for i, c in enumerate(ch):
        after = ch[i + 1] if i + 1 < len(ch) else None
        if type(c) is Token and (c.type == "OR" or c.type == "COMMA" and not (
                type(after) is Token and after.type in ("AND", "THEN", "OR"))):
            groups.append([])
        else:
            groups[-1].append(c)
    return groups


def _pay_or(options: list, span):
    """"Pay 3 gold or take 2 wounds" (either order): a payment the Hero may make, and what
    happens when it does not (n.PayOr), rather than a choice of two effects; None when the
    two options are not a payment in gold and an effect."""
    if len(options) != 2:
        return None
    for paid, other in (options, options[::-1]):
        costs = paid.items if type(paid) is n.And else (paid,)
        others = other.items if type(other) is n.And else (other,)
        if all(type(c) is n.PayGold for c in costs) and \
                not any(type(o) is n.PayGold for o in others):
            return n.PayOr(tuple(costs), other, span=span)
    return None


def install(cls) -> None:
    """Add the rules to the parser's transformer ``cls`` and wrap its ``action_list``."""
    from .nodes_branching import Choice

    install_rules(cls, NounPhraseRules, new=True)
    for name in ("heal", "discard_tokens", "heal_this_challenge"):
        setattr(cls, name, _counted(getattr(cls, name)))
    base = cls.action_list

    def one_list(self, ch):
        if not any(type(c) in (_More, _KeepIt, _Pair, _PlacedInTown) for c in ch):
            return base(self, ch)  # the common case, fast
        values = _check_keep_it(_resolve(_values(ch)))
        return base(self, values)

    def action_list(self, ch):
        if not any(type(c) is Token and c.type == "OR" for c in ch):
            return one_list(self, ch)
        options = []
        for group in _options(ch):
            items = one_list(self, group)
            options.append(items[0] if len(items) == 1 else
                           n.And(tuple(items), span=items.span))
        paid = _pay_or(options, _sp(ch))
        return _Items([paid or Choice(tuple(options), span=_sp(ch))], _sp(ch))

    cls.action_list = action_list
    choose_one = cls.choose_one

    def choose_one_(self, ch):  # "Choose one: A, or B": the options of the list's choice
        out = choose_one(self, ch)
        flat = []
        for option in out.options:
            flat.extend(option.options if type(option) is Choice else (option,))
        return Choice(tuple(flat), span=out.span)

    cls.choose_one = choose_one_
