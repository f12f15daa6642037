"""Kernel source for effect IR: one emitter per op, the engine's effect objects as code.

The order of every roll and question is the engine's (``core/effects.py``,
``core/rolls.py``): a kernel consumes the same dice and asks the same questions, so a
differential test can hold it to the engine.
"""

from __future__ import annotations

from .kernel_plan import UNTILS, Unsupported, mod_local, restrict_local

HOSTILE_OK = frozenset({"test", "if", "suffer", "inflict", "gain_gold", "attack", "heal",
                        "optional", "modify", "for_duration", "restrict", "trigger",
                        "cost_modifier"})


def emit_effects(A, effects, ctx) -> None:
    src = A.src
    if not effects:
        src.line("pass")
        return
    for e in effects:
        if ctx.hostile and e.op not in HOSTILE_OK:
            raise Unsupported(f"{ctx.card.id}: a challenge's {e.op!r}")
        EMIT[e.op](A, e, ctx)


def _attack(A, e, ctx) -> None:
    src, g = A.src, A.g
    if ctx.hostile:  # the challenge attacks; the Hero defends against its stat + bonus
        src.line(f"oc = 'success' if defend_h_{e.phase}({int(e.bonus)}, step) else 'failure'")
        return
    normal = "True" if e.damage == "normal" else "False"
    if ctx.actor == "h":
        with src.block("if mr > 0:"):
            src.line("rah = True")
        src.line(f"oc = 'success' if attack_h_{e.phase}({int(e.bonus)}, {normal}, step) "
                 "else 'failure'")
    else:
        i = ctx.actor[1:]
        with src.block("if mr > 0:"):
            src.line(f"raa[{i}] = True")
        src.line(f"oc = 'success' if attack_a{i}_{e.phase}({int(e.bonus)}, {normal}, step) "
                 "else 'failure'")
    g.uses_attack_helpers = True


def targets(A, target: str, body, ctx) -> None:
    """Run ``body(fig_expr)`` for each figure ``target`` names (Resolver.targets)."""
    src, g = A.src, A.g
    if target in ("hero", "you", "each_hero"):
        body("-1")
    elif target == "enemy":
        body("-2")
    elif target in ("each_other_hero", "another_hero"):
        src.line("pass  # no other Hero is in this combat")
    elif target == "each_ally":
        if g.n_allies:
            with src.block(f"for f in range({g.n_allies}):"):
                with src.block("if al[f]:"):
                    body("f")
        else:
            src.line("pass  # no Ally")
    elif target in ("ally", "hero_or_ally"):
        first = "[-1] + " if target == "hero_or_ally" else ""
        src.line(f"pool = {first}[f for f in range({g.n_allies}) if al[f]]")
        with src.block("if pool:"):
            if g.bot:
                src.line("t = pool[0]")
            else:
                g.decide("target", "[FID[f] for f in pool]", None,
                         source=src.string(ctx.card.id), into="t")
                src.line("t = FIG[t]")
            body("t")
    else:
        raise Unsupported(f"target {target!r}")


def amount(A, amt, ctx, upper: str | None = None) -> str:
    """An expression for the amount (asking first when the player chooses it)."""
    if amt.kind == "fixed" or amt.kind == "at_least":
        return str(int(amt.value))
    if amt.kind == "x":
        return ctx.x
    if amt.kind == "all":
        if upper is None:
            raise Unsupported("'all' with nothing to count")
        return upper
    values = list(amt.values) if amt.kind == "choice" else list(range(amt.value, -1, -1))
    src = A.src
    lit = "(" + ", ".join(str(int(v)) for v in values) + ",)"
    if upper is None:
        src.line(f"opts = list({lit})")
    else:
        src.line(f"opts = [v for v in {lit} if v <= {upper}] or [{min(values)}]")
    A.g.decide("amount", "opts", "max(opts)", source=A.src.string(ctx.card.id),
               into="n_amt")
    return "n_amt"


def _hurt(A, e, ctx) -> None:
    src = A.src

    def body(f):
        n = amount(A, e.amount, ctx)
        if e.op == "suffer" and e.token == "exhaustion":
            src.line(f"exhaust({f}, {n}, False, step)")
        else:
            src.line(f"hurt({f}, {n}, None, step)")
    targets(A, e.target, body, ctx)


def _cancel(A, e, ctx) -> None:
    src = A.src
    if ctx.pb is None:
        src.line("refuse(2)")
        return
    with src.block("if pb is None or pb[0] <= 0:"):
        src.line("refuse(2)")
    n = amount(A, e.amount, ctx, upper="pb[0]")
    src.line(f"pb[0] -= min({n}, pb[0])")


