"""Lexer pass of branch rbsubj (issue 32, part III): the subjects and noun phrases authors write
for the ones the grammar reads. :func:`subjects` rewrites them, each into the grammar's words
(so `fmt` prints the canonical form):

* a Hero selector's place said with a participle or a relative clause, or with "on": "each Hero
  standing / located / who is / that is in a town", "every Hero on a forest space", "Heroes in
  towns" are "each Hero in a town / in a forest space"; "that has" is "who has"; "each Hero
  except you" is "each other Hero";
* the determiners of a selector that names Heroes by place or count: "any Hero in a town", "all
  Heroes with 2 or more wounds" (a clause's subject) are "each Hero ...";
* an attack as a subject, with its determiner and its relative clause: "all magic attacks",
  "every ranged attack your Hero makes", "each melee attack you make", "magic attacks you make"
  are "your magic attacks" (on an event, whose rules are every Hero's, each Hero's own);
* a roll's outcome as a subject that gives its Hero a token: "Each failed defend roll (also)
  gives / causes / inflicts 1 exhaustion" is "Every time you fail to defend, take 1
  exhaustion." ("each successful defend roll", "each failed / successful attack", "each failed
  <attribute> test" likewise; gold given is gained, gold it costs is lost);
* "he" / "she" as a clause's subject, with "your Hero" the only Hero named before it, is "your
  Hero" ("Your Hero receives +1 Body. While your Hero has no exhaustion, he receives +2 Body
  instead."); "his" / "her" after it is "its";
* "he" / "she" / "they" opening the effect of a trigger said of "a / any / another Hero" is
  "that Hero" (the Hero who acted: "Whenever a Hero rests, he heals 1 wound.");
* "The Hero who defeats this challenge <does>" opening a challenge's text is "When you defeat
  this challenge, your Hero <does>"; "The Hero who resolves / encounters / draws this card /
  encounter / event" is "your Hero" (the Hero who holds the card resolves it).

* the card as the subject of "gives": "This item / weapon / shield / card / Ally gives (you / your
  Hero) +2 Body" is "Give (you / your Hero) +2 Body" (the card that says it is the one that gives;
  the grammar's "give" of branch rbverbs reads on, printed "You receive +2 Body.");
* "it" opening a clause after "this challenge" / "this Ally" was named is that card ("This
  challenge receives +2 Body. It is immune to magic attacks.");
* "this challenge" as a trigger's subject is the enemy the Hero fights: "Every time this
  challenge takes a wound / is wounded" is "Every time your enemy takes a wound";
* the enemy said with "the": "deal 1 wound to the enemy", "on the challenge (you are fighting)"
  are "your enemy";
* the card that lets its Hero act: "This item lets you move 1 additional space", "This event
  allows every Hero to heal 1 wound" are "You may ...", "Every Hero may ...";
* the Hero whose turn it is: "the active Hero", "the current player" are "your Hero";
* "each" after a plural subject: "Your Allies each take 1 wound" is "Each of your Allies takes 1
  wound".

lexer.py calls :func:`subjects`.
"""

from __future__ import annotations

from .lexer_token import make_token as _token

# a text is read by :func:`subjects` only when it has one of these (lower case) words
TRIGGER_WORDS = ("hero", "player", "attack", "each", "every", "this", "the ", "it ")

# words that open a clause: the token before a clause's subject
_OPENS = frozenset({None, "COMMA", "DOT", "COLON", "SEMICOLON", "THEN"})
_PHASES = frozenset({"RANGED", "MELEE", "MAGIC"})
# the verbs an attack as a subject takes (the grammar's "your <phase> attacks <verb>")
_ATTACK_VERBS = frozenset({"INFLICT", "DEAL", "RECEIVE", "GAIN", "CANNOT"})
# words of a participle or relative clause before a place ("standing in a town")
_PARTICIPLES = frozenset({"standing", "located", "currently"})
_PLACES = frozenset({"IN", "ON", "WITHIN"})
# participles of having before a count ("each Hero carrying 3 or more Items")
_HOLDING = frozenset({"carrying", "holding", "having", "possessing"})
_COUNTS = frozenset({"NUMBER", "A", "ONE", "NO", "AT", "ANY"})
# the card the Hero who holds it resolves ("the Hero who resolves this encounter")
_RESOLVERS = frozenset({"resolves", "resolve", "encounters", "encounter", "draws", "drew",
                        "faces", "resolved"})
