"""Kernel source for one combat phase (``Combat._phase``): the options, the decision (the
heuristic bot's rule inline, or ASK with the engine's ``ev`` info), then the roll."""

from __future__ import annotations

from .kernel_figures import emit_hurt, emit_roll
from .kernel_plan import ATTR, PHASES
from .kernel_runtime import STEP_OF, ev


def _need(g, fig: str, p: str):
    a = ATTR[p]
    parts = (g.s("c", a), g.s(fig, a), g.s(fig, f"{p}_roll"))
    if all(isinstance(x, int) for x in parts):
        return parts[0] - parts[1] - parts[2]
    return f"({parts[0]} - {parts[1]} - {parts[2]})"


def hero_ev(g, p: str):
    """The bot's ev of the Hero's attack in phase ``p``: a float, or an expression."""
    need, dmg, risk = _need(g, "h", p), g.s("h", f"{p}_damage"), g.s("c", f"{p}_damage")
    if all(isinstance(x, int) for x in (need, dmg, risk)):
        return ev(need, dmg, risk)
    return f"ev({need}, {dmg}, {risk})"


def ally_ev(g, i: int, p: str) -> str:
    """Combat._phase_info for Ally ``i``: 0.0 when a miss would likely kill it."""
    fig = f"a{i}"
    need, dmg, risk = _need(g, fig, p), g.s(fig, f"{p}_damage"), g.s("c", f"{p}_damage")
    life = g.s(fig, "life")
    return (f"(0.0 if aw[{i}] + {risk} >= {life} and chance({need}) < 0.5 "
            f"else ev({need}, {dmg}, {risk}))")


def emit_phase(g, p: str) -> None:
    src = g.src
    step = STEP_OF[p]
    later = PHASES[PHASES.index(p) + 1:]
    barred = g.plan.restricted("ally_attack")
    allies_may = g.n_allies and barred is not True
    ally_gate = f"not ({barred})" if barred else "True"
    if g.bot:
        now = hero_ev(g, p)
        rest = [hero_ev(g, q) for q in later]
        if isinstance(now, float) and all(isinstance(r, float) for r in rest):
            attack_now = now >= max(rest, default=0) and now > 0
        else:
            attack_now = (f"({now}) >= max([{', '.join(map(str, rest))}], default=0) and "
                          f"({now}) > 0")
        if not allies_may:  # no Ally may attack: the Hero attacks or defends, inline
            if attack_now is False:
                _defend(g, p, step)
                return
            cond = "not rah" if attack_now is True else f"not rah and ({attack_now})"
            with src.block(f"if {cond}:"):
                _attack(g, p, step)
            with src.block("else:"):
                _defend(g, p, step)
            return
        with src.block(f"if not rah and ({attack_now}):"):
            src.line("pa = -1")
        with src.block("else:"):
            src.line("pa = -2")
            with src.block(f"if {ally_gate}:"):
                src.line("be = 0.0")
                for i in range(g.n_allies):
                    with src.block(f"if al[{i}] and not raa[{i}]:"):
                        src.line(f"e = {ally_ev(g, i, p)}")
                        with src.block("if e > be:"):
                            src.line("be = e")
                            src.line(f"pa = {i}")
    else:
        _ask_phase(g, p, later, allies_may, ally_gate)
    with src.block("if pa == -2:"):
        _defend(g, p, step)
    with src.block("elif pa == -1:"):
        _attack(g, p, step)
    for i in range(g.n_allies):
        with src.block(f"elif pa == {i}:"):
            src.line(f"raa[{i}] = True")
            src.line(f"attack_a{i}_{p}(0, True, {step})")


def _attack(g, p: str, step: int) -> None:
    """The Hero's attack (Combat._phase, Rolls.combat_attack), inline."""
    src, s = g.src, g.s
    src.line("rah = True")
    emit_roll(src)
    with src.block(f"if r >= {_need(g, 'h', p)}:"):
        emit_hurt(g, "c", plus(s("h", p + "_damage"), g.plan.extra_wounds(p)), p, step)
        src.line("pass")
    with src.block("else:"):
        if not g.plan.immune(p):  # ---- family 7: combat (immune: no wounds)
            emit_hurt(g, "h", s("c", p + "_damage"), p, step)
        src.line("pass")


def plus(a, b):  # ---- family 7: combat
    """``a + b`` of two ints or kernel expressions."""
    if isinstance(a, int) and isinstance(b, int):
        return a + b
    return a if b == 0 else f"({a} + {b})"


def _defend(g, p: str, step: int) -> None:
    """The Hero defends; no roll when the enemy deals no damage in this phase."""
    src, s = g.src, g.s
    dmg = s("c", f"{p}_damage")
    if isinstance(dmg, int) and dmg <= 0:
        src.line("pass  # the enemy deals no damage: no defence is rolled")
        return
    if g.plan.immune(p):  # ---- family 7: combat
        src.line("pass  # the Hero is immune to this phase's attacks: no defence is rolled")
        return
    with src.block("if True:" if isinstance(dmg, int) else f"if {dmg} > 0:"):
        emit_roll(src)
        with src.block(f"if r < {_need(g, 'h', p)}:"):
            emit_hurt(g, "h", dmg, p, step)
            src.line("pass")


def _ask_phase(g, p, later, allies_may, ally_gate) -> None:
    src = g.src
    ids = [src.string(f"ally:{a.id}") for a in g.plan.hero.allies]
    src.line("opts = []")
    src.line("evs = {}")
    src.line("later = {}")
    with src.block("if not rah:"):
        src.line("opts.append('attack')")
        src.line(f"evs['attack'] = {hero_ev(g, p)}")
        for q in later:
            src.line(f"later[{q!r}] = {hero_ev(g, q)}")
    if allies_may:
        with src.block(f"if {ally_gate}:"):
            for i in range(g.n_allies):
                with src.block(f"if al[{i}] and not raa[{i}]:"):
                    src.line(f"opts.append({ids[i]})")
                    src.line(f"evs[{ids[i]}] = {ally_ev(g, i, p)}")
    src.line("opts.append('defend')")
    g.decide("phase_action", "opts", None,
             info=f"{{'phase': {p!r}, 'ev': evs, 'hero_ev_later': later}}", into="a",
             step=str(STEP_OF[p]), rnd="rnd")
    src.line("pa = -1 if a == 'attack' else -2 if a == 'defend' else "
             "{" + ", ".join(f"{ids[i]}: {i}" for i in range(g.n_allies)) + "}[a]")
