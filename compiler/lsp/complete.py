"""Completion: inside an ability string, exactly the words the grammar accepts at the cursor
(Lark's interactive LALR parser gives the acceptable terminals; the dialect's tokenizer
words spell them), plus skill names where a name is accepted; outside strings, the enum
values of the schema and card ids where the schema expects an id."""

from __future__ import annotations

import json
import re
from functools import lru_cache

from lark import Lark
from lark.lexer import PatternStr

from .. import games
from .. import schema as schemas

PARTIAL = re.compile(r"[\w{}'\u2019-]*$")
ID_PATTERN = "^[a-z0-9]+(-[a-z0-9]+)*$"


@lru_cache(maxsize=None)
def parser_of(game_id: str):
    """(Lark LALR parser, {terminal: words}) of a game's dialect."""
    dialect = games.get(game_id).dialect
    if dialect.interactive:
        return games.resolve(dialect.interactive)()
    package, _, name = dialect.grammar.partition(":")
    from importlib import resources

    folder = resources.files(package)
    text = folder.joinpath(name).read_text(encoding="utf-8")
    # a dialect's grammar may %import the fragments every dialect shares (dsl/shared.lark)
    shared = resources.files("runeforge.dsl")
    lark = Lark(text, parser="lalr", start="ability",
                import_paths=[str(folder), str(shared)])
    return lark, {t.name: _pattern_words(t.pattern) for t in lark.terminals}


def _pattern_words(pattern) -> list[str]:
    """The literal words a terminal's pattern spells: ``"("`` or ``/(?i:combat|area)\\b/``
    (a trailing ``s?`` gives both forms); [] for an open pattern (a number, a name)."""
    if isinstance(pattern, PatternStr):
        return [pattern.value]
    m = re.fullmatch(r"\(\?i:(.*)\)(?:\\b)?", pattern.value)
    if not m:
        return []
    out = []
    for alt in m.group(1).split("|"):
        if re.fullmatch(r"[A-Za-z']+\??", alt):
            if alt.endswith("?"):
                out += [alt[:-2], alt[:-1]]
            else:
                out.append(alt)
        else:
            return []
    return out


def ability_words(game_id: str, text: str, skills=()) -> list[str]:
    """The words that may follow ``text`` (the ability up to the cursor), filtered by the
    partial word being typed; [] when the text before that word does not parse."""
    partial = PARTIAL.search(text).group()
    head = text[: len(text) - len(partial)]
    lark, words = parser_of(game_id)
    try:
        ip = lark.parse_interactive(head)
        ip.exhaust_lexer()
        accepted = ip.accepts()
    except Exception:  # noqa: BLE001 - a prefix that does not parse offers nothing
        return []
    out: list[str] = []
    for terminal in sorted(accepted):
        out.extend(words.get(terminal, ()))
        if terminal == "WORD":
            out.extend(sorted(skills))
    if partial[:1].isupper() or not head.strip() or head.rstrip()[-1:] == ".":
        out = [w[:1].upper() + w[1:] for w in out]
    low = partial.lower()
    return [w for w in dict.fromkeys(out) if w.lower().startswith(low)]


def _subschemas(schema: dict, root: dict, keys: tuple, depth: int = 0) -> list[dict]:
    """The sub-schemas that may describe the value at ``keys`` (list indexes any)."""
    if depth > 40 or not isinstance(schema, dict):
        return []
    if "$ref" in schema:
        ref = schema["$ref"]
        target = root
        for part in ref.lstrip("#/").split("/") if ref.startswith("#/") else ():
            target = target.get(part, {})
        return _subschemas({**target, **{k: v for k, v in schema.items() if k != "$ref"}},
                           root, keys, depth + 1)
    alts = [schema]
    for word in ("then", "else"):
        if word in schema:
            alts.append(schema[word])
    for word in ("allOf", "anyOf", "oneOf"):
        alts.extend(schema.get(word, []))
    out: list[dict] = []
    for alt in alts:
        if alt is not schema:
            out.extend(_subschemas(alt, root, keys, depth + 1))
            continue
        if not keys:
            out.append(schema)
        elif isinstance(keys[0], int) and isinstance(schema.get("items"), dict):
            out.extend(_subschemas(schema["items"], root, keys[1:], depth + 1))
        elif isinstance(keys[0], str):
            sub = (schema.get("properties") or {}).get(keys[0])
            if sub is not None:
                out.extend(_subschemas(sub, root, keys[1:], depth + 1))
    return out


def _properties(schema, root: dict, name: str, depth: int = 0, seen=None) -> list[dict]:
    """Every sub-schema of a property called ``name`` anywhere in ``schema``."""
    seen = set() if seen is None else seen
    if depth > 40 or not isinstance(schema, (dict, list)) or id(schema) in seen:
        return []
    seen.add(id(schema))
    if isinstance(schema, list):
        return [s for item in schema for s in _properties(item, root, name, depth + 1, seen)]
    out = []
    for sub in _subschemas(schema, root, ()):
        props = sub.get("properties") or {}
        if name in props:
            out.extend(_subschemas(props[name], root, ()))
    for key, value in schema.items():
        if key == "$ref" and isinstance(value, str) and value.startswith("#/"):
            target = root
            for part in value[2:].split("/"):
                target = target.get(part, {}) if isinstance(target, dict) else {}
            out.extend(_properties(target, root, name, depth + 1, seen))
        elif isinstance(value, (dict, list)):
            out.extend(_properties(value, root, name, depth + 1, seen))
    return out


def schema_values(kind: str, game: str, keys: tuple, card_ids) -> list[str]:
    """Enum values (and card ids where an id is expected) for the value at ``keys`` (a
    path from the file's root; ``("*", name)``: a property ``name`` anywhere)."""
    try:
        root = schemas.load_schema(kind, game)
    except Exception:  # noqa: BLE001 - no schema, no values
        return []
    if keys[:1] == ("*",):
        subs = _properties(root, root, keys[1])
    else:
        subs = _subschemas(root, root, keys)
    subs = subs + [i for sub in subs if isinstance(sub.get("items"), dict)
                   for i in _subschemas(sub["items"], root, ())]
    out: list[str] = []
    for sub in subs:
        for value in sub.get("enum", []):
            out.append(value if isinstance(value, str) else json.dumps(value))
        if "const" in sub and isinstance(sub["const"], str):
            out.append(sub["const"])
        if sub.get("pattern") == ID_PATTERN:
            out.extend(sorted(card_ids))
    return list(dict.fromkeys(out))