_CARD_NOUNS = frozenset({"CARD", "EVENT", "CHALLENGE"})
_GIVERS = frozenset({"GIVE", "INFLICT", "DEAL"})
_GIVER_WORDS = frozenset({"causes", "cause", "earns", "earn", "grants", "grant"})
# the words after which "he" / "she" opens a clause or a condition's clause
_PRONOUN_AFTER = frozenset({"AND", "IF", "WHILE", "UNLESS", "WHEN", "WHENEVER"})
_HERO_SELECTORS = frozenset({"EACH", "EVERY", "ALL", "ANY", "ANOTHER", "OTHER", "THAT"})


def _t(type_: str, value: str, tok, end=None):
    return _token(type_, value, tok.start_pos, (end or tok).end_pos)


# words other branches made tokens of their own, which this pass still reads by their text
# (branch rbtime: "carrying", "owns", "his" / "her")
_READ_AS_WORDS = frozenset({"WORD", "CARRY", "OWN", "HIS", "WITHOUT",  # WITHOUT: rbmarket
                            "SUCCESSFUL"})  # SUCCESSFUL: rbdamage


def _word(tok, *words) -> bool:
    return tok is not None and tok.type in _READ_AS_WORDS and str(tok).lower() in words


def _relative_place(toks, i) -> int:
    """How many tokens from ``i`` (just after HERO) are a participle or relative clause before a
    place ("standing", "who is", "that are"): 0 when none."""
    if i < len(toks) and _word(toks[i], *_PARTICIPLES):
        j = i + 1
    elif i + 1 < len(toks) and toks[i].type in ("WHO", "THAT") and toks[i + 1].type == "IS":
        j = i + 2
    else:
        return 0
    while j < len(toks) and _word(toks[j], *_PARTICIPLES):
        j += 1
    return j - i if j < len(toks) and toks[j].type in _PLACES else 0


def _hero_place(toks, out, i) -> int | None:
    """The tokens after HERO at ``i`` rewritten into ``out`` ("standing", "on", "in towns",
    "that has", "except you"); the index to go on from, or None when nothing applies."""
    skip = _relative_place(toks, i)
    j = i + skip
    if j >= len(toks):
        return None
    tok = toks[j]
    nxt = toks[j + 1] if j + 1 < len(toks) else None
    if tok.type == "ON" and nxt is not None and nxt.type in ("A", "ANY", "WORD"):
        out.append(_t("IN", str(tok), tok))
        if nxt.type == "ANY":
            out.append(_t("A", str(nxt), nxt))
            return j + 2
        if nxt.type == "WORD":
            out.append(_t("A", "a", tok))
        return j + 1
    if tok.type == "IN" and nxt is not None and nxt.type == "TOWN" and str(nxt).lower() == "towns":
        out += [tok, _t("A", "a", nxt)]
        return j + 1
    if tok.type == "IN" and nxt is not None and nxt.type == "ANY" and j + 2 < len(toks) and \
            toks[j + 2].type == "TOWN":
        out += [tok, _t("A", str(nxt), nxt)]
        return j + 2
    if skip:
        return j
    if tok.type in ("WHO", "THAT") and nxt is not None and nxt.type == "HAVE" and \
            j + 2 < len(toks) and toks[j + 2].type == "THE":
        out.append(_t("WITH", "with", tok, nxt))  # "the Hero who has the most gold"
        return j + 2
    if tok.type == "THAT" and nxt is not None and nxt.type == "HAVE":
        out.append(_t("WHO", str(tok), tok))
        return j + 1
    if _word(tok, "without"):  # "each Hero without (any) Allies": with no Allies
        out += [_t("WITH", "with", tok), _t("NO", "no", tok)]
        return j + 2 if nxt is not None and nxt.type == "ANY" else j + 1
    if _word(tok, *_HOLDING) and nxt is not None and nxt.type in _COUNTS:
        out.append(_t("WITH", str(tok), tok))  # "each Hero carrying 3 or more Items"
        return j + 1
    return None


