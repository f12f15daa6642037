"""Tokenizer of the ability language: words to the grammar's terminals.

Each word is looked up case-insensitively in :data:`VOCABULARY`; inflected forms
("wounds", "takes", "Allies", "dice") and icon tokens ("{wound}") map to the same
terminal as their base word. A word that is not in the vocabulary becomes ``WORD``
(skill names in tests), so a misspelt keyword surfaces as a parse error at that
word, where the parser can suggest the nearest expected word.
"""

from __future__ import annotations

import re

from lark.lexer import Lexer

from ..errors import AbilitySyntaxError, suggest
from .lexer_np import shared_determiners, single_determiners  # branch rbnp
from .lexer_rbkinds import WORDS as _RBKINDS_WORDS  # branch rbkinds
from .lexer_rbkinds import clause_semicolons, more_as_additional, no_subjects
from .lexer_rblang import DEFENCE as _DEFENCE
from .lexer_rblang import WORDS as _RBLANG_WORDS  # branch rblang
from .lexer_rblang import at_least_counts, clauses, noun_phrases
from .lexer_rblimits import never_lose  # branch rblimits
from .lexer_rbmod import rbmod_pass  # branch rbmod
from .lexer_rbseven import ITEM_CLASSES, no_cost, this_item_class  # branch rbseven
from .lexer_rbseven import WORDS as _RBSEVEN_WORDS
from .lexer_rbsix2 import WORDS as _RBSIX2_WORDS  # branch rbsix2
from .lexer_rbsix2 import rbsix2_pass
from .lexer_rbsubj import TRIGGER_WORDS as _RBSUBJ_WORDS  # branch rbsubj
from .lexer_rbsubj import subjects as rbsubj_subjects
from .lexer_rbsubj_bar import attack_bars  # branch rbsubj: who may not attack when
from .lexer_rbverb import bare_attacks  # branch rbverb
from .lexer_rbverbs import WORDS as _RBVERBS_WORDS  # branch rbverbs
from .lexer_rbverbs import rbverbs_pass
from .lexer_token import make_token

