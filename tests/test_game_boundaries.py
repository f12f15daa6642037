"""Games are plug-ins of every layer (issue 31): each game is its own packages, and nothing
but the registry names them.

A built-in game is listed by one line of ``runeforge.games.BUILTIN``,
``"runeforge.games.<name>:GAME"``; its packages are, where they exist,

* ``runeforge.games.<name>``  (compiler/games/<name>/: the registry entry and the compiler's
  part: checks, lowering, text, faces, scenarios, commands),
* ``runeforge.dsl.<name>``    (dsl/<name>/: its ability dialect),
* ``runeforge.engine.<name>`` (engine/<name>/: its rules engine).

The rules, checked on the source files with the import graph of tests/test_engine_layers.py
(every import statement, at module level or inside a function):

(a) every ``module:attribute`` a game's entry names lies in that game's packages (or those of a
    game it depends on, :data:`DEPENDS`);
(b) no module outside a game's packages imports them: the generic toolchain (loader, pipeline,
    build stages, l10n and backends cores, commands, lsp, studio, analysis), the shared dsl and
    engine/common and the other games reach a game only through the registry
    (``runeforge.games.get(...)``, whose entries are strings, imported on use);
(c) the shared ``runeforge.dsl`` and ``runeforge.engine.common`` import no game (part of (b));
(d) the import graph over compiler/, dsl/ and engine/ has no cycle (checked by
    tests/test_engine_layers.py, over every module; here: that the graph does span them).

Tests may import anything. The small trees planted in ``tmp_path`` show each check reports
what it is for, and tests/tinygame shows that a new game needs nothing outside its own package
and one line of the registry.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from runeforge import games
from tests.test_engine_layers import ROOT, all_imports, cycles, module_map, within

# a game -> the games whose packages it may import: the campaign writes its abilities in
# Delve's dialect and names Delve's trials (its engine imports no game: the adventure game's
# ``play`` entry point is passed in)
DEPENDS = {"campaign": ("delve",)}
LAYERS = ("runeforge.games", "runeforge.dsl", "runeforge.engine")


def game_name(ref: str) -> str:
    """``runeforge.games.runebound:GAME`` -> ``runebound``."""
    module = ref.partition(":")[0]
    assert module.startswith("runeforge.games.") and module.count(".") == 2, ref
    return module.rsplit(".", 1)[1]


def packages_of(name: str, modules) -> tuple[str, ...]:
    """The packages of game ``name`` that exist in ``modules``."""
    return tuple(f"{layer}.{name}" for layer in LAYERS if f"{layer}.{name}" in modules)


def owner(module: str, owned: dict[str, tuple[str, ...]]) -> str | None:
    """The game whose packages hold ``module`` (None: generic)."""
    for name, packages in owned.items():
        if any(within(module, p) for p in packages):
            return name
    return None


def refs_of(game: games.Game):
    """Every ``module:attribute`` (or ``package:file``) string the entry names, with where."""
    def walk(value, where):
        if isinstance(value, str):
            if value.startswith(("runeforge.", "tests.")) and (":" in value or "." in value):
                yield where, value
        elif dataclasses.is_dataclass(value):
            for f in dataclasses.fields(value):
                yield from walk(getattr(value, f.name), f"{where}.{f.name}")
        elif isinstance(value, dict):
            for k, v in value.items():
                yield from walk(v, f"{where}[{k!r}]")
        elif isinstance(value, (tuple, list)):
            for v in value:
                yield from walk(v, where)

    for f in dataclasses.fields(game):
        if f.name != "schema_dir":  # (package, folder) of data files, not a module
            yield from walk(getattr(game, f.name), f.name)


# ---------------------------------------------------------------------- the rules
def foreign_refs(game: games.Game, own: tuple[str, ...]) -> list[str]:
    """(a) names in ``game``'s entry outside the packages ``own``."""
    return [f"{game.id}: {where} = {ref!r} is not in {', '.join(own)}"
            for where, ref in refs_of(game)
            if not any(within(ref.partition(":")[0], p) for p in own)]


def trespassing(imports, owned: dict[str, tuple[str, ...]],
                depends: dict[str, tuple[str, ...]]) -> list[str]:
    """(b) imports of a game's module from outside its packages (and its dependants')."""
    out = []
    for i in imports:
        target = owner(i.target, owned)
        if target is None:
            continue
        source = owner(i.source, owned)
        if source == target or target in depends.get(source or "", ()):
            continue
        who = f"the game {source}" if source else "a generic module"
        out.append(f"{i}: {who} reaches the game {target} only through runeforge.games")
    return out


