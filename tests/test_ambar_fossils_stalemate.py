"""AF-8.5 revisited: the stalemate is a property of aimless play, not of the rule.

docs/rules/ambar_fossils.md keeps the rule and changes the lessons' baseline; these tests hold
the two facts that decision rests on.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from boardlib import GAMES


def play(players: int, seed: int, bots: tuple[str, ...]) -> str:
    """How a seeded game between ``bots`` ended (empty, passes or stalemate)."""
    info = GAMES["ambar_fossils"]
    state = info.new_game(players=players, seed=seed)
    rng = random.Random(seed)
    seats = [info.make_bot(name) for name in bots]
    while not state.is_terminal():
        state.apply_action(state.sample_chance(rng) if state.is_chance_node()
                           else seats[state.current_player()].choose(state, rng))
    return str(state.ended)


@pytest.mark.rule("AF-8.5")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_game_with_one_greedy_seat_never_stalls(players):
    endings = {play(players, seed, ("greedy",) + ("random",) * (players - 1))
               for seed in range(60)}
    assert "stalemate" not in endings


@pytest.mark.rule("AF-8.5")
def test_two_random_players_mostly_stall_which_is_why_no_lesson_compares_against_them():
    endings = [play(2, seed, ("random", "random")) for seed in range(60)]
    assert endings.count("stalemate") > 50


@pytest.mark.rule("AF-8.5")
@pytest.mark.parametrize("notebook, says", [
    ("01_rules.ipynb", "This ending is this project's rule, not the rulebook's"),
    ("01_rules.ja.ipynb", "この終わり方はこのプロジェクトが決めたルールで、"
                          "ルールブックのルールではありません"),
])
def test_the_rules_lesson_says_the_stalemate_is_the_projects_ending(notebook, says):
    """Issue #31: the engine keeps the stalemate, and the lesson says in one sentence that this
    ending is the project's, not the rulebook's."""
    path = Path(__file__).resolve().parent.parent / "notebooks" / "ambar_fossils" / notebook
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    lesson = [("".join(c["source"])) for c in cells
              if c["cell_type"] == "markdown" and "AF-8.5" in "".join(c["source"])]
    assert len(lesson) == 1 and says in lesson[0]
