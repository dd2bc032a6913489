"""Our lookahead bot against OpenSpiel's MCTS bot at an equal number of simulations per move.

Both play the same OpenSpiel game (boardlib.openspiel), seats swapped on every deal. OpenSpiel's
bot: ``MCTSBot`` with random rollouts (``RandomRolloutEvaluator``), UCT constant 2, no solver.
Ours: ``LookaheadBot`` with its rollouts by the game's rule-of-thumb bot (``--rollout
heuristic``, the default) or random moves (``--rollout random``, like OpenSpiel's). Note that
OpenSpiel's MCTS searches the real state, hidden cards included; ours resamples what its seat
cannot see. Prints numbers and the load; asserts nothing. Needs the openspiel extra.

    python benchmarks/bench_openspiel.py --deals 2 --simulations 20
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np
from open_spiel.python.algorithms import mcts

from boardlib import GAMES
from boardlib.games import TABLETOP_GAMES
from boardlib.openspiel import action_ids, load
from boardlib.search import LookaheadBot
from boardlib.tournament import deal_seed, wilson


def play(game: str, seed: int, ours_at: int, simulations: int,
         rollout: str) -> tuple[float, list[float], list[float]]:
    """One 2-player game: our win share, our and OpenSpiel's seconds per move."""
    spiel_game = load(game, players=2, seed=seed)
    ids = action_ids(game)
    ours = LookaheadBot(GAMES[game], budget=simulations, rollout=rollout)
    theirs = mcts.MCTSBot(spiel_game, uct_c=2.0, max_simulations=simulations,
                          evaluator=mcts.RandomRolloutEvaluator(
                              n_rollouts=1, random_state=np.random.RandomState(seed % 2**31)),
                          solve=False, random_state=np.random.RandomState(seed % 2**31 + 1))
    rng = random.Random(seed)
    state = spiel_game.new_initial_state()
    our_times: list[float] = []
    their_times: list[float] = []
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(outcomes, probs)[0])
            continue
        legal = state.legal_actions()
        if len(legal) == 1:
            state.apply_action(legal[0])
            continue
        start = time.perf_counter()
        if state.current_player() == ours_at:
            action = ids[str(ours.choose(state.rules, rng))]
            our_times.append(time.perf_counter() - start)
        else:
            action = theirs.step(state)
            their_times.append(time.perf_counter() - start)
        state.apply_action(action)
    winners = state.rules.result().winners
    share = 1 / len(winners) if ours_at in winners else 0.0
    return share, our_times, their_times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("games_to_run", nargs="*", default=list(TABLETOP_GAMES), metavar="game")
    parser.add_argument("--deals", type=int, default=2, help="deals per game, each played twice")
    parser.add_argument("--simulations", type=int, default=20)
    parser.add_argument("--rollout", choices=("heuristic", "random"), default="heuristic")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    one, five, _ = os.getloadavg()
    print(f"{args.simulations} simulations per move for both; our rollouts: {args.rollout}; "
          f"load {one:.2f} {five:.2f} on {os.cpu_count()} cores")
    print(f"{'game':16} {'games':>5} {'ours':>6} {'95% interval':16} {'our s/move':>10} "
          f"{'their s/move':>12}")
    for game in args.games_to_run:
        wins, n = 0.0, 0
        ours: list[float] = []
        theirs: list[float] = []
        for deal in range(args.deals):
            seed = deal_seed(args.seed, deal * 2, 2) % 2**31  # OpenSpiel's int is 32-bit
            for seat in (0, 1):
                share, mine, other = play(game, seed, seat, args.simulations, args.rollout)
                wins, n = wins + share, n + 1
                ours += mine
                theirs += other
                print(f"\r  {game}: {n}/{2 * args.deals}", end="", file=sys.stderr, flush=True)
        print(file=sys.stderr)
        low, high = wilson(wins, n)
        one, five, _ = os.getloadavg()
        print(f"{game:16} {n:5} {wins / n:6.1%} [{low:5.1%}, {high:5.1%}] "
              f"{statistics.median(ours):10.3f} {statistics.median(theirs):12.3f}"
              f"  [load {one:.2f}]", flush=True)


if __name__ == "__main__":
    main()