# terminal -> the words (lower case) that spell it. The first word is the display form
# used in error messages.
_TERMINAL_WORDS: dict[str, tuple[str, ...]] = {
    "BEFORE": ("before",), "COMBAT": ("combat",), "RANGED": ("ranged",),
    "MELEE": ("melee",), "MAGIC": ("magic",), "ANY": ("any",), "ALL": ("all",),
    "PHASE": ("phase", "phases"), "ONCE": ("once",), "PER": ("per",), "TURN": ("turn",),
    "ROUND": ("round",), "DURING": ("during",), "AND": ("and",), "MOVING": ("moving",),
    "AFTER": ("after",), "AT": ("at",), "THE": ("the",), "START": ("start",), "OF": ("of",),
    "YOUR": ("your",), "END": ("end",), "MARKET": ("market",), "STEP": ("step",),
    "WHEN": ("when",), "YOU": ("you",), "DEFEAT": ("defeat",), "A": ("a", "an"),
    "CHALLENGE": ("challenge",), "HERO": ("hero", "heroes"), "IS": ("is",),
    "KNOCKED": ("knocked",), "OUT": ("out",), "ACTIVATE": ("activate",),
    "DISCARD": ("discard",), "THIS": ("this",), "CARD": ("card", "cards"),
    "TAKE": ("take", "takes"), "EXHAUSTION": ("exhaustion",), "WOUND": ("wound", "wounds"),
    "PAY": ("pay",), "GOLD": ("gold",), "TO": ("to",), "X": ("x",), "OR": ("or",),
    "MORE": ("more",), "UP": ("up",), "ENEMY": ("enemy",), "ONE": ("one",),
    "ALLY": ("ally", "allies"), "EACH": ("each",), "OTHER": ("other",),
    "ANOTHER": ("another",), "MIND": ("mind",), "BODY": ("body",), "SPIRIT": ("spirit",),
    "LIFE": ("life",), "STAMINA": ("stamina",), "RECEIVE": ("receive", "receives"),
    "ROLL": ("roll", "rolls"), "DAMAGE": ("damage",), "ITEM": ("item", "items"),
    "COST": ("cost", "costs"), "LESS": ("less",), "TWICE": ("twice",), "AS": ("as",),
    "MUCH": ("much",), "MAKE": ("make",), "ATTACK": ("attack",), "WITH": ("with",),
    "INFLICT": ("inflict", "inflicts"), "ON": ("on",), "CANCEL": ("cancel",),
    "BEING": ("being",),
    "INFLICTED": ("inflicted",), "FROM": ("from",), "TEST": ("test",), "IF": ("if",),
    # "If you pass," / "If it succeeds," is "If you succeed,"; "1 extra wound" is "1 additional
    # wound" (issue 32)
    "SUCCEED": ("succeed", "pass", "succeeds", "passes"), "FAIL": ("fail", "fails"),
    "MOVE": ("move",),
    "SPACE": ("space", "spaces"), "IN": ("in",), "DIRECTION": ("direction",),
    "INSTEAD": ("instead",), "ROLLING": ("rolling",), "MOVEMENT": ("movement",),
    "DIE": ("die", "dice"), "ADDITIONAL": ("additional", "extra"), "GAIN": ("gain",),
    "DRAW": ("draw",), "UNTIL": ("until",), "NEXT": ("next",), "EVERY": ("every",),
    "TIME": ("time",), "RESULT": ("result",), "MAY": ("may",),
    # "can't" is "cannot" (issue 32, session self; "may not" / "can not": negations() below)
    "CANNOT": ("cannot", "can't"),
    "ESCAPE": ("escape", "escaped"),  # "cannot be escaped" (session self)
}
# ---- families 1-3: conditions, choices, random tables (issue 21)
_TERMINAL_WORDS.update({
    "HAVE": ("have", "has"), "NO": ("no",), "SKILL": ("skill",), "TOWN": ("town", "towns"),
    "WHILE": ("while",), "CHOOSE": ("choose",), "OTHERWISE": ("otherwise",),
})
# ---- family 7: combat
_TERMINAL_WORDS["ATTACK"] = ("attack", "attacks", "attacked")  # "attacked": session self
_TERMINAL_WORDS["REROLL"] = ("reroll",)
_TERMINAL_WORDS.update(NO=("no",), THAN=("than",), IMMUNE=("immune",), AGAINST=("against",),
                       HEROS=("hero's",))
# ---- family 4/8/9: movement and place, durations, game-level effects (issue 21)
_TERMINAL_WORDS.update({
    "NEAREST": ("nearest",), "TOWN": ("town", "towns"), "DOOM": ("doom",),
    "TOKEN": ("token", "tokens"), "TRACK": ("track",), "PLACE": ("place",),
    "REMOVE": ("remove",), "EVENT": ("event",), "PLAY": ("play",),
    "DISCARDED": ("discarded",), "ENTER": ("enter", "enters"), "WITHIN": ("within",),
    "SKILL": ("skill",), "THROUGH": ("through",), "THEY": ("they",), "WERE": ("were",),
    "UNDEFEATED": ("undefeated",), "CHALLENGE": ("challenge", "challenges"),
})
# ---- family 5/6: decks and cards, economy and experience (issue 21)
_TERMINAL_WORDS.update({
    "GREEN": ("green",), "YELLOW": ("yellow",), "BLUE": ("blue",), "RED": ("red",),
    "ADVENTURE": ("adventure",), "RESOLVE": ("resolve",), "IT": ("it",), "KEEP": ("keep",),
    "RETURN": ("return",), "BOTTOM": ("bottom",), "ITS": ("its",), "DECK": ("deck", "decks"),
    "PLACE": ("place",), "FRONT": ("front",), "EQUAL": ("equal",),
    "EXPERIENCE": ("experience",), "CARD_POSS": ("card's", "card\u2019s"),
})
_TERMINAL_WORDS["PAY"] = ("pay", "pays")
# ---- issue 32 (part III): the compositional core: a verb agrees with its subject ("each Hero
# gains", "you gain"), so each verb's forms are one terminal; the printer chooses the form
_TERMINAL_WORDS.update({
    "GAIN": ("gain", "gains"), "DRAW": ("draw", "draws"), "DISCARD": ("discard", "discards"),
    "MOVE": ("move", "moves"), "TEST": ("test", "tests"), "PLACE": ("place", "places"),
    "REMOVE": ("remove", "removes"), "END": ("end", "ends"), "MAKE": ("make", "makes"),
    "LOSE": ("lose", "loses"), "GIVE": ("give", "gives"), "FOR": ("for",),
    "MOST": ("most",), "FEWEST": ("fewest", "least"), "NOTHING": ("nothing",),
    "HAPPEN": ("happens", "happen"), "DO": ("do", "does"), "BE": ("be",),
    "WOUNDED": ("wounded",), "DEFEATED": ("defeated",), "BUY": ("buy", "buys"),
    "TROPHY": ("trophy", "trophies"), "THEIR": ("their",), "EVERY": ("every",),
    "IS": ("is", "are"),
})
# ---- issue 32 (session lang): more of the verbs authors write for the same acts
_TERMINAL_WORDS["RECEIVE"] = ("receive", "receives", "get", "gets")
_TERMINAL_WORDS.update({"HEAL": ("heal", "heals"), "DEAL": ("deal", "deals"),
                        "WHENEVER": ("whenever",), "MUST": ("must",),
                        "SELL": ("sell", "sells")})
