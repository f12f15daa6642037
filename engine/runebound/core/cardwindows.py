"""Which abilities of which kind of card the engine runs, and where: one table, read by the
engine and by the compiler's check (docs/windows.md is written from it).

An ability's *timing* is read off its IR (:func:`timing_of`): always on (``static``, or a
``trigger`` "Every time ..."), a reaction (``wounds_inflicted``, ``combat_roll``,
``assist``), a bold tag (``before_combat``, ``ranged``, ``melee``, ``magic``,
``any_phase``), a window of the turn or of a combat (``before_moving`` ... ``knocked_out``),
or none of these (``untimed``). :data:`TABLE` says, for each kind of card and each timing,
which engine step runs it (a *runner*, :data:`RUNNERS`); a pair the table leaves out is run by
nothing, and ``runeforge check`` refuses such an ability (RF440) instead of compiling a silent
no-op. The engine reads the same table:

* :data:`HELD` — the card's own abilities its Hero's player may use while the Hero holds the
  card (``Resolver.candidates``); a card the Hero holds whose kind has no ``held`` entry (an
  encounter placed as an Ally, a challenge kept as an item) offers nothing: it keeps only
  what its kept form gives it;
* :data:`IN_FORCE` — always-on rules of a card the Hero holds (``StandingRules``);
* :data:`FACED` — a challenge's text for the Hero facing it, run in that Hero's window
  before the Hero acts (``Resolver.faced_text``); :data:`FACED_IN_FORCE` its always-on rules
  while the Hero faces it;
* :data:`DRAWN` — an event's or encounter's text, run once when the card is drawn
  (:func:`drawn_text`; the game's adventure step and the scenarios' ``play``);
* :data:`ACTIVE` — the active event's text for a window, run for each Hero whose window it
  is, after the Hero's own abilities (``ActiveEventRules``); :data:`ACTIVE_IN_FORCE` its
  always-on rules, for every Hero.

On every card "you" is a Hero: the Hero who holds it, the Hero facing the challenge (seed 000
"Kun nostat seikkailukortin jossa on Ennen taistelua ominaisuus, täytyy sinun ratkaista se
ensin"; seed 002 "Resolve the Challenge's 'Before Combat' text first"), the Hero who drew the
event or encounter, or, for the active event, each Hero in turn.
"""

from __future__ import annotations

from .ir import REACTIONS_COMBAT, TAGS, WINDOWS

STATIC, TRIGGER, UNTIMED = "static", "trigger", "untimed"
REACTIONS = ("wounds_inflicted", *REACTIONS_COMBAT)
# every timing an ability can have, in the order of docs/windows.md
TIMINGS = (STATIC, TRIGGER, UNTIMED, *TAGS, *REACTIONS, *WINDOWS)

HELD, IN_FORCE = "held", "in_force"
FACED, FACED_IN_FORCE = "faced", "faced_in_force"
DRAWN = "drawn"
ACTIVE, ACTIVE_IN_FORCE = "active", "active_in_force"

# runner -> what it does (docs/windows.md prints these)
RUNNERS = {
    HELD: "its Hero's player may use it in that window while the Hero holds the card "
          "(`Resolver.open_window`)",
    IN_FORCE: "in force while the Hero holds the card (`StandingRules`: stats, restrictions, "
              "prices, triggers)",
    FACED: "runs for the Hero facing the challenge when that Hero's window opens, before the "
           "Hero acts (`CardText.faced_text`)",
    FACED_IN_FORCE: "in force for the Hero facing the challenge (`StandingRules`)",
    DRAWN: "runs once when the card is drawn, for the Hero who drew it (`drawn_text`: "
           "`AdventureStep.play_event` / `play_encounter`)",
    ACTIVE: "runs in that window of each Hero, after the Hero's own abilities, while the "
            "event is the active event (`ActiveEventRules.event_text`)",
    ACTIVE_IN_FORCE: "in force for every Hero while the event is the active event "
                     "(`ActiveEventRules`)",
}

