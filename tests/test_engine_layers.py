"""The engine's import rules, checked on the source files with the standard library's ``ast``:

(a) no module under ``engine/`` imports a runeforge module outside ``runeforge.engine`` (the
    DSL, the compiler);
(b) ``engine/common/`` imports no game, and a game (``engine/runebound/`` …) imports only
    ``common`` and itself;
(c) inside ``engine/runebound/`` every import points down the layers of :data:`LAYERS`;
(d) no import cycle exists among the runeforge modules.

Every import statement counts, at module level or inside a function. File paths map to module
names through ``package-dir`` of ``pyproject.toml``; relative imports are resolved; ``from
package import name`` is an import of the submodule when ``name`` is one, else of the package.
The small trees planted in ``tmp_path`` at the end show that each check reports what it is for.
"""

from __future__ import annotations

import ast
from collections import deque
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path

import pytest

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10: pytest's own dependency
    import tomli as tomllib

ROOT = Path(__file__).resolve().parents[1]
ENGINE = "runeforge.engine"
COMMON = "runeforge.engine.common"
RUNEBOUND = "runeforge.engine.runebound"
LAYERS = ("core", "combat", "game", "adventures", "bots", "analysis")  # bottom first


@dataclass(frozen=True)
class Module:
    path: Path
    is_package: bool


@dataclass(frozen=True)
class Import:
    source: str
    target: str
    path: Path
    line: int
    in_function: bool

    def __str__(self) -> str:
        where = " (in a function)" if self.in_function else ""
        return f"{self.source} imports {self.target} at {self.path.name}:{self.line}{where}"


def within(name: str, package: str) -> bool:
    return name == package or name.startswith(package + ".")


def module_map(root: Path) -> dict[str, Module]:
    """Module name -> file, for every ``.py`` under a folder of ``package-dir``; a file
    belongs to the deepest mapped folder that holds it."""
    config = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))
    folders = {pkg: (root / d).resolve()
               for pkg, d in config["tool"]["setuptools"]["package-dir"].items()}
    owner: dict[Path, tuple[str, Path]] = {}
    for pkg, folder in folders.items():
        for path in folder.rglob("*.py") if folder.is_dir() else ():
            best = owner.get(path)
            if best is None or len(folder.parts) > len(best[1].parts):
                owner[path] = (pkg, folder)
    modules = {}
    for path, (pkg, folder) in owner.items():
        parts = path.relative_to(folder).with_suffix("").parts
        is_package = parts[-1] == "__init__"
        name = ".".join([pkg, *(parts[:-1] if is_package else parts)])
        modules[name] = Module(path, is_package)
    return modules


class _Collector(ast.NodeVisitor):
    def __init__(self, name: str, module: Module, known):
        self.name, self.known, self.path = name, known, module.path
        self.package = name if module.is_package else name.rpartition(".")[0]
        self.depth = 0
        self.found: list[Import] = []

    def _function(self, node):
        self.depth += 1
        self.generic_visit(node)
        self.depth -= 1

    visit_FunctionDef = visit_AsyncFunctionDef = visit_Lambda = _function

    def _add(self, target: str, node) -> None:
        found = Import(self.name, target, self.path, node.lineno, self.depth > 0)
        if within(target, "runeforge") and target != self.name and found not in self.found:
            self.found.append(found)

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            self._add(alias.name, node)

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        base = node.module or ""
        if node.level:
            parts = self.package.split(".")
            if node.level - 1 >= len(parts):
                raise ValueError(f"{self.path}:{node.lineno}: relative import beyond the top")
            base = ".".join([*parts[:len(parts) - node.level + 1], *filter(None, [base])])
        for alias in node.names:
            sub = f"{base}.{alias.name}"
            self._add(sub if sub in self.known else base, node)


def all_imports(modules: dict[str, Module]) -> list[Import]:
    out = []
    for name, module in sorted(modules.items()):
        collector = _Collector(name, module, modules)
        collector.visit(ast.parse(module.path.read_text(encoding="utf-8"), str(module.path)))
        out += collector.found
    return out


# ---------------------------------------------------------------------- the rules
def outside_the_engine(imports: list[Import]) -> list[str]:
    """(a) engine modules importing runeforge modules that are not the engine's."""
    return [str(i) for i in imports if within(i.source, ENGINE) and not within(i.target, ENGINE)]


def _game(name: str) -> str | None:
    """``common``, ``runebound`` … for a module under the engine; None for the engine root."""
    rest = name[len(ENGINE) + 1:] if name != ENGINE else ""
    return rest.split(".")[0] or None


