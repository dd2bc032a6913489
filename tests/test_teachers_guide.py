"""docs/teachers.md: every notebook has its section, and the numbers it quotes are the ones the
notebooks print (their stored outputs, which the suite checks against a fresh run:
tests/test_notebooks.py). docs/teachers.ja.md, its Japanese version (#30.2), names every
Japanese twin and quotes every number the English guide quotes."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
GUIDE = ROOT / "docs" / "teachers.md"
GUIDE_JA = ROOT / "docs" / "teachers.ja.md"
NOTEBOOKS = ROOT / "notebooks"

QUOTED = {  # notebook → numbers the guide quotes from its outputs
    "ambar_fossils/01_rules.ipynb": ["{'D': 24, 'P': 24, 'M': 24, 'A': 24}", "reveal D4 1/6",
                                     "(10, 10, 4, 0)", "(10, 10, 3, 1)"],
    "ambar_fossils/02_play.ipynb": ["274 actions", "6 fossils on level 2 against 5",
                                    "4 fossils on level 3 beat 2"],
    "ambar_fossils/03_probability.ipynb": [
        "P(identical) =  2/20 =  1/10", "11/20", "7/20", "Plant (4/7 = 0.571)",
        "Dinosaur (1/10 = 0.100)", "1/19 = 0.053", "0.530   95% interval [0.508, 0.552]",
        "0.101", "0.546", "0.353"],
    "amphipolis/01_rules.ipynb": ["tiles: 135", "draw LS: 21/128", "in the bag: 21",
                                  "1 player: 12 landslides", "4 players: 16 landslides",
                                  "2 yellow: 6", "John's total: 21"],
    "amphipolis/02_play.ipynb": ["71 decisions", "162 actions", "20 victory points against 9",
                                 "21 points against the grave robber's 41"],
    "bots.ipynb": ["chance that a roll loses the turn: 1/6", "16.7%  [ 3.0%, 56.4%]",
                   "83.3%", "the bot plays: take AN (tree of 58 positions)"],
    "amphipolis/03_probability.ipynb": [
        "32509/73485", "31293049609/2896546814", "11 turns, with probability 0.180",
        "0.1443", "simulated 10.780 ± 0.107", "29.56", "21.49", "+6", "+4"],
    "amber_route/02_play.ipynb": ["240 decisions in 459 actions",
                                  "20 points against 19 for Player 2"],
    "amber_route/03_probability.ipynb": [
        "5/18 = 10/36 ≈ 0.278", "15/36 ≈ 0.417", "24549368/28629151", "0.858 ± 0.018",
        "0 guards: 0.050", "2 guards: 0.220", "3 guards: 0.456", "4 guards: 0.658", "12.2%",
        "41.7%", "33.3%", "2.0%", "73.4%", "27.8%", "58.3%", "6.8%", "36.7%"],
    "ambar_2018/01_rules.ipynb": ["3/23"],
    "ambar_2018/02_play.ipynb": ["324 decisions", "433 actions"],
    "ambar_2018/03_probability.ipynb": ["0.5462", "0.4316", "13/31", "5.400", "89.8%", "765",
                                        "1.68", "0.438"],
}


def _outputs(notebook: str) -> str:
    """What the notebook printed: its stored outputs, and the text of the outputs that wait
    for a student's answer (kept in the cell's metadata by scripts/refresh_notebook_outputs.py)."""
    cells = json.loads((NOTEBOOKS / notebook).read_text(encoding="utf-8"))["cells"]
    texts = []
    for cell in cells:
        for output in cell.get("outputs", []):
            text = output.get("text") or output.get("data", {}).get("text/plain", "")
            texts.append("".join(text))
        texts.append(cell.get("metadata", {}).get("boardlib", {}).get("hidden_output", ""))
    return "\n".join(texts)


@pytest.mark.parametrize(("guide", "japanese"), [(GUIDE, False), (GUIDE_JA, True)],
                         ids=["teachers.md", "teachers.ja.md"])
def test_every_notebook_has_a_section_in_the_guide(guide, japanese):
    """The English guide names every English notebook, the Japanese guide every twin."""
    text = guide.read_text(encoding="utf-8")
    notebooks = sorted(p.relative_to(NOTEBOOKS).as_posix() for p in NOTEBOOKS.rglob("*.ipynb")
                       if ".ipynb_checkpoints" not in p.parts
                       and p.name.endswith(".ja.ipynb") == japanese)
    named = {n for n in notebooks if f"`{n}`" in text or f"`notebooks/{n}`" in text}
    missing = sorted(set(notebooks) - named)
    assert notebooks and not missing, (
        f"docs/{guide.name} has no section for {missing}: add its goals, time, "
        "prerequisites, questions with answers and numbers to quote")


NUMBER = re.compile(r"\d+(?:[.,]\d+)*")


def test_the_japanese_guide_quotes_every_number_of_the_english_one():
    """Each number of docs/teachers.md stands in docs/teachers.ja.md at least as often: the
    translation dropped no figure, time or answer (its numbers are checked against the
    notebooks through the English guide's)."""
    english, japanese = (Counter(NUMBER.findall(g.read_text(encoding="utf-8")))
                         for g in (GUIDE, GUIDE_JA))
    short = {n: (count, japanese[n]) for n, count in english.items() if japanese[n] < count}
    assert not short, f"numbers missing from teachers.ja.md (English, Japanese counts): {short}"


@pytest.mark.parametrize("notebook", sorted(QUOTED))
def test_the_numbers_the_guide_quotes_are_printed_by_the_notebook(notebook):
    printed = _outputs(notebook)
    absent = [number for number in QUOTED[notebook] if number not in printed]
    assert not absent, (f"{notebook} no longer prints {absent}: re-run it and update "
                        "docs/teachers.md and this list")


@pytest.mark.parametrize(("index", "guide"), [("index.ipynb", "teachers.md"),
                                              ("index.ja.ipynb", "teachers.ja.md")])
def test_the_index_notebook_links_the_guide(index, guide):
    cells = json.loads((NOTEBOOKS / index).read_text(encoding="utf-8"))["cells"]
    text = "".join("".join(cell["source"]) for cell in cells)
    assert f"(../docs/{guide})" in text
