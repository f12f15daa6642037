"""One studio session: the content folders, the shared analysis service and the file the
editor holds. Every method returns plain data for JSON; bad input gives diagnostics or a
refusal (PathRefused), never an exception from the analysis."""

from __future__ import annotations

import hashlib
import os
import re
import threading
from pathlib import Path

from runeforge import games
from runeforge.analysis import AnalysisService, key_of
from runeforge.atomic import write_bytes_atomic
from runeforge.yamlsafe import MAX_FILE_BYTES

from . import views
from .paths import Folders, PathRefused

__all__ = ["Session", "PathRefused", "Unavailable", "Conflict", "TooLarge"]


class Unavailable(RuntimeError):
    """What the page asked for cannot be made from the content as it is (a face of a card
    whose abilities do not parse)."""


class Conflict(RuntimeError):
    """A save whose base version is not the file's version on disk (someone saved first):
    nothing is written; ``current`` is the file's text and version now."""

    def __init__(self, current: dict) -> None:
        super().__init__("not saved: the file was changed since you opened it (another "
                         "save came first); both texts are kept, choose which to keep")
        self.current = current


class TooLarge(ValueError):
    """A text over the loader's limit: it could be written but never loaded."""


def version_of(data: bytes | None) -> str | None:
    """A file's version: the SHA-256 of its bytes (None: there is no file)."""
    return None if data is None else hashlib.sha256(data).hexdigest()


