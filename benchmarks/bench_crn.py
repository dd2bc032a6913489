"""Do common random numbers help the lookahead bot compare moves? Prints numbers; asserts nothing.

The bot plays the k-th simulation through every root move in the same k-th world
(boardlib/search.py). That narrows the error of the *difference* between two moves when their
rewards are positively correlated, and widens it when they are negatively correlated (as could
happen in a push-your-luck game, where the card I would draw by going on is the card my
opponent draws if I stop). This measures which, per game: decisions from games between the
rule-of-thumb bots, every move of each played out in the same ``--worlds`` worlds, and for each
pair of moves the correlation of their rewards and the variance of the difference of their
means with shared worlds, as a share of the variance with independent ones.

    python benchmarks/bench_crn.py --worlds 30 --decisions 40
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from boardlib import GAMES
from boardlib.games import TABLETOP_GAMES
from boardlib.protocol import Action, GameState
from boardlib.search import rollout

SAMPLED = 0.05  # the share of decisions (with 2–6 moves) measured: spread over whole games


def rewards_in_shared_worlds(game: str, state: GameState, worlds: int,
                             rng: random.Random) -> dict[Action, list[float]]:
    """Each legal move's reward for the seat to move, in each of ``worlds`` shared worlds."""
    info = GAMES[game]
    policy = info.make_bot(info.rule_bots[-1])
    seat = state.current_player()
    streams = [rng.getrandbits(64) for _ in range(worlds)]
    table = {}
    for action in state.legal_actions():
        row = []
        for stream in streams:
            world = random.Random(stream)
            sim = info.resample(state, seat, world)
            sim.apply_action(action)
            row.append(rollout(sim, policy, world)[seat])
        table[action] = row
    return table


def variance_share(x: list[float], y: list[float]) -> float:
    """Var(mean x − mean y) with shared worlds over the same with independent worlds."""
    sx, sy = statistics.pstdev(x), statistics.pstdev(y)
    return 1 - 2 * statistics.correlation(x, y) * sx * sy / (sx * sx + sy * sy)


def measure(game: str, worlds: int, decisions: int, seed: int) -> str:
    info = GAMES[game]
    rng = random.Random(seed)
    correlations: list[float] = []
    shares: list[float] = []
    measured = 0
    for deal in range(10_000):
        state = info.new_game(players=2, seed=seed + deal)
        bot = info.make_bot(info.rule_bots[-1])
        while not state.is_terminal() and measured < decisions:
            if state.is_chance_node():
                state.apply_action(state.sample_chance(rng))
                continue
            if 2 <= len(state.legal_actions()) <= 6 and rng.random() < SAMPLED:
                table = list(rewards_in_shared_worlds(game, state, worlds, rng).values())
                measured += 1
                for i, x in enumerate(table):
                    for y in table[i + 1:]:
                        if statistics.pstdev(x) > 0 and statistics.pstdev(y) > 0:
                            correlations.append(statistics.correlation(x, y))
                            shares.append(variance_share(x, y))
            state.apply_action(bot.choose(state, rng))
        if measured >= decisions:
            break
    negative = sum(c < 0 for c in correlations) / len(correlations)
    return (f"{game:14} {measured:4} {len(correlations):6} {statistics.mean(correlations):+9.3f} "
            f"{statistics.median(correlations):+7.3f} {negative:9.0%} "
            f"{statistics.mean(shares):12.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("games", nargs="*", default=list(TABLETOP_GAMES))
    parser.add_argument("--worlds", type=int, default=30)
    parser.add_argument("--decisions", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1000)
    args = parser.parse_args()
    print(f"{args.worlds} shared worlds per move; pairs where both moves' rewards vary")
    print(f"{'game':14} {'dec.':>4} {'pairs':>6} {'mean corr':>9} {'median':>7} "
          f"{'negative':>9} {'Var shared/indep.':>12}")
    for game in args.games:
        print(measure(game, args.worlds, args.decisions, args.seed), flush=True)


if __name__ == "__main__":
    main()
