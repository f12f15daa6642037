"""A small writer of Python source for the combat kernel: indented lines, safe comments, the
string table and the decision sites of both policy modes.

Every card string (ids, ability references) goes into the string table ``STR`` that the
kernel receives as an argument; the source itself holds only names the generator made, numbers
and the fixed words of :data:`WORDS`. Comments are reduced to a safe alphabet, so no card text
can end a comment and start code.
"""

from __future__ import annotations

import re

# The only string literals a kernel's source may hold.
WORDS = frozenset({
    "abandoned", "defeated", "escaped", "knocked_out", "success", "failure", "ranged",
    "melee", "magic", "attack", "defend", "use_ability", "phase_action", "escape", "x",
    "amount", "optional", "target", "skill_exhaustion", "knockout_loss", "ev",
    "hero_ev_later", "phase", "danger", "window", "pending", "before_combat", "after_combat",
    "defeat_challenge", "wounds_inflicted", "what", "skill", "text", "ally_attack",
    "mind", "body", "spirit", "life", "stamina", "ranged_damage", "melee_damage",
    "magic_damage", "ranged_roll", "melee_roll", "magic_roll", "escape_roll", "h", "c",
    *(f"a{i}" for i in range(64)),
})
_SAFE = re.compile(r"[^A-Za-z0-9 ,.:;()'+\-]")


def safe_comment(text: str) -> str:
    return _SAFE.sub("?", text)[:110]


class Source:
    def __init__(self) -> None:
        self.lines: list[str] = []
        self.depth = 0
        self.strings: list[str] = []
        self._index: dict[str, int] = {}

    def line(self, text: str = "") -> None:
        self.lines.append("    " * self.depth + text if text else "")

    def comment(self, text: str) -> None:
        self.line("# " + safe_comment(text))

    def block(self, head: str):
        """``with src.block("if x:"):`` writes the head and indents the body."""
        return _Block(self, head)

    def word(self, w: str) -> str:
        if w not in WORDS:
            raise ValueError(f"not a kernel word: {w!r}")
        return repr(w)

    def string(self, s: str) -> str:
        """A reference to ``s`` in the string table (card data never enters the source)."""
        if s not in self._index:
            self._index[s] = len(self.strings)
            self.strings.append(s)
        return f"STR[{self._index[s]}]"

    def text(self) -> str:
        return "\n".join(self.lines) + "\n"


class _Block:
    def __init__(self, src: Source, head: str):
        self.src = src
        src.line(head)

    def __enter__(self):
        self.src.depth += 1
        return self.src

    def __exit__(self, *exc):
        self.src.depth -= 1
        return False