def _attack_subject(toks, i):
    """The end (exclusive) and the phase token of an attack said as a clause's subject from
    ``i`` ("all magic attacks", "every ranged attack your Hero makes", "magic attacks you
    make"), when a verb an attack takes follows it; else None."""
    j, det = i, toks[i].type in ("EVERY", "EACH", "ALL")
    if det:
        j += 1
        if toks[i].type == "EACH" and [t.type for t in toks[j:j + 2]] == ["OF", "YOUR"]:
            j += 2  # "each of your magic attacks"
        if toks[i].type == "ALL" and [t.type for t in toks[j:j + 2]] == ["OF", "YOUR"]:
            j += 2
        elif toks[i].type == "ALL" and j < len(toks) and toks[j].type == "YOUR":
            j += 1
    phase = toks[j] if j < len(toks) and toks[j].type in _PHASES else None
    j += phase is not None
    if j >= len(toks) or toks[j].type != "ATTACK":
        return None
    j += 1
    kinds = [t.type for t in toks[j:j + 3]]
    relative = 3 if kinds == ["YOUR", "HERO", "MAKE"] else 2 if kinds[:2] == ["YOU", "MAKE"] \
        else 0
    if not relative and j < len(toks) and _word(toks[j], "made") and \
            [t.type for t in toks[j + 1:j + 3]] in (["BY", "YOU"], ["BY", "YOUR"]):
        relative = 3 if toks[j + 2].type == "YOU" else 4  # "made by you / your Hero"
    j += relative
    if (det or relative) and j < len(toks) and toks[j].type in _ATTACK_VERBS:
        return j, phase
    return None


# the roll's outcome said as a noun phrase -> the event clause "you ..." in the grammar's words
def _outcome(toks, i):
    """(end, event tokens) of "each failed defend roll", "each successful attack", "each failed
    Spirit test" at ``i`` (after EACH / EVERY), or None."""
    kinds = [t.type for t in toks[i:i + 4]]
    first = toks[i] if i < len(toks) else None
    failed = first is not None and first.type == "FAILED"
    passed = _word(first, "successful")
    if not (failed or passed):
        return None
    if kinds[1:3] == ["DEFEND", "ROLL"] or kinds[1:2] == ["DEFEND"]:
        end = i + (3 if kinds[1:3] == ["DEFEND", "ROLL"] else 2)
        words = [("YOU", "you"), ("FAIL", "fail"), ("TO", "to"), ("DEFEND", "defend")] \
            if failed else [("YOU", "you"), ("DEFEND", "defend"),
                            ("SUCCESSFULLY", "successfully")]
        return end, words
    if kinds[1:2] == ["ATTACK"]:
        return i + 2, [("YOUR", "your"), ("ATTACK", "attack"),
                       ("FAIL", "fails") if failed else ("SUCCEED", "succeeds")]
    if kinds[1:2] and kinds[1] in ("MIND", "BODY", "SPIRIT") and kinds[2:3] == ["TEST"]:
        attr = toks[i + 1]
        return i + 3, [("YOU", "you"), ("FAIL", "fail") if failed else ("SUCCEED", "pass"),
                       ("A", "a"), (attr.type, str(attr)), ("TEST", "test")]
    return None


def _given(toks, j):
    """The effect's verb of "gives (you) 1 exhaustion" / "costs you 1 gold" at ``j``, and the
    index of its amount; or None."""
    if j >= len(toks):
        return None
    verb, k = toks[j], j + 1
    if k < len(toks) and toks[k].type == "YOU":
        k += 1
    elif [t.type for t in toks[k:k + 2]] == ["YOUR", "HERO"]:
        k += 2
    extra = 1 if k + 1 < len(toks) and toks[k + 1].type == "ADDITIONAL" else 0
    if k + 1 + extra >= len(toks) or toks[k].type not in ("NUMBER", "A", "ONE") or \
            toks[k + 1 + extra].type not in ("WOUND", "EXHAUSTION", "GOLD"):
        return None
    token = toks[k + 1 + extra].type
    giving = verb.type in _GIVERS or _word(verb, *_GIVER_WORDS)
    if giving and token in ("WOUND", "EXHAUSTION"):
        head = ("TAKE", "take")
    elif token == "GOLD" and (verb.type == "GIVE" or _word(verb, "earns", "earn", "grants",
                                                             "grant")):
        head = ("GAIN", "gain")
    elif verb.type == "COST":
        head = ("LOSE", "lose") if token == "GOLD" else ("TAKE", "take")
    else:
        return None
    return [_t(head[0], head[1], verb)], k


