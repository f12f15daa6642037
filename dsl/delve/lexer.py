"""Tokenizer of Delve's dialect: words to the grammar's terminals (issue 32).

Each word is looked up case-insensitively in :data:`VOCABULARY`; the forms of one word
("heal"/"heals", "adversary"/"adversaries", "roll"/"rolled") are one terminal, and the token
keeps the word as written, so the parser knows the number of a noun and the person of a
verb (the checks ask the verb to agree with its subject). A word the dialect does not know
becomes ``WORD``: the parse stops there and the hint proposes a sentence that reads.

The name of an action or a rule stands before its cost or its colon ("Shield Wall (5+):",
"Fleet-footed: …"): capitalised words, with "of", "the", "and" between them, are read as one
``NAME`` token before anything else, so a name may use the dialect's words ("Second Wind").

Limits (issue 37, the same as Runebound's, ``limits.py``): the text is at most
``MAX_TEXT`` characters (RF108) and every number at most ``MAX_NUMBER`` (RF305).
"""

from __future__ import annotations

import re

from lark import Token
from lark.lexer import Lexer

from ..errors import AbilitySyntaxError
from . import comparisons  # issue 32 (session delve11)
from .adversary_dadv import adversary_words  # issue 32 (branch dadv)
from .anaphora import the_chamber
from .dice_ddice import die_words  # issue 32 (branch ddice)
from .hero_states_dhero import state_words  # issue 32 (branch dhero)
from .hero_words import normalise as hero_words  # issue 32 (branch delveheroes)
from .hit_dtarget import whatever_hit  # issue 32 (branch dtarget)
from .limits import MAX_NUMBER, MAX_TEXT
from .move_end_dmove import end_words  # issue 32 (branch dmove)
from .passage_dmove import through_words  # issue 32 (branch dmove)
from .passive_words import passive_words  # issue 32 (branch delvepassive)
from .pinning_heroes import unpinned_move  # issue 32 (branch delveheroes)
from .prohibit_dadv2 import its_presence  # branch dadv2
from .relatives import join_relatives
from .rolls import face_commas
from .start_move_dmove import start_move_words  # issue 32 (branch dmove)
from .statline_dprose import stat_line_words  # branch dprose
from .target_dtarget import target_words  # issue 32 (branch dtarget)
from .this_hero import possessive  # issue 32 (branch delveheroes)
from .unmoved import drop_instead

