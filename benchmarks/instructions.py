"""Instructions per game, for valgrind's cachegrind: play ``games`` seeded random games.

Run it twice under cachegrind, with ``--games 0`` (start-up: Python, imports, set-up
tables) and with ``--games 20``; the difference over 20 is the instructions per game,
a figure that, unlike time, does not drift on a shared machine::

    valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null \\
        python benchmarks/instructions.py amber_route --games 20 --variant family

It uses only what every version of boardlib has (the game module's ``new_game`` and
``boardlib.bots.RandomBot``), so the same script measures an old commit too.
"""

from __future__ import annotations

import argparse
import importlib
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from boardlib.bots import RandomBot
from boardlib.protocol import CHANCE, TERMINAL


def play(game: str, games: int, players: int, options: dict[str, str]) -> int:
    """Play the games; the number of actions taken (printed, to check runs agree)."""
    module = importlib.import_module(f"boardlib.{game}")
    bot = RandomBot()
    actions = 0
    for seed in range(games):
        rng = random.Random(seed)
        state = module.new_game(players=players, seed=seed, **options)
        while True:
            player = state.current_player()
            if player == TERMINAL:
                break
            state.apply_action(state.sample_chance(rng) if player == CHANCE
                               else bot.choose(state, rng))
            actions += 1
    return actions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("game")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--variant", default=None, help="Amber Route: advanced or family")
    args = parser.parse_args()
    options = {"version": args.variant} if args.variant else {}
    importlib.import_module(f"boardlib.{args.game}")  # start-up is the same with 0 games
    print(f"{args.game}: {args.games} games, {play(args.game, args.games, args.players, options)}"
          " actions")


if __name__ == "__main__":
    main()
