"""The English templates of Delve's rules text: the msgids of
``locales/<loc>/LC_MESSAGES/delve.po`` (msgctxt ``delve.<key>``). English is the canonical
printer's text (``dsl/delve/printer.py``); :func:`who_templates` spells every selector the
grammar can build (a quantity, a side and its adjectives), so each has its own message and a
translator can make the words agree."""

from __future__ import annotations

from itertools import combinations

from .text_dadv import TEMPLATES_DADV  # issue 32 (branch dadv)
from .text_dadv2 import TEMPLATES_DADV2  # branch dadv2
from .text_ddice import TEMPLATES_DDICE  # issue 32 (branch ddice)
from .text_delve9 import TEMPLATES9
from .text_delve10 import TEMPLATES10
from .text_delve11 import TEMPLATES11
from .text_delve12 import TEMPLATES12
from .text_delve13 import TEMPLATES13
from .text_dhero import TEMPLATES_DHERO  # issue 32 (branch dhero)
from .text_dmove import TEMPLATES_DMOVE  # issue 32 (branch dmove)
from .text_dtarget import TEMPLATES_DTARGET  # issue 32 (branch dtarget)
from .text_heroes import TEMPLATES_HEROES  # issue 32 (branch delveheroes)

# key -> English text; a tuple is (singular, plural) for a count ``{n}``
CLAUSES = {
    "effect.explore": "explore",
    "effect.move": ("move up to {n} space", "move up to {n} spaces"),
    "effect.heal": ("heal {n} wound", "heal {n} wounds"),
    "effect.renown": ("gain {n} renown", "gain {n} renown"),
    "effect.skill": "gain a skill",
    "effect.attack": "attack {target}: {range}, Hit {hit}+, Damage {damage}",
}
TEMPLATES = {
    **CLAUSES,
    **{f"{key}.purp": text for key, text in CLAUSES.items()},
    "target.adjacent": "an adjacent adversary",
    "target.visible": "a visible adversary",
    "target.each": "each adversary in this chamber",
    "target.adjacent.purp": "an adjacent adversary",
    "target.visible.purp": "a visible adversary",
    "target.each.purp": "each adversary in this chamber",
    "range.combat": "combat",
    "range.missile": "missile",
    "range.area": "area",
    "event.slay": "slay an adversary",
    "event.explored": "explore a chamber",
    "event.recuperated": "recuperate",
    "join": "{first} and {next}",
    # issue 32: the dialect's compositional forms (selectors "who", filters, durations, riders)
    'effect.heal_on': ('heal {n} wound on {who}', 'heal {n} wounds on {who}'),
    'effect.strike': 'make a {range} attack',
    'effect.strike_on': 'make a {range} attack against {who}',
    'effect.stats': ', Hit {hit}+, Damage {damage}',
    'effect.push': ('push {who} {n} space away from you', 'push {who} {n} spaces away from you'),
    'effect.pull': ('pull {who} {n} space towards you', 'pull {who} {n} spaces towards you'),
    'effect.suffer_self': ('suffer {n} wound', 'suffer {n} wounds'),
    'effect.suffer': ('{who} suffers {n} wound', '{who} suffers {n} wounds'),
    'effect.reroll.spent': 'roll one of your spent dice again',
    'effect.reroll.unspent': 'roll one of your unspent dice again',
    'effect.ward': 'prevent the first wound you would suffer',
    'effect.boost.roll': 'add {n} to your attack rolls',
    'effect.boost.roll_range': 'add {n} to your {range} attack rolls',
    'effect.boost.damage': 'your attacks deal +{n} Damage',
    'effect.boost.damage_range': 'your {range} attacks deal +{n} Damage',
    # issue 32 (session lang4): a bonus against some adversaries only
    'effect.boost.roll_against': 'your attacks against {who} add {n} to their rolls',
    'effect.boost.roll_range_against': 'your {range} attacks against {who} add {n} to their rolls',
    'effect.boost.damage_against': 'your attacks against {who} deal +{n} Damage',
    'effect.boost.damage_range_against': 'your {range} attacks against {who} deal +{n} Damage',
    'effect.boost.move': 'add {n} to your Move',
    'until.end_of_turn': 'until the end of your turn, {effects}',
    'until.end_of_round': 'until the end of the round, {effects}',
    'until.next_turn': 'until the start of your next turn, {effects}',
    'until.end_of_phase': 'until the end of the adversary phase, {effects}',  # delve7
    'rider.rolled': 'if you rolled a {face}, {effects}',
    'rider.hits': 'if it hits, {effects}',
    'rider.slays': 'if this attack slays the target, {effects}',
    'effect.strike_area': 'make an {range} attack',
    'effect.strike_on_area': 'make an {range} attack against {who}',
    'event.slay_range_area': 'slay an adversary with an {range} attack',
    'limit.turn': 'Only once per turn.',
    'event.slay_range': 'slay an adversary with a {range} attack',
    'form.turn_end': 'At the end of your turn, {effects}.',
    'form.bare': '{cost}: {effects}.',
    'form.constant': '{effects}.',
    'form.spend.imp': 'Spend a hero die {cost} to {effects}.',
    'sentence': '{first}. {next}',
    'who.one.adversary': 'an adversary',
    'who.one.adversary.visible': 'a visible adversary',
    'who.each.adversary': 'each adversary',
    'who.each.adversary.visible': 'each visible adversary',
    'who.up_to.adversary': ('up to {n} adversary', 'up to {n} adversaries'),
    'who.up_to.adversary.visible': ('up to {n} visible adversary', 'up to {n} visible adversaries'),
    'who.another.adversary': 'another adversary',
    'who.each_other.adversary': 'each other adversary',
    'who.one.hero': 'a hero',
    'who.one.hero.visible': 'a visible hero',
    'who.each.hero': 'each hero',
    'who.each.hero.visible': 'each visible hero',
    'who.up_to.hero': ('up to {n} hero', 'up to {n} heroes'),
    'who.up_to.hero.visible': ('up to {n} visible hero', 'up to {n} visible heroes'),
    'who.another.hero': 'another hero',
    'who.another.hero.visible': 'another visible hero',
    'who.each_other.hero': 'each other hero',
    'who.another.adversary.visible': 'another visible adversary',
    'who.each_other.adversary.visible': 'each other visible adversary',
    'who.each_other.hero.visible': 'each other visible hero',
    'who.target': 'the target',
    'who.them': 'each of them',
    'who.self': 'yourself',
    'filter.adjacent': 'adjacent to you',
    'filter.adjacent_target': 'adjacent to the target',
    'filter.within': ('within {n} space of you', 'within {n} spaces of you'),
    'filter.chamber': 'in this chamber',
    'who.join': '{who} {filter}',
    "form.action": "{name} {cost}: {effects}.",
    "form.spend": "Spend a hero die {cost} to {effects}.",
    "form.trigger": "Every time you {event}, {effects}.",
    # words printed on faces
    "label.move": "Move",
    "label.vigour": "Vigour",
    "label.damage": "Damage",
    "label.weapon": "Weapon",
    "label.hit": "Hit",
    "label.chamber": "Chamber",
    "label.encounter": "Encounter",
    "label.exits": "exits",
    "label.spaces": "spaces",
    "label.game": "Delve",
    "label.kind.hero": "Hero",
    "label.kind.adversary": "Adversary",
    "label.kind.exploration": "Exploration",
    "label.kind.skill": "Skill",
    "label.kind.tile": "Chamber tile",
    "label.kind.encounter_table": "Encounter table",
    "label.print_note": "Delve proxy: print at 100 %.",
    # printable tiles (tile_pdf)
    "label.side.north": "north",
    "label.side.east": "east",
    "label.side.south": "south",
    "label.side.west": "west",
    "label.piece": "{name}, piece {n} of {total}",
    "label.tile_scale": "1 space = 1 inch: print at 100 %, cut along the marks",
    "label.overlap": "overlap: lay the next piece up to this line",
    # the reference card of the three basic actions (faces.reference_faces; seed 003, R6)
    "label.kind.reference": "Reference",
    "ref.title": "Basic actions",
    "ref.intro": "Every hero can take these. Spend a hero die showing the number or more, and "
                 "finish one action before you start the next.",
    "ref.explore": "Explore: beside an unexplored exit, turn over the top exploration card, lay "
                   "its chamber against that exit and follow the card.",
    "ref.move": "Move: go up to your Move in spaces, each touching the last, diagonals "
                "included. Start beside an adversary and you are pinned: then Move needs "
                "{need}+.",
    "ref.recuperate.turn": ("Recuperate: a wounded hero heals {n} wound. Each further "
                            "Recuperate in the same turn needs a die one higher.",
                            "Recuperate: a wounded hero heals {n} wounds. Each further "
                            "Recuperate in the same turn needs a die one higher."),
    "ref.recuperate.game": ("Recuperate: a wounded hero heals {n} wound. Each further "
                            "Recuperate in the game needs a die one higher.",
                            "Recuperate: a wounded hero heals {n} wounds. Each further "
                            "Recuperate in the game needs a die one higher."),
    "behaviour.advance": "advance",
    "behaviour.hold": "hold",
    "behaviour.skirmish": "skirmish",
}



