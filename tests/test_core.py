"""The shared core: Match (bots, chance, undo), events in two languages, results, the CLI."""

from __future__ import annotations

import io
import itertools
import json
import pickle
import random
import subprocess
import sys
from fractions import Fraction

import pytest

from boardlib import CHANCE, GAMES, IllegalAction, Match, RandomBot, saves
from boardlib import ambar_fossils as af
from boardlib.cli import main
from boardlib.messages import LANGUAGES
from boardlib.protocol import Action, Event
from boardlib.ranking import rank_players

ROW = "D? P? M? A? D? P? M? A? D? P?"


# ----- Match -------------------------------------------------------------------------------------
def test_match_runs_chance_and_bots_until_a_person_must_move():
    match = Match(af.new_game(players=3, seed=1), bots={1: RandomBot(), 2: af.GreedyBot()}, seed=1)
    assert match.waiting_for_person() and match.advance() == []
    match.play("flip D")
    events = match.advance()
    assert events and match.log[-len(events):] == events
    assert match.is_over() or match.waiting_for_person()


def test_match_refuses_moves_for_bot_seats_and_at_chance_nodes():
    match = Match(af.new_game(players=2, seed=1), bots={1: RandomBot()}, seed=1)
    match.play("flip D")
    with pytest.raises(IllegalAction) as caught:
        match.play("reveal D1")
    assert caught.value.kind == "not_your_turn"
    match.step()  # the reveal
    if match.waiting_for_person():  # player 1 now holds the fossil: choosing again is refused
        with pytest.raises(IllegalAction) as caught:
            match.play("flip D")
        assert caught.value.kind == "wrong_phase"
    with pytest.raises(ValueError):
        Match(af.new_game(players=2, seed=1), bots={2: RandomBot()})


def test_undo_takes_back_a_persons_move_but_never_a_chance_outcome():
    state = af.from_description(f"player 1: {ROW}\nplayer 2: {ROW}\nexcavation: D3")
    match = Match(state, seed=2)
    before = match.state.to_json()
    match.play("take D3")
    assert match.can_undo() and match.undo()
    assert match.state.to_json() == before and match.log == []
    match.play("flip P")
    match.step()  # the reveal: from now on, no undo past it
    assert not match.can_undo() and not match.undo()
    after_reveal = match.state.to_json()
    match.play("return")
    assert match.undo() and match.state.to_json() == after_reveal


def test_an_illegal_person_move_changes_nothing_in_the_match():
    match = Match(af.new_game(players=2, seed=5), seed=5)
    match.play("flip A")
    match.step()
    saved, log = match.state.to_json(), list(match.log)
    with pytest.raises(IllegalAction):
        match.play("flip D")
    assert match.state.to_json() == saved and match.log == log


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_match_on_a_played_position_recalls_its_last_moves_as_the_live_match_saw_them(game):
    """A board opened on a saved or mid-game position tells its last moves: the events and
    the players' moves (not chance's) that the match which played them had."""
    info = GAMES[game]
    live = Match(info.new_game(players=2, seed=7),
                 bots={seat: info.make_bot("random") for seat in range(2)}, seed=7)
    for _ in range(60):
        if live.is_over():
            break
        live.step()
    recalled = Match(live.state.clone())
    assert recalled.recall(12)
    again = info.from_snapshot(live.state.start_snapshot())  # the last 12 moves, counted
    for action in live.state.history[:-12]:
        again.apply_action(action)
    told, made = [], []
    for action in live.state.history[-12:]:
        player = again.current_player()
        told += again.apply_action(action)
        made += [(player, action)] if player >= 0 else []
    assert recalled.log == told == live.log[-len(told):]
    assert recalled.moves == made == live.moves[-len(made):] and made
    assert recalled.state.to_json() == live.state.to_json(), "recalling changes no position"
    assert not recalled.recall(12), "a match that has a story already recalls nothing"


