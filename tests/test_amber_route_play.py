"""Amber Route played whole: narration (English and Japanese), the command line, the bot,
and exact probabilities computed from the engine's chance nodes."""

from __future__ import annotations

import io
import random
from fractions import Fraction
from itertools import product

import pytest

from boardlib import GAMES, IllegalAction, Match
from boardlib.amber_route import CarefulBot, new_game
from boardlib.amber_route.messages import MESSAGES
from boardlib.bots import RandomBot
from boardlib.cli import main
from tests.helpers import described

position = described("amber_route")


def exact_success(state, policy) -> Fraction:
    """P(the challenge is overcome), summing over every chance outcome exactly."""
    if state.is_chance_node():
        total = Fraction(0)
        for outcome, p in state.chance_outcomes():
            child = state.clone()
            events = child.apply_action(outcome)
            if any(e.kind in ("overcome", "failed") for e in events):
                total += p * any(e.kind == "overcome" for e in events)
            else:
                total += p * exact_success(child, policy)
        return total
    child = state.clone()
    events = child.apply_action(policy(child))
    if any(e.kind in ("overcome", "failed") for e in events):
        return Fraction(any(e.kind == "overcome" for e in events))
    return exact_success(child, policy)


def done(state):
    return "done"


@pytest.mark.rule("AR-9.1", "AR-1.6")
def test_exact_ghost_odds_match_counting():
    # Advanced level I ghost: 7 needed, one A1 card: 2 dice, no guards or amber to help.
    state = position("""
        player 1: field 3, guards 0, amber 0, hand A1
        player 2: field 0
        facing: D47
    """)
    state.apply_action("play A1")
    state.apply_action("go")
    expected = Fraction(sum(1 for a, b in product(range(1, 7), repeat=2) if a + b >= 7), 36)
    assert exact_success(state, done) == expected == Fraction(7, 12)


@pytest.mark.rule("AR-10.1", "AR-11.3")
def test_exact_trap_odds_with_a_kept_reroll():
    # A level I trap (D25, forest, on wasteland field 4): two dice must match; a kept
    # "reroll 1 die" card rerolls the second die when they differ.
    state = position("""
        player 1: field 4, guards 0, amber 0, kept D39
        player 2: field 0
        facing: D25
    """)
    state.apply_action("go")

    def reroll_once(s):
        return "reroll 2" if "reroll 2" in s.legal_actions() and s.dice[0] != s.dice[1] else "done"

    # 1/6 at once, else 1/6 on the reroll: 1/6 + 5/6 · 1/6 = 11/36
    assert exact_success(state, reroll_once) == Fraction(11, 36)


def round_outcomes(state, policy):
    """One monster-fight round, exactly: {"win": p, "lose": p, (hp, guards): p}."""
    out: dict = {}

    def walk(s, p):
        if s.is_chance_node():
            for outcome, q in s.chance_outcomes():
                child = s.clone()
                step(child, child.apply_action(outcome), p * q)
        else:
            child = s.clone()
            step(child, child.apply_action(policy(child)), p)

    def step(s, events, p):
        kinds = {e.kind for e in events}
        key = ("win" if "overcome" in kinds else "lose" if "failed" in kinds
               else (s.hp, s.guards[0]) if "monster_hits" in kinds else None)
        if key is None:
            walk(s, p)
        else:
            out[key] = out.get(key, 0) + p

    walk(state, Fraction(1))
    return out


def win_chance(state, policy) -> Fraction:
    """Solve the fight as a Markov chain on (hit points, guards); a round may repeat a state."""
    memo: dict = {}

    def w(s):
        key = (s.hp, s.guards[0])
        if key not in memo:
            rounds = round_outcomes(s, policy)
            stay = rounds.pop(key, Fraction(0))
            total = rounds.pop("win", Fraction(0))
            rounds.pop("lose", None)
            for (hp, guards), p in rounds.items():
                child = s.clone()  # the same fight with fewer hit points or guards
                child.hp, child.guards[0] = hp, guards
                total += p * w(child)
            memo[key] = total / (1 - stay)
        return memo[key]

    return w(state)


