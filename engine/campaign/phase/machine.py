"""The eight steps in order (R3) driven through the common player interface.

:class:`Campaign` holds the campaign data, the sheet and one :class:`Player` per side (the
heroes decide together, R43). Every action runs on a copy of the sheet that replaces it only
when the whole action is legal; with ``debug`` the invariants are checked after every step.

Decision kinds (``Decision.kind``; answering None passes where noted):

* ``buy_skill`` (actor: a hero player's name; options: skill ids; None: stop buying)
* ``buy_overlord_card`` (actor: the overlord's name; options: card ids; None: stop)
* ``shop_buy`` (actor ``heroes``; options: ``[card, hero name]``; None: stop)
* ``choose_adventure`` (actor: the side that chooses; options: adventure ids)
* ``assign_relic`` (actor: the overlord's name; options: ``[lieutenant, relic]``; None: stop)
* ``travel_choice`` (actor ``heroes``; options: the effects; the answer is an index)
* ``hand_choice`` (actor ``heroes``; options: the effects of a choice in the overlord's hand,
  played before a bot-played adventure; the answer is an index)
"""

from __future__ import annotations

from runeforge.engine.common.decisions import Decision, Player

from ..data import CampaignData
from ..rules import hand, invariants, progress, relics, rewards, shop, travel, xp
from ..rules.common import refuse
from ..rules.setup import setup
from ..sheet.state import clone, hero_players, overlord_player

PASS_KINDS = ("buy_skill", "buy_overlord_card", "shop_buy", "assign_relic")
INDEX_KINDS = ("travel_choice", "hand_choice")   # answered with an index into the options


class Campaign:
    def __init__(self, data: CampaignData, sheet: dict, players: dict[str, Player] | None = None,
                 debug: bool = False):
        self.data, self.sheet, self.players = data, sheet, players or {}
        self.debug = debug
        self.log: list[dict] = []

    # -- applying actions --------------------------------------------------------------------
    def apply(self, action: str, fn, *args, **kwargs):
        """Run ``fn(data, sheet copy, *args)``; the copy becomes the sheet only when it
        returns (an IllegalAction leaves the sheet as it was)."""
        work = clone(self.sheet)
        result = fn(self.data, work, *args, **kwargs)
        if self.debug:
            invariants.check(self.data, work)
        self.sheet = work
        # what was done, not only its kind: the skill, card, adventure, relic or choice
        said = [list(a) if isinstance(a, tuple) else a for a in args if not callable(a)]
        self.log.append({"type": action, "step": work["step"], "act": work["act"],
                         "args": said,
                         "result": result if isinstance(result, (int, list, dict)) else None})
        return result

    def ask(self, side: str, kind: str, actor: str, options: list, info=None):
        decision = Decision(kind=kind, actor=actor, options=options, info=dict(info or {}))
        answer = self.players[side].decide(decision, self)
        if answer is None and kind in PASS_KINDS:
            return None
        if answer not in options and kind not in INDEX_KINDS:
            refuse("R3", f"{actor} answered {answer!r} to {kind}; options: {options!r}")
        return answer

    # -- the steps -----------------------------------------------------------------------------
    def record(self, adventure_id: str, winner: str, found=(), relic_to=None) -> None:
        """The adventure ended: steps 1-3 (search gold, cleanup, rewards)."""
        self.apply("record", rewards.record, adventure_id, winner, list(found), relic_to)

    def spend_xp(self) -> None:
        """Step 4: each hero, then the overlord, buys until passing (R12: XP may be saved)."""
        for h in hero_players(self.sheet):
            while options := xp.skill_options(self.data, self.sheet, h["name"]):
                pick = self.ask("heroes", "buy_skill", h["name"], options)
                if pick is None:
                    break
                self.apply("buy_skill", xp.buy_skill, h["name"], pick)
        name = overlord_player(self.sheet)["name"]
        while options := xp.overlord_options(self.data, self.sheet):
            pick = self.ask("overlord", "buy_overlord_card", name, options)
            if pick is None:
                break
            self.apply("buy_overlord_card", xp.buy_overlord_card, pick)

    def spend_late_xp(self) -> None:
        """After travel to the Finale: the overlord spends the XP he gained on the way
        (R59, original: ``xp.late``)."""
        name = overlord_player(self.sheet)["name"]
        while xp.late(self.data, self.sheet) and (
                options := xp.overlord_options(self.data, self.sheet)):
            pick = self.ask("overlord", "buy_overlord_card", name, options)
            if pick is None:
                break
            self.apply("buy_overlord_card", xp.buy_overlord_card, pick)

    def shopping(self) -> None:
        """Step 5: reveal (R26, R55), buy until the heroes pass (R28)."""
        self.apply("reveal", shop.reveal)
        while options := shop.options(self.data, self.sheet):
            pick = self.ask("heroes", "shop_buy", "heroes", options)
            if pick is None:
                break
            self.apply("buy", shop.buy, [tuple(pick)])

    def choose(self) -> None:
        """Step 6: the winner of the last adventure picks the next (R9, B1)."""
        side = self.sheet["chooser"] or "heroes"
        options = progress.available(self.data, self.sheet)
        pick = self.ask(side, "choose_adventure", side, options)
        self.apply("choose", progress.choose, pick, side)

    def set_up(self) -> None:
        """Step 7: the overlord gives relics to lieutenants (R48-R49); new cards shuffled in."""
        name = overlord_player(self.sheet)["name"]
        given: dict[str, str] = {}
        while options := [o for o in relics.options(self.data, self.sheet)
                          if o[0] not in given and o[1] not in given.values()]:
            pick = self.ask("overlord", "assign_relic", name, options)
            if pick is None:
                break
            given[pick[0]] = pick[1]
        self.apply("setup", setup, (), given)

    def travel(self) -> list[dict]:
        """Step 8: travel, choices made by the heroes together (R43)."""
        def choose(options):
            return self.ask("heroes", "travel_choice", "heroes", options)
        return self.apply("travel", travel.travel, choose)

    def play_hand(self) -> list[dict]:
        """Before a bot-played adventure: the sheet's part of the overlord's hand (R41, R43;
        :mod:`..rules.hand`)."""
        def choose(options):
            return self.ask("heroes", "hand_choice", "heroes", options)
        return self.apply("play_hand", hand.play, choose)

    def phase(self) -> None:
        """Steps 4-8 after a recorded adventure (steps 1-3 ran with :meth:`record`)."""
        self.spend_xp()
        self.shopping()
        self.choose()
        self.set_up()
        self.travel()