def _acting_hero(out) -> bool:
    """Whether the only Hero ``out`` names is a trigger's "a / any / another Hero" (the Hero
    whose act sets it off, whom "that Hero" names)."""
    heroes = [k for k, t in enumerate(out) if t.type == "HERO"]
    return len(heroes) == 1 and heroes[0] > 0 and out[heroes[0] - 1].type in ("A", "ANY",
                                                                              "ANOTHER")


def _antecedent_is_your_hero(out) -> bool:
    """Whether the Heroes named in ``out`` are the card's own Hero only ("your Hero", "you")."""
    kinds = [t.type for t in out]
    for a, b in zip(kinds, kinds[1:], strict=False):
        if b == "HERO" and a in _HERO_SELECTORS | {"A", "THE"}:
            return False
    return "HERO" in kinds or "YOU" in kinds


_CARD_SELF = frozenset({"CARD", "ITEM", "ALLY"})
_ITEM_CLASSES = frozenset({"weapon", "armor", "armour", "artifact", "rune", "relic", "shield",
                           "consumable"})
# the verbs "it" takes as a clause's subject when it names this challenge / this Ally
_IT_VERBS = frozenset({"RECEIVE", "INFLICT", "DEAL", "IS", "TAKE", "CANNOT", "HAVE", "MAY",
                       "GAIN", "MUST"})
_FIGHTING = (("YOU", "IS", "FIGHTING"), ("YOU", "FIGHT"), ("YOU", "FACE"),
             ("YOU", "IS", "FACING"))


def _card_gives(toks, i):
    """The index after "this <card> gives (you / your Hero)" at ``i`` when a bonus follows; or
    None."""
    if i + 2 >= len(toks) or toks[i].type != "THIS":
        return None
    noun = toks[i + 1]
    if not (noun.type in _CARD_SELF or _word(noun, *_ITEM_CLASSES)) or toks[i + 2].type != "GIVE":
        return None
    j = i + 3
    if j < len(toks) and toks[j].type == "YOU":
        j += 1
    elif [t.type for t in toks[j:j + 2]] == ["YOUR", "HERO"]:
        j += 2
    return j if j < len(toks) and toks[j].type == "SIGNED" else None


_LETS = ("lets", "let", "allows", "allow", "enables", "enable")
# the subjects "lets" takes: who may do what follows
_LET_SUBJECTS = (("YOU",), ("YOUR", "HERO"), ("EACH", "HERO"), ("EVERY", "HERO"), ("HERO",),
                 ("ALL", "HERO"), ("EACH", "OTHER", "HERO"), ("EVERY", "OTHER", "HERO"))


def _card_lets(toks, i):
    """(start, end) of the subject after "this <card> lets / allows" at ``i`` ("This event lets
    every Hero ..."); or None."""
    if i + 3 >= len(toks) or toks[i].type != "THIS":
        return None
    noun = toks[i + 1]
    if not (noun.type in _CARD_SELF | {"EVENT"} or _word(noun, *_ITEM_CLASSES)) or \
            not _word(toks[i + 2], *_LETS):
        return None
    j = i + 3
    for words in sorted(_LET_SUBJECTS, key=len, reverse=True):
        if tuple(t.type for t in toks[j:j + len(words)]) == words:
            return j, j + len(words)
    return None


def _fighting(toks, j) -> int:
    """How many tokens from ``j`` say "you are fighting" / "you face": 0 when none."""
    for words in _FIGHTING:
        if tuple(t.type if t.type != "WORD" else str(t).upper() for t in
                 toks[j:j + len(words)]) == words:
            return len(words)
    return 0


