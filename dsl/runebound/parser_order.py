"""The grammar's parts after the families, in the order they join the parser's transformer.

Each part is a module of this package: its ``install(cls)`` puts its rules on the transformer
(:func:`.parser_parts.install_rules`), or its ``RULES`` maps rule names to methods. A part may
wrap rules of the parts before it, so the order is part of the grammar: a new branch adds its
module at the end. A part that keeps something of a parse has ``forget()`` (called before each
parse); a part whose round-trip guard reads a sentence back has ``REPARSE`` (given
``parse_ability``); a part may have a second ``install_results(cls)``."""

from __future__ import annotations

from importlib import import_module

PARTS = (
    "parser_place",     # family 4/8/9: movement and place, durations, game-level effects
    "parser_core",      # issue 32 part III: the compositional core (wraps every family's rules)
    "parser_np",        # objects and noun phrases (wraps action_list and choose_one)
    "parser_bonus",     # bonuses, amounts and tokens as English says them
    "parser_lasting",   # a card's lasting rules said of the card (rbsubj)
    "parser_prohibit",  # prohibitions and a price's modifiers (rbrules)
    "parser_lists",     # "a blue or red challenge", "a forest, hills or mountain space"
    "parser_dice",      # die rolls as authors write them
    "parser_skills",    # a skill a card gives its Hero
    "parser_rbnp",      # noun phrases and objects as English builds them
    "parser_board",     # the board's adventure counters
    "parser_rbmod",     # modifiers, amounts and comparatives
    "parser_rbverb",    # a clause as subject, modal and verb phrase
    "parser_rbcost",    # a cost after an opener is a payment at the opener's moment
    "parser_rbmodi",    # the modifiers of a clause, before or after it, in one canonical order
    "parser_rbsix2",    # "one of them" bound to its subject, another adventure card
    "parser_rbseven",   # an attack's result said by its subject
    "parser_rbkinds",   # challenges', events' and encounters' constructions
    "parser_rbtime",    # the moment of a combat an effect applies in
    "parser_rbverbs",   # Runebound verbs and their objects
    "parser_rbwound",   # cancelling wounds (the first of each combat, "on you", "this phase")
    "parser_rblimits",  # carrying limits, knock-out losses
    "parser_rbmarket",  # the market's prices of selling and healing, its deck's offer
    "parser_rbroll",    # tests by their skill, any test, bonuses to them, rerolls
    "parser_rbsubj_bar",  # who may not attack, and when (rbsubj)
    "parser_rbsubj_exempt",  # "Red challenges are immune to this effect." (rbsubj)
    "parser_rbwho",     # more acts of a Hero a trigger names, "-ing" forms, "leaves your party"
    "parser_rbmove",    # movement: a price's purpose after its moment, terrain destinations
    "parser_rbdamage",  # how an attack's wounds are counted: multipliers, caps per attack
    "parser_rbmove2",   # movement, continued: an extra step into a terrain
    "parser_rbattack2",  # an attack's result said of its figure with the attack's kind
)


def install_parts(cls, parse_ability) -> list:
    """Install every part of :data:`PARTS` on the transformer ``cls``, in order; return the
    ``forget`` functions of the parts that keep something of a parse."""
    forget = []
    for name in PARTS:
        part = import_module(f"{__package__}.{name}")
        if hasattr(part, "install"):
            part.install(cls)
        else:
            for rule, method in part.RULES.items():
                setattr(cls, rule, method)
        if hasattr(part, "install_results"):
            part.install_results(cls)
        if hasattr(part, "REPARSE"):
            part.REPARSE.append(parse_ability)
        if hasattr(part, "forget"):
            forget.append(part.forget)
    return forget
