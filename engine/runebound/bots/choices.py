"""The bots' answers to the player choices added for issue 16 (item 6): both bots decide as
the engine used to decide by itself, so their games do not change.

* ``rest_split``: the Hero's exhaustion first, then the Allies' in order (the first option);
* ``change_hero``: ``keep``;
* ``vassal_order``: the line the engine used to set (``info["suggested"]``: the first three
  vassals taken, strongest first), then ``done``;
* ``trade_give`` / ``trade_ask``: ``done``; ``trade_gold``: 0 (the bots never build a deal);
* the options added to older kinds are not theirs: ``discard:<card>`` in ``market`` and
  ``movement``, ``offer`` in ``trade`` (:func:`old_options`);
* ``accept_trade`` of a deal (``info["deal"]``): the heuristic bot accepts when the cards it
  gets cost at least what it gives (as for a swap) and it pays no gold (it never sold).
"""

from __future__ import annotations

NEW_KINDS = frozenset({"rest_split", "change_hero", "vassal_order", "trade_give", "trade_ask",
                       "trade_gold",
                       "choice"})  # family 2 (issue 21): "Choose one: ...; or ..."


def answer(decision, engine):
    """The bots' answer to a question of ``NEW_KINDS``."""
    kind, options = decision.kind, decision.options
    if kind == "change_hero":
        return "keep"
    if kind == "vassal_order":
        chosen = list(decision.info.get("chosen", ()))
        suggested = list(decision.info.get("suggested", ()))
        nxt = suggested[len(chosen)] if len(chosen) < len(suggested) else "done"
        return nxt if nxt in options else "done"
    if kind in ("trade_give", "trade_ask"):
        return "done"
    if kind == "trade_gold":
        return 0 if 0 in options else options[0]
    if kind == "choice":
        return best_option(decision, engine)
    return options[0]


# ---- family 2 (issue 21): the option of "Choose one" worth most to the Hero, by a rough
# value of each op (gold, healing the tokens the Hero has, wounds on the enemy ...);
# ties go to the first option.
_VALUE = {"gain_gold": 1.0, "draw_market": 1.5, "move": 0.5, "movement_dice": 0.5,
          "inflict": 2.0, "cancel": 2.0, "attack": 1.5, "test": 0.0}


def best_option(decision, engine) -> int:
    hero = engine.state.hero(decision.actor)
    options = decision.options
    effects = decision.info.get("effects") or [[] for _ in options]
    scores = [sum(_op_value(op, hero) for op in effects[i]) for i in options]
    return options[max(range(len(options)), key=lambda k: (scores[k], -k))]


def _op_value(op: dict, hero) -> float:
    amount = op.get("amount", {})
    n = amount.get("value", max(amount.get("values", [1]))) if amount else 1
    name = op.get("op")
    if name == "heal":
        have = sum(getattr(hero, "wounds" if t == "wound" else t, 0) for t in op["tokens"])
        return 1.5 * min(n, have)
    if name == "suffer":
        return -(2.0 if op["token"] == "wound" else 1.0) * n
    if name == "inflict":
        return _VALUE["inflict"] * n * (1 if op["target"] == "enemy" else -1)
    if name == "modify":
        return 0.5 * op["value"]
    return _VALUE.get(name, 0.0) * n


def old_options(kind: str, options: list) -> list:
    """``options`` without the ones the bots never took before these choices existed."""
    if kind in ("market", "movement"):
        return [o for o in options if not str(o).startswith("discard:")]
    if kind == "trade":
        return [o for o in options if o != "offer"]
    return options


def accept_deal(decision, engine) -> bool:
    game = engine.game
    deal = decision.info["deal"]
    got = sum(game.card(c).cost for c in deal["give"])  # the proposer gives, this bot gets
    given = sum(game.card(c).cost for c in deal["ask"])
    return bool(deal["give"]) and got >= given and deal["gold"] >= 0
