"""Kernel source for the Hero's abilities: windows, legality, costs, limits and effects.

Each window the Hero's player may act in becomes a function ``W_<name>`` that asks (or, in
bot mode, decides inline) which ability to use, as ``Resolver.open_window`` does; each usable
ability becomes ``use_<j>(step, mr, win, pb)`` (``mr`` the round of the moment, ``pb`` a
one-item list holding the wounds still pending in a wounds window). Effects are straight-line
code over the kernel's locals (see :mod:`.kernel_emit`).
"""

from __future__ import annotations

from ..core.effects import walk
from ..core.windows import Moment, timing_refusal
from .kernel_effects import emit_effects
from .kernel_plan import ATTR, Unsupported
from .kernel_runtime import BC, NONE, STEP_OF

BOT_PICKS = frozenset({"attack", "inflict", "modify", "gain_gold", "for_duration"})


def fig_code(actor: str) -> str:
    """The runtime figure number: -1 the Hero, -2 the enemy, i >= 0 Ally i."""
    return {"h": "-1", "c": "-2"}.get(actor, actor[1:])


class Abilities:
    def __init__(self, gen):
        self.g = gen
        self.plan = gen.plan
        self.src = gen.src
        self.cands = self.plan.candidates()
        self.windows: dict[str, bool] = {}  # name -> emitted (has fitting abilities)

    # ------------------------------------------------------------------ windows
    def fitting(self, moment: Moment, pending: str | None) -> list:
        out = []
        for j, (card, ab) in enumerate(self.cands):
            if timing_refusal(ab, moment) is not None:
                continue
            if pending is not None and not _cancels_for(ab, pending):
                out.append((j, card, ab, False))  # fits, never legal for this figure
            else:
                out.append((j, card, ab, True))
        return out

    def window(self, name: str, moment: Moment, pending: str | None = None) -> bool:
        """Write ``W_<name>`` for ``moment``; False (and nothing written) when no ability
        of the Hero's cards fits it."""
        fit = self.fitting(moment, pending)
        if self.g.bot and not any(self._bot_may_use(ab, ok, pending) for _j, _c, ab, ok in fit):
            fit = []  # the bot passes at once and nobody is asked: no window to write
        if not fit:
            self.windows[name] = False
            return False
        self.windows[name] = True
        src, g = self.src, self.g
        step = STEP_OF.get(moment.step, NONE)
        mr = "0" if moment.round == 0 else "rnd"
        win = src.word(moment.window)
        arg = "pb" if pending else ""
        with src.block(f"def W_{name}({arg}):"):
            g.nonlocals(src)
            loop = "while pb[0] > 0:" if pending else "while True:"
            with src.block(loop):
                conds = [card.held(step == NONE) for _j, card, _ab, _l in fit]
                if all(c is not None for c in conds):
                    with src.block(f"if not ({' or '.join(conds)}):"):
                        src.line("break")
                legal = {j: self.legal(card, ab, moment, step, ok)
                         for j, card, ab, ok in fit}
                if g.bot:
                    self._bot_choice(fit, legal, pending)
                else:
                    src.line("opts = []")
                    for j, _card, ab, _ok in fit:
                        with src.block(f"if {legal[j]}:"):
                            src.line(f"opts.append({src.string(ab.ref)})")
                    src.line("opts.append(None)")
                    info = f"{{'window': {win}, 'pending': {'pb[0]' if pending else 0}}}"
                    src.line(f"a = ASK('use_ability', opts, None, {info}, SNAP, {step}, {mr})")
                    src.line("ch = None if a is None else REF.get(a, -9)")
                    with src.block("if ch == -9:"):
                        src.line("refuse(1, a)")
                with src.block("if ch is None:"):
                    src.line("break")
                first = True
                for j, _card, _ab, _ok in fit:
                    with src.block(f"{'if' if first else 'elif'} ch == {j}:"):
                        src.line(f"use_{j}({step}, {mr}, {win}, {'pb' if pending else 'None'})")
                    first = False
                if not g.bot:
                    with src.block("else:"):
                        src.line("refuse(1, a)")
        return True

    @staticmethod
    def _bot_may_use(ab, ok: bool, pending) -> bool:
        ops = {e.op for e in walk(ab.effects)}
        if not ok or "wounds" in ab.cost_ops:
            return False
        if pending:
            return "cancel" in ops
        return bool(ops & BOT_PICKS) or "heal" in ops

    def _bot_choice(self, fit, legal, pending) -> None:
        """HeuristicBot._use_ability inline: the first legal ability the bot would use."""
        src = self.src
        src.line("ch = None")
        first = True
        for j, _card, ab, _ok in fit:
            ops = {e.op for e in walk(ab.effects)}
            if "wounds" in ab.cost_ops:
                continue
            if pending:
                if "cancel" not in ops:
                    continue
                cond = legal[j]
            else:
                parts = [legal[j]]
                if "attack" in ops:
                    parts.append(self._worth(ab))
                if ops & BOT_PICKS:
                    pass
                elif "heal" in ops:
                    parts.append("(hw or hx)")
                else:
                    continue
                cond = " and ".join(f"({p})" for p in parts)
            with src.block(f"{'if' if first else 'elif'} {cond}:"):
                src.line(f"ch = {j}")
            first = False

    def _worth(self, ab) -> str:
        """HeuristicBot._worth_attacking: not when a likely miss could cost half the Hero's
        remaining life (Hero's stats, whoever attacks)."""
        g = self.g
        conds = []
        for e in walk(ab.effects):
            if e.op != "attack":
                continue
            attr = ATTR[e.phase]
            need = (f"{g.s('c', attr)} - {g.s('h', attr)} - {e.bonus} - "
                    f"{g.s('h', e.phase + '_roll')}")
            risk = g.s("c", f"{e.phase}_damage")
            conds.append(f"not (chance({need}) < 0.5 and {risk} * 2 >= {g.s('h', 'life')} - hw)")
        return " and ".join(conds) or "True"

    # ------------------------------------------------------------------ legality
    def legal(self, card, ab, moment: Moment, step: int, ok: bool) -> str:
        """Resolver.refusal as an expression (the window's step is known here)."""
        if not ok:
            return "False"
        g = self.g
        late = step == NONE
        parts = []
        held = card.held(late)
        if held:
            parts.append(held)
        if moment.round > 0 and ab.attacks:
            if step == NONE:  # the Defeat Challenge window: the round the combat ended
                parts.append(f"not (rnd > 0 and {self.attacked(card)})")
            else:
                parts.append(f"not {self.attacked(card)}")
        j = self.index(ab)
        if "activate" in ab.cost_ops:
            parts.append(f"not act[{card.index}]")
            if card.kind == "item":  # issue 32 (session rbrules): "Items cannot be activated"
                for action in ("activate_items", "activate_items_in_combat"):
                    barred = self.plan.restricted(action, late)
                    parts.append("False" if barred is True else f"not ({barred})" if barred
                                 else "True")
            parts.append(self.activation_room(step, moment.window))
        keys = self.bucket_keys(j, ab, step, "0" if moment.round == 0 else "rnd",
                                self.src.word(moment.window))
        parts += [f"{k} not in used" for k in keys]
        for cost in ab.costs:
            if _kind(cost) is None:
                continue
            n = "1" if _kind(cost) == "x" else _value(cost)
            if cost.op == "exhaustion":
                parts.append(f"{n} <= {g.s('h', 'stamina', late)} - hx")
            elif cost.op == "gold":
                parts.append(f"{n} <= gold")
        return " and ".join(f"({p})" for p in parts) or "True"

    def attacked(self, card) -> str:
        return f"raa[{card.ally}]" if card.kind == "ally" else "rah"

    def activation_room(self, step: int, window: str) -> str:
        rs = self.plan.ruleset
        if step == BC:
            return f"nbc < {rs.activations_before_combat}"
        if step != NONE:
            return f"nr < {rs.activations_per_round}"
        return f"nwin.get({self.src.word(window)}, 0) < 1"

    def index(self, ab) -> int:
        return next(j for j, (_c, a) in enumerate(self.cands) if a is ab)

    @staticmethod
    def bucket_keys(j: int, ab, step: int, mr: str, window: str) -> list[str]:
        """Moment.limit_buckets as tuple expressions (the step is known; ``mr`` and
        ``window`` are expressions). Kinds: 0 turn, 1 combat, 2 round, 3 Before Combat,
        4 the step itself."""
        in_combat = step != NONE
        keys = []
        for limit in ab.limits:
            if limit == "turn":
                keys.append(f"({j}, 0)")
            elif limit == "combat" and in_combat:
                keys.append(f"({j}, 1)")
            elif limit == "round" and in_combat and mr != "0":
                keys.append(f"({j}, 2, {mr})")
            elif limit == "before_combat" and step == BC:
                keys.append(f"({j}, 3)")
        if ab.limits and not keys:
            keys.append(f"({j}, 4, {mr}, {step}, {window})")
        if ab.tag == "before_combat":
            keys.append(f"({j}, 1)")
        return list(dict.fromkeys(keys))

    # ------------------------------------------------------------------ use
    def use_functions(self) -> None:
        for j, (card, ab) in enumerate(self.cands):
            self.use_function(j, card, ab)

    def use_function(self, j: int, card, ab) -> None:
        """Resolver.use_ability: X, limits, costs in order, then the effects. Steps that
        never fit the ability are not written."""
        src, g = self.src, self.g
        steps = sorted({STEP_OF.get(m.step, NONE) for m in self.plan.moments()
                        if timing_refusal(ab, m) is None})
        src.comment(f"{card.id}: {ab.source}")
        with src.block(f"def use_{j}(step, mr, win, pb):"):
            g.nonlocals(src)
            src.line("x = None")
            rooms = []
            for cost in ab.costs:
                if _kind(cost) == "x":
                    rooms.append(self.x_room(cost, card))
            if rooms:
                room = rooms[0] if len(rooms) == 1 else f"min({', '.join(rooms)})"
                g.decide("x", f"list(range(1, {room} + 1))", f"{room}",
                         source=src.string(card.id), into="x", rnd="mr")
            first = True
            for step in steps:
                with src.block(f"{'if' if first else 'elif'} step == {step}:"):
                    mr = "0" if step in (BC,) else "mr"
                    for key in self.bucket_keys(j, ab, step, mr, "win"):
                        src.line(f"used.add({key})")
                    if "activate" in ab.cost_ops:
                        self.count_activation(step)
                first = False
            for cost in ab.costs:
                self.pay(cost, card)
            src.line("oc = None")
            actor = f"a{card.ally}" if card.kind == "ally" else "h"
            self.effects(ab.effects, Ctx(card, actor, False, "pb"))
            src.line("return")

    def count_activation(self, step: int) -> None:
        src = self.src
        if step == BC:
            src.line("nbc += 1")
        elif step != NONE:
            src.line("nr += 1")
        else:
            src.line("nwin[win] = nwin.get(win, 0) + 1")

    def x_room(self, cost, card) -> str:
        g = self.g
        if cost.op == "exhaustion":
            return f"({g.s('h', 'stamina', True)} - hx)"
        if cost.op == "wounds":
            return f"max(0, {g.s('h', 'life', True)} - hw - 1)"
        if cost.op == "gold":
            return "gold"
        raise Unsupported(f"{card.id}: an X cost of {cost.op!r}")

    def pay(self, cost, card) -> None:
        src = self.src
        n = "x" if _kind(cost) == "x" else _value(cost) if _kind(cost) else None
        if cost.op == "activate":
            src.line(f"act[{card.index}] = True")
        elif cost.op == "discard":
            src.line(f"hd[{card.index}] = False")
            src.line(f"act[{card.index}] = False")
        elif cost.op == "exhaustion":
            src.line(f"exhaust(-1, {n}, True, step)")
        elif cost.op == "gold":
            src.line(f"gold = max(0, gold - {n})")
        elif cost.op == "wounds":  # straight onto the Hero: no window, no trigger
            src.line(f"hw += {n}")
            with src.block(f"if step != {NONE} and hw >= {self.g.life('h', True)}:"):
                src.line("raise HERO_DOWN")
        else:
            raise Unsupported(f"{card.id}: a {cost.op!r} cost")

    # ------------------------------------------------------------------ effects
    def effects(self, effects, ctx) -> None:
        emit_effects(self, effects, ctx)


class Ctx:
    """Where effects run: the card, the acting figure (h or a<i>), hostile (the challenge's
    own text), and the name of the pending-wounds list (or None)."""

    def __init__(self, card, actor: str, hostile: bool, pb: str | None, x: str = "x"):
        self.card, self.actor, self.hostile, self.pb, self.x = card, actor, hostile, pb, x


def _kind(cost) -> str | None:
    amount = getattr(cost, "amount", None)
    if amount is None:
        return None
    if amount.kind not in ("fixed", "x"):
        raise Unsupported(f"a cost of {amount.kind!r} amount")
    return amount.kind


def _value(cost) -> str:
    _kind(cost)
    return str(int(cost.amount.value))


def _cancels_for(ab, figure: str) -> bool:
    on_hero = figure == "h"
    return any(t == "hero_or_ally" or (t == "hero") == on_hero for t in ab.cancel_targets)