ADJECTIVES = ("other", "visible", "wounded")      # the order they stand in before the noun
NOUNS = {"adversary": ("adversary", "adversaries"), "hero": ("hero", "heroes")}
FOLDED = ("one", "each", "another", "each_other")  # "other" is in the quantity ("another")


def adjective_sets(quantity: str) -> list[tuple]:
    """The adjective combinations a selector of ``quantity`` may have, in printed order."""
    pool = ("visible", "wounded") if quantity in FOLDED else ADJECTIVES
    return [c for k in range(len(pool) + 1) for c in combinations(pool, k)]


def _key(head: str, side: str, adjs) -> str:
    return f"{head}.{side}" + "".join(f".{a}" for a in adjs)


def who_templates() -> dict:
    """who.<quantity>.<side>[.<adjective>…] -> English; who.none.* and who.count.* are the
    plural nouns a condition counts ("there are no other heroes", "2 or more adversaries")."""
    out: dict = {}
    for side, (one, many) in NOUNS.items():
        for q in ("one", "each", "another", "each_other", "up_to", "n", "nearest"):
            for adjs in adjective_sets(q):
                words = list(adjs)
                if q == "each_other":
                    words.insert(0, "other")
                sg, pl = " ".join(words + [one]), " ".join(words + [many])
                text = {"one": f"{'an' if sg[0] in 'aeiou' else 'a'} {sg}", "each": f"each {sg}",
                        "another": f"another {sg}", "each_other": f"each {sg}",
                        "up_to": (f"up to {{n}} {sg}", f"up to {{n}} {pl}"),
                        "n": (f"{{n}} {sg}", f"{{n}} {pl}"), "nearest": f"the nearest {sg}"}[q]
                out[_key(f"who.{q}", side, adjs)] = text
        for adjs in adjective_sets("n"):
            out[_key("who.none", side, adjs)] = " ".join(list(adjs) + [many])
            out[_key("who.count", side, adjs)] = " ".join(list(adjs) + [many])
        out[f"who.that.{side}"] = f"that {side}"
        out[f"who.slayer.{side}"] = f"the {side} who slew it"
        out[f"who.attacked.{side}"] = f"the {side} it attacked"
        if side == "hero":   # "the hero that wounded it" (branch dsight)
            out["who.wounder.hero"] = "the hero that wounded it"
    return out


