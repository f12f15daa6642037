"""Games as plug-ins: the contract a game fills in, and the registry of games.

A game is one :class:`Game` value. It names, for each layer of the toolchain, where that game's
part lives (as ``"module:attribute"`` strings, imported only when a command needs them, so the
registry costs nothing at start-up):

* its card kinds and document kinds, with the folder of their JSON Schemas;
* its ability dialect (:class:`Dialect`: grammar, parser, canonical printer, compiler);
* its semantic checks of documents;
* its IR family (:class:`IRFamily`: name, version, validator);
* its rules text (:class:`TextStyle`: locales, renderer, the msgctxt family of its catalogs);
* its face styles and physical decks (:class:`FaceStyle`);
* its engine entry points (``engine``: name -> ``"module:attribute"``, or a module's name):
  ``play(bundle, options) -> {winner, how, rounds, log, ...}`` plays an adventure to its end;
  with ``log_options`` (the JSON Schema of the log's first record) its logs can be replayed;
  a command that is one game's (Runebound's `fight`, `odds`, `simulate`, `balance`) takes
  what it needs of that game's engine from here (:meth:`Game.entries`), never by import;
  the other commands of a game other than the default one call (compiler/commands/
  _pergame.py; a game without the entry has no such command): ``simulate(bundle, options)
  -> record`` (one adventure played by bots, no log; module-level, so that a process pool
  or Dask can run it) and ``summarize(records) -> summary`` (`runeforge simulate`);
  ``fight(bundle, options) -> {winner, how, rounds, hero, adversary, account, log}``
  (`runeforge fight`); ``odds_exact(bundle, options)`` (`runeforge odds`);
  ``balance(bundle, options) -> {title, method, rule, files, summary}`` (`runeforge
  balance`: tables as ``{columns, rows}``); ``scenario(bundle, scenario) -> result`` (one
  card scenario, for the generic scenarios runner ``runeforge.scenarios.entry:run``);
* its adventure document kinds (``adventure_kinds``): what `runeforge play --adventure` knows;
* the sub-commands it adds to the command line (``commands``: name -> a click command), as
  the campaign adds `runeforge campaign`.

Each built-in game is one package (``compiler/games/<game>/``, its ``__init__`` holding
``GAME``) and names only modules of its own packages: ``runeforge.dsl.<game>``,
``runeforge.games.<game>`` and ``runeforge.engine.<game>`` (the campaign's dialect is Delve's,
the one dependency between games). Nothing else imports them: the generic toolchain reaches a
game only through this registry (tests/test_game_boundaries.py).

The generic pipeline (loader, checks, formatter, the build stages, the commands) asks the
registry for the game of a pack (``game:`` in ``manifest.yaml``, default
:data:`DEFAULT_GAME`) and calls what the game names. Built-in games are listed in
:data:`BUILTIN`; other packages add theirs through the ``runeforge.games`` entry-point group
(the value is a :class:`Game`), or in-process with :func:`register`.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any, Callable

from runeforge.dsl.pkgfiles import files as package_files

DEFAULT_GAME = "runebound-2e"
ENTRY_POINT_GROUP = "runeforge.games"
# module:attribute of every game that ships with Runeforge, in registry order: one line per
# game, whose package is runeforge.games.<game> (compiler/games/<game>/)
BUILTIN = ("runeforge.games.runebound:GAME", "runeforge.games.delve:GAME",
           "runeforge.games.campaign:GAME")


def resolve(ref: str) -> Any:
    """The object named by ``"package.module:attribute"`` (the module is imported on first
    use; the attribute is looked up on every call, so a patched attribute is seen)."""
    module, _, attr = ref.partition(":")
    obj = importlib.import_module(module)
    for part in attr.split(".") if attr else ():
        obj = getattr(obj, part)
    return obj


def _call(ref: str | None, *args, **kwargs):
    return resolve(ref)(*args, **kwargs) if ref else None


def _with_content(ref: str, content, *args):
    """Call ``ref`` with ``content=`` when given and the function takes it (older plug-ins
    have no such parameter)."""
    import inspect

    func = resolve(ref)
    if content is not None and "content" in inspect.signature(func).parameters:
        return func(*args, content=content)
    return func(*args)


@dataclass(frozen=True)
class Dialect:
    """The ability language of a game.

    ``compile_card(card, content) -> (ir list, diagnostics)`` parses, checks and lowers the
    abilities of one card; ``canonical(text) -> text`` is what ``fmt`` writes (it raises
    DiagnosticError, located in the string, when the text does not parse); ``parse`` and
    ``print`` are the AST round trip; ``grammar`` is ``package:file.lark``; ``vocabulary``
    names the words the tokenizer knows (and "did you mean" suggests from).
    ``interactive() -> (lark, {terminal: words})`` (optional) is an LALR Lark parser of the
    grammar, without transformer, whose ``parse_interactive`` tokenizes like the dialect, and
    the words that spell each terminal: what the language server completes from. Without it,
    the server builds a parser from ``grammar`` and reads the words off its terminals.
    """

    grammar: str
    parse: str
    print: str
    compile_card: str
    canonical: str
    vocabulary: str | None = None
    interactive: str | None = None


@dataclass(frozen=True)
class IRFamily:
    """The effect IR a game's abilities compile to: ``validate(ir)`` raises on a bad one."""

    name: str
    version: int
    schema: str
    validate: str


