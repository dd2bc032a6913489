"""Amphipolis's board spec on the generic board: targets, refusals, groups, the bag aid, solo."""

from __future__ import annotations

import random
from itertools import product

import pytest

from boardlib import amphipolis as am
from boardlib.amphipolis import scoring
from boardlib.amphipolis.probability import points_added, take_values
from widgets import Board
from widgets.amphipolis.groups import amphora_groups, mosaic_split, skeleton_split
from widgets.amphipolis.lessons import JOHN, STATUE_TABLE
from widgets.amphipolis.spec import SPEC, action_words, status, target_of
from widgets.amphipolis.view import AREA_TOKENS, SHOW_BAG, view
from widgets.controller import BoardController
from widgets.scene import Text
from widgets.spec import ViewContext


def board_at(description: str, **options) -> BoardController:
    """The board's controller at a described position (the tests of what a click decides)."""
    return BoardController("amphipolis", state=am.from_description(description), **options)


def texts(scene) -> list[str]:
    return [s.text for s in scene.shapes if isinstance(s, Text)]


def random_state(seed: int, players: int) -> am.AmphipolisState:
    rng = random.Random(seed)
    state = am.new_game(players=players, seed=seed)
    bot = am.BOTS["random"]()
    for _ in range(rng.randrange(200)):
        if state.is_terminal():
            break
        state.apply_action(state.sample_chance(rng) if state.is_chance_node()
                           else bot.choose(state, rng))
    return state


# ----- what a click does ------------------------------------------------------------------------
def test_a_click_on_a_tile_takes_it_and_a_card_uses_the_character():
    board = board_at("players: 2\nareas: MR*2 CA AB\nstep: take\n")
    board.click(*board.scene.center_of("tile-MR"))
    assert board.match.moves == [(0, "take MR")]
    board.click(*board.scene.center_of("character-0-professor"))
    assert board.match.moves[-1] == (0, "professor")


def test_a_tile_from_a_second_area_is_refused_with_the_rule():
    board = board_at("players: 2\nplayer 1: MR\nareas: MR CA\nstep: take\nchosen: mosaics\n"
                     "taken: 1\n")
    before = board.state.to_json()
    message = board.click(*board.scene.center_of("tile-CA"))
    assert "AM-3.3" in message and "ONE" in message
    assert board.state.to_json() == before


def test_a_tile_out_of_reach_offers_the_characters_that_can_take_it():
    board = Board("amphipolis", state=am.from_description(  # the widget: its chooser's buttons
        "players: 2\nplayer 1: MR\nused 1: assistant\nareas: MR CA\nstep: take\n"
        "chosen: mosaics\ntaken: 1\n"), controls="moves")
    message = board.click(*board.scene.center_of("tile-CA"))
    assert "AM-3.3" in message and "Another way" in message
    assert board._choices == [("archaeologist", "take CA"), ("professor", "take CA")]
    words = [b.description for b in board.chooser.children[1:-1]]
    assert words == ["Use the Archaeologist → Take a caryatid",
                     "Use the Professor → Take a caryatid"]
    board.choose(0)
    assert [m for _, m in board.match.moves[:2]] == ["archaeologist", "take CA"]
    plain = board_at("players: 2\nplayer 1: MR\nused 1: archaeologist, professor, assistant\n"
                     "areas: MR CA\nstep: take\nchosen: mosaics\ntaken: 1\n")
    assert "Another way" not in plain.click(*plain.scene.center_of("tile-CA"))
    assert plain.choices == []


def test_a_used_character_and_another_players_cards_are_refused():
    board = board_at("players: 2\nplayer 1: MR\nused 1: digger\nareas: MR CA\nstep: take\n"
                     "chosen: mosaics\ntaken: 1\n")
    assert "AM-4.1" in board.click(*board.scene.center_of("character-0-digger"))
    assert "Player 2's characters" in board.click(*board.scene.center_of("character-1-digger"))
    assert board.match.moves == []


def test_end_gets_a_button_and_every_other_move_a_target():
    state = am.from_description("players: 2\nplayer 1: MR\nareas: MR CA\nstep: take\n"
                                "chosen: mosaics\ntaken: 1\n")
    seen = state.observation(0)
    targets = {str(a): target_of(str(a), 0, seen) for a in state.legal_actions()}
    assert targets["end"] is None
    assert targets["take MR"] == "tile-MR" and targets["assistant"] == "character-0-assistant"
    assert action_words("take MR", seen, "en") == "Take a red mosaic"
    assert action_words("take MR", seen, "ja") == "赤のモザイクを取る"


def test_the_status_names_the_step():
    state = am.from_description("players: 2\nplayer 1: AR\nused 1: archaeologist\nareas: AB MR\n"
                                "step: archaeologist\n"
                                "chosen: amphoras\ntaken: 0\n")
    line = status(state.observation(0), ["Ann", "Bo"], "en")
    assert line.startswith("Ann uses the Archaeologist") and "Amphoras" in line


# ----- what the view shows ----------------------------------------------------------------------
def test_every_tile_type_is_lettered_in_the_areas_so_colour_is_never_alone():
    scene = view(am.new_game(players=2, seed=1).observation(0), ViewContext(viewer=0))
    words = texts(scene)
    for tokens in AREA_TOKENS.values():
        assert all(code in words for code in tokens)
    assert {f"tile-{code}" for tokens in AREA_TOKENS.values() for code in tokens} <= set(
        scene.ids())