class Session:
    def __init__(self, dirs=()) -> None:
        from runeforge.loader import bundled_dir

        given = [Path(d).resolve() for d in dirs]
        self.folders = Folders(given or [bundled_dir()])
        # without a folder the page shows the bundled cards but writes nothing: they may be
        # an installed package's files (`runeforge studio cards/` edits a checkout's own)
        self.read_only = not given
        self.service = AnalysisService(given, include_bundled=True)
        self.lock = threading.Lock()  # the service is not thread-safe; routes run in threads
        self.save_lock = threading.Lock()  # one save at a time: compare, then write
        self.current: Path | None = None
        self.hidden = sorted({str(r) for r in self.folders.roots} | {str(bundled_dir())},
                             key=len, reverse=True)

    def public(self, text: str) -> str:
        """``text`` fit for an answer: the content folders' absolute paths become their
        numbers (as the page names files), and no other absolute path is left whole."""
        for n, root in enumerate(self.folders.roots):
            text = text.replace(str(root) + os.sep, f"{n}/").replace(str(root), str(n))
        for path in self.hidden:
            text = text.replace(path + os.sep, "").replace(path, "")
        return re.sub(r"(?<![\w.~])(?:/[^/\s'\"`:,;()]+)+/", "", text)

    # -- files -------------------------------------------------------------------------------
    def files(self) -> dict:
        with self.lock:
            found = [{"path": ref, "cards": len(self.service.cards_in(path))}
                     for ref, path in self.folders.files()]
        return {"folders": [r.name for r in self.folders.roots], "files": found,
                "read_only": self.read_only,
                "games": [{"id": g.id, "name": g.name, "kinds": list(g.card_kinds),
                           "locales": list(g.text.locales)} for g in games.all_games()]}

    def read(self, ref: str) -> dict:
        """The file's text and version (a save names the version it started from)."""
        path = self.folders.resolve(ref)
        with self.lock:
            self._switch(path)
        data = path.read_bytes()
        return {"path": ref, "text": data.decode("utf-8", errors="replace"),
                "version": version_of(data)}

    def _switch(self, path: Path) -> None:
        """The editor now holds ``path``: the previous file's unsaved text is dropped."""
        if self.current is not None and self.current != path:
            self.service.update(self.current, None)
        self.current = path

    # -- analysis ----------------------------------------------------------------------------
    def analyse(self, ref: str, text: str, line: int = 1) -> dict:
        """Check the editor's ``text`` of file ``ref``; the card at ``line`` in detail."""
        path = self.folders.resolve(ref)
        with self.lock:
            self._switch(path)
            self.service.update(path, text)
            diags = self._diagnostics(path)
            cards = self.service.cards_in(path)
            card = self.service.card_at(path, max(1, int(line))) or (cards[0] if cards
                                                                       else None)
            return {"path": ref, "diagnostics": diags,
                    "cards": [{"id": c.id, "name": c.name, "kind": c.kind,
                               "line": c.pos()[0]} for c in cards],
                    "card": self._card(card) if card is not None else None}

    def _diagnostics(self, path) -> list[dict]:
        return [{**record, "message": self.public(record["message"]),
                 "hint": self.public(record["hint"])}
                for record in map(views.diag_record, self.service.diagnostics_of(path))]

    def _card(self, card) -> dict:
        game = games.get(card.game)
        irs = self.service.ir(card.id)
        texts = self.service.texts(card.id)
        return {"id": card.id, "name": card.name, "kind": card.kind, "game": card.game,
                "pack": card.pack, "line": card.pos()[0],
                "abilities": [{"structure": views.structure(ir), "ir": ir} for ir in irs
                              if isinstance(ir, dict)],
                "texts": {loc: _lines(rows) for loc, rows in texts.items()},
                "names": {loc: _name(game, card, loc) for loc in texts},
                "opponents": views.opponents(self.service, card)}

    def face(self, card_id: str, locale: str) -> bytes:
        with self.lock:
            card = self.service.card(card_id)
            if card is None:
                raise LookupError(f"no card '{card_id}'")
            if locale not in games.get(card.game).text.locales:
                raise LookupError(f"no locale '{locale}'")
            errors = [d for d in self.service.diagnostics_of(card.path) if d.is_error]
            if errors:
                raise Unavailable("the face is drawn once the file has no errors")
            try:
                return views.face_png(self.service, card, locale)
            except Exception as exc:  # noqa: BLE001 - a face that cannot be drawn is said
                raise Unavailable(f"the face cannot be drawn: {exc}") from None

    def odds(self, card_id: str, opponent: str) -> dict:
        """Exact odds of the pair, refused while either card's file has errors: the text
        being typed is what the page shows, and odds of some older text would pass for it."""
        with self.lock:
            card = self.service.card(card_id)
            if card is None:
                return {"error": f"no card '{card_id}'"}
            other = self.service.card(opponent)
            for c in (card, other):
                if c is not None and any(d.is_error for d in self.service.diagnostics_of(
                        c.path)):
                    return {"error": f"no odds while {c.name}'s file has errors: they are "
                                     "computed again once it has none (see the diagnostics)"}
            return views.odds(self.service, card, opponent)

    def all_cards(self) -> dict:
        """Every card of the content folders with the diagnostics of its entry."""
        with self.lock:
            by_file = self.service.diagnostics_by_file()
            rows = []
            for ref, path in self.folders.files():
                found = self.service.cards_in(path)
                diags = by_file.get(key_of(path), [])
                starts = [c.pos()[0] for c in found]
                for n, c in enumerate(found):
                    end = starts[n + 1] if n + 1 < len(starts) else 10 ** 9
                    mine = [{**r, "message": self.public(r["message"]),
                             "hint": self.public(r["hint"])}
                            for r in map(views.diag_record, diags)
                            if starts[n] <= r["line"] < end
                            or (n == 0 and r["line"] < starts[0])]
                    rows.append({"id": c.id, "name": c.name, "kind": c.kind, "pack": c.pack,
                                 "game": c.game, "path": ref, "line": starts[n],
                                 "diagnostics": mine})
            return {"cards": rows}

    # -- writing -----------------------------------------------------------------------------
    def save(self, ref: str, text: str, base: str | None) -> dict:
        """Write the editor's text to its file atomically, when it is YAML and ``base`` (the
        version :meth:`read` gave; None for a new file) is the file's version on disk: of
        two saves from one version the second gets :class:`Conflict`, nothing is lost. The
        editor holds the file itself, so comments and key order are the author's; the
        ruamel round-trip loader (as `fmt` reads) must accept it first."""
        from ruamel.yaml import YAML
        from ruamel.yaml.error import YAMLError

        self._writable()
        path = self.folders.resolve(ref, must_exist=False)
        data = text.encode("utf-8", errors="surrogatepass")
        if len(data) > MAX_FILE_BYTES:
            raise TooLarge(f"not saved: the text is {len(data)} bytes, over the loader's "
                           f"limit of {MAX_FILE_BYTES} bytes")
        try:
            list(YAML(typ="rt").load_all(text))
        except YAMLError as exc:
            return {"saved": False, "error": self.public(
                f"not saved, the YAML does not parse: {exc}")}
        with self.save_lock:
            try:
                now = path.read_bytes()
            except FileNotFoundError:
                now = None
            if version_of(now) != base:
                raise Conflict({"version": version_of(now), "exists": now is not None,
                                "text": "" if now is None else now.decode("utf-8", "replace")})
            write_bytes_atomic(path, data)
        with self.lock:
            self._switch(path)
            self.service.update(path, None)
            diags = self._diagnostics(path)
        return {"saved": True, "path": ref, "version": version_of(data), "diagnostics": diags}

    def _writable(self) -> None:
        if self.read_only:
            raise PathRefused("the bundled cards are read-only here; start `runeforge studio "
                              "DIR` with your content folder (`runeforge studio cards/` in a "
                              "checkout edits the bundled cards)")

    def new_card(self, folder: int, name: str, kind: str) -> dict:
        """A new card file ``name`` in content folder ``folder``, holding one card of ``kind``
        shaped like the first such card of the content; nothing is overwritten."""
        from runeforge.loader import game_of_file

        self._writable()
        if not isinstance(folder, int) or isinstance(folder, bool):
            raise PathRefused("a folder is its number: 0, 1, 2 …")
        ref = f"{folder}/{name}"
        path = self.folders.resolve(ref, must_exist=False)
        if path.exists():
            raise PathRefused("that file exists")
        game = games.get(game_of_file(path, self.folders.roots[folder]))
        if kind not in game.card_kinds:
            raise PathRefused(f"'{kind}' is not a card kind of {game.name}")
        text = template(self.service, game, kind)
        path.parent.mkdir(parents=True, exist_ok=True)
        return self.save(ref, text, None) | {"text": text}


