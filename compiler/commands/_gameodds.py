"""`runeforge odds` for a game other than Runebound: the cards' game answers.

The hero's card (else the challenge's) names its game; a game that is not the default one
answers with its ``odds_exact`` engine entry, ``odds_exact(bundle, options) -> dict``, where
the bundle holds the two cards (compiled with the game's dialect) and the game's documents,
and ``options`` holds ``hero``, ``adversary`` and ``start``. The result's keys read here:
``probability`` (an exact fraction as text), ``percent``, ``dice``, ``vigour``, ``start``,
``first`` (per roll: ``roll``, ``probability``, ``slay``, ``first``) and ``by_face`` (per
face: ``face``, ``first``, ``probability``).
"""

from __future__ import annotations

import json
from fractions import Fraction

import click
from rich.table import Table
from rich.text import Text

from runeforge import games
from runeforge.console import console, finish, print_diagnostics

from . import _combatcontent as cc

# the kinds a game's odds pits against each other (hero, then its foe)
FOES = {"delve": ("hero", "adversary")}


def game_of(dirs, hero_id: str, challenge_id: str):
    """The game of the hero's card (else of the challenge's), the default game when neither
    is a card of the content; with the whole content loaded."""
    content = cc._load_all(dirs)
    for card_id in (hero_id, challenge_id):
        card = content.cards.get(card_id)
        if card is not None:
            return games.get(card.game), content
    return games.get(), content


def bundle(game, content, ids) -> dict:
    """An engine bundle of the cards ``ids`` (compiled with ``game``'s dialect) and every
    document of the game."""
    from runeforge.backends.bundle import card_record, document_record

    cards, diags = [], []
    for card_id in ids:
        card = content.cards[card_id]
        irs, found = game.compile_card(card, content)
        diags += found
        cards.append(card_record(card, irs))
    if any(d.is_error for d in diags):
        print_diagnostics(diags)
        finish(diags)
    docs = {kind: [document_record(d) for d in found] for kind, found in
            sorted(content.documents.items())}
    return {"cards": cards, "documents": docs}


def run(game, content, hero_id, challenge_id, start, fmt, top, refused) -> None:
    """Answer with ``game``'s ``odds_exact``; ``refused`` lists the Runebound-only options
    given (a usage error)."""
    from ._pergame import require

    odds = require(game, "odds").entry("odds_exact")
    if refused:
        raise click.UsageError(f"{', '.join(refused)}: options of {games.get().name}, not of "
                               f"{game.name}")
    own = content.of_game(game.id)
    kinds = FOES.get(game.id, ("hero", "adversary"))
    cc.check_ids(own, [("--hero", hero_id, kinds[0]), ("--challenge", challenge_id, kinds[1])],
                 whole=content)
    from runeforge.engine.common.errors import EngineError

    try:
        result = odds(bundle(game, own, [hero_id, challenge_id]),
                      {"hero": hero_id, "adversary": challenge_id, "start": start or "adjacent"})
    except EngineError as exc:
        raise click.UsageError(f"these cards cannot be solved: {exc}") from None
    result["game"] = game.id
    if fmt == "json":
        click.echo(json.dumps(result, indent=2, sort_keys=True, ensure_ascii=False))
    else:
        render(own, result, top)


def render(content, r: dict, top: int) -> None:
    out = console()
    hero, foe = content.cards[r["hero"]], content.cards[r["adversary"]]
    out.print(Text(f"{hero.name} vs {foe.name}", style="bold"))
    table = Table(show_header=False, box=None, pad_edge=False)
    table.add_column(style="cyan")
    table.add_column()
    table.add_row("method", "exact (adaptive optimal play, one hero turn)")
    table.add_row("slay", f"{r['percent']:.2f}%  ({r['probability']})")
    table.add_row("hero dice", str(r["dice"]))
    table.add_row("Vigour", str(r["vigour"]))
    table.add_row("start", r["start"])
    out.print(table)
    words = "; ".join(f"{row['first']} ({float(Fraction(row['probability'])):.1%} of rolls)"
                      for row in r["by_face"])
    out.print(Text("first decision: " + (words or "none; no action can help"), style="green"))
    rows = sorted(r["first"], key=lambda x: (-Fraction(x["probability"]),
                                             [-f for f in x["roll"]]))
    plan = Table(title=f"best first action per roll (the {min(top, len(rows))} likeliest of "
                 f"{len(rows)} rolls)", title_justify="left")
    plan.add_column("roll")
    plan.add_column("P(roll)", justify="right")
    plan.add_column("P(slay)", justify="right")
    plan.add_column("first action")
    for row in rows[:top]:
        plan.add_row(" ".join(map(str, row["roll"])),
                     f"{float(Fraction(row['probability'])):.2%}",
                     f"{float(Fraction(row['slay'])):.2%}", row["first"])
    out.print(plan)
