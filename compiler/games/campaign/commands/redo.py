"""Replaying a hand-kept campaign's log (SHEET.log.jsonl): each line's command is applied
again with the rules, from `new` on, and the sheet's digest after it must be the one the
line records. A person can so check a sheet against its log, or rebuild a lost sheet."""

from __future__ import annotations


def redo(data, sheet: dict | None, row: dict) -> dict:
    """The sheet after the logged command ``row`` (``new`` starts from nothing)."""
    from runeforge.engine.campaign.rules import progress, rewards, shop, trade, travel, xp
    from runeforge.engine.campaign.rules.setup import setup
    from runeforge.engine.campaign.sheet.state import clone, new_sheet

    command = row.get("command")
    if command == "new":
        return new_sheet(data, row["seed"], [tuple(h) for h in row["heroes"]], row["overlord"])
    if sheet is None:
        raise ValueError("the log does not start with `new`")
    work = clone(sheet)
    if command == "record":
        rewards.record(data, work, row["adventure"], row["winner"], row.get("search", []),
                       row.get("relic_to"))
    elif command == "xp":
        lord = any(p["name"] == row["player"] and p["side"] == "overlord"
                   for p in work["players"])
        for card in row["buy"]:
            (xp.buy_overlord_card(data, work, card) if lord
             else xp.buy_skill(data, work, row["player"], card))
    elif command == "shop":
        shop.reveal(data, work)
        shop.buy(data, work, [tuple(p) for p in row.get("buy", [])])
    elif command == "sell":
        trade.sell(data, work, row["hero"], row["item"])
    elif command == "trade":
        trade.trade(data, work, row["item"], row["from"], row["to"])
    elif command == "choose":
        progress.choose(data, work, row["adventure"])
    elif command == "setup":
        setup(data, work, row.get("set_aside", []), row.get("relics", {}))
    elif command == "travel":
        answers = list(row.get("choices", []))
        travel.travel(data, work, lambda options: answers.pop(0) if answers else None)
    else:
        raise ValueError(f"unknown command {command!r}")
    return work
