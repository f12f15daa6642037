"""The balance table behind `runeforge balance`: exact odds of every Hero against every
challenge of an adventure's decks at 0, 2, 4 and 6 experience tokens, summaries per colour and
the challenges whose difficulty is out of order for their colour.

Experience rule (stated in the report): tokens are bought one at a time, alternating between
the Hero's best combat attribute (+2, the ruleset's attribute token) and Life (+1), starting
with the attribute: 2 tokens = attribute +2 and Life +1; 4 = +4 and +2; 6 = +6 and +3. The
best combat attribute is the one with the highest value, ties broken by the damage of its
phase, then ranged, melee, magic. Life tokens stop at the ruleset's ``max_life_tokens``;
later tokens go to the attribute. The alternation also satisfies the advanced rule that the
two tokens of a purchase differ. In the rulesets a Life token also bars the easiest colour
(``life_bars_easiest_colour``): the odds are still given, and such cells are marked barred.

Difficulty of a challenge: the mean win probability over the Heroes at 0 tokens. A challenge
is out of order when it is harder than the median challenge of some harder colour, or easier
than the median of some easier colour (colour order: green, yellow, blue, red).
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass, field

from runeforge import games

from . import _combatcontent as cc

COLOURS = ("green", "yellow", "blue", "red")
TOKEN_LEVELS = (0, 2, 4, 6)
DEFAULT_ADVENTURE = "rise-of-the-dragon-lords"
RULE_TEXT = (
    "Experience tokens are bought one at a time, alternating between the Hero's best combat "
    "attribute (+2) and Life (+1), attribute first: 2 tokens = attribute +2, Life +1; "
    "4 = +4, +2; 6 = +6, +3. Best attribute: the highest of Mind, Body, Spirit; ties go to "
    "the higher damage of its phase, then ranged, melee, magic. Life tokens stop at the "
    "ruleset's maximum; later tokens go to the attribute. Odds are exact (optimal play, no "
    "escape); static modifiers and Before Combat abilities and tests of the Hero's and the "
    "challenge's cards count (each choice the best one), other abilities are ignored. A challenge is flagged when its mean win probability at 0 tokens is below "
    "the median of a harder colour or above the median of an easier colour.")


@dataclass
class Cell:
    hero: str
    challenge: str
    tokens: int
    modifiers: dict
    win: float
    loss: float
    stalemate: float  # exact: nothing can change; Monte Carlo: escaped or abandoned
    expected_wounds: float
    barred: bool
    ci: tuple[float, float] | None = None  # Monte Carlo: the 95 % Wilson interval


@dataclass
class Report:
    adventure: str
    adventure_name: str
    ruleset: str
    heroes: list  # [(id, name)]
    challenges: list  # [{id, name, colour, pack, count, ignored}]
    cells: list[Cell] = field(default_factory=list)
    rule: str = RULE_TEXT
    method: str = "exact"  # or "monte-carlo (N trials, seed S, optimal policy)"

    def win(self, hero: str, challenge: str, tokens: int) -> float:
        return self._index[(hero, challenge, tokens)].win

    def mean_win(self, challenge: str, tokens: int = 0) -> float:
        return statistics.fmean(self.win(h, challenge, tokens) for h, _ in self.heroes)

    def colours(self) -> list[str]:
        present = {c["colour"] for c in self.challenges}
        return [c for c in COLOURS if c in present]

    def summary(self) -> list[dict]:
        """Per colour and token level: median, min, max of the challenges' mean win."""
        rows = []
        for colour in self.colours():
            ids = [c["id"] for c in self.challenges if c["colour"] == colour]
            for t in TOKEN_LEVELS:
                means = [self.mean_win(i, t) for i in ids]
                rows.append({"colour": colour, "tokens": t, "challenges": len(ids),
                             "median": statistics.median(means), "min": min(means),
                             "max": max(means)})
        return rows

    def flags(self) -> dict[str, list[str]]:
        """challenge id -> reasons it is out of order for its colour (at 0 tokens)."""
        medians = {r["colour"]: r["median"] for r in self.summary() if r["tokens"] == 0}
        out: dict[str, list[str]] = {}
        for c in self.challenges:
            mine = self.mean_win(c["id"])
            rank = COLOURS.index(c["colour"])
            why = []
            for other, med in medians.items():
                o = COLOURS.index(other)
                if o > rank and mine < med:
                    why.append(f"harder than the median {other} ({mine:.0%} < {med:.0%})")
                elif o < rank and mine > med:
                    why.append(f"easier than the median {other} ({mine:.0%} > {med:.0%})")
            if why:
                out[c["id"]] = why
        return out

    def index(self) -> None:
        self._index = {(x.hero, x.challenge, x.tokens): x for x in self.cells}


def best_attribute(hero: dict) -> str:
    order = {"mind": 0, "body": 1, "spirit": 2}
    return max(cc.ATTRIBUTES, key=lambda a: (hero[a], hero[f"{cc.PHASES[order[a]]}_damage"],
                                             -order[a]))


def token_modifiers(hero: dict, tokens: int, experience) -> dict[str, int]:
    """The stat changes ``tokens`` experience tokens buy under the stated rule."""
    bonus = dict(experience.tokens)
    attr = best_attribute(hero)
    mods: dict[str, int] = {}
    life_tokens = 0
    for i in range(tokens):
        if i % 2 == 1 and "life" in bonus and life_tokens < experience.max_life_tokens:
            mods["life"] = mods.get("life", 0) + bonus["life"]
            life_tokens += 1
        else:
            mods[attr] = mods.get(attr, 0) + bonus.get(attr, 2)
    return mods


def adventures(content) -> dict[str, dict]:
    return {d.data["id"]: d.data for d in content.documents.get("adventure", [])
            if isinstance(d.data, dict) and "id" in d.data}


