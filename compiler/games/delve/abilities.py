"""Delve's dialect for the compiler: compile a card's abilities to the ``delve`` IR with
located diagnostics, and the canonical text ``runeforge fmt`` writes."""

from __future__ import annotations

from dataclasses import replace

from runeforge.diagnostics import Diagnostic, DiagnosticError
from runeforge.dsl.delve import (
    attack_riders,  # issue 32 (session delve11)
    hit_dtarget,  # issue 32 (branch dtarget)
    wounds_dtarget,  # issue 32 (branch dtarget)
)
from runeforge.dsl.delve import nodes as n
from runeforge.dsl.delve.approach import Approach
from runeforge.dsl.delve.basic_actions import TakeAction
from runeforge.dsl.delve.checks import check_ability
from runeforge.dsl.delve.dice_ddice import SetDie  # issue 32 (branch ddice)
from runeforge.dsl.delve.dice_ddice import to_ir as die_ir  # issue 32 (branch ddice)
from runeforge.dsl.delve.disarm import Disarm  # issue 32 (branch delve12)
from runeforge.dsl.delve.discard import Discard  # issue 32 (branch delveseven)
from runeforge.dsl.delve.errors import AbilitySyntaxError  # noqa: F401  (re-export)
from runeforge.dsl.delve.keep_away_dmove import KeepAway  # issue 32 (branch dmove)
from runeforge.dsl.delve.passage_dmove import Passage  # issue 32 (branch dmove)
from runeforge.dsl.delve.passage_dmove import to_ir as passage_ir  # branch dmove
from runeforge.dsl.delve.pierce import Pierce  # issue 32 (branch delveseven)
from runeforge.dsl.delve.placing import Place  # issue 32 (session delve11)
from runeforge.dsl.delve.rolls import RollDie
from runeforge.dsl.delve.scouting import Scout  # issue 32 (session delve11)
from runeforge.dsl.delve.sequence import (  # issue 32 (branch delvelang)
    abilities_of,
    parse_card_text,
    print_card_text,
)
from runeforge.dsl.delve.soak import Soak
from runeforge.dsl.delve.spared_dhero import Spared  # issue 32 (branch dhero)
from runeforge.dsl.delve.spawn_dadv2 import Spawn  # branch dadv2
from runeforge.dsl.delve.tolls import Toll  # issue 32 (session delve11)
from runeforge.engine.delve.ir import validate_ability

from . import activation, own_weapons  # branch dfix
from . import restate_dprose as restate  # branch dprose
from .irvalid import schema_check as _schema_check


def _filter_ir(f, owner: str) -> dict:
    kind, ref = f.kind, f.ref
    if kind == "adjacent" and ref == "it" and owner == "hero":
        return {"kind": "adjacent_target"}
    out: dict = {"kind": kind}
    if kind in ("within", "wounds", "vigour", "wounds_up_to", "vigour_up_to"):  # delve11
        out["n"] = f.n
        if ref == "target" or ref == "it" and owner == "hero":
            out["of"] = "target"
    return out


PRONOUN = {"hero": {"it": "them", "that": "them"}, "adversary": {"it": "self", "that": "them"}}


def selector_ir(sel, owner: str = "hero") -> dict:
    """A selector as IR: "it" is the figure picked last on a hero's card and the adversary
    itself on an adversary's; "that hero" is the figure picked last."""
    out: dict = {"quantity": PRONOUN[owner].get(sel.quantity, sel.quantity)}
    if sel.side and sel.quantity not in ("self", "that"):
        out["side"] = sel.side
    if sel.quantity in ("up_to", "n"):
        out["count"] = sel.count
    if sel.rank:
        out["rank"] = sel.rank
    if sel.filters:
        out["filters"] = [_filter_ir(f, owner) for f in sel.filters]
    if sel.union:
        out["or"] = [selector_ir(u, owner) for u in sel.union]
    return out


