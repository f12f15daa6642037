"""Generate compiler/schemas/<kind>.schema.json for the card kinds and the manifest.

The JSON files are the published artefact (editors and `runeforge schema` read them); this
module is where they are written from, so the shared fields stay in one place.
``tests/test_schema.py`` checks the files are in sync. Regenerate with::

    python -m runeforge.schemagen compiler/schemas
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

BASE = "https://runeforge.invalid/schemas/"
COLOURS = ["green", "yellow", "blue", "red"]

# Upper bounds of the numbers on a card (documented in docs/card-format.md). The printed
# cards stay far below them (Mind/Body/Spirit 21, damage 4, Life 12, Stamina 7, cost and
# gold 10, 3 copies); the bounds catch typos and keep the engine and the exact odds small.
MAX_ATTRIBUTE = 30
MAX_DAMAGE = 20
MAX_LIFE = 50
MAX_STAMINA = 30
MAX_GOLD = 50
MAX_COUNT = 20


def _int(desc: str, minimum: int = 0, examples=None, maximum: int = 20) -> dict:
    # every number has an upper bound (docs/card-format.md): a card with Life 2**63 or a
    # million copies is a typo, and the engine, the odds and the PDFs are sized for the game
    out = {"type": "integer", "minimum": minimum, "maximum": maximum, "description": desc}
    if examples:
        out["examples"] = examples
    return out


def _str(desc: str, examples=None, **kw) -> dict:
    out = {"type": "string", "minLength": 1, "maxLength": 2000, "description": desc, **kw}
    if examples:
        out["examples"] = examples
    return out


COMMON = {
    "name": _str("English name, as printed on the card. The card id is its kebab-case.",
                 ["Belt of Strength", "Varikas the Dead"], maxLength=100),
    "id": {"type": "string", "pattern": "^[a-z0-9]+(-[a-z0-9]+)*$",
           "description": "Card id; defaults to the kebab-case of `name`. An explicit id must "
           "equal it unless `id_override: true`.", "examples": ["belt-of-strength"]},
    "id_override": {"type": "boolean", "description": "Allow an `id` that is not the "
                    "kebab-case of `name` (e.g. two printings with one name)."},
    "origin": {"type": "string", "pattern": "^(original|seed-00[0-4])$",
               "description": "Where the card comes from: `original` (written for this "
               "project) or the seed that quotes it (`seed-000` … `seed-004`).",
               "examples": ["original", "seed-002"]},
    "count": _int("Copies of this card in the deck (default 1).", 1, [1, 2], MAX_COUNT),
    "flavour": _str("Italic flavour text (English); translated in the catalogs.",
                    ["Worn leather, a buckle of old iron."]),
    "art": _str("Path to a PNG or JPEG image inside the pack's folder, relative to the card "
                "file; printed in the face's art box, cropped to fill it.", ["art/belt.png"],
                maxLength=300),
    "art_focus": {"type": "array", "minItems": 2, "maxItems": 2,
                  "items": {"type": "number", "minimum": 0, "maximum": 1},
                  "description": "The point of the art to keep in view when it is cropped: "
                  "[x, y] from the image's top-left, 0..1 (default [0.5, 0.5], the centre).",
                  "examples": [[0.5, 0.3]]},
    "abilities": {"type": "array", "description": "One ability per entry, in the ability "
                  "language (docs/language-reference.md).",
                  "items": _str("One ability sentence.", ["You receive +3 Body."],
                                maxLength=1000),
                  "examples": [["Before Combat: Activate to make a magic attack."]]},
}

ATTRS = {
    "mind": _int("Mind: the ranged combat value and Mind skill-test attribute.", 0, [3],
                 MAX_ATTRIBUTE),
    "body": _int("Body: the melee combat value and Body skill-test attribute.", 0, [4],
                 MAX_ATTRIBUTE),
    "spirit": _int("Spirit: the magic combat value and Spirit skill-test attribute.", 0, [2],
                   MAX_ATTRIBUTE),
}
DAMAGE = {
    "ranged_damage": _int("Wounds dealt by a successful ranged attack.", 0, [1], MAX_DAMAGE),
    "melee_damage": _int("Wounds dealt by a successful melee attack.", 0, [2], MAX_DAMAGE),
    "magic_damage": _int("Wounds dealt by a successful magic attack.", 0, [1], MAX_DAMAGE),
}
LIFE = {"life": _int("Life: wounds it can take; one more knocks it out.", 1, [8], MAX_LIFE)}
STAMINA = {"stamina": _int("Stamina: exhaustion it can take.", 0, [6], MAX_STAMINA)}
SKILLS = {"skills": {"type": "array", "items": _str("A skill name from a manifest's "
                                                    "`skills`.", ["Swim"], maxLength=60),
                     "uniqueItems": True, "description": "Skills (names from the packs' "
                     "manifests)."}}
COST = {"cost": _int("Price in gold at the market.", 0, [4], MAX_GOLD)}
COLOUR = {"colour": {"enum": COLOURS, "description": "Adventure colour.",
                     "examples": ["green"]}}
REWARD = {"reward": {
    "type": "object", "additionalProperties": False,
    "description": "What the Hero gains for defeating the card.",
    "properties": {
        "gold": _int("Gold taken from the bank.", 0, [2], MAX_GOLD),
        "keep": {"type": "boolean", "description": "The Hero keeps the card as a trophy."},
        "becomes": {"enum": ["item", "ally"], "description": "The card joins the Hero as an "
                    "item or an ally."},
    },
    "examples": [{"gold": 2}, {"keep": True, "becomes": "ally"}],
}}

KINDS = {
    "hero": ({**ATTRS, **DAMAGE, **LIFE, **STAMINA, **SKILLS},
             ["mind", "body", "spirit", "ranged_damage", "melee_damage", "magic_damage",
              "life", "stamina"], "A Hero a player plays."),
    "ally": ({**ATTRS, **DAMAGE, **LIFE, **STAMINA, **SKILLS, **COST,
              "familiar": {"type": "boolean", "description": "Familiar marker (default "
                           "false)."}},
             ["cost", "life"], "An Ally hired at the market."),
    "item": ({**COST,
              "class": {"enum": ["weapon", "armor", "artifact", "rune", "relic", "consumable"],
                        "description": "Item class.", "examples": ["artifact"]},
              "type": _str("Free word for the item's type (sword, shield, belt, potion …).",
                           ["belt"], maxLength=40),
              "usage": {"enum": ["activated", "one-use", "constant"],
                        "description": "How the item is used.", "examples": ["constant"]}},
             ["cost", "class", "usage"], "An Item bought at the market."),
    "challenge": ({**COLOUR, **ATTRS, **DAMAGE, **LIFE, **REWARD}, ["colour"],
                  "A challenge fought on an adventure counter. mind/body/spirit are target "
                  "numbers."),
    "event": ({**COLOUR,
               "event_number": {"type": "integer", "enum": [1, 2, 3],
                                "description": "Event number 1-3 (printed I-III)."},
               "renew": {"type": "boolean", "description": "The sun icon: adventure counters "
                         "are renewed (default true)."}},
              ["colour", "event_number"], "An event drawn from an adventure deck."),
    "encounter": ({**COLOUR, **REWARD}, ["colour"], "An encounter (no combat values)."),
}


def card_file_schema(kind: str) -> dict:
    extra, required, desc = KINDS[kind]
    card = {"type": "object", "description": desc, "additionalProperties": False,
            "properties": {**COMMON, **extra}, "required": ["name", "origin", *required]}
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": f"{BASE}{kind}.schema.json",
        "title": f"Runeforge {kind} cards",
        "description": f"A file of {kind} cards (docs/card-format.md). Put "
        f"`# yaml-language-server: $schema=<path>/{kind}.schema.json` on its first line.",
        "type": "object", "additionalProperties": False, "required": ["kind", "cards"],
        "properties": {
            "kind": {"const": kind, "description": "The kind of every card in this file."},
            "cards": {"type": "array", "minItems": 1, "items": {"$ref": "#/$defs/card"},
                      "description": f"The {kind} cards."},
        },
        "$defs": {"card": card},
    }


def manifest_schema() -> dict:
    ids = {"type": "array", "uniqueItems": True,
           "items": {"type": "string", "pattern": "^[a-z0-9]+(-[a-z0-9]+)*$"}}
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": f"{BASE}manifest.schema.json",
        "title": "Runeforge pack manifest",
        "description": "manifest.yaml: makes its folder a pack (a set, adventure or "
        "expansion).",
        "type": "object", "additionalProperties": False,
        "required": ["kind", "id", "name", "type", "origin"],
        "properties": {
            "kind": {"const": "manifest"},
            "id": {"type": "string", "pattern": "^[a-z0-9]+(-[a-z0-9]+)*$",
                   "description": "Pack id (kebab-case).", "examples": ["core"]},
            "name": _str("Pack name.", ["Runebound: Rise of the Dragon Lords (core)"],
                         maxLength=200),
            "type": {"enum": ["set", "adventure", "expansion"], "description": "Pack type."},
            "origin": COMMON["origin"],
            "game": {"type": "string", "pattern": "^[a-z0-9]+(-[a-z0-9]+)*$",
                     "description": "The game the pack's files belong to (its card kinds, "
                     "ability language, IR, text and faces). Default: runebound-2e.",
                     "default": "runebound-2e", "examples": ["runebound-2e"]},
            "description": _str("What the pack adds."),
            "skills": {**SKILLS["skills"], "description": "Skill names this pack adds."},
            "requires": {**ids, "description": "Ids of packs this one builds on."},
            "removes": {**ids, "description": "Card ids taken out of play by this pack."},
            "replaces": {**ids, "description": "Card ids this pack redefines (a card of "
                         "this pack with the same id replaces the earlier one)."},
        },
        "examples": [{"kind": "manifest", "id": "core", "name": "Core", "type": "set",
                      "origin": "original", "skills": ["Swim"]}],
    }


def all_schemas() -> dict[str, dict]:
    out = {kind: card_file_schema(kind) for kind in KINDS}
    out["manifest"] = manifest_schema()
    return out


def dump(schema: dict) -> str:
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"


def main(argv: list[str]) -> int:
    target = Path(argv[0] if argv else "compiler/schemas")
    target.mkdir(parents=True, exist_ok=True)
    for kind, schema in all_schemas().items():
        (target / f"{kind}.schema.json").write_text(dump(schema), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
