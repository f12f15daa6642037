"""The game log as lines in the page's locale, told as records come.

The lines say what `runeforge fight` says of a fight (the rolls with their attribute, bonus,
total and target, who attacks or defends, the wounds, rewards and knock-outs; Delve's moves,
attacks and hits), in the words of ``static/i18n.json``; a record no template covers is told
by the game's own narrator (English, as `fight` prints it), with card names in the locale."""

from __future__ import annotations

from runeforge import games

from .words import Names, word

STATE_FIELDS = {"wounds", "exhaustion", "gold"}


class Teller:
    """Kept per table and locale, so a view tells only the records new since the last."""

    def __init__(self, names: Names, locale: str, runebound: bool):
        self.names, self.locale, self.runebound = names, locale, runebound
        self.lines: list[str] = []
        self.told = 0
        self.hero = None
        self.generation = 0

    def w(self, key: str, **fields) -> str:
        return word(key, self.locale, **fields)

    def tell(self, records) -> list[str]:
        new, self.told = records[self.told:], len(records)
        for r in new:
            line = self._runebound(r) if self.runebound else self._delve(r)
            if line:
                self.lines.append(line)
        return self.lines

    # ------------------------------------------------------------------ Runebound
    def _runebound(self, r: dict) -> str | None:
        n, w, t = self.names, self.w, r["type"]
        if t == "turn":
            self.hero = r["hero"]
            return w("log.turn", hero=n(r["hero"]), round=r["round"])
        if t == "moved":
            return w("log.moved", hero=n(r.get("hero")), space=r.get("to") or "?")
        if t == "movement_roll":
            faces = ["/".join(f) if isinstance(f, list) else str(f) for f in r.get("dice") or []]
            return w("log.movement_roll", hero=n(self.hero), faces=" · ".join(faces))
        if t == "adventure_card":
            return w("log.adventure_card", hero=n(r.get("hero")), card=n(r.get("card")))
        if t == "winner":
            return w("log.winner", hero=n(r.get("hero")), how=r.get("how"))
        if t == "window" and r.get("window") in ("before_combat", "escape"):
            return w("log.before_combat") if r["window"] == "before_combat" else \
                w("log.round", n=r["round"])
        if t == "roll" and r.get("purpose") in ("attack", "defend", "test", "escape",
                                                "target"):
            phase = w(f"phase.{r.get('phase')}") if r.get("phase") else ""
            line = "  " + w("log.roll", who=n(r["figure"]),
                            what=w(f"purpose.{r['purpose']}", phase=phase),
                            natural=r["natural"], attribute=w(f"attr.{r['attribute']}"),
                            value=r["value"],
                            bonus=f" {r['bonus']:+d}" if r.get("bonus") else "",
                            total=r["total"])
            if r.get("target") is not None:
                line += w("log.vs", target=r["target"],
                          result=w("log.success" if r["success"] else "log.failure"))
            return line
        if t == "decision" and r["kind"] == "phase_action":
            answer = str(r["answer"])
            if answer.startswith("ally:"):
                return "  " + w("log.attacks", who=n(answer[5:]))
            key = "log.attacks" if answer == "attack" else "log.defends"
            return "  " + w(key, who=n(r["hero"]))
        if t == "decision" and r["kind"] == "escape":
            return "  " + w("log.tries_escape" if r["answer"] else "log.fights_on",
                            who=n(r["hero"]))
        if t == "use_ability":
            return "  " + w("log.uses", who=n(r["hero"]), card=n(r["ability"]))
        if t == "state" and r.get("field") in STATE_FIELDS:
            return "    " + w("log.state", who=n(r["figure"]), field=w(r["field"]),
                              old=r["old"], new=r["new"])
        if t == "reward":
            line = w("log.reward", gold=r["gold"])
            if r.get("kept"):
                line += "; " + w("log.keeps", who=n(r.get("hero")), card=n(r["kept"]))
            return line
        if t == "knocked_out":
            return w("log.knocked_out", who=n(r["hero"]))
        if t == "combat_end":
            return w("log.combat_end", outcome=w(f"outcome.{r['outcome']}"),
                     rounds=r["rounds"])
        if t == "ally_killed":
            return "  " + w("log.ally_killed", card=n(r["ally"]))
        if t == "discarded":
            return "  " + w("log.to_market", card=n(r["card"]))
        from runeforge.commands.fight import narrate

        told = narrate(r, n)
        return "\n".join(x for x in told.plain.split("\n") if x.strip()) if told else None

    # ------------------------------------------------------------------ Delve
    def _hit(self, x: dict) -> str:
        n, w = self.names, self.w
        if not x["hit"]:
            return w("log.miss", roll=x["roll"], target=n(x["target"]))
        line = w("log.hit", roll=x["roll"], target=n(x["target"]), n=x["wounds"])
        return line + (w("log.slain", target=n(x["target"])) if x.get("slain") else "")

    def _delve(self, r: dict) -> str | None:
        n, w, t = self.names, self.w, r["type"]
        if t in ("setup", "options", "end_state", "decision"):
            return None  # the set-up record lists the exploration deck in order
        if t == "round":
            return w("log.round", n=r["round"])
        if t == "hero_dice":
            return "  " + w("log.hero_dice", hero=n(r["hero"]),
                            faces=" ".join(map(str, r["faces"])))
        if t == "move":
            return "  " + w("log.move", who=n(r["hero"]), die=r["die"], cell=r["path"][-1])
        if t == "recuperate":
            return "  " + w("log.recuperate", who=n(r["hero"]), die=r["die"], n=r["healed"])
        if t == "attack":
            return "  " + w("log.weapon", who=n(r["hero"]), weapon=r["weapon"], die=r["die"],
                            hits="; ".join(self._hit(x) for x in r["results"]))
        if t == "adversary_attack":
            return "  " + w("log.adversary_attack", who=n(r["adversary"]), weapon=r["weapon"],
                            hit=self._hit(r))
        if t == "adversary_move":
            return "  " + w("log.adversary_move", who=n(r["adversary"]), cell=r["path"][-1])
        if t == "hero_down":
            return "  " + w("log.hero_down", who=n(r["hero"]))
        if t == "turn_end":
            return "  " + w("log.turn_end", who=n(r["hero"]))
        if t == "game_end":
            return w("log.game_end", n=r["round"], how=r["how"])
        told = games.get("delve").entry("narrate")([r], n, {})
        return "\n".join(told) if told else None