# terminal -> the words (lower case) that spell it; the first is the display form
TERMINAL_WORDS: dict[str, tuple[str, ...]] = {
    # who
    "YOU": ("you",), "YOUR": ("your",), "YOURSELF": ("yourself",), "IT": ("it",),
    "ITS": ("its",), "THEM": ("them",), "THEIR": ("their",), "THAT": ("that",),
    "THOSE": ("those",), "THIS": ("this",), "HERO": ("hero", "heroes"),
    "ADVERSARY": ("adversary", "adversaries"), "WHO": ("who",),
    "A": ("a", "an"), "ONE": ("one",), "EACH": ("each",), "EVERY": ("every",),
    "ALL": ("all",), "ANY": ("any",), "ANOTHER": ("another",), "OTHER": ("other",),
    "DIFFERENT": ("different",), "NO": ("no",), "NEAREST": ("nearest", "closest"),
    "ADJACENT": ("adjacent",), "VISIBLE": ("visible",), "WOUNDED": ("wounded",),
    # small words
    "UP": ("up",), "TO": ("to",), "AT": ("at",), "LEAST": ("least",), "OR": ("or",),
    "MORE": ("more",), "HIGHER": ("higher",), "AND": ("and",), "THEN": ("then",),
    "OF": ("of",), "IN": ("in",), "ON": ("on",), "WITH": ("with",), "WITHIN": ("within",),
    "FROM": ("from",), "AGAINST": ("against",), "TOWARDS": ("towards", "toward"),
    "AWAY": ("away",), "THE": ("the",), "THERE": ("there",), "IS": ("is",), "ARE": ("are",),
    "BE": ("be",), "HAVE": ("have", "has"), "MAY": ("may",), "CAN": ("can",),
    "CANNOT": ("cannot",), "DO": ("do", "does"), "NOT": ("not",), "WOULD": ("would",),
    "IF": ("if",), "WHEN": ("when",), "WHENEVER": ("whenever",), "AFTER": ("after",),
    "UNTIL": ("until",), "FOR": ("for",), "REST": ("rest",), "ONLY": ("only",),
    "ONCE": ("once",), "PER": ("per",), "EVEN": ("even",), "IMMEDIATELY": ("immediately",),
    "ALSO": ("also",), "AGAIN": ("again",), "INCLUDING": ("including",),
    # verbs (every form of a verb is one terminal; the token keeps the word)
    "EXPLORE": ("explore", "explores"), "MOVE": ("move", "moves"),
    "HEAL": ("heal", "heals"), "GAIN": ("gain", "gains"), "SUFFER": ("suffer", "suffers"),
    "PUSH": ("push", "pushes"), "PULL": ("pull", "pulls"), "MAKE": ("make", "makes"),
    "ATTACK": ("attack", "attacks"), "ATTACKED": ("attacked",),
    "ROLL": ("roll", "rolls", "rolled"), "REROLL": ("reroll", "rerolls"),
    "PREVENT": ("prevent", "prevents"), "IGNORE": ("ignore", "ignores", "ignoring"),
    "ADD": ("add", "adds"), "SUBTRACT": ("subtract", "subtracts"), "DEAL": ("deal", "deals"),
    "GET": ("get", "gets"), "CHOOSE": ("choose", "chooses"),
    "SLAY": ("slay", "slays", "slew", "kill", "kills"), "SLAIN": ("slain", "killed"),
    "INFLICT": ("inflict", "inflicts"), "LESS": ("less", "fewer"), "DIES": ("dies",), "HIT": ("hit", "hits"),
    "RECUPERATE": ("recuperate", "recuperates", "recover", "recovers"), "AFFECT": ("affect", "affects"),
    "PUSHED": ("pushed",), "PULLED": ("pulled",), "PINNED": ("pinned",), "PINNING": ("pinning",),
    "COUNTAS": ("count", "counts"), "AS": ("as",),  # "count as pinned" (issue 32, lang4)
    "PUT": ("put",), "BACK": ("back",), "SPEND": ("spend",), "SHOWING": ("showing",),
    "NEEDS": ("needs",), "BETTER": ("better",), "COST": ("cost",),
    # things
    "WOUND": ("wound", "wounds"), "SPACE": ("space", "spaces"), "RENOWN": ("renown",),
    "SKILL": ("skill",), "CHAMBER": ("chamber",), "DIE": ("die", "dice"),
    "DAMAGE": ("damage",), "TURN": ("turn",), "ROUND": ("round",), "PHASE": ("phase",),
    "START": ("start",), "END": ("end",), "NEXT": ("next",), "TIME": ("time",),
    "FIRST": ("first",), "LINE": ("line",), "SIGHT": ("sight",), "CHOICE": ("choice",),
    "TARGET": ("target",), "CARD": ("card",), "IMMUNE": ("immune",),
    "RANGE": ("combat", "missile", "area"), "RANGEWORD": ("range",),
    "DICEKIND": ("spent", "unspent"), "ADDITIONAL": ("additional", "extra"),
    # issue 32 (session delveg)
    "MUST": ("must",), "USE": ("use",), "ACTION": ("action", "ability"), "THAN": ("than",),
    "PREVENTED": ("prevented",), "PIN": ("pin", "pins"), "DURING": ("during",),
    "HEALED": ("healed",), "NEVER": ("never",),
    "WHILE": ("while", "whilst"),
    "REMOVE": ("remove", "removes"), "REDUCE": ("reduce",),  # issue 32 (session delve7)
    "DEALT": ("dealt",), "BY": ("by",), "ACTIVATED": ("activated",),
    "ACTIVATE": ("activates", "activate"), "VIGOUR": ("vigour", "vigor"),
    "MISS": ("misses", "miss"),
    "MOST": ("most",), "FEWEST": ("fewest",), "ALWAYS": ("always",),  # issue 32 (delve8)
    "SINGLE": ("single",),  # issue 32 (session delve9): "from a single attack"
    "RESULT": ("result",), "KEEP": ("keep",), "TWICE": ("twice",), "HIGHEST": ("highest",),
    "FREELY": ("freely",), "SEPARATELY": ("separately",), "THROUGH": ("through",),
    "OBSTACLE": ("obstacle", "obstacles", "obstruction", "obstructions"),
    "FIGURE": ("figure", "figures"),
    "TAKE": ("take", "takes"), "WITHOUT": ("without",), "SPENDING": ("spending",),
    "CONTAIN": ("contain", "contains"), "WHICH": ("which",),
    "FREE": ("free",),  # issue 32 (session delve10): "take a free Move action"
    "BEGIN": ("begin", "begins", "starts"), "INSTEAD": ("instead",), "MOVING": ("moving",),
    "LOWER": ("lower",),
}
TERMINAL_WORDS.update({"INSTEAD": ("instead",),  # issue 32 (session delve11)
                       "LOOK": ("look", "looks"), "TOP": ("top",), "BOTTOM": ("bottom",),
                       "DECK": ("deck",), "EXPLORATION": ("exploration",),
                       "PLACE": ("place",), "EMPTY": ("empty",)})
