"""What a Delve scenario's ``then`` asks of the game after the turn, and what the scenario
covers (engine/delve/analysis/scenarios.py runs the turn)."""

from __future__ import annotations

from . import scenario_cast as cast


def resolve(name: str, names: dict, kinds: dict) -> str | None:
    """A figure id from a scenario's name: a given adversary's id or figure id, or one placed
    later (an explored chamber's encounter): its figure id, or its id (the first such)."""
    if name in names:
        return names[name]
    if name in kinds:
        return name
    return next((fid for fid, kind in kinds.items() if kind == name), None)


def _matches(record: dict, pattern: dict) -> bool:
    return all(record.get(k) == v for k, v in pattern.items())


def checks(then: dict, game, hero_id: str, names: dict, kinds: dict) -> list[dict]:
    s, out = game.state, []

    def check(what, expected, actual, keys):
        out.append({"what": what, "expected": expected, "actual": actual, "keys": list(keys)})

    fig = s.figure(hero_id)
    turn = s.turns.get(hero_id)
    hero_now = {"wounds": fig.wounds if fig else game.records.heroes[hero_id]["vigour"],
                "renown": s.renown.get(hero_id, 0), "skills": list(s.skills.get(hero_id, [])),
                "dice": list(turn.set_aside) if turn else [],
                "spent": list(turn.spent) if turn else [],
                "cell": list(fig.cell) if fig else None, "down": fig is None}
    for name, expected in (then.get("hero") or {}).items():
        check(f"hero.{name}", expected, hero_now.get(name), ("then", "hero", name))
    cast.ally_checks(then, game, check)
    for who, fields in (then.get("adversaries") or {}).items():
        fid = resolve(who, names, kinds)
        for name, expected in (fields or {}).items():
            keys = ("then", "adversaries", who, name)
            if fid is None:
                check(f"adversaries.{who}.{name}", expected, "no such adversary", keys)
                continue
            f = s.figure(fid)
            vigour = game.records.adversaries[kinds[fid]]["vigour"]
            now = {"wounds": f.wounds if f else vigour, "slain": f is None,
                   "cell": list(f.cell) if f else None}
            check(f"adversaries.{who}.{name}", expected, now.get(name), keys)
    if "slain" in then:
        check("slain", then["slain"], list(s.slain), ("then", "slain"))
    if "explored" in then:
        check("explored", then["explored"], list(s.explored), ("then", "explored"))
    records, start = game.log.records, 0
    for i, pattern in enumerate(then.get("log") or []):
        found = next((k for k in range(start, len(records)) if _matches(records[k], pattern)),
                     None)
        check(f"log #{i + 1} {pattern}", pattern,
              pattern if found is not None else "no such record after the previous",
              ("then", "log", i))
        if found is not None:
            start = found + 1
    for i, pattern in enumerate(then.get("never") or []):
        check(f"never {pattern}", 0, sum(_matches(r, pattern) for r in records),
              ("then", "never", i))
    return out


def ran_ops(records: list[dict]) -> set[str]:
    """The IR ops the hero's abilities ran (weapon actions, abilities, renown rules)."""
    ops = set()
    for r in records:
        if r["type"] == "attack":
            ops.add("attack")
        elif r["type"] in ("ability", "trigger"):
            ops.update(e["op"] for e in r["effects"])
    return ops


def given_ids(given: dict) -> list[str]:
    ids = [given.get("hero"), *(given.get("skills") or [])]
    ids += [(a or {}).get("hero") for a in given.get("allies") or []]
    ids += [a if isinstance(a, str) else (a or {}).get("id")
            for a in given.get("adversaries") or []]
    return list(dict.fromkeys(i for i in ids if isinstance(i, str)))
