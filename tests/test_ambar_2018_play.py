"""Ambar (2018): whole games, narration, saves, descriptions, hidden information, the bot."""

from __future__ import annotations

import io
import json
import random
from contextlib import redirect_stdout
from textwrap import dedent

import pytest

from boardlib import CHANCE, TERMINAL, IllegalAction, ambar_2018
from boardlib.ambar_2018.messages import MESSAGES
from boardlib.bots import RandomBot
from boardlib.cli import main


def random_game(players: int, seed: int, bots=None):
    """A full seeded game; returns the end state and every event."""
    rng = random.Random(seed)
    state = ambar_2018.new_game(players=players, seed=seed)
    bots = bots or [RandomBot()] * players
    events = []
    while not state.is_terminal():
        player = state.current_player()
        action = state.sample_chance(rng) if player == CHANCE else bots[player].choose(state, rng)
        events += state.apply_action(action)
    return state, events


@pytest.mark.rule("AB-6.1")
def test_rulebook_example_four_cards_four_actions_two_cards_two():
    for days in (4, 2):
        state = ambar_2018.from_description("phase: journey\nline-up: " + " ".join(
            ["V6"] * (days - 1)))
        state.apply_action("draw")
        state.apply_action("card TA")
        state.apply_action("stop")
        assert state.actions == days


@pytest.mark.rule("AB-3.1", "AB-12.4")
def test_every_event_reads_in_english_and_japanese():
    assert set(MESSAGES["en"]) == set(MESSAGES["ja"])
    seen = set()
    for seed in range(30):
        state, events = random_game(2 + seed % 3, seed)
        for event in events:
            assert event.sentence("en") and event.sentence("ja")
            seen.add(event.kind)
        assert state.result().winners
    assert {"card", "journey_over", "round_two", "game_over", "next_turn"} <= seen


@pytest.mark.rule("AB-13.1")
def test_the_command_line_narrates_a_game():
    for lang in ("en", "ja"):
        out = io.StringIO()
        with redirect_stdout(out):
            code = main(["play", "ambar_2018", "--players", "3", "--seed", "4", "--lang", lang,
                         "--bots", "cautious,random,cautious"])
        text = out.getvalue()
        assert code == 0
        assert ("Final ranking:" if lang == "en" else "最終順位：") in text
        assert ("Round 2 begins" if lang == "en" else "第2ラウンド") in text


@pytest.mark.rule("AB-11.1", "AB-4.2")
def test_observations_hide_hands_and_the_known_top_card():
    for seed in range(6):
        rng = random.Random(seed)
        state = ambar_2018.new_game(players=3, seed=seed)
        while not state.is_terminal():
            for viewer in range(3):
                view = state.observation(viewer)
                for p, seat in enumerate(view["seats"]):
                    if p != viewer:
                        assert isinstance(seat["event_hand"], int)
                assert isinstance(view["event_deck"], int)
                if viewer not in state.top_known:
                    assert view["top"] is None
            state.apply_action(state.sample_chance(rng) if state.is_chance_node()
                               else rng.choice(state.legal_actions()))
    with pytest.raises(ValueError):
        state.observation(3)


