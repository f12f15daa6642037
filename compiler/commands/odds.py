"""`runeforge odds`: a Hero's chance to defeat a challenge, exact or by Monte Carlo."""

from __future__ import annotations

import json

import click
from rich.table import Table
from rich.text import Text

from runeforge import games
from runeforge.commands._combatcontent import combatants
from runeforge.console import console, content_dirs_argument

from . import _combatcontent as cc

EPILOG = """\b
Examples:
  runeforge odds --hero varikas-the-dead --challenge blood-of-the-bloodmother --exact
  runeforge odds --hero orrin-stonehand --challenge margath --item belt-of-strength --exact
  runeforge odds --hero varikas-the-dead --challenge hungry-wolves --item touch-of-death \\
      --trials 20000 --seed 7 --format json my-cards/
  runeforge odds --hero garrick-stoneward --challenge bone-sentry        (Delve: one turn)
  runeforge odds --hero sefa-quillmark --challenge mire-crawler --start adjacent --top 20
"""


def exact(content, hero_id, challenge_id, items, allies, ruleset: str, compiled=None) -> dict:
    """The exact odds (no escape) with the static modifiers and the Before Combat abilities
    of the cards' IR (``compiled``: card id -> IR list, compiled here when not given)."""
    (exact_odds,) = games.get().entries("odds_exact")

    if compiled is None:
        compiled = cc.compile_cards(content, [hero_id, *items, *allies, challenge_id])
    model = cc.static_model(compiled, hero_id, challenge_id, items, allies)
    margin = _margin(ruleset)
    hero = cc.stats(content.cards[hero_id])
    chal = cc.apply_challenge_modifiers(cc.stats(content.cards[challenge_id]),
                                        model.challenge_modifiers)
    ally_stats = [] if model.allies_barred else [cc.stats(content.cards[a]) for a in allies]
    hero["life"] += margin
    chal["life"] += margin
    for a in ally_stats:
        a["life"] += margin
    try:
        numbers = cc.hero_numbers(cc.stats(content.cards[hero_id]), content.cards[hero_id],
                                  model.hero_modifiers, 0)
        fighting = () if model.allies_barred else tuple(allies)
        res = exact_odds(hero, chal, ally_stats, model.hero_modifiers,
                         abilities=tuple(model.before.rounds), stamina=numbers["stamina"],
                         ally_ids=fighting)
        whole = cc.exact_with_before(content, hero_id, chal, ally_stats, model,
                                     model.hero_modifiers, ruleset, fighting)
    except ValueError as exc:
        raise click.UsageError(f"these cards cannot be solved exactly: {exc}") from None
    out = res.to_dict()
    out.pop("policy")
    # the round loop's first round from an untouched start; the whole combat's figures
    first = [e.to_dict() for e in res.policy if e.hero_wounds == 0 and e.challenge_wounds == 0
             and not any(e.ally_wounds)]
    out.update(win=whole.win, loss=whole.loss, stalemate=whole.stalemate,
               expected_hero_wounds=whole.expected_hero_wounds,
               expected_hero_wounds_if_win=whole.expected_hero_wounds_if_win,
               before_combat=whole.to_dict(), covered=model.covered)
    out.update(method="exact", hero=hero_id, challenge=challenge_id, items=list(items),
               allies=list(allies), ruleset=ruleset, modifiers=model.hero_modifiers,
               challenge_modifiers=model.challenge_modifiers, applied=model.applied,
               ignored=model.ignored, allies_barred=model.allies_barred,
               first_round=first, defeat_margin=margin)
    return out


def _margin(ruleset: str) -> int:
    (get_ruleset,) = games.get().entries("get_ruleset")

    return get_ruleset(ruleset).defeat_margin


def monte_carlo(content, hero_id, challenge_id, items, allies, ruleset, trials, seed,
                policy) -> dict:
    from .fight import load_ruleset

    monte_carlo_odds, Catalog = games.get().entries("odds_mc", "catalog")
    compiled = cc.compile_cards(content, [hero_id, *items, *allies, challenge_id])
    catalog = Catalog(cc.bundle_for(content, compiled))
    res = monte_carlo_odds(catalog, hero_id, challenge_id, items, allies, trials=trials,
                           seed=seed, ruleset=load_ruleset(ruleset), policy=policy)
    out = res.to_dict()
    out["ruleset"] = ruleset
    # ---- family 1 (issue 21): a lone combat has no board; say how the space was read
    out["no_board"] = sorted(card for card, irs in compiled.items() for ir in irs
                             if _reads_space(ir["effects"]))
    return out


_PLACES = ("terrain", "town", "named_town")


def _reads_space(effects) -> bool:
    """Does an effect (nested ones too) test the Hero's space (family 1 conditions)?"""
    for e in effects:
        if e.get("condition", {}).get("kind") in _PLACES:
            return True
        nested = [*e.get("effects", ()), *e.get("else", ()),
                  *(x for o in e.get("options", ()) for x in o),
                  *(x for row in e.get("rows", ()) for x in row["effects"])]
        if nested and _reads_space(nested):
            return True
    return False


