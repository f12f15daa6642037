"""Transformer rules of prohibitions and of a price's modifiers (issue 32, session rbrules).

A prohibition is a subject, "cannot" (or "may not", "can't": the lexer's one CANNOT) and a verb
phrase, active or passive. Every wording of one rule is one :class:`~.nodes.Restrict`, whose
``action`` names what is barred and of whom (the engine's data, ``ir.RESTRICTIONS``):

==========================================  ==========================  =====================
said                                        of                          action
==========================================  ==========================  =====================
"cannot rest"                               Heroes / each Hero          ``rest``
                                            you / your Hero             ``own_rest``
"cannot attack other Heroes / each other"   Heroes / each Hero          ``attack_heroes``
                                            you / your Hero             ``own_attack_heroes``
"cannot be healed in towns"                 Heroes / each Hero          ``heal_in_town``
                                            you / your Hero             ``own_heal_in_town``
"cannot be sold"; "cannot sell Items"       Items; Heroes               ``sell_items``
                                            you / your Hero             ``own_sell_items``
"cannot be activated (during this combat)"  Items                       ``activate_items``,
                                                                        ``..._in_combat``
"cannot be bought / hired", "cannot buy /   Items, Allies; Heroes       ``buy_items``,
hire ..."                                                               ``buy_allies``
==========================================  ==========================  =====================

What the engine cannot bar is refused here, at the words, with RF472 and a hint that names
what can be said: healing by a card's text ("cannot be healed" with no town), activating
what is not an Item ("This Ally cannot be activated"), a prohibition of one other Hero or of a card that is not the one
the rule is about.

A price's modifiers ("in every town", "to hire", "(to a minimum of 1)") are said after a price
(:class:`~.nodes.CostModifier`) only; :func:`apply` gives the priced node.
"""

from __future__ import annotations

from dataclasses import replace

from lark import Token

from ..errors import AbilitySyntaxError
from . import nodes as n
from .parser_modifiers import MORE_MODIFIERS, _Mod
from .parser_parts import _sp, _values, _word, install_rules
from .parser_subjects import MORE_SPECIALS, _Special

CODE = "RF472"

# verb -> (the prohibition of every Hero, of the card's own Hero)
_HEROES = {"rest": ("rest", "own_rest"), "attack_heroes": ("attack_heroes", "own_attack_heroes"),
           "healed_in_town": ("heal_in_town", "own_heal_in_town")}
_SAID = {"rest": "cannot rest", "attack_heroes": "cannot attack other Heroes",
         "healed_in_town": "cannot be healed in towns", "healed": "cannot be healed",
         "bought": "cannot be bought", "sold": "cannot be sold",
         "activated": "cannot be activated",
         "activated_in_combat": "cannot be activated during this combat",
         "sell": "cannot sell Items"}
_CAN = ("'Heroes cannot rest.', 'You cannot attack other Heroes.', 'Heroes cannot be healed in "
        "towns.', 'Items cannot be sold.', 'Allies cannot be hired.', 'Heroes cannot buy Items.'")


class Bar(_Special):
    """A verb phrase after "cannot" (``verb``: a key of ``_SAID``), until its subject is
    known (a predicate whose node depends on its subject, as parser_subjects' others)."""

    __slots__ = ()

    def __init__(self, verb: str, span):
        super().__init__("bar", verb, span)


def _refuse(message: str, span, hint: str):
    return AbilitySyntaxError(message, *span, code=CODE, hint=hint)