def across_games(imports: list[Import], modules) -> list[str]:
    """(b) common importing a game, a game importing another game, or a module directly in
    engine/ (it belongs in common/ or in a game's folder)."""
    out = [f"{name} is neither in common/ nor in a game's folder" for name in sorted(modules)
           if name.count(".") == 2 and within(name, ENGINE) and not modules[name].is_package]
    for i in imports:
        if not (within(i.source, ENGINE) and within(i.target, ENGINE)):
            continue
        source, target = _game(i.source) or "common", _game(i.target)
        if target is None or target == source or target == "common":
            continue
        why = "common/ is for every game" if source == "common" else "games are independent"
        out.append(f"{i}: {why}")
    return out


def layer_of(name: str) -> int | None:
    """Index in LAYERS of a module under runebound/ (-1: the package itself), None outside."""
    if not within(name, RUNEBOUND):
        return None
    rest = name[len(RUNEBOUND) + 1:].split(".") if name != RUNEBOUND else []
    if not rest:
        return -1
    if rest[0] not in LAYERS:
        raise KeyError(name)
    return LAYERS.index(rest[0])


def upward(imports: list[Import], modules) -> list[str]:
    """(c) modules of runebound/ outside the layers, and imports that point up a layer."""
    out = []
    for name in sorted(modules):
        try:
            layer_of(name)
        except KeyError:
            out.append(f"{name} is in no layer of {LAYERS}")
    for i in imports:
        try:
            source, target = layer_of(i.source), layer_of(i.target)
        except KeyError:
            continue
        if source is not None and target is not None and target > source:
            low = LAYERS[source] if source >= 0 else "the package"
            out.append(f"{i}: {low} is below {LAYERS[target]}")
    return out


def cycles(imports: list[Import], modules) -> list[str]:
    """(d) one cycle (a -> b -> ... -> a) per strongly connected component (Tarjan)."""
    graph: dict[str, dict[str, Import]] = {name: {} for name in modules}
    for i in imports:
        if i.target in graph:
            graph[i.source].setdefault(i.target, i)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, edges = work[-1]
            nxt = next(edges, None)
            if nxt is not None:
                if nxt not in index:
                    index[nxt] = low[nxt] = len(index)
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(sorted(graph[nxt]))))
                elif nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.add(member)
                    if member == node:
                        break
                if len(component) > 1:
                    components.append(component)
    return [_one_cycle(sorted(c), graph) for c in components]


def _one_cycle(component: list[str], graph) -> str:
    """A shortest cycle through the first module of a strongly connected component."""
    first, inside = component[0], set(component)
    came_from: dict[str, str] = {}
    queue = deque([first])
    while queue:
        node = queue.popleft()
        for nxt in sorted(graph[node]):
            if nxt not in inside or nxt in came_from:
                continue
            came_from[nxt] = node
            if nxt == first:
                queue.clear()
                break
            queue.append(nxt)
    path = [first]
    while True:
        path.append(came_from[path[-1]])
        if path[-1] == first:
            break
    path.reverse()
    steps = "; ".join(str(graph[a][b]) for a, b in pairwise(path))
    return " -> ".join(path) + f"  [{steps}]"


# ---------------------------------------------------------------------- the repository
@pytest.fixture(scope="module")
def repo():
    modules = module_map(ROOT)
    return modules, all_imports(modules)


def test_every_engine_module_is_mapped(repo):
    modules, imports = repo
    engine = [m for m in modules if within(m, ENGINE)]
    assert len(engine) >= 50 and f"{RUNEBOUND}.core.resolver" in modules
    assert any(i.source == f"{RUNEBOUND}.combat.combat"
               and i.target == f"{RUNEBOUND}.core.resolver" for i in imports)


def test_the_engine_imports_neither_the_dsl_nor_the_compiler(repo):
    bad = outside_the_engine(repo[1])
    assert not bad, "\n".join(bad)


def test_common_imports_no_game_and_games_import_no_other_game(repo):
    bad = across_games(repo[1], repo[0])
    assert not bad, "\n".join(bad)


def test_the_runebound_layers_point_down(repo):
    bad = upward(repo[1], repo[0])
    assert not bad, "\n".join(bad)


def test_no_import_cycle_involves_the_engine(repo):
    found = [c for c in cycles(repo[1], repo[0]) if ENGINE + "." in c]
    print("\n".join(found))
    assert not found, "\n".join(found)