def _effect_ir(effect, owner: str = "hero") -> dict:
    if getattr(effect, "best_of", 1) > 1:   # "Roll two dice and use the higher result."
        return {**_effect_ir(replace(effect, best_of=1), owner), "best_of": effect.best_of}

    def sel(s):
        return selector_ir(s, owner)

    if getattr(effect, "for_each", None) is not None:   # issue 32 (branch delve12)
        return {**_effect_ir(replace(effect, for_each=None), owner),
                "for_each": sel(effect.for_each)}
    if isinstance(effect, n.Explore):
        return {"op": "explore"}
    if isinstance(effect, n.Move):
        out = {"op": "move", "up_to": effect.up_to}
        if effect.through:   # "… through other figures" (branch dmove)
            out["through"] = effect.through
        if effect.on is None:
            return out
        return {**out, "targets": sel(effect.on), **({"chooser": "them"} if effect.their else {})}
    if isinstance(effect, n.Heal):
        out = {"op": "heal", "wounds": effect.wounds}
        return {**out, "on": sel(effect.on)} if effect.on else out
    if isinstance(effect, n.Renown):
        out = {"op": "renown", "amount": effect.amount}
        return {**out, "on": sel(effect.on)} if effect.on else out
    if isinstance(effect, n.Skill):
        return {"op": "skill"}
    if isinstance(effect, n.Attack):
        return {"op": "attack", "target": effect.target, "range": effect.range,
                "hit": effect.hit, "damage": effect.damage}
    if isinstance(effect, n.Strike):
        out = {"op": "strike", **({"range": effect.range} if effect.range else {})}
        if effect.by is not None:
            out["by"] = sel(effect.by)
        if effect.target is not None:
            out["targets"] = sel(effect.target)
            if owner == "adversary" and effect.by is not None and effect.target.quantity == "it":
                out["targets"] = {"quantity": "them"}   # the one named before, not itself (dfix)
        if effect.hit is not None:
            out.update(hit=effect.hit, damage=effect.damage)
        return out
    if isinstance(effect, n.Shift):
        out = {"op": "shift", "targets": sel(effect.target), "spaces": effect.spaces,
               "direction": "towards" if effect.towards else "away"}
        return {**out, "from": sel(effect.ref)} if effect.ref is not None else out
    if isinstance(effect, n.Suffer):
        return {"op": "suffer", "targets": sel(effect.target), "wounds": effect.wounds}
    if isinstance(effect, n.Reroll):
        return {"op": "reroll", "dice": effect.dice}
    if isinstance(effect, n.Ward):
        out = {"op": "ward"}
        if effect.on is not None:
            out["on"] = sel(effect.on)
        if effect.wounds > 1:
            out["wounds"] = effect.wounds
        return {**out, "per": effect.per} if effect.per else out
    if isinstance(effect, n.Boost):
        out = {"op": "boost", "stat": effect.stat, "amount": effect.amount}
        if effect.against is not None:
            out["against"] = sel(effect.against)
        if effect.on is not None:
            out["on"] = sel(effect.on)
        if effect.next:   # "your next attack …" (issue 32, branch delveheroes)
            out["next"] = True
        return {**out, "range": effect.range} if effect.range else out
    if isinstance(effect, (n.Pick, n.Root, n.Pin)):
        return {"op": type(effect).__name__.lower(), "targets": sel(effect.target)}
    if isinstance(effect, n.Hamper):
        out = {"op": "hamper", "targets": sel(effect.target), "amount": effect.amount}
        return {**out, "range": effect.range} if effect.range else out
    if isinstance(effect, n.Unpinned):
        return {"op": "unpinned"}
    if isinstance(effect, Spared):   # heroes spared the pin (branch dhero)
        return {"op": "unpinned", "targets": sel(effect.target)}
    if isinstance(effect, n.Forbid):
        return {"op": "forbid", "targets": sel(effect.target), "act": effect.act}
    if isinstance(effect, n.Steadfast):
        return {"op": "steadfast", "pushed": effect.pushed, "pulled": effect.pulled}
    if isinstance(effect, n.Immune):
        return {"op": "immune", "range": effect.range}
    if isinstance(effect, n.Guard):
        out = {"op": "guard", "stat": effect.stat, "amount": effect.amount}
        if effect.on.quantity != "self":   # a chosen adversary, for a while (branch ddice)
            out["on"] = sel(effect.on)
        return {**out, "range": effect.range} if effect.range else out
    if isinstance(effect, TakeAction):   # issue 32 (session delve9): a free basic action
        out = {"op": "basic", "act": effect.act}   # others: they choose (session delve10)
        return out if effect.who is None else {**out, "targets": sel(effect.who),
                                               "chooser": "them"}
    if isinstance(effect, attack_riders.AttackBonus):   # delve11: merged onto the strike
        bonus = {"stat": "damage", "amount": effect.amount}
        if effect.against is not None:
            bonus["against"] = sel(effect.against)
        return {"op": "attack_bonus", "bonus": bonus}
    if isinstance(effect, Spawn):   # branch dadv2: adversaries of its kind placed
        return {"op": "spawn", "count": effect.count, "where": effect.where,
                **({"vigour": effect.vigour} if effect.vigour is not None else {})}
    if isinstance(effect, Place):   # issue 32 (session delve11): your figure set down
        return {"op": "place", "where": list(effect.where)}
    if isinstance(effect, Scout):   # issue 32 (session delve11): the exploration deck
        return {"op": "scout", **({"bury": effect.bury} if effect.bury else {})}
    if isinstance(effect, Pierce):   # branch delveseven: its hits lessened by nothing
        return {"op": "pierce", **({"range": effect.range} if effect.range else {})}
    if isinstance(effect, Passage):   # branch dmove: "You may move through other figures."
        return passage_ir(effect)
    if isinstance(effect, KeepAway):   # branch dmove: "It never moves adjacent to a hero."
        return {"op": "keep_away", "from": sel(effect.away_from)}
    if isinstance(effect, SetDie):   # branch ddice: your own hero dice changed
        return die_ir(effect)
    if isinstance(effect, Discard):   # branch delveseven: unspent hero dice set aside
        return {"op": "discard", "targets": sel(effect.target), "dice": effect.dice}
    if isinstance(effect, Disarm):   # issue 32 (branch delve12): no attack for a while
        return {"op": "disarm", "targets": sel(effect.target),   # delveseven: "… cannot attack you"
                **({"against": sel(effect.against)} if effect.against is not None else {})}
    if isinstance(effect, Toll):   # issue 32 (session delve11): a dearer basic action
        return {"op": "toll", "targets": sel(effect.target), "act": effect.act,
                "need": effect.need}
    if isinstance(effect, hit_dtarget.HitNeed):   # branch dtarget: what attacks must roll
        return hit_dtarget.to_ir(effect)
    if isinstance(effect, hit_dtarget.NextHit):   # branch dtarget: the next attack's need
        return hit_dtarget.next_hit_ir(effect)
    if isinstance(effect, Soak):   # issue 32 (session delve9): fewer wounds of one attack
        if effect.cap is not None or effect.at_most is not None:   # branch dtarget
            return wounds_dtarget.ir_fields(effect)
        return {"op": "soak", "at_least": effect.at_least, "amount": effect.amount}
    if isinstance(effect, Approach):   # issue 32 (session delve9): as far as its Move allows
        out = {"op": "approach", "targets": sel(effect.target),
               "direction": "towards" if effect.towards else "away"}
        return {**out, "from": sel(effect.ref)} if effect.ref is not None else out
    if isinstance(effect, RollDie):   # issue 32 (session delve10): a die and its rows
        out = {"op": "roll", "rows": [{"faces": list(faces),
                                       "effects": [_effect_ir(e, owner) for e in effects]}
                                      for faces, effects in effect.rows]}
        return out if effect.who is None else {**out, "who": sel(effect.who)}
    if isinstance(effect, n.Until):
        return {"op": "until", "duration": effect.duration,
                "effects": [_effect_ir(e, owner) for e in effect.effects]}
    out = {"op": "if", "cond": effect.cond,
           "effects": [_effect_ir(e, owner) for e in effect.effects]}
    if effect.face is not None:
        out["face"] = effect.face
    if effect.who is not None:
        out["who"] = sel(effect.who)
    if effect.cond in ("some", "wounds"):
        out["n"] = effect.n
    if effect.instead:   # "… instead": run when the condition fails (branch delveseven)
        out["otherwise"] = [_effect_ir(e, owner) for e in effect.instead]
    return out


