"""Kernel source for figures: the dice, wounds (with the wounds window and triggers),
exhaustion, and the attack and defence rolls of each phase (``core/resolver.py`` and
``core/rolls.py`` as code)."""

from __future__ import annotations

from contextlib import contextmanager

from ..core.effects import walk
from ..core.windows import Moment
from .kernel_abilities import Ctx
from .kernel_plan import ATTR, COVERS, PHASES
from .kernel_runtime import NONE, STEP_OF

_STEPS = (("before_combat", 0), ("escape", 1), ("ranged", 1), ("melee", 1), ("magic", 1),
          (None, 0))


def emit_roll(src, into: str = "r") -> None:
    """Two ten-sided dice as ``Dice.roll_2d10`` draws them (``randrange(10)`` is
    ``getrandbits(4)`` until below 10; a 0 counts as 10)."""
    src.line("a = gb(4)")
    with src.block("while a > 9:"):
        src.line("a = gb(4)")
    src.line("b = gb(4)")
    with src.block("while b > 9:"):
        src.line("b = gb(4)")
    src.line(f"{into} = (a or 10) + (b or 10)")


def emit_hurt(g, fig: str, n, ph: str, step: int) -> None:
    """Wounds on the Hero (h) or the enemy (c) in a combat step: inline when no window and
    no trigger can follow, else the helper."""
    src = g.src
    if isinstance(n, int) and n <= 0:
        return
    plain = not g.fires and (fig == "c" or step not in g.wound_windows["h"])
    if fig == "h" and g.plan.wound_cap() is not None:  # ---- family 7: combat
        plain = False  # the cap is counted in hurt_h
    if not plain:
        src.line(f"hurt_{fig}({n}, {ph!r}, {step})")
        return
    var, life, down = ("hw", g.life("h"), "HERO_DOWN") if fig == "h" else \
        ("cw", g.life("c"), "ENEMY_DOWN")
    if isinstance(n, int):
        src.line(f"{var} += {n}")
        if fig == "h":
            src.line(f"ht += {n}")
        with src.block(f"if {var} >= {life}:"):
            src.line(f"raise {down}")
        return
    src.line(f"n = {n}")
    with src.block("if n > 0:"):
        src.line(f"{var} += n")
        if fig == "h":
            src.line("ht += n")
        with src.block(f"if {var} >= {life}:"):
            src.line(f"raise {down}")


def emit_figure_helpers(g) -> None:
    src = g.src
    with src.block("def roll():"):
        emit_roll(src)
        src.line("return r")
    fires = g.fires = any(t.event["kind"] == "takes_wounds" for t in g.triggers)
    _wound_windows(g)
    _hurt_hero(g, fires)
    _hurt_allies(g, fires)
    _hurt_enemy(g, fires)
    with src.block("def hurt(f, n, ph, step):"):
        with src.block("if f == -1:"):
            src.line("hurt_h(n, ph, step)")
        with src.block("elif f == -2:"):
            src.line("hurt_c(n, ph, step)")
        with src.block("else:"):
            src.line("hurt_a(f, n, ph, step)")
    _exhaust(g, fires)
    _triggers(g)
    for p in PHASES:
        _attack(g, "h", p)
        _defend(g, p)
        for i in range(g.n_allies):
            _attack(g, f"a{i}", p)


def _wound_windows(g) -> None:
    A = g.A
    g.wound_windows = {"h": [], "a": []}
    for fig in ("h", "a"):
        for code, (step, rnd) in enumerate(_STEPS):
            name = f"w{fig}{code}"
            moment = Moment("wounds_inflicted", step, 1, rnd)
            if A.window(name, moment, pending="h" if fig == "h" else "a0"):
                g.wound_windows[fig].append(code)


def _window_calls(g, fig: str) -> None:
    src = g.src
    for code in g.wound_windows[fig]:
        with src.block(f"if step == {code}:"):
            src.line("pb = [n]")
            src.line(f"W_w{fig}{code}(pb)")
            src.line("n = pb[0]")


def _fire(g, fires: bool, fig: str, n: str) -> None:
    if fires:
        g.src.line(f"fire_tw({fig}, {n}, ph, step)")


