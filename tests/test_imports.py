"""boardlib has no import cycle: the import graph (every ``import`` of a boardlib module,
at the top of a file or inside a function; type-only imports under ``TYPE_CHECKING`` are
left out, being no import at run time) has no cycle, and every module imports on its own."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "boardlib"

KNOWN_CYCLES: set[frozenset[str]] = set()
"""Cycles not yet taken apart: none. Keep it empty (docs/adding-a-game.md gives the layout
that needs none)."""


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, Path]:
    return {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def _type_checking_only(node: ast.AST, parents: dict[ast.AST, ast.AST]) -> bool:
    while node in parents:
        node = parents[node]
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            return True
    return False


def imports_of(name: str, path: Path, known: set[str]) -> dict[str, bool]:
    """The boardlib modules ``name`` imports at run time → whether one of those imports is
    inside a function (an import hidden there, usually to dodge a cycle)."""
    tree = ast.parse(path.read_text("utf-8"))
    parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
    found: dict[str, bool] = {}
    for node in ast.walk(tree):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            targets = [f"{node.module}.{alias.name}" for alias in node.names] + [node.module]
        targets = [t for t in targets if t in known and t != name]
        if not targets or _type_checking_only(node, parents):
            continue
        inside = any(isinstance(p, (ast.FunctionDef, ast.AsyncFunctionDef))
                     for p in _ancestors(node, parents))
        target = next(t for t in targets if t in known)  # the submodule if one is named
        found[target] = found.get(target, False) or inside
    return found


def _ancestors(node: ast.AST, parents: dict[ast.AST, ast.AST]):
    while node in parents:
        node = parents[node]
        yield node


def graph() -> dict[str, dict[str, bool]]:
    """Module → the boardlib modules it imports (a package's ``__init__`` running first when
    a submodule is imported is no cycle: the package is being set up)."""
    known = modules()
    return {name: imports_of(name, path, set(known)) for name, path in known.items()}


def cycles(edges: dict[str, dict[str, bool]]) -> list[frozenset[str]]:
    """The strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[frozenset[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for target in edges[node]:
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(frozenset(component))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return found


def test_no_import_cycle_in_boardlib():
    found = set(cycles(graph()))
    new = [sorted(c) for c in found - KNOWN_CYCLES]
    assert not new, f"import cycles: {new}"


def test_no_import_hides_inside_a_function_except_in_known_cycles():
    allowed = set().union(*KNOWN_CYCLES) if KNOWN_CYCLES else set()
    hidden = [f"{name} → {target}" for name, targets in graph().items()
              for target, inside in targets.items() if inside and name not in allowed]
    assert not hidden, f"imports inside functions: {hidden}"


def test_every_module_imports_on_its_own():
    names = sorted(name for name in modules() if not name.endswith("__main__"))  # it runs
    code = (
        "import importlib, sys\n"
        f"for name in {names!r}:\n"
        "    for loaded in [m for m in sys.modules if m.split('.')[0] == 'boardlib']:\n"
        "        del sys.modules[loaded]\n"
        "    importlib.import_module(name)\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)


# ----- import boardlib is cheap (issue #11: ≤ 15 ms) ---------------------------------------------
# Checked by what it loads, not by a stopwatch (the machines' speed drifts 2×); the cost itself
# is measured by benchmarks/bench_import.py.

NAMING_THE_GAMES = {"boardlib", "boardlib.games", "boardlib.info", "boardlib.levels",
                    "boardlib.search"}
"""All that naming the games (``from boardlib import GAMES``) loads of boardlib: the registry
and what it is made of. ``import boardlib`` alone loads only the package."""

THE_PROTOCOL = {"boardlib", "boardlib.protocol", "boardlib.messages", "boardlib.fields"}
"""All that ``import boardlib.protocol`` loads of boardlib: the message catalogs and the
schema machinery (both leaves), no game, no registry, no search (issue #32: it loaded the
registry, to find message catalogs through it)."""

STANDARD_LIBRARY_ALLOWED = {"math"}
"""All that it may add of the standard library (beyond what the interpreter starts with)."""

HEAVY = {"dataclasses", "decimal", "fractions", "inspect", "json", "random", "typing"}
"""The modules that were most of its cost: named here so a failure says what came back."""


def _loaded_by(statement: str) -> set[str]:
    code = ("import sys\nbefore = set(sys.modules)\n" + statement +
            "\nprint(' '.join(sorted(set(sys.modules) - before)))")
    done = subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT,
                          capture_output=True, text=True)
    return set(done.stdout.split())


def test_import_boardlib_loads_only_the_package_and_the_protocol_no_registry():
    assert _ours(_loaded_by("import boardlib")) == {"boardlib"}
    everything = _loaded_by("import boardlib.protocol")
    loaded = _ours(everything)
    assert loaded == THE_PROTOCOL, f"boardlib modules loaded: {sorted(loaded - THE_PROTOCOL)}"
    # the schema machinery costs no import of its own (a dataclass would bring inspect, ast…)
    assert not everything & {"dataclasses", "inspect", "ast"}, sorted(everything)


def _ours(loaded: set[str]) -> set[str]:
    return {name for name in loaded if name.split(".")[0] == "boardlib"}


def test_naming_the_games_loads_only_the_registry():
    loaded = _loaded_by("from boardlib import GAMES")
    ours = _ours(loaded)
    assert ours == NAMING_THE_GAMES, f"boardlib modules loaded: {sorted(ours - NAMING_THE_GAMES)}"
    assert not loaded & HEAVY, f"heavy modules loaded: {sorted(loaded & HEAVY)}"
    others = loaded - ours - STANDARD_LIBRARY_ALLOWED
    assert not others, f"more of the standard library loaded: {sorted(others)}"


def test_the_protocols_names_load_on_first_use_and_are_the_modules_own():
    loaded = _loaded_by(
        "from boardlib import CHANCE, GameState, Match, from_json\n"
        "import boardlib.match, boardlib.protocol, boardlib.saves\n"
        "assert Match is boardlib.match.Match and GameState is boardlib.protocol.GameState\n"
        "assert CHANCE == boardlib.protocol.CHANCE and from_json is boardlib.saves.load")
    assert {"boardlib.match", "boardlib.protocol", "fractions"} <= loaded
    assert not {name for name in loaded if name.split(".")[:2] == ["boardlib", "amphipolis"]}


def test_every_name_the_root_offers_resolves():
    import boardlib

    for name in boardlib.__all__:
        assert getattr(boardlib, name) is not None, name
    assert set(boardlib.__all__) <= set(dir(boardlib))


def test_the_names_given_on_first_use_are_the_ones_the_type_checker_sees():
    """``boardlib/__init__.py`` names each deferred name twice: in the table ``__getattr__``
    reads and in the ``TYPE_CHECKING`` imports that mypy and IDEs read. They must agree."""
    import boardlib

    tree = ast.parse((PACKAGE / "__init__.py").read_text("utf-8"))
    seen = {
        alias.asname or alias.name: (node.module, alias.name)
        for block in ast.walk(tree)
        if isinstance(block, ast.If) and ast.unparse(block.test) == "TYPE_CHECKING"
        for node in block.body if isinstance(node, ast.ImportFrom)
        for alias in node.names
    }
    assert seen == boardlib._ON_FIRST_USE
