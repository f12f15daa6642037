"""Shared by `runeforge odds` and `runeforge balance`: load the content, compile only the cards
a combat involves, read static modifiers from their IR, build a small engine bundle.

Loading validates every file (schemas, ids) as every command does; compiling the abilities of
the whole content is what makes `runeforge check` take about a second, so these commands compile
only the abilities of the Hero, the challenge, the items and the Allies they use.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import click

from runeforge import games, pipeline
from runeforge.console import finish, print_diagnostics
from runeforge.diagnostics import Diagnostic, DiagnosticError, did_you_mean

ATTRIBUTES = ("mind", "body", "spirit")
PHASES = ("ranged", "melee", "magic")
STATS = ATTRIBUTES + tuple(f"{p}_damage" for p in PHASES) + ("life",)


def combatants(command):
    """The options that name who fights: --hero, --challenge, --item..., --ally..."""
    for option in reversed([
        click.option("--hero", "hero_id", required=True, metavar="ID",
                     help="The Hero's card id."),
        click.option("--challenge", "challenge_id", required=True, metavar="ID",
                     help="The challenge's card id."),
        click.option("--item", "items", multiple=True, metavar="ID",
                     help="An item the Hero holds."),
        click.option("--ally", "allies", multiple=True, metavar="ID", help="An Ally of the Hero."),
    ]):
        command = option(command)
    return command


def load(dirs, whole=None):
    """Load and validate the content (no ability compilation); exit 1/2 on errors. These
    commands run Runebound's engine, so they see Runebound's cards, packs and documents only
    (``whole``: the content of every game, already loaded from ``dirs``).

    Clean content is cached (see :mod:`._contentcache`): the same files and the same compiler
    give the same Content, so a second run skips the YAML parse and the schema checks."""
    content = whole if whole is not None else _load_all(dirs)
    own = content.of_game(games.DEFAULT_GAME)
    own._cache_key = content._cache_key
    return own


def _load_all(dirs):
    from . import _contentcache

    key = _contentcache.key(dirs)
    content = _contentcache.get(key, "content")
    if content is not None:
        content._cache_key = key
        return content
    # the collector off while the content is loaded, as for a whole check (the loaded files'
    # objects set off collections that were a third of a first `odds`; issue 38)
    with _contentcache.cyclic_gc_paused():
        result = pipeline.check(dirs, compile=False)
        if not result.ok:
            print_diagnostics(result.diagnostics)
            finish(result.diagnostics)
        _contentcache.put(key, "content", result.content)
    result.content._cache_key = key
    return result.content


def _other_game(whole, content, value: str, option: str, kind: str) -> str | None:
    """A hint when ``value`` is a card of another game than ``content``'s (odds of a Delve
    hero against a Runebound challenge)."""
    other = whole.cards.get(value) if whole is not None else None
    if other is None or value in content.cards:
        return None
    from runeforge import games

    def a(noun: str) -> str:
        return ("an " if noun[:1] in "aeiou" else "a ") + noun

    return (f"'{value}' is {a(other.kind)} of {games.get(other.game).name}; {option} takes "
            f"{a(kind)} of the same game as the other cards")


def unknown(option: str, value: str, kind: str, pool: list[str],
            hint: str | None = None) -> Diagnostic:
    return Diagnostic("RF004", f"unknown {kind} id '{value}' given to {option}",
                      path="<command line>", hint=hint or did_you_mean(value, pool)
                      or f"{kind} ids: {', '.join(pool[:8])}{' …' if len(pool) > 8 else ''}")


def check_ids(content, wanted, whole=None) -> None:
    """``wanted``: (option, id, kind) triples; unknown ids are RF004 usage errors (exit 2).
    ``whole`` (every game's content): an id that is a card of another game says so."""
    by_kind: dict[str, list[str]] = {}
    for card in content.cards.values():
        by_kind.setdefault(card.kind, []).append(card.id)
    diags = [unknown(opt, value, kind, sorted(by_kind.get(kind, [])),
                     _other_game(whole, content, value, opt, kind))
             for opt, value, kind in wanted if value not in by_kind.get(kind, [])]
    if diags:
        raise DiagnosticError(diags)


def compile_cards(content, ids) -> dict[str, list[dict]]:
    """The IR of the abilities of ``ids`` only; ability errors are printed (exit 1)."""
    from . import _contentcache

    key = getattr(content, "_cache_key", None)
    known = (_contentcache.get(key, "ir") if key else None) or {}
    compiled, diags, fresh = {}, [], False
    for card_id in dict.fromkeys(ids):
        if card_id not in known:
            known[card_id] = games.get().compile_card(content.cards[card_id], content)
            fresh = True
        irs, ds = known[card_id]
        compiled[card_id] = irs
        diags.extend(ds)
    if fresh and key and not any(d.is_error for d in diags):
        _contentcache.put(key, "ir", known)
    if any(d.is_error for d in diags):
        print_diagnostics(diags)
        finish(diags)
    return compiled


def bundle_for(content, compiled: dict) -> dict:
    """An engine bundle holding just the compiled cards."""
    from runeforge.backends.bundle import FORMAT, FORMAT_VERSION, card_record

    return {"format": FORMAT, "format_version": FORMAT_VERSION,
            "ir_version": games.get().ir.version,
            "cards": [card_record(content.cards[i], irs) for i, irs in compiled.items()],
            "documents": {}}


def stats(card) -> dict:
    """The combat stats of a Hero, Ally or challenge card as the exact odds take them."""
    data = card.data
    out = {"name": data.get("name", card.id)}
    for s in STATS:
        v = data.get(s, 1 if s == "life" else 0)
        out[s] = v if isinstance(v, int) and not isinstance(v, bool) else 0
    return out


@dataclass
class StaticModel:
    """What the exact model takes from the compiled abilities, and what it leaves out.

    ``ignored`` entries carry ``affects_odds``: False for an ability that cannot change the
    outcome (used outside the fight); ``covered`` is true when no ignored ability can."""

    hero_modifiers: dict[str, int] = field(default_factory=dict)
    challenge_modifiers: dict[str, int] = field(default_factory=dict)
    allies_barred: str | None = None  # card id of an "Allies cannot attack" rule
    applied: list[dict] = field(default_factory=list)  # {card, text, effect}
    ignored: list[dict] = field(default_factory=list)  # {card, text, reason, affects_odds}
    before: object = None  # the engine's BeforeModel: the Before Combat steps played exactly

    @property
    def covered(self) -> bool:
        return not any(i["affects_odds"] for i in self.ignored)


def _reason(ir: dict) -> str:
    if ir["reaction"]:
        return "a reaction to wounds being inflicted"
    tag = ir["timing"]["tag"]
    if tag == "before_combat":
        return "a Before Combat ability"
    if tag in PHASES or tag == "any_phase":
        return "a combat-phase ability that is used, not always on"
    if ir["timing"]["window"]:
        return f"used in the '{ir['timing']['window'].replace('_', ' ')}' window"
    if ir["static"]:
        return "a rule the exact model does not represent"
    return "an ability that is used (activated or paid for), not always on"


def static_model(compiled: dict, hero: str, challenge: str, items=(), allies=()) -> StaticModel:
    """Read ``static: true`` ``modify`` effects (and "Allies cannot attack") from the IR of the
    Hero, items, Allies and the challenge. A modifier on ``hero``/``you`` from a card the Hero
    holds or faces counts for the Hero; ``enemy`` from the Hero's cards counts for the
    challenge. Everything else is listed as ignored, with the reason."""
    (before_model,) = games.get().entries("before_model")

    model = StaticModel()
    sources = [(hero, "hero")] + [(i, "item") for i in items] + [(a, "ally") for a in allies]
    sources.append((challenge, "challenge"))
    model.before = before_model([(card_id, i, role, ir) for card_id, role in sources
                                 for i, ir in enumerate(compiled.get(card_id, []))])
    played = {s.ref: s for s in model.before.steps}
    rounds = {a.ref: a for a in model.before.rounds}
    inert = {(c, i): why for c, i, _t, why in model.before.inert}
    uncovered = {(c, i): why for c, i, _t, why in model.before.uncovered}
    for card_id, role in sources:
        for index, ir in enumerate(compiled.get(card_id, [])):
            kept = ir["static"] and ir["effects"] and all(
                _usable(e, role) for e in ir["effects"])
            if not kept and f"{card_id}#{index}" in played:
                effect = "Before Combat, exact: " + (
                    "every outcome weighed" if role == "challenge"
                    else "used or not, whichever wins more often")
                model.applied.append({"card": card_id, "text": ir["source"], "effect": effect})
                continue
            if not kept and f"{card_id}#{index}" in rounds:
                ab = rounds[f"{card_id}#{index}"]
                effect = "once per combat, exact: " + (
                    "cancels when that wins more often" if ab.kind == "cancel"
                    else "used in the phase and round where it wins more often")
                model.applied.append({"card": card_id, "text": ir["source"], "effect": effect})
                continue
            if not kept:
                key = (card_id, index)
                why = inert.get(key) or _inert_static(ir)
                model.ignored.append({"card": card_id, "text": ir["source"],
                                      "reason": why or uncovered.get(key) or _reason(ir),
                                      "affects_odds": why is None})
                continue
            for e in ir["effects"]:
                if e["op"] == "restrict" and e["action"] == "escape":
                    effect = "no escape (the exact model never escapes anyway)"
                elif e["op"] == "restrict":
                    model.allies_barred = card_id
                    effect = "Allies do not attack"
                else:
                    mine = e["target"] in ("hero", "you")
                    mods = model.hero_modifiers if mine else model.challenge_modifiers
                    mods[e["stat"]] = mods.get(e["stat"], 0) + e["value"]
                    who = "Hero" if mine else "challenge"
                    effect = f"{who} {e['stat'].replace('_', ' ')} {e['value']:+d}"
                model.applied.append({"card": card_id, "text": ir["source"], "effect": effect})
    return model


# restrictions of what a Hero does outside a fight (issue 32, session rbrules)
OUTSIDE_COMBAT = frozenset({"rest", "own_rest", "attack_heroes", "own_attack_heroes",
                            "heal_in_town", "own_heal_in_town", "sell_items", "own_sell_items",
                            "buy_items", "buy_allies", "own_buy_items", "own_buy_allies",
                            "this_sell_items"})


def _inert_static(ir: dict) -> str | None:
    """Why an always-on rule cannot change a fight (None: it may): prices, and triggers that
    only gain gold (no cost in a fight the exact model plays is paid in gold)."""
    if not ir["static"] or not ir["effects"]:
        return None
    if all(e["op"] in ("cost_modifier", "sell_price", "heal_price") for e in ir["effects"]):
        return "a price rule (no effect on the odds)"
    if all(e["op"] == "restrict" and e["action"] in OUTSIDE_COMBAT for e in ir["effects"]):
        return "a rule outside combat (no effect on the odds)"  # issue 32 (session rbrules)
    if all(e["op"] in ("carry_as", "carry_exempt") or e["op"] == "modify"
           and e["stat"].endswith("_limit") for e in ir["effects"]):  # branch rblimits
        return "a carrying limit (no effect on the odds)"
    if all(e["op"] in ("knockout_keep", "knockout_instead") for e in ir["effects"]):
        return "a rule of the knock-out's losses (no effect on the odds)"  # branch rblimits
    if all(e["op"] == "trigger" and all(x["op"] == "gain_gold" for x in e["effects"])
           for e in ir["effects"]):
        return "gains gold only (no effect on the odds)"
    return None


def _usable(effect: dict, role: str) -> bool:
    op = effect["op"]
    if op == "restrict":
        return effect["action"] == "escape" or (effect["action"] == "ally_attack"
                                                and role == "challenge")
    if op != "modify" or effect["stat"].endswith("_limit"):  # a carrying limit (rblimits)
        return False
    if effect["target"] in ("hero", "you"):
        return True
    return effect["target"] == "enemy" and role != "challenge" and effect["stat"] in STATS


def apply_challenge_modifiers(chal: dict, mods: dict) -> dict:
    out = dict(chal)
    for stat, delta in mods.items():
        out[stat] = out[stat] + delta
    for p in PHASES:
        out[f"{p}_damage"] = max(0, out[f"{p}_damage"])
    out["life"] = max(1, out["life"])
    return out


def hero_numbers(card_stats: dict, card, mods: dict, margin: int) -> dict:
    """The Hero's numbers for the exact model with Before Combat (static modifiers and the
    defeat margin included): attributes, ``<phase>_roll``, damage, life, stamina."""
    out = {"name": card_stats.get("name", "hero")}
    for a in ATTRIBUTES:
        out[a] = card_stats[a] + mods.get(a, 0)
    for p in PHASES:
        out[f"{p}_roll"] = mods.get(f"{p}_roll", 0)
        out[f"{p}_damage"] = max(0, card_stats[f"{p}_damage"] + mods.get(f"{p}_damage", 0))
    out["life"] = card_stats["life"] + mods.get("life", 0) + margin
    stamina = card.data.get("stamina", 0)
    stamina = stamina if isinstance(stamina, int) and not isinstance(stamina, bool) else 0
    out["stamina"] = stamina + mods.get("stamina", 0)
    return out


def exact_with_before(content, hero_id: str, chal: dict, ally_stats, model: StaticModel,
                      mods: dict, ruleset: str, ally_ids=()):
    """The exact odds of the whole combat (Before Combat included) as a BeforeSolution;
    ``chal`` and ``ally_stats`` as the exact odds take them (margin included), ``ally_ids``
    the card ids of ``ally_stats``. ValueError on cards the model cannot take."""
    Rules, exact_combat_odds, get_ruleset = games.get().entries(
        "before_rules", "before_odds", "get_ruleset")

    r = get_ruleset(ruleset)
    card = content.cards[hero_id]
    skills = [s for s in card.data.get("skills") or () if isinstance(s, str)]
    hero = hero_numbers(stats(card), card, mods, r.defeat_margin)
    if hero["life"] < 1:
        raise ValueError(f"hero {hero['name']!r}: life must be at least 1, got {hero['life']}")
    return exact_combat_odds(hero, chal, ally_stats, model.before,
                             Rules(r.skill_bonus, r.skill_bonus_per_exhaustion,
                                   r.activations_before_combat), skills,
                             ally_ids=tuple(ally_ids))