@dataclass(frozen=True)
class TextStyle:
    """Rules text. ``render(card, locale) -> [(ability index, text)]``; ``prepare(locales)
    -> diagnostics`` compiles the game's catalogs once per build (None: nothing to prepare);
    ``msgctxt`` is the prefix of the game's catalog contexts; ``name(card, locale) -> str``
    is a card's name in a locale (None: the default game's catalog, msgctxt ``card.name``);
    ``summary(card, locale, cards) -> [str]`` describes a card whose rules are not abilities
    (what `runeforge text` prints for it; None or [] : the card has no rules text)."""

    locales: tuple[str, ...]
    render: str
    msgctxt: str
    prepare: str | None = None
    name: str | None = None
    summary: str | None = None


@dataclass(frozen=True)
class FaceStyle:
    """Card faces. ``faces(cards, locale) -> [CardFace-like]`` localises the cards;
    ``drawer(canvas, w, h, bleed, warn)`` returns an object with ``draw_face(face, x, y)`` and
    ``draw_back(face, x, y)``; ``deck(card[, content]) -> str`` names the physical deck a card
    belongs to (cards of one deck share a back); ``faces`` and ``deck`` may take a keyword
    ``content`` (the loaded content: an adventure's deck list is there); ``preview(face) ->
    dict`` is the HTML preview's view of a face; ``pdf_keywords`` go into the PDF's
    metadata. ``extra_pdfs(faces, paper=, title=, colour=, output_profile=) -> [(name, pdf
    bytes, layout)]`` (optional) prints more than cards from a pack's faces of one locale: the
    build writes ``pdf/<pack>-<name>-<locale>.pdf`` and its ``.layout.json`` (Delve's tiles at
    full size). ``extra_decks`` names the decks of faces that are no card (Delve's reference
    card of the basic actions), so that ``build --decks`` knows them."""

    faces: str
    drawer: str
    deck: str
    preview: str
    pdf_keywords: tuple[str, ...] = ()
    extra_pdfs: str | None = None
    extra_decks: tuple[str, ...] = ()


