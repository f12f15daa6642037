"""The rows of a round-start state of the exact odds (``Solver._row`` for every chain node of
the state at once), as Python generated per alive mask and kind of solver (with or without
once-per-combat abilities).

``Solver._row`` is the definition: per chain node (phase, attacked mask), the actions with
their constant 5-vector, the probability that nothing changes and the next node. A state's
rows read the same successor states at every node of a phase (the Hero's or an Ally's hit,
a miss on the Hero or on an Ally), and in the last phase an action leads to the next round's
start whatever the mask. The generated function takes the solver's own numbers (lives,
probabilities, damage, the probability that nothing changes) from a tuple worked out once a
solver and alive mask (:class:`RowConstants`), reads each successor once a phase, writes
each node's row with its masks and keys as constants, and builds a last-phase entry once for
all the nodes that share it (except a miss on the Hero with a cancel: ``Solver._hit`` files
its choice by the mask, so it is asked at each node as ``_row`` asks it). The entries, their
float operations and their order are ``_row``'s (tests/test_odds_sweep.py compares them
bit for bit); only the order in which missing successor states get solved differs, and a
state's values never depend on that order (tests/test_solver_sharing.py).
"""

from __future__ import annotations

_KERNELS: dict = {}  # (alive, plain) -> generated function
DEFEND = -1
HERO = 0


def row_kernel(alive: int, plain: bool, keys):
    """The generated ``f(solver, state) -> rows`` (in the order of ``keys``, the solver's
    chain nodes for ``alive``)."""
    fn = _KERNELS.get((alive, plain))
    if fn is None:
        scope: dict = {}
        exec(compile(rows_source(alive, plain, keys), "<odds_rows kernel>", "exec"),  # noqa: S102
             scope)
        fn = _KERNELS[(alive, plain)] = scope["rows"]
    return fn


def rows_source(alive: int, plain: bool, keys) -> str:
    out = ["def rows(S, state):"]
    rows_code(out.append, alive, plain, keys)
    return "\n".join(out) + "\n"


