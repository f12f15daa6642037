"""What a solved :class:`.odds_solver.Solver` answers about its policy: the action chosen in
a situation, the table of the situations reachable from a start, and the cancel used when
wounds land on the Hero (the solver's tables read, nothing solved here but what a missing
state asks for)."""

from __future__ import annotations

from ..core.ir import PHASES
from .odds_result import PolicyEntry

DEFEND = -1  # action codes: DEFEND, HERO, 1 + ally index, or STRIKE + ability index
HERO = 0
STRIKE = 1000


class PolicyQueries:
    """The policy half of ``Solver`` (its attributes: ``abilities``, ``ally_names``,
    ``allies``, ``choice``, ``node``, ``hit_choice``, ``p``, ``dmg``, ``chal``, ``hero``)."""

    def _label(self, who: int) -> str:
        if who >= STRIKE:
            return f"use {self.abilities[who - STRIKE].name}"
        return "hero defends" if who == DEFEND else \
            "hero attacks" if who == HERO else f"{self.ally_names[who - 1]} attacks"

    def decision(self, h: int, c: int, allies: tuple, k: int, attacked, extra=None) -> str:
        allies = tuple(min(w, a.life) for w, a in zip(allies, self.allies, strict=True))
        names = ("hero",) + self.ally_names
        mask = 0
        for name in attacked:
            mask |= 1 << names.index(name)
        extra = (self.all_flags, 0) if extra is None else tuple(extra)
        key = (k, mask & self._alive_mask(allies), self.canon((h, c, allies, extra)))
        who = self.choice.get(key[2], {}).get(key[:2])
        if who is None:
            raise KeyError(f"situation not reachable from the start: {key}")
        return self._label(who)

    def policy_table(self, hero_wounds: int, exhaustion: int = 0) -> list[PolicyEntry]:
        s0 = self.canon((hero_wounds, 0, (0,) * self.n, (self.all_flags, exhaustion)))
        names = ("hero",) + self.ally_names
        seen, todo, out = {(0, 0, s0)}, [(0, 0, s0)], []
        while todo:
            k, mask, st = todo.pop()
            who = self.choice[st][(k, mask)]
            h, c, allies, (flags, _e) = st
            out.append(PolicyEntry(h, c, allies, PHASES[k],
                                   tuple(names[b] for b in range(self.n + 1) if mask >> b & 1),
                                   self._label(who), self.node[st][(k, mask)][0],
                                   tuple(a.name for i, a in enumerate(self.abilities)
                                         if flags >> i & 1)))
            for prob, nk, nmask, nxt in self._outcomes(k, mask, st, who):
                if prob <= 0.0:
                    continue
                if nxt[1] >= self.chal.life or nxt[0] >= self.hero.life:
                    continue
                if nk == 3:
                    nk, nmask = 0, 0
                key = (nk, nmask & self._alive_mask(nxt[2]), nxt)
                if key not in seen:
                    seen.add(key)
                    todo.append(key)
        out.sort(key=lambda e: (e.hero_wounds, e.challenge_wounds, e.ally_wounds,
                                PHASES.index(e.phase), len(e.attacked), e.attacked))
        return out

    def _outcomes(self, k, mask, st, who):
        """(probability, next phase, mask, next state) of each outcome of an action."""
        h, c, allies, ex = st
        cd = self.chal.damage[k]
        if who >= STRIKE:
            i = who - STRIKE
            ab = self.abilities[i]
            return [(1.0, k, mask, (h, c + ab.amount, allies,
                                    (ex[0] & ~(1 << i), ex[1] + ab.cost)))]
        if who == DEFEND:
            ps = self.p[HERO][k] if cd else 1.0
            return [(ps, k + 1, mask, st), (1.0 - ps, k + 1, mask, self._after_hit(k, mask, st, cd))]
        ps = self.p[who][k]
        nmask = mask | (1 << who)
        win = (ps, k + 1, nmask, (h, c + self.dmg[who][k], allies, ex))
        if who == HERO:
            alive = self._alive_mask(allies)
            return [win, (1.0 - ps, k + 1, nmask, self._after_hit(k, nmask & alive, st, cd))]
        aw = list(allies)
        aw[who - 1] = min(aw[who - 1] + cd, self.allies[who - 1].life)
        return [win, (1.0 - ps, k + 1, nmask, (h, c, tuple(aw), ex))]

    def _after_hit(self, k, nmask, st, cd):
        """The state after ``cd`` wounds on the Hero, with the cancel the policy uses."""
        h, c, allies, (flags, exh) = st
        if cd <= 0:
            return st
        i = self.hit_choice.get((k + 1, nmask, st, cd))
        if i is None:
            return (h + cd, c, allies, (flags, exh))
        return self._after_hit(k, nmask, (h, c, allies, (flags & ~(1 << i), exh)),
                               cd - self.abilities[i].amount)

    def cancel_choice(self, k: int, attacked_mask: int, state, wounds: int):
        """The cancel (ability index or None) the policy uses when ``wounds`` land on the
        Hero in phase ``k``; ``attacked_mask`` as after the action. KeyError if not solved."""
        return self.hit_choice[(k + 1, attacked_mask, self.canon(state), wounds)]