TERMINAL_WORDS.update({"LOSE": ("lose", "loses")})   # issue 32 (branch delve12)
TERMINAL_WORDS.update({"LONGER": ("longer",), "INTO": ("into",),   # issue 32 (branch dhero)
                       "MOVED": ("moved",), "YET": ("yet",)})
TERMINAL_WORDS.update({"TARGETED": ("targeted",),   # issue 32 (branch delveseven)
                       "DISCARD": ("discard", "discards"), "REDUCED": ("reduced",)})
TERMINAL_WORDS.update({"SEE": ("see", "sees"), "SAME": ("same",)})   # branch dadv
TERMINAL_WORDS.update({"ATTACKING": ("attacking",)})   # "instead of attacking" (dsight)
TERMINAL_WORDS.update({"DAMAGED": ("damaged",),   # issue 32 (branch delvelang)
                       "SLAYING": ("slaying", "killing"), "EARN": ("earn", "earns"),
                       "GIVE": ("give", "gives", "grant", "grants")})
TERMINAL_WORDS.update({"GAME": ("game",), "COPY": ("copy", "copies"),   # branch dadv2
                       "KIND": ("kind", "type"), "NEW": ("new",), "WHERE": ("where",),
                       "CENTRE": ("centre", "center", "middle"), "FELL": ("fell", "stood")})