def _heal(A, e, ctx) -> None:
    src = A.src

    def body(f):
        for token in e.tokens:
            hero, ally = ("hw", "aw") if token == "wound" else ("hx", "ax")
            src.line(f"have = {hero} if {f} == -1 else {ally}[{f}]")
            n = amount(A, e.amount, ctx, upper="have")
            src.line(f"n = min(have, {n})")
            with src.block(f"if {f} == -1:"):
                src.line(f"{hero} = have - n")
            if A.g.n_allies:
                with src.block("else:"):
                    src.line(f"{ally}[{f}] = have - n")
    targets(A, e.target, body, ctx)


def _test(A, e, ctx) -> None:
    src, g = A.src, A.g
    src.line("b = 0")
    has = g.plan.has_skill(e.skill) if e.skill is not None else False
    if has is True:
        _skill_bonus(A, ctx)
    elif has:  # given by a card the Hero may lose in the fight (branch runs2)
        with src.block(f"if {has}:"):
            _skill_bonus(A, ctx)
    src.line("r = roll()")
    src.line(f"oc = 'success' if r + {g.s('h', e.attribute, True)} + b >= "
             f"{int(e.target_number)} else 'failure'")


def _skill_bonus(A, ctx) -> None:
    """The tested skill's bonus (core/rolls.py ``skill_test``)."""
    src, g = A.src, A.g
    rs = g.plan.ruleset
    src.line(f"b += {int(rs.skill_bonus)}")
    if rs.skill_bonus_per_exhaustion:
        src.line(f"room = {g.s('h', 'stamina', True)} - hx")
        with src.block("if room > 0:"):
            src.line("opts = list(range(room + 1))")
            g.decide("skill_exhaustion", "opts", "room", source=src.string(ctx.card.id),
                     into="n")
            src.line("exhaust(-1, n, True, step)")
            src.line(f"b += {int(rs.skill_bonus_per_exhaustion)} * n")


def _if(A, e, ctx) -> None:
    with A.src.block(f"if oc == {A.src.word(e.outcome)}:"):
        emit_effects(A, e.effects, ctx)


def _optional(A, e, ctx) -> None:
    src = A.src
    A.g.decide("optional", "[True, False]", "True", source=src.string(ctx.card.id),
               into="ok")
    with src.block("if ok:"):
        emit_effects(A, e.effects, ctx)


def _lasting(A, e, ctx) -> None:
    until = {"modify": "end_of_round", "restrict": "end_of_combat",
             "trigger": "end_of_turn", "cost_modifier": "end_of_turn"}[e.op]
    raw = e.raw if e.op == "trigger" else e.ir()
    duration_line(A.src, until, raw, ctx.x, A.g.trigger_index)


def _for_duration(A, e, ctx) -> None:
    for raw in e.raw_effects:
        duration_line(A.src, e.until, raw, ctx.x, A.g.trigger_index)


def _gain_gold(A, e, ctx) -> None:
    n = amount(A, e.amount, ctx)
    A.src.line(f"gold = max(0, gold + {n})")


EMIT = {
    "attack": _attack, "inflict": _hurt, "suffer": _hurt, "cancel": _cancel, "heal": _heal,
    "test": _test, "if": _if, "optional": _optional, "modify": _lasting,
    "restrict": _lasting, "trigger": _lasting, "cost_modifier": _lasting,
    "for_duration": _for_duration, "gain_gold": _gain_gold,
}


def duration_line(src, until: str, raw: dict, x: str, trigger_index) -> None:
    """One effect of a duration put in force (the engine's add_duration)."""
    u = UNTILS.get(until, until)
    if raw["op"] == "for_duration":  # a duration inside: its rules to the earlier end
        inner = min(u, UNTILS[raw["until"]], key="RCT".index)
        for held in raw["effects"]:
            duration_line(src, inner, held, x, trigger_index)
    elif raw["op"] == "modify":
        src.line(f"{mod_local(u, raw['target'], raw['stat'])} += {int(raw['value'])}")
    elif raw["op"] == "restrict":
        src.line(f"{restrict_local(u, raw['action'])} += 1")
    elif raw["op"] == "trigger":
        src.line(f"trg.append(({trigger_index(raw)}, {'RCT'.index(u)}, {x}))")
    else:
        src.line("pass  # lasts, but does nothing in a combat")
