"""The combat kernel generator: one challenge combat (``Combat.fight_challenge``) written as a
single Python function specialised for its cards.

Static modifiers are folded into constants; a stat that a card can change during the fight
(a duration, a one-use card, an Ally who may die) becomes an expression over locals. Wounds,
exhaustion, gold, durations, limits and the attacks of the round are locals of the kernel
function; windows, abilities and figures' helpers are nested functions that share them.

Two policy modes: ``bot`` writes the heuristic bot's decisions inline (it reads only stats
and wounds), ``ask`` calls ``ASK(kind, options, source, info)`` at each decision point, in the
engine's order, with the engine's options.
"""

from __future__ import annotations

from ..core.windows import Moment
from .kernel_abilities import Abilities, Ctx
from .kernel_plan import PHASES, Plan, Unsupported, mod_local, restrict_local
from .kernel_runtime import BC, ESC, NONE
from .kernel_source import Source

SCALARS = ("hw", "hx", "cw", "gold", "rnd", "rah", "nbc", "nr", "ht")


class Gen:
    def __init__(self, plan: Plan, mode: str):
        if mode not in ("bot", "ask"):
            raise ValueError(f"unknown kernel mode {mode!r}")
        self.plan, self.bot = plan, mode == "bot"
        self.src = Source()
        self.n_allies = len(plan.hero.allies)
        self.margin = plan.ruleset.defeat_margin
        self.uses_attack_helpers = False
        self.triggers = [t for _c, t in plan.standing_triggers()] + plan.duration_triggers
        self.locals = sorted({mod_local(u, t, s) for u, t, s in plan.durations}
                             | {restrict_local(u, a) for u, a in plan.duration_restricts})

    # ------------------------------------------------------------------ small pieces
    def s(self, fig: str, stat: str, late: bool = False):
        return self.plan.stat(fig, stat, late)

    def life(self, fig: str, late: bool = False) -> str:
        life = self.s(fig, "life", late)
        return str(life + self.margin) if isinstance(life, int) else f"{life} + {self.margin}"

    def nonlocals(self, src: Source) -> None:
        src.line("nonlocal " + ", ".join([*SCALARS, *self.locals]))

    def trigger_index(self, raw: dict) -> int:
        for i, t in enumerate(self.plan.duration_triggers):
            if t.raw is raw or t.raw == raw:
                return i
        raise Unsupported("a lasting trigger the plan did not read")

    def decide(self, kind: str, options: str, bot: str | None, *, source: str = "None",
               info: str = "{}", into: str, step: str = "step",
               rnd: str = "(rnd if 0 < step < 5 else 0)") -> None:
        """A decision point: the bot's answer inline, or ASK (checked like Resolver.ask),
        which gets the kernel's state (SNAP), the step and the round for the player's view
        of the engine."""
        src = self.src
        if self.bot and bot is not None:
            src.line(f"{into} = {bot}")
            return
        src.line(f"{into} = ASK({src.word(kind)}, {options}, {source}, {info}, SNAP, "
                 f"{step}, {rnd})")

    # ------------------------------------------------------------------ the function
    def emit(self) -> Source:
        src, plan = self.src, self.plan
        hero, chal = plan.hero, plan.challenge
        src.comment(f"combat kernel: {hero.name} against {chal.name}")
        with src.block("def kernel(rng, ASK, gold0, STR, seeds, out):"):
            src.line("gb = rng.getrandbits")
            if not self.bot:
                self._figure_ids()
            self.A = Abilities(self)
            self._helpers()
            self._windows()
            self.A.use_functions()
            self._challenge_text()
            if not self.bot:
                from .kernel_view import snapshot_source

                for line in snapshot_source(self):
                    src.line(line)
            src.comment("one combat per seed (None: the generator as it is)")
            with src.block("for sd in seeds:"):
                with src.block("if sd is not None:"):
                    src.line("rng.seed(sd)")
                src.line("hw = hx = cw = rnd = nbc = nr = 0")
                src.line("gold = gold0")
                src.line("rah = False")
                n = self.n_allies
                src.line(f"aw = [0] * {n}; ax = [0] * {n}; al = [True] * {n}; "
                         f"raa = [False] * {n}")
                src.line(f"hd = [True] * {len(plan.cards)}; act = [False] * {len(plan.cards)}")
                src.line("used = set(); nwin = {}; trg = []; ht = 0")
                if plan.wound_cap() is not None:  # ---- family 7: combat
                    src.line("wc = [0, 0]")
                for name in self.locals:
                    src.line(f"{name} = 0")
                self._flow()
        return src

    def _figure_ids(self) -> None:
        src, plan = self.src, self.plan
        ids = [(-1, plan.hero.id)] + [(i, a.id) for i, a in enumerate(plan.hero.allies)]
        src.line("FID = {" + ", ".join(f"{c}: {src.string(i)}" for c, i in ids) + "}")
        src.line("FIG = {v: k for k, v in FID.items()}")
        refs = ", ".join(f"{src.string(ab.ref)}: {j}"
                         for j, (_c, ab) in enumerate(plan.candidates()))
        src.line("REF = {" + refs + "}")

    # ------------------------------------------------------------------ helpers
    def _helpers(self) -> None:
        from .kernel_figures import emit_figure_helpers

        emit_figure_helpers(self)

    def _windows(self) -> None:
        A = self.A
        A.window("bc", Moment("before_combat", "before_combat", 1, 0))
        for p in PHASES:
            A.window(p, Moment(p, p, 1, 1))
        A.window("dc", Moment("defeat_challenge", None, 1, 1))
        A.window("ac", Moment("after_combat", None, 1, 0))
        A.window("ko", Moment("knocked_out", None, 1, 0))

    def _challenge_text(self) -> None:
        src, plan = self.src, self.plan
        card = plan.cards[-1]
        own = [ab for ab in card.abilities if ab.tag == "before_combat" and not ab.static]
        self.has_ctext = bool(own) and plan.before_combat
        if not self.has_ctext:
            return
        with src.block("def ctext(step, mr, pb):"):
            self.nonlocals(src)
            for ab in own:
                src.comment(f"{card.id}: {ab.source}")
                src.line("oc = None")
                self.A.effects(ab.effects, Ctx(card, "h", True, None, x="None"))

    # ------------------------------------------------------------------ the combat
    def _flow(self) -> None:
        src, plan = self.src, self.plan
        src.line("outcome = 'abandoned'")
        with src.block("try:"):
            if plan.before_combat:
                if self.has_ctext:
                    src.line(f"ctext({BC}, 0, None)")
                if self.A.windows.get("bc"):
                    src.line("W_bc()")
            with src.block("for rnd in range(1, 101):"):
                src.comment("a combat round: escape, then the ranged, melee and magic phases")
                src.line("nr = 0")
                if plan.escape:
                    self._escape()
                src.line("rah = False")
                if self.n_allies:
                    src.line(f"raa = [False] * {self.n_allies}")
                for p in PHASES:
                    src.comment(f"{p} phase")
                    if self.A.windows.get(p):
                        src.line(f"W_{p}()")
                    self._phase(p)
                self._expire("R")
            with src.block("else:"):
                src.line("rnd = 100")
        with src.block("except Down as down:"):
            with src.block("if down is ENEMY_DOWN:"):
                self._defeated()
            with src.block("else:"):
                self._knocked_out()
        self._expire("R")
        self._expire("C")
        if self.A.windows.get("ac"):
            with src.block(f"if hw < {self.life('h', True)}:"):
                src.line("W_ac()")
        src.line("out.append((outcome, rnd, hw, hx, gold, cw, tuple(aw), tuple(ax), tuple(al), "
                 "tuple(hd), ht))")

    def _expire(self, until: str) -> None:
        src = self.src
        for name in self.locals:
            if name.startswith(until):
                src.line(f"{name} = 0")
        if any(True for _ in self.plan.duration_triggers):
            src.line(f"trg[:] = [t for t in trg if t[1] != {'RCT'.index(until)}]")

    def _escape(self) -> None:
        src, plan = self.src, self.plan
        blocked = plan.restricted("escape")
        if blocked is True:
            return
        c = self.s
        worst = " + ".join(str(c("c", f"{p}_damage")) for p in PHASES)
        with src.block(f"if not ({blocked}):" if blocked else "if True:"):
            with src.block("while True:"):
                src.line(f"danger = ({worst}) >= {self.life('h')} - hw and "
                         f"{self.life('c')} - cw > 1")
                self.decide("escape", "[False, True]", "danger",
                            info="{'danger': danger}", into="go", step=str(ESC), rnd="rnd")
                with src.block("if not go:"):
                    src.line("break")
                src.line("r = roll()")
                bonus = c("h", "escape_roll")  # "+2 on escape attempts" (issue 32)
                with src.block(f"if r + {c('h', 'mind')} + {bonus} >= {c('c', 'mind')}:"):
                    src.line("outcome = 'escaped'")
                    src.line("break")
                src.line(f"hurt(-1, {plan.ruleset.escape_failure_wounds}, None, {ESC})")
            with src.block("if outcome == 'escaped':"):
                src.line("break")

    def _phase(self, p: str) -> None:
        from .kernel_phase import emit_phase

        emit_phase(self, p)

    def _defeated(self) -> None:
        src, plan = self.src, self.plan
        src.line("outcome = 'defeated'")
        if plan.challenge.reward_gold:
            src.line(f"gold = max(0, gold + {int(plan.challenge.reward_gold)})")
        src.line("cw = 0")
        self._fire_event("defeat_challenge")
        if self.A.windows.get("dc"):
            src.line("W_dc()")

    def _fire_event(self, kind: str) -> None:
        src = self.src
        if any(t.event["kind"] == kind for t in self.triggers):
            with src.block("try:"):
                src.line(f"fire_{kind}({NONE})")
            with src.block("except Down:"):
                src.line("pass")

    def _knocked_out(self) -> None:
        src, plan = self.src, self.plan
        src.line("outcome = 'knocked_out'")
        self._fire_event("knocked_out")
        src.line("hw = 0")
        src.line("hx = 0")
        if plan.ruleset.knockout_loses_gold:
            src.line("gold = 0")
        losable = [(c, plan.catalog.card(c.id).cost) for c in plan.cards
                   if c.kind in ("item", "ally")]
        if losable:
            held = [f"({c.index}, {cost}) if {c.held(True)} else None" for c, cost in losable]
            src.line("lose = [k for k in (" + ", ".join(held) + ",) if k is not None]")
            with src.block("if lose:"):
                src.line("top = max(k[1] for k in lose)")
                src.line("tied = [k[0] for k in lose if k[1] == top]")
                if self.bot:
                    src.line("lost = tied[0]")
                else:
                    ids = "{" + ", ".join(f"{c.index}: {src.string(c.id)}"
                                          for c, _ in losable) + "}"
                    src.line(f"CID = {ids}")
                    with src.block("if len(tied) == 1:"):
                        src.line("lost = tied[0]")
                    with src.block("else:"):
                        src.line("a = ASK('knockout_loss', [CID[k] for k in tied], None, {}, "
                                 f"SNAP, {NONE}, 0)")
                        src.line("lost = {v: k for k, v in CID.items()}[a]")
                for c, _ in losable:
                    with src.block(f"if lost == {c.index}:"):
                        if c.kind == "ally":
                            src.line(f"al[{c.ally}] = False")
                        else:
                            src.line(f"hd[{c.index}] = False")
                            src.line(f"act[{c.index}] = False")
        if self.A.windows.get("ko"):  # "When your Hero is knocked out, ...": after the losses
            src.line("W_ko()")
        src.line("cw = 0")


def generate(plan: Plan, mode: str) -> tuple[str, list[str]]:
    """The kernel's source and its string table."""
    src = Gen(plan, mode).emit()
    return src.text(), list(src.strings)