NUMBER_WORDS = {"zero": 0, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
VOCABULARY_MAP: dict[str, str] = {w: t for t, ws in TERMINAL_WORDS.items() for w in ws}
# the words of the dialect (the hints and "did you mean" choose among them)
VOCABULARY = tuple(sorted(set(VOCABULARY_MAP) | set(NUMBER_WORDS)))

PUNCTUATION = {"(": "LPAR", ")": "RPAR", "[": "LSQB", "]": "RSQB", "+": "PLUS", "*": "STAR",
               ":": "COLON", ",": "COMMA", ".": "DOT", ";": "SEMI", "-": "DASH",
               "\u2013": "DASH", "\u2014": "DASH"}
TERMINALS = (*TERMINAL_WORDS, "NUMBER", "NAME", "WORD", "POSS",
             *sorted(set(PUNCTUATION.values())))

# How a terminal is named in a message: its first word, or what it stands for.
DISPLAY: dict[str, str] = {t: f"'{w[0]}'" for t, w in TERMINAL_WORDS.items()}
DISPLAY.update({"NUMBER": "a number", "NAME": "a name", "WORD": "a word",
                "RANGE": "'combat', 'missile' or 'area'", "DICEKIND": "'spent' or 'unspent'",
                "ADDITIONAL": "'additional'", "$END": "the end of the ability",
                "WITHW": "'with'", "WHATEVERHIT": "'whatever'", "WHILEHERE": "'while'", "FOES": "'adversaries'", "POSS": "'s", "FACECOMMA": "','"})
DISPLAY.update({v: f"'{k}'" for k, v in PUNCTUATION.items() if k.isascii()})
DISPLAY["THROUGHFIG"] = "'through other figures'"   # branch dmove (passage_dmove.py)
DISPLAY["VALUE"] = "'value'"   # "their Hit value" (hero_states_dhero.py, branch dhero)

# a leading name: capitalised words (and "of", "the", "and", "a", … between them) right
# before a cost "(3+)" / "[3+]" or a colon
_NAME_RE = re.compile(
    r"\s*(?P<name>[A-Z][\w'\u2019-]*(?:[ \t]+(?:[A-Z][\w'\u2019-]*|of|the|and|a|an|in|to|on"
    r"|for|from|with)){0,7})[ \t]*(?=[(\[][ \t]*\d|:)")
_TOKEN_RE = re.compile(
    r"(?P<ws>\s+)"
    r"|(?P<number>\d+)"
    r"|(?P<word>[^\W\d_]+(?:['\u2019][^\W\d_]+)*(?:-[^\W\d_]+)*)"
    r"|(?P<punct>[()\[\]+*:,.;\-\u2013\u2014])"
    r"|(?P<other>\S)",
    re.UNICODE,
)


def _token(type_: str, value, start: int, end: int) -> Token:
    return Token(type_, value, start_pos=start, line=1, column=start + 1, end_line=1,
                 end_column=end + 1, end_pos=end)


def _number(digits: str, start: int, end: int) -> int:
    """The number of ``digits``, or RF305 past MAX_NUMBER (read on the digits, so a number
    thousands of digits long never reaches ``int``)."""
    core = digits.lstrip("0") or "0"
    if len(core) > len(str(MAX_NUMBER)) or int(core) > MAX_NUMBER:
        shown = digits if len(digits) <= 12 else f"{digits[:6]}... ({len(core)} digits)"
        raise AbilitySyntaxError(
            f"the number {shown} is too large; numbers in abilities are at most {MAX_NUMBER}",
            start, end, code="RF305", hint=f"write a number from 0 to {MAX_NUMBER}")
    return int(core)


def check_length(text: str) -> None:
    """RF108 for a text over MAX_TEXT characters (before anything reads it)."""
    if len(text) > MAX_TEXT:
        raise AbilitySyntaxError(
            f"the ability is {len(text):,} characters long; the limit is {MAX_TEXT:,}",
            MAX_TEXT, min(len(text), MAX_TEXT + 1), code="RF108",
            hint="an ability is a few sentences; split the text or shorten it")


def name_span(text: str) -> tuple[int, int] | None:
    """The span of the leading name of ``text`` (before a cost or a colon), if any."""
    m = _NAME_RE.match(text)
    if not m:
        return None
    name = m.group("name")
    if name.lower() in TERMINAL_WORDS["RANGE"]:      # "Combat: Hit 4+, …" is no name
        return None
    return m.span("name")


def tokenize(text: str):
    """Lark tokens of ``text``: NAME first when the text starts with one; NUMBER tokens
    carry an int; an unknown word or sign is WORD (the parser reports it). A "with" that
    counts wounds ("adversaries with 2 or more wounds", "with at least 2 wounds") is WITHW:
    the grammar reads it after a figure, where "with Hit 3+, Damage 2" gives a strike its
    numbers, and one word of lookahead could not tell the two apart."""
    toks = list(_tokens(text))
    for i, t in enumerate(toks):
        if t.type == "WITH" and (_counts_wounds(toks, i + 1) or _ranks(toks, i + 1)
                                 or comparisons.counts(toks, i + 1)):   # delve11: at most
            t.type = "WITHW"
    # "attacks this adversary and misses" (issue 32, session delve7): the "and" is the event's
    toks = [t for i, t in enumerate(toks) if not (
        t.type == "AND" and i + 1 < len(toks) and toks[i + 1].type == "MISS")]
    toks = adversary_words(toks)   # "No hero may explore." (branch dadv)
    toks = its_presence(toks)   # "… while this adversary is in their chamber" (dadv2)
    toks = join_relatives(toks)   # "that is adjacent to you and has …" (delve9)
    toks = face_commas(the_chamber(toks))   # "… in the chamber"; "On a 4, 5 or 6," (delve10)
    toks = pin_lead(toks)   # "Adversaries cannot pin you." (branch delveseven)
    toks = drop_instead(toks)   # "If it cannot be pushed, it suffers 1 wound instead." (delve10)
    toks = hero_words(possessive(toks))   # "this hero's", "takes 1 wound" (delveheroes)
    toks = unpinned_move(toks)   # "You are never pinned during this move." (delveheroes)
    toks = passive_words(toks)   # "your Combat weapons", "as long as" (delvepassive)
    toks = state_words(toks)   # "with a Vigour of", "their Hit value" (branch dhero)
    toks = die_words(toks)   # "change one of your dice", "…, to a maximum of 6" (branch ddice)
    toks = through_words(toks)   # "…, even through spaces occupied by adversaries" (dmove)
    toks = start_move_words(toks)   # "a hero who starts a move next to it is pinned" (dmove)
    toks = end_words(toks)   # "any hero that ends a Move action next to it …" (dmove)
    toks = target_words(toks)   # "in turn", "it can reach", "targets" (branch dtarget)
    toks = whatever_hit(toks)   # ", whatever the weapon's Hit value" (branch dtarget)
    toks = stat_line_words(toks)   # "Missile: Hit 3, Damage 1 against …" (branch dprose)
    return iter(next_to(toks))


def next_to(toks: list) -> list:
    """"next to" is "adjacent to" wherever the grammar reads a place ("each adversary next to
    this hero", "a hero that is next to you"; branch delvelang): "next" before "to" is never
    the "next" of a turn or a phase."""
    for i, t in enumerate(toks[:-1]):
        if t.type == "NEXT" and toks[i + 1].type == "TO":
            t.type = "ADJACENT"
    return toks


_COUNT = ("NUMBER", "ONE", "A")


def pin_lead(toks: list) -> list:
    """"Adversaries cannot pin you" opens with FOES, not ADVERSARY: one word of lookahead
    after "adversaries cannot" could not tell it from a clause whose subject is adversaries
    ("Adversaries cannot attack you until …", branch delveseven)."""
    for i, t in enumerate(toks):
        nxt = [x.type for x in toks[i + 1:i + 4]]
        if t.type == "ADVERSARY" and (nxt[:2] == ["CANNOT", "PIN"]
                                      or nxt == ["DO", "NOT", "PIN"]):
            t.type = "FOES"
    return toks


def _ranks(toks, j: int) -> bool:
    """"with the most wounds", "with the fewest wounds" (issue 32, session delve8)."""
    return [t.type for t in toks[j:j + 2]] in (["THE", "MOST"], ["THE", "FEWEST"])


def _counts_wounds(toks, j: int) -> bool:
    kinds = [t.type for t in toks[j:j + 4]]
    return (kinds[:2] == ["AT", "LEAST"] and kinds[2:3] and kinds[2] in _COUNT
            and kinds[3:4] in (["WOUND"], ["VIGOUR"])) or (
        kinds[:1] and kinds[0] in _COUNT and kinds[1:] in (["OR", "MORE", "WOUND"],
                                                          ["OR", "MORE", "VIGOUR"]))


def _tokens(text: str):
    check_length(text)
    pos = 0
    span = name_span(text)
    if span is not None:
        yield _token("NAME", text[span[0]:span[1]], *span)
        pos = span[1]
    for m in _TOKEN_RE.finditer(text, pos):
        kind, value = m.lastgroup, m.group()
        start, end = m.span()
        if kind == "ws":
            continue
        if kind == "number":
            yield _token("NUMBER", _number(value, start, end), start, end)
        elif kind == "word":
            low = value.lower().replace("\u2019", "'")
            if low.endswith("'s") and low[:-2] in VOCABULARY_MAP:   # a possessive (delve8)
                yield _token(VOCABULARY_MAP[low[:-2]], value[:-2], start, end - 2)
                yield _token("POSS", value[-2:], end - 2, end)
            elif low in NUMBER_WORDS:
                yield _token("NUMBER", NUMBER_WORDS[low], start, end)
            else:
                yield _token(VOCABULARY_MAP.get(low, "WORD"), value, start, end)
        elif kind == "punct":
            yield _token(PUNCTUATION[value], value, start, end)
        else:
            yield _token("WORD", value, start, end)


class _Held:
    """The tokens :func:`tokenize` just made of a text, held for the parser's lexer: the
    parser's caller tokenizes first (its length and number limits are reported before the
    parser reads anything), and the lexer hands the parser those tokens instead of
    tokenizing the same text again (issue 38: every Delve ability was tokenized twice)."""

    text: str | None = None
    tokens: list = []

    def hold(self, text: str, tokens: list) -> None:
        self.text, self.tokens = text, tokens

    def take(self, text: str):
        """The held tokens of ``text`` (once), else None."""
        if self.text is not text:
            return None
        tokens, self.text, self.tokens = self.tokens, None, []
        return tokens


HELD = _Held()


class DelveLexer(Lexer):
    """Lark custom lexer: ``lex(text)`` yields :func:`tokenize`'s tokens (those
    :data:`HELD` for the text, when its caller tokenized it just before)."""

    __future_interface__ = 0

    def __init__(self, lexer_conf) -> None:  # the vocabulary is fixed
        pass

    def lex(self, text: str):  # type: ignore[override]
        held = HELD.take(text)
        return iter(held) if held is not None else tokenize(text)
