"""Turn step 5: experience (seed 000 "Askel 5: Kokemus"; seed 002 "Experience").

Adventure counters are worth experience points (adventure data). A purchase costs the
ruleset's points for the player count and gives one token (base) or a pair of different
tokens (advanced). Payment: points written down from earlier change first, then the set of
counters with the smallest total that covers the rest (fewest counters on a tie); change
comes back as counters from the box, largest first, and what the box cannot give is written
down (seed 000: "kirjoita paperille ylös"). Each +1 Life token bars the easiest colour not yet
barred (green, yellow, blue, red order from the ruleset), at most ``max_life_tokens``.

Decision ``experience``: ``buy:<type>`` or ``buy:<type>+<type>`` (a pair), or ``done``.
"""

from __future__ import annotations

from itertools import combinations, combinations_with_replacement

from ..core.acts_rbwho import act  # branch rbwho

MAX_PURCHASES = 20


class ExperienceStep:
    def experience_step(self, hero) -> None:
        for _ in range(MAX_PURCHASES):
            options = self.experience_options(hero)
            if not options:
                return
            choice = self.ask(hero.id, "experience", [*options, "done"],
                              points=self.experience_points(hero))
            if choice == "done":
                return
            self.buy_experience(hero, choice[4:].split("+"))

    # ------------------------------------------------------------------ queries
    def experience_points(self, hero) -> int:
        return self.state.experience_credit.get(hero.id, 0) + sum(
            self.adventure.counter_value(c) for c in hero.adventure_counters)

    def tokens_of(self, hero_id: str) -> list[str]:
        return self.state.experience.get(hero_id, [])

    def barred_colours(self, hero_id: str) -> tuple[str, ...]:
        return self.rules.experience.barred_colours(self.tokens_of(hero_id).count("life"))

    def level(self, hero_id: str) -> int:
        return self.rules.endgame.hero_level(len(self.tokens_of(hero_id)))

    def experience_options(self, hero) -> list[str]:
        ex = self.rules.experience
        n = ex.tokens_per_purchase
        box = self.state.experience_box  # None: no limit (seed 000)
        if self.experience_points(hero) < ex.cost(self.state.players) or (
                box is not None and box < n):
            return []
        types = [t for t, _ in ex.tokens]
        combos = (combinations(types, n) if ex.distinct_in_purchase
                  else combinations_with_replacement(types, n))
        life_room = ex.max_life_tokens - self.tokens_of(hero.id).count("life")
        return ["buy:" + "+".join(c) for c in combos if c.count("life") <= life_room]

    # ------------------------------------------------------------------ buying
    def buy_experience(self, hero, types: list[str]) -> None:
        ex = self.rules.experience
        self.pay_points(hero, ex.cost(self.state.players))
        tokens = self.state.experience.setdefault(hero.id, [])
        for token in types:
            stat = token
            setattr(hero, stat, getattr(hero, stat) + ex.bonus(token))
            tokens.append(token)
            if self.state.experience_box is not None:
                self.state.experience_box -= 1
        if ex.heals_hero:
            self.combat.set_tokens(hero, "wounds", 0, "experience")
            self.combat.set_tokens(hero, "exhaustion", 0, "experience")
        self.emit("experience", hero=hero.id, tokens=list(types),
                  barred=list(self.barred_colours(hero.id)), level=self.level(hero.id))
        act(self.combat, hero, "buy_experience")  # branch rbwho: "When you buy experience"

    def pay_points(self, hero, cost: int) -> None:
        s = self.state
        credit = s.experience_credit.get(hero.id, 0)
        used = min(credit, cost)
        s.experience_credit[hero.id] = credit - used
        cost -= used
        if cost <= 0:
            return
        values = [self.adventure.counter_value(c) for c in hero.adventure_counters]
        chosen = _cheapest_cover(values, cost)
        paid = 0
        for i in sorted(chosen, reverse=True):
            colour = hero.adventure_counters.pop(i)
            s.box_counters[colour] = s.box_counters.get(colour, 0) + 1
            paid += self.adventure.counter_value(colour)
        change = paid - cost
        by_value = sorted(((self.adventure.counter_value(c), c) for c in s.box_counters),
                          reverse=True)
        for value, colour in by_value:
            while change >= value and s.box_counters.get(colour, 0) > 0:
                s.box_counters[colour] -= 1
                hero.adventure_counters.append(colour)
                change -= value
        if change:
            s.experience_credit[hero.id] = s.experience_credit.get(hero.id, 0) + change
        self.emit("paid_points", hero=hero.id, points=paid, change_written=change)


def _cheapest_cover(values: list[int], need: int) -> list[int]:
    """Indices of the subset of ``values`` with the smallest sum >= need (fewest on a tie)."""
    best: dict[int, tuple[int, ...]] = {0: ()}
    for i, v in enumerate(values):
        for total, picked in list(best.items()):
            new = total + v
            if total >= need:
                continue
            if new not in best or len(best[new]) > len(picked) + 1:
                best[new] = (*picked, i)
    covering = [t for t in best if t >= need]
    if not covering:
        raise ValueError(f"counters worth {sum(values)} cannot pay {need}")
    return list(best[min(covering)])