@pytest.mark.rule("AB-1.1")
def test_tampered_or_truncated_saves_are_refused():
    state, _ = random_game(2, 3)
    saved = state.to_json()
    assert ambar_2018.from_json(saved) == state
    data = json.loads(saved)
    data["position"]["seats"][0]["gold"] += 1
    with pytest.raises(ValueError, match="edited or damaged"):
        ambar_2018.from_json(json.dumps(data))
    data = json.loads(saved)
    data["history"][5] = "buy 7"
    with pytest.raises(ValueError, match="not legal"):
        ambar_2018.from_json(json.dumps(data))
    with pytest.raises(ValueError):
        ambar_2018.from_json(saved[: len(saved) // 2])
    data = json.loads(saved)
    data["start"]["hoard"]["R"] = 11
    with pytest.raises(ValueError, match=r"AB-1\.1"):
        ambar_2018.from_json(json.dumps(data))


def _under_old_key_names(position: dict) -> None:
    """A snapshot as saves wrote it before three keys were renamed (issue #32): a seat's
    "event_hand" was "events", the supply's "marker_supply" and "soldier_supply" were
    "markers" and "soldiers"."""
    for seat in position["seats"]:
        seat["events"] = seat.pop("event_hand")
    supply = position["supply"]
    position["supply"] = {"markers": supply["marker_supply"],
                          "soldiers": supply["soldier_supply"], "bank": supply["bank"]}


def test_saves_written_before_the_keys_were_renamed_still_load():
    state = ambar_2018.from_description("phase: journey\nline-up: V6\n"
                                        "player 1: events FC AM\nplayer 2: events FX")
    state.apply_action("draw")
    state.apply_action(state.legal_actions()[0])  # a card drawn: a save with a history
    data = json.loads(state.to_json())
    _under_old_key_names(data["start"])
    _under_old_key_names(data["position"])
    data["version"] = 1  # as such saves were numbered
    old = json.dumps(data)
    assert '"event_hand"' not in old and '"marker_supply"' not in old
    loaded = ambar_2018.from_json(old)
    assert loaded == state and loaded.to_json() == state.to_json()  # written by the new names
    position = state.snapshot()
    _under_old_key_names(position)
    assert ambar_2018.from_snapshot(position).snapshot() == state.snapshot()


@pytest.mark.rule("AB-3.1")
def test_moves_by_the_wrong_player_and_after_the_end_are_refused():
    state = ambar_2018.from_description("phase: journey\nline-up: V6")
    with pytest.raises(IllegalAction) as error:
        state.apply_action("draw", player=1)
    assert error.value.kind == "not_your_turn"
    state = ambar_2018.from_description("phase: upgrade\ndecider: 2\nline-up: V6")
    with pytest.raises(IllegalAction) as error:
        state.apply_action("pass", player=0)
    assert error.value.kind == "not_your_turn"
    state.apply_action("pass", player=1)
    end, _ = random_game(2, 1)
    assert end.current_player() == TERMINAL
    with pytest.raises(IllegalAction) as error:
        end.apply_action("draw")
    assert error.value.kind == "game_over"


@pytest.mark.rule("AB-1.3")
def test_descriptions_round_trip_exactly():
    text = dedent("""\
        names: Ann, Bob, Cy
        round: 2
        phase: trade
        turn: 2
        decider: 3
        line-up: REDDEMON TA BY TC
        used: 2
        player 1: gold 7, village gems Y2, events FC
        player 2: gold 9, markers 3, alchemy A2, village V8, village gems R1
        player 3: village gems B2
        demon: player 2
        treasure: Y1 gold 2
        """)
    state = ambar_2018.from_description(text)
    assert state.current_player() == 2 and state.legal_actions() == ["sell 4", "pass"]
    again = ambar_2018.from_description(state.describe())
    assert again.snapshot() == state.snapshot() and again.describe() == state.describe()
    for bad in ("line-up: XX", "player 5: gold 1", "phase: lunch", "player 1: gold many",
                "hoard: Y99", "serpent: player 9"):
        with pytest.raises(ValueError):
            ambar_2018.from_description(bad)


@pytest.mark.rule("AB-13.1")
def test_the_cautious_bot_beats_random_play():
    wins = 0
    for seed in range(30):
        bots = [ambar_2018.CautiousBot(), RandomBot()] if seed % 2 == 0 else [
            RandomBot(), ambar_2018.CautiousBot()]
        state, _ = random_game(2, seed, bots)
        wins += (seed % 2) in state.result().winners
    assert wins >= 22


def test_refusals_are_told_in_japanese():
    state = ambar_2018.new_game(players=2, seed=1)
    rng = random.Random(1)
    while state.is_chance_node():
        state.apply_action(state.sample_chance(rng))
    problem = state.check_action("sell 3")
    assert problem.rule == "AB-7.1" and problem.explain("en") == problem.reason
    assert problem.explain("ja") == "今はできません：カードを引くか旅を終えるときです。"


@pytest.mark.rule("AB-11.10", "AB-11.11")
def test_a_carry_that_lost_every_gem_on_the_road_is_described_and_read_back():
    """Distractions can take all 3 gems on the road while others may still play Fog: the
    position's description says "carry: Y0", and it must read back (a Hypothesis example:
    the reader dropped the empty colour and refused the line)."""
    state = ambar_2018.from_description(
        "phase: carry\nturn: 2\ndecider: 1\nqueue: 3\nline-up: V6 TA\ncarry: Y3\n"
        "player 1: events DI FG\nplayer 3: events FG\nplayers: 3\n")
    state.apply_action("play DI")
    assert state.carry[1] == 0 and not state.is_terminal()
    assert "carry: Y0" in state.describe()
    again = ambar_2018.from_description(state.describe())
    assert again.snapshot() == state.snapshot()
    with pytest.raises(ValueError, match="one colour of gems, like Y2, not 'Y1 B1'"):
        ambar_2018.from_description(state.describe().replace("carry: Y0", "carry: Y1 B1"))