def subjects(tokens):
    """``tokens`` with the subjects and noun phrases of the module's docstring in the grammar's
    words."""
    toks = list(tokens)
    out, i, pronoun = [], 0, False
    while i < len(toks):
        tok = toks[i]
        prev = out[-1].type if out else None
        nxt = toks[i + 1] if i + 1 < len(toks) else None
        if prev in _OPENS:
            k = _card_gives(toks, i)
            if k is not None:  # "This weapon gives (you) +2 Body.": "Give (you) +2 Body." (the
                out.append(toks[i + 2])  # card that says it gives; rbverbs' "give" reads on)
                i += 3
                continue
        if prev in _OPENS:
            k = _card_lets(toks, i)
            if k is not None:  # "This event lets every Hero heal 1 wound.": "Every Hero may"
                start, end = k
                out += toks[start:end]
                out.append(_t("MAY", "may", toks[i + 2]))
                i = end + (1 if end < len(toks) and toks[end].type == "TO" else 0)
                continue
        if prev in _OPENS and tok.type == "IT" and nxt is not None and nxt.type in _IT_VERBS \
                and not (nxt.type == "IS" and i + 2 < len(toks) and toks[i + 2].type == "A"):
            named = _named_card(out)
            if named is not None:
                out += [_t("THIS", "this", tok), _t(named, named.lower(), tok)]
                i += 1
                continue
        if tok.type == "THIS" and nxt is not None and nxt.type == "CHALLENGE" and \
                _after_connective(out) and i + 2 < len(toks) and \
                toks[i + 2].type in ("TAKE", "IS"):
            out += [_t("YOUR", str(tok), tok), _t("ENEMY", str(nxt), nxt)]
            if toks[i + 2].type == "IS" and i + 3 < len(toks) and toks[i + 3].type == "WOUNDED":
                out += [_t("TAKE", "takes", toks[i + 2]), _t("A", "a", toks[i + 3]),
                        _t("WOUND", "wound", toks[i + 3])]
                i += 4
                continue
            i += 2
            continue
        if tok.type == "THE" and prev in ("ON", "TO", "FROM") and nxt is not None and \
                nxt.type in ("ENEMY", "CHALLENGE") and str(nxt).lower() != "challenges":
            out += [_t("YOUR", str(tok), tok), _t("ENEMY", str(nxt), nxt)]
            i += 2 + _fighting(toks, i + 2)
            continue
        if prev in _OPENS and tok.type == "THE" and nxt is not None and \
                nxt.type in ("ACTIVE", "CURRENT") and i + 2 < len(toks) and \
                toks[i + 2].type == "HERO":
            out += [_t("YOUR", str(tok), tok), _t("HERO", "Hero", toks[i + 2])]
            i += 3
            continue
        if tok.type == "EACH" and prev == "ALLY" and len(out) > 1 and out[-2].type == "YOUR" \
                and (len(out) == 2 or out[-3].type in _OPENS) and nxt is not None and \
                nxt.type not in ("TIME", "OF", "DOT", "COMMA"):
            out[-2:] = [_t("EACH", str(tok), out[-2]), _t("OF", "of", out[-2]), out[-2],
                        out[-1]]
            i += 1
            continue
        if tok.type == "HERO" and prev in _OPENS and str(tok).lower() in ("heroes", "players") \
                and nxt is not None and (nxt.type in _PLACES | {"WHO", "THAT"} or
                                         _word(nxt, *_PARTICIPLES, *_HOLDING, "without") or
                                         (nxt.type == "WITH" and i + 2 < len(toks) and
                                          toks[i + 2].type in _COUNTS)):
            out.append(_t("EACH", "each", tok))  # "Heroes with no Allies": each Hero ...
        if tok.type == "OTHER" and prev == "HERO" and [t.type for t in toks[i + 1:i + 3]] == \
                ["THAN", "YOU"] and len(out) > 1 and out[-2].type in ("EACH", "EVERY", "ALL"):
            out.insert(len(out) - 1, _t("OTHER", "other", tok))  # "each Hero other than you"
            i += 3
            continue
        if tok.type == "HERO":
            out.append(tok)
            k = _hero_place(toks, out, i + 1)
            i = k if k is not None else i + 1
            continue
        if tok.type == "EXCEPT" and prev == "HERO" and nxt is not None and nxt.type == "YOU" \
                and len(out) > 1 and out[-2].type in ("EACH", "EVERY", "ALL"):
            out.insert(len(out) - 1, _t("OTHER", "other", tok))
            i += 2
            continue
        if prev in _OPENS and tok.type in ("ANY", "ALL") and nxt is not None and \
                nxt.type == "HERO" and i + 2 < len(toks) and \
                (toks[i + 2].type in _PLACES | {"WITH", "WHO", "THAT"} or
                 _word(toks[i + 2], *_PARTICIPLES)):
            out.append(_t("EACH", str(tok), tok))
            i += 1
            continue
        if prev in _OPENS and tok.type in _PHASES | {"EVERY", "EACH", "ALL"}:
            found = _attack_subject(toks, i)
            if found is not None:
                end, phase = found
                out.append(_t("YOUR", str(tok), tok))
                if phase is not None:
                    out.append(phase)
                out.append(_t("ATTACK", "attacks", toks[end - 1]))
                i = end
                continue
        if prev in _OPENS and tok.type in ("EACH", "EVERY"):
            found = _outcome(toks, i + 1)
            given = _given(toks, found[0]) if found else None
            if found and given:
                end, words = found
                head, k = given
                out += [_t("EVERY", str(tok), tok), _t("TIME", "time", tok)]
                out += [_token(t, w, tok.start_pos, toks[end - 1].end_pos) for t, w in words]
                out.append(_t("COMMA", ",", toks[end - 1]))
                out += head
                i = k
                continue
        if prev in _OPENS | _PRONOUN_AFTER and _word(tok, "he", "she") and \
                _antecedent_is_your_hero(out):
            out += [_t("YOUR", "your", tok), _t("HERO", "Hero", tok)]
            pronoun = True
            i += 1
            continue
        if prev == "COMMA" and (_word(tok, "he", "she") or tok.type == "THEY") and \
                _acting_hero(out):  # "Whenever a Hero rests, he ...": that Hero
            out += [_t("THAT", "that", tok), _t("HERO", "Hero", tok)]
            i += 1
            continue
        if pronoun and _word(tok, "his", "her"):
            out.append(_t("ITS", "its", tok))
            i += 1
            continue
        if prev in (None, "DOT") and tok.type == "THE" and nxt is not None and \
                nxt.type == "HERO" and [t.type for t in toks[i + 2:i + 3]] == ["WHO"]:
            k = _who_holds(toks, i + 3, out)
            if k is not None:
                i = k
                continue
        out.append(tok)
        i += 1
    return out


