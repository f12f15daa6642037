"""Wordings of hero actions read as the forms they mean (issue 32, branch delveheroes).

The tokenizer (:func:`normalise`) reads a few words as the dialect's own:

* "take(s) N wound(s)" is "suffer(s) N wound(s)" ("every adversary adjacent to you takes 1
  wound", "the next wound you would take"); "take a Move action" stays TAKE;
* "N more wounds | renown | damage | spaces" is "N additional …" ("the target takes 1 more
  wound"); "2 or more wounds" is a threshold, untouched;
* "directly" / "straight" before "away" or "towards" adds nothing ("push it 1 space directly
  away from you": a push is always away).

The grammar (its delveheroes block) reads "If it misses" / "On a miss" (the conditions "If the
target is slain", "If this slays the target" and "On a hit," are branch delvelang's, in
clauses.py and words.py), a basic action by its verb ("may Recuperate once without spending a
die" = "may take a Recuperate action"), the deck's top card put back on top or at the bottom (the player's
choice, as "you may put it on the bottom"): :class:`HeroWords` builds them.
"""

from __future__ import annotations

from lark import Token, Transformer

from .words import Mod, Pred, span_of, spanned_rules

_COUNTED = ("WOUND", "RENOWN", "DAMAGE", "SPACE")
_ADVERBS = ("directly", "straight")


def normalise(toks: list) -> list:
    """``toks`` with "take(s) N wounds" as SUFFER, "N more <thing>" as ADDITIONAL and
    "directly away" without the adverb."""
    out = []
    for i, t in enumerate(toks):
        nxt = [x.type for x in toks[i + 1:i + 4]]
        prev = toks[i - 1].type if i else None
        if t.type == "TAKE" and (_wounds_follow(nxt) or prev == "WOULD"):
            t.type = "SUFFER"
        elif t.type == "MORE" and prev in ("NUMBER", "ONE") and nxt[:1] and nxt[0] in _COUNTED:
            t.type = "ADDITIONAL"
        elif t.type == "WORD" and str(t).lower() in _ADVERBS and nxt[:1] and \
                nxt[0] in ("AWAY", "TOWARDS"):
            continue
        out.append(t)
    return out


def _wounds_follow(kinds: list) -> bool:
    """Whether the words after "take" are "N [more | additional] wound(s)"."""
    if not kinds or kinds[0] not in ("NUMBER", "ONE", "A"):
        return False
    rest = kinds[1:]
    if rest[:1] in (["MORE"], ["ADDITIONAL"]):
        rest = rest[1:]
    return rest[:1] == ["WOUND"]


@spanned_rules
class HeroWords(Transformer):
    """The transformer's rules (delve.lark, branch delveheroes)."""

    def misses(self, meta, ch):
        return {"cond": "misses", "span": span_of(meta)}

    def on_miss(self, meta, ch):
        return Mod("cond", {"cond": "misses", "span": span_of(meta)}, span_of(meta))

    def free_action(self, meta, ch):
        """"Recuperate once without spending a die" = "take a Recuperate action"."""
        verb = next(t for t in ch if isinstance(t, Token) and t.type in ("RECUPERATE", "MOVE"))
        act = "move" if verb.type == "MOVE" else "recuperate"
        return Pred("take_action", verb, span_of(meta), {"act": act})

    def bury_choice(self, meta, ch):
        """"put it back on the top or the bottom": the player's choice ("you may put it on
        the bottom")."""
        return Pred("bury", next(t for t in ch if isinstance(t, Token) and t.type == "PUT"),
                    span_of(meta), {"may": True})