def bar(subject, pred: Bar, span) -> n.Restrict:
    """The Restrict of ``<subject> cannot <pred>``, or RF472."""
    verb = pred.value
    if verb == "healed":
        raise _refuse("the engine bars the healing bought in a town's market, not a card's",
                      span, "write '... cannot be healed in towns.' (of Heroes or of you)")
    if verb in ("activated", "activated_in_combat"):
        if subject == "items":
            return n.Restrict("activate_items" + verb[len("activated"):], span=span)
        raise _refuse("only Items are activated (their cost 'Activate')", span,
                      "write 'Items cannot be activated.' or '... during this combat.'; what "
                      "else can be barred: " + _CAN)
    if verb in _HEROES:
        every, own = _HEROES[verb]
        if subject == "each_hero":
            return n.Restrict(every, span=span)
        if subject in ("you", "hero"):
            return n.Restrict(own, span=span)
        raise _refuse(f"'{_SAID[verb]}' is said of every Hero or of your Hero", span,
                      f"write 'Heroes {_SAID[verb]}.' or 'You {_SAID[verb]}.'")
    if verb == "bought" and subject in ("items", "each_ally"):
        return n.Restrict("buy_items" if subject == "items" else "buy_allies", span=span)
    if verb == "sold" and subject == "items":
        return n.Restrict("sell_items", span=span)
    if verb == "sold" and subject == "this_item":  # session prohib: the card's own rule
        return n.Restrict("this_sell_items", span=span)
    if verb == "sell":  # the active voice: of every Hero, or of your Hero
        if subject in ("each_hero", "you", "hero"):
            return n.Restrict("sell_items" if subject == "each_hero" else "own_sell_items",
                              span=span)
        raise _refuse("'cannot sell Items' is said of every Hero or of your Hero", span,
                      "write 'Items cannot be sold.' or 'You cannot sell Items.'")
    what = "Items or Allies" if verb == "bought" else "Items"
    raise _refuse(f"only {what} can be {verb}", span,
                  f"write '{what.split()[0]} {_SAID[verb]}.'")


# (verb, object) -> (the prohibition of every Hero, of your Hero alone): the trades a card can
# bar (session prohib: "Heroes cannot buy or sell Items.")
_TRADES = {("buy", "item"): ("buy_items", "own_buy_items"),
           ("buy", "ally"): ("buy_allies", "own_buy_allies"),
           ("hire", "ally"): ("buy_allies", "own_buy_allies"),
           ("sell", "item"): ("sell_items", "own_sell_items")}
_OBJECT = {"item": "Items", "ally": "Allies"}


class Trades(_Special):
    """"cannot buy or sell Items": each (verb, object) pair, until the subject is known."""

    __slots__ = ()

    def __init__(self, pairs, span):
        super().__init__("trades", tuple(pairs), span)


def trades(subject, pred: Trades, span):
    """One Restrict per (verb, object) of ``<subject> cannot <verbs> <objects>``, joined, or
    RF472 at the words when a pair is no trade or the subject is no Hero."""
    if subject not in ("each_hero", "you", "hero"):
        raise _refuse("buying, hiring and selling is said of every Hero or of your Hero", span,
                      "write 'Heroes cannot buy or sell Items.' or 'You cannot buy or sell "
                      "Items.'")
    own = subject != "each_hero"
    # each verb with each object it can take, as English distributes "buy or sell Items and
    # Allies" (Allies are never sold); a verb or an object left with none is refused
    said = [pair for pair in pred.value if pair in _TRADES]
    for verb, what in pred.value:
        if not any(v == verb for v, _ in said) or not any(w == what for _, w in said):
            raise _refuse(f"{_OBJECT[what]} are not {'hired' if verb == 'hire' else 'sold'}",
                          span, "Items are bought and sold, Allies hired (or bought): write "
                                "'Heroes cannot buy or sell Items.' or '... hire Allies.'")
    rules = list(dict.fromkeys(_TRADES[pair][own] for pair in _TRADES if pair in said))  # one order
    found = [n.Restrict(a, span=span) for a in rules]
    return found[0] if len(found) == 1 else n.And(tuple(found), span=span)


def _verb(tree_rule: str):
    return lambda self, ch: Bar(tree_rule, _sp(ch))


def _tokens(ch, type_: str) -> list[Token]:
    return [t for t in ch if isinstance(t, Token) and t.type == type_]