# ---------------------------------------------------------------------- the repository
@pytest.fixture(scope="module")
def repo():
    modules = module_map(ROOT)
    owned = {game_name(ref): packages_of(game_name(ref), modules) for ref in games.BUILTIN}
    return modules, all_imports(modules), owned


def test_every_builtin_game_is_a_package_of_its_own(repo):
    modules, _, owned = repo
    assert set(owned) == {"runebound", "delve", "campaign"}
    for ref in games.BUILTIN:
        name = game_name(ref)
        assert modules[f"runeforge.games.{name}"].is_package, ref
        assert isinstance(games.resolve(ref), games.Game)
    assert owned["runebound"] == ("runeforge.games.runebound", "runeforge.dsl.runebound",
                                  "runeforge.engine.runebound")
    assert owned["delve"] == ("runeforge.games.delve", "runeforge.dsl.delve",
                              "runeforge.engine.delve")
    assert owned["campaign"] == ("runeforge.games.campaign", "runeforge.engine.campaign")
    # the registry module holds no game: only the contract and BUILTIN's strings
    assert not [m for m in modules if m.startswith("runeforge.games.") and
                owner(m, owned) is None]


def test_every_entry_names_only_its_own_packages(repo):
    modules, _, owned = repo
    bad = []
    for ref in games.BUILTIN:
        name = game_name(ref)
        own = owned[name] + tuple(p for d in DEPENDS.get(name, ()) for p in owned[d])
        bad += foreign_refs(games.resolve(ref), own)
    assert not bad, "\n".join(bad)


def test_nothing_outside_a_game_imports_it(repo):
    _, imports, owned = repo
    bad = trespassing(imports, owned, DEPENDS)
    assert not bad, "\n".join(bad)


def test_the_import_graph_spans_compiler_dsl_and_engine(repo):
    """test_engine_layers.test_no_import_cycle_anywhere runs over this same graph."""
    modules, imports, _ = repo
    for name in ("runeforge.pipeline", "runeforge.games.runebound.checks",
                 "runeforge.games.delve.text", "runeforge.dsl.runebound.parser",
                 "runeforge.dsl.errors", "runeforge.engine.common.dice"):
        assert name in modules, name
    assert any(i.source == "runeforge.games.runebound.abilities"
               and i.target == "runeforge.dsl.runebound.parser" for i in imports)
    assert cycles(imports, modules) == []


# ---------------------------------------------------------------------- planted trees
PYPROJECT = """[tool.setuptools]
package-dir = { "runeforge" = "compiler", "runeforge.dsl" = "dsl", "runeforge.engine" = "engine" }
"""


def _tree(tmp_path: Path, files: dict[str, str]):
    (tmp_path / "pyproject.toml").write_text(PYPROJECT)
    base = {"compiler/__init__.py": "", "compiler/pipeline.py": "",
            "compiler/games/__init__.py": "", "dsl/__init__.py": "", "dsl/errors.py": "",
            "engine/__init__.py": "", "engine/common/__init__.py": ""}
    for game in ("alpha", "beta"):
        base.update({f"compiler/games/{game}/__init__.py": "", f"dsl/{game}/__init__.py": "",
                     f"engine/{game}/__init__.py": ""})
    for rel, text in {**base, **files}.items():
        path = tmp_path / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    modules = module_map(tmp_path)
    owned = {g: packages_of(g, modules) for g in ("alpha", "beta")}
    return modules, all_imports(modules), owned


def test_planted_imports_of_a_game_from_outside_are_reported(tmp_path):
    modules, imports, owned = _tree(tmp_path, {
        "compiler/commands/__init__.py": "",
        "compiler/commands/fight.py": "def f():\n    from runeforge.engine.alpha import x\n",
        "compiler/pipeline.py": "from .games.alpha import checks\n",
        "compiler/games/alpha/checks.py": "from runeforge.dsl.alpha import parser\n",
        "dsl/alpha/parser.py": "from ..errors import SyntaxErr\n",
        "dsl/__init__.py": "from .alpha.parser import parse\n",
        "engine/common/dice.py": "from ..beta import rules\n",
        "engine/beta/rules.py": "from runeforge.engine.alpha import x\n",
        "compiler/games/beta/text.py": "from runeforge.games.alpha import checks\n"})
    assert owned["alpha"] == ("runeforge.games.alpha", "runeforge.dsl.alpha",
                              "runeforge.engine.alpha")
    bad = trespassing(imports, owned, {})
    text = "\n".join(bad)
    assert len(bad) == 6, text
    assert ("runeforge.commands.fight imports runeforge.engine.alpha at fight.py:2 (in a "
            "function): a generic module reaches the game alpha only through") in text
    assert "runeforge.pipeline imports runeforge.games.alpha.checks" in text
    assert "runeforge.dsl imports runeforge.dsl.alpha.parser" in text
    assert "runeforge.engine.common.dice imports runeforge.engine.beta.rules" in text
    assert "runeforge.engine.beta.rules imports runeforge.engine.alpha at rules.py:1: the game beta" in text
    assert "runeforge.games.beta.text imports runeforge.games.alpha.checks" in text
    # a declared dependency is allowed, in that direction only
    assert len(trespassing(imports, owned, {"beta": ("alpha",)})) == 4