@dataclass(frozen=True)
class Game:
    """One game: its kinds, dialect, IR, rules text, faces and engine, as the module's docstring describes."""

    id: str
    name: str
    card_kinds: tuple[str, ...]
    document_kinds: tuple[str, ...]
    # the folder of "<kind>.schema.json" files, as (package, folder)
    schema_dir: tuple[str, str]
    dialect: Dialect
    ir: IRFamily
    text: TextStyle
    faces: FaceStyle
    # check_documents(content) -> diagnostics, over the content of this game only
    check_documents: str | None = None
    engine: dict[str, str] = field(default_factory=dict)
    # run(content, compiled, documents) -> [ScenarioResult]: the game's card scenarios
    # (documents of kind "scenarios", run by `runeforge test`); None: the game has none
    scenarios: str | None = None
    # the card kinds whose behaviour scenarios state (`runeforge test --coverage` counts the
    # cards of these kinds); empty: every card kind of the game
    scenario_kinds: tuple[str, ...] = ()
    # the key of a card file's list per card kind, when it is not "cards" (Delve's tiles are
    # listed under "tiles:")
    card_lists: dict[str, str] = field(default_factory=dict)
    # the document kinds that are playable adventures (`play --adventure ID`): a document of
    # such a kind is one adventure (its `id`), or lists them under the kind's plural
    # (`trials:` for `kind: trial`)
    adventure_kinds: tuple[str, ...] = ("adventure",)
    # bundle_record(card, record) -> record: what the game adds to a card's bundle record
    # beyond ``text``/``abilities`` (the campaign: a relic hero side's IR, ``abilities_ir``);
    # None: nothing
    bundle_record: str | None = None
    # where a card of this game keeps ability strings, as key paths (`runeforge fmt` rewrites
    # them): its own ``abilities``, and for the campaign also a relic's ``hero.abilities``
    ability_places: tuple[tuple[str, ...], ...] = (("abilities",),)
    # sub-commands the game adds to `runeforge`: name -> "module:attribute" of a click.Command
    # (the campaign's `runeforge campaign` group); a name of runeforge.commands wins
    commands: dict[str, str] = field(default_factory=dict)

    # -- the layers, resolved on demand ------------------------------------------------------
    def list_key(self, kind: str) -> str:
        """The key under which a file of card kind ``kind`` lists its cards."""
        return self.card_lists.get(kind, "cards")

    @property
    def kinds(self) -> tuple[str, ...]:
        return tuple(sorted(self.card_kinds + self.document_kinds))

    def schema_path(self, kind: str):
        package, folder = self.schema_dir
        return package_files(package).joinpath(folder).joinpath(f"{kind}.schema.json")

    def compile_card(self, card, content):
        return _call(self.dialect.compile_card, card, content)

    def canonical(self, text: str) -> str:
        return _call(self.dialect.canonical, text)

    def card_record(self, card, record: dict) -> dict:
        return _call(self.bundle_record, card, record) if self.bundle_record else record

    def validate_ir(self, ir: dict) -> None:
        _call(self.ir.validate, ir)

    def documents_diagnostics(self, content, everything=None) -> list:
        """The game's checks over its own ``content``; a check function that takes a keyword
        ``everything`` also gets the content of every game (a campaign names the trials of
        the game its adventures are played with)."""
        if not self.check_documents:
            return []
        import inspect

        func = resolve(self.check_documents)
        if everything is not None and "everything" in inspect.signature(func).parameters:
            return list(func(content, everything=everything) or [])
        return list(func(content) or [])

    def render_text(self, card, locale: str) -> list[tuple[int, str]]:
        return _call(self.text.render, card, locale)

    def card_name(self, card, locale: str) -> str | None:
        """The card's name in ``locale`` from the game's own catalog (None: the game names
        none; the caller then asks runeforge.l10n.names, the default game's catalog)."""
        return _call(self.text.name, card, locale)

    def text_summary(self, card, locale: str, cards: dict | None = None) -> list[str]:
        return list(_call(self.text.summary, card, locale, cards) or [])

    def prepare_text(self, locales) -> list:
        return list(_call(self.text.prepare, locales) or [])

    def card_faces(self, cards, locale: str, content=None) -> list:
        """Localised faces; ``content`` (the loaded content) is passed to a faces function
        that takes it, so that a face can know its physical deck from the game's documents."""
        return _with_content(self.faces.faces, content, cards, locale)

    def face_drawer(self, canvas, w, h, bleed, warn):
        return _call(self.faces.drawer, canvas, w, h, bleed, warn)

    def deck_of(self, card, content=None) -> str:
        return _with_content(self.faces.deck, content, card)

    def preview_context(self, face) -> dict:
        return _call(self.faces.preview, face)

    def adventure_ids(self, bundle: dict) -> list[str]:
        """The ids of this game's adventures in ``bundle`` (see ``adventure_kinds``)."""
        out = []
        for kind in self.adventure_kinds:
            for doc in (bundle.get("documents") or {}).get(kind, []) or []:
                if not isinstance(doc, dict) or doc.get("game", DEFAULT_GAME) != self.id:
                    continue
                many = doc.get(kind + "s")
                for entry in many if isinstance(many, list) else [doc]:
                    if isinstance(entry, dict) and isinstance(entry.get("id"), str):
                        out.append(entry["id"])
        return out

    def entry(self, name: str) -> Callable | None:
        """The engine entry point ``name`` (e.g. ``"play"``), or None if the game has none."""
        ref = self.engine.get(name)
        return resolve(ref) if ref else None

    def entries(self, *names: str) -> tuple:
        """The engine entry points ``names``, in order (what a command of this game imports);
        KeyError naming the first one the game does not have."""
        for name in names:
            if name not in self.engine:
                raise KeyError(f"{self.name} has no engine entry {name!r}")
        return tuple(resolve(self.engine[name]) for name in names)