# timing -> where the engine opens that moment (docs/windows.md prints these)
OPENED_BY = {
    STATIC: "always on",
    TRIGGER: "always on: `Resolver.fire` (wounds taken, a challenge defeated, a knock-out, "
             "a space entered)",
    UNTIMED: "any window opened for the Hero (every row below but the reactions)",
    "before_combat": "`Combat.fight_challenge`, `Duel.fight_heroes`: the Before Combat step",
    "ranged": "`Combat.fight_challenge`, `Duel.fight_heroes`: each round's ranged phase",
    "melee": "`Combat.fight_challenge`, `Duel.fight_heroes`: each round's melee phase",
    "magic": "`Combat.fight_challenge`, `Duel.fight_heroes`: each round's magic phase",
    "any_phase": "Before Combat and each phase of a round",
    "wounds_inflicted": "`Resolver.inflict`: wounds being inflicted on the Hero or an Ally",
    "combat_roll": "right after the Hero's combat roll (`effects_combat`)",
    "assist": "a phase of another Hero's combat in the Hero's space (`open_assists`)",
    "before_moving": "`TurnSteps.movement`: before the movement dice",
    "after_moving": "`TurnSteps.movement`: after moving",
    "start_of_turn": "`Game.start_of_turn` (`Game.take_turn`): the start of the Hero's turn",
    "end_of_turn": "`Game.end_turn` (`Game.take_turn`): the end of the Hero's turn",
    "market_step": "`MarketStep.market_step`: the market step in a town",
    "after_combat": "`Combat._end`: after every combat, whatever its outcome",
    "defeat_challenge": "`Combat._challenge_defeated`: the Hero defeated a challenge",
    "knocked_out": "`Combat.knock_out`: the Hero was knocked out (after its losses)",
}

_HELD_ROW = {STATIC: IN_FORCE, TRIGGER: IN_FORCE,
             **{t: HELD for t in TIMINGS if t not in (STATIC, TRIGGER)}}
_FACED_WINDOWS = ("before_combat", "ranged", "melee", "magic", "after_combat",
                  "defeat_challenge", "knocked_out")
_ACTIVE_WINDOWS = ("before_combat", "ranged", "melee", "magic", "start_of_turn",
                   "before_moving", "after_moving", "market_step", "end_of_turn",
                   "after_combat", "defeat_challenge", "knocked_out")

# kind -> {timing: runner}; a timing left out of a kind's row is never run for that kind
TABLE: dict[str, dict[str, str]] = {
    "hero": dict(_HELD_ROW),
    "item": dict(_HELD_ROW),
    "ally": dict(_HELD_ROW),
    "challenge": {STATIC: FACED_IN_FORCE, TRIGGER: FACED_IN_FORCE,
                  **{w: FACED for w in _FACED_WINDOWS}},
    "event": {STATIC: ACTIVE_IN_FORCE, TRIGGER: ACTIVE_IN_FORCE, UNTIMED: DRAWN,
              **{w: ACTIVE for w in _ACTIVE_WINDOWS}},
    "encounter": {UNTIMED: DRAWN},
}
KINDS = tuple(TABLE)

# the windows a challenge's own text runs in, and the active event's (read by the engine)
FACED_TIMINGS = frozenset(t for t, r in TABLE["challenge"].items() if r == FACED)
ACTIVE_TIMINGS = frozenset(t for t, r in TABLE["event"].items() if r == ACTIVE)
# kinds whose always-on rules are in force while a Hero holds the card
HELD_IN_FORCE_KINDS = frozenset(k for k, row in TABLE.items() if row.get(STATIC) == IN_FORCE)


def timing_of(ir: dict) -> str:
    """The timing of one compiled ability (an IR dict), as :data:`TABLE` names it."""
    effects = ir["effects"]
    triggers = bool(effects) and all(e["op"] == "trigger" for e in effects)
    return _timing(ir["static"], triggers and not ir["costs"], ir["reaction"],
                   ir["timing"]["tag"], ir["timing"]["window"])


def ability_timing(ability) -> str:
    """The timing of a catalog :class:`~.catalog.Ability`."""
    triggers = bool(ability.effects) and all(e.op == "trigger" for e in ability.effects)
    return _timing(ability.static, triggers and not ability.costs, ability.reaction,
                   ability.tag, ability.window)


def _timing(static, standing_trigger, reaction, tag, window) -> str:
    if static or standing_trigger:
        return TRIGGER if standing_trigger else STATIC
    if reaction:
        return reaction
    return tag or window or UNTIMED


def runner(kind: str, timing: str) -> str | None:
    """What runs an ability of ``timing`` on a card of ``kind`` (None: nothing ever does)."""
    return TABLE.get(kind, {}).get(timing)


def supported(kind: str) -> tuple[str, ...]:
    """The timings the engine runs on a card of ``kind``, in :data:`TIMINGS` order."""
    row = TABLE.get(kind, {})
    return tuple(t for t in TIMINGS if t in row)


def drawn_text(card) -> list:
    """The abilities of an event or encounter (a catalog ``CardDef``) that run when it is
    drawn."""
    return [a for a in card.abilities if runner(card.kind, ability_timing(a)) == DRAWN]