def test_the_bag_contents_are_an_aid_that_can_be_switched_off():
    board = Board("amphipolis", players=2, seed=3, controls="moves")
    shown = " ".join(texts(board.scene))
    assert "LS " in shown and "landslides in the bag" in shown
    board.set_view_option(SHOW_BAG, False)
    hidden = " ".join(texts(board.scene))
    assert "landslides in the bag" not in hidden and "Bag: " in hidden
    assert board.option_boxes[SHOW_BAG].value is False
    board.option_boxes[SHOW_BAG].value = True  # the checkbox drives the board too
    assert "landslides in the bag" in " ".join(texts(board.scene))
    assert not BoardController("amphipolis", seed=3,
                               view_options={SHOW_BAG: False}).view_options[SHOW_BAG]
    with pytest.raises(ValueError, match="unknown view option"):
        BoardController("amphipolis", seed=3, view_options={"x_ray": True})


def test_the_bag_counts_match_what_is_left():
    state = random_state(4, 3)
    words = " ".join(texts(view(state.observation(None), ViewContext())))
    assert f"Bag: {state.bag_total} tiles left" in words
    for code, count in state.observation(None)["bag"].items():
        assert f"{code} {count}" in words


def test_finds_show_the_points_of_each_area_as_the_engine_scores_them():
    state = am.from_description(JOHN)
    words = texts(view(state.observation(None), ViewContext(lang="en")))
    john = state.scores()[0]
    assert f"{sum(john)} points" in words and sum(john) == 21
    assert "Mosaics: 6 pts" in words and "Marble Statues: 9 pts" in words
    assert "CA 3 + SP 6" in words  # the statue kinds apart (AM-6.4)
    assert "size→pts 5→4, 3→1" in words  # John's two amphora groups (AM-6.3)


def test_the_three_player_statue_table_is_on_screen():
    state = am.from_description(STATUE_TABLE)
    words = texts(view(state.observation(None), ViewContext()))
    assert {"CA 6 + SP 3", "CA 3 + SP 0", "CA 0 + SP 6"} <= set(words)


def test_group_splits_add_up_to_the_engines_totals():
    for counts in product(range(7), repeat=3):
        single, mixed = mosaic_split(counts)
        assert 4 * single + 2 * mixed == scoring.mosaic_points(counts)
    rng = random.Random(2)
    for _ in range(300):
        counts = [rng.randrange(6) for _ in range(6)]
        groups = amphora_groups(counts)
        assert sum(scoring.AMPHORA_POINTS[g] for g in groups) == scoring.amphora_points(counts)
        assert sum(groups) <= sum(counts) and all(g <= sum(1 for c in counts if c) for g in groups)
    for halves in product(range(6), repeat=4):
        families, lone = skeleton_split(*halves)
        assert 6 * families + lone == scoring.skeleton_points(*halves)


def test_the_statue_kinds_shown_add_up_to_the_engines_statue_points():
    for seed in range(12):
        state = random_state(seed, 1 + seed % 4)
        words = texts(view(state.observation(None), ViewContext()))
        rows = state.scores() + ([state.robber_scores()] if state.solo else [])
        shown = [w for w in words if w.startswith("CA ") and " + SP " in w]
        assert len(shown) == len(rows)
        for text, row in zip(shown, rows):
            ca, sp = (int(part.split()[1]) for part in text.split(" + "))
            assert ca + sp == row[1]


def test_a_solo_game_shows_the_robbers_haul_and_score_and_says_who_won():
    board = BoardController("amphipolis", players=1, seed=5)
    while not board.state.is_terminal():
        board.play(board.state.legal_actions()[0])
    result = board.state.result()
    words = texts(board.scene)
    assert any("Grave robber" in w for w in words)
    assert f"{sum(result.robber)} points" in words
    assert str(sum(result.robber)) in board.status_text()
    assert ("you beat the robber" in board.status_text()) == result.beat_robber


def test_the_status_of_a_finished_game_names_the_winner():
    state = am.from_description(JOHN)
    line = status(state.observation(None), ["John", "Mike", "Lisa"], "en")
    winner = ["John", "Mike", "Lisa"][state.result().winners[0]]
    assert line.startswith("The game is over") and winner in line


def test_hint_says_the_exact_points_a_tile_adds():
    board = board_at("players: 2\nplayer 1: MR*3\nareas: MR CA\nstep: take\n")
    message = board.hint()
    assert "red mosaic" in message and "adds 4" in message


# ----- exact worth of a take ----------------------------------------------------------------
def test_points_added_is_the_score_with_the_tile_minus_without():
    state = am.from_description("players: 2\nplayer 1: MR*3 AB AN LU\nplayer 2: CA\n"
                                "areas: MR AR LL CA SP\nstep: take\n")
    values = take_values(state)
    assert values == {"MR": 4, "AR": 1, "LL": 1, "CA": 6, "SP": 6}
    assert points_added(state, "CA", seat=1) == 0  # Player 2 already has the most
    with pytest.raises(ValueError):
        points_added(state, "LS")


def test_spec_is_registered_with_its_view_option():
    assert SPEC.view_options == {SHOW_BAG: True}