def rows_code(put, alive: int, plain: bool, keys, fused: bool = False, lean: bool = False):
    """The body of :func:`rows_source`. ``fused`` (a solver without strikes): no rows are
    built or returned; each action's constant 5-vector is left in the locals ``<name>_0`` ..
    ``<name>_4``, and the result is the layout :func:`.odds_sweep.sweep_source` reads
    (per node, per action: that name, p_unchanged, the action, the next node's index).
    ``lean`` (fused only): the numbers the decisions read alone, ``<name>_0`` (wins) and
    ``<name>_3`` (the Hero's final wounds); loss, stalemate and wounds * win are not worked
    out (:attr:`.odds_solver.Solver.lean`)."""
    whos = [w for w in range(alive.bit_length()) if alive >> w & 1]
    index = {key: i for i, key in enumerate(keys)}
    layout = []
    put("    h, c, allies, ex = state")
    put("    node = S.node")
    # the solver's numbers for this alive mask (RowConstants), in locals at once
    put("    (%s,) = S._rc[%d]" % (", ".join(constant_names(alive)), alive))
    put("    ZERO = (0.0, 0.0, 0.0, 0.0, 0.0)")
    if not plain:
        put("    hit = S._hit")
        put("    strikes = S._strikes")
        put("    strike_entries = S._strike_entries")
        put("    HC = S.hit_choice")
        put("    HV = S._hit_value")
        # per phase: may a cancel answer wounds on the Hero now? If not, _hit would take the
        # wounds and file "no cancel": done inline
        put("    CAN0, CAN1, CAN2 = S._can.get((ex[0], allies)) or S._cancel_phases(state)")
    phases = sorted({k for k, _m in keys}, reverse=True)
    for k in phases:  # the successors of each phase, read once
        for w in whos:
            put(f"    XT{w}_{k} = XV{w}_{k} = None")  # no hit / a defeat / the values table
            put(f"    if hx{w}_{k}:")
            put(f"        if c + dl{w}_{k} >= clife:")
            put(f"            XT{w}_{k} = (1.0, 0.0, 0.0, h, h)")
            put("        else:")
            put(f"            XV{w}_{k} = node[(h, c + dl{w}_{k}, allies, ex)]")
            if w == HERO:
                # a miss on the Hero (the Hero's attack and the defence), the wounds taken
                # (with cancels, _hit reads the same successor first)
                put(f"    YT{k} = YV{k} = None")
                put(f"    if mx{w}_{k}:")
                put(f"        if h + cd{k} >= hlife:")
                put(f"            YT{k} = (0.0, 1.0, 0.0, h + cd{k}, 0.0)")
                put("        else:")
                put(f"            YV{k} = node[(h + cd{k}, c, allies, ex)]")
            else:
                put(f"    YV{w}_{k} = None")
                put(f"    if mx{w}_{k}:")
                put("        aw = list(allies)")
                put(f"        aw[{w - 1}] = min(aw[{w - 1}] + cd{k}, al{w})")
                put("        aw = tuple(aw)")
                put(f"        AM{w}_{k} = S._alive_mask(aw)")
                put(f"        YV{w}_{k} = node[(h, c, aw, ex)]")
    rows = []
    shared: dict = {}  # last-phase entries already built: their entry
    for i, (k, mask) in enumerate(keys):
        last = k == 2
        nk = k + 1
        entries = []
        for w in whos:
            if mask >> w & 1:
                continue
            nm = (mask | 1 << w) & alive
            name = f"e{i}_{w}"
            hero_hit = w == HERO and not plain
            if last and not hero_hit and ("w", w) in shared:
                entries.append(shared[("w", w)])
                continue
            at = "3" if last else repr((nk, nm))
            put(f"    x = XT{w}_{k} if XV{w}_{k} is None else XV{w}_{k}[{at}]")
            if w == HERO:
                if plain:
                    put(f"    y = YT{k} if YV{k} is None else YV{k}[{at}]")
                else:
                    put(f"    if mx{w}_{k}:")
                    _hit(put, k, nk, nm, at, "        ")
                    put("    else:")
                    put("        y = None")
            else:
                na = "3" if last else f"({nk}, {(mask | 1 << w)} & AM{w}_{k})"
                put(f"    y = None if YV{w}_{k} is None else YV{w}_{k}[{na}]")
            if fused:
                _const(put, f"ps{w}_{k}", f"pf{w}_{k}", name, lean)
                entries.append((name, f"st{w}_{k}", repr(w), None if last else index[(nk, nm)]))
            else:
                _const(put, f"ps{w}_{k}", f"pf{w}_{k}")
                put(f"    {name} = ({w}, cst, st{w}_{k}, {None if last else (nk, nm)!r})")
                entries.append(name)
            if last and not hero_hit:
                shared[("w", w)] = entries[-1]
        name = f"g{i}" if fused else f"d{i}"
        nxt = None if last else (nk, mask)
        if last and plain and ("d",) in shared:
            entries.append(shared[("d",)])
        else:
            at = "3" if last else repr((nk, mask))
            put(f"    if cd{k} == 0:")
            if fused:
                put(f"        {' = '.join(f'{name}_{c}' for c in _comps(lean))} = 0.0; "
                    f"{name}_s = 1.0")
            else:
                put(f"        {name} = ({DEFEND}, ZERO, 1.0, {nxt!r})")
            put("    else:")
            ps, pf = f"ps0_{k}", f"pf0_{k}"  # the Hero's (a defence: P[0][k] as _row reads)
            if plain:
                put(f"        y = None if {ps} >= 1.0 else YT{k} if YV{k} is None else YV{k}[{at}]")
            else:
                put(f"        if {ps} >= 1.0:")
                put("            y = None")
                put("        else:")
                _hit(put, k, nk, mask, at, "            ")
            if fused:
                put(f"        {name}_s = {ps}")
                put("        if y is None:")
                put(f"            {' = '.join(f'{name}_{c}' for c in _comps(lean))} = 0.0")
                put("        else:")
                put("            " + "; ".join(f"{name}_{c} = {pf} * y[{c}]"
                                               for c in _comps(lean)))
                entries.append((name, f"{name}_s", repr(DEFEND),
                                None if last else index[nxt]))
            else:
                put(f"        {name} = ({DEFEND}, ZERO if y is None else ({pf} * y[0], "
                    f"{pf} * y[1], {pf} * y[2], {pf} * y[3], {pf} * y[4]), {ps}, {nxt!r})")
                entries.append(name)
            if last and plain:
                shared[("d",)] = entries[-1]
        if fused:
            layout.append(entries)
            continue
        row = "[" + ", ".join(entries) + "]"
        if not plain:
            row = f"(strike_entries({k}, {mask}, state, {alive}) if strikes[{k}] else []) + {row}"
        rows.append(row)
    if not fused:
        put("    return [%s]" % ", ".join(rows))
    return layout