def test_a_position_changed_by_hand_recalls_nothing_and_changes_nothing():
    """Its moves from its start no longer lead to it (a lesson set a field): no story is
    better than a wrong one."""
    state = af.new_game(players=2, seed=3)
    for _ in range(5):
        state.apply_action(state.legal_actions()[0])
    changed = af.from_snapshot({**state.snapshot(), "to_move": 1 - state.snapshot()["to_move"]})
    changed.history = list(state.history)
    match = Match(changed)
    assert not match.recall(10) and match.log == [] and match.moves == []
    started_elsewhere = af.from_snapshot(state.snapshot())  # its start is this position
    started_elsewhere.history = list(state.history)
    assert not Match(started_elsewhere).recall(10), "moves that are not legal from the start"
    assert Match(state.clone()).recall(10), "the same history on the true position is told"
    assert not Match(af.new_game(players=2, seed=3)).recall(10)  # no history: nothing to tell


def test_same_seeds_give_the_same_match():
    def run(seed):
        match = Match(af.new_game(players=4, seed=seed), bots=dict.fromkeys(range(4),
                      af.GreedyBot()), seed=seed)
        match.advance()
        return match.state.history

    assert run(3) == run(3) != run(4)


def test_sampling_follows_the_exact_probabilities():
    state = af.new_game(players=2, seed=0)
    state.apply_action("flip D")
    rng = random.Random(0)
    draws = [state.sample_chance(rng) for _ in range(6000)]
    for action, probability in state.chance_outcomes():
        share = Fraction(draws.count(action), len(draws))
        assert abs(share - probability) < Fraction(3, 100)


def test_random_picks_are_those_of_the_public_random_api():
    """RandomBot and sample_chance draw with rng._randbelow (a third of the cost): the very
    picks rng.choice and rng.randrange make, so every seed plays the same game as before."""
    state = af.new_game(players=3, seed=5)
    state.apply_action("flip D")
    outcomes, weights = zip(*state.chance_weights())
    total = sum(weights)
    ours, theirs = random.Random(9), random.Random(9)
    for _ in range(500):
        pick = theirs.randrange(total)
        expected = next(o for o, w, below in zip(outcomes, weights,
                                                 itertools.accumulate(weights))
                        if pick < below and w)
        assert state.sample_chance(ours) == expected
    player = af.new_game(players=2, seed=1)
    legal = player.legal_tuple()
    assert [RandomBot().choose(player, ours) for _ in range(300)] == [
        theirs.choice(legal) for _ in range(300)]


def test_random_bot_refuses_a_finished_game_as_rng_choice_does():
    state, rng = af.new_game(players=2, seed=3), random.Random(3)
    while not state.is_terminal():
        state.apply_action(state.sample_chance(rng) if state.is_chance_node()
                           else RandomBot().choose(state, rng))
    with pytest.raises(IndexError, match="no legal action"):
        RandomBot().choose(state, rng)


WRITE_START_LATER = {"ambar_fossils", "amber_route", "amphipolis"}
"""The games whose seeded set-up leaves the start's snapshot for later: Ambar (2018) copies one
template, its start included, and Pig's start is four fields."""


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_start_left_for_later_is_written_as_the_game_began_even_after_pickle(name):
    """A seeded set-up leaves its start's snapshot for later (``start_later``): the snapshot
    written then is the position the game began from, on the state, its clone and a pickled
    copy (the save of each loads back to the same game)."""
    module = GAMES[name].module
    state, rng = module.new_game(players=2, seed=7), random.Random(7)
    began = module.from_snapshot(state.snapshot()) if not state.history else None
    for _ in range(25):
        if state.is_terminal():
            break
        state.apply_action(state.sample_chance(rng) if state.is_chance_node()
                           else RandomBot().choose(state, rng))
    copies = [state.clone(), pickle.loads(pickle.dumps(state))]
    if name in WRITE_START_LATER:
        assert not isinstance(vars(state)["_start"], dict)  # not written at set-up
    for copy in [*copies, state]:
        assert saves.load(copy.to_json()) == state
        assert copy.start_snapshot() == state.start_snapshot()
    if began is not None:  # no chance node at set-up: the start is the new game's position
        assert state.start_snapshot() == began.snapshot()


# ----- events in two languages ----------------------------------------------------------------
@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_event_has_a_sentence_in_every_language(name):
    module = GAMES[name].module
    for lang in LANGUAGES:
        assert set(module.MESSAGES[lang]) == set(module.MESSAGES["en"]), lang


