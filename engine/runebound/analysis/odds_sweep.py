"""The Newton/Dinkelbach iteration of one round-start state of the exact odds
(:mod:`.odds_solver`), as a plain loop (:func:`reference`, the definition) and as Python
source generated for the shape of the state's chain (:func:`kernel`, what the solver runs).

A round-start state's chain nodes (phase, attacked mask) and, at each node, its actions
``(action, constant 5-vector, p_unchanged, next node or None)`` come from
``Solver._row``. Which nodes there are depends on the alive mask only, and which node each
action leads to on the alive mask and the number of actions of each node (a node's once-per-
combat strikes come first and lead to no node; the attacks and the defence after them lead
where the mask says): so ``(alive, the rows' lengths)`` is the *shape*, and one function is
generated per shape, with every node's numbers in locals, every loop unrolled and the best
action's 6-vector worked out only for the action chosen. It performs the same float
operations, in the same order, as :func:`reference`, but for the ones whose result is known
exactly: an action that leads to no node adds ``stay * 0.0`` and multiplies by ``1.0``, and
as no number of the solver is negative or -0.0, its constants are read as they are
(tests/test_odds_sweep.py compares kernel and loop bit for bit): the values and the choices,
hence the games, do not change; the work of a state falls by about half
(``benchmarks/work_game.py``).
"""

from __future__ import annotations

_EPS = 1e-12
_KERNELS: dict = {}  # (alive, lengths of the rows, lean) -> generated function


def reference(keys, rows, h, shortcut=True):
    """(start 5-vector, {node: 5-vector, 3: start}, {node: action}, sweeps) of the state
    whose chain ``keys`` (latest phase first, the root ``(0, 0)`` last) has the ``rows``
    (in the order of ``keys``); ``h``: the state's Hero wounds (a stalemate keeps them)."""
    acts = dict(zip(keys, rows, strict=True))
    eps = _EPS

    def sweep(v):
        val, pick, seen = {}, {}, []
        for key in keys:
            best = None
            bt = bp = bwd = 0.0
            options = []
            for who, c, stay, nk in acts[key]:
                if nk is None:
                    n0 = n1 = n2 = n3 = n4 = 0.0
                    n5 = 1.0
                else:
                    n0, n1, n2, n3, n4, n5 = val[nk]
                w = c[0] + stay * n0
                p = stay * n5
                wd = c[3] + stay * n3
                options.append((w, p, wd))
                tot = w + p * v
                if (best is None or tot > bt + eps
                        or (tot >= bt - eps and (p < bp - eps
                                                 or (p <= bp + eps and wd < bwd - eps)))):
                    best = (w, c[1] + stay * n1, c[2] + stay * n2, wd, c[4] + stay * n4, p)
                    bt, bp, bwd = tot, p, wd
                    pick[key] = who
            val[key] = best
            seen.append(options)
        return val, pick, seen

    def same_choices(seen, pick, v) -> bool:
        for options, key in zip(seen, keys, strict=True):
            first = None
            bt = bp = bwd = 0.0
            i = 0
            for j, (w, p, wd) in enumerate(options):
                tot = w + p * v
                if (first is None or tot > bt + eps
                        or (tot >= bt - eps and (p < bp - eps
                                                 or (p <= bp + eps and wd < bwd - eps)))):
                    first = True
                    bt, bp, bwd, i = tot, p, wd, j
            if acts[key][i][0] != pick[key]:
                return False
        return True

    v = 0.0
    val, pick, seen = sweep(v)
    sweeps = 1
    for _ in range(200):
        r = val[(0, 0)]
        if r[5] >= 1.0:
            break  # T(v) = v with p = 1: nothing the player can do changes anything
        nv = r[0] / (1.0 - r[5])
        if nv <= v + 1e-15:
            break
        v = nv
        if shortcut and same_choices(seen, pick, v):
            break  # sweep(v) would give val again, hence v again: the fixed point
        val, pick, seen = sweep(v)
        sweeps += 1
    r = val[(0, 0)]
    p = r[5]
    if p >= 1.0:
        vec = (0.0, 0.0, 1.0, h, 0.0)
    else:
        q = 1.0 / (1.0 - p)
        vec = (r[0] * q, r[1] * q, r[2] * q, r[3] * q, r[4] * q)
    v0, v1, v2, v3, v4 = vec
    values = {key: (x[0] + x[5] * v0, x[1] + x[5] * v1, x[2] + x[5] * v2,
                    x[3] + x[5] * v3, x[4] + x[5] * v4) for key, x in val.items()}
    values[3] = vec
    return vec, values, pick, sweeps


