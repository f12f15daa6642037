"""Rules that always hold (the ``constant`` abilities of a figure's card, issue 32) and the
one way a figure takes wounds from a hero's attack, an ability or an adversary's attack.

An adversary's rules: ``immune`` to a range (heroes cannot target it with that range),
``steadfast`` (cannot be pushed and/or pulled), ``guard`` (attacks against it add to or
subtract from their roll, or deal more Damage), ``pin`` (the heroes it names are pinned: a
Move costs them (2+), A5) and ``ward`` ``per`` round (it ignores the first wound it suffers
each round). A hero's card may also hold ``ward`` ``per`` round or turn. A figure held by a
lasting ``root`` cannot move (no Move action, no move of an ability, no adversary's move).

:func:`hurt` is the only place wounds are dealt: a ward (lasting, or the first wound each
round) takes one off, then R18/R19 (wounds up to Vigour), a hero whose wounds reach its
Vigour is down, and the caller's ``then`` runs (the triggers on a wound, :mod:`.events`).
:func:`bonus` sums a hero's bonuses (constant and lasting) to its rolls, Damage and Move.
"""

from __future__ import annotations

from ..rules import abilities as ab
from ..rules import effects as fx
from ..rules.attacks import wound
from . import (  # issue 32 (branch dhero)
    aura_dhero,
    marked_ddice,  # issue 32 (branch ddice)
    pins_dhero,
    states_dhero,
)


def rules_of(game, figure) -> list[dict]:
    """The effects of the ``constant`` abilities of ``figure``'s cards (an adversary's card;
    a hero's card, its skills and what it carries in)."""
    s = game.state
    if figure.side == "adversary":
        record = game.records.adversaries.get(s.kinds.get(figure.id, ""), {})
        return _holding(game, figure, [e for ir in record.get("abilities", [])
                                       if ir.get("form") == "constant" for e in ir["effects"]])
    records = [game.records.heroes[figure.id]] + [game.records.skills[k] for k in
                                                  s.skills.get(figure.id, [])]
    records.append({"abilities": game.carried.abilities.get(figure.id, [])})
    return _holding(game, figure, [e for r in records for ir in r.get("abilities", [])
                                   if ir.get("form") == "constant" for e in ir["effects"]])


def _holding(game, figure, effects: list[dict]) -> list[dict]:
    """The rules in force now: a rule under a condition on the board ("… while a hero is
    adjacent to it", issue 32, session delveg) holds while its condition is met."""
    out = []
    for e in effects:
        if e["op"] == "if":
            out += _holding(game, figure, e["effects"]) if _board_holds(game, figure, e) else []
        else:
            out.append(e)
    return out


def _board_holds(game, figure, e: dict) -> bool:
    """A condition on the board (``none``, ``some``, ``wounds``: the only ones a rule may
    hold under, dsl/delve/checks.py ``held_rule``), as ``ops.met`` reads it."""
    s, cond = game.state, e["cond"]
    if cond in states_dhero.CONDS:   # a hero's state (branch dhero)
        return states_dhero.holds(game, figure, e)
    if cond == "wounds":
        who = fx.candidates(s.board, figure, e["who"], s.figures, {}) if e.get("who") \
            else [figure]
        return bool(who) and who[0].wounds >= e["n"]
    if cond not in ("none", "some"):
        return False
    found = fx.candidates(s.board, figure, e["who"], s.figures, {})
    return not found if cond == "none" else len(found) >= e["n"]


def own_bonus(game, figure, stat: str, rng: str | None) -> int:
    """An adversary's rule on its own attacks ("Its attacks deal +1 Damage", "This
    adversary's missile attacks add 1 to their rolls"; issue 32, session delve8)."""
    return sum(e["amount"] for e in rules_of(game, figure)
               if e["op"] == "boost" and e["stat"] == stat and "on" in e
               and e.get("range") in (None, rng))


def extra_move(game, figure) -> int:
    """An adversary's rule "This adversary moves 2 additional spaces" (issue 32, session
    delve8): added to the Move of its card in the adversary phase."""
    return sum(e["amount"] for e in rules_of(game, figure)
               if e["op"] == "boost" and e["stat"] == "move" and "on" in e)