def lower(ability, owner: str = "hero") -> dict:
    """The IR of a checked ability on a card of ``owner`` (hero or adversary)."""
    ir: dict = {}
    if isinstance(ability, n.Action):
        ir = {"form": "action", "name": ability.name}
    elif isinstance(ability, n.Spend):
        ir = {"form": "spend"}
    elif isinstance(ability, n.Constant):
        ir = {"form": "constant"}
    else:
        ir = {"form": "trigger", "event": ability.event}
        if ability.range:
            ir["range"] = ability.range
        if ability.who is not None:
            ir["who"] = selector_ir(ability.who, owner)
        if ability.event == "spent" and ability.faces:   # issue 32 (session delve9)
            ir["faces"] = list(ability.faces)
    if isinstance(ability, (n.Constant, n.Trigger)):
        if ability.name:
            ir["label"] = ability.name
        if ability.limit:
            ir["limit"] = ability.limit
    if isinstance(ability, (n.Action, n.Spend)):
        ir["cost"] = {"need": ability.cost.need, "escalating": ability.cost.escalating}
        if ability.limit:
            ir["limit"] = ability.limit
    ir["effects"] = attack_riders.merge([_effect_ir(e, owner) for e in ability.effects])
    if replaced := activation.replaces(ir):   # its own move / attack of the turn (dfix)
        ir["replaces"] = replaced
    return ir