# ---- issue 32 (session lang3): "exhaust this card" is activating it
_TERMINAL_WORDS["EXHAUST"] = ("exhaust", "exhausts")
_TERMINAL_WORDS["BY"] = ("by",)
_TERMINAL_WORDS["MAY"] = ("may", "can")  # issue 32 (session lang4): "you can ..." is "you may"
# "suffer 1 wound" is "take 1 wound"
_TERMINAL_WORDS["TAKE"] = ("take", "takes", "suffer", "suffers")
_TERMINAL_WORDS.update({"DEFEAT": ("defeat", "defeats"), "TURN": ("turn", "turns"),
                        "BEGINNING": ("beginning",), "THEN": ("then",)})
_TERMINAL_WORDS.update({"ADD": ("add", "adds"), "REST": ("rest",),  # issue 32 (session when)
                        "WOULD": ("would",), "TOOK": ("took",), "DID": ("did",),
                        "NOT": ("not",), "DIDNT": ("didn't", "didn\u2019t"),
                        "HIT": ("hit", "hits"), "MISS": ("miss", "misses"), "WIN": ("win",),
                        "ONLY": ("only",), "CURRENT": ("current",), "BEGIN": ("begin", "begins")})
# issue 32 (session self): "immune to all attacks except magic attacks" (the one exception)
_TERMINAL_WORDS["EXCEPT"] = ("except",)
# issue 32 (session np): "the top card of the market deck", "either ... or ..."
_TERMINAL_WORDS.update(TOP=("top",), EITHER=("either",),
                       STACK=("stack", "stacks"))
_TERMINAL_WORDS["BONUS"] = ("bonus",)  # issue 32 (session bonus): "with a +4 bonus"
_TERMINAL_WORDS["MAXIMUM"] = ("maximum",)  # "(maximum 3)", "to a maximum of 3"
# issue 32 (session rbsubj): a card's lasting rules said of the card ("while this event remains
# in effect", "until replaced", "while you hold this card"); "killed" is "defeated"
_TERMINAL_WORDS.update(ACTIVE=("active",), REMAIN=("remain", "remains"), EFFECT=("effect",),
                       LONG=("long",), REPLACED=("replaced",), HOLD=("hold", "holds"),
                       YOURS=("yours",))
