"""`runeforge fight`: one combat fought by the heuristic bot, told as a readable account."""

from __future__ import annotations

import click
from rich.text import Text

from runeforge import games
from runeforge.atomic import remove_stale_temps, write_bytes_atomic
from runeforge.commands._combatcontent import combatants
from runeforge.console import (
    console,
    content_dirs_argument,
    finish,
    log_path_option,
    print_diagnostics,
)
from runeforge.diagnostics import Diagnostic, DiagnosticError, did_you_mean

EPILOG = """\b
Examples:
  runeforge fight --hero varikas-the-dead --challenge blood-of-the-bloodmother
  runeforge fight --hero varikas-the-dead --challenge hungry-wolves \\
      --item padded-leather-armor --ally acolyte-of-flame --seed 7 --log fight.jsonl
  runeforge fight --hero garrick-stoneward --challenge bone-sentry --seed 3   (Delve)
  runeforge fight --hero sefa-quillmark --challenge tunnel-brute --start apart
"""


def _unknown(option: str, value: str, kind: str, pool: list[str]) -> Diagnostic:
    return Diagnostic("RF004", f"unknown {kind} id '{value}' given to {option}",
                      path="<command line>", hint=did_you_mean(value, pool)
                      or f"{kind} ids: {', '.join(pool[:8])}{' …' if len(pool) > 8 else ''}")


def check_ids(bundle: dict, hero: str, challenge: str, items, allies) -> None:
    (own_cards,) = games.get().entries("own_cards")

    by_kind: dict[str, list[str]] = {}
    for card in own_cards(bundle):
        by_kind.setdefault(card["kind"], []).append(card["id"])
    wanted = [("--hero", hero, "hero"), ("--challenge", challenge, "challenge")]
    wanted += [("--item", i, "item") for i in items] + [("--ally", a, "ally") for a in allies]
    diags = [_unknown(opt, value, kind, sorted(by_kind.get(kind, [])))
             for opt, value, kind in wanted if value not in by_kind.get(kind, [])]
    if diags:
        raise DiagnosticError(diags)


def load_ruleset(name: str):
    RulesData, bundled_document, Ruleset = games.get().entries(
        "rules_data", "bundled_document", "ruleset")

    return Ruleset.from_data(RulesData.from_dict(bundled_document(name)))


def narrate(record: dict, names: dict[str, str]) -> Text | None:
    """One line of the account for an event-log record (None: not worth a line)."""
    def n(card_id):
        return names.get(card_id, card_id or "?")

    kind = record["type"]
    if kind == "window" and record["window"] in ("before_combat", "escape"):
        head = "Before Combat" if record["window"] == "before_combat" else \
            f"Round {record['round']}"
        return Text(f"\n{head}", style="bold")
    if kind == "roll":
        what = {"attack": f"{record.get('phase')} attack", "defend": f"{record.get('phase')} "
                "defence", "test": f"test {record['attribute'].capitalize()}"
                f"{' ' + record['skill'] if record.get('skill') else ''}", "escape": "escape",
                "target": f"{record.get('phase')} roll (the target)"}[record["purpose"]]
        line = (f"  {n(record['figure'])}: {what}: rolls {record['natural']} + "
                f"{record['attribute'].capitalize()} {record['value']}")
        if record["bonus"]:
            line += f" {record['bonus']:+d}"
        line += f" = {record['total']}"
        if record["target"] is not None:
            ok = record["success"]
            line += f" vs {record['target']}: {'success' if ok else 'failure'}"
            return Text(line, style="green" if ok else "red")
        return Text(line)
    if kind == "no_roll":
        return Text(f"  {n(record['hero'])} defends without rolling: {record['reason']}",
                    style="dim")
    if kind == "use_ability":
        return Text(f"  {n(record['hero'])} uses {n(record['ability'].split('#')[0])}: "
                    f"\"{record['text']}\"" + (f" (X = {record['x']})" if record['x'] else ""))
    if kind == "card_text":
        return Text(f"  {n(record['card'])}: \"{record['text']}\"")
    if kind == "decision" and record["kind"] == "phase_action":
        answer = record["answer"]
        who = n(answer[5:]) + " attacks" if answer.startswith("ally:") else \
            f"{n(record['hero'])} {'attacks' if answer == 'attack' else 'defends'}"
        return Text(f"  {record.get('phase', '')}: {who}".replace("  : ", "  "), style="cyan")
    if kind == "decision" and record["kind"] == "escape":
        return Text(f"  {n(record['hero'])} {'tries to escape' if record['answer'] else 'fights on'}",
                    style="cyan")
    if kind == "wounds_cancelled":
        return Text(f"  {n(record['source'])} cancels {record['amount']} wound(s)",
                    style="yellow")
    if kind == "state" and record["field"] in ("wounds", "exhaustion", "gold"):
        return Text(f"    {n(record['figure'])}: {record['field']} {record['old']} -> "
                    f"{record['new']}", style="magenta")
    if kind == "discarded":
        return Text(f"  {n(record['card'])} goes to the bottom of the market deck")
    if kind == "ally_killed":
        return Text(f"  {n(record['ally'])} is killed", style="red")
    if kind == "trigger":
        return Text(f"  {n(record['source'])} triggers", style="yellow")
    if kind == "reward":
        kept = f" and keeps {n(record['kept'])}" if record.get("kept") else ""
        return Text(f"\nReward: {record['gold']} gold{kept}", style="bold green")
    if kind == "knocked_out":
        return Text(f"\n{n(record['hero'])} is knocked out", style="bold red")
    if kind == "combat_end":
        return Text(f"Outcome: {record['outcome']} after {record['rounds']} round(s)",
                    style="bold")
    return None


