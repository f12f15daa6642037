"""The solver of the exact combat odds (:mod:`.odds_exact` describes the model and the
method): the within-round programme, the Dinkelbach/Newton iteration per round-start state,
the policy table, and the result types.
"""

from __future__ import annotations

from dataclasses import dataclass

from .odds_fused import fused_kernel
from .odds_policy import DEFEND, HERO, STRIKE, PolicyQueries
from .odds_result import OddsResult
from .odds_rows import RowConstants, row_kernel
from .odds_sweep import kernel

ATTRIBUTES = ("mind", "body", "spirit")  # combat value of the ranged, melee, magic phase
STAT_FIELDS = ATTRIBUTES + ("ranged_damage", "melee_damage", "magic_damage", "life")
_EPS = 1e-12

# P(2d10 >= n) with a 0 counting as 10: sums 2..20, counts 1,2,..,10,..,2,1 out of 100.
_AT_LEAST = {}
_acc = 0
for _s in range(20, 1, -1):
    _acc += 10 - abs(_s - 11)
    _AT_LEAST[_s] = _acc / 100.0
del _acc, _s


def p_roll_at_least(need: int) -> float:
    """Probability that 2d10 (0 = 10) is at least ``need``."""
    if need <= 2:
        return 1.0
    if need > 20:
        return 0.0
    return _AT_LEAST[need]


@dataclass(frozen=True)
class Side:
    """A combatant reduced to what combat needs: per-phase roll bonus, damage, life."""

    name: str
    roll: tuple[int, int, int]
    damage: tuple[int, int, int]
    life: int


@dataclass(frozen=True)
class RoundAbility:
    """A once-per-combat ability of the Hero the round loop plays (an index bit in the state
    says it is still there). ``kind``: ``strike`` (used in the window of ``phases[0]`` before
    the phase's action: pay ``cost`` exhaustion, inflict ``amount`` wounds on the enemy) or
    ``cancel`` (when wounds are inflicted on the Hero in one of ``phases``, cancel up to
    ``amount`` of them). ``ref``: the engine's ``card#index``; ``activate``: paid by
    activating the card (face down for the rest of the combat), else once per combat."""

    name: str
    ref: str
    kind: str
    phases: tuple[int, ...]
    amount: int
    cost: int = 0
    activate: bool = False
    holder: str | None = None  # an Ally's card id: there only while that Ally lives

    @property
    def card(self) -> str:
        return self.ref.rsplit("#", 1)[0]