_TERMINAL_WORDS["DEFEATED"] = ("defeated", "killed", "slain")
_TERMINAL_WORDS["UNTIL"] = ("until", "till")
# a player is the Hero they play ("each player who has no Allies"); "who" opens the clause
_TERMINAL_WORDS["HERO"] = ("hero", "heroes", "player", "players")
_TERMINAL_WORDS["WHO"] = ("who",)
# issue 32 (session rbcard): outcome labels "Success: ..." / "On a failure, ..."
_TERMINAL_WORDS.update(SUCCESS=("success",), FAILURE=("failure",), REWARD=("reward",))
# issue 32 (session sequence): the escape roll takes a bonus ("+2 on escape attempts")
_TERMINAL_WORDS.update(ATTEMPT=("attempt", "attempts"))
# issue 32 (branch rbtrig): "If this Ally's attack succeeds," (the possessive of "this Ally")
_TERMINAL_WORDS["ALLYS"] = ("ally's",)
# issue 32 (session rbrules): prohibitions ("Heroes cannot rest", "Items cannot be sold",
# "Allies cannot be hired"), "damaged" for "wounded", and a price's floor ("to a minimum of 1")
_TERMINAL_WORDS.update(HIRE=("hire", "hires"), HIRED=("hired",), SOLD=("sold",),
                       BOUGHT=("bought",), HEALED=("healed",), ACTIVATED=("activated",),
                       MINIMUM=("minimum",), ANYWHERE=("anywhere", "everywhere"),
                       THEM=("them",))
_TERMINAL_WORDS["WOUNDED"] = ("wounded", "damaged")

# issue 32 (session rbdice): die rolls as authors write them ("On a result of 3 or lower,", "On a
# total of 18 or more,", "roll two dice and use the higher result", "that Hero takes 1 wound")
_TERMINAL_WORDS.update(TOTAL=("total",), LOWER=("lower", "fewer", "below"),
                       HIGHER=("higher", "greater", "above", "highest", "better", "best"),
                       USE=("use", "uses"), THAT=("that",))
_TERMINAL_WORDS["FAILED"] = ("failed",)  # branch rbnp: "reroll a failed combat roll"
# issue 32 (branch rbtrig2): "When your Hero escapes, ..." (the verb agrees with its subject)
_TERMINAL_WORDS["ESCAPE"] = ("escape", "escaped", "escapes")
_TERMINAL_WORDS["UNLESS"] = ("unless",)  # "heal 1 wound unless you are in a swamp space"
# branch rbmod: amounts joined by "plus" ("2 gold, plus 1 gold for each trophy you have")
_TERMINAL_WORDS.update(PLUS=("plus",))
# and multipliers, refused where they are written ("Double your melee damage.")
_TERMINAL_WORDS.update(DOUBLE=("double", "doubles", "triple", "triples"))
# branch rbcost: "Whenever another Hero rests," (the verb agrees with its subject)
_TERMINAL_WORDS["REST"] = ("rest", "rests")

# Icon tokens stand for words (reference 2.7); the PDF draws them as symbols.
ICONS: dict[str, str] = {
    "wound": "WOUND", "exhaustion": "EXHAUSTION", "gold": "GOLD",
    "mind": "MIND", "body": "BODY", "spirit": "SPIRIT",
}

VOCABULARY: dict[str, str] = {
    word: terminal for terminal, words in _TERMINAL_WORDS.items() for word in words
}

PUNCTUATION = {":": "COLON", ",": "COMMA", ".": "DOT", "(": "LPAR", ")": "RPAR",
               "'": "QUOTE", "\u2018": "QUOTE", "\u2019": "QUOTE",
               ";": "SEMICOLON", "-": "DASH", "\u2013": "DASH"}  # family 2, family 3