def _names(content, ids) -> str:
    return ", ".join(content.cards[i].name for i in ids) or "-"


def render(content, r: dict) -> None:
    out = console()
    hero, chal = content.cards[r["hero"]], content.cards[r["challenge"]]
    head = f"{hero.name} vs {chal.name}"
    if r["items"]:
        head += f" with {_names(content, r['items'])}"
    if r["allies"]:
        head += f" and {_names(content, r['allies'])}"
    out.print(Text(head, style="bold"))
    table = Table(show_header=False, box=None, pad_edge=False)
    table.add_column(style="cyan")
    table.add_column()
    if r["method"] == "exact":
        table.add_row("method", f"exact (optimal play, no escape, {r['ruleset']} rules)")
        table.add_row("win", f"{r['win']:.2%}")
        table.add_row("loss (knocked out)", f"{r['loss']:.2%}")
        if r["stalemate"]:
            table.add_row("stalemate", f"{r['stalemate']:.2%} (nothing can change)")
        table.add_row("expected wounds taken", f"{r['expected_hero_wounds']:.2f}")
        table.add_row("expected wounds if won", f"{r['expected_hero_wounds_if_win']:.2f}")
        def said(decision: str) -> str:  # "use <card id>" reads "use <card name>"
            card = content.cards.get(decision[4:]) if decision.startswith("use ") else None
            return f"use {card.name}" if card is not None else decision

        moves = ", ".join(f"{e['phase']}: {said(e['decision'])}" for e in r["first_round"]
                          if not e["attacked"] or e["decision"] != "hero defends")
        table.add_row("first round", moves or "-")
        before = r.get("before_combat") or {}
        if r["applied"] and any(a["effect"].startswith("Before Combat") for a in r["applied"]):
            plan = "; ".join("pass" if p["decision"] == "pass" else
                             f"use {content.cards[p['ability'].rsplit('#', 1)[0]].name}"
                             + (f" (X = {p['x']})" if "x" in p else "")
                             for p in before.get("plan", []))
            table.add_row("before combat", plan or "-")
            starts = sorted(before.get("start", []), key=lambda s: -s["probability"])
            text = ", ".join(f"{s['probability']:.1%} at {s['hero_wounds']} wound(s)"
                             + (f", {s['enemy_wounds']} on the enemy" if s["enemy_wounds"]
                                else "") for s in starts[:4])
            if len(starts) > 4:
                text += f", … ({len(starts)} starts)"
            table.add_row("rounds start", text or "-")
            if before.get("won_before") or before.get("lost_before"):
                table.add_row("ended before the rounds",
                              f"won {before['won_before']:.2%}, lost {before['lost_before']:.2%}")
    else:
        lo, hi = r["ci95"]
        table.add_row("method", f"Monte Carlo with the engine ({r['policy']} policy, "
                      f"{r['ruleset']} rules)")
        table.add_row("win", f"{r['win']:.2%}  (95% CI {lo:.2%} – {hi:.2%}, Wilson)")
        for k, v in r["outcomes"].items():
            if k != "defeated":
                table.add_row(k.replace("_", " "), f"{v / r['trials']:.2%}")
        table.add_row("expected wounds taken", f"{r['expected_hero_wounds']:.2f}")
        table.add_row("trials", f"{r['trials']} (seed {r['seed']})")
        how = r.get("kernel", "engine")
        table.add_row("ran in", "the combat's compiled kernel (the engine's rules; "
                      "--show-kernel prints it)" if how == "compiled" else how)
        if r.get("no_board"):  # family 1 (issue 21)
            table.add_row("no board", "a lone combat has no board: conditions on the Hero's "
                          "space do not hold (" + _names(content, r["no_board"]) + ")")
    out.print(table)
    if r["method"] == "exact":
        for a in r["applied"]:
            out.print(Text(f"applied: {content.cards[a['card']].name}: \"{a['text']}\" "
                           f"({a['effect']})", style="green"))
        for a in r["ignored"]:
            out.print(Text(f"ignored by the exact model: {content.cards[a['card']].name}: "
                           f"\"{a['text']}\" ({a['reason']})", style="yellow"))
        if not r.get("covered", True):
            out.print(Text("(the Monte Carlo odds, without --exact, run every ability)",
                           style="dim"))


