"""Âmbar positions: descriptions, saves and observations — and what happens to bad ones."""

from __future__ import annotations

import json

import pytest

from boardlib import IllegalAction
from boardlib import ambar_fossils as af
from tests.helpers import played

ROW = "D? P? M? A? D? P? M? A? D? P?"




# ----- descriptions ----------------------------------------------------------------------------
def test_a_description_builds_the_position_it_says():
    state = af.from_description("""
        names: Emily, Olivia
        player 1: D1 P? M? A? D2/D3 P? M? A? D? P?
        player 2: ROW
        excavation: D4 P4 P4   # face-up
        to move: Olivia
        holding: M5
    """.replace("ROW", ROW))
    assert state.names == ["Emily", "Olivia"]
    assert state.current_player() == 1 and state.holding == af.parse_fossil("M5")
    assert state.heights[0][4] == 2 and state.tops[0][4] == af.parse_fossil("D3")
    assert state.snapshot()["excavation"]["face_up"] == ["D4", "P4", "P4"]
    assert sum(state.face_down) == 96 - 21 - 3 - 1  # everything not written is face-down


@pytest.mark.parametrize("seed", range(6))
def test_describe_reads_back_to_the_same_position(seed):
    state = played("ambar_fossils", seed, 40 + 30 * seed, 3)
    again = af.from_description(state.describe())
    assert again.snapshot() == state.snapshot()
    assert again.legal_actions() == state.legal_actions()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("player 1: D? P?\nplayer 2: " + ROW, "has 2 columns"),
        ("player 1: " + ROW, "2 to 4 players"),
        ("player 1: " + ROW + "\nplayer 2: " + ROW + "\ncolour: red", "unknown key"),
        ("player 1: " + ROW + "\nplayer 3: " + ROW, "players 1, 2"),
        ("player 1: D9 P? M? A? D? P? M? A? D? P?\nplayer 2: " + ROW, "not a fossil"),
        ("player 1: " + ROW + "\nplayer 2: " + ROW + "\nnames: Ann", "1 names for 2"),
        ("player 1: " + ROW + "\nplayer 2: " + ROW + "\nto move: 3", "to move"),
        ("player 1: " + ROW + "\nplayer 2: " + ROW + "\nexcavation: " + "D1 " * 5, "D1"),
        ("player 1: " + ROW + "\nplayer 2: " + ROW + "\nface-down: D:1 P:1 M:1 A:1",
         "Dinosaur fossils"),
        ("player 1: D?/D1 P? M? A? D? P? M? A? D? P?\nplayer 2: " + ROW, "AF-6.4"),
        ("player 1: D1/D2/D3 P? M? A? D? P? M? A? D? P?\nplayer 2: " + ROW, "AF-6.6"),
        ("player 1: D4 P3 M? A? D? P? M? A? D? P?\nplayer 2: " + ROW, "AF-6.7"),
        ("player 1: D4 D4 M? A? D? P? M? A? D? P?\nplayer 2: " + ROW, "AF-5.4"),
        ("player 1: D4 P? M? A? D? P? M? A? D? P?\nplayer 2: " + ROW + "\nholding: D4", "AF-5.4"),
        ("player 1: " + ROW + "\nplayer 2: " + ROW + "\npasses: 2", "AF-8.3"),
        ("just some text", "key: value"),
    ],
)
def test_impossible_descriptions_are_refused_with_the_reason(text, message):
    with pytest.raises(ValueError, match=message):
        af.from_description(text)


# ----- saves -----------------------------------------------------------------------------------
def test_a_save_holds_start_history_and_position_and_loads_back():
    state = played("ambar_fossils", 3, 150, 3)
    data = json.loads(state.to_json())
    assert data["format"] == "boardlib-save" and data["version"] == 2
    assert data["game"] == "ambar_fossils" and len(data["history"]) == len(state.history)
    loaded = af.from_json(state.to_json())
    assert loaded == state and loaded.history == state.history


def test_a_prepared_position_saves_and_loads():
    state = af.from_description(f"player 1: D1 {ROW[3:]}\nplayer 2: {ROW}\nexcavation: D2")
    state.apply_action("take D2")
    loaded = af.from_json(state.to_json())
    assert loaded.snapshot() == state.snapshot() and loaded.history == ["take D2"]


def _tampered(edit) -> str:
    data = json.loads(played("ambar_fossils", 8, 60, 3).to_json())
    edit(data)
    return json.dumps(data)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (played("ambar_fossils", 8, 60, 3).to_json()[:-40], "truncated"),
        ("", "truncated"),
        ("[]", "not a boardlib save"),
        (_tampered(lambda d: d.update(version=99)), "version 99"),
        (_tampered(lambda d: d.update(game="chess")), "unknown game"),
        (_tampered(lambda d: d["history"].insert(0, "take D6")), "Move 1"),
        (_tampered(lambda d: d["history"].append(42)), "not text"),
        (_tampered(lambda d: d["position"].update(to_move=2)), "does not match"),
        (_tampered(lambda d: d["start"]["excavation"]["face_down"].update(D=30)), "AF-1.1"),
        (_tampered(lambda d: d["start"].update(players=7)), "AF-1.2"),
        (_tampered(lambda d: d.pop("history")), "history"),
    ],
)
def test_bad_saves_are_refused_with_a_reason(text, message):
    with pytest.raises(ValueError, match=message):
        af.from_json(text)


def test_a_save_of_another_game_is_refused():
    saved = played("ambar_fossils", 1, 5, 3).to_json()
    text = saved.replace('"game":"ambar_fossils"', '"game":"amphipolis"')
    with pytest.raises(ValueError):
        af.from_json(text)


# ----- observations and bad input ------------------------------------------------------------
def test_every_seat_sees_the_same_public_position():
    state = played("ambar_fossils", 4, 80, 3)
    views = [state.observation(p) for p in (None, 0, 1, 2)]
    for view in views[1:]:
        assert {k: v for k, v in view.items() if k not in ("viewer", "legal_actions")} == {
            k: v for k, v in views[0].items() if k not in ("viewer", "legal_actions")
        }
    for bad in (3, -1, "0", 1.0):
        with pytest.raises(ValueError):
            state.observation(bad)


def test_the_player_to_move_sees_their_legal_actions():
    state = af.new_game(players=2, seed=1)
    assert state.observation(0)["legal_actions"] == ["flip D", "flip P", "flip M", "flip A"]
    assert state.observation(1)["legal_actions"] == []


def test_another_players_move_is_refused_and_changes_nothing():
    state = af.new_game(players=3, seed=1)
    before = state.to_json()
    with pytest.raises(IllegalAction) as caught:
        state.apply_action("flip D", player=1)
    assert caught.value.kind == "not_your_turn" and "Player 1's turn" in caught.value.reason
    assert state.to_json() == before
    state.apply_action("flip D", player=0)
    assert state.why_illegal("flip D") is not None  # a chance node now


def test_moves_are_plain_text_too_and_case_and_spaces_do_not_matter():
    state = af.from_description(f"player 1: {ROW}\nplayer 2: {ROW}\nexcavation: M4")
    state.apply_action("  TAKE   m4 ")
    assert state.holding == af.parse_fossil("M4")
    assert state.history == ["take M4"] and state.history[0].kind == "take"


def test_why_illegal_is_none_for_legal_moves_and_words_otherwise():
    state = af.new_game(players=2, seed=1)
    assert state.why_illegal("flip D") is None
    assert "not a move" in state.why_illegal(None)
    assert "not a move in this game" in state.why_illegal("castle kingside")
