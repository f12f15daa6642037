"""Words and the lexer pass of branch rbmarket (issue 32, part III): the market's prices of
selling and healing ("Heroes sell Items for their full cost instead of half.", "Healing a
wound costs 2 gold instead of 1.", "All market purchases cost 1 more gold.") and the market
deck's offer ("Draw the top card of the market deck; if it is an Ally, you may hire it for
free; otherwise, place it on the bottom of the deck.").

The offer runs over what would be two sentences (or a die row's ";"), so :func:`offer_pass`
joins its seams into single tokens, right after a market card drawn ("... market deck",
"... market card(s)"): the separator and "if it is a(n)" before Item / Ally is OFFERIF; the
separator (or "and") and "(you) may" before keep / hire / buy / take / gain + "it" is
OFFERMAY; after an OFFERIF, the separator and "otherwise(,)" is OFFERELSE. lexer.py adds
:data:`WORDS` to its vocabulary and calls the pass.
"""

from __future__ import annotations

from .lexer_token import make_token as _token

WORDS = {"FULL": ("full",), "HALF": ("half",), "PRICE": ("price", "prices"),
         "PURCHASE": ("purchase", "purchases"), "HEALING": ("healing",),
         "RATHER": ("rather",), "FREE": ("free",), "WITHOUT": ("without",),
         "PAYING": ("paying",), "ROUNDED": ("rounded",), "DOWN": ("down",),
         "NORMAL": ("normal", "usual"), "PUT": ("put", "puts"),
         "TOWN_POSS": ("town's", "town\u2019s"), "LOOK": ("look", "looks"), "BACK": ("back",),
         "ORDER": ("order",), "RETURNS": ("returns",),
         "REARRANGE": ("rearrange", "rearranges"), "OTHERS": ("others",),
         "KEEPS": ("keeps",), "CHOOSES": ("chooses",)}
DISPLAY = {"OFFERIF": "'; if it is an'", "OFFERMAY": "'; you may'", "OFFERELSE": "'; otherwise,'"}

_SEPARATORS = frozenset({"DOT", "SEMICOLON", "COMMA"})
_TAKE = frozenset({"KEEP", "HIRE", "BUY", "TAKE", "GAIN"})


def _after_market_card(types, i) -> bool:
    """Does a market card drawn end just before token ``i``?"""
    return i >= 2 and types[i - 2] == "MARKET" and types[i - 1] in ("DECK", "CARD")


def offer_pass(tokens):
    toks = list(tokens)
    types = [t.type for t in toks]
    out, i, offered = [], 0, False
    while i < len(toks):
        sep = types[i] in _SEPARATORS or types[i] == "AND"
        if sep and _after_market_card(types, i) and types[i] != "AND" \
                and types[i + 1:i + 5] == ["IF", "IT", "IS", "A"] \
                and i + 5 < len(toks) and types[i + 5] in ("ITEM", "ALLY"):
            out.append(_token("OFFERIF", "; if it is a", toks[i].start_pos, toks[i + 4].end_pos))
            i, offered = i + 5, True
            continue
        if sep and _after_market_card(types, i):
            j = i + 1 + (types[i + 1:i + 2] == ["YOU"])
            if types[j:j + 1] == ["MAY"] and j + 2 < len(toks) and types[j + 1] in _TAKE \
                    and types[j + 2] == "IT":
                out.append(_token("OFFERMAY", "; you may", toks[i].start_pos, toks[j].end_pos))
                i = j + 1
                continue
        if offered and types[i] in _SEPARATORS and types[i + 1:i + 2] == ["OTHERWISE"]:
            j = i + 2 + (types[i + 2:i + 3] == ["COMMA"])
            out.append(_token("OFFERELSE", "; otherwise,", toks[i].start_pos,
                              toks[j - 1].end_pos))
            i, offered = j, False
            continue
        out.append(toks[i])
        i += 1
    return out


__all__ = ["DISPLAY", "WORDS", "offer_pass"]