def show(content, hero_id, challenge_id, items, allies, ruleset: str, fmt: str) -> None:
    """``--show-kernel``: the kernel's source and the content's fallbacks."""
    from .fight import load_ruleset

    fallbacks, compile_kernel, Catalog = games.get().entries("kernel_fallbacks", "kernel",
                                                             "catalog")

    kinds = ("hero", "challenge", "item", "ally")
    ids = [c.id for c in content.cards.values() if c.kind in kinds]
    catalog = Catalog(cc.bundle_for(content, cc.compile_cards(content, ids)))
    rules = load_ruleset(ruleset)
    kernel = compile_kernel(catalog, hero_id, challenge_id, items, allies, rules)
    found = fallbacks(catalog, rules)
    if fmt == "json":
        click.echo(json.dumps({"kernel": kernel.source or None, "fallback": kernel.fallback,
                               "digest": kernel.digest, "strings": list(kernel.strings),
                               "fallbacks": [{"card": c, "reason": r} for c, r in found]},
                              indent=2, sort_keys=True, ensure_ascii=False))
        return
    if kernel.fallback:
        click.echo(f"# no kernel: {kernel.fallback}; the engine fights this combat")
    else:
        click.echo(kernel.source, nl=False)
        click.echo(f"# string table STR ({len(kernel.strings)}): "
                   + ", ".join(repr(s) for s in kernel.strings))
    if found:
        for card, reason in found:
            click.echo(f"# fallback: {card}: {reason}")
    else:
        click.echo(f"# fallbacks: none; every hero, challenge, item and Ally of this content "
                   f"({len(ids)} cards) compiles into kernels")


@click.command("odds", epilog=EPILOG)
@combatants
@click.option("--exact", "is_exact", is_flag=True,
              help="Exact odds (optimal play, no escape; static modifiers and Before Combat "
              "abilities of the cards).")
@click.option("--trials", type=click.IntRange(1, 10_000_000), default=None, metavar="N",
              help="Monte Carlo combats (default 10000): the compiled kernel with the bot "
              "policy, the engine otherwise.")
@click.option("--seed", type=click.IntRange(0), default=0, show_default=True,
              help="Dice seed of the Monte Carlo.")
@click.option("--policy", type=click.Choice(["bot", "optimal"]), default="bot",
              show_default=True, help="Monte Carlo decisions: the heuristic bot, or the exact "
              "optimal phase decisions (the bot for abilities, never escaping).")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True)
@click.option("--ruleset", type=click.Choice(["base", "advanced"]), default="base",
              show_default=True, help="Base (seed 000) or advanced (seed 002) rules.")
@click.option("--show-kernel", is_flag=True,
              help="Print the Python source of this combat's compiled kernel (what the Monte "
              "Carlo runs), and every card of the content the kernel cannot express.")
@click.option("--start", type=click.Choice(["adjacent", "apart"]), default=None,
              help="Delve: where the hero starts, next to the adversary (default) or apart "
              "from it (visible, not adjacent).")
@click.option("--top", type=click.IntRange(1), default=12, show_default=True,
              help="Delve: rows of the per-roll plan to print.")
@click.argument("dirs", nargs=-1, type=click.Path(path_type=str),
                callback=content_dirs_argument)
def command(hero_id, challenge_id, items, allies, is_exact, trials, seed, policy, fmt,
            ruleset, show_kernel, start, top, dirs) -> None:
    """The chance that a Hero defeats a challenge.

    --exact solves the combat exactly (optimal decisions, no escape); static modifiers and
    Before Combat abilities and tests count, other abilities are listed as ignored. Otherwise a Monte Carlo runs
    the engine with every compiled ability and reports a 95% Wilson interval. For the cards
    of another game (Delve: --challenge names an adversary) that game answers: Delve gives the
    exact chance to slay in one hero turn and the best plan. DIRS are content directories
    that extend the bundled cards/. Exit status: 0 ok, 1 content errors, 2 usage errors.
    """
    if is_exact and trials is not None:
        raise click.UsageError("--exact and --trials exclude each other")
    from . import _gameodds

    game, whole = _gameodds.game_of(dirs, hero_id, challenge_id)
    if game.id != games.DEFAULT_GAME:  # the cards' game answers (docs/architecture.md)
        given = {"--item": items, "--ally": allies, "--trials": trials is not None,
                 "--policy": policy != "bot", "--ruleset": ruleset != "base",
                 "--show-kernel": show_kernel}
        _gameodds.run(game, whole, hero_id, challenge_id, start, fmt, top,
                      [k for k, v in given.items() if v])
        return
    if start is not None:
        raise click.UsageError("--start is an option of Delve's odds, not of "
                               f"{games.get().name}")
    content = cc.load(dirs, whole)
    wanted = [("--hero", hero_id, "hero"), ("--challenge", challenge_id, "challenge")]
    wanted += [("--item", i, "item") for i in items] + [("--ally", a, "ally") for a in allies]
    cc.check_ids(content, wanted, whole=whole)
    if show_kernel:
        if is_exact or trials is not None:
            raise click.UsageError("--show-kernel prints the kernel; it takes no --exact or "
                                   "--trials")
        show(content, hero_id, challenge_id, items, allies, ruleset, fmt)
        return
    if is_exact:
        result = exact(content, hero_id, challenge_id, items, allies, ruleset)
    else:
        result = monte_carlo(content, hero_id, challenge_id, items, allies, ruleset,
                             trials or 10_000, seed, policy)
    if fmt == "json":
        click.echo(json.dumps(result, indent=2, sort_keys=True, ensure_ascii=False))
    else:
        render(content, result)