_CONNECTIVES = (("EVERY", "TIME"), ("EACH", "TIME"), ("WHENEVER",), ("WHEN",), ("AFTER",))


def _after_connective(out) -> bool:
    """Whether ``out`` ends with a trigger's connective ("Every time", "Whenever", ...)."""
    kinds = tuple(t.type for t in out[-2:])
    return any(kinds[-len(c):] == c for c in _CONNECTIVES)


def _named_card(out) -> str | None:
    """CHALLENGE or ALLY when "this challenge" / "this Ally" is the last card ``out`` names
    ("this challenge" read as "your enemy" in a trigger's clause too)."""
    for a, b in zip(reversed(out[:-1]), reversed(out[1:]), strict=True):
        if a.type == "YOUR" and b.type == "ENEMY" and str(b).lower() == "challenge":
            return "CHALLENGE"
        if a.type == "THIS" and b.type in ("CHALLENGE", "ALLY"):
            return b.type
        if a.type == "THIS" and b.type in ("CARD", "ITEM", "EVENT"):
            return None
    return None


def _who_holds(toks, j, out) -> int | None:
    """"The Hero who defeats this challenge" (``j`` after WHO) as "When you defeat this
    challenge, your Hero", "The Hero who resolves this encounter" as "your Hero": appended to
    ``out``; the index after the clause, or None."""
    if j + 2 >= len(toks):
        return None
    verb, this, noun = toks[j], toks[j + 1], toks[j + 2]
    if this.type != "THIS":
        return None
    first = toks[j - 3]
    if verb.type == "DEFEAT" and noun.type == "CHALLENGE":
        out += [_t("WHEN", "When", first), _t("YOU", "you", first),
                _t("DEFEAT", "defeat", verb), this, noun, _t("COMMA", ",", noun)]
    elif (_word(verb, *_RESOLVERS) or verb.type == "RESOLVE" or
          (verb.type == "DRAW" and str(verb).lower() in ("draws", "drew"))) and \
            (noun.type in _CARD_NOUNS or _word(noun, "encounter")):
        pass
    else:
        return None
    out += [_t("YOUR", "your", first), _t("HERO", "Hero", toks[j - 2])]
    return j + 3


__all__ = ["TRIGGER_WORDS", "subjects"]
