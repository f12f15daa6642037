"""Runebound's decisions: the kinds of question its engine asks, and its scripted player.

Questions go through the interface of :mod:`runeforge.engine.common.decisions`;
``Decision.actor`` is the id of the Hero whose player answers.

Combat kinds: ``use_ability`` (an ability ref "card#index" or None to pass), ``phase_action``
("attack", "defend" or "ally:<id>"), ``escape`` (bool), ``x`` (int), ``amount`` (int),
``optional`` (bool), ``target`` (figure id), ``skill_exhaustion`` (int), ``spoils``
("item:<id>", "ally:<id>", "gold", "adventure:<id>"), ``knockout_loss`` (card id). The whole
game adds its own (``movement``, ``destination``, ``adventure``, ``market``, ``experience`` …,
see ``docs/engine-game.md``), among them the player choices of seeds 000-002:

* ``rest_split`` (figure id): which of the Hero and his Allies loses the next exhaustion when
  resting; asked only while more than one figure has exhaustion and the rest does not cover
  it all (seed 000 "yksi sankarilta ja yksi kumppanilta");
* ``discard:<card>``, an option of ``market`` and ``movement``: give up an item or Ally (not a
  kept adventure card) to the bottom of the market deck (seed 000 "milloin vain");
  ``discard_excess`` (card id) when a carrying limit is exceeded;
* ``trade`` (``none``, ``swap:<mine>:<theirs>``, ``buy:<theirs>:<cost>`` or ``offer``); a
  deal is built with ``trade_give`` and ``trade_ask`` (a card id at a time, or ``done``) and
  ``trade_gold`` (int: gold paid, negative = gold asked); ``accept_trade`` (bool) of the
  other player, with ``info["deal"]`` for a deal (seed 000 "Neuvottelut");
* ``change_hero`` (``keep`` or a Hero card id in the box): after a knock-out when the
  ruleset's ``knock_out.may_change_hero`` (seed 002), asked after that turn;
* ``vassal_order`` (a vassal card id, or ``done``): the Elder King sets out up to three
  vassals one at a time, in the order he chooses (seed 001 "w dowolnej kolejności");
* ``giant_lord_tokens`` (``life+stamina+mind+body`` … or ``none``): the tokens the player on
  the attacker's left gives a Giant Lord in its town, up to one per market card and one of
  each kind (seed 001); the first option is the bots' answer. That player then answers every
  question about the Lord's items: a figure whose choices another player makes is asked
  through that player, ``actor`` its Hero and ``info["figure"]`` the figure's id;
* family 5/6 of the ability language (issue 21): ``keep`` (a market card id) for "draw 3
  market cards and keep one"; ``discard_item`` (an item id) for the cost "discard an Item";
  ``discard_excess`` with ``info["new"]`` when an Ally placed from a card is over the Ally
  limit (the new card is among the options: declining it).

The bots (:mod:`runeforge.engine.runebound.bots`) answer through the same interface.
"""

from __future__ import annotations

from runeforge.engine.common import decisions


class ScriptedPlayer(decisions.ScriptedPlayer):
    """A scripted player whose scripts list only the abilities actually used: a
    ``use_ability`` question is passed (None) when the next scripted answer is of another
    kind or the script has ended (with ``auto_pass``, the default)."""

    pass_kinds = ("use_ability",)