@pytest.mark.rule("AR-8.4")
def test_exact_monster_fight_is_a_markov_chain():
    # Family level I monster (2 hit points, 1 die, damage on 5-6) against 1 die and 1 guard.
    state = position("""
        version: family
        player 1: field 10, guards 1, amber 0
        player 2: field 0
        facing: D00
    """)
    state.apply_action("go")
    # Solved by hand: each round the player hits with 1/2, then a living monster hits with
    # 1/3 (and one hit ends the fight). w(1) = 1/2 + 1/2 · 2/3 · w(1) = 3/4;
    # w(2) = 1/2 · 2/3 · w(1) + 1/2 · 2/3 · w(2), so w(2) = 3/8.
    assert win_chance(state, done) == Fraction(3, 8)


@pytest.mark.rule("AR-12.6")
def test_no_die_changes_in_an_advanced_duel():
    state = position("""
        player 1: field 2, guards 3, amber 1, hand F3 A1
        player 2: field 2, guards 4
        facing: D47
    """)
    for action in ("play F3", "play A1", "go", *["die 6"] * 5, "done", "reward guard", "card M1",
                   "attack 2", "ready", "ready", "die 2"):
        state.apply_action(action)
    assert state.is_chance_node()
    state.apply_action("die 3")
    assert state.is_terminal() or state.queue[0].kind != "modify"
    with pytest.raises(IllegalAction):
        state.apply_action("up 1")


def test_every_event_has_english_and_japanese_sentences():
    assert set(MESSAGES["en"]) == set(MESSAGES["ja"])
    seen = set()
    for seed in range(30):
        for version in ("advanced", "family"):
            state = new_game(players=3, seed=seed, version=version)
            match = Match(state, bots={s: CarefulBot() for s in range(3)}, seed=seed)
            for event in match.advance():
                seen.add(event.kind)
                assert event.sentence("en") and "{" not in event.sentence("en")
                assert event.sentence("ja") and "{" not in event.sentence("ja")
    assert len(seen) > 30


def test_careful_bot_beats_random_play():
    wins = 0
    for seed in range(20):
        state = new_game(players=2, seed=seed, version="advanced")
        rng = random.Random(seed)
        bots = [CarefulBot(), RandomBot()]
        while not state.is_terminal():
            p = state.current_player()
            state.apply_action(state.sample_chance(rng) if p < 0 else bots[p].choose(state, rng))
        wins += state.result().winners == (0,)
    assert wins >= 15


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_narrated_game_on_the_command_line(lang, capsys):
    assert main(["play", "amber_route", "--version", "family", "--seed", "3", "--players", "3",
                 "--bots", "careful", "--lang", lang]) == 0
    out = capsys.readouterr().out
    assert ("Amber Route (Family version): 3 players, seed 3." if lang == "en"
            else "アンバールート（ファミリー版）：3人、シード3。") in out
    assert ("wins" in out or "share" in out) if lang == "en" else "勝" in out


def test_a_person_plays_through_the_command_line():
    from argparse import Namespace

    from boardlib.cli import play_game

    moves = io.StringIO("nonsense\n" + "move 1\n" * 400)
    out = io.StringIO()
    args = Namespace(game="amber_route", players=2, seed=1, bots="human,careful", lang="en",
                     game_version="family")
    play_game(args, moves, out)
    text = out.getvalue()
    assert "Not allowed" in text and "(Family version)" in text
    assert "light cards " in text  # its own observation, in words
    assert "Player 1 (you): " in text and "PLACEHOLDERS" in text.split("your move")[0]


def test_wrong_version_is_refused():
    with pytest.raises(ValueError, match="advanced"):
        new_game(players=2, seed=1, version="expert")
    assert GAMES["amber_route"].variants == {"advanced": {"version": "advanced"},
                                             "family": {"version": "family"}}


def test_refusals_are_told_in_japanese():
    state = new_game(players=2, seed=1)
    problem = state.check_action("discard M2")
    assert problem is not None and problem.explain("en") == problem.reason
    told = problem.explain("ja")
    assert told and told != problem.reason and "{" not in told
