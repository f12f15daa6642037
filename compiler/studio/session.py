"""One studio session: the content folders, the shared analysis service and the file the
editor holds. Every method returns plain data for JSON; bad input gives diagnostics or a
refusal (PathRefused), never an exception from the analysis."""

from __future__ import annotations

import threading
from pathlib import Path

from runeforge import games
from runeforge.analysis import AnalysisService, key_of
from runeforge.atomic import write_bytes_atomic

from . import views
from .paths import Folders, PathRefused

__all__ = ["Session", "PathRefused", "Unavailable"]


class Unavailable(RuntimeError):
    """What the page asked for cannot be made from the content as it is (a face of a card
    whose abilities do not parse)."""


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
        self.current: Path | None = None

    # -- files -------------------------------------------------------------------------------
    def files(self) -> dict:
        with self.lock:
            found = [{"path": ref, "cards": len(self.service.cards_in(path))}
                     for ref, path in self.folders.files()]
        return {"folders": [str(r) for r in self.folders.roots], "files": found,
                "read_only": self.read_only,
                "games": [{"id": g.id, "name": g.name, "kinds": list(g.card_kinds),
                           "locales": list(g.text.locales)} for g in games.all_games()]}

    def read(self, ref: str) -> dict:
        path = self.folders.resolve(ref)
        with self.lock:
            self._switch(path)
        return {"path": ref, "text": path.read_text(encoding="utf-8", errors="replace")}

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
            diags = [views.diag_record(d) for d in self.service.diagnostics_of(path)]
            cards = self.service.cards_in(path)
            card = self.service.card_at(path, max(1, int(line))) or (cards[0] if cards
                                                                       else None)
            return {"path": ref, "diagnostics": diags,
                    "cards": [{"id": c.id, "name": c.name, "kind": c.kind,
                               "line": c.pos()[0]} for c in cards],
                    "card": self._card(card) if card is not None else None}

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
        with self.lock:
            card = self.service.card(card_id)
            if card is None:
                return {"error": f"no card '{card_id}'"}
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
                    mine = [views.diag_record(d) for d in diags
                            if starts[n] <= d.line < end or (n == 0 and d.line < starts[0])]
                    rows.append({"id": c.id, "name": c.name, "kind": c.kind, "pack": c.pack,
                                 "game": c.game, "path": ref, "line": starts[n],
                                 "diagnostics": mine})
            return {"cards": rows}

    # -- writing -----------------------------------------------------------------------------
    def save(self, ref: str, text: str) -> dict:
        """Write the editor's text to its file atomically, when it is YAML. The editor holds
        the file itself, so comments and key order are the author's; the ruamel round-trip
        loader (as `fmt` reads) must accept it first."""
        from ruamel.yaml import YAML
        from ruamel.yaml.error import YAMLError

        self._writable()
        path = self.folders.resolve(ref, must_exist=False)
        try:
            list(YAML(typ="rt").load_all(text))
        except YAMLError as exc:
            return {"saved": False, "error": f"not saved, the YAML does not parse: {exc}"}
        write_bytes_atomic(path, text.encode("utf-8"))
        with self.lock:
            self._switch(path)
            self.service.update(path, None)
            diags = [views.diag_record(d) for d in self.service.diagnostics_of(path)]
        return {"saved": True, "path": ref, "diagnostics": diags}

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
        ref = f"{int(folder)}/{name}"
        path = self.folders.resolve(ref, must_exist=False)
        if path.exists():
            raise PathRefused("that file exists")
        game = games.get(game_of_file(path, self.folders.roots[int(folder)]))
        if kind not in game.card_kinds:
            raise PathRefused(f"'{kind}' is not a card kind of {game.name}")
        text = template(self.service, game, kind)
        path.parent.mkdir(parents=True, exist_ok=True)
        return self.save(ref, text) | {"text": text}


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