def kernel(alive: int, keys, rows, lean: bool = False):
    """The generated function ``f(rows, h, shortcut)`` for this shape (see the module
    docstring); it returns what :func:`reference` returns (``lean``: its wins, wounds and
    choices, the other numbers 0.0, as :func:`sweep_source` says)."""
    shape = (alive, tuple(map(len, rows)), lean)
    fn = _KERNELS.get(shape)
    if fn is None:
        fn = _KERNELS[shape] = _compile(keys, rows, lean)
    return fn


def kernel_source(keys, rows, lean: bool = False) -> str:
    """The Python source of the kernel for the shape of ``keys`` and ``rows``."""
    index = {key: i for i, key in enumerate(keys)}
    layout = [[(f"c{i}_{j}", f"s{i}_{j}", f"o{i}_{j}",
                None if a[3] is None else index[a[3]]) for j, a in enumerate(row)]
              for i, row in enumerate(rows)]
    out = ["def solve(rows, h, shortcut, eps=%r):" % _EPS]
    put = out.append
    put("    (%s,) = rows" % ", ".join(f"r{i}" for i in range(len(keys))))
    for i, row in enumerate(rows):
        put("    (%s,) = r%d" % (", ".join(f"(o{i}_{j}, c{i}_{j}, s{i}_{j}, _)"
                                           for j in range(len(row))), i))
        for j in range(len(row)):
            put(f"    (c{i}_{j}_0, c{i}_{j}_1, c{i}_{j}_2, c{i}_{j}_3, c{i}_{j}_4) = c{i}_{j}")
    sweep_source(put, keys, layout, lean)
    return "\n".join(out) + "\n"


