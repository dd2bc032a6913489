"""The notebooks as files: every rule clause is taught, and nothing stale is stored in them.

(nbval runs them; tests/browser opens them in JupyterLab.)
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from boardlib import GAMES
from tests.conformance import clause_ids
from widgets import BOARDS

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
ALL = sorted(p for p in NOTEBOOKS.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)


def _rules_notebooks() -> list[tuple[str, str]]:
    """(game, file) of every rules notebook, in ``GAMES`` order: ``notebooks/<game>/01_rules.ipynb``
    and its translations (``01_rules.ja.ipynb``). A game with a board (``widgets.BOARDS``) needs
    one, so its ``01_rules.ipynb`` is listed even when missing; Pig has neither board nor notebooks.
    """
    found = []
    for game in GAMES:
        names = sorted(p.name for p in (NOTEBOOKS / game).glob("01_rules*.ipynb"))
        if game in BOARDS and "01_rules.ipynb" not in names:
            names.insert(0, "01_rules.ipynb")
        found += [(game, name) for name in names]
    return found


RULES = _rules_notebooks()


def _text(path: Path) -> str:
    return "\n".join("".join(cell["source"]) for cell in json.loads(path.read_text())["cells"])


@pytest.mark.parametrize(("game", "name"), RULES)
def test_the_rules_notebook_reaches_every_clause(game, name):
    path = NOTEBOOKS / game / name
    if not path.exists():
        pytest.fail(f"{path} is missing")
    clauses = clause_ids(GAMES[game])
    prefixes = "|".join(sorted({re.escape(c.split("-")[0]) for c in clauses}))  # AF, AM, …
    taught = set(re.findall(rf"(?:{prefixes})-\d+\.\d+", _text(path)))
    missing = clauses - taught
    assert not missing, f"{name} never reaches {sorted(missing)}"


@pytest.mark.parametrize("path", ALL, ids=[str(p.relative_to(NOTEBOOKS)) for p in ALL])
def test_notebooks_store_no_widget_state_and_stay_small(path):
    notebook = json.loads(path.read_text())
    assert "widgets" not in notebook["metadata"]
    assert path.stat().st_size < 1_000_000
    for cell in notebook["cells"]:
        for output in cell.get("outputs", []):
            assert "application/vnd.jupyter.widget-view+json" not in output.get("data", {})


@pytest.mark.parametrize("path", ALL, ids=[str(p.relative_to(NOTEBOOKS)) for p in ALL])
def test_checked_cells_have_stored_outputs_to_compare(path):
    for cell in json.loads(path.read_text())["cells"]:
        if cell["cell_type"] == "code" and "NBVAL_CHECK_OUTPUT" in "".join(cell["source"]):
            assert cell["outputs"], f"a checked cell has nothing stored: {cell['source'][:2]}"


def test_notebook_links_point_at_notebooks_that_exist():
    for path in ALL:
        for link in re.findall(r"\]\(([^)#]+\.ipynb)\)", _text(path)):
            assert (path.parent / link).exists(), f"{path.name} links to missing {link}"


def test_the_journey_odds_lesson_says_its_counts_come_from_the_placeholder_split():
    """Ambar (2018)'s round-1/round-2 split of the journey deck is a placeholder, and with it the
    lesson's exact odds ("next black 13/31"): the text beside them says so."""
    cells = json.loads((NOTEBOOKS / "ambar_2018" / "03_probability.ipynb").read_text())["cells"]
    odds = next(k for k, cell in enumerate(cells) if "next black" in "".join(cell["source"]))
    beside = "".join(cells[odds + 1]["source"])
    assert cells[odds + 1]["cell_type"] == "markdown"
    assert "placeholder" in beside and "13/31" in beside and "round 2" in beside
    assert "placeholder round split" in "".join(cells[odds]["source"])