# How each terminal is named in an error message.
DISPLAY: dict[str, str] = {t: f"'{w[0]}'" for t, w in _TERMINAL_WORDS.items()}
DISPLAY.update({
    "X": "'X'", "NUMBER": "a number", "SIGNED": "a bonus such as '+2'",
    "WORD": "a skill name", "COLON": "':'", "COMMA": "','", "DOT": "'.'",
    "SEMICOLON": "';'", "DASH": "'–'",  # families 2-3
    "LISTCOMMA": "','", "FLOORCOMMA": "','", "FLOORLPAR": "'('",  # issue 32 (lists)
    "LPAR": "'('", "RPAR": "')'", "QUOTE": "a quote (')", "HERO": "'Hero'",
    "ALLY": "'Allies'", "MIND": "'Mind'", "BODY": "'Body'", "SPIRIT": "'Spirit'",
    "LIFE": "'Life'", "STAMINA": "'Stamina'", "WOUND": "'wounds'", "ITEM": "'Items'",
})
DISPLAY["HEROS"] = "'Hero's'"  # ---- family 7: combat
VOCABULARY["hero\u2019s"] = "HEROS"  # the typographic apostrophe (not offered as a suggestion)
VOCABULARY["can\u2019t"] = "CANNOT"
VOCABULARY["ally\u2019s"] = "ALLYS"  # issue 32 (branch rbtrig), as "hero\u2019s" above
DISPLAY["ALLYS"] = "'Ally's'"

_TOKEN_RE = re.compile(
    r"(?P<ws>\s+)"
    r"|(?P<icon>\{[^{}\s]*\})"
    r"|(?P<dash>\u2013|(?<=\d)-(?=\d)|(?<=\s)-(?=\s))"  # family 3: a range "1–3", "1-3"
    r"|(?P<signed>[+-]\d+)"
    r"|(?P<number>\d+)"
    r"|(?P<word>[^\W\d_]+(?:['\u2019][^\W\d_]+)*)"
    r"|(?P<punct>[:,.()'\u2018\u2019;])"
    r"|(?P<other>.)",
    re.UNICODE,
)


# The largest number an ability may write ("Test Body (12)", "+3 Body", "gain 2 gold"); the
# effect IR bounds its numbers by the same value (engine/runebound/core/ir.py MAX_NUMBER).
MAX_NUMBER = 999


def _number(value: str, start: int, end: int) -> str:
    """``value`` without leading zeros, or AbilitySyntaxError RF305 when it is over MAX_NUMBER
    (checked on the digits, so a number thousands of digits long never reaches ``int``)."""
    sign = value[0] if value[0] in "+-" else ""
    digits = value[len(sign):].lstrip("0") or "0"
    if len(digits) > len(str(MAX_NUMBER)) or int(digits) > MAX_NUMBER:
        shown = value if len(value) <= 12 else f"{value[:6]}... ({len(digits)} digits)"
        raise AbilitySyntaxError(
            f"the number {shown} is too large; numbers in abilities are at most {MAX_NUMBER}",
            start, end, code="RF305", hint=f"write a number from 0 to {MAX_NUMBER}")
    return sign + digits


_token = make_token  # lexer_token.py: shared with the passes of other modules


# issue 32 (session lang4): numbers in words ("take two wounds"); "one" is ONE (the grammar
# reads it as 1 where an amount stands, and in "one of your Allies")
NUMBER_WORDS = {"two": "2", "three": "3", "four": "4", "five": "5", "six": "6", "seven": "7",
                "eight": "8", "nine": "9", "ten": "10"}


def tokenize(text: str):
    """Yield Lark tokens for ``text``; raise AbilitySyntaxError on a character or icon
    the language does not know."""
    for m in _TOKEN_RE.finditer(text):
        kind = m.lastgroup
        value = m.group()
        start, end = m.span()
        if kind == "ws":
            continue
        if kind == "word":
            low = value.lower()
            if low in NUMBER_WORDS:
                yield _token("NUMBER", NUMBER_WORDS[low], start, end)
            else:
                yield _token(VOCABULARY.get(low, "WORD"), value, start, end)
        elif kind == "number":
            yield _token("NUMBER", _number(value, start, end), start, end)
        elif kind == "signed":
            yield _token("SIGNED", _number(value, start, end), start, end)
        elif kind in ("punct", "dash"):  # dash: family 3
            yield _token(PUNCTUATION[value], value, start, end)
        elif kind == "icon":
            name = value[1:-1].lower()
            if name not in ICONS:
                near = suggest(name, ICONS)
                raise AbilitySyntaxError(
                    f"unknown icon {value}", start, end, code="RF302",
                    hint=f"did you mean '{{{near}}}'?" if near else
                    "icons are " + ", ".join("{%s}" % i for i in ICONS),
                )
            yield _token(ICONS[name], value, start, end)
        else:
            raise AbilitySyntaxError(
                f"unexpected character {value!r}", start, end, code="RF301",
                hint="ability text uses words, numbers, icons like {wound} and : , . ( ) '",
            )