def _defeated(g, fires: bool, fig: str, cond: str, down: str) -> None:
    """Resolver.inflict's defeat: in a combat step the wounds' triggers still fire (a second
    defeat among them is ignored), then the first defeat ends the combat."""
    src = g.src
    with src.block(f"if step != {NONE} and {cond}:"):
        if fires:
            with src.block("try:"):
                src.line(f"fire_tw({fig}, n, ph, step)")
            with src.block("except Down:"):
                src.line("pass")
        src.line(f"raise {down}")


@contextmanager
def _wounds_function(g, head: str):
    """``def hurt_x(...)``: the kernel's state, and nothing to do for no wounds."""
    with g.src.block(head):
        g.nonlocals(g.src)
        with g.src.block("if n <= 0:"):
            g.src.line("return")
        yield


def _hurt_hero(g, fires: bool) -> None:
    src = g.src
    with _wounds_function(g, "def hurt_h(n, ph, step):"):
        _window_calls(g, "h")
        cap = g.plan.wound_cap()
        if cap is not None:  # ---- family 7: combat (effects_combat.capped_wounds)
            with src.block(f"if step in ({STEP_OF['ranged']}, {STEP_OF['melee']}, "
                           f"{STEP_OF['magic']}):"):
                src.line("k = rnd * 8 + step")
                with src.block("if wc[0] != k:"):
                    src.line("wc[0] = k")
                    src.line("wc[1] = 0")
                src.line(f"n = max(0, min(n, {cap} - wc[1]))")
                src.line("wc[1] += n")
        with src.block("if n > 0:"):
            src.line("hw += n")
            src.line("ht += n")
            _defeated(g, fires, "-1", f"hw >= {g.life('h', True)}", "HERO_DOWN")
            _fire(g, fires, "-1", "n")


def _ally_expr(g, stat: str) -> str:
    """The stat of Ally ``i`` (a runtime index) as an expression."""
    vals = [str(g.s(f"a{i}", stat, True)) for i in range(g.n_allies)]
    return "(" + ", ".join(vals) + ",)[i]" if vals else "0"


def _hurt_allies(g, fires: bool) -> None:
    src = g.src
    with _wounds_function(g, "def hurt_a(i, n, ph, step):"):
        _window_calls(g, "a")
        with src.block("if n > 0:"):
            src.line("aw[i] += n")
            with src.block(f"if aw[i] >= {_ally_expr(g, 'life')} + {g.margin}:"):
                src.line("al[i] = False")
            _fire(g, fires, "i", "n")


def _hurt_enemy(g, fires: bool) -> None:
    src = g.src
    with _wounds_function(g, "def hurt_c(n, ph, step):"):
        src.line("cw += n")
        _defeated(g, fires, "-2", f"cw >= {g.life('c', True)}", "ENEMY_DOWN")
        _fire(g, fires, "-2", "n")


def _exhaust(g, fires: bool) -> None:
    src = g.src
    with src.block("def exhaust(f, n, chosen, step):"):
        g.nonlocals(src)
        with src.block("if f == -1:"):
            src.line(f"st = {g.s('h', 'stamina', True)}")
            with src.block("if chosen and hx + n > st:"):
                src.line("refuse(3)")
            src.line("new = hx + n")
            src.line("over = max(0, new - st)")
            src.line("hx = new - over")
            with src.block("if over:"):
                src.line("hw += over")
                src.line("ht += over")
                with src.block(f"if step != {NONE} and hw >= {g.life('h', True)}:"):
                    src.line("raise HERO_DOWN")
                _fire(g, fires, "-1", "over")
            src.line("return")
        if not g.n_allies:
            return
        src.line("i = f")
        src.line(f"st = {_ally_expr(g, 'stamina')}")
        with src.block("if chosen and ax[i] + n > st:"):
            src.line("refuse(3)")
        src.line("new = ax[i] + n")
        src.line("over = max(0, new - st)")
        src.line("ax[i] = new - over")
        with src.block("if over:"):
            src.line("aw[i] += over")
            with src.block(f"if aw[i] >= {_ally_expr(g, 'life')} + {g.margin}:"):
                src.line("al[i] = False")
            if fires:
                src.line("ph = None")
            _fire(g, fires, "i", "over")


