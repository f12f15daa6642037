"""Hints that help (issue 32): a sentence that does not parse gets, when one exists, a whole
sentence close to it that does, found by small edits where the parser stopped.

The LALR parser stops at a token with the terminals it would accept there. Each candidate
edit at that token is fed to a copy of the parser's state with the rest of the tokens:

* replace the word by an accepted word the author likely meant: a synonym ("kill" ->
  "slay"), another form of the same word ("gains" -> "gain"), a near spelling;
* drop a word the dialect does not know, or a small word;
* put a small word (an article, a preposition, "spaces" after a number, punctuation) before
  it.

An edit that reads to the end, with the sentence's meaning built, is a rewrite; one that
gets further is edited again where it stops, up to :data:`DEPTH` edits. The rewrite proposed
is parsed once more in full, so a hint never proposes what fails again. Without a rewrite,
the hint names the words the parser reads at that place (never the word that failed).
"""

from __future__ import annotations

from lark import Token
from lark.exceptions import UnexpectedInput, UnexpectedToken

from ..errors import AbilitySyntaxError, suggest
from .lexer import DISPLAY, TERMINAL_WORDS, tokenize

DEPTH = 3          # edits in one rewrite
BEAM = 4           # partial rewrites kept at each depth
CLOSE = 0.72       # how alike two spellings are to count as a typo
# words authors use for the dialect's; a hint tries them first
SYNONYMS = {
    "kill": "slay", "kills": "slays", "killed": "slain", "defeat": "slay",
    "defeats": "slays", "defeated": "slain", "destroy": "slay", "destroys": "slays",
    "enemy": "adversary", "enemies": "adversaries", "foe": "adversary", "foes": "adversaries",
    "monster": "adversary", "monsters": "adversaries", "room": "chamber", "tile": "chamber",
    "square": "space", "squares": "spaces", "take": "suffer", "takes": "suffers",
    "receive": "suffer", "receives": "suffers", "recover": "heal", "recovers": "heals",
    "restore": "heal", "fame": "renown", "glory": "renown", "shoot": "attack",
    "strike": "attack", "near": "adjacent", "nearby": "adjacent", "beside": "adjacent",
    "ally": "hero", "allies": "heroes", "toward": "towards", "plus": "+", "closest": "nearest",
    "nearer": "towards", "hurt": "suffer", "hurts": "suffers", "extra": "additional",
}
# words an edit may add or drop without changing what the sentence says
SMALL = {"A", "THE", "TO", "OF", "UP", "ON", "IN", "YOUR", "AND", "THEN", "COMMA", "DOT",
         "COLON", "PLUS", "SPACE", "WOUND", "RENOWN", "DIE", "ALSO", "IMMEDIATELY", "MAY",
         "AWAY", "FROM", "WITH", "EACH", "ATTACK", "ROLL", "IS", "ARE", "WORD"}
SKIP = {"NAME", "WORD", "$END"}
PUNCT = {"COLON": ":", "COMMA": ",", "DOT": ".", "LPAR": "(", "RPAR": ")", "PLUS": "+",
         "SEMI": ";", "STAR": "*", "LSQB": "[", "RSQB": "]"}


def _words(terminal: str) -> list[str]:
    if terminal == "NUMBER":
        return ["1"]
    if terminal in TERMINAL_WORDS:
        return list(TERMINAL_WORDS[terminal])
    return [PUNCT[terminal]] if terminal in PUNCT else []


def _accepts(ip) -> set[str]:
    try:
        return set(ip.accepts())
    except Exception:  # noqa: BLE001 - a state that cannot be probed accepts nothing here
        return set()


def _feed(ip, tokens) -> tuple[int, object]:
    """Feed ``tokens`` to ``ip``: (how many were read, the parser at the first that was not,
    or None when all were read and the ability is whole)."""
    for i, t in enumerate(tokens):
        before = ip.copy()
        try:
            ip.feed_token(t)
        except (UnexpectedInput, AbilitySyntaxError):
            return i, before
    try:
        ip.feed_eof()
    except (UnexpectedInput, AbilitySyntaxError):
        return len(tokens), ip
    return len(tokens) + 1, None


def _stem(word: str) -> str:
    w = word.lower()
    for end in ("ies", "es", "s", "ed"):
        if w.endswith(end) and len(w) > len(end) + 2:
            return w[:-len(end)]
    return w


def closeness(word: str, other: str) -> float:
    """How likely ``other`` is what was meant by ``word`` (0: not at all)."""
    low = word.lower()
    if SYNONYMS.get(low) == other:
        return 3.0
    if _stem(low) == _stem(other):
        return 2.5
    import difflib  # here: a text without a misspelling never needs it (issue 38)

    ratio = difflib.SequenceMatcher(None, low, other).ratio()
    return ratio if ratio >= CLOSE else 0.0


def _token(terminal: str, word: str, at: Token) -> Token:
    value = int(word) if terminal == "NUMBER" else word
    return Token(terminal, value, start_pos=at.start_pos, line=1, column=at.column,
                 end_line=1, end_column=at.end_column, end_pos=at.start_pos + len(word))


def _replacements(word: str, accepted: set[str]) -> list[tuple[float, str, str]]:
    out = []
    for terminal in accepted - SKIP:
        for w in _words(terminal):
            score = closeness(word, w)
            if score:
                out.append((score, terminal, w))
    return sorted(out, key=lambda x: (-x[0], x[2]))[:8]


def _insertions(accepted: set[str]) -> list[tuple[float, str, str]]:
    return [(0.5, t, _words(t)[0]) for t in sorted(accepted & SMALL) if _words(t)]