def sweep_source(put, keys, layout, lean: bool = False) -> None:
    """The iteration and its result (``return vec, values, pick, sweeps``), for a function
    whose locals hold every action of every node: ``layout[i][j]`` is ``(constant, stay,
    action, next)`` of action ``j`` of node ``i``: the name whose ``_0``..``_4`` are the
    constant 5-vector, the expression of p_unchanged, the expression of the action's code,
    the index of the next node (None: none). ``h`` and ``shortcut`` are locals, and ``eps``
    is ``_EPS``. ``lean``: the constants have ``_0`` and ``_3`` only, and the values carry
    wins and the Hero's final wounds alone (loss, stalemate and wounds * win are 0.0; the
    choices, made from those two and p_unchanged, are the same, and so are those numbers,
    bit for bit: no operation on them reads the others)."""
    root = keys.index((0, 0))
    put("    v = 0.0")
    put("    n = sweeps = 0")
    put("    while True:")
    # an action that leads to no node (the last phase, a strike) has loop-invariant numbers:
    # c + stay * 0.0 is c and stay * 1.0 is stay (every number here is >= +0.0, never -0.0),
    # so its constants are read as they are, with no local and no arithmetic
    terms = [[(f"{c}_0", s, f"{c}_3", f"{c}_1", f"{c}_2", f"{c}_4") if t is None else
              (f"w{i}_{j}", f"p{i}_{j}", f"d{i}_{j}", f"{c}_1 + {s} * V{t}_1",
               f"{c}_2 + {s} * V{t}_2", f"{c}_4 + {s} * V{t}_4")
              for j, (c, s, _o, t) in enumerate(row)] for i, row in enumerate(layout)]
    for i, row in enumerate(layout):  # the sweep at v
        for j, (c, s, _o, t) in enumerate(row):
            if t is not None:
                put(f"        w{i}_{j} = {c}_0 + {s} * V{t}_0")
                put(f"        p{i}_{j} = {s} * V{t}_5")
                put(f"        d{i}_{j} = {c}_3 + {s} * V{t}_3")
        if len(row) > 1:
            _argmax(put, i, terms[i], "J", "        ")
        else:  # a node with one action chooses it: no comparison to make
            put(f"        J{i} = 0")
        for j, (w, p, d, x1, x2, x4) in enumerate(terms[i]):  # the chosen action's 6-vector
            head = "if" if j == 0 else "elif"
            put(f"        {head} J{i} == {j}:" if len(row) > 1 else "        if True:")
            if lean:
                put(f"            V{i}_0 = {w}; V{i}_3 = {d}; V{i}_5 = {p}")
            else:
                put(f"            V{i}_0 = {w}; V{i}_1 = {x1}; V{i}_2 = {x2}; V{i}_3 = {d}; "
                    f"V{i}_4 = {x4}; V{i}_5 = {p}")
    put("        sweeps += 1")
    put("        if n == 200:")
    put("            break")
    put("        n += 1")
    put(f"        if V{root}_5 >= 1.0:")
    put("            break  # T(v) = v with p = 1: nothing the player can do changes anything")
    put(f"        nv = V{root}_0 / (1.0 - V{root}_5)")
    put("        if nv <= v + 1e-15:")
    put("            break")
    put("        v = nv")
    put("        if shortcut:  # would the sweep at v choose as the last one did?")
    put("            same = True")
    put("            while True:")
    for i, row in enumerate(layout):
        if len(row) > 1:  # a node with one action chooses it at any v
            _argmax(put, i, terms[i], "K", "                ")
            put(f"                if K{i} != J{i}:")
            put("                    same = False")
            put("                    break")
    put("                break")
    put("            if same:")
    put("                break  # it would give these values again, hence v: the fixed point")
    put(f"    p = V{root}_5")
    put("    if p >= 1.0:")
    put("        vec = (0.0, 0.0, 1.0, h, 0.0)")
    put("    else:")
    put("        q = 1.0 / (1.0 - p)")
    if lean:
        put(f"        vec = (V{root}_0 * q, 0.0, 0.0, V{root}_3 * q, 0.0)")
        put("    v0, v1, v2, v3, v4 = vec")
        put("    values = {")
        for i, key in enumerate(keys):
            put(f"        {key!r}: (V{i}_0 + V{i}_5 * v0, 0.0, 0.0, V{i}_3 + V{i}_5 * v3, 0.0),")
    else:
        put(f"        vec = (V{root}_0 * q, V{root}_1 * q, V{root}_2 * q, V{root}_3 * q, "
            f"V{root}_4 * q)")
        put("    v0, v1, v2, v3, v4 = vec")
        put("    values = {")
        for i, key in enumerate(keys):
            put(f"        {key!r}: (V{i}_0 + V{i}_5 * v0, V{i}_1 + V{i}_5 * v1, "
                f"V{i}_2 + V{i}_5 * v2, V{i}_3 + V{i}_5 * v3, V{i}_4 + V{i}_5 * v4),")
    put("        3: vec}")
    put("    pick = {%s}" % ", ".join(
        f"{key!r}: ({', '.join(o for _c, _s, o, _t in layout[i])},)[J{i}]"
        for i, key in enumerate(keys)))
    put("    return vec, values, pick, sweeps")


def _compile(keys, rows, lean: bool = False):
    scope: dict = {}
    exec(compile(kernel_source(keys, rows, lean), "<odds_sweep kernel>", "exec"), scope)  # noqa: S102
    return scope["solve"]


def _argmax(put, i: int, terms, var: str, pad: str) -> None:
    """The sweep's choice at node ``i`` (the first best, as the loop of :func:`reference`
    takes it) into ``<var><i>``; ``terms``: each action's (w, p, wd, ...) expressions."""
    w, p, d = terms[0][:3]
    put(f"{pad}bt = {w} + {p} * v; bp = {p}; bwd = {d}; {var}{i} = 0")
    for j in range(1, len(terms)):
        w, p, d = terms[j][:3]
        put(f"{pad}tot = {w} + {p} * v")
        put(f"{pad}if tot > bt + eps or (tot >= bt - eps and ({p} < bp - eps or "
            f"({p} <= bp + eps and {d} < bwd - eps))):")
        put(f"{pad}    bt = tot; bp = {p}; bwd = {d}; {var}{i} = {j}")
