"""The market deck's offer and a deck's top in any order (issue 32, branch rbmarket): "Draw the top card of the market deck;
if it is an Ally, you may hire it for free; otherwise, place it on the bottom of the deck."

The grant ``market_offer`` (core/market_rbmarket.py) is applied here once the card text is
done: the top card of the market deck is drawn; if it is of the ``kind`` offered (``any``:
whatever it is) and the Hero can pay the ``price`` (``free``; ``half``: its printed cost
halved, rounded down; ``normal``: what the market asks him, its price rules included), the
player decides (``market_offer``: ``take:<card>`` or ``decline``). Taken, it joins the Hero
(an Ally his party, an Item his inventory) within the carrying limits (seed 000: over a limit
a card is given up); otherwise it goes to the bottom of the market deck, where a market card
given up goes (seed 000).

"Look at the top 3 cards of any adventure deck and return them in any order." (the grant
``arrange_deck``): the player chooses the deck (``any``: decision ``arrange_deck``, among the
colours whose deck has cards), then, card by card, which of the cards looked at goes on top next
(decision ``arrange``); the cards go back on top of that deck in that order."""

from __future__ import annotations


def offer_price(game, hero, card_id: str, price: str) -> int:
    if price == "free":
        return 0
    if price == "half":
        return int(game.card(card_id).cost or 0) // 2
    return game.price(hero, card_id)


def market_offer(game, grant: dict) -> None:
    hero, s = game.hero(grant["hero"]), game.state
    if not s.market_deck:
        game.emit("market_deck_empty", town=None)
        return
    card = s.market_deck.pop(0)
    kind = "ally" if game.card(card).kind == "ally" else "item"
    price = offer_price(game, hero, card, grant["price"])
    taken = grant["kind"] in ("any", kind) and hero.gold >= price and \
        game.ask(hero.id, "market_offer", [f"take:{card}", "decline"], price=price) != "decline"
    if taken:
        if price:
            game.combat.set_tokens(hero, "gold", hero.gold - price, "offer")
        if kind == "ally":
            hero.allies.append(game.catalog.new_ally(card))
        else:
            hero.items.append(card)
        game.combat.modifiers_changed()
    else:
        s.market_deck.append(card)
    game.emit("market_offer", hero=hero.id, card=card, taken=taken, price=price)
    if taken:
        game.enforce_limits(hero)


def arrange_deck(game, grant: dict) -> None:
    hero, s = game.hero(grant["hero"]), game.state
    which = grant["deck"]
    if which == "any":
        colours = sorted(c for c, deck in s.adventure_decks.items() if deck)
        if not colours:
            game.emit("grant_unused", **grant, reason="every adventure deck is empty")
            return
        which = colours[0] if len(colours) == 1 else game.ask(hero.id, "arrange_deck", colours)
    deck = s.market_deck if which == "market" else s.adventure_decks.get(which) or []
    top, order = deck[:grant["amount"]], []
    del deck[:len(top)]
    while len(top) > 1:
        pick = game.ask(hero.id, "arrange", sorted(set(top)), deck=which)
        top.remove(pick)
        order.append(pick)
    deck[:0] = order + top
    game.emit("deck_arranged", hero=hero.id, deck=which, cards=len(order + top))


GRANTS = {"market_offer": market_offer, "arrange_deck": arrange_deck}