@click.command("fight", epilog=EPILOG)
@combatants
@click.option("--seed", type=int, default=0, show_default=True, help="Dice seed.")
@click.option("--trial", type=click.IntRange(0, 999_999_998), default=None, metavar="I",
              help="Fight trial I of `runeforge odds --seed S` (bot policy): the trials "
              "before it are fought quietly first on the same dice.")
@click.option("--log", "log_path", type=click.Path(dir_okay=False), callback=log_path_option,
              help="Write the event log (JSON lines) here.")
@click.option("--ruleset", type=click.Choice(["base", "advanced"]), default="base",
              show_default=True, help="Base (seed 000) or advanced (seed 002) rules.")
@click.option("--start", type=click.Choice(["adjacent", "apart"]), default=None,
              help="Delve: where the adversary stands, next to the hero (default) or apart "
              "from it (visible, not adjacent).")
@click.argument("dirs", nargs=-1, type=click.Path(path_type=str),
                callback=content_dirs_argument)
def command(hero_id, challenge_id, items, allies, seed, trial, log_path, ruleset, start,
            dirs) -> None:
    """Fight one combat with the heuristic bot and print what happened.

    The cards' game fights it (the hero's card, else the challenge's): for Delve cards
    (--challenge names an adversary) the hero and the adversary fight rounds of the game,
    the hero's turn then the adversary's, until one falls or the round limit. DIRS are
    content directories that extend the bundled cards/. The same seed gives the same fight
    and the same log. Exit status: 0 fought, 1 content errors, 2 usage errors.
    """
    from runeforge.backends.bundle import build_bundle
    from runeforge.engine.common.dice import Dice

    HeuristicBot, Combat, Catalog, State = games.get().entries(
        "combat_bot", "fight", "catalog", "state")

    from ._contentcache import checked

    result = checked(dirs)  # pipeline.check(dirs), from the cache when warm
    if not result.ok:
        print_diagnostics(result.diagnostics)
        finish(result.diagnostics)
    game = _game_of(result.content, hero_id, challenge_id)
    if game.id != games.DEFAULT_GAME:  # the cards' game fights (docs/architecture.md)
        given = {"--item": items, "--ally": allies, "--trial": trial is not None,
                 "--ruleset": ruleset != "base"}
        _other_game(game, result, hero_id, challenge_id, start, seed, log_path,
                    [k for k, v in given.items() if v])
        return
    if start is not None:
        raise click.UsageError(f"--start is an option of Delve's fight, not of "
                               f"{games.get().name}")
    # the cards of the fight's game only: another game's records may compile more (Delve's
    # hero-side IR), work a warm run from the cache would otherwise do for nothing
    bundle = build_bundle(result.content.of_game(game.id), result.compiled)
    check_ids(bundle, hero_id, challenge_id, items, allies)
    catalog = Catalog(bundle)
    rules = load_ruleset(ruleset)
    dice = Dice(seed)
    if trial:  # the dice as `odds --seed S` leaves them after trials 0 .. I-1
        McResult, run_trials = games.get().entries("mc_result", "mc_trials")

        before = McResult(hero_id, challenge_id, tuple(items), tuple(allies), rules.name,
                          "bot", seed, trial)
        run_trials(catalog, before, dice, HeuristicBot(), rules)
    hero = catalog.new_hero(hero_id, items=list(items), allies=list(allies))
    state = State(heroes=[hero])
    combat = Combat(catalog, state, dice, {hero.id: HeuristicBot()}, rules)
    challenge = catalog.new_challenge(challenge_id)
    outcome = combat.fight_challenge(hero, challenge)

    if log_path:  # before a word is printed: a closed stdout (`| head`) stops the printing
        remove_stale_temps(targets=[log_path])  # an interrupted run's temp file
        write_bytes_atomic(log_path, combat.log.to_jsonl().encode("utf-8"))
    names = {c.id: c.name for c in catalog.cards.values()}
    out = console()
    which = f"seed {seed}" if trial is None else f"seed {seed}, trial {trial}"
    out.print(Text(f"{hero.name} vs {challenge.name} (ruleset: {rules.name}, {which})",
                   style="bold"))
    for record in combat.log.records:
        line = narrate(record, names)
        if line is not None:
            out.print(line)
    out.print(Text(f"{hero.name}: {hero.wounds} wound(s), {hero.exhaustion} exhaustion, "
                   f"{hero.gold} gold", style="dim"))
    del outcome


