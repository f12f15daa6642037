"""One diagnostic format for every stage: loading, schema, ability language, semantics, backends.

A diagnostic points at its source (``path:line:col``, 1-based), carries a stable code from
:data:`CODES`, the offending text, and a hint. It renders either as text::

    cards/core/items.yaml:12:31: error[RF301]: expected a number, 'X' or 'all' after 'take'
       12 |   - "Before Combat: Activate and take exhaustoin."
          |                                       ^^^^^^^^^^^
       = hint: did you mean 'exhaustion'?

or as a JSON record (``--format json``).
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from typing import Iterable

# Stable diagnostic codes. Never renumber; retire a code by leaving it here unused.
# The docs page docs/diagnostics.md is generated from this table (see test_docs_codes).
CODES: dict[str, str] = {
    # RF0xx: usage and file system
    "RF001": "content directory does not exist",
    "RF002": "file cannot be read",
    "RF003": "output cannot be written",
    "RF004": "unknown card id on the command line",
    "RF005": "pack archive refused",
    # RF1xx: YAML and text encoding
    "RF101": "not valid YAML",
    "RF102": "tab character used for indentation",
    "RF103": "duplicate key in a mapping",
    "RF104": "file is not valid UTF-8",
    "RF105": "file starts with a byte order mark",
    "RF106": "file is empty",
    "RF107": "YAML alias or anchor (not allowed in card data)",
    "RF108": "file or value is too large",
    "RF109": "CRLF line endings",
    "RF110": "YAML value cannot be read (bad tag, number, date or boolean)",
    # RF2xx: schema
    "RF201": "wrong type",
    "RF202": "unknown field",
    "RF203": "missing required field",
    "RF204": "value not allowed",
    "RF205": "value out of range",
    "RF206": "schema violation",
    "RF207": "unknown card kind",
    "RF208": "unknown game",
    # RF3xx: ability language syntax
    "RF301": "ability text does not parse",
    "RF302": "unknown word in ability text",
    "RF303": "ability text ends too early",
    "RF304": "ability nests too deep (more than 32 prefixes such as 'until ...,' in a row)",
    "RF305": "number in ability text is too large (the limit is 999)",
    # RF4xx: ability semantics (reference section 5)
    "RF401": "phase-tagged ability acts in Before Combat or attacks in another phase",
    "RF402": "cost does not match the card's usage",
    "RF403": "cancel used where no wounds are being inflicted",
    "RF404": "X is not bound by a cost",
    "RF405": "X bound by a cost but never used",
    "RF406": "'If you succeed/fail' without an attack or test before it",
    "RF407": "skill test on a card that is not faced by a Hero",
    "RF408": "unknown skill",
    "RF409": "'Once per combat round' on a phase-tagged ability is redundant",
    "RF410": "unknown stat, card or keyword",
    "RF411": "Allies and Heroes are never activated or discarded (but 'discard this Ally')",
    "RF412": "exhaustion cost can never be paid (exceeds Stamina)",
    "RF413": "limit is redundant on an activated or one-use ability",
    # ---- families 1-3: conditions, choices, random tables (issue 21)
    "RF414": "condition on a state the game does not have (terrain, town, item class)",
    "RF415": "condition that cannot be known where the ability is used",
    "RF416": "'While' outside a constant ability, or over a clause that is not a constant rule",
    "RF417": "'Choose one' with fewer than 2 or more than 4 options",
    "RF418": "'Choose one' offers the same option twice",
    "RF419": "'Roll a die' table rows that overlap, run backwards or name a face off the die",
    # ---- family 7: combat
    "RF425": "additional wounds without a successful attack, or not on the enemy",
    "RF426": "a reroll of a combat roll where no combat roll has just been made",
    "RF427": "a cap on wounds per combat phase for someone other than your Hero",
    "RF428": "a cap of 0 wounds per combat phase (no wounds at all in the phases)",
    "RF429": "an attack against another Hero's enemy out of that phase or on an adventure card",
    # ---- family 4/8/9: movement and place, durations, game-level effects (issue 21)
    "RF420": "unknown town or terrain (not in the board data)",
    "RF421": "a game-level effect, movement rule or movement in a combat ability",
    "RF422": "a number the form cannot use (0 doom tokens or challenges, within 0 or 10+ spaces)",
    "RF423": "'until this card is discarded' on a card no Hero holds",
    "RF424": "'until this card is discarded' after discarding this card",
    # ---- family 5/6: decks and cards, economy and experience (issue 21)
    "RF430": "'its cost' without a discarded Item to count",
    "RF431": "an Ally placed from a card lacks Life or gives a stat twice",
    "RF432": "this kind of card has no deck to return to, or cannot become an Ally",
    "RF433": "someone other than another Hero pays you",
    "RF434": "'this card's cost' on a card without a cost",
    # the table of card windows (docs/windows.md): what the engine runs on each kind of card
    "RF440": "ability whose timing the engine never runs on its kind of card",
    "RF441": "'your enemy' on a challenge's card is the challenge itself",
    "RF442": "'each other Hero' or 'another Hero' in the active event's always-on rule",
    "RF443": "an attack or 'your enemy' in text that never runs in a combat",
    "RF444": "an 'Every time ... takes wounds' rule whose own wounds set it off again",
    # ---- issue 32 (part III): the compositional core
    "RF450": "'this challenge' on a card that is not a challenge",
    "RF451": "a price or a restriction 'for each ...' as an always-on rule",
    "RF452": "a test or an attack said of other Heroes",
    "RF454": "'if you were defeated' away from 'After combat,': a defeated Hero's turn ends at once",
    "RF453": "'keep it as a trophy' on a card that is not an encounter",
    "RF455": "'add ... to the result' away from a test's trigger ('When you test Mind, ...')",
    "RF457": "'if you took no wounds' away from a combat (its tags, 'After combat,' ...)",
    "RF458": "'while this event is in play' over what is not an always-on rule of the event",
    "RF456": "'would be knocked out': the knock-out's window opens after it, nothing prevents it",
    # ---- issue 32 (session np): objects and noun phrases
    "RF470": "an object the engine cannot act on (a kind of card drawn or taken from a deck; a skill given but as a held card's always-on rule)",
    # ---- issue 32 (session rbcard): a challenge's printed reward
    "RF471": "a 'Reward:' line off a challenge, not gold or experience, or gold said twice",
    # ---- issue 32 (branch rbtrig): a trigger's clause said of its subject, attack objects
    "RF478": "an attack against a figure its maker does not fight ('against your Hero' off a "
             "challenge)",
    # ---- issue 32 (branch rbtrig2): more event verbs of a trigger's clause
    "RF489": "a trigger on an event the engine opens no window for ('when you roll movement "
             "dice')",
    "RF490": "'unless' over a rule in force (a rule holds 'while' a condition holds)",
    # ---- issue 32 (session rbrules): prohibitions and prices
    "RF472": "a prohibition the engine cannot enforce, or a price's rider after no price",
    # ---- issue 32 (session rbdice): die rolls as authors write them
    "RF480": "results of a die table that no row names: nothing happens on them (a warning)",
    "RF481": "a roll the engine cannot make as written ('that Hero' off a roll, no rows, ...)",
    # ---- branch rbnp: noun phrases and objects
    "RF482": "'your combat roll' in an ability with no phase tag: no attack's roll is meant",
    # ---- issue 32 (branch rbboard): the board's adventure counters
    "RF492": "an adventure counter placed on a gem space of another colour",
    "RF491": "a card added to the undefeated track (only a challenge left undefeated goes there)",
    "RF493": "a limit before a trigger and what is not one ('Once per combat, every time ..., "
             "... Gain 1 gold.'), or a cost: the engine would count uses, not firings",
    # ---- branch rbmove: movement
    "RF494": "a terrain's symbol used as the same terrain's symbol: the rule changes nothing",
    "RF495": "'when moving' before what is not a movement rule: it opens no moment of its own",
    # ---- branch rbmove2: movement, continued
    "RF496": "a move of two or more spaces into a terrain: the engine steps one space onto it",
    "RF497": "a second sentence after 'When your Hero ends his movement in <place>,': the "
             "place is the condition of one sentence",
    "RF498": "a rule for the turn a card is used ('You may not rest on a turn in which you use "
             "this item') on a use that may come after the movement step",
    # ---- branch rbmod: modifiers, amounts and comparatives
    "RF484": "a bonus said 'instead' with no earlier bonus to replace, or with no condition",
    "RF483": "a multiplier of wounds or damage the engine has no rule for (no longer raised: "
             "branch rbdamage multiplies an attack's wounds, IR damage_rule)",
    # ---- branch rbcost: a cost after an opener ("When you buy an Item, activate to ...")
    "RF510": "a cost after an opener that the card's kind never pays ('Activate' on a Hero or "
             "an Ally, 'Discard this card' on a Hero or an adventure card)",
    "RF511": "a cost after an opener that the Item's usage does not allow",
    "RF512": "'exhaust this Ally' after an opener off an Ally's own card",
    "RF513": "a cost inside a duration or a standing rule: nothing runs it to ask for it",
    "RF514": "a trigger on an act no Ally does ('this Ally rests', 'one of your Allies hires an "
             "Ally')",
    # ---- branch rbmodi: the modifiers of a clause (issue 32)
    "RF530": "a duration over an effect that happens at once ('gain 2 gold this turn'): the "
             "engine keeps only rules that last, so it never happens",
    "RF531": "'for each ...' over an effect with no amount to multiply (an attack, the end of "
             "a turn, a prohibition)",
    "RF532": "'against <colour> challenges' after an attack: an attack is against the enemy "
             "fought; say the colour as a condition ('If your enemy is a red challenge, ...')",
    # ---- branch rbwho: the acts of a Hero a trigger names (issue 32)
    "RF540": "'ignore it' / 'cancel it' of a travel hazard or a card: the engine resolves a "
             "card as it comes, and no effect cancels it (only wounds are cancelled)",
    # ---- branch rbattack2: an attack's result with the attack's kind
    "RF542": "an attack's result said of a figure the engine fires it for only on its own card "
             "('another Hero succeeds at a melee attack', 'one of your Allies fails an attack')",
    "RF543": "a trigger on one phase's attacks under another phase's tag ('Melee: Every time "
             "you fail a ranged attack, ...'): bound to the tag's phase, it would never fire",
    "RF541": "'When you hire this Ally, ...' on a card that is not an Ally: only an Ally card "
             "is hired, so the trigger never fires",
    # ---- branch runs (issue 32, "what compiles runs")
    "RF560": "a duration inside a duration whose ends cannot be ordered ('until the next "
             "event' inside 'until the end of this turn')",
    "RF562": "a movement effect in a trigger ('Every time your Hero enters a forest space, "
             "move 1 space.'): it may fire in a combat or in the movement step itself",
    "RF563": "a rule given at the end of the turn that lasts to the end of the turn at the "
             "latest ('At the end of your turn, you receive +1 Body.'): it ends as it begins",
    "RF566": "a test with no target number ('Test Mind.'): the rules resolve a test against "
             "its number only",
    "RF565": "'this phase' said where no combat phase is under way (no phase's tag)",
    "RF567": "'if it is the magic phase' (or 'the first combat round') checked where the "
             "ability is never used at that moment (a window of the turn, Before Combat, "
             "another phase's tag, an event's or encounter's own text)",
    "RF564": "a window before a rule made only of triggers ('Before Combat: Every time ...'): "
             "such a rule is always on, and the window would be dropped",
    # ---- branch rbmarket (issue 32): the market's prices of selling and healing
    "RF570": "'you receive its full cost' outside a sale's trigger ('When you sell this card, "
             "...'): no card sold for 'its' to name",
    "RF571": "a price of selling or healing ('Items sell for their full cost.') after the "
             "card's costs ('Activate to ...'): the rule holds, nothing asks for the cost",
    "RF572": "market cards drawn with one kept, said of other Heroes ('Each Hero looks at the "
             "top 2 cards of the market deck, keeps one and ...'): said of your Hero only",
    "RF561": "a trigger under a phase's tag ('Melee: Every time you enter a town, ...') on an "
             "event that never happens in a combat phase: bound to the phase, it never fires",
    # ---- branch rbwound (issue 32, part III): the first wounds of each combat cancelled
    "RF575": "'the first 0 wounds' cancelled: no wound at all",
    "RF576": "'cancel the first wound ... in each combat' said where it would happen once (after "
             "a timing, a cost or a limit, in a duration, a condition or a trigger): it is a "
             "rule always in force",
    "RF577": "'cancel the first wound ... in each combat' on an event or an encounter, which "
             "holds no rule in a combat",
    "RF578": "'cancel the first wound ... in each combat' of a figure the card cannot name "
             "('this Ally' off an Ally, a challenge's rule of another than itself)",
    # ---- branch rblimits (issue 32, part III): carrying limits
    "RF585": "a carrying limit changed by nothing ('You may have 2 Allies instead of 2.')",
    "RF586": "a carrying rule on a card that cannot hold it (a limit on a challenge or an "
             "encounter; what a card counts as off an Item or Ally, or of another kind's limit)",
    "RF587": "a carrying rule that is not the card's always-on rule (on a condition, a trigger "
             "or as a cost's effect)",
    "RF588": "a knock-out rule ('you keep your gold', 'discard this card instead of your most "
             "expensive Item or Ally') not said alone or under 'When your Hero is knocked out,'",
    "RF589": "a knock-out rule on a card that cannot hold it (a challenge or encounter; a card "
             "other than an Item or Ally lost in place of the priciest)",
    # ---- branch rbsubj (issue 32, part III): who may not attack, and when
    "RF533": "a bar on attacking said of what does not attack (only Heroes and Allies do), or "
             "'this round' / 'in the same round' (the engine bars a phase or the first combat "
             "round)",
    "RF534": "'This Ally cannot attack ...' off an Ally's own card: 'this Ally' names no card",
    "RF535": "'This Ally cannot attack ...' not said as the Ally card's always-on rule of its own "
             "(after a timing, a cost or a limit, in a duration, a condition or a trigger)",
    "RF536": "a bar on attacking on an encounter, which holds no rule in a combat",
    "RF537": "'<colour> challenges are immune to this effect' with no effect on your enemy before "
             "it (first in the ability, or after an effect that does nothing to the enemy)",
    "RF580": "'You must keep the second result.' with no reroll before it, or after one that "
             "keeps the better of two rolls (branch rbroll)",
    # RF5xx: content and references
    "RF501": "duplicate card id",
    "RF502": "reference to an unknown id",
    "RF503": "card id is not the kebab-case of the English name",
    "RF504": "manifest problem",
    "RF505": "card name gives an empty id",
    # ---- branch rbverb (issue 32): a clause's subject and verb phrase, refused at their words
    "RF520": "a trophy gained or discarded as a count: a trophy is a card a Hero keeps",
    "RF521": "'cannot move' with no object: no rule of the engine stops a Hero moving ('cannot "
             "attack' is a rule of who may not attack when, branch rbsubj)",
    "RF522": "a verb an Ally cannot do: only wounds, exhaustion and bonuses are said of an Ally",
    "RF523": "an attack, a wound inflicted or a reroll said of a subject other than your Hero",
    "RF524": "'may' said of a subject that chooses nothing, or before a rule",
    "RF525": "the verb does not agree with its subject ('Each Hero gain'; a warning: fmt "
             "writes the agreeing form)",
    # ---- branch rbsix2 (issue 32): adventure cards' constructions
    "RF550": "'one of them' with no subject picked by the Allies or Items it names",
    "RF551": "'another adventure card (of the same colour)' on a card that has no colour (not "
             "an adventure card)",
    "RF552": "'if you did not inflict at least N wounds on your enemy this round' away from a "
             "combat round (its end or a phase), or with N 0",
    # ---- branch rbdamage: how the wounds of an attack are counted (multipliers, caps)
    "RF553": "the wounds of an attack counted for a figure the rule cannot name (only your "
             "Hero, this Ally, each of your Allies, this challenge or your enemy)",
    "RF554": "'this Ally' or 'this challenge' in a rule of an attack's wounds on a card that is "
             "not that Ally or challenge",
    "RF555": "'against <colour> challenges' said of the wounds a challenge deals (its enemy is "
             "a Hero, who has no colour)",
    "RF556": "a rule of an attack's wounds on an event or an encounter, which holds no rule in "
             "a combat",
    "RF557": "'if your attack succeeds by N or more' before anything but additional wounds on "
             "your enemy (or with N 0)",
    # RF6xx: localisation
    "RF601": "missing or empty translation",
    "RF602": "slot or placeholder mismatch in a translation",
    "RF603": "catalog does not compile",
    "RF604": "glyph missing from the font",
    "RF605": "the card's game has no rules text in this locale",
    # RF7xx: PDF and layout
    "RF701": "text does not fit its box at the smallest allowed size",
    "RF702": "invalid layout or paper option",
    "RF710": "card art file not found",
    "RF711": "card art file is not a readable PNG or JPEG image",
    "RF712": "card art is under 300 dpi at its printed size",
    "RF713": "card art path is outside the content folder",
    "RF714": "card art on a kind whose face has no art box",
    # RF8xx: board and rules data
    "RF801": "two board spaces share coordinates or an id",
    "RF802": "neighbour is not adjacent on the hex grid",
    "RF803": "reference to a space that is not on the board",
    "RF804": "unknown terrain",
    "RF805": "town missing or misplaced on the board",
    "RF806": "town cannot be reached",
    "RF807": "unknown adventure gem colour",
    "RF808": "market column names a space that is not a town",
    "RF809": "neighbour link is one-sided",
    "RF810": "rules data value is inconsistent",
    "RF811": "adventure cannot be played as written (a victory card of the wrong kind, an "
             "unknown rule module, a deck colour its pack lacks)",
    # RF9xx: Delve (seed 003): its ability dialect and its content
    "RF901": "Delve die cost is not 1 to 6",
    "RF902": "Delve escalating cost '*' outside an action header",
    "RF903": "Delve Hit is not 1 to 6",
    "RF904": "Delve area attack names a single target",
    "RF905": "Delve escalating cost whose next use can never be paid",
    "RF906": "Delve attack deals less than 1 damage",
    "RF907": "Delve attack range does not fit its target",
    "RF908": "Delve content names an unknown tile, exit, adversary or encounter table",
    "RF909": "Delve tile geometry is not valid",
    "RF910": "Delve encounter table does not give each d6 roll exactly once",
    "RF911": "Delve rules data is missing or inconsistent",
    "RF912": "Delve move, heal or renown amount is 0",
    "RF913": "Delve effect names the wrong side (a hero where it acts on adversaries, or not)",
    "RF914": "Delve 'the target', 'each of them' or 'if …' rider with nothing before it",
    "RF915": "Delve lasting effect (a bonus, a prevented wound) without a duration",
    "RF916": "Delve duration over an effect that does not last, or on a rule with no cost",
    "RF917": "Delve condition on a die face that is not 1 to 6",
    "RF918": "Delve rule with no cost and no trigger over an effect that happens once",
    "RF924": "Delve verb does not agree with its subject ('each hero heal')",
    "RF925": "Delve ability the engine does not run for this kind of card",
    "RF926": "Delve trigger inside an ability with a cost",
    "RF927": "Delve adversary moved without a direction",
    "RF928": "Delve rule that always holds used as an effect that happens once",
    "RF920": "Delve trial names an unknown tile, exploration card, adversary or hero",
    "RF921": "Delve trial's exploration deck is empty or lists a card twice",
    "RF922": "Delve trial's goal and its adversary do not agree",
    "RF923": "Delve trial id is used twice",
    "RF929": "Delve exploration card puts a portal on the exit that joins, or lists one twice",
    "RF930": "Delve hero has no renown rule of its own",
    "RF931": "Delve sentence that says what the engine already does (it adds nothing)",
    # RF970-RF979: branch delve12 (issue 32)
    "RF970": "Delve 'cannot attack' said of heroes (only adversaries are held back)",
    "RF971": "Delve 'cannot attack' as a rule that always holds (it lasts for a while)",
    "RF972": "Delve 'for each …' after an effect that is not wounds or renown",
    "RF973": "Delve 'for …' count of one figure, or counted from 'it'",
    "RF974": "Delve 'the first time …' with no period (once a game) beside another limit",
    "RF975": "Delve renown lost (the renown track only moves forward)",
    # RF980-RF989: branch delveseven (issue 32)
    "RF980": "Delve 'instead' with no effect before it to replace",
    "RF981": "Delve 'instead' replacing the attack or roll its own condition reads",
    "RF983": "Delve 'cannot be pushed' for a while said of a figure not the ability's own",
    "RF984": "Delve hero dice discarded where no hero holds any (outside a hero's turn)",
    "RF982": "Delve 'cannot attack <who>' naming adversaries (adversaries attack heroes only)",
    "RF932": "Delve adversary's attack of a range its card has no weapon of",
    # RF933-RF937: branch ddice (issue 32, part III)
    "RF933": "Delve hero die set to a face it does not have, or changed by 0",
    "RF934": "Delve hero die changed where its hero holds none (outside its own turn)",
    "RF935": "Delve attacks against adversaries said by description changed for a while",
    "RF936": "Delve 'on a roll of …' after an effect that is not wounds, heals or renown",
    # RF938-RF942: branch dadv2 (issue 32)
    "RF938": "Delve adversaries placed by a rule that cannot place them, or once a game off a "
             "trigger",
    "RF939": "Delve 'until this adversary is slain' / 'while it is near them' not before an "
             "adversary's rule on heroes",
    # RF940-RF945: branch dmove (issue 32): movement through figures
    "RF940": "Delve move said to pass obstructions beside figures (every move already does; "
             "a warning)",
    "RF941": "Delve move through other figures said of a figure not the card's own, or "
             "after an effect that is not a move",
    "RF943": "Delve move through walls (walls block every move, A4)",
    "RF944": "Delve 'never moves adjacent to …' said of a figure not the card's own adversary",
    "RF942": "Delve hero named by where it starts its move, with a predicate not settled as "
             "a move starts (only pinned and a Move's cost are)",
    # RF946-RF947: branch dprose (issue 32, part III): an adversary's stat line in its text
    "RF946": "Delve stat line in an adversary's text ('Vigour 3.', 'Combat: Hit 4+, Damage 2.') "
             "that repeats its card's data (a warning)",
    "RF947": "Delve stat line in an adversary's text that differs from its card's data "
             "('vigour', 'weapons')",
    # RF945, RF985-RF988: branch dsight (issue 32)
    "RF945": "Delve 'instead of attacking' after what is not an adversary's own turn (its "
             "activation's effects, other than an attack)",
    "RF985": "Delve 'the hero that wounded it' in the trigger of a hero's wound (adversaries "
             "wound heroes: 'the adversary that wounded you')",
    # RF95x: campaigns (seed 004): the campaign document, its map and its cards
    "RF951": "campaign structure is not the nine adventures of a campaign",
    "RF952": "campaign Act II pool or Act I branches do not fit",
    "RF953": "campaign Interlude or Finale missing for a side",
    "RF954": "campaign overlord card tier does not match its class or cost",
    "RF955": "campaign basic overlord deck is smaller than the minimum",
    "RF956": "campaign route symbol has no travel event",
    "RF957": "campaign relic lacks its hero or overlord side",
    "RF958": "campaign names an unknown trial, location, relic, adventure or other id",
    "RF959": "campaign hero class does not have exactly one free basic skill",
    "RF960": "campaign adventure or location id is used twice",
    # campaign sheets and logs (runeforge campaign)
    "RF961": "campaign sheet is not valid JSON (damaged or truncated)",
    "RF962": "campaign sheet is of another version",
    "RF963": "campaign sheet does not match its schema or its campaign (tampered)",
    "RF964": "campaign log cannot be replayed or does not match",
    "RF965": "game log cannot be read as JSON lines (damaged, not UTF-8, not a file)",
    "RF966": "game log record is not valid, out of place, or names no adventure here",
    "RF967": "replay of a game log differs from the log",
    "RF968": "campaign sheet's sealed file (the overlord's secrets) is missing or not its own",
}

SEVERITIES = ("error", "warning")


# Why a diagnostic of these codes has no line:col when it has none (it is about a whole file)
NO_POSITION = {
    "RF002": "the file could not be read, so there is no line to point at",
    "RF106": "the file has no content, so there is no line to point at",
    "RF108": "the file was not read (it is over the size limit), so there is no line to "
             "point at",
    "RF965": "the log could not be read, so there is no line to point at",
    "RF966": "the log as a whole lacks its first or last record",
    "RF967": "the logs differ in length, which no single line shows",
}


@dataclass(frozen=True)
class Diagnostic:
    """A located message. ``line``/``col`` are 1-based; ``length`` is the caret span."""

    code: str
    message: str
    path: str = "<input>"
    line: int = 0
    col: int = 0
    length: int = 1
    severity: str = "error"
    hint: str | None = None
    source_line: str | None = None
    extra: dict = field(default_factory=dict, compare=False)

    def __post_init__(self) -> None:
        if self.code not in CODES:
            raise ValueError(f"unregistered diagnostic code {self.code}")
        if self.severity not in SEVERITIES:
            raise ValueError(f"bad severity {self.severity}")

    @property
    def is_error(self) -> bool:
        return self.severity == "error"

    @property
    def location(self) -> str:
        if self.line:
            return f"{self.path}:{self.line}:{self.col}"
        return self.path

    def render(self) -> str:
        head = f"{self.location}: {self.severity}[{self.code}]: {self.message}"
        lines = [head]
        if self.source_line is not None and self.line:
            text = self.source_line.rstrip("\r\n")
            if len(text) > 200:  # keep the view near the column on very long lines
                start = max(0, self.col - 80)
                text = ("…" if start else "") + text[start : start + 160] + "…"
                col = self.col - start + (1 if start else 0)
            else:
                col = self.col
            gutter = f"{self.line:>5} | "
            lines.append(gutter + text)
            width = max(1, min(self.length, max(1, len(text) - col + 1)))
            lines.append(" " * (len(gutter) - 2) + "| " + " " * max(0, col - 1) + "^" * width)
        if self.hint:
            lines.append(f"      = hint: {self.hint}")
        if not self.line and self.code in NO_POSITION:
            lines.append(f"      = note: no line:col: {NO_POSITION[self.code]}")
        return "\n".join(lines)

    def to_json(self) -> dict:
        data = asdict(self)
        data.pop("extra")
        if not self.line and self.code in NO_POSITION:
            data["no_position"] = NO_POSITION[self.code]
        data.update(self.extra)
        return data


class DiagnosticError(Exception):
    """Raised to stop a stage; carries one or more diagnostics."""

    def __init__(self, diagnostics: Diagnostic | Iterable[Diagnostic]):
        if isinstance(diagnostics, Diagnostic):
            diagnostics = [diagnostics]
        self.diagnostics = list(diagnostics)
        super().__init__("\n".join(d.render() for d in self.diagnostics))


def did_you_mean(word: str, candidates: Iterable[str], cutoff: float = 0.6) -> str | None:
    """Return a 'did you mean' hint for the closest candidate, or None."""
    import difflib  # here: a check without a misspelling never needs it (issue 38)

    pool = list(dict.fromkeys(candidates))
    lowered = {c.lower(): c for c in pool}
    match = difflib.get_close_matches(word.lower(), list(lowered), n=1, cutoff=cutoff)
    return f"did you mean '{lowered[match[0]]}'?" if match else None


def has_errors(diagnostics: Iterable[Diagnostic]) -> bool:
    return any(d.is_error for d in diagnostics)


def sort_key(d: Diagnostic) -> tuple:
    return (d.path, d.line, d.col, d.code, d.message)


def render_all(diagnostics: Iterable[Diagnostic], fmt: str = "text") -> str:
    items = sorted(diagnostics, key=sort_key)
    if fmt == "json":
        return json.dumps([d.to_json() for d in items], ensure_ascii=False, indent=2)
    return "\n".join(d.render() for d in items)