# issue 32 (session self): the negations of "may" and "can" are "cannot" ("You may not escape
# from this combat.", "Your Allies can not attack this challenge."): negations() joins them


def negations(tokens):
    """``tokens`` with "may not" / "can not" as one CANNOT (spanning both words)."""
    held = None
    for tok in tokens:
        if held is not None:
            if tok.type == "NOT":  # "not" is always NOT (the word table)
                yield _token("CANNOT", f"{held} {tok}", held.start_pos, tok.end_pos)
                held = None
                continue
            yield held
            held = None
        if tok.type == "MAY":
            held = tok
        else:
            yield tok
    if held is not None:
        yield held


# issue 32 (lists): "a forest, hills or mountain space": a comma between the terrains of one
# list is LISTCOMMA, so the grammar tells it from the comma that ends a clause ("If you are in a
# swamp, ..."), which one token of look-ahead cannot


def terrain_lists(tokens):
    """``tokens`` with each comma inside a list of terrains ("A, B(,) or/and C") as LISTCOMMA."""
    from .nodes_place import TERRAIN_WORDS

    toks = list(tokens)

    def terrain(i):
        return i < len(toks) and toks[i].type == "WORD" and str(toks[i]).lower() in TERRAIN_WORDS

    i = 0
    while i < len(toks):
        if not terrain(i):
            i += 1
            continue
        j, commas = i, []
        while j + 2 < len(toks) and toks[j + 1].type == "COMMA" and terrain(j + 2):
            commas.append(j + 1)
            j += 2
        k = j + 1
        if k < len(toks) and toks[k].type == "COMMA" and commas:
            commas.append(k)  # the serial comma: "A, B, or C"
            k += 1
        if commas and k < len(toks) and toks[k].type in ("OR", "AND") and terrain(k + 1):
            for c in commas:
                t = toks[c]
                toks[c] = _token("LISTCOMMA", str(t), t.start_pos, t.end_pos)
            j = k + 1
        i = j + 1
    return toks


# issue 32 (session sequence): adverbs of time and addition that add nothing to a rule: every
# effect happens at once and every sentence adds to the card ("Every Hero in a swamp space
# immediately takes 1 wound.", "If you fail, also take 1 exhaustion."); read as if not written,
# so the canonical text leaves them out
IDLE_ADVERBS = frozenset({"immediately", "also"})


def idle_adverbs(tokens):
    """``tokens`` without the adverbs of IDLE_ADVERBS, and without the comma after one that
    opens a sentence ("Immediately, each Hero ...")."""
    out, opening, dropped = [], True, False
    for tok in tokens:
        if tok.type == "WORD" and str(tok).lower() in IDLE_ADVERBS:
            dropped = opening
            continue
        if not (dropped and tok.type == "COMMA"):
            out.append(tok)
        opening, dropped = tok.type in ("DOT", "COLON"), False
    return out
# issue 32 (session rbrules): ", to a minimum of 1" after a price is its floor: that comma is
# FLOORCOMMA, which one token of look-ahead cannot tell from the comma of a list of actions


def floor_commas(tokens):
    """``tokens`` with the comma before "to a minimum of" as FLOORCOMMA, and the parenthesis
    before "(to a) minimum" as FLOORLPAR (so a parenthesis that opens anything else is still
    refused where it stands)."""
    toks = list(tokens)
    for i, tok in enumerate(toks[:-1]):
        after = [t.type for t in toks[i + 1:i + 4]]
        if tok.type == "COMMA" and after == ["TO", "A", "MINIMUM"]:
            toks[i] = _token("FLOORCOMMA", str(tok), tok.start_pos, tok.end_pos)
        elif tok.type == "LPAR" and (after[:1] == ["MINIMUM"] or after == ["TO", "A", "MINIMUM"]):
            toks[i] = _token("FLOORLPAR", str(tok), tok.start_pos, tok.end_pos)
    return toks


