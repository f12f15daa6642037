"""Checks of a die table's rows (issue 32, session rbdice), called by
:func:`.branching.check_branching` for every ``DieTable``:

* RF419 (error): a row that cannot be read as written: a range that runs backwards, a result
  the roll never makes (a face off the die, a total of two dice below 2 or above 20), or a row
  that names a result an earlier row already names (rows never overlap: one row happens).
* RF480 (warning): results no row names and no "Otherwise," covers. Nothing happens on them,
  as after an "If ..." with no "Otherwise": authors often write only the rows that do
  something ("Roll a die. On 1–3, take 2 wounds. On 4–6, gain 3 gold."). The warning names
  those results; an explicit row ("On 7–10, nothing happens.") or "Otherwise, nothing
  happens." says it is meant and silences it.

The results a roll makes: one die 1..N (N from the rules data), the higher of two dice 1..N,
two dice 2..2N; with an attribute added ("and add your Body") the total depends on the Hero,
so only the results between and beside the rows written are read.
"""

from __future__ import annotations

from runeforge.dsl.runebound import nodes as n


def _f(*args, **kw):
    return args, kw


def _span(low, high) -> str:
    return str(low) if low == high else f"{low}\u2013{high}"


def results(node: n.DieTable, faces: int):
    """(lowest, highest) result of the roll, or (None, None) when the Hero's stat is added."""
    if node.add is not None:
        return None, None
    if node.keep == "higher":
        return 1, faces
    return node.dice, node.dice * faces


def table(node: n.DieTable, faces: int):
    """The findings of ``node``'s rows (``faces``: of one die)."""
    lo, hi = results(node, faces)
    what = "the die has faces" if node.dice == 1 or node.keep else "two dice make totals"
    seen: list[tuple[float, float, n.TableRow]] = []
    wrong = False  # a row in error: its results are not read for gaps
    for row in node.rows:
        if row.low is not None and row.high is not None and row.low > row.high:
            yield _f("RF419", f"the range {row.low}–{row.high} runs backwards", row.span,
                     hint=f"write {row.high}–{row.low}")
            wrong = True
            continue
        named = [b for b in (row.low, row.high) if b is not None]
        off = [b for b in named if lo is not None and not lo <= b <= hi]
        if off:
            yield _f("RF419", f"{what} {lo} to {hi}; this row names {off[0]}", row.span,
                     hint=f"rows name results from {lo} to {hi}")
            wrong = True
            continue
        a = row.low if row.low is not None else (lo if lo is not None else float("-inf"))
        b = row.high if row.high is not None else (hi if hi is not None else float("inf"))
        clash = next((max(a, s) for s, e, _r in seen if a <= e and s <= b), None)
        if clash is not None:
            shown = int(clash) if clash != float("-inf") else row.high
            noun = "total" if node.add is not None or (node.dice > 1 and not node.keep) \
                else "face"
            yield _f("RF419", f"{noun} {shown} is already covered by an earlier row",
                     row.span, hint="each result belongs to exactly one row")
            wrong = True
            continue
        seen.append((a, b, row))
    if node.otherwise is not None or not seen or wrong:
        return
    yield from _gaps(node, sorted(seen, key=lambda s: s[0]), lo, hi)


def _gaps(node, seen, lo, hi):
    gaps, at, after = [], lo, None
    for a, b, r in seen:
        if at is not None and a > at:
            gaps.append(_span(int(at), int(a) - 1))
            after = after or r  # located at the row after the first gap, as RF419 was
        at = b + 1 if b != float("inf") else None
    first, last = seen[0][0], seen[-1][1]
    if hi is not None and at is not None and at <= hi:
        gaps.append(_span(int(at), hi))
    if lo is None and first != float("-inf"):
        gaps.insert(0, f"{int(first) - 1} or less")
        after = seen[0][2]
    if hi is None and last != float("inf"):
        gaps.append(f"{int(last) + 1} or more")
    if not gaps:
        return
    which = ", ".join(gaps)
    after = after or node.rows[-1]
    one = len(gaps) == 1 and gaps[0].isdigit()
    yield _f("RF480", f"nothing happens on {which}: no row names {'it' if one else 'them'}",
             after.span, severity="warning",
             hint=f"if that is meant, say it: 'On {gaps[0]}, nothing happens.' or "
                  "'Otherwise, nothing happens.'; else give them a row")