def test_events_read_as_sentences_in_english_and_japanese():
    state = af.new_game(players=2, seed=1)
    event = state.apply_action("flip D")[0]
    assert str(event) == "Player 1 turns over a face-down Dinosaur fossil from the Excavation."
    assert event.sentence("ja") == "プレイヤー1は発掘現場から裏向きの恐竜化石を1つ表向きにします。"
    assert event.sentence("en", ["Emily", "Olivia"]).startswith("Emily turns over")
    assert event.to_dict() == {"kind": "flip", "player": 0, "type": "D"}


def test_a_whole_game_narrates_in_both_languages():
    match = Match(af.new_game(players=3, seed=2), bots=dict.fromkeys(range(3), af.GreedyBot()),
                  seed=2)
    match.advance()
    for event in match.log:
        assert event.sentence("en") and event.sentence("ja")
        assert "{" not in event.sentence("en") + event.sentence("ja")


# ----- results --------------------------------------------------------------------------------
def test_ranking_groups_ties_and_explains_the_deciding_number():
    result = rank_players([(3, 1), (3, 2), (1, 5), (3, 2)], ["{n} point{s}", "{n} bonus"],
                          ["A", "B", "C", "D"])
    assert result.winners == (1, 3) and result.ranking == ((1, 3), (0,), (2,))
    assert [result.place_of(p) for p in range(4)] == [3, 1, 4, 1]
    text = result.explanation
    assert "B and D tie on everything (3 points, 2 bonus) and share the victory." in text
    assert "A comes 3rd with 3 points against 1 for C." in text
    assert result.explain("ja")


def test_result_before_the_end_is_refused():
    with pytest.raises(IllegalAction):
        af.new_game(players=2, seed=1).result()


# ----- actions ---------------------------------------------------------------------------------
def test_actions_are_short_unique_hashable_strings_with_parts():
    state = af.new_game(players=2, seed=1)
    space = state.action_space()
    assert len({str(a) for a in space}) == len(space)
    assert all(isinstance(a, Action) and hash(a) == hash(str(a)) for a in space)
    place = state.parse_action("place 10")
    assert place.kind == "place" and place.args == (9,)
    assert Event("ambar_fossils", "pass", 0) == Event("ambar_fossils", "pass", 0)


def test_the_chance_player_cannot_make_a_players_move():
    state = af.new_game(players=2, seed=1)
    with pytest.raises(IllegalAction) as caught:
        state.apply_action("flip D", player=CHANCE)
    assert caught.value.kind == "not_your_turn"


