"""Words of branch rbwho (issue 32, part III): the acts of a Hero a trigger names.

:func:`rbwho_pass` (lexer.py runs it last):

* a trigger's connective before a verb's "-ing" form ("When resting,", "After hiring an Ally,",
  "Whenever defeating a challenge,", "When encountering a travel hazard,") says the act of the
  Hero who holds the card: read as "you" and the verb ("When you rest,"), so every verb the
  triggers have of "you" has its "-ing" form, and the canonical text is the "you" form;
* "encounter(s) a travel hazard" is ENCOUNTER A TRAVEL HAZARD (the words stay WORD elsewhere:
  "the Hero who encounters this card" is branch rbsubj's);
* "leave(s) your party" is LEAVE YOUR PARTY ("one of your Allies leaves your party");
* "Each (Every, Any, A) Hero who <act> <does> ..." opening a sentence or a clause after a comma,
  where <act> is an act the triggers name ("Each Hero who defeats a challenge gains 1 gold.",
  "A Hero who encounters a travel hazard takes 1 wound.") is "Every time any Hero <act>, that
  Hero <does> ...": the relative clause is the trigger's event, "that Hero" the Hero who acted
  (branch rbsubj's anaphora); the clause ends at the first verb of the main clause
  (:data:`_MAIN_VERBS`);
* "The Hero who hires this Ally <does> ..." opening a sentence is "When you hire this Ally,
  your Hero <does> ..." (the Hero who hired the card holds it), as branch rbsubj reads "The
  Hero who defeats this challenge".

"Before" and "While" are not connectives here: "before moving" / "while moving" are the
movement step's windows (branch rbmove) and "while" opens a condition.
"""

from __future__ import annotations

from .lexer_token import make_token

# the connectives of a trigger after which an "-ing" form is the act of "you"
_CONNECTIVES = frozenset({"WHEN", "WHENEVER", "AFTER"})
# "-ing" form -> the terminal of the verb (its other forms are that terminal already)
GERUNDS = {
    "resting": "REST", "hiring": "HIRE", "buying": "BUY", "selling": "SELL",
    "defeating": "DEFEAT", "escaping": "ESCAPE", "entering": "ENTER", "failing": "FAIL",
    "passing": "SUCCEED", "succeeding": "SUCCEED", "attacking": "ATTACK",
    "encountering": "ENCOUNTER", "drawing": "DRAW", "testing": "TEST", "taking": "TAKE",
    "defending": "DEFEND", "suffering": "TAKE",
}
# the verbs of an act a relative clause says ("who rests", "who defeats a challenge")
_ACTS = frozenset({"REST", "HIRE", "BUY", "SELL", "ESCAPE", "DEFEAT", "ENTER", "FAIL",
                   "SUCCEED", "ENCOUNTER", "ATTACK"})
# the verbs that open the main clause after it ("... gains 1 gold", "... may ...")
_MAIN_VERBS = frozenset({"GAIN", "TAKE", "HEAL", "LOSE", "DRAW", "DISCARD", "MAY", "MUST",
                         "RECEIVE", "PAY", "PLACE", "REMOVE", "END", "CANNOT"})
_ANY_HERO = frozenset({"A", "ANY", "EACH", "EVERY"})
_ENCOUNTER = frozenset({"encounter", "encounters", "encountering"})
_LEAVE = frozenset({"leave", "leaves"})
# how the pass's terminals are named in an error message (lexer.py adds them to DISPLAY)
DISPLAY = {"ENCOUNTER": "'encounter'", "TRAVEL": "'travel'", "HAZARD": "'hazard'",
           "LEAVE": "'leaves'"}


def _word(tok, words) -> bool:
    return tok.type == "WORD" and str(tok).lower() in words


def _as(type_: str, tok):
    return make_token(type_, str(tok), tok.start_pos, tok.end_pos)


