"""The ``optimal`` policy as a table inside a combat kernel: each decision asked once.

:class:`~.optimal_player.OptimalPlayer` answers a kernel's question by reading the kernel's
state through a view (:mod:`..combat.kernel_view`) and solving or reading the exact model.
That costs tens of microseconds to milliseconds a question; a Monte Carlo cell asks the same
questions in the same states thousands of times. :class:`TablePlayer` wraps an
OptimalPlayer and keeps its answers in a table per kernel, keyed by everything the answer can
depend on:

* the question (kind, options, source, info, step) and the kernel's whole state as the
  view reads it (``SNAP``: wounds, exhaustion, gold, enemy wounds, Allies, held and activated
  cards, uses, attacks of the round, every stat, restrictions, durations; ``SNAP(0)`` gives
  it as one flat tuple without what is constant in the kernel);
* the player's own memory within a combat, which is all the OptimalPlayer keeps besides
  pure caches: whether the combat is fresh, the Before Combat solution and the round-start
  solution in force (one solved in an earlier round counts as none: the player solves the
  round anew; the round number is read by nothing else). Each solution is named by what it is
  made of (the cached solution objects by identity, kept alive by the table, and the
  numbers beside them), so a table row is reused only when the player would be in the same
  memory, and two questions that led to the same solution share the rows after them.

A question not in the table goes to the OptimalPlayer, whose memory is first set to the one
the table tracked (the solutions of earlier rows are kept), and its answer and its memory
afterwards become the row. So the answers are the OptimalPlayer's, question for question
(tests/test_optimal_table.py compares the outcomes, wounds and dice of both over many seeds),
and the table fills itself with the situations that actually arise (no up-front solve of
states that never occur).
"""

from __future__ import annotations

from runeforge.engine.common.decisions import Decision
from runeforge.engine.common.errors import IllegalAction

from .optimal_player import OptimalPlayer

_TAG_DICT, _TAG_LIST = object(), object()


def _freeze(value):
    """A hashable, order-keeping image of an info value (dicts and lists tagged)."""
    kind = type(value)
    if kind is dict:
        return (_TAG_DICT, *((k, _freeze(v)) for k, v in value.items()))
    if kind is list or kind is tuple:
        return (_TAG_LIST if kind is list else kind, *map(_freeze, value))
    if kind is set or kind is frozenset:
        return (kind, *sorted(value, key=repr))
    return value


class TablePlayer:
    """An OptimalPlayer whose kernel answers are looked up in a table (see the module
    docstring). Outside a kernel (the engine asking) it is the OptimalPlayer."""

    def __init__(self, inner: OptimalPlayer | None = None):
        self.inner = inner if inner is not None else OptimalPlayer()
        self.tables: dict = {}  # kernel digest -> (rows, contexts, solutions)
        self.asked = self.solved = 0  # questions; questions the OptimalPlayer answered
        # the player's memory in this combat, in a list the askers share: (fresh, Before
        # Combat solution's context id, round-start solution's context id), and the round of
        # the last question (a round-start solution is one of that round)
        self._memory = [(True, None, None), 0]

    def decide(self, decision, engine):
        return self.inner.decide(decision, engine)

    def start_combat(self) -> None:
        self.inner.start_combat()
        self._memory[:] = [(True, None, None), 0]

    def kernel_asker(self, kernel, view, record: list | None):
        """The ASK function of an ``ask`` kernel with this player answering from its table
        (``record``: (kind, options, answer) appended per question, or None)."""
        inner = self.inner
        # rows; row key -> context id; context id -> the OptimalPlayer's solution it names
        table, contexts, memory = self.tables.setdefault(kernel.digest, ({}, {}, [None]))
        hero_id = kernel.hero
        freeze = _freeze
        me = self
        cell = self._memory

        def ask(kind, options, source, info, snap, step, rnd):
            mem = cell[0]
            if cell[1] != rnd and mem[2] is not None:  # a round-start solution of a past
                mem = (mem[0], mem[1], None)  # round: the player solves this round anew
            try:  # SNAP(0): the state flat, without the kernel's constants; info's dicts
                # one level down as (tag, items): most questions hash so
                key = (kind, tuple(options), source, tuple(
                    [(k, (_TAG_DICT, *v.items()) if type(v) is dict else v)
                     for k, v in info.items()]), step, mem, snap(0))
                row = table.get(key)
            except TypeError:  # a list somewhere: the full (tagged) image of it
                s = snap()
                key = (kind, tuple(options), source, freeze(info), step, mem, *s[:12],
                       tuple(s[12].values()), tuple(s[13].values()), freeze(s[14]), None)
                row = table.get(key)
            me.asked += 1
            if row is None:
                row = table[key] = solve(mem, kind, options, source, info, snap, step, rnd)
            answer, cell[0] = row
            cell[1] = rnd
            if record is not None:
                record.append((kind, list(options), answer))
            return answer

        def solve(mem, kind, options, source, info, snap, step, rnd):
            me.solved += 1
            fresh, before, rounds = mem
            before_key = (inner._combat, id(view), 1)
            inner._fresh = fresh
            inner._before_key = before_key if before is not None else None
            inner._before = memory[before] if before is not None else None
            round_key = None
            if rounds is not None:  # solved at the start of this round
                inner._root = memory[rounds]
                round_key = (*before_key, rnd)
            inner._round_key = round_key
            view.update(snap, step, rnd)
            answer = inner.decide(Decision(kind, hero_id, list(options), source, info), view)
            if kind == "x" and not (isinstance(answer, int) and answer >= 0):
                raise IllegalAction(f"X must be a whole number >= 0, got {answer!r}")
            if kind not in ("use_ability", "x") and answer not in options:
                raise IllegalAction(f"{answer!r} is not a legal answer to {kind!r} here; "
                                    f"legal: {list(options)!r}")
            if inner._before_key != (before_key if before is not None else None):
                made = inner._before  # (solution, refs, {ref: card}) or None
                name = None if made is None else \
                    (id(made[0]), made[1], tuple(made[2].items()))
                before = _intern(contexts, memory, ("before", name), made)
            if inner._round_key != round_key:  # solved now, at the start of round rnd
                root = inner._root
                # (OddsResult, enemy wounds, ally wounds, lives, ally ids, round abilities)
                name = (id(root[0]), *root[1:5], tuple(map(id, root[5])))
                rounds = _intern(contexts, memory, ("round", name), root)
            return answer, (inner._fresh, before, rounds)

        return ask


def _intern(contexts: dict, memory: list, key, value) -> int:
    ident = contexts.get(key)
    if ident is None:
        ident = contexts[key] = len(memory)
        memory.append(value)
    return ident