def owner_of(card) -> str:
    """Whose abilities a card holds: an adversary's, or a hero's (heroes, skills, items)."""
    return "adversary" if getattr(card, "kind", "hero") == "adversary" else "hero"


def _gains_renown(effects) -> bool:
    return any(e["op"] == "renown" and e.get("on", {"quantity": "self"}) == {"quantity": "self"}
               or _gains_renown(e.get("effects", ())) for e in effects)


def is_renown_rule(ir: dict) -> bool:
    """R22: a hero's own way to gain renown, a trigger that gives the hero renown."""
    return ir["form"] == "trigger" and _gains_renown(ir["effects"])


def compile_card(card, content=None):
    """(IR list, diagnostics) for one Delve card; each problem at its column in the YAML.
    A hero card needs its own renown rule (RF930, seed 003: "κάθε ήρωας μπορεί να κερδίσει
    πόντους φήμης με τον δικό του μοναδικό τρόπο")."""
    keyed = [(("abilities", i), t) for i, t in enumerate(card.data.get("abilities", []) or [])
             if isinstance(t, str)]
    compiled, diags = compile_texts(card, keyed)
    irs = [ir for _, ir in compiled]
    whole = len({keys for keys, _ in compiled}) == len(keyed)   # a text may hold several
    if (getattr(card, "kind", None) == "hero" and whole
            and not any(is_renown_rule(ir) for ir in irs)):
        diags.append(card.diag(
            "RF930", f"hero '{card.data.get('name', card.id)}' has no renown rule of its own",
            "abilities" if keyed else "name",
            hint="end its abilities with a trigger that gains renown, e.g. 'Every time you "
                 "explore a chamber, gain 1 renown.'"))
    return irs, diags


def compile_texts(card, keyed) -> tuple[list, list]:
    """([(keys, IR)], diagnostics) for ``keyed``: ``[(keys, text)]``, each ability string of
    ``card`` with the YAML keys where it stands (diagnostics are located there); a text with
    an error has no IR."""
    out, diags = [], []
    owner = owner_of(card)
    for keys, text in keyed:
        text, stats = restate.split(text, owner)   # branch dprose: "Vigour 3." (its data)
        found = restate.check(card.data, stats)
        diags.extend(card.span_diag(keys, span, code, msg, hint=hint, severity=sev)
                     for span, code, msg, hint, sev in found)
        if any(sev == "error" for *_, sev in found) or stats and not text.strip():
            continue
        try:   # one ability, or several one after another (branch delvelang)
            parts = abilities_of(text, owner)
        except AbilitySyntaxError as err:
            diags.append(card.span_diag(keys, (err.start, err.end), err.code, err.message,
                                        hint=err.hint))
            continue
        compiled = []
        for offset, _part, ability in parts:
            problems = check_ability(ability, owner)
            diags.extend(card.span_diag(keys, (p.span[0] + offset, p.span[1] + offset), p.code,
                                        p.message, hint=p.hint, severity=p.severity)
                         for p in problems)
            unarmed = own_weapons.unarmed(card, ability) if owner == "adversary" else []
            diags.extend(card.span_diag(keys, (a + offset, b + offset), own_weapons.CODE, msg,
                                        hint=hint) for (a, b), msg, hint in unarmed)   # dfix
            if unarmed or any(p.severity == "error" for p in problems):
                compiled = None
                break
            ir = lower(ability, owner)
            validate_ability(ir, _schema_check)
            compiled.append((keys, ir))
        out.extend(compiled or ())
    return out, diags


def canonical_text(text: str) -> str:
    """The canonical form of one ability, or of the abilities one text holds one after
    another (each printed, joined by a space; branch delvelang): the text has no card, so
    it is read as a hero's, then as an adversary's (DiagnosticError located in the
    string)."""
    try:
        rest, stats = restate.split(text, "adversary")   # branch dprose: stat lines first
        if stats:
            return restate.canonical(text, stats, print_card_text(parse_card_text(rest))
                                     if rest.strip() else "")
        return print_card_text(parse_card_text(text))
    except AbilitySyntaxError as err:
        raise DiagnosticError(Diagnostic(err.code, err.message, "<ability>", 1, err.start + 1,
                                         err.end - err.start, hint=err.hint,
                                         source_line=text)) from None
