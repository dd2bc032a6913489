"""Every rule clause has a test, and every test cites real clauses (docs/rules/<game>.md:
the engine's ``IllegalAction.rule`` and the tests cite each clause by its id)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from boardlib import GAMES
from tests.conformance import clause_ids

TESTS = Path(__file__).resolve().parent


def cited_clauses() -> dict[str, list[str]]:
    """Clause id → the tests that cite it with ``@pytest.mark.rule(...)``."""
    cited: dict[str, list[str]] = {}
    for path in sorted(TESTS.rglob("test_*.py")):
        tree = ast.parse(path.read_text("utf-8"))
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr == "rule"
                and isinstance(node.func.value, ast.Attribute)
                and node.func.value.attr == "mark"
            ):
                for arg in node.args:
                    if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                        cited.setdefault(arg.value, []).append(path.name)
    return cited


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_clause_is_cited_by_a_test(name):
    clauses = clause_ids(GAMES[name])
    assert clauses, f"no clauses found in {GAMES[name].rules}"
    missing = sorted(clauses - set(cited_clauses()), key=_order)
    assert not missing, f"clauses with no test: {', '.join(missing)}"


def test_every_cited_clause_exists():
    known = set().union(*(clause_ids(module) for module in GAMES.values()))
    unknown = sorted(set(cited_clauses()) - known)
    assert not unknown, f"tests cite clauses that no docs/rules file has: {unknown}"


def _order(clause: str) -> tuple[int, ...]:
    return tuple(int(part) for part in clause.split("-")[1].split("."))