def _game_of(content, hero_id: str, challenge_id: str):
    """The game of the hero's card, else of the challenge's (the default game if neither is
    a card of the content)."""
    for card_id in (hero_id, challenge_id):
        card = content.cards.get(card_id)
        if card is not None:
            return games.get(card.game)
    return games.get()


def _other_game(game, result, hero_id, challenge_id, start, seed, log_path, refused) -> None:
    """The fight of another game: its ``fight(bundle, options) -> result`` engine entry
    (options ``hero``, ``adversary``, ``start``, ``seed``; the result's ``account`` is
    printed, its ``log`` written)."""
    from runeforge.backends.bundle import build_bundle
    from runeforge.engine.common.errors import EngineError

    from . import _combatcontent as cc
    from ._gameodds import FOES
    from ._pergame import require

    require(game, "fight")
    if refused:
        raise click.UsageError(f"{', '.join(refused)}: options of {games.get().name}, not of "
                               f"{game.name}")
    own = result.content.of_game(game.id)
    kinds = FOES.get(game.id, ("hero", "adversary"))
    cc.check_ids(own, [("--hero", hero_id, kinds[0]), ("--challenge", challenge_id, kinds[1])],
                 whole=result.content)
    options = {"hero": hero_id, "adversary": challenge_id, "start": start or "adjacent",
               "seed": seed}
    try:
        fought = game.entry("fight")(build_bundle(result.content, result.compiled), options)
    except EngineError as exc:
        raise click.UsageError(f"these cards cannot fight: {exc}") from None
    if log_path:  # before a word is printed: a closed stdout (`| head`) stops the printing
        import json

        text = "".join(json.dumps(r, sort_keys=True, ensure_ascii=False) + "\n"
                       for r in fought["log"])
        remove_stale_temps(targets=[log_path])
        write_bytes_atomic(log_path, text.encode("utf-8"))
    out = console()
    hero, foe = fought["hero"], fought["adversary"]
    out.print(Text(f"{hero['name']} vs {foe['name']} ({game.name}, {fought['start']}, seed "
                   f"{seed})", style="bold"))
    for line in fought["account"]:
        out.print(line, markup=False, highlight=False)
    out.print(Text(f"{hero['name']}: {hero['wounds']}/{hero['vigour']} wounds, "
                   f"{hero['renown']} renown; {foe['name']}: {foe['wounds']}/{foe['vigour']} "
                   "wounds", style="dim"))