def _relative_act(toks, i, out):
    """"Each Hero who defeats a challenge gains ..." from ``i`` (at EACH) as "Every time any
    Hero defeats a challenge, that Hero gains ...", appended to ``out``; the index after the
    relative clause, or None."""
    if out and out[-1].type not in ("DOT", "COMMA") or \
            [t.type for t in toks[i + 1:i + 2]] != ["HERO"] or i + 3 >= len(toks) or \
            toks[i + 2].type not in ("WHO", "THAT") or toks[i + 3].type not in _ACTS:
        return None
    if toks[i + 3].type in ("FAIL", "SUCCEED") and \
            [t.type for t in toks[i + 4:i + 5]] not in (["A"], ["AT"], ["ON"], ["IN"]):
        return None  # "each Hero who fails" (the test just said): not an act of its own
    j = i + 4
    while j < len(toks) and toks[j].type not in _MAIN_VERBS and toks[j].type != "DOT":
        j += 1
    if j >= len(toks) or toks[j].type == "DOT":
        return None
    det, hero, who = toks[i], toks[i + 1], toks[i + 2]
    out += [make_token("EVERY", "every", det.start_pos, det.start_pos),
            make_token("TIME", "time", det.start_pos, det.start_pos),
            make_token("ANY", "any", det.start_pos, det.end_pos), hero, *toks[i + 3:j],
            make_token("COMMA", ",", who.start_pos, who.start_pos),
            make_token("THAT", "that", who.start_pos, who.end_pos),
            make_token("HERO", "Hero", hero.start_pos, hero.end_pos)]
    return j


def rbwho_pass(tokens):
    toks = _words(tokens)
    out = []
    i = 0
    while i < len(toks):
        if toks[i].type in _ANY_HERO:
            k = _relative_act(toks, i, out)
            if k is not None:
                i = k
                continue
        out.append(toks[i])
        i += 1
    return out


def _words(tokens):
    """The "-ing" forms, "encounter a travel hazard", "leaves your party", "The Hero who hires
    this Ally" read (the first pass of :func:`rbwho_pass`)."""
    toks = list(tokens)
    out = []
    i = 0
    while i < len(toks):
        tok = toks[i]
        low = str(tok).lower()
        if tok.type == "WORD" and low in GERUNDS and out and out[-1].type in _CONNECTIVES:
            # "When resting," -> "When you rest," ("you": the "-ing" form's own span)
            out.append(make_token("YOU", "you", tok.start_pos, tok.start_pos))
            tok = _as(GERUNDS[low], tok)
            low = "encounter" if tok.type == "ENCOUNTER" else low
        if (tok.type == "ENCOUNTER" or _word(tok, _ENCOUNTER)) and \
                [t.type for t in toks[i + 1:i + 2]] == ["A"] and \
                i + 3 < len(toks) and _word(toks[i + 2], {"travel"}) and \
                _word(toks[i + 3], {"hazard", "hazards"}):
            out += [_as("ENCOUNTER", tok), toks[i + 1], _as("TRAVEL", toks[i + 2]),
                    _as("HAZARD", toks[i + 3])]
            i += 4
            continue
        if tok.type == "THE" and (not out or out[-1].type == "DOT") and \
                [t.type for t in toks[i + 1:i + 6]] == ["HERO", "WHO", "HIRE", "THIS", "ALLY"]:
            who, hire, this, ally = toks[i + 1], toks[i + 3], toks[i + 4], toks[i + 5]
            out += [_as("WHEN", tok), make_token("YOU", "you", who.start_pos, who.end_pos),
                    _as("HIRE", hire), this, ally,
                    make_token("COMMA", ",", ally.end_pos, ally.end_pos),
                    make_token("YOUR", "your", tok.start_pos, tok.start_pos),
                    _as("HERO", who)]
            i += 6
            continue
        if _word(tok, _LEAVE) and [t.type for t in toks[i + 1:i + 3]] == ["YOUR", "PARTY"]:
            tok = _as("LEAVE", tok)
        out.append(tok)
        i += 1
    return out


# the words that make the pass worth running (lexer.py tests the text for one of them: the
# pass is skipped for most texts)
CUES = (*GERUNDS, "hazard", "leave", "hero who", "hero that", "heroes who", "player who",
        "player that", "players who")

__all__ = ["CUES", "DISPLAY", "GERUNDS", "rbwho_pass"]