_REGISTERED: dict[str, Game] = {}
_LOADED = False


def _load() -> None:
    global _LOADED
    if _LOADED:
        return
    _LOADED = True
    for ref in BUILTIN:
        _add(resolve(ref))
    if not _may_declare_plugins():
        return
    from importlib.metadata import entry_points

    for ep in sorted(entry_points(group=ENTRY_POINT_GROUP), key=lambda e: e.name):
        _add(ep.load())


def _may_declare_plugins() -> bool:
    """False only when no installed distribution can declare an entry point of
    ENTRY_POINT_GROUP: where ``importlib.metadata`` looks (every ``*.dist-info`` and
    ``*.egg-info`` folder of a ``sys.path`` folder), no ``entry_points.txt`` has the group's
    section.
    Anything else it might read (a zip or an egg on the path, a finder of distributions of
    its own) answers True. Importing ``importlib.metadata`` (email, zipfile, ...) and its scan
    were ~15 ms of every command's start (issue 38)."""
    import os
    import sys
    from importlib.machinery import PathFinder

    if any(getattr(f, "find_distributions", None) is not None and f is not PathFinder
           for f in sys.meta_path):
        return True
    for entry in sys.path:
        root = entry or "."
        if not isinstance(root, str) or root.lower().endswith(".egg"):
            return True
        try:
            names = os.listdir(root)
        except OSError:
            if os.path.exists(root):
                return True  # a zip file, or a folder it may read and we cannot
            continue
        for name in names:
            if name.lower().endswith((".dist-info", ".egg-info")):
                try:
                    with open(os.path.join(root, name, "entry_points.txt"), "rb") as f:
                        text = f.read()
                    if ENTRY_POINT_GROUP.encode() in text and any(
                            line.strip().strip(b"[]").strip() == ENTRY_POINT_GROUP.encode()
                            for line in text.splitlines()):  # the group's own [section]
                        return True
                except FileNotFoundError:
                    continue
                except OSError:
                    if os.path.isdir(os.path.join(root, name)):
                        return True
    return False


def _add(game: Game) -> None:
    if not isinstance(game, Game):
        raise TypeError(f"a game plug-in must be a runeforge.games.Game, not {type(game)!r}")
    _REGISTERED[game.id] = game


def register(game: Game) -> Game:
    """Add (or replace) a game in this process; returns it."""
    _load()
    _add(game)
    return game


def unregister(game_id: str) -> None:
    """Remove a game added with :func:`register` (tests)."""
    if game_id != DEFAULT_GAME:
        _REGISTERED.pop(game_id, None)


def ids() -> tuple[str, ...]:
    _load()
    return tuple(_REGISTERED)


def get(game_id: str | None = None) -> Game:
    """The game ``game_id`` (default: :data:`DEFAULT_GAME`). KeyError if none has that id."""
    _load()
    return _REGISTERED[game_id or DEFAULT_GAME]


def all_games() -> tuple[Game, ...]:
    _load()
    return tuple(_REGISTERED.values())
