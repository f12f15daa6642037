"""Test support for the odds and balance tests: a pack of plain cards (no abilities) written
as real YAML, and an isolated content cache."""

from __future__ import annotations

import textwrap
from pathlib import Path

PLAIN_HEROES = {  # name: mind, body, spirit, ranged/melee/magic damage, life
    "Plain Archer": (6, 3, 4, 2, 1, 1, 4),
    "Plain Brute": (2, 6, 2, 1, 2, 1, 5),
    "Plain Seer": (3, 3, 6, 1, 1, 2, 5),
    "Plain Walker": (5, 4, 4, 1, 1, 1, 6),
    "Plain Warden": (4, 5, 3, 1, 1, 1, 7),
}
PLAIN_CHALLENGES = {  # name: colour, mind, body, spirit, damages, life
    "Plain Goblin": ("green", 13, 13, 12, 1, 1, 1, 4),
    "Plain Ghoul": ("yellow", 13, 13, 14, 0, 1, 2, 3),
    "Plain Ogre": ("blue", 15, 14, 15, 1, 2, 1, 4),
    "Plain Wyrm": ("red", 15, 15, 15, 2, 2, 1, 4),
}
PLAIN_ALLY = ("Plain Squire", 4, 4, 2, 1, 1, 0, 2)


def kebab(name: str) -> str:
    return name.lower().replace(" ", "-")


def write_plain_pack(root: Path, challenges: dict | None = None) -> Path:
    """heroes.yaml, challenges.yaml and allies.yaml of plain cards in ``root`` (an anonymous
    pack); ``challenges`` replaces the default challenges."""
    root.mkdir(parents=True, exist_ok=True)
    heroes = ["kind: hero", "cards:"]
    for name, (m, b, s, rd, md, gd, life) in PLAIN_HEROES.items():
        heroes += [f"  - name: {name}", "    origin: original", f"    mind: {m}",
                   f"    body: {b}", f"    spirit: {s}", f"    ranged_damage: {rd}",
                   f"    melee_damage: {md}", f"    magic_damage: {gd}", f"    life: {life}",
                   "    stamina: 5"]
    chals = ["kind: challenge", "cards:"]
    for name, (col, m, b, s, rd, md, gd, life) in (challenges or PLAIN_CHALLENGES).items():
        chals += [f"  - name: {name}", "    origin: original", f"    colour: {col}",
                  f"    mind: {m}", f"    body: {b}", f"    spirit: {s}",
                  f"    ranged_damage: {rd}", f"    melee_damage: {md}",
                  f"    magic_damage: {gd}", f"    life: {life}", "    reward: {gold: 1}"]
    name, m, b, s, rd, md, gd, life = PLAIN_ALLY
    ally = textwrap.dedent(f"""\
        kind: ally
        cards:
          - name: {name}
            origin: original
            cost: 3
            mind: {m}
            body: {b}
            spirit: {s}
            ranged_damage: {rd}
            melee_damage: {md}
            magic_damage: {gd}
            life: {life}
            stamina: 2
        """)
    (root / "heroes.yaml").write_text("\n".join(heroes) + "\n", encoding="utf-8")
    (root / "challenges.yaml").write_text("\n".join(chals) + "\n", encoding="utf-8")
    (root / "allies.yaml").write_text(ally, encoding="utf-8")
    return root


def stat_dict(values, kind: str = "hero") -> dict:
    if kind == "challenge":
        values = values[1:]
    m, b, s, rd, md, gd, life = values[-7:]
    return {"name": kind, "mind": m, "body": b, "spirit": s, "ranged_damage": rd,
            "melee_damage": md, "magic_damage": gd, "life": life}


def plain_catalog(root: Path):
    """The engine catalog of ``root`` alone (no bundled cards), through the real pipeline."""
    from runeforge import pipeline
    from runeforge.backends.bundle import build_bundle
    from runeforge.engine.runebound.core.catalog import Catalog

    result = pipeline.check([root], include_bundled=False)
    assert result.ok, [d.render() for d in result.diagnostics]
    return Catalog(build_bundle(result.content, result.compiled))


def exact_ignored(cli, hero: str, challenge: str, *paths, items=(), allies=()):
    """``runeforge odds --exact --format json`` of one fight: the report and its ignored
    abilities by card (what the exact model leaves to the engine)."""
    import json

    args = ["odds", "--hero", hero, "--challenge", challenge]
    for item in items:
        args += ["--item", item]
    for ally in allies:
        args += ["--ally", ally]
    out = cli(*args, "--exact", "--format", "json", *map(str, paths))
    assert out.exit_code == 0, out.output
    report = json.loads(out.stdout)
    return report, {i["card"]: i for i in report["ignored"]}