def _lines(rows) -> list[str]:
    """A locale's rules text; a text the service could not render (an ability that does not
    parse: index -1) is one short line, the reason being in the diagnostics."""
    if any(i == -1 for i, _ in rows):
        return ["(no text until every ability parses: see the diagnostics)"]
    return [t for _, t in rows]


def _name(game, card, locale: str) -> str:
    """The card's name in ``locale``: the game's catalog, else the default one (as faces)."""
    from runeforge.l10n.names import card_name

    try:
        return game.card_name(card, locale) or card_name(card.name, locale) or card.name
    except Exception:  # noqa: BLE001 - a name is never worth a failed analysis
        return card.name


def template(service, game, kind: str) -> str:
    """The YAML of a new card of ``kind``: the fields of the first such card of the game."""
    import io

    from ruamel.yaml import YAML

    model = next((c for c in service.content.cards.values()
                  if c.game == game.id and c.kind == kind), None)
    card = {"name": f"New {kind.replace('_', ' ')}", "origin": "original"}
    if model is not None:  # its shape and numbers; its words (flavour, art) are not copied
        for key, value in model.data.items():
            if key not in ("flavour", "art", "id", "id_override"):
                card.setdefault(key, value)
    out = io.StringIO()
    yaml = YAML(typ="rt")
    yaml.default_flow_style = False
    yaml.indent(mapping=2, sequence=4, offset=2)  # the bundled files' layout
    yaml.dump({"kind": kind, game.list_key(kind): [card]}, out)
    return "# A new card written in runeforge studio.\n" + out.getvalue()