class AbilityLexer(Lexer):
    """Lark custom lexer (interface 0): ``lex(text)`` yields tokens."""

    def __init__(self, lexer_conf) -> None:  # lexer_conf is unused; the vocabulary is fixed
        pass

    __future_interface__ = 0

    def lex(self, text: str):  # type: ignore[override]
        tokens = tokenize(text)
        low = text.lower()
        tokens = negations(tokens) if "not" in low else tokens  # rare: no cost else
        if "immediately" in low or "also" in low:
            tokens = idle_adverbs(tokens)
        tokens = terrain_lists(tokens) if "," in text else tokens
        if any(w in low for w in _RBSUBJ_WORDS):  # branch rbsubj (lexer_rbsubj.py)
            tokens = rbsubj_subjects(tokens)  # branch rbsubj: "each Hero standing in a town"
        if "single" in low:  # branch rbnp: "a single die" is "a die" (lexer_np.py)
            tokens = single_determiners(tokens)
        if " and " in low:  # branch rbnp: "your Hero and Allies" (lexer_np.py)
            tokens = shared_determiners(tokens)
        tokens = floor_commas(tokens) if "minimum" in low else tokens
        if "for" in low or "plus" in low or "instead" in low:  # branch rbmod (lexer_rbmod.py)
            tokens = rbmod_pass(tokens, low)
        if "attack" in low:  # branch rbverb: "cannot attack" with no object (lexer_rbverb.py)
            tokens = bare_attacks(tokens)
            tokens = attack_bars(tokens)  # branch rbsubj: when (lexer_rbsubj_bar.py)
        if "resolve" in low:  # branch rbsix2: "another adventure card and resolve it"
            tokens = rbsix2_pass(tokens)
        if "this " in low and any(c in low for c in ITEM_CLASSES):  # branch rbseven
            tokens = this_item_class(tokens)
        if "no cost" in low:  # branch rbseven: "at no cost" adds nothing to an effect
            tokens = no_cost(tokens)
        if "least" in low or "any" in low or "or more" in low:  # branch rblang: "have at least 2 Allies"
            tokens = at_least_counts(tokens)
        if "hero" in low or " on " in low or "escape" in low or "attack" in low or \
                "discard" in low:  # branch rblang: "this Hero", "your Hero's melee attacks"
            tokens = noun_phrases(tokens)
        if "+" in text or ";" in text or "otherwise" in low:  # branch rblang: "deal +1 wound"
            tokens = clauses(tokens)
        if ";" in text:  # branch rbkinds: "...; otherwise ..." (lexer_rbkinds.py)
            tokens = clause_semicolons(tokens)
        if " more " in low:  # branch rbkinds: "gain 2 more gold" (lexer_rbkinds.py)
            tokens = more_as_additional(tokens)
        if "no " in low:  # branch rbkinds: "No Hero may attack ..." (lexer_rbkinds.py)
            tokens = no_subjects(tokens)
        if "bank" in low or "give" in low or "grant" in low:  # branch rbverbs (lexer_rbverbs.py)
            tokens = rbverbs_pass(tokens)
        if "never" in low:  # branch rblimits: "never loses gold" (lexer_rblimits.py)
            tokens = never_lose(tokens)
        if "market" in low:  # branch rbmarket: the market deck's offer (lexer_rbmarket.py)
            tokens = offer_pass(tokens)
        if "test" in low:  # branch rbroll: "Swim tests receive +2" (lexer_rbroll.py)
            tokens = rbroll_pass(tokens)
        if any(c in low for c in _RBWHO_CUES):  # branch rbwho: "When resting," (lexer_rbwho.py)
            tokens = rbwho_pass(tokens)
        if "still" in low or "but if" in low:  # branch rbattack2: "If the attack still fails,"
            tokens = still_but(tokens)
        return tokens


