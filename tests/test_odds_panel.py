"""The odds panel: the exact chances of the decision at hand, on the board.

Exact numbers come from the engine's chance nodes; a simulation from the same position must
agree (inside a 99.9% interval, seeded), and so must the probability lesson's numbers.
"""

from __future__ import annotations

import json
import random
from fractions import Fraction

import pytest

from boardlib import ambar_fossils as af
from boardlib import amphipolis
from boardlib.amphipolis import probability as amphipolis_probability
from boardlib.amphipolis.data import TAKE
from widgets import BOARDS, Board, RuleStep
from widgets.ambar_fossils.spec import odds
from widgets.board import _odds_cell, odds_table_html

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
    table = odds(state.observation(state.to_move), "en")
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


@pytest.mark.parametrize(("value", "kind", "shown"), [
    (Fraction(0), "chance", '<td title="0">0%</td>'),
    (Fraction(1), "chance", '<td title="1">100%</td>'),
    (Fraction(1, 4), "chance", '<td title="1/4">25% <small>(1/4)</small></td>'),
    (Fraction(3), "mean", '<td title="3">3.00</td>'),
])
def test_a_whole_number_is_shown_without_a_fraction_beside_it(value, kind, shown):
    """A certain or impossible event read "0% (0)": the fraction told nothing more."""
    assert _odds_cell(value, kind) == shown


@pytest.mark.parametrize("game", [g for g, spec in BOARDS.items() if spec.odds is not None])
def test_a_board_shows_odds_only_when_a_person_decides(game):
    person = Board(game, seed=1, show_odds=True)
    assert person.curtained() == (person.odds() is None)  # behind a curtain: no odds shown
    person.unveil()
    assert person.odds() is not None
    seats = range(person.state.num_players)
    watched = Board(game, seed=1, bots=dict.fromkeys(seats, "random"), show_odds=True)
    assert watched.odds() is None and "when it is your move" in watched.odds_panel.value


# ----- Amphipolis: the points of each take, the next draw's landslides, the end -------------
SPOT = """
    players: 2
    player 1: MR*3 AB AN LU SU
    player 2: SP MG*3 AG AR
    used 1: professor, assistant, archaeologist
    used 2: professor, assistant, digger
    areas: MR MG AR AY CA SP LL SL
    covered: 10
    step: take
"""  # the position of notebooks/amphipolis/03_probability.ipynb's take values


def amphipolis_take_position(players: int, covered: int, seed: int):
    """The lesson's kind of position (``position_with_landslides``), drawn on to its take."""
    state = amphipolis_probability.position_with_landslides(players, covered, seed)
    rng = random.Random(seed)
    while state.is_chance_node():
        state.apply_action(state.sample_chance(rng))
    assert state.phase == TAKE, "the seeded draws must leave tiles to take"
    return state


def finish_turn(state) -> None:
    """End the turn with whatever is legal: takes never change the bag."""
    while not state.is_terminal() and not state.is_chance_node():
        state.apply_action(state.legal_actions()[-1])


def test_amphipolis_takes_score_what_the_lesson_says():
    state = amphipolis.from_description(SPOT)
    table = BOARDS["amphipolis"].odds(state.observation(0), "en")
    shown = {row.choice: row.chances[0] for row in table.rows}
    lesson = amphipolis_probability.take_values(state)  # the lesson prints these
    assert len(shown) == len(lesson)
    for tile, gain in lesson.items():
        words = BOARDS["amphipolis"].action_words(f"take {tile}", state.observation(0), "en")
        assert shown[words] == gain
    best = [row.choice for row in table.rows if row.best]
    assert best == ["Take a caryatid", "Take a sphinx"]  # +6 each: a first statue of a kind
    assert "Your Marble Statues score: 0 now, 6 with it." in [row.why for row in table.rows]


@pytest.mark.parametrize("players, covered, seed", [(3, 13, 5), (2, 12, 8), (1, 13, 2)])
def test_amphipolis_draw_odds_agree_with_a_simulation(players, covered, seed):
    state = amphipolis_take_position(players, covered, seed)
    table = BOARDS["amphipolis"].odds(state.observation(state.to_move), "en")
    draw = table.then[0] if table.then else table
    slides = [row.chances[0] for row in draw.rows[:-2 if players == 1 else -1]]
    end = draw.rows[-1].chances[0]
    assert sum(slides) == 1 and 0 < end < 1
    rng, n = random.Random(seed), 3000
    counts, ended = [0] * len(slides), 0
    for _ in range(n):
        trial = state.clone()
        finish_turn(trial)
        k = 0
        for _ in range(4):  # the next turn's four draws (AM-3.1), or fewer if the game ends
            if trial.is_terminal():
                break
            events = trial.apply_action(trial.sample_chance(rng))
            k += any(e.kind == "landslide" for e in events)
        counts[min(k, len(slides) - 1)] += 1
        draws = 4  # play on through the others' turns to this seat's next take
        while not trial.is_terminal() and draws < 4 * players:
            if trial.is_chance_node():
                trial.apply_action(trial.sample_chance(rng))
                draws += 1
            else:
                finish_turn(trial)
        ended += trial.is_terminal()
    for p, seen_count in [*zip(slides, counts), (end, ended)]:
        error = Z * max((float(p) * (1 - float(p)) / n) ** 0.5, 1 / n)
        assert abs(seen_count / n - float(p)) <= error, (p, seen_count / n)


def test_amphipolis_next_draw_is_the_lessons_formula_at_the_next_turn():
    state = amphipolis_take_position(3, 8, 13)  # the lesson's SEED, PLAYERS and COVERED
    draw = BOARDS["amphipolis"].odds(state.observation(state.to_move), "en").then[0]
    finish_turn(state)  # the next player's turn begins: the lesson's formula applies there
    formula = amphipolis_probability.next_draw_exact(state)
    assert [row.chances[0] for row in draw.rows[:-1]] == list(formula.values())


def test_amphipolis_panel_speaks_japanese_and_shows_long_fractions_on_hover_only():
    board = Board("amphipolis", players=1, seed=3, show_odds=True)
    assert "次の手番に盗掘者が現れる" not in board.odds_panel.value
    board.set_language("ja")
    panel = board.odds_panel.value
    assert "次の手番に盗掘者が現れる" in panel and "今の得点" in panel
    table = board.odds()
    assert table is not None
    html = odds_table_html(table, lambda key, **_: key, True)
    slide = table.then[0].rows[0].chances[0]
    assert slide.denominator >= 1000 and f'title="{slide}"' in html
    assert f"<small>({slide})</small>" not in html


def test_piles_equally_good_are_all_marked_best():
    state = af.from_description("""
        names: Ana, Ben
        player 1: D1 P? M? A? D? P? M? A? D? P?
        player 2: M? A2 D? P? M? A? D3 P? M? A5
        excavation: P1 P2 M5 D4
        to move: Ana
    """)
    table = odds(state.observation(0), "en")
    ranks = {row.choice: (row.chances[1], -row.chances[0]) for row in table.rows}
    top = max(ranks.values())
    assert sum(rank == top for rank in ranks.values()) > 1  # a tie for the best flip
    assert [row.best for row in table.rows] == [ranks[row.choice] == top for row in table.rows]
