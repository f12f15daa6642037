"""A snapshot of what the Runebound parser, checks and lowering make of every text we may
read, to show that a change meant for speed changes nothing else (not a test).

For every ability text of the bundled cards and the language families' card files (the
corpus of bench_dsl.py), of the author-style corpus (tests/data/corpus/runebound.yaml: forms,
variants and texts that must fail; refused.yaml) and of the readable held-out sets (1-6; the
blind set 7 is never opened), it records: the whole AST with every field and span (and the
node walk the parse leaves on the Ability), the ``fmt`` text, the diagnostics of the checks
on the text's kind of card, the IR the lowering makes; or the syntax error with its code,
offsets, message and hint.

    python benchmarks/ast_snapshot.py write FILE     # before the change
    python benchmarks/ast_snapshot.py compare FILE   # after: prints every difference
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import yaml

from benchmarks.bench_dsl import corpus
from benchmarks.heldout_lang import RUNEBOUND_SETS, SKILLS, texts
from runeforge.dsl.errors import AbilitySyntaxError
from runeforge.dsl.runebound import parse_ability, print_ability
from runeforge.games.runebound.checks import CardContext, check_ability
from runeforge.games.runebound.lower import lower

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "tests" / "data" / "corpus"
READABLE = [path for name, path in RUNEBOUND_SETS if not name.endswith(" 7")]


def _texts() -> list[tuple[str, str]]:
    out = [("item", t) for t in corpus()]
    data = yaml.safe_load((CORPUS / "runebound.yaml").read_text(encoding="utf-8"))
    for form in data["forms"]:
        out += [(form["kind"], t) for t in [form["text"], *form.get("variants", [])]]
    out += [(case["kind"], case["text"]) for case in data["fails"]]
    refused = yaml.safe_load((CORPUS / "refused.yaml").read_text(encoding="utf-8"))
    for game in refused["games"]:
        if game["game"] == "runebound-2e":
            out += [(case["kind"], case["text"]) for case in game["texts"]]
    for path in READABLE:
        out += texts(path)
    return list(dict.fromkeys(out))


def _dump(value, depth=0):
    if hasattr(value, "__dataclass_fields__"):
        out = {"_": type(value).__qualname__}
        for name in value.__dataclass_fields__:
            out[name] = _dump(getattr(value, name), depth + 1)
        extra = getattr(value, "__dict__", {})
        for name in sorted(k for k in extra if k not in value.__dataclass_fields__):
            if name == "_nodes":  # the walk: which nodes, in order
                out[name] = [[type(x).__qualname__, list(getattr(x, "span", None) or ())]
                             for x in extra[name]]
            else:
                out[name] = _dump(extra[name], depth + 1)
        return out
    if isinstance(value, (list, tuple)):
        return [_dump(v, depth + 1) for v in value]
    if isinstance(value, (frozenset, set)):
        return sorted(repr(v) for v in value)
    if isinstance(value, dict):
        return {str(k): _dump(v, depth + 1) for k, v in value.items()}
    if isinstance(value, (str, int, float, bool)) or value is None:
        return value
    return repr(value)


def _ctx(kind: str) -> CardContext:
    return CardContext(kind, "activated" if kind == "item" else None, None, SKILLS)


def snapshot() -> dict:
    out = {}
    for kind, text in _texts():
        key = f"{kind} | {text}"
        try:
            ability = parse_ability(text)
        except AbilitySyntaxError as err:
            out[key] = {"error": [type(err).__name__, getattr(err, "code", None), err.start,
                                  err.end, str(err), getattr(err, "hint", None)]}
            continue
        entry = {"ast": _dump(ability), "fmt": print_ability(ability)}
        entry["checks"] = [repr(d) for d in check_ability(ability, _ctx(kind))]
        try:
            entry["ir"] = _dump(lower(ability))
        except Exception as err:  # noqa: BLE001 - recorded, compared as is
            entry["ir"] = ["raised", type(err).__name__, str(err)]
        out[key] = entry
    return out


def main() -> int:
    what, path = sys.argv[1], Path(sys.argv[2])
    now = snapshot()
    if what == "write":
        path.write_text(json.dumps(now, indent=0, sort_keys=True), encoding="utf-8")
        print(f"{len(now)} texts written to {path}")
        return 0
    before = json.loads(path.read_text(encoding="utf-8"))
    now = json.loads(json.dumps(now, sort_keys=True))
    differ = [k for k in sorted(set(before) | set(now)) if before.get(k) != now.get(k)]
    for key in differ:
        print("DIFFERS:", key)
        for part in ("error", "ast", "fmt", "checks", "ir"):
            if (before.get(key) or {}).get(part) != (now.get(key) or {}).get(part):
                print("   in", part)
    print(f"{len(now)} texts, {len(differ)} differ")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