# ----- the command line -------------------------------------------------------------------------
def test_cli_narrates_a_whole_game_and_the_ranking(capsys):
    assert main(["play", "ambar_fossils", "--players", "3", "--seed", "7", "--bots",
                 "greedy,random,greedy"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[0] == "Âmbar: 3 players, seed 7."
    assert "Player 1 turns over a face-down" in out and "Final ranking:" in out
    assert lines[-1].startswith("Player") and ("wins" in lines[-1] or "share" in lines[-1])


def test_cli_is_repeatable_and_speaks_japanese(capsys):
    main(["play", "ambar_fossils", "--players", "2", "--seed", "3"])
    first = capsys.readouterr().out
    main(["play", "ambar_fossils", "--players", "2", "--seed", "3"])
    assert capsys.readouterr().out == first
    main(["play", "ambar_fossils", "--players", "2", "--seed", "3", "--lang", "ja"])
    assert "最終順位" in capsys.readouterr().out


def test_cli_refuses_a_wrong_player_count(capsys):
    assert main(["play", "ambar_fossils", "--players", "5"]) == 2
    assert "2 to 4 players" in capsys.readouterr().err


def test_cli_lets_a_person_play_at_the_prompt():
    from boardlib.cli import play_game

    args = type("Args", (), {"game": "ambar_fossils", "players": 2, "seed": 1, "bots":
                             "human,random", "lang": "en", "game_version": None})()
    moves = io.StringIO("flip Q\nflip D\nreturn\n")  # a typo first, then two moves, then EOF
    out = io.StringIO()
    assert play_game(args, moves, out) == 1  # stopped when the input ended
    text = out.getvalue()
    assert "Not allowed: 'flip Q' is not a move in this game" in text
    assert "Player 1 returns" in text


def test_the_fast_event_factory_makes_what_the_class_makes():
    from boardlib.protocol import new_event

    made = new_event("ambar_fossils", "flip", 0, {"type": "D"})
    called = Event("ambar_fossils", "flip", 0, type="D")
    assert type(made) is Event and made == called and repr(made) == repr(called)
    assert made.sentence("ja") == called.sentence("ja") and made.to_dict() == called.to_dict()
    assert not made.hidden_from(1) and made.seen_by is None
    secret = new_event("amber_route", "draw_light", 0, {"card": "F2"}, seen_by=[0],
                       secret=["card"])
    from boardlib import SecretEvent

    assert secret == SecretEvent("amber_route", "draw_light", 0, seen_by=[0], secret=["card"],
                                 card="F2")
    assert type(secret) is SecretEvent and secret.hidden_from(1)


def test_a_secret_event_keeps_its_secret_fields_from_other_seats():
    from boardlib import SecretEvent

    drawn = SecretEvent("amber_route", "draw_light", 0, seen_by=[0], secret=["card"], card="F2",
                        left=30)
    assert not drawn.hidden_from(0) and not drawn.hidden_from(None)  # the owner; an onlooker
    assert drawn.hidden_from(1)
    assert drawn.to_dict(0) == {"kind": "draw_light", "player": 0, "card": "F2", "left": 30}
    assert drawn.to_dict(1) == {"kind": "draw_light", "player": 0, "left": 30}
    assert drawn != Event("amber_route", "draw_light", 0, card="F2", left=30)
    assert not Event("amber_route", "pass", 0).hidden_from(1)


def test_narration_is_for_the_one_person_or_for_nobody_at_a_shared_screen():
    from boardlib.cli import narration_viewer
    from boardlib.match import SHARED_SCREEN

    bot = object()
    assert narration_viewer([bot, bot]) is None  # only bots: tell an onlooker everything
    assert narration_viewer([bot, None]) == 1
    assert narration_viewer([None, None]) == SHARED_SCREEN


def test_python_dash_m_boardlib_runs():
    done = subprocess.run([sys.executable, "-m", "boardlib", "list"], capture_output=True,
                          text=True, check=True)
    assert "ambar_fossils" in done.stdout and "Âmbar" in done.stdout


def test_a_match_says_why_it_cannot_undo():
    """Issue #33.7: Undo turned grey after a reveal with no word why."""
    from boardlib import Match, ambar_fossils

    match = Match(ambar_fossils.new_game(2, seed=3), seed=3)
    match.advance()
    assert match.why_no_undo() == "nothing"  # no move of a person yet
    flip = next(a for a in match.state.legal_actions() if a.kind == "flip")
    match.play(flip)
    assert match.why_no_undo() is None and match.can_undo()
    match.advance()  # the fossil is revealed: chance
    assert match.why_no_undo() == "chance" and not match.undo()


@pytest.mark.parametrize("version", [0, 3, True, "2", None])
def test_a_save_of_a_version_this_boardlib_does_not_read_is_refused_by_number(version):
    from boardlib import saves
    data = json.loads(GAMES["pig"].new_game(seed=1).to_json())
    assert data["version"] == saves.VERSION == 2
    data["version"] = version
    with pytest.raises(ValueError, match=r"reads versions 1, 2\."):
        saves.load(json.dumps(data))


def test_why_illegal_tells_the_reason_and_its_rule_in_each_language():
    """The Japanese lessons print a refusal in Japanese, with the same rule (#30)."""
    from boardlib import ambar_fossils

    state = ambar_fossils.new_game(players=3, seed=7)
    english = state.why_illegal("place 3")
    assert english == ("First choose a fossil from the Excavation: you are not holding one. "
                       "(AF-4.2)")
    assert state.why_illegal("place 3", lang="ja") == (
        "まず発掘現場から化石を選んでください。まだ何も選んでいません。（AF-4.2）")
    assert state.why_illegal("flip D", lang="ja") is None