def adventure_challenges(content, adventure: str | None) -> tuple[str, str, list]:
    """(adventure id, name, challenge cards) of an adventure document, or of a pack id; None:
    the base adventure if it exists, else every challenge loaded. Raises LookupError with a
    did-you-mean hint for an unknown id."""
    docs = adventures(content)
    every = [c for c in content.cards.values() if c.kind == "challenge"]
    if adventure is None:
        if DEFAULT_ADVENTURE not in docs:
            return "all", "every challenge loaded", every
        adventure = DEFAULT_ADVENTURE
    if adventure in docs:
        doc = docs[adventure]
        decks = doc.get("decks") or []
        replaced = {col for d in decks if d.get("place") == "replace"
                    for col in d.get("colours") or COLOURS}
        aside = doc.get("set_aside") or {}
        aside_colours, aside_cards = set(aside.get("colours") or ()), set(aside.get("cards") or ())
        chosen = []
        for d in decks:
            base = d.get("place", "base") == "base"
            for c in every:
                colour = c.data.get("colour")
                if c.pack != d["pack"] or colour not in (d.get("colours") or COLOURS):
                    continue
                if base and (colour in replaced or colour in aside_colours or c.id in aside_cards):
                    continue
                if c not in chosen:
                    chosen.append(c)
        return adventure, str(doc.get("name", adventure)), chosen
    if adventure in content.packs:
        pack = content.packs[adventure]
        return adventure, pack.name or adventure, [c for c in every if c.pack == adventure]
    from runeforge.diagnostics import did_you_mean

    pool = sorted(set(docs) | set(content.packs))
    raise LookupError(did_you_mean(adventure, pool) or f"adventures: {', '.join(pool)}")


def build(content, adventure: str | None, ruleset: str, trials: int | None = None,
          seed: int = 0) -> Report:
    """The report; ``trials``: Monte Carlo with the engine (every ability, the ``optimal``
    policy) instead of the exact odds."""
    load_ruleset, get_ruleset = games.get().entries("load_ruleset", "get_ruleset")

    adv_id, adv_name, chals = adventure_challenges(content, adventure)
    rules = load_ruleset(ruleset)
    margin = get_ruleset(ruleset).defeat_margin
    heroes = [c for c in content.cards.values() if c.kind == "hero"]
    compiled = cc.compile_cards(content, [c.id for c in heroes + chals])
    report = Report(adv_id, adv_name, ruleset, [(h.id, h.name) for h in heroes], [])
    fight = None
    if trials:
        fight = _monte_carlo(content, compiled, rules, ruleset, trials, seed)
        report.method = f"Monte Carlo with the engine ({trials} trials a cell, seed {seed}, " \
                        "optimal policy, every ability)"
        report.rule = report.rule.replace(
            "Odds are exact (optimal play, no escape); static modifiers and Before Combat "
            "abilities and tests of the Hero's and the challenge's cards count (each choice "
            "the best one), other abilities are ignored.",
            f"Odds are a {report.method}; escapes and unfinished combats count as not won.")
    for c in chals:
        model = cc.static_model(compiled, heroes[0].id if heroes else c.id, c.id)
        ignored = [i["text"] for i in model.ignored if i["card"] == c.id]
        report.challenges.append({"id": c.id, "name": c.name, "colour": c.data.get("colour"),
                                  "pack": c.pack, "count": int(c.data.get("count", 1) or 1),
                                  "ignored": ignored})
    for h in heroes:
        hero = cc.stats(h)
        for c in chals:
            model = cc.static_model(compiled, h.id, c.id)
            chal = cc.apply_challenge_modifiers(cc.stats(c), model.challenge_modifiers)
            chal["life"] += margin
            colour_rank = COLOURS.index(c.data.get("colour", "red"))
            for t in TOKEN_LEVELS:
                mods = dict(model.hero_modifiers)
                for k, v in token_modifiers(hero, t, rules.experience).items():
                    mods[k] = mods.get(k, 0) + v
                barred = COLOURS[colour_rank] in rules.experience.barred_colours(
                    mods_life_tokens(t, rules.experience))
                if fight is not None:
                    bonus = token_modifiers(hero, t, rules.experience)
                    report.cells.append(fight(h.id, c.id, t, mods, bonus, barred))
                    continue
                res = cc.exact_with_before(content, h.id, chal, (), model, mods, ruleset)
                report.cells.append(Cell(h.id, c.id, t, mods, res.win, res.loss,
                                         res.stalemate, res.expected_hero_wounds, barred))
    report.index()
    return report


def _monte_carlo(content, compiled, rules, ruleset: str, trials: int, seed: int):
    """A cell function running the engine on the compiled cards (tokens as printed stats)."""
    monte_carlo_odds, Catalog, Ruleset = games.get().entries("odds_mc", "catalog", "ruleset")

    catalog = Catalog(cc.bundle_for(content, compiled))
    engine_rules = Ruleset.from_data(rules)

    def fight(hero_id, chal_id, tokens, mods, bonus, barred) -> Cell:
        res = monte_carlo_odds(catalog, hero_id, chal_id, trials=trials, seed=seed,
                               ruleset=engine_rules, policy="optimal", hero_bonus=bonus)
        return Cell(hero_id, chal_id, tokens, mods, res.win, res.share("knocked_out"),
                    1.0 - res.win - res.share("knocked_out"), res.expected_hero_wounds,
                    barred, res.ci)
    return fight


def mods_life_tokens(tokens: int, experience) -> int:
    """How many of ``tokens`` the rule spends on Life."""
    if not dict(experience.tokens).get("life"):
        return 0
    return min(tokens // 2, experience.max_life_tokens)