# issue 32, part III: the forms of a sentence of subject, verb and modifiers
PART3 = {
    "who.it": "it",
    "who.self.adversary": "this adversary",
    "who.or": "{who} or {other}",
    "filter.adjacent.it": "adjacent to it",
    "filter.wounds": ("with {n} or more wound", "with {n} or more wounds"),  # issue 32
    "filter.vigour": ("with {n} or more Vigour", "with {n} or more Vigour"),  # delve7
    "filter.adjacent.adversary": "adjacent to this adversary",
    "filter.within.it": ("within {n} space of it", "within {n} spaces of it"),
    "filter.within.adversary": ("within {n} space of this adversary",
                                "within {n} spaces of this adversary"),
    "filter.within.target": ("within {n} space of the target", "within {n} spaces of the target"),
    "effect.renown_on": "{who} gains {n} renown",
    "effect.renown_on.many": "{who} gain {n} renown",
    "effect.suffer.many": ("{who} suffer {n} wound", "{who} suffer {n} wounds"),
    "effect.move_ref.towards": ("move {n} space towards {ref}", "move {n} spaces towards {ref}"),
    "effect.move_ref.away": ("move {n} space away from {ref}", "move {n} spaces away from {ref}"),
    "effect.shift_ref.towards": ("move {who} {n} space towards {ref}",
                                 "move {who} {n} spaces towards {ref}"),
    "effect.shift_ref.away": ("move {who} {n} space away from {ref}",
                              "move {who} {n} spaces away from {ref}"),
    "effect.shift_nodir": ("move {who} {n} space", "move {who} {n} spaces"),
    # issue 32 (session lang4): heroes moved where they (or you) like
    "effect.move_on": ("move {who} up to {n} space", "move {who} up to {n} spaces"),
    "effect.move_them": ("{who} may move up to {n} space", "{who} may move up to {n} spaces"),
    "effect.move_them.many": ("{who} may move up to {n} space", "{who} may move up to {n} spaces"),
    "effect.ward_on": "prevent the first wound {who} would suffer",
    "effect.ward_n": ("prevent the first {n} wound you would suffer",  # issue 32 (lang4)
                      "prevent the first {n} wounds you would suffer"),
    "effect.ward_on_n": ("prevent the first {n} wound {who} would suffer",
                         "prevent the first {n} wounds {who} would suffer"),
    "effect.ward_per.round": "ignore the first wound you suffer each round",
    "effect.ward_per.turn": "ignore the first wound you suffer each turn",
    "effect.ward_on_per.round": "ignore the first wound {who} suffers each round",
    "effect.ward_on_per.turn": "ignore the first wound {who} suffers each turn",
    "effect.ward_on_per.round.many": "ignore the first wound {who} suffer each round",
    "effect.ward_on_per.turn.many": "ignore the first wound {who} suffer each turn",
    "effect.pick": "choose {who}",
    "effect.root": "{who} cannot move",
    "rule.steadfast.pushed": "cannot be pushed",
    "rule.steadfast.pulled": "cannot be pulled",
    "rule.steadfast.both": "cannot be pushed or pulled",
    "rule.steadfast_on.pushed": "{who} cannot be pushed",
    "rule.steadfast_on.pulled": "{who} cannot be pulled",
    "rule.steadfast_on.both": "{who} cannot be pushed or pulled",
    "rule.immune": "immune to {range} attacks",
    "rule.immune_on": "{who} is immune to {range} attacks",
    "rule.immune_on.many": "{who} are immune to {range} attacks",
    "rule.guard.roll_minus": "attacks against {who} subtract {n} from their rolls",
    "rule.guard.roll_minus_range": "{range} attacks against {who} subtract {n} from their rolls",
    "rule.guard.roll_plus": "attacks against {who} add {n} to their rolls",
    "rule.guard.roll_plus_range": "{range} attacks against {who} add {n} to their rolls",
    "rule.guard.damage": "attacks against {who} deal +{n} Damage",
    "rule.guard.damage_range": "{range} attacks against {who} deal +{n} Damage",
    "rule.guard.damage_minus": "attacks against {who} deal {n} less Damage",  # issue 32
    "rule.guard.damage_minus_range": "{range} attacks against {who} deal {n} less Damage",
    "rule.forbid.heal": "{who} cannot heal wounds",  # issue 32 (session delveg)
    "rule.forbid.recuperate": "{who} cannot recuperate",
    "rule.forbid.explore": "{who} cannot explore",
    "rule.unpinned": "you are never pinned",
    "rule.hamper": "{who} subtracts {n} from their attack rolls",
    "rule.hamper.many": "{who} subtract {n} from their attack rolls",
    "rule.hamper_range": "{who} subtracts {n} from their {range} attack rolls",
    "rule.hamper_range.many": "{who} subtract {n} from their {range} attack rolls",
    "rule.pin": "{who} is pinned",
    "rule.pin.many": "{who} are pinned",
    "rider.rolled_up": "if you rolled a {face} or higher, {effects}",
    "rider.none": "if there are no {who}, {effects}",
    "rider.some_one": "if there is {who}, {effects}",
    "rider.some_many": "if there are {n} or more {who}, {effects}",
    "rider.wounded_you": "if you are wounded, {effects}",
    "rider.wounded": "if {who} is wounded, {effects}",
    "rider.wounds_you": "if you have {n} or more wounds, {effects}",
    "rider.wounds": "if {who} has {n} or more wounds, {effects}",
    "form.clock.turn_start": "At the start of your turn, {effects}.",
    "form.clock.round_start": "At the start of each round, {effects}.",
    "form.clock.round_end": "At the end of each round, {effects}.",
    "form.clock.phase_start": "At the start of the adversary phase, {effects}.",
    "form.clock.phase_end": "At the end of the adversary phase, {effects}.",
    "form.wounded_you": "Every time you suffer a wound, {effects}.",
    "form.wounded": "Every time {who} suffers a wound, {effects}.",
    "form.wounded.many": "Every time {who} suffer a wound, {effects}.",
    "form.slain": "When {who} is slain, {effects}.",
    "form.slain.many": "When {who} are slain, {effects}.",
    "form.attacks": "After {who} attacks, {effects}.",
    "form.attacks.many": "After {who} attack, {effects}.",
    "form.attacks_you": "After you attack, {effects}.",
    "form.pushed": "Every time {who} is pushed, {effects}.",  # issue 32 (session delveg)
    "form.pulled": "Every time {who} is pulled, {effects}.",
    "form.approached": "Every time {who} moves adjacent to you, {effects}.",  # delve7
    "form.approached.many": "Every time {who} move adjacent to you, {effects}.",
    "form.missed": "When a hero attacks {who} and misses, {effects}.",  # delve7
    "form.activated": "When {who} is activated, {effects}.",  # issue 32 (session delve7)
    "form.label": "{name}: {text}",
}
# issue 32 (session delve8): an adversary as the subject of a hero's verbs; "the hero with
# the most wounds"; an attack with no range
DELVE8 = {
    "effect.strike_by": "{by} makes a {range} attack",
    "effect.strike_by_on": "{by} makes a {range} attack against {who}",
    "effect.strike_by_area": "{by} makes an {range} attack",
    "effect.strike_by_on_area": "{by} makes an {range} attack against {who}",
    "effect.strike_any": "make an attack",
    "effect.strike_any_by": "{by} makes an attack",
    "effect.assail": "attack {who}",
    "effect.assail_by": "{by} attacks {who}",
    "effect.boost.move_on": ("{who} moves {n} additional space",
                             "{who} moves {n} additional spaces"),
    "rule.own.damage": "this adversary's attacks deal +{n} Damage",
    "rule.own.damage_range": "this adversary's {range} attacks deal +{n} Damage",
    "rule.own.roll": "this adversary's attacks add {n} to their rolls",
    "rule.own.roll_range": "this adversary's {range} attacks add {n} to their rolls",
    "filter.chamber.adversary": "in this adversary's chamber",
}
RANKED = {("hero", "wounds"), ("hero", "renown"), ("hero", "vigour"),
          ("adversary", "wounds"), ("adversary", "vigour")}
