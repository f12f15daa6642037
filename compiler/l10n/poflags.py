"""The ``runeforge-format`` flag of the catalogs, so the translators' own tools accept them.

Runeforge's slots are ``{name}`` or ``{name.form}``: the *form* is the translator's choice
(``{what.acc}``, ``{noun.gen.pl}``). Babel flags every message with braces
``python-brace-format``, and GNU ``msgfmt --check`` (also run by Poedit and Weblate) then
reads ``{what.acc}`` as an argument the msgid lacks: a fatal error. So the catalogs carry the
project's own flag ``runeforge-format`` instead, which those tools leave alone, and the
project checks the slots itself (:mod:`.slots`: the same slot names in the msgid, every
translation and every plural form; forms free).

Babel cannot be told not to add its flag (``Message`` adds it to every message with braces,
on extraction and on ``pybabel update``), so run this after each of them, or let it run them::

    python -m runeforge.l10n.poflags locales    # FILE ... / DIR ...; in a checkout (babel.cfg
                                                #   beside locales/) its locales/ by default,
                                                #   elsewhere the installed catalogs
    python -m runeforge.l10n.poflags --regenerate   # in the repository: extract, update, flags

It rewrites the ``#,`` line of each entry and nothing else; on a fixed catalog it changes
nothing.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from runeforge.atomic import write_bytes_atomic

from .slots import SLOT

FLAG = "runeforge-format"
BABEL_FLAG = "python-brace-format"
_KEYWORD = re.compile(r"^(?:#~ )?(msgctxt|msgid|msgid_plural|msgstr(?:\[\d+\])?)\s+(\".*)$")
_QUOTED = re.compile(r'"((?:[^"\\]|\\.)*)"')


def _msgids(lines: list[str]) -> str:
    """The msgid and msgid_plural text of one entry (escapes left as they are)."""
    text, current = [], None
    for line in lines:
        m = _KEYWORD.match(line)
        if m:
            current = m.group(1)
            rest = m.group(2)
        elif current and line.lstrip("#~ ").startswith('"'):
            rest = line.lstrip("#~ ")
        else:
            current = None
            continue
        if current in ("msgid", "msgid_plural"):
            text.extend(_QUOTED.findall(rest))
    return "".join(text)


def _fix_entry(lines: list[str]) -> list[str]:
    slots = bool(SLOT.search(_msgids(lines)))
    flag_at = next((i for i, line in enumerate(lines) if line.startswith("#,")), None)
    flags = ([f.strip() for f in lines[flag_at][2:].split(",") if f.strip()]
             if flag_at is not None else [])
    wanted = sorted({f for f in flags if f not in (BABEL_FLAG, FLAG)} | ({FLAG} if slots
                                                                           else set()))
    if wanted == flags:
        return lines
    line = "#, " + ", ".join(wanted) if wanted else None
    out = list(lines)
    if flag_at is not None:
        if line is None:
            del out[flag_at]
        else:
            out[flag_at] = line
    elif line is not None:  # after the comments, before "#|" (previous) and the keywords
        at = next((i for i, x in enumerate(out) if not x.startswith("#") or x.startswith("#|")
                   or x.startswith("#~")), len(out))
        out.insert(at, line)
    return out


def fix_flags(text: str) -> str:
    """``text`` (a PO or POT file) with ``runeforge-format`` on exactly the entries whose
    msgid has a slot, and no ``python-brace-format`` anywhere."""
    lines = text.split("\n")
    out: list[str] = []
    entry: list[str] = []
    for line in lines:
        if line.strip():
            entry.append(line)
            continue
        out.extend(_fix_entry(entry) if entry else [])
        entry = []
        out.append(line)
    out.extend(_fix_entry(entry) if entry else [])
    return "\n".join(out)


def catalog_files(paths) -> list[Path]:
    found = []
    for p in map(Path, paths):
        found.extend(sorted(p.rglob("*.po")) + sorted(p.rglob("*.pot")) if p.is_dir() else [p])
    return found


# docs/translating.md, steps 1 and 2
EXTRACT = ["extract", "-F", "babel.cfg", "-o", "locales/runeforge.pot", "--project=Runeforge",
           "-w", "100", "."]
UPDATE = ["update", "-i", "locales/runeforge.pot", "-d", "locales", "-D", "runeforge", "-w",
          "100"]


def regenerate() -> None:
    """``pybabel extract`` and ``pybabel update`` (run in the repository's root), in this
    process, so the catalogs they write get their flags fixed right after."""
    from babel.messages.frontend import CommandLineInterface

    if not Path("babel.cfg").is_file():
        raise SystemExit("--regenerate runs in the repository's root (where babel.cfg is)")
    for args in (EXTRACT, UPDATE):
        CommandLineInterface().run(["pybabel", *args])


def default_catalogs() -> list[Path]:
    """The checkout's ``locales/`` when run in one (``babel.cfg`` beside it: where the README's
    Translating steps run), else the installed package's catalogs."""
    from .localedir import locales_dir

    here = Path("locales")
    return [here] if Path("babel.cfg").is_file() and here.is_dir() else [locales_dir()]


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else list(argv)
    if "--regenerate" in args:
        args.remove("--regenerate")
        regenerate()
        args = args or ["locales"]
    changed = 0
    for path in catalog_files(args or default_catalogs()):
        text = path.read_text(encoding="utf-8")
        fixed = fix_flags(text)
        if fixed != text:
            write_bytes_atomic(path, fixed.encode("utf-8"))
            changed += 1
            print(f"{path}: flags set to {FLAG}")
    print(f"{changed} catalog{'s' * (changed != 1)} changed")
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
