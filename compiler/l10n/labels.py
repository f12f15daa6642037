"""The labels of the ``runeforge`` catalog: short words of the card faces and of the proxy
sheets (margins, contents page, duplex alignment page), msgctxt ``label.<key>``.

The card-face words are the default game's (Runebound's faces came first and share this
catalog); the sheet words are every game's (the build prints them on every pack's sheets).
:func:`runeforge.l10n.names.label` translates them; the Babel extractor of the catalog
(``runeforge_cards``, babel.cfg) yields them from this file.
"""

from __future__ import annotations

# Short labels of the card faces (the PDF backend), msgctxt "label.<key>".
LABELS: dict[str, str] = {
    "life": "Life", "stamina": "Stamina", "cost": "Cost", "reward": "Reward",
    "mind": "Mind", "body": "Body", "spirit": "Spirit",
    "ranged": "Ranged", "melee": "Melee", "magic": "Magic",
    "ranged_damage": "Ranged damage", "melee_damage": "Melee damage",
    "magic_damage": "Magic damage", "gold": "Gold", "familiar": "Familiar",
    "skills": "Skills", "event_number": "Event", "experience": "Experience",
    "kind.hero": "Hero", "kind.ally": "Ally", "kind.item": "Item",
    "kind.challenge": "Challenge", "kind.event": "Event", "kind.encounter": "Encounter",
    "class.weapon": "Weapon", "class.armor": "Armor", "class.artifact": "Artifact",
    "class.consumable": "Consumable", "class.rune": "Rune", "class.relic": "Relic",
    "damage": "Damage", "renew": "Renew",
    "print_note": "Print at 100 % (no scaling). This bar is 50 mm:",
    "usage.activated": "Activated", "usage.one-use": "One use", "usage.constant": "Constant",
    "colour.green": "Green", "colour.yellow": "Yellow", "colour.blue": "Blue",
    "colour.red": "Red",
    "reward.keep": "Keep this card", "reward.becomes.item": "Becomes an Item",
    "reward.becomes.ally": "Becomes an Ally",
    # the margins of proxy sheets, their contents page and the duplex alignment page
    "sheet.number": "sheet {n}/{total}", "sheet.front": "front", "sheet.back": "back",
    "sheet.contents": "Contents", "sheet.deck": "Deck", "sheet.cards": "Cards",
    "sheet.copies": "Copies", "sheet.sheets": "Pages",
    "align.front": "FRONT \u00b7 duplex alignment test",
    "align.back": "BACK \u00b7 duplex alignment test",
    "align.steps": "Print both sides at 100 %, flip on the long edge and hold the sheet to "
                   "the light.",
    "align.read": "Add the numbers under the cross of the back to --back-offset X,Y (mm).",
    # what `runeforge text` prints for a card without rules text, in the text's locale
    "no_text": "(no rules text: the card has no abilities; its face shows only its values)",
}

# Labels with a count: msgctxt "label.<key>", (singular, plural) msgids for ngettext.
PLURAL_LABELS: dict[str, tuple[str, str]] = {
    "reward_gold": ("{n} gold", "{n} gold"),
    "copies": ("{n} copy", "{n} copies"),
}
