"""The odds panel: the exact chances of the decision at hand, on the board (Âmbar first).

Exact numbers come from the engine's chance nodes; a simulation from the same position must
agree (inside a 99.9% interval, seeded), and so must the probability lesson's numbers.
"""

from __future__ import annotations

import json
import random
from fractions import Fraction

import pytest

from boardlib import ambar_fossils as af
from widgets import BOARDS, Board, RuleStep
from widgets.ambar_fossils.spec import odds
from widgets.board import odds_table_html

Z = 3.29  # two-sided 99.9%: a seeded check that fails only if the odds are wrong

ANA = """
    names: Ana, Ben
    player 1: D1/M3 P? D4 A? M4/A4 P? M5 A? D? P6
    player 2: M? A2 D? P? M? A? D3 P? M? A5
    excavation: P1 P2 M5 D4
    to move: Ana
"""  # the position of notebooks/ambar_fossils/03_probability.ipynb


def simulated(state, kind: str, n: int, rng: random.Random) -> dict[str, float]:
    """Flip ``kind`` n times on copies: how often the turn ends, a column takes the fossil,
    and a placement earns an extra turn — played out by the engine, not counted."""
    counts = {"lose": 0, "place": 0, "extra": 0}
    for _ in range(n):
        trial = state.clone()
        trial.apply_action(f"flip {kind}")
        trial.apply_action(trial.sample_chance(rng))
        if trial.observation(None)["phase"] != "place":
            counts["lose"] += 1
            continue
        places = [a for a in trial.legal_actions() if a.kind == "place"]
        counts["place"] += bool(places)
        for place in places:
            after = trial.clone()
            events = after.apply_action(place)
            while after.is_chance_node():  # a swap reveals the fossil it sends back first
                events += after.apply_action(after.sample_chance(rng))
            if any(e.kind == "extra_turn" for e in events):
                counts["extra"] += 1
                break
    return {key: value / n for key, value in counts.items()}


@pytest.mark.parametrize("seed", [3, 11])
def test_the_odds_agree_with_a_simulation_from_the_same_position(seed):
    state = af.new_game(players=2, seed=seed)
    rng = random.Random(seed)
    bot = af.GreedyBot()
    for _ in range(30):  # a position some way into the game
        state.apply_action(state.sample_chance(rng) if state.is_chance_node()
                           else bot.choose(state, rng))
    while state.observation(None)["phase"] != "choose" or state.is_chance_node():
        state.apply_action(state.sample_chance(rng) if state.is_chance_node()
                           else bot.choose(state, rng))
    table = odds(state.observation(state.player), "en")
    assert table is not None
    n = 3000
    for row, kind in zip(table.rows, [k for k in "DPMA" if state.observation(0)["excavation"]
                                      ["face_down"][k]]):
        seen = simulated(state, kind, n, random.Random(seed * 7 + ord(kind)))
        for exact, key in zip(row.chances, ("lose", "place", "extra")):
            p = float(exact)
            error = Z * max((p * (1 - p) / n) ** 0.5, 1 / n)
            assert abs(seen[key] - p) <= error, (kind, key, exact, seen[key])


def test_the_odds_match_the_probability_lesson():
    state = af.from_description(ANA)
    table = odds(state.observation(0), "en")
    dinosaur = next(row for row in table.rows if "Dinosaur" in row.choice)
    assert dinosaur.chances[:2] == (Fraction(1, 10), Fraction(11, 20))  # the lesson's numbers
    plant = next(row for row in table.rows if "Plant" in row.choice)
    assert plant.best and not dinosaur.best  # the lesson: Plants are the best flip here
    assert "Of the 20 Dinosaur fossils nobody has seen, 2 would match" in dinosaur.why


def test_the_panel_is_computed_from_what_the_viewer_sees_alone():
    seen = af.from_description(ANA).observation(0)
    assert odds(seen, "en") == odds(json.loads(json.dumps(seen)), "en")


def test_the_panel_is_off_in_a_game_on_in_a_lesson_and_speaks_the_language():
    board = Board("ambar_fossils", seed=2)
    assert board.odds_panel.value == "" and not board.odds_toggle.value
    board.odds_toggle.value = True
    assert "What are my chances?" in board.odds_panel.value and "%" in board.odds_panel.value
    board.set_language("ja")
    assert "どのくらいの確率" in board.odds_panel.value and "手番が終わる" in board.odds_panel.value
    board.play("flip D")  # now the fossil is chosen: no chance in placing it
    assert "偶然は関わりません" in board.odds_panel.value
    step = RuleStep("ambar_fossils", "flip")
    assert "What are my chances?" in step.board.odds_panel.value


def test_exact_fractions_show_beside_the_decimals_and_on_hover():
    table = odds(af.from_description(ANA).observation(0), "en")
    html = odds_table_html(table, lambda key, **_: key, True)
    assert 'title="1/10"' in html and "10% <small>(1/10)</small>" in html and "odds_best" in html


@pytest.mark.parametrize("game", [g for g, spec in BOARDS.items() if spec.odds is not None])
def test_a_board_shows_odds_only_when_a_person_decides(game):
    person = Board(game, seed=1, show_odds=True)
    person.unveil()  # where the game hides cards, the person to move has the screen
    assert person.odds() is not None
    seats = range(person.state.num_players)
    watched = Board(game, seed=1, bots=dict.fromkeys(seats, "random"), show_odds=True)
    assert watched.odds() is None and "when it is your move" in watched.odds_panel.value
