"""boardlib.openspiel: every game passes OpenSpiel's own random-simulation checks, and
OpenSpiel's MCTS bot plays full games of all four. Skipped without the openspiel extra."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

pyspiel = pytest.importorskip(
    "pyspiel", reason="OpenSpiel is not installed: pip install 'tabletop-classroom[openspiel]'")
np = pytest.importorskip("numpy")
mcts = pytest.importorskip("open_spiel.python.algorithms.mcts")

from boardlib import GAMES  # noqa: E402
from boardlib.games import TABLETOP_GAMES  # noqa: E402
from boardlib.openspiel import PREFIX, action_ids, action_names, load  # noqa: E402

RUNS = [(game, variant) for game, info in GAMES.items() for variant in (info.variants or [None])]
"""Every game of ``GAMES`` in each of its variants (None: a game without variants)."""


def test_importing_boardlib_does_not_import_pyspiel():
    loaded = subprocess.run([sys.executable, "-c", "import sys, boardlib, boardlib.search, "
                             "boardlib.tournament; print('pyspiel' in sys.modules)"],
                            capture_output=True, text=True, check=True).stdout.strip()
    assert loaded == "False"


@pytest.mark.parametrize("game", list(GAMES))
def test_action_ids_are_the_sorted_action_space(game):
    names = action_names(game)
    assert list(names) == sorted(names) and len(set(names)) == len(names)
    assert all(action_ids(game)[name] == i for i, name in enumerate(names))
    assert (PREFIX + game) in pyspiel.registered_names()


@pytest.mark.parametrize(("game", "variant"), RUNS)
def test_openspiels_random_simulation_checks_pass(game, variant):
    for players in sorted({2, max(GAMES[game].player_counts)}):
        pyspiel.random_sim_test(load(game, players=players, seed=3, variant=variant),
                                num_sims=1, serialize=False, verbose=False)


@pytest.mark.parametrize("game", list(GAMES))
def test_the_wrapped_game_follows_the_rules(game):
    """Ids, chance probabilities, returns and observations agree with boardlib itself."""
    spiel = load(game, seed=5).new_initial_state()
    rng = random.Random(5)
    names = action_names(game)
    while not spiel.is_terminal():
        rules = spiel.rules
        if spiel.is_chance_node():
            exact = {str(a): float(p) for a, p in rules.chance_outcomes()}
            assert {names[i]: p for i, p in spiel.chance_outcomes()} == exact
            ids, probs = zip(*spiel.chance_outcomes())
            spiel.apply_action(rng.choices(ids, probs)[0])
        else:
            player = spiel.current_player()
            assert [names[i] for i in spiel.legal_actions()] == sorted(map(str,
                                                                           rules.legal_actions()))
            assert spiel.observation_string(player) == spiel.observation_string(player)
            spiel.apply_action(rng.choice(spiel.legal_actions()))
    returns = spiel.returns()
    assert sum(returns) == pytest.approx(0) and max(returns) <= 1
    winners = spiel.rules.result().winners
    assert all(returns[w] == max(returns) for w in winners)


@pytest.mark.parametrize("game", GAMES)
def test_hidden_cards_stay_out_of_other_seats_observation_strings(game):
    info = GAMES[game]
    spiel = load(game, seed=2).new_initial_state()
    assert spiel.observation_string(0) == spiel.observation_string(0)
    if info.hidden_information:
        assert spiel.observation_string(0) != spiel.observation_string(1)


def test_a_bad_player_count_or_variant_is_refused():
    with pytest.raises(Exception, match="for 2"):
        load("pig", players=3)
    with pytest.raises(Exception, match="no variant"):
        load("amber_route", variant="deluxe")


@pytest.mark.parametrize("game", TABLETOP_GAMES)
def test_openspiels_mcts_bot_plays_a_full_game(game):
    spiel_game = load(game, seed=11)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(1))
    bot = mcts.MCTSBot(spiel_game, uct_c=2.0, max_simulations=2, evaluator=evaluator,
                       solve=False, random_state=np.random.RandomState(2))
    state = spiel_game.new_initial_state()
    rng = np.random.RandomState(3)
    moves = 0
    while not state.is_terminal():
        if state.is_chance_node():
            ids, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(ids, p=probs)))
        elif state.current_player() == 0:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
            moves += 1
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert moves > 5 and len(state.returns()) == 2 and state.rules.is_terminal()
