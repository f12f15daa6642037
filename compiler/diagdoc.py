"""Generate docs/diagnostics.md from the CODES table (tests/test_codes.py checks it is in sync).

    python -m runeforge.diagdoc > docs/diagnostics.md
"""

from __future__ import annotations

from .diagnostics import CODES

RANGES = {
    "RF0": "Usage and file system (exit status 2 for RF001 and RF004)",
    "RF1": "YAML and text encoding",
    "RF2": "Schema",
    "RF3": "Ability language syntax",
    "RF4": "Ability semantics",
    "RF5": "Content and references",
    "RF6": "Localisation",
    "RF7": "PDF and layout",
    "RF8": "Board and rules data",
    "RF9": "Delve (seed 003): its dialect and content",
}

# One short example of input that produces the code (or of the message).
EXAMPLES = {
    "RF001": "`runeforge check my-cardz/` when the folder does not exist",
    "RF002": "a file without read permission, or a directory named `x.yaml`",
    "RF003": "`runeforge build --out some-file.txt`",
    "RF004": "`runeforge text --card belt-of-strenght` (did you mean 'belt-of-strength'?)",
    "RF005": "`runeforge check x.rfpack` whose zip holds `../evil.yaml`, a link, or a "
             "file over 50 MB",
    "RF101": "`cards: [` with no closing bracket",
    "RF102": "a line indented with a tab before `origin: original`",
    "RF103": "`cost: 4` twice in one card",
    "RF104": "a file saved as Latin-1: `name: Caf\\xe9`",
    "RF105": "a file saved by an editor as \"UTF-8 with BOM\"",
    "RF106": "a file with nothing in it, or only comments",
    "RF107": "`name: &a [...]` / `- *a` (anchors and aliases; \"billion laughs\")",
    "RF108": "a 10 MB file (the limit is 2 MB per file), nesting thousands deep, or an "
             "ability over 10,000 characters given to `fmt`",
    "RF109": "a file checked out with `core.autocrlf=true` (an error: convert to LF)",
    "RF201": "`cost: four`",
    "RF202": "`flavor: ...` (did you mean 'flavour'?)",
    "RF203": "an item without `usage:`",
    "RF204": "`class: wepon` (did you mean 'weapon'?)",
    "RF205": "`count: 0`",
    "RF206": "`origin: seed-9` (does not match the pattern)",
    "RF207": "`kind: itme` (did you mean 'item'?)",
    "RF208": "`game: runebound-2` in a manifest (did you mean 'runebound-2e'?)",
    "RF301": "`Before Combat: Activate and and make a magic attack.`",
    "RF302": "`take 1 exhaustoin` (did you mean 'exhaustion'?)",
    "RF303": "`Before Combat: Activate and take`",
    "RF304": "`Until the end of this turn, ` written 33 times before `gain 1 gold.`",
    "RF305": "`Gain 1000 gold.`, or a number thousands of digits long",
    "RF401": "`Melee: Activate to make a magic attack.`",
    "RF402": "`Discard to ...` on an item with `usage: constant`",
    "RF403": "`Activate to cancel 1 wound.` outside a wounds-being-inflicted window",
    "RF404": "`inflict X wounds` with no `take X exhaustion`",
    "RF405": "`take X exhaustion to make a magic attack.`",
    "RF406": "`If you succeed, gain 1 gold.` with no attack or test before it",
    "RF407": "a skill test on an item card",
    "RF408": "`make a Swimming test` when no manifest lists that skill",
    "RF409": "`Magic: Once per combat round, ...`",
    "RF410": "`You receive +1 Luck.`",
    "RF411": "`Activate ...` on an ally card",
    "RF412": "`take 9 exhaustion` on a hero with Stamina 6",
    # ---- families 1-3: conditions, choices, random tables (issue 21)
    "RF414": "`If your Hero is in a swamps space, ...` (did you mean 'swamp'?)",
    "RF415": "`During your market step, if your enemy is a red challenge, ...`",
    "RF416": "`Activate to ... While you have an Ally, gain 1 gold.`",
    "RF417": "`Choose one: gain 2 gold.` (one option)",
    "RF418": "`Choose one: gain 1 gold; or gain 1 gold.` (a warning)",
    "RF419": "`Roll a die. On 1–4, ... On 4–10, ...` (4 is in two rows)",
    # ---- family 7: combat
    "RF425": "`Activate to inflict 1 additional wound on your enemy.` (no attack before it)",
    "RF426": "`After combat, reroll your combat roll.`, or a reroll on a challenge card",
    "RF427": "`Each of your Allies takes no more than 1 wound in each combat phase.`",
    "RF428": "`Your Hero takes no more than 0 wounds in each combat phase.`",
    "RF429": "`Activate to make a ranged attack against another Hero's enemy.` (no `Ranged:`)",
    # ---- family 4/8/9: movement and place, durations, game-level effects (issue 21)
    "RF420": "`Move your Hero to Tamalyr.` (did you mean 'Tamalir'?), `Every time your Hero "
             "enters a swampp space, ...`",
    "RF421": "`Before Combat: Place 1 doom token on the doom track.`",
    "RF422": "`Remove 0 doom tokens from the doom track.`, `each Hero within 12 spaces`",
    "RF423": "`Until this card is discarded, ...` on an encounter",
    "RF424": "`Discard this card. Until this card is discarded, you receive +1 Body.`",
    # ---- family 5/6: decks and cards, economy and experience (issue 21)
    "RF430": "`Gain gold equal to its cost.` with no `Discard an Item to ...`",
    "RF431": "`... as an Ally with Body 2.` (no Life), or `with Life 3 and Life 2`",
    "RF432": "`Return this card to the bottom of its deck.` on a Hero card",
    "RF433": "`Your enemy pays you 1 gold.`",
    "RF434": "`Gain gold equal to this card's cost.` on an encounter",
    # ---- the table of card windows (docs/windows.md)
    "RF440": "`Before moving, gain 1 gold.` on a challenge, or `Before Combat: ...` on an "
             "encounter",
    "RF441": "`Melee: Your enemy takes 1 wound.` on a challenge (a warning: write 'this "
             "challenge')",
    "RF442": "`Each other Hero receives -1 Body.` on an event",
    "RF443": "`Make a melee attack.` on an encounter, or `Before moving, make a magic "
             "attack.`",
    "RF444": "`Every time your Hero takes 1 or more wounds, your Hero takes 1 wound.`",
    "RF450": "`This challenge takes 1 wound.` on an item (write 'your enemy')",
    "RF451": "`Items cost you 1 less gold for each Ally you have.` (give it a timing)",
    "RF452": "`Each Hero tests Body (5).` ('If you succeed' could not say whose)",
    "RF454": "`Before combat: gain 1 gold. If you were defeated, take 1 wound.` (write "
             "'When your Hero is knocked out, ...')",
    "RF453": "`Keep it as a trophy.` on an item (a challenge's card data says whether it "
             "is kept)",
    "RF455": "`Before moving, add 2 to the result.` (write it under 'When you test Mind, "
             "...')",
    "RF457": "`At the start of your turn, if you took no wounds, gain 1 gold.`",
    "RF458": "`While this event is in play, each Hero gains 2 gold.`",
    "RF456": "`When your Hero would be knocked out, heal all your wounds.` (write 'When "
             "your Hero is knocked out, ...')",
    "RF470": "`Draw a green challenge card.`, or `Until the end of this turn, you have the Swim skill.`",
    "RF471": "`Reward: 3 gold.` on an item, or on a challenge that also has `reward: {gold: 2}`",
    "RF478": "`Melee: Make a melee attack against your Hero.` on a Hero (write 'Make a melee "
             "attack.')",
    "RF489": "`When you roll movement dice, gain 1 gold.` (write 'Before moving, ...' or "
             "'After moving, ...')",
    "RF490": "`You receive +1 Body unless you are in a town.` (write 'While ..., you receive "
             "+1 Body.')",
    "RF472": "`Heroes cannot be healed.` (the engine bars a town's healing: `... in towns`), "
             "`Items cannot be activated.`, `Gain 1 gold (to a minimum of 1 gold).`",
    "RF480": "`Roll a die. On 1–3, take 2 wounds. On 4–6, gain 3 gold.` (nothing happens on 7–10)",
    "RF481": "`Test Body (7). Roll twice and use the higher result.` (a test is rolled once)",
    "RF482": "`Any Phase: Activate to add +2 to your combat roll.` (write 'Melee: ...' or 'to "
             "your melee combat roll')",
    "RF493": "`Once per combat, every time you attack and fail, gain 1 gold. Gain 1 gold.`",
    "RF530": "`Gain 2 gold this turn.` (write 'Gain 2 gold.')",
    "RF560": "`Until the end of this turn, until the next event, you receive +1 Body.`",
    "RF562": "`Every time your Hero enters a forest space, move 1 space.`",
    "RF563": "`At the end of your turn, you receive +1 Body.`",
    "RF566": "`Test Mind. If you pass, gain 2 gold.` (no target number)",
    "RF565": "`You receive +2 Body this phase.` (no phase's tag)",
    "RF567": "`At the start of your turn, if it is the magic phase, gain 1 gold.`",
    "RF564": "`Before Combat: Every time your Hero takes 1 or more wounds, gain 1 gold.`",
    "RF561": "`Melee: Every time your Hero enters a town, gain 1 gold.` (write 'Every time "
             "...' for a rule always on)",
    "RF575": "`Cancel the first 0 wounds inflicted on your Hero in each combat.`",
    "RF576": "`Melee: Cancel the first wound inflicted on your Hero in each combat.`",
    "RF577": "`Cancel the first wound inflicted on your Hero in each combat.` on an event",
    "RF578": "`Prevent the first wound dealt to this Ally in each combat.` on an Item",
    "RF542": "`Every time another Hero succeeds at a melee attack, gain 1 gold.`",  # rbattack2
    "RF543": "`Melee: Every time you fail a ranged attack, take 1 wound.`",
    "RF553": "`Each Hero takes no more than 1 wound from a single attack.`",  # rbdamage
    "RF554": "`This Ally inflicts double damage.` on an Item",
    "RF555": "`This challenge inflicts double damage against red challenges.`",
    "RF556": "`Your Hero takes no more than 1 wound from a single attack.` on an event",
    "RF557": "`If your attack succeeds by 3 or more, gain 1 gold.`",
    "RF585": "`You may have 2 Allies instead of 2.`",
    "RF586": "`You may carry 1 additional weapon.` on a challenge, or `This card counts as 2 "
             "weapons.` on an Ally",
    "RF587": "`Every time you defeat a challenge, you may carry 1 additional weapon.`",
    "RF588": "`You keep your gold.` (no knock-out named), or `When your Hero is knocked out, you "
             "keep your gold. Gain 1 gold.`",
    "RF589": "`When your Hero is knocked out, discard this card instead of your most expensive "
             "Item or Ally.` on a Hero card",
    "RF580": "`You must keep the second result.` (no reroll before it)",
    "RF501": "two cards named `Rune Plate` (the hint names the other file:line)",
    "RF502": "`removes: [belt-of-strenght]` in a manifest",
    "RF503": "`id: belt` on `Belt of Strength` without `id_override: true`",
    "RF504": "two packs with `id: core`, or `manifest.yaml` without `kind: manifest`",
    "RF601": "an empty msgstr for a card name in `locales/ru`",
    "RF602": "a translation that drops the `{amount}` slot",
    "RF603": "a .po file with a syntax error",
    "RF604": "a Greek letter missing from the chosen font",
    "RF605": "`runeforge build --locale fi` with cards of a game that has only English text",
    "RF701": "a long ability that does not fit the text box at the smallest size",
    "RF702": "`--paper A3` or a layout with 0 columns",
    "RF710": "`art: art/wolf.png` with no such file beside the card's YAML file",
    "RF711": "`art: art/wolf.gif`, or a PNG file that is cut short",
    "RF712": "a 200x150 px image in a 54x26 mm art box (94 dpi)",
    "RF713": "`art: ../../secret.png` or `art: /etc/passwd`",
    "RF714": "`art:` on a Hero, whose face shows stats where other kinds show art",
    "RF801": "two board spaces at the same coordinates",
    "RF802": "a neighbour two hexes away",
    "RF803": "a road to space `c12` that the board does not have",
    "RF804": "`terrain: lava`",
    "RF805": "no town on the board, or a town on a river",
    "RF806": "a town cut off from the rest of the board",
    "RF807": "`gem: purple`",
    "RF808": "a market column for a space that is a forest",
    "RF809": "A lists B as a neighbour but B does not list A",
    "RF810": "a ruleset value that contradicts another",
    "RF811": "`victory: [{type: defeat, card: belt-of-strength}]` (an item is never "
             "defeated), or `rules: kyross`",
    "RF901": "`Cleave (7+): Attack an adjacent adversary: combat, Hit 4+, Damage 1.`",
    "RF902": "`Spend a hero die (3+*) to heal 1 wound.`",
    "RF903": "`... combat, Hit 7+, Damage 1.`",
    "RF904": "`Attack a visible adversary: area, Hit 4+, Damage 1.`",
    "RF905": "`Last Stand (6+*): Heal 1 wound.` (warning: (7+) never comes)",
    "RF906": "`... combat, Hit 4+, Damage 0.`",
    "RF907": "`Attack an adjacent adversary: missile, Hit 4+, Damage 1.`",
    "RF908": "`tile: no-such-chamber` on an exploration card",
    "RF909": "an exit that runs past the end of its tile's side",
    "RF910": "an encounter table with no row for a roll of 6",
    "RF911": "no `rules` document in a Delve pack, or Recuperate missing from it",
    "RF912": "`Rest (2+): Heal 0 wounds.`",
    "RF913": "`Shove (2+): Push another hero 1 space away from you.`",
    "RF914": "`(2+): If you rolled a 6, gain 1 renown.` (no roll before it)",
    "RF915": "`(3+): Add 1 to your missile attack rolls.` (for how long?)",
    "RF916": "`(2+): Until the end of your turn, heal 1 wound.`",
    "RF917": "`Bow (3+): Missile, Hit 3, Damage 1. If you rolled a 7, gain 1 renown.`",
    "RF918": "`Heal 1 wound.` with no cost and no trigger",
    "RF924": "`Each hero in this chamber heal 1 wound.` (the hint gives the sentence with "
             "`heals`)",
    "RF925": "`(3+): Heal 1 wound.` on an adversary (no hero dice); `This adversary is immune "
             "to area attacks.` on a hero; docs/delve.md lists what each kind runs",
    "RF926": "`(3+): Heal 1 wound every time you slay an adversary.`",
    "RF927": "`Each adversary in this chamber moves 1 space.` (towards or away from whom?)",
    "RF928": "`(3+): This adversary is immune to area attacks.`",
    "RF920": "a trial with `deck: [dripping-step]` (the card is `dripping-steps`)",
    "RF921": "a trial with `deck: []`",
    "RF922": "a trial with `goal: {type: slay}` and no adversary",
    "RF923": "two trials with `id: first-descent`",
    "RF929": "`placement: north` with `portals: [east, north]`",
    "RF930": "a hero whose abilities are all actions and weapons (no `Every time …, gain 1 "
             "renown.`)",
    "RF932": "`When activated, this adversary makes a missile attack against each visible "
             "hero.` on an adversary whose only weapon is a combat one",
    "RF931": "`Volley (5+): Make a missile attack against 2 visible adversaries. Roll "
             "separately for each target.` (each target already gets its own roll)",
    "RF970": "`Daze (3+): Until the end of the round, each hero adjacent to you cannot "
             "attack.`",
    "RF971": "`Each adversary adjacent to this adversary cannot attack.` (on an adversary's "
             "card: it would never attack)",
    "RF972": "`Dash (3+): Move 1 space for each adversary adjacent to you.`",
    "RF973": "`Mend (3+): Heal 1 wound for a visible adversary.`",
    "RF938": "`(3+): Place an adversary of the same kind adjacent to it. Only once per game.`",
    "RF939": "`Until this adversary is slain, add 1 to your attack rolls.`",
    "RF974": "`The first time this adversary suffers a wound, it heals 1 wound. Only once per "
             "round.`",
    "RF980": "`Mend (2+): If you rolled a 6, heal 2 wounds instead.` (nothing before it to "
             "replace)",
    "RF981": "`Smite (3+): Make a combat attack against an adversary adjacent to you. If it "
             "hits, the target suffers 2 wounds instead.`",
    "RF982": "`Daze (3+): Until the end of the round, each adversary adjacent to you cannot "
             "attack another adversary.`",
    "RF983": "`Anchor (3+): Choose an adversary. Until the end of the round, it cannot be "
             "pushed.`",
    "RF984": "`After this adversary attacks, the hero it attacked discards 1 unspent hero "
             "die.` (in the adversary phase no hero holds a die)",
    "RF933": "`Loaded Die (3+): Change one of your unspent dice to show a 7.` (a hero die "
             "shows 1 to 6)",
    "RF934": "`At the end of each round, change one of your unspent dice to show a 6.` (no "
             "hero holds dice then)",
    "RF935": "`Mark (2+): Until the end of the turn, attacks against adjacent adversaries deal "
             "+1 Damage.` (choose the adversary first, then say 'attacks against it')",
    "RF936": "`Gamble (2+): Move up to 2 spaces on a roll of 5 or 6.` (write 'Roll a die. On a "
             "5 or 6, move up to 2 spaces.')",
    "RF975": "`When this adversary is slain, the hero who slew it loses 1 renown.`",
    "RF940": "`Vault (4+): Move up to 3 spaces through obstacles and other figures.` (a "
             "warning: every move passes obstructions)",
    "RF941": "`Heroes adjacent to this adversary may move through other figures.`",
    "RF943": "`This adversary moves through walls.`",
    "RF944": "`You never move adjacent to an adversary.` (a hero moves where its player "
             "chooses)",
    "RF942": "`A hero who starts a move next to this adversary suffers 1 wound.`",
    "RF945": "`Dash (2+): Move 3 spaces towards the nearest adversary instead of attacking.`",
    "RF985": "`Every time you suffer a wound, the hero that wounded it suffers 1 wound.` (on a "
             "hero's card: adversaries wound heroes)",
    "RF951": "`structure:` with two Act I adventures, or eight in all",
    "RF952": "an Act I adventure whose two `branches:` name the same Act II adventure",
    "RF953": "two Interludes both with `side: heroes`",
    "RF954": "a tier 2 warlord card with `xp: 1` when `tier_xp` says 2",
    "RF955": "14 basic overlord cards (copies counted) with `min_deck: 15`",
    "RF956": "a route with a `water` symbol and no travel event for `water`",
    "RF957": "a relic with `hero:` and no `overlord:`",
    "RF958": "`trial: no-such-trial` or `location: atlantis` on an adventure",
    "RF959": "a class with two skills marked `basic: true`",
    "RF960": "two adventures with the id `the-silent-mill`",
    "RF961": "a sheet cut off half-way: `{\"version\": 1, \"gold\": 2`",
    "RF962": "`\"version\": 2` in a sheet this runeforge did not write",
    "RF963": "`\"gold\": -50`, or an overlord card in two places",
    "RF964": "`runeforge campaign replay` of a log whose campaign ended differently",
    "RF968": "`camp.json` without the `camp.sealed.json` written with it (missing, or of "
             "another step)",
    "RF965": "`runeforge replay` of a log cut in the middle of a line, or a directory",
    "RF966": "a record with no `seq`, or `\"players\": 9` in the options record",
    "RF967": "a log whose rolled `\"dice\"` were edited, replayed",
    "RF494": "`You may use any hills symbol as a hills symbol.`",
    "RF495": "`When moving, gain 1 gold.` (write 'Before moving, ...' or 'After moving, ...')",
    "RF496": "`Move 2 additional spaces into forest.`",
    "RF497": "`When your Hero ends his movement in a forest space, gain 1 gold. Take 1 wound.`",
    "RF498": "`After moving, take 1 exhaustion to gain 1 gold. You may not rest on a turn in "
             "which you use this card.`",
}


def generate() -> str:
    lines = [
        "# Diagnostic codes",
        "",
        "<!-- generated by `python -m runeforge.diagdoc > docs/diagnostics.md`;"
        " do not edit -->",
        "",
        "Every message has the form `path:line:col: error[CODE]: message`, then the source",
        "line, a caret under the span and a hint; warnings say `warning`. `--format json`",
        "gives the same as records. Exit status: 0 clean, 1 content errors, 2 usage errors,",
        "3 internal error (a bug: please report it). Codes are stable and never renumbered.",
    ]
    current = None
    for code, meaning in CODES.items():
        prefix = code[:3]
        if prefix != current:
            current = prefix
            lines += ["", f"## {prefix}xx: {RANGES.get(prefix, 'Other')}", "",
                      "| code | meaning | example |", "|---|---|---|"]
        example = EXAMPLES.get(code, "")
        lines.append(f"| {code} | {meaning} | {example} |")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    print(generate(), end="")