def test_planted_foreign_entry_is_reported():
    game = games.Game(
        id="alpha", name="Alpha", card_kinds=("card",), document_kinds=(),
        schema_dir=("runeforge", "schemas"),
        dialect=games.Dialect(grammar="runeforge.dsl.alpha:a.lark",
                              parse="runeforge.dsl.alpha.parser:parse",
                              print="runeforge.dsl.alpha.printer:print_ability",
                              compile_card="runeforge.games.alpha.abilities:compile_card",
                              canonical="runeforge.games.alpha.abilities:canonical"),
        ir=games.IRFamily("alpha", 1, "runeforge.engine.alpha.ir:schema",
                          "runeforge.engine.alpha.ir:validate"),
        text=games.TextStyle(("en",), "runeforge.l10n.render:render_card", "alpha."),
        faces=games.FaceStyle("runeforge.games.alpha.faces:faces",
                              "runeforge.backends.pdf_faces:FaceDrawer",
                              "runeforge.games.alpha.faces:deck",
                              "runeforge.games.alpha.faces:preview"),
        engine={"play": "runeforge.engine.beta.play:play"},
        commands={"alpha": "runeforge.commands.alpha:command"})
    own = ("runeforge.games.alpha", "runeforge.dsl.alpha", "runeforge.engine.alpha")
    bad = foreign_refs(game, own)
    assert [b.split(" = ")[0] for b in bad] == [
        "alpha: text.render", "alpha: faces.drawer", "alpha: engine['play']",
        "alpha: commands['alpha']"]


# ---------------------------------------------------------------------- a new game
TINY = ROOT / "tests" / "tinygame"


def test_the_tiny_game_is_a_game_by_the_same_rules():
    """tests/tinygame names only its own modules and imports no game's; the toolchain (compiler,
    dsl, engine) never names it: a new game is edited nowhere but in its own package."""
    from tests.tinygame import GAME

    assert foreign_refs(GAME, ("tests.tinygame",)) == []
    modules = module_map(ROOT)
    owned = {game_name(ref): packages_of(game_name(ref), modules) for ref in games.BUILTIN}
    import ast

    for path in sorted(TINY.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                assert owner(node.module, owned) is None, f"{path.name}: {node.module}"
    for folder in ("compiler", "dsl", "engine"):
        for path in (ROOT / folder).rglob("*.py"):
            assert "tinygame" not in path.read_text(encoding="utf-8"), path


@pytest.fixture
def tiny_builtin(monkeypatch, tmp_path):
    """The tiny game as a built-in: BUILTIN with one more line, nothing else changed."""
    import shutil

    from runeforge.cli import main

    def reset():
        games._REGISTERED.clear()
        games._LOADED = False
        main.commands.pop("tiny", None)  # the group keeps a command once loaded

    monkeypatch.setattr(games, "BUILTIN", (*games.BUILTIN, "tests.tinygame:GAME"))
    reset()
    yield shutil.copytree(TINY / "content", tmp_path / "tiny")
    monkeypatch.undo()
    reset()


def test_one_registry_line_makes_a_new_game_work_in_every_command(cli, tiny_builtin, tmp_path):
    assert "tinygame" in games.ids()
    res = cli("check", tiny_builtin)
    assert res.exit_code == 0 and "0 errors" in res.output, res.output
    res = cli("text", tiny_builtin, "--format", "json")
    assert res.exit_code == 0 and "Strike (4+): Deal 2 damage." in res.output
    res = cli("fmt", "--check", tiny_builtin)
    assert res.exit_code == 0, res.output
    res = cli("build", tiny_builtin, "--out", tmp_path / "out", "--locale", "en")
    assert res.exit_code == 0, res.output
    assert (tmp_path / "out" / "pdf" / "tiny-duel-en.pdf").is_file()
    res = cli("play", "--adventure", "pebble-arena", "--players", "2", "--seed", "4",
              tiny_builtin)
    assert res.exit_code == 0 and "game: tinygame" in res.output, res.output
    # the game's own sub-command, listed and run like the built-in ones
    res = cli("--help")
    assert "  tiny " in res.output
    res = cli("tiny", tiny_builtin)
    assert res.exit_code == 0 and "pebble-knight: Pebble Knight" in res.output, res.output
