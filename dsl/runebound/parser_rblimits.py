"""Transformer rules of the carrying limits (issue 32, part III, branch rblimits):
"You may have 3 Allies instead of 2.", "Your Hero may carry one extra weapon."
(:class:`~.nodes.CarryLimit`); "This card does not count against your limit of 2 weapons.",
"This weapon counts as both of your weapons." (:class:`~.nodes.CarriedAs`).

The grammar takes a word where a kind, "count", "toward", "both" or "limit" stands; this module
reads it by its spelling and refuses another word where it is written (RF302), so no keyword
token is added to the lexer."""

from __future__ import annotations

from lark import Token

from ..errors import AbilitySyntaxError
from . import nodes as n
from .parser_parts import _sp, install_rules

# an Item's class and the words for the card itself ("this shield")
_SELF_WORDS = frozenset({"weapon", "armor", "armour", "artifact", "rune", "relic", "shield",
                         "consumable"})
_KIND_WORDS = {"weapon": "weapon", "weapons": "weapon", "armor": "armor", "armors": "armor",
               "armour": "armor", "armours": "armor", "ally": "ally", "allies": "ally"}
_NUMBERS = ("NUMBER", "ONE", "A")


def _word(tok: Token, *spellings: str, expected: str) -> None:
    if str(tok).lower() not in spellings:
        raise AbilitySyntaxError(f"unknown word '{tok}': expected {expected}",
                                 tok.start_pos, tok.end_pos, code="RF302",
                                 hint="write it as 'This card does not count against your "
                                      "weapon limit.' or 'This card counts as 2 weapons.'")


def _kind(tok: Token) -> str:
    if tok.type == "ALLY":
        return "ally"
    kind = _KIND_WORDS.get(str(tok).lower())
    if kind is None:
        raise AbilitySyntaxError(
            f"unknown word '{tok}': a Hero's carrying limits are of weapons, armor and Allies",
            tok.start_pos, tok.end_pos, code="RF302",
            hint="write 'weapons', 'armor' or 'Allies': 'You may carry 3 weapons instead of 2.'")
    return kind


def _number(tok: Token) -> int:
    return 1 if tok.type in ("ONE", "A") else int(tok)


def _tokens(ch) -> list[Token]:
    return [c for c in ch if isinstance(c, Token)]


def _self(toks: list[Token]) -> None:
    """``this <card>``: "this card", "this Item / Ally", "this weapon", "this shield"."""
    tok = toks[1]
    if tok.type == "WORD":
        _word(tok, *_SELF_WORDS, expected="'card', 'Item', 'Ally' or an Item's class")


class LimitRules:
    def rbl_limit_instead(self, ch):
        toks = _tokens(ch)
        numbers = [t for t in toks if t.type in _NUMBERS]
        kind = next(t for t in toks if t.type in ("ALLY", "WORD"))
        return n.CarryLimit(_kind(kind), _number(numbers[0]), _number(numbers[1]), span=_sp(ch))

    def rbl_limit_extra(self, ch):
        toks = _tokens(ch)
        number = next(t for t in toks if t.type in _NUMBERS)
        return n.CarryLimit(_kind(toks[-1]), _number(number), span=_sp(ch))

    def rbl_not_counted(self, ch):
        toks = _tokens(ch)
        _self(toks)
        _word(toks[4], "count", "counts", expected="'count'")
        if toks[5].type == "WORD":
            _word(toks[5], "toward", "towards", "against", expected="'against' or 'toward'")
        limit = toks[7:]  # after "your": "limit of 2 weapons", "weapon limit", "limit"
        if len(limit) == 1:
            _word(limit[0], "limit", "limits", expected="'limit'")
            exempt = "all"
        elif limit[1].type == "OF":
            _word(limit[0], "limit", expected="'limit'")
            exempt = _kind(limit[-1])
        else:
            _word(limit[1], "limit", expected="'limit'")
            exempt = _kind(limit[0])
        return n.CarriedAs(exempt=exempt, span=_sp(ch))

    def rbl_counts_both(self, ch):
        toks = _tokens(ch)
        _self(toks)
        _word(toks[2], "count", "counts", expected="'counts'")
        _word(toks[4], "both", expected="'both'")
        kind = _kind(toks[-1])
        return n.CarriedAs((kind, kind), span=_sp(ch))

    def rbl_counts_as(self, ch):
        toks = _tokens(ch)
        _self(toks)
        _word(toks[2], "count", "counts", expected="'counts'")
        if toks[4].type == "NUMBER":  # "counts as two weapons"
            return n.CarriedAs((_kind(toks[5]),) * int(toks[4]), span=_sp(ch))
        _word(toks[4], "both", expected="'both'")
        return n.CarriedAs((_kind(toks[6]), _kind(toks[9])), span=_sp(ch))


class KnockoutRules:
    """"never loses gold when knocked out", "you keep your gold", "discard this card instead of
    your most expensive item or Ally" (``expensive`` read by its spelling)."""

    def rbl_ko_keep_when(self, ch):
        return n.KnockoutKeep("gold", True, span=_sp(ch))

    def rbl_ko_keep(self, ch):
        return n.KnockoutKeep("gold", False, span=_sp(ch))

    def rbl_ko_instead(self, ch):
        toks = _tokens(ch)
        _word(next(t for t in toks if t.type == "WORD"), "expensive", "costly", "valuable",
              expected="'expensive'")
        return n.KnockoutInstead(span=_sp(ch))

    def rbl_ko_keep_instead(self, ch):
        toks = _tokens(ch)
        at = next(i for i, t in enumerate(toks) if t.type == "GOLD")
        keep = n.KnockoutKeep("gold", False, span=(toks[0].start_pos, toks[at].end_pos))
        start = next(i for i, t in enumerate(toks) if t.type == "DISCARD")
        instead = self.rbl_ko_instead(toks[start:])
        if any(t.type == "MAY" for t in toks[at:start]):
            instead = n.MayDo(instead, span=(toks[at + 1].start_pos, toks[-1].end_pos))
        return n.KnockoutRules(keep, instead, span=_sp(ch))


def install(cls) -> None:
    install_rules(cls, LimitRules, KnockoutRules)
