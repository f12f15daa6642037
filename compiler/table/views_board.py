"""The public part of a game's state, field by field: the board and its figures, the Heroes'
cards, the doom track and the event in play (Runebound); chambers, exits, walls, figures and
dice (Delve). Decks are counts; face-down cards are counts."""

from __future__ import annotations


def items_shown(items, activated, names) -> list[dict]:
    """A Hero's Items as the table shows them, each copy face up or spent: ``activated`` lists
    a card once for each of its copies turned face down (the engine's count, Resolver.face_down),
    so with two copies and one activated, one shows spent and the other ready."""
    down = {}
    for c in activated:
        down[c] = down.get(c, 0) + 1
    out = []
    for c in items:
        out.append({"id": c, "name": names(c), "spent": down.get(c, 0) > 0})
        down[c] = down.get(c, 0) - 1
    return out


def runebound(game, names, humans) -> dict:
    s, board = game.state, game.board
    spaces = [{"id": sp.id, "q": sp.q, "r": sp.r, "terrain": sp.terrain, "town": sp.town,
               "gem": sp.gem, "sun": sp.sun} for sp in board.spaces.values()]
    undefeated = {u.get("space"): u.get("card") for u in s.undefeated_track if u.get("space")}
    heroes = []
    for i, hero_id in enumerate(s.seats):
        h = s.hero(hero_id)
        heroes.append({
            "id": hero_id, "name": names(hero_id), "seat": i, "human": i in humans,
            "active": s.phase != "over" and s.active_hero == hero_id,
            "space": s.positions.get(hero_id), "gold": h.gold, "wounds": h.wounds,
            "exhaustion": h.exhaustion, "life": game.combat.stat(h, "life"),
            "level": game.level(hero_id),
            "items": items_shown(h.items, h.activated, names),
            "allies": [{"id": a.id, "name": names(a.id), "wounds": a.wounds} for a in h.allies],
            "trophies": [{"id": c, "name": names(c)} for c in h.trophies],
            "counters": list(h.adventure_counters),
            "experience": list(s.experience.get(hero_id, [])),
        })
    market = {town: [{"id": c, "name": names(c)} for c in cards]
              for town, cards in sorted(s.market_stacks.items()) if cards}
    total = game.doom_tokens_total() if s.doom else 0
    combat = [{"hero": names(hero_id), "id": getattr(f, "card_id", None) or f.id,
               "name": names(getattr(f, "card_id", None) or f.id), "wounds": f.wounds,
               "life": game.combat.stat(f, "life")}
              for hero_id, f in dict(game.combat.enemies or {}).items()]
    return {
        "round": s.round, "turn": s.turn, "phase": s.phase, "combat": combat,
        "board": {"spaces": spaces, "start": board.towns.get(board.start_town),
                  "column": list(board.market_column)},
        "counters": dict(s.board_counters),
        "undefeated": [{"space": sp, "id": c, "name": names(c)} for sp, c in undefeated.items()],
        "heroes": heroes, "market": market,
        "doom": {"on": s.doom, "tokens": s.doom_tokens, "total": total,
                 "face_down": len(s.doom_track)},
        "event": {"id": s.active_event, "name": names(s.active_event)}
        if s.active_event else None,
        "decks": {"market": len(s.market_deck),
                  **{colour: len(cards) for colour, cards in s.adventure_decks.items()}},
    }


def delve(game, names, humans) -> dict:
    s = game.state
    b = s.board
    chambers = []
    for ch in b.chambers:
        exits = [{"cells": [list(c) for c in e.cells], "side": e.side,
                  "open": (ch.index, e.id) in b.joined} for e in ch.exits.values()]
        chambers.append({"index": ch.index, "cells": sorted([list(c) for c in ch.cells]),
                         "exits": exits, "name": names(getattr(ch.tile, "id", ""))})
    walls = sorted([list(e) for e in b.blocked])
    figures = [{"id": f.id, "name": names(f.id), "side": f.side, "cell": list(f.cell),
                "wounds": f.wounds, "vigour": f.vigour} for f in s.figures]
    heroes = []
    for i, hero_id in enumerate(s.heroes):
        f = s.figure(hero_id)
        turn = s.turns.get(hero_id)
        heroes.append({
            "id": hero_id, "name": names(hero_id), "seat": i, "human": i in humans,
            "down": f is None, "wounds": f.wounds if f else None,
            "vigour": f.vigour if f else None, "renown": s.renown.get(hero_id, 0),
            "skills": [{"id": k, "name": names(k)} for k in s.skills.get(hero_id, [])],
            "dice": list(turn.dice) if turn else [],
            "spent": list(turn.spent) if turn else [],
        })
    return {
        "round": s.round, "phase": s.phase,
        "board": {"chambers": chambers, "walls": walls},
        "figures": figures, "heroes": heroes, "quarry": s.quarry,
        "deck_left": len(s.deck), "explored": [names(c) for c in s.explored],
    }