def _edits(t, tokens):
    """Every one-edit extension of the partial rewrite ``t`` where it stopped."""
    index, ip0 = t["index"], t["ip"]
    at = tokens[index] if index < len(tokens) else None
    accepted = _accepts(ip0)
    rest = tokens[index + 1:]
    if at is not None:
        for score, terminal, w in _replacements(str(at.value), accepted):
            ip = ip0.copy()
            read, stop = _feed(ip, [_token(terminal, w, at)] + rest)
            yield t["edits"] + ((index, "replace", w),), stop, index + read, t["score"] + score
        if at.type in SMALL or at.type == "WORD":
            ip = ip0.copy()
            read, stop = _feed(ip, rest)
            yield t["edits"] + ((index, "drop", ""),), stop, index + 1 + read, t["score"] + 0.3
    where = at if at is not None else (tokens[-1] if tokens else None)
    if where is None:
        return
    for score, terminal, w in _insertions(accepted):
        ip = ip0.copy()
        read, stop = _feed(ip, [_token(terminal, w, where)] + ([at] if at else []) + rest)
        yield t["edits"] + ((index, "insert", w),), stop, index + read - 1, t["score"] + score


def render(text: str, tokens: list[Token], edits) -> str:
    """``text`` with the edits (token index, 'replace'|'drop'|'insert', word) applied."""
    words: list[str] = []
    by_index: dict = {}
    for index, how, word in edits:
        by_index.setdefault(index, []).append((how, word))
    for i in range(len(tokens) + 1):
        for how, word in by_index.get(i, []):
            if how == "insert":
                words.append(word)
        if i == len(tokens):
            break
        t = tokens[i]
        original = text[t.start_pos:t.end_pos]
        done = [w for how, w in by_index.get(i, []) if how in ("replace", "drop")]
        hows = [how for how, _ in by_index.get(i, [])]
        if "drop" in hows:
            continue
        if done:
            word = done[-1]
            words.append(word.capitalize() if original[:1].isupper() else word)
        else:
            words.append(original)
    out = ""
    for w in words:
        if out and not (w in (".", ",", ":", ";", ")", "]", "+", "*") or out.endswith(("(", "["))):
            out += " "
        out += w
    if out[:1].islower():
        out = out[:1].upper() + out[1:]
    return out


def propose(text: str, err: UnexpectedToken, parse_ability) -> str | None:
    """A whole sentence close to ``text`` that ``parse_ability`` reads, or None."""
    try:
        tokens = list(tokenize(text))
    except AbilitySyntaxError:
        return None
    start = _index(tokens, err)
    if start is None or getattr(err, "interactive_parser", None) is None:
        return None
    beam = [{"edits": (), "ip": err.interactive_parser, "index": start, "score": 0.0}]
    for _ in range(DEPTH):
        found, grown = [], []
        for t in beam:
            for edits, stop, index, score in _edits(t, tokens):
                if stop is None:
                    found.append((score, edits))
                elif index > t["index"]:
                    grown.append({"edits": edits, "ip": stop, "index": index, "score": score})
        for _, edits in sorted(found, key=lambda f: -f[0]):
            candidate = render(text, tokens, edits)
            try:
                parse_ability(candidate)
            except AbilitySyntaxError:
                continue
            return candidate
        grown.sort(key=lambda g: (-g["index"], -g["score"]))
        beam = grown[:BEAM]
        if not beam:
            return None
    return None


def _index(tokens, err) -> int | None:
    token = getattr(err, "token", None)
    if token is None or token.type == "$END":
        return len(tokens)
    return next((i for i, t in enumerate(tokens) if t.start_pos == token.start_pos), None)


def _described(terminals) -> str:
    names = sorted(set(terminals) - {"$END", "NAME", "WORD"},
                   key=lambda t: DISPLAY.get(t, t.lower()))
    words = [DISPLAY.get(t, t.lower()) for t in names]
    if len(words) > 8:
        words = words[:7] + ["…"]
    return ", ".join(words)


def explain(err: UnexpectedInput, text: str, parse_ability) -> AbilitySyntaxError:
    """The located error of a text the parser could not read, with the hint (a rewrite is
    checked with ``parse_ability``)."""
    token = getattr(err, "token", None)
    at_end = token is None or token.type == "$END"
    rewrite = propose(text, err, parse_ability) if isinstance(err, UnexpectedToken) else None
    ip = getattr(err, "interactive_parser", None)
    accepted = _accepts(ip) if ip is not None else set()
    if rewrite:
        hint = f"did you mean: '{rewrite}'?"
    elif accepted - {"$END"}:
        hint = f"expected {_described(accepted)} (see docs/delve.md)"
    else:
        hint = "see docs/delve.md for the wording"
    if at_end:
        return AbilitySyntaxError("the ability ends too early", max(0, len(text) - 1),
                                  len(text), code="RF303", hint=hint)
    start, end = token.start_pos, token.end_pos
    word = text[start:end]
    if token.type == "WORD":
        if not rewrite:
            near = suggest(word, [w for t in accepted - SKIP for w in _words(t)
                                  if w.isalpha()], cutoff=0.8)
            if near and near != word.lower():
                hint = f"'{word}' is not a word of the dialect; did you mean '{near}'?"
        return AbilitySyntaxError(f"unknown word '{word}'", start, end, code="RF302",
                                  hint=hint)
    return AbilitySyntaxError(f"unexpected '{word}'", start, end, code="RF301", hint=hint)