def aims(game, figure) -> list[dict]:
    """An adversary's rules on whom it attacks in the adversary phase ("This adversary
    attacks the hero with the most wounds.", issue 32, session delve8): its ``strike``
    rules, in card order."""
    return [e for e in rules_of(game, figure) if e["op"] == "strike" and "by" in e]


def immune(game, figure, rng: str) -> bool:
    return any(e["op"] == "immune" and e["range"] == rng for e in rules_of(game, figure))


def pierces(game, figure, rng: str | None) -> bool:
    """An adversary's rule "Wounds from this adversary's attacks cannot be prevented or
    reduced" (branch delveseven) holds for its attacks of range ``rng``."""
    return any(e["op"] == "pierce" and e.get("range") in (None, rng)
               for e in rules_of(game, figure))


def steadfast(game, figure, towards: bool) -> bool:
    """The figure cannot be pulled (``towards``) or pushed (away)."""
    key = "pulled" if towards else "pushed"
    if any(e[key] for e in fx.held(game.state.lasting, figure.id, "steadfast")):
        return True   # "Until the start of your next turn, you cannot be pushed." (delveseven)
    return any(e["op"] == "steadfast" and e[key] for e in rules_of(game, figure))


def guard(game, figure, stat: str, rng: str | None) -> int:
    """What attacks of range ``rng`` against ``figure`` add to their ``stat`` (roll, damage)."""
    return sum(e["amount"] for e in rules_of(game, figure) if e["op"] == "guard"
               and e["stat"] == stat and e.get("range") in (None, rng)) \
        + marked_ddice.held(game, figure, stat, rng)   # for a while, on it (branch ddice)


def rooted(game, figure) -> bool:
    """Held in place: a lasting "cannot move" on ``figure``, or an adversary's rule ("heroes
    adjacent to this adversary cannot move", issue 32) that picks the hero."""
    s = game.state
    if fx.held(s.lasting, figure.id, "root"):
        return True
    if figure.side != "hero":   # its own rule: "This adversary does not move." (branch dmove)
        return any(e["op"] == "root" and e["targets"].get("quantity") in ("self", "it")
                   for e in rules_of(game, figure))
    for foe in s.adversaries():
        for e in rules_of(game, foe):
            if e["op"] == "root" and figure in fx.candidates(s.board, foe, e["targets"],
                                                             s.figures):
                return True
    return False


def forbidden(game, figure, act: str) -> bool:
    """An adversary's rule forbids ``figure`` to ``act`` ("heroes adjacent to this adversary
    cannot heal wounds": ``heal``; ``recuperate``; ``explore``; issue 32, session delveg). A
    hero who cannot heal cannot recuperate either (Recuperate heals)."""
    if figure.side != "hero":
        return False
    acts = (act, "heal") if act == "recuperate" else (act,)
    s = game.state
    for foe in s.adversaries():
        for e in rules_of(game, foe):
            if e["op"] == "forbid" and e["act"] in acts and figure in fx.candidates(
                    s.board, foe, e["targets"], s.figures):
                return True
    return False


def hampered(game, hero, rng: str | None) -> int:
    """What adversaries' rules add to ``hero``'s attack rolls of range ``rng`` ("heroes
    adjacent to this adversary subtract 1 from their attack rolls", issue 32, delveg)."""
    s = game.state
    if hero.side != "hero":
        return 0
    return sum(e["amount"] for foe in s.adversaries() for e in rules_of(game, foe)
               if e["op"] == "hamper" and e.get("range") in (None, rng)
               and hero in fx.candidates(s.board, foe, e["targets"], s.figures))


def never_pinned(game, hero) -> bool:
    """A rule of the hero's own cards: "You are never pinned." (issue 32, session delveg)."""
    return hero.side == "hero" and (any(e["op"] == "unpinned" and "targets" not in e
                                        for e in rules_of(game, hero))
                                    or pins_dhero.spared(game, hero, rules_of))   # dhero