class Solver(PolicyQueries):
    """States are ``(hero wounds, challenge wounds, ally wounds, (flags, exhaustion))``:
    ``flags`` has bit ``i`` set while ``abilities[i]`` is still there to use."""

    # the Newton step skips the sweep that would only repeat its choices (False: sweep
    # every step, as the method says; tests/test_solver_sharing.py compares the two)
    shortcut = True

    def __init__(self, hero: Side, chal: Side, allies: tuple[Side, ...],
                 abilities: tuple[RoundAbility, ...] = (), stamina: int = 0,
                 ally_ids: tuple[str, ...] | None = None, lean: bool = False):
        self.hero, self.chal, self.allies = hero, chal, allies
        # lean: what the decisions read only (the bots' solvers): wins, the Hero's final
        # wounds and the choices, bit for bit as a full solve has them; loss, stalemate and
        # wounds * win are 0.0 in the values (the generated iterations do not work them out)
        self.lean = lean
        self.abilities, self.stamina = tuple(abilities), stamina
        self.all_flags = (1 << len(self.abilities)) - 1
        # the alive-mask bit an ability needs (its Ally's); 0: the Hero's, or an Ally that
        # does not fight (barred), so it is never wounded
        self.needs = []
        for ab in self.abilities:
            if ab.holder is None:
                self.needs.append(0)
            elif ally_ids is None:
                raise ValueError(f"{ab.ref}: an Ally's ability needs the ids of the Allies")
            else:
                ids = list(ally_ids)
                self.needs.append(2 << ids.index(ab.holder) if ab.holder in ids else 0)
        self.hit_choice: dict = {}  # (next k, mask, state, wounds) -> ability index or None
        self._hit_value: dict = {}  # the same keys -> the 5-vector of that choice
        self.sweeps = 0  # sweeps of the chain nodes run so far (a measure of the work)
        # the abilities by what they do, in index order (the order the loops try them)
        self._strikes = tuple(tuple((i, ab) for i, ab in enumerate(self.abilities)
                                    if ab.kind == "strike" and ab.phases[0] == k)
                              for k in range(3))
        self._cancels = tuple((i, ab) for i, ab in enumerate(self.abilities)
                              if ab.kind == "cancel")
        # per phase, the cancels that can answer in it, in index order, as _hit tries them:
        # (flag bit, amount, the alive-mask bits they need)
        self._cancels_in = tuple(tuple((1 << i, ab.amount, self.needs[i])
                                       for i, ab in self._cancels if k in ab.phases)
                                 for k in range(3))
        self._alive: dict = {}  # ally wounds -> alive mask
        self.n = len(allies)
        self._whos = tuple(range(self.n + 1))  # 0: the Hero, 1..: the Allies
        names: list[str] = []
        for a in allies:  # unique labels: a second "Guard" becomes "Guard#2"
            name, i = a.name, 2
            while name in names or name == "hero":
                name, i = f"{a.name}#{i}", i + 1
            names.append(name)
        self.ally_names = tuple(names)
        # success probability of each attacker (0 = hero, 1.. = allies) in each phase
        self.p = [[p_roll_at_least(chal.roll[k] - s.roll[k]) for k in range(3)]
                  for s in (hero,) + allies]
        self.dmg = [s.damage for s in (hero,) + allies]
        self.start: dict = {}  # state -> (win, loss, stalemate, wounds, wounds*win)
        # state -> {(k, mask): same 5-vector, 3: the start's}: one hash of the state a
        # lookup (a tuple does not keep its hash)
        self.node: dict = _Nodes(self)
        self.choice: dict = {}  # state -> {(k, mask): action}
        self._hlife, self._clife = hero.life, chal.life
        self._keys_cache: dict = {}
        self._rc = RowConstants(self)  # alive -> the numbers the rows read
        self._fused: dict = {}  # ally wounds -> generated solve (no strikes)
        self._can: dict = {}  # (flags, ally wounds) -> _cancel_phases
        # exhaustion only pays strikes: without one, the states that differ in exhaustion
        # alone have the same values and decisions, so they are filed as one (exhaustion 0)
        self._exh_free = not any(ab.kind == "strike" for ab in self.abilities)
        self._any_strike = not self._exh_free

    def canon(self, state):
        """The state ``state`` is filed under (see ``_exh_free``); the solver's own successor
        states keep the exhaustion of their start, so only states from outside need it."""
        if self._exh_free and state[3][1]:
            h, c, allies, (flags, _exh) = state
            return (h, c, allies, (flags, 0))
        return state

    def start_value(self, state) -> tuple:
        """The 5-vector of the round start ``state`` (solved now if it was not yet)."""
        return self._value(3, 0, self.canon(state))

    # --- helpers -------------------------------------------------------------------------
    def _alive_mask(self, allies) -> int:
        m = self._alive.get(allies)
        if m is None:
            m = 1
            for i, w in enumerate(allies):
                if w < self.allies[i].life:
                    m |= 2 << i
            self._alive[allies] = m
        return m

    def _value(self, k: int, mask: int, state) -> tuple:
        """5-vector (win, loss, stalemate, final hero wounds, wounds * win) of the situation
        (phase k, attacked mask restricted to the living) after a change, or a terminal."""
        h, c, _allies, _x = state
        if c >= self._clife:
            return (1.0, 0.0, 0.0, h, h)
        if h >= self._hlife:
            return (0.0, 1.0, 0.0, h, 0.0)
        values = self.node[state]  # solved now if it was not
        return values[3] if k == 3 else values[(k, mask)]

    def _row(self, k: int, mask: int, state, alive: int) -> list:
        """(action, constant 5-vector, p_unchanged, next chain node or None) of each legal
        action at a chain node: the constant part collects the outcomes that change something
        (their values are known). The hot loop of the solver: ``_value`` is inlined (a
        successor changes one count, so only that count can make it terminal; ``node`` solves
        a missing state itself)."""
        h, c, allies, ex = state
        cd = self.chal.damage[k]
        node = self.node
        clife, hlife = self._clife, self._hlife
        nk = k + 1
        last = k == 2  # the next node is the start of the next round (values[3])
        out = []
        plain = not self.abilities  # no once-per-combat ability: the fast path
        if not plain:
            out += self._strike_entries(k, mask, state, alive)
        p, dmg = self.p, self.dmg
        for who in self._whos:
            bit = 1 << who
            if mask & bit or not alive & bit:
                continue
            ps, dealt = p[who][k], dmg[who][k]
            nmask = mask | bit
            nm = nmask & alive
            pf = 1.0 - ps
            x = y = None
            if dealt and ps > 0.0:
                c2 = c + dealt
                if c2 >= clife:
                    x = (1.0, 0.0, 0.0, h, h)
                else:
                    values = node[(h, c2, allies, ex)]
                    x = values[3] if last else values[(nk, nm)]
            if cd and pf > 0.0:
                if who == HERO:
                    if not plain:
                        y = self._hit(k, nk, nm, state, cd)
                    elif h + cd >= hlife:
                        y = (0.0, 1.0, 0.0, h + cd, 0.0)
                    else:
                        values = node[(h + cd, c, allies, ex)]
                        y = values[3] if last else values[(nk, nm)]
                else:
                    aw = list(allies)
                    aw[who - 1] = min(aw[who - 1] + cd, self.allies[who - 1].life)
                    aw = tuple(aw)
                    na = nmask & self._alive_mask(aw)
                    values = node[(h, c, aw, ex)]
                    y = values[3] if last else values[(nk, na)]
            stay = 1.0 if not dealt and not cd else (0.0 if dealt else ps) + (0.0 if cd else pf)
            # ps * x + pf * y over 5-vectors; None: an outcome that changes nothing
            if x is None:
                const = _ZERO if y is None else (pf * y[0], pf * y[1], pf * y[2], pf * y[3],
                                                 pf * y[4])
            elif y is None:
                const = (ps * x[0], ps * x[1], ps * x[2], ps * x[3], ps * x[4])
            else:
                const = (ps * x[0] + pf * y[0], ps * x[1] + pf * y[1], ps * x[2] + pf * y[2],
                         ps * x[3] + pf * y[3], ps * x[4] + pf * y[4])
            out.append((who, const, stay, None if last else (nk, nm)))
        if cd == 0:
            out.append((DEFEND, _ZERO, 1.0, None if last else (nk, mask & alive)))
        else:
            ps = p[HERO][k]
            if ps >= 1.0:
                y = None
            elif not plain:
                y = self._hit(k, nk, mask, state, cd)
            elif h + cd >= hlife:
                y = (0.0, 1.0, 0.0, h + cd, 0.0)
            else:
                values = node[(h + cd, c, allies, ex)]
                y = values[3] if last else values[(nk, mask)]
            pf = 1.0 - ps
            const = _ZERO if y is None else (pf * y[0], pf * y[1], pf * y[2], pf * y[3],
                                             pf * y[4])
            out.append((DEFEND, const, ps, None if last else (nk, mask & alive)))
        return out

    def _strike_entries(self, k: int, mask: int, state, alive: int) -> list:
        """The entries of ``_row`` for the once-per-combat strikes usable at the node."""
        h, c, allies, (flags, exh) = state
        out = []
        for i, ab in self._strikes[k]:
            if flags >> i & 1 and exh + ab.cost <= self.stamina \
                    and alive & self.needs[i] == self.needs[i]:
                nxt = (h, c + ab.amount, allies, (flags & ~(1 << i), exh + ab.cost))
                out.append((STRIKE + i, self._value(k, mask, nxt), 0.0, None))
        return out

    def _cancel_phases(self, state) -> tuple:
        """For phases 0-2: may a cancel still there answer wounds on the Hero in ``state``
        (the test ``_hit`` makes before it tries them)?"""
        flags = state[3][0]
        if not self._cancels:
            out = False, False, False
        else:
            alive = self._alive_mask(state[2])
            needs = self.needs
            usable = [ab for i, ab in self._cancels
                      if flags >> i & 1 and alive & needs[i] == needs[i]]
            out = tuple(any(k in ab.phases for ab in usable) for k in range(3))
        self._can[(flags, state[2])] = out  # the generated rows read it there first
        return out

    def _hit(self, k: int, nk: int, nmask: int, state, cd: int) -> tuple:
        """Value of ``cd`` wounds inflicted on the Hero in phase ``k`` (next node ``nk``,
        ``nmask``): taken, or partly cancelled by a cancel still there, whichever is best.
        Kept by its key (the rows of several chain nodes lead to the same hit)."""
        key = (nk, nmask, state, cd)
        bv = self._hit_value.get(key)
        if bv is not None:
            return bv
        h, c, allies, ex = state
        if h + cd >= self._hlife:
            bv = (0.0, 1.0, 0.0, h + cd, 0.0)
        else:
            values = self.node[(h + cd, c, allies, ex)]
            bv = values[3] if nk == 3 else values[(nk, nmask)]
        best = None
        flags, exh = ex
        alive = None
        for bit, amount, need in self._cancels_in[k]:  # the cancels of phase k, in order
            if not flags & bit:
                continue
            if need:
                if alive is None:
                    alive = self._alive.get(allies) or self._alive_mask(allies)  # never 0
                if alive & need != need:
                    continue
            after = (h, c, allies, (flags & ~bit, exh))
            left = cd - amount  # the window stays open while wounds are left
            if left > 0:
                v = self._hit(k, nk, nmask, after, left)
            else:  # the same wounds: not the end of the combat
                values = self.node[after]
                v = values[3] if nk == 3 else values[(nk, nmask)]
            # better(v, bv), inline: more wins, then fewer wounds
            if v[0] > bv[0] + _EPS or (v[0] >= bv[0] - _EPS and v[3] < bv[3] - _EPS):
                best, bv = bit.bit_length() - 1, v
        self.hit_choice[key] = best
        self._hit_value[key] = bv
        return bv

    # --- one round-start state -----------------------------------------------------------
    def _chain_keys(self, alive: int) -> list:
        """Chain nodes (phase, attacked mask) for an alive set, latest phase first."""
        keys = self._keys_cache.get(alive)
        if keys is None:
            bits = [b for b in range(self.n + 1) if alive >> b & 1]
            keys = []
            for k in (2, 1, 0):
                for sub in range(1 << len(bits)):
                    if bin(sub).count("1") <= k:
                        keys.append((k, sum(1 << bits[j] for j in range(len(bits))
                                            if sub >> j & 1)))
            self._keys_cache[alive] = keys
        return keys

    def _solve_state(self, state) -> None:
        fn = self._fused.get(state[2])  # by the Allies' wounds: no alive mask to work out
        if fn is None:
            alive = self._alive_mask(state[2])
            keys = self._chain_keys(alive)
            if not self._any_strike:  # rows and iteration in one generated function
                fn = self._fused[state[2]] = fused_kernel(alive, not self.abilities, keys,
                                                          self.lean)
        if fn is not None:
            vec, values, pick, sweeps = fn(self, state, self.shortcut)
        else:
            vec, values, pick, sweeps = self._solve_rows(alive, keys, state)
        self.sweeps += sweeps
        self.start[state] = vec
        self.node[state] = values
        self.choice[state] = pick

    def _solve_rows(self, alive: int, keys, state) -> tuple:
        # per chain node: (action, constant 5-vector, p_unchanged, next chain node or None)
        # its chain nodes' rows, in the source generated for this alive mask (odds_rows;
        # self._row is the definition)
        rows = row_kernel(alive, not self.abilities, keys)(self, state)
        # the Newton iteration, in the source generated for this chain's shape (odds_sweep)
        return kernel(alive, keys, rows, self.lean)(rows, state[0], self.shortcut)

    # --- whole combat --------------------------------------------------------------------
    def solve(self, hero_wounds: int, exhaustion: int = 0) -> OddsResult:
        if self.lean:
            raise ValueError("a lean solver keeps the numbers of the decisions only; its "
                             "loss and stalemate are not worked out")
        s0 = (hero_wounds, 0, (0,) * self.n, (self.all_flags, exhaustion))
        win, loss, stal, wounds, wwin = self.start_value(s0)
        return OddsResult(
            win=win, loss=loss, stalemate=stal,
            # wounds never go down; clamp the rounding noise of "no wound taken" to 0
            expected_hero_wounds=max(0.0, wounds - hero_wounds),
            expected_hero_wounds_if_win=max(0.0, wwin / win - hero_wounds) if win > 0 else 0.0,
            hero=self.hero.name, challenge=self.chal.name, allies=self.ally_names,
            hero_wounds=hero_wounds, exhaustion=exhaustion, _solver=self)

    def value(self, hero_wounds: int, challenge_wounds: int, flags: int | None = None,
              exhaustion: int = 0) -> tuple:
        """The 5-vector (win, loss, stalemate, final hero wounds, wounds * win) of the round
        loop started with these wounds (Allies unhurt), the abilities of ``flags`` (default:
        all) and this exhaustion; a terminal start is won or lost."""
        flags = self.all_flags if flags is None else flags
        return self.start_value((hero_wounds, challenge_wounds, (0,) * self.n,
                                 (flags, exhaustion)))


_ZERO = (0.0, 0.0, 0.0, 0.0, 0.0)


class _Nodes(dict):
    """state -> {(k, mask): 5-vector, 3: the start's}; a state not there yet is solved when
    it is first read (a plain lookup in the solver's hot loop)."""

    __slots__ = ("solver",)

    def __init__(self, solver):
        super().__init__()
        self.solver = solver

    def __missing__(self, state):
        self.solver._solve_state(state)
        return dict.__getitem__(self, state)


def better(v: tuple, w: tuple) -> bool:
    """Is 5-vector ``v`` strictly better than ``w``: more wins, then fewer wounds."""
    return v[0] > w[0] + _EPS or (v[0] >= w[0] - _EPS and v[3] < w[3] - _EPS)