RANK_WORDS = {"wounds": "wounds", "renown": "renown", "vigour": "Vigour"}
for _side, _rank in sorted(RANKED):
    for _q in ("most", "fewest"):
        DELVE8[f"who.{_q}.{_side}.{_rank}"] = f"the {_side} with the {_q} {RANK_WORDS[_rank]}"
TEMPLATES.update(PART3)
TEMPLATES.update(DELVE8)
TEMPLATES.update(TEMPLATES9)  # issue 32 (session delve9): compiler/games/delve/text_delve9.py
TEMPLATES.update(TEMPLATES10)  # issue 32 (session delve10): compiler/games/delve/text_delve10.py
TEMPLATES.update({k: v for k, v in who_templates().items() if k not in TEMPLATES})
TEMPLATES.update(TEMPLATES11)  # issue 32 (session delve11): compiler/games/delve/text_delve11.py
TEMPLATES.update(TEMPLATES12)  # issue 32 (branch delve12): compiler/games/delve/text_delve12.py
TEMPLATES.update(TEMPLATES_HEROES)  # issue 32 (branch delveheroes): text_heroes.py
TEMPLATES.update(TEMPLATES13)  # issue 32 (branch delveseven): compiler/games/delve/text_delve13.py
TEMPLATES.update(TEMPLATES_DADV)  # issue 32 (branch dadv): compiler/games/delve/text_dadv.py
TEMPLATES.update(TEMPLATES_DHERO)  # issue 32 (branch dhero): compiler/games/delve/text_dhero.py
TEMPLATES.update(TEMPLATES_DDICE)  # issue 32 (branch ddice): compiler/games/delve/text_ddice.py
TEMPLATES.update(TEMPLATES_DADV2)  # branch dadv2: compiler/games/delve/text_dadv2.py
TEMPLATES.update(TEMPLATES_DMOVE)  # issue 32 (branch dmove): compiler/games/delve/text_dmove.py
TEMPLATES.update(TEMPLATES_DTARGET)  # branch dtarget: compiler/games/delve/text_dtarget.py