def apply(mod, effect):
    """``effect`` with the price's modifier ``mod`` (a parser_modifiers._Mod of kind
    price_every_town | price_to_trade | price_floor), or RF472 when ``effect`` is no price."""
    if isinstance(effect, n.And) and isinstance(effect.items[-1], n.CostModifier):
        # "..., and Items cost you 1 less gold (to a minimum of 1 gold)": the last clause's
        return replace(effect, items=(*effect.items[:-1], apply(mod, effect.items[-1])))
    if not isinstance(effect, n.CostModifier):
        raise _refuse("this says where or how a price holds, after something that is no price",
                      mod.span, "say it after a price: 'Items cost you 1 less gold (to a "
                                "minimum of 1 gold).'")
    if mod.kind == "price_every_town":  # every market is a town's: the rule as it is
        return effect
    if mod.kind == "price_to_trade":
        if mod.value == "hire" and effect.subjects != ("ally",):
            raise _refuse("Allies are hired, Items bought", mod.span,
                          "write 'to buy' of Items, or 'Allies cost you 1 less gold to hire.'")
        return effect
    if effect.factor is not None or effect.delta is None or effect.delta > 0:
        raise _refuse("a minimum is the floor of a price made lower", mod.span,
                      "write 'Items cost you 1 less gold (to a minimum of 1 gold).'")
    if mod.value < 1:
        raise _refuse("a price is never below 0 anyway", mod.span,
                      "drop the minimum, or give one of 1 or more")
    return replace(effect, minimum=mod.value)


class ProhibitRules:
    """The rules of ability.lark's block of session rbrules."""

    bar_bought = _verb("bought")
    bar_sold = _verb("sold")

    def bar_activated(self, ch):  # "activated (during this combat)"
        return Bar("activated_in_combat" if _tokens(ch, "DURING") else "activated", _sp(ch))

    def bar_healed(self, ch):  # "healed" alone, or "healed in (a) town(s)"
        return Bar("healed_in_town" if _tokens(ch, "TOWN") else "healed", _sp(ch))

    def p_no_rest(self, ch):
        return Bar("rest", _sp(ch))

    def p_no_sell(self, ch):  # "Heroes cannot sell Items": Items cannot be sold by them
        return Bar("sell", _sp(ch))

    def p_no_heal_in_town(self, ch):  # "Heroes cannot heal (wounds) in towns"
        return Bar("healed_in_town", _sp(ch))

    def p_no_attack_heroes(self, ch):
        return Bar("attack_heroes", _sp(ch))

    def p_cannot_be(self, ch):
        pred = _values(ch)[0]
        return Bar(pred.value, _sp(ch))

    def items_cannot_be(self, ch):
        return bar("items", _values(ch)[0], _sp(ch))

    def allies_cannot_be(self, ch):
        return bar("each_ally", _values(ch)[0], _sp(ch))

    def p_cannot_trade(self, ch):  # "cannot buy or sell Items (and Allies)" (session prohib)
        verbs = [str(t.type).lower() for t in ch if isinstance(t, Token)
                 and t.type in ("BUY", "SELL", "HIRE")]
        objects = list(_values(ch)[-1])
        return Trades([(v, o) for v in dict.fromkeys(verbs) for o in objects], _sp(ch))

    def this_item(self, ch):  # "This Item cannot be sold." (session prohib)
        return _word("this_item", _sp(ch))

    def mod_every_town(self, ch):
        return _Mod("price_every_town", None, _sp(ch))

    def mod_to_trade(self, ch):
        return _Mod("price_to_trade", "hire" if _tokens(ch, "HIRE") else "buy", _sp(ch))

    def floor_action(self, ch):  # "<price> (to a minimum of N gold)"
        return apply(_Mod("price_floor", int(_tokens(ch, "NUMBER")[0]), _sp(ch[1:])),
                     _values(ch)[0])

    def mod_price_floor(self, ch):
        return _Mod("price_floor", int(_tokens(ch, "NUMBER")[0]), _sp(ch))


def install(cls) -> None:
    MORE_SPECIALS["bar"] = bar
    MORE_SPECIALS["trades"] = trades
    for kind in ("price_every_town", "price_to_trade", "price_floor"):
        MORE_MODIFIERS[kind] = apply
    install_rules(cls, ProhibitRules)


__all__ = ["Bar", "Trades", "bar", "trades", "apply", "install", "CODE"]