def pinned(game, hero) -> bool:
    """An adversary's rule pins ``hero`` ("each hero within 2 spaces of this adversary is
    pinned")."""
    s = game.state
    for foe in s.adversaries():
        for e in rules_of(game, foe):
            if e["op"] == "pin" and hero in fx.candidates(s.board, foe, e["targets"],
                                                          s.figures):
                return True
    return False


def _absorb(game, figure) -> bool:
    """The first wound each round (or, on a hero's card, each turn) is ignored: True when
    this wound is that one (and mark it used)."""
    s = game.state
    for e in rules_of(game, figure):
        if e["op"] == "ward" and e.get("per"):
            if fx.held(s.lasting, figure.id, "absorbed"):
                return False
            until = "end_of_turn" if e["per"] == "turn" and figure.side == "hero" \
                else "end_of_round"
            s.lasting.append({"hero": figure.id, "op": "absorbed", "until": until})
            return True
    return False


def bonus(game, hero_id: str, stat: str, rng: str | None = None, target=None) -> int:
    """Lasting and constant bonuses of ``hero_id`` for ``stat`` (roll, damage, move); a
    bonus ``against`` some adversaries counts only on an attack at one of them (issue 32)."""
    records = [game.records.heroes[hero_id]] + [game.records.skills[k] for k in
                                                game.state.skills.get(hero_id, [])]
    figure = game.state.figure(hero_id)
    if figure is not None:   # a bonus held while the board is in a state (branch delvepassive)
        always = [e for e in rules_of(game, figure) if e["op"] == "boost"
                  and not aura_dhero.is_aura(e)] + aura_dhero.given(   # others' (dhero)
                      game, figure, rules_of, target)
    else:
        always = [e for r in records for e in ab.constants_of(r) if not aura_dhero.is_aura(e)] \
            + game.carried.constants(hero_id)
    lasting = [{**e, "hero": hero_id} for e in always] + game.state.lasting
    if any("against" in e for e in lasting):
        lasting = [e for e in lasting if "against" not in e or _aimed(game, hero_id, e, target)]
    return fx.lasting_bonus(lasting, hero_id, stat, rng)


def _aimed(game, hero_id: str, e: dict, target) -> bool:
    """Whether the attack's ``target`` is one of the figures the bonus is ``against``."""
    if target is None or e["hero"] != hero_id:
        return False
    s = game.state
    return target in fx.candidates(s.board, s.figure(hero_id), e["against"], [target], {})


def ward_off(game, figure, wounds: int = 1) -> int:
    """A ward takes the first of the ``wounds`` ``figure`` is about to suffer: a lasting one
    ("prevent the first wound …", used up; "the first 2 wounds" takes up to 2 and keeps what it
    did not use), else the first wound of the round (or turn) a rule of its card ignores. How
    many it took (0: none)."""
    s = game.state
    ward = next(iter(fx.held(s.lasting, figure.id, "ward")), None)
    if ward is not None:
        held = ward.get("wounds", 1)
        took = max(1, min(wounds, held))
        if held > took:
            ward["wounds"] = held - took
        else:
            s.lasting.remove(ward)
        return took
    return 1 if _absorb(game, figure) else 0


def hurt(game, figure, wounds: int, by=None, then=None) -> tuple[int, bool]:
    """Deal ``wounds`` to ``figure`` (by the figure ``by``, if any): (wounds taken, whether
    a ward took one off); ``then(game, figure, by)`` runs when it took a wound. A hero down
    leaves the board; a slain adversary is left to the caller (renown and the tally)."""
    s = game.state
    warded = ward_off(game, figure, wounds) if wounds > 0 else 0
    if warded:
        wounds -= warded
        game.log.emit("ward", hero=figure.id)
    taken = wound(figure, wounds) if wounds > 0 else 0
    if figure.side == "hero" and figure.slain and figure in s.figures:
        s.figures.remove(figure)
        s.down.append(figure.id)
        game.log.emit("hero_down", hero=figure.id)
    if taken and then is not None:
        then(game, figure, by)
    return taken, bool(warded)
