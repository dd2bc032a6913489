"""The generic conformance suite over every game in ``boardlib.GAMES``.

At least 1,000 seeded games per game (200 in ``scripts/test.sh --fast``), spread over its
player counts, every step checked; a sample of games is also checked in depth at every 25th step.
"""

from __future__ import annotations

import json
import os
import random
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from boardlib import CHANCE, GAMES, TERMINAL, IllegalAction
from tests.conformance import JUNK, Checker, is_distribution, play_random_game

GAMES_PER_MODULE = int(os.environ.get("BOARDLIB_CONFORMANCE_GAMES", "1002"))
"""1,002 in a full run; ``scripts/test.sh --fast`` asks for 200 (a developer's quick check)."""
DEEP_GAMES = 12  # also checked in depth every 25th step: round trips, every illegal action
VALIDATED_GAMES = 100  # also fully validated (state.validate()) at every step

CASES = [
    (name, variant, players)
    for name, game in GAMES.items()
    for variant in (game.variants or [None])
    for players in game.player_counts
]


def _seeds(name: str, players: int) -> range:
    per_count = -(-GAMES_PER_MODULE // len(GAMES[name].player_counts))
    return range(per_count)


@pytest.mark.parametrize(("name", "variant", "players"), CASES)
def test_random_games_keep_every_invariant(name, variant, players):
    game = GAMES[name]
    deep = Checker(game, deep_every=25)
    validated = Checker(game, deep_every=10**9)
    light = Checker(game, deep_every=10**9, validate=False)
    endings = set()
    for seed in _seeds(name, players):
        checks = deep if seed < DEEP_GAMES else validated if seed < VALIDATED_GAMES else light
        state = play_random_game(game, players, seed, checks, variant)
        assert state.is_terminal()
        result = state.result()
        assert sorted(p for group in result.ranking for p in group) == list(range(players))
        assert result.winners in (result.ranking[0], ())  # () when nobody wins (a lost solo game)
        assert result.explanation
        endings.add(getattr(state, "ended", None))
    assert endings  # games did end


@pytest.mark.parametrize("name", sorted(GAMES))
def test_same_seed_same_game(name):
    game = GAMES[name]
    players = game.player_counts[-1]
    checks = Checker(game, deep_every=10**9)
    first = play_random_game(game, players, 99, checks)
    again = play_random_game(game, players, 99, checks)
    other = play_random_game(game, players, 100, checks)
    assert first.history == again.history and first.to_json() == again.to_json()
    assert other.history != first.history


@pytest.mark.parametrize("name", sorted(GAMES))
def test_wrong_player_counts_are_refused(name):
    game = GAMES[name]
    for players in (-1, 0, max(game.player_counts) + 1, 2.0, "2", None, True):
        if players in game.player_counts and type(players) is int:
            continue
        with pytest.raises(ValueError):
            game.module.new_game(players=players, seed=1)


@st.composite
def reached_states(draw, name):
    """A state reached by a Hypothesis-chosen sequence of legal actions."""
    game = GAMES[name]
    players = draw(st.sampled_from(game.player_counts))
    state = game.new_game(players=players, seed=draw(st.integers(0, 2**32)))
    for _ in range(draw(st.integers(0, 120))):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        state.apply_action(legal[draw(st.integers(0, len(legal) - 1))])
    return state


@pytest.mark.parametrize("name", sorted(GAMES))
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_property_any_reached_state_is_consistent(name, data):
    state = data.draw(reached_states(name))
    Checker(GAMES[name]).deep(state)
    if hasattr(state, "describe"):  # the short description is exact, too
        again = GAMES[name].from_description(state.describe())
        assert again.snapshot() == state.snapshot()


@pytest.mark.parametrize("name", sorted(GAMES))
@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_property_arbitrary_input_only_raises_illegal_action(name, data):
    game = GAMES[name]
    state = game.new_game(players=game.player_counts[0], seed=data.draw(st.integers(0, 99)))
    for _ in range(data.draw(st.integers(0, 30))):
        if state.is_terminal():
            break
        state.apply_action(random.Random(len(state.history)).choice(state.legal_actions()))
    saved = state.to_json()
    mover, legal_before = state.current_player(), state.legal_actions()
    thing = data.draw(
        st.one_of(
            st.text(max_size=30),
            st.sampled_from([str(a) for a in state.action_space()]),
            st.sampled_from(JUNK),
            st.integers(),
            st.none(),
            st.lists(st.text(max_size=5), max_size=3),
        )
    )
    player = data.draw(st.sampled_from([None, CHANCE, TERMINAL, 0, 1, 7, "me"]))
    try:
        state.apply_action(thing, player=player)
    except IllegalAction:
        assert state.to_json() == saved
        return
    # accepted: it must have been legal before it was applied, and by the player to move
    assert player in (None, mover), f"{thing!r} accepted from {player!r}; {mover} was to move"
    assert len(state.history) == len(json.loads(saved)["history"]) + 1
    applied = state.history[-1]
    assert applied in legal_before and applied == state.parse_action(thing), (thing, applied)


@pytest.mark.parametrize("name", sorted(GAMES))
@settings(max_examples=150, deadline=None)
@given(text=st.text(max_size=200))
def test_property_loading_garbage_is_a_value_error(name, text):
    game = GAMES[name]
    with pytest.raises(ValueError):
        game.from_json(text)


@given(st.lists(st.fractions(min_value=Fraction(-1, 3), max_value=Fraction(3, 2),
                             max_denominator=60), min_size=1, max_size=8))
def test_the_distribution_check_agrees_with_adding_fractions(odds: list[Fraction]) -> None:
    """The integer sum over a common denominator gives the same verdict as Fraction addition;
    a distribution whose last weight is fixed up to make the total 1 passes when positive."""
    assert is_distribution(odds) == (all(p > 0 for p in odds) and sum(odds) == 1)
    completed = [*odds, 1 - sum(odds)]
    assert is_distribution(completed) == all(p > 0 for p in completed)


def test_the_distribution_check_refuses_floats_zeros_and_nothing() -> None:
    assert is_distribution([Fraction(1, 3), Fraction(2, 3)])
    assert not is_distribution([0.5, 0.5])  # type: ignore[list-item]  # floats are refused
    assert not is_distribution([Fraction(1), Fraction(0)])
    assert not is_distribution([])
    assert not is_distribution([Fraction(1, 2), Fraction(1, 3)])