def _hit(put, k: int, nk: int, mask: int, at: str, pad: str) -> None:
    """``y = S._hit(k, nk, mask, state, cd)``; inline when no cancel can answer in phase
    ``k`` (the wounds taken, "no cancel" filed by the same key, as ``_hit`` does)."""
    put(f"{pad}if CAN{k}:")
    put(f"{pad}    y = hit({k}, {nk}, {mask}, state, cd{k})")
    put(f"{pad}else:")
    put(f"{pad}    y = YT{k} if YV{k} is None else YV{k}[{at}]")
    put(f"{pad}    key = ({nk}, {mask}, state, cd{k})")
    put(f"{pad}    HC[key] = None")
    put(f"{pad}    HV[key] = y")


def _comps(lean: bool) -> tuple:
    """The components of a 5-vector the generated code works out: all, or (lean) the two
    the decisions read, wins and the Hero's final wounds."""
    return (0, 3) if lean else (0, 1, 2, 3, 4)


def _const(put, ps: str, pf: str, name: str | None = None, lean: bool = False) -> None:
    """``cst``, the constant 5-vector of an action: ps * x + pf * y, None being an outcome
    that changes nothing (``Solver._row``'s arithmetic, branch for branch); with ``name``,
    its numbers in ``<name>_0`` .. ``<name>_4`` instead (``lean``: ``_0`` and ``_3`` only)."""
    if name is not None:
        comps = _comps(lean)
        put("    if x is None:")
        put("        if y is None:")
        put(f"            {' = '.join(f'{name}_{i}' for i in comps)} = 0.0")
        put("        else:")
        put("            " + "; ".join(f"{name}_{i} = {pf} * y[{i}]" for i in comps))
        put("    elif y is None:")
        put("        " + "; ".join(f"{name}_{i} = {ps} * x[{i}]" for i in comps))
        put("    else:")
        put("        " + "; ".join(f"{name}_{i} = {ps} * x[{i}] + {pf} * y[{i}]"
                                   for i in comps))
        return
    put("    if x is None:")
    put(f"        cst = ZERO if y is None else ({pf} * y[0], {pf} * y[1], {pf} * y[2], "
        f"{pf} * y[3], {pf} * y[4])")
    put("    elif y is None:")
    put(f"        cst = ({ps} * x[0], {ps} * x[1], {ps} * x[2], {ps} * x[3], {ps} * x[4])")
    put("    else:")
    put(f"        cst = ({ps} * x[0] + {pf} * y[0], {ps} * x[1] + {pf} * y[1], "
        f"{ps} * x[2] + {pf} * y[2], {ps} * x[3] + {pf} * y[3], {ps} * x[4] + {pf} * y[4])")


def constant_names(alive: int) -> list:
    """The locals of :class:`RowConstants`' tuple for ``alive``, in its order."""
    whos = [w for w in range(alive.bit_length()) if alive >> w & 1]
    names = ["clife", "hlife", "cd0", "cd1", "cd2"]
    for w in whos:
        for k in range(3):
            names += [f"{n}{w}_{k}" for n in ("ps", "pf", "dl", "st", "hx", "mx")]
    return names + [f"al{w}" for w in whos if w]


class RowConstants(dict):
    """alive mask -> the numbers of a solver the rows read at every state (built once):
    the lives, the enemy's damage per phase, and per attacker and phase the success
    probability ``ps``, ``pf = 1 - ps``, the damage dealt, the probability that nothing
    changes, whether a hit changes something (``hx``) and a miss does (``mx``), as
    ``Solver._row`` works them out; then the Allies' lives."""

    __slots__ = ("solver",)

    def __init__(self, solver):
        super().__init__()
        self.solver = solver

    def __missing__(self, alive):
        S = self.solver
        cds = S.chal.damage
        out = [S._clife, S._hlife, cds[0], cds[1], cds[2]]
        whos = [w for w in range(alive.bit_length()) if alive >> w & 1]
        for w in whos:
            for k in range(3):
                ps, dealt, cd = S.p[w][k], S.dmg[w][k], cds[k]
                pf = 1.0 - ps
                st = 1.0 if not dealt and not cd else (0.0 if dealt else ps) + (0.0 if cd else pf)
                out += [ps, pf, dealt, st, bool(dealt and ps > 0.0), bool(cd and pf > 0.0)]
        out += [S.allies[w - 1].life for w in whos if w]
        self[alive] = out = tuple(out)
        return out