def _register(words: dict) -> None:
    """Each branch's words (terminal -> its spellings): the tokenizer reads each spelling as
    the terminal, completion and hints spell the terminal with its first."""
    for terminal, spellings in words.items():
        _TERMINAL_WORDS[terminal] = spellings
        VOCABULARY.update(dict.fromkeys(spellings, terminal))
        DISPLAY[terminal] = f"'{spellings[0]}'"


# ---- issue 32 (branch rbboard): the board's adventure counters ("a blue adventure counter on
# each empty blue gem space")
_register({"COUNTER": ("counter", "counters"), "GEM": ("gem", "gems"), "EMPTY": ("empty",)})
# ---- issue 32 (session rbdefend): "If you fail to defend, ...", "your Hero defends successfully"
_register({"DEFEND": ("defend", "defends"), "SUCCESSFULLY": ("successfully",)})
# ---- branch rbsix2: "another adventure card of the same colour", "of your choice"
_register(_RBSIX2_WORDS)
DISPLAY["ANDRESOLVE"] = "'and resolve it'"
# ---- branch rbseven: "When this Ally dies, ..."
_register(_RBSEVEN_WORDS)
# ---- branch rblang: "During your Refresh step,", "until another event replaces this one"
_register(_RBLANG_WORDS)
VOCABULARY.update(dict.fromkeys(_DEFENCE, "DEFEND"))  # "fails a defence roll"
# ---- branch rbkinds: "until another event replaces this one"
_register(_RBKINDS_WORDS)
# ---- branch rbtime: "while carrying this item", "in your inventory", "his turn"
from .lexer_rbtime import WORDS as _RBTIME_WORDS  # noqa: E402

_register(_RBTIME_WORDS)
# ---- branch rbverbs: "pay 1 gold to the bank", "This item grants your Hero +1 Body."
_register(_RBVERBS_WORDS)
DISPLAY["BANKED"] = "'to the bank'"
# ---- branch rbwound: "prevent(s)" / "ignore(s)" / "cancels" a wound, "dealt" (lexer_rbwound.py)
from .lexer_rbwound import WORDS as _RBWOUND_WORDS  # noqa: E402

_register(_RBWOUND_WORDS)
# ---- branch rbmarket: "sell Items for their full cost", "Healing a wound costs 2 gold."
from .lexer_rbmarket import DISPLAY as _RBMARKET_DISPLAY  # noqa: E402
from .lexer_rbmarket import WORDS as _RBMARKET_WORDS  # noqa: E402
from .lexer_rbmarket import offer_pass  # noqa: E402

_register(_RBMARKET_WORDS)
DISPLAY.update(_RBMARKET_DISPLAY)
# ---- branch rbroll: "tests of Spirit skills"
from .lexer_rbroll import WORDS as _RBROLL_WORDS  # noqa: E402
from .lexer_rbroll import rbroll_pass  # noqa: E402

_register(_RBROLL_WORDS)
DISPLAY["SKILLNAME"] = "a skill's name"
# ---- branch rbwho: "When resting,", "encounter a travel hazard", "leaves your party"
from .lexer_rbattack2 import still_but  # noqa: E402  branch rbattack2
from .lexer_rbwho import CUES as _RBWHO_CUES  # noqa: E402
from .lexer_rbwho import DISPLAY as _RBWHO_DISPLAY  # noqa: E402
from .lexer_rbwho import rbwho_pass  # noqa: E402

DISPLAY.update(_RBWHO_DISPLAY)
# ---- branch rbmove: "an adjacent plains space" (lexer_rbmove.py)
from .lexer_rbmove import WORDS as _RBMOVE_WORDS  # noqa: E402

_register(_RBMOVE_WORDS)
# ---- branch rbdamage: "a single attack", "any successful attack", "whatever the damage"
from .lexer_rbdamage import WORDS as _RBDAMAGE_WORDS  # noqa: E402

_register(_RBDAMAGE_WORDS)
# ---- branch rbmove2: "move 1 additional space into hills" (lexer_rbmove2.py)
from .lexer_rbmove2 import WORDS as _RBMOVE2_WORDS  # noqa: E402

_register(_RBMOVE2_WORDS)