def test_no_import_cycle_anywhere(repo):
    found = cycles(repo[1], repo[0])
    print("\n".join(found))
    assert not found, "\n".join(found)


# ---------------------------------------------------------------------- planted trees
PYPROJECT = """[tool.setuptools]
package-dir = { "runeforge" = "compiler", "runeforge.dsl" = "dsl", "runeforge.engine" = "engine" }
"""


def _tree(tmp_path: Path, files: dict[str, str]):
    (tmp_path / "pyproject.toml").write_text(PYPROJECT)
    base = {"compiler/__init__.py": "", "compiler/cli.py": "", "dsl/__init__.py": "",
            "dsl/parser.py": "", "engine/__init__.py": "", "engine/common/__init__.py": "",
            "engine/common/log.py": "", "engine/runebound/__init__.py": "",
            **{f"engine/runebound/{layer}/__init__.py": "" for layer in LAYERS}}
    for rel, text in {**base, **files}.items():
        path = tmp_path / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    modules = module_map(tmp_path)
    return modules, all_imports(modules)


def test_planted_dsl_and_compiler_imports_are_reported(tmp_path):
    modules, imports = _tree(tmp_path, {
        "engine/runebound/core/a.py": "def f():\n    from runeforge.dsl import parser\n",
        "engine/runebound/core/b.py": "from .... import cli\n",
        "engine/common/c.py": "import runeforge.dsl\n"})
    bad = outside_the_engine(imports)
    assert len(bad) == 3, bad
    text = "\n".join(bad)
    assert "runeforge.engine.runebound.core.a imports runeforge.dsl.parser" in text
    assert "runeforge.engine.runebound.core.b imports runeforge.cli" in text
    assert "runeforge.engine.common.c imports runeforge.dsl " in text


def test_planted_game_imports_in_common_are_reported(tmp_path):
    modules, imports = _tree(tmp_path, {
        "engine/runebound/core/state.py": "",
        "engine/delve/__init__.py": "",
        "engine/common/dice.py": "from ..runebound.core import state\nfrom . import log\n",
        "engine/delve/rules.py": "from runeforge.engine.runebound.core.state import x\n",
        "engine/players.py": ""})
    bad = across_games(imports, modules)
    assert len(bad) == 3, bad
    assert "runeforge.engine.players is neither in common/ nor in a game's folder" in bad[0]
    assert "common.dice imports runeforge.engine.runebound.core.state" in bad[1]
    assert "common/ is for every game" in bad[1] and "games are independent" in bad[2]


def test_planted_upward_import_and_module_outside_the_layers_are_reported(tmp_path):
    modules, imports = _tree(tmp_path, {
        "engine/runebound/game/setup.py": "",
        "engine/runebound/core/catalog.py": "def f():\n    from ..game import setup\n",
        "engine/runebound/combat/duel.py": "from ..core import catalog\n",
        "engine/runebound/extra.py": ""})
    bad = upward(imports, modules)
    assert len(bad) == 2, bad
    assert "runeforge.engine.runebound.extra is in no layer" in bad[0]
    assert "core.catalog imports runeforge.engine.runebound.game.setup" in bad[1]
    assert "(in a function)" in bad[1] and "core is below game" in bad[1]


def test_a_planted_cycle_is_reported_with_its_path(tmp_path):
    modules, imports = _tree(tmp_path, {
        "engine/runebound/core/a.py": "from .b import x\n",
        "engine/runebound/core/b.py": "from . import c\n",
        "engine/runebound/core/c.py": "def f():\n    from runeforge.engine.runebound.core import a\n",
        "compiler/p.py": "from .q import y\n", "compiler/q.py": "import runeforge.p\n"})
    found = cycles(imports, modules)
    assert len(found) == 2, found
    engine = next(c for c in found if ENGINE in c)
    assert engine.startswith("runeforge.engine.runebound.core.a -> runeforge.engine.runebound."
                             "core.b -> runeforge.engine.runebound.core.c -> runeforge.engine.")
    assert "(in a function)" in engine
    assert any(c.startswith("runeforge.p -> runeforge.q -> runeforge.p") for c in found)


def test_a_package_importing_its_own_modules_is_no_cycle(tmp_path):
    modules, imports = _tree(tmp_path, {
        "dsl/__init__.py": "from .parser import parse\nfrom . import nodes\n",
        "dsl/nodes.py": "", "dsl/parser.py": "from . import nodes as n\n"})
    assert cycles(imports, modules) == []
    assert any(i.source == "runeforge.dsl.parser" and i.target == "runeforge.dsl.nodes"
               for i in imports)