def _covers(target: str | None) -> str:
    parts = []
    cov = COVERS.get(target or "", "")
    if "h" in cov:
        parts.append("f == -1")
    if "c" in cov:
        parts.append("f == -2")
    if "a" in cov:
        parts.append("(f >= 0 and al[f])")
    return " or ".join(parts) or "False"


def _match(t) -> str:
    ev = t.event
    parts = []
    if ev.get("phase") is not None:
        parts.append(f"ph == {ev['phase']!r}")
    amt = ev.get("amount") or {}
    if amt.get("kind") == "fixed":
        parts.append(f"n == {int(amt['value'])}")
    elif amt.get("kind") == "at_least":
        parts.append(f"n >= {int(amt['value'])}")
    parts.append(f"({_covers(ev.get('target'))})")
    return " and ".join(parts)


def _triggers(g) -> None:
    src, plan = g.src, g.plan
    standing = plan.standing_triggers()
    for kind in ("takes_wounds", "defeat_challenge", "knocked_out"):
        mine = [(c, t) for c, t in standing if t.event["kind"] == kind]
        lasting = [(i, t) for i, t in enumerate(plan.duration_triggers)
                   if t.event["kind"] == kind]
        if not mine and not lasting:
            continue
        head = "def fire_tw(f, n, ph, step):" if kind == "takes_wounds" else \
            f"def fire_{kind}(step):"
        with src.block(head):
            g.nonlocals(src)
            for card, t in mine:
                cond = " and ".join(c for c in (card.held(True),
                                                 _match(t) if kind == "takes_wounds" else None)
                                    if c) or "True"
                with src.block(f"if {cond}:"):
                    src.line("oc = None")
                    g.A.effects(t.effects, Ctx(card, "h", False, None, x="None"))
            if lasting:
                with src.block("for ti, tu, tx in list(trg):"):
                    for i, t in lasting:
                        cond = f"ti == {i}"
                        if kind == "takes_wounds":
                            cond += f" and {_match(t)}"
                        with src.block(f"if {cond}:"):
                            src.line("oc = None")
                            card = _card_of(plan, t)
                            g.A.effects(t.effects, Ctx(card, "h", False, None, x="tx"))


def _card_of(plan, trigger):
    for card in plan.cards:
        for ab in card.abilities:
            for e in walk(ab.effects):
                raws = getattr(e, "raw_effects", None) or []
                if e is trigger or getattr(e, "raw", None) == trigger.raw or \
                        any(r == trigger.raw for r in raws):
                    return card
    return plan.cards[0]


def _attack(g, fig: str, p: str) -> None:
    src, s = g.src, g.s
    attr = ATTR[p]
    name = f"attack_{fig}_{p}"
    hurt_self = "hurt_h" if fig == "h" else f"hurt_a({fig[1:]}, "
    with src.block(f"def {name}(bonus, normal, step):"):
        src.line("r = roll()")
        extra = g.plan.extra_wounds(p) if fig == "h" else 0  # ---- family 7: combat
        with src.block(f"if r + {s(fig, attr, True)} + {s(fig, p + '_roll', True)} + bonus >= "
                       f"{s('c', attr, True)}:"):
            with src.block("if normal:"):
                src.line(f"hurt_c({s(fig, p + '_damage', True)} + {extra}, {p!r}, step)")
            if extra != 0:
                with src.block("else:"):
                    src.line(f"hurt_c({extra}, {p!r}, step)")
            src.line("return True")
        dmg = s("c", p + "_damage", True)
        if fig == "h" and g.plan.immune(p):  # ---- family 7: combat
            src.line("pass  # immune to this phase's attacks")
        elif fig == "h":
            src.line(f"hurt_h({dmg}, {p!r}, step)")
        else:
            src.line(f"{hurt_self}{dmg}, {p!r}, step)")
        src.line("return False")


def _defend(g, p: str) -> None:
    src, s = g.src, g.s
    attr = ATTR[p]
    with src.block(f"def defend_h_{p}(tbonus, step):"):
        src.line("r = roll()")
        with src.block(f"if r + {s('h', attr, True)} + {s('h', p + '_roll', True)} >= "
                       f"{s('c', attr, True)} + tbonus:"):
            src.line("return True")
        if not g.plan.immune(p):  # ---- family 7: combat
            src.line(f"hurt_h({s('c', p + '_damage', True)}, {p!r}, step)")
        src.line("return False")
